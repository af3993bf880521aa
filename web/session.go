package web

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"time"

	"github.com/ruleplay/ruleplay/internal/safetext"
	"github.com/ruleplay/ruleplay/internal/suggest"
	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/lang"
	"github.com/ruleplay/ruleplay/play"
	"github.com/ruleplay/ruleplay/record"
)

// Human is the seat name of a person playing at the page.
const Human = "human"

// seat is who plays one side: a person or a computer player.
type seat struct {
	Player string `json:"player"`             // human, random, greedy, lookahead, mcts, ab
	Think  int    `json:"think_ms,omitempty"` // mcts, ab: thinking time per move, in milliseconds
	ai     play.Player
}

// session is one game being played on the page. Its mutex guards
// everything below it; a computer move holds it while thinking.
type session struct {
	id    string
	entry *entry
	mu    sync.Mutex
	used  time.Time // last request, for idle expiry
	p     *interp.Program
	opts  map[string]string // the options asked for
	title string
	seed  uint64
	seats []seat
	s0    *interp.State // the start (for the record's setup)
	start *interp.State // a start given by a layout or a position text (nil: the seed's)
	// position: the start was given by a position text (the record says so)
	position bool
	s        *interp.State
	moves    []string
	// played are the cells of each move of moves (the last is drawn)
	played []moveData
	rng    *rand.Rand
	ml     interp.MoveList
}

// newSession compiles the game with the options and seats the players.
func newSession(e *entry, req newGame, lim Limits) (*session, error) {
	opts, seats := req.Options, req.Seats
	g, err := e.load(opts)
	if err != nil {
		return nil, err
	}
	p, err := interp.Compile(g, interp.Config{MaxPlies: lim.Plies})
	if err != nil {
		return nil, fmt.Errorf("compiling %s: %w", e.name, err)
	}
	if len(seats) == 0 || len(seats) > p.NumPlayers() {
		return nil, fmt.Errorf("%s has %d players (%s), but %d seats were given", e.name, p.NumPlayers(), strings.Join(playerNames(p), ", "), len(seats))
	}
	for n := len(seats); len(seats) < p.NumPlayers(); { // fewer seats: they take turns
		seats = append(seats, seat{Player: seats[len(seats)%n].Player, Think: seats[len(seats)%n].Think})
	}
	for i := range seats {
		if err := seats[i].make(p.PlayerName(i), lim); err != nil {
			return nil, err
		}
	}
	ss := &session{entry: e, p: p, opts: opts, seed: req.Seed, seats: seats, title: title(p, e)}
	if req.Position != "" {
		if len(req.Setup) > 0 {
			return nil, fmt.Errorf("give a position or a setup, not both")
		}
		if len(req.Position) > maxPosition {
			return nil, fmt.Errorf("position: over %d bytes long", maxPosition)
		}
		parse := interp.ParsePosition
		if p.Numbered() && interp.LooksLikeFEN(req.Position) {
			parse = interp.ParseFEN // a FEN (docs/notation.md, "FEN")
		}
		if ss.start, err = parse(p, req.Position); err != nil {
			return nil, fmt.Errorf("position: %w", err)
		}
		ss.position = true
	}
	if len(req.Setup) > 0 {
		for cell, piece := range req.Setup {
			if len(cell) > maxName || len(piece) > maxName {
				return nil, fmt.Errorf("setup: %s: %s: over %d bytes long", safetext.Quote(cell, maxEcho), safetext.Quote(piece, maxEcho), maxName)
			}
		}
		if g.Setup.Random == nil {
			return nil, fmt.Errorf("setup: %s has no random setup (the rules place every piece); leave the setup out", e.name)
		}
		if ss.start, err = p.NewStateFromLayout(req.Setup); err != nil {
			return nil, fmt.Errorf("setup: %w", err)
		}
	}
	ss.restart()
	if len(req.Moves) > lim.Plies {
		return nil, fmt.Errorf("%d moves given, over the limit of %d", len(req.Moves), lim.Plies)
	}
	for k, text := range req.Moves {
		if e := ss.move(text); e != nil {
			return nil, fmt.Errorf("move %d: %s", k+1, e.Message)
		}
	}
	return ss, nil
}

// maxPosition is the longest position text a new game takes.
const maxPosition = 64 << 10

// make builds the computer player of a seat.
func (st *seat) make(name string, lim Limits) error {
	var o play.Options
	if st.Player == "mcts" || st.Player == "ab" {
		if st.Think <= 0 {
			st.Think = 300
		}
		if max := int(lim.Think / time.Millisecond); st.Think > max {
			return fmt.Errorf("seat %s: think_ms %d is over the limit of %d", name, st.Think, max)
		}
		o = play.Options{Think: time.Duration(st.Think) * time.Millisecond, Threads: 1}
	} else if st.Think != 0 {
		return fmt.Errorf("seat %s: only mcts and ab take think_ms", name)
	}
	if st.Player == Human {
		return nil
	}
	if len(st.Player) > maxName {
		return fmt.Errorf("seat %s: unknown player %s", name, safetext.Quote(st.Player, maxEcho))
	}
	if strings.Contains(st.Player, ":") {
		return fmt.Errorf("seat %s: %s", name, play.UnknownMessage(st.Player, append(play.Names(), Human)))
	}
	pl, err := play.NewWith(st.Player, o)
	if err != nil {
		return fmt.Errorf("seat %s: %s", name, play.UnknownMessage(st.Player, append(play.Names(), Human)))
	}
	st.ai = pl
	return nil
}

