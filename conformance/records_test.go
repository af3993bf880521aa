package conformance

import (
	"bytes"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ruleplay/ruleplay/conformance/oracle"
	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/record"
)

var (
	regen     = flag.Bool("regen", false, "TestRegenerateRecords: rewrite conformance/regression from their seeds")
	regenGame = flag.String("regen.game", "", "TestRegenerateRecords, TestRegenerateOracleRecords: only the records of this game")
)

// recSpec describes one recorded game of conformance/regression: how to
// play it through interp and which outcome to look for. These records are
// regression pins (interp made them and interp checks them), not evidence:
// the evidence is conformance/records, played by independent generators
// (records_oracle_test.go). The generator tries seeds from seed
// upwards (the seed draws a random setup and drives the players) until the
// game ends as want says, or, for a record that stops early, until the game
// lasts at least stop moves.
type recSpec struct {
	file  string // records/<game>/<file>
	game  string
	opts  map[string]string
	seed  uint64
	eps   float64 // 1: random play; below: greedy with this much randomness
	value func(p *interp.Program, s *interp.State, mover int) int
	plies int // give up on a seed after this many plies (0: play to the end)
	stop  int // > 0: a record of the first stop moves, without a result
	want  func(p *interp.Program, s *interp.State, st interp.Status) bool
	what  string // the outcome, for the header comment
}

// Outcome predicates.
func oneWinner(_ *interp.Program, _ *interp.State, st interp.Status) bool {
	return st.Over && len(st.Winners) == 1
}
func draw(p *interp.Program, _ *interp.State, st interp.Status) bool {
	return st.Over && len(st.Winners) == p.NumPlayers()
}
func sharedWin(p *interp.Program, _ *interp.State, st interp.Status) bool {
	return st.Over && len(st.Winners) > 1 && len(st.Winners) < p.NumPlayers()
}
func winsBy(player int, reason string) func(*interp.Program, *interp.State, interp.Status) bool {
	return func(_ *interp.Program, _ *interp.State, st interp.Status) bool {
		return st.Over && st.Reason == reason && slices.Equal(st.Winners, []int{player})
	}
}
func endsBy(reason string, winners int) func(*interp.Program, *interp.State, interp.Status) bool {
	return func(_ *interp.Program, _ *interp.State, st interp.Status) bool {
		return st.Over && st.Reason == reason && len(st.Winners) == winners
	}
}

// wipesOut: the winner has taken every enemy piece.
func wipesOut(player int) func(*interp.Program, *interp.State, interp.Status) bool {
	return func(p *interp.Program, s *interp.State, st interp.Status) bool {
		return st.Over && slices.Equal(st.Winners, []int{player}) && pieces(p, s)[1-player] == 0
	}
}

// reaches: the winner has won with pieces of both sides left (by reaching
// a goal, not by taking every enemy piece).
func reaches(player int) func(*interp.Program, *interp.State, interp.Status) bool {
	return func(p *interp.Program, s *interp.State, st interp.Status) bool {
		return st.Over && st.Reason == "goal" && slices.Equal(st.Winners, []int{player}) && pieces(p, s)[1-player] > 0
	}
}

