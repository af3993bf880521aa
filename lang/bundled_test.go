package lang

import (
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"testing"

	"github.com/ruleplay/ruleplay/games"
)

// TestExtendsBundledGame: `extends: NAME` (no .rules, no folder) names
// the bundled game NAME when no NAME.rules stands beside the variant; a
// file beside it wins; a bundled variant's own bases are bundled games.
func TestExtendsBundledGame(t *testing.T) {
	variant := "extends: \"draughts-international\"\ngame: \"Brazilian draughts\"\n"

	m := &memFiles{files: map[string]string{}, reads: map[string]int{}}
	g, err := LoadSourceWith("v/braz.rules", []byte(variant), m.read, nil)
	if err != nil {
		t.Fatal(err)
	}
	if g.Title != "Brazilian draughts" || len(g.Board.Cells) != 50 || !slices.Equal(g.Bases, []string{"draughts-international"}) {
		t.Errorf("got %q, %d cells, bases %v; want Brazilian draughts, 50 cells, bases [draughts-international]", g.Title, len(g.Board.Cells), g.Bases)
	}
	if n := m.reads["v/draughts-international.rules"]; n != 1 {
		t.Errorf("the file beside the variant was tried %d times, want 1", n)
	}

	m = &memFiles{files: map[string]string{"v/draughts-international.rules": tinyGame}, reads: map[string]int{}}
	g, err = LoadSourceWith("v/braz.rules", []byte(variant), m.read, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Board.Cells) != 16 {
		t.Errorf("beside: %d cells, want the 16 of the file beside the variant", len(g.Board.Cells))
	}

	g, err = LoadSourceWith("v/adv.rules", []byte("extends: \"jumpwings-advanced\"\ngame: \"Mine\"\n"), (&memFiles{reads: map[string]int{}}).read, nil)
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(g.Bases)
	if !slices.Equal(g.Bases, []string{"jumpwings", "jumpwings-advanced"}) {
		t.Errorf("bases %v, want jumpwings and jumpwings-advanced", g.Bases)
	}
}

// TestBundledBaseClash: a variant whose setup clashes with its bundled
// base's gets one error, in the variant, naming the base's file and line.
func TestBundledBaseClash(t *testing.T) {
	src := "extends: \"draughts-international\"\nsetup white { man: ranks(4 .. 7) }\n"
	_, err := LoadSourceWith("v/clash.rules", []byte(src), (&memFiles{reads: map[string]int{}}).read, nil)
	ds, ok := err.(Diagnostics)
	if !ok || len(ds) != 1 {
		t.Fatalf("got %v, want one diagnostic", err)
	}
	base, err := fs.ReadFile(games.FS(), "draughts-international.rules")
	if err != nil {
		t.Fatal(err)
	}
	line := slices.IndexFunc(strings.Split(string(base), "\n"), func(l string) bool { return strings.HasPrefix(l, "setup black") }) + 1
	want := fmt.Sprintf(`v/clash.rules:2:20: two pieces on each of 20 cells: b4 d4 f4 h4 j4 a5 c5 e5 (and 12 more)
 2 | setup white { man: ranks(4 .. 7) }
   |                    ^^^^^^^^^^^^^
 hint: they are also placed at games/draughts-international.rules:%d`, line)
	if got := ds[0].String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
