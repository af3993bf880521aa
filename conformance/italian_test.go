package conformance

import (
	"testing"

	"github.com/ruleplay/ruleplay/conformance/oracle"
	"github.com/ruleplay/ruleplay/interp"
)

// TestDifferentialItalian plays random and greedy games of Italian
// draughts (games/draughts-italian.rules) through interp (fast and
// generic) and its independent generator (oracle.Italian), comparing the
// move sets and endings at every position. (Its records, made by the
// generator, and its broken record are checked with every game's.)
func TestDifferentialItalian(t *testing.T) {
	italian := func(*interp.Program, *interp.State) (model, error) { return oracle.NewItalian(), nil }
	for _, c := range []diffCase{
		{name: "italian", game: "draughts-italian", games: 40, eps: 1, model: italian},
		{name: "italian greedy", game: "draughts-italian", games: 20, eps: 0.2, model: italian},
	} {
		t.Run(c.name, func(t *testing.T) { runDiffCase(t, c) })
	}
}
