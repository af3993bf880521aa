package solve

import (
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ruleplay/ruleplay/interp"
)

// The enumeration on several threads (package doc): each worker walks
// depth first with Apply and Undo on a State of its own, inserting what
// it finds into the shared table (shardTable); the worker that inserts a
// position is the one that expands it, so every position is expanded
// once, whichever thread finds it first. Work is shared on demand: while
// a worker waits for work, the others hand over positions through a
// queue: each the next move of the shallowest position of their walk that
// has moves left (a copy of their State after it), the one that leads to
// the most work. The enumeration is over when every worker waits and the
// queue is empty. A worker records what it expands in a buffer of its own
// (records); the solve reads them all once the walk is over.

// records is a worker's account of the positions it expanded: one record
// per position, [position, info, moves, (margin), successor...], in
// blocks that are never moved (the successors are written as the walk
// reaches them).
type records struct {
	blocks [][]uint32
	bytes  int64
}

// blockWords is the size of a block of records (256 KiB).
const blockWords = 1 << 16

// alloc returns n words for a record (a new block when they do not fit in
// the last one).
func (r *records) alloc(n int) []uint32 {
	last := len(r.blocks) - 1
	if last < 0 || cap(r.blocks[last])-len(r.blocks[last]) < n {
		size := max(blockWords, n)
		r.blocks = append(r.blocks, make([]uint32, 0, size))
		r.bytes += 4 * int64(size)
		last++
	}
	b := r.blocks[last]
	r.blocks[last] = b[:len(b)+n]
	return b[len(b) : len(b)+n : len(b)+n]
}

// each calls f with every record (hdr: the words before the successors);
// release drops each block once read (the last reading).
func (r *records) each(hdr int, release bool, f func(node, info uint32, margin int32, succ []uint32)) {
	for k, b := range r.blocks {
		for i := 0; i < len(b); {
			n := int(b[i+2])
			margin := int32(0)
			if hdr > 3 {
				margin = int32(b[i+3])
			}
			f(b[i], b[i+1], margin, b[i+hdr:i+hdr+n])
			i += hdr + n
		}
		if release {
			r.blocks[k] = nil
		}
	}
	if release {
		r.blocks, r.bytes = nil, 0
	}
}

// frameBytes estimates the memory of a frame of the walk with its move
// list and the undo records of its move.
const frameBytes = 1024

// frame is a position of the walk being expanded: its moves, the next
// move to try, the move the walk went down by and where its successors
// are recorded.
type frame struct {
	ml   interp.MoveList
	next int
	cur  int
	succ []uint32
}

// task is a position handed over to a waiting worker: a State at it
// (no undo history) and its index.
type task struct {
	s    *interp.State
	node uint32
}

// enumeration is the walk's shared state.
type enumeration struct {
	sol     *Solution
	workers []*worker
	mu      sync.Mutex
	cond    *sync.Cond
	tasks   []task
	spare   []*interp.State // States to copy a handed-over position into
	idle    int             // workers waiting for a task
	done    bool
	stopped error // ErrTooBig or ErrInterrupted
	failed  error // a worker's error (a bound of move generation)
	// hungry: more workers wait than tasks are queued
	hungry atomic.Bool
	stop   atomic.Bool
	// positions and moves found, as the workers last told
	positions atomic.Int64
	moves     atomic.Int64
}

// worker is one thread of the walk.
type worker struct {
	e      *enumeration
	s      *interp.State
	stack  []*frame
	recs   records
	buf    []byte
	st     interp.Status
	bytes  atomic.Int64       // its records and frames
	found  int64              // positions inserted, not yet added to e.positions
	moves  int64              // moves recorded, not yet added to e.moves
	checks int                // positions inserted since the last check
	ahead  []*interp.MoveList // cutToWin's move lists, per depth
}

// checkEvery: a worker checks the memory bound every so many positions.
const checkEvery = 1024

