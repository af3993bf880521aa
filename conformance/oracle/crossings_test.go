package oracle

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func crossingsAt(t *testing.T, red, black, redCrossed, blackCrossed []string, ply int) *Crossings {
	t.Helper()
	g := NewCrossings()
	if err := g.SetPosition(red, black, redCrossed, blackCrossed, ply); err != nil {
		t.Fatal(err)
	}
	return g
}

func wantMoves(t *testing.T, moves []string, have, lack []string) {
	t.Helper()
	for _, m := range have {
		if !slices.Contains(moves, m) {
			t.Errorf("%s missing from %v", m, moves)
		}
	}
	for _, m := range lack {
		if slices.Contains(moves, m) {
			t.Errorf("%s listed: %v", m, moves)
		}
	}
}

// The start: the stones of rank 2 step north, north-east or north-west
// alone (22 moves); the pairs on a file move one or two cells (16), the
// pairs on a north-east or north-west diagonal too, but those heading
// for the edge only one (11 + 11): 60, no text twice.
func TestCrossingsStart(t *testing.T) {
	g := NewCrossings()
	ms := g.Moves()
	if len(ms) != 60 {
		t.Fatalf("%d moves: %v", len(ms), ms)
	}
	wantMoves(t, ms, []string{"a2-a3", "a1:a2-a3", "a1:a2-a4", "a2-b3", "a1:b2-c3", "a1:b2-d4", "h1:g2-e4"},
		[]string{"a1-a2", "a2-a4", "a1:a2-a5", "a1:b2-e5", "b2-a1"})
	if dup := len(ms) - len(slices.Compact(sortedStrings(ms))); dup != 0 {
		t.Errorf("%d texts listed twice", dup)
	}
}

// The capture rule: the head may land on an enemy stone whose run in the
// direction of travel is 1 or shorter than the moving group, taking that
// one stone; crossed stones block and are never taken.
func TestCrossingsCapture(t *testing.T) {
	// Red c2 c3 c4 faces black c5 c6 (a run of 2): only the group of
	// three may take c5. Red a1 takes the lone b2. Red f4 faces black
	// f5 f6: a single stone may not. Red h6 faces black h7 with red's
	// crossed g8 beside it: a run of one, h6 takes h7.
	g := crossingsAt(t, []string{"c2", "c3", "c4", "a1", "f4", "h6"}, []string{"c5", "c6", "b2", "f5", "f6", "h7"},
		[]string{"g8"}, []string{"e1"}, 0)
	ms := g.Moves()
	wantMoves(t, ms, []string{"c2:c4-c5", "a1-b2", "h6-h7"},
		[]string{"c3:c4-c5", "c4-c5", "c2:c4-c6", "f4-f5", "c2:c4-c7"})
	playAll(t, g, "c2:c4-c5")
	// The group moved one cell: c3 c4 c5 red, c2 empty, c6 black.
	g2 := crossingsAt(t, []string{"c3", "c4", "c5", "a1", "f4", "h6"}, []string{"c6", "b2", "f5", "f6", "h7"},
		[]string{"g8"}, []string{"e1"}, 1)
	if g.cell != g2.cell {
		t.Error("the capture did not leave the position expected")
	}
	// Black's stones next to red's crossed g8 may not take it; black f2
	// may not step onto black's crossed e1, nor take it.
	g = crossingsAt(t, []string{"a1"}, []string{"f8", "f2"}, []string{"g8"}, []string{"e1"}, 1)
	wantMoves(t, g.Moves(), []string{"f8-g7", "f2-f1", "f2-g1"}, []string{"f8-g8", "f2-e1"})
}

// A crossing must be answered by a crossing at once; a player with no
// move draws.
func TestCrossingsEnd(t *testing.T) {
	g := crossingsAt(t, []string{"a7", "c3"}, []string{"h2"}, nil, nil, 0)
	playAll(t, g, "a7-a8")
	if g.Over() || !slices.Equal(g.Crossed(), []int{1, 0}) {
		t.Fatalf("over %v crossed %v", g.Over(), g.Crossed())
	}
	answered := g.Clone()
	playAll(t, answered, "h2-h1")
	if answered.Over() || len(answered.Moves()) != 8 {
		t.Fatalf("a crossing answered: over %v (%s), moves %v", answered.Over(), answered.Reason(), answered.Moves())
	}
	playAll(t, g, "h2-g3")
	if !g.Over() || g.Reason() != "goal" || !slices.Equal(g.Winners(), []int{0}) {
		t.Fatalf("over %v reason %q winners %v", g.Over(), g.Reason(), g.Winners())
	}
	if err := g.Play("g3-g2"); err == nil {
		t.Fatal("a move after the end was accepted")
	}
	g = crossingsAt(t, nil, []string{"e5"}, []string{"a8"}, []string{"h1"}, 2)
	if !g.Over() || g.Reason() != "no move" || !slices.Equal(g.Winners(), []int{0, 1}) {
		t.Fatalf("over %v reason %q winners %v", g.Over(), g.Reason(), g.Winners())
	}
}

// Random games: the bulk count equals the list's length and the texts
// are distinct; Perft leaves the position as it found it.
func TestCrossingsRandomGames(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		g := NewCrossings()
		rng := rand.New(rand.NewPCG(seed, 5))
		for !g.Over() && g.ply < 500 {
			ms := g.Moves()
			if g.count() != len(ms) || len(slices.Compact(sortedStrings(ms))) != len(ms) {
				t.Fatalf("seed %d ply %d: count %d, %d moves, texts %v", seed, g.ply, g.count(), len(ms), ms)
			}
			if g.ply%25 == 0 {
				before := *g
				g.Perft(2)
				if g.cell != before.cell || g.ply != before.ply {
					t.Fatalf("seed %d ply %d: Perft changed the position", seed, g.ply)
				}
			}
			playAll(t, g, ms[rng.IntN(len(ms))])
		}
	}
}
