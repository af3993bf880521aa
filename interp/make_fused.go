package interp

import (
	"fmt"

	"github.com/ruleplay/ruleplay/ir"
)

// fused-make: leaps, jumps and removals made and unmade on the
// fixed-size arrays of a small board.
//
// Class: a Program that flat-make and direct-make serve, on a board of
// fewer than smallCells cells with few players, piece codes and occupancy
// words (smallDeclines), whose moves do nothing more than move pieces;
// its removal rules, and its leap rules that are not long, move no piece
// that promotes, and take nothing, or take what they jump with leaps of
// length 2, or what they land on without chains (fusable).
//
// Why it is faster: the general make goes through State.put for each
// change, and the flat one through slices and their bounds checks. Here
// the tables a move reads (smallTabs) and the position (smallPos) are
// arrays of fixed size indexed through masks: no bounds checks, one
// register per array, and nothing called. A move of one leap keeps no
// records: its frame holds the leap itself (setLeap: start, the cell and
// code taken, the landing and what was on it) and the passes and ending
// before it, and its unmake (undoLeap) writes those cells back; without
// undo records it is the same make without the frame (doFusedLeap). A
// removal keeps its cell and the piece in its frame (takeFused,
// undoTake). A chain of leaps keeps
// records, made and reverted on the arrays (applyLeaps, undoFused).
//
// The maker (compilePlay stores it on each rule it serves):
// fusedRuleMaker.

// fusedRuleMaker makes a fused rule's moves: leaps, chains, removals.
var fusedRuleMaker = maker{play: (*Program).doFusedLeap, unit: accelFusedMake}

// compileSmall keeps the tables of a small board on fixed-size arrays
// (Program.small) when fused-make serves the Program (direct: direct-make
// does), or records why it does not.
func (p *Program) compileSmall(direct bool) {
	why := p.smallDeclines(direct)
	p.declineFor(scopeProgram, 0, accelFusedMake, why)
	if why != "" {
		return
	}
	p.small = new(smallTabs)
	for c, cb := range p.cellB {
		p.small.cellB[c] = smallCell{m: cb.m, w: uint32(cb.w), mb: uint32(cb.slot)}
	}
	for code, o := range p.codeOcc {
		p.small.codeOcc[code] = uint32(o)
	}
	copy(p.small.codePts[:], p.codePoints)
	copy(p.small.board[:], p.boardMask)
	for pl := 0; pl < p.numPlayers; pl++ {
		p.small.next[pl], p.small.prev[p.after(pl)] = uint8(p.after(pl)), uint8(pl)
	}
	if mids := p.leaps[2]; mids != nil && p.numDirs <= smallDirs {
		for c := 0; c < p.numCells; c++ {
			for d := 0; d < p.numDirs; d++ {
				p.small.mid[c*smallDirs+d] = uint16(mids[(c*p.numDirs+d)*2])
			}
		}
	}
}

// fusedMaker returns the fused maker of rule r (flat: flat-make serves the
// Program; extras: its moves do more than move pieces), or why there is
// none.
func (p *Program) fusedMaker(r *rule, flat, extras bool) (maker, string) {
	switch {
	case p.small == nil:
		return maker{}, "the board is not small"
	case !flat:
		return maker{}, "needs flat-make, which declined"
	case extras:
		return maker{}, "a move does more than play the leap (counters, the last move kept)"
	case r.idx >= 63:
		return maker{}, "past the 63rd rule"
	case r.action != ir.Remove && !p.fusable(r):
		return maker{}, "it moves pieces that promote, is long, or captures other than by a jump of two or a landing without chain"
	}
	switch r.capture {
	case ir.CaptureJumped:
		p.small.jumpRules |= 1 << r.idx
	case ir.CaptureLanding:
		p.small.landRules |= 1 << r.idx
	}
	return fusedRuleMaker, ""
}

