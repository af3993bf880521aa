package interp

import (
	"math/bits"
	"slices"

	"github.com/ruleplay/ruleplay/ir"
)

// Counting the hop table's moves piece by piece. The class: tiers whose
// every rule is served by the hop table (strat_hop.go) and whose moves
// never share their ends (no merge, ends_unique.go): races of hops across
// a board. There a random playout need not list the
// moves: it counts them, draws one, and builds that one alone
// (count-playouts: playoutByCount), and perft counts its last ply the same way.
//
// Why it is faster: a piece's moves are counted without being written
// (no move list, no path), and a piece whose count falls before the move
// drawn is skipped whole (gen.skip). A step's moves are a population
// count: the piece's neighbours (a set per cell and mover) among the free
// cells. A chain found by reachability gives one move per cell its hops
// reach; when no chain stop holds anywhere and a chain can never pass
// over its own start (hopSharesDecline), those cells are the union of the
// hop components (the cells joined by hops over the empty cells) of its
// first landings, and the components are shared by all the mover's
// pieces: each is searched once per generation instead of once per piece
// that reaches it. Pieces under an inside lock are counted by their own
// search, without writing their moves. Registered as hop-count.

// hopCounter counts the moves of the piece on bit b of rule h, walk w
// (w.free: its landing set, lock applied; lock: the piece's lock set, nil
// when none holds its start; w.over: the piece not lifted from its start,
// which matters only to a chain that may pass over it).
type hopCounter func(g *gen, h *hopRule, w *hopWalk, b int, lock []uint64) int

// hopCountDecline tells why the hop table's moves of rule r are not
// counted piece by piece, or "" when they are.
func (p *Program) hopCountDecline(r *rule) string {
	if why := p.off(accelHopCount); why != "" {
		return why
	}
	if r.hop == nil {
		return "the hop table does not serve it"
	}
	return ""
}

// compileHopCount chooses rule r's counter (r.hop.count), or none when
// hopCountDecline says why not.
func (p *Program) compileHopCount(r *rule) {
	h := r.hop
	if h == nil {
		return
	}
	if why := p.hopCountDecline(r); why != "" {
		p.declineFor(scopeRule, r.idx, accelHopCount, why)
		return
	}
	if p.slotSources(r) {
		h.key = occupancyKey
	}
	why := ""
	if r.chain != ir.ChainNone {
		why = p.hopSharesDecline(r)
	}
	h.renew = noComponents
	switch {
	case r.chain != ir.ChainNone && why == "":
		h.count, h.countHow, h.renew = countHopShared, "chains by hop components shared by the mover's pieces", resetComponents
	case r.chain != ir.ChainNone:
		h.count, h.countHow = countHopReachLifted, "chains by each piece's search ("+why+")"
	case h.L == 1:
		h.neighbours = p.hopNeighbours(r)
		for mv, nb := 0, (p.nbits+1)*h.words; mv < p.numPlayers; mv++ {
			h.movers[mv].neighbours = h.neighbours[mv*nb : (mv+1)*nb]
		}
		h.count, h.countHow = countHopSteps, "steps by population counts of the free neighbours"
	default:
		h.count, h.countHow = countHopOnce, "leaps one by one"
	}
	p.compileKeptComponents(r)
	switch {
	case h.key == nil:
		h.countHow += "; counted again by the select pass (the rule tells piece kinds of a slot apart)"
	case r.chain != ir.ChainNone && why == "":
		h.countRule = countRuleShared
	case r.chain == ir.ChainNone && h.L == 1:
		h.countRule = countRuleSteps
	}
}

