package interp

import (
	"math/bits"

	"github.com/ruleplay/ruleplay/ir"
)

// The hop table serves the leap rules that capture nothing and whose cell
// conditions are local (they read only the cell and the piece code on it,
// so that they are tables per mover, cell and code, as the step and leap
// tables have them): single leaps restricted by inside locks, which the
// step and leap tables do not know, and chains named by their ends
// (reachability, strat_reach.go). It gives exactly the moves, in the same
// order, of the walker it replaces: reachability's depth-first search over
// cells, or the generic walker's leaps in cell then direction order; but a
// leap is a table row (the cells passed over and the landing, the sentinel
// off the board) and two table reads, and an inside lock one bit test
// (lock.go), where the walkers evaluate closures cell by cell and lift and
// put back the moving piece. The moving piece is lifted by reading its
// start cell as empty.

// hopStrategy: leaps that capture nothing, conditions tabulated.
type hopStrategy struct{}

func (hopStrategy) moves(g *gen) { g.hopLeaps() }
func (hopStrategy) name() string { return "hop table" }

// hopDecline tells why the hop table does not serve rule r (compiled up
// to its lengths, m its rule), or "" when it does.
func (p *Program) hopDecline(r *rule, m *ir.MoveRule) string {
	ol, od := p.isLocal(m.Over)
	nl, nd := p.isLocal(m.Onto)
	fl, fd := p.isLocal(m.From)
	switch {
	case p.cfg.NoFast:
		return "fast paths are off"
	case m.Action != ir.Leap || m.Capture != ir.CaptureNone:
		return "the rule captures"
	case m.Chain != ir.ChainNone && !reachable(m):
		return "its chains are not reachability (moves named by their ends, optional chains)"
	case m.Chain == ir.ChainNone && r.inside == nil:
		return "a single leap without lock: the step and leap tables serve it"
	case m.LengthProp != "":
		return "the leap length depends on the piece"
	case r.chainStop != nil:
		return "a chain stop reads the landing"
	case r.hasPromo:
		return "a promotion may end the chain"
	case p.stacking:
		return "the game stacks pieces"
	case !ol || !nl || !fl || fd:
		return "its conditions read more than the cell and its piece"
	case p.np*(p.nc+1)*(p.ncodes+1) > maxTable && (od || nd):
		return "its condition tables would be too large"
	}
	return ""
}

// compileHop gives rule r the hop table when it applies (see hopDecline)
// and reports whether it did.
func (p *Program) compileHop(r *rule, m *ir.MoveRule) bool {
	if p.hopDecline(r, m) != "" {
		return false
	}
	_, od := p.isLocal(m.Over)
	_, nd := p.isLocal(m.Onto)
	codes := p.ncodes + 1
	r.stride, r.tabSize = 0, codes
	if od || nd {
		r.stride, r.tabSize = codes, (p.nc+1)*codes
	}
	r.overTab = p.condTable(r.over, r.stride, r.tabSize)
	r.ontoTab = p.condTable(r.onto, r.stride, r.tabSize)
	p.ontoEmptyOnly(r) // nothing is captured: the landing is empty
	p.fillSrcOK(r)
	r.locks = newLockMasks(r.inside, p.np, p.nc)
	r.hop = p.hopTablesOf(r.length)
	r.gen = genHop
	return true
}

// hopTables are the leaps of one length L as the hop table walks them:
// per (cell x, direction d) at x*nd+d, the landing (the sentinel nc off
// the board) and the L-1 cells passed over.
type hopTables struct {
	land   []int32
	passed []int32
}

// hopTablesOf builds the hop tables of leaps of length L.
func (p *Program) hopTablesOf(L int) *hopTables {
	leap := p.leapTable(L)
	h := &hopTables{land: make([]int32, p.nc*p.nd), passed: make([]int32, 0, p.nc*p.nd*(L-1))}
	for i := range h.land {
		row := leap[i*L : (i+1)*L]
		h.land[i] = row[L-1]
		h.passed = append(h.passed, row[:L-1]...)
	}
	return h
}

