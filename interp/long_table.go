package interp

import (
	"math/bits"

	"github.com/ruleplay/ruleplay/ir"
)

// The long-leap table: long rules (a range of lengths, a hurdle, captures
// taken at the end of the move: jumping.go) whose conditions are local,
// in a game without stacks. It serves flying kings (any length over empty
// cells, one enemy hurdle), their quiet slides, and short jumps whose
// captures are taken at the end, with the moves, their order and the
// chain policy of the generic walker's longDFS.
//
// It is faster because nothing is evaluated or looked up by closure:
//
//   - the pieces it moves are the set bits of the mover's occupancy
//     words, not every cell of the board tested against the selection;
//     for a rule of one length without hurdle whose directions are bit
//     shifts and whose conditions read owners and emptiness alone
//     (rule.shift, as the leap table's), only the pieces that have a
//     first leap, found for all cells at once by the bitset shifts
//     (markShift): most positions have none for a capture; for a rule
//     that moves some kinds only (a king's), the pieces of those kinds,
//     from the occupancy sets per piece code (it asks the State to keep
//     them: Program.keepOccC), so a rule without such a piece costs
//     nothing;
//   - each cell and direction has its ray, the cells in that direction
//     up to the rule's longest leap, ended by the sentinel cell, whose
//     wall code satisfies no condition: the walk along a ray needs no
//     bounds test and stops where the board ends;
//   - Over, Hurdle and Onto are tables per mover, indexed by cell and
//     piece code (by code alone when they do not read the cell), with
//     "lands on empty cells only" folded into Onto;
//   - a piece taken at the end of the move is marked by writing the wall
//     code into its cell while the chain is explored: a marked cell is
//     then neither passed, jumped nor landed on by the same table look-up
//     that tests every other cell, and the mark is the cell's old code
//     put back. The chain is walked on the cells alone: the derived
//     indexes (occupancy sets, mailbox) are not touched.

// longTable is what the long-leap table needs of a rule (rule.longTable).
type longTable struct {
	// over, hurdle, onto: per mover, [mover*tabSize + cell*stride + code],
	// 1 where the condition holds (onto: and the cell may be landed on)
	over, hurdle, onto []uint8
	stride, tabSize    int
	// source: per mover, [mover*sourceSize + cell*sourceStride + code]:
	// the rule moves the piece (From by code alone when it does not read
	// the cell: sourceStride 0)
	source                   []bool
	sourceStride, sourceSize int
	// rayAt[c*nd+d] is where the ray of cell c in direction d begins in
	// rays: its cells outwards, at most the longest leap, then the
	// sentinel cell nc
	rayAt []int32
	rays  []int32
	// shortest: the shortest leap, in cells
	shortest int
	// noHurdle is 1 when the rule has no hurdle (a landing needs none
	// passed), 0 when it has one
	noHurdle uint8
	// jumpedMark is the code a piece jumped by a rule capturing the
	// jumped pieces leaves on its cell while the chain is explored: the
	// wall code when it is taken at the end, empty when at once
	jumpedMark uint16
	// sources finds the pieces to walk from: it marks in State.mark those
	// that have a first leap and reports true, or reports false (every
	// piece the rule selects)
	sources func(g *gen) bool
	// codes: per mover, the piece codes the rule may move (kindSources)
	codes [][]uint16
}

// longTableStrategy serves long rules with local conditions.
type longTableStrategy struct{}

func (longTableStrategy) moves(g *gen) { g.longTableLeaps() }
func (longTableStrategy) name() string { return "long-leap table" }

