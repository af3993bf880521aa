package interp

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/accel"
	"github.com/ruleplay/ruleplay/interp/internal/core"
)

// Kept hop components (hop_kept.go), against the components searched
// anew in every generation and against Legal.

// TestKeptComponents plays random games of the hop races and, at every
// ply, checks the count pass's total and per-piece counts with kept
// components against those with components searched anew
// (--disable kept-components) and the total against Legal's moves; and
// that the plan names the unit on the chains and says why it declines.
func TestKeptComponents(t *testing.T) {
	games, plies := 3, 250
	if testing.Short() {
		games, plies = 1, 150
	}
	kept := 0
	for _, tc := range hopCases {
		p := loadFile(t, tc.file, tc.opts, core.Config{MaxPlies: 400})
		anew := loadFile(t, tc.file, tc.opts, core.Config{MaxPlies: 400, Disable: []string{"kept-components"}})
		for _, r := range Explain(p).Rules {
			if slices.Contains(r.Accelerators, "kept-components") {
				kept++
			}
		}
		for _, r := range Explain(anew).Rules {
			if slices.Contains(r.Accelerators, "kept-components") || (r.Name == "jump" && !slices.Contains(r.Declined, "kept-components: disabled (--disable kept-components)")) {
				t.Errorf("%s: without kept-components, rule %s: accelerators %q, declined %q", tc.file, r.Name, r.Accelerators, r.Declined)
			}
		}
		for seed := uint64(0); seed < uint64(games); seed++ {
			rng := rand.New(rand.NewPCG(seed, 9))
			s, sa := p.NewState(seed), anew.NewState(seed)
			var ml, mla core.MoveList
			for ply := 0; ply < plies; ply++ {
				n, na := p.CountLegal(s, &ml), anew.CountLegal(sa, &mla)
				p.Legal(s, &ml)
				if n != na || n != ml.Len() {
					t.Fatalf("%s %v seed %d ply %d: counted %d, anew %d, Legal %d\n%s", tc.file, tc.opts, seed, ply, n, na, ml.Len(), p.Render(s))
				}
				if n == 0 {
					break
				}
				for ri := range p.Rules {
					if accel.ScratchOf(s).Hop == nil || len(accel.ScratchOf(s).Hop.Counts) <= ri || accel.ScratchOf(sa).Hop == nil || len(accel.ScratchOf(sa).Hop.Counts) <= ri {
						continue
					}
					if a, b := accel.ScratchOf(s).Hop.Counts[ri].Pieces, accel.ScratchOf(sa).Hop.Counts[ri].Pieces; !slices.Equal(a, b) {
						t.Fatalf("%s %v seed %d ply %d rule %s: counts %v, anew %v", tc.file, tc.opts, seed, ply, p.Rules[ri].Name, a, b)
					}
				}
				i := rng.IntN(n)
				p.Apply(s, &ml, i)
				anew.Legal(sa, &mla)
				anew.Apply(sa, &mla, i)
				if p.Status(s).Over {
					break
				}
			}
		}
	}
	if kept == 0 {
		t.Error("no rule keeps its components")
	}
	p := loadFile(t, "../games/conspirateurs.rules", nil, core.Config{})
	for _, r := range Explain(p).Rules {
		if slices.Contains(r.Accelerators, "kept-components") {
			t.Errorf("conspirateurs rule %s keeps components (its jumps stop on shelters)", r.Name)
		}
		declined := slices.Contains(r.Declined, "kept-components: its chains are not counted by shared hop components (its chain stop makes the hops one-way)")
		if declined != (r.Name == "jump") {
			t.Errorf("conspirateurs rule %s: declined %q", r.Name, r.Declined)
		}
	}
}
