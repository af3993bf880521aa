package conformance

import (
	"fmt"
	"testing"

	"github.com/ruleplay/ruleplay/conformance/oracle"
	"github.com/ruleplay/ruleplay/interp"
)

// draughtsSides are the board sides of the variants of international
// draughts that oracle.Draughts plays on other boards.
var draughtsSides = map[string]int{"draughts-brazilian": 8, "draughts-canadian": 12}

func draughtsOnModel(side int) func(*interp.Program, *interp.State) (model, error) {
	return func(*interp.Program, *interp.State) (model, error) { return draughtsOn(side, nil) }
}

// draughtsOn is the generator of international draughts (side 10) or a
// variant's board, with the options opts of the rules file: FMJD's draws
// only with fmjd-draws=true.
func draughtsOn(side int, opts map[string]string) (*oracle.Draughts, error) {
	g, err := oracle.NewDraughtsOn(side)
	if err != nil {
		return nil, fmt.Errorf("draughts on %d x %d: %w", side, side, err)
	}
	return fmjdDraughts(g, opts), nil
}

// fmjdDraughts turns FMJD's draws on in g when opts says fmjd-draws=true,
// as games/draughts-international.rules (and the variants extending it)
// do; they are off by default.
func fmjdDraughts(g *oracle.Draughts, opts map[string]string) *oracle.Draughts {
	g.SetFMJDDraws(opts["fmjd-draws"] == "true")
	return g
}

// TestDifferentialDraughtsSizes plays random and greedy games of Brazilian
// and Canadian draughts (variants of games/draughts-international.rules)
// through interp (fast and generic) and the international generator on
// their boards (oracle.NewDraughtsOn), comparing the move sets and
// endings at every position. (Their records, made by the generator, and
// their broken records are checked with every game's.)
func TestDifferentialDraughtsSizes(t *testing.T) {
	for _, c := range []diffCase{
		{name: "brazilian", game: "draughts-brazilian", games: 60, eps: 1, model: draughtsOnModel(8)},
		{name: "brazilian greedy", game: "draughts-brazilian", games: 30, eps: 0.2, value: material, model: draughtsOnModel(8)},
		{name: "canadian", game: "draughts-canadian", games: 30, plies: 1000, eps: 1, model: draughtsOnModel(12)},
		{name: "canadian greedy", game: "draughts-canadian", games: 15, plies: 1000, eps: 0.2, value: material, model: draughtsOnModel(12)},
	} {
		t.Run(c.name, func(t *testing.T) { runDiffCase(t, c) })
	}
}

// TestPerftDraughtsSizes compares interp's perft (fast and generic) with
// the generator's along seeded random games of Brazilian and Canadian
// draughts (the start is compared by TestPerftTables).
func TestPerftDraughtsSizes(t *testing.T) {
	for _, c := range []perftCase{
		{name: "brazilian", game: "draughts-brazilian", depth: 6, midDepth: 4, games: 6, plies: 200,
			oracle: func() perfter { g, _ := draughtsOn(8, nil); return g }},
		{name: "canadian", game: "draughts-canadian", depth: 5, midDepth: 3, games: 6, plies: 300,
			oracle: func() perfter { g, _ := draughtsOn(12, nil); return g }},
	} {
		t.Run(c.name, func(t *testing.T) {
			mid := c.midDepth
			if testing.Short() {
				mid = min(mid, 2)
			}
			for _, cfg := range []interp.Config{{}, {Disable: []string{"all"}}} {
				p := compile(t, c.game, c.opts, cfg)
				comparePerft(t, "start", p, p.NewState(0), c.oracle(), c.depth)
				for seed := uint64(1); seed <= uint64(c.games); seed++ {
					perftAlong(t, c, p, seed, mid)
				}
			}
		})
	}
}
