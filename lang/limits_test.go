package lang

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const tinyGame = "board { shape: square(4x4) }\nplayers: a, b\npiece p {}\n"

// TestEndlessFiles: a rules file that never ends (/dev/zero, directly or
// through a symlink) is refused after MaxFileSize bytes; a base that is a
// device is refused without being read.
func TestEndlessFiles(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	dir := t.TempDir()
	link := filepath.Join(dir, "zero.rules")
	if err := os.Symlink("/dev/zero", link); err != nil {
		t.Fatal(err)
	}
	variant := filepath.Join(dir, "variant.rules")
	if err := os.WriteFile(variant, []byte("extends: \"zero.rules\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ file, want string }{
		{"/dev/zero", "file too large (more than 1048576 bytes)"},
		{link, "file too large (more than 1048576 bytes)"},
		{variant, `variant.rules:1:10: cannot read base "zero.rules": ` + link + ` is a device, not a rules file (a base must be a regular file)`},
	} {
		_, err := Load(c.file, nil)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Load(%s) = %v, want an error containing %q", c.file, err, c.want)
		}
	}
}

// TestLexBOM: a byte-order mark is a space token, and the texts of the
// tokens still add up to the file.
func TestLexBOM(t *testing.T) {
	src := "\uFEFF" + tinyGame
	var b strings.Builder
	toks := Lex("x.rules", []byte(src))
	for _, tk := range toks {
		b.WriteString(tk.Text)
	}
	if b.String() != src {
		t.Fatalf("tokens give %q, want %q", b.String(), src)
	}
	if toks[0].Kind != TokSpace || toks[1].Text != "board" || toks[1].Offset != 3 || toks[1].Pos.Col != 1 {
		t.Fatalf("first tokens %+v %+v", toks[0], toks[1])
	}
	if _, err := LoadSource("x.rules", []byte(src), nil); err != nil {
		t.Fatal(err)
	}
}

// TestNestingLimitIsExact: MaxNesting levels are accepted, one more is
// refused.
func TestNestingLimitIsExact(t *testing.T) {
	for _, c := range []struct {
		open, close string
	}{{"(", ")"}, {"not ", ""}, {"- ", ""}} {
		deep := func(n int) []byte {
			return []byte(tinyGame + "piece q { v: 1 }\nend { win: " + strings.Repeat(c.open, n) + "1" + strings.Repeat(c.close, n) + " == 1 }\n")
		}
		if _, err := LoadSource("x.rules", deep(MaxNesting-3), nil); err != nil && strings.Contains(err.Error(), "nesting") {
			t.Errorf("%q x %d refused: %v", c.open, MaxNesting-3, err)
		}
		_, err := LoadSource("x.rules", deep(MaxNesting+1), nil)
		if err == nil || !strings.Contains(err.Error(), "x.rules:5:") || !strings.Contains(err.Error(), "nesting deeper than 100 levels") {
			t.Errorf("%q x %d: %v", c.open, MaxNesting+1, err)
		}
	}
}

// TestChainWarning: a chain no piece bounds is legal, with a positioned
// warning; chains that must pass over pieces get none.
func TestChainWarning(t *testing.T) {
	src := tinyGame + "jump { length: 1; onto: any; chain: optional }\n"
	g, err := LoadSource("x.rules", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	want := `x.rules:4:30: warning: the chains of jump can grow without bound: no step needs a piece to pass over, so a chain may wander the board and their number explodes
 4 | jump { length: 1; onto: any; chain: optional }
   |                              ^^^^^
 hint: make every step pass over a piece (over: enemy), or write chain: none`
	if len(g.Warnings) != 1 || g.Warnings[0] != want {
		t.Errorf("warnings %q, want %q", g.Warnings, want)
	}
	for _, rule := range []string{
		"jump { over: enemy; chain: optional }",
		"jump { over: any; chain: none }",
		"jump { length: 1 }",
	} {
		g, err := LoadSource("x.rules", []byte(tinyGame+rule+"\n"), nil)
		if err != nil {
			t.Fatalf("%s: %v", rule, err)
		}
		if len(g.Warnings) != 0 {
			t.Errorf("%s: warnings %q", rule, g.Warnings)
		}
	}
	for _, f := range []string{"salta", "leapfrog", "draughts", "jumpwings", "capture", "froglet"} {
		g, err := Load("../games/"+f+".rules", nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(g.Warnings) != 0 {
			t.Errorf("%s: warnings %q", f, g.Warnings)
		}
	}
}

// TestUnicodeNames: names may hold any letters, also right after the
// letters of a keyword (the keywords are whole names).
func TestUnicodeNames(t *testing.T) {
	src := "board { shape: square(4x4) }\nplayers: orée, andré\npiece ifé {}\nend { win: not false and true }\n"
	g, err := LoadSource("x.rules", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	if g.Players[0].Name != "orée" || g.Players[1].Name != "andré" || g.Kinds[0].Name != "ifé" {
		t.Errorf("players %+v, kinds %+v", g.Players, g.Kinds)
	}
	kinds := map[string]TokenKind{}
	for _, tk := range Lex("x.rules", []byte(src)) {
		kinds[tk.Text] = tk.Kind
	}
	for text, want := range map[string]TokenKind{"orée": TokIdent, "andré": TokIdent, "ifé": TokIdent, "not": TokKeyword, "and": TokKeyword} {
		if kinds[text] != want {
			t.Errorf("%q lexed as %v, want %v", text, kinds[text], want)
		}
	}
}

// TestManyProblems: a file with thousands of mistakes shows the first
// MaxShownDiagnostics, then how many more there are.
func TestManyProblems(t *testing.T) {
	src := tinyGame + strings.Repeat("step { dirs: all }\n", 1002)
	_, err := LoadSource("x.rules", []byte(src), nil)
	ds, ok := err.(Diagnostics)
	if !ok || len(ds) != 1001 {
		t.Fatalf("%d diagnostics (%T), want 1001", len(ds), err)
	}
	msg := err.Error()
	if n := strings.Count(msg, ": step is given twice"); n != MaxShownDiagnostics {
		t.Errorf("%d shown, want %d", n, MaxShownDiagnostics)
	}
	if !strings.HasSuffix(msg, "\n(and 951 more problems; fix these first)") {
		t.Errorf("message ends %q", msg[max(0, len(msg)-80):])
	}
}
