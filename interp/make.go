package interp

import (
	"cmp"

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

// maker makes the moves of one kind: play plays move m of ml (the list
// Legal filled) on s, with its undo frame when logged, gives the turn to
// the next player and returns the mover; it does not decide the end of
// the game (Apply does).
type maker struct {
	play func(p *Program, s *State, ml *MoveList, m mv, logged bool) (mover int)
	// unit: the accelerator that chose this maker (accelCount: the core's)
	unit accel
}

// generalMaker is the core's maker, for every kind of move.
var generalMaker = maker{play: (*Program).doMove, unit: accelCount}

// unmake takes back a frame (Program.unmakes holds one per frame kind).
type unmake func(p *Program, s *State, f *frame)

// coreUnmakes are the core's unmakes, by frame kind; the makers an
// accelerator brings add theirs (compilePlay).
var coreUnmakes = [8]unmake{
	frameRecords: (*Program).undoRecords,
	frameDrop:    (*Program).undoRecords,
}

// fusedUnmakes are the unmakes of fused-make's frames.
var fusedUnmakes = map[uint8]unmake{
	frameFused: (*Program).undoFused,
	frameLeap:  (*Program).undoLeap,
	frameTake:  (*Program).undoTake,
}

// compilePlay chooses, once the Program's shape is known (compilePut),
// how the moves are made and unmade: Program.revert, and per rule its
// cells function and its maker. The core's are the general ones;
// flat-make, direct-make and fused-make, where they apply, choose
// theirs (flatDeclines, directDeclines, compileSmall, fusedMaker).
func (p *Program) compilePlay() {
	flatWhy := p.flatDeclines()
	p.declineFor(scopeProgram, 0, accelFlatMake, flatWhy)
	directWhy := cmp.Or(p.off(accelDirectMake), p.makeDeclines())
	p.declineFor(scopeProgram, 0, accelDirectMake, directWhy)
	flat, direct := flatWhy == "", directWhy == ""
	switch {
	case flat:
		p.revert = (*Program).revertFlat
	case p.stacking:
		p.revert = (*Program).revertStacked
	default:
		p.revert = (*Program).revertPut
	}
	p.compileSmall(direct)
	p.unmakes = coreUnmakes
	for kind, u := range fusedUnmakes {
		p.unmakes[kind] = u
	}
	// extras: a move does more than move pieces (the last cell kept, the
	// rules' counters)
	extras := p.keepLast || p.ctrs != nil
	for i := range p.rules {
		r := &p.rules[i]
		r.cells = cellsOf(r, flat)
		r.play = generalMaker
		if direct && !extras && r.action == ir.Leap && r.long == nil {
			r.play = directLeapMaker
		}
		if fused, why := p.fusedMaker(r, flat, extras); why == "" {
			r.play = fused
		} else if p.small != nil && (r.action == ir.Leap || r.action == ir.Remove) {
			p.declineFor(scopeRule, i, accelFusedMake, why)
		}
	}
}

// makeDeclines tells why a move cannot be made without the general
// position updates: stacks, or pieces with targets ("" otherwise).
func (p *Program) makeDeclines() string {
	switch {
	case p.stacking:
		return "the game has stacks"
	case p.nTargets > 0:
		return "pieces have target cells"
	}
	return ""
}

// cellsOf is how doMove moves the pieces of rule r's moves (rule.cells):
// under flat-make, a leap rule's by moveLeapsFlat.
func cellsOf(r *rule, flat bool) func(p *Program, s *State, r *rule, mover int, path []uint32) {
	switch r.action {
	case ir.Remove:
		return (*Program).takeCell
	case ir.Group:
		return (*Program).moveGroup
	case ir.Drop:
		return (*Program).dropPiece
	}
	switch {
	case r.long != nil:
		return (*Program).moveLeapsLong
	case flat:
		return (*Program).moveLeapsFlat
	}
	return (*Program).moveLeaps
}

// madeBy tells whether the make accelerator a serves the whole Program
// (it recorded no reason to decline: compilePlay).
func (p *Program) madeBy(a accel) bool {
	for _, d := range p.declines {
		if d.scope == scopeProgram && d.accel == a {
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
// (State.SetUndo), without.
func (p *Program) Apply(s *State, ml *MoveList, i int) {
	if uint(i) >= uint(len(ml.moves)) {
		return
	}
	m := ml.moves[i]
	mk := &generalMaker
	if m.rule >= 0 {
		mk = &p.rules[m.rule].play
	}
	mover := mk.play(p, s, ml, m, !s.unlogged)
	if len(p.goalsAfter) > 0 && p.goalReached(s, mover) {
		return
	}
	if m.rule < 0 && p.passes > 0 && s.passes >= p.passes {
		s.end = endPasses
		return
	}
	if p.limit > 0 && s.ply >= p.limit {
		s.end = endLimit
	}
}

// goalReached tells whether an after-move goal holds for mover, and
// then ends the game as the goal says.
func (p *Program) goalReached(s *State, mover int) bool {
	c := &s.ectx
	if c.p != p {
		c.p = p
	}
	if c.s != s {
		c.s = s
	}
	c.own, c.opp = mover, p.after(mover)
	for _, gl := range p.goalsAfter {
		if gl.f(c) != 0 {
			s.end, s.winner = endGoal, mover
			if gl.lose {
				s.end = endLose
			} else if gl.draw {
				s.end = endDraw
			}
			return true
		}
	}
	return false
}

// Undo takes back the last Apply (nothing when there is none): the
// unmake its frame names.
func (p *Program) Undo(s *State) {
	n := len(s.frames) - 1
	if n < 0 {
		return
	}
	f := &s.frames[n]
	s.frames = s.frames[:n]
	p.unmakes[f.kind&uint8(len(p.unmakes)-1)](p, s, f)
}

// doMove is the general make: move m of ml played on s, with its undo
// frame when logged (State.skipLog tells the cells functions it is
// not). Move generation's filters call it too, to play a move and take
// it back. It does not decide the end of the game; it returns the mover.
func (p *Program) doMove(s *State, ml *MoveList, m mv, logged bool) (mover int) {
	s.skipLog = !logged
	mover = s.toMove
	if !s.skipLog {
		s.frames = append(s.frames, frame{
			nch: int32(len(s.changes)), mover: int8(mover), passes: int32(s.passes),
			end: s.end, winner: int8(s.winner), last: s.last,
			captured: s.captured[mover], points: s.points[mover],
		})
	}
	moved, before := -1, int32(0)
	if p.ctrs != nil {
		moved, before = p.movedKind(s, ml, m), s.captured[mover]
		if !s.skipLog {
			s.ctrLog = append(s.ctrLog, s.ctr...)
		}
	}
	if m.rule < 0 {
		s.passes++
	} else {
		s.passes = 0
		r := &p.rules[m.rule]
		r.cells(p, s, r, mover, ml.arena[m.off:m.off+m.n])
	}
	p.nextTurn(s, mover)
	if p.keepLast {
		s.last = p.lastCell(m, ml)
	}
	if p.ctrs != nil {
		p.countMove(s, mover, moved, int(s.captured[mover]-before), m.rule < 0)
	}
	s.skipLog = false
	return mover
}

// movedKind is the kind of the piece move m moves (the piece a drop
// places), -1 for a pass or a removal: what a counter's `moved` reads.
func (p *Program) movedKind(s *State, ml *MoveList, m mv) int {
	switch {
	case m.rule < 0 || p.rules[m.rule].action == ir.Remove:
		return -1
	case p.rules[m.rule].action == ir.Drop:
		return int(p.codeKind[ml.arena[m.off]>>16&dirMask])
	}
	return int(p.codeKind[s.cells[ml.arena[m.off]]])
}

// countMove updates the rules' counters after mover's move: each goes up
// by one when its condition holds for the move (the kind moved, the
// pieces taken, a pass), back to 0 otherwise.
func (p *Program) countMove(s *State, mover, moved, caps int, pass bool) {
	c := &s.ectx
	*c = ectx{p: p, s: s, own: mover, opp: p.after(mover)}
	c.moved, c.caps, c.pass = moved, caps, pass
	for k, f := range p.ctrs {
		if f(c) != 0 {
			s.ctr[k]++
		} else {
			s.ctr[k] = 0
		}
	}
}

// nextTurn gives the turn after mover's move to the next player.
func (p *Program) nextTurn(s *State, mover int) {
	s.ply++
	s.turns[mover]++
	s.toMove = p.after(mover)
}

// lastCell is the cell move m of ml ends on (State.last): a removal's
// cell, a leap's final landing, a group move's head destination; -1 for
// a pass.
func (p *Program) lastCell(m mv, ml *MoveList) int32 {
	if m.rule < 0 || m.n == 0 {
		return -1
	}
	path := ml.arena[m.off : m.off+m.n]
	switch p.rules[m.rule].action {
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
func (p *Program) undoRecords(s *State, f *frame) {
	if f.kind == frameDrop {
		s.hand[s.cells[s.changes[f.nch].cell]]++
	}
	p.revert(p, s, s.changes[f.nch:])
	s.changes = s.changes[:f.nch]
	f.restoreCounters(s)
	if s.ctr != nil {
		k := len(s.ctrLog) - len(s.ctr)
		copy(s.ctr, s.ctrLog[k:])
		s.ctrLog = s.ctrLog[:k]
	}
}

// restoreCounters gives the turn of the move of frame f back to its
// mover and restores the counters f kept.
func (f *frame) restoreCounters(s *State) {
	mover := int(f.mover)
	s.ply--
	s.turns[mover]--
	s.toMove = mover
	s.passes = int(f.passes)
	s.end, s.winner = f.end, int(f.winner)
	s.captured[mover], s.points[mover] = f.captured, f.points
	s.last = f.last
}

// revertPut reverts records recs, the last first, in a game without
// stacks: each record is a cell's old code, put back.
func (p *Program) revertPut(s *State, recs []change) {
	for j := len(recs) - 1; j >= 0; j-- {
		s.put(p, int(recs[j].cell), recs[j].old)
	}
}

// revertStacked reverts records recs, the last first, in a stacking
// game: a push is popped, a pop pushed back, a set set back.
func (p *Program) revertStacked(s *State, recs []change) {
	for j := len(recs) - 1; j >= 0; j-- {
		ch := recs[j]
		switch ch.arg {
		case opPush:
			s.pop(p, int(ch.cell))
		case opPop:
			s.push(p, int(ch.cell), ch.old)
		default:
			s.setTop(p, int(ch.cell), ch.old)
		}
	}
}

// moveLeaps moves the piece of a move of leap rule r whose path is
// [start, landing|d<<16...], each change recorded (lift, drop): the piece
// leaves its start, takes what the rule captures on the way, and lands on
// the last landing, promoted there when a promotion applies.
func (p *Program) moveLeaps(s *State, r *rule, mover int, path []uint32) {
	start := int(path[0])
	pc := s.lift(p, start)
	cur := start
	switch r.capture {
	case ir.CaptureJumped:
		L := int(r.lenCode[pc])
		leap := r.leapCode[pc]
		for _, e := range path[1:] {
			land, d := int(e&0xffff), int(e>>16&dirMask)
			base := (cur*p.numDirs + d) * L
			for _, x := range leap[base : base+L-1] {
				if s.cells[x] != 0 {
					p.take(s, mover, int(x))
				}
			}
			cur = land
		}
	case ir.CaptureLanding:
		for _, e := range path[1:] {
			cur = int(e & 0xffff)
			if s.cells[cur] != 0 {
				p.take(s, mover, cur)
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
	s.drop(p, cur, pc)
}

// take removes the (top) piece on cell c; mover captures it.
func (p *Program) take(s *State, mover, c int) {
	s.captured[mover]++
	s.points[mover] += p.codePoints[s.lift(p, c)]
}

// takeCell is a removal's cells function: the piece on the path's one
// cell taken.
func (p *Program) takeCell(s *State, _ *rule, mover int, path []uint32) {
	p.take(s, mover, int(path[0]))
}

// dropPiece is a drop's cells function: the piece of the path's code put
// on its cell, taken from the hand (the frame says so: frameDrop).
func (p *Program) dropPiece(s *State, _ *rule, _ int, path []uint32) {
	cell, code := int(path[0]&0xffff), uint16(path[0]>>16&dirMask)
	s.drop(p, cell, code)
	s.hand[code]--
	if !s.skipLog {
		s.frames[len(s.frames)-1].kind = frameDrop
	}
}

// moveGroup moves the group of a group move whose path is [head,
// dest|d<<16|flags] or [head, dest|d<<16|flags, tail|flagTail].
func (p *Program) moveGroup(s *State, r *rule, mover int, path []uint32) {
	nd := p.numDirs
	head := int(path[0])
	dest, d := int(path[1]&0xffff), int(path[1]>>16&dirMask)
	tail := head
	if len(path) == 3 {
		tail = int(path[2] & 0xffff)
	}
	// The enemy run, measured before anything moves.
	run := 0
	if path[1]&flagCapture != 0 {
		run = 1
		if r.takesWholeRun {
			c := p.guardCtx(s)
			for y := p.neighbours[dest*nd+d]; y >= 0; y = p.neighbours[int(y)*nd+d] {
				c.cell, c.code = int(y), int(s.cells[y])
				c.mcode, c.level = int(s.cells[head]), s.height(head)-1
				if r.enemy(c) == 0 {
					break
				}
				run++
			}
		}
	}
	// Lift the group, tail first.
	buf := s.gbuf[:0]
	for c := tail; ; c = int(p.neighbours[c*nd+d]) {
		buf = append(buf, s.lift(p, c))
		if c == head {
			break
		}
	}
	s.gbuf = buf
	for i, y := 0, dest; i < run; i, y = i+1, int(p.neighbours[y*nd+d]) {
		p.take(s, mover, y)
	}
	// The distance: the tail moves as far as the head.
	dist := 0
	for c := head; c != dest; c = int(p.neighbours[c*nd+d]) {
		dist++
	}
	to := tail
	for i := 0; i < dist; i++ {
		to = int(p.neighbours[to*nd+d])
	}
	for _, code := range buf {
		if pr := p.promoteTo(code, to); pr != 0 {
			code = pr
		}
		s.drop(p, to, code)
		if to != dest {
			to = int(p.neighbours[to*nd+d])
		}
	}
}