// longTableDecline tells why the long-leap table does not serve long
// rule r ("" when it does).
func (p *Program) longTableDecline(r *rule, m *ir.MoveRule) string {
	switch {
	case p.off(accelLongTable) != "":
		return p.off(accelLongTable)
	case p.stacking:
		return "the game stacks pieces: a leap reads heights and levels"
	case r.chainStop != nil:
		return "chains stopped by chain-stop"
	case r.inside != nil:
		return "landings restricted by an inside lock"
	case m.LengthProp != "":
		return "the leap's length is the moving piece's property"
	}
	for _, c := range []struct {
		what string
		e    *ir.Expr
	}{{"over", m.Over}, {"hurdle", m.Hurdle}, {"onto", m.Onto}, {"from", m.From}} {
		if local, _ := p.isLocal(c.e); !local {
			return c.what + " reads " + depsOf(c.e).String() + ": not a table per mover"
		}
	}
	if p.numPlayers*(p.numCells+1)*(p.ncodes+1) > maxTable {
		return "the condition tables would be too big"
	}
	return ""
}

// compileLongTable gives long rule r the long-leap table when it
// applies (longTableDecline): its condition tables, sources and rays.
func (p *Program) compileLongTable(r *rule, m *ir.MoveRule) {
	if why := p.longTableDecline(r, m); why != "" {
		p.declineFor(scopeRule, r.idx, accelLongTable, why)
		return
	}
	lt := &longTable{shortest: r.length}
	p.longConds(lt, r, m)
	restricts := p.longSources(lt, r, m)
	p.longRays(lt, r)
	lt.sources = (*gen).everySource
	if r.length == r.long.maxLength && r.long.hurdle == nil && lt.stride == 0 {
		// The first leaps as a leap rule's: by bitset shifts when they
		// can be (compileShift: conditions by code alone).
		codes := p.ncodes + 1
		r.stride, r.tabSize = 0, codes
		r.overTab = p.condTable(r.over, 0, codes)
		r.ontoTab = p.condTable(r.onto, 0, codes)
		if r.capture != ir.CaptureLanding {
			p.ontoEmptyOnly(r)
		}
		if p.compileShift(r); r.shift {
			lt.sources = (*gen).firstLeapSources
		} else {
			r.overTab, r.ontoTab = nil, nil
		}
	}
	if restricts && !r.shift {
		lt.sources = (*gen).kindSources
		p.keepOccC = true // (the State keeps the sets per code: compilePut)
	}
	r.longTable = lt
	r.gen = genLongTable
}

// longConds tabulates the rule's Over, Hurdle and Onto per mover (by
// code alone when none reads the cell), Onto holding on empty cells
// only unless the rule captures by landing, and the mark of a jumped
// piece.
func (p *Program) longConds(lt *longTable, r *rule, m *ir.MoveRule) {
	_, od := p.isLocal(m.Over)
	_, hd := p.isLocal(m.Hurdle)
	_, nd := p.isLocal(m.Onto)
	codes := p.ncodes + 1
	lt.stride, lt.tabSize = 0, codes
	if od || hd || nd {
		lt.stride, lt.tabSize = codes, (p.numCells+1)*codes
	}
	lt.over = p.condTable(r.over, lt.stride, lt.tabSize)
	lt.onto = p.condTable(r.onto, lt.stride, lt.tabSize)
	if r.long.hurdle != nil {
		lt.hurdle = p.condTable(r.long.hurdle, lt.stride, lt.tabSize)
	} else {
		lt.hurdle = make([]uint8, p.numPlayers*lt.tabSize)
		lt.noHurdle = 1
	}
	if r.capture != ir.CaptureLanding { // a piece is landed on only to take it
		for mv := 0; mv < p.numPlayers; mv++ {
			for cell := 0; cell <= p.numCells; cell++ {
				for code := 1; code < codes; code++ {
					lt.onto[mv*lt.tabSize+cell*lt.stride+code] = 0
				}
				if lt.stride == 0 {
					break
				}
			}
		}
	}
	if r.long.takenAtEnd {
		lt.jumpedMark = uint16(p.ncodes) // the wall code
	}
}

