package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"

	"github.com/ruleplay/ruleplay/analyze"
	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/play"
	"github.com/spf13/cobra"
)

// matchJSON is the --json output of match. The maps are keyed by the
// players' keys (the names as given, a repeated name getting "#2", "#3").
type matchJSON struct {
	Game    string                `json:"game"`
	Title   string                `json:"title"`
	Options map[string]string     `json:"options,omitempty"`
	Seed    uint64                `json:"seed"`
	Players []string              `json:"players"`
	Games   int                   `json:"games"`
	Draws   int                   `json:"draws"`
	Wins    map[string]int        `json:"wins"`
	Shared  map[string]int        `json:"shared"`
	Losses  map[string]int        `json:"losses"`
	Points  map[string]float64    `json:"points"`
	Score   map[string]float64    `json:"score"`
	CI95    map[string][2]float64 `json:"ci95"`
	Capped  int                   `json:"capped"`
	Plies   float64               `json:"mean_plies"`
	// Seats are the results of each of the rules' seats (colours),
	// whoever played it, in turn order.
	Seats []analyze.Result `json:"seats"`
	// Swapped counts the games in which the players swapped sides
	// (turns { swap }): their results count for the player who played
	// each colour in the end.
	Swapped int `json:"swapped,omitempty"`
}

// matchGame is the outcome of one game of a match.
type matchGame struct {
	winners []int // entrants (not seats) sharing the win
	seats   []int // the seats sharing the win
	plies   int
	capped  bool
	swapped bool // the players swapped sides
	done    bool // played to its end (not interrupted)
}

// finished returns the games played to their end, and an error telling
// how many were when the match was interrupted.
func finished(results []matchGame) ([]matchGame, error) {
	var out []matchGame
	for _, r := range results {
		if r.done {
			out = append(out, r)
		}
	}
	if len(out) == len(results) {
		return results, nil
	}
	return out, fmt.Errorf("interrupted: %d of %s played; the table counts those", len(out), count(len(results), "game"))
}

// matchHelp is match's long help, matchExamples its examples.
const (
	matchHelp = `Match plays --games games between the computer players of --players (one
per seat: as many as the game has seats), turning the seats round from
game to game (with two players they alternate: the first player of --players
moves first in the first, third, fifth ... game), then prints for every player its wins,
draws and losses, its score (a win 1, a draw 1/2, a loss 0) and the 95%
confidence interval of that score (Wilson's interval, draws counting half),
and the same for every seat of the rules, whoever played it ("seat p1":
how the first seat fares, the first player's advantage).

Players are named as given; a name given twice gets "#2" ("mcts,mcts" are
"mcts" and "mcts#2"). Settings after a name are part of it
("mcts:playouts=200"). The mcts flags (--playouts, --think, --cutoff) set
every mcts player's default, as in run (see 'ruleplay run --help'); every
mcts player searches on one thread unless its name says otherwise
("mcts:threads=2").

A win shared by several but not all players (possible with more than two
players) counts as "shared" for each of them, and as a loss for the others;
each sharer scores 1/k of the game when k players share it. A draw (every
player shares the result) counts once in "draws" and half a point each (1/n
with n players).

Game i (counting from 0) draws its random setup, if the game has one, from --seed
plus i divided by the number of seats (so every seating of a round plays the
same layout), and its players' random choices from --seed and i: the same
seed gives the same match (with playout budgets), whatever --threads is.
--threads plays that many games at once. --max-plies ends a game as the
rules end it at a move limit (a draw unless they score it); such games are
counted as "capped".

A progress bar is drawn on standard error when it is a terminal.

--json prints {"game", "title", "options", "seed", "players", "games",
"draws", "wins", "shared", "losses", "points", "score", "ci95", "capped",
"mean_plies", "seats"}, the per-player maps keyed by the players' names,
"seats" a list of {"name", "wins", "shared", "draws", "losses", "points",
"score", "ci95"} in turn order. 'ruleplay analyze' reports much more
(lengths, legal moves, endings). FILE may
be a bundled game's name ('ruleplay games'; its rules: docs/rules/GAME.md).`
	matchExamples = `  ruleplay match my-game.rules --players mcts,random --games 20
  ruleplay match my-game.rules --players mcts,greedy --games 50 --threads 2 --json
  ruleplay match my-game.rules --players mcts:playouts=2000,mcts --games 10 --seed 3`
)

