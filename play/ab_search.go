package play

import (
	"math/rand/v2"
	"time"

	"github.com/ruleplay/ruleplay/interp"
)

// Values of the search (see AB). A won game is worth abMate less the
// plies to it (plus the rules' margin, when they give one), a win shared
// by some but not all players abMate/2 less the plies; values beyond
// abMateBand are counted from the position they were found in when they
// enter the transposition table, and from the root when they leave it.
const (
	abMate     = 1 << 24
	abMateBand = abMate / 4
	abMargin   = 1 << 20 // bound of the margin added to a decided game
	abInf      = abMate * 2
	abMaxPly   = MaxABDepth + MaxQuiescence + 2
	// abAspiration is the half width of the aspiration window around the
	// previous iteration's value (a hundredth of a piece is 1).
	abAspiration = 50
	// abHistory is the size of the history table (a power of two).
	abHistory = 1 << 16
	// abCheckEvery: the clock is read every this many positions.
	abCheckEvery = 1024
)

// Move ordering keys (higher first).
const (
	orderTT      = 1 << 30
	orderCapture = 1 << 28
	orderKiller  = 1 << 26
	orderHistory = 1<<26 - 1 // the history's bound
)

// abSearch is the scratch of one AB: the position, the move lists per
// ply, the ordering heuristics and the counts.
type abSearch struct {
	p        *interp.Program
	s        *interp.State
	ev       *abEval
	tt       *abTable
	deadline time.Time
	root     int // the seat (participant) to move at the root
	stop     bool
	nodes    int64
	// completed is the last depth searched to its end, value its value.
	completed, value int
	st               interp.Status
	mls              [abMaxPly]interp.MoveList
	scores           [abMaxPly][]int32
	nmoves           [abMaxPly]int // legal moves at each ply (mobility)
	movers           [abMaxPly]int // the seat to move at each ply
	colours          [abMaxPly]int // the colour (player) to move at each ply
	killers          [abMaxPly][2]uint64
	history          []int32
	noCuts           bool   // AB.noCuts
	salt             uint64 // mixed into the keys when more than two players (the values depend on the root player)
}

// reset prepares a search of hs.
func (sr *abSearch) reset(p *interp.Program, hs *interp.State, ev *abEval, tt *abTable, deadline time.Time) {
	sr.p, sr.s, sr.ev, sr.tt, sr.deadline = p, hs, ev, tt, deadline
	sr.root, sr.stop, sr.nodes, sr.completed, sr.value = p.SeatOf(hs, hs.ToMove()), false, 0, 0, 0
	sr.killers = [abMaxPly][2]uint64{}
	if sr.history == nil {
		sr.history = make([]int32, abHistory)
	}
	for i := range sr.history {
		sr.history[i] /= 2
	}
	sr.salt = 0
	if p.NumPlayers() > 2 {
		sr.salt = interp.Mix64(uint64(sr.root) + 1)
	}
	tt.newSearch()
}

// team is 0 for the root seat and 1 for everybody else.
func (sr *abSearch) team(seat int) int {
	if seat == sr.root {
		return 0
	}
	return 1
}

// seatToMove is the seat (participant) to move in the search's position.
func (sr *abSearch) seatToMove() int { return sr.p.SeatOf(sr.s, sr.s.ToMove()) }

// rootColour is the colour the root seat plays in the search's position
// (after a swap, turns { swap }, the other colour than at the root).
func (sr *abSearch) rootColour() int { return colourOf(sr.p, sr.s, sr.root) }

