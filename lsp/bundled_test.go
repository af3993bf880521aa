package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A variant of a bundled game by name (extends: "draughts", no file of
// that name beside it): hover and definition find the bundled game's
// names, and definition opens the copy the server writes for the editor.
func TestBundledBase(t *testing.T) {
	c := newClient(t)
	c.call("initialize", map[string]any{"processId": nil, "rootUri": c.uri(""), "capabilities": map[string]any{}})
	c.notify("initialized", map[string]any{})
	const variant = "extends: \"draughts\"\ngame: \"Mine\"\n\nstep man-step {\n  piece: own man\n}\n"
	c.open("variant.rules", variant)
	if d := c.diagnostics(); !strings.Contains(d, `"diagnostics": []`) {
		t.Fatalf("diagnostics of a good variant:\n%s", d)
	}
	games := filepath.Join(filepath.Dir(c.mods), "games")
	l, ch := position(t, variant, "man\n", 1)
	if h := c.call("textDocument/hover", c.at("variant.rules", l, ch)); !strings.Contains(h, "**piece kind** `man` (") || !strings.Contains(h, "draughts.rules:") {
		t.Errorf("hover on man:\n%s", h)
	}
	l, ch = position(t, variant, "draughts", 1)
	d := c.call("textDocument/definition", c.at("variant.rules", l, ch))
	if !strings.Contains(d, `"uri": "file://$DIR/cache/games/`) || !strings.Contains(d, `/draughts.rules"`) {
		t.Errorf("definition of the base (want the copy under $DIR/cache/games):\n%s", d)
	}
	if h := c.call("textDocument/hover", c.at("variant.rules", l, ch)); !strings.Contains(h, "the base of this variant") || !strings.Contains(h, "draughts.rules") {
		t.Errorf("hover on the base:\n%s", h)
	}
	matches, _ := filepath.Glob(filepath.Join(games, "*", "draughts.rules"))
	if len(matches) != 1 {
		t.Fatalf("the bundled game is not written for the editor: %v", matches)
	}
	if b, err := os.ReadFile(matches[0]); err != nil || !strings.Contains(string(b), "piece man") {
		t.Errorf("the copy of the bundled game: %v", err)
	}
}
