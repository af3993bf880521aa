package oracle

import (
	"math/rand/v2"
	"testing"
)

// Crossings', Jumpwings', English draughts' and Breakthrough's Perft
// allocates nothing once its buffers have grown, and GenPerft (which plays
// and takes back every move, the last ply included) counts what Perft
// counts, from the start and along random games.
func TestPerftAllocFreeMore(t *testing.T) {
	for name, perft := range map[string]func(int) uint64{
		"crossings":          NewCrossings().Perft,
		"jumpwings":          NewJumpwings(JumpwingsOptions{}).Perft,
		"jumpwings-relative": NewJumpwings(JumpwingsOptions{Relative: true, Advanced: true}).Perft,
		"english draughts":   NewEnglishDraughts().Perft,
		"breakthrough":       NewBreakthrough().Perft,
	} {
		perft(3)
		if a := testing.AllocsPerRun(3, func() { perft(3) }); a != 0 {
			t.Errorf("%s: %.0f allocations per Perft(3)", name, a)
		}
	}
}

func TestGenPerftMore(t *testing.T) {
	type game interface {
		Perft(int) uint64
		GenPerft(int) uint64
		Moves() []string
		Play(string) error
		Over() bool
	}
	for name, fresh := range map[string]func() game{
		"crossings":          func() game { return NewCrossings() },
		"jumpwings":          func() game { return NewJumpwings(JumpwingsOptions{}) },
		"jumpwings-advanced": func() game { return NewJumpwings(JumpwingsOptions{Advanced: true, LongGoal: true}) },
		"jumpwings-relative": func() game { return NewJumpwings(JumpwingsOptions{Relative: true}) },
		"english draughts":   func() game { return NewEnglishDraughts() },
		"breakthrough":       func() game { return NewBreakthrough() },
	} {
		for seed := uint64(1); seed <= 2; seed++ {
			g := fresh()
			rng := rand.New(rand.NewPCG(seed, 8))
			for ply := 0; ply < 150 && !g.Over(); ply++ {
				if ply%10 == 0 {
					moves := g.Moves()
					for d := 1; d <= 3; d++ {
						if a, b := g.GenPerft(d), g.Perft(d); a != b {
							t.Fatalf("%s seed %d ply %d: GenPerft(%d) %d, Perft %d", name, seed, ply, d, a, b)
						}
					}
					if after := g.Moves(); len(after) != len(moves) {
						t.Fatalf("%s seed %d ply %d: the perfts changed the position", name, seed, ply)
					}
				}
				ms := g.Moves()
				if err := g.Play(ms[rng.IntN(len(ms))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}
