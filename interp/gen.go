package interp

import (
	"math"

	"github.com/ruleplay/ruleplay/ir"
)

// MoveList is a reusable buffer of moves, refilled by Legal. The zero value
// is ready to use; once its buffers have grown, refilling it allocates
// nothing.
type MoveList struct {
	moves []mv
	arena []uint32 // paths: start cell, then landing | dir<<16 per leap
	hash  []int32  // deduplication scratch
	seen  []uint64 // deduplication of short moves (dedupShort)
}

// mv is one move: its path is arena[off:off+n]; rule -1 is a pass.
type mv struct {
	off  int32
	n    int32
	rule int32
	ends int32 // moves named by their ends: arena offset of [k, captured cells...] appended to the text (0: none; ends.go)
}

// Len returns the number of moves in the list.
func (ml *MoveList) Len() int { return len(ml.moves) }

func (ml *MoveList) reset() {
	ml.moves = ml.moves[:0]
	ml.arena = ml.arena[:0]
}

// gen is the state of one move generation run.
type gen struct {
	p     *Program
	s     *State
	list  *MoveList // nil when only existence or the number of moves is asked
	r     *rule
	mover int
	// sink: what the run does with the moves it finds, chosen by its
	// caller before the run (sinkList, sinkExists, sinkCount, ...)
	sink sink
	// found: the run is over: a move exists (sinkExists), or the move
	// selected was written (sinkSelect)
	found bool
	// leaps counts the leaps taking nothing in chains since bind, up to
	// maxLeaps (Config.MaxLeaps: revisits stops the generation past it)
	leaps, maxLeaps int
	// sinkCount: n counts the moves; sinkCountFiltered: npass counts
	// those after which the next player still has a move (the blockade
	// filter, checked on occupancy words: blockade-words). sinkSelect: n
	// counts the moves (sinkSelectFiltered: only those the filter keeps)
	// and move number sel is written to out, which stops the generation
	// (found); sel is -1 in the other sinks.
	n, npass int
	sel      int
	out      *MoveList
	piece    uint16
	over     []uint8 // the rule's condition tables for the mover
	onto     []uint8
	stride   int
	dirs     []int32
	ctx      *ectx

	// one-word boards with shift rules: the bitsets of markShift (all
	// pieces, cells satisfying Over, cells satisfying Onto) and whether Over
	// and Onto accept an empty cell (oe, ee) or the moving piece (op, ep).
	wordOcc, wordOver, wordOnto uint64
	// markShift on one word: the number of first leaps (source, direction)
	// of every selected owner's piece (-1 when unknown), and per direction
	// (index into the mover's dirs) the sources of those leaps
	firsts     int
	dirSources [32]uint64
	w          [maxSlots]uint64 // shiftWords: the occupancy words per slot
	one        bool             // markShift ran on one word (shiftWords)
	// markShift on one word: per direction index, its shift and valid mask
	// (leaps of the rule's length)
	nds                                        int
	dsh                                        [32]int
	dval                                       [32]uint64
	lands                                      []uint64 // the rule's lands for the mover
	overEmpty, ontoEmpty, overPiece, ontoPiece uint64
	// mbFew: per mailbox slot, whether a chain may go on from it after a
	// first leap onto it (written for every landing cell before it is
	// read), and the first leaps found from the landing cells
	near [mbSlots / 64]uint64
	keys []uint64
	// pre: the sources of the rule's first leaps, found before the
	// generator runs (wordsChains): fastLeaps walks them rather than
	// finding them again (nil: not known)
	pre []uint64
}

// bind sets the program, state and move list of g, storing only what
// changes (a pointer store costs a write barrier while the collector runs).
func (g *gen) bind(p *Program, s *State, ml *MoveList) {
	g.leaps, g.maxLeaps = 0, p.maxLeaps
	if g.p != p {
		g.p = p
	}
	if g.s != s {
		g.s = s
	}
	if g.list != ml {
		g.list = ml
	}
}

// start readies g, bound to its list, for a run for mover that lists
// the moves (sinkList) or, without a list, stops at the first
// (sinkExists).
func (g *gen) start(mover int) {
	g.mover, g.found, g.sel = mover, false, -1
	g.sink = sinkExists
	if g.list != nil {
		g.sink = sinkList
	}
}

// startSelect readies g (bound without a list) for a run for mover that
// writes move number i to ml (among those the blockade filter keeps,
// with filtered).
func (g *gen) startSelect(mover, i int, ml *MoveList, filtered bool) {
	g.mover, g.found, g.sel, g.out, g.n = mover, false, i, ml, 0
	g.sink = sinkSelect
	if filtered {
		g.sink = sinkSelectFiltered
	}
}

// sink is what a generation run does with the moves it finds (gen.sink).
type sink uint8

const (
	sinkList           sink = iota // append them to g.list
	sinkExists                     // stop at the first (found)
	sinkCount                      // count them (n)
	sinkSelect                     // count them up to number sel, written to out
	sinkCountFiltered              // sinkCount, and count in npass those the blockade filter keeps
	sinkSelectFiltered             // sinkSelect among the moves the blockade filter keeps
)