// longSources tabulates the pieces the rule moves (Who, Kinds, a leap
// length, From) per mover, by code or by cell and code when From reads
// the cell, and lists per mover the codes it may move; it reports
// whether the rule leaves some of the mover's pieces out (some kinds
// only).
func (p *Program) longSources(lt *longTable, r *rule, m *ir.MoveRule) (restricts bool) {
	ncell := 1
	lt.sourceSize = p.ncodes
	if _, fd := p.isLocal(m.From); fd {
		ncell, lt.sourceStride, lt.sourceSize = p.numCells, p.ncodes, p.numCells*p.ncodes
	}
	lt.source = make([]bool, p.numPlayers*lt.sourceSize)
	lt.codes = make([][]uint16, p.numPlayers)
	fc := &ectx{p: p}
	for mv := 0; mv < p.numPlayers; mv++ {
		fc.own, fc.opp = mv, (mv+1)%p.numPlayers
		for code := 1; code < p.ncodes; code++ {
			moves := false
			for cell := 0; cell < ncell; cell++ {
				ok := p.selects(r, mv, code) && r.lenCode[code] != 0
				if ok && r.from != nil {
					fc.cell, fc.code, fc.mcode = cell, code, code
					ok = r.from(fc) != 0
				}
				lt.source[mv*lt.sourceSize+cell*lt.sourceStride+code] = ok
				moves = moves || ok
			}
			if moves {
				lt.codes[mv] = append(lt.codes[mv], uint16(code))
			} else if whoMatch(r.who, mv, p.codeOwner[code]) {
				restricts = true
			}
		}
	}
	return restricts
}

// longRays lists the ray of every cell and direction, at most the
// rule's longest leap, each ended by the sentinel cell.
func (p *Program) longRays(lt *longTable, r *rule) {
	lt.rayAt = make([]int32, p.numCells*p.numDirs)
	for c := 0; c < p.numCells; c++ {
		for d := 0; d < p.numDirs; d++ {
			lt.rayAt[c*p.numDirs+d] = int32(len(lt.rays))
			x := c
			for k := 1; k <= r.long.maxLength; k++ {
				if x = int(p.neighbours[x*p.numDirs+d]); x < 0 {
					break
				}
				lt.rays = append(lt.rays, int32(x))
			}
			lt.rays = append(lt.rays, int32(p.numCells))
		}
	}
}

// everySource is longTable.sources when the rule's first leaps are not
// found on bitsets: every piece the rule selects is walked from.
func (g *gen) everySource() bool { return false }

// kindSources is longTable.sources for a rule that moves some kinds only:
// it marks the pieces of the codes the rule may move.
func (g *gen) kindSources() bool {
	s := g.s
	nw := s.numWords
	mark := s.mark[:nw]
	clear(mark)
	for _, code := range g.r.longTable.codes[g.mover] {
		set := s.occC[int(code)*nw : int(code)*nw+nw]
		for w := range mark {
			mark[w] |= set[w]
		}
	}
	return true
}

// firstLeapSources is longTable.sources for a shift rule: the pieces
// that have a first leap, by bitset shifts.
func (g *gen) firstLeapSources() bool {
	g.markShift()
	return true
}

// longWalk is one run of the long-leap table for the mover: the rule's
// tables for the mover and the cells the chains are explored on.
type longWalk struct {
	g                  *gen
	lt                 *longTable
	over, hurdle, onto []uint8
	stride             int
	cells              []uint16
}

