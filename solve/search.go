package solve

import (
	"context"
	"errors"
	"math/bits"
	"sync/atomic"
	"time"

	"github.com/ruleplay/ruleplay/interp"
)

// The second method: a depth-first alpha-beta search over the positions,
// with a transposition table of a fixed size (ttable.go), for games whose
// positions never repeat. It stores no graph, so it needs no more memory
// than the table it is given: a table too small for every position only
// makes it search some of them again. It is exact for any game in which
// no position can come back (each move removes a piece, pieces only go
// forward, a ply limit is part of the position), and it finds out when a
// game is not such a game: a position that comes back on the line being
// searched (compared by identity) stops it with ErrCycle, since a cycle
// needs the retrograde analysis. Met no such repetition, its answers are
// exact: every bound it uses comes from finished games or from bounds
// proved before, and a position's value is the best of its moves' values
// (the minimax relation holds for the retrograde analysis's values too,
// so the two methods agree: tests compare them on every small game).
//
// Scores: a win for the root player in d plies scores winScore-d, a loss
// -(winScore-d), a draw 0, so that the fastest win and the slowest loss
// are the best of their kinds; a position's score is its best move's
// moved one ply towards 0. The margin of a scored game is searched as a
// second pass on the same table, the score then being the final margin.

// Method chooses how Solve works.
type Method uint8

const (
	// Auto is the retrograde analysis, then, when the positions outgrow
	// the memory bound, the search.
	Auto Method = iota
	// Retrograde enumerates every position, then analyses backwards.
	Retrograde
	// Search is the depth-first search with a table of a fixed size.
	Search
)

func (m Method) String() string { return [...]string{"auto", "retrograde", "search"}[m] }

// Order is how the search orders the moves of a position, after the
// table's best move and the moves that end the game (a win first, a loss
// last).
type Order uint8

const (
	// Mixed (the zero value) is ByReplies on one thread; with several,
	// every second helper orders ByHistory, so that one thread has the
	// order that suits the game.
	Mixed Order = iota
	// ByReplies: the moves that leave the other side the fewest replies
	// first. It suits games of mobility, where it searches several times
	// fewer positions than the order of the rules (docs/solve.md).
	ByReplies
	// ByHistory: the moves (by start and landing cells) that cut the
	// search off most often so far first, the history heuristic. It
	// suits races, where the count of replies says little (a third
	// fewer positions in a pawn race of docs/solve.md), and costs no
	// counting; it does worse in games of mobility.
	ByHistory
)

func (o Order) String() string { return [...]string{"mixed", "replies", "history"}[o] }

// ErrCycle: the search met a position that repeats; only the retrograde
// analysis solves such a game.
var ErrCycle = errors.New("a position comes back on a line of play, and the search solves only games whose positions never repeat")

const (
	winScore int32 = 1 << 24
	infScore int32 = winScore + 4
	// maxSearchDepth bounds a line of the search (a Go stack of frames)
	maxSearchDepth = 1 << 16
)

// scoring: what the search's scores are.
type scoring uint8

const (
	byValue  scoring = iota // win, loss or draw, with plies
	byMargin                // the final margin
)

// checkNodes: the search looks at the clock and the context every so
// many positions.
const checkNodes = 1 << 12

type searcher struct {
	sol     *Solution
	s       *interp.State
	tt      *ttable
	by      scoring
	frames  []*sframe
	path    map[uint64]int32 // the hashes of the line searched, counted
	nodes   int64            // positions expanded
	moves   int64            // moves generated
	ctx     context.Context
	report  func(Progress)
	began   time.Time
	check   int64 // nodes at the next look at the clock
	shown   time.Time
	st      interp.Status
	scratch interp.MoveList // order's counts
	// helpers: the other threads' searchers (Options.Threads), which
	// search the same position on the shared table while this one does,
	// each in an order of its own (salt), and fill the table for it
	helpers []*searcher
	salt    uint64
	stop    *atomic.Bool // set: a helper stops
	// bounds, when set, receives the bounds of the score exact finds as
	// the tests narrow them (the position solved: what an interrupted
	// solve knows, and the progress line)
	bounds *[2]int32
	// a helper's nodes and moves, for the progress line
	sharedNodes, sharedMoves atomic.Int64
	// history, when not nil, orders the moves instead of the count of
	// replies: per (mover, start cell, last landing cell), the cut-offs
	// the move made (order)
	history []int32
	// goal is the threshold of the test searched, answer its answer
	// when another thread gave it (answered)
	goal, answer int32
}