// counts tells whether the sink counts the moves (count or select).
func (k sink) counts() bool { return k >= sinkCount }

// filtered tells whether the sink asks the blockade filter of each move.
func (k sink) filtered() bool { return k >= sinkCountFiltered }

// countsAll tells whether the sink counts every move (count or select
// without the blockade filter).
func (k sink) countsAll() bool { return k == sinkCount || k == sinkSelect }

// tally counts the move of the current path (s.path) in a counting sink;
// it reports whether it is the move selected (then found is set).
func (g *gen) tally() bool {
	switch g.sink {
	case sinkCount:
		g.n++
		return false
	case sinkCountFiltered:
		g.n++
		if g.p.keepsMove(g.s, g.r, g.s.path) {
			g.npass++
		}
		return false
	case sinkSelectFiltered:
		if !g.p.keepsMove(g.s, g.r, g.s.path) {
			return false
		}
	}
	g.n++
	if g.n-1 == g.sel {
		g.found = true
		return true
	}
	return false
}

// skip tells whether, in a counting sink without the filter, cnt moves
// can be counted without being generated one by one (sinkSelect: the
// move selected is not among them); it counts them.
func (g *gen) skip(cnt int) bool {
	if g.sink.filtered() || (g.sink == sinkSelect && g.n+cnt > g.sel) {
		return false
	}
	g.n += cnt
	return true
}

// emit records the current path (s.path) as a move.
func (g *gen) emit() {
	ml := g.list
	if ml == nil {
		if g.sink == sinkExists {
			g.found = true
			return
		}
		if !g.tally() {
			return
		}
		ml = g.out
	}
	path := g.s.path
	off, nm := len(ml.arena), len(ml.moves)
	if cap(ml.arena)-off < len(path) || cap(ml.moves) == nm {
		if off+len(path) > maxArena {
			panic(g.limitError("words of move paths", maxArena))
		}
		ml.moves = append(ml.moves, mv{off: int32(off), n: int32(len(path)), rule: int32(g.r.idx)})
		ml.arena = append(ml.arena, path...)
		return
	}
	// Room for both: a short path is copied word by word (no call).
	ml.moves = ml.moves[:nm+1]
	ml.moves[nm] = mv{off: int32(off), n: int32(len(path)), rule: int32(g.r.idx)}
	dst := ml.arena[off : off+len(path)]
	path = path[:len(dst)]
	for i := range dst {
		dst[i] = path[i]
	}
	ml.arena = ml.arena[:off+len(path)]
}

// emitFirst is emit for the path of a first leap, start cell c and landing
// entry e, which s.path need not hold: in list mode, with room in both
// buffers, it is written in place.
func (g *gen) emitFirst(c, e uint32) {
	if ml := g.list; ml != nil {
		off, nm := len(ml.arena), len(ml.moves)
		if cap(ml.arena)-off >= 2 && cap(ml.moves) > nm {
			ml.moves = ml.moves[:nm+1]
			ml.moves[nm] = mv{off: int32(off), n: 2, rule: int32(g.r.idx)}
			ml.arena = ml.arena[:off+2]
			ml.arena[off], ml.arena[off+1] = c, e
			return
		}
	}
	s := g.s
	s.path = append(s.path[:0], c, e)
	g.emit()
}

func (p *Program) guardCtx(s *State) *ectx {
	c := &s.ectx
	if c.p != p { // (no write barrier when nothing changes)
		c.p = p
	}
	if c.s != s {
		c.s = s
	}
	c.own, c.opp = s.toMove, p.after(s.toMove)
	c.winner, c.loser = 0, 0
	c.cell, c.code = 0, 0
	return c
}

// turnStartGoal tells whether a turn-start goal holds for the player to
// move (the first that holds decides), and whether it makes them lose.
func (p *Program) turnStartGoal(s *State) (hit, lose bool) {
	if len(p.goalsStart) == 0 {
		return false, false
	}
	c := p.guardCtx(s)
	for _, gl := range p.goalsStart {
		if gl.f(c) != 0 {
			return true, gl.lose
		}
	}
	return false, false
}

// Legal fills ml with the legal moves of s (empty when the game is over).
// Order is deterministic: rule order within the chosen priority tier, then
// the moving piece's cell index, then direction order, then chain DFS (a
// prefix before its extensions). Identical texts are one move. When the
// rules' NoMove outcome is OutcomePass and there is no other move, the list
// holds the single move "pass".
func (p *Program) Legal(s *State, ml *MoveList) {
	ml.reset()
	if s.end != endNone {
		return
	}
	if hit, _ := p.turnStartGoal(s); hit {
		return
	}
	p.candidates(s, ml, &s.gen)
	if len(ml.moves) == 0 {
		if p.noMove == ir.OutcomePass {
			ml.moves = append(ml.moves, mv{rule: -1})
		}
		return
	}
	if p.blockade != nil {
		p.blockade.filter(p, s, ml, &p.tiers[s.tier])
	}
}

