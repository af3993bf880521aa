package core

import "fmt"

// Config tunes a compiled Program.
type Config struct {
	// Disable switches accelerators off by name (the registry:
	// Accelerators; "all": every one, so that every move rule runs through
	// the generic walker, the reference). Switching one off switches off
	// those that need it. An unknown name is an error of Compile.
	Disable []string
	// MaxPlies > 0 also ends the game after this many plies (the minimum of
	// it and the rules' End.Plies counts); the outcome is the rules'
	// End.AtLimit (a draw when OutcomeNone).
	MaxPlies int
	// MaxLeaps bounds the leaps taking nothing that the chains explored
	// to find the moves of one position may hold (such chains grow
	// exponentially with the board): past it, move generation panics with
	// a *LimitError naming the rule (0: DefaultMaxLeaps).
	MaxLeaps int
	// Hash makes the positions keep a hash (State.Hash), as a solver's
	// transposition table needs; a game whose rules count repetitions
	// keeps one anyway. The make accelerators that write cells
	// themselves decline such a Program.
	Hash bool
}

// DefaultMaxLeaps is Config.MaxLeaps when none is given: well above what
// any bundled game explores in a position (thousands), below what runs
// out of time or memory.
const DefaultMaxLeaps = 1 << 20

// MaxArena bounds the words of the paths of one position's moves in a
// MoveList (16 MiB): long chains are long paths.
const MaxArena = 1 << 22

// LimitError reports a position whose moves cost more leaps to find than
// Config.MaxLeaps, or whose moves' paths fill more than 16 MiB. Legal,
// Perft, RandomPlayout and the other generating functions panic with it,
// leaving the State unusable (discard it); Guard turns the panic back
// into the error.
type LimitError struct {
	Rule  string // the rule whose chains were being explored
	Pos   string // its declaration, file:line:col
	What  string // "leaps explored" (taking nothing, in chains) or "words of move paths"
	Limit int
}

func (e *LimitError) Error() string {
	return fmt.Sprintf("%s: rule %q: the moves of one position need more than %d %s; its chains grow without bound on this board (bound them with conditions, a capture, or chain: none)", e.Pos, e.Rule, e.Limit, e.What)
}

// Guard runs f and returns the *LimitError that move generation in f
// panicked with, if any (other panics go on).
func Guard(f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			le, ok := r.(*LimitError)
			if !ok {
				panic(r)
			}
			err = le
		}
	}()
	f()
	return nil
}

// Status describes whether the game is over and its result.
type Status struct {
	Over      bool
	Winners   []int // players sharing the best result; a draw lists every player
	Scores    []int // per player; nil when the game has no scores
	Margin    int
	HasMargin bool   // the game has a margin and the result is one winner of two
	Reason    string // "goal", "no move", "limit", "passes"
}

// Texts returns the texts of every move of ml, in order.
func (p *Program) Texts(ml *MoveList) []string {
	out := make([]string, ml.Len())
	for i := range out {
		out[i] = p.Text(ml, i)
	}
	return out
}