// matchOptions are match's flags.
type matchOptions struct {
	gf       gameFlags
	pf       playerFlags
	players  string
	games    int
	threads  int
	asJSON   bool
	maxPlies int
}

func newMatchCmd() *cobra.Command {
	o := &matchOptions{}
	cmd := &cobra.Command{
		Use:               "match FILE",
		Short:             "Play many games between computer players and count the results",
		Long:              matchHelp,
		Example:           matchExamples,
		Args:              exactArgs("FILE"),
		ValidArgsFunction: completeRulesFile,
		RunE:              o.run,
	}
	o.register(cmd)
	return cmd
}

// register adds match's flags to cmd.
func (o *matchOptions) register(cmd *cobra.Command) {
	o.gf.register(cmd, "seed of the match: the random setups and the players' random choices")
	o.gf.registerPosition(cmd)
	o.pf.register(cmd, "")
	fl := cmd.Flags()
	fl.StringVar(&o.players, "players", "mcts,random", "computer `PLAYERS`, one per seat, comma-separated (known: "+strings.Join(play.Names(), ", ")+")")
	fl.IntVarP(&o.games, "games", "n", 10, "play `N` games")
	fl.IntVar(&o.threads, "threads", 1, "play `N` games at once")
	fl.BoolVar(&o.asJSON, "json", false, "print JSON")
	fl.IntVar(&o.maxPlies, "max-plies", 1000, "end a game after `N` plies, as the rules end it at a move limit (0: no cap of your own; at most "+plyLimitText+")")
	_ = cmd.RegisterFlagCompletionFunc("players", completePlayers)
}

// check validates the flags and returns the players of --players.
func (o *matchOptions) check() ([]string, error) {
	switch {
	case o.games < 1 || o.games > maxMatchGames:
		return nil, usageErrorf("--games %d: want 1 to %d", o.games, maxMatchGames)
	case o.threads < 1 || o.threads > maxThreads:
		return nil, usageErrorf("--threads %d: want 1 to %d", o.threads, maxThreads)
	case checkPlies(&o.maxPlies) != nil:
		return nil, checkPlies(&o.maxPlies)
	}
	if err := o.pf.check(); err != nil {
		return nil, err
	}
	specs := splitPlayers(o.players)
	for _, sp := range specs {
		st, err := newSeat(sp, o.pf.options(), false)
		if err != nil {
			return nil, err
		}
		if st.human {
			return nil, usageErrorf("--players: a match is between computer players (use 'ruleplay run --players human,...' to play)")
		}
	}
	return specs, nil
}

// run plays the match on the game of args[0] and prints the table.
func (o *matchOptions) run(cmd *cobra.Command, args []string) (err error) {
	specs, err := o.check()
	if err != nil {
		return err
	}
	gm, err := o.gf.load(args[0], o.maxPlies)
	if err != nil {
		return err
	}
	np := gm.p.NumPlayers()
	if len(specs) != np {
		return usageErrorf("--players: %s given, but %s has %s: give one player per seat", count(len(specs), "player"), gm.g.Title, count(np, "seat"))
	}
	m := &match{gm: gm, gf: &o.gf, pf: &o.pf, specs: specs, games: o.games, maxPlies: o.maxPlies}
	if o.gf.position != "" {
		if m.start, err = gm.startAt(&o.gf); err != nil {
			return err
		}
	}
	bar := newProgress(cmd.ErrOrStderr(), o.games)
	ctx, stop := interruptible(cmd)
	defer stop()
	results, err := m.play(ctx, o.threads, bar)
	bar.done()
	if err != nil {
		return err
	}
	results, interrupted := finished(results)
	if interrupted != nil && len(results) == 0 {
		return fmt.Errorf("interrupted before any game ended")
	}
	if interrupted != nil {
		// The table counts the games that ended.
		defer func() { err = interrupted }()
	}
	r := m.tally(results)
	if o.asJSON {
		b, err := json.MarshalIndent(r, "", "  ")
		if err != nil {
			return err
		}
		fmt.Fprintf(cmd.OutOrStdout(), "%s\n", b)
		return nil
	}
	writeMatch(cmd.OutOrStdout(), r, o.maxPlies)
	return nil
}

