package conformance

import (
	"slices"
	"testing"

	"github.com/ruleplay/ruleplay/conformance/oracle"
	"github.com/ruleplay/ruleplay/interp"
)

// swapOn is the option that offers the swap (the pie rule) in
// games/breakthrough.rules (off by default).
var swapOn = map[string]string{"swap": "true"}

// swapper rates a position as material does, with a bonus once the swap
// has been made: greedy play takes the swap whenever it is offered (but
// for its random moves), and plays on by material.
func swapper(p *interp.Program, s *interp.State, mover int) int {
	v := material(p, s, mover)
	if s.Swapped {
		v += 1000
	}
	return v
}

// TestDifferentialBreakthroughSwap plays random and greedy games of
// Breakthrough with swap=true through interp (fast and generic) and the
// oracle with its pie rule on (SetSwap), comparing the move lists (the
// swap among them, last), the endings and the winners (by colour) at
// every position. The games must include swaps and games where black
// moved instead, so that both branches are compared (all but under
// -short).
func TestDifferentialBreakthroughSwap(t *testing.T) {
	var played []*oracle.Breakthrough
	model := func(*interp.Program, *interp.State) (model, error) {
		g := oracle.NewBreakthrough()
		g.SetSwap(true)
		played = append(played, g)
		return g, nil
	}
	for _, c := range []diffCase{
		{name: "random", game: "breakthrough", opts: swapOn, games: 60, eps: 1, model: model},
		{name: "greedy swapper", game: "breakthrough", opts: swapOn, games: 20, eps: 0.05, value: swapper, model: model},
	} {
		t.Run(c.name, func(t *testing.T) { runDiffCase(t, c) })
	}
	swapped, winners := 0, map[bool][2]int{}
	for _, g := range played {
		if g.Swapped() {
			swapped++
		}
		if w := g.Winners(); len(w) == 1 {
			n := winners[g.Swapped()]
			n[w[0]]++
			winners[g.Swapped()] = n
		}
	}
	t.Logf("%d games, %d with the swap; wins (white, black) with the swap %v, without %v", len(played), swapped, winners[true], winners[false])
	if !testing.Short() && (swapped < 10 || swapped == len(played)) {
		t.Errorf("%d of %d games swapped: want at least 10, and not all", swapped, len(played))
	}
}

// btSwapRecSpecs are the records of conformance/records/breakthrough with
// swap=true, played by the oracle: a swap, then a win for each colour.
func btSwapRecSpecs() []oracleRecSpec {
	swappedWin := func(player int) func(model) bool {
		return func(m model) bool { return modelWinsBy(player, "goal")(m) && m.(*oracle.Breakthrough).Swapped() }
	}
	return []oracleRecSpec{
		{file: "breakthrough/swap-white-wins.yaml", game: "breakthrough", opts: swapOn, seed: 1, plies: 500, want: swappedWin(0),
			what: "swap=true: black takes the swap, then white wins, random play"},
		{file: "breakthrough/swap-black-wins.yaml", game: "breakthrough", opts: swapOn, seed: 1, plies: 500, want: swappedWin(1),
			what: "swap=true: black takes the swap, then black wins, random play"},
	}
}

// TestBreakthroughSwapFirstReplies walks every first move of white with
// swap=true: interp (fast and generic) and the oracle list the same
// moves at black's first turn, the swap last in both; after the swap
// both list black's same pawn moves without the swap, with black still to
// move; after each of black's replies neither offers it again.
func TestBreakthroughSwapFirstReplies(t *testing.T) {
	fast := compile(t, "breakthrough", swapOn, interp.Config{})
	slow := compile(t, "breakthrough", swapOn, interp.Config{Disable: []string{"all"}})
	var ml, mlg interp.MoveList
	start := oracle.NewBreakthrough()
	start.SetSwap(true)
	first := start.Moves()
	if len(first) != 22 {
		t.Fatalf("the oracle's first moves: %v", first)
	}
	swaps := 0
	for _, w := range first {
		s, sg := fast.NewState(1), slow.NewState(1)
		g := start.Clone()
		for i, mv := range []string{w, "swap"} {
			playText(t, fast, s, &ml, mv)
			playText(t, slow, sg, &mlg, mv)
			if err := g.Play(mv); err != nil {
				t.Fatalf("%s: oracle: %v", w, err)
			}
			got, gen, want := legalTexts(fast, s, &ml), legalTexts(slow, sg, &mlg), g.Moves()
			if !slices.Equal(got, gen) || !slices.Equal(sortedCopy(got), sortedCopy(want)) {
				t.Fatalf("%s %d: interp %v, generic %v, oracle %v", w, i, got, gen, want)
			}
			offered := i == 0
			if slices.Contains(got, "swap") != offered || offered && (got[len(got)-1] != "swap" || want[len(want)-1] != "swap") {
				t.Fatalf("after %s (%d): want the swap offered %v, and last: interp %v, oracle %v", w, i, offered, got, want)
			}
			if s.ToMove() != 1 || g.ToMove() != 1 {
				t.Fatalf("%s %d: to move: interp %d, oracle %d", w, i, s.ToMove(), g.ToMove())
			}
			if offered {
				swaps++
			}
		}
		for _, b := range g.Moves() {
			r := g.Clone()
			if err := r.Play(b); err != nil {
				t.Fatal(err)
			}
			if slices.Contains(r.Moves(), "swap") || r.ToMove() != 0 {
				t.Fatalf("%s swap %s: to move %d, moves %v", w, b, r.ToMove(), r.Moves())
			}
		}
	}
	if swaps != 22 {
		t.Errorf("the swap offered after %d first moves, want 22", swaps)
	}
}