// hopSharesDecline tells why the cells a chain of rule r reaches cannot
// be read from components shared by the mover's pieces, or "" when they
// can: no chain stop, every direction's reverse a direction of the rule
// (a hop can be taken back, so that the cells joined by hops are classes:
// with one-way hops a cell reaches more than the cells that reach it),
// and no leap of a chain passes over its start cell.
// A chain's landings lie at its start plus L times a sum of direction
// vectors (the lattice L*Λ of the mover's directions); a leap in
// direction d from there passes over those plus j*d (0 < j < L), which is
// the start only if j*d lies in L*Λ. When it never is, the start cell,
// which the moving piece leaves empty, is never passed over, and a
// component searched with the piece on it (or another piece lifted) is
// the one the piece reaches.
func (p *Program) hopSharesDecline(r *rule) string {
	if r.chainStop != nil {
		return "its chain stop makes the hops one-way"
	}
	dirs, L := p.game.Board.Dirs, r.hop.L
	for pl := 0; pl < p.numPlayers; pl++ {
		var vs [][2]int
		for _, d := range r.dirs[pl] {
			vs = append(vs, [2]int{dirs[d].DX, dirs[d].DY})
		}
		for _, v := range vs {
			if !slices.Contains(vs, [2]int{-v[0], -v[1]}) {
				return "its hops are one-way (a direction's reverse is not the rule's)"
			}
		}
		basis := latticeBasis(vs)
		for _, v := range vs {
			for j := 1; j < L; j++ {
				x, y := j*v[0], j*v[1]
				if x%L == 0 && y%L == 0 && basis.holds(x/L, y/L) {
					return "a chain may pass over its own start"
				}
			}
		}
	}
	return ""
}

// hopCountTier tells whether every rule of tier t counts its moves piece
// by piece and the tier's moves never share their ends: then playouts
// count the tier and build the move drawn.
func (p *Program) hopCountTier(t *tier) bool {
	for _, ri := range t.rules {
		if h := p.rules[ri].hop; h == nil || h.count == nil {
			return false
		}
	}
	return len(t.rules) > 0 && !t.merges()
}

// hopNeighbours returns, per mover and bit, the set of the cells one step
// of rule r lands on ([(mover*(nbits+1)+bit)*words + w]).
func (p *Program) hopNeighbours(r *rule) []uint64 {
	h := r.hop
	nb := p.nbits + 1
	out := make([]uint64, p.numPlayers*nb*h.words)
	for mv := 0; mv < p.numPlayers; mv++ {
		nds := len(r.dirs[mv])
		for b := 0; b < nb; b++ {
			set := out[(mv*nb+b)*h.words : (mv*nb+b+1)*h.words]
			for _, e := range h.leaps[mv][b*nds : b*nds+nds] {
				if land := uint32(e); int(land) < p.nbits {
					set[land>>6] |= 1 << (land & 63)
				}
			}
		}
	}
	return out
}

// countHopSteps counts a piece's steps: its neighbours among the free
// cells.
func countHopSteps(_ *gen, h *hopRule, w *hopWalk, b int, _ []uint64) int {
	words, n := h.words, 0
	for i, x := range w.neighbours[b*words : b*words+words] {
		n += bits.OnesCount64(x & w.free[i%hopWords])
	}
	return n
}

// countHopOnce counts a piece's single leaps (hopOnce without the moves).
func countHopOnce(_ *gen, _ *hopRule, w *hopWalk, b int, _ []uint64) int {
	nds, n := len(w.dirs), 0
	for k, e := range w.leaps[b*nds : b*nds+nds] {
		land, y := uint32(e), uint32(e>>32)
		if w.free[land>>6%hopWords]>>(land&63)&1 == 0 || w.over[y>>6%hopWords]>>(y&63)&1 == 0 {
			continue
		}
		if w.L > 2 && !w.overRest(b*nds+k) {
			continue
		}
		n++
	}
	return n
}

// countHopReachLifted is countHopReach with the piece lifted from its
// start (over as hopReach has it: a chain may pass over its start).
func countHopReachLifted(g *gen, h *hopRule, w *hopWalk, b int, lock []uint64) int {
	k, m := b>>6, uint64(1)<<(uint(b)&63)
	kept := w.over[k%hopWords]
	w.over[k%hopWords] = kept&^m | w.lifted[k]&m
	n := countHopReach(g, h, w, b, lock)
	w.over[k%hopWords] = kept
	return n
}