// smallDeclines tells why the board's tables are not kept on fixed-size
// arrays for fused-make (Program.small; "" when they are).
func (p *Program) smallDeclines(direct bool) string {
	switch {
	case p.off(accelFusedMake) != "":
		return p.off(accelFusedMake)
	case !direct:
		return "needs direct-make, which declined"
	case p.numCells >= smallCells:
		return fmt.Sprintf("the board has %d cells or more", smallCells)
	case p.occLen() > smallOcc || p.numPlayers > smallPlayers || p.ncodes > smallCodes || (p.keepOccC && p.occCLen() > smallOccC):
		return "too many players, piece codes or occupancy words for the small tables"
	}
	return ""
}

// fusable tells whether the fused makers can play the moves of leap rule
// r (under flat-make): it is not long, no promotion applies to the pieces it
// moves, and it takes nothing, or takes what it jumps with leaps of
// length 2 alone (one cell between start and landing), or takes what it
// lands on without chains (a move of one leap).
func (p *Program) fusable(r *rule) bool {
	if r.action != ir.Leap || r.long != nil || r.lenCode == nil {
		return false
	}
	switch r.capture {
	case ir.CaptureNone:
	case ir.CaptureJumped:
		if p.leaps[2] == nil || p.numDirs > smallDirs {
			return false
		}
	case ir.CaptureLanding:
		if r.chain != ir.ChainNone {
			return false
		}
	default:
		return false
	}
	for code := 1; code < p.ncodes; code++ {
		L := r.lenCode[code]
		if L == 0 {
			continue
		}
		if len(p.promos[code]) > 0 || (r.capture == ir.CaptureJumped && L != 2) {
			return false
		}
	}
	return true
}

// Small boards: a Program direct-make serves whose board has fewer than smallCells
// cells, at most smallOcc occupancy words (and smallOccC words of sets
// per code, if it keeps them), smallCodes piece codes and smallPlayers
// players keeps the tables a move reads in arrays of fixed size
// (smallTabs), and its States their cells, occupancy words, sets per
// code, mailbox and per-player counters (smallPos); the fused makers and
// unmakes and emptyCount index them through masks: no bounds checks, and
// one register per array.
const (
	smallCells   = 1024
	smallOcc     = 64
	smallOccC    = 256
	smallCodes   = 256
	smallPlayers = 32
	smallDirs    = 8 // the jumped cells are kept for at most 8 directions
)

// smallTabs: Program.codeOcc, codePoints, cellB and boardMask in arrays
// (unsigned, so that the compiler folds their offsets into the loads);
// with at most smallDirs directions, mid[c*smallDirs+d]: the cell a leap of length 2
// from c in d jumps (Program.leaps[2]); the players who move after and
// before each (Program.after); and the fused rules that take what they
// jump (jumpRules) and what they land on (landRules), bit i for rule i.
type smallTabs struct {
	codeOcc              [smallCodes]uint32
	codePts              [smallCodes]int32
	cellB                [smallCells]smallCell
	mid                  [smallCells * smallDirs]uint16
	next, prev           [smallPlayers]uint8
	jumpRules, landRules uint64
	board                [smallOcc]uint64 // Program.boardMask
}

// jumped is the cell a leap of length 2 from cell a in direction d
// jumps (smallTabs.mid).
func (t *smallTabs) jumped(a int, d uint32) int {
	return int(t.mid[(a*smallDirs+int(d&(smallDirs-1)))&(smallCells*smallDirs-1)] & (smallCells - 1))
}

// smallCell is a cellBit of a small board.
type smallCell struct {
	m     uint64
	w, mb uint32
}

// smallPos holds State.cellsW, occ, occC (when the Program keeps the
// sets per code) and mb (when the Program has a mailbox; otherwise mb is
// written and never read), and State.turns, captured and points.
type smallPos struct {
	cells   [smallCells]uint16
	occ     [smallOcc]uint64
	occC    [smallOccC]uint64 // State.occC (when the Program keeps it)
	mailbox [mbSlots]uint8
	// turns, captured, points: State.turns, captured and points
	turns, captured, points [smallPlayers]int32
}

