package interp

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/ruleplay/ruleplay/ir"
)

// The hop table serves the leap rules that capture nothing and whose
// cell conditions read only whether a cell is empty or whose piece is on
// it (its slot: a player or neutral) and the cell itself, not the piece's
// kind: single leaps restricted by inside locks, which the step and leap
// tables do not know, and chains named by their ends (reachability,
// strat_reach.go), with or without a chain stop that reads the cell
// alone. From may read the piece (a table per code) or the cell alone
// (a set: a fixed lock's "not in ZONE"). It gives exactly the moves, in
// the same order, of the walker it replaces: reachability's depth-first
// search over cells, or the generic walker's leaps in cell then
// direction order.
//
// Why it is faster: before the pieces are walked, the conditions become
// sets of cells (bits of the program's layout) made from the occupancy
// words: where Over holds, where a leap may land (Onto holds on an empty
// cell), where a chain goes on (the chain stop does not hold). Per piece,
// the start cell is turned into an empty one (the piece is lifted) and
// the lock's cells applied (lock.go), and the search takes the landings
// it reaches out of the landing set, so that a leap is a table entry (the
// bit landed on, the first bit passed over; a sentinel bit, never set,
// off the board) and two bit tests, where the walkers evaluate closures
// cell by cell, keep a visited set apart and lift and put back the
// moving piece. Registered as hop-table (hopDecline: the one place it is decided).

// hopStrategy: leaps that capture nothing, conditions on occupancy sets.
type hopStrategy struct{}

func (hopStrategy) moves(g *gen) { g.hopLeaps() }
func (hopStrategy) name() string { return "hop table" }

// hopRule is a rule compiled for the hop table.
type hopRule struct {
	L int
	// words of its sets: the layout's bits, then the sentinel bit nbits
	// (never set: off the board) and the bit nbits+1 (always set in the
	// Over set: no cell passed over)
	words int
	// per mover, per (bit x, k-th direction of the mover's) at
	// x*len(dirs)+k: the bit landed on (low half) and the first bit
	// passed over (high half); passed: the L-2 bits passed over after
	// it, at (x*len(dirs)+k)*(L-2)
	leaps  [][]uint64
	passed [][]int32
	// per mover: per slot (the players, neutral, then empty cells) the
	// cells where Over holds on such a cell ([(mover*(np+2)+slot)*words
	// + w]), and the cells where Onto holds on an empty cell
	// ([mover*words+w])
	over []uint64
	onto []uint64
	// locks: the inside locks' landing sets (nil: none)
	locks *lockMasks
	// from: per mover, the cells where From holds (all, when From reads
	// the piece alone: srcOK has it) ([mover*words+w])
	from []uint64
	// sources: per mover and piece code, whether the rule moves the
	// piece ([mover*ncodes+code]: Program.fillSrcOK's); nil when the
	// occupancy sets of the slots it selects say it (every code of them
	// moves)
	sources []bool
	// goOn: per mover, the cells a chain goes on from, those where the
	// chain stop does not hold (all, without one) ([mover*words+w])
	goOn []uint64
	// count counts a piece's moves without writing them (hop_count.go;
	// nil: they are walked), countHow says how (for the plan);
	// neighbours: the step counter's sets
	count    hopCounter
	countHow string
	// countRule counts every piece's moves of a count pass that keeps
	// them (hopCounts), in one loop (hop_count.go; nil: piece by piece
	// through count)
	countRule hopRuleCounter
	// renew starts a generation's hop components (resetComponents, or
	// keepComponents: hop_kept.go)
	renew      hopRenew
	neighbours []uint64
	// key: what the rule's moves depend on in a position, besides the
	// mover (the occupancy sets, when every piece code of a slot is
	// selected alike); nil: the counts are not kept for the select pass
	key func(s *State) []uint64
	// movers: per mover, the tables its walks read
	movers []hopMoverTables
	// positionSets fills a generation's Over and landing sets
	// (hopLeapSets; hopStepSets for steps, which pass over no cell)
	positionSets func(g *gen, h *hopRule, over, land *hopSet) (emptyOver []uint64)
}

