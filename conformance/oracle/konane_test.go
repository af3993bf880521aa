package oracle

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func mustKonane(t testing.TB, size int) *Konane {
	t.Helper()
	g, err := NewKonane(size)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// Published figures (games.md §13): 8x8, depths 1-6.
func TestKonanePerft8x8(t *testing.T) {
	want := []uint64{4, 12, 28, 172, 892, 7124}
	g := mustKonane(t, 8)
	for d, w := range want {
		if got := g.Perft(d + 1); got != w {
			t.Errorf("perft(%d) = %d, want %d", d+1, got, w)
		}
	}
}

func playAll(t *testing.T, g interface{ Play(string) error }, moves ...string) {
	t.Helper()
	for _, m := range moves {
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
}

// The removal turns: black takes a corner or a centre stone of its own,
// white one of its stones next to the hole.
func TestKonaneRemovals(t *testing.T) {
	g := mustKonane(t, 8)
	checkMoves(t, g.Moves(), []string{"xa1", "xd4", "xe5", "xh8"})
	playAll(t, g, "xd4")
	checkMoves(t, g.Moves(), []string{"xd3", "xc4", "xe4", "xd5"})
	playAll(t, g, "xe4")
	// Black lands only on dark cells (d4): d2 over d3, b4 over c4, d6
	// over d5; f4 has the empty e4 between. No chain goes on: beyond d4
	// lie d6, f4 (black) and d2.
	checkMoves(t, g.Moves(), []string{"d2-d4", "b4-d4", "d6-d4"})
}

// 6x6: the removals are a1, f6 (dark corners) and c3, d4 (dark centre
// cells); a1 and f6 are dark only because the side is even.
func TestKonaneRemovals6x6(t *testing.T) {
	g := mustKonane(t, 6)
	checkMoves(t, g.Moves(), []string{"xa1", "xc3", "xd4", "xf6"})
	playAll(t, g, "xa1")
	checkMoves(t, g.Moves(), []string{"xb1", "xa2"})
}

// A chain keeps its first direction: every prefix is a move, a turn
// is never allowed.
func TestKonaneChainSameDirection(t *testing.T) {
	g := mustKonane(t, 8)
	// Black c3; white c4, c6, d5 (a turn at c5 towards e5 would be
	// possible if chains could turn), c8 (not jumpable: the board ends
	// after it); black e5 blocks nothing.
	if err := g.SetPosition([]string{"c3"}, []string{"c4", "c6", "d5", "c8"}, 2); err != nil {
		t.Fatal(err)
	}
	checkMoves(t, g.Moves(), []string{"c3-c5", "c3-c5-c7"})
	// White to move: d5 jumps nothing (c5 empty, e5 empty); c4 over c3
	// south to c2; c6 and c8 nothing.
	g.ply = 3
	checkMoves(t, g.Moves(), []string{"c4-c2"})
}

// No legal move loses; capturing counts for the remover.
func TestKonaneEnd(t *testing.T) {
	g := mustKonane(t, 6)
	if err := g.SetPosition([]string{"a1", "f6"}, []string{"a2"}, 2); err != nil {
		t.Fatal(err)
	}
	checkMoves(t, g.Moves(), []string{"a1-a3"})
	if g.Over() || g.Winners() != nil || g.Reason() != "" {
		t.Fatal("over too early")
	}
	playAll(t, g, "a1-a3")
	if !g.Over() || !slices.Equal(g.Winners(), []int{0}) || g.Reason() != "no move" {
		t.Fatalf("over %v winners %v reason %q", g.Over(), g.Winners(), g.Reason())
	}
	if !slices.Equal(g.Captures(), []int{1, 0}) || g.Scores() != nil {
		t.Fatalf("captures %v scores %v", g.Captures(), g.Scores())
	}
	if err := g.Play("a3-a5"); err == nil {
		t.Fatal("a move after the end was accepted")
	}
}

// Random games on every size: the bulk count equals the list's length,
// and make/unmake restores the position.
func TestKonaneRandomGames(t *testing.T) {
	for size := 6; size <= 16; size += 2 {
		g := mustKonane(t, size)
		rng := rand.New(rand.NewPCG(uint64(size), 3))
		for !g.Over() {
			ml := g.gen(nil)
			if g.count() != len(ml) {
				t.Fatalf("size %d ply %d: count %d, list %d", size, g.ply, g.count(), len(ml))
			}
			before := *g
			for _, mv := range ml {
				g.make(mv)
				g.unmake(mv)
			}
			if g.cell != before.cell || g.caps != before.caps || g.ply != before.ply {
				t.Fatalf("size %d ply %d: unmake does not restore", size, g.ply)
			}
			playAll(t, g, g.Moves()[rng.IntN(len(ml))])
		}
		if c := g.Captures(); c[0]+c[1] < 2 || g.ply < 2 {
			t.Errorf("size %d: game of %d plies, captures %v", size, g.ply, c)
		}
	}
}
