package interp

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/accel"
	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/lang"
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
		p := loadFile(t, tc.file, tc.opts, core.Config{MaxPlies: 400})
		checkPieceCounts(t, tc.file+" "+fmt.Sprint(tc.opts), p, games, plies)
	}
}

// TestHopStepCountsWords: the step counts per piece (freeNeighbours) on
// boards whose sets take one word and three, where the star's take two:
// Halma-like races of steps and chains under a lock, each piece's count
// against Legal's moves.
func TestHopStepCountsWords(t *testing.T) {
	games, plies := 3, 200
	if testing.Short() {
		games, plies = 1, 120
	}
	for _, tc := range []struct {
		size  string
		words int
	}{{"7x7", 1}, {"12x12", 3}} {
		src := `game: "Races"
board { shape: square(` + tc.size + `) }
player red { forward: north }
player blue { forward: south }
piece stone {}
zone camp {
  red: a1 b1 c1 d1 a2 b2 c2 a3 b3 a4
  blue: mirror(red)
}
zone goal: mirror(camp)
setup each { stone: camp }
step { dirs: all; text: ends }
jump { dirs: all; over: occupied; chain: optional; text: ends }
lock goal: inside
end { win: every(own, in goal); no-move: pass; passes: 2 }
`
		p := loadSrc(t, "races", src, core.Config{MaxPlies: 400})
		steps := accel.Tables(&p.Rules[0]).Hop
		if steps == nil || steps.CountRule == nil || steps.Words != tc.words {
			t.Fatalf("%s: the steps are not counted by the hop table on %d words (%+v)", tc.size, tc.words, steps)
		}
		checkPieceCounts(t, tc.size, p, games, plies)
	}
}