// enumerate walks every position reachable from s on opt's threads and
// returns the workers' records; sol.Stopped says whether it stopped
// early, the error is a worker's.
func (sol *Solution) enumerate(s *interp.State, opt *Options, began time.Time) ([]*records, error) {
	e := &enumeration{sol: sol}
	e.cond = sync.NewCond(&e.mu)
	for range sol.threads {
		e.workers = append(e.workers, &worker{e: e})
	}
	w := e.workers[0]
	w.s = s.Clone()
	root, _, ok := w.claim()
	if !ok {
		return nil, e.failed
	}
	sol.rootPacked = root
	e.tasks = append(e.tasks, task{w.s, root})
	w.s = nil
	if opt.Context.Err() != nil {
		e.halt(ErrInterrupted)
	}
	var wg sync.WaitGroup
	for _, w := range e.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := interp.Guard(w.run); err != nil {
				e.fail(err)
			}
		}()
	}
	finished := make(chan struct{})
	go func() { wg.Wait(); close(finished) }()
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	ctxDone := opt.Context.Done()
	for waiting := true; waiting; {
		select {
		case <-finished:
			waiting = false
		case <-ctxDone:
			e.halt(ErrInterrupted)
			ctxDone = nil
		case <-tick.C:
			if opt.Progress != nil {
				opt.Progress(e.progress(began))
			}
		}
	}
	out := make([]*records, len(e.workers))
	for i, w := range e.workers {
		out[i] = &w.recs
		e.positions.Add(w.found)
		e.moves.Add(w.moves)
	}
	sol.moves = e.moves.Load()
	sol.Stopped = e.stopped
	return out, e.failed
}

// progress is where the walk stands.
func (e *enumeration) progress(began time.Time) Progress {
	n := e.positions.Load()
	return Progress{Phase: "enumerate", Positions: n, Moves: e.moves.Load(),
		Fill: e.sol.tab.fill(n), Bytes: e.bytes(), Elapsed: time.Since(began)}
}

// bytes is the memory the walk holds now.
func (e *enumeration) bytes() int64 {
	b := e.sol.tab.bytesNow()
	for _, w := range e.workers {
		b += w.bytes.Load()
	}
	return b
}

// projected is the memory the solve will hold once the retrograde
// analysis has its arrays (Solution.Bytes), with the walk's records.
func (e *enumeration) projected() int64 {
	return e.bytes() + e.positions.Load()*e.sol.perPosition() + 4*e.moves.Load()
}

// check tells the counts and checks the bounds (every checkEvery
// positions a worker inserts).
func (w *worker) check() {
	e := w.e
	e.positions.Add(w.found)
	e.moves.Add(w.moves)
	w.found, w.moves = 0, 0
	w.bytes.Store(w.recs.bytes + int64(len(w.stack))*frameBytes)
	if e.projected() > e.sol.limit || e.positions.Load() >= MaxPositions-numShards {
		e.halt(ErrTooBig)
	}
}

// halt stops the walk (the first reason given stands).
func (e *enumeration) halt(why error) {
	e.mu.Lock()
	if e.stopped == nil && e.failed == nil {
		e.stopped = why
	}
	e.stop.Store(true)
	e.done = true
	e.cond.Broadcast()
	e.mu.Unlock()
}

// fail stops the walk with a worker's error.
func (e *enumeration) fail(err error) {
	e.mu.Lock()
	if e.failed == nil {
		e.failed = err
	}
	e.stop.Store(true)
	e.done = true
	e.cond.Broadcast()
	e.mu.Unlock()
}