// match is a match's settings.
type match struct {
	gm       *game
	gf       *gameFlags
	pf       *playerFlags
	specs    []string // one per entrant
	games    int
	maxPlies int
	// start: --position's, where every game starts (nil: the start for
	// the game's seed)
	start *interp.State
}

// play plays the games on threads goroutines.
func (m *match) play(ctx context.Context, threads int, bar *progress) ([]matchGame, error) {
	results := make([]matchGame, m.games)
	var mu sync.Mutex
	next := 0
	var failed error
	err := parallel(min(threads, m.games), func(int) {
		for {
			mu.Lock()
			g := next
			next++
			mu.Unlock()
			if g >= m.games {
				return
			}
			r, err := m.playOne(ctx, g)
			if ctx.Err() != nil {
				return // interrupted: r is not finished
			}
			mu.Lock()
			results[g] = r
			if err != nil && failed == nil {
				failed = err
			}
			bar.step()
			mu.Unlock()
		}
	})
	if err != nil {
		return nil, err
	}
	return results, failed
}

// entrant returns the entrant (index into specs) playing seat j in game g.
func (m *match) entrant(g, j int) int {
	np := len(m.specs)
	return (j + g) % np
}

// playOne plays game g.
func (m *match) playOne(ctx context.Context, g int) (matchGame, error) {
	p := m.gm.p
	np := p.NumPlayers()
	seats := make([]play.Player, np)
	for j := range seats {
		st, err := newSeat(m.specs[m.entrant(g, j)], m.pf.options(), false)
		if err != nil {
			return matchGame{}, err
		}
		seats[j] = st.pl
	}
	var s *interp.State
	if m.start != nil {
		s = m.start.Clone()
	} else {
		s = p.NewState(m.gf.seed + uint64(g/np))
	}
	rng := rand.New(rand.NewPCG(m.gf.seed, 0x6d61746368+uint64(g)))
	st, err := play.GameContext(ctx, p, s, seats, rng, nil)
	if err != nil {
		return matchGame{}, err
	}
	r := matchGame{done: true, plies: s.Ply(), capped: st.Reason == "limit" && m.maxPlies > 0 && s.Ply() >= m.maxPlies && (m.gm.g.End.Plies == 0 || s.Ply() < m.gm.g.End.Plies)}
	for _, w := range st.Winners {
		// (the winners are colours; after a swap the other seat played each)
		r.winners = append(r.winners, m.entrant(g, p.SeatOf(s, w)))
	}
	r.seats = st.Winners
	r.swapped = s.Swapped
	return r, nil
}

// tally counts the results.
func (m *match) tally(results []matchGame) *matchJSON {
	keys := analyze.PlayerKeys(m.specs)
	np := len(keys)
	r := &matchJSON{
		Game: m.gm.g.Name, Title: m.gm.title(), Options: m.gm.givenOptions(), Seed: m.gf.seed,
		Players: keys, Games: len(results),
		Wins: map[string]int{}, Shared: map[string]int{}, Losses: map[string]int{},
		Points: map[string]float64{}, Score: map[string]float64{}, CI95: map[string][2]float64{},
	}
	plies := 0
	for _, k := range keys {
		r.Wins[k], r.Shared[k], r.Losses[k], r.Points[k] = 0, 0, 0, 0
	}
	for _, g := range results {
		plies += g.plies
		if g.capped {
			r.Capped++
		}
		if g.swapped {
			r.Swapped++
		}
		won := make([]bool, np)
		for _, w := range g.winners {
			won[w] = true
		}
		k := len(g.winners)
		if k == np {
			r.Draws++
		}
		for e, key := range keys {
			switch {
			case !won[e]:
				r.Losses[key]++
			case k == 1:
				r.Wins[key]++
			case k < np:
				r.Shared[key]++
			}
			if won[e] {
				r.Points[key] += 1 / float64(k)
			}
		}
	}
	n := float64(len(results))
	for _, key := range keys {
		r.Points[key] = math.Round(r.Points[key]*1000) / 1000
		r.Score[key] = math.Round(r.Points[key]/n*1000) / 1000
		lo, hi := wilson(r.Points[key], n)
		r.CI95[key] = [2]float64{math.Round(lo*1000) / 1000, math.Round(hi*1000) / 1000}
	}
	r.Plies = math.Round(float64(plies)/n*10) / 10
	r.Seats = m.seatResults(results)
	return r
}

