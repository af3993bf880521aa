package interp

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/ruleplay/ruleplay/ir"
)

// Text returns the canonical text of move i of ml (docs/notation.md): the cells
// of a leap path joined by "-", "x"+cell for a removal, "pass". It returns ""
// when i is out of range.
func (p *Program) Text(ml *MoveList, i int) string {
	if i < 0 || i >= len(ml.moves) {
		return ""
	}
	m := ml.moves[i]
	if m.rule < 0 {
		return "pass"
	}
	path := ml.arena[m.off : m.off+m.n]
	switch p.rules[m.rule].action {
	case ir.Remove:
		return "x" + p.cellName[path[0]]
	case ir.Drop:
		return p.dropText(path[0])
	case ir.Group:
		t := p.cellName[path[0]] + "-" + p.cellName[path[1]&0xffff]
		if len(path) == 3 {
			t = p.cellName[path[2]&0xffff] + ":" + t
		}
		return t
	}
	if p.rules[m.rule].textEnds {
		return p.endsText(ml, m)
	}
	var b strings.Builder
	for j, e := range path {
		if j > 0 {
			b.WriteByte('-')
		}
		b.WriteString(p.cellName[e&0xffff])
	}
	return b.String()
}

// ParseMove fills ml with the legal moves of s and returns the index of the
// move with this text (exact, after trimming spaces). The error lists no
// moves itself; callers print Legal's texts.
func (p *Program) ParseMove(s *State, ml *MoveList, text string) (int, error) {
	p.Legal(s, ml)
	text = strings.TrimSpace(text)
	for i := range ml.moves {
		if p.Text(ml, i) == text {
			return i, nil
		}
	}
	if ml.Len() == 0 {
		return -1, fmt.Errorf("move %q: the game is over", text)
	}
	return -1, fmt.Errorf("move %q is not legal here", text)
}

