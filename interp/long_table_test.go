package interp

import (
	"slices"
	"strings"
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
	"github.com/ruleplay/ruleplay/lang"
)

// The long-leap table (long_table.go) against the generic walker's
// longDFS, and the majority counted from the paths (majority.go) against
// playing each capture: the planner's choice, and the same moves in the
// same order, counts, selections, results and undo along random games.

// longTableFiles are the rules files with long rules the table serves:
// international draughts, and two files it was not tuned on.
var longTableFiles = []string{
	"../games/draughts-international.rules",
	"testdata/unseen/draughts-brazilian.rules", // 8x8, one word
	"testdata/unseen/draughts-canadian.rules",  // 12x12, two words
}

func TestLongTableChosen(t *testing.T) {
	for _, f := range longTableFiles {
		g := loadGameFile(t, f)
		p, err := Compile(g, core.Config{})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range Explain(p).Rules {
			got = append(got, r.Name+": "+r.Strategy)
		}
		want := []string{"man-capture: long-leap table", "king-capture: long-leap table", "man-step: step table", "king-move: long-leap table"}
		if !slices.Equal(got, want) {
			t.Errorf("%s: %q, want %q", f, got, want)
		}
		if a := Explain(p).Tiers[0].Accelerators; !slices.Contains(a, "majority-paths") {
			t.Errorf("%s: the capture tier's accelerators: %q", f, a)
		}
		slow, err := Compile(g, core.Config{Disable: disableAll(true)})
		if err != nil {
			t.Fatal(err)
		}
		if d := Explain(slow).Tiers[0].Declined; !slices.Contains(d, "majority-paths: disabled (--disable all)") {
			t.Errorf("%s without accelerators: the capture tier declined %q", f, d)
		}
		for _, r := range Explain(slow).Rules {
			if r.Strategy != "generic walker" {
				t.Errorf("%s with every accelerator off: %s has %s", f, r.Name, r.Strategy)
			}
			if strings.Contains(r.Class, "long") && !slices.Contains(r.Declined, "long-table: disabled (--disable all)") {
				t.Errorf("%s with every accelerator off: %s declined %q", f, r.Name, r.Declined)
			}
		}
	}
}

// longTableSrc holds long rules of every kind the table serves beside the
// draughts': a From that reads the cell (a zone), a range of lengths,
// a hurdle that takes nothing, captures by landing on a long leap,
// captures taken at once, an optional chain that keeps its direction.
const longTableSrc = `
game: "long rules"
board { shape: square(7x7) }
player south { forward: north }
player north { forward: south }
piece man {}
piece king {}
setup south {
  man: a1 b1 c1 d1 e1 f1 g1 a2 b2 c2 e2 f2 g2
  king: d2
}
setup north: mirror(south)
zone home {
  south: ranks(1 .. 3)
  north: ranks(5 .. 7)
}
jump sling {
  piece: own man
  from: in home
  dirs: forward diagonal
  length: 2 .. 3
  over: enemy
  capture: jumped
  chain: optional
  chain-dirs: same
}
jump vault {
  piece: own king
  dirs: orthogonal
  length: any
  over: empty
  hurdle: occupied
  onto: empty
}
jump lance {
  piece: own king
  dirs: diagonal
  length: 1 .. 4
  over: empty
  onto: enemy
  capture: landing
}
jump sweep {
  piece: own king
  dirs: orthogonal
  length: any
  over: empty
  hurdle: enemy
  capture: jumped
  chain: compulsory
}
step walk {
  piece: own man
  dirs: forward
}
priority: [sling, lance, sweep], [vault, walk]
end {
  no-move: lose
}
`

func TestLongTableEqualsGeneric(t *testing.T) {
	games := 6
	if testing.Short() {
		games = 2
	}
	progs := map[string][2]*core.Program{}
	for _, f := range longTableFiles {
		g := loadGameFile(t, f)
		fast, err := Compile(g, core.Config{})
		if err != nil {
			t.Fatal(err)
		}
		slow, err := Compile(g, core.Config{Disable: disableAll(true)})
		if err != nil {
			t.Fatal(err)
		}
		progs[f] = [2]*core.Program{fast, slow}
	}
	fast, slow := loadSrc(t, "long", longTableSrc, core.Config{}), loadSrc(t, "long", longTableSrc, core.Config{Disable: disableAll(true)})
	for _, r := range fast.Rules {
		if strings.Contains(patternClass(&fast.Desc.Moves[r.Idx]), "long") != (r.Gen == core.GenLongTable) {
			t.Errorf("rule %s: generator %d (%s)", r.Name, r.Gen, strategies[r.Gen].Name())
		}
	}
	progs["long rules"] = [2]*core.Program{fast, slow}
	for name, ps := range progs {
		t.Run(name, func(t *testing.T) {
			checkEquiv(t, ps[0], ps[1], games, 200)
			for _, depth := range []int{1, 2, 3, 4} {
				s0, s1 := ps[0].NewState(0), ps[1].NewState(0)
				if a, b := ps[0].Perft(s0, depth), ps[1].Perft(s1, depth); a != b {
					t.Errorf("perft(%d): %d, generic %d", depth, a, b)
				}
			}
		})
	}
}

// loadFile loads a rules file by its path from the package directory.
func loadGameFile(t testing.TB, path string) *ir.Game {
	t.Helper()
	g, err := lang.Load(path, nil)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return g
}

// TestLongTableDeclines checks the reasons the long-leap table gives for
// the long rules it leaves to the generic walker.
func TestLongTableDeclines(t *testing.T) {
	base := strings.Replace(longTableSrc, "priority: [sling, lance, sweep], [vault, walk]", "priority: [sling, lance, sweep], [vault, walk, extra]", 1)
	for _, tc := range []struct{ name, extra, rule, why string }{
		{"stacks", "stacking: true\nstep extra {\n  piece: own man\n  dirs: forward\n}\n", "vault",
			"the game stacks pieces: a leap reads heights and levels"},
		{"last move", "jump extra {\n  piece: own king\n  dirs: diagonal\n  length: any\n  over: empty\n  onto: empty and next-to(last, orthogonal)\n}\n", "extra",
			"onto reads occupancy, last move: not a table per mover"},
		{"chain-stop", "zone mid: d4\njump extra {\n  piece: own king\n  dirs: diagonal\n  length: any\n  over: empty\n  hurdle: enemy\n  capture: jumped\n  chain: optional\n  chain-stop: in mid\n}\n", "extra",
			"chains stopped by chain-stop"},
	} {
		p := loadSrc(t, tc.name, base+tc.extra, core.Config{})
		var declined []string
		for _, r := range Explain(p).Rules {
			if r.Name == tc.rule {
				declined = r.Declined
			}
		}
		if !slices.Contains(declined, "long-table: "+tc.why) {
			t.Errorf("%s: declined %q, want the reason %q", tc.name, declined, tc.why)
		}
	}
}
