package core

import (
	"github.com/ruleplay/ruleplay/ir"
)

// The State, and make and unmake in short.
//
// A State has three parts (state.go): the position (cells, stacks, the
// derived indexes: occupancy sets per owner, and per piece code only when
// something reads them; pieces on target when pieces have targets; the
// mailbox when a rule uses it; counters, and the rules' counters
// (position.ctr); the cell the last move ended on, kept by Apply only
// when a rule reads it: Program.keepLast), which Clone and CopyFrom copy;
// the history of undo records; and the scratch space of move generation,
// which each State owns so that States can be used by several goroutines
// at once. State.put is the one place the derived indexes are updated,
// but for the make accelerators below.
//
// Each kind of move is made and unmade by the maker it got at compile
// time (make.go, compilePlay): rule.play, one function that makes a
// move with its undo frame or without; Apply calls it and decides the
// end. Every move leaves one frame (one format: frame),
// whose kind names its unmake (unmakes); Undo calls it. The general
// maker (doMove; the reference) moves the pieces with the rule's cells
// function (rule.cells), records each change, keeps the last cell and
// the rules' counters when the game reads them, and is undone by
// undoRecords (Program.revert). Three accelerators choose other makers,
// each in its file with its class and reasons: flat-make (make_flat.go:
// a leap's records written and the occupancy sets updated once, reverted
// in one loop), direct-make (make_direct.go: leaps without undo records,
// each cell set with its indexes at once), fused-make (make_fused.go:
// leaps and jumps made and unmade on a small board's fixed-size arrays,
// a move of one leap kept in its frame itself).
//
// Apply changes the position in place and pushes the old contents of
// every changed cell and the old counters (and last cell) on the history
// (a fused move: its frame alone); Undo pops them. A State that is only
// played forward (a playout's scratch copy: SetUndo false) skips the history
// when applying moves; the moves that generation itself tries and takes
// back are recorded either way. Chains are explored during generation by
// changing and restoring the cells (or the strategy's own representation)
// directly. The end of the game (goal, ply limit, passes) is decided in
// Apply and stored in the position; a turn-start goal and the absence of
// a legal move are found when moves are generated.

// Make and unmake, the core.
//
// Each kind of move gets its maker once, at compile time (compilePlay): a
// rule's moves rule.play, a pass generalMaker. A maker is one function,
// play, that makes a move with its undo frame or, when the State records
// none (State.SetUndo(false)), without. Apply calls it and decides the
// end of the game; nothing at run time chooses the maker again. Seven
// functions make and unmake every move: the makes doMove (general),
// doDirectLeaps (direct-make), doFusedLeap (fused-make: leaps, chains,
// removals); the unmakes undoRecords (general, drops included),
// undoLeap, undoFused and undoTake (fused-make).
//
// Every move leaves one frame (frame), whose kind names its unmake
// (unmakes); Undo pops the frame and calls it.
//
// The general maker is the reference. Its make, doMove, pushes a frame
// of the counters, moves the pieces with the rule's cells function
// (rule.cells: moveLeaps, moveLeapsLong, takeCell, moveGroup, dropPiece),
// each change recorded by lift, drop and clear, then keeps the last cell
// and the rules' counters when the game reads them, and gives the turn.
// Its unmake, undoRecords (for a drop it also gives the piece back to
// the hand), reverts the records with Program.revert
// (revertPut; revertStacked in a stacking game) and restores the
// counters.
//
// The accelerators choose other functions for the classes they serve:
// flat-make (make_flat.go: a leap's records written and the occupancy
// sets updated once, reverted in one loop), direct-make (make_direct.go:
// leaps without undo records, each cell set with its indexes at once) and
// fused-make (make_fused.go: leaps and jumps made and unmade on a small
// board's fixed-size arrays, with frames that hold the leap itself).

// Maker makes the moves of one kind: play plays move m of ml (the list
// Legal filled) on s, with its undo frame when logged, gives the turn to
// the next player and returns the mover; it does not decide the end of
// the game (Apply does).
type Maker struct {
	Play func(p *Program, s *State, ml *MoveList, m Mv, logged bool) (mover int)
	// unit: the accelerator that chose this maker (accelCount: the core's)
	Unit Accel
}

// GeneralMaker is the core's maker, for every kind of move.
var GeneralMaker = Maker{Play: (*Program).DoMove, Unit: AccelCount}

