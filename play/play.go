// Package play holds computer players that know a game only through the
// interpreter: they see a compiled Program, a State and the State's legal
// moves, and return the index of the move they choose. Nothing here knows a
// game by name, so every player works for every rules file.
//
// # Design
//
// A Player is a small interface (Name, Choose). Players are created by name
// through New, which is what the command line uses; Known lists the names
// with a line of help each. A player may keep scratch buffers and a memory
// of the game being played, so a Player value belongs to one seat of one
// game at a time (it notices a new game by the ply count going back).
//
// Randomness comes only from the *rand.Rand handed to Choose, so a game
// between computer players is a pure function of the rules, the options and
// the seed that made that generator.
//
// Players judge moves by seat (participant), not by colour: in a game
// with the swap (the pie rule, turns { swap }) the move "swap" changes no
// piece and leaves the same colour to move, but the participants exchange
// colours (State.Swapped, Program.SeatOf). A move is valued for the
// participant who makes it by the colour that participant holds after it
// (colourOf); in a game without the swap seat and colour are the same and
// nothing changes.
//
// Evaluation (Eval) uses only what the rules define: a finished game is
// worth Win to a sole winner and -Win to a loser (a shared win half of Win,
// a draw nothing); otherwise the game's score, seen from one player, is
// "own minus the best opponent" when the highest score is best and "best
// opponent minus own" when the lowest is best. Games without scores
// evaluate to 0, so the players then fall back on their random tie-break.
//
// The players:
//
//   - random: a uniformly random legal move.
//   - greedy: one ply. It applies every legal move, evaluates the position
//     for itself, and plays the best, breaking ties at random. In games
//     without captures a one-ply player goes round in circles once every
//     move looks equally bad (the last pieces of a race must make room for
//     each other), so greedy also avoids recreating its own positions,
//     keeps a short tabu list of the cells its pieces just left, and, when
//     its own score has not improved for a while, searches a short plan of
//     its own moves that improves it (see Greedy). All of this is generic:
//     positions, pieces and the rules' score, never a move's meaning.
//   - lookahead: two plies. For every move it also plays the opponent's
//     best reply by the same one-ply evaluation and keeps what that reply
//     leaves (with the same remedies as greedy). Slower; not always better.
//   - mcts: Monte Carlo tree search (UCT) with a budget of playouts or time
//     per move, playouts cut off after a few dozen plies and valued by the
//     rules' score, optionally on several threads (see MCTS).
//   - ab: iterative-deepening alpha-beta (principal variation search,
//     aspiration windows, a transposition table on the position hash,
//     killer and history move ordering, a quiescence search over
//     captures) with an evaluation derived from the rules file: material
//     valued by mobility, distance to goal zones, the rules' guide or
//     score, mobility; budget: depth or time per move (see AB).
//
// Players are named by a spec, NAME or NAME:KEY=VALUE:KEY=VALUE..., where
// the settings (mcts and ab) override the Options given to NewWith, e.g.
// "mcts:playouts=200:cutoff=30" or "ab:depth=6".
package play

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ruleplay/ruleplay/internal/suggest"
	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/ir"
)

// Player chooses moves.
type Player interface {
	// Name is the name New knows the player by.
	Name() string
	// Choose returns the index of a move of ml, which must hold the legal
	// moves of s (filled by p.Legal) and at least one move. s is left as it
	// was (a player may Apply and Undo on it); ml is not changed. Every
	// random choice is drawn from rng.
	Choose(p *interp.Program, s *interp.State, ml *interp.MoveList, rng *rand.Rand) int
}

// Info describes a known player.
type Info struct {
	Name string
	Doc  string
}

// Known lists the players New can make, in name order.
func Known() []Info {
	return []Info{
		{"ab", "alpha-beta search: iterative deepening with a transposition table, captures searched to quiet positions, an evaluation read off the rules; budget: depth or time per move"},
		{"greedy", "one ply: the move that leaves the best position for the mover (won, then score), ties at random"},
		{"lookahead", "two plies: like greedy, assuming the opponent answers with its own best reply"},
		{"mcts", "Monte Carlo tree search: random playouts from every move, cut off and valued by the rules' score; budget: playouts or time per move"},
		{"random", "a uniformly random legal move"},
	}
}

// Names returns the names of the known players.
func Names() []string {
	k := Known()
	names := make([]string, len(k))
	for i, in := range k {
		names[i] = in.Name
	}
	return names
}

// UnknownError is the error of NewWith for a player name it does not know.
type UnknownError struct {
	Name string
}

func (e *UnknownError) Error() string { return UnknownMessage(e.Name, Names()) }

// UnknownMessage says that name is not among the known player names (a
// caller that knows more players, as a command line that also seats
// people, passes its own list), and suggests the nearest known name when
// name looks like a typo of it.
func UnknownMessage(name string, known []string) string {
	known = slices.Sorted(slices.Values(known))
	msg := fmt.Sprintf("unknown player %q (known players: %s)", name, strings.Join(known, ", "))
	if near := nearest(name, known); near != "" {
		msg += fmt.Sprintf("; did you mean %q?", near)
	}
	return msg
}