// countHopReach counts the cells a piece's chains reach (hopReach without
// the moves), on a copy of w.free, the piece on its start (where no
// chain passes over its start: hopSharesDecline).
func countHopReach(g *gen, h *hopRule, w *hopWalk, b int, _ []uint64) int {
	s := g.s
	free := &s.hop.reached
	for i := range h.words {
		free[i%hopWords] = w.free[i%hopWords]
	}
	nds, L, n := len(w.dirs), w.L, 0
	leaps, over, goOn := w.leaps, w.over, w.goOn
	stack := append(s.todo[:0], int32(b))
	for len(stack) > 0 {
		x := int(stack[len(stack)-1])
		stack = stack[:len(stack)-1]
		for k, e := range leaps[x*nds : x*nds+nds] {
			land, y := uint32(e), uint32(e>>32)
			if free[land>>6%hopWords]>>(land&63)&1 == 0 || over[y>>6%hopWords]>>(y&63)&1 == 0 {
				continue
			}
			if L > 2 && !w.overRest(x*nds+k) {
				continue
			}
			free[land>>6%hopWords] &^= 1 << (land & 63)
			n++
			if goOn[land>>6]>>(land&63)&1 != 0 {
				stack = append(stack, int32(land))
			}
		}
	}
	if cap(stack) != cap(s.todo) {
		s.todo = stack
	}
	return n
}

// hopComponents are the hop components of one generation (one rule, one
// mover, one position, the pieces without lock): the sets of free cells
// joined by hops, disjoint, searched as pieces first land in them.
type hopComponents struct {
	// unseen: the free cells in no component yet; of: per bit, its
	// component once it is in one; size: per component, its cells;
	// counted: per component, the last piece (numbered by piece) whose
	// count has it
	unseen  hopSet
	left    hopSet // unseen as the last search left it
	of      []int32
	stack   []int32 // search's (a cell is pushed once: as long as of)
	size    []int32
	counted []int32
	piece   int32
	// what kept components (hop_kept.go) read: per component its cells
	// (cells[id*words:]), and the rule, the class of directions and the
	// sets they were searched with
	cells    []uint64
	rule     *hopRule
	dirClass int
	land     hopSet
	over     hopSet
}

// hopRenew starts a generation of rule h's components on its walk w
// (the Over set w.over) and landing set land, on sets of bits bits:
// resetComponents, or keepComponents (hop_kept.go); noComponents where
// the rule counts without them.
type hopRenew func(c *hopComponents, h *hopRule, w *hopWalk, land *hopSet, bits int)

// noComponents is the renew of a rule that counts without components.
func noComponents(*hopComponents, *hopRule, *hopWalk, *hopSet, int) {}

// resetComponents starts a generation with no component.
func resetComponents(c *hopComponents, h *hopRule, w *hopWalk, land *hopSet, bits int) {
	c.reset(land, bits)
	c.rule = nil
}

// reset starts a generation whose free cells are free, on sets of bits
// bits.
func (c *hopComponents) reset(free *hopSet, bits int) {
	c.unseen, c.left = *free, *free
	if len(c.of) < bits {
		c.of = make([]int32, bits)
		c.stack = make([]int32, bits)
	}
	c.size, c.counted, c.piece = c.size[:0], c.counted[:0], 0
	c.cells = c.cells[:0]
}

