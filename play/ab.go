package play

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/ruleplay/ruleplay/interp"
)

// AB is a searching player: iterative-deepening alpha-beta over the
// interpreter's moves, with principal variation search (null windows),
// aspiration windows, a transposition table, move ordering and a
// quiescence search over captures, and an evaluation read off the rules
// file (abEval). The design:
//
//   - The search is negamax over two teams: the player to move at the
//     root, and everybody else. With two players that is plain alpha-beta;
//     with more it is the paranoid search (every other player is assumed
//     to play against the root player), and a player who moves twice in a
//     row (a turn order that says so) keeps its own window instead of
//     handing the negated one to an opponent. The teams are of seats
//     (participants), not colours: after a swap (turns { swap }) the same
//     colour is to move, but played by the other seat, so the value is
//     negated as after any other move, and the root seat is valued by the
//     colour it holds in each position (State.Swapped, Program.SeatOf).
//   - Positions are told apart by the interpreter's incremental position
//     hash (interp.Hash). AB compiles a hashed copy of the Program once
//     (interp.WithHash, the Program itself when it keeps a hash already,
//     as every game that counts repetitions does) and searches a copy of
//     the position read through its position text (interp.PositionText:
//     everything the rules can read), then plays the root move with the
//     same text.
//   - The transposition table (abTable) holds TT bytes of entries, kept
//     from move to move in a game: a bucket of two, one kept by depth and
//     one always replaced.
//   - Move ordering: the table's move, then moves of capturing rules, then
//     two killer moves per ply, then the history heuristic (the depth
//     squared summed over the cut-offs each move, named by its path's
//     first and last cells, made).
//   - Where some rule captures, the leaves are searched further over the
//     moves that capture (the interpreter counts the pieces each player
//     captured; a move counts when that count grows), with the static
//     evaluation as the stand-pat bound, at most MaxQuiescence plies;
//     not where captures are the usual move (abEval.captures).
//   - Game ends are exact: the interpreter's Status after every move (its
//     goals, no-move outcomes, ply limits and repetition rules), a win
//     sooner and a loss later being preferred; nothing else is taken for
//     a draw (a repeated position is searched like any other).
//
// Budget: Depth plies (deterministic: the same rng gives the same move),
// or, with Think, iterative deepening until the time is spent (the
// iteration then running is dropped, its best move kept when its first
// move was searched); with both, whichever comes first. With neither,
// DefaultABDepth. The rng only shuffles the root moves before the search,
// so that moves of equal value are chosen among at random.
type AB struct {
	// Depth is the search depth in plies (0: DefaultABDepth unless Think
	// is set, then up to MaxABDepth).
	Depth int
	// Think is the time per move (0: none).
	Think time.Duration
	// TT is the size of the transposition table in bytes (0:
	// DefaultABTable).
	TT int64

	// noCuts: the table's values cut nothing off (its moves still order
	// the search), so that the value is exactly the depth's minimax value
	// (tests)
	noCuts bool

	prog   *interp.Program // the Program of the game being played
	hashed *interp.Program // its copy that keeps a position hash
	eval   *abEval
	table  *abTable
	sr     abSearch

	// Stats of the last Choose: the depth completed, its value for the
	// player to move (a won game is worth 1<<24 less its plies) and the
	// positions searched (for tests and tuning).
	LastDepth int
	LastValue int
	LastNodes int64
}

// Bounds and defaults of AB.
const (
	MaxABDepth     = 64
	DefaultABDepth = 4
	MinABTable     = 1 << 20
	MaxABTable     = 4 << 30
	DefaultABTable = 16 << 20
	// MaxQuiescence bounds the plies of capturing moves a leaf is searched
	// further.
	MaxQuiescence = 4
)

// Name returns "ab".
func (a *AB) Name() string { return "ab" }

// set applies one KEY=VALUE setting of a spec.
func (a *AB) set(kv string) error {
	key, val, ok := strings.Cut(kv, "=")
	key, val = strings.TrimSpace(key), strings.TrimSpace(val)
	if !ok || key == "" {
		return fmt.Errorf("bad setting %q: want KEY=VALUE, e.g. depth=6", kv)
	}
	switch key {
	case "think":
		d, err := time.ParseDuration(val)
		if err != nil || d < 0 {
			return fmt.Errorf("think=%s: want a duration such as 200ms or 1s", val)
		}
		a.Think = d
	case "depth":
		n, err := strconv.Atoi(val)
		if err != nil || n < 1 || n > MaxABDepth {
			return fmt.Errorf("depth=%s: want a number of plies, 1 to %d", val, MaxABDepth)
		}
		a.Depth = n
	case "tt":
		n, err := ParseBytes(val)
		if err != nil || n < MinABTable || n > MaxABTable {
			return fmt.Errorf("tt=%s: want a size from 1MiB to 4GiB, e.g. 64MiB", val)
		}
		a.TT = n
	default:
		msg := fmt.Sprintf("unknown setting %q (ab settings: depth, think, tt)", key)
		if near := nearest(key, []string{"depth", "think", "tt"}); near != "" {
			msg += fmt.Sprintf("; did you mean %q?", near)
		}
		return fmt.Errorf("%s", msg)
	}
	return nil
}

