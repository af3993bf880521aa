package analyze

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"sync"
	"time"

	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/ir"
	"github.com/ruleplay/ruleplay/play"
)

// Limits on what an analysis may ask for.
const (
	MaxGames   = 100_000 // games per rules file
	MaxThreads = 256     // games played at once
	MaxFiles   = 16      // rules files compared
)

// Setup says how every rules file of an analysis is played. It is the same
// for every file and every shard of one analysis.
type Setup struct {
	Players  []string      `json:"players"`            // one player spec per seat, e.g. "mcts:playouts=200"
	Playouts int           `json:"playouts,omitempty"` // play.Options of every player (0: the default)
	Cutoff   int           `json:"cutoff,omitempty"`
	Think    time.Duration `json:"think,omitempty"` // a wall-clock budget: not reproducible
	Games    int           `json:"games"`           // games per rules file
	Seed     uint64        `json:"seed"`
	MaxPlies int           `json:"max_plies"` // the Program's MaxPlies (0: no cap)
	// Position, when not "", is the position text every game starts from
	// (docs/notation.md) instead of the start
	Position string `json:"position,omitempty"`
}

// options are the players' defaults.
func (su *Setup) options() play.Options {
	return play.Options{Playouts: su.Playouts, Cutoff: su.Cutoff, Think: su.Think, Threads: 1}
}

// Entrant returns the player (index into Players) who plays seat j in game
// g: the seats turn round from game to game.
func (su *Setup) Entrant(g, j int) int { return (j + g) % len(su.Players) }

// Reproducible tells whether the games depend on the setup alone: no player
// has a wall-clock budget. A player spec that cannot be made is reported.
func (su *Setup) Reproducible() (bool, error) {
	if su.Think > 0 {
		return false, nil
	}
	for _, spec := range su.Players {
		pl, err := play.NewWith(spec, su.options())
		if err != nil {
			return false, err
		}
		if m, ok := pl.(*play.MCTS); ok && m.Think > 0 {
			return false, nil
		}
	}
	return true, nil
}

// Subject is one rules file analysed.
type Subject struct {
	Label   string            `json:"label"` // its column heading
	File    string            `json:"file"`  // as given
	Game    string            `json:"game"`  // the rules' name
	Title   string            `json:"title"` // with the option values
	Options map[string]string `json:"options,omitempty"`
	Seats   []string          `json:"seats"`           // the rules' players, in turn order
	Goals   []string          `json:"goals,omitempty"` // a description of each of the rules' goals
	// Digest is RulesDigest of the rules as checked: parts merge only when
	// their rules' digests are equal.
	Digest string `json:"digest"`
	// Program plays the games; it is compiled with Config.MaxPlies =
	// Setup.MaxPlies.
	Program *interp.Program `json:"-"`
}

// Game is the record of one game.
type Game struct {
	Index   int   `json:"index"`
	Winners []int `json:"winners"` // seats sharing the win (every seat: a draw)
	// Swapped: the players swapped sides (turns { swap }): seat j was
	// played in the end by the player who started in the other seat
	Swapped bool   `json:"swapped,omitempty"`
	Ending  string `json:"ending"` // how it ended: "goal: ...", "no move", "passes", "limit", "max-plies", the last three with ", by score" when the score decides
	Plies   int    `json:"plies"`
	Scores  []int  `json:"scores,omitempty"` // per seat, for scored games
	Margin  *int   `json:"margin,omitempty"`
	// Branching is the number of legal moves at every position where a
	// move was chosen, in order.
	Branching []int `json:"branching"`
	Forced    int   `json:"forced"` // positions with a single legal move (not a pass)
	Passes    int   `json:"passes"` // positions whose only move was a pass
	Nanos     int64 `json:"nanos"`  // time the players and the moves took (timing)
}

// Endings.
const (
	EndNoMove   = "no move"
	EndPasses   = "passes"
	EndLimit    = "limit"     // the rules' own ply limit
	EndMaxPlies = "max-plies" // the analysis' cap
	EndGoal     = "goal"      // a goal the rules define (named when it can be told)
)

// Shard is the part of the games a run plays: those whose index is Index
// mod Count.
type Shard struct {
	Index int `json:"index"`
	Count int `json:"count"`
}

// Whole is the shard of every game.
var Whole = Shard{0, 1}

// Indices returns the game indices of the shard among games.
func (sh Shard) Indices(games int) []int {
	var out []int
	for g := sh.Index; g < games; g += sh.Count {
		out = append(out, g)
	}
	return out
}

// PanicError is a panic recovered while playing a game.
type PanicError struct {
	Game  int
	Value any
}

func (e *PanicError) Error() string { return fmt.Sprintf("game %d: %v", e.Game, e.Value) }

