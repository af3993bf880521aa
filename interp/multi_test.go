package interp

import (
	"slices"
	"strings"
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/lang"
)

// Several players, seat tables, the star board and the guide, on
// Chinese Checkers (games/chinese-checkers.rules) and small rules built
// here. Cells of the star: row 7 has 11 cells (f7 in the middle), row 8
// 10, row 9 9, and so on; see docs/notation.md for the geometry.

// Two jump chains from f7 to f11 (over f8 then f10, or over e8 then e10)
// are one move, named by its ends; every landing is a move of its own.
func TestChineseCheckersTwoPathsOneMove(t *testing.T) {
	progs, states := at(t, "chinese-checkers.rules", nil, 0,
		"f7 p1 marble", "f8 p2 marble", "e8 p2 marble", "f10 p2 marble", "e10 p2 marble")
	for i, p := range progs {
		got := legal(p, states[i])
		slices.Sort(got)
		want := []string{"f7-d9", "f7-e7", "f7-f11", "f7-f6", "f7-f9", "f7-g6", "f7-g7"}
		if !slices.Equal(got, want) {
			t.Errorf("fast=%v: moves %v, want %v", i == 0, got, want)
		}
	}
}

// A chain that could come back to its start (f7 over g7 to h7, over g8 to
// f9, over f8 to f7) stops before it: no cell is entered twice.
func TestChineseCheckersChainNoReentry(t *testing.T) {
	progs, states := at(t, "chinese-checkers.rules", nil, 0,
		"f7 p1 marble", "g7 p2 marble", "g8 p2 marble", "f8 p2 marble")
	for i, p := range progs {
		got := legal(p, states[i])
		slices.Sort(got)
		want := []string{"f7-e7", "f7-e8", "f7-f6", "f7-f9", "f7-g6", "f7-h7"}
		if !slices.Equal(got, want) {
			t.Errorf("fast=%v: moves %v, want %v", i == 0, got, want)
		}
	}
}

// The Decision of the rule book: a marble that starts its move in its
// goal (p1's: the top point, rows 14-17) lands only in it, every landing
// of a chain; a marble from outside may pass through the goal and out.
func TestChineseCheckersTargetPoint(t *testing.T) {
	progs, states := at(t, "chinese-checkers.rules", nil, 0,
		"a14 p1 marble", "e13 p1 marble", "b14 p2 marble")
	for i, p := range progs {
		got := legal(p, states[i])
		slices.Sort(got)
		// a14: a15 and c14 (over b14) only; not f13, not d12 over e13.
		// e13: four steps, a15 over a14, and on over b14 out to g13.
		want := []string{"a14-a15", "a14-c14", "e13-a15", "e13-d12", "e13-d13", "e13-e12", "e13-f13", "e13-g13"}
		if !slices.Equal(got, want) {
			t.Errorf("fast=%v: moves %v, want %v", i == 0, got, want)
		}
	}
}

func cellNames(p *core.Program, cells []int) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = p.Game().Board.Cells[c].Name
	}
	slices.Sort(out)
	return out
}

func split(s string) []string {
	out := strings.Fields(s)
	slices.Sort(out)
	return out
}

// Seats: the points of each player and their goals (the opposite
// points), by the number of players; the board shows seat numbers.
func TestChineseCheckersSeating(t *testing.T) {
	points := map[string]string{
		"bottom":      "a1 a2 b2 a3 b3 c3 a4 b4 c4 d4",
		"top":         "a14 b14 c14 d14 a15 b15 c15 a16 b16 a17",
		"lower-left":  "a5 b5 c5 d5 a6 b6 c6 a7 b7 a8",
		"lower-right": "j5 k5 l5 m5 j6 k6 l6 j7 k7 j8",
		"upper-left":  "a10 a11 b11 a12 b12 c12 a13 b13 c13 d13",
		"upper-right": "j10 j11 k11 j12 k12 l12 j13 k13 l13 m13",
	}
	opposite := map[string]string{"bottom": "top", "top": "bottom", "lower-left": "upper-right",
		"upper-right": "lower-left", "lower-right": "upper-left", "upper-left": "lower-right"}
	seats := map[string][]string{
		"3": {"bottom", "upper-left", "upper-right"},
		"6": {"bottom", "lower-left", "upper-left", "top", "upper-right", "lower-right"},
	}
	for n, seat := range seats {
		p := load(t, "chinese-checkers.rules", map[string]string{"players": n}, core.Config{})
		g := p.Game()
		if g.End.Passes != len(seat) {
			t.Errorf("players=%s: passes %d, want %d", n, g.End.Passes, len(seat))
		}
		zone := func(name string) int {
			for i, z := range g.Zones {
				if z.Name == name {
					return i
				}
			}
			t.Fatalf("no zone %s", name)
			return -1
		}
		home, goal := g.Zones[zone("home")], g.Zones[zone("goal")]
		s := p.NewState(0)
		for pl, pt := range seat {
			if got, want := cellNames(p, home.Cells[pl]), split(points[pt]); !slices.Equal(got, want) {
				t.Errorf("players=%s p%d: home %v, want %v", n, pl+1, got, want)
			}
			if got, want := cellNames(p, goal.Cells[pl]), split(points[opposite[pt]]); !slices.Equal(got, want) {
				t.Errorf("players=%s p%d: goal %v, want %v", n, pl+1, got, want)
			}
			for _, c := range home.Cells[pl] {
				if pc, ok := p.PieceAt(s, c); !ok || g.Pieces[pc].Owner != pl {
					t.Errorf("players=%s: %s does not hold a marble of p%d", n, g.Board.Cells[c].Name, pl+1)
				}
			}
		}
	}
	p := load(t, "chinese-checkers.rules", map[string]string{"players": "3"}, core.Config{})
	want := `17                         .
16                       .   .
15                     .   .   .
14                   .   .   .   .
13 M2  M2  M2  M2  .   .   .   .   .   M3  M3  M3  M3
12   M2  M2  M2  .   .   .   .   .   .   M3  M3  M3
11     M2  M2  .   .   .   .   .   .   .   M3  M3
10       M2  .   .   .   .   .   .   .   .   M3
 9         .   .   .   .   .   .   .   .   .
 8       .   .   .   .   .   .   .   .   .   .
 7     .   .   .   .   .   .   .   .   .   .   .
 6   .   .   .   .   .   .   .   .   .   .   .   .
 5 .   .   .   .   .   .   .   .   .   .   .   .   .
 4                   M1  M1  M1  M1
 3                     M1  M1  M1
 2                       M1  M1
 1                         M1
   (cells a, b, c, ... from the left of each row)
to move: p1
`
	if got := p.Render(p.NewState(0)); got != want {
		t.Errorf("3 players:\n%s\nwant\n%s", got, want)
	}
}

