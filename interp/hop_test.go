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

// The hop table (strat_hop.go), inside locks as landing sets (lock.go)
// and tiers whose moves never share their ends (ends_unique.go), against
// the reference walkers (Config{Disable: disableAll(true)}: the generic walker for
// steps, reachability for chains named by their ends, both tiers merged).

// hopCases are the rules files of hop races: the bundled star for every
// number of players, and three files nobody tuned for (testdata/unseen: a
// square board with eight directions, a small hex board whose jumps go
// over enemies alone, a star of three with a second lock on its middle).
var hopCases = []struct {
	file string
	opts map[string]string
}{
	{"../games/chinese-checkers.rules", map[string]string{"players": "2"}},
	{"../games/chinese-checkers.rules", map[string]string{"players": "3"}},
	{"../games/chinese-checkers.rules", map[string]string{"players": "4"}},
	{"../games/chinese-checkers.rules", map[string]string{"players": "6"}},
	{"testdata/unseen/halma8.rules", nil},
	{"testdata/unseen/hexhop.rules", nil},
	{"testdata/unseen/star3lock.rules", nil},
}

func loadFile(t *testing.T, file string, opts map[string]string, cfg core.Config) *core.Program {
	t.Helper()
	g, err := lang.Load(file, opts)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	p, err := Compile(g, cfg)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return p
}

// TestHopEqualsGeneric plays random games of the hop races with and
// without fast paths: the same move lists in the same order at every ply
// (checkEquiv: counts and selected moves too, results, undo), the same
// perft counts and the same random playouts.
func TestHopEqualsGeneric(t *testing.T) {
	games, plies := 4, 300
	if testing.Short() {
		games, plies = 2, 120
	}
	for _, tc := range hopCases {
		fast := loadFile(t, tc.file, tc.opts, core.Config{MaxPlies: 400})
		slow := loadFile(t, tc.file, tc.opts, core.Config{MaxPlies: 400, Disable: disableAll(true)})
		checkEquiv(t, fast, slow, games, plies)
		for d := 1; d <= 3; d++ {
			if a, b := fast.Perft(fast.NewState(0), d), slow.Perft(slow.NewState(0), d); a != b {
				t.Errorf("%s %v: perft(%d) fast %d, generic %d", tc.file, tc.opts, d, a, b)
			}
		}
		for seed := uint64(0); seed < 3; seed++ {
			if a, b := playoutTrace(fast, seed), playoutTrace(slow, seed); a != b {
				t.Errorf("%s %v seed %d: playout fast %s, generic %s", tc.file, tc.opts, seed, a, b)
			}
		}
	}
}

// playoutTrace plays a random playout from the start and renders where it
// ended and how.
func playoutTrace(p *core.Program, seed uint64) string {
	s := p.NewState(seed)
	var ml core.MoveList
	n := p.RandomPlayout(s, rand.New(rand.NewPCG(seed, 11)), &ml, 0)
	return fmt.Sprintf("%d plies, %+v\n%s", n, p.Status(s), p.Render(s))
}

// TestHopPlanned checks that the planner gives the hop races' rules the
// hop table and proves their tiers' ends unique, and says why it does not
// without fast paths.
func TestHopPlanned(t *testing.T) {
	for _, tc := range hopCases {
		p := loadFile(t, tc.file, tc.opts, core.Config{})
		for _, r := range Explain(p).Rules {
			want := "hop table"
			if r.Name == "step" && strings.HasSuffix(tc.file, "hexhop.rules") {
				want = "step table" // no lock: the step table serves it
			}
			if r.Strategy != want {
				t.Errorf("%s %v: rule %s: strategy %q, want %q", tc.file, tc.opts, r.Name, r.Strategy, want)
			}
			if slices.ContainsFunc(r.Notes, func(n string) bool { return strings.Contains(n, "inside lock") }) {
				t.Errorf("%s: rule %s: notes %q say a lock sends it to the generic walker", tc.file, r.Name, r.Notes)
			}
		}
		if tp := Explain(p).Tiers[0]; !tp.UniqueEnds || tp.Dedup {
			t.Errorf("%s %v: tier %+v: ends not proved unique", tc.file, tc.opts, tp)
		}
		slow := loadFile(t, tc.file, tc.opts, core.Config{Disable: disableAll(true)})
		for _, r := range Explain(slow).Rules {
			if r.Strategy == "hop table" {
				t.Errorf("%s without fast paths: rule %s has the hop table", tc.file, r.Name)
			}
		}
		if tp := Explain(slow).Tiers[0]; tp.UniqueEnds || !tp.Dedup {
			t.Errorf("%s without fast paths: tier %+v not merged", tc.file, tp)
		}
	}
}

