package oracle

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// perftYAML reads the counts and ci depth of the first table of
// conformance/perft/<game>.yaml.
func perftYAML(t *testing.T, game string) (counts []uint64, ci int) {
	t.Helper()
	b, err := os.ReadFile("../perft/" + game + ".yaml")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^\s*ci: (\d+)\s*\n\s*counts: \[([0-9, ]+)\]`).FindSubmatch(b)
	if m == nil {
		t.Fatalf("%s.yaml: no ci and counts", game)
	}
	ci, _ = strconv.Atoi(string(m[1]))
	for _, f := range strings.Split(string(m[2]), ",") {
		n, err := strconv.ParseUint(strings.TrimSpace(f), 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		counts = append(counts, n)
	}
	return counts, ci
}

func TestRussianPerft(t *testing.T) {
	counts, ci := perftYAML(t, "draughts-russian")
	if testing.Short() {
		ci = min(ci, 6)
	}
	g := NewRussian()
	for d := 1; d <= ci; d++ {
		if got := g.Perft(d); got != counts[d-1] {
			t.Errorf("depth %d: %d, table %d", d, got, counts[d-1])
		}
	}
}

func TestTurkishPerft(t *testing.T) {
	counts, ci := perftYAML(t, "draughts-turkish")
	if testing.Short() {
		ci = min(ci, 5)
	}
	g := NewTurkish()
	for d := 1; d <= ci; d++ {
		if got := g.Perft(d); got != counts[d-1] {
			t.Errorf("depth %d: %d, table %d", d, got, counts[d-1])
		}
	}
}

func russianAt(t *testing.T, ply int, pieces map[string]string) *Russian {
	t.Helper()
	g := NewRussian()
	if err := g.SetPosition(pieces, ply); err != nil {
		t.Fatal(err)
	}
	return g
}

func turkishAt(t *testing.T, ply int, pieces map[string]string) *Turkish {
	t.Helper()
	g := NewTurkish()
	if err := g.SetPosition(pieces, ply); err != nil {
		t.Fatal(err)
	}
	return g
}

// wantVariantMoves checks the moves of g (as a set) and that the naive generator
// agrees, and, for each variant of rules given, that dropping the rule
// gives the moves listed with it (nil: the same moves).
func wantVariantMoves(t *testing.T, g interface{ Moves() []string }, want ...string) {
	t.Helper()
	got := slices.Sorted(slices.Values(g.Moves()))
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("moves %v, want %v", got, want)
	}
	var naive []string
	switch g := g.(type) {
	case *Russian:
		naive = naiveFromRussian(g, variantRules{}).texts()
	case *Turkish:
		naive = naiveFromTurkish(g, variantRules{}).texts()
	}
	if !slices.Equal(naive, want) {
		t.Errorf("naive moves %v, want %v", naive, want)
	}
}

// wantWithout checks the moves the naive generator finds without a rule.
func wantWithout(t *testing.T, n *naiveVariant, want ...string) {
	t.Helper()
	slices.Sort(want)
	if got := n.texts(); !slices.Equal(got, want) {
		t.Errorf("without %+v: moves %v, want %v", n.rules, got, want)
	}
}

func TestRussianStart(t *testing.T) {
	wantVariantMoves(t, NewRussian(), "a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4")
	g := NewRussian()
	for _, mv := range []string{"c3-d4", "f6-e5"} {
		if err := g.Play(mv); err != nil {
			t.Fatal(err)
		}
	}
	wantVariantMoves(t, g, "d4-f6") // capture is compulsory
	if err := g.Play("d4-f6"); err != nil {
		t.Fatal(err)
	}
	wantVariantMoves(t, g, "e7-g5", "g7-e5") // the only captures, forward for Black
}

// A man reaching the far rank during a capture is crowned at once and
// goes on capturing as a king: here along the other diagonal, at a
// distance, which a man could not do.
func TestRussianCrownedGoesOn(t *testing.T) {
	g := russianAt(t, 0, map[string]string{"d6": "w", "e7": "b", "g7": "b", "b2": "b", "h2": "w"})
	wantVariantMoves(t, g, "d6-h6")
	wantWithout(t, naiveFromRussian(g, variantRules{crownStops: true}), "d6-f8")
	if err := g.Play("d6-h6"); err != nil {
		t.Fatal(err)
	}
	if g.cell[ruCellAt(t, "h6")] != ruKing || g.cell[ruCellAt(t, "e7")] != 0 || g.cell[ruCellAt(t, "g7")] != 0 || g.ToMove() != 1 {
		t.Errorf("after d6-h6: h6 %d, e7 %d, g7 %d", g.cell[ruCellAt(t, "h6")], g.cell[ruCellAt(t, "e7")], g.cell[ruCellAt(t, "g7")])
	}
	// Flying on after the crowning: from d8 the new king takes f6 from
	// afar (landing g5 or h4), as no man could.
	g = russianAt(t, 0, map[string]string{"b6": "w", "c7": "b", "f6": "b", "h8": "b", "a1": "w"})
	wantVariantMoves(t, g, "b6-g5", "b6-h4")
	wantWithout(t, naiveFromRussian(g, variantRules{crownStops: true}), "b6-d8")
	// Black's man crowned on rank 1 goes on too.
	g = russianAt(t, 1, map[string]string{"e3": "b", "d2": "w", "b2": "w", "h8": "b", "g1": "w"})
	wantVariantMoves(t, g, "e3-a3")
}

func ruCellAt(t *testing.T, name string) int {
	t.Helper()
	f, r, ok := parseSquare(name, 8, 8)
	if !ok {
		t.Fatalf("cell %q", name)
	}
	return (r+2)*ruPitch + f + 2
}

// A king that can go on capturing from some landing cells beyond a taken
// piece must land on one of them; where none lets it go on, it lands on
// any.
func TestRussianKingLandsWhereItContinues(t *testing.T) {
	g := russianAt(t, 0, map[string]string{"a1": "W", "c3": "b", "f4": "b", "h8": "b"})
	// From a1 over c3: landings d4, e5, f6, g7; only e5 sees f4 (landing
	// g3 or h2).
	wantVariantMoves(t, g, "a1-g3", "a1-h2")
	wantWithout(t, naiveFromRussian(g, variantRules{anyLanding: true}), "a1-d4", "a1-f6", "a1-g7", "a1-g3", "a1-h2")
	// No landing goes on: any landing.
	g = russianAt(t, 0, map[string]string{"a1": "W", "c3": "b", "h8": "b"})
	wantVariantMoves(t, g, "a1-d4", "a1-e5", "a1-f6", "a1-g7")
	// In a game: Black's king on a3 must not stop on d6, e7 or
	// f8 beyond b4 (from c5 it goes on).
	g = russianAfter(t, russianSeed5)
	wantVariantMoves(t, g, "a3-e3", "a3-f2", "a3-g1")
	wantWithout(t, naiveFromRussian(g, variantRules{anyLanding: true}), "a3-d6", "a3-e3", "a3-e7", "a3-f2", "a3-f8", "a3-g1")
}

// Positions of random games played by the generator where a rule
// decides (found by comparing it with the naive one, the rule dropped).
const (
	russianSeed3   = "c3-b4 f6-e5 e3-f4 e7-f6 b4-a5 f8-e7 f4-g5 f6-h4 a3-b4 e5-d4 d2-c3 d6-e5 c1-d2 h6-g5 b4-c5 d4-e3"
	russianSeed5   = "g3-h4 f6-e5 e3-f4 e5-g3 h2-f4 b6-a5 a3-b4 a7-b6 f2-e3 d6-c5 b4-d6 c7-g3 h4-f2 b8-c7 c3-d4 b6-c5 d4-b6 g7-f6 e3-d4 f8-g7 d2-e3 f6-e5 d4-f6 e7-g5 e3-f4 g5-e3 f2-d4 d8-e7 b6-f6 g7-c3 b2-d4 h6-g5 c1-b2 a5-b4 g1-f2 g5-f4 f2-g3 f4-h2 e1-d2 b4-a3 d2-c3 a3-c1 a1-b2 c1-a3 c3-b4"
	russianSeed768 = "g3-f4 h6-g5 f4-h6 f6-g5 h6-f4 b6-a5 e3-d4 g7-f6 f4-e5 d6-f4 f2-e3 e7-d6 e3-c5 f8-e7 c5-d6 c7-e5 d4-f6 e7-g5 a3-b4 d8-e7 b2-a3 e7-f6 d2-e3 f6-e5 e1-d2 g5-f4 e3-g5 e5-f4 g5-e3 b8-c7 g1-f2 c7-d6 h2-g3 a7-b6 a1-b2 h8-g7 g3-f4 d6-e5 f4-d6 g7-f6 c3-d4"
)

func russianAfter(t *testing.T, moves string) *Russian {
	t.Helper()
	g := NewRussian()
	for i, mv := range strings.Fields(moves) {
		if err := g.Play(mv); err != nil {
			t.Fatalf("move %d: %v", i+1, err)
		}
	}
	return g
}

// Taken pieces stay until the move ends: taking them off at once would
// let the man on d2 end on c1, d2 or e3 as well. It is crowned on f8 on
// the way and goes on: stopping there (d2-f8) is no move.
func TestRussianTakenPiecesStay(t *testing.T) {
	g := russianAfter(t, russianSeed3)
	wantVariantMoves(t, g, "d2-f4", "f2-f6")
	wantWithout(t, naiveFromRussian(g, variantRules{otherRemoval: true}), "d2-c1", "d2-d2", "d2-e3", "d2-f4", "f2-f6")
	wantWithout(t, naiveFromRussian(g, variantRules{crownStops: true}), "d2-f8xe3xe5xe7", "d2-f8xe3xg5xg7", "f2-f6")
}

// No majority: every capture carried to its end is a move, those taking
// fewer pieces (a5-a1) beside the longest (a5-b8, four pieces).
func TestRussianNoMajority(t *testing.T) {
	g := russianAfter(t, russianSeed768)
	wantVariantMoves(t, g, "a5-a1", "a5-b8", "a5-c7xb4xd2xd6xf2", "a5-c7xb4xd4xd6")
	wantWithout(t, naiveFromRussian(g, variantRules{otherMajority: true}), "a5-b8", "a5-c7")
}

// A king's loop round four men, c1-e3-c5-a3-c1, takes them all either
// way round: one move (same start, end and pieces), and it ends where it
// started, as the first man taken may not be jumped again.
func TestRussianMergedLoop(t *testing.T) {
	g := russianAt(t, 0, map[string]string{"c1": "W", "d2": "b", "b2": "b", "b4": "b", "d4": "b", "h8": "b"})
	wantVariantMoves(t, g, "c1-c1")
	if err := g.Play("c1-c1"); err != nil {
		t.Fatal(err)
	}
	if n := g.Material(); n[0] != 3 || n[1] != 1 {
		t.Errorf("after c1-c1: material %v, want [3 1]", n)
	}
}

func TestTurkishStart(t *testing.T) {
	wantVariantMoves(t, NewTurkish(), "a3-a4", "b3-b4", "c3-c4", "d3-d4", "e3-e4", "f3-f4", "g3-g4", "h3-h4")
}

// Men capture forward and sideways, never backward or diagonally.
func TestTurkishManCaptures(t *testing.T) {
	g := turkishAt(t, 0, map[string]string{"d4": "w", "d5": "b", "c4": "b", "d3": "b", "e5": "b", "h8": "b"})
	wantVariantMoves(t, g, "d4-d6", "d4-b4")
	// Black's forward is south.
	g = turkishAt(t, 1, map[string]string{"d4": "b", "d5": "w", "d3": "w", "a8": "w"})
	wantVariantMoves(t, g, "d4-d2")
}

// Positions of random games played by the generator where a rule
// decides.
const (
	turkishSeed1Ply21 = "g3-g4 d6-d5 h3-g3 d5-c5 h2-h3 e6-d6 f3-f4 c5-d5 f4-e4 f6-e6 a3-a4 d5-e5 g2-h2 h6-h5 e4-d4 c6-c5 a2-a3 e5-e4 d4-f4 c5-d5 g4-g5"
	turkishSeed1Ply76 = turkishSeed1Ply21 + " h5-f1 g3-f3 f1-f5 b2-a2 f5-f2 e2-g2 d5-e5 d2-e2 c7-c6 e3-f3 e6-f6 g2-g3 e5-f5 d3-e3 g6-h6 b3-b4 f5-f4 f3-f5 f6-f4 g3-f3 f4-b2 a2-c2 e7-e6 a3-b3 h6-h5 b4-c4 d7-c7 c4-b4 h5-g5 h3-g3 e6-e5 c2-b2 d6-d5 g3-f3 h7-h6 h2-g2 c6-d6 f3-g3 g5-h5 b2-c2 g7-g6 g3-f3 f7-g7 c2-d2 d6-e6 c3-d3 d5-c5 d3-c3 e5-f5 d2-e2 h5-g5 e3-e4 g5-h5 c3-d3 a6-a5"
	turkishSeed78     = "d3-d4 d6-d5 d4-d8 b6-b5 d8-d6 c6-c5 d6-d8 e7-d7 d8-d6 e6-c6 c3-d3 g6-g5 b3-c3 g7-g6 h3-h4 f7-g7 c3-c4 c5-c1 d3-d4 a6-b6 a3-a4 a7-a6 h2-h3 c6-d6 d2-d3 c1-h1 d4-e4 d6-d5 e2-d2 b5-b4 a4-c4 g5-h5 h4-g4 h1-a1 b2-b3 b6-c6 f2-e2 d5-d4 d3-d5 f6-f5 g2-h2 f5-e5 d5-f5 a6-b6 d2-c2 a1-d1 c2-d2"
	turkishSeed210    = "f3-f4 e6-e5 h3-h4 e7-e6 h4-g4 c6-c5 b3-b4 f7-e7 a3-b3 g7-f7 g3-f3 g6-g5 g4-g6 d6-d5 d3-d4 d5-d1 b4-c4 b6-c6 h2-h3 d1-h1 h3-h4 h1-h5 f4-f5 e5-g5 c4-b4 e6-e5 g6-e8 c5-c4 e8-e4 c4-a4 e3-d3 f7-f6 e4-f4 d7-d6 f4-f7 a4-b4 b3-b5 h5-h3 b5-c5 h3-e1 g2-g3 c6-c4 c3-c5 e1-f1 d3-c3 f1-a1xa2xc5xf2 f7-f5 g5-e5 c3-d3 h7-g7 d3-c3 a1-a5 b2-a2 a5-a1 c2-b2 d6-e6 c3-b3 a1-a5 g3-f3 a5-b5 f3-f4 b5-c5 b2-a2 c5-c6 b3-c3 c6-c2 a2-b2 c2-a2 f4-g4 a2-a5 g4-f4 e5-e4 f4-d4 a5-f5 d4-c4 h6-g6 c4-d4 f5-f8 d4-e4 e6-e5 e4-e6 g6-g5 e6-d6 c7-d7"
)

func turkishAfter(t *testing.T, moves string) *Turkish {
	t.Helper()
	g := NewTurkish()
	for i, mv := range strings.Fields(moves) {
		if err := g.Play(mv); err != nil {
			t.Fatalf("move %d: %v", i+1, err)
		}
	}
	return g
}

// Where a rule decides in a game: the majority (the king's capture of
// two, not the men's of one), no turning back (the longer chains through
// a reversal are no moves), immediate removal (with the pieces staying,
// Black's king on d1 would be blocked and end elsewhere), a man crowned
// on the way going on as a king.
func TestTurkishRulesInGames(t *testing.T) {
	g := turkishAfter(t, turkishSeed1Ply21)
	wantVariantMoves(t, g, "h5-f1")
	wantWithout(t, naiveFromTurkish(g, variantRules{otherMajority: true}), "g6-e4", "g6-g2", "h5-f1")
	g = turkishAfter(t, turkishSeed1Ply76)
	wantVariantMoves(t, g, "a4-c8")
	wantWithout(t, naiveFromTurkish(g, variantRules{turnBack: true}), "a4-c1", "a4-c2", "a4-c3", "a4-c4")
	g = turkishAfter(t, turkishSeed78)
	wantVariantMoves(t, g, "d1-b4", "d1-b5")
	wantWithout(t, naiveFromTurkish(g, variantRules{otherRemoval: true}), "d1-g1", "d1-g2")
	g = turkishAfter(t, turkishSeed210)
	wantVariantMoves(t, g, "d6-g1", "d6-g2", "d6-g3", "d6-g4")
	wantWithout(t, naiveFromTurkish(g, variantRules{crownStops: true}), "d6-d8")
}

// No capture in the direction opposite the one before; the pieces taken
// leave at once, so a king may cross their cells.
func TestTurkishNoTurningBack(t *testing.T) {
	// The king on d4 takes f4 eastwards (landing g4 or h4) or b4
	// westwards (landing a4); turning back would take the other too.
	g := turkishAt(t, 0, map[string]string{"d4": "W", "b4": "b", "f4": "b", "h8": "b"})
	wantVariantMoves(t, g, "d4-a4", "d4-g4", "d4-h4")
	// With turning back, each goes on over the other piece: two pieces
	// (the majority), ending on a4 or on g4/h4.
	without := naiveFromTurkish(g, variantRules{turnBack: true})
	wantWithout(t, without, "d4-a4", "d4-g4", "d4-h4")
	for _, m := range without.moves() {
		if len(m.taken) != 2 {
			t.Errorf("turning back: %v takes %d", m, len(m.taken))
		}
	}
	// The king on e1 takes e3 northwards, then g4 eastwards (landing on
	// e4), then h6 northwards (landing on h7 or h8): three pieces.
	g = turkishAt(t, 0, map[string]string{"e1": "W", "e3": "b", "g4": "b", "h6": "b", "c6": "b", "a8": "b"})
	wantVariantMoves(t, g, "e1-h7", "e1-h8")
}

// A man reaching the far rank during a capture is crowned at once and
// goes on as a king (not back south: that would turn back).
func TestTurkishCrownedGoesOn(t *testing.T) {
	g := turkishAt(t, 0, map[string]string{"c6": "w", "c7": "b", "e8": "b", "a1": "b"})
	wantVariantMoves(t, g, "c6-f8", "c6-g8", "c6-h8")
	wantWithout(t, naiveFromTurkish(g, variantRules{crownStops: true}), "c6-c8")
	if err := g.Play("c6-h8"); err != nil {
		t.Fatal(err)
	}
	if g.cell[tkCell[63]] != tkKing || g.cell[tkCell[6*8+2]] != 0 || g.cell[tkCell[7*8+4]] != 0 {
		t.Errorf("after c6-h8: h8 %d", g.cell[tkCell[63]])
	}
}

// The generators agree with the naive ones at every position of random
// games, and dropping any of the rules of issue 28 changes the moves of
// some of those positions (the tests see each rule).
func TestRussianTurkishAgainstNaive(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 10
	}
	differs := map[string]int{}
	for seed := uint64(1); seed <= uint64(games); seed++ {
		rng := rand.New(rand.NewPCG(seed, 28))
		g := NewRussian()
		for ply := 0; ply < 300; ply++ {
			got := slices.Sorted(slices.Values(g.Moves()))
			if naive := naiveFromRussian(g, variantRules{}).texts(); !slices.Equal(got, naive) {
				t.Fatalf("russian seed %d ply %d: %v, naive %v", seed, ply, got, naive)
			}
			for name, r := range map[string]variantRules{"russian crownStops": {crownStops: true}, "russian anyLanding": {anyLanding: true},
				"russian removal": {otherRemoval: true}, "russian majority": {otherMajority: true}} {
				if !slices.Equal(got, naiveFromRussian(g, r).texts()) {
					differs[name]++
				}
			}
			if len(got) == 0 {
				break
			}
			if err := g.Play(got[rng.IntN(len(got))]); err != nil {
				t.Fatal(err)
			}
		}
		h := NewTurkish()
		for ply := 0; ply < 300; ply++ {
			got := slices.Sorted(slices.Values(h.Moves()))
			if naive := naiveFromTurkish(h, variantRules{}).texts(); !slices.Equal(got, naive) {
				t.Fatalf("turkish seed %d ply %d: %v, naive %v", seed, ply, got, naive)
			}
			for name, r := range map[string]variantRules{"turkish crownStops": {crownStops: true}, "turkish turnBack": {turnBack: true},
				"turkish removal": {otherRemoval: true}, "turkish majority": {otherMajority: true}} {
				if !slices.Equal(got, naiveFromTurkish(h, r).texts()) {
					differs[name]++
				}
			}
			if len(got) == 0 {
				break
			}
			if err := h.Play(got[rng.IntN(len(got))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	// (Turkish crowning during a capture and Turkish removal matter
	// seldom in random games: TestTurkishRulesInGames has a position for
	// each.)
	for _, name := range []string{"russian crownStops", "russian anyLanding", "russian removal", "russian majority", "turkish turnBack", "turkish majority"} {
		if differs[name] == 0 {
			t.Errorf("%s: no position of %d random games where the rule matters", name, games)
		}
	}
	t.Logf("positions where a rule matters: %v", differs)
}

// The naive generators count what the oracles count from the start.
func TestRussianTurkishNaivePerft(t *testing.T) {
	depth := 5
	if testing.Short() {
		depth = 4
	}
	if a, b := naiveFromRussian(NewRussian(), variantRules{}).perft(depth), NewRussian().Perft(depth); a != b {
		t.Errorf("russian depth %d: naive %d, oracle %d", depth, a, b)
	}
	if a, b := naiveFromTurkish(NewTurkish(), variantRules{}).perft(depth-1), NewTurkish().Perft(depth-1); a != b {
		t.Errorf("turkish depth %d: naive %d, oracle %d", depth-1, a, b)
	}
}

// Perft allocates nothing once its buffers have grown; GenPerft (which
// plays and takes back every move, the last ply included) counts what
// Perft counts along random games; Baseline serves both games.
func TestRussianTurkishGenPerftAndBaseline(t *testing.T) {
	type game interface {
		Perft(int) uint64
		GenPerft(int) uint64
		Moves() []string
		Play(string) error
	}
	for name, fresh := range map[string]func() game{
		"russian": func() game { return NewRussian() },
		"turkish": func() game { return NewTurkish() },
	} {
		g := fresh()
		g.Perft(3)
		if a := testing.AllocsPerRun(3, func() { g.Perft(3) }); a != 0 {
			t.Errorf("%s: %.0f allocations per Perft(3)", name, a)
		}
		for seed := uint64(1); seed <= 3; seed++ {
			g := fresh()
			rng := rand.New(rand.NewPCG(seed, 8))
			for ply := 0; ply < 200; ply++ {
				moves := g.Moves()
				if ply%7 == 0 {
					for d := 1; d <= 3; d++ {
						if a, b := g.GenPerft(d), g.Perft(d); a != b {
							t.Fatalf("%s seed %d ply %d: GenPerft(%d) %d, Perft %d", name, seed, ply, d, a, b)
						}
					}
					if after := g.Moves(); !slices.Equal(after, moves) {
						t.Fatalf("%s seed %d ply %d: the perfts changed the position", name, seed, ply)
					}
				}
				if len(moves) == 0 {
					break
				}
				if err := g.Play(moves[rng.IntN(len(moves))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	for _, tc := range []struct {
		game  string
		opts  map[string]string
		ok    bool
		perft []uint64
	}{
		{"draughts-russian", nil, true, []uint64{7, 49, 302, 1469}},
		{"Russian draughts", nil, true, []uint64{7}},
		{"games/draughts-russian.rules", nil, true, []uint64{7, 49}},
		{"draughts-turkish", nil, true, []uint64{8, 64, 708, 7538}},
		{"Turkish draughts", nil, true, []uint64{8}},
		{"draughts-turkish", map[string]string{"size": "10x10"}, false, nil},
	} {
		b, ok := Baseline(tc.game, tc.opts)
		if ok != tc.ok {
			t.Errorf("%s %v: ok %v, want %v", tc.game, tc.opts, ok, tc.ok)
			continue
		}
		if !ok {
			continue
		}
		for d, want := range tc.perft {
			if got := b.Perft(d + 1); got != want {
				t.Errorf("%s: perft(%d) = %d, want %d", tc.game, d+1, got, want)
			}
			if got := b.GenPerft(d + 1); got != want {
				t.Errorf("%s: GenPerft(%d) = %d, want %d", tc.game, d+1, got, want)
			}
		}
		if p1, p2 := b.RandomPlayouts(3, 7, 0), b.RandomPlayouts(3, 7, 0); p1 != p2 || p1 == 0 {
			t.Errorf("%s: playouts %d then %d plies", tc.game, p1, p2)
		}
		if p := b.RandomPlayouts(4, 1, 5); p > 20 || p == 0 {
			t.Errorf("%s: 4 playouts capped at 5 plies: %d plies", tc.game, p)
		}
	}
}

// The records of conformance/records for Russian and Turkish draughts
// are evidence for the rules new in issue 28 that make moves legal: for
// each, some record plays a move that is legal only with it (dropping the
// rule from the naive generator makes that move illegal). The king's
// landing rule only takes moves away: its evidence is the broken record
// draughts-russian-king-lands-dead, the perft tables and the differential
// tests.
func TestRussianTurkishRecordsUseTheRules(t *testing.T) {
	re := regexp.MustCompile(`(?s)\nmoves: \[(.*?)\]`)
	used := map[string][]string{}
	for _, game := range []string{"draughts-russian", "draughts-turkish"} {
		files, err := filepath.Glob("../records/" + game + "/*.yaml")
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no records (%v)", game, err)
		}
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			m := re.FindSubmatch(b)
			if m == nil {
				t.Fatalf("%s: no moves", f)
			}
			moves := strings.FieldsFunc(string(m[1]), func(r rune) bool { return r == ',' || r == ' ' || r == '\n' })
			ru, tk := NewRussian(), NewTurkish()
			for i, mv := range moves {
				rules := map[string]variantRules{"crowned goes on": {crownStops: true}}
				var without func(variantRules) []string
				play := tk.Play
				if game == "draughts-russian" {
					without = func(r variantRules) []string { return naiveFromRussian(ru, r).texts() }
					play = ru.Play
				} else {
					rules["no turning back"] = variantRules{turnBack: true}
					without = func(r variantRules) []string { return naiveFromTurkish(tk, r).texts() }
				}
				for name, r := range rules {
					if !slices.Contains(without(r), mv) {
						used[game+": "+name] = append(used[game+": "+name], fmt.Sprintf("%s move %d %s", filepath.Base(f), i+1, mv))
					}
				}
				if err := play(mv); err != nil {
					t.Fatalf("%s: move %d: %v", f, i+1, err)
				}
			}
		}
	}
	for _, want := range []string{"draughts-russian: crowned goes on", "draughts-turkish: crowned goes on", "draughts-turkish: no turning back"} {
		if len(used[want]) == 0 {
			t.Errorf("%s: no record plays a move legal only by this rule", want)
		}
	}
	t.Logf("%v", used)
}