// candidates fills ml with the moves of the first tier that has any (ml ==
// nil: only tells whether there is one), with g in list (or existence)
// mode; s.tier is that tier when ml is filled.
//
// The walk over the priority tiers, in order, until one has a move: in
// list and existence mode listTier (the tier's gate, its generators,
// then its tidy steps); countMoves walks the same way with each tier's
// stored counter or drawer (tier.run). The loop is written in both
// rather than called: a call per ply costs about 1% of a playout on
// the bundled games of captures and races. The other walk over the
// tiers, firstTierCount, counts positions that are not in a State (the
// occupancy words after a move not played, the mailbox), which the
// runners cannot read.
func (p *Program) candidates(s *State, ml *MoveList, g *gen) bool {
	g.bind(p, s, ml)
	g.start(s.toMove)
	for ti := range p.tiers {
		t := &p.tiers[ti]
		if p.listTier(s, t, g, ml) {
			if ml != nil {
				s.tier = ti
			}
			return true
		}
	}
	return false
}

// runTier runs the generators of the rules of tier t whose guard holds,
// in rule order, in g's mode; it reports whether g found what it looks
// for (a move, in existence mode; the move selected, in select mode).
// Every walk over the priority tiers goes through it.
func (p *Program) runTier(s *State, t *tier, g *gen) bool {
	for _, ri := range t.rules {
		r := &p.rules[ri]
		if !p.guardOK(s, r) {
			continue
		}
		g.r = r
		p.runGen(g)
		if g.found {
			return true
		}
	}
	return false
}

// firstTierCount is the priority walk of counters that see the position
// in a representation of their own (occupancy words after a move not
// played, the mailbox): it walks the tiers in order and returns the
// first nonzero total of count over the rules of a tier whose guard
// holds (guard tells).
func (p *Program) firstTierCount(guard func(ri int) bool, count func(r *rule) int) int {
	for ti := range p.tiers {
		n := 0
		for _, ri := range p.tiers[ti].rules {
			if guard(ri) {
				n += count(&p.rules[ri])
			}
		}
		if n > 0 {
			return n
		}
	}
	return 0
}

// Path entry flags of group moves: the capture flag on the destination
// entry, the tail flag on the third entry (groups of more than one stone).
const (
	flagCapture = 1 << 30
	flagTail    = 1 << 31
	dirMask     = 1<<14 - 1
)

// guardOK tells whether rule r's guard (rule.when) allows its moves in s.
func (p *Program) guardOK(s *State, r *rule) bool {
	return r.when == nil || p.guardHolds(s, r)
}

// guardHolds evaluates rule r's guard in s (rule.guardTest).
func (p *Program) guardHolds(s *State, r *rule) bool {
	return r.guardTest.holds(p, s, r)
}

// ruleGuard is how a rule's guard is decided (rule.guardTest).
type ruleGuard struct {
	holds func(p *Program, s *State, r *rule) bool
	// unit: the accelerator that chose it (accelCount: the core's)
	unit accel
}

var (
	// guardByExpr evaluates the guard's compiled expression.
	guardByExpr = ruleGuard{holds: func(p *Program, s *State, r *rule) bool {
		return r.when(p.guardCtx(s)) != 0
	}, unit: accelCount}
	// guardByTurns: a guard on the turn number alone is a range test,
	// without the expression's closures (turn-guards).
	guardByTurns = ruleGuard{holds: func(p *Program, s *State, r *rule) bool {
		return uint32(s.turns[s.toMove]+1-r.turnLo) <= r.turnSpan
	}, unit: accelTurnGuards}
)

// turnRange tells whether guard e only compares the mover's turn number
// (1 and up) with constants, joined by "and" (turn == 1, turn > 1 and
// turn <= 4), and gives the turns it allows, lo to hi (none: lo > hi).
func turnRange(e *ir.Expr) (lo, hi int, ok bool) {
	const top = math.MaxInt32
	switch e.Op {
	case ir.OpAnd:
		lo0, hi0, ok0 := turnRange(e.Args[0])
		lo1, hi1, ok1 := turnRange(e.Args[1])
		return max(lo0, lo1), min(hi0, hi1), ok0 && ok1
	case ir.OpEq, ir.OpLt, ir.OpLe, ir.OpGt, ir.OpGe:
	default:
		return 0, 0, false
	}
	op, v, k := e.Op, e.Args[0], e.Args[1]
	if k.Op == ir.OpVar { // k < turn is turn > k, and so on
		v, k = k, v
		switch op {
		case ir.OpLt:
			op = ir.OpGt
		case ir.OpLe:
			op = ir.OpGe
		case ir.OpGt:
			op = ir.OpLt
		case ir.OpGe:
			op = ir.OpLe
		}
	}
	if v.Op != ir.OpVar || v.Name != "turn" || k.Op != ir.OpInt {
		return 0, 0, false
	}
	n := min(max(k.Int, -top), top-1) // (beyond, every comparison is decided alike)
	lo, hi = 1, top
	switch op {
	case ir.OpEq:
		lo, hi = max(n, 1), n
	case ir.OpLt:
		hi = n - 1
	case ir.OpLe:
		hi = n
	case ir.OpGt:
		lo = max(n+1, 1)
	case ir.OpGe:
		lo = max(n, 1)
	}
	return lo, min(max(hi, 0), top), true
}