// counters points the per-player counters of ps (np players) into its
// smallPos.
func (ps *position) counters(np int) {
	ps.turns, ps.captured, ps.points = ps.small.turns[:np:np], ps.small.captured[:np:np], ps.small.points[:np:np]
}

// took counts for mover the capture of a piece of this code.
func (b *smallPos) took(t *smallTabs, mover int, code uint16) {
	mover &= smallPlayers - 1
	b.captured[mover]++
	b.points[mover] += t.codePts[code&(smallCodes-1)]
}

// untook takes back took.
func (b *smallPos) untook(t *smallTabs, mover int, code uint16) {
	mover &= smallPlayers - 1
	b.captured[mover]--
	b.points[mover] -= t.codePts[code&(smallCodes-1)]
}

// unset empties cell c, which holds code, and updates its occupancy bit
// and mailbox slot.
func (b *smallPos) unset(t *smallTabs, c int, code uint16) {
	c &= smallCells - 1
	b.cells[c] = 0
	cb := &t.cellB[c]
	b.occ[(t.codeOcc[code&(smallCodes-1)]+cb.w)&(smallOcc-1)] &^= cb.m
	b.mailbox[cb.mb&mbMask] = 0
}

// set puts code (not 0) on the empty cell c and updates its occupancy
// bit and mailbox slot.
func (b *smallPos) set(t *smallTabs, c int, code uint16) {
	c &= smallCells - 1
	b.cells[c] = code
	cb := &t.cellB[c]
	b.occ[(t.codeOcc[code&(smallCodes-1)]+cb.w)&(smallOcc-1)] |= cb.m
	b.mailbox[cb.mb&mbMask] = 1
}

// doFusedLeap is fusedRuleMaker's make: a move of one leap made on the
// small board's arrays, with its frame when logged (frameLeap: the leap
// and the passes and ending before it, no records); a chain applyLeaps'
// (logged) or direct-make's, a removal takeFused's. The turn first, then
// the cells, then the frame. Once the frame's room is there, it calls
// nothing and reads the Program only for its tables (smallTabs): the
// leap's values stay in registers.
func (p *Program) doFusedLeap(s *State, ml *MoveList, m mv, logged bool) int {
	switch {
	case m.n == 1:
		return p.takeFused(s, ml, m, logged)
	case m.n != 2 && logged:
		return p.applyLeaps(s, &p.rules[m.rule], ml.arena[m.off:m.off+m.n])
	case m.n != 2:
		return p.doDirectLeaps(s, ml, m, false)
	case logged && len(s.frames) == cap(s.frames):
		s.grow(0)
	}
	t := p.small
	o := int(uint32(m.off))
	e := ml.arena[o+1]
	a := int(ml.arena[o] & (smallCells - 1))
	mover := s.toMove
	passes, end, winner := s.passes, s.end, s.winner
	s.passes = 0
	s.ply++
	s.toMove = int(t.next[mover&(smallPlayers-1)])
	b := s.small
	b.turns[mover&(smallPlayers-1)]++
	rb := uint32(m.rule) & 63
	pc := b.cells[a]
	b.unset(t, a, pc)
	x, xc := a, uint16(0)
	if t.jumpRules>>rb&1 != 0 {
		x = t.jumped(a, e>>16)
		if xc = b.cells[x]; xc != 0 {
			b.unset(t, x, xc)
			b.took(t, mover, xc)
		} else {
			x = a
		}
	}
	land := int(e & (smallCells - 1))
	old := b.cells[land]
	if old != 0 {
		b.unset(t, land, old)
		if t.landRules>>rb&1 != 0 {
			// Taken by landing: the piece taken, the landing then empty.
			x, xc, old = land, old, 0
			b.took(t, mover, xc)
		}
	}
	b.set(t, land, pc)
	if logged {
		nf := len(s.frames)
		fr := s.frames[:nf+1]
		s.frames = fr
		f := &fr[nf]
		f.kind, f.passes, f.end, f.winner = frameLeap, int32(passes), end, int8(winner)
		f.setLeap(a, x, land, pc, xc, old)
	}
	return mover
}

