package accel

import (
	"math/rand/v2"
	"testing"
)

// TestStepDraw checks that step-playouts' draw is rng.IntN: the same
// numbers from the same draws, for counts of moves that are powers of
// two, small, and large enough to be redrawn now and then.
func TestStepDraw(t *testing.T) {
	ns := []int{1, 2, 3, 4, 5, 7, 8, 12, 13, 31, 32, 33, 64, 100, 255, 256, 1000, 1 << 20, 1<<40 + 7, 1<<62 + 1, 3 << 61}
	for seed := uint64(0); seed < 4; seed++ {
		a, b := rand.New(rand.NewPCG(seed, 9)), rand.New(rand.NewPCG(seed, 9))
		for _, n := range ns {
			for range 200 {
				if got, want := draw(a, n), b.IntN(n); got != want {
					t.Fatalf("seed %d: draw(%d) = %d, IntN %d", seed, n, got, want)
				}
			}
		}
	}
}