func recSpecs() []recSpec {
	o := func(kv ...string) map[string]string {
		m := map[string]string{}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return m
	}
	saltaDist := func(p *interp.Program, s *interp.State, mover int) int { return -p.Score(s, mover) }
	return []recSpec{
		// Leap Frog: wins, a draw, a shared win of three players, a
		// three-way draw, the default board, the diagonal option.
		{file: "leapfrog/win-8x8.yaml", game: "leapfrog", opts: o("size", "8x8"), seed: 1, eps: 1, want: oneWinner, what: "a win, random play"},
		{file: "leapfrog/win-8x8-greedy.yaml", game: "leapfrog", opts: o("size", "8x8"), seed: 1, eps: 0.2, want: oneWinner, what: "a win, greedy play"},
		{file: "leapfrog/draw-8x8.yaml", game: "leapfrog", opts: o("size", "8x8"), seed: 1, eps: 1, want: draw, what: "a draw (equal captures)"},
		{file: "leapfrog/shared-win-3-players.yaml", game: "leapfrog", opts: o("size", "8x8", "players", "3"), seed: 1, eps: 1, want: sharedWin, what: "two of three players share the win"},
		{file: "leapfrog/draw-3-players.yaml", game: "leapfrog", opts: o("size", "5x5", "players", "3"), seed: 1, eps: 1, want: draw, what: "a three-way draw"},
		{file: "leapfrog/win-6x6-diagonal.yaml", game: "leapfrog", opts: o("size", "6x6", "diagonal", "true"), seed: 1, eps: 1, want: oneWinner, what: "a win with diagonal jumps"},
		{file: "leapfrog/win-15x15.yaml", game: "leapfrog", seed: 1, eps: 1, want: oneWinner, what: "a win on the default 15 x 15 board"},
		{file: "leapfrog/opening-8x8.yaml", game: "leapfrog", opts: o("size", "8x8"), seed: 1, eps: 1, stop: 12, what: "the first 12 moves (legality only)"},
		{file: "leapfrog/opening-15x15-4-players.yaml", game: "leapfrog", opts: o("players", "4"), seed: 1, eps: 1, stop: 30, what: "the first 30 moves of four players (legality only)"},

		// Murray's variant: explicit layouts, points decide.
		// Conspirateurs: drops, then the race to the shelters.
		{file: "conspirateurs/black-wins.yaml", game: "conspirateurs", seed: 1, eps: 0.1, value: conspValue, plies: 3000, want: winsBy(0, "goal"), what: "black shelters its twenty men first"},
		{file: "conspirateurs/white-wins.yaml", game: "conspirateurs", seed: 1, eps: 0.1, value: conspValue, plies: 3000, want: winsBy(1, "goal"), what: "white shelters its twenty men first"},
		{file: "conspirateurs/black-wins-2.yaml", game: "conspirateurs", seed: 100, eps: 0.1, value: conspValue, plies: 3000, want: winsBy(0, "goal"), what: "black shelters its twenty men first"},
		{file: "conspirateurs/white-wins-2.yaml", game: "conspirateurs", seed: 100, eps: 0.1, value: conspValue, plies: 3000, want: winsBy(1, "goal"), what: "white shelters its twenty men first"},
		{file: "conspirateurs/win-noisy.yaml", game: "conspirateurs", seed: 7, eps: 0.3, value: conspValue, plies: 3000, want: oneWinner, what: "a win, noisier greedy play"},
		{file: "conspirateurs/opening.yaml", game: "conspirateurs", seed: 1, eps: 1, stop: 60, what: "the forty drops and twenty moves (legality only)"},

		{file: "leapfrog-murray/win-15x15.yaml", game: "leapfrog-murray", seed: 3, eps: 1, want: oneWinner, what: "a win on points, 15 x 15"},
		{file: "leapfrog-murray/win-8x8-greedy.yaml", game: "leapfrog-murray", opts: o("size", "8x8"), seed: 1, eps: 0.2, want: oneWinner, what: "a win on points, greedy play"},
		{file: "leapfrog-murray/win-8x8-diagonal.yaml", game: "leapfrog-murray", opts: o("size", "8x8", "diagonal", "true"), seed: 1, eps: 1, want: oneWinner, what: "a win on points with diagonal jumps"},
		{file: "leapfrog-murray/shared-win-3-players.yaml", game: "leapfrog-murray", opts: o("size", "6x6", "players", "3"), seed: 1, eps: 1, want: sharedWin, what: "two of three players share the win on points"},
		{file: "leapfrog-murray/draw-6x6.yaml", game: "leapfrog-murray", opts: o("size", "6x6"), seed: 1, eps: 1, want: draw, what: "a draw on points"},
		{file: "leapfrog-murray/opening-15x15.yaml", game: "leapfrog-murray", seed: 1, eps: 1, stop: 20, what: "the first 20 moves (legality only)"},

		// Froglet: one removal, then captures.
		{file: "froglet/win-1.yaml", game: "froglet", seed: 1, eps: 1, want: oneWinner, what: "a win on points, random play"},
		{file: "froglet/win-2.yaml", game: "froglet", seed: 100, eps: 1, want: oneWinner, what: "a win on points, random play"},
		{file: "froglet/win-greedy-1.yaml", game: "froglet", seed: 1, eps: 0.2, want: oneWinner, what: "a win on points, greedy play"},
		{file: "froglet/win-greedy-2.yaml", game: "froglet", seed: 100, eps: 0.2, want: oneWinner, what: "a win on points, greedy play"},
		{file: "froglet/draw.yaml", game: "froglet", seed: 1, eps: 1, want: draw, what: "a draw on points"},
		{file: "froglet/opening.yaml", game: "froglet", seed: 1, eps: 1, stop: 15, what: "the first 15 moves (legality only)"},

		// Capture: the hexagon, 2 to 6 players.
		{file: "capture/win.yaml", game: "capture", seed: 1, eps: 1, want: oneWinner, what: "a win, random play"},
		{file: "capture/win-greedy.yaml", game: "capture", seed: 1, eps: 0.2, want: oneWinner, what: "a win, greedy play"},
		{file: "capture/draw.yaml", game: "capture", seed: 1, eps: 1, want: draw, what: "a draw (equal captures)"},
		{file: "capture/shared-win-3-players.yaml", game: "capture", opts: o("players", "3"), seed: 1, eps: 1, want: sharedWin, what: "two of three players share the win"},
		{file: "capture/win-6-players.yaml", game: "capture", opts: o("players", "6"), seed: 1, eps: 1, want: oneWinner, what: "a win among six players"},
		{file: "capture/opening.yaml", game: "capture", seed: 1, eps: 1, stop: 6, what: "the first 6 moves (legality only)"},

		// Salta: goals with their margins, the limit scoring, a draw at
		// the limit.
		{file: "salta/goal-green.yaml", game: "salta", seed: 1, eps: 0.05, value: saltaDist, plies: 1500, want: winsBy(0, "goal"), what: "green reaches its goal (margin: red's distance + 1)"},
		{file: "salta/goal-red.yaml", game: "salta", seed: 1, eps: 0.05, value: saltaDist, plies: 1500, want: winsBy(1, "goal"), what: "red reaches its goal (margin: green's distance)"},
		{file: "salta/limit-120.yaml", game: "salta", opts: o("limit", "120"), seed: 1, eps: 0.3, value: saltaDist, want: endsBy("limit", 1), what: "the 120-move rule: the lower distance to goal wins"},
		{file: "salta/limit-30-random.yaml", game: "salta", opts: o("limit", "30"), seed: 1, eps: 1, want: endsBy("limit", 1), what: "limit=30, random play: the lower distance wins"},
		{file: "salta/limit-20-draw.yaml", game: "salta", opts: o("limit", "20"), seed: 1, eps: 1, want: endsBy("limit", 2), what: "limit=20: equal distances, a draw"},
		{file: "salta/limit-1-draw.yaml", game: "salta", opts: o("limit", "1"), seed: 1, eps: 1, want: endsBy("limit", 2), what: "limit=1: one move each, equal distances, a draw"},
		{file: "salta/opening.yaml", game: "salta", seed: 1, eps: 1, stop: 40, what: "the first 40 moves (legality only)"},
		{file: "salta/opening-limit-120.yaml", game: "salta", opts: o("limit", "120"), seed: 2, eps: 0.3, value: saltaDist, stop: 100, what: "the first 100 moves under the 120-move rule (legality only)"},

		// Pyramid: goals and the double-pass draw.
		{file: "pyramid/goal-white.yaml", game: "pyramid", seed: 1, eps: 0.1, value: pyramidValue, want: winsBy(0, "goal"), what: "white fills black's starting cells"},
		{file: "pyramid/goal-black.yaml", game: "pyramid", seed: 1, eps: 0.1, value: pyramidValue, want: winsBy(1, "goal"), what: "black fills white's starting cells"},
		{file: "pyramid/goal-black-2.yaml", game: "pyramid", seed: 100, eps: 0.1, value: pyramidValue, want: winsBy(1, "goal"), what: "black fills white's starting cells"},
		{file: "pyramid/passes-draw.yaml", game: "pyramid", seed: 1, eps: 1, want: endsBy("passes", 2), what: "both sides stuck: two passes in a row, a draw"},
		{file: "pyramid/passes-draw-greedy.yaml", game: "pyramid", seed: 1, eps: 0.1, value: pyramidValue, want: endsBy("passes", 2), what: "two passes in a row after greedy play, a draw"},
		{file: "pyramid/opening.yaml", game: "pyramid", seed: 1, eps: 1, stop: 20, what: "the first 20 moves (legality only)"},

		// Crossings: a crossing not answered wins.
		{file: "crossings/red-wins.yaml", game: "crossings", seed: 1, eps: 0.3, value: material, plies: 600, want: winsBy(0, "goal"), what: "red crosses and black cannot answer"},
		{file: "crossings/red-wins-2.yaml", game: "crossings", seed: 100, eps: 0.3, value: material, plies: 600, want: winsBy(0, "goal"), what: "red crosses and black cannot answer"},
		{file: "crossings/black-wins.yaml", game: "crossings", seed: 1, eps: 0.3, value: material, plies: 600, want: winsBy(1, "goal"), what: "black crosses and red cannot answer"},
		{file: "crossings/black-wins-2.yaml", game: "crossings", seed: 100, eps: 0.3, value: material, plies: 600, want: winsBy(1, "goal"), what: "black crosses and red cannot answer"},
		{file: "crossings/red-wins-random.yaml", game: "crossings", seed: 1, eps: 1, plies: 600, want: winsBy(0, "goal"), what: "red wins, random play"},
		{file: "crossings/opening.yaml", game: "crossings", seed: 1, eps: 1, stop: 20, what: "the first 20 moves (legality only)"},

		// English draughts: a player without a move loses.
		{file: "draughts/black-wins.yaml", game: "draughts", seed: 1, eps: 0.2, value: material, plies: 400, want: winsBy(0, "no move"), what: "black wins: white has no move"},
		{file: "draughts/black-wins-2.yaml", game: "draughts", seed: 100, eps: 0.2, value: material, plies: 400, want: winsBy(0, "no move"), what: "black wins: white has no move"},
		{file: "draughts/white-wins.yaml", game: "draughts", seed: 1, eps: 0.2, value: material, plies: 400, want: winsBy(1, "no move"), what: "white wins: black has no move"},
		{file: "draughts/white-wins-2.yaml", game: "draughts", seed: 100, eps: 0.2, value: material, plies: 400, want: winsBy(1, "no move"), what: "white wins: black has no move"},
		{file: "draughts/black-wins-random.yaml", game: "draughts", seed: 1, eps: 1, plies: 400, want: winsBy(0, "no move"), what: "black wins, random play"},
		{file: "draughts/opening.yaml", game: "draughts", seed: 1, eps: 1, stop: 20, what: "the first 20 moves (legality only)"},
		{file: "draughts-italian/white-wins.yaml", game: "draughts-italian", seed: 1, eps: 0.2, value: material, plies: 400, want: winsBy(0, "no move"), what: "white wins: black has no move"},
		{file: "draughts-italian/white-wins-2.yaml", game: "draughts-italian", seed: 100, eps: 0.2, value: material, plies: 400, want: winsBy(0, "no move"), what: "white wins: black has no move"},
		{file: "draughts-italian/black-wins.yaml", game: "draughts-italian", seed: 1, eps: 0.2, value: material, plies: 400, want: winsBy(1, "no move"), what: "black wins: white has no move"},
		{file: "draughts-italian/black-wins-2.yaml", game: "draughts-italian", seed: 100, eps: 0.2, value: material, plies: 400, want: winsBy(1, "no move"), what: "black wins: white has no move"},
		{file: "draughts-italian/white-wins-random.yaml", game: "draughts-italian", seed: 1, eps: 1, plies: 400, want: winsBy(0, "no move"), what: "white wins, random play"},
		{file: "draughts-italian/opening.yaml", game: "draughts-italian", seed: 1, eps: 1, stop: 20, what: "the first 20 moves (legality only)"},
		{file: "draughts-russian/white-wins.yaml", game: "draughts-russian", seed: 1, eps: 0.2, value: material, plies: 400, want: winsBy(0, "no move"), what: "white wins: black has no move"},
		{file: "draughts-russian/white-wins-2.yaml", game: "draughts-russian", seed: 100, eps: 0.2, value: material, plies: 400, want: winsBy(0, "no move"), what: "white wins: black has no move"},
		{file: "draughts-russian/black-wins.yaml", game: "draughts-russian", seed: 1, eps: 0.2, value: material, plies: 400, want: winsBy(1, "no move"), what: "black wins: white has no move"},
		{file: "draughts-russian/black-wins-2.yaml", game: "draughts-russian", seed: 100, eps: 0.2, value: material, plies: 400, want: winsBy(1, "no move"), what: "black wins: white has no move"},
		{file: "draughts-russian/white-wins-random.yaml", game: "draughts-russian", seed: 1, eps: 1, plies: 400, want: winsBy(0, "no move"), what: "white wins, random play"},
		{file: "draughts-russian/opening.yaml", game: "draughts-russian", seed: 1, eps: 1, stop: 20, what: "the first 20 moves (legality only)"},
		{file: "draughts-turkish/white-wins.yaml", game: "draughts-turkish", seed: 1, eps: 0.2, value: material, plies: 400, want: winsBy(0, "no move"), what: "white wins: black has no move"},
		{file: "draughts-turkish/white-wins-2.yaml", game: "draughts-turkish", seed: 100, eps: 0.2, value: material, plies: 400, want: winsBy(0, "no move"), what: "white wins: black has no move"},
		{file: "draughts-turkish/black-wins.yaml", game: "draughts-turkish", seed: 1, eps: 0.2, value: material, plies: 400, want: winsBy(1, "no move"), what: "black wins: white has no move"},
		{file: "draughts-turkish/black-wins-2.yaml", game: "draughts-turkish", seed: 100, eps: 0.2, value: material, plies: 400, want: winsBy(1, "no move"), what: "black wins: white has no move"},
		{file: "draughts-turkish/white-wins-random.yaml", game: "draughts-turkish", seed: 1, eps: 1, plies: 400, want: winsBy(0, "no move"), what: "white wins, random play"},
		{file: "draughts-turkish/opening.yaml", game: "draughts-turkish", seed: 1, eps: 1, stop: 20, what: "the first 20 moves (legality only)"},

		// International draughts: a player without a move loses; fifty
		// quiet king plies in a row draw (cautious play: two plies).
		{file: "draughts-international/white-wins.yaml", game: "draughts-international", seed: 1, eps: 0.2, value: material, plies: 600, want: winsBy(0, "no move"), what: "white wins: black has no move"},
		{file: "draughts-international/white-wins-2.yaml", game: "draughts-international", seed: 100, eps: 0.2, value: material, plies: 600, want: winsBy(0, "no move"), what: "white wins: black has no move"},
		{file: "draughts-international/black-wins.yaml", game: "draughts-international", seed: 1, eps: 0.2, value: material, plies: 600, want: winsBy(1, "no move"), what: "black wins: white has no move"},
		{file: "draughts-international/black-wins-2.yaml", game: "draughts-international", seed: 100, eps: 0.2, value: material, plies: 600, want: winsBy(1, "no move"), what: "black wins: white has no move"},
		{file: "draughts-international/quiet-draw.yaml", game: "draughts-international", seed: 1, eps: 0.1, value: cautious, plies: 1500, want: endsBy("goal", 2), what: "a draw: the 50th king move without a capture in a row"},
		{file: "draughts-international/fmjd-draw.yaml", game: "draughts-international", opts: fmjdOn, seed: 1, eps: 0.1, value: cautious, plies: 1500, want: endsBy("goal", 2), what: "fmjd-draws=true: a draw by FMJD's rules (repetition or a counted ending)"},
		{file: "draughts-international/opening.yaml", game: "draughts-international", seed: 1, eps: 1, stop: 20, what: "the first 20 moves (legality only)"},

		// Brazilian and Canadian draughts: the international rules on 8x8
		// and 12x12.
		{file: "draughts-brazilian/white-wins.yaml", game: "draughts-brazilian", seed: 1, eps: 0.2, value: material, plies: 600, want: winsBy(0, "no move"), what: "white wins: black has no move"},
		{file: "draughts-brazilian/white-wins-2.yaml", game: "draughts-brazilian", seed: 100, eps: 0.2, value: material, plies: 600, want: winsBy(0, "no move"), what: "white wins: black has no move"},
		{file: "draughts-brazilian/black-wins.yaml", game: "draughts-brazilian", seed: 1, eps: 0.2, value: material, plies: 600, want: winsBy(1, "no move"), what: "black wins: white has no move"},
		{file: "draughts-brazilian/black-wins-2.yaml", game: "draughts-brazilian", seed: 100, eps: 0.2, value: material, plies: 600, want: winsBy(1, "no move"), what: "black wins: white has no move"},
		{file: "draughts-brazilian/quiet-draw.yaml", game: "draughts-brazilian", seed: 1, eps: 0.1, value: cautious, plies: 1500, want: endsBy("goal", 2), what: "a draw: the 50th king move without a capture in a row"},
		{file: "draughts-brazilian/fmjd-draw.yaml", game: "draughts-brazilian", opts: fmjdOn, seed: 1, eps: 0.1, value: cautious, plies: 1500, want: endsBy("goal", 2), what: "fmjd-draws=true: a draw by FMJD's rules (repetition or a counted ending)"},
		{file: "draughts-brazilian/opening.yaml", game: "draughts-brazilian", seed: 1, eps: 1, stop: 20, what: "the first 20 moves (legality only)"},
		{file: "draughts-canadian/white-wins.yaml", game: "draughts-canadian", seed: 1, eps: 0.2, value: material, plies: 600, want: winsBy(0, "no move"), what: "white wins: black has no move"},
		{file: "draughts-canadian/white-wins-2.yaml", game: "draughts-canadian", seed: 100, eps: 0.2, value: material, plies: 600, want: winsBy(0, "no move"), what: "white wins: black has no move"},
		{file: "draughts-canadian/black-wins.yaml", game: "draughts-canadian", seed: 1, eps: 0.2, value: material, plies: 600, want: winsBy(1, "no move"), what: "black wins: white has no move"},
		{file: "draughts-canadian/black-wins-2.yaml", game: "draughts-canadian", seed: 100, eps: 0.2, value: material, plies: 600, want: winsBy(1, "no move"), what: "black wins: white has no move"},
		{file: "draughts-canadian/quiet-draw.yaml", game: "draughts-canadian", seed: 1, eps: 0.1, value: cautious, plies: 1500, want: endsBy("goal", 2), what: "a draw: the 50th king move without a capture in a row"},
		{file: "draughts-canadian/fmjd-draw.yaml", game: "draughts-canadian", opts: fmjdOn, seed: 1, eps: 0.1, value: cautious, plies: 1500, want: endsBy("goal", 2), what: "fmjd-draws=true: a draw by FMJD's rules (repetition or a counted ending)"},
		{file: "draughts-canadian/opening.yaml", game: "draughts-canadian", seed: 1, eps: 1, stop: 20, what: "the first 20 moves (legality only)"},

		// Breakthrough: reaching the far rank or taking every piece wins.
		{file: "breakthrough/white-reaches.yaml", game: "breakthrough", seed: 1, eps: 1, want: reaches(0), what: "white reaches rank 8"},
		{file: "breakthrough/black-reaches.yaml", game: "breakthrough", seed: 1, eps: 1, want: reaches(1), what: "black reaches rank 1"},
		{file: "breakthrough/white-reaches-greedy.yaml", game: "breakthrough", seed: 1, eps: 0.2, value: material, want: reaches(0), what: "white reaches rank 8, greedy play"},
		{file: "breakthrough/white-takes-all.yaml", game: "breakthrough", seed: 1, eps: 0.05, value: material, want: wipesOut(0), what: "white takes every black piece"},
		{file: "breakthrough/black-takes-all.yaml", game: "breakthrough", seed: 1, eps: 0.05, value: material, want: wipesOut(1), what: "black takes every white piece"},
		{file: "breakthrough/opening.yaml", game: "breakthrough", seed: 1, eps: 1, stop: 16, what: "the first 16 moves (legality only)"},

		// Jumpwings: gates, the long goal, the advanced and relative
		// variants.
		{file: "jumpwings/light-wins.yaml", game: "jumpwings", seed: 1, eps: 1, plies: 600, want: winsBy(0, "goal"), what: "light tops a dark gate"},
		{file: "jumpwings/dark-wins.yaml", game: "jumpwings", seed: 1, eps: 1, plies: 600, want: winsBy(1, "goal"), what: "dark tops a light gate"},
		{file: "jumpwings/light-wins-2.yaml", game: "jumpwings", seed: 100, eps: 1, plies: 600, want: winsBy(0, "goal"), what: "light tops a dark gate"},
		{file: "jumpwings/long-goal.yaml", game: "jumpwings", opts: o("goal", "long"), seed: 1, eps: 1, plies: 1000, want: oneWinner, what: "goal=long: a player holds all three gates at the start of its turn"},
		{file: "jumpwings/long-goal-2.yaml", game: "jumpwings", opts: o("goal", "long"), seed: 100, eps: 1, plies: 1000, want: oneWinner, what: "goal=long: a player holds all three gates at the start of its turn"},
		{file: "jumpwings/opening.yaml", game: "jumpwings", seed: 1, eps: 1, stop: 10, what: "the first 10 moves (legality only)"},
		{file: "jumpwings-advanced/light-wins.yaml", game: "jumpwings-advanced", seed: 1, eps: 1, plies: 600, want: winsBy(0, "goal"), what: "light tops a dark gate"},
		{file: "jumpwings-advanced/dark-wins.yaml", game: "jumpwings-advanced", seed: 1, eps: 1, plies: 600, want: winsBy(1, "goal"), what: "dark tops a light gate"},
		{file: "jumpwings-advanced/light-wins-2.yaml", game: "jumpwings-advanced", seed: 100, eps: 1, plies: 600, want: winsBy(0, "goal"), what: "light tops a dark gate"},
		{file: "jumpwings-advanced/dark-wins-2.yaml", game: "jumpwings-advanced", seed: 100, eps: 1, plies: 600, want: winsBy(1, "goal"), what: "dark tops a light gate"},
		{file: "jumpwings-advanced/long-goal.yaml", game: "jumpwings-advanced", opts: o("goal", "long"), seed: 1, eps: 1, plies: 1000, want: oneWinner, what: "goal=long: a player holds all three gates at the start of its turn"},
		{file: "jumpwings-advanced/opening.yaml", game: "jumpwings-advanced", seed: 1, eps: 1, stop: 10, what: "the first 10 moves (legality only)"},
		{file: "jumpwings-relative/light-wins.yaml", game: "jumpwings-relative", seed: 1, eps: 1, plies: 600, want: winsBy(0, "goal"), what: "light tops a dark gate"},
		{file: "jumpwings-relative/dark-wins.yaml", game: "jumpwings-relative", seed: 1, eps: 1, plies: 600, want: winsBy(1, "goal"), what: "dark tops a light gate"},
		{file: "jumpwings-relative/light-wins-2.yaml", game: "jumpwings-relative", seed: 100, eps: 1, plies: 600, want: winsBy(0, "goal"), what: "light tops a dark gate"},
		{file: "jumpwings-relative/dark-wins-2.yaml", game: "jumpwings-relative", seed: 100, eps: 1, plies: 600, want: winsBy(1, "goal"), what: "dark tops a light gate"},
		{file: "jumpwings-relative/long-goal.yaml", game: "jumpwings-relative", opts: o("goal", "long"), seed: 1, eps: 1, plies: 1000, want: oneWinner, what: "goal=long: a player holds all three gates at the start of its turn"},
		{file: "jumpwings-relative/opening.yaml", game: "jumpwings-relative", seed: 1, eps: 1, stop: 10, what: "the first 10 moves (legality only)"},

		// Konane: who cannot move loses; straight chains; the sizes.
		{file: "konane/black-wins.yaml", game: "konane", seed: 1, eps: 1, want: winsBy(0, "no move"), what: "black wins: white has no move"},
		{file: "konane/white-wins.yaml", game: "konane", seed: 1, eps: 1, want: winsBy(1, "no move"), what: "white wins: black has no move"},
		{file: "konane/black-wins-greedy.yaml", game: "konane", seed: 1, eps: 0.2, value: material, want: winsBy(0, "no move"), what: "black wins, greedy play"},
		{file: "konane/6x6.yaml", game: "konane", opts: o("size", "6x6"), seed: 1, eps: 1, want: oneWinner, what: "size=6x6: a player has no move"},
		{file: "konane/10x10.yaml", game: "konane", opts: o("size", "10x10"), seed: 1, eps: 1, want: oneWinner, what: "size=10x10: a player has no move"},
		{file: "konane/opening.yaml", game: "konane", seed: 1, eps: 1, stop: 12, what: "the first 12 moves (legality only)"},
		// Chinese Checkers: all ten marbles in the opposite point win;
		// greedy play guided by the distance to the goal.
		{file: "chinese-checkers/p1-wins.yaml", game: "chinese-checkers", seed: 1, eps: 0.1, value: ccValue, plies: 2000, want: winsBy(0, "goal"), what: "p1 fills the top point"},
		{file: "chinese-checkers/p2-wins.yaml", game: "chinese-checkers", seed: 1, eps: 0.1, value: ccValue, plies: 2000, want: winsBy(1, "goal"), what: "p2 fills the bottom point"},
		{file: "chinese-checkers/four-players.yaml", game: "chinese-checkers", opts: o("players", "4"), seed: 1, eps: 0.1, value: ccValue, plies: 4000, want: oneWinner, what: "players=4: a player fills the opposite point"},
		{file: "chinese-checkers/three-players.yaml", game: "chinese-checkers", opts: o("players", "3"), seed: 1, eps: 0.1, value: ccValue, plies: 3000, want: oneWinner, what: "players=3: a player fills the opposite point"},
		{file: "chinese-checkers/six-players.yaml", game: "chinese-checkers", opts: o("players", "6"), seed: 1, eps: 0.1, value: ccValue, plies: 6000, want: oneWinner, what: "players=6: a player fills the opposite point"},
		{file: "chinese-checkers/opening.yaml", game: "chinese-checkers", seed: 1, eps: 1, stop: 20, what: "the first 20 moves (legality only)"},
		// Fox and Hounds: the fox's player places and moves the fox first.
		{file: "fox-and-hounds/fox-wins.yaml", game: "fox-and-hounds", seed: 1, eps: 1, want: winsBy(0, "goal"), what: "the fox reaches rank 1"},
		{file: "fox-and-hounds/fox-wins-2.yaml", game: "fox-and-hounds", seed: 100, eps: 1, want: winsBy(0, "goal"), what: "the fox reaches rank 1"},
		{file: "fox-and-hounds/hounds-win.yaml", game: "fox-and-hounds", seed: 1, eps: 1, want: winsBy(1, "no move"), what: "the hounds trap the fox"},
		{file: "fox-and-hounds/hounds-win-2.yaml", game: "fox-and-hounds", seed: 100, eps: 1, want: winsBy(1, "no move"), what: "the hounds trap the fox"},
		{file: "fox-and-hounds/hounds-stuck.yaml", game: "fox-and-hounds", seed: 1, eps: 1, want: winsBy(0, "no move"), what: "the hounds cannot move and lose"},
		{file: "fox-and-hounds/opening.yaml", game: "fox-and-hounds", seed: 1, eps: 1, stop: 12, what: "the placement and the first 11 moves (legality only)"},
		// Fanorona: who cannot move loses; the draw at the limit.
		{file: "fanorona/white-wins.yaml", game: "fanorona", seed: 1, eps: 1, plies: 400, want: winsBy(0, "no move"), what: "white wins: black has no move"},
		{file: "fanorona/black-wins.yaml", game: "fanorona", seed: 1, eps: 1, plies: 400, want: winsBy(1, "no move"), what: "black wins: white has no move"},
		{file: "fanorona/white-wins-greedy.yaml", game: "fanorona", seed: 1, eps: 0.2, value: material, plies: 400, want: winsBy(0, "no move"), what: "white wins, greedy play"},
		{file: "fanorona/black-wins-greedy.yaml", game: "fanorona", seed: 1, eps: 0.2, value: material, plies: 400, want: winsBy(1, "no move"), what: "black wins, greedy play"},
		{file: "fanorona/limit-draw.yaml", game: "fanorona", opts: o("limit", "20"), seed: 1, eps: 1, want: endsBy("limit", 2), what: "limit=20: a draw after 20 moves each"},
		{file: "fanorona/opening.yaml", game: "fanorona", seed: 1, eps: 1, stop: 20, what: "the first 20 moves (legality only)"},
	}
}