// iterate deepens the search from depth 1 to maxDepth (or the deadline)
// and returns the text of the best root move.
func (sr *abSearch) iterate(maxDepth int, rng *rand.Rand) (string, bool) {
	p, s := sr.p, sr.s
	ml := &sr.mls[0]
	p.Legal(s, ml)
	n := ml.Len()
	if n == 0 {
		return "", false
	}
	sr.movers[0], sr.colours[0], sr.nmoves[0] = sr.seatToMove(), s.ToMove(), n
	order := rng.Perm(n)
	sr.rootOrder(order)
	best, prev := order[0], 0
	start := time.Now()
	for d := 1; d <= maxDepth; d++ {
		v, mv, done := sr.aspire(d, prev, order)
		if mv >= 0 {
			best = mv
		}
		if !done {
			break
		}
		sr.completed, sr.value, prev = d, v, v
		moveToFront(order, best)
		if v > abMateBand || v < -abMateBand {
			break // the game's result is known
		}
		if !sr.deadline.IsZero() && time.Since(start) > sr.deadline.Sub(start)/2 {
			break // the next depth would not finish
		}
	}
	return p.Text(ml, best), true
}

// rootOrder sorts the root moves (already shuffled) by the ordering keys,
// keeping the shuffled order among equals.
func (sr *abSearch) rootOrder(order []int) {
	ml := &sr.mls[0]
	key := func(i int) int32 {
		if sr.p.Captures(ml, i) {
			return orderCapture
		}
		return 0
	}
	for i := 1; i < len(order); i++ {
		for j := i; j > 0 && key(order[j]) > key(order[j-1]); j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
}

// moveToFront moves m to the front of order.
func moveToFront(order []int, m int) {
	for i, x := range order {
		if x == m {
			copy(order[1:i+1], order[:i])
			order[0] = m
			return
		}
	}
}

// aspire searches the root to depth d in a window around prev (the full
// window for the first depths), widening it on a fail. It returns the
// value, the best move (-1: none searched in full) and whether the
// search finished.
func (sr *abSearch) aspire(d, prev int, order []int) (int, int, bool) {
	lo, hi := -abInf, abInf
	if d >= 3 {
		lo, hi = prev-abAspiration, prev+abAspiration
	}
	for {
		v, mv := sr.rootSearch(d, lo, hi, order)
		if sr.stop {
			if v <= lo {
				mv = -1 // a fail low tells nothing of the moves
			}
			return v, mv, false
		}
		switch {
		case v <= lo && lo > -abInf:
			lo = -abInf
		case v >= hi && hi < abInf:
			hi = abInf
		default:
			return v, mv, true
		}
	}
}

// rootSearch searches every root move to depth d in the window (alpha,
// beta) and returns the best value and move; after a stop, the move is
// the best of those searched in full (-1: none).
func (sr *abSearch) rootSearch(d, alpha, beta int, order []int) (int, int) {
	p, s, ml := sr.p, sr.s, &sr.mls[0]
	best, bestMove := -abInf, -1
	for k, i := range order {
		p.Apply(s, ml, i)
		var v int
		if k == 0 {
			v = sr.child(d-1, 0, 0, alpha, beta)
		} else {
			v = sr.child(d-1, 0, 0, alpha, alpha+1)
			if v > alpha && v < beta && !sr.stop {
				v = sr.child(d-1, 0, 0, alpha, beta)
			}
		}
		p.Undo(s)
		if sr.stop {
			return best, bestMove
		}
		if v > best {
			best, bestMove = v, i
		}
		if v > alpha {
			alpha = v
		}
		if alpha >= beta {
			break
		}
	}
	return best, bestMove
}

// child searches the position just reached by the move made at ply, to
// depth (qd: quiescence plies so far), and returns its value for the
// seat that moved at ply. Teams are of seats, not colours: after a swap
// (turns { swap }) the same colour is to move but the other seat, so the
// value is negated as after any move to the other side; a seat that
// moves twice in a row (turns) keeps its window.
func (sr *abSearch) child(depth, ply, qd, alpha, beta int) int {
	if sr.team(sr.seatToMove()) == sr.team(sr.movers[ply]) {
		return sr.node(depth, ply+1, qd, alpha, beta)
	}
	return -sr.node(depth, ply+1, qd, -beta, -alpha)
}

// node is the value of the position at ply for its side to move: exact
// when the game is over, else by the search.
func (sr *abSearch) node(depth, ply, qd, alpha, beta int) int {
	sr.nodes++
	if sr.nodes%abCheckEvery == 0 && !sr.deadline.IsZero() && !time.Now().Before(sr.deadline) {
		sr.stop = true
	}
	if sr.stop {
		return 0
	}
	sr.p.StatusInto(sr.s, &sr.st)
	if sr.st.Over {
		return sr.terminal(ply)
	}
	if depth <= 0 || ply >= abMaxPly-1 {
		return sr.quiesce(ply, qd, alpha, beta)
	}
	return sr.alphaBeta(depth, ply, alpha, beta)
}

// terminal is the value of the finished game (sr.st) for the side to
// move at ply.
func (sr *abSearch) terminal(ply int) int {
	st := &sr.st
	in := false
	root := sr.rootColour()
	for _, w := range st.Winners {
		in = in || w == root
	}
	margin := 0
	if st.HasMargin {
		margin = min(abMargin, max(-abMargin, st.Margin))
	}
	v := 0
	switch {
	case !in:
		v = -(abMate - ply + margin)
	case len(st.Winners) == 1:
		v = abMate - ply + margin
	case len(st.Winners) < sr.p.NumPlayers():
		v = abMate/2 - ply
	}
	if sr.team(sr.seatToMove()) != 0 {
		v = -v
	}
	return v
}

// static is the evaluation of the unfinished position at ply for its
// side to move (sr.nmoves[ply] filled).
func (sr *abSearch) static(ply int) int {
	v := sr.ev.value(sr.s, sr.rootColour())
	stm := sr.seatToMove()
	if sr.team(stm) != 0 {
		v = -v
	}
	// Mobility compares the moves of two colours: not after a swap, the
	// same colour moving again.
	if ply > 0 && sr.team(sr.movers[ply-1]) != sr.team(stm) && sr.colours[ply-1] != sr.s.ToMove() {
		v += sr.ev.mobility * (sr.nmoves[ply] - sr.nmoves[ply-1])
	}
	return v
}

// toTT and fromTT count mate values from the position (in the table) or
// from the root (in the search).
func toTT(v, ply int) int {
	switch {
	case v > abMateBand:
		return v + ply
	case v < -abMateBand:
		return v - ply
	}
	return v
}

func fromTT(v, ply int) int {
	switch {
	case v > abMateBand:
		return v - ply
	case v < -abMateBand:
		return v + ply
	}
	return v
}

// key is the table's key of the position.
func (sr *abSearch) key() uint64 { return interp.Hash(sr.s) ^ sr.salt }

// alphaBeta searches the unfinished position at ply to depth > 0.
func (sr *abSearch) alphaBeta(depth, ply, alpha, beta int) int {
	p, s := sr.p, sr.s
	key := sr.key()
	ttMove := -1
	if e, ok := sr.tt.probe(key); ok {
		ttMove = int(e.move)
		if int(e.depth) >= depth && !sr.noCuts {
			v := fromTT(int(e.value), ply)
			switch {
			case e.flag == abExact,
				e.flag == abLower && v >= beta,
				e.flag == abUpper && v <= alpha:
				return v
			}
		}
	}
	ml := &sr.mls[ply]
	p.Legal(s, ml)
	n := ml.Len()
	sr.movers[ply], sr.colours[ply], sr.nmoves[ply] = sr.seatToMove(), s.ToMove(), n
	if n == 0 {
		return sr.static(ply) // Status said the game goes on: not reached
	}
	sr.orderMoves(ply, ttMove)
	origAlpha, best, bestMove := alpha, -abInf, -1
	for k := 0; k < n; k++ {
		i := sr.pick(ply)
		p.Apply(s, ml, i)
		var v int
		if k == 0 {
			v = sr.child(depth-1, ply, 0, alpha, beta)
		} else {
			v = sr.child(depth-1, ply, 0, alpha, alpha+1)
			if v > alpha && v < beta && !sr.stop {
				v = sr.child(depth-1, ply, 0, alpha, beta)
			}
		}
		p.Undo(s)
		if sr.stop {
			return 0
		}
		if v > best {
			best, bestMove = v, i
		}
		if v > alpha {
			alpha = v
		}
		if alpha >= beta {
			sr.cutoff(ply, i, depth)
			break
		}
	}
	flag := abUpper
	switch {
	case best >= beta:
		flag = abLower
	case best > origAlpha:
		flag = abExact
	}
	sr.tt.store(key, toTT(best, ply), depth, bestMove, flag)
	return best
}

// quiesce searches the captures from the unfinished position at ply (qd
// plies of captures so far), standing pat on the static evaluation.
func (sr *abSearch) quiesce(ply, qd, alpha, beta int) int {
	p, s := sr.p, sr.s
	ml := &sr.mls[ply]
	p.Legal(s, ml)
	n := ml.Len()
	me := s.ToMove()
	sr.movers[ply], sr.colours[ply], sr.nmoves[ply] = sr.seatToMove(), me, n
	best := sr.static(ply)
	if !sr.ev.captures || qd >= MaxQuiescence || ply >= abMaxPly-1 || best >= beta {
		return best
	}
	alpha = max(alpha, best)
	for i := 0; i < n; i++ {
		if !p.Captures(ml, i) {
			continue
		}
		before := s.Captured(me)
		p.Apply(s, ml, i)
		if s.Captured(me) == before {
			p.Undo(s)
			continue
		}
		v := sr.child(0, ply, qd+1, alpha, beta)
		p.Undo(s)
		if sr.stop {
			return 0
		}
		best = max(best, v)
		alpha = max(alpha, v)
		if alpha >= beta {
			break
		}
	}
	return best
}

// moveKey names move i of ml by its rule and its path's first and last
// cells (killers and history).
func moveKey(ml *interp.MoveList, i int) uint64 {
	m := ml.Moves[i]
	if m.N <= 0 {
		return uint64(uint32(m.Rule+1)) << 40
	}
	from := uint64(ml.Arena[m.Off] & 0xffff)
	to := uint64(ml.Arena[m.Off+m.N-1] & 0xffff)
	return uint64(uint32(m.Rule+1))<<40 | from<<20 | to
}

// historySlot is the history table's slot of a move key.
func historySlot(k uint64) int { return int(interp.Mix64(k) & (abHistory - 1)) }

// orderMoves fills the ordering keys of the moves at ply.
func (sr *abSearch) orderMoves(ply, ttMove int) {
	ml := &sr.mls[ply]
	n := ml.Len()
	sc := sr.scores[ply][:0]
	for i := 0; i < n; i++ {
		var v int32
		k := moveKey(ml, i)
		switch {
		case i == ttMove:
			v = orderTT
		case sr.p.Captures(ml, i):
			v = orderCapture + ml.Moves[i].N
		case k == sr.killers[ply][0]:
			v = orderKiller + 1
		case k == sr.killers[ply][1]:
			v = orderKiller
		default:
			v = sr.history[historySlot(k)]
		}
		sc = append(sc, v)
	}
	sr.scores[ply] = sc
}

// pick returns the next move to search at ply: the best key among those
// not yet searched (selection, so that a cut-off saves the sorting).
func (sr *abSearch) pick(ply int) int {
	sc := sr.scores[ply]
	best := -1
	for i, v := range sc {
		if v >= 0 && (best < 0 || v > sc[best]) {
			best = i
		}
	}
	sc[best] = -1 - sc[best] // mark as searched (keys are >= 0)
	return best
}

// cutoff records a move that refuted the position at ply: as a killer and
// in the history, unless it captures.
func (sr *abSearch) cutoff(ply, i, depth int) {
	ml := &sr.mls[ply]
	if sr.p.Captures(ml, i) {
		return
	}
	k := moveKey(ml, i)
	if sr.killers[ply][0] != k {
		sr.killers[ply][1], sr.killers[ply][0] = sr.killers[ply][0], k
	}
	h := &sr.history[historySlot(k)]
	*h = min(orderHistory, *h+int32(depth*depth))
}