// take waits for a task and makes its State the worker's; false when the
// walk is over.
func (e *enumeration) take(w *worker) (uint32, bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	for len(e.tasks) == 0 && !e.done {
		if e.idle+1 == len(e.workers) {
			e.done = true // every other worker waits: nothing is left
			e.cond.Broadcast()
			break
		}
		e.idle++
		e.hungry.Store(e.idle > len(e.tasks))
		e.cond.Wait()
		e.idle--
	}
	if e.done {
		e.hungry.Store(false)
		return 0, false
	}
	t := e.tasks[len(e.tasks)-1]
	e.tasks = e.tasks[:len(e.tasks)-1]
	if w.s != nil {
		e.spare = append(e.spare, w.s)
	}
	w.s = t.s
	e.hungry.Store(e.idle > len(e.tasks))
	return t.node, true
}

// give hands position node (where s stands) over to a waiting worker.
func (e *enumeration) give(s *interp.State, node uint32) {
	e.mu.Lock()
	var c *interp.State
	if n := len(e.spare); n > 0 {
		c, e.spare = e.spare[n-1], e.spare[:n-1]
	}
	e.mu.Unlock()
	if c == nil {
		c = s.Clone()
	} else {
		c.CopyFrom(s)
	}
	e.mu.Lock()
	e.tasks = append(e.tasks, task{c, node})
	e.hungry.Store(e.idle > len(e.tasks))
	e.cond.Signal()
	e.mu.Unlock()
}

// run takes tasks until the walk is over.
func (w *worker) run() {
	for {
		node, ok := w.e.take(w)
		if !ok {
			return
		}
		w.explore(node)
	}
}

// claim inserts the position w.s is at; ok is false when the walk must
// stop (a shard full, an identity too long).
func (w *worker) claim() (idx uint32, added, ok bool) {
	sol := w.e.sol
	w.buf = sol.id.appendTo(w.buf[:0], w.s)
	if len(w.buf) > maxKey {
		w.e.fail(fmt.Errorf("a position's identity takes %d bytes, more than the solver's %d: the game is too big to solve", len(w.buf), maxKey))
		return 0, false, false
	}
	idx, added, full := sol.tab.insert(w.buf, sol.hashOf(w.s, w.buf))
	if full {
		w.e.halt(ErrTooBig)
		return 0, false, false
	}
	if added {
		w.found++
		if w.checks++; w.checks == checkEvery {
			w.checks = 0
			w.check()
		}
	}
	return idx, added, true
}

// expand records position node, where w.s stands: its outcome when the
// game is over, else its moves in frame depth of the walk (true).
func (w *worker) expand(node uint32, depth int) bool {
	sol := w.e.sol
	p, s := sol.p, w.s
	p.StatusInto(s, &w.st)
	info := uint32(0)
	if s.Mover == sol.Player {
		info |= uint32(teamBit)
	}
	hdr := sol.header()
	if w.st.Over {
		info |= uint32(terminal) | uint32(sol.outcome(&w.st))<<outcomeShift
		r := w.recs.alloc(hdr)
		r[0], r[1], r[2] = node, info, 0
		if sol.scored {
			r[3] = uint32(int32(sol.marginOf(&w.st)))
		}
		return false
	}
	if depth >= len(w.stack) {
		w.stack = append(w.stack, &frame{})
	}
	f := w.stack[depth]
	p.Legal(s, &f.ml)
	if sol.cut && node != sol.rootPacked {
		w.cutToWin(f)
	}
	n := f.ml.Len()
	r := w.recs.alloc(hdr + n)
	r[0], r[1], r[2] = node, info, uint32(n)
	if sol.scored {
		r[3] = 0
	}
	f.succ, f.next = r[hdr:], 0
	for i := range f.succ {
		f.succ[i] = noEdge
	}
	w.moves += int64(n)
	return true
}

// explore walks every position reachable from node (where w.s stands)
// that no worker has found before, depth first. At the top of the loop
// w.s stands at the position of frame depth-1.
func (w *worker) explore(node uint32) {
	e, p := w.e, w.e.sol.p
	if !w.expand(node, 0) {
		return
	}
	depth := 1 // frames in use
	for depth > 0 && !e.stop.Load() {
		if e.hungry.Load() && !w.share(depth) {
			return
		}
		f := w.stack[depth-1]
		if f.next == f.ml.Len() {
			depth--
			if depth > 0 {
				p.Undo(w.s)
			}
			continue
		}
		i := f.next
		f.next++
		p.Apply(w.s, &f.ml, i)
		child, added, ok := w.claim()
		if !ok {
			return
		}
		f.succ[i] = child
		if added && w.expand(child, depth) {
			f.cur = i
			depth++
			continue
		}
		p.Undo(w.s)
	}
}

