package conformance

import (
	"testing"

	"github.com/ruleplay/ruleplay/conformance/oracle"
	"github.com/ruleplay/ruleplay/interp"
)

// Fanorona (games/fanorona.rules) against its independent generator
// (conformance/oracle/fanorona.go): legal move lists, ends and winners
// along random and cautious games, perft from the start and along random
// games, with every accelerator and with none.

func fanoronaModel(limit int) func(*interp.Program, *interp.State) (model, error) {
	return func(*interp.Program, *interp.State) (model, error) { return oracle.NewFanoronaLimit(limit), nil }
}

func TestDifferentialFanorona(t *testing.T) {
	for _, c := range []diffCase{
		{name: "fanorona", game: "fanorona", games: 30, eps: 1, model: fanoronaModel(200)},
		{name: "fanorona greedy", game: "fanorona", games: 10, eps: 0.2, value: material, model: fanoronaModel(200)},
		{name: "fanorona limit=15", game: "fanorona", opts: map[string]string{"limit": "15"}, games: 10, eps: 1, model: fanoronaModel(15)},
	} {
		t.Run(c.name, func(t *testing.T) { runDiffCase(t, c) })
	}
}

func TestPerftFanorona(t *testing.T) {
	c := perftCase{name: "fanorona", game: "fanorona", depth: 5, midDepth: 3, games: 4, plies: 200,
		oracle: func() perfter { return oracle.NewFanorona() }}
	depth, mid := c.depth, c.midDepth
	if testing.Short() {
		depth, mid = 4, 2
	}
	for _, cfg := range []interp.Config{{}, {Disable: []string{"all"}}} {
		p := compile(t, c.game, c.opts, cfg)
		comparePerft(t, "start", p, p.NewState(0), c.oracle(), depth)
		for seed := uint64(1); seed <= uint64(c.games); seed++ {
			perftAlong(t, c, p, seed, mid)
		}
	}
}

// fanoronaRecSpecs are the records of conformance/records/fanorona, played
// by the independent generator.
func fanoronaRecSpecs() []oracleRecSpec {
	return []oracleRecSpec{
		{file: "fanorona/white-wins.yaml", game: "fanorona", seed: 1, plies: 400, want: modelWinsBy(0, "no move"), what: "white wins: black has no move (no stone left or all blocked), random play"},
		{file: "fanorona/black-wins.yaml", game: "fanorona", seed: 1, plies: 400, want: modelWinsBy(1, "no move"), what: "black wins: white has no move, random play"},
		{file: "fanorona/white-wins-greedy.yaml", game: "fanorona", seed: 1, greedy: 0.2, plies: 400, want: modelWinsBy(0, "no move"), what: "white wins: black has no move, cautious play (two plies)"},
		{file: "fanorona/limit-draw.yaml", game: "fanorona", opts: map[string]string{"limit": "20"}, seed: 1, plies: 400, want: modelDraw(2), what: "limit=20: 20 moves each played, a draw"},
		{file: "fanorona/opening.yaml", game: "fanorona", seed: 1, plies: 400, stop: 20, what: "the first 20 moves (legality only)"},
	}
}
