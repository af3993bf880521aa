package oracle

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// Published figures (games.md §10): depths 1-9 (7 under -short).
func TestEnglishDraughtsPerft(t *testing.T) {
	want := []uint64{7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680}
	if testing.Short() {
		want = want[:7]
	}
	g := NewEnglishDraughts()
	for d, w := range want {
		if got := g.Perft(d + 1); got != w {
			t.Errorf("perft(%d) = %d, want %d", d+1, got, w)
		}
	}
}

func englishDraughtsAt(t *testing.T, pieces map[string]string, ply int) *EnglishDraughts {
	t.Helper()
	g := NewEnglishDraughts()
	if err := g.SetPosition(pieces, ply); err != nil {
		t.Fatal(err)
	}
	return g
}

// Captures are compulsory, any chain may be chosen but it goes on while
// it can; men capture forward only, kings both ways; a jumped piece is
// not jumped twice and blocks until the move ends.
func TestEnglishDraughtsCaptures(t *testing.T) {
	// Black man c3; white d4 and d6 (c3-e5 then e5 over d6 to c7), white
	// b4 (c3-a5); black e1 could step but a capture exists.
	g := englishDraughtsAt(t, map[string]string{"c3": "b", "e1": "b", "d4": "w", "d6": "w", "b4": "w"}, 0)
	checkMoves(t, sortedStrings(g.Moves()), []string{"c3-a5", "c3-e5-c7"})
	// A man does not capture backwards: white b2 behind black c3 is safe
	// from it; the black king f2 takes e3 (and then nothing), so the man
	// may not step either.
	g = englishDraughtsAt(t, map[string]string{"c3": "b", "b2": "w", "f2": "B", "e3": "w"}, 0)
	checkMoves(t, sortedStrings(g.Moves()), []string{"f2-d4"})
	// A king's chain around four men: each is jumped once, the start
	// cell is free again (d2-b4-d6-f4-d2).
	g = englishDraughtsAt(t, map[string]string{"d2": "B", "c3": "w", "c5": "w", "e5": "w", "e3": "w", "h8": "w"}, 0)
	checkMoves(t, sortedStrings(g.Moves()), []string{"d2-b4-d6-f4-d2", "d2-f4-d6-b4-d2"})
	playAll(t, g, "d2-b4-d6-f4-d2")
	if m := g.Material(); !slices.Equal(m, []int{3, 1}) {
		t.Errorf("material after the loop %v", m)
	}
}

// A man reaching the far rank is crowned and the move ends; a player
// with no move loses.
func TestEnglishDraughtsCrowningAndEnd(t *testing.T) {
	g := englishDraughtsAt(t, map[string]string{"b6": "b", "c7": "w", "a1": "w"}, 0)
	checkMoves(t, g.Moves(), []string{"b6-d8"})
	playAll(t, g, "b6-d8")
	if g.cell[ckIndex(3, 7)] != ckKing {
		t.Errorf("d8 holds %d, want a black king", g.cell[ckIndex(3, 7)])
	}
	// White's a1 cannot move south: no move, black wins.
	if !g.Over() || g.Reason() != "no move" || !slices.Equal(g.Winners(), []int{0}) {
		t.Fatalf("over %v reason %q winners %v", g.Over(), g.Reason(), g.Winners())
	}
}

// Random games: texts distinct, Perft leaves the position unchanged.
func TestEnglishDraughtsRandomGames(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		g := NewEnglishDraughts()
		rng := rand.New(rand.NewPCG(seed, 7))
		for !g.Over() && g.ply < 300 {
			ms := g.Moves()
			if len(slices.Compact(sortedStrings(ms))) != len(ms) {
				t.Fatalf("seed %d ply %d: a text twice: %v", seed, g.ply, ms)
			}
			before := *g
			g.Perft(2)
			if g.cell != before.cell || g.ply != before.ply {
				t.Fatalf("seed %d ply %d: Perft changed the position", seed, g.ply)
			}
			playAll(t, g, ms[rng.IntN(len(ms))])
		}
	}
}
