package interp

import (
	"cmp"

	"github.com/ruleplay/ruleplay/ir"
)

// flat-make: the leaps of a game without stacks, occupancy sets per piece
// code or pieces with targets, made with undo records.
//
// The general make moves a piece through State.put, which updates every
// derived index for each change and checks on each call which ones the
// Program keeps. When the position keeps only the cells, the occupancy
// sets per slot and the mailbox, a leap move (moveLeapsFlat) writes its
// cells and its records itself, each record holding the cell's old and
// new code, and then updates the sets and the mailbox for all its records
// in one loop (reindexOcc); the unmake of every frame of records
// (revertFlat, as Program.revert) reverts cells and indexes in one loop
// too. The records are those of the general make, so removals, drops and
// group moves made by it are reverted the same way.

// flatDeclines tells why flat-make does not serve the Program ("" when
// it does).
func (p *Program) flatDeclines() string {
	why := cmp.Or(p.off(accelFlatMake), p.makeDeclines())
	if why == "" && p.keepOccC {
		why = "the position keeps occupancy sets per piece code"
	}
	return why
}

// moveLeapsFlat is moveLeaps under flat-make: every cell it changes is a
// record of the cell's old and new code. With undo records it sets the
// cells and writes the records itself, then updates the derived indexes
// once (reindexOcc, inlined); without (State.skipLog) it is direct-make's
// leapsUnlogged.
func (p *Program) moveLeapsFlat(s *State, r *rule, mover int, path []uint32) {
	if s.skipLog {
		p.leapsUnlogged(s, r, mover, path)
		return
	}
	cells := s.cells
	n0 := len(s.changes)
	ch := s.changes
	start := int(path[0])
	pc := cells[start]
	ch = append(ch, change{cell: int32(start), old: pc})
	cells[start] = 0
	cur := start
	var took, pts int32
	switch r.capture {
	case ir.CaptureJumped:
		L := int(r.lenCode[pc])
		leap := r.leapCode[pc]
		for _, e := range path[1:] {
			base := (cur*p.numDirs + int(e>>16&dirMask)) * L
			for j := base; j < base+L-1; j++ {
				x := leap[j]
				if old := cells[x]; old != 0 {
					ch = append(ch, change{cell: x, old: old})
					cells[x] = 0
					took++
					pts += p.codePoints[old]
				}
			}
			cur = int(e & 0xffff)
		}
	case ir.CaptureLanding:
		for _, e := range path[1:] {
			cur = int(e & 0xffff)
			if old := cells[cur]; old != 0 {
				ch = append(ch, change{cell: int32(cur), old: old})
				cells[cur] = 0
				took++
				pts += p.codePoints[old]
			}
		}
	default:
		cur = int(path[len(path)-1] & 0xffff)
	}
	if took != 0 {
		s.captured[mover] += took
		s.points[mover] += pts
	}
	if len(p.promos[pc]) > 0 {
		if to := p.promoteTo(pc, cur); to != 0 {
			pc = to
		}
	}
	ch = append(ch, change{cell: int32(cur), old: cells[cur], arg: pc})
	cells[cur] = pc
	s.changes = ch
	reindexOcc(s.occ, s.mailbox, p.cellB, p.codeOcc, ch[n0:])
}

// reindexOcc updates the derived indexes under flat-make (the occupancy
// sets per slot and the mailbox, mb nil: none) as put does for the
// records recs, in order, each setting its cell from old to arg; the
// cells already hold their new codes. It is small enough to be inlined.
func reindexOcc(occ []uint64, mb *[mbSlots]uint8, cellB []cellBit, codeOcc []int32, recs []change) {
	for _, r := range recs {
		cb := &cellB[r.cell]
		if r.old != 0 {
			occ[int(codeOcc[r.old])+int(cb.w)] &^= cb.m
		}
		if r.arg != 0 {
			occ[int(codeOcc[r.arg])+int(cb.w)] |= cb.m
		}
		if mb != nil {
			mb[cb.slot&mbMask] = uint8(b2i(r.arg != 0))
		}
	}
}

// revertFlat is Program.revert under flat-make: the records recs
// reverted, the last first, each cell getting its old code back and the
// derived indexes updated as put does, in one loop.
func (p *Program) revertFlat(s *State, recs []change) {
	occ, mb, cells, cellB, codeOcc := s.occ, s.mailbox, s.cells, p.cellB, p.codeOcc
	for j := len(recs) - 1; j >= 0; j-- {
		r := &recs[j]
		cb := &cellB[r.cell]
		w, m := int(cb.w), cb.m
		if r.arg != 0 {
			occ[int(codeOcc[r.arg])+w] &^= m
		}
		if r.old != 0 {
			occ[int(codeOcc[r.old])+w] |= m
		}
		if mb != nil {
			mb[cb.slot&mbMask] = uint8(b2i(r.old != 0))
		}
		cells[r.cell] = r.old
	}
}