// hopDecline tells why the hop table does not serve rule r (compiled up
// to its lengths, m its rule), or "" when it does.
func (p *Program) hopDecline(r *rule, m *ir.MoveRule) string {
	ol, _ := p.isLocal(m.Over)
	nl, _ := p.isLocal(m.Onto)
	fl, fd := p.isLocal(m.From) // (From reads the piece alone, or the cell alone: a set)
	switch {
	case p.off(accelHopTable) != "":
		return p.off(accelHopTable)
	case m.Action != ir.Leap || m.Capture != ir.CaptureNone:
		return "the rule captures"
	case m.Chain != ir.ChainNone && !reachable(m):
		return "its chains are not reachability (moves named by their ends, optional chains)"
	case m.Chain == ir.ChainNone && r.inside == nil:
		return "a single leap without lock: the step and leap tables serve it"
	case m.LengthProp != "":
		return "the leap length depends on the piece"
	case m.ChainStop != nil && depsOf(m.ChainStop)&^depCell != 0:
		return "its chain stop reads more than the cell"
	case r.promotionEndsChain:
		return "a promotion may end the chain"
	case p.stacking:
		return "the game stacks pieces"
	case !ol || !nl || !fl:
		return "its conditions read more than the cell and its piece"
	case fd && depsOf(m.From)&^depCell != 0:
		return "From reads both the cell and its piece"
	case !p.slotConds(r):
		return "Over or Onto reads the piece's kind"
	case p.nbits+2 > 64*hopWords:
		return fmt.Sprintf("the board needs more than %d words", hopWords)
	}
	return ""
}

// slotConds tells whether the rule's Over and Onto give the same answer
// for every piece code of a slot (owner), on every cell, for every mover.
func (p *Program) slotConds(r *rule) bool {
	for _, f := range []evalFn{r.over, r.onto} {
		c := &ectx{p: p}
		for mv := 0; mv < p.numPlayers; mv++ {
			c.own, c.opp = mv, (mv+1)%p.numPlayers
			for cell := 0; cell < p.numCells; cell++ {
				bySlot := map[int32]bool{}
				for code := 1; code < p.ncodes; code++ {
					ok := true
					if f != nil {
						c.cell, c.code = cell, code
						ok = f(c) != 0
					}
					sl := p.codeSlot[code]
					if prev, seen := bySlot[sl]; seen && prev != ok {
						return false
					}
					bySlot[sl] = ok
				}
			}
		}
	}
	return true
}

// compileHop gives rule r the hop table when it applies (see hopDecline)
// and reports whether it did.
func (p *Program) compileHop(r *rule, m *ir.MoveRule) bool {
	if why := p.hopDecline(r, m); why != "" {
		if r.action == ir.Leap && (reachable(m) || r.inside != nil) && r.long == nil {
			p.declineFor(scopeRule, r.idx, accelHopTable, why) // (the rules it could serve)
		}
		return false
	}
	if _, fd := p.isLocal(m.From); fd {
		// From reads the cell alone: the pieces the rule selects, and a
		// set of the cells From holds on (hopRule.from).
		from := r.from
		r.from = nil
		p.fillSrcOK(r)
		r.from = from
	} else {
		p.fillSrcOK(r)
	}
	L := r.length
	h := &hopRule{L: L, words: (p.nbits + 2 + 63) / 64}
	p.hopLeapTables(h, r)
	p.hopConditionSets(h, r, m)
	h.locks = newLockMasks(r.inside, p.numPlayers, p.bitOf, h.words)
	for mv := 0; mv < p.numPlayers; mv++ {
		h.movers = append(h.movers, hopMoverTables{L: L, dirs: r.dirs[mv], leaps: h.leaps[mv], passed: h.passed[mv], goOn: h.goOn[mv*h.words : (mv+1)*h.words]})
	}
	if !p.sourcesByOccupancy(r) {
		h.sources = r.srcOK
	}
	h.positionSets = hopLeapSets
	if L == 1 {
		h.positionSets = hopStepSets
	} else if p.overAlikeOnPieces(h) {
		h.positionSets = hopLeapSetsAlike
	}

	r.hop = h
	r.gen = genHop
	p.compileHopCount(r)
	return true
}