// TestHopLockedMoves pins the moves of a position of the star where the
// inside lock decides: p1's marble on b14 is in its goal (the top point):
// it steps and jumps inside it (d14, b16) but not over f13 or g13 out of
// it (e12, g12); the one on f13 is not in it and steps into it (a14).
// Steps come first, then jumps, each by cell; a jump back onto the
// start (lifted) is no move.
func TestHopLockedMoves(t *testing.T) {
	progs, states := at(t, "chinese-checkers.rules", nil, 0,
		"b14 p1 marble", "c14 p2 marble", "b15 p2 marble", "g13 p2 marble", "f13 p1 marble", "e13 p2 marble")
	var lists [2][]string
	for i, p := range progs {
		var ml core.MoveList
		p.Legal(states[i], &ml)
		lists[i] = texts(p, &ml)
	}
	if !slices.Equal(lists[0], lists[1]) {
		t.Fatalf("fast %v\ngeneric %v", lists[0], lists[1])
	}
	want := []string{"f13-a14", "f13-e12", "f13-f12", "b14-a15", "b14-a14", "f13-h13", "f13-d13", "b14-d14", "b14-b16"}
	if !slices.Equal(lists[0], want) {
		t.Errorf("moves %v, want %v", lists[0], want)
	}
}

// TestEndsUniqueDeclines: a slide of two cells can land where a chain of
// short jumps does; the tier is then merged (and its moves are still the
// reference's).
func TestEndsUniqueDeclines(t *testing.T) {
	src := `game: "Long Steps"
board { shape: square(6x6) }
player red { forward: north }
player blue { forward: south }
piece stone {}
setup red { stone: a1 b1 c1 d1 e1 f1 b2 d2 }
setup blue { stone: a6 b6 c6 d6 e6 f6 c5 e5 }
jump slide { dirs: all; length: 2; over: empty; text: ends }
jump { dirs: all; over: occupied; chain: optional; text: ends }
end { no-move: pass; passes: 2 }
`
	fast := loadSrc(t, "long-steps", src, core.Config{MaxPlies: 120})
	slow := loadSrc(t, "long-steps", src, core.Config{MaxPlies: 120, Disable: disableAll(true)})
	if tp := Explain(fast).Tiers[0]; tp.UniqueEnds || !tp.Dedup {
		t.Errorf("tier %+v: ends proved unique where slides of two land like jumps", tp)
	}
	if why := uniqueEndsDecline(fast, fast.Tiers[0].Rules); !strings.Contains(why, "may land where") {
		t.Errorf("decline %q", why)
	}
	checkEquiv(t, fast, slow, 3, 120)
}

// TestLattice checks the lattice test of ends_unique.go: the hex
// directions in half-cell units, the eight square ones, a line.
func TestLattice(t *testing.T) {
	hex := accel.LatticeBasis([][2]int{{2, 0}, {1, 1}, {-1, 1}, {-2, 0}, {-1, -1}, {1, -1}})
	for _, c := range [][2]int{{2, 0}, {1, 1}, {3, 1}, {0, 2}, {4, 0}, {1, 0}, {0, 1}, {2, 1}} {
		if got, want := hex.Holds(c[0], c[1]), (c[0]+c[1])%2 == 0; got != want {
			t.Errorf("hex lattice holds(%d, %d) = %v", c[0], c[1], got)
		}
	}
	// A step (2,0) or (1,1) is not twice a hex vector: x+y = 2 mod 4.
	for _, v := range [][2]int{{2, 0}, {1, 1}, {-1, 1}} {
		if v[0]%2 == 0 && v[1]%2 == 0 && hex.Holds(v[0]/2, v[1]/2) {
			t.Errorf("step %v is twice a vector of the hex lattice", v)
		}
	}
	sq := accel.LatticeBasis([][2]int{{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}})
	if !sq.Holds(3, -5) || !sq.Holds(0, 0) {
		t.Error("square lattice misses a point")
	}
	diag := accel.LatticeBasis([][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}})
	if diag.Holds(1, 0) || !diag.Holds(2, 0) || !diag.Holds(3, 1) {
		t.Error("diagonal lattice: wrong parity")
	}
	line := accel.LatticeBasis([][2]int{{0, 3}, {0, -6}})
	if !line.Holds(0, 9) || line.Holds(0, 4) || line.Holds(1, 0) {
		t.Error("vertical line lattice")
	}
	none := accel.LatticeBasis(nil)
	if !none.Holds(0, 0) || none.Holds(0, 1) {
		t.Error("empty lattice")
	}
}