// countHopShared counts the cells a piece's chains reach: the sizes of
// the distinct components of its first landings (components are
// disjoint); a piece under a lock is counted by its own search.
func countHopShared(g *gen, h *hopRule, w *hopWalk, b int, lock []uint64) int {
	if lock != nil {
		return countHopReach(g, h, w, b, lock)
	}
	c := &g.s.hop.components
	nds, n := len(w.dirs), 0
	c.piece++
	for k, e := range w.leaps[b*nds : b*nds+nds] {
		land, y := uint32(e), uint32(e>>32)
		if w.free[land>>6%hopWords]>>(land&63)&1 == 0 || w.over[y>>6%hopWords]>>(y&63)&1 == 0 {
			continue
		}
		if w.L > 2 && !w.overRest(b*nds+k) {
			continue
		}
		var id int32
		if c.unseen[land>>6%hopWords]>>(land&63)&1 != 0 {
			id = c.search(w, land, h.words)
		} else if id = c.of[land]; c.counted[id] == c.piece {
			continue
		}
		c.counted[id] = c.piece
		n += int(c.size[id])
	}
	return n
}

// search puts the component of the free cell on bit from in a new
// component and returns its index. The flood takes the component's
// cells out of unseen and nothing else; the cells taken (left &^ unseen),
// read off the sets afterwards, give the component's size and its cells'
// index.
// (Fewer values live in the flood's loop keep them in registers.)
func (c *hopComponents) search(w *hopWalk, from uint32, words int) int32 {
	c.unseen[from>>6%hopWords] &^= 1 << (from & 63)
	if w.L > 2 {
		c.floodLong(w, from)
	} else {
		c.flood(w, from)
	}
	id := int32(len(c.size))
	size := 0
	for i := range words {
		taken := c.left[i%hopWords] &^ c.unseen[i%hopWords]
		c.left[i%hopWords] = c.unseen[i%hopWords]
		c.cells = append(c.cells, taken)
		size += bits.OnesCount64(taken)
		for ; taken != 0; taken &= taken - 1 {
			c.of[i<<6|bits.TrailingZeros64(taken)] = id
		}
	}
	c.size = append(c.size, int32(size))
	c.counted = append(c.counted, 0)
	return id
}

// flood takes out of unseen the cells joined by hops to the cell on bit
// from (taken out already). (Its loop calls nothing: the stack is
// c.stack, as long as the sets have bits, a cell pushed once.)
func (c *hopComponents) flood(w *hopWalk, from uint32) {
	nds := len(w.dirs)
	leaps, unseen, over, stack := w.leaps, &c.unseen, w.over, c.stack
	stack[0] = int32(from)
	top := 1
	for top > 0 {
		top--
		x := int(stack[top])
		for _, e := range leaps[x*nds : x*nds+nds] {
			land, y := uint32(e), uint32(e>>32)
			if unseen[land>>6%hopWords]>>(land&63)&1 == 0 || over[y>>6%hopWords]>>(y&63)&1 == 0 {
				continue
			}
			unseen[land>>6%hopWords] &^= 1 << (land & 63)
			stack[top] = int32(land)
			top++
		}
	}
}

// floodLong is flood for leaps longer than 2 (Over on every cell passed
// over).
func (c *hopComponents) floodLong(w *hopWalk, from uint32) {
	nds := len(w.dirs)
	leaps, unseen, over, stack := w.leaps, &c.unseen, w.over, c.stack
	stack[0] = int32(from)
	top := 1
	for top > 0 {
		top--
		x := int(stack[top])
		for k, e := range leaps[x*nds : x*nds+nds] {
			land, y := uint32(e), uint32(e>>32)
			if unseen[land>>6%hopWords]>>(land&63)&1 == 0 || over[y>>6%hopWords]>>(y&63)&1 == 0 || !w.overRest(x*nds+k) {
				continue
			}
			unseen[land>>6%hopWords] &^= 1 << (land & 63)
			stack[top] = int32(land)
			top++
		}
	}
}

// slotSources tells whether rule r selects every piece code of a slot
// alike, for every mover: then the occupancy sets say which pieces move.
func (p *Program) slotSources(r *rule) bool {
	for mv := 0; mv < p.numPlayers; mv++ {
		srcOK := r.srcOK[mv*p.ncodes : (mv+1)*p.ncodes]
		bySlot := map[int32]bool{}
		for code := 1; code < p.ncodes; code++ {
			sl := p.codeSlot[code]
			if prev, seen := bySlot[sl]; seen && prev != srcOK[code] {
				return false
			}
			bySlot[sl] = srcOK[code]
		}
	}
	return true
}