// TestRegenerateRecords rewrites conformance/regression from recSpecs:
//
//	go test ./conformance -run TestRegenerateRecords -regen [-regen.game NAME]
//
// Games depend only on the seeds and the sets of legal moves (moves are
// chosen from the sorted list), not on interp's move order.
func TestRegenerateRecords(t *testing.T) {
	if !*regen {
		t.Skip("run with -regen to rewrite conformance/regression")
	}
	for _, sp := range recSpecs() {
		if *regenGame != "" && sp.game != *regenGame {
			continue
		}
		rec, seed, err := generate(t, sp)
		if err != nil {
			t.Errorf("%s: %v", sp.file, err)
			continue
		}
		var b bytes.Buffer
		player := "random play"
		if sp.eps < 1 {
			player = fmt.Sprintf("greedy play (%.0f%% random moves)", 100*sp.eps)
		}
		fmt.Fprintf(&b, "# %s.\n# Made by TestRegenerateRecords (records_test.go): seed %d, %s.\n", sp.what, seed, player)
		if err := record.Write(&b, rec); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join("regression", sp.file)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: seed %d, %d moves", path, seed, len(rec.Moves))
	}
}

// generate plays seeds from sp.seed until the game fits the spec.
func generate(t *testing.T, sp recSpec) (*record.Record, uint64, error) {
	p := compile(t, sp.game, sp.opts, interp.Config{})
	for seed := sp.seed; seed < sp.seed+5000; seed++ {
		s0 := p.NewState(seed)
		s := s0.Clone()
		choose := randomMove
		if sp.eps < 1 {
			choose = greedy(sp.eps, sp.value)
		}
		rng := rand.New(rand.NewPCG(seed, 2))
		moves := playGame(p, s, choose, rng, max(sp.stop, sp.plies))
		st := p.Status(s)
		rec := &record.Record{Game: sp.game, Options: sp.opts, Setup: p.Layout(s0), Moves: moves}
		if sp.stop > 0 {
			if len(moves) == sp.stop && !st.Over {
				return rec, seed, nil
			}
			continue
		}
		if !st.Over || !sp.want(p, s, st) {
			continue
		}
		rec.Result = &record.Result{}
		for _, w := range st.Winners {
			rec.Result.Winners = append(rec.Result.Winners, p.PlayerName(w))
		}
		if st.Scores != nil {
			rec.Result.Scores = map[string]int{}
			for i, v := range st.Scores {
				rec.Result.Scores[p.PlayerName(i)] = v
			}
		}
		return rec, seed, nil
	}
	return nil, 0, fmt.Errorf("no seed from %d gives the outcome wanted (%s)", sp.seed, sp.what)
}