// Options tune the players that have settings (mcts, ab); zero values are
// the players' defaults. A spec's own settings override them.
type Options struct {
	Playouts int           // MCTS.Playouts
	Think    time.Duration // MCTS.Think and AB.Think
	Threads  int           // MCTS.Threads
	Cutoff   int           // MCTS.Cutoff
}

// New makes a fresh player from a spec (NAME or NAME:KEY=VALUE...) with
// default options. An unknown name gives an error listing the known names
// (and the nearest one when the name looks like a typo).
func New(spec string) (Player, error) {
	return NewWith(spec, Options{})
}

// NewWith makes a fresh player from a spec with the given options; the
// spec's settings override the options. Settings: for mcts, playouts=N,
// think=DURATION (e.g. 200ms), threads=N, cutoff=N, extend=N (0: search
// exactly the playouts); for ab, depth=N (1 to MaxABDepth), think=DURATION,
// tt=SIZE (the transposition table, e.g. 64MiB: 1MiB to 4GiB).
func NewWith(spec string, o Options) (Player, error) {
	parts := strings.Split(strings.TrimSpace(spec), ":")
	name := strings.TrimSpace(parts[0])
	settings := parts[1:]
	var pl Player
	switch name {
	case "random":
		pl = Random{}
	case "greedy":
		pl = &Greedy{}
	case "lookahead":
		pl = &Greedy{Depth: 2}
	case "ab":
		a := &AB{Think: o.Think}
		for _, kv := range settings {
			if err := a.set(kv); err != nil {
				return nil, fmt.Errorf("player %q: %v", spec, err)
			}
		}
		return a, nil
	case "mcts":
		m := &MCTS{Playouts: o.Playouts, Think: o.Think, Threads: o.Threads, Cutoff: o.Cutoff}
		for _, kv := range settings {
			if err := m.set(kv); err != nil {
				return nil, fmt.Errorf("player %q: %v", spec, err)
			}
		}
		return m, nil
	default:
		return nil, &UnknownError{Name: name}
	}
	if len(settings) > 0 {
		return nil, fmt.Errorf("player %q: %s has no settings (only mcts has: playouts, think, threads, cutoff, extend; and ab: depth, think, tt)", spec, name)
	}
	return pl, nil
}

// set applies one KEY=VALUE setting of a spec.
func (m *MCTS) set(kv string) error {
	key, val, ok := strings.Cut(kv, "=")
	key, val = strings.TrimSpace(key), strings.TrimSpace(val)
	if !ok || key == "" {
		return fmt.Errorf("bad setting %q: want KEY=VALUE, e.g. playouts=500", kv)
	}
	if key == "think" {
		d, err := time.ParseDuration(val)
		if err != nil || d < 0 {
			return fmt.Errorf("think=%s: want a duration such as 200ms or 1s", val)
		}
		m.Think = d
		return nil
	}
	n, err := strconv.Atoi(val)
	bad := func(want string) error { return fmt.Errorf("%s=%s: want %s", key, val, want) }
	switch key {
	case "playouts":
		if err != nil || n < 0 {
			return bad("a number of playouts, 0 or more")
		}
		m.Playouts = n
	case "threads":
		if err != nil || n < 1 || n > MaxThreads {
			return bad(fmt.Sprintf("a number of threads, 1 to %d", MaxThreads))
		}
		m.Threads = n
	case "cutoff":
		if err != nil || n < 0 || n > MaxCutoff {
			return bad(fmt.Sprintf("a number of plies, 0 (the default) to %d", MaxCutoff))
		}
		m.Cutoff = n
	case "extend":
		if err != nil || n < 0 || n > MaxExtend {
			return bad(fmt.Sprintf("a number of extensions, 0 (none) to %d", MaxExtend))
		}
		m.Extend = n
		if n == 0 {
			m.Extend = -1
		}
	default:
		msg := fmt.Sprintf("unknown setting %q (mcts settings: playouts, think, threads, cutoff, extend)", key)
		if near := nearest(key, []string{"playouts", "think", "threads", "cutoff", "extend"}); near != "" {
			msg += fmt.Sprintf("; did you mean %q?", near)
		}
		return fmt.Errorf("%s", msg)
	}
	return nil
}

// Random plays a uniformly random legal move.
type Random struct{}

// Name returns "random".
func (Random) Name() string { return "random" }

// Choose returns a uniformly random index of ml.
func (Random) Choose(p *interp.Program, s *interp.State, ml *interp.MoveList, rng *rand.Rand) int {
	return rng.IntN(ml.Len())
}

// Win is the value of a won game in Eval; scores are far smaller.
const Win = 1 << 30

// Eval evaluates s for player me using only what the rules define: a
// finished game is worth Win (me the sole winner), Win/2 (me among several
// but not all winners), 0 (a draw: everyone shares) or -Win (me not a
// winner), each plus the score difference below, so that a bigger win is
// preferred; an unfinished game is worth the score difference: own minus
// the best opponent when the highest score is best, the best opponent minus
// own when the lowest is best, 0 when the game has no scores.
//
// Where the rules give a guide (guide { value: ... }), the guide's values
// take the place of the scores here and in every computer player.
func Eval(p *interp.Program, s *interp.State, me int) int {
	return evalStatus(p, s, p.Status(s), me)
}

