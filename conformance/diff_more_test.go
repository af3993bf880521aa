package conformance

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/ruleplay/ruleplay/conformance/oracle"
	"github.com/ruleplay/ruleplay/interp"
)

// Differential tests of Crossings, Jumpwings (basic, advanced, relative
// height, both goals), English draughts and Breakthrough against their
// generators in conformance/oracle (crossings.go, jumpwings.go,
// english_draughts.go, breakthrough.go).

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

func diffCasesMore() []diffCase {
	long := map[string]string{"goal": "long"}
	random := 1.0
	var cases []diffCase
	cases = append(cases,
		diffCase{name: "crossings", game: "crossings", games: 30, plies: 600, eps: random, model: crossingsModel},
		diffCase{name: "crossings greedy", game: "crossings", games: 20, plies: 600, eps: 0.3, value: material, model: crossingsModel},
	)
	// Positions of testdata/positions (variants of games/crossings.rules
	// with another setup), given to the oracle with SetPosition: a player
	// with no move draws; sparse endings cross, answer and fail to.
	crossingsAt := func(red, black []string) func(*interp.Program, *interp.State) (model, error) {
		return func(*interp.Program, *interp.State) (model, error) {
			g := oracle.NewCrossings()
			return g, g.SetPosition(red, black, nil, nil, 0)
		}
	}
	cases = append(cases,
		diffCase{name: "crossings red stuck", game: "crossings", rules: filepath.Join("testdata", "positions", "crossings-stuck.rules"),
			games: 1, eps: random, model: crossingsAt([]string{"a1"}, strings.Fields("a2 a3 b1 c1 b2 c3"))},
		diffCase{name: "crossings race", game: "crossings", rules: filepath.Join("testdata", "positions", "crossings-race.rules"),
			games: 60, plies: 300, eps: random, model: crossingsAt(strings.Fields("a6 d4 e3"), strings.Fields("h3 e6 d5"))},
	)
	englishDraughts := func(*interp.Program, *interp.State) (model, error) { return oracle.NewEnglishDraughts(), nil }
	breakthrough := func(*interp.Program, *interp.State) (model, error) { return oracle.NewBreakthrough(), nil }
	cases = append(cases,
		diffCase{name: "draughts", game: "draughts", games: 20, plies: 400, eps: random, model: englishDraughts},
		diffCase{name: "draughts greedy", game: "draughts", games: 10, plies: 400, eps: 0.2, value: kingMaterial, model: englishDraughts},
		diffCase{name: "breakthrough", game: "breakthrough", games: 30, eps: random, model: breakthrough},
		diffCase{name: "breakthrough greedy", game: "breakthrough", games: 20, eps: 0.05, value: material, model: breakthrough},
	)
	for _, game := range []string{"jumpwings", "jumpwings-advanced", "jumpwings-relative"} {
		cases = append(cases,
			diffCase{name: game, game: game, games: 12, plies: 600, eps: random, model: jumpwingsModel(game, "short")},
			diffCase{name: game + " goal=long", game: game, opts: long, games: 6, plies: 1000, eps: random, model: jumpwingsModel(game, "long")},
		)
	}
	return cases
}

// TestDifferentialMore is TestDifferential for Crossings, the three
// Jumpwings files, English draughts and Breakthrough.
func TestDifferentialMore(t *testing.T) {
	for _, c := range diffCasesMore() {
		t.Run(c.name, func(t *testing.T) { runDiffCase(t, c) })
	}
}

func perftCasesMore() []perftCase {
	cases := []perftCase{
		{name: "crossings", game: "crossings", depth: 3, midDepth: 2, games: 4, plies: 200,
			oracle: func() perfter { return oracle.NewCrossings() }},
	}
	cases = append(cases,
		perftCase{name: "draughts", game: "draughts", depth: 6, midDepth: 4, games: 4, plies: 200,
			oracle: func() perfter { return oracle.NewEnglishDraughts() }},
		perftCase{name: "breakthrough", game: "breakthrough", depth: 3, midDepth: 3, games: 4, plies: 200,
			oracle: func() perfter { return oracle.NewBreakthrough() }},
	)
	for _, game := range []string{"jumpwings", "jumpwings-advanced", "jumpwings-relative"} {
		for _, goal := range []string{"short", "long"} {
			cases = append(cases, perftCase{name: game + " goal=" + goal, game: game, opts: map[string]string{"goal": goal},
				depth: 3, midDepth: 3, games: 3, plies: 200,
				oracle: func() perfter { return oracle.NewJumpwings(jumpwingsOptions(game, goal)) }})
		}
	}
	return cases
}

// TestPerftMore compares interp's perft (fast and generic
// paths) with the oracles' from the start and along random games.
func TestPerftMore(t *testing.T) {
	for _, c := range perftCasesMore() {
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
