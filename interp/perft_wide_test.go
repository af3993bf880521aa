package interp

import (
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
)

// TestPerftWideFastEqualsGeneric checks Perft with and without fast paths
// on boards of more than 64 cells (several bitset words), from positions
// along random games: with few empty cells (counted from the landings),
// and later with many (counted from the pieces), with optional and
// compulsory chains, orthogonal and diagonal jumps.
func TestPerftWideFastEqualsGeneric(t *testing.T) {
	type tc struct {
		name string
		b    *gb
	}
	cases := []tc{
		{"leapfrog9", leapFrog(t, 9, 9, 2, false, false)},
		{"leapfrog15", leapFrog(t, 15, 15, 2, false, false)},
		{"leapfrog11-diag", leapFrog(t, 11, 11, 3, true, false)},
	}
	comp := leapFrog(t, 10, 10, 2, false, false)
	for i := range comp.g.Moves {
		if comp.g.Moves[i].Action == ir.Leap {
			comp.g.Moves[i].Chain = ir.ChainCompulsory
		}
	}
	cases = append(cases, tc{"leapfrog10-compulsory", comp})
	plies := []int{2, 3, 6, 20, 45, 80}
	if testing.Short() {
		plies = []int{3, 45}
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			progs := both(t, c.b, core.Config{})
			fast, slow := progs[0], progs[1]
			if fast.NumWords < 2 {
				t.Fatalf("board on %d word(s)", fast.NumWords)
			}
			for _, n := range plies {
				sf, ss := midgame(fast, n, uint64(n)), midgame(slow, n, uint64(n))
				for depth := 1; depth <= 3; depth++ {
					if a, b := fast.Perft(sf, depth), slow.Perft(ss, depth); a != b {
						t.Fatalf("after %d plies, perft %d: fast %d generic %d\n%s", n, depth, a, b, fast.Render(sf))
					}
				}
			}
		})
	}
	// Froglet (12x12, scored colours, one removal then captures).
	g := loadGame(t, "froglet.rules", nil)
	fast, err := Compile(g, core.Config{})
	if err != nil {
		t.Fatal(err)
	}
	slow, err := Compile(loadGame(t, "froglet.rules", nil), core.Config{Disable: []string{"all"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range plies {
		sf, ss := midgame(fast, n, uint64(n)), midgame(slow, n, uint64(n))
		for depth := 1; depth <= 3; depth++ {
			if a, b := fast.Perft(sf, depth), slow.Perft(ss, depth); a != b {
				t.Fatalf("froglet after %d plies, perft %d: fast %d generic %d", n, depth, a, b)
			}
		}
	}
}