// hopLeapTables fills h.leaps and h.passed per mover: per bit and
// direction, the landing's bit and the first cell passed over (one entry),
// and the other cells passed over (leaps longer than 2).
func (p *Program) hopLeapTables(h *hopRule, r *rule) {
	L, nd := r.length, p.numDirs
	off, none := int32(p.nbits), int32(p.nbits+1) // off the board; no cell passed over
	leap := p.leapTable(L)
	bitOf := func(c int32) int32 {
		if int(c) == p.numCells {
			return off
		}
		return p.bitOf[c]
	}
	for mv := 0; mv < p.numPlayers; mv++ {
		dirs := r.dirs[mv]
		nds := len(dirs)
		leaps := make([]uint64, (p.nbits+1)*nds)
		passed := make([]int32, (p.nbits+1)*nds*max(L-2, 0))
		for i := range leaps {
			leaps[i] = uint64(off)
		}
		for i := range passed {
			passed[i] = off
		}
		for c := 0; c < p.numCells; c++ {
			for k, d := range dirs {
				row := leap[(c*nd+int(d))*L : (c*nd+int(d)+1)*L]
				i := int(p.bitOf[c])*nds + k
				first := none
				if L > 1 {
					first = bitOf(row[0])
				}
				leaps[i] = uint64(bitOf(row[L-1])) | uint64(first)<<32
				for j := 1; j < L-1; j++ {
					passed[i*(L-2)+j-1] = bitOf(row[j])
				}
			}
		}
		h.leaps = append(h.leaps, leaps)
		h.passed = append(h.passed, passed)
	}
}

// hopConditionSets fills h's condition sets per mover: where Over holds per
// occupancy slot and on an empty cell, where Onto holds on an empty cell,
// where a chain goes on (no chain stop), where From holds.
func (p *Program) hopConditionSets(h *hopRule, r *rule, m *ir.MoveRule) {
	slots := p.numPlayers + 2
	h.over = make([]uint64, p.numPlayers*slots*h.words)
	h.onto = make([]uint64, p.numPlayers*h.words)
	h.goOn = make([]uint64, p.numPlayers*h.words)
	h.from = make([]uint64, p.numPlayers*h.words)
	_, fromCell := p.isLocal(m.From)
	c := &ectx{p: p}
	holds := func(f evalFn, cell, code int) bool {
		c.cell, c.code = cell, code
		return f == nil || f(c) != 0
	}
	for mv := 0; mv < p.numPlayers; mv++ {
		c.own, c.opp = mv, (mv+1)%p.numPlayers
		for cell := 0; cell < p.numCells; cell++ {
			b := p.bitOf[cell]
			bit := uint64(1) << (uint(b) & 63)
			w := int(b >> 6)
			for code := 1; code < p.ncodes; code++ {
				if holds(r.over, cell, code) {
					h.over[(mv*slots+int(p.codeSlot[code]))*h.words+w] |= bit
				}
			}
			if holds(r.over, cell, 0) {
				h.over[(mv*slots+p.numPlayers+1)*h.words+w] |= bit
			}
			if holds(r.onto, cell, 0) {
				h.onto[mv*h.words+w] |= bit
			}
			if r.chainStop == nil || !holds(r.chainStop, cell, 0) {
				h.goOn[mv*h.words+w] |= bit
			}
			if !fromCell || holds(r.from, cell, 0) {
				h.from[mv*h.words+w] |= bit
			}
		}
	}
}

// sourcesByOccupancy tells whether rule r moves every piece of the
// occupancy slots it selects (srcSlots), for every mover: then a piece's
// code need not be looked up.
func (p *Program) sourcesByOccupancy(r *rule) bool {
	for mv := 0; mv < p.numPlayers; mv++ {
		for code := 1; code < p.ncodes; code++ {
			if r.srcSlots[mv]>>uint(p.codeSlot[code])&1 != 0 && !r.srcOK[mv*p.ncodes+code] {
				return false
			}
		}
	}
	return true
}

// hopWords bounds the words of the hop table's sets: they are arrays,
// indexed without bounds checks.
const hopWords = 16

// hopSet is a set of the hop table.
type hopSet = [hopWords]uint64

// hopScratch is a State's scratch space for the hop table.
type hopScratch struct {
	walk       hopWalk
	sets       [3]hopSet
	components hopComponents
	reached    hopSet      // countHopReach's free cells
	counts     []hopCounts // per rule: its last count pass
}

