package accel

import (
	"math/bits"
	"slices"

	"github.com/ruleplay/ruleplay/interp/internal/core"
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
type HopStrategy struct{}

func (HopStrategy) Moves(g *core.Gen) { hopLeaps(g) }
func (HopStrategy) Name() string      { return "hop table" }

// SlotConds tells whether the rule's Over and Onto give the same answer
// for every piece code of a slot (owner), on every cell, for every mover.
func SlotConds(p *core.Program, r *core.Rule) bool {
	for _, f := range []core.EvalFn{r.Over, r.Onto} {
		c := &core.Ectx{P: p}
		for mv := 0; mv < p.Players; mv++ {
			c.Own, c.Opp = mv, (mv+1)%p.Players
			for cell := 0; cell < p.NumCells; cell++ {
				bySlot := map[int32]bool{}
				for code := 1; code < p.Ncodes; code++ {
					ok := true
					if f != nil {
						c.Cell, c.Code = cell, code
						ok = f(c) != 0
					}
					sl := p.CodeSlot[code]
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

// HopLeapTables fills h.leaps and h.passed per mover: per bit and
// direction, the landing's bit and the first cell passed over (one entry),
// and the other cells passed over (leaps longer than 2).
func HopLeapTables(p *core.Program, h *HopRule, r *core.Rule) {
	L, nd := r.Length, p.NumDirs
	off, none := int32(p.Nbits), int32(p.Nbits+1) // off the board; no cell passed over
	leap := p.LeapTable(L)
	bitOf := func(c int32) int32 {
		if int(c) == p.NumCells {
			return off
		}
		return p.BitOf[c]
	}
	for mv := 0; mv < p.Players; mv++ {
		dirs := r.Dirs[mv]
		nds := len(dirs)
		leaps := make([]uint64, (p.Nbits+1)*nds)
		passed := make([]int32, (p.Nbits+1)*nds*max(L-2, 0))
		for i := range leaps {
			leaps[i] = uint64(off)
		}
		for i := range passed {
			passed[i] = off
		}
		for c := 0; c < p.NumCells; c++ {
			for k, d := range dirs {
				row := leap[(c*nd+int(d))*L : (c*nd+int(d)+1)*L]
				i := int(p.BitOf[c])*nds + k
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
		h.Leaps = append(h.Leaps, leaps)
		h.Passed = append(h.Passed, passed)
	}
}

// HopConditionSets fills h's condition sets per mover: where Over holds per
// occupancy slot and on an empty cell, where Onto holds on an empty cell,
// where a chain goes on (no chain stop), where From holds.
func HopConditionSets(p *core.Program, h *HopRule, r *core.Rule, m *ir.MoveRule) {
	slots := p.Players + 2
	h.Over = make([]uint64, p.Players*slots*h.Words)
	h.Onto = make([]uint64, p.Players*h.Words)
	h.GoOn = make([]uint64, p.Players*h.Words)
	h.From = make([]uint64, p.Players*h.Words)
	_, fromCell := p.IsLocal(m.From)
	c := &core.Ectx{P: p}
	holds := func(f core.EvalFn, cell, code int) bool {
		c.Cell, c.Code = cell, code
		return f == nil || f(c) != 0
	}
	for mv := 0; mv < p.Players; mv++ {
		c.Own, c.Opp = mv, (mv+1)%p.Players
		for cell := 0; cell < p.NumCells; cell++ {
			b := p.BitOf[cell]
			bit := uint64(1) << (uint(b) & 63)
			w := int(b >> 6)
			for code := 1; code < p.Ncodes; code++ {
				if holds(r.Over, cell, code) {
					h.Over[(mv*slots+int(p.CodeSlot[code]))*h.Words+w] |= bit
				}
			}
			if holds(r.Over, cell, 0) {
				h.Over[(mv*slots+p.Players+1)*h.Words+w] |= bit
			}
			if holds(r.Onto, cell, 0) {
				h.Onto[mv*h.Words+w] |= bit
			}
			if r.ChainStop == nil || !holds(r.ChainStop, cell, 0) {
				h.GoOn[mv*h.Words+w] |= bit
			}
			if !fromCell || holds(r.From, cell, 0) {
				h.From[mv*h.Words+w] |= bit
			}
		}
	}
}

// SourcesByOccupancy tells whether rule r moves every piece of the
// occupancy slots it selects (srcSlots), for every mover: then a piece's
// code need not be looked up.
func SourcesByOccupancy(p *core.Program, r *core.Rule) bool {
	for mv := 0; mv < p.Players; mv++ {
		for code := 1; code < p.Ncodes; code++ {
			if r.SrcSlots[mv]>>uint(p.CodeSlot[code])&1 != 0 && !r.SrcOK[mv*p.Ncodes+code] {
				return false
			}
		}
	}
	return true
}

// hopLeaps emits the moves of every piece the rule selects, in cell order.
func hopLeaps(g *core.Gen) {
	p, s, r := g.P, g.S, g.R
	h := Tables(r).Hop
	mover, nw, words := g.Mover, s.NumWords, h.Words
	hs := hopScratch(s)
	sets := &hs.Sets
	// The sets of the position: where Over holds (the moving piece lifted
	// from it in turn), where a leap may land; free, made from it per
	// piece.
	over, land := &sets[0], &sets[1]
	w := &hs.Walk // (in the scratch: the counters, called through a value, would move it to the heap)
	w.HopMoverTables, w.Scratch, w.Rule, w.Free, w.Over = &h.Movers[mover], hs, h, &sets[2], over
	// Count mode without filter: each piece's moves counted (hop_count.go),
	// and walked only when the move selected is among them.
	// A select pass after the count pass of the same position reads the
	// pieces' counts and the position sets the count pass recorded
	// (hop_count.go).
	counting := h.Count != nil && g.Sink.CountsAll()
	var known, record *HopCounts
	if counting {
		known, record = countsFor(hs, g, h, r.Idx, len(p.Rules))
		if known != nil && g.Skip(known.Total) {
			return
		}
	}
	start, piece := g.N, 0
	var emptyOver []uint64
	if known != nil {
		emptyOver = hopCountsSets(known, over, land, words)
	} else {
		emptyOver = h.PositionSets(g, h, over, land)
		if record != nil {
			keepSets(record, over, land, emptyOver, words)
		}
	}
	if counting && known == nil {
		h.Renew(&hs.Components, h, w, land, p.Nbits+2)
	}
	w.Lifted = emptyOver
	if record != nil && h.CountRule != nil { // (a count pass: one loop counts the rule's pieces)
		hopCountsDone(record, h.CountRule(g, h, w, land, &sets[2], record))
		g.N += record.Total
		return
	}
	sources := h.Sources
	if sources != nil {
		sources = sources[mover*p.Ncodes : (mover+1)*p.Ncodes]
	}
	heldStarts := h.Locks.HeldStarts(mover)
	for k := 0; k < nw; k++ {
		var word, held uint64 // (held: the starts a lock holds)
		if heldStarts != nil {
			held = heldStarts[k]
		}
		for sl := r.SrcSlots[mover]; sl != 0; sl &= sl - 1 {
			word |= s.Occ[bits.TrailingZeros64(sl)*nw+k]
		}
		word &= h.From[mover*words+k]
		for ; word != 0; word &= word - 1 {
			b := k<<6 | bits.TrailingZeros64(word)
			if sources != nil && !sources[s.Cells[p.CellOf[b]]] {
				continue
			}
			if known != nil {
				n := int(known.Pieces[piece])
				piece++
				if g.Skip(n) {
					continue
				}
			} else if counting {
				// (the piece stays on its cell: the counters that
				// need it lifted lift it)
				var lock []uint64
				w.Free = land // (the counters do not write it)
				if held>>(uint(b)&63)&1 != 0 {
					lock = h.Locks.Landings(mover, int(p.CellOf[b]))
					w.Free = &sets[2]
					for i := range words {
						w.Free[i%HopWords] = land[i%HopWords] & lock[i]
					}
				}
				n := h.Count(g, h, w, b, lock)
				if record != nil {
					record.Pieces = append(record.Pieces, int32(n))
				}
				if g.Skip(n) {
					continue
				}
			}
			if hopPiece(g, w, b, land, &sets[2], emptyOver); g.Found {
				return
			}
		}
	}
	if record != nil {
		hopCountsDone(record, g.N-start)
	}
}

// hopScratch returns the hop table's scratch of s, made when first asked.
func hopScratch(s *core.State) *HopScratch {
	x := ScratchOf(s)
	if x.Hop == nil {
		x.Hop = new(HopScratch)
	}
	return x.Hop
}

// hopPiece emits the moves of the piece on bit b: lifted from its start
// in w.over (emptyOver: the bits where Over holds on an empty cell), its
// landing set made in free from land and its lock.
func hopPiece(g *core.Gen, w *HopWalk, b int, land, free *HopSet, emptyOver []uint64) {
	p, s, h := g.P, g.S, w.Rule
	c, k, over := int(p.CellOf[b]), b>>6, w.Over
	g.Piece = s.Cells[c]
	lock := h.Locks.Landings(g.Mover, c)
	m := uint64(1) << (uint(b) & 63)
	kept := over[k%HopWords]
	over[k%HopWords] = kept&^m | emptyOver[k]&m // the piece is lifted
	w.Free = free
	if lock != nil {
		for i := range h.Words {
			free[i%HopWords] = land[i%HopWords] & lock[i]
		}
	} else {
		for i := range h.Words {
			free[i%HopWords] = land[i%HopWords]
		}
	}
	if g.R.Chain == ir.ChainNone {
		hopOnce(g, w, c, b)
	} else {
		hopReach(g, w, c, b)
	}
	over[k%HopWords] = kept
}

// HopLeapSets fills over (the cells where Over holds for the mover)
// and land (the empty cells where a leap may land) from the position, and
// returns per word the bits where Over holds on an empty cell (what a
// lifted piece's start becomes in over).
func HopLeapSets(g *core.Gen, h *HopRule, over, land *HopSet) (emptyOver []uint64) {
	p, s, mover := g.P, g.S, g.Mover
	nw, np, words := s.NumWords, p.Players, h.Words
	slots := np + 2
	overOf := h.Over[mover*slots*words : (mover+1)*slots*words]
	for k := 0; k < nw; k++ {
		var all, o uint64
		for sl := 0; sl <= np; sl++ {
			word := s.Occ[sl*nw+k]
			all |= word
			o |= word & overOf[sl*words+k]
		}
		empty := p.BoardMask[k] &^ all
		over[k] = o | empty&overOf[(np+1)*words+k]
		land[k] = empty & h.Onto[mover*words+k]
	}
	for k := nw; k < words; k++ {
		over[k], land[k] = 0, 0
	}
	none := p.Nbits + 1
	over[none>>6%HopWords] |= 1 << (uint(none) & 63)
	return overOf[(np+1)*words:]
}

// OverAlikeOnPieces tells whether Over holds alike on the cells of every
// occupancy slot a piece code has (its sets per slot equal), for every
// mover: then it gives that set to every slot but the empty one (a slot
// no code has is never occupied) and hopLeapSetsAlike makes the
// position's sets.
func OverAlikeOnPieces(p *core.Program, h *HopRule) bool {
	np, words := p.Players, h.Words
	slots := np + 2
	set := func(mv, sl int) []uint64 { return h.Over[(mv*slots+sl)*words : (mv*slots+sl+1)*words] }
	for mv := 0; mv < np; mv++ {
		for code := 2; code < p.Ncodes; code++ {
			if !slices.Equal(set(mv, int(p.CodeSlot[1])), set(mv, int(p.CodeSlot[code]))) {
				return false
			}
		}
	}
	for mv := 0; mv < np && p.Ncodes > 1; mv++ {
		for sl := 0; sl <= np; sl++ {
			copy(set(mv, sl), set(mv, int(p.CodeSlot[1])))
		}
	}
	return true
}

// HopLeapSetsAlike is hopLeapSets where Over holds alike on every
// occupied cell (overAlikeOnPieces): the occupancy sets are joined, and
// Over read once on the occupied cells and once on the empty ones.
func HopLeapSetsAlike(g *core.Gen, h *HopRule, over, land *HopSet) (emptyOver []uint64) {
	p, s, mover := g.P, g.S, g.Mover
	nw, np, words := s.NumWords, p.Players, h.Words
	slots := np + 2
	overOf := h.Over[mover*slots*words : (mover+1)*slots*words]
	occupied(land, s.Occ[:(np+1)*nw], nw)
	for k := 0; k < nw; k++ {
		all := land[k%HopWords]
		empty := p.BoardMask[k] &^ all
		over[k] = all&overOf[k] | empty&overOf[(np+1)*words+k]
		land[k] = empty & h.Onto[mover*words+k]
	}
	for k := nw; k < words; k++ {
		over[k], land[k] = 0, 0
	}
	none := p.Nbits + 1
	over[none>>6%HopWords] |= 1 << (uint(none) & 63)
	return overOf[(np+1)*words:]
}

// occupied puts in all the union of the occupancy slots occ (nw words
// each). (Two words are joined without a loop over the words: that loop
// costs more than the unions.)
func occupied(all *HopSet, occ []uint64, nw int) {
	if nw == 2 {
		var low, high uint64
		for i := 0; i+1 < len(occ); i += 2 {
			low, high = low|occ[i], high|occ[i+1]
		}
		all[0], all[1] = low, high
		return
	}
	for k := 0; k < nw; k++ {
		var x uint64
		for i := k; i < len(occ); i += nw {
			x |= occ[i]
		}
		all[k%HopWords] = x
	}
}

// HopStepSets is hopLeapSets for steps: a step passes over no cell, so
// that over holds only the bit "no cell passed over" and the occupancy
// sets are only joined, not read slot by slot against Over.
func HopStepSets(g *core.Gen, h *HopRule, over, land *HopSet) (emptyOver []uint64) {
	p, s, mover := g.P, g.S, g.Mover
	nw, np, words := s.NumWords, p.Players, h.Words
	occupied(land, s.Occ[:(np+1)*nw], nw)
	for k := 0; k < nw; k++ {
		over[k] = 0
		land[k] = p.BoardMask[k] &^ land[k%HopWords] & h.Onto[mover*words+k]
	}
	for k := nw; k < words; k++ {
		over[k], land[k] = 0, 0
	}
	none := p.Nbits + 1
	over[none>>6%HopWords] |= 1 << (uint(none) & 63)
	slots := np + 2
	return h.Over[(mover*slots+np+1)*words : (mover+1)*slots*words]
}

// hopOnce emits the single leaps of the piece on cell c (bit b), in
// direction order: those whose landing is free, Over holding on the
// bits passed over.
func hopOnce(g *core.Gen, h *HopWalk, c, b int) {
	cellOf, nds, L := g.P.CellOf, len(h.Dirs), h.L
	for k, e := range h.Leaps[b*nds : b*nds+nds] {
		land, y := uint32(e), uint32(e>>32)
		if h.Free[land>>6%HopWords]>>(land&63)&1 == 0 || h.Over[y>>6%HopWords]>>(y&63)&1 == 0 {
			continue
		}
		if L > 2 && !overRest(h, b*nds+k) {
			continue
		}
		g.EmitFirst(uint32(c), uint32(cellOf[land])|uint32(h.Dirs[k])<<16)
		if g.Found {
			return
		}
	}
}

// overRest tells whether Over holds on the cells the leap i passes over
// after the first (leaps longer than 2).
func overRest(h *HopWalk, i int) bool {
	for _, y := range h.Passed[i*(h.L-2) : (i+1)*(h.L-2)] {
		if h.Over[y>>6%HopWords]>>(uint(y)&63)&1 == 0 {
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
func hopReach(g *core.Gen, h *HopWalk, c, b int) {
	s, cellOf := g.S, g.P.CellOf
	nds, L := len(h.Dirs), h.L
	leaps, free, over, dirs, goOn := h.Leaps, h.Free, h.Over, h.Dirs, h.GoOn
	stack := append(s.Todo[:0], int32(b))
	for len(stack) > 0 && !g.Found {
		x := int(stack[len(stack)-1])
		stack = stack[:len(stack)-1]
		for k, e := range leaps[x*nds : x*nds+nds] {
			land, y := uint32(e), uint32(e>>32)
			if free[land>>6%HopWords]>>(land&63)&1 == 0 || over[y>>6%HopWords]>>(y&63)&1 == 0 {
				continue
			}
			if L > 2 && !overRest(h, x*nds+k) {
				continue
			}
			free[land>>6%HopWords] &^= 1 << (land & 63)
			g.EmitFirst(uint32(c), uint32(cellOf[land])|uint32(dirs[k])<<16)
			if g.Found {
				break
			}
			if goOn[land>>6]>>(land&63)&1 != 0 { // (the chain stop does not hold)
				stack = append(stack, int32(land))
			}
		}
	}
	if cap(stack) != cap(s.Todo) { // (a pointer store costs a write barrier while the collector runs)
		s.Todo = stack
	}
}

// HopRule is a rule compiled for the hop table.
type HopRule struct {
	L int
	// Words of its sets: the layout's bits, then the sentinel bit nbits
	// (never set: off the board) and the bit nbits+1 (always set in the
	// Over set: no cell passed over)
	Words int
	// per mover, per (bit x, k-th direction of the mover's) at
	// x*len(dirs)+k: the bit landed on (low half) and the first bit
	// passed over (high half); passed: the L-2 bits passed over after
	// it, at (x*len(dirs)+k)*(L-2)
	Leaps  [][]uint64
	Passed [][]int32
	// per mover: per slot (the players, neutral, then empty cells) the
	// cells where Over holds on such a cell ([(mover*(np+2)+slot)*words
	// + w]), and the cells where Onto holds on an empty cell
	// ([mover*words+w])
	Over []uint64
	Onto []uint64
	// locks: the inside locks' landing sets (nil: none)
	Locks *lockMasks
	// from: per mover, the cells where From holds (all, when From reads
	// the piece alone: srcOK has it) ([mover*words+w])
	From []uint64
	// sources: per mover and piece code, whether the rule moves the
	// piece ([mover*ncodes+code]: Program.fillSrcOK's); nil when the
	// occupancy sets of the slots it selects say it (every code of them
	// moves)
	Sources []bool
	// goOn: per mover, the cells a chain goes on from, those where the
	// chain stop does not hold (all, without one) ([mover*words+w])
	GoOn []uint64
	// Count counts a piece's moves without writing them (hop_count.go;
	// nil: they are walked), countHow says how (for the plan);
	// neighbours: the step counter's sets
	Count    hopCounter
	CountHow string
	// CountRule counts every piece's moves of a count pass that keeps
	// them (hopCounts), in one loop (hop_count.go; nil: piece by piece
	// through count)
	CountRule hopRuleCounter
	// Renew starts a generation's hop components (resetComponents, or
	// keepComponents: hop_kept.go)
	Renew      hopRenew
	Neighbours []uint64
	// key: what the rule's moves depend on in a position, besides the
	// mover (the occupancy sets, when every piece code of a slot is
	// selected alike); nil: the counts are not kept for the select pass
	Key func(s *core.State) []uint64
	// movers: per mover, the tables its walks read
	Movers []HopMoverTables
	// PositionSets fills a generation's Over and landing sets
	// (hopLeapSets; hopStepSets for steps, which pass over no cell)
	PositionSets func(g *core.Gen, h *HopRule, over, land *HopSet) (emptyOver []uint64)
}

// HopWords bounds the words of the hop table's sets: they are arrays,
// indexed without bounds checks.
const HopWords = 16

// HopSet is a set of the hop table.
type HopSet = [HopWords]uint64

// HopScratch is a State's scratch space for the hop table.
type HopScratch struct {
	Walk       HopWalk
	Sets       [3]HopSet
	Components HopComponents
	Reached    HopSet      // countHopReach's free cells
	Counts     []HopCounts // per rule: its last count pass
	Drawn      HopDrawn    // hop-draw's counts (hop_draw.go)
}

// HopMoverTables are a hop rule's tables for one mover: its directions,
// hopRule.leaps, passed, goOn and neighbours of the mover.
type HopMoverTables struct {
	L          int
	Dirs       []int32
	Leaps      []uint64
	Passed     []int32
	GoOn       []uint64
	Neighbours []uint64
	// Spans: the hops that pass over each bit, one per two cells
	// they join, those over bit b at Spans[SpansAt[b]:
	// SpansAt[b+1]] (kept components, hop_kept.go; nil: none)
	SpansAt []int32
	Spans   []HopSpan
	// DirClass numbers the mover's set of directions among the rule's
	// movers' (kept components)
	DirClass int
}

// HopSpan is a hop passing over a cell: the bits it starts from and
// lands on, its leap (index in HopMoverTables.Leaps), and the words of
// HopComponents.Hops that hold it, from either end.
type HopSpan struct{ From, To, Leap, FromRow, ToRow int32 }

// HopWalk is what the hop table's walks read: the rule, the mover's
// directions, and the position's sets for the piece being moved, each of
// hop.words words: free, the cells it may land on and has not reached
// (Onto holds, empty, allowed by the lock), and over, the cells where Over
// holds.
type HopWalk struct {
	*HopMoverTables
	// Scratch: the State's hop scratch this walk lives in; Rule: the
	// rule walked
	Scratch    *HopScratch
	Rule       *HopRule
	Free, Over *HopSet
	// lifted: per word, the bits where Over holds on an empty cell
	// (what a lifted piece's start becomes in over)
	Lifted []uint64
}