// occupancyKey is the key of a position whose occupancy sets say all a
// rule's moves depend on (besides the mover).
func occupancyKey(s *State) []uint64 { return s.occ[:(s.numPlayers+1)*s.numWords] }

// hopCounts are the counts of a rule's last count pass: per piece in the
// order walked, and their total, for the position of key and mover
// (mover -1: none, or the pass did not finish).
type hopCounts struct {
	key     []uint64
	mover   int
	pieces  []int32
	total   int
	pending int // the mover of the pass being recorded
	// the pass's position sets (hopRule.positionSets), for the select
	// pass to copy
	over, land hopSet
	emptyOver  []uint64
}

// keepSets keeps the count pass's position sets (words words).
func (c *hopCounts) keepSets(over, land *hopSet, emptyOver []uint64, words int) {
	for i := range words {
		c.over[i%hopWords], c.land[i%hopWords] = over[i%hopWords], land[i%hopWords]
	}
	c.emptyOver = emptyOver
}

// sets gives the select pass the position sets its count pass kept.
func (c *hopCounts) sets(over, land *hopSet, words int) (emptyOver []uint64) {
	for i := range words {
		over[i%hopWords], land[i%hopWords] = c.over[i%hopWords], c.land[i%hopWords]
	}
	return c.emptyOver
}

// done records the total of a finished count pass.
func (c *hopCounts) done(total int) {
	c.total = total
	c.mover = c.pending
}

// countsFor returns, for a generation of rule idx (of n) in count or
// select mode, the counts recorded for this position (known: a select
// pass after the count pass) or the record to fill (record: a count
// pass); both nil when the rule keeps no counts.
func (hs *hopScratch) countsFor(g *gen, h *hopRule, idx, n int) (known, record *hopCounts) {
	if h.key == nil {
		return nil, nil
	}
	if len(hs.counts) < n {
		hs.counts = make([]hopCounts, n)
	}
	c := &hs.counts[idx]
	key := h.key(g.s)
	if len(c.key) != len(key) {
		c.key, c.mover = make([]uint64, len(key)), -1
	}
	saved := c.key[:len(key)]
	if g.sel >= 0 {
		if c.mover != g.mover {
			return nil, nil
		}
		for i, x := range key { // (a loop: no call)
			if saved[i] != x {
				return nil, nil
			}
		}
		return c, nil
	}
	copy(saved, key)
	c.mover, c.pending = -1, g.mover
	c.pieces = c.pieces[:0]
	return nil, c
}

// hopRuleCounter counts the moves of every piece of rule h that a count
// pass keeping its counts (record) walks, records each piece's count in
// record.pieces in the order walked, and returns their total (w: the
// walk, its free set land; free: scratch for a lock's landing set). One
// loop for the rule's pieces: no call per piece.
type hopRuleCounter func(g *gen, h *hopRule, w *hopWalk, land, free *hopSet, record *hopCounts) int

// hopPieceWord returns word k of the pieces rule h moves for the mover
// (before its sources, when it has some, are asked) and of those whose
// start a lock holds (heldStarts: the mover's, nil without lock).
func (g *gen) hopPieceWord(h *hopRule, k int, heldStarts []uint64) (word, held uint64) {
	s, nw := g.s, g.s.numWords
	for sl := g.r.srcSlots[g.mover]; sl != 0; sl &= sl - 1 {
		word |= s.occ[bits.TrailingZeros64(sl)*nw+k]
	}
	word &= h.from[g.mover*h.words+k]
	if heldStarts != nil {
		held = word & heldStarts[k]
	}
	return word, held
}

