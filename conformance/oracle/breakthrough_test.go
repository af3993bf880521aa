package oracle

import (
	"slices"
	"testing"
)

// Published figures (games.md §11): depths 1-5 (4 under -short).
func TestBreakthroughPerft(t *testing.T) {
	want := []uint64{22, 484, 11132, 256036, 6182818}
	if testing.Short() {
		want = want[:4]
	}
	g := NewBreakthrough()
	for d, w := range want {
		if got := g.Perft(d + 1); got != w {
			t.Errorf("perft(%d) = %d, want %d", d+1, got, w)
		}
	}
}

// Straight moves onto empty cells only, diagonal moves onto empty cells
// or enemy pawns (captures); reaching the home rank or taking every
// enemy pawn wins at once. (No move never happens to a player with pawns:
// the most advanced pawn has a forward diagonal cell on the board that
// is not its own.)
func TestBreakthroughRules(t *testing.T) {
	g := NewBreakthrough()
	if err := g.SetPosition([]string{"d4", "a7"}, []string{"d5", "e5", "h2"}, 0); err != nil {
		t.Fatal(err)
	}
	// d4: d5 ahead is black (no straight capture), c5 empty, e5 black.
	checkMoves(t, sortedStrings(g.Moves()), []string{"a7-a8", "a7-b8", "d4-c5", "d4-e5"})
	reached := g.Clone()
	playAll(t, reached, "a7-b8")
	if !reached.Over() || reached.Reason() != "goal" || !slices.Equal(reached.Winners(), []int{0}) {
		t.Fatalf("home rank: over %v reason %q winners %v", reached.Over(), reached.Reason(), reached.Winners())
	}
	playAll(t, g, "d4-e5")
	if g.Over() || !slices.Equal(g.Material(), []int{2, 2}) {
		t.Fatalf("after a capture: over %v material %v", g.Over(), g.Material())
	}
	// Black's h2 takes nothing on g1 (empty): it steps home and wins.
	checkMoves(t, sortedStrings(g.Moves()), []string{"d5-c4", "d5-d4", "d5-e4", "h2-g1", "h2-h1"})
	if err := g.SetPosition([]string{"d4"}, []string{"e5"}, 0); err != nil {
		t.Fatal(err)
	}
	playAll(t, g, "d4-e5")
	if !g.Over() || g.Reason() != "goal" || !slices.Equal(g.Winners(), []int{0}) {
		t.Fatalf("all taken: over %v reason %q winners %v", g.Over(), g.Reason(), g.Winners())
	}
}
