package interp

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// The hop table's moves counted piece by piece (hop_count.go), against
// the moves Legal lists.

// TestHopCountPieces plays random games of the hop races and, at every
// ply, checks each piece's count of a count pass (kept for the select
// pass) against the moves Legal lists for that rule and piece, in order:
// steps by population counts, chains by components shared by the
// mover's pieces (and by their own search under a lock or where the
// hops are one-way).
func TestHopCountPieces(t *testing.T) {
	games, plies := 3, 250
	if testing.Short() {
		games, plies = 1, 120
	}
	cases := append(slices.Clip(hopCases), struct {
		file string
		opts map[string]string
	}{"../games/conspirateurs.rules", nil}) // (jumps that stop on a shelter: each piece's own search)
	for _, tc := range cases {
		p := loadFile(t, tc.file, tc.opts, Config{MaxPlies: 400})
		var counted []int // rules with counts kept
		for ri := range p.rules {
			if h := p.rules[ri].hop; h != nil && h.count != nil && h.key != nil {
				counted = append(counted, ri)
			}
		}
		if len(counted) == 0 {
			t.Fatalf("%s %v: no rule counts its moves per piece", tc.file, tc.opts)
		}
		checked := 0
		for seed := uint64(0); seed < uint64(games); seed++ {
			rng := rand.New(rand.NewPCG(seed, 5))
			s := p.NewState(seed)
			var ml MoveList
			for ply := 0; ply < plies; ply++ {
				n := p.countLegal(s, &ml)
				p.Legal(s, &ml)
				if n != ml.Len() {
					t.Fatalf("%s %v seed %d ply %d: counted %d moves, Legal lists %d", tc.file, tc.opts, seed, ply, n, ml.Len())
				}
				if n == 0 {
					break
				}
				for _, ri := range counted {
					if s.hop == nil || len(s.hop.counts) <= ri {
						continue // (no hop rule generated yet)
					}
					rec := &s.hop.counts[ri]
					if rec.mover != s.toMove {
						continue // (the rule's tier was not counted here)
					}
					// Legal's moves of the rule, by start in order
					var want []int32
					last := uint32(1 << 31)
					for i := range ml.Len() {
						m := ml.moves[i]
						if int(m.rule) != ri {
							continue
						}
						if from := ml.arena[m.off]; from != last {
							want, last = append(want, 0), from
						}
						want[len(want)-1]++
					}
					var got []int32
					for _, c := range rec.pieces {
						if c != 0 {
							got = append(got, c)
						}
					}
					if !slices.Equal(got, want) {
						t.Fatalf("%s %v seed %d ply %d rule %s: counts per piece %v, Legal's %v\n%s",
							tc.file, tc.opts, seed, ply, p.rules[ri].name, got, want, p.Render(s))
					}
					checked++
				}
				p.Apply(s, &ml, rng.IntN(ml.Len()))
				if p.Status(s).Over {
					break
				}
			}
		}
		if checked == 0 {
			t.Errorf("%s %v: no count checked", tc.file, tc.opts)
		}
	}
}

// TestHopCountPlan checks how the plan names the counters, and that
// without hop-count the hop races list their moves again, with the same
// playouts.
func TestHopCountPlan(t *testing.T) {
	p := loadFile(t, "../games/chinese-checkers.rules", map[string]string{"players": "6"}, Config{})
	pl := p.Plan()
	wantNotes := map[string]string{
		"step": "moves counted per piece without being written: steps by population counts of the free neighbours",
		"jump": "moves counted per piece without being written: chains by hop components shared by the mover's pieces",
	}
	for _, r := range pl.Rules {
		if !slices.Contains(r.Notes, wantNotes[r.Name]) {
			t.Errorf("rule %s: notes %q, want %q", r.Name, r.Notes, wantNotes[r.Name])
		}
		if !slices.Contains(r.Accelerators, "hop-count") {
			t.Errorf("rule %s: accelerators %q, want hop-count", r.Name, r.Accelerators)
		}
	}
	if pl.Playouts != "count, then build the one drawn" {
		t.Errorf("playouts %q", pl.Playouts)
	}
	off := loadFile(t, "../games/chinese-checkers.rules", map[string]string{"players": "6"}, Config{Disable: []string{"hop-count"}})
	if got := off.Plan().Playouts; got != "legal list, then one drawn" {
		t.Errorf("without hop-count: playouts %q", got)
	}
	for _, r := range off.Plan().Rules {
		if !slices.ContainsFunc(r.Declined, func(d string) bool { return strings.HasPrefix(d, "hop-count: ") }) {
			t.Errorf("without hop-count: rule %s declined %q", r.Name, r.Declined)
		}
	}
	for seed := uint64(0); seed < 3; seed++ {
		if a, b := playoutTrace(p, seed), playoutTrace(off, seed); a != b {
			t.Errorf("seed %d: playout %s, without hop-count %s", seed, a, b)
		}
	}
	// A chain stop makes the hops one-way: each piece counted by its own
	// search (Conspirateurs' jumps stop on a shelter).
	c := loadFile(t, "../games/conspirateurs.rules", nil, Config{})
	for _, r := range c.Plan().Rules {
		if r.Name == "jump" && !slices.Contains(r.Notes, "moves counted per piece without being written: chains by each piece's search (its chain stop makes the hops one-way)") {
			t.Errorf("conspirateurs jump: notes %q", r.Notes)
		}
	}
}
