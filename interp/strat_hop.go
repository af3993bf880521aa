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
	r.gen = genHop
	return true
}

// hopLeaps emits the moves of every piece the rule selects, in cell order.
func (g *gen) hopLeaps() {
	p, s, r := g.p, g.s, g.r
	mover := g.mover
	srcOK := r.srcOK[mover*p.ncodes : (mover+1)*p.ncodes]
	slots := r.srcSlots[mover]
	for w := 0; w < s.nw; w++ {
		var word uint64
		for sl := slots; sl != 0; sl &= sl - 1 {
			word |= s.occ[bits.TrailingZeros64(sl)*s.nw+w]
		}
		for ; word != 0; word &= word - 1 {
			c := int(p.cellOf[w<<6|bits.TrailingZeros64(word)])
			code := s.cells[c]
			if !srcOK[code] || r.lenCode[code] == 0 {
				continue
			}
			g.pc = code
			if r.chain == ir.ChainNone {
				g.hopOnce(c)
			} else {
				g.hopReach(c)
			}
			if g.found {
				return
			}
		}
	}
}

// hopTo returns the landing of the leap of the piece g.pc that started
// on start from cell x in direction d, or -1: the cells passed over
// satisfy Over, the landing Onto (empty), the lock allows it. The start
// cell reads as empty (the piece is lifted).
func (g *gen) hopTo(start, x int, d int32, allowed []uint64) int {
	p, s, r := g.p, g.s, g.r
	L := int(r.lenCode[g.pc])
	row := r.leapCode[g.pc][(x*p.nd+int(d))*L:][:L]
	base := g.mover * r.tabSize
	for _, y := range row[:L-1] {
		code := s.cellsW[y]
		if int(y) == start {
			code = 0
		}
		if r.overTab[base+int(y)*r.stride+int(code)] == 0 {
			return -1
		}
	}
	land := int(row[L-1])
	code := s.cellsW[land]
	if land == start {
		code = 0
	}
	if r.ontoTab[base+land*r.stride+int(code)] == 0 || !allows(allowed, land) {
		return -1
	}
	return land
}

// hopOnce emits the single leaps of the piece on cell c, in direction
// order.
func (g *gen) hopOnce(c int) {
	allowed := g.r.locks.landings(g.mover, c)
	for _, d := range g.r.dirs[g.mover] {
		if land := g.hopTo(c, c, d, allowed); land >= 0 {
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
func (g *gen) hopReach(c int) {
	p, s, r := g.p, g.s, g.r
	words := (p.nc + 63) / 64
	if len(s.hopSeen) < words {
		s.hopSeen = make([]uint64, words)
	}
	seen := s.hopSeen[:words]
	seen[c>>6] |= 1 << (uint(c) & 63)
	allowed := r.locks.landings(g.mover, c)
	dirs := r.dirs[g.mover]
	stack := append(s.todo[:0], int32(c))
	for len(stack) > 0 && !g.found {
		x := int(stack[len(stack)-1])
		stack = stack[:len(stack)-1]
		for _, d := range dirs {
			land := g.hopTo(c, x, d, allowed)
			if land < 0 || seen[land>>6]>>(uint(land)&63)&1 != 0 {
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
	s.todo = stack
}
