package conformance

import (
	"flag"
	"testing"

	"github.com/ruleplay/ruleplay/conformance/oracle"
	"github.com/ruleplay/ruleplay/interp"
)

var fmjdLong = flag.Bool("fmjd-long", false, "TestDifferentialFMJDDraws: play four times as many games")

// fmjdOn is the option that turns FMJD's draws on in
// games/draughts-international.rules and its variants (off by default:
// the fifty-ply draw alone).
var fmjdOn = map[string]string{"fmjd-draws": "true"}

// TestDifferentialFMJDDraws plays random and greedy games of
// international, Brazilian and Canadian draughts through interp (fast and
// generic) and the generator with FMJD's draws as the options say (on
// with fmjd-draws=true, off without options), comparing the move sets and
// endings at every position. With the option on, the games must end by
// each kind of draw at least once (the third repetition, a counted
// ending), so that the comparison covers them; with it off, no game may
// end by them. -fmjd-long plays four times as many games.
func TestDifferentialFMJDDraws(t *testing.T) {
	on, off := map[string]int{}, map[string]int{}
	for _, c := range []struct {
		diffCase
		side int
	}{
		{diffCase{name: "international", game: "draughts-international", opts: fmjdOn, games: 100, plies: 1500, eps: 1}, 10},
		{diffCase{name: "international greedy", game: "draughts-international", opts: fmjdOn, games: 60, plies: 1500, eps: 0.1, value: cautious}, 10},
		{diffCase{name: "international off", game: "draughts-international", games: 20, plies: 1500, eps: 0.1, value: cautious}, 10},
		{diffCase{name: "brazilian", game: "draughts-brazilian", opts: fmjdOn, games: 100, plies: 1500, eps: 1}, 8},
		{diffCase{name: "brazilian greedy", game: "draughts-brazilian", opts: fmjdOn, games: 60, plies: 1500, eps: 0.1, value: cautious}, 8},
		{diffCase{name: "brazilian off", game: "draughts-brazilian", games: 20, plies: 1500, eps: 0.1, value: cautious}, 8},
		{diffCase{name: "canadian", game: "draughts-canadian", opts: fmjdOn, games: 40, plies: 1500, eps: 1}, 12},
		{diffCase{name: "canadian greedy", game: "draughts-canadian", opts: fmjdOn, games: 20, plies: 1500, eps: 0.1, value: cautious}, 12},
	} {
		if *fmjdLong {
			c.games *= 4
		}
		var played []*oracle.Draughts
		c.model = func(*interp.Program, *interp.State) (model, error) {
			g, err := draughtsOn(c.side, c.opts)
			played = append(played, g)
			return g, err
		}
		t.Run(c.name, func(t *testing.T) { runDiffCase(t, c.diffCase) })
		kinds := off
		if c.opts != nil {
			kinds = on
		}
		for _, g := range played {
			kinds[fmjdDrawKind(g)]++
		}
	}
	t.Logf("endings with the option on: %v; off: %v", on, off)
	if !testing.Short() && (on["repetition"] == 0 || on["ending"] == 0) {
		t.Errorf("with the option on, the games end by repetition %d times, by a counted ending %d times: want both", on["repetition"], on["ending"])
	}
	if off["repetition"]+off["ending"] > 0 {
		t.Errorf("with the option off, games end by FMJD's draws: %v", off)
	}
}

// fmjdDrawKind names how a generator's game ended: "repetition", "ending"
// (a counted ending), "fifty" (the fifty-ply rule), "no move", or "" while
// it goes on. Repeats and Endings count only with FMJD's draws on.
func fmjdDrawKind(g *oracle.Draughts) string {
	three, two := g.Endings()
	switch {
	case !g.Over():
		return ""
	case g.Reason() == "no move":
		return "no move"
	case g.Repeats() >= 3:
		return "repetition"
	case three[0] >= 16 && three[1] >= 16 || two[0] >= 5 && two[1] >= 5:
		return "ending"
	case g.Quiet() >= 50:
		return "fifty"
	}
	return "?"
}

// draughtsDrawBy: a generator's game of international draughts (or a
// variant) drawn by kind (as fmjdDrawKind names it).
func draughtsDrawBy(kind string) func(model) bool {
	return func(m model) bool { return fmjdDrawKind(m.(*oracle.Draughts)) == kind }
}

// fmjdRecSpecs are the records of conformance/records for FMJD's draws:
// each states fmjd-draws=true in its options. The fifty-ply draws
// (quiet-draw.yaml) are played with the default options.
func fmjdRecSpecs() []oracleRecSpec {
	specs := []oracleRecSpec{
		{file: "draughts-international/repetition-draw.yaml", game: "draughts-international", opts: fmjdOn, seed: 1, greedy: 0.1, plies: 1500,
			want: draughtsDrawBy("repetition"), what: "fmjd-draws=true: a draw, the same position for the third time (cautious play: two plies)"},
		{file: "draughts-international/ending-draw.yaml", game: "draughts-international", opts: fmjdOn, seed: 1, plies: 3000,
			want: draughtsDrawBy("ending"), what: "fmjd-draws=true: a draw, a lone king's counted ending, random play"},
	}
	for _, game := range []string{"draughts-brazilian", "draughts-canadian"} {
		specs = append(specs, oracleRecSpec{file: game + "/fmjd-draw.yaml", game: game, opts: fmjdOn, seed: 1, greedy: 0.1, plies: 3000,
			want: func(m model) bool { k := fmjdDrawKind(m.(*oracle.Draughts)); return k == "repetition" || k == "ending" },
			what: "fmjd-draws=true: a draw by FMJD's rules (cautious play: two plies)"})
	}
	return specs
}
