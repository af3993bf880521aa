package accel

import (
	"github.com/ruleplay/ruleplay/interp/internal/core"
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

// MoveLeapsFlat is moveLeaps under flat-make: every cell it changes is a
// record of the cell's old and new code. With undo records it sets the
// cells and writes the records itself, then updates the derived indexes
// once (reindexOcc, inlined); without (State.skipLog) it is direct-make's
// leapsUnlogged.
func MoveLeapsFlat(p *core.Program, s *core.State, r *core.Rule, mover int, path []uint32) {
	if s.SkipLog {
		leapsUnlogged(p, s, r, mover, path)
		return
	}
	cells := s.Cells
	n0 := len(s.Changes)
	ch := s.Changes
	start := int(path[0])
	pc := cells[start]
	ch = append(ch, core.Change{Cell: int32(start), Old: pc})
	cells[start] = 0
	cur := start
	var took, pts int32
	switch r.Capture {
	case ir.CaptureJumped:
		L := int(r.LenCode[pc])
		leap := r.LeapCode[pc]
		for _, e := range path[1:] {
			base := (cur*p.NumDirs + int(e>>16&core.DirMask)) * L
			for j := base; j < base+L-1; j++ {
				x := leap[j]
				if old := cells[x]; old != 0 {
					ch = append(ch, core.Change{Cell: x, Old: old})
					cells[x] = 0
					took++
					pts += p.CodePoints[old]
				}
			}
			cur = int(e & 0xffff)
		}
	case ir.CaptureLanding:
		for _, e := range path[1:] {
			cur = int(e & 0xffff)
			if old := cells[cur]; old != 0 {
				ch = append(ch, core.Change{Cell: int32(cur), Old: old})
				cells[cur] = 0
				took++
				pts += p.CodePoints[old]
			}
		}
	default:
		cur = int(path[len(path)-1] & 0xffff)
	}
	if took != 0 {
		s.CapturedBy[mover] += took
		s.Points[mover] += pts
	}
	if len(p.Promos[pc]) > 0 {
		if to := p.PromoteTo(pc, cur); to != 0 {
			pc = to
		}
	}
	ch = append(ch, core.Change{Cell: int32(cur), Old: cells[cur], Arg: pc})
	cells[cur] = pc
	s.Changes = ch
	reindexOcc(s.Occ, s.Mailbox, p.CellB, p.CodeOcc, ch[n0:])
}

// reindexOcc updates the derived indexes under flat-make (the occupancy
// sets per slot and the mailbox, mb nil: none) as put does for the
// records recs, in order, each setting its cell from old to arg; the
// cells already hold their new codes. It is small enough to be inlined.
func reindexOcc(occ []uint64, mb *[core.MbSlots]uint8, cellB []core.CellBit, codeOcc []int32, recs []core.Change) {
	for _, r := range recs {
		cb := &cellB[r.Cell]
		if r.Old != 0 {
			occ[int(codeOcc[r.Old])+int(cb.W)] &^= cb.M
		}
		if r.Arg != 0 {
			occ[int(codeOcc[r.Arg])+int(cb.W)] |= cb.M
		}
		if mb != nil {
			mb[cb.Slot&core.MbMask] = uint8(core.B2i(r.Arg != 0))
		}
	}
}

// RevertFlat is Program.revert under flat-make: the records recs
// reverted, the last first, each cell getting its old code back and the
// derived indexes updated as put does, in one loop.
func RevertFlat(p *core.Program, s *core.State, recs []core.Change) {
	occ, mb, cells, cellB, codeOcc := s.Occ, s.Mailbox, s.Cells, p.CellB, p.CodeOcc
	for j := len(recs) - 1; j >= 0; j-- {
		r := &recs[j]
		cb := &cellB[r.Cell]
		w, m := int(cb.W), cb.M
		if r.Arg != 0 {
			occ[int(codeOcc[r.Arg])+w] &^= m
		}
		if r.Old != 0 {
			occ[int(codeOcc[r.Old])+w] |= m
		}
		if mb != nil {
			mb[cb.Slot&core.MbMask] = uint8(core.B2i(r.Old != 0))
		}
		cells[r.Cell] = r.Old
	}
}