// Unmake takes back a frame (Program.unmakes holds one per frame kind).
type Unmake func(p *Program, s *State, f *Frame)

// CoreUnmakes are the core's unmakes, by frame kind; the makers an
// accelerator brings add theirs (compilePlay).
var CoreUnmakes = [8]Unmake{
	frameRecords: (*Program).undoRecords,
	frameDrop:    (*Program).undoRecords,
	frameSwap:    (*Program).undoSwap,
}

// MadeBy tells whether the make accelerator a serves the whole Program
// (it recorded no reason to decline: compilePlay).
func (p *Program) MadeBy(a Accel) bool {
	for _, d := range p.Declines {
		if d.Scope == ScopeProgram && d.Accel == a {
			return false
		}
	}
	return true
}

// Apply plays move i of ml (ml must be the list Legal filled for s) in place
// and decides whether the game ends: an after-move goal of the mover, then
// the passes in a row, then the ply limit. An index out of range does
// nothing. The move is made by its kind's maker (rule.play; a pass's is
// generalMaker), with an undo frame or, when s records none
// (State.SetUndo), without. The swap (turns.go) moves nothing and ends
// nothing: doSwap makes it.
func (p *Program) Apply(s *State, ml *MoveList, i int) {
	if uint(i) >= uint(len(ml.Moves)) {
		return
	}
	m := ml.Moves[i]
	var mk *Maker
	switch {
	case m.Rule >= 0:
		mk = &p.Rules[m.Rule].Play
	case m.Rule == RuleSwap:
		p.doSwap(s)
		return
	default:
		mk = &p.PassMaker
	}
	mover := mk.Play(p, s, ml, m, !s.Unlogged)
	if len(p.GoalsAfter) > 0 && p.GoalReached(s, mover) {
		return
	}
	if m.Rule < 0 && p.Passes > 0 && s.Passes >= p.Passes {
		s.End = EndPasses
		return
	}
	if p.Limit > 0 && s.PlyCount >= p.Limit {
		s.End = EndLimit
	}
}

// GoalReached tells whether an after-move goal holds for mover, and
// then ends the game as the goal says.
func (p *Program) GoalReached(s *State, mover int) bool {
	c := &s.ectx
	if c.P != p {
		c.P = p
	}
	if c.S != s {
		c.S = s
	}
	c.Own, c.Opp = mover, p.After(mover)
	for _, gl := range p.GoalsAfter {
		if gl.F(c) != 0 {
			s.End, s.Winner = EndGoal, mover
			if gl.Lose {
				s.End = EndLose
			} else if gl.Draw {
				s.End = EndDraw
			}
			return true
		}
	}
	return false
}

// Undo takes back the last Apply (nothing when there is none): the
// unmake its frame names.
func (p *Program) Undo(s *State) {
	n := len(s.Frames) - 1
	if n < 0 {
		return
	}
	f := &s.Frames[n]
	s.Frames = s.Frames[:n]
	p.Unmakes[f.Kind&uint8(len(p.Unmakes)-1)](p, s, f)
}

// DoMove is the general make: move m of ml played on s, with its undo
// frame when logged (State.skipLog tells the cells functions it is
// not). Move generation's filters call it too, to play a move and take
// it back. It does not decide the end of the game; it returns the mover.
func (p *Program) DoMove(s *State, ml *MoveList, m Mv, logged bool) (mover int) {
	s.SkipLog = !logged
	mover = s.Mover
	if !s.SkipLog {
		s.Frames = append(s.Frames, Frame{
			Nch: int32(len(s.Changes)), Mover: int8(mover), Passes: int32(s.Passes),
			End: s.End, Winner: int8(s.Winner), Last: s.Last,
			Captured: s.CapturedBy[mover], Points: s.Points[mover],
		})
	}
	moved, before := -1, int32(0)
	if p.Ctrs != nil {
		moved, before = p.movedKind(s, ml, m), s.CapturedBy[mover]
		if !s.SkipLog {
			s.ctrLog = append(s.ctrLog, s.Ctr...)
		}
	}
	if m.Rule < 0 {
		s.Passes++
	} else {
		s.Passes = 0
		r := &p.Rules[m.Rule]
		r.Cells(p, s, r, mover, ml.Arena[m.Off:m.Off+m.N])
	}
	p.NextTurn(s, mover)
	if p.KeepLast {
		s.Last = p.lastCell(m, ml)
	}
	if p.Ctrs != nil {
		p.countMove(s, mover, moved, int(s.CapturedBy[mover]-before), m.Rule < 0)
	}
	s.SkipLog = false
	return mover
}

