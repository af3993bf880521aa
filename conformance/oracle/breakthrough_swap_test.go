package oracle

import (
	"slices"
	"strings"
	"testing"
)

// The rule book's figures with the pie rule (docs/rules/breakthrough.md):
// depths 1-5 (4 under -short), by Perft and by GenPerft, and the position
// unchanged after counting.
func TestBreakthroughSwapPerft(t *testing.T) {
	want := []uint64{22, 506, 11616, 267168, 6438854}
	if testing.Short() {
		want = want[:4]
	}
	g := NewBreakthrough()
	g.SetSwap(true)
	for d, w := range want {
		if got := g.Perft(d + 1); got != w {
			t.Errorf("perft(%d) = %d, want %d", d+1, got, w)
		}
		if got := g.GenPerft(d + 1); got != w {
			t.Errorf("GenPerft(%d) = %d, want %d", d+1, got, w)
		}
	}
	// From black's first turn: the swap and black's 22 replies, and after
	// the swap black's 22 replies again, without a second swap.
	playAll(t, g, "e2-e3")
	for d, w := range []uint64{23, 22*23 + 22} {
		if got := g.Perft(d + 1); got != w {
			t.Errorf("after e2-e3: perft(%d) = %d, want %d", d+1, got, w)
		}
	}
	if got := g.Moves(); len(got) != 23 || got[22] != "swap" || g.Swapped() || g.ToMove() != 1 {
		t.Errorf("after counting: moves %v, swapped %v, to move %d", got, g.Swapped(), g.ToMove())
	}
}

// btBlackStart is black's moves from the start rows, in the order of
// Moves (by start cell, then forward-left, straight, forward-right as
// white sees the board).
var btBlackStart = strings.Fields(`a7-a6 a7-b6 b7-a6 b7-b6 b7-c6 c7-b6 c7-c6 c7-d6
	d7-c6 d7-d6 d7-e6 e7-d6 e7-e6 e7-f6 f7-e6 f7-f6 f7-g6 g7-f6 g7-g6 g7-h6
	h7-g6 h7-h6`)

// The swap: offered after white's first move only, listed last; after it
// black is still to move with the same pawn moves and no second swap;
// never offered when the option is off or at a later turn.
func TestBreakthroughSwapMoves(t *testing.T) {
	g := NewBreakthrough()
	g.SetSwap(true)
	if got := g.Moves(); len(got) != 22 || slices.Contains(got, "swap") {
		t.Fatalf("start: %d moves %v", len(got), got)
	}
	playAll(t, g, "e2-e3")
	checkMoves(t, g.Moves(), append(slices.Clone(btBlackStart), "swap"))
	playAll(t, g, "swap")
	if g.ToMove() != 1 || !g.Swapped() || g.Over() {
		t.Fatalf("after the swap: to move %d, swapped %v, over %v", g.ToMove(), g.Swapped(), g.Over())
	}
	checkMoves(t, g.Moves(), btBlackStart)
	wantRefused(t, g, "the swap has been made already")
	playAll(t, g, "d7-d6")
	if g.ToMove() != 0 || slices.Contains(g.Moves(), "swap") {
		t.Fatalf("after the swap and d7-d6: to move %d, moves %v", g.ToMove(), g.Moves())
	}
	wantRefused(t, g, "the swap has been made already")

	// Black moves instead: no swap at any later turn.
	g = NewBreakthrough()
	g.SetSwap(true)
	wantRefused(t, g, "the swap is offered after ply 1 only, and 0 plies have been played")
	playAll(t, g, "e2-e3", "d7-d6", "a2-a3")
	if g.ToMove() != 1 || slices.Contains(g.Moves(), "swap") {
		t.Fatalf("black's second turn: to move %d, moves %v", g.ToMove(), g.Moves())
	}
	wantRefused(t, g, "the swap is offered after ply 1 only, and 3 plies have been played")

	// The option off (the default).
	g = NewBreakthrough()
	playAll(t, g, "e2-e3")
	checkMoves(t, g.Moves(), btBlackStart)
	wantRefused(t, g, "the pie rule is off")
}

func wantRefused(t *testing.T, g *Breakthrough, why string) {
	t.Helper()
	before := g.Moves()
	err := g.Play("swap")
	if err == nil || !strings.HasSuffix(err.Error(), why) {
		t.Fatalf("swap: error %v, want one ending %q", err, why)
	}
	if !slices.Equal(g.Moves(), before) {
		t.Fatalf("a refused swap changed the moves: %v, then %v", before, g.Moves())
	}
}

// After the swap the game goes on as before and ends by colour: white's
// pawn reaching rank 8 wins for white (player 0), whoever plays it.
func TestBreakthroughSwapResult(t *testing.T) {
	g := NewBreakthrough()
	g.SetSwap(true)
	if err := g.SetPosition([]string{"a1", "b7"}, []string{"g8", "h8"}, 1); err != nil {
		t.Fatal(err)
	}
	checkMoves(t, g.Moves(), []string{"g8-f7", "g8-g7", "g8-h7", "h8-g7", "h8-h7", "swap"})
	c := g.Clone()
	playAll(t, g, "swap", "h8-h7", "b7-b8")
	if !g.Over() || g.Reason() != "goal" || !slices.Equal(g.Winners(), []int{0}) || !g.Swapped() {
		t.Fatalf("after the swap, b7-b8: over %v, reason %q, winners %v, swapped %v", g.Over(), g.Reason(), g.Winners(), g.Swapped())
	}
	if c.Swapped() || len(c.Moves()) != 6 {
		t.Fatalf("the clone: swapped %v, moves %v", c.Swapped(), c.Moves())
	}
	// SetPosition starts again without the swap made.
	if err := g.SetPosition([]string{"a1", "b7"}, []string{"g8", "h8"}, 1); err != nil {
		t.Fatal(err)
	}
	if g.Swapped() || !slices.Contains(g.Moves(), "swap") {
		t.Fatalf("after SetPosition: swapped %v, moves %v", g.Swapped(), g.Moves())
	}
}