// Play plays the games of shard for sub on up to threads goroutines and
// returns their records in index order. progress, when not nil, is called
// after every game (from one goroutine at a time).
func Play(sub *Subject, su *Setup, shard Shard, threads int, progress func()) ([]Game, error) {
	idx := shard.Indices(su.Games)
	out := make([]Game, len(idx))
	threads = max(1, min(threads, MaxThreads, len(idx)))
	var (
		mu     sync.Mutex
		next   int
		failed error
		wg     sync.WaitGroup
	)
	for range threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				k := next
				next++
				stop := failed != nil
				mu.Unlock()
				if k >= len(idx) || stop {
					return
				}
				g, err := playSafe(sub, su, idx[k])
				mu.Lock()
				out[k] = g
				if err != nil && failed == nil {
					failed = err
				}
				if progress != nil {
					progress()
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if failed != nil {
		return nil, failed
	}
	return out, nil
}

// playSafe is PlayOne with a panic turned into a PanicError.
func playSafe(sub *Subject, su *Setup, g int) (rec Game, err error) {
	defer func() {
		if r := recover(); r != nil {
			if le, ok := r.(*interp.LimitError); ok {
				err = fmt.Errorf("game %d: %w", g, le) // the rules' fault, not the program's
				return
			}
			err = &PanicError{Game: g, Value: r}
		}
	}()
	return PlayOne(sub, su, g)
}

// PlayOne plays game g of sub.
func PlayOne(sub *Subject, su *Setup, g int) (Game, error) {
	p := sub.Program
	np := p.NumPlayers()
	if len(su.Players) != np {
		return Game{}, fmt.Errorf("%d players for %d seats", len(su.Players), np)
	}
	seats := make([]play.Player, np)
	for j := range seats {
		pl, err := play.NewWith(su.Players[su.Entrant(g, j)], su.options())
		if err != nil {
			return Game{}, err
		}
		seats[j] = pl
	}
	s := p.NewState(su.Seed + uint64(g/np))
	if su.Position != "" {
		var err error
		if s, err = interp.ParsePosition(p, su.Position); err != nil {
			return Game{}, err
		}
	}
	rng := rand.New(rand.NewPCG(su.Seed, 0x6d61746368+uint64(g)))
	rec := Game{Index: g}
	var ml interp.MoveList
	count := func(s *interp.State) {
		p.Legal(s, &ml)
		switch n := ml.Len(); {
		case n == 0:
		case n == 1 && p.Text(&ml, 0) == "pass":
			rec.Passes++
			rec.Branching = append(rec.Branching, 1)
		default:
			if n == 1 {
				rec.Forced++
			}
			rec.Branching = append(rec.Branching, n)
		}
	}
	count(s)
	lastMover := -1
	mark := time.Now()
	st := play.Game(p, s, seats, rng, func(mover int, _ string, s *interp.State) {
		rec.Nanos += int64(time.Since(mark))
		lastMover = mover
		count(s)
		mark = time.Now()
	})
	rec.Plies = s.Ply()
	rec.Swapped = s.Swapped
	rec.Winners = slices.Clone(st.Winners)
	sort.Ints(rec.Winners)
	rec.Scores = slices.Clone(st.Scores)
	if m, ok := Margin(p, st); ok {
		rec.Margin = &m
	}
	rec.Ending = ending(sub, su, st, s, lastMover)
	return rec, nil
}

// ending names how a game ended.
func ending(sub *Subject, su *Setup, st interp.Status, s *interp.State, lastMover int) string {
	g := sub.Program.Game()
	switch st.Reason {
	case "limit":
		end := EndLimit
		if su.MaxPlies > 0 && s.Ply() >= su.MaxPlies && (g.End.Plies == 0 || s.Ply() < g.End.Plies) {
			end = EndMaxPlies
		}
		return byScore(end, g.End.AtLimit)
	case "no move":
		return byScore(EndNoMove, g.End.NoMove)
	case "passes":
		return EndPasses
	case "goal":
		if k := whichGoal(g, st.Winners, s.ToMove(), lastMover); k >= 0 {
			if k < len(sub.Goals) {
				return EndGoal + ": " + sub.Goals[k]
			}
			return fmt.Sprintf("%s %d", EndGoal, k+1)
		}
		return EndGoal
	}
	return st.Reason
}

// byScore marks an ending that the rules decide by the score.
func byScore(end string, o ir.Outcome) string {
	if o == ir.OutcomeScore {
		return end + ", by score"
	}
	return end
}

// whichGoal returns the only goal of g that could have given winners (one
// tested after the move of lastMover, or at the start of toMove's turn,
// winning or losing for that player), or -1 when several could have.
func whichGoal(g *ir.Game, winners []int, toMove, lastMover int) int {
	np := len(g.Players)
	found := -1
	for k, goal := range g.End.Goals {
		who := toMove
		if goal.Check == ir.AfterMove {
			who = lastMover
		}
		if who < 0 {
			continue
		}
		want := []int{who}
		if goal.Draw {
			want = want[:0]
			for i := range np {
				want = append(want, i)
			}
		} else if goal.Lose {
			want = want[:0]
			for i := range np {
				if i != who {
					want = append(want, i)
				}
			}
		}
		if !slices.Equal(want, winners) {
			continue
		}
		if found >= 0 {
			return -1
		}
		found = k
	}
	return found
}

// Margin is the rules' margin when they define one; otherwise, when the
// game has scores and a decided result, the difference between the
// winners' score and the best of the others.
func Margin(p *interp.Program, st interp.Status) (int, bool) {
	if st.HasMargin {
		return st.Margin, true
	}
	if st.Scores == nil || len(st.Winners) == 0 || len(st.Winners) == len(st.Scores) {
		return 0, false
	}
	win := map[int]bool{}
	for _, w := range st.Winners {
		win[w] = true
	}
	w := st.Scores[st.Winners[0]]
	var others []int
	for i, v := range st.Scores {
		if !win[i] {
			others = append(others, v)
		}
	}
	sort.Ints(others)
	d := w - others[len(others)-1]
	if sc := p.Game().Score; sc != nil && sc.Best == ir.Lowest {
		d = others[0] - w
	}
	if d < 0 {
		d = -d
	}
	return d, true
}