// doMove plays move i of ml on s and pushes an undo frame; it does not
// decide the end of the game. It returns the mover.
func (p *Program) doMove(s *State, ml *MoveList, i int) (mover int) {
	if p.extras && !s.counting {
		return p.doMoveExtras(s, ml, i)
	}
	m := ml.moves[i]
	mover = s.toMove
	if !s.skipLog {
		s.frames = append(s.frames, frame{
			nch: int32(len(s.changes)), mover: int8(mover), passes: int32(s.passes),
			end: s.end, winner: int8(s.winner), last: s.last,
			captured: s.captured[mover], points: s.points[mover],
		})
	}
	if m.rule < 0 {
		s.passes++
	} else {
		s.passes = 0
		r := &p.rules[m.rule]
		path := ml.arena[m.off : m.off+m.n]
		switch r.action {
		case ir.Remove:
			p.take(s, mover, int(path[0]))
		case ir.Group:
			p.doGroup(s, r, mover, path)
		case ir.Drop:
			cell, code := int(path[0]&0xffff), uint16(path[0]>>16&dirMask)
			s.drop(p, cell, code)
			s.hand[code]--
			if !s.skipLog {
				s.frames[len(s.frames)-1].kind = frameDrop
			}
		default:
			switch {
			case r.play == playPlain:
				if p.flat || (s.skipLog && p.direct) {
					p.doLeapsFlat(s, r, mover, path)
				} else {
					p.doLeaps(s, r, mover, path)
				}
			case r.play == playLong:
				p.doLeapsLong(s, r, mover, path)
			default: // (playFused: unlogged, doLeapsUnlogged plays it)
				p.doLeapsFlat(s, r, mover, path)
			}
		}
	}
	p.nextTurn(s, mover)
	return mover
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

// doLeaps plays the leaps of a move of leap rule r whose path is
// [start, landing|d<<16...] (doLeapsFlat in a Program.flat, and
// without undo records in a Program.direct):
// the piece leaves its start, takes what the rule captures on the way,
// and lands on the last landing, promoted there when a promotion applies.
func (p *Program) doLeaps(s *State, r *rule, mover int, path []uint32) {
	start := int(path[0])
	pc := s.lift(p, start)
	cur := start
	switch r.capture {
	case ir.CaptureJumped:
		L := int(r.lenCode[pc])
		leap := r.leapCode[pc]
		for _, e := range path[1:] {
			land, d := int(e&0xffff), int(e>>16&dirMask)
			base := (cur*p.nd + d) * L
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

// doLeapsFlat is doLeaps in a Program.flat, and for a move played
// without undo records (State.skipLog) in a Program.direct: every cell it
// changes is a cell's old and new code. A move with undo records sets the
// cells and writes the records itself, then updates the derived indexes
// once (reindexOcc, inlined); one without is leapsUnlogged's.
func (p *Program) doLeapsFlat(s *State, r *rule, mover int, path []uint32) {
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
			base := (cur*p.nd + int(e>>16&dirMask)) * L
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
	reindexOcc(s.occ, s.mb, p.cellB, p.codeOcc, ch[n0:])
}

// doLeapsUnlogged plays move m of ml, of a leap rule of
// Program.directLeaps, without undo records (State.unlogged), as doMove
// would, without its choices: the cells (leapsUnlogged; a move of one
// leap of a rule.fused, on a small board, doLeapDirect) and the turn. It
// returns the mover.
func (p *Program) doLeapsUnlogged(s *State, ml *MoveList, m mv) int {
	r := &p.rules[m.rule]
	path := ml.arena[m.off : m.off+m.n]
	mover := s.toMove
	if r.play == playFused && len(path) == 2 {
		p.doLeapDirect(s, r, mover, path[0], path[1])
	} else {
		p.leapsUnlogged(s, r, mover, path)
	}
	s.passes = 0
	p.nextTurn(s, mover)
	return mover
}

// nextTurn gives the turn after mover's move to the next player.
func (p *Program) nextTurn(s *State, mover int) {
	s.ply++
	s.turns[mover]++
	s.toMove = p.after(mover)
}

// leapsUnlogged is doLeapsFlat without undo records (doLeapsUnlogged,
// and doMove's with State.skipLog): each cell the move changes gets its
// code and indexes, the sets per code included, at once (unsetFlat,
// setFlat).
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
			base := (cur*p.nd + int(e>>16&dirMask)) * L
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

// take removes the (top) piece on cell c; mover captures it.
func (p *Program) take(s *State, mover, c int) {
	s.captured[mover]++
	s.points[mover] += p.codePoints[s.lift(p, c)]
}

// doGroup plays a group move whose path is [head, dest|d<<16|flags] or
// [head, dest|d<<16|flags, tail|flagTail].
func (p *Program) doGroup(s *State, r *rule, mover int, path []uint32) {
	nd := p.nd
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
		if r.gall {
			c := p.guardCtx(s)
			for y := p.nb[dest*nd+d]; y >= 0; y = p.nb[int(y)*nd+d] {
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
	for c := tail; ; c = int(p.nb[c*nd+d]) {
		buf = append(buf, s.lift(p, c))
		if c == head {
			break
		}
	}
	s.gbuf = buf
	for i, y := 0, dest; i < run; i, y = i+1, int(p.nb[y*nd+d]) {
		p.take(s, mover, y)
	}
	// The distance: the tail moves as far as the head.
	dist := 0
	for c := head; c != dest; c = int(p.nb[c*nd+d]) {
		dist++
	}
	to := tail
	for i := 0; i < dist; i++ {
		to = int(p.nb[to*nd+d])
	}
	for _, code := range buf {
		if pr := p.promoteTo(code, to); pr != 0 {
			code = pr
		}
		s.drop(p, to, code)
		if to != dest {
			to = int(p.nb[to*nd+d])
		}
	}
}

// Apply plays move i of ml (ml must be the list Legal filled for s) in place
// and decides whether the game ends: an after-move goal of the mover, then
// the passes in a row, then the ply limit. An index out of range does
// nothing. With undo records, a move of one leap of a rule.fused where
// the Program has no after-move goals and nothing passes
// (Program.quietRules) is doLeap's when its frame's room is there, with
// only the ply limit left to decide; the other fused moves doFused's.
// Without (State.unlogged), a move of a leap rule of Program.directLeaps
// is doLeapsUnlogged's. The others are doMove's.
func (p *Program) Apply(s *State, ml *MoveList, i int) {
	if uint(i) >= uint(len(ml.moves)) {
		return
	}
	m := ml.moves[i]
	var mover int
	switch {
	case !s.unlogged:
		if p.quietRules>>(uint32(m.rule)&63)&1 != 0 && m.n == 2 && len(s.frames) < cap(s.frames) {
			p.doLeap(s, ml, m)
			if p.limit > 0 && s.ply >= p.limit {
				s.end = endLimit // (undoLeap: the game goes on again)
			}
			return
		}
		if p.fusedRules>>(uint32(m.rule)&63)&1 != 0 {
			mover = p.doFused(s, ml, m)
		} else {
			mover = p.doMove(s, ml, i)
		}
	case p.directLeaps>>(uint32(m.rule)&63)&1 == 0:
		s.skipLog = true
		mover = p.doMove(s, ml, i)
		s.skipLog = false
	default:
		mover = p.doLeapsUnlogged(s, ml, m)
	}
	if len(p.goalsAfter) > 0 {
		c := &s.ectx
		if c.p != p {
			c.p = p
		}
		if c.s != s {
			c.s = s
		}
		c.own, c.opp = int(mover), p.after(int(mover))
		for _, gl := range p.goalsAfter {
			if gl.f(c) != 0 {
				s.end, s.winner = endGoal, int(mover)
				if gl.lose {
					s.end = endLose
				} else if gl.draw {
					s.end = endDraw
				}
				return
			}
		}
	}
	if p.passes > 0 && s.passes >= p.passes && m.rule < 0 {
		s.end = endPasses
		return
	}
	if p.limit > 0 && s.ply >= p.limit {
		s.end = endLimit
	}
}

// Undo takes back the last Apply (nothing when there is none).
func (p *Program) Undo(s *State) {
	n := len(s.frames) - 1
	if n < 0 {
		return
	}
	f := &s.frames[n]
	s.frames = s.frames[:n]
	if f.kind == frameLeap {
		p.undoLeap(s, f)
		return
	}
	p.undoFrame(s, f)
}

// undoFrame is Undo for the frame f just popped, of any kind but
// frameLeap.
func (p *Program) undoFrame(s *State, f *frame) {
	switch f.kind {
	case frameLeapEnds:
		p.undoLeap(s, f)
		s.passes = int(f.passes)
		s.end, s.winner = f.end, int(f.winner)
		return
	case frameTake:
		s.undoTake(p, f)
		return
	case frameFused:
		s.undoFused(p, f)
		return
	case frameDrop:
		// The move's one record is the drop: its cell's top is the piece.
		s.hand[s.cells[s.changes[f.nch].cell]]++
	}
	switch {
	case p.flat:
		s.undoFlat(p, s.changes[f.nch:])
	case s.hgt == nil:
		// Without stacks every record is a cell's old code.
		for j := len(s.changes) - 1; j >= int(f.nch); j-- {
			ch := s.changes[j]
			s.put(p, int(ch.cell), ch.old)
		}
	default:
		for j := len(s.changes) - 1; j >= int(f.nch); j-- {
			s.undoChange(p, s.changes[j])
		}
	}
	s.changes = s.changes[:f.nch]
	s.undoCounters(f)
	if s.ctr != nil {
		k := len(s.ctrLog) - len(s.ctr)
		copy(s.ctr, s.ctrLog[k:])
		s.ctrLog = s.ctrLog[:k]
	}
}

// Status reports whether s is over, the winners, the scores (on every call
// when the game has scores) and the margin. It asks for the moves of the
// player to move when it needs to know whether they have one (existence
// only). It allocates the result's slices; StatusInto reuses them.
func (p *Program) Status(s *State) Status {
	var st Status
	p.StatusInto(s, &st)
	if !st.Over {
		st.Winners = nil
	}
	return st
}

// StatusInto is Status written into st, reusing the arrays of st.Scores
// and st.Winners: once they have grown, nothing is allocated (for
// playouts). While the game goes on, st.Winners is empty.
func (p *Program) StatusInto(s *State, st *Status) {
	scores, w := st.Scores[:0], st.Winners[:0]
	*st = Status{}
	if p.score != nil {
		for i := 0; i < p.np; i++ {
			scores = append(scores, p.scoreOf(s, i))
		}
		st.Scores = scores
	}
	switch s.end {
	case endGoal:
		st.Over, st.Reason, w = true, "goal", append(w, s.winner)
	case endLose:
		st.Over, st.Reason, w = true, "goal", p.appendAllBut(w, s.winner)
	case endPasses:
		st.Over, st.Reason, w = true, "passes", p.appendOutcome(w, s, p.atPasses, st.Scores)
	case endDraw:
		st.Over, st.Reason, w = true, "goal", p.appendEveryone(w)
	case endLimit:
		st.Over, st.Reason, w = true, "limit", p.appendOutcome(w, s, p.atLimit, st.Scores)
	default:
		if hit, lose := p.turnStartGoal(s); hit {
			st.Over, st.Reason = true, "goal"
			if lose {
				w = p.appendAllBut(w, s.toMove)
			} else {
				w = append(w, s.toMove)
			}
			break
		}
		// Legal is empty exactly when there is no candidate and no pass.
		if p.noMove != ir.OutcomePass && !p.candidates(s, nil, &s.ax().gen2) {
			st.Over, st.Reason, w = true, "no move", p.appendOutcome(w, s, p.noMove, st.Scores)
		}
	}
	st.Winners = w
	if st.Over && p.margin != nil && p.np == 2 && len(w) == 1 {
		c := &s.ax().mctx
		*c = ectx{p: p, s: s, own: w[0], opp: 1 - w[0], winner: w[0], loser: 1 - w[0]}
		st.Margin, st.HasMargin = p.margin(c), true
	}
}

func (p *Program) appendEveryone(w []int) []int {
	for i := 0; i < p.np; i++ {
		w = append(w, i)
	}
	return w
}

// appendOutcome appends the winners of an ending with outcome o.
func (p *Program) appendOutcome(w []int, s *State, o ir.Outcome, scores []int) []int {
	switch o {
	case ir.OutcomeScore:
		if scores == nil {
			return p.appendEveryone(w)
		}
		best := scores[0]
		for _, v := range scores {
			if (p.best == ir.Highest && v > best) || (p.best == ir.Lowest && v < best) {
				best = v
			}
		}
		for i, v := range scores {
			if v == best {
				w = append(w, i)
			}
		}
		return w
	case ir.OutcomeLose:
		return p.appendAllBut(w, s.toMove)
	}
	return p.appendEveryone(w)
}

// appendAllBut appends every player but loser (everyone in a one-player
// game).
func (p *Program) appendAllBut(w []int, loser int) []int {
	if p.np == 1 {
		return p.appendEveryone(w)
	}
	for i := 0; i < p.np; i++ {
		if i != loser {
			w = append(w, i)
		}
	}
	return w
}

// Score returns the score of player now (0 when the game has no score or the
// player is out of range).
func (p *Program) Score(s *State, player int) int {
	if p.score == nil || player < 0 || player >= p.np {
		return 0
	}
	return p.scoreOf(s, player)
}

// scoreOf evaluates the score for player, in a context of its own (the
// score may be asked from inside another expression; it never refers to
// itself).
func (p *Program) scoreOf(s *State, player int) int {
	c := &s.ax().sctx
	*c = ectx{p: p, s: s, own: player, opp: p.after(player)}
	return p.score(c)
}

// RandomPlayout plays uniformly random legal moves from s until the game
// is over or maxPlies plies have been played (maxPlies <= 0: no cap), and
// returns the number of plies played. s is left at the final position
// (Undo takes the plies back one by one, unless s records no undo
// information: SetUndo). Each ply draws rng.IntN(n) once,
// n being the number of legal moves, and plays that move of Legal's list,
// so the game is the one of the loop Legal, rng.IntN(ml.Len()), Apply; but
// the moves are counted without being built where the generators can (ml
// is scratch space). Nothing is allocated once ml and s have grown.
func (p *Program) RandomPlayout(s *State, rng *rand.Rand, ml *MoveList, maxPlies int) (plies int) {
	return p.playout.play(p, s, rng, ml, maxPlies)
}

// GenPerft counts the same sequences as Perft without its shortcuts: at
// every depth, the last one included, it generates the moves (Legal),
// plays each (Apply) and takes it back (Undo), and returns the number of
// leaf moves played (1 for depth 0). mls holds one move list per depth
// (nil, or fewer than depth: lists are made); reusing it allocates
// nothing. s is left as it was.
func (p *Program) GenPerft(s *State, depth int, mls []MoveList) uint64 {
	if depth <= 0 {
		return 1
	}
	if len(mls) < depth {
		mls = make([]MoveList, depth)
	}
	ml := &mls[depth-1]
	p.Legal(s, ml)
	var n uint64
	for i := range ml.Len() {
		p.Apply(s, ml, i)
		if depth == 1 {
			n++
		} else {
			n += p.GenPerft(s, depth-1, mls)
		}
		p.Undo(s)
	}
	return n
}

// Perft counts the move sequences of exactly depth legal moves from s (1
// for depth 0). The last ply is counted without being played, without
// building the moves where the generators can (see "Counting and
// selecting moves" in the package documentation); in games whose moves
// can be counted on the occupancy words, the moves of the ply before are
// not played either.
func (p *Program) Perft(s *State, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	mls := make([]MoveList, depth)
	return p.perft(s, depth, mls)
}

func (p *Program) perft(s *State, depth int, mls []MoveList) uint64 {
	ml := &mls[depth-1]
	if depth == 1 {
		return uint64(p.countLegal(s, ml))
	}
	if depth == 2 && p.lastTwo != nil {
		return p.lastTwo.perftTwo(p, s, ml)
	}
	p.Legal(s, ml)
	var n uint64
	for i := range ml.moves {
		p.Apply(s, ml, i)
		n += p.perft(s, depth-1, mls)
		p.Undo(s)
	}
	return n
}
