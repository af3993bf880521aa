package conformance

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/ruleplay/ruleplay/conformance/oracle"
	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/record"
)

// Russian and Turkish draughts (issue 28) in the conformance suite: their
// independent generators (conformance/oracle/russian.go, turkish.go)
// play the records of conformance/records, check the perft tables and the
// broken records, and are compared with interp on random games. Their
// rules files (games/draughts-russian.rules, draughts-turkish.rules) are
// written in another branch: until they are in games/, whatever needs
// interp is skipped (perft tables and records: as for any game without a
// rules file; broken records: listed below as games being written).

func init() {
	generatorFiles["draughts-russian"] = "conformance/oracle/russian.go"
	generatorFiles["draughts-turkish"] = "conformance/oracle/turkish.go"
	for name := range russianTurkishBroken {
		brokenKinds[name] = IllegalMove
	}
	games14 = append(games14, "draughts-russian", "draughts-turkish")
}

// russianTurkishOracle is the independent generator of a record of
// Russian or Turkish draughts with the options opts and the player names
// (ok false for another game): Russian with the federation's draws when
// opts says federation-draws=true.
func russianTurkishOracle(game string, opts map[string]string) (m model, names []string, ok bool) {
	switch game {
	case "draughts-russian":
		g := oracle.NewRussian()
		g.SetFederationDraws(opts["federation-draws"] == "true")
		return g, []string{"white", "black"}, true
	case "draughts-turkish":
		return oracle.NewTurkish(), []string{"white", "black"}, true
	}
	return nil, nil, false
}

// russianTurkishRecSpecs are the records of conformance/records played by
// the two generators.
func russianTurkishRecSpecs() []oracleRecSpec {
	var specs []oracleRecSpec
	for _, game := range []string{"draughts-russian", "draughts-turkish"} {
		specs = append(specs,
			oracleRecSpec{file: game + "/white-wins.yaml", game: game, seed: 1, plies: 400, want: modelWinsBy(0, "no move"), what: "white wins: black has no move, random play"},
			oracleRecSpec{file: game + "/black-wins.yaml", game: game, seed: 1, plies: 400, want: modelWinsBy(1, "no move"), what: "black wins: white has no move, random play"},
			oracleRecSpec{file: game + "/white-wins-greedy.yaml", game: game, seed: 1, greedy: 0.2, plies: 400, want: modelWinsBy(0, "no move"), what: "white wins: black has no move, cautious play (two plies)"},
			oracleRecSpec{file: game + "/black-wins-greedy.yaml", game: game, seed: 1, greedy: 0.2, plies: 400, want: modelWinsBy(1, "no move"), what: "black wins: white has no move, cautious play (two plies)"},
			oracleRecSpec{file: game + "/opening.yaml", game: game, seed: 1, plies: 500, stop: 20, what: "the first 20 moves (legality only)"},
		)
	}
	// Random games seldom crown a Turkish man during a capture: seed 12's
	// game does (move 77).
	specs = append(specs, oracleRecSpec{file: "draughts-turkish/crowned-goes-on.yaml", game: "draughts-turkish", seed: 12, plies: 400,
		want: modelWinsBy(1, "no move"), what: "black wins, a man crowned during a capture going on as a king on the way (move 77), random play"})
	return append(specs, russianDrawRecSpecs()...)
}

// russianTurkishBroken are the broken records of testdata/broken for the
// rules new in issue 28, each with the number of its bad move (all
// IllegalMove).
var russianTurkishBroken = map[string]int{
	"draughts-russian-crowned-stops":   17, // a man crowned during a capture stops, though it can go on as a king
	"draughts-russian-king-lands-dead": 46, // a king lands where it cannot go on, though another landing could
	"draughts-turkish-crowned-stops":   85, // a man crowned during a capture stops, though it can go on as a king
	"draughts-turkish-turns-back":      77, // a king's chain turns back 180 degrees between two captures
}

// TestBrokenRecordsAgainstOracleRussianTurkish replays the broken records
// of Russian and Turkish draughts through their independent generators:
// every move before the bad one is legal there, the bad one is not.
func TestBrokenRecordsAgainstOracleRussianTurkish(t *testing.T) {
	for name, bad := range russianTurkishBroken {
		path := filepath.Join("testdata", "broken", name+".yaml")
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := record.Parse(data, path)
		if err != nil {
			t.Fatal(err)
		}
		m, _, err := oracleFor(rec)
		if err != nil || m == nil {
			t.Fatalf("%s: no oracle (%v)", path, err)
		}
		if len(rec.Moves) != bad || rec.Result != nil {
			t.Fatalf("%s: %d moves, want the bad one (%d) last and no result", path, len(rec.Moves), bad)
		}
		for i, mv := range rec.Moves[:bad-1] {
			if err := m.Play(mv); err != nil {
				t.Fatalf("%s: move %d: %v", path, i+1, err)
			}
		}
		if err := m.Play(rec.Moves[bad-1]); err == nil {
			t.Errorf("%s: move %d (%s) is legal for the oracle; legal: %v", path, bad, rec.Moves[bad-1], m.Moves())
		}
	}
}

// TestDifferentialRussianTurkish plays random games of Russian and
// Turkish draughts through interp (fast and generic) and the independent
// generators, comparing the move sets and endings at every position.
func TestDifferentialRussianTurkish(t *testing.T) {
	for _, c := range []diffCase{
		{name: "russian", game: "draughts-russian", games: 40, plies: 400, eps: 1},
		{name: "russian greedy", game: "draughts-russian", games: 20, plies: 400, eps: 0.2, value: material},
		{name: "turkish", game: "draughts-turkish", games: 40, plies: 400, eps: 1},
		{name: "turkish greedy", game: "draughts-turkish", games: 20, plies: 400, eps: 0.2, value: material},
	} {
		t.Run(c.name, func(t *testing.T) {
			if _, err := os.Stat(rulesPath(c.game)); err != nil {
				t.Skipf("no %s yet", rulesPath(c.game))
			}
			c.model = func(*interp.Program, *interp.State) (model, error) {
				m, _, _ := russianTurkishOracle(c.game, nil)
				return m, nil
			}
			runDiffCase(t, c)
		})
	}
}