// hopMoverTables are a hop rule's tables for one mover: its directions,
// hopRule.leaps, passed, goOn and neighbours of the mover.
type hopMoverTables struct {
	L          int
	dirs       []int32
	leaps      []uint64
	passed     []int32
	goOn       []uint64
	neighbours []uint64
	// touch: per bit, the cells whose hops pass over or land on it, and
	// itself ([bit*words+w]: kept components, hop_kept.go)
	touch []uint64
	// dirClass numbers the mover's set of directions among the rule's
	// movers' (kept components)
	dirClass int
}

// hopWalk is what the hop table's walks read: the rule, the mover's
// directions, and the position's sets for the piece being moved, each of
// hop.words words: free, the cells it may land on and has not reached
// (Onto holds, empty, allowed by the lock), and over, the cells where Over
// holds.
type hopWalk struct {
	*hopMoverTables
	free, over *hopSet
	// lifted: per word, the bits where Over holds on an empty cell
	// (what a lifted piece's start becomes in over)
	lifted []uint64
}

// hopLeaps emits the moves of every piece the rule selects, in cell order.
func (g *gen) hopLeaps() {
	p, s, r := g.p, g.s, g.r
	h := r.hop
	mover, nw, words := g.mover, s.numWords, h.words
	if s.hop == nil {
		s.hop = new(hopScratch)
	}
	sets := &s.hop.sets
	// The sets of the position: where Over holds (the moving piece lifted
	// from it in turn), where a leap may land; free, made from it per
	// piece.
	over, land := &sets[0], &sets[1]
	w := &s.hop.walk // (in the scratch: the counters, called through a value, would move it to the heap)
	w.hopMoverTables, w.free, w.over = &h.movers[mover], &sets[2], over
	// Count mode without filter: each piece's moves counted (hop_count.go),
	// and walked only when the move selected is among them.
	// A select pass after the count pass of the same position reads the
	// pieces' counts and the position sets the count pass recorded
	// (hop_count.go).
	counting := h.count != nil && g.sink.countsAll()
	var known, record *hopCounts
	if counting {
		known, record = s.hop.countsFor(g, h, r.idx, len(p.rules))
		if known != nil && g.skip(known.total) {
			return
		}
	}
	start, piece := g.n, 0
	var emptyOver []uint64
	if known != nil {
		emptyOver = known.sets(over, land, words)
	} else {
		emptyOver = h.positionSets(g, h, over, land)
		if record != nil {
			record.keepSets(over, land, emptyOver, words)
		}
	}
	if counting && known == nil {
		h.renew(&s.hop.components, h, w, land, p.nbits+2)
	}
	w.lifted = emptyOver
	if record != nil && h.countRule != nil { // (a count pass: one loop counts the rule's pieces)
		record.done(h.countRule(g, h, w, land, &sets[2], record))
		g.n += record.total
		return
	}
	sources := h.sources
	if sources != nil {
		sources = sources[mover*p.ncodes : (mover+1)*p.ncodes]
	}
	heldStarts := h.locks.heldStarts(mover)
	for k := 0; k < nw; k++ {
		var word, held uint64 // (held: the starts a lock holds)
		if heldStarts != nil {
			held = heldStarts[k]
		}
		for sl := r.srcSlots[mover]; sl != 0; sl &= sl - 1 {
			word |= s.occ[bits.TrailingZeros64(sl)*nw+k]
		}
		word &= h.from[mover*words+k]
		for ; word != 0; word &= word - 1 {
			b := k<<6 | bits.TrailingZeros64(word)
			if sources != nil && !sources[s.cells[p.cellOf[b]]] {
				continue
			}
			if known != nil {
				n := int(known.pieces[piece])
				piece++
				if g.skip(n) {
					continue
				}
			} else if counting {
				// (the piece stays on its cell: the counters that
				// need it lifted lift it)
				var lock []uint64
				w.free = land // (the counters do not write it)
				if held>>(uint(b)&63)&1 != 0 {
					lock = h.locks.landings(mover, int(p.cellOf[b]))
					w.free = &sets[2]
					for i := range words {
						w.free[i%hopWords] = land[i%hopWords] & lock[i]
					}
				}
				n := h.count(g, h, w, b, lock)
				if record != nil {
					record.pieces = append(record.pieces, int32(n))
				}
				if g.skip(n) {
					continue
				}
			}
			if g.hopPiece(w, b, land, &sets[2], emptyOver); g.found {
				return
			}
		}
	}
	if record != nil {
		record.done(g.n - start)
	}
}

