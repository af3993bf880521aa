package conformance

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ruleplay/ruleplay/conformance/oracle"
	"github.com/ruleplay/ruleplay/interp"
)

// Differential tests of the jumping family (issue 14): international
// draughts, Konane, Chinese Checkers and Conspirateurs, each a subtest of
// TestDifferential14 and TestPerft14, against conformance/oracle.

// withScores gives an oracle the scores of a rules file that keeps one:
// the rule book names none for Konane and Conspirateurs, but what a
// rules file may count is fixed by it (Konane: stones removed or
// captured by each player; Conspirateurs: men on shelters).
type withScores struct {
	model
	scores func() []int
}

func (w withScores) Scores() []int { return w.scores() }

// scored wraps m when the rules file reports scores at the start.
func scored(p *interp.Program, s0 *interp.State, m model, scores func() []int) model {
	if p.Status(s0).Scores == nil {
		return m
	}
	return withScores{m, scores}
}

func konaneModel(size int) func(*interp.Program, *interp.State) (model, error) {
	return func(p *interp.Program, s0 *interp.State) (model, error) {
		g, err := oracle.NewKonane(size)
		if err != nil {
			return nil, err
		}
		return scored(p, s0, g, g.Captures), nil
	}
}

func draughtsIntlModel(*interp.Program, *interp.State) (model, error) {
	return oracle.NewDraughts(), nil
}

func chineseModel(players int) func(*interp.Program, *interp.State) (model, error) {
	return func(*interp.Program, *interp.State) (model, error) {
		return oracle.NewChineseCheckers(players)
	}
}

func conspirateursModel(p *interp.Program, s0 *interp.State) (model, error) {
	g := oracle.NewConspirateurs()
	return scored(p, s0, g, g.Sheltered), nil
}

// onShelters rates a Conspirateurs position for mover: its men on
// shelters minus the opponent's, then (tie-break, in tenths) how near
// the edges its other men stand.
func onShelters(p *interp.Program, s *interp.State, mover int) int {
	shelters := strings.Fields(oracle.CsShelters)
	v := 0
	for c := range p.Game().Board.Cells {
		pc, ok := p.PieceAt(s, c)
		if !ok {
			continue
		}
		name := p.CellName(c)
		w := 100
		if !slices.Contains(shelters, name) {
			f, r := int(name[0]-'a'), atoiOr(name[1:])-1
			w = 8 - min(f, r, 16-f, 16-r)
		}
		if p.Game().Pieces[pc].Owner != mover {
			w = -w
		}
		v += w
	}
	return v
}

// rowsAhead rates a two-player Chinese Checkers position for mover: the
// rows its marbles have advanced (p1 up, p2 down) minus the opponent's.
func rowsAhead(p *interp.Program, s *interp.State, mover int) int {
	v := 0
	for c := range p.Game().Board.Cells {
		pc, ok := p.PieceAt(s, c)
		if !ok {
			continue
		}
		row := atoiOr(p.CellName(c)[1:])
		owner := p.Game().Pieces[pc].Owner
		if owner == 1 {
			row = 18 - row
		}
		if owner != mover {
			row = -row
		}
		v += row
	}
	return v
}

