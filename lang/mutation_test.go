package lang

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMutatedRulesFiles damages every bundled rules file in many ways
// (truncation every few bytes, a token deleted or doubled, a keyword
// misspelt, two lines swapped) and checks that each result is either
// accepted or rejected with positioned diagnostics, never a panic.
func TestMutatedRulesFiles(t *testing.T) {
	files, _ := filepath.Glob("../games/*.rules")
	mods, _ := filepath.Glob("../stdlib/*.rules")
	files = append(files, mods...)
	if testing.Short() {
		files = files[:2]
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var accepted, rejected int
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		// Mutants are written beside the original so that extends: still
		// finds its base.
		path := filepath.Join(filepath.Dir(f), "mutant.rules")
		try := func(what string, m []byte) {
			t.Helper()
			g, err := LoadSource(path, m, nil)
			if err == nil {
				if g == nil {
					t.Fatalf("%s %s: no game and no error", f, what)
				}
				accepted++
				return
			}
			rejected++
			var ds Diagnostics
			var oe *OptionError
			if errors.As(err, &oe) {
				return
			}
			if !errors.As(err, &ds) || len(ds) == 0 {
				t.Fatalf("%s %s: error without diagnostics: %v", f, what, err)
			}
			for _, d := range ds {
				if d.Pos.File == "" {
					t.Fatalf("%s %s: diagnostic without a file: %s", f, what, d)
				}
				if d.Pos.File == path && d.Pos.Line == 0 && !strings.Contains(d.Msg, "no board") &&
					!strings.Contains(d.Msg, "no players") && !strings.Contains(d.Msg, "empty rules file") {
					t.Fatalf("%s %s: diagnostic without a line: %s", f, what, d)
				}
			}
		}
		for n := 0; n < len(src); n += 7 {
			try("truncated", src[:n])
		}
		toks := tokenSpans(src)
		for i := 0; i < 60 && len(toks) > 0; i++ {
			sp := toks[rng.IntN(len(toks))]
			del := append(append([]byte{}, src[:sp[0]]...), src[sp[1]:]...)
			try("token deleted", del)
			dup := append(append(append([]byte{}, src[:sp[1]]...), src[sp[0]:sp[1]]...), src[sp[1]:]...)
			try("token doubled", dup)
			word := src[sp[0]:sp[1]]
			if len(word) > 2 {
				mis := append([]byte{}, src...)
				j := sp[0] + rng.IntN(len(word)-1)
				mis[j], mis[j+1] = mis[j+1], mis[j]
				try("misspelt", mis)
			}
		}
		lines := bytes.Split(src, []byte("\n"))
		for i := 0; i < 30 && len(lines) > 2; i++ {
			a, b := rng.IntN(len(lines)), rng.IntN(len(lines))
			sw := make([][]byte, len(lines))
			copy(sw, lines)
			sw[a], sw[b] = sw[b], sw[a]
			try("lines swapped", bytes.Join(sw, []byte("\n")))
		}
	}
	if rejected == 0 || accepted == 0 {
		t.Fatalf("mutations: %d accepted, %d rejected: the test is not exercising both", accepted, rejected)
	}
	t.Logf("mutants: %d accepted, %d rejected with diagnostics", accepted, rejected)
}

// tokenSpans returns the byte spans of words and symbols outside comments.
func tokenSpans(src []byte) [][2]int {
	var out [][2]int
	inComment := false
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '\n':
			inComment = false
			i++
		case inComment || c == ' ' || c == '\t':
			i++
		case c == '#':
			inComment = true
			i++
		case isWord(c):
			j := i
			for j < len(src) && isWord(src[j]) {
				j++
			}
			out = append(out, [2]int{i, j})
			i = j
		default:
			out = append(out, [2]int{i, i + 1})
			i++
		}
	}
	return out
}

func isWord(c byte) bool {
	return c == '_' || c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}
