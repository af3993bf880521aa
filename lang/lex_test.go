package lang

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The tokens of Lex add up to the source, whatever it holds, and carry
// their kinds and positions.
func TestLex(t *testing.T) {
	srcs := []string{"", "game: \"x\" # c\r\n\tboard { shape: square(8x8) }\n", "a: 40% + -b.c .. 3\n@ \x00 \xff \"open\n", "é: ü # ö"}
	files, _ := filepath.Glob(filepath.Join("..", "games", "*.rules"))
	for _, f := range files {
		b, _ := os.ReadFile(f)
		srcs = append(srcs, string(b))
	}
	for _, src := range srcs {
		var b strings.Builder
		for _, tok := range Lex("x.rules", []byte(src)) {
			if src[tok.Offset:tok.Offset+len(tok.Text)] != tok.Text {
				t.Fatalf("token %q at offset %d", tok.Text, tok.Offset)
			}
			b.WriteString(tok.Text)
		}
		if b.String() != src {
			t.Errorf("tokens add up to %q, not %q", b.String(), src)
		}
	}
	toks := Lex("x.rules", []byte("é: ü # ö\n  dirs: forward"))
	var got []string
	for _, tok := range toks {
		got = append(got, tok.Pos.String()+" "+tok.Text)
	}
	want := "x.rules:1:1 é|x.rules:1:2 :|x.rules:1:3  |x.rules:1:4 ü|x.rules:1:5  |x.rules:1:6 # ö|x.rules:1:9 \n|x.rules:2:1   |x.rules:2:3 dirs|x.rules:2:7 :|x.rules:2:8  |x.rules:2:9 forward"
	if strings.Join(got, "|") != want {
		t.Errorf("got  %s\nwant %s", strings.Join(got, "|"), want)
	}
}

// Parse reads a file without its bases; a syntax error is a diagnostic.
func TestParse(t *testing.T) {
	es, err := Parse("v.rules", []byte("extends: \"nosuch.rules\"\npiece x { points: 1 }\n"))
	if err != nil || len(es) != 2 || es[1].Labels[0].Name != "x" || es[1].Labels[0].Pos.String() != "v.rules:2:7" {
		t.Fatalf("got %v, %v", es, err)
	}
	_, err = Parse("v.rules", []byte("piece x {\n"))
	if !IsDiagnostics(err) || !strings.HasPrefix(err.Error(), "v.rules:2:1: syntax error: unexpected end of file") {
		t.Errorf("got %v", err)
	}
}
