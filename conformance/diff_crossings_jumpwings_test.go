package conformance

import (
	"testing"

	"github.com/ruleplay/ruleplay/conformance/oracle"
	"github.com/ruleplay/ruleplay/interp"
)

// Differential tests of Crossings and Jumpwings (basic, advanced,
// relative height, both goals) against their generators in
// conformance/oracle (crossings.go, jumpwings.go).

func crossingsModel(*interp.Program, *interp.State) (model, error) {
	return oracle.NewCrossings(), nil
}

// jumpwingsOptions returns the oracle's options for a Jumpwings game
// (jumpwings, jumpwings-advanced, jumpwings-relative) and its goal option.
func jumpwingsOptions(game, goal string) oracle.JumpwingsOptions {
	return oracle.JumpwingsOptions{
		Advanced: game == "jumpwings-advanced",
		Relative: game == "jumpwings-relative",
		LongGoal: goal == "long",
	}
}

func jumpwingsModel(game, goal string) func(*interp.Program, *interp.State) (model, error) {
	return func(*interp.Program, *interp.State) (model, error) {
		return oracle.NewJumpwings(jumpwingsOptions(game, goal)), nil
	}
}

func diffCasesCrossingsJumpwings() []diffCase {
	long := map[string]string{"goal": "long"}
	random := 1.0
	var cases []diffCase
	cases = append(cases,
		diffCase{name: "crossings", game: "crossings", games: 12, plies: 600, eps: random, model: crossingsModel},
		diffCase{name: "crossings greedy", game: "crossings", games: 8, plies: 600, eps: 0.3, value: material, model: crossingsModel},
	)
	for _, game := range []string{"jumpwings", "jumpwings-advanced", "jumpwings-relative"} {
		cases = append(cases,
			diffCase{name: game, game: game, games: 12, plies: 600, eps: random, model: jumpwingsModel(game, "short")},
			diffCase{name: game + " goal=long", game: game, opts: long, games: 6, plies: 1000, eps: random, model: jumpwingsModel(game, "long")},
		)
	}
	return cases
}

// TestDifferentialCrossingsJumpwings is TestDifferential for Crossings and
// the three Jumpwings files.
func TestDifferentialCrossingsJumpwings(t *testing.T) {
	for _, c := range diffCasesCrossingsJumpwings() {
		t.Run(c.name, func(t *testing.T) { runDiffCase(t, c) })
	}
}

func perftCasesCrossingsJumpwings() []perftCase {
	cases := []perftCase{
		{name: "crossings", game: "crossings", depth: 3, midDepth: 2, games: 4, plies: 200,
			oracle: func() perfter { return oracle.NewCrossings() }},
	}
	for _, game := range []string{"jumpwings", "jumpwings-advanced", "jumpwings-relative"} {
		for _, goal := range []string{"short", "long"} {
			cases = append(cases, perftCase{name: game + " goal=" + goal, game: game, opts: map[string]string{"goal": goal},
				depth: 3, midDepth: 3, games: 3, plies: 200,
				oracle: func() perfter { return oracle.NewJumpwings(jumpwingsOptions(game, goal)) }})
		}
	}
	return cases
}

// TestPerftCrossingsJumpwings compares interp's perft (fast and generic
// paths) with the oracles' from the start and along random games.
func TestPerftCrossingsJumpwings(t *testing.T) {
	for _, c := range perftCasesCrossingsJumpwings() {
		t.Run(c.name, func(t *testing.T) {
			depth, mid := c.depth, c.midDepth
			if testing.Short() {
				depth, mid = min(depth, 3), min(mid, 2)
			}
			for _, cfg := range []interp.Config{{}, {Disable: []string{"all"}}} {
				p := compile(t, c.game, c.opts, cfg)
				comparePerft(t, "start", p, p.NewState(0), c.oracle(), depth)
				for seed := uint64(1); seed <= uint64(c.games); seed++ {
					perftAlong(t, c, p, seed, mid)
				}
			}
		})
	}
}
