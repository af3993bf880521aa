package accel

import (
	"github.com/ruleplay/ruleplay/interp/internal/core"
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
var fusedRuleMaker = core.Maker{Play: doFusedLeap, Unit: core.AccelFusedMake}

// fusedQuietMaker makes the moves of a fused leap rule in a quiet
// Program: nothing passes, and no ending is decided after a move but the
// ply limit's (which Apply decides; the game was going on before the
// move, since Legal gave it). Its frames keep neither passes nor ending:
// a dozen instructions fewer per make and unmake, on every move of a
// perft.
var fusedQuietMaker = core.Maker{Play: doFusedQuietLeap, Unit: core.AccelFusedMake}

// FusedMaker returns the fused maker of rule r (flat: flat-make serves the
// Program; extras: its moves do more than move pieces), or why there is
// none.
func FusedMaker(p *core.Program, r *core.Rule, flat, extras bool) (core.Maker, string) {
	switch {
	case p.Small == nil:
		return core.Maker{}, "the board is not small"
	case !flat:
		return core.Maker{}, "needs flat-make, which declined"
	case extras:
		return core.Maker{}, "a move does more than play the leap (counters, the last move kept)"
	case r.Idx >= 63:
		return core.Maker{}, "past the 63rd rule"
	case r.Lines != nil:
		return core.Maker{}, "it captures lines by approach or withdrawal: the general make plays them"
	case r.Action != ir.Remove && !fusable(p, r):
		return core.Maker{}, "it moves pieces that promote, is long, or captures other than by a jump of two or a landing without chain"
	}
	switch r.Capture {
	case ir.CaptureJumped:
		p.Small.JumpRules |= 1 << r.Idx
	case ir.CaptureLanding:
		p.Small.LandRules |= 1 << r.Idx
	}
	if r.Action == ir.Leap && len(p.GoalsAfter) == 0 && p.NoMove != ir.OutcomePass {
		return fusedQuietMaker, ""
	}
	return fusedRuleMaker, ""
}

// fusable tells whether the fused makers can play the moves of leap rule
// r (under flat-make): it is not long, no promotion applies to the pieces it
// moves, and it takes nothing, or takes what it jumps with leaps of
// length 2 alone (one cell between start and landing), or takes what it
// lands on without chains (a move of one leap).
func fusable(p *core.Program, r *core.Rule) bool {
	if r.Action != ir.Leap || r.Long != nil || r.LenCode == nil {
		return false
	}
	switch r.Capture {
	case ir.CaptureNone:
	case ir.CaptureJumped:
		if p.Leaps[2] == nil || p.NumDirs > core.SmallDirs {
			return false
		}
	case ir.CaptureLanding:
		if r.Chain != ir.ChainNone {
			return false
		}
	default:
		return false
	}
	for code := 1; code < p.Ncodes; code++ {
		L := r.LenCode[code]
		if L == 0 {
			continue
		}
		if len(p.Promos[code]) > 0 || (r.Capture == ir.CaptureJumped && L != 2) {
			return false
		}
	}
	return true
}

// smallTabsJumped is the cell a leap of length 2 from cell a in direction d
// jumps (smallTabs.mid).
func smallTabsJumped(t *core.SmallTabs, a int, d uint32) int {
	return int(t.Mid[(a*core.SmallDirs+int(d&(core.SmallDirs-1)))&(core.SmallCells*core.SmallDirs-1)] & (core.SmallCells - 1))
}

// smallPosTook counts for mover the capture of a piece of this code.
func smallPosTook(b *core.SmallPos, t *core.SmallTabs, mover int, code uint16) {
	mover &= core.SmallPlayers - 1
	b.Captured[mover]++
	b.Points[mover] += t.CodePts[code&(core.SmallCodes-1)]
}

// untook takes back took.
func untook(b *core.SmallPos, t *core.SmallTabs, mover int, code uint16) {
	mover &= core.SmallPlayers - 1
	b.Captured[mover]--
	b.Points[mover] -= t.CodePts[code&(core.SmallCodes-1)]
}

// unset empties cell c, which holds code, and updates its occupancy bit
// and mailbox slot.
func unset(b *core.SmallPos, t *core.SmallTabs, c int, code uint16) {
	c &= core.SmallCells - 1
	b.Cells[c] = 0
	cb := &t.CellB[c]
	b.Occ[(t.CodeOcc[code&(core.SmallCodes-1)]+cb.W)&(core.SmallOcc-1)] &^= cb.M
	b.Mailbox[cb.Mb&core.MbMask] = 0
}

// smallPosSet puts code (not 0) on the empty cell c and updates its occupancy
// bit and mailbox slot.
func smallPosSet(b *core.SmallPos, t *core.SmallTabs, c int, code uint16) {
	c &= core.SmallCells - 1
	b.Cells[c] = code
	cb := &t.CellB[c]
	b.Occ[(t.CodeOcc[code&(core.SmallCodes-1)]+cb.W)&(core.SmallOcc-1)] |= cb.M
	b.Mailbox[cb.Mb&core.MbMask] = 1
}

// doFusedLeap is fusedRuleMaker's make: a move of one leap made on the
// small board's arrays, with its frame when logged (frameLeap: the leap
// and the passes and ending before it, no records); a chain applyLeaps'
// (logged) or direct-make's, a removal takeFused's. The turn first, then
// the cells, then the frame. Once the frame's room is there, it calls
// nothing and reads the Program only for its tables (smallTabs): the
// leap's values stay in registers.
func doFusedLeap(p *core.Program, s *core.State, ml *core.MoveList, m core.Mv, logged bool) int {
	switch {
	case m.N == 1:
		return takeFused(p, s, ml, m, logged)
	case m.N != 2 && logged:
		return applyLeaps(p, s, &p.Rules[m.Rule], ml.Arena[m.Off:m.Off+m.N])
	case m.N != 2:
		return doDirectLeaps(p, s, ml, m, false)
	case logged && len(s.Frames) == cap(s.Frames):
		grow(s, 0)
	}
	t := p.Small
	o := int(uint32(m.Off))
	e := ml.Arena[o+1]
	a := int(ml.Arena[o] & (core.SmallCells - 1))
	mover := s.Mover
	passes, end, winner := s.Passes, s.End, s.Winner
	s.Passes = 0
	s.PlyCount++
	s.Mover = int(t.Next[mover&(core.SmallPlayers-1)])
	b := s.Small
	b.Turns[mover&(core.SmallPlayers-1)]++
	rb := uint32(m.Rule) & 63
	pc := b.Cells[a]
	unset(b, t, a, pc)
	x, xc := a, uint16(0)
	if t.JumpRules>>rb&1 != 0 {
		x = smallTabsJumped(t, a, e>>16)
		if xc = b.Cells[x]; xc != 0 {
			unset(b, t, x, xc)
			smallPosTook(b, t, mover, xc)
		} else {
			x = a
		}
	}
	land := int(e & (core.SmallCells - 1))
	old := b.Cells[land]
	if old != 0 {
		unset(b, t, land, old)
		if t.LandRules>>rb&1 != 0 {
			// Taken by landing: the piece taken, the landing then empty.
			x, xc, old = land, old, 0
			smallPosTook(b, t, mover, xc)
		}
	}
	smallPosSet(b, t, land, pc)
	if logged {
		nf := len(s.Frames)
		fr := s.Frames[:nf+1]
		s.Frames = fr
		f := &fr[nf]
		f.Kind, f.Passes, f.End, f.Winner = core.FrameLeap, int32(passes), end, int8(winner)
		setLeap(f, a, x, land, pc, xc, old)
	}
	return mover
}

// doFusedQuietLeap is fusedQuietMaker's make: doFusedLeap's move of one
// leap without the passes and the ending in its frame (frameLeapQuiet);
// chains go to doFusedLeap. (The two are written out: a call from one to
// the other costs the other games 5% of their gen perft.)
func doFusedQuietLeap(p *core.Program, s *core.State, ml *core.MoveList, m core.Mv, logged bool) int {
	switch {
	case m.N != 2:
		return doFusedLeap(p, s, ml, m, logged)
	case logged && len(s.Frames) == cap(s.Frames):
		grow(s, 0)
	}
	t := p.Small
	o := int(uint32(m.Off))
	e := ml.Arena[o+1]
	a := int(ml.Arena[o] & (core.SmallCells - 1))
	mover := s.Mover
	s.PlyCount++
	s.Mover = int(t.Next[mover&(core.SmallPlayers-1)])
	b := s.Small
	b.Turns[mover&(core.SmallPlayers-1)]++
	rb := uint32(m.Rule) & 63
	pc := b.Cells[a]
	unset(b, t, a, pc)
	x, xc := a, uint16(0)
	if t.JumpRules>>rb&1 != 0 {
		x = smallTabsJumped(t, a, e>>16)
		if xc = b.Cells[x]; xc != 0 {
			unset(b, t, x, xc)
			smallPosTook(b, t, mover, xc)
		} else {
			x = a
		}
	}
	land := int(e & (core.SmallCells - 1))
	old := b.Cells[land]
	if old != 0 {
		unset(b, t, land, old)
		if t.LandRules>>rb&1 != 0 {
			// Taken by landing: the piece taken, the landing then empty.
			x, xc, old = land, old, 0
			smallPosTook(b, t, mover, xc)
		}
	}
	smallPosSet(b, t, land, pc)
	if logged {
		nf := len(s.Frames)
		fr := s.Frames[:nf+1]
		s.Frames = fr
		f := &fr[nf]
		f.Kind = core.FrameLeapQuiet
		setLeap(f, a, x, land, pc, xc, old)
	}
	return mover
}

// takeFused makes a removal (the path's one cell) on the small board's
// arrays, with its frame when logged: a frameTake that holds the cell
// and the piece removed (as setLeap, the start and the piece), which
// undoTake puts back. An empty cell's removal is the general make's.
func takeFused(p *core.Program, s *core.State, ml *core.MoveList, m core.Mv, logged bool) int {
	b, t := s.Small, p.Small
	a := int(ml.Arena[m.Off] & (core.SmallCells - 1))
	code := b.Cells[a]
	if code == 0 {
		return p.DoMove(s, ml, m, logged)
	}
	if logged {
		if len(s.Frames) == cap(s.Frames) {
			grow(s, 0)
		}
		nf := len(s.Frames)
		s.Frames = s.Frames[:nf+1]
		f := &s.Frames[nf]
		f.Kind, f.Passes, f.End, f.Winner = core.FrameTake, int32(s.Passes), s.End, int8(s.Winner)
		setLeap(f, a, a, a, code, 0, 0)
	}
	mover := s.Mover
	unset(b, t, a, code)
	smallPosTook(b, t, mover, code)
	s.Passes = 0
	s.PlyCount++
	b.Turns[mover&(core.SmallPlayers-1)]++
	s.Mover = int(t.Next[mover&(core.SmallPlayers-1)])
	return mover
}

// setLeap records in a frameLeap its leap: the cells of its start, of
// the piece it took (none: the start's again) and of its landing, and
// their codes before the move, each in a field of its own (nch,
// captured, points, last, taken, under), which it has no other use for.
func setLeap(f *core.Frame, a, x, land int, pc, xc, old uint16) {
	f.Nch, f.Captured, f.Points = int32(a), int32(x), int32(land)
	f.Last, f.Taken, f.Under = int32(pc), int32(xc), int32(old)
}

// frameLeap returns the leap setLeap recorded.
func frameLeap(f *core.Frame) (a, x, land int, pc, xc, old uint16) {
	return int(uint32(f.Nch)), int(uint32(f.Captured)), int(uint32(f.Points)),
		uint16(f.Last), uint16(f.Taken), uint16(f.Under)
}

// UndoLeap takes back the move of one leap of frame f that doFusedLeap
// made (frameLeap): the turn first (backTurn), the passes and ending the
// frame kept, then the landing gets its old code back, then the cell of
// the piece taken (whose capture is taken back), then the start. It
// calls nothing: no stack check.
func UndoLeap(p *core.Program, s *core.State, f *core.Frame) {
	UndoLeapQuiet(p, s, f)
	s.Passes = int(f.Passes)
	s.End, s.Winner = f.End, int(f.Winner)
}

// UndoLeapQuiet takes back the move of frame f that doFusedQuietLeap
// made (frameLeapQuiet): the turn, the cells and the capture, with the
// game going on again.
func UndoLeapQuiet(p *core.Program, s *core.State, f *core.Frame) {
	b, t := s.Small, p.Small
	a, x, land, pc, xc, old := frameLeap(f)
	mover := backTurn(s, t, b)
	s.End = core.EndNone // (Legal gave the move: the game was going on)
	unset(b, t, land, pc)
	if old != 0 {
		smallPosSet(b, t, land, old)
	}
	if xc != 0 {
		smallPosSet(b, t, x, xc)
		untook(b, t, mover, xc)
	}
	smallPosSet(b, t, a, pc)
}

// UndoTake takes back the removal of frame f that takeFused made
// (frameTake): the turn, the passes and ending, the piece on its cell
// and its capture.
func UndoTake(p *core.Program, s *core.State, f *core.Frame) {
	a, _, _, code, _, _ := frameLeap(f)
	s.Passes = int(f.Passes)
	s.End, s.Winner = f.End, int(f.Winner)
	mover := backTurn(s, p.Small, s.Small)
	smallPosSet(s.Small, p.Small, a, code)
	untook(s.Small, p.Small, mover, code)
}

// backTurn gives the turn of a move doFusedLeap made back to
// the player before the one to move, who made it, and returns that
// mover. The Program has no extras: the last cell is not kept (always
// -1), and there are no rules' counters.
func backTurn(s *core.State, t *core.SmallTabs, b *core.SmallPos) int {
	mover := int(t.Prev[s.Mover&(core.SmallPlayers-1)])
	s.Mover = mover
	s.PlyCount--
	b.Turns[mover&(core.SmallPlayers-1)]--
	return mover
}

// grow makes room for one more frame and n more records. It is kept
// out of line: inlined, its calls would make its callers spill.
//
//go:noinline
func grow(s *core.State, n int) {
	s.Frames = append(s.Frames, core.Frame{})[:len(s.Frames)]
	s.Changes = append(s.Changes, make([]core.Change, n)...)[:len(s.Changes)]
}

// applyLeaps makes a move of several leaps of a fused leap rule r whose
// path is [start, landing|d<<16...], with its frame (frameFused) and
// records: each cell it changes (the start, each piece jumped and taken,
// the last landing) gets its record, its new code and its occupancy bit
// and mailbox slot in one step (smallPos.unset, set). A landing on a
// piece it does not take replaces it (as in moveLeapsFlat). Then the
// captures, the passes and the turn. It returns the mover.
func applyLeaps(p *core.Program, s *core.State, r *core.Rule, path []uint32) int {
	if len(s.Frames) == cap(s.Frames) || cap(s.Changes)-len(s.Changes) <= len(path) {
		grow(s, len(path)+1)
	}
	mover := s.Mover
	n0 := len(s.Changes)
	nf := len(s.Frames)
	s.Frames = s.Frames[:nf+1]
	f := &s.Frames[nf]
	f.Nch, f.Mover, f.Passes, f.Kind = int32(n0), int8(mover), int32(s.Passes), core.FrameFused
	f.End, f.Winner, f.Last = s.End, int8(s.Winner), s.Last
	f.Captured, f.Points = s.CapturedBy[mover], s.Points[mover]
	b, t := s.Small, p.Small
	recs := s.Changes[n0 : n0+len(path)+1]
	start := int(path[0] & (core.SmallCells - 1))
	pc := b.Cells[start]
	recs[0] = core.Change{Cell: int32(start), Old: pc}
	unset(b, t, start, pc)
	k := 1
	if r.Capture == ir.CaptureJumped {
		var took, pts int32
		k, took, pts = takeJumped(p, s, recs, path)
		s.CapturedBy[mover] += took
		s.Points[mover] += pts
	}
	land := int(path[len(path)-1] & (core.SmallCells - 1))
	old := b.Cells[land]
	recs[k] = core.Change{Cell: int32(land), Old: old, Arg: pc}
	if old != 0 {
		unset(b, t, land, old)
	}
	smallPosSet(b, t, land, pc)
	s.Changes = s.Changes[:n0+k+1]
	s.Passes = 0
	p.NextTurn(s, mover)
	return mover
}

// takeJumped takes, for applyLeaps, the piece each leap of a chain
// (path, from its start) jumps, where there is one, recording each on
// recs from recs[1] on. It returns the records then written (the start's
// included), the pieces taken and their points.
func takeJumped(p *core.Program, s *core.State, recs []core.Change, path []uint32) (k int, took, pts int32) {
	b, t := s.Small, p.Small
	k = 1
	cur := int(path[0])
	for _, e := range path[1:] {
		x := smallTabsJumped(t, cur, e>>16)
		cur = int(e & 0xffff)
		if old := b.Cells[x]; old != 0 {
			recs[k] = core.Change{Cell: int32(x), Old: old}
			k++
			unset(b, t, x, old)
			took++
			pts += t.CodePts[old&(core.SmallCodes-1)]
		}
	}
	return k, took, pts
}

// UndoFused takes back the chain of frame f that applyLeaps made
// (frameFused), whose records are the start's, those of the pieces
// taken, and the landing's: the landing gets its old code back first;
// then the other cells, all distinct and left empty by the move, get
// theirs; then the counters and the turn are restored (the Program has
// no extras: no rules' counters).
func UndoFused(p *core.Program, s *core.State, f *core.Frame) {
	b, t := s.Small, p.Small
	n0 := int(f.Nch)
	recs := s.Changes
	n := len(recs) - 1
	l := recs[n]
	unset(b, t, int(l.Cell), l.Arg)
	if l.Old != 0 {
		smallPosSet(b, t, int(l.Cell), l.Old)
	}
	for j := n0; j < n; j++ {
		r := recs[j]
		smallPosSet(b, t, int(r.Cell), r.Old)
	}
	s.Changes = s.Changes[:n0]
	f.RestoreCounters(s)
}