// seatResults counts the results of each seat.
func (m *match) seatResults(results []matchGame) []analyze.Result {
	p := m.gm.p
	np := p.NumPlayers()
	seats := make([]analyze.Result, np)
	for j := range seats {
		seats[j].Name = p.PlayerName(j)
	}
	for _, g := range results {
		k := len(g.seats)
		for j := range seats {
			s := &seats[j]
			switch won := slices.Contains(g.seats, j); {
			case !won:
				s.Losses++
			case k == np:
				s.Draws++
			case k == 1:
				s.Wins++
			default:
				s.Shared++
			}
			if slices.Contains(g.seats, j) {
				s.Points += 1 / float64(k)
			}
		}
	}
	n := float64(len(results))
	for j := range seats {
		s := &seats[j]
		lo, hi := wilson(s.Points, n)
		s.Points = math.Round(s.Points*1000) / 1000
		s.Score = math.Round(s.Points/n*1000) / 1000
		s.CI95 = [2]float64{math.Round(lo*1000) / 1000, math.Round(hi*1000) / 1000}
	}
	return seats
}

// wilson is the 95% Wilson score interval of a proportion of points out of
// n.
func wilson(points, n float64) (lo, hi float64) { return analyze.Wilson(points, n) }

// writeMatch prints the table of a match.
func writeMatch(out io.Writer, r *matchJSON, maxPlies int) {
	fmt.Fprintf(out, "%s: %s, seed %d\n", r.Title, count(r.Games, "game"), r.Seed)
	w := len("player")
	for _, k := range r.Players {
		w = max(w, len(k))
	}
	for _, st := range r.Seats {
		w = max(w, len("seat "+st.Name))
	}
	shared := false
	for _, k := range r.Players {
		shared = shared || r.Shared[k] > 0
	}
	head := fmt.Sprintf("%-*s  %5s  %5s  %6s", w, "player", "wins", "draws", "losses")
	if shared {
		head = fmt.Sprintf("%-*s  %5s  %6s  %5s  %6s", w, "player", "wins", "shared", "draws", "losses")
	}
	fmt.Fprintf(out, "%s  %6s  %s\n", head, "score", "95% CI")
	for _, k := range r.Players {
		row := fmt.Sprintf("%-*s  %5d  %5d  %6d", w, k, r.Wins[k], r.Draws, r.Losses[k])
		if shared {
			row = fmt.Sprintf("%-*s  %5d  %6d  %5d  %6d", w, k, r.Wins[k], r.Shared[k], r.Draws, r.Losses[k])
		}
		ci := r.CI95[k]
		fmt.Fprintf(out, "%s  %6.3f  %.3f-%.3f\n", row, r.Score[k], ci[0], ci[1])
	}
	for _, st := range r.Seats {
		row := fmt.Sprintf("%-*s  %5d  %5d  %6d", w, "seat "+st.Name, st.Wins, st.Draws, st.Losses)
		if shared {
			row = fmt.Sprintf("%-*s  %5d  %6d  %5d  %6d", w, "seat "+st.Name, st.Wins, st.Shared, st.Draws, st.Losses)
		}
		fmt.Fprintf(out, "%s  %6.3f  %.3f-%.3f\n", row, st.Score, st.CI95[0], st.CI95[1])
	}
	fmt.Fprintf(out, "mean length: %.1f plies", r.Plies)
	if r.Capped > 0 {
		fmt.Fprintf(out, "; %s stopped by --max-plies %d", count(r.Capped, "game"), maxPlies)
	}
	if r.Swapped > 0 {
		fmt.Fprintf(out, "; %s swapped sides", count(r.Swapped, "game"))
	}
	fmt.Fprintln(out)
}

// maxMatchGames is the most games of one match (their results are kept).
const maxMatchGames = 1_000_000