// The star board: 121 cells, six neighbours inside, the mirror of each
// point the opposite point (checked in TestChineseCheckersSeating), and
// the neighbours of cells where a point meets the hexagon.
func TestStarBoard(t *testing.T) {
	p := load(t, "chinese-checkers.rules", nil, core.Config{})
	b := p.Game().Board
	if len(b.Cells) != 121 {
		t.Fatalf("%d cells", len(b.Cells))
	}
	idx := map[string]int{}
	for i, c := range b.Cells {
		idx[c.Name] = i
	}
	nbs := func(name string) []string {
		var out []string
		for d := 0; d < p.NumDirs; d++ {
			if n := p.Neighbours[idx[name]*p.NumDirs+d]; n >= 0 {
				out = append(out, b.Cells[n].Name)
			}
		}
		slices.Sort(out)
		return out
	}
	for cell, want := range map[string]string{
		"a1":  "a2 b2",
		"d4":  "c3 c4 h5 i5",
		"a4":  "a3 b4 e5 f5",
		"e5":  "a4 d5 d6 e6 f5",
		"a5":  "a6 b5",
		"i9":  "h9 i10 i8 j10 j8",
		"e9":  "d9 e10 e8 f10 f8 f9",
		"a17": "a16 b16",
		"m13": "l12 l13",
	} {
		if got := nbs(cell); !slices.Equal(got, split(want)) {
			t.Errorf("neighbours of %s: %v, want %s", cell, got, want)
		}
	}
}

// The guide: the distance of a player's marbles to the nearest cell of
// its goal, counted by hand: from the start, 1 marble 13 rows away, 2 at
// 12, 3 at 11, 4 at 10: 110 for each side; a lone marble on f7 is 7
// steps from row 14.
func TestChineseCheckersGuide(t *testing.T) {
	p := load(t, "chinese-checkers.rules", nil, core.Config{})
	s := p.NewState(0)
	if a, b := p.Guide(s, 0), p.Guide(s, 1); a != 110 || b != 110 {
		t.Errorf("guide at the start: %d, %d; want 110, 110", a, b)
	}
	if !p.HasGuide() || !p.GuideLowest() {
		t.Errorf("guide: has %v, lowest %v", p.HasGuide(), p.GuideLowest())
	}
	progs, states := at(t, "chinese-checkers.rules", nil, 0, "f7 p1 marble", "a1 p2 marble")
	for i, p := range progs {
		if g := p.Guide(states[i], 0); g != 7 {
			t.Errorf("fast=%v: guide of a marble on f7: %d, want 7", i == 0, g)
		}
		// p2's marble on a1 stands in its goal (no other marble there).
		if g := p.Guide(states[i], 1); g != 0 {
			t.Errorf("fast=%v: guide of p2: %d, want 0", i == 0, g)
		}
	}
}

// next and others: values of three players computed by hand.
func TestNextAndOthers(t *testing.T) {
	src := `
board { shape: square(4x1) }
players: numbered(3)
piece stone {}
setup p1 { stone: a1 }
setup p2 { stone: b1 }
setup p3 { stone: c1 d1 }
zone z {
  p1: b1
  p2: c1
  p3: a1
}
step { dirs: e, w }
score {
  value: others.pieces * 1000 + count(others, in z) * 100 + count(own, in others.z) * 10 + next.pieces + others.moves
}
`
	g, err := lang.LoadSource("three.rules", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, cfg := range []core.Config{{}, {Disable: []string{"all"}}} {
		p, err := Compile(g, cfg)
		if err != nil {
			t.Fatal(err)
		}
		s := p.NewState(0)
		for pl, want := range []int{3111, 3112, 2111} {
			if got := p.Score(s, pl); got != want {
				t.Errorf("score of p%d: %d, want %d", pl+1, got, want)
			}
		}
	}
}