// errStopped: a helper was told to stop.
var errStopped = errors.New("stopped")

// errAnswered: another thread answered the test being searched.
var errAnswered = errors.New("answered")

// answered tells whether the table answers the test this thread is
// searching (x.goal, at the position of frame 0), as another thread
// that finished it first left it there; the answer is then in x.answer.
func (x *searcher) answered() bool {
	f := x.frames[0]
	e, ok := x.tt.probe(f.key, f.hash)
	switch {
	case !ok:
		return false
	case e.lo >= x.goal:
		x.answer = e.lo
	case e.hi < x.goal:
		x.answer = e.hi
	default:
		return false
	}
	return true
}

type sframe struct {
	ml   interp.MoveList
	keys []int32 // ordering keys of the moves (order), -1 once searched
	// ends: per move, whether it ends the game and how (ending), once
	// known, and ordering by replies, the replies it leaves (counted
	// under the same Apply); listed: ml holds the position's moves
	// already
	ends    []ending
	replies []int32
	listed  bool
	key     []byte
	hash    uint64
}

// ending is what a move does to the game: it goes on, or it ends it
// with a win for the side that made it, a loss, or a draw.
type ending uint8

const (
	goesOn ending = iota
	endsWon
	endsLost
	endsDrawn
)

func newSearcher(sol *Solution, s *interp.State, opt *Options, began time.Time) *searcher {
	key := sol.id.appendTo(nil, s)
	x := &searcher{
		sol: sol, s: s, tt: newTTable(opt.Memory, ttKeyCap(len(key)), sol.threads > 1),
		path: map[uint64]int32{}, ctx: opt.Context, report: opt.Progress,
		began: began, check: checkNodes, shown: began,
	}
	x.orderBy(opt.Order, s)
	for k := 1; k < sol.threads; k++ {
		h := &searcher{
			sol: sol, tt: x.tt, path: map[uint64]int32{}, began: began,
			check: checkNodes, salt: uint64(k),
		}
		o := opt.Order
		if o == Mixed && k%2 == 1 {
			o = ByHistory // every second helper
		}
		h.orderBy(o, s)
		x.helpers = append(x.helpers, h)
	}
	return x
}

// orderBy sets the searcher's move order.
func (x *searcher) orderBy(o Order, s *interp.State) {
	if o == ByHistory {
		n := len(s.Cells) + 1
		x.history = make([]int32, x.sol.p.NumPlayers()*n*n)
	}
}

// total is the positions searched and the moves generated, the
// helpers' included.
func (x *searcher) total() (nodes, moves int64) {
	nodes, moves = x.nodes, x.moves
	for _, h := range x.helpers {
		nodes += h.nodes
		moves += h.moves
	}
	return nodes, moves
}

// shift is a move's score for the position it is played in, from the
// score of the position it leads to.
func (x *searcher) shift(v int32) int32 {
	if x.by == byMargin {
		return v
	}
	switch {
	case v > 0:
		return v - 1
	case v < 0:
		return v + 1
	}
	return 0
}

// unshift is shift's inverse: the score a position must have for the
// move to it to score v (shift(unshift(v)) == v, and shift never goes
// down, so a window maps through it).
func (x *searcher) unshift(v int32) int32 {
	if x.by == byMargin {
		return v
	}
	switch {
	case v > 0:
		return v + 1
	case v < 0:
		return v - 1
	}
	return 0
}

// leaf is the score of a finished game.
func (x *searcher) leaf(st *interp.Status) int32 {
	if x.by == byMargin {
		return int32(x.sol.marginOf(st))
	}
	switch x.sol.outcome(st) {
	case Win:
		return winScore
	case Loss:
		return -winScore
	}
	return 0
}

func (x *searcher) frame(depth int) *sframe {
	for len(x.frames) <= depth {
		x.frames = append(x.frames, &sframe{})
	}
	return x.frames[depth]
}