// recordFiles returns every record under dir (records or regression), by
// game directory.
func recordFiles(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*", "*.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no records under %s/", dir)
	}
	return files
}

// checkRecordDir checks every record of dir with the checker (fast and
// generic paths) and returns, per game, the records with a result and
// those without.
func checkRecordDir(t *testing.T, dir string) (withResult, without map[string]int) {
	t.Helper()
	withResult, without = map[string]int{}, map[string]int{}
	for _, cfg := range []interp.Config{{}, {Disable: []string{"all"}}} {
		reports, err := CheckDir(dir, gamesDir, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if len(reports) != len(recordFiles(t, dir)) {
			t.Errorf("CheckDir found %d records, want %d", len(reports), len(recordFiles(t, dir)))
		}
		for _, r := range reports {
			if _, err := os.Stat(rulesPath(r.Game)); r.Game != "" && err != nil {
				// Records of a game whose rules file is not (yet) in
				// games/: nothing to check them against.
				t.Logf("%s: skipped: no %s", r.File, rulesPath(r.Game))
				continue
			}
			if r.Verdict != OK || ExitCode(r) != 0 {
				t.Errorf("Disable=%v: %s", cfg.Disable, r.Text())
				continue
			}
			if d := filepath.Base(filepath.Dir(r.File)); d != r.Game {
				t.Errorf("%s: a record of %s in %s/%s", r.File, r.Game, dir, d)
			}
			if len(cfg.Disable) > 0 {
				continue
			}
			if r.ResultRecorded {
				withResult[r.Game]++
			} else {
				without[r.Game]++
			}
		}
	}
	return withResult, without
}

// independentSource is what the header comment of a record of
// conformance/records must say: the independent generator that played it
// (TestRegenerateOracleRecords writes "Played by <generator>, not by
// interp: seed N"), or the published game it was written from by hand
// ("From a published game: ...").
var independentSource = regexp.MustCompile(`(?m)^# (Played by (conformance/oracle/\w+\.go|the naive generator of conformance/\w+\.go), not by interp: seed \d+|From a published game: .+)`)

// TestRecords checks every record of conformance/records (the evidence)
// with the checker (fast and generic paths): each names its independent
// source in its header, and every bundled game has at least three records
// with a result and one without.
func TestRecords(t *testing.T) {
	withResult, without := checkRecordDir(t, "records")
	for _, path := range recordFiles(t, "records") {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !independentSource.Match(data) {
			t.Errorf("%s: the header does not name an independent generator and its seed, or a published game", path)
		}
	}
	games, _ := filepath.Glob(filepath.Join(gamesDir, "*.rules"))
	for _, g := range games {
		name := strings.TrimSuffix(filepath.Base(g), ".rules")
		if withResult[name] < 3 || without[name] < 1 {
			t.Errorf("%s: %d records with a result, %d without; want at least 3 and 1", name, withResult[name], without[name])
		}
	}
}

// TestRegressionRecords checks every record of conformance/regression
// (interp's own games, made by TestRegenerateRecords: regression pins)
// with the checker, fast and generic paths, and that each bundled game
// has at least five with a result and one without.
func TestRegressionRecords(t *testing.T) {
	withResult, without := checkRecordDir(t, "regression")
	games, _ := filepath.Glob(filepath.Join(gamesDir, "*.rules"))
	for _, g := range games {
		name := strings.TrimSuffix(filepath.Base(g), ".rules")
		if withResult[name] < 5 || without[name] < 1 {
			t.Errorf("%s: %d records with a result, %d without; want at least 5 and 1", name, withResult[name], without[name])
		}
	}
}

// TestRecordsAgainstOracle replays every record of records/ and
// regression/ of a game with an independent generator (all but English
// draughts and Breakthrough) through that generator and checks that every
// move is legal there too and that the generator finds the recorded
// result: over after the last move, the same winners and scores.
func TestRecordsAgainstOracle(t *testing.T) {
	checked := 0
	for _, path := range append(recordFiles(t, "records"), recordFiles(t, "regression")...) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := record.Parse(data, path)
		if err != nil {
			t.Fatal(err)
		}
		m, names, err := oracleFor(rec)
		if err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		if m == nil {
			continue
		}
		checked++
		for i, mv := range rec.Moves {
			if err := m.Play(mv); err != nil {
				t.Fatalf("%s: move %d: %v", path, i+1, err)
			}
		}
		if rec.Result == nil {
			continue
		}
		if !m.Over() {
			t.Errorf("%s: the oracle says the game is not over", path)
			continue
		}
		var winners []string
		for _, w := range m.Winners() {
			winners = append(winners, names[w])
		}
		if !slices.Equal(winners, rec.Result.Winners) {
			t.Errorf("%s: oracle winners %v, recorded %v", path, winners, rec.Result.Winners)
		}
		scores := map[string]int{}
		for i, v := range m.Scores() {
			scores[names[i]] = v
		}
		if fmt.Sprint(scores) != fmt.Sprint(rec.Result.Scores) {
			t.Errorf("%s: oracle scores %v, recorded %v", path, scores, rec.Result.Scores)
		}
	}
	if checked == 0 {
		t.Error("no record checked against the oracle")
	}
	t.Logf("%d records replayed through their independent generators", checked)
}