// movedKind is the kind of the piece move m moves (the piece a drop
// places), -1 for a pass or a removal: what a counter's `moved` reads.
func (p *Program) movedKind(s *State, ml *MoveList, m Mv) int {
	switch {
	case m.Rule < 0 || p.Rules[m.Rule].Action == ir.Remove:
		return -1
	case p.Rules[m.Rule].Action == ir.Drop:
		return int(p.CodeKind[ml.Arena[m.Off]>>16&DirMask])
	}
	return int(p.CodeKind[s.Cells[ml.Arena[m.Off]]])
}

// countMove updates the rules' counters after mover's move: each goes up
// by one when its condition holds for the move (the kind moved, the
// pieces taken, a pass) and its while on the position, back to 0
// otherwise (counted.go).
func (p *Program) countMove(s *State, mover, moved, caps int, pass bool) {
	c := &s.ectx
	*c = Ectx{P: p, S: s, Own: mover, Opp: p.After(mover)}
	c.moved, c.caps, c.pass = moved, caps, pass
	for k, f := range p.Ctrs {
		if f(c) != 0 {
			s.Ctr[k]++
		} else {
			s.Ctr[k] = 0
		}
	}
	for k := range p.Counted {
		p.Counted[k].count(s, c, mover)
	}
}

// NextTurn gives the turn after mover's move to the next player: the
// turn order's player of the new ply, or the player after mover.
func (p *Program) NextTurn(s *State, mover int) {
	s.PlyCount++
	s.Turns[mover]++
	if p.Order != nil {
		s.Mover = p.Order.At(s.PlyCount)
		return
	}
	s.Mover = p.After(mover)
}

// lastCell is the cell move m of ml ends on (State.last): a removal's
// cell, a leap's final landing, a group move's head destination; -1 for
// a pass.
func (p *Program) lastCell(m Mv, ml *MoveList) int32 {
	if m.Rule < 0 || m.N == 0 {
		return -1
	}
	path := ml.Arena[m.Off : m.Off+m.N]
	switch p.Rules[m.Rule].Action {
	case ir.Remove:
		return int32(path[0] & 0xffff)
	case ir.Group:
		return int32(path[1] & 0xffff)
	}
	return int32(path[len(path)-1] & 0xffff)
}

// undoRecords is the general unmake (frameRecords; frameDrop, a drop's,
// whose one record is the drop: the piece on its cell goes back to the
// hand first): the move's records reverted, the last first
// (Program.revert), then the counters the frame kept and the rules'
// counters restored.
func (p *Program) undoRecords(s *State, f *Frame) {
	if f.Kind == frameDrop {
		s.Hand[s.Cells[s.Changes[f.Nch].Cell]]++
	}
	p.Revert(p, s, s.Changes[f.Nch:])
	s.Changes = s.Changes[:f.Nch]
	f.RestoreCounters(s)
	if s.Ctr != nil {
		k := len(s.ctrLog) - len(s.Ctr)
		copy(s.Ctr, s.ctrLog[k:])
		s.ctrLog = s.ctrLog[:k]
	}
}

// RestoreCounters gives the turn of the move of frame f back to its
// mover and restores the counters f kept.
func (f *Frame) RestoreCounters(s *State) {
	mover := int(f.Mover)
	s.PlyCount--
	s.Turns[mover]--
	s.Mover = mover
	s.Passes = int(f.Passes)
	s.End, s.Winner = f.End, int(f.Winner)
	s.CapturedBy[mover], s.Points[mover] = f.Captured, f.Points
	s.Last = f.Last
}

// RevertPut reverts records recs, the last first, in a game without
// stacks: each record is a cell's old code, put back.
func (p *Program) RevertPut(s *State, recs []Change) {
	for j := len(recs) - 1; j >= 0; j-- {
		s.put(p, int(recs[j].Cell), recs[j].Old)
	}
}