// ParseBytes reads a size in bytes: a whole number with an optional unit
// B, KiB, MiB or GiB (also K, M, G, KB, MB, GB, all taken as powers of
// 1024).
func ParseBytes(text string) (int64, error) {
	t := strings.TrimSpace(text)
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	n, err := strconv.ParseInt(t[:i], 10, 64)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("size %q: want a number of bytes, e.g. 64MiB", text)
	}
	shift := 0
	switch strings.ToUpper(strings.TrimSpace(t[i:])) {
	case "", "B":
	case "K", "KB", "KIB":
		shift = 10
	case "M", "MB", "MIB":
		shift = 20
	case "G", "GB", "GIB":
		shift = 30
	default:
		return 0, fmt.Errorf("size %q: unknown unit (want B, KiB, MiB or GiB)", text)
	}
	if n > (1<<62)>>shift {
		return 0, fmt.Errorf("size %q: too large", text)
	}
	return n << shift, nil
}

// Choose returns the move of ml that the search prefers.
func (a *AB) Choose(p *interp.Program, s *interp.State, ml *interp.MoveList, rng *rand.Rand) int {
	if ml.Len() == 1 {
		a.LastDepth, a.LastValue, a.LastNodes = 0, 0, 0
		return 0
	}
	if err := a.prepare(p); err != nil {
		// No hashed copy (it compiled once already, so this should not
		// happen): play the best move by the evaluation alone.
		return a.fallback(p, s, ml)
	}
	hs, err := a.copyState(p, s)
	if err != nil {
		return a.fallback(p, s, ml)
	}
	text, ok := a.search(hs, rng)
	if !ok {
		return a.fallback(p, s, ml)
	}
	for i := 0; i < ml.Len(); i++ {
		if p.Text(ml, i) == text {
			return i
		}
	}
	return a.fallback(p, s, ml)
}

// prepare compiles the hashed copy of p, its evaluation and the table,
// once per Program.
func (a *AB) prepare(p *interp.Program) error {
	if a.prog == p && a.hashed != nil {
		return nil
	}
	hp, err := interp.WithHash(p)
	if err != nil {
		return fmt.Errorf("ab: compiling a hashed copy of the rules: %w", err)
	}
	a.prog, a.hashed = p, hp
	a.eval = newABEval(hp)
	size := a.TT
	if size <= 0 {
		size = DefaultABTable
	}
	if a.table == nil || int64(len(a.table.entries)) != 2*tableBuckets(size) {
		a.table = newABTable(size)
	} else {
		a.table.clear()
	}
	return nil
}

// copyState returns the position of s as a State of the hashed Program.
func (a *AB) copyState(p *interp.Program, s *interp.State) (*interp.State, error) {
	if a.hashed == p {
		return s.Clone(), nil
	}
	hs, err := interp.ParsePosition(a.hashed, interp.PositionText(p, s))
	if err != nil {
		return nil, fmt.Errorf("ab: reading the position again: %w", err)
	}
	return hs, nil
}

// fallback returns the move of ml that Eval likes best for the seat to
// move, by the colour it holds after the move (the first of equals).
func (a *AB) fallback(p *interp.Program, s *interp.State, ml *interp.MoveList) int {
	seat, best, choice := p.SeatOf(s, s.ToMove()), 0, 0
	for i := 0; i < ml.Len(); i++ {
		p.Apply(s, ml, i)
		v := Eval(p, s, colourOf(p, s, seat))
		p.Undo(s)
		if i == 0 || v > best {
			best, choice = v, i
		}
	}
	return choice
}

// search runs the iterative deepening from hs and returns the text of the
// move chosen.
func (a *AB) search(hs *interp.State, rng *rand.Rand) (string, bool) {
	depth := a.Depth
	if depth <= 0 {
		depth = DefaultABDepth
		if a.Think > 0 {
			depth = MaxABDepth
		}
	}
	var deadline time.Time
	if a.Think > 0 {
		deadline = time.Now().Add(a.Think)
	}
	sr := &a.sr
	sr.reset(a.hashed, hs, a.eval, a.table, deadline)
	sr.noCuts = a.noCuts
	text, ok := sr.iterate(depth, rng)
	a.LastDepth, a.LastValue, a.LastNodes = sr.completed, sr.value, sr.nodes
	return text, ok
}