// hopLeaps emits the moves of every piece the rule selects, in cell order.
func (g *gen) hopLeaps() {
	p, s, r := g.p, g.s, g.r
	mover := g.mover
	srcOK := r.srcOK[mover*p.ncodes : (mover+1)*p.ncodes]
	slots := r.srcSlots[mover]
	base := mover * r.tabSize
	h := hopWalk{
		hopTables: r.hop, nd: p.nd, L: r.length, stride: r.stride, dirs: r.dirs[mover],
		over: r.overTab[base : base+r.tabSize], onto: r.ontoTab[base : base+r.tabSize],
		cells: s.cellsW,
	}
	for w := 0; w < s.nw; w++ {
		var word uint64
		for sl := slots; sl != 0; sl &= sl - 1 {
			word |= s.occ[bits.TrailingZeros64(sl)*s.nw+w]
		}
		for ; word != 0; word &= word - 1 {
			c := int(p.cellOf[w<<6|bits.TrailingZeros64(word)])
			code := s.cells[c]
			if !srcOK[code] {
				continue
			}
			g.pc = code
			h.allowed = r.locks.landings(mover, c)
			if r.chain == ir.ChainNone {
				g.hopOnce(&h, c)
			} else {
				g.hopReach(&h, c)
			}
			if g.found {
				return
			}
		}
	}
}

// hopWalk is what the hop table's walks read: the rule's leaps and
// directions for the mover, its condition tables, the cells (the
// sentinel nc included) and the landings the lock allows the piece being
// moved.
type hopWalk struct {
	*hopTables
	nd, L, stride int
	dirs          []int32
	over, onto    []uint8
	cells         []uint16
	allowed       []uint64
}

// to returns the landing of the leap that started on start from cell x
// in direction d, or -1: the landing satisfies Onto (it is empty) and
// the lock allows it, the cells passed over satisfy Over; the start cell
// reads as empty (the piece is lifted).
func (h *hopWalk) to(start, x int, d int32) int {
	i := x*h.nd + int(d)
	land := int(h.land[i])
	if h.onto[land*h.stride+int(h.cells[land])] == 0 || !allows(h.allowed, land) {
		return -1
	}
	for _, y := range h.passed[i*(h.L-1) : (i+1)*(h.L-1)] {
		code := h.cells[y]
		if int(y) == start {
			code = 0
		}
		if h.over[int(y)*h.stride+int(code)] == 0 {
			return -1
		}
	}
	return land
}

// hopOnce emits the single leaps of the piece on cell c, in direction
// order.
func (g *gen) hopOnce(h *hopWalk, c int) {
	for _, d := range h.dirs {
		if land := h.to(c, c, d); land >= 0 {
			g.emit2(uint32(c), uint32(land)|uint32(d)<<16)
			if g.found {
				return
			}
		}
	}
}

// hopReach emits a move to every cell the piece on cell c reaches by one
// leap or more, in reachFrom's order: the landings as the search first
// meets them, from each cell reached the directions in order, the most
// recent cell explored first.
func (g *gen) hopReach(h *hopWalk, c int) {
	s := g.s
	words := (len(h.cells) + 63) / 64 // (the sentinel cell nc included)
	if len(s.hopSeen) < words {
		s.hopSeen = make([]uint64, words)
	}
	seen := s.hopSeen[:words]
	seen[c>>6] |= 1 << (uint(c) & 63)
	stack := append(s.todo[:0], int32(c))
	for len(stack) > 0 && !g.found {
		x := int(stack[len(stack)-1])
		stack = stack[:len(stack)-1]
		for _, d := range h.dirs {
			// h.to(c, x, d), written out: this loop is the search's cost.
			i := x*h.nd + int(d)
			land := int(h.land[i])
			if seen[land>>6]>>(uint(land)&63)&1 != 0 || h.onto[land*h.stride+int(h.cells[land])] == 0 || !allows(h.allowed, land) {
				continue
			}
			ok := true
			for _, y := range h.passed[i*(h.L-1) : (i+1)*(h.L-1)] {
				code := h.cells[y]
				if int(y) == c {
					code = 0
				}
				ok = ok && h.over[int(y)*h.stride+int(code)] != 0
			}
			if !ok {
				continue
			}
			seen[land>>6] |= 1 << (uint(land) & 63)
			g.emit2(uint32(c), uint32(land)|uint32(d)<<16)
			if g.found {
				break
			}
			stack = append(stack, int32(land))
		}
	}
	clear(seen)
	if cap(stack) != cap(s.todo) { // (a pointer store costs a write barrier while the collector runs)
		s.todo = stack
	}
}