// RevertStacked reverts records recs, the last first, in a stacking
// game: a push is popped, a pop pushed back, a set set back.
func (p *Program) RevertStacked(s *State, recs []Change) {
	for j := len(recs) - 1; j >= 0; j-- {
		ch := recs[j]
		switch ch.Arg {
		case opPush:
			s.pop(p, int(ch.Cell))
		case opPop:
			s.push(p, int(ch.Cell), ch.Old)
		default:
			s.setTop(p, int(ch.Cell), ch.Old)
		}
	}
}

// MoveLeaps moves the piece of a move of leap rule r whose path is
// [start, landing|d<<16...], each change recorded (lift, drop): the piece
// leaves its start, takes what the rule captures on the way, and lands on
// the last landing, promoted there when a promotion applies.
func (p *Program) MoveLeaps(s *State, r *Rule, mover int, path []uint32) {
	start := int(path[0])
	pc := s.lift(p, start)
	cur := start
	switch r.Capture {
	case ir.CaptureJumped:
		L := int(r.LenCode[pc])
		leap := r.LeapCode[pc]
		for _, e := range path[1:] {
			land, d := int(e&0xffff), int(e>>16&DirMask)
			base := (cur*p.NumDirs + d) * L
			for _, x := range leap[base : base+L-1] {
				if s.Cells[x] != 0 {
					p.take(s, mover, int(x))
				}
			}
			cur = land
		}
	case ir.CaptureLanding:
		for _, e := range path[1:] {
			cur = int(e & 0xffff)
			if s.Cells[cur] != 0 {
				p.take(s, mover, cur)
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
	s.drop(p, cur, pc)
}

// take removes the (top) piece on cell c; mover captures it.
func (p *Program) take(s *State, mover, c int) {
	s.CapturedBy[mover]++
	s.Points[mover] += p.CodePoints[s.lift(p, c)]
}

// TakeCell is a removal's cells function: the piece on the path's one
// cell taken.
func (p *Program) TakeCell(s *State, _ *Rule, mover int, path []uint32) {
	p.take(s, mover, int(path[0]))
}

// DropPiece is a drop's cells function: the piece of the path's code put
// on its cell, taken from the hand (the frame says so: frameDrop).
func (p *Program) DropPiece(s *State, _ *Rule, _ int, path []uint32) {
	cell, code := int(path[0]&0xffff), uint16(path[0]>>16&DirMask)
	s.drop(p, cell, code)
	s.Hand[code]--
	if !s.SkipLog {
		s.Frames[len(s.Frames)-1].Kind = frameDrop
	}
}

// MoveGroup moves the group of a group move whose path is [head,
// dest|d<<16|flags] or [head, dest|d<<16|flags, tail|flagTail].
func (p *Program) MoveGroup(s *State, r *Rule, mover int, path []uint32) {
	nd := p.NumDirs
	head := int(path[0])
	dest, d := int(path[1]&0xffff), int(path[1]>>16&DirMask)
	tail := head
	if len(path) == 3 {
		tail = int(path[2] & 0xffff)
	}
	// The enemy run, measured before anything moves.
	run := 0
	if path[1]&FlagCapture != 0 {
		run = 1
		if r.TakesWholeRun {
			c := p.GuardCtx(s)
			for y := p.Neighbours[dest*nd+d]; y >= 0; y = p.Neighbours[int(y)*nd+d] {
				c.Cell, c.Code = int(y), int(s.Cells[y])
				c.Mcode, c.Level = int(s.Cells[head]), s.height(head)-1
				if r.Enemy(c) == 0 {
					break
				}
				run++
			}
		}
	}
	// Lift the group, tail first.
	buf := s.gbuf[:0]
	for c := tail; ; c = int(p.Neighbours[c*nd+d]) {
		buf = append(buf, s.lift(p, c))
		if c == head {
			break
		}
	}
	s.gbuf = buf
	for i, y := 0, dest; i < run; i, y = i+1, int(p.Neighbours[y*nd+d]) {
		p.take(s, mover, y)
	}
	// The distance: the tail moves as far as the head.
	dist := 0
	for c := head; c != dest; c = int(p.Neighbours[c*nd+d]) {
		dist++
	}
	to := tail
	for i := 0; i < dist; i++ {
		to = int(p.Neighbours[to*nd+d])
	}
	for _, code := range buf {
		if pr := p.PromoteTo(code, to); pr != 0 {
			code = pr
		}
		s.drop(p, to, code)
		if to != dest {
			to = int(p.Neighbours[to*nd+d])
		}
	}
}