// moverSources returns rule h's sources for the mover (nil: every piece
// of the slots it selects).
func (h *hopRule) moverSources(p *Program, mover int) []bool {
	if h.sources == nil {
		return nil
	}
	return h.sources[mover*p.ncodes : (mover+1)*p.ncodes]
}

// countRuleSteps is countHopSteps for every piece of the rule, in the
// order hopLeaps walks them: its neighbours among the free cells (and in
// its lock's landing set).
func countRuleSteps(g *gen, h *hopRule, w *hopWalk, land, _ *hopSet, record *hopCounts) int {
	p, s := g.p, g.s
	words, total := h.words, 0
	neighbours, sources := w.neighbours, h.moverSources(p, g.mover)
	heldStarts := h.locks.heldStarts(g.mover)
	for k := 0; k < s.numWords; k++ {
		word, held := g.hopPieceWord(h, k, heldStarts)
		for ; word != 0; word &= word - 1 {
			i := bits.TrailingZeros64(word)
			b, n := k<<6|i, 0
			if sources != nil && !sources[s.cells[p.cellOf[b]]] {
				continue
			}
			nb := neighbours[b*words : b*words+words]
			if held>>uint(i)&1 != 0 {
				lock := h.locks.landings(g.mover, int(p.cellOf[b]))
				for j, x := range nb {
					n += bits.OnesCount64(x & land[j%hopWords] & lock[j])
				}
			} else {
				for j, x := range nb {
					n += bits.OnesCount64(x & land[j%hopWords])
				}
			}
			record.pieces = append(record.pieces, int32(n))
			total += n
		}
	}
	return total
}

// countRuleShared is countHopShared for every piece of the rule, in the
// order hopLeaps walks them: the sizes of the distinct hop components of
// its first landings, or its own search under a lock.
func countRuleShared(g *gen, h *hopRule, w *hopWalk, land, free *hopSet, record *hopCounts) int {
	p, s := g.p, g.s
	c := &s.hop.components
	nds, total := len(w.dirs), 0
	sources := h.moverSources(p, g.mover)
	heldStarts := h.locks.heldStarts(g.mover)
	w.free = land
	for k := 0; k < s.numWords; k++ {
		word, held := g.hopPieceWord(h, k, heldStarts)
		for ; word != 0; word &= word - 1 {
			i := bits.TrailingZeros64(word)
			b, n := k<<6|i, 0
			if sources != nil && !sources[s.cells[p.cellOf[b]]] {
				continue
			}
			if held>>uint(i)&1 != 0 {
				lock := h.locks.landings(g.mover, int(p.cellOf[b]))
				for j := range h.words {
					free[j%hopWords] = land[j%hopWords] & lock[j]
				}
				w.free = free
				n = countHopReach(g, h, w, b, lock)
				w.free = land
			} else {
				n = c.firstLandings(w, b, nds, h.words)
			}
			record.pieces = append(record.pieces, int32(n))
			total += n
		}
	}
	return total
}

// firstLandings sums the sizes of the distinct components of the first
// landings of the piece on bit b (nds directions), searching those not
// searched yet.
func (c *hopComponents) firstLandings(w *hopWalk, b, nds, words int) int {
	c.piece++
	n := 0
	free, over := w.free, w.over
	for k, e := range w.leaps[b*nds : b*nds+nds] {
		land, y := uint32(e), uint32(e>>32)
		if free[land>>6%hopWords]>>(land&63)&1 == 0 || over[y>>6%hopWords]>>(y&63)&1 == 0 {
			continue
		}
		if w.L > 2 && !w.overRest(b*nds+k) {
			continue
		}
		var id int32
		if c.unseen[land>>6%hopWords]>>(land&63)&1 != 0 {
			id = c.search(w, land, words)
		} else if id = c.of[land]; c.counted[id] == c.piece {
			continue
		}
		c.counted[id] = c.piece
		n += int(c.size[id])
	}
	return n
}
