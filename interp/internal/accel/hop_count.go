package accel

import (
	"math/bits"

	"github.com/ruleplay/ruleplay/interp/internal/core"
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
// that reaches it. For leaps of 1 or 2 the hops are kept as sets (per cell,
// the cells its hops land on, Over holding on the cell passed over:
// HopComponents.Hops), so that a piece's first landings are the free
// bits of its set and the flood takes a cell's unseen neighbours by two
// word operations, where the leaps' tests would read two bits of two
// sets per direction. Pieces under an
// inside lock are counted by their own search, without writing their
// moves. Registered as hop-count.

// HopCountTier tells whether every rule of tier t counts its moves piece
// by piece and the tier's moves never share their ends: then playouts
// count the tier and build the move drawn.
func HopCountTier(p *core.Program, t *core.Tier) bool {
	for _, ri := range t.Rules {
		if h := Tables(&p.Rules[ri]).Hop; h == nil || h.Count == nil {
			return false
		}
	}
	return len(t.Rules) > 0 && !t.Merges()
}

// HopNeighbours returns, per mover and bit, the set of the cells one step
// of rule r lands on ([(mover*(nbits+1)+bit)*words + w]).
func HopNeighbours(p *core.Program, r *core.Rule) []uint64 {
	h := Tables(r).Hop
	nb := p.Nbits + 1
	out := make([]uint64, p.Players*nb*h.Words)
	for mv := 0; mv < p.Players; mv++ {
		nds := len(r.Dirs[mv])
		for b := 0; b < nb; b++ {
			set := out[(mv*nb+b)*h.Words : (mv*nb+b+1)*h.Words]
			for _, e := range h.Leaps[mv][b*nds : b*nds+nds] {
				if land := uint32(e); int(land) < p.Nbits {
					set[land>>6] |= 1 << (land & 63)
				}
			}
		}
	}
	return out
}

// CountHopSteps counts a piece's steps: its neighbours among the free
// cells.
func CountHopSteps(_ *core.Gen, h *HopRule, w *HopWalk, b int, _ []uint64) int {
	return freeNeighbours(w.Neighbours[b*h.Words:(b+1)*h.Words], w.Free)
}

// CountHopOnce counts a piece's single leaps (hopOnce without the moves).
func CountHopOnce(_ *core.Gen, _ *HopRule, w *HopWalk, b int, _ []uint64) int {
	nds, n := len(w.Dirs), 0
	for k, e := range w.Leaps[b*nds : b*nds+nds] {
		land, y := uint32(e), uint32(e>>32)
		if w.Free[land>>6%HopWords]>>(land&63)&1 == 0 || w.Over[y>>6%HopWords]>>(y&63)&1 == 0 {
			continue
		}
		if w.L > 2 && !overRest(w, b*nds+k) {
			continue
		}
		n++
	}
	return n
}

// CountHopReachLifted is countHopReach with the piece lifted from its
// start (over as hopReach has it: a chain may pass over its start).
func CountHopReachLifted(g *core.Gen, h *HopRule, w *HopWalk, b int, lock []uint64) int {
	k, m := b>>6, uint64(1)<<(uint(b)&63)
	kept := w.Over[k%HopWords]
	w.Over[k%HopWords] = kept&^m | w.Lifted[k]&m
	n := countHopReach(g, h, w, b, lock)
	w.Over[k%HopWords] = kept
	return n
}

// countHopReach counts the cells a piece's chains reach (hopReach without
// the moves), on a copy of w.free, the piece on its start (where no
// chain passes over its start: hopSharesDecline).
func countHopReach(g *core.Gen, h *HopRule, w *HopWalk, b int, _ []uint64) int {
	s := g.S
	free := &w.Scratch.Reached
	for i := range h.Words {
		free[i%HopWords] = w.Free[i%HopWords]
	}
	nds, L, n := len(w.Dirs), w.L, 0
	leaps, over, goOn := w.Leaps, w.Over, w.GoOn
	stack := append(s.Todo[:0], int32(b))
	for len(stack) > 0 {
		x := int(stack[len(stack)-1])
		stack = stack[:len(stack)-1]
		for k, e := range leaps[x*nds : x*nds+nds] {
			land, y := uint32(e), uint32(e>>32)
			if free[land>>6%HopWords]>>(land&63)&1 == 0 || over[y>>6%HopWords]>>(y&63)&1 == 0 {
				continue
			}
			if L > 2 && !overRest(w, x*nds+k) {
				continue
			}
			free[land>>6%HopWords] &^= 1 << (land & 63)
			n++
			if goOn[land>>6]>>(land&63)&1 != 0 {
				stack = append(stack, int32(land))
			}
		}
	}
	if cap(stack) != cap(s.Todo) {
		s.Todo = stack
	}
	return n
}

// NoComponents is the renew of a rule that counts without components.
func NoComponents(*HopComponents, *HopRule, *HopWalk, *HopSet, int) {}

// ResetComponents starts a generation with no component.
func ResetComponents(c *HopComponents, h *HopRule, w *HopWalk, land *HopSet, bits int) {
	reset(c, land, w.Over, bits)
	if h.L <= 2 {
		fillHops(c, w.HopMoverTables, w.Over, h.Words)
	}
	c.Rule = nil
}

// fillHops fills c.Hops for the leaps of 1 or 2 of t: per bit, the cells its
// leaps land on, Over holding on the cell passed over.
func fillHops(c *HopComponents, t *HopMoverTables, over *HopSet, words int) {
	nds := len(t.Dirs)
	n := len(t.Leaps) / nds
	if len(c.Hops) < n*words {
		c.Hops = make([]uint64, n*words)
	}
	for b := range n {
		row := c.Hops[b*words : b*words+words]
		clear(row)
		for _, e := range t.Leaps[b*nds : b*nds+nds] {
			to, y := uint32(e), uint32(e>>32)
			if int(to) < n-1 && over[y>>6%HopWords]>>(y&63)&1 != 0 { // (bit n-1: off the board)
				row[to>>6] |= 1 << (to & 63)
			}
		}
	}
}

// reset starts a generation whose free cells are free, Over holding on
// over, on sets of bits bits.
func reset(c *HopComponents, free, over *HopSet, bits int) {
	c.Unseen = *free
	if len(c.Of) < bits {
		c.Of = make([]int32, bits)
		c.Stack = make([]int32, bits)
	}
	c.Size, c.Counted, c.Piece = c.Size[:0], c.Counted[:0], 0
	c.Cells = c.Cells[:0]
}

// landingsOf is firstLandings on sets of two words, the piece's first
// landings lo and hi: the components not searched yet are searched
// first, then the sizes summed by a loop that calls nothing.
func landingsOf(c *HopComponents, w *HopWalk, lo, hi uint64) int {
	for a := lo & c.Unseen[0]; a != 0; a &= a - 1 {
		if to := uint32(bits.TrailingZeros64(a)); c.Unseen[0]>>to&1 != 0 {
			search(c, w, to, 2)
		}
	}
	for a := hi & c.Unseen[1]; a != 0; a &= a - 1 {
		if to := uint32(bits.TrailingZeros64(a)); c.Unseen[1]>>to&1 != 0 {
			search(c, w, 64|to, 2)
		}
	}
	c.Piece++
	n, piece, of, counted, size := 0, c.Piece, c.Of, c.Counted, c.Size
	for ; lo != 0; lo &= lo - 1 {
		if id := of[bits.TrailingZeros64(lo)]; counted[id] != piece {
			counted[id] = piece
			n += int(size[id])
		}
	}
	for ; hi != 0; hi &= hi - 1 {
		if id := of[64|bits.TrailingZeros64(hi)]; counted[id] != piece {
			counted[id] = piece
			n += int(size[id])
		}
	}
	return n
}

// firstLandings sums the sizes of the distinct components of the first
// landings of a piece by leaps of 1 or 2 (row: its set in c.Hops, among the
// free cells land), searching those not searched yet.
func firstLandings(c *HopComponents, w *HopWalk, row []uint64, land *HopSet) int {
	c.Piece++
	n := 0
	for j, a := range row {
		for a &= land[j%HopWords]; a != 0; a &= a - 1 {
			to := uint32(j<<6 | bits.TrailingZeros64(a))
			var id int32
			if c.Unseen[to>>6%HopWords]>>(to&63)&1 != 0 {
				id = search(c, w, to, len(row))
			} else if id = c.Of[to]; c.Counted[id] == c.Piece {
				continue
			}
			c.Counted[id] = c.Piece
			n += int(c.Size[id])
		}
	}
	return n
}

// CountHopShared counts the cells a piece's chains reach: the sizes of
// the distinct components of its first landings (components are
// disjoint); a piece under a lock is counted by its own search.
func CountHopShared(g *core.Gen, h *HopRule, w *HopWalk, b int, lock []uint64) int {
	if lock != nil {
		return countHopReach(g, h, w, b, lock)
	}
	c := &w.Scratch.Components
	nds, n := len(w.Dirs), 0
	c.Piece++
	for k, e := range w.Leaps[b*nds : b*nds+nds] {
		land, y := uint32(e), uint32(e>>32)
		if w.Free[land>>6%HopWords]>>(land&63)&1 == 0 || w.Over[y>>6%HopWords]>>(y&63)&1 == 0 {
			continue
		}
		if w.L > 2 && !overRest(w, b*nds+k) {
			continue
		}
		var id int32
		if c.Unseen[land>>6%HopWords]>>(land&63)&1 != 0 {
			id = search(c, w, land, h.Words)
		} else if id = c.Of[land]; c.Counted[id] == c.Piece {
			continue
		}
		c.Counted[id] = c.Piece
		n += int(c.Size[id])
	}
	return n
}

// search puts the component of the free cell on bit from in a new
// component and returns its index. The flood takes the component's
// cells out of unseen and queues them, and nothing else: the queue gives
// the component's size and its cells' index, and the cells taken (unseen
// before &^ after), read off the sets afterwards, its cells.
// (Fewer values live in the flood's loop keep them in registers.)
func search(c *HopComponents, w *HopWalk, from uint32, words int) int32 {
	low, high := c.Unseen[0], c.Unseen[1] // (unseen before the flood, on two words)
	if words != 2 {
		for i := range words {
			c.Left[i%HopWords] = c.Unseen[i%HopWords]
		}
	}
	c.Unseen[from>>6%HopWords] &^= 1 << (from & 63)
	id := int32(len(c.Size))
	size := 1
	switch {
	case w.L > 2:
		size = floodLong(c, w, from)
	case words == 2 && c.Hops[2*from]&c.Unseen[0]|c.Hops[2*from+1]&c.Unseen[1] == 0:
		c.Stack[0] = int32(from) // (a cell alone: no flood)
	case words == 2:
		size = floodTwoWords(c, from)
	default:
		size = flood(c, w, from)
	}
	for _, x := range c.Stack[:size] {
		c.Of[x] = id
	}
	if words == 2 { // (without a loop, as in freeNeighbours)
		c.Cells = append(c.Cells, low&^c.Unseen[0], high&^c.Unseen[1])
	} else {
		for i := range words {
			c.Cells = append(c.Cells, c.Left[i%HopWords]&^c.Unseen[i%HopWords])
		}
	}
	c.Size = append(c.Size, int32(size))
	c.Counted = append(c.Counted, 0)
	return id
}

// flood takes out of unseen the cells joined by hops of 1 or 2 to the cell on
// bit from (taken out already), queues them in c.stack from the start,
// and returns their number: a cell's hops are a set (c.Hops), its cells
// still unseen those it adds. (Its loop calls nothing: the queue is as
// long as the sets have bits, a cell queued once.)
func flood(c *HopComponents, w *HopWalk, from uint32) int {
	words := w.Rule.Words
	hops, unseen, queue := c.Hops, &c.Unseen, c.Stack
	queue[0] = int32(from)
	end := 1
	for next := 0; next < end; next++ {
		x := int(queue[next])
		for i, h := range hops[x*words : x*words+words] {
			add := h & unseen[i%HopWords]
			unseen[i%HopWords] &^= add
			for ; add != 0; add &= add - 1 {
				queue[end%len(queue)] = int32(i<<6 | bits.TrailingZeros64(add))
				end++
			}
		}
	}
	return end
}

// floodTwoWords is flood on sets of two words, read by index (boards up to
// 126 cells): no loop over the words.
func floodTwoWords(c *HopComponents, from uint32) int {
	hops, queue := c.Hops, c.Stack
	low, high := c.Unseen[0], c.Unseen[1]
	queue[0] = int32(from)
	end := 1
	for next := 0; next < end; next++ {
		x := int(queue[next%len(queue)])
		a, b := hops[2*x]&low, hops[2*x+1]&high
		low, high = low&^a, high&^b
		for ; a != 0; a &= a - 1 {
			queue[end%len(queue)] = int32(bits.TrailingZeros64(a))
			end++
		}
		for ; b != 0; b &= b - 1 {
			queue[end%len(queue)] = int32(64 | bits.TrailingZeros64(b))
			end++
		}
	}
	c.Unseen[0], c.Unseen[1] = low, high
	return end
}

// floodLong is flood for leaps longer than 2 (Over on every cell passed
// over).
func floodLong(c *HopComponents, w *HopWalk, from uint32) int {
	nds := len(w.Dirs)
	leaps, unseen, over, queue := w.Leaps, &c.Unseen, w.Over, c.Stack
	queue[0] = int32(from)
	end := 1
	for next := 0; next < end; next++ {
		x := int(queue[next])
		for k, e := range leaps[x*nds : x*nds+nds] {
			land, y := uint32(e), uint32(e>>32)
			if unseen[land>>6%HopWords]>>(land&63)&1 == 0 || over[y>>6%HopWords]>>(y&63)&1 == 0 || !overRest(w, x*nds+k) {
				continue
			}
			unseen[land>>6%HopWords] &^= 1 << (land & 63)
			queue[end] = int32(land)
			end++
		}
	}
	return end
}

// SlotSources tells whether rule r selects every piece code of a slot
// alike, for every mover: then the occupancy sets say which pieces move.
func SlotSources(p *core.Program, r *core.Rule) bool {
	for mv := 0; mv < p.Players; mv++ {
		srcOK := r.SrcOK[mv*p.Ncodes : (mv+1)*p.Ncodes]
		bySlot := map[int32]bool{}
		for code := 1; code < p.Ncodes; code++ {
			sl := p.CodeSlot[code]
			if prev, seen := bySlot[sl]; seen && prev != srcOK[code] {
				return false
			}
			bySlot[sl] = srcOK[code]
		}
	}
	return true
}

// OccupancyKey is the key of a position whose occupancy sets say all a
// rule's moves depend on (besides the mover).
func OccupancyKey(s *core.State) []uint64 { return s.Occ[:(s.NumPlayers+1)*s.NumWords] }

// keepSets keeps the count pass's position sets (words words).
func keepSets(c *HopCounts, over, land *HopSet, emptyOver []uint64, words int) {
	for i := range words {
		c.Over[i%HopWords], c.Land[i%HopWords] = over[i%HopWords], land[i%HopWords]
	}
	c.EmptyOver = emptyOver
}

// hopCountsSets gives the select pass the position sets its count pass kept.
func hopCountsSets(c *HopCounts, over, land *HopSet, words int) (emptyOver []uint64) {
	for i := range words {
		over[i%HopWords], land[i%HopWords] = c.Over[i%HopWords], c.Land[i%HopWords]
	}
	return c.EmptyOver
}

// hopCountsDone records the total of a finished count pass.
func hopCountsDone(c *HopCounts, total int) {
	c.Total = total
	c.Mover = c.Pending
}

// countsFor returns, for a generation of rule idx (of n) in count or
// select mode, the counts recorded for this position (known: a select
// pass after the count pass) or the record to fill (record: a count
// pass); both nil when the rule keeps no counts.
func countsFor(hs *HopScratch, g *core.Gen, h *HopRule, idx, n int) (known, record *HopCounts) {
	if h.Key == nil {
		return nil, nil
	}
	if len(hs.Counts) < n {
		hs.Counts = make([]HopCounts, n)
	}
	c := &hs.Counts[idx]
	key := h.Key(g.S)
	if len(c.Key) != len(key) {
		c.Key, c.Mover = make([]uint64, len(key)), -1
	}
	saved := c.Key[:len(key)]
	if g.Sel >= 0 {
		if c.Mover != g.Mover {
			return nil, nil
		}
		var diff uint64
		for i, x := range key { // (a loop: no call; one test at the end)
			diff |= saved[i] ^ x
		}
		if diff != 0 {
			return nil, nil
		}
		return c, nil
	}
	copy(saved, key)
	c.Mover, c.Pending = -1, g.Mover
	c.Pieces = c.Pieces[:0]
	return nil, c
}

// hopPieceWord returns word k of the pieces rule h moves for the mover
// (before its sources, when it has some, are asked) and of those whose
// start a lock holds (heldStarts: the mover's, nil without lock).
func hopPieceWord(g *core.Gen, h *HopRule, k int, heldStarts []uint64) (word, held uint64) {
	s, nw := g.S, g.S.NumWords
	for sl := g.R.SrcSlots[g.Mover]; sl != 0; sl &= sl - 1 {
		word |= s.Occ[bits.TrailingZeros64(sl)*nw+k]
	}
	word &= h.From[g.Mover*h.Words+k]
	if heldStarts != nil {
		held = word & heldStarts[k]
	}
	return word, held
}

// moverSources returns rule h's sources for the mover (nil: every piece
// of the slots it selects).
func moverSources(h *HopRule, p *core.Program, mover int) []bool {
	if h.Sources == nil {
		return nil
	}
	return h.Sources[mover*p.Ncodes : (mover+1)*p.Ncodes]
}

// CountRuleSteps is countHopSteps for every piece of the rule, in the
// order hopLeaps walks them: its neighbours among the free cells (and in
// its lock's landing set).
func CountRuleSteps(g *core.Gen, h *HopRule, w *HopWalk, land, _ *HopSet, record *HopCounts) int {
	p, s := g.P, g.S
	words, total := h.Words, 0
	neighbours, sources := w.Neighbours, moverSources(h, p, g.Mover)
	heldStarts := h.Locks.HeldStarts(g.Mover)
	for k := 0; k < s.NumWords; k++ {
		word, held := hopPieceWord(g, h, k, heldStarts)
		for ; word != 0; word &= word - 1 {
			i := bits.TrailingZeros64(word)
			b, n := k<<6|i, 0
			if sources != nil && !sources[s.Cells[p.CellOf[b]]] {
				continue
			}
			switch {
			case held>>uint(i)&1 != 0:
				lock := h.Locks.Landings(g.Mover, int(p.CellOf[b]))
				for j, x := range neighbours[b*words : b*words+words] {
					n += bits.OnesCount64(x & land[j%HopWords] & lock[j])
				}
			case words == 2: // (two words read by index: no slice of the piece's set)
				n = bits.OnesCount64(neighbours[2*b]&land[0]) + bits.OnesCount64(neighbours[2*b+1]&land[1])
			default:
				n = freeNeighbours(neighbours[b*words:b*words+words], land)
			}
			record.Pieces = append(record.Pieces, int32(n))
			total += n
		}
	}
	return total
}

// freeNeighbours counts the cells of nb (a piece's neighbours) in land.
// (Sets of two words, those of the boards up to 126 cells, are read
// without a loop: in the counters' loops over the pieces, a loop over
// the words costs more than the counts.)
func freeNeighbours(nb []uint64, land *HopSet) int {
	if len(nb) == 2 {
		return bits.OnesCount64(nb[0]&land[0]) + bits.OnesCount64(nb[1]&land[1])
	}
	n := 0
	for j, x := range nb {
		n += bits.OnesCount64(x & land[j%HopWords])
	}
	return n
}

// CountRuleShared is countHopShared for every piece of the rule, in the
// order hopLeaps walks them: the sizes of the distinct hop components of
// its first landings (each component counted once per piece: counted
// holds the last piece that has it), or its own search under a lock.
func CountRuleShared(g *core.Gen, h *HopRule, w *HopWalk, land, free *HopSet, record *HopCounts) int {
	p, s := g.P, g.S
	c := &w.Scratch.Components
	nds, total := len(w.Dirs), 0
	sources := moverSources(h, p, g.Mover)
	heldStarts := h.Locks.HeldStarts(g.Mover)
	w.Free = land
	for k := 0; k < s.NumWords; k++ {
		word, held := hopPieceWord(g, h, k, heldStarts)
		for ; word != 0; word &= word - 1 {
			i := bits.TrailingZeros64(word)
			b, n := k<<6|i, 0
			if sources != nil && !sources[s.Cells[p.CellOf[b]]] {
				continue
			}
			if held>>uint(i)&1 != 0 {
				lock := h.Locks.Landings(g.Mover, int(p.CellOf[b]))
				for j := range h.Words {
					free[j%HopWords] = land[j%HopWords] & lock[j]
				}
				w.Free = free
				n = countHopReach(g, h, w, b, lock)
				w.Free = land
			} else if w.L > 2 {
				n = firstLandingsLong(c, w, b, nds, h.Words)
			} else {
				n = firstLandings(c, w, c.Hops[b*h.Words:(b+1)*h.Words], land)
			}
			record.Pieces = append(record.Pieces, int32(n))
			total += n
		}
	}
	return total
}

// firstLandingsLong sums the sizes of the distinct components of the
// first landings of the piece on bit b (nds directions) by leaps longer
// than 2, searching those not searched yet (countRuleShared's loop for
// leaps of 2, with the other cells they pass over checked).
func firstLandingsLong(c *HopComponents, w *HopWalk, b, nds, words int) int {
	c.Piece++
	n := 0
	free, over := w.Free, w.Over
	for k, e := range w.Leaps[b*nds : b*nds+nds] {
		land, y := uint32(e), uint32(e>>32)
		if free[land>>6%HopWords]>>(land&63)&1 == 0 || over[y>>6%HopWords]>>(y&63)&1 == 0 || !overRest(w, b*nds+k) {
			continue
		}
		var id int32
		if c.Unseen[land>>6%HopWords]>>(land&63)&1 != 0 {
			id = search(c, w, land, words)
		} else if id = c.Of[land]; c.Counted[id] == c.Piece {
			continue
		}
		c.Counted[id] = c.Piece
		n += int(c.Size[id])
	}
	return n
}

// hopCounter counts the moves of the piece on bit b of rule h, walk w
// (w.free: its landing set, lock applied; lock: the piece's lock set, nil
// when none holds its start; w.over: the piece not lifted from its start,
// which matters only to a chain that may pass over it).
type hopCounter func(g *core.Gen, h *HopRule, w *HopWalk, b int, lock []uint64) int

// HopComponents are the hop components of one generation (one rule, one
// mover, one position, the pieces without lock): the sets of free cells
// joined by hops, disjoint, searched as pieces first land in them.
type HopComponents struct {
	// unseen: the free cells in no component yet; of: per bit, its
	// component once it is in one; size: per component, its cells;
	// counted: per component, the last piece (numbered by piece) whose
	// count has it
	Unseen  HopSet
	Left    HopSet // unseen before a search's flood (sets of more than two words)
	Of      []int32
	Stack   []int32 // the flood's queue (a cell is queued once: as long as of)
	Size    []int32
	Counted []int32
	Piece   int32
	// what kept components (hop_kept.go) read: per component its cells
	// (cells[id*words:]), and the rule, the class of directions and the
	// sets they were searched with
	Cells    []uint64
	Rule     *HopRule
	DirClass int
	Land     HopSet
	Over     HopSet
	// Hops: for leaps of 1 or 2, per bit, the cells its leaps land on, Over
	// holding on the cell passed over, free or not (the flood reads them
	// among the unseen cells, a piece's first landings among the free
	// ones) ([bit*words+w]: filled by fillHops, kept by keepHops)
	Hops []uint64
}

// hopRenew starts a generation of rule h's components on its walk w
// (the Over set w.over) and landing set land, on sets of bits bits:
// resetComponents, or keepComponents (hop_kept.go); noComponents where
// the rule counts without them.
type hopRenew func(c *HopComponents, h *HopRule, w *HopWalk, land *HopSet, bits int)

// HopCounts are the counts of a rule's last count pass: per piece in the
// order walked, and their total, for the position of key and mover
// (mover -1: none, or the pass did not finish).
type HopCounts struct {
	Key     []uint64
	Mover   int
	Pieces  []int32
	Total   int
	Pending int // the mover of the pass being recorded
	// the pass's position sets (hopRule.positionSets), for the select
	// pass to copy
	Over, Land HopSet
	EmptyOver  []uint64
}

// hopRuleCounter counts the moves of every piece of rule h that a count
// pass keeping its counts (record) walks, records each piece's count in
// record.pieces in the order walked, and returns their total (w: the
// walk, its free set land; free: scratch for a lock's landing set). One
// loop for the rule's pieces: no call per piece.
type hopRuleCounter func(g *core.Gen, h *HopRule, w *HopWalk, land, free *HopSet, record *HopCounts) int