// TestHopLongLeaps: the hop table's leaps of three cells (two passed
// over: the first in the table entry, the second in overRest), single
// under a lock and in chains, on a square board with a lock per player
// and one shared; the same moves as the reference walkers.
func TestHopLongLeaps(t *testing.T) {
	src := `game: "Long Hops"
board { shape: square(7x7) }
player red { forward: north }
player blue { forward: south }
piece stone {}
zone camp {
  red: a1 b1 c1 d1 e1 f1 g1 a2 b2 c2 d2 e2 f2 g2
  blue: mirror(red)
}
zone goal: mirror(camp)
zone middle: c3 d3 e3 c4 d4 e4 c5 d5 e5
setup each { stone: camp }
jump vault { dirs: all; length: 3; over: occupied; text: ends }
jump bound { dirs: orthogonal; length: 3; over: enemy or empty; chain: optional; text: ends }
lock goal: inside
lock middle: inside
end { win: every(own, in goal); no-move: pass; passes: 2 }
`
	fast := loadSrc(t, "long-hops", src, core.Config{MaxPlies: 200})
	slow := loadSrc(t, "long-hops", src, core.Config{MaxPlies: 200, Disable: disableAll(true)})
	for _, r := range Explain(fast).Rules {
		if r.Strategy != "hop table" {
			t.Errorf("rule %s: strategy %q", r.Name, r.Strategy)
		}
	}
	checkEquiv(t, fast, slow, 4, 200)
	for d := 1; d <= 3; d++ {
		if a, b := fast.Perft(fast.NewState(0), d), slow.Perft(slow.NewState(0), d); a != b {
			t.Errorf("perft(%d) fast %d, generic %d", d, a, b)
		}
	}
}

// TestHopChainStop: Conspirateurs' jumps (chains named by their ends that
// stop on a shelter) get the hop table, whose chains stop on the cells
// of the chain stop; its moves are the reference's along long random
// games (drops first, then steps and jumps).
func TestHopChainStop(t *testing.T) {
	fast := load(t, "conspirateurs.rules", nil, core.Config{MaxPlies: 400})
	slow := load(t, "conspirateurs.rules", nil, core.Config{MaxPlies: 400, Disable: disableAll(true)})
	for _, r := range Explain(fast).Rules {
		if r.Name == "jump" && r.Strategy != "hop table" {
			t.Errorf("jump: strategy %q, notes %q", r.Strategy, r.Notes)
		}
	}
	games, plies := 3, 400
	if testing.Short() {
		games, plies = 1, 200
	}
	checkEquiv(t, fast, slow, games, plies)
}

