package lang

import (
	"errors"
	"strings"
	"testing"

	"github.com/ruleplay/ruleplay/ir"
)

// zoneCells returns the cells of the zone named name (player 0's).
func zoneCells(t *testing.T, g *ir.Game, name string) string {
	t.Helper()
	for _, z := range g.Zones {
		if z.Name == name {
			return cellNames(g, z.Cells[0])
		}
	}
	t.Fatalf("no zone %q", name)
	return ""
}

// The cell sets follow the size option: Konane's corners and centre on
// three sizes, and the colours of the setup.
func TestKonaneCellSets(t *testing.T) {
	for _, tc := range []struct {
		size, corners, centre string
		black                 int
	}{
		{"6x6", "a1 f1 a6 f6", "c3 d3 c4 d4", 18},
		{"8x8", "a1 h1 a8 h8", "d4 e4 d5 e5", 32},
		{"10x10", "a1 j1 a10 j10", "e5 f5 e6 f6", 50},
	} {
		g := load(t, "konane", map[string]string{"size": tc.size})
		if got := zoneCells(t, g, "corners"); got != tc.corners {
			t.Errorf("%s corners: %s, want %s", tc.size, got, tc.corners)
		}
		if got := zoneCells(t, g, "centre"); got != tc.centre {
			t.Errorf("%s centre: %s, want %s", tc.size, got, tc.centre)
		}
		black := 0
		for _, pl := range g.Setup.Place {
			c := g.Board.Cells[pl.Cell]
			owner := g.Pieces[pl.Piece].Owner
			if dark := (c.X+c.Y)%2 == 0; dark != (owner == 0) {
				t.Errorf("%s: %s holds %s", tc.size, c.Name, g.Pieces[pl.Piece].Name)
			}
			if owner == 0 {
				black++
			}
		}
		if black != tc.black || len(g.Setup.Place) != 2*tc.black {
			t.Errorf("%s: %d black stones of %d, want %d of %d", tc.size, black, len(g.Setup.Place), tc.black, 2*tc.black)
		}
	}
}

// Odd and oblong boards: the centre is 1 or 2 cells; the cells of a set
// in a list come in board order, after the cells listed before it.
func TestCellSetsShapes(t *testing.T) {
	src := `board { shape: square(size) }
option size: 5x5 { range: 3x3 .. 9x9 }
players: a, b
piece stone {}
setup a { stone: corners centre }
setup b { stone: b2 }
zone mid: centre
zone edge: dark
end { win: count(centre, own) == 2 }
`
	for _, tc := range []struct{ size, a, mid string }{
		{"5x5", "a1 e1 a5 e5 c3", "c3"},
		{"6x5", "a1 f1 a5 f5 c3 d3", "c3 d3"},
		{"5x6", "a1 e1 a6 e6 c3 c4", "c3 c4"},
	} {
		g, err := LoadSource("sets.rules", []byte(src), map[string]string{"size": tc.size})
		if err != nil {
			t.Fatalf("%s: %v", tc.size, err)
		}
		var cells []int
		for _, pl := range g.Setup.Place {
			if g.Pieces[pl.Piece].Owner == 0 {
				cells = append(cells, pl.Cell)
			}
		}
		if got := cellNames(g, cells); got != tc.a {
			t.Errorf("%s: a's stones %s, want %s", tc.size, got, tc.a)
		}
		if got := zoneCells(t, g, "mid"); got != tc.mid {
			t.Errorf("%s: centre %s, want %s", tc.size, got, tc.mid)
		}
		// A set used as the cells of a quantifier is a zone of its own.
		if got := zoneCells(t, g, "centre"); got != tc.mid {
			t.Errorf("%s: count(centre, ...) over %s, want %s", tc.size, got, tc.mid)
		}
		if cond := g.End.Goals[0].Cond; cond.Op != ir.OpEq || cond.Args[0].Op != ir.OpCountCell || g.Zones[cond.Args[0].Int].Name != "centre" {
			t.Errorf("%s: goal %+v", tc.size, cond)
		}
		if got := zoneCells(t, g, "edge"); !strings.HasPrefix(got, "a1 c1 e1 b2") {
			t.Errorf("%s: dark cells %s", tc.size, got)
		}
	}
}