// evalStatus is Eval of the position s, whose status is st.
func evalStatus(p *interp.Program, s *interp.State, st interp.Status, me int) int {
	v := scoreDiff(p, st.Scores, me)
	if p.HasGuide() {
		v = guideDiff(p, s, me)
	}
	if !st.Over {
		return v
	}
	in := false
	for _, w := range st.Winners {
		if w == me {
			in = true
		}
	}
	switch {
	case !in:
		return v - Win
	case len(st.Winners) == 1:
		return v + Win
	case len(st.Winners) < p.NumPlayers():
		return v + Win/2
	}
	return v
}

// scoreDiff is me's score advantage over the best opponent (positive is
// good for me).
func scoreDiff(p *interp.Program, scores []int, me int) int {
	if len(scores) <= me || len(scores) < 2 {
		return 0
	}
	lowest := lowestIsBest(p)
	best, first := 0, true
	for i, v := range scores {
		if i == me {
			continue
		}
		if first || (lowest && v < best) || (!lowest && v > best) {
			best, first = v, false
		}
	}
	if lowest {
		return best - scores[me]
	}
	return scores[me] - best
}

// nearest returns the name in known closest to name by edit distance, or ""
// when none is close.
func nearest(name string, known []string) string {
	return suggest.Nearest(name, known, max(1, (len(name)+2)/3))
}

// EditDistance is the Levenshtein distance between a and b (in runes).
func EditDistance(a, b string) int { return suggest.Distance(a, b) }

// guideDiff is scoreDiff on the guide's values of s.
func guideDiff(p *interp.Program, s *interp.State, me int) int {
	np := p.NumPlayers()
	if np < 2 || me < 0 || me >= np {
		return 0
	}
	lowest := p.GuideLowest()
	best, first := 0, true
	for i := 0; i < np; i++ {
		if i == me {
			continue
		}
		v := p.Guide(s, i)
		if first || (lowest && v < best) || (!lowest && v > best) {
			best, first = v, false
		}
	}
	if lowest {
		return best - p.Guide(s, me)
	}
	return p.Guide(s, me) - best
}

// colourOf is the colour (player) that seat plays in s: the inverse of
// Program.SeatOf, which only ever exchanges the two seats of a two-player
// game (turns { swap }) and so is its own inverse. The players judge a
// move for the participant who makes it: by the colour that participant
// holds after the move.
func colourOf(p *interp.Program, s *interp.State, seat int) int {
	return p.SeatOf(s, seat)
}

// judged tells whether the computer players have a value to judge
// positions by: a guide or a score.
func judged(p *interp.Program) bool { return p.HasGuide() || p.Game().Score != nil }

// judge is player's value of s for the computer players: the guide's, else
// the score.
func judge(p *interp.Program, s *interp.State, player int) int {
	if p.HasGuide() {
		return p.Guide(s, player)
	}
	return p.Score(s, player)
}

// lowestIsBest tells whether the lowest value is the best: the guide's
// when the rules give one, else the score's.
func lowestIsBest(p *interp.Program) bool {
	if p.HasGuide() {
		return p.GuideLowest()
	}
	sc := p.Game().Score
	return sc != nil && sc.Best == ir.Lowest
}

// Game plays from s to the end of the game: seat i of the game is played by
// seats[i%len(seats)]. After each move, observe (when not nil) is called with
// the mover, the move's text and the new position. It returns the final
// status. The game must end: compile the Program with Config.MaxPlies when
// the rules alone may not end it.
func Game(p *interp.Program, s *interp.State, seats []Player, rng *rand.Rand, observe func(mover int, move string, s *interp.State)) interp.Status {
	st, _ := GameContext(context.Background(), p, s, seats, rng, observe)
	return st
}

// GameContext is Game stopping before the next move once ctx is done (an
// interrupt): it then returns ctx's error, s being the position reached.
// After a swap (the pie rule: turns { swap }) the two seats play each
// other's colours: the player to move is the seat Program.SeatOf gives
// for the colour to move. The status is by colour; SeatOf on the final
// position attributes it to the seats.
func GameContext(ctx context.Context, p *interp.Program, s *interp.State, seats []Player, rng *rand.Rand, observe func(mover int, move string, s *interp.State)) (interp.Status, error) {
	var ml interp.MoveList
	for {
		if err := ctx.Err(); err != nil {
			return interp.Status{}, err
		}
		p.Legal(s, &ml)
		if ml.Len() == 0 {
			return p.Status(s), nil
		}
		mover := s.ToMove()
		pl := seats[p.SeatOf(s, mover)%len(seats)]
		i := pl.Choose(p, s, &ml, rng)
		if i < 0 || i >= ml.Len() {
			panic(fmt.Sprintf("play: player %s chose move %d of %d", pl.Name(), i, ml.Len()))
		}
		text := p.Text(&ml, i)
		p.Apply(s, &ml, i)
		if observe != nil {
			observe(mover, text, s)
		}
	}
}