// checkPieceCounts plays random games of p and, at every ply, checks
// each piece's count of a count pass against the moves Legal lists for
// that rule and piece, in order.
func checkPieceCounts(t *testing.T, name string, p *core.Program, games, plies int) {
	t.Helper()
	var counted []int // rules with counts kept
	for ri := range p.Rules {
		if h := accel.Tables(&p.Rules[ri]).Hop; h != nil && h.Count != nil && h.Key != nil {
			counted = append(counted, ri)
		}
	}
	if len(counted) == 0 {
		t.Fatalf("%s: no rule counts its moves per piece", name)
	}
	checked := 0
	for seed := uint64(0); seed < uint64(games); seed++ {
		rng := rand.New(rand.NewPCG(seed, 5))
		s := p.NewState(seed)
		var ml core.MoveList
		for ply := 0; ply < plies; ply++ {
			n := p.CountLegal(s, &ml)
			p.Legal(s, &ml)
			if n != ml.Len() {
				t.Fatalf("%s seed %d ply %d: counted %d moves, Legal lists %d", name, seed, ply, n, ml.Len())
			}
			if n == 0 {
				break
			}
			for _, ri := range counted {
				if accel.ScratchOf(s).Hop == nil || len(accel.ScratchOf(s).Hop.Counts) <= ri {
					continue // (no hop rule generated yet)
				}
				rec := &accel.ScratchOf(s).Hop.Counts[ri]
				if rec.Mover != s.Mover {
					continue // (the rule's tier was not counted here)
				}
				// Legal's moves of the rule, by start in order
				var want []int32
				last := uint32(1 << 31)
				for i := range ml.Len() {
					m := ml.Moves[i]
					if int(m.Rule) != ri {
						continue
					}
					if from := ml.Arena[m.Off]; from != last {
						want, last = append(want, 0), from
					}
					want[len(want)-1]++
				}
				var got []int32
				for _, c := range rec.Pieces {
					if c != 0 {
						got = append(got, c)
					}
				}
				if !slices.Equal(got, want) {
					t.Fatalf("%s seed %d ply %d rule %s: counts per piece %v, Legal's %v\n%s",
						name, seed, ply, p.Rules[ri].Name, got, want, p.Render(s))
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
		t.Errorf("%s: no count checked", name)
	}
}

// TestHopCountPlan checks how the plan names the counters, and that
// without hop-count the hop races list their moves again, with the same
// playouts.
func TestHopCountPlan(t *testing.T) {
	p := loadFile(t, "../games/chinese-checkers.rules", map[string]string{"players": "6"}, core.Config{})
	pl := Explain(p)
	wantNotes := map[string]string{
		"step": "moves counted per piece without being written: steps by population counts of the free neighbours",
		"jump": "moves counted per piece without being written: chains by hop components shared by the mover's pieces; components kept from one generation to the next where their hops did not change",
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
	off := loadFile(t, "../games/chinese-checkers.rules", map[string]string{"players": "6"}, core.Config{Disable: []string{"hop-count"}})
	if got := Explain(off).Playouts; got != "legal list, then one drawn" {
		t.Errorf("without hop-count: playouts %q", got)
	}
	for _, r := range Explain(off).Rules {
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
	c := loadFile(t, "../games/conspirateurs.rules", nil, core.Config{})
	for _, r := range Explain(c).Rules {
		if r.Name == "jump" && !slices.Contains(r.Notes, "moves counted per piece without being written: chains by each piece's search (its chain stop makes the hops one-way)") {
			t.Errorf("conspirateurs jump: notes %q", r.Notes)
		}
	}
}

// oneWayHops is Hex Hop (testdata/unseen/hexhop.rules) with jumps over
// any stone, forward only: hops that cannot be taken back.
func oneWayHops(t *testing.T) string {
	t.Helper()
	src, err := os.ReadFile("testdata/unseen/hexhop.rules")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(src), "  over: enemy\n", "  over: occupied\n  dirs: forward\n", 1)
	if text == string(src) {
		t.Fatal("hexhop.rules: no jump over enemies to change")
	}
	return text
}

// TestHopCountOneWay: with one-way hops a cell reaches more than the
// cells that reach it, so the reach of a piece is not a union of shared
// components; each piece's own search counts it. A hand-built position
// where two white pieces reach c6 by different first landings (c2 over
// c3 to c4, e2 over e3 to e4, both on over c5 or d5 to c6): the second
// piece reaches 2 cells, not 1 (a component taken by the first); then
// random games, perft and playouts against the reference walkers.
func TestHopCountOneWay(t *testing.T) {
	text := oneWayHops(t)
	var lists [2][]string
	for i, noFast := range []bool{false, true} {
		g, err := lang.LoadSource("one-way.rules", []byte(text), nil)
		if err != nil {
			t.Fatal(err)
		}
		p, s := placed(t, g, noFast, "c2 white stone", "e2 white stone", "c3 black stone", "e3 black stone", "c5 black stone", "d5 black stone")
		var ml core.MoveList
		if n := p.CountLegal(s, &ml); n != 12 {
			t.Errorf("fast %v: counted %d moves, want 12\n%s", !noFast, n, p.Render(s))
		}
		p.Legal(s, &ml)
		lists[i] = texts(p, &ml)
	}
	want := []string{"c2-d2", "c2-d3", "c2-b2", "c2-b1", "c2-c1", "e2-f3", "e2-d2", "e2-d1", "c2-c4", "c2-c6", "e2-e4", "e2-c6"}
	if !slices.Equal(lists[0], want) || !slices.Equal(lists[1], want) {
		t.Errorf("moves %v, reference %v, want %v", lists[0], lists[1], want)
	}
	load := func(cfg core.Config) *core.Program {
		g, err := lang.LoadSource("one-way.rules", []byte(text), nil)
		if err != nil {
			t.Fatal(err)
		}
		p, err := Compile(g, cfg)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	fast, slow := load(core.Config{MaxPlies: 300}), load(core.Config{MaxPlies: 300, Disable: disableAll(true)})
	for _, r := range Explain(fast).Rules {
		if r.Name == "jump" && !slices.ContainsFunc(r.Notes, func(n string) bool { return strings.Contains(n, "one-way") }) {
			t.Errorf("jump: notes %q, want the one-way hops named", r.Notes)
		}
	}
	checkEquiv(t, fast, slow, 3, 200)
	for d := 1; d <= 3; d++ {
		if a, b := fast.Perft(fast.NewState(0), d), slow.Perft(slow.NewState(0), d); a != b {
			t.Errorf("perft(%d) fast %d, reference %d", d, a, b)
		}
	}
	for seed := uint64(0); seed < 10; seed++ {
		if a, b := playoutTrace(fast, seed), playoutTrace(slow, seed); a != b {
			t.Errorf("seed %d: playout %s, reference %s", seed, a, b)
		}
	}
}
