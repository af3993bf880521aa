package interp

import (
	"slices"
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/lang"
)

// Fox and Hounds (testdata/unseen/fox-and-hounds.rules), a file nobody
// tuned for: steps alone, two players with different pieces and
// directions, a goal for one side only.

const foxHoundsFile = "testdata/unseen/fox-and-hounds.rules"

// TestFoxHoundsPerft checks perft against counts made by hand, with and
// without accelerators. Depth 1: the fox from e1 to d2 or f2. Depth 2:
// seven hound steps (b8 and d8 and f8 two each, h8 one). Depth 3: four
// fox steps from d2 or f2 whatever the hounds did. Depth 4: after each of
// the seven hound steps the hounds have 6, 6, 6, 6, 6, 6 and 7 steps
// (43), so 2*4*43. Depth 5: the fox's four cells at depth 3 give 2, 2,
// 4, 4 steps from d2's and f2's alike (12 each): 43*24. Depth 6 is the
// reference walker's count.
func TestFoxHoundsPerft(t *testing.T) {
	want := []uint64{2, 14, 56, 344, 1032, 6264}
	for _, cfg := range []core.Config{{}, {Disable: disableAll(true)}} {
		p := loadFile(t, foxHoundsFile, nil, cfg)
		for d, n := range want {
			if got := p.Perft(p.NewState(0), d+1); got != n {
				t.Errorf("disable %v: perft(%d) = %d, want %d", cfg.Disable, d+1, got, n)
			}
		}
	}
}

// TestFoxHoundsEqualsGeneric plays random games with and without
// accelerators: the same move lists at every ply, counts, selections,
// results and playouts.
func TestFoxHoundsEqualsGeneric(t *testing.T) {
	fast := loadFile(t, foxHoundsFile, nil, core.Config{})
	slow := loadFile(t, foxHoundsFile, nil, core.Config{Disable: disableAll(true)})
	checkEquiv(t, fast, slow, 20, 100)
	for seed := uint64(0); seed < 20; seed++ {
		if a, b := playoutTrace(fast, seed), playoutTrace(slow, seed); a != b {
			t.Errorf("seed %d: playout fast %s, generic %s", seed, a, b)
		}
	}
}

// foxHoundsAt is the game with the fox and the hounds on other cells (the
// fox to move).
func foxHoundsAt(t *testing.T, fox string, hounds ...string) *gb {
	g, err := lang.Load(foxHoundsFile, nil)
	if err != nil {
		t.Fatal(err)
	}
	return (&gb{t: t, g: g}).at(map[int][]string{0: {fox}, 1: hounds})
}

// TestFoxHoundsEnds checks the three ways the game ends: the fox reaches
// the far rank, the fox is trapped, the hounds are all blocked.
func TestFoxHoundsEnds(t *testing.T) {
	for _, p := range both(t, foxHoundsAt(t, "e7", "b8", "d8", "h8", "a3"), core.Config{}) {
		s := p.NewState(0)
		wantMoves(t, p, s, "e7-f8", "e7-f6", "e7-d6")
		play(t, p, s, "e7-f8")
		if st := p.Status(s); !st.Over || st.Reason != "goal" || !slices.Equal(st.Winners, []int{0}) {
			t.Errorf("fox on f8: %+v, want the fox wins by its goal", st)
		}
	}
	for _, p := range both(t, foxHoundsAt(t, "a1", "b2", "d8", "f8", "h8"), core.Config{}) {
		s := p.NewState(0)
		wantMoves(t, p, s)
		if st := p.Status(s); !st.Over || st.Reason != "no move" || !slices.Equal(st.Winners, []int{1}) {
			t.Errorf("fox trapped on a1: %+v, want the hounds win", st)
		}
	}
	for _, p := range both(t, foxHoundsAt(t, "h4", "a1", "c1", "e1", "g1"), core.Config{}) {
		s := p.NewState(0)
		play(t, p, s, "h4-g5")
		wantMoves(t, p, s)
		if st := p.Status(s); !st.Over || st.Reason != "no move" || !slices.Equal(st.Winners, []int{0}) {
			t.Errorf("hounds blocked: %+v, want the fox wins", st)
		}
	}
}
