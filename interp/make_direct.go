package interp

import "github.com/ruleplay/ruleplay/ir"

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

// directLeapMaker makes a leap rule's moves under direct-make.
var directLeapMaker = maker{play: (*Program).doDirectLeaps, unit: accelDirectMake}

// doDirectLeaps is directLeapMaker's make: with undo records the general
// make's (doMove); without, the cells (leapsUnlogged), the passes and
// the turn.
func (p *Program) doDirectLeaps(s *State, ml *MoveList, m mv, logged bool) int {
	if logged {
		return p.doMove(s, ml, m, true)
	}
	mover := s.toMove
	p.leapsUnlogged(s, &p.rules[m.rule], mover, ml.arena[m.off:m.off+m.n])
	s.passes = 0
	p.nextTurn(s, mover)
	return mover
}

// leapsUnlogged moves the piece of a move of leap rule r without undo
// records: each cell the move changes gets its code and indexes, the
// sets per code included, at once (unsetFlat, setFlat). (flat-make's
// moveLeapsFlat calls it without records too.)
func (p *Program) leapsUnlogged(s *State, r *rule, mover int, path []uint32) {
	cells := s.cells
	start := int(path[0])
	pc := cells[start]
	s.unsetFlat(p, start, pc)
	cur := start
	switch r.capture {
	case ir.CaptureJumped:
		L := int(r.lenCode[pc])
		leap := r.leapCode[pc]
		for _, e := range path[1:] {
			base := (cur*p.numDirs + int(e>>16&dirMask)) * L
			for _, x := range leap[base : base+L-1] {
				if old := cells[x]; old != 0 {
					s.unsetFlat(p, int(x), old)
					s.captured[mover]++
					s.points[mover] += p.codePoints[old]
				}
			}
			cur = int(e & 0xffff)
		}
	case ir.CaptureLanding:
		for _, e := range path[1:] {
			cur = int(e & 0xffff)
			if old := cells[cur]; old != 0 {
				s.unsetFlat(p, cur, old)
				s.captured[mover]++
				s.points[mover] += p.codePoints[old]
			}
		}
	default:
		cur = int(path[len(path)-1] & 0xffff)
	}
	if len(p.promos[pc]) > 0 {
		if to := p.promoteTo(pc, cur); to != 0 {
			pc = to
		}
	}
	if old := cells[cur]; old != 0 {
		s.unsetFlat(p, cur, old) // (a landing on a piece it does not take)
	}
	s.setFlat(p, cur, pc)
}

// unsetFlat empties cell c, which holds code, under direct-make, and
// updates the derived indexes (no undo record).
func (s *State) unsetFlat(p *Program, c int, code uint16) {
	cb := &p.cellB[c]
	s.cells[c] = 0
	s.occ[int(p.codeOcc[code])+int(cb.w)] &^= cb.m
	if s.occC != nil {
		s.occC[int(code)*s.numWords+int(cb.w)] &^= cb.m
	}
	if s.mailbox != nil {
		s.mailbox[cb.slot&mbMask] = 0
	}
}

// setFlat puts code (not 0) on the empty cell c under direct-make, and
// updates the derived indexes (no undo record).
func (s *State) setFlat(p *Program, c int, code uint16) {
	cb := &p.cellB[c]
	s.cells[c] = code
	s.occ[int(p.codeOcc[code])+int(cb.w)] |= cb.m
	if s.occC != nil {
		s.occC[int(code)*s.numWords+int(cb.w)] |= cb.m
	}
	if s.mailbox != nil {
		s.mailbox[cb.slot&mbMask] = 1
	}
}
