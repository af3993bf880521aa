package oracle

import (
	"slices"
	"testing"
)

// fedAt returns the Russian position with the federation's draws on.
func fedAt(t *testing.T, ply int, pieces map[string]string) *Russian {
	t.Helper()
	g := russianAt(t, ply, pieces)
	g.SetFederationDraws(true)
	return g
}

func ruPieces(g *Russian) int {
	p, _ := g.material()
	return p[0] + p[1]
}

// ruFreshKingMove plays the first legal king move (in sorted order) that
// captures nothing, leads to a position not seen before in the game, and
// after which the opponent has no capture.
func ruFreshKingMove(t *testing.T, g *Russian) string {
	t.Helper()
	moves := g.Moves()
	slices.Sort(moves)
	n := ruPieces(g)
	for _, mv := range moves {
		if g.cell[ruCellAt(t, mv[:2])]&ruKing == 0 {
			continue
		}
		c := g.Clone()
		playAll(t, c, mv)
		if ruPieces(c) != n || c.Repeats() != 1 {
			continue
		}
		safe := true
		for _, reply := range c.Moves() {
			r := c.Clone()
			playAll(t, r, reply)
			safe = safe && ruPieces(r) == n
		}
		if safe {
			playAll(t, g, mv)
			return mv
		}
	}
	t.Fatalf("no fresh quiet king move among %v", moves)
	return ""
}

// wantDrawn checks that g is drawn by the federation's draws.
func wantDrawn(t *testing.T, g *Russian) {
	t.Helper()
	if g.Reason() != "goal" || !slices.Equal(g.Winners(), []int{0, 1}) || g.Moves() != nil || g.Perft(1) != 0 || g.GenPerft(1) != 0 {
		t.Fatalf("not drawn: reason %q winners %v moves %v", g.Reason(), g.Winners(), g.Moves())
	}
}

// Kings only: drawn when each side has played 15 king moves in a row
// without a capture, not a ply before; a man's move starts the count
// again. With the option off, the same moves play on.
func TestRussianKingsOnlyDraw(t *testing.T) {
	pieces := map[string]string{"a1": "W", "g1": "w", "h6": "B", "b8": "b"}
	g, off := fedAt(t, 0, pieces), russianAt(t, 0, pieces)
	for ply := 1; ply <= 30; ply++ {
		if g.Over() {
			t.Fatalf("over before ply %d: %q", ply, g.Reason())
		}
		playAll(t, off, ruFreshKingMove(t, g))
		if got, want := g.KingsOnly(), [2]int{(ply + 1) / 2, ply / 2}; got != want {
			t.Fatalf("ply %d: counts %v, want %v", ply, got, want)
		}
		if g.KingsAgainstKing() != [2]int{} {
			t.Fatalf("ply %d: three kings against one counted: %v", ply, g.KingsAgainstKing())
		}
	}
	wantDrawn(t, g)
	if off.Over() || off.KingsOnly() != [2]int{} {
		t.Fatalf("option off: over %v (%q), counts %v", off.Over(), off.Reason(), off.KingsOnly())
	}

	g = fedAt(t, 0, pieces)
	for range 6 {
		ruFreshKingMove(t, g)
	}
	i := slices.IndexFunc(g.Moves(), func(mv string) bool { return mv[:2] == "g1" })
	if i < 0 || g.KingsOnly() != [2]int{3, 3} {
		t.Fatalf("no man's move among %v; counts %v", g.Moves(), g.KingsOnly())
	}
	playAll(t, g, g.Moves()[i])
	if g.KingsOnly() != [2]int{} {
		t.Fatalf("after a man's move: counts %v", g.KingsOnly())
	}
}

// Three kings against a lone king: drawn on the 15th move of the side
// with the kings in that ending, one ply before the kings-only count
// would draw; the lone king's 15th move does not draw. With a man beside
// the three kings, the ending is not counted.
func TestRussianThreeKingsDraw(t *testing.T) {
	g := fedAt(t, 0, map[string]string{"a1": "W", "c1": "W", "e1": "W", "d8": "B"})
	for ply := 1; ply <= 29; ply++ {
		if g.Over() {
			t.Fatalf("over before ply %d: %q", ply, g.Reason())
		}
		ruFreshKingMove(t, g)
		if got, want := g.KingsAgainstKing(), [2]int{(ply + 1) / 2, ply / 2}; got != want {
			t.Fatalf("ply %d: counts %v, want %v", ply, got, want)
		}
	}
	if g.KingsOnly() != [2]int{15, 14} {
		t.Fatalf("kings only %v, want [15 14]", g.KingsOnly())
	}
	wantDrawn(t, g)

	// Black has the kings and moves second: its 15th move draws (ply 30);
	// White's lone king's 15th (ply 29) does not.
	g = fedAt(t, 0, map[string]string{"h2": "W", "b8": "B", "d8": "B", "f8": "B"})
	for ply := 1; ply <= 29; ply++ {
		ruFreshKingMove(t, g)
	}
	if g.Over() || g.KingsAgainstKing() != [2]int{15, 14} {
		t.Fatalf("after the lone king's 15th move: over %v (%q), counts %v", g.Over(), g.Reason(), g.KingsAgainstKing())
	}
	ruFreshKingMove(t, g)
	wantDrawn(t, g)

	g = fedAt(t, 0, map[string]string{"a1": "W", "c1": "W", "e1": "W", "a3": "w", "d8": "B"})
	for range 6 {
		ruFreshKingMove(t, g)
	}
	if g.KingsAgainstKing() != [2]int{} || g.KingsOnly() != [2]int{3, 3} {
		t.Fatalf("three kings and a man: ending %v, kings only %v", g.KingsAgainstKing(), g.KingsOnly())
	}
}