// oracleFor builds the oracle's start position of a record (nil for games
// the oracle does not play) and the player names.
func oracleFor(rec *record.Record) (model, []string, error) {
	opt := func(k, def string) string {
		if v, ok := rec.Options[k]; ok {
			return v
		}
		return def
	}
	switch rec.Game {
	case "leapfrog", "leapfrog-murray", "froglet":
		def := "15x15"
		if rec.Game == "froglet" {
			def = "12x12"
		}
		ws, hs, _ := strings.Cut(opt("size", def), "x")
		w, _ := strconv.Atoi(ws)
		h, _ := strconv.Atoi(hs)
		n, _ := strconv.Atoi(opt("players", "2"))
		diag := opt("diagonal", "false") == "true"
		names := make([]string, n)
		for i := range names {
			names[i] = "p" + strconv.Itoa(i+1)
		}
		var m model
		var err error
		switch rec.Game {
		case "leapfrog":
			m, err = oracle.NewLeapFrog(w, h, n, diag)
		case "leapfrog-murray":
			m, err = oracle.NewMurray(w, h, n, diag, rec.Setup)
		default:
			m, err = oracle.NewFroglet(w, h, n, diag, rec.Setup)
		}
		return m, names, err
	case "salta":
		limit, _ := strconv.Atoi(opt("limit", "0"))
		return oracle.NewSalta(limit), []string{"green", "red"}, nil
	}
	return oracleForGame(rec, opt)
}