// tick looks at the context and reports progress, every checkNodes
// positions.
func (x *searcher) tick() error {
	x.check = x.nodes + checkNodes
	x.sharedNodes.Store(x.nodes)
	x.sharedMoves.Store(x.moves)
	if x.stop != nil && x.stop.Load() {
		return errStopped
	}
	if x.stop != nil && x.answered() {
		return errAnswered
	}
	if x.ctx != nil && x.ctx.Err() != nil {
		return ErrInterrupted
	}
	if x.report != nil {
		if now := time.Now(); now.Sub(x.shown) >= time.Second {
			x.shown = now
			x.report(x.progress(x.phase()))
		}
	}
	return nil
}

func (x *searcher) progress(phase string) Progress {
	nodes, moves := x.nodes, x.moves
	for _, h := range x.helpers {
		nodes += h.sharedNodes.Load()
		moves += h.sharedMoves.Load()
	}
	return Progress{Phase: phase, Positions: nodes, Moves: moves, Fill: x.tt.fill(),
		Bytes: x.tt.bytes(), Elapsed: time.Since(x.began)}
}

// phase names what the search is at, for the progress line.
func (x *searcher) phase() string {
	switch {
	case x.bounds == nil:
	case x.bounds[0] > 0:
		return "search (a win: finding the fastest)"
	case x.bounds[1] < 0:
		return "search (a loss: finding the slowest)"
	case x.bounds[1] < 1:
		return "search (not a win: a draw or a loss?)"
	}
	return "search"
}

// onPath tells whether the position of frame depth is on the line
// above it.
func (x *searcher) onPath(depth int) bool {
	f := x.frames[depth]
	if x.path[f.hash] == 0 {
		return false
	}
	for _, g := range x.frames[:depth] {
		if g.hash == f.hash && string(g.key) == string(f.key) {
			return true
		}
	}
	return false
}

// exact is the score of the position x.s stands at, found by tests
// with a window of width one (each asks whether the score is at least
// g, and prunes far more than a search with a wide window would; the
// table keeps what each proved for the next): first whether the
// position is won (or, if not, drawn), then by bisection between the
// bounds the tests give. With helpers, every thread runs the same tests
// on the shared table, and the first to finish answers (each finds the
// exact score; a helper ordering its moves by history, see Order, may
// finish long before this thread).
func (x *searcher) exact() (int32, error) {
	if len(x.helpers) == 0 {
		return x.exactOne()
	}
	var stop atomic.Bool
	type answer struct {
		v   int32
		err error
	}
	answers := make(chan answer, len(x.helpers)+1)
	run := func(y *searcher) {
		v, err := y.exactOne()
		if !errors.Is(err, errStopped) {
			stop.Store(true) // the answer, a cycle or a limit: the others stop
		}
		answers <- answer{v, err}
	}
	for _, h := range x.helpers {
		h.s, h.by, h.stop = x.s.Clone(), x.by, &stop
		go run(h)
	}
	x.stop = &stop
	run(x)
	var first *answer
	for range len(x.helpers) + 1 {
		a := <-answers
		if first == nil && !errors.Is(a.err, errStopped) {
			first = &a
		}
	}
	x.stop = nil
	return first.v, first.err
}

// exactOne is exact on this thread.
func (x *searcher) exactOne() (int32, error) {
	lo, hi := -infScore, infScore // the score is in [lo, hi]
	test := func(g int32) error {
		x.goal = g
		r, err := x.search(0, g-1, g)
		if errors.Is(err, errAnswered) {
			r, err = x.answer, nil
		}
		if r >= g {
			lo = max(lo, r)
		} else {
			hi = min(hi, r)
		}
		if x.bounds != nil {
			*x.bounds = [2]int32{lo, hi}
		}
		return err
	}
	if err := test(1); err != nil {
		return 0, err
	}
	if hi < 1 {
		if err := test(0); err != nil {
			return 0, err
		}
	}
	for lo < hi {
		if err := test(lo + (hi-lo+1)/2); err != nil {
			return 0, err
		}
	}
	return lo, nil
}

