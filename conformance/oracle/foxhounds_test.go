package oracle

import (
	"slices"
	"testing"
)

// The rule book's figures (games.md §18): depths 1-4. Depth 1: four
// placements; 2: the placed fox's first steps (b8, d8, f8 two each, h8
// one); 3: seven hound steps after each; 4: the fox's replies.
func TestFoxHoundsPerft(t *testing.T) {
	want := []uint64{4, 7, 49, 182}
	g := NewFoxHounds()
	for d, w := range want {
		if got := g.Perft(d + 1); got != w {
			t.Errorf("perft(%d) = %d, want %d", d+1, got, w)
		}
	}
}

// The opening: the fox's player plays two plies (the placement, then the
// fox it placed), then the hounds, then the fox.
func TestFoxHoundsOpening(t *testing.T) {
	g := NewFoxHounds()
	checkMoves(t, g.Moves(), []string{"@b8", "@d8", "@f8", "@h8"})
	playAll(t, g, "@h8")
	if g.ToMove() != 0 {
		t.Fatalf("after the placement: %d to move, want the fox's player", g.ToMove())
	}
	checkMoves(t, g.Moves(), []string{"h8-g7"})
	if err := g.Play("a1-b2"); err == nil {
		t.Fatal("the hounds moved before the placed fox")
	}
	playAll(t, g, "h8-g7")
	checkMoves(t, g.Moves(), []string{"a1-b2", "c1-b2", "c1-d2", "e1-d2", "e1-f2", "g1-f2", "g1-h2"})
	playAll(t, g, "g1-h2")
	checkMoves(t, g.Moves(), []string{"g7-f6", "g7-h6", "g7-f8", "g7-h8"})
}

// The ends: the fox on rank 1 wins at once; a trapped fox loses; hounds
// that cannot move lose.
func TestFoxHoundsEnds(t *testing.T) {
	g := NewFoxHounds()
	if err := g.SetPosition("c3", []string{"a1", "e1", "g1", "h8"}, 3); err != nil {
		t.Fatal(err)
	}
	checkMoves(t, g.Moves(), []string{"c3-b2", "c3-d2", "c3-b4", "c3-d4"})
	home := g.Clone()
	playAll(t, home, "c3-d2", "e1-f2", "d2-c1")
	if !home.Over() || home.Reason() != "goal" || !slices.Equal(home.Winners(), []int{0}) {
		t.Fatalf("fox on c1: over %v reason %q winners %v", home.Over(), home.Reason(), home.Winners())
	}
	if err := g.SetPosition("a1", []string{"b2", "c1", "e1", "g1"}, 3); err != nil {
		t.Fatal(err)
	}
	if !g.Over() || g.Reason() != "no move" || !slices.Equal(g.Winners(), []int{1}) {
		t.Fatalf("trapped fox: over %v reason %q winners %v", g.Over(), g.Reason(), g.Winners())
	}
	if err := g.SetPosition("d4", []string{"b8", "d8", "f8", "h8"}, 4); err != nil {
		t.Fatal(err)
	}
	if !g.Over() || g.Reason() != "no move" || !slices.Equal(g.Winners(), []int{0}) {
		t.Fatalf("hounds stuck: over %v reason %q winners %v", g.Over(), g.Reason(), g.Winners())
	}
}