func atoiOr(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

func diffCases14() []diffCase {
	sz := func(s string) map[string]string { return map[string]string{"size": s} }
	pl := func(s string) map[string]string { return map[string]string{"players": s} }
	random := 1.0
	return []diffCase{
		{name: "konane", game: "konane", games: 20, eps: random, model: konaneModel(8)},
		{name: "konane 6x6", game: "konane", opts: sz("6x6"), games: 20, eps: random, model: konaneModel(6)},
		{name: "konane 16x16", game: "konane", opts: sz("16x16"), games: 4, eps: random, model: konaneModel(16)},
		{name: "konane greedy", game: "konane", games: 10, eps: 0.2, value: material, model: konaneModel(8)},
		{name: "draughts-international", game: "draughts-international", games: 6, plies: 400, eps: random, model: draughtsIntlModel},
		{name: "draughts-international greedy", game: "draughts-international", games: 6, plies: 400, eps: 0.2, value: material, model: draughtsIntlModel},
		{name: "chinese-checkers", game: "chinese-checkers", games: 4, plies: 300, eps: random, model: chineseModel(2)},
		{name: "chinese-checkers greedy", game: "chinese-checkers", games: 3, plies: 1000, eps: 0.1, value: rowsAhead, model: chineseModel(2)},
		{name: "chinese-checkers 3 players", game: "chinese-checkers", opts: pl("3"), games: 2, plies: 300, eps: random, model: chineseModel(3)},
		{name: "chinese-checkers 4 players", game: "chinese-checkers", opts: pl("4"), games: 2, plies: 300, eps: random, model: chineseModel(4)},
		{name: "chinese-checkers 6 players", game: "chinese-checkers", opts: pl("6"), games: 2, plies: 300, eps: random, model: chineseModel(6)},
		{name: "conspirateurs", game: "conspirateurs", games: 3, plies: 200, eps: random, model: conspirateursModel},
		{name: "conspirateurs greedy", game: "conspirateurs", games: 3, plies: 600, eps: 0.1, value: onShelters, model: conspirateursModel},
	}
}

// TestDifferential14 is TestDifferential for the games of issue 14: one
// subtest per case (it fails, not skips, while a rules file is missing).
func TestDifferential14(t *testing.T) {
	for _, c := range diffCases14() {
		t.Run(c.name, func(t *testing.T) { runDiffCase(t, c) })
	}
}

// perftCase compares interp's perft with an oracle's, from the start and
// from positions along seeded random games (plies 20, 40, ...).
type perftCase struct {
	name, game string
	opts       map[string]string
	depth      int // from the start
	midDepth   int // at the positions along the games
	games      int
	plies      int // the longest game followed
	oracle     func() perfter
}

// perfter is an oracle that counts move sequences and plays moves.
type perfter interface {
	model
	Perft(depth int) uint64
}

func perftCases14() []perftCase {
	return []perftCase{
		{name: "konane", game: "konane", depth: 6, midDepth: 3, games: 4, plies: 60,
			oracle: func() perfter { g, _ := oracle.NewKonane(8); return g }},
		{name: "konane 10x10", game: "konane", opts: map[string]string{"size": "10x10"}, depth: 5, midDepth: 3, games: 2, plies: 60,
			oracle: func() perfter { g, _ := oracle.NewKonane(10); return g }},
		{name: "draughts-international", game: "draughts-international", depth: 5, midDepth: 3, games: 4, plies: 200,
			oracle: func() perfter { return oracle.NewDraughts() }},
		{name: "chinese-checkers", game: "chinese-checkers", depth: 3, midDepth: 2, games: 2, plies: 120,
			oracle: func() perfter { g, _ := oracle.NewChineseCheckers(2); return g }},
		{name: "chinese-checkers 6 players", game: "chinese-checkers", opts: map[string]string{"players": "6"}, depth: 3, midDepth: 2, games: 1, plies: 120,
			oracle: func() perfter { g, _ := oracle.NewChineseCheckers(6); return g }},
		{name: "conspirateurs", game: "conspirateurs", depth: 3, midDepth: 2, games: 2, plies: 160,
			oracle: func() perfter { return oracle.NewConspirateurs() }},
	}
}

// TestPerft14 compares interp's perft (fast and generic paths) with the
// oracles' from the start and along random games.
func TestPerft14(t *testing.T) {
	for _, c := range perftCases14() {
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

func comparePerft(t *testing.T, where string, p *interp.Program, s *interp.State, o perfter, depth int) {
	t.Helper()
	for d := 1; d <= depth; d++ {
		if got, want := p.Perft(s, d), o.Perft(d); got != want {
			t.Fatalf("%s: perft(%d): interp %d, oracle %d", where, d, got, want)
		}
	}
}

// perftAlong plays a seeded random game through interp and the oracle and
// compares perft(depth) every 20 plies.
func perftAlong(t *testing.T, c perftCase, p *interp.Program, seed uint64, depth int) {
	t.Helper()
	s, o := p.NewState(seed), c.oracle()
	rng := rand.New(rand.NewPCG(seed, 14))
	var ml interp.MoveList
	for ply := 0; ply < c.plies && !o.Over(); ply++ {
		if ply > 0 && ply%20 == 0 {
			comparePerft(t, fmt.Sprintf("seed %d ply %d", seed, ply), p, s, o, depth)
		}
		moves := o.Moves()
		slices.Sort(moves)
		mv := moves[rng.IntN(len(moves))]
		playText(t, p, s, &ml, mv)
		if err := o.Play(mv); err != nil {
			t.Fatal(err)
		}
	}
}