// search is the score of the position x.s stands at, at depth depth of
// the line, within the window (alpha, beta): fail-soft, a result at or
// below alpha is an upper bound of the score, one at or above beta a
// lower bound, one between them exact.
func (x *searcher) search(depth int, alpha, beta int32) (int32, error) {
	sol, s := x.sol, x.s
	sol.p.StatusInto(s, &x.st)
	if x.st.Over {
		return x.leaf(&x.st), nil
	}
	if depth >= maxSearchDepth {
		return 0, ErrCycle // a line this long repeats a position or nearly
	}
	if x.by == byValue {
		// a game not over ends a ply from now at the soonest: a window
		// beyond that is answered without a look (the bound is true, so
		// a test of a win or loss within n plies looks n plies deep)
		switch {
		case alpha >= winScore-1:
			return winScore - 1, nil
		case beta <= -(winScore - 1):
			return -(winScore - 1), nil
		}
	}
	f := x.frame(depth)
	f.key = sol.id.appendTo(f.key[:0], s)
	f.hash = sol.hashOf(s, f.key)
	first, known := -1, false
	f.listed, f.ends, f.replies = false, f.ends[:0], f.replies[:0]
	if e, ok := x.tt.probe(f.key, f.hash); ok {
		known = true
		lo, hi := e.lo, e.hi
		switch {
		case lo == hi, lo >= beta:
			return lo, nil
		case hi <= alpha:
			return hi, nil
		}
		alpha, beta = max(alpha, lo), min(beta, hi)
		first = int(e.move) - 1
	}
	if x.onPath(depth) {
		return 0, ErrCycle
	}
	if x.nodes >= x.check {
		if err := x.tick(); err != nil {
			return 0, err
		}
	}
	if x.by == byValue && !known {
		if v, ok := x.winsNow(f); ok {
			x.nodes++
			return v, nil
		}
	}
	before := x.nodes
	x.nodes++
	x.path[f.hash]++
	best, move, err := x.children(depth, alpha, beta, first)
	if x.path[f.hash]--; x.path[f.hash] == 0 {
		delete(x.path, f.hash)
	}
	if err != nil {
		return 0, err
	}
	lo, hi := -infScore, infScore
	switch {
	case best <= alpha:
		hi = best
	case best >= beta:
		lo = best
	default:
		lo, hi = best, best
	}
	work := uint8(bits.Len64(uint64(x.nodes - before)))
	x.tt.store(f.key, f.hash, lo, hi, move, work)
	return best, nil
}

// children searches the moves of frame depth's position (the best one
// known first) and returns the best score and the move that gives it.
// A position that is not over and has no move is a draw, as the
// retrograde analysis leaves it.
func (x *searcher) children(depth int, alpha, beta int32, first int) (int32, int, error) {
	p, s := x.sol.p, x.s
	f := x.frames[depth]
	if !f.listed {
		p.Legal(s, &f.ml)
		f.listed = true
		x.moves += int64(f.ml.Len())
	}
	n := f.ml.Len()
	if n == 0 {
		return 0, -1, nil
	}
	team := s.Mover == x.sol.Player
	best, move := infScore, -1
	if team {
		best = -infScore
	}
	if first >= n {
		first = -1
	}
	f.keys = f.keys[:0]
	for j := 0; j < n; j++ {
		i := first
		if j > 0 || first < 0 {
			if len(f.keys) == 0 {
				x.order(f, first) // after the table's move: it often cuts
			}
			i = x.next(f)
		}
		p.Apply(s, &f.ml, i)
		v, err := x.search(depth+1, x.unshift(alpha), x.unshift(beta))
		p.Undo(s)
		if err != nil {
			return 0, -1, err
		}
		v = x.shift(v)
		if team && v > best || !team && v < best {
			best, move = v, i
		}
		if team {
			alpha = max(alpha, v)
		} else {
			beta = min(beta, v)
		}
		if alpha >= beta {
			if x.history != nil {
				x.history[x.historyKey(&f.ml, i)]++
			}
			break
		}
	}
	return best, move, nil
}