// longTableLeaps emits the moves of a long rule with the long-leap table:
// the rule's pieces in cell order, the mover's directions in order, along
// each ray the landings outwards, each chain depth first (as longDFS).
func (g *gen) longTableLeaps() {
	p, s, r := g.p, g.s, g.r
	lt := r.longTable
	marked := lt.sources(g)
	if marked && noneMarked(s.mark[:s.numWords]) {
		return
	}
	mv := g.mover
	tab := lt.tabSize
	w := longWalk{g: g, lt: lt, stride: lt.stride, cells: s.cellsW,
		over: lt.over[mv*tab : (mv+1)*tab], hurdle: lt.hurdle[mv*tab : (mv+1)*tab], onto: lt.onto[mv*tab : (mv+1)*tab]}
	source, sourceStride := lt.source[mv*lt.sourceSize:(mv+1)*lt.sourceSize], lt.sourceStride
	all := r.dirs[mv]
	g.dirs = all
	for wd := 0; wd < s.numWords; wd++ {
		for word := g.sources(wd, marked); word != 0; word &= word - 1 {
			c := int(p.cellOf[wd<<6|bits.TrailingZeros64(word)])
			code := s.cells[c]
			if !source[c*sourceStride+int(code)] {
				continue
			}
			g.piece = code
			s.path = append(s.path[:0], uint32(c))
			if r.keepsFirstDir { // one first direction at a time (eachFirstDir)
				for i := range all {
					g.dirs = all[i : i+1]
					if w.from(c); g.found {
						break
					}
				}
				g.dirs = all
			} else {
				w.from(c)
			}
			s.path = s.path[:0]
			if g.found {
				return
			}
		}
	}
}

// noneMarked tells whether no bit of mark is set.
func noneMarked(mark []uint64) bool {
	var any uint64
	for _, w := range mark {
		any |= w
	}
	return any == 0
}

// from explores the leaps of the moving piece g.pc, now on cell c: along
// each direction's ray, a cell is a landing when the leap is long enough,
// the hurdle (if the rule has one) was passed and Onto holds; the walk
// goes on past a cell satisfying Over, or the first satisfying Hurdle,
// and stops at any other (a taken piece, the sentinel). It reports
// whether a leap was made.
func (w *longWalk) from(c int) bool {
	g, lt, cells, stride := w.g, w.lt, w.cells, w.stride
	nd := g.p.numDirs
	any := false
	for _, d := range g.dirs {
		ray := lt.rays[lt.rayAt[c*nd+int(d)]:]
		passed := lt.noHurdle
		for k, x := range ray {
			i := int(x)*stride + int(cells[x])
			if k >= lt.shortest-1 && passed&w.onto[i] != 0 {
				any = w.leap(c, ray[:k], int(x), int(d)) || any
				if g.found {
					return true
				}
			}
			if w.over[i] != 0 {
				continue
			}
			if passed == 0 && w.hurdle[i] != 0 {
				passed = 1
				continue
			}
			break
		}
	}
	return any
}

// leap plays the leap of g.pc from c over the cells jumped onto land in
// direction d on the cells (taking what the rule captures: off the
// board, or marked with the wall code until the move's end), explores
// what follows by the chain policy, and takes it back. It reports
// whether the leap was made (a leap taking nothing may not come back on
// its path).
func (w *longWalk) leap(c int, jumped []int32, land, d int) bool {
	g, cells := w.g, w.cells
	s, r := g.s, g.r
	capBase := len(s.caps)
	if r.capture == ir.CaptureJumped {
		mark := w.lt.jumpedMark
		for _, y := range jumped {
			if old := cells[y]; old != 0 {
				s.caps = append(s.caps, change{cell: y, old: old})
				cells[y] = mark
			}
		}
	}
	under := cells[land]
	if g.revisits(under != 0 || len(s.caps) > capBase, int32(land)) {
		return false // nothing was taken, nothing to restore
	}
	cells[c] = 0
	cells[land] = g.piece
	s.path = append(s.path, uint32(land)|uint32(d)<<16)
	more := g.leapOn(g.promotesAt(land))
	g.leapOff(more, more != ir.ChainNone && w.from(land))
	s.path = s.path[:len(s.path)-1]
	cells[land] = under
	cells[c] = g.piece
	for j := len(s.caps) - 1; j >= capBase; j-- {
		cells[s.caps[j].cell] = s.caps[j].old
	}
	s.caps = s.caps[:capBase]
	return true
}
