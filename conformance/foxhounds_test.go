package conformance

import (
	"testing"

	"github.com/ruleplay/ruleplay/conformance/oracle"
	"github.com/ruleplay/ruleplay/interp"
)

// Fox and Hounds as its rule books state it (games/fox-and-hounds.rules:
// the fox's player places the fox, then moves it, then the hounds and the
// fox alternate) against its independent generator,
// conformance/oracle/foxhounds.go.

func foxHoundsModel(*interp.Program, *interp.State) (model, error) { return oracle.NewFoxHounds(), nil }

// foxHoundsRecSpecs are the records of conformance/records/fox-and-hounds
// (random play: the fox's player moves two plies in a row at the start,
// which the greedy players' mover by ply parity would misread).
func foxHoundsRecSpecs() []oracleRecSpec {
	return []oracleRecSpec{
		{file: "fox-and-hounds/fox-wins.yaml", game: "fox-and-hounds", seed: 1, plies: 300, want: modelWinsBy(0, "goal"), what: "the fox reaches rank 1, random play"},
		{file: "fox-and-hounds/hounds-win.yaml", game: "fox-and-hounds", seed: 1, plies: 300, want: modelWinsBy(1, "no move"), what: "the hounds trap the fox, random play"},
		{file: "fox-and-hounds/hounds-stuck.yaml", game: "fox-and-hounds", seed: 1, plies: 300, want: modelWinsBy(0, "no move"), what: "the hounds cannot move and lose, random play"},
		{file: "fox-and-hounds/opening.yaml", game: "fox-and-hounds", seed: 1, plies: 300, stop: 12, what: "the placement and the first 11 moves (legality only)"},
	}
}

// TestDifferentialFoxHounds plays random games through interp (fast and
// generic) and the generator: the same moves, ends and winners at every
// position.
func TestDifferentialFoxHounds(t *testing.T) {
	runDiffCase(t, diffCase{name: "fox-and-hounds", game: "fox-and-hounds", games: 60, eps: 1, model: foxHoundsModel})
}

// TestPerftFoxHounds compares interp's perft (fast and generic) with the
// generator's from the start and along random games.
func TestPerftFoxHounds(t *testing.T) {
	c := perftCase{name: "fox-and-hounds", game: "fox-and-hounds", depth: 7, midDepth: 4, games: 6, plies: 100,
		oracle: func() perfter { return oracle.NewFoxHounds() }}
	depth, mid := c.depth, c.midDepth
	if testing.Short() {
		depth, mid = 4, 3
	}
	for _, cfg := range []interp.Config{{}, {Disable: []string{"all"}}} {
		p := compile(t, c.game, c.opts, cfg)
		comparePerft(t, "start", p, p.NewState(0), c.oracle(), depth)
		for seed := uint64(1); seed <= uint64(c.games); seed++ {
			perftAlong(t, c, p, seed, mid)
		}
	}
}