// hopPiece emits the moves of the piece on bit b: lifted from its start
// in w.over (emptyOver: the bits where Over holds on an empty cell), its
// landing set made in free from land and its lock.
func (g *gen) hopPiece(w *hopWalk, b int, land, free *hopSet, emptyOver []uint64) {
	p, s, h := g.p, g.s, g.r.hop
	c, k, over := int(p.cellOf[b]), b>>6, w.over
	g.piece = s.cells[c]
	lock := h.locks.landings(g.mover, c)
	m := uint64(1) << (uint(b) & 63)
	kept := over[k%hopWords]
	over[k%hopWords] = kept&^m | emptyOver[k]&m // the piece is lifted
	w.free = free
	if lock != nil {
		for i := range h.words {
			free[i%hopWords] = land[i%hopWords] & lock[i]
		}
	} else {
		for i := range h.words {
			free[i%hopWords] = land[i%hopWords]
		}
	}
	if g.r.chain == ir.ChainNone {
		g.hopOnce(w, c, b)
	} else {
		g.hopReach(w, c, b)
	}
	over[k%hopWords] = kept
}

// hopLeapSets fills over (the cells where Over holds for the mover)
// and land (the empty cells where a leap may land) from the position, and
// returns per word the bits where Over holds on an empty cell (what a
// lifted piece's start becomes in over).
func hopLeapSets(g *gen, h *hopRule, over, land *hopSet) (emptyOver []uint64) {
	p, s, mover := g.p, g.s, g.mover
	nw, np, words := s.numWords, p.numPlayers, h.words
	slots := np + 2
	overOf := h.over[mover*slots*words : (mover+1)*slots*words]
	for k := 0; k < nw; k++ {
		var all, o uint64
		for sl := 0; sl <= np; sl++ {
			word := s.occ[sl*nw+k]
			all |= word
			o |= word & overOf[sl*words+k]
		}
		empty := p.boardMask[k] &^ all
		over[k] = o | empty&overOf[(np+1)*words+k]
		land[k] = empty & h.onto[mover*words+k]
	}
	for k := nw; k < words; k++ {
		over[k], land[k] = 0, 0
	}
	none := p.nbits + 1
	over[none>>6%hopWords] |= 1 << (uint(none) & 63)
	return overOf[(np+1)*words:]
}

// overAlikeOnPieces tells whether Over holds alike on the cells of every
// occupancy slot a piece code has (its sets per slot equal), for every
// mover: then it gives that set to every slot but the empty one (a slot
// no code has is never occupied) and hopLeapSetsAlike makes the
// position's sets.
func (p *Program) overAlikeOnPieces(h *hopRule) bool {
	np, words := p.numPlayers, h.words
	slots := np + 2
	set := func(mv, sl int) []uint64 { return h.over[(mv*slots+sl)*words : (mv*slots+sl+1)*words] }
	for mv := 0; mv < np; mv++ {
		for code := 2; code < p.ncodes; code++ {
			if !slices.Equal(set(mv, int(p.codeSlot[1])), set(mv, int(p.codeSlot[code]))) {
				return false
			}
		}
	}
	for mv := 0; mv < np && p.ncodes > 1; mv++ {
		for sl := 0; sl <= np; sl++ {
			copy(set(mv, sl), set(mv, int(p.codeSlot[1])))
		}
	}
	return true
}

// hopLeapSetsAlike is hopLeapSets where Over holds alike on every
// occupied cell (overAlikeOnPieces): the occupancy sets are joined, and
// Over read once on the occupied cells and once on the empty ones.
func hopLeapSetsAlike(g *gen, h *hopRule, over, land *hopSet) (emptyOver []uint64) {
	p, s, mover := g.p, g.s, g.mover
	nw, np, words := s.numWords, p.numPlayers, h.words
	slots := np + 2
	overOf := h.over[mover*slots*words : (mover+1)*slots*words]
	occ := s.occ[:(np+1)*nw]
	for k := 0; k < nw; k++ {
		var all uint64
		for i := k; i < len(occ); i += nw {
			all |= occ[i]
		}
		empty := p.boardMask[k] &^ all
		over[k] = all&overOf[k] | empty&overOf[(np+1)*words+k]
		land[k] = empty & h.onto[mover*words+k]
	}
	for k := nw; k < words; k++ {
		over[k], land[k] = 0, 0
	}
	none := p.nbits + 1
	over[none>>6%hopWords] |= 1 << (uint(none) & 63)
	return overOf[(np+1)*words:]
}