// restart sets the game back to its start.
func (ss *session) restart() {
	ss.s0 = ss.start
	if ss.s0 == nil {
		ss.s0 = ss.p.NewState(ss.seed)
	}
	ss.s = ss.s0.Clone()
	ss.moves, ss.played = nil, nil
	ss.rng = rand.New(rand.NewPCG(ss.seed, 0x5eed))
}

// move plays a move given by its text.
func (ss *session) move(text string) *apiError {
	text = strings.TrimSpace(text)
	i, err := ss.p.ParseMove(ss.s, &ss.ml, text)
	if err != nil {
		if ss.ml.Len() == 0 {
			return conflict("the game is over")
		}
		legal := ss.p.Texts(&ss.ml)
		e := badRequest(fmt.Sprintf("%s is not a legal move (%s to move)", safetext.Quote(text, maxEcho), ss.p.PlayerName(ss.s.ToMove())))
		e.Legal = legal
		e.Closest = suggest.Typo(text, legal)
		return e
	}
	ss.apply(i)
	return nil
}

// apply plays move i of ss.ml, keeping its text and its cells.
func (ss *session) apply(i int) {
	ss.moves = append(ss.moves, ss.p.Text(&ss.ml, i))
	ss.played = append(ss.played, playMove(ss.p, ss.s, &ss.ml, i))
}

// seatToMove is the seat of the player to move: after a swap (turns {
// swap }) the seats play each other's colours.
func (ss *session) seatToMove() *seat {
	return &ss.seats[ss.p.SeatOf(ss.s, ss.s.ToMove())]
}

// advance lets the computer player to move play one move.
func (ss *session) advance() *apiError {
	ss.p.Legal(ss.s, &ss.ml)
	if ss.ml.Len() == 0 {
		return conflict("the game is over")
	}
	st := ss.seatToMove()
	if st.ai == nil {
		return conflict(fmt.Sprintf("%s is played by a person: send a move", ss.p.PlayerName(ss.s.ToMove())))
	}
	ss.apply(st.ai.Choose(ss.p, ss.s, &ss.ml, ss.rng))
	return nil
}

// undo takes back the last move, and then the computers' moves before it
// until a person is to move (when a person plays at all).
func (ss *session) undo() *apiError {
	if len(ss.moves) == 0 {
		return conflict("no move to take back")
	}
	ss.back()
	if !ss.anyHuman() {
		return nil
	}
	for len(ss.moves) > 0 && ss.seatToMove().ai != nil {
		ss.back()
	}
	return nil
}

func (ss *session) back() {
	ss.p.Undo(ss.s)
	ss.moves = ss.moves[:len(ss.moves)-1]
	ss.played = ss.played[:len(ss.played)-1]
}

func (ss *session) anyHuman() bool {
	for _, st := range ss.seats {
		if st.ai == nil {
			return true
		}
	}
	return false
}

// record is the game so far as a record (with its result when over).
func (ss *session) record(engine, date string) *record.Record {
	p := ss.p
	seed := ss.seed
	rec := &record.Record{
		Game: ss.entry.name, Options: ss.givenOptions(), Setup: p.Layout(ss.s0),
		Moves: append([]string{}, ss.moves...), Seats: map[string]string{},
		Seed: &seed, Date: date, Engine: engine,
	}
	if ss.position {
		rec.Start, rec.Setup = interp.PositionText(p, ss.s0), nil
	}
	for i, st := range ss.seats {
		rec.Seats[p.PlayerName(i)] = st.Player
	}
	if st := p.Status(ss.s); st.Over && !ss.cappedByServer(st) {
		rec.Result = &record.Result{Winners: pick(p, st.Winners)}
		if st.Scores != nil {
			rec.Result.Scores = map[string]int{}
			for i, v := range st.Scores {
				rec.Result.Scores[p.PlayerName(i)] = v
			}
		}
	}
	return rec
}

// givenOptions are the options asked for, as the game resolved them.
func (ss *session) givenOptions() map[string]string {
	if len(ss.opts) == 0 {
		return nil
	}
	m := map[string]string{}
	for _, o := range ss.p.Game().Options {
		if _, ok := ss.opts[o.Name]; ok {
			m[o.Name] = lang.OptionValueText(o)
		}
	}
	return m
}

// cappedByServer tells whether the game ended only because of the server's
// cap on plies (Limits.Plies), not by its rules: such a game has no result
// in its record, since a check with the rules alone would not end it.
func (ss *session) cappedByServer(st interp.Status) bool {
	rules := ss.p.Game().End.Plies
	return st.Reason == "limit" && (rules == 0 || ss.s.Ply() < rules)
}
