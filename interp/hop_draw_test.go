package interp

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/core"
)

// hop-draw (accel/hop_draw.go) and the kept hop sets (hop_kept.go)
// against the reference walkers, on rules files written for them
// (testdata/hopdraw): a square board of eight directions whose two rules
// have guards and whose steps land on fewer cells than the jumps; the
// star for four players with the jumps listed first; jumps alone on a
// small hex board; boards whose sets take three words and one; chains
// of steps.
var hopDrawFiles = []string{
	"testdata/hopdraw/guarded.rules",
	"testdata/hopdraw/star4.rules",
	"testdata/hopdraw/jumps.rules",
	"testdata/hopdraw/wide.rules",
	"testdata/hopdraw/small.rules",
	"testdata/hopdraw/crawl.rules",
}

// TestHopDrawPlanned checks that every file's tier is drawn by hop-draw,
// and that switching it off takes it out of the plan with the reason.
func TestHopDrawPlanned(t *testing.T) {
	for _, file := range hopDrawFiles {
		p := loadFile(t, file, nil, core.Config{})
		tiers := Explain(p).Tiers
		if len(tiers) != 1 || !slices.Contains(tiers[0].Accelerators, "hop-draw") || tiers[0].Runs != "count: generators (count); draw: hop-draw" {
			t.Errorf("%s: tiers %+v, want one drawn by hop-draw", file, tiers)
		}
		off := loadFile(t, file, nil, core.Config{Disable: []string{"hop-draw"}})
		tiers = Explain(off).Tiers
		if slices.Contains(tiers[0].Accelerators, "hop-draw") || !slices.Contains(tiers[0].Declined, "hop-draw: disabled (--disable hop-draw)") {
			t.Errorf("%s: hop-draw off: accelerators %q, declined %q", file, tiers[0].Accelerators, tiers[0].Declined)
		}
	}
}

// TestHopDrawEqualsGeneric plays random games of the files with and
// without fast paths: the same moves in the same order at every ply,
// counted and selected alike (checkEquiv), the same perft counts, and
// the same random playouts with hop-draw, without it and without fast
// paths.
func TestHopDrawEqualsGeneric(t *testing.T) {
	games, plies, seeds := 3, 300, uint64(6)
	if testing.Short() {
		games, plies, seeds = 1, 150, 3
	}
	for _, file := range hopDrawFiles {
		fast := loadFile(t, file, nil, core.Config{MaxPlies: 400})
		slow := loadFile(t, file, nil, core.Config{MaxPlies: 400, Disable: disableAll(true)})
		off := loadFile(t, file, nil, core.Config{MaxPlies: 400, Disable: []string{"hop-draw"}})
		checkEquiv(t, fast, slow, games, plies)
		for d := 1; d <= 3; d++ {
			if a, b := fast.Perft(fast.NewState(0), d), slow.Perft(slow.NewState(0), d); a != b {
				t.Errorf("%s: perft(%d) fast %d, generic %d", file, d, a, b)
			}
		}
		for seed := range seeds {
			a, b, c := playoutTrace(fast, seed), playoutTrace(slow, seed), playoutTrace(off, seed)
			if a != b || a != c {
				t.Errorf("%s seed %d: playout with hop-draw %s\ngeneric %s\nwithout hop-draw %s", file, seed, a, b, c)
			}
		}
	}
}

// TestHopDrawSelectsEveryMove plays random games of the files and the
// bundled star for six and, at every ply, selects each move the drawer
// counted: move i is Legal's move i, for every i.
func TestHopDrawSelectsEveryMove(t *testing.T) {
	plies := 250
	if testing.Short() {
		plies = 100
	}
	cases := append(slices.Clone(hopDrawFiles), "../games/chinese-checkers.rules")
	for _, file := range cases {
		var opts map[string]string
		if file == "../games/chinese-checkers.rules" {
			opts = map[string]string{"players": "6"}
		}
		p := loadFile(t, file, opts, core.Config{MaxPlies: 400})
		s := p.NewState(1)
		rng := rand.New(rand.NewPCG(1, 3))
		var ml core.MoveList
		for ply := 0; ply < plies; ply++ {
			checkCountSelect(t, p, s, 0)
			if p.Legal(s, &ml); ml.Len() == 0 {
				break
			}
			p.Apply(s, &ml, rng.IntN(ml.Len()))
		}
	}
}

// TestKeptHopSets plays random games of the files and checks, at every
// ply, the moves counted with the hop sets kept from one generation to
// the next against those counted with the components searched anew
// (kept-components off) and Legal's.
func TestKeptHopSets(t *testing.T) {
	plies := 300
	if testing.Short() {
		plies = 120
	}
	for _, file := range hopDrawFiles {
		p := loadFile(t, file, nil, core.Config{MaxPlies: 400})
		anew := loadFile(t, file, nil, core.Config{MaxPlies: 400, Disable: []string{"kept-components"}})
		for seed := range uint64(3) {
			rng := rand.New(rand.NewPCG(seed, 5))
			s, sa := p.NewState(seed), anew.NewState(seed)
			var ml, mla core.MoveList
			for ply := 0; ply < plies; ply++ {
				n, _ := p.CountRuleMoves(s, &ml, true)
				na, _ := anew.CountRuleMoves(sa, &mla, true)
				if p.Legal(s, &ml); n != na || n != ml.Len() {
					t.Fatalf("%s seed %d ply %d: counted %d, anew %d, Legal %d\n%s", file, seed, ply, n, na, ml.Len(), p.Render(s))
				}
				if n == 0 {
					break
				}
				i := rng.IntN(n)
				anew.Legal(sa, &mla)
				p.Apply(s, &ml, i)
				anew.Apply(sa, &mla, i)
			}
		}
	}
}