// share hands a waiting worker the next move of the walk's shallowest
// frame with moves left (the most work): it takes w.s back to that
// frame's position, plays the move, hands the position over when it is
// new, and comes back down. false when the walk must stop.
func (w *worker) share(depth int) bool {
	j := 0
	for j < depth && w.stack[j].next == w.stack[j].ml.Len() {
		j++
	}
	if j == depth {
		return true // nothing left to give
	}
	p := w.e.sol.p
	for k := depth - 1; k > j; k-- {
		p.Undo(w.s)
	}
	f := w.stack[j]
	i := f.next
	f.next++
	p.Apply(w.s, &f.ml, i)
	child, added, ok := w.claim()
	if !ok {
		return false
	}
	f.succ[i] = child
	if added {
		w.e.give(w.s, child)
	}
	p.Undo(w.s)
	for k := j; k < depth-1; k++ {
		g := w.stack[k]
		p.Apply(w.s, &g.ml, g.cur)
	}
	return true
}

// cutToWin keeps of frame f's moves (those of the position w.s stands
// at) only the first, in the order of Legal, that starts the fastest
// win the side to move can force within Options.Lookahead plies
// (default 1), when it can: a win for the root player's side, or
// against it for the other side, in one ply, else in two, else in
// three. Nothing is faster, so such a position's value is that win
// whatever its other moves lead to, and the principal variation would
// pick that move too: the positions its other moves lead to are needed
// only when some other position leads there. In a race this leaves most
// positions out (a pawn race of docs/solve.md keeps a 27th of them
// looking 1 ply ahead, a 127th looking 3; each ply looked ahead costs
// more time at a position where it cuts little). The move's own
// position is walked as any other, so the values stay those of the
// whole game. Not with Options.All, nor in a scored game, where a later
// win may make a larger margin, nor at the position solved, whose every
// move --divide values.
func (w *worker) cutToWin(f *frame) {
	sol := w.e.sol
	p, s := sol.p, w.s
	side := s.Mover == sol.Player
	for k := 1; k <= sol.lookahead; k++ {
		for i := range f.ml.Len() {
			p.Apply(s, &f.ml, i)
			won := w.forces(side, k-1, 0)
			p.Undo(s)
			if won {
				f.ml.Keep(i)
				return
			}
		}
	}
}

// MaxLookahead bounds Options.Lookahead.
const MaxLookahead = 3

// forces tells whether the root player's side (side true) or the other
// side can force a win within plies plies from the position w.s stands
// at (a finished game: whether it is that side's win; a position with
// no move is a draw, as the retrograde analysis leaves it). d is the
// depth of the look-ahead, for its move lists.
func (w *worker) forces(side bool, plies, d int) bool {
	sol := w.e.sol
	p, s := sol.p, w.s
	p.StatusInto(s, &w.st)
	if w.st.Over {
		v := sol.outcome(&w.st)
		return side && v == Win || !side && v == Loss
	}
	if plies == 0 {
		return false
	}
	for len(w.ahead) <= d {
		w.ahead = append(w.ahead, &interp.MoveList{})
	}
	ml := w.ahead[d]
	p.Legal(s, ml)
	if ml.Len() == 0 {
		return false
	}
	mine := (s.Mover == sol.Player) == side
	for i := range ml.Len() {
		p.Apply(s, ml, i)
		won := w.forces(side, plies-1, d+1)
		p.Undo(s)
		if won == mine {
			return won // a winning move of the side, a refutation of the other
		}
	}
	return !mine
}