// takeFused makes a removal (the path's one cell) on the small board's
// arrays, with its frame when logged: a frameTake that holds the cell
// and the piece removed (as setLeap, the start and the piece), which
// undoTake puts back. An empty cell's removal is the general make's.
func (p *Program) takeFused(s *State, ml *MoveList, m mv, logged bool) int {
	b, t := s.small, p.small
	a := int(ml.arena[m.off] & (smallCells - 1))
	code := b.cells[a]
	if code == 0 {
		return p.doMove(s, ml, m, logged)
	}
	if logged {
		if len(s.frames) == cap(s.frames) {
			s.grow(0)
		}
		nf := len(s.frames)
		s.frames = s.frames[:nf+1]
		f := &s.frames[nf]
		f.kind, f.passes, f.end, f.winner = frameTake, int32(s.passes), s.end, int8(s.winner)
		f.setLeap(a, a, a, code, 0, 0)
	}
	mover := s.toMove
	b.unset(t, a, code)
	b.took(t, mover, code)
	s.passes = 0
	s.ply++
	b.turns[mover&(smallPlayers-1)]++
	s.toMove = int(t.next[mover&(smallPlayers-1)])
	return mover
}

// setLeap records in a frameLeap its leap: the cells of its start, of
// the piece it took (none: the start's again) and of its landing, and
// their codes before the move, each in a field of its own (nch,
// captured, points, last, taken, under), which it has no other use for.
func (f *frame) setLeap(a, x, land int, pc, xc, old uint16) {
	f.nch, f.captured, f.points = int32(a), int32(x), int32(land)
	f.last, f.taken, f.under = int32(pc), int32(xc), int32(old)
}

// leap returns the leap setLeap recorded.
func (f *frame) leap() (a, x, land int, pc, xc, old uint16) {
	return int(uint32(f.nch)), int(uint32(f.captured)), int(uint32(f.points)),
		uint16(f.last), uint16(f.taken), uint16(f.under)
}

// undoLeap takes back the move of one leap of frame f that doFusedLeap
// made (frameLeap): the turn first (backTurn), the passes and ending the
// frame kept, then the landing gets its old code back, then the cell of
// the piece taken (whose capture is taken back), then the start. It
// calls nothing: no stack check.
func (p *Program) undoLeap(s *State, f *frame) {
	b, t := s.small, p.small
	a, x, land, pc, xc, old := f.leap()
	mover := s.backTurn(t, b)
	s.passes = int(f.passes)
	s.end, s.winner = f.end, int(f.winner)
	b.unset(t, land, pc)
	if old != 0 {
		b.set(t, land, old)
	}
	if xc != 0 {
		b.set(t, x, xc)
		b.untook(t, mover, xc)
	}
	b.set(t, a, pc)
}

// undoTake takes back the removal of frame f that takeFused made
// (frameTake): the turn, the passes and ending, the piece on its cell
// and its capture.
func (p *Program) undoTake(s *State, f *frame) {
	a, _, _, code, _, _ := f.leap()
	s.passes = int(f.passes)
	s.end, s.winner = f.end, int(f.winner)
	mover := s.backTurn(p.small, s.small)
	s.small.set(p.small, a, code)
	s.small.untook(p.small, mover, code)
}

// backTurn gives the turn of a move doFusedLeap made back to
// the player before the one to move, who made it, and returns that
// mover. The Program has no extras: the last cell is not kept (always
// -1), and there are no rules' counters.
func (s *State) backTurn(t *smallTabs, b *smallPos) int {
	mover := int(t.prev[s.toMove&(smallPlayers-1)])
	s.toMove = mover
	s.ply--
	b.turns[mover&(smallPlayers-1)]--
	return mover
}