// winsNow tells whether the side to move wins at once at frame f's
// position (x.s), and the score when it does: a move that ends the game
// in its favour is the fastest win there is, whatever the other moves
// lead to, so the position needs no search and no room in the table
// (in a race of pawns on a small board, half the positions the search meets
// are such; not in a scored game, where a later win may make a larger
// margin). It lists the moves in f.ml and notes how each ends the game
// (and the replies each leaves) in f, for order.
func (x *searcher) winsNow(f *sframe) (int32, bool) {
	p, s := x.sol.p, x.s
	p.Legal(s, &f.ml)
	f.listed = true
	x.moves += int64(f.ml.Len())
	return x.endings(f, true)
}

// endings fills f.ends (and f.replies, ordering by replies): how each
// of f.ml's moves ends the game; with stop, it stops at a move that
// wins (true, with its score).
func (x *searcher) endings(f *sframe, stop bool) (int32, bool) {
	p, s := x.sol.p, x.s
	team := s.Mover == x.sol.Player
	f.ends, f.replies = f.ends[:0], f.replies[:0]
	for i := range f.ml.Len() {
		p.Apply(s, &f.ml, i)
		p.StatusInto(s, &x.st)
		e, n := goesOn, 0 // a finished game leaves no reply
		if !x.st.Over {
			if x.history == nil {
				n = p.CountLegal(s, &x.scratch)
			}
		} else {
			switch v := x.leaf(&x.st); {
			case v == 0:
				e = endsDrawn
			case (v > 0) == team:
				if stop {
					p.Undo(s)
					return x.shift(v), true
				}
				e = endsWon
			default:
				e = endsLost
			}
		}
		p.Undo(s)
		f.ends, f.replies = append(f.ends, e), append(f.replies, int32(n))
	}
	return 0, false
}

// historyKey is the index in x.history of move i of ml, made by the
// side to move.
func (x *searcher) historyKey(ml *interp.MoveList, i int) int {
	from, to := ml.Ends(i)
	n := len(x.s.Cells) + 1
	return (x.s.Mover*n+from+1)*n + to + 1
}

// order fills frame f's ordering keys (first, the table's move, was
// searched already): the moves that leave the opponent the fewest replies (a cheap
// count: the engine counts without listing where it can). A line that
// leaves the other side few choices is proved or refuted soonest, and a
// position with no reply often ends the game: on the small boards of
// the tests this searches 5 to 30 times fewer positions than the order
// of Legal.
func (x *searcher) order(f *sframe, first int) {
	if len(f.ends) != f.ml.Len() {
		x.endings(f, false)
	}
	for i := range f.ml.Len() {
		k := int32(-1) // searched already
		if i != first {
			k = x.rank(f, i)
			if x.salt != 0 {
				// a helper breaks ties its own way
				k |= int32((uint64(i+1)*x.salt*0x9e3779b97f4a7c15)>>61) & 7
			}
		}
		f.keys = append(f.keys, k)
	}
}

// rank is the ordering key of move i of frame f: a move that ends the
// game in its mover's favour first, one that loses it last, and in
// between the fewer replies the better or, ordering by history, the
// more cut-offs.
func (x *searcher) rank(f *sframe, i int) int32 {
	switch f.ends[i] {
	case endsWon:
		return 1 << 28
	case endsLost:
		return 0
	}
	if x.history != nil {
		h := min(x.history[x.historyKey(&f.ml, i)], 1<<20)
		return (1<<24 + h) << 3
	}
	return (1<<24 - f.replies[i]) << 3
}

// next is the index of the move to search next in frame f: the largest
// key not yet taken (selection: a cut-off saves the rest of a sort).
func (x *searcher) next(f *sframe) int {
	best := -1
	for i, k := range f.keys {
		if k >= 0 && (best < 0 || k > f.keys[best]) {
			best = i
		}
	}
	f.keys[best] = -1
	return best
}

// equals tells whether the position x.s stands at scores exactly v.
func (x *searcher) equals(v int32) (bool, error) {
	r, err := x.search(0, v-1, v+1)
	return r == v, err
}

// valueOf turns a score into a value and plies (-1 for a draw).
func valueOf(v int32) (Value, int) {
	switch {
	case v > 0:
		return Win, int(winScore - v)
	case v < 0:
		return Loss, int(winScore + v)
	}
	return Draw, -1
}
