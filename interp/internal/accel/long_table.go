package accel

import (
	"math/bits"

	"github.com/ruleplay/ruleplay/interp/internal/core"
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

// LongTableStrategy serves long rules with local conditions.
type LongTableStrategy struct{}

func (LongTableStrategy) Moves(g *core.Gen) { longTableLeaps(g) }
func (LongTableStrategy) Name() string      { return "long-leap table" }

// LongConds tabulates the rule's Over, Hurdle and Onto per mover (by
// code alone when none reads the cell), Onto holding on empty cells
// only unless the rule captures by landing, and the mark of a jumped
// piece.
func LongConds(p *core.Program, lt *LongTable, r *core.Rule, m *ir.MoveRule) {
	_, od := p.IsLocal(m.Over)
	_, hd := p.IsLocal(m.Hurdle)
	_, nd := p.IsLocal(m.Onto)
	codes := p.Ncodes + 1
	lt.Stride, lt.TabSize = 0, codes
	if od || hd || nd {
		lt.Stride, lt.TabSize = codes, (p.NumCells+1)*codes
	}
	lt.Over = p.CondTable(r.Over, lt.Stride, lt.TabSize)
	lt.Onto = p.CondTable(r.Onto, lt.Stride, lt.TabSize)
	if r.Long.Hurdle != nil {
		lt.Hurdle = p.CondTable(r.Long.Hurdle, lt.Stride, lt.TabSize)
	} else {
		lt.Hurdle = make([]uint8, p.Players*lt.TabSize)
		lt.NoHurdle = 1
	}
	if r.Capture != ir.CaptureLanding { // a piece is landed on only to take it
		for mv := 0; mv < p.Players; mv++ {
			for cell := 0; cell <= p.NumCells; cell++ {
				for code := 1; code < codes; code++ {
					lt.Onto[mv*lt.TabSize+cell*lt.Stride+code] = 0
				}
				if lt.Stride == 0 {
					break
				}
			}
		}
	}
	if r.Long.TakenAtEnd {
		lt.JumpedMark = uint16(p.Ncodes) // the wall code
	}
}

// LongSources tabulates the pieces the rule moves (Who, Kinds, a leap
// length, From) per mover, by code or by cell and code when From reads
// the cell, and lists per mover the codes it may move; it reports
// whether the rule leaves some of the mover's pieces out (some kinds
// only).
func LongSources(p *core.Program, lt *LongTable, r *core.Rule, m *ir.MoveRule) (restricts bool) {
	ncell := 1
	lt.SourceSize = p.Ncodes
	if _, fd := p.IsLocal(m.From); fd {
		ncell, lt.SourceStride, lt.SourceSize = p.NumCells, p.Ncodes, p.NumCells*p.Ncodes
	}
	lt.Source = make([]bool, p.Players*lt.SourceSize)
	lt.Codes = make([][]uint16, p.Players)
	fc := &core.Ectx{P: p}
	for mv := 0; mv < p.Players; mv++ {
		fc.Own, fc.Opp = mv, (mv+1)%p.Players
		for code := 1; code < p.Ncodes; code++ {
			moves := false
			for cell := 0; cell < ncell; cell++ {
				ok := p.Selects(r, mv, code) && r.LenCode[code] != 0
				if ok && r.From != nil {
					fc.Cell, fc.Code, fc.Mcode = cell, code, code
					ok = r.From(fc) != 0
				}
				lt.Source[mv*lt.SourceSize+cell*lt.SourceStride+code] = ok
				moves = moves || ok
			}
			if moves {
				lt.Codes[mv] = append(lt.Codes[mv], uint16(code))
			} else if core.WhoMatch(r.Who, mv, p.CodeOwner[code]) {
				restricts = true
			}
		}
	}
	return restricts
}

// LongRays lists the ray of every cell and direction, at most the
// rule's longest leap, each ended by the sentinel cell.
func LongRays(p *core.Program, lt *LongTable, r *core.Rule) {
	lt.RayAt = make([]int32, p.NumCells*p.NumDirs)
	for c := 0; c < p.NumCells; c++ {
		for d := 0; d < p.NumDirs; d++ {
			lt.RayAt[c*p.NumDirs+d] = int32(len(lt.Rays))
			x := c
			for k := 1; k <= r.Long.MaxLength; k++ {
				if x = int(p.Neighbours[x*p.NumDirs+d]); x < 0 {
					break
				}
				lt.Rays = append(lt.Rays, int32(x))
			}
			lt.Rays = append(lt.Rays, int32(p.NumCells))
		}
	}
}

// EverySource is longTable.sources when the rule's first leaps are not
// found on bitsets: every piece the rule selects is walked from.
func EverySource(g *core.Gen) bool { return false }

// KindSources is longTable.sources for a rule that moves some kinds only:
// it marks the pieces of the codes the rule may move.
func KindSources(g *core.Gen) bool {
	s := g.S
	nw := s.NumWords
	mark := s.Mark[:nw]
	clear(mark)
	for _, code := range Tables(g.R).LongTable.Codes[g.Mover] {
		set := s.OccC[int(code)*nw : int(code)*nw+nw]
		for w := range mark {
			mark[w] |= set[w]
		}
	}
	return true
}

// FirstLeapSources is longTable.sources for a shift rule: the pieces
// that have a first leap, by bitset shifts.
func FirstLeapSources(g *core.Gen) bool {
	markShift(g)
	return true
}

// longWalk is one run of the long-leap table for the mover: the rule's
// tables for the mover and the cells the chains are explored on.
type longWalk struct {
	g                  *core.Gen
	lt                 *LongTable
	over, hurdle, onto []uint8
	stride             int
	cells              []uint16
}

// longTableLeaps emits the moves of a long rule with the long-leap table:
// the rule's pieces in cell order, the mover's directions in order, along
// each ray the landings outwards, each chain depth first (as longDFS).
func longTableLeaps(g *core.Gen) {
	p, s, r := g.P, g.S, g.R
	lt := Tables(r).LongTable
	marked := lt.Sources(g)
	if marked && noneMarked(s.Mark[:s.NumWords]) {
		return
	}
	mv := g.Mover
	tab := lt.TabSize
	w := longWalk{g: g, lt: lt, stride: lt.Stride, cells: s.CellsW,
		over: lt.Over[mv*tab : (mv+1)*tab], hurdle: lt.Hurdle[mv*tab : (mv+1)*tab], onto: lt.Onto[mv*tab : (mv+1)*tab]}
	source, sourceStride := lt.Source[mv*lt.SourceSize:(mv+1)*lt.SourceSize], lt.SourceStride
	all, firstDirs := r.Dirs[mv], lt.FirstDirs[mv]
	g.Dirs = all
	for wd := 0; wd < s.NumWords; wd++ {
		for word := genSources(g, wd, marked); word != 0; word &= word - 1 {
			c := int(p.CellOf[wd<<6|bits.TrailingZeros64(word)])
			code := s.Cells[c]
			if !source[c*sourceStride+int(code)] {
				continue
			}
			g.Piece = code
			s.Path = append(s.Path[:0], uint32(c))
			for _, dirs := range firstDirs {
				g.Dirs = dirs
				if w.from(c); g.Found {
					break
				}
			}
			g.Dirs = all
			s.Path = s.Path[:0]
			if g.Found {
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
	nd := g.P.NumDirs
	any := false
	for _, d := range g.Dirs {
		ray := lt.Rays[lt.RayAt[c*nd+int(d)]:]
		passed := lt.NoHurdle
		for k, x := range ray {
			i := int(x)*stride + int(cells[x])
			if k >= lt.Shortest-1 && passed&w.onto[i] != 0 {
				any = w.leap(c, ray[:k], int(x), int(d)) || any
				if g.Found {
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
	s, r := g.S, g.R
	capBase := len(s.Caps)
	if r.Capture == ir.CaptureJumped {
		mark := w.lt.JumpedMark
		for _, y := range jumped {
			if old := cells[y]; old != 0 {
				s.Caps = append(s.Caps, core.Change{Cell: y, Old: old})
				cells[y] = mark
			}
		}
	}
	under := cells[land]
	if g.Revisits(under != 0 || len(s.Caps) > capBase, int32(land)) {
		return false // nothing was taken, nothing to restore
	}
	cells[c] = 0
	cells[land] = g.Piece
	s.Path = append(s.Path, uint32(land)|uint32(d)<<16)
	more := g.LeapOn(g.PromotesAt(land))
	g.LeapOff(more, more != ir.ChainNone && w.from(land))
	s.Path = s.Path[:len(s.Path)-1]
	cells[land] = under
	cells[c] = g.Piece
	for j := len(s.Caps) - 1; j >= capBase; j-- {
		cells[s.Caps[j].Cell] = s.Caps[j].Old
	}
	s.Caps = s.Caps[:capBase]
	return true
}

// LongTable is what the long-leap table needs of a rule (RuleTables.LongTable).
type LongTable struct {
	// over, hurdle, onto: per mover, [mover*tabSize + cell*stride + code],
	// 1 where the condition holds (onto: and the cell may be landed on)
	Over, Hurdle, Onto []uint8
	Stride, TabSize    int
	// source: per mover, [mover*sourceSize + cell*sourceStride + code]:
	// the rule moves the piece (From by code alone when it does not read
	// the cell: sourceStride 0)
	Source                   []bool
	SourceStride, SourceSize int
	// rayAt[c*nd+d] is where the ray of cell c in direction d begins in
	// rays: its cells outwards, at most the longest leap, then the
	// sentinel cell nc
	RayAt []int32
	Rays  []int32
	// shortest: the shortest leap, in cells
	Shortest int
	// NoHurdle is 1 when the rule has no hurdle (a landing needs none
	// passed), 0 when it has one
	NoHurdle uint8
	// JumpedMark is the code a piece jumped by a rule capturing the
	// jumped pieces leaves on its cell while the chain is explored: the
	// wall code when it is taken at the end, empty when at once
	JumpedMark uint16
	// Sources finds the pieces to walk from: it marks in State.mark those
	// that have a first leap and reports true, or reports false (every
	// piece the rule selects)
	Sources func(g *core.Gen) bool
	// codes: per mover, the piece codes the rule may move (kindSources)
	Codes [][]uint16
	// FirstDirs: per mover, the sets of directions a piece's moves are
	// walked with, one after the other: all of them at once, or one
	// first direction at a time when the chain keeps its first direction
	// (Rule.KeepsFirstDir, chain.go: eachFirstDir)
	FirstDirs [][][]int32
}