// The crowning that makes three kings against one does not count in the
// ending, and a capture starts the count again.
func TestRussianThreeKingsCount(t *testing.T) {
	g := fedAt(t, 0, map[string]string{"a1": "W", "c1": "W", "g7": "w", "h2": "B"})
	playAll(t, g, "g7-h8") // crowned: three kings against one
	if g.KingsAgainstKing() != [2]int{} || g.KingsOnly() != [2]int{} {
		t.Fatalf("after the crowning: ending %v, kings only %v", g.KingsAgainstKing(), g.KingsOnly())
	}
	ruFreshKingMove(t, g)
	if g.KingsAgainstKing() != [2]int{0, 1} {
		t.Fatalf("after the lone king's move: %v", g.KingsAgainstKing())
	}

	// Four kings against one; the lone king takes one: three against one,
	// counted again from the next move.
	g = fedAt(t, 1, map[string]string{"c1": "W", "e1": "W", "a3": "W", "h4": "W", "h8": "B"})
	playAll(t, g, "h8-g7")
	playAll(t, g, "h4-f6") // offers the king on f6
	if g.KingsAgainstKing() != [2]int{1, 1} {
		t.Fatalf("before the capture: %v", g.KingsAgainstKing())
	}
	mv := g.Moves()[0]
	playAll(t, g, mv)
	if g.KingsAgainstKing() != [2]int{} || ruPieces(g) != 4 {
		t.Fatalf("after the capture %s: %v, %d pieces", mv, g.KingsAgainstKing(), ruPieces(g))
	}
}

// The same position with the same player to move for the third time
// draws at once (the start being its first time); the second time does
// not. Perft, its takebacks and Clone see the game's positions.
func TestRussianRepetitionDraw(t *testing.T) {
	pieces := map[string]string{"a1": "W", "c1": "w", "h4": "B", "f8": "b"}
	g, off := fedAt(t, 0, pieces), russianAt(t, 0, pieces)
	cycle := []string{"a1-b2", "h4-g5", "b2-a1", "g5-h4"}
	for ply := 1; ply <= 8; ply++ {
		playAll(t, g, cycle[(ply-1)%4])
		playAll(t, off, cycle[(ply-1)%4])
		if want := 1 + ply/4; g.Repeats() != want {
			t.Fatalf("ply %d: repeats %d, want %d", ply, g.Repeats(), want)
		}
		if g.Over() != (ply == 8) {
			t.Fatalf("ply %d: over %v (%q)", ply, g.Over(), g.Reason())
		}
	}
	wantDrawn(t, g)
	if off.Over() {
		t.Fatalf("option off: over (%q)", off.Reason())
	}
	// A man's move: no earlier position can come again.
	g = fedAt(t, 0, pieces)
	playAll(t, g, "a1-b2", "h4-g5", "b2-a1", "g5-h4", "a1-b2", "f8-e7", "b2-a1", "h4-g5", "a1-b2", "g5-h4")
	if g.Repeats() != 2 || g.Over() {
		t.Fatalf("after a man's move: repeats %d, over %v", g.Repeats(), g.Over())
	}
	g = fedAt(t, 0, pieces)
	playAll(t, g, cycle...)
	n := g.Perft(5)
	if c := g.Clone(); c.Play(cycle[0]) != nil || c.Perft(0) != 1 {
		t.Fatal("clone")
	}
	c := g.Clone()
	playAll(t, c, cycle...)
	if !c.Over() || g.Repeats() != 2 || g.GenPerft(5) != n {
		t.Fatalf("clone after the cycle: over %v; repeats %d; gen perft %d, perft %d", c.Over(), g.Repeats(), g.GenPerft(5), n)
	}
	if o := russianAt(t, 0, pieces); o.Perft(5) <= n {
		t.Fatalf("perft(5) with the draws %d, without %d: want fewer with", n, o.Perft(5))
	}
}
