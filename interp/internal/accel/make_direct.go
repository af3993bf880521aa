package accel

import (
	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
)

// direct-make: the leaps of a game without stacks or pieces with
// targets, made without undo records (State.SetUndo(false): playouts).
//
// Without undo records the general make still goes through its frame
// checks, the rule's cells function and State.put, which checks on each
// call which indexes the Program keeps. A leap rule's moves in a Program
// whose moves do nothing more than move pieces (no last cell kept, no
// rules' counters) get directLeapMaker instead: each cell the move
// changes gets its code and its indexes at once (unsetFlat, setFlat), and
// nothing else is done but the turn. Its moves with undo records are the
// general make's.

// DirectLeapMaker makes a leap rule's moves under direct-make.
var DirectLeapMaker = core.Maker{Play: doDirectLeaps, Unit: core.AccelDirectMake}

// doDirectLeaps is directLeapMaker's make: with undo records the general
// make's (doMove); without, the cells (leapsUnlogged), the passes and
// the turn.
func doDirectLeaps(p *core.Program, s *core.State, ml *core.MoveList, m core.Mv, logged bool) int {
	if logged {
		return p.DoMove(s, ml, m, true)
	}
	mover := s.Mover
	leapsUnlogged(p, s, &p.Rules[m.Rule], mover, ml.Arena[m.Off:m.Off+m.N])
	s.Passes = 0
	p.NextTurn(s, mover)
	return mover
}

// leapsUnlogged moves the piece of a move of leap rule r without undo
// records: each cell the move changes gets its code and indexes, the
// sets per code included, at once (unsetFlat, setFlat). (flat-make's
// moveLeapsFlat calls it without records too.)
func leapsUnlogged(p *core.Program, s *core.State, r *core.Rule, mover int, path []uint32) {
	cells := s.Cells
	start := int(path[0])
	pc := cells[start]
	unsetFlat(s, p, start, pc)
	cur := start
	switch r.Capture {
	case ir.CaptureJumped:
		L := int(r.LenCode[pc])
		leap := r.LeapCode[pc]
		for _, e := range path[1:] {
			base := (cur*p.NumDirs + int(e>>16&core.DirMask)) * L
			for _, x := range leap[base : base+L-1] {
				if old := cells[x]; old != 0 {
					unsetFlat(s, p, int(x), old)
					s.CapturedBy[mover]++
					s.Points[mover] += p.CodePoints[old]
				}
			}
			cur = int(e & 0xffff)
		}
	case ir.CaptureLanding:
		for _, e := range path[1:] {
			cur = int(e & 0xffff)
			if old := cells[cur]; old != 0 {
				unsetFlat(s, p, cur, old)
				s.CapturedBy[mover]++
				s.Points[mover] += p.CodePoints[old]
			}
		}
	default:
		cur = int(path[len(path)-1] & 0xffff)
	}
	if len(p.Promos[pc]) > 0 {
		if to := p.PromoteTo(pc, cur); to != 0 {
			pc = to
		}
	}
	if old := cells[cur]; old != 0 {
		unsetFlat(s, p, cur, old) // (a landing on a piece it does not take)
	}
	setFlat(s, p, cur, pc)
}

// unsetFlat empties cell c, which holds code, under direct-make, and
// updates the derived indexes (no undo record).
func unsetFlat(s *core.State, p *core.Program, c int, code uint16) {
	cb := &p.CellB[c]
	s.Cells[c] = 0
	s.Occ[int(p.CodeOcc[code])+int(cb.W)] &^= cb.M
	if s.OccC != nil {
		s.OccC[int(code)*s.NumWords+int(cb.W)] &^= cb.M
	}
	if s.Mailbox != nil {
		s.Mailbox[cb.Slot&core.MbMask] = 0
	}
}

// setFlat puts code (not 0) on the empty cell c under direct-make, and
// updates the derived indexes (no undo record).
func setFlat(s *core.State, p *core.Program, c int, code uint16) {
	cb := &p.CellB[c]
	s.Cells[c] = code
	s.Occ[int(p.CodeOcc[code])+int(cb.W)] |= cb.M
	if s.OccC != nil {
		s.OccC[int(code)*s.NumWords+int(cb.W)] |= cb.M
	}
	if s.Mailbox != nil {
		s.Mailbox[cb.Slot&core.MbMask] = 1
	}
}