// grow makes room for one more frame and n more records. It is kept
// out of line: inlined, its calls would make its callers spill.
//
//go:noinline
func (s *State) grow(n int) {
	s.frames = append(s.frames, frame{})[:len(s.frames)]
	s.changes = append(s.changes, make([]change, n)...)[:len(s.changes)]
}

// applyLeaps makes a move of several leaps of a fused leap rule r whose
// path is [start, landing|d<<16...], with its frame (frameFused) and
// records: each cell it changes (the start, each piece jumped and taken,
// the last landing) gets its record, its new code and its occupancy bit
// and mailbox slot in one step (smallPos.unset, set). A landing on a
// piece it does not take replaces it (as in moveLeapsFlat). Then the
// captures, the passes and the turn. It returns the mover.
func (p *Program) applyLeaps(s *State, r *rule, path []uint32) int {
	if len(s.frames) == cap(s.frames) || cap(s.changes)-len(s.changes) <= len(path) {
		s.grow(len(path) + 1)
	}
	mover := s.toMove
	n0 := len(s.changes)
	nf := len(s.frames)
	s.frames = s.frames[:nf+1]
	f := &s.frames[nf]
	f.nch, f.mover, f.passes, f.kind = int32(n0), int8(mover), int32(s.passes), frameFused
	f.end, f.winner, f.last = s.end, int8(s.winner), s.last
	f.captured, f.points = s.captured[mover], s.points[mover]
	b, t := s.small, p.small
	recs := s.changes[n0 : n0+len(path)+1]
	start := int(path[0] & (smallCells - 1))
	pc := b.cells[start]
	recs[0] = change{cell: int32(start), old: pc}
	b.unset(t, start, pc)
	k := 1
	if r.capture == ir.CaptureJumped {
		var took, pts int32
		k, took, pts = p.takeJumped(s, recs, path)
		s.captured[mover] += took
		s.points[mover] += pts
	}
	land := int(path[len(path)-1] & (smallCells - 1))
	old := b.cells[land]
	recs[k] = change{cell: int32(land), old: old, arg: pc}
	if old != 0 {
		b.unset(t, land, old)
	}
	b.set(t, land, pc)
	s.changes = s.changes[:n0+k+1]
	s.passes = 0
	p.nextTurn(s, mover)
	return mover
}

// takeJumped takes, for applyLeaps, the piece each leap of a chain
// (path, from its start) jumps, where there is one, recording each on
// recs from recs[1] on. It returns the records then written (the start's
// included), the pieces taken and their points.
func (p *Program) takeJumped(s *State, recs []change, path []uint32) (k int, took, pts int32) {
	b, t := s.small, p.small
	k = 1
	cur := int(path[0])
	for _, e := range path[1:] {
		x := t.jumped(cur, e>>16)
		cur = int(e & 0xffff)
		if old := b.cells[x]; old != 0 {
			recs[k] = change{cell: int32(x), old: old}
			k++
			b.unset(t, x, old)
			took++
			pts += t.codePts[old&(smallCodes-1)]
		}
	}
	return k, took, pts
}

// undoFused takes back the chain of frame f that applyLeaps made
// (frameFused), whose records are the start's, those of the pieces
// taken, and the landing's: the landing gets its old code back first;
// then the other cells, all distinct and left empty by the move, get
// theirs; then the counters and the turn are restored (the Program has
// no extras: no rules' counters).
func (p *Program) undoFused(s *State, f *frame) {
	b, t := s.small, p.small
	n0 := int(f.nch)
	recs := s.changes
	n := len(recs) - 1
	l := recs[n]
	b.unset(t, int(l.cell), l.arg)
	if l.old != 0 {
		b.set(t, int(l.cell), l.old)
	}
	for j := n0; j < n; j++ {
		r := recs[j]
		b.set(t, int(r.cell), r.old)
	}
	s.changes = s.changes[:n0]
	f.restoreCounters(s)
}