// TestHopTablesBySets checks the hop table's shortcuts against what they
// replace: a lock holds a start (lockMasks.holds, a bit test) exactly
// when it has landings for it; a rule whose sources are read off the
// occupancy sets (hopRule.sources nil) moves every piece code of the
// slots it selects; steps make their sets with hopStepSets.
func TestHopTablesBySets(t *testing.T) {
	locked, bySets := 0, 0
	for _, tc := range hopCases {
		p := loadFile(t, tc.file, tc.opts, core.Config{})
		for ri := range p.Rules {
			r := &p.Rules[ri]
			h := accel.Tables(r).Hop
			if h == nil {
				continue
			}
			for mv := 0; mv < p.Players; mv++ {
				for c := 0; c < p.NumCells; c++ {
					if got, want := h.Locks.Holds(mv, int(p.BitOf[c])), h.Locks.Landings(mv, c) != nil; got != want {
						t.Fatalf("%s rule %s mover %d cell %d: holds %v, landings %v", tc.file, r.Name, mv, c, got, want)
					}
					if h.Locks.Holds(mv, int(p.BitOf[c])) {
						locked++
					}
				}
				for code := 1; code < p.Ncodes && h.Sources == nil; code++ {
					if r.SrcSlots[mv]>>uint(p.CodeSlot[code])&1 != 0 && !r.SrcOK[mv*p.Ncodes+code] {
						t.Fatalf("%s rule %s: sources by occupancy, but code %d is not moved", tc.file, r.Name, code)
					}
				}
			}
			if h.Sources == nil {
				bySets++
			}
			if (h.L == 1) != (fmt.Sprintf("%p", h.PositionSets) == fmt.Sprintf("%p", accel.HopStepSets)) {
				t.Errorf("%s rule %s (length %d): the step sets chosen %v", tc.file, r.Name, h.L, h.L != 1)
			}
		}
	}
	if locked == 0 || bySets == 0 {
		t.Errorf("no lock held (%d) or no rule with sources by sets (%d)", locked, bySets)
	}
}

// TestHopSelectSetsPerRule plays a hop race whose step and jump land on
// different cells (a step may not enter its own base; a lock keeps the
// pieces in their goal, so that both rules are the hop table's) by counts, against
// the reference walkers: the select pass must take the landing set its
// own rule's count pass kept, not another rule's.
func TestHopSelectSetsPerRule(t *testing.T) {
	src, err := os.ReadFile("testdata/unseen/hexhop.rules")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(src), "step {\n  text: ends", "step {\n  onto: empty and not in base\n  text: ends", 1)
	text = strings.Replace(text, "end {", "lock goal: inside\n\nend {", 1) // (a step under a lock: the hop table's)
	if strings.Count(text, "\n") != strings.Count(string(src), "\n")+3 {
		t.Fatal("hexhop.rules: no step rule to restrict or no end")
	}
	load := func(cfg core.Config) *core.Program {
		g, err := lang.LoadSource("hexhop-steps.rules", []byte(text), nil)
		if err != nil {
			t.Fatal(err)
		}
		p, err := Compile(g, cfg)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	p, ref := load(core.Config{}), load(core.Config{Disable: []string{"all"}})
	if got := Explain(p).Playouts; got != "count, then build the one drawn" {
		t.Fatalf("playouts %q\n%+v", got, Explain(p))
	}
	for seed := uint64(0); seed < 20; seed++ {
		if a, b := playoutTrace(p, seed), playoutTrace(ref, seed); a != b {
			t.Fatalf("seed %d: playout %s, reference %s", seed, a, b)
		}
	}
}

// TestHopLongChainCounts: chains of leaps of three cells counted by
// shared hop components (firstLandingsLong, floodLong: Over on both cells
// passed over), each piece's count against Legal's moves.
func TestHopLongChainCounts(t *testing.T) {
	src := `game: "Long Bounds"
board { shape: square(7x7) }
player red { forward: north }
player blue { forward: south }
piece stone {}
zone camp {
  red: a1 b1 c1 d1 e1 f1 g1 a2 b2 c2 d2 e2 f2 g2
  blue: mirror(red)
}
zone goal: mirror(camp)
setup each { stone: camp }
jump bound { dirs: all; length: 3; over: enemy or empty; chain: optional; text: ends }
lock goal: inside
end { win: every(own, in goal); no-move: pass; passes: 2 }
`
	p := loadSrc(t, "long-bounds", src, core.Config{MaxPlies: 200})
	if h := accel.Tables(&p.Rules[0]).Hop; h == nil || h.CountRule == nil || h.L != 3 {
		t.Fatalf("the bounds are not counted by hop components (%+v)", h)
	}
	checkPieceCounts(t, "long-bounds", p, 2, 200)
}