// hopStepSets is hopLeapSets for steps: a step passes over no cell, so
// that over holds only the bit "no cell passed over" and the occupancy
// sets are only joined, not read slot by slot against Over.
func hopStepSets(g *gen, h *hopRule, over, land *hopSet) (emptyOver []uint64) {
	p, s, mover := g.p, g.s, g.mover
	nw, np, words := s.numWords, p.numPlayers, h.words
	occ := s.occ[:(np+1)*nw]
	for k := 0; k < nw; k++ {
		var all uint64
		for i := k; i < len(occ); i += nw {
			all |= occ[i]
		}
		over[k] = 0
		land[k] = p.boardMask[k] &^ all & h.onto[mover*words+k]
	}
	for k := nw; k < words; k++ {
		over[k], land[k] = 0, 0
	}
	none := p.nbits + 1
	over[none>>6%hopWords] |= 1 << (uint(none) & 63)
	slots := np + 2
	return h.over[(mover*slots+np+1)*words : (mover+1)*slots*words]
}

// hopOnce emits the single leaps of the piece on cell c (bit b), in
// direction order: those whose landing is free, Over holding on the
// bits passed over.
func (g *gen) hopOnce(h *hopWalk, c, b int) {
	cellOf, nds, L := g.p.cellOf, len(h.dirs), h.L
	for k, e := range h.leaps[b*nds : b*nds+nds] {
		land, y := uint32(e), uint32(e>>32)
		if h.free[land>>6%hopWords]>>(land&63)&1 == 0 || h.over[y>>6%hopWords]>>(y&63)&1 == 0 {
			continue
		}
		if L > 2 && !h.overRest(b*nds+k) {
			continue
		}
		g.emitFirst(uint32(c), uint32(cellOf[land])|uint32(h.dirs[k])<<16)
		if g.found {
			return
		}
	}
}

// overRest tells whether Over holds on the cells the leap i passes over
// after the first (leaps longer than 2).
func (h *hopWalk) overRest(i int) bool {
	for _, y := range h.passed[i*(h.L-2) : (i+1)*(h.L-2)] {
		if h.over[y>>6%hopWords]>>(uint(y)&63)&1 == 0 {
			return false
		}
	}
	return true
}

// hopReach emits a move to every cell the piece on cell c (bit b)
// reaches by one leap or more, in reachFrom's order: the landings as the
// search first meets them, from each cell reached the directions in
// order, the most recent cell explored first. A landing reached is taken
// out of the free set (the start never is in it: it was not empty).
// (On locals: this loop is the search's cost.)
func (g *gen) hopReach(h *hopWalk, c, b int) {
	s, cellOf := g.s, g.p.cellOf
	nds, L := len(h.dirs), h.L
	leaps, free, over, dirs, goOn := h.leaps, h.free, h.over, h.dirs, h.goOn
	stack := append(s.todo[:0], int32(b))
	for len(stack) > 0 && !g.found {
		x := int(stack[len(stack)-1])
		stack = stack[:len(stack)-1]
		for k, e := range leaps[x*nds : x*nds+nds] {
			land, y := uint32(e), uint32(e>>32)
			if free[land>>6%hopWords]>>(land&63)&1 == 0 || over[y>>6%hopWords]>>(y&63)&1 == 0 {
				continue
			}
			if L > 2 && !h.overRest(x*nds+k) {
				continue
			}
			free[land>>6%hopWords] &^= 1 << (land & 63)
			g.emitFirst(uint32(c), uint32(cellOf[land])|uint32(dirs[k])<<16)
			if g.found {
				break
			}
			if goOn[land>>6]>>(land&63)&1 != 0 { // (the chain stop does not hold)
				stack = append(stack, int32(land))
			}
		}
	}
	if cap(stack) != cap(s.todo) { // (a pointer store costs a write barrier while the collector runs)
		s.todo = stack
	}
}