// Konane's size option: square and even, 6x6 to 16x16.
func TestKonaneSizeOption(t *testing.T) {
	for size, want := range map[string]string{
		"7x7":   "option size=7x7: not in steps of 2 from 6x6 (allowed: 6x6..16x16, square, in steps of 2)",
		"8x10":  "option size=8x10: not square: width and height must be equal (allowed: 6x6..16x16, square, in steps of 2)",
		"18x18": "option size=18x18: out of range (allowed: 6x6..16x16, square, in steps of 2)",
		"4x4":   "option size=4x4: out of range (allowed: 6x6..16x16, square, in steps of 2)",
	} {
		_, err := Load("../games/konane.rules", map[string]string{"size": size})
		var oe *OptionError
		if !errors.As(err, &oe) || err.Error() != want {
			t.Errorf("size=%s: %v, want %q", size, err, want)
		}
	}
	for _, size := range []string{"6x6", "12x12", "16x16"} {
		load(t, "konane", map[string]string{"size": size})
	}
}

// chain-dirs and at lower to the rule's ChainSame and Onto; next-to to
// OpNextTo with the directions resolved.
func TestKonaneLowering(t *testing.T) {
	g := load(t, "konane", nil)
	var names []string
	for _, m := range g.Moves {
		names = append(names, m.Name)
	}
	if strings.Join(names, " ") != "opening answer jump" {
		t.Fatalf("moves %v", names)
	}
	open, answer, jump := g.Moves[0], g.Moves[1], g.Moves[2]
	if open.Action != ir.Remove || open.Onto == nil || open.Onto.Op != ir.OpOr {
		t.Errorf("opening: %+v", open)
	}
	if answer.Onto == nil || answer.Onto.Op != ir.OpNextTo || len(answer.Onto.Dirs) != 4 {
		t.Errorf("answer: %+v", answer.Onto)
	}
	for _, d := range answer.Onto.Dirs {
		if dd := g.Board.Dirs[d]; dd.DX != 0 && dd.DY != 0 {
			t.Errorf("answer: direction %s is not orthogonal", dd.Name)
		}
	}
	if jump.ChainDirs != ir.ChainDirsSame || jump.Chain != ir.ChainOptional {
		t.Errorf("jump: ChainDirs %v, chain %v", jump.ChainDirs, jump.Chain)
	}
}

// A chain of steps may wander the board (a warning), unless it keeps its
// direction: a straight line is bounded by the board.
func TestChainSameNoWanderWarning(t *testing.T) {
	src := `board { shape: square(8x8) }
players: a, b
piece stone {}
setup a { stone: a1 }
setup b { stone: h8 }
jump slide { length: 1; chain: optional; chain-dirs: DIRS }
`
	for dirs, warns := range map[string]int{"same": 0, "any": 1} {
		g, err := LoadSource("slide.rules", []byte(strings.Replace(src, "DIRS", dirs, 1)), nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(g.Warnings) != warns || (warns > 0 && !strings.Contains(g.Warnings[0], "can grow without bound")) {
			t.Errorf("chain-dirs: %s: warnings %q", dirs, g.Warnings)
		}
	}
}

// A chain of steps named by its ends is found by reachability when it is
// optional (no warning); a compulsory one is still walked path by path.
func TestEndsReachNoWanderWarning(t *testing.T) {
	src := `board { shape: square(8x8) }
players: a, b
piece stone {}
setup a { stone: a1 }
setup b { stone: h8 }
jump slide { length: 1; chain: CHAIN; text: ends }
`
	for chain, warns := range map[string]int{"optional": 0, "compulsory": 1} {
		g, err := LoadSource("slide.rules", []byte(strings.Replace(src, "CHAIN", chain, 1)), nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(g.Warnings) != warns || (warns > 0 && !strings.Contains(g.Warnings[0], "can grow without bound")) {
			t.Errorf("chain: %s: warnings %q", chain, g.Warnings)
		}
	}
}
