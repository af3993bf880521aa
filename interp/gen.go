package interp

import (
	"math/bits"
	"slices"

	"github.com/ruleplay/ruleplay/ir"
)

// MoveList is a reusable buffer of moves, refilled by Legal. The zero value
// is ready to use; once its buffers have grown, refilling it allocates
// nothing.
type MoveList struct {
	moves []mv
	arena []uint32 // paths: start cell, then landing | dir<<16 per leap
	hash  []int32  // deduplication scratch
	seen  []uint64 // deduplication of short moves (dedupShort)
}

// mv is one move: its path is arena[off:off+n]; rule -1 is a pass.
type mv struct {
	off  int32
	n    int32
	rule int32
}

// Len returns the number of moves in the list.
func (ml *MoveList) Len() int { return len(ml.moves) }

func (ml *MoveList) reset() {
	ml.moves = ml.moves[:0]
	ml.arena = ml.arena[:0]
}

// gen is the state of one move generation run.
type gen struct {
	p     *Program
	s     *State
	ml    *MoveList // nil when only existence or the number of moves is asked
	r     *rule
	mover int
	found bool // existence mode: a move was found
	// count mode (ml == nil, count, sel < 0): n counts the moves; with
	// filt, npass counts those after which the next player still has a move
	// (the blockade filter, checked on occupancy words: Program.blockFast).
	// Select mode (count, sel >= 0): n counts the moves (with filt, only
	// those the filter keeps) and move number sel is written to out, which
	// stops the generation (found).
	count    bool
	filt     bool
	n, npass int
	sel      int
	out      *MoveList
	pc       uint16
	over     []uint8 // the rule's condition tables for the mover
	onto     []uint8
	stride   int
	dirs     []int32
	ctx      *ectx

	// one-word boards with shift rules: the bitsets of markShift (all
	// pieces, cells satisfying Over, cells satisfying Onto) and whether Over
	// and Onto accept an empty cell (oe, ee) or the moving piece (op, ep).
	occ1, o1, e1 uint64
	// markShift on one word: the number of first leaps (source, direction)
	// of every selected owner's piece (-1 when unknown), and per direction
	// (index into the mover's dirs) the sources of those leaps
	firsts int
	td     [32]uint64
	w      [maxSlots]uint64 // shiftWords: the occupancy words per slot
	one    bool             // markShift ran on one word (shiftWords)
	// markShift on one word: per direction index, its shift and valid mask
	// (leaps of the rule's length)
	nds            int
	dsh            [32]int
	dval           [32]uint64
	lands          []uint64 // the rule's lands for the mover
	oe, ee, op, ep uint64
}

// bind sets the program, state and move list of g, storing only what
// changes (a pointer store costs a write barrier while the collector runs).
func (g *gen) bind(p *Program, s *State, ml *MoveList) {
	if g.p != p {
		g.p = p
	}
	if g.s != s {
		g.s = s
	}
	if g.ml != ml {
		g.ml = ml
	}
}

// tally counts the move of the current path (s.path) in count or select
// mode; it reports whether it is the move selected (then found is set).
func (g *gen) tally() bool {
	if g.sel < 0 {
		g.n++
		if g.filt && g.p.keepsMove(g.s, g.r, g.s.path) {
			g.npass++
		}
		return false
	}
	if g.filt && !g.p.keepsMove(g.s, g.r, g.s.path) {
		return false
	}
	g.n++
	if g.n-1 == g.sel {
		g.found = true
		return true
	}
	return false
}

// skip tells whether, in count or select mode without filter, cnt moves
// can be counted without being generated one by one (select mode: the
// move selected is not among them); it counts them.
func (g *gen) skip(cnt int) bool {
	if g.filt || (g.sel >= 0 && g.n+cnt > g.sel) {
		return false
	}
	g.n += cnt
	return true
}

// emit records the current path (s.path) as a move.
func (g *gen) emit() {
	ml := g.ml
	if ml == nil {
		if !g.count {
			g.found = true
			return
		}
		if !g.tally() {
			return
		}
		ml = g.out
	}
	ml.moves = append(ml.moves, mv{off: int32(len(ml.arena)), n: int32(len(g.s.path)), rule: int32(g.r.idx)})
	ml.arena = append(ml.arena, g.s.path...)
}

func (p *Program) guardCtx(s *State) *ectx {
	c := &s.ectx
	if c.p != p { // (no write barrier when nothing changes)
		c.p = p
	}
	if c.s != s {
		c.s = s
	}
	c.own, c.opp = s.toMove, p.after(s.toMove)
	c.winner, c.loser = 0, 0
	c.cell, c.code = 0, 0
	return c
}

// turnStartGoal tells whether a turn-start goal holds for the player to
// move (the first that holds decides), and whether it makes them lose.
func (p *Program) turnStartGoal(s *State) (hit, lose bool) {
	if len(p.goalsStart) == 0 {
		return false, false
	}
	c := p.guardCtx(s)
	for _, gl := range p.goalsStart {
		if gl.f(c) != 0 {
			return true, gl.lose
		}
	}
	return false, false
}

// Legal fills ml with the legal moves of s (empty when the game is over).
// Order is deterministic: rule order within the chosen priority tier, then
// the moving piece's cell index, then direction order, then chain DFS (a
// prefix before its extensions). Identical texts are one move. When the
// rules' NoMove outcome is OutcomePass and there is no other move, the list
// holds the single move "pass".
func (p *Program) Legal(s *State, ml *MoveList) {
	ml.reset()
	if s.end != endNone {
		return
	}
	if hit, _ := p.turnStartGoal(s); hit {
		return
	}
	p.candidates(s, ml, &s.gen)
	if len(ml.moves) == 0 {
		if p.noMove == ir.OutcomePass {
			ml.moves = append(ml.moves, mv{rule: -1})
		}
		return
	}
	if p.noBlockade {
		p.filterBlockade(s, ml, &p.tiers[s.tier])
	}
}

// candidates fills ml with the moves of the first tier that has any (ml ==
// nil: only tells whether there is one).
func (p *Program) candidates(s *State, ml *MoveList, g *gen) bool {
	g.bind(p, s, ml)
	g.mover, g.found, g.count, g.sel = s.toMove, false, false, -1
	for ti := range p.tiers {
		t := &p.tiers[ti]
		for _, ri := range t.rules {
			r := &p.rules[ri]
			if r.when != nil && r.when(p.guardCtx(s)) == 0 {
				continue
			}
			g.r = r
			p.runGen(g)
			if g.found {
				return true
			}
		}
		if ml != nil && len(ml.moves) > 0 {
			if t.dedup {
				p.dedup(ml)
			}
			s.tier = ti
			return true
		}
	}
	return false
}

// filterBlockade drops the moves after which the next player has no
// candidate move, unless that drops them all.
func (p *Program) filterBlockade(s *State, ml *MoveList, t *tier) {
	k := 0
	if p.blockFast {
		p.nextGuards(s)
		var touched uint64
		if t.bulk {
			_, touched = p.firstLeaps(s, t, true, false)
		} else {
			for _, m := range ml.moves {
				touched |= p.touched(&p.rules[m.rule], ml.arena[m.off:m.off+m.n])
			}
		}
		if p.nextSurvives(s, touched) {
			return // no move is filtered out
		}
		p.witnesses(s)
	}
	for i := range ml.moves {
		var ok bool
		if m := ml.moves[i]; p.blockFast {
			ok = p.keepsMove(s, &p.rules[m.rule], ml.arena[m.off:m.off+m.n])
		} else {
			p.doMove(s, ml, i)
			ok = p.candidates(s, nil, &s.ax().gen2)
			p.Undo(s)
		}
		if ok {
			ml.moves[k] = ml.moves[i]
			k++
		}
	}
	if k > 0 {
		ml.moves = ml.moves[:k]
	}
}

// srcWord returns word w of the bitset of cells holding a piece whose owner
// is selected by the rule's Who relative to the mover (kinds not checked).
func (g *gen) srcWord(w int) uint64 {
	s, np, nw := g.s, g.p.np, g.s.nw
	switch g.r.who {
	case ir.Own:
		return s.occ[g.mover*nw+w]
	case ir.NeutralPieces:
		return s.occ[np*nw+w]
	case ir.Enemy:
		var word uint64
		for sl := 0; sl < np; sl++ {
			if sl != g.mover {
				word |= s.occ[sl*nw+w]
			}
		}
		return word
	}
	var word uint64
	for sl := 0; sl <= np; sl++ {
		word |= s.occ[sl*nw+w]
	}
	return word
}

// emptyWord returns word w of the bitset of empty cells.
func (g *gen) emptyWord(w int) uint64 {
	s, np, nw := g.s, g.p.np, g.s.nw
	var word uint64
	for sl := 0; sl <= np; sl++ {
		word |= s.occ[sl*nw+w]
	}
	return ^word & g.p.boardMask[w]
}

// markSources fills s.mark with the selected pieces that may start a leap of
// the rule onto an empty cell, when the rule lands only on empty cells and
// there are fewer empty cells than selected pieces (then looking from the
// landing cells is cheaper). It reports whether it did.
func (g *gen) markSources() bool {
	r, s := g.r, g.s
	g.one = false
	if r.shift && (s.nw == 1 || !r.ontoEmpty[g.mover]) {
		g.markShift()
		return true
	}
	if !r.ontoEmpty[g.mover] {
		return false
	}
	nsrc, nempty := 0, 0
	for w := 0; w < s.nw; w++ {
		nsrc += bits.OnesCount64(g.srcWord(w))
		nempty += bits.OnesCount64(g.emptyWord(w))
	}
	if r.shift && nempty >= 4*s.nw {
		// Shifts of several words cost about the same whatever the
		// position; a few empty cells are cheaper to look back from.
		g.markShift()
		return true
	}
	if nempty >= nsrc {
		return false
	}
	nd := g.p.nd
	dirs := r.dirs[g.mover]
	mark := s.mark
	clear(mark)
	for w := 0; w < s.nw; w++ {
		word := g.emptyWord(w)
		for word != 0 {
			l := int(g.p.cellOf[w<<6|bits.TrailingZeros64(word)])
			word &= word - 1
			for _, d := range dirs {
				if c := r.rev[l*nd+int(d)]; c >= 0 {
					b := g.p.bitOf[c]
					mark[b>>6] |= 1 << (uint(b) & 63)
				}
			}
		}
	}
	for w := 0; w < s.nw; w++ {
		mark[w] &= g.srcWord(w)
	}
	return true
}

// markShift fills s.mark with the selected pieces that have a first leap,
// found for all cells at once with bitset shifts (r.shift).
func (g *gen) markShift() {
	p, s, r := g.p, g.s, g.r
	nw, np := s.nw, p.np
	om, em := r.overSlots[g.mover], r.ontoSlots[g.mover]
	L := r.length
	if nw == 1 && np+1 <= maxSlots {
		copy(g.w[:np+1], s.occ[:np+1])
		s.mark[0] = g.shiftWords()
		g.one = true
		return
	}
	g.firsts = -1
	O, E, S, T := s.bufs[:nw], s.bufs[nw:2*nw], s.bufs[2*nw:3*nw], s.bufs[3*nw:4*nw]
	for w := 0; w < nw; w++ {
		var o, e uint64
		for sl := 0; sl <= np; sl++ {
			word := s.occ[sl*nw+w]
			if om>>uint(sl)&1 != 0 {
				o |= word
			}
			if em>>uint(sl)&1 != 0 {
				e |= word
			}
		}
		empty := g.emptyWord(w)
		if om>>uint(np+1)&1 != 0 {
			o |= empty
		}
		if em>>uint(np+1)&1 != 0 {
			e |= empty
		}
		O[w], E[w], S[w] = o, e, g.srcWord(w)
		s.mark[w] = 0
	}
	for _, d := range r.dirs[g.mover] {
		sh := p.dirShift[d]
		valid := r.validL[int(d)*nw : int(d)*nw+nw]
		for w := range T {
			T[w] = valid[w] & S[w]
		}
		andShifted(T, E, L*sh)
		for k := 1; k < L; k++ {
			andShifted(T, O, k*sh)
		}
		for w := range T {
			s.mark[w] |= T[w]
		}
	}
}

// shiftWords is markShift on one word, with the occupancy words g.w (per
// slot): it fills occ1, o1, e1, the per-direction tables (nds, dsh, dval,
// td) and firsts, and returns the sources.
func (g *gen) shiftWords() uint64 {
	p, r := g.p, g.r
	np := p.np
	om, em, ss := r.overSlots[g.mover], r.ontoSlots[g.mover], r.srcSlots[g.mover]
	L := r.length
	var o, e, all, src uint64
	for sl := 0; sl <= np; sl++ {
		word := g.w[sl&(maxSlots-1)]
		all |= word
		if om>>uint(sl)&1 != 0 {
			o |= word
		}
		if em>>uint(sl)&1 != 0 {
			e |= word
		}
		if ss>>uint(sl)&1 != 0 {
			src |= word
		}
	}
	empty := ^all & p.boardMask[0]
	if om>>uint(np+1)&1 != 0 {
		o |= empty
	}
	if em>>uint(np+1)&1 != 0 {
		e |= empty
	}
	g.occ1, g.o1, g.e1 = all, o, e
	g.lands = r.lands[g.mover]
	var mark uint64
	n := 0
	dirs := r.dirs[g.mover]
	g.nds = min(len(dirs), 32)
	for i, d := range dirs {
		sh := p.dirShift[d]
		g.dsh[i&31], g.dval[i&31] = sh, r.validL[d]
		t := r.validL[d] & src & shr1(e, L*sh)
		for k := 1; k < L; k++ {
			t &= shr1(o, k*sh)
		}
		g.td[i&31] = t
		mark |= t
		n += bits.OnesCount64(t)
	}
	g.firsts = n
	return mark
}

// shr1 returns x with bit c+sh moved to bit c (sh may be negative), for
// the bits c such that c+sh is in 0..63: it is a rotation, so the other
// bits hold garbage. Every use masks the result with cells whose shifted
// cell is on the board (the valid masks, or sources found with them).
func shr1(x uint64, sh int) uint64 {
	return bits.RotateLeft64(x, -sh)
}

// andShifted sets t[c] &= x[c+sh] for every bit c (multiword bitsets).
func andShifted(t, x []uint64, sh int) {
	nw := len(t)
	if sh >= 0 {
		q, r := sh>>6, uint(sh&63)
		for w := 0; w < nw; w++ {
			var v uint64
			if w+q < nw {
				v = x[w+q] >> r
				if r != 0 && w+q+1 < nw {
					v |= x[w+q+1] << (64 - r)
				}
			}
			t[w] &= v
		}
		return
	}
	q, r := (-sh)>>6, uint((-sh)&63)
	for w := 0; w < nw; w++ {
		var v uint64
		if w-q >= 0 {
			v = x[w-q] << r
			if r != 0 && w-q-1 >= 0 {
				v |= x[w-q-1] >> (64 - r)
			}
		}
		t[w] &= v
	}
}

// removes generates removal moves (same code with and without fast paths).
func (g *gen) removes() {
	p, s, r := g.p, g.s, g.r
	var c *ectx
	if r.onto != nil || r.from != nil {
		c = p.guardCtx(s)
	}
	for cell, code := range s.cells {
		if !p.selects(r, g.mover, int(code)) {
			continue
		}
		if r.onto != nil || r.from != nil {
			c.cell, c.code, c.mcode, c.level = cell, int(code), int(code), s.height(cell)-1
			if (r.from != nil && r.from(c) == 0) || (r.onto != nil && r.onto(c) == 0) {
				continue
			}
		}
		s.path = append(s.path[:0], uint32(cell))
		g.emit()
		s.path = s.path[:0]
		if g.found {
			return
		}
	}
}

// fastStep: a one-cell leap without chain, local Onto condition.
func (g *gen) fastStep() {
	p, s, r := g.p, g.s, g.r
	nd, ncodes := p.nd, p.ncodes
	stride := r.stride
	onto := r.ontoTab[g.mover*r.tabSize : (g.mover+1)*r.tabSize]
	dirs := r.dirs[g.mover]
	srcOK := r.srcOK[g.mover*ncodes : (g.mover+1)*ncodes]
	cells := s.cellsW
	leap := r.leap
	marked := g.markSources()
	if marked && g.one {
		if s.mark[0] == 0 {
			return
		}
		if g.ml == nil && r.srcAll[g.mover] {
			// Every (source, direction) found is a move.
			if !g.count {
				g.found = true
				return
			}
			if g.skip(g.firsts) {
				return
			}
		}
		g.emitFirsts()
		return
	}
	for w := 0; w < s.nw; w++ {
		var word uint64
		if marked {
			word = s.mark[w]
		} else {
			word = g.srcWord(w)
		}
		for word != 0 {
			c := int(p.cellOf[w<<6|bits.TrailingZeros64(word)])
			word &= word - 1
			if !srcOK[cells[c]] {
				continue
			}
			// Which directions work, without a branch per direction.
			var m uint32
			for k, d := range dirs {
				land := leap[c*nd+int(d)]
				m |= uint32(onto[int(land)*stride+int(cells[land])]) << uint(k)
			}
			if m == 0 {
				continue
			}
			if g.ml == nil {
				if !g.count {
					g.found = true
					return
				}
				if g.skip(bits.OnesCount32(m)) {
					continue
				}
			}
			for m != 0 {
				k := bits.TrailingZeros32(m)
				m &= m - 1
				d := dirs[k]
				e := uint32(leap[c*nd+int(d)]) | uint32(d)<<16
				if ml := g.ml; ml != nil {
					ml.moves = append(ml.moves, mv{off: int32(len(ml.arena)), n: 2, rule: int32(r.idx)})
					ml.arena = append(ml.arena, uint32(c), e)
					continue
				}
				s.path = append(s.path[:0], uint32(c), e)
				g.emit()
				if g.found {
					return
				}
			}
		}
	}
}

// emitFirsts emits the moves of a shift rule without chain on a one-word
// board, found by markShift (s.mark, g.td): per source in cell order, per
// direction, the leap of length L.
func (g *gen) emitFirsts() {
	p, s, r := g.p, g.s, g.r
	dirs := r.dirs[g.mover]
	L := r.length
	cellOf, shifts := p.cellOf, p.dirShift
	all := r.srcAll[g.mover]
	srcOK := r.srcOK[g.mover*p.ncodes : (g.mover+1)*p.ncodes]
	cells := s.cells
	td := &g.td
	ml := g.ml
	var moves []mv
	var arena []uint32
	n0, a0, j := 0, 0, 0
	rule := int32(r.idx)
	if ml != nil {
		n0, a0 = len(ml.moves), len(ml.arena)
		moves = slices.Grow(ml.moves, g.firsts)[:n0+g.firsts]
		arena = slices.Grow(ml.arena, 2*g.firsts)[:a0+2*g.firsts]
	}
	for mark := s.mark[0]; mark != 0; mark &= mark - 1 {
		b := bits.TrailingZeros64(mark)
		c := cellOf[b]
		if !all && !srcOK[cells[c]] {
			continue
		}
		if ml == nil && g.count && !g.filt {
			cnt := 0
			for k := range dirs {
				cnt += int(td[k&31] >> uint(b) & 1)
			}
			if g.skip(cnt) {
				continue
			}
		}
		for k, d := range dirs {
			if td[k&31]>>uint(b)&1 == 0 {
				continue
			}
			e := uint32(cellOf[b+L*shifts[d]]) | uint32(d)<<16
			if ml != nil {
				moves[n0+j] = mv{off: int32(a0 + 2*j), n: 2, rule: rule}
				arena[a0+2*j], arena[a0+2*j+1] = uint32(c), e
				j++
				continue
			}
			s.path = append(s.path[:0], uint32(c), e)
			g.emit()
			if g.found {
				return
			}
		}
	}
	if ml != nil {
		ml.moves, ml.arena = moves[:n0+j], arena[:a0+2*j]
	}
}

// fastLeaps: any leap with local conditions, table driven.
func (g *gen) fastLeaps() {
	p, s, r := g.p, g.s, g.r
	g.over = r.overTab[g.mover*r.tabSize : (g.mover+1)*r.tabSize]
	g.onto = r.ontoTab[g.mover*r.tabSize : (g.mover+1)*r.tabSize]
	g.stride = r.stride
	g.dirs = r.dirs[g.mover]
	srcOK := r.srcOK[g.mover*p.ncodes : (g.mover+1)*p.ncodes]
	cells := s.cells
	if r.mbOffs != nil && g.ml == nil && g.count && g.sel < 0 && !g.filt &&
		!(r.shift && s.nw == 1 && p.np+1 <= maxSlots) {
		g.mbCountGen()
		return
	}
	if r.length == 2 && g.ml == nil && g.count && g.sel < 0 && !g.filt && r.ontoEmpty[g.mover] &&
		!(r.shift && s.nw == 1 && p.np+1 <= maxSlots) && g.fewEmpty() {
		g.countByLandings()
		return
	}
	marked := g.markSources()
	shift1 := g.one && r.length == 2
	if g.one {
		if s.mark[0] == 0 {
			return
		}
		if g.ml == nil && r.srcAll[g.mover] && (r.chain == ir.ChainNone || !g.count) {
			// Every first leap is a move (or, with chains, starts one).
			if !g.count {
				g.found = true
				return
			}
			if g.skip(g.firsts) {
				return
			}
		}
		if r.chain == ir.ChainNone {
			g.emitFirsts()
			return
		}
		g.oe = r.overSlots[g.mover] >> uint(p.np+1) & 1
		g.ee = r.ontoSlots[g.mover] >> uint(p.np+1) & 1
		if shift1 && g.ml == nil && g.count && g.sel < 0 && !g.filt && r.alwaysTakes && !r.hasPromo &&
			r.chain == ir.ChainOptional && r.srcAll[g.mover] {
			g.n += g.countChains2()
			return
		}
	}
	countFast := shift1 && g.count && !g.filt && r.alwaysTakes && r.chain != ir.ChainNone
	for w := 0; w < s.nw; w++ {
		var word uint64
		if marked {
			word = s.mark[w]
		} else {
			word = g.srcWord(w)
		}
		for word != 0 {
			b := w<<6 | bits.TrailingZeros64(word)
			c := int(p.cellOf[b])
			word &= word - 1
			code := cells[c]
			if !srcOK[code] {
				continue
			}
			g.pc = code
			if countFast {
				sl := uint(p.codeSlot[code])
				g.op = r.overSlots[g.mover] >> sl & 1
				g.ep = r.ontoSlots[g.mover] >> sl & 1
				if g.skip(g.shiftCount2(b, g.occ1, g.o1, g.e1)) {
					continue
				}
			}
			s.path = append(s.path[:0], uint32(c))
			switch {
			case shift1:
				sl := uint(p.codeSlot[code])
				g.op = r.overSlots[g.mover] >> sl & 1
				g.ep = r.ontoSlots[g.mover] >> sl & 1
				g.shiftDFS2(b, g.occ1, g.o1, g.e1)
			case r.mbOffs != nil:
				g.mbDFS(p.mbox.key[c])
			case r.length == 2:
				g.fastDFS2(c)
			default:
				g.fastDFS(c)
			}
			s.path = s.path[:0]
			if g.found {
				return
			}
		}
	}
}

// fewEmpty tells whether the board has fewer empty cells than pieces the
// rule selects. It leaves the empty cells' words in s.bufs[:nw], for
// countByLandings.
func (g *gen) fewEmpty() bool {
	s, np, nw := g.s, g.p.np, g.s.nw
	who := g.r.who
	all := who != ir.Own && who != ir.NeutralPieces && who != ir.Enemy
	nsrc, nempty := 0, 0
	empty := s.bufs[:nw]
	for w := range empty {
		var occ uint64 // as emptyWord and srcWord
		for sl := 0; sl <= np; sl++ {
			occ |= s.occ[sl*nw+w]
		}
		e := ^occ & g.p.boardMask[w]
		empty[w] = e
		if !all {
			occ = g.srcWord(w)
		}
		nsrc += bits.OnesCount64(occ)
		nempty += bits.OnesCount64(e)
	}
	return nempty < nsrc
}

// countByLandings counts the moves of a short-jump rule landing on empty
// cells (count mode: the order does not matter) from the landing cells of
// the first leaps, when they are fewer than the pieces: per empty cell and
// direction, the piece two cells back; then its chains as fastDFS2 counts
// them.
func (g *gen) countByLandings() {
	p, s, r := g.p, g.s, g.r
	cells := s.cellsW
	nd, stride := p.nd, g.stride
	srcOK := r.srcOK[g.mover*p.ncodes : (g.mover+1)*p.ncodes]
	leap, over, onto := r.leap, g.over, g.onto
	rev, dirs, bitOf := r.rev, g.dirs, p.bitOf
	jumped := r.capture == ir.CaptureJumped
	// A chain can go on from l only towards a landing cell of l that is
	// empty (Onto holds on empty cells only): one empty before the first
	// leap, or x (the start cell c cannot be: the leap back from l passes
	// over x, emptied, and Over fails on empty cells when every leap
	// takes a piece; on a shift board that is the only leap from l to c).
	// The empty cells' words are in s.bufs[:nw] (fewEmpty).
	nw := s.nw
	empty := s.bufs[:nw]
	var lands []uint64
	if r.landsW != nil && r.alwaysTakes && jumped && r.ontoSlots[g.mover] == 1<<uint(p.np+1) {
		lands = r.landsW[g.mover]
	}
	for w, word := range empty {
		for ; word != 0; word &= word - 1 {
			l := int(p.cellOf[w<<6|bits.TrailingZeros64(word)])
			ontoL := onto[l*stride+int(cells[l])]
			if ontoL == 0 {
				continue
			}
			var lw []uint64
			near := true
			if lands != nil {
				lw, near = g.landsOf(lands, empty, l)
			}
			for _, d := range dirs {
				c := int(rev[l*nd+int(d)])
				if c < 0 || !srcOK[cells[c]] {
					continue
				}
				x := int(leap[(c*nd+int(d))*2])
				if ontoL&over[x*stride+int(cells[x])] == 0 {
					continue
				}
				pc := cells[c]
				switch {
				case r.chain == ir.ChainNone || (r.hasPromo && p.promoteTo(pc, l) != 0):
					g.n++
				case !near && lw[bitOf[x]>>6]>>(bitOf[x]&63)&1 == 0:
					g.n++ // the first leap, ending the chain
				default:
					// Play the first leap on the cells for the chain's count.
					xc := cells[x]
					g.pc = pc
					if jumped && xc != 0 {
						cells[x] = 0
					}
					cells[c], cells[l] = 0, pc
					s.path = append(s.path[:0], uint32(c), uint32(l)|uint32(d)<<16)
					if !g.fastDFS2(l) || r.chain == ir.ChainOptional {
						g.n++ // the first leap is a move itself, or the chain ends there
					}
					s.path = s.path[:0]
					cells[l], cells[c], cells[x] = 0, pc, xc
				}
			}
		}
	}
}

// onPath tells whether cell is on the current path (start or a landing).
func (s *State) onPath(cell int32) bool {
	for _, e := range s.path {
		if int32(e&0xffff) == cell {
			return true
		}
	}
	return false
}

// fastDFS explores the leaps of the piece g.pc now on cell c (which holds
// it), emitting moves; it reports whether any leap was possible. The state
// is changed during the exploration and restored before returning.
func (g *gen) fastDFS(c int) bool {
	p, s, r := g.p, g.s, g.r
	cells := s.cellsW
	L, nd, stride := r.length, p.nd, g.stride
	leap, over, onto, dirs := r.leap, g.over, g.onto, g.dirs
	var m uint32
	for k, d := range dirs {
		base := (c*nd + int(d)) * L
		land := leap[base+L-1]
		ok := onto[int(land)*stride+int(cells[land])]
		for j := 0; j < L-1; j++ {
			x := leap[base+j]
			ok &= over[int(x)*stride+int(cells[x])]
		}
		m |= uint32(ok) << uint(k)
	}
	any := false
	for m != 0 {
		k := bits.TrailingZeros32(m)
		m &= m - 1
		d := dirs[k]
		base := (c*nd + int(d)) * L
		land := leap[base+L-1]
		lc := cells[land]
		capBase := len(s.caps)
		if r.capture == ir.CaptureJumped {
			for j := 0; j < L-1; j++ {
				if x := leap[base+j]; cells[x] != 0 {
					s.caps = append(s.caps, change{x, cells[x], opSet})
					cells[x] = 0
				}
			}
		}
		if lc == 0 && len(s.caps) == capBase && r.chain != ir.ChainNone && s.onPath(land) {
			continue // a leap that takes nothing may not come back on its path
		}
		cells[c] = 0
		cells[land] = g.pc
		s.path = append(s.path, uint32(land)|uint32(d)<<16)
		any = true
		switch {
		case r.chain == ir.ChainNone || (r.hasPromo && p.promoteTo(g.pc, int(land)) != 0):
			g.emit() // a promotion ends the chain
		case r.chain == ir.ChainOptional:
			g.emit()
			if !g.found {
				g.fastDFS(int(land))
			}
		default:
			if !g.fastDFS(int(land)) {
				g.emit()
			}
		}
		s.path = s.path[:len(s.path)-1]
		cells[land] = lc
		cells[c] = g.pc
		for j := len(s.caps) - 1; j >= capBase; j-- {
			cells[s.caps[j].cell] = s.caps[j].old
		}
		s.caps = s.caps[:capBase]
		if g.found {
			return true
		}
	}
	return any
}

// shiftDFS2 is fastDFS2 on a board of at most 64 cells for a shift rule
// (r.shift): the position is three bitsets passed by value (all pieces,
// cells satisfying Over, cells satisfying Onto), so a leap is a few bit
// operations and nothing needs restoring. c is the bit of the piece's cell
// (Program.bitOf).
func (g *gen) shiftDFS2(c int, occ, o, e uint64) bool {
	p, s, r := g.p, g.s, g.r
	if e&g.lands[c&63] == 0 {
		return false // no landing cell
	}
	var m uint32
	for k := 0; k < g.nds; k++ {
		sh := g.dsh[k&31]
		ok := g.dval[k&31] >> uint(c&63) & (o >> uint((c+sh)&63)) & (e >> uint((c+2*sh)&63)) & 1
		m |= uint32(ok) << uint(k)
	}
	jumped := r.capture == ir.CaptureJumped
	cb := uint64(1) << uint(c&63)
	any := false
	for m != 0 {
		k := bits.TrailingZeros32(m)
		m &= m - 1
		d := g.dirs[k]
		sh := g.dsh[k&31]
		x, land := c+sh, c+2*sh
		xb, lb := uint64(1)<<uint(x&63), uint64(1)<<uint(land&63)
		lcell := p.cellOf[land]
		// The start cell empties; a jumped piece leaves; the landing
		// cell's piece (capture by landing) is replaced by the mover.
		nocc, no, ne := occ&^cb, o&^cb|g.oe<<uint(c&63), e&^cb|g.ee<<uint(c&63)
		taken := occ&lb != 0
		if jumped && occ&xb != 0 {
			taken = true
			nocc, no, ne = nocc&^xb, no&^xb|g.oe<<uint(x&63), ne&^xb|g.ee<<uint(x&63)
		}
		if !taken && r.chain != ir.ChainNone && s.onPath(lcell) {
			continue // a leap that takes nothing may not come back on its path
		}
		nocc, no, ne = nocc|lb, no&^lb|g.op<<uint(land&63), ne&^lb|g.ep<<uint(land&63)
		s.path = append(s.path, uint32(lcell)|uint32(d)<<16)
		any = true
		switch {
		case r.chain == ir.ChainNone || (r.hasPromo && p.promoteTo(g.pc, int(lcell)) != 0):
			g.emit() // a promotion ends the chain
		case r.chain == ir.ChainOptional:
			g.emit()
			if !g.found {
				g.shiftDFS2(land, nocc, no, ne)
			}
		default:
			if !g.shiftDFS2(land, nocc, no, ne) {
				g.emit()
			}
		}
		s.path = s.path[:len(s.path)-1]
		if g.found {
			return true
		}
	}
	return any
}

// countChains2 counts the moves of a shift rule of short jumps with
// optional chains on a one-word board whose every leap takes a piece
// (r.alwaysTakes, no promotion, every piece of the owners selected), after
// markShift: chains of one and two leaps with bitsets, longer ones by
// shiftCount2 from the end of each chain of two leaps.
//
// A first leap from c in direction s1 (over x = c+s1 onto l = c+2*s1)
// changes c (empty), x (empty: its piece is taken) and l (the mover). A
// second leap from l in direction s2 tests y = l+s2 (Over) and z = l+2*s2
// (Onto): y is x when s2 = -s1 and c when s2 = -2*s1, z is c when s2 = -s1
// and x when 2*s2 = -s1; otherwise both keep their contents, and the
// second leap is valid exactly when a first leap from l in s2 would be
// with the same Over/Onto cells, in the position before the move.
func (g *gen) countChains2() int {
	p := g.p
	nd := g.nds
	o, e := g.o1, g.e1
	sh, valid := &g.dsh, &g.dval
	var geo [32]uint64 // cells from which a leap in the direction is valid
	for k := 0; k < nd; k++ {
		geo[k&31] = valid[k&31] & shr1(o, sh[k&31]) & shr1(e, 2*sh[k&31])
	}
	all := p.boardMask[0]
	oeM, eeM := -g.oe&all, -g.ee&all // Over/Onto hold on an emptied cell
	n := g.firsts
	for k1 := 0; k1 < nd; k1++ {
		t := g.td[k1]
		if t == 0 {
			continue
		}
		s1 := sh[k1]
		for k2 := 0; k2 < nd; k2++ {
			s2 := sh[k2]
			var c2 uint64
			switch {
			case s2 == -s1:
				c2 = t & shr1(valid[k2], 2*s1) & oeM & eeM
			case s2 == -2*s1:
				c2 = t & shr1(valid[k2], 2*s1) & oeM & shr1(e, 2*s1+2*s2)
			case 2*s2 == -s1:
				c2 = t & shr1(valid[k2], 2*s1) & shr1(o, 2*s1+s2) & eeM
			default:
				c2 = t & shr1(geo[k2], 2*s1)
			}
			if c2 != 0 {
				n += bits.OnesCount64(c2) + g.deepChains(c2, s1, s2)
			}
		}
	}
	return n
}

// deepChains counts, for countChains2, the chains of three leaps or more
// that begin with a leap in s1 and one in s2 from a cell of c2.
func (g *gen) deepChains(c2 uint64, s1, s2 int) int {
	r := g.r
	jumped := r.capture == ir.CaptureJumped
	n := 0
	for ; c2 != 0; c2 &= c2 - 1 {
		c := bits.TrailingZeros64(c2)
		sl := uint(0)
		for g.w[sl&(maxSlots-1)]>>uint(c)&1 == 0 {
			sl++ // the slot of the moving piece
		}
		g.op = r.overSlots[g.mover] >> sl & 1
		g.ep = r.ontoSlots[g.mover] >> sl & 1
		nocc, no, ne := g.occ1, g.o1, g.e1
		cur := c
		for _, s := range [2]int{s1, s2} {
			x, land := cur+s, cur+2*s
			cb, xb, lb := uint64(1)<<uint(cur&63), uint64(1)<<uint(x&63), uint64(1)<<uint(land&63)
			nocc, no, ne = nocc&^cb, no&^cb|g.oe<<uint(cur&63), ne&^cb|g.ee<<uint(cur&63)
			if jumped && nocc&xb != 0 {
				nocc, no, ne = nocc&^xb, no&^xb|g.oe<<uint(x&63), ne&^xb|g.ee<<uint(x&63)
			}
			nocc, no, ne = nocc|lb, no&^lb|g.op<<uint(land&63), ne&^lb|g.ep<<uint(land&63)
			cur = land
		}
		n += g.shiftCount2(cur, nocc, no, ne)
	}
	return n
}

// shiftCount2 counts the moves shiftDFS2 would emit from bit c, without a
// path: every leap of the rule takes something (r.alwaysTakes), so no leap
// is refused for coming back on its path.
func (g *gen) shiftCount2(c int, occ, o, e uint64) int {
	p, r := g.p, g.r
	if e&g.lands[c&63] == 0 {
		return 0 // no landing cell
	}
	var m uint32
	for k := 0; k < g.nds; k++ {
		sh := g.dsh[k&31]
		ok := g.dval[k&31] >> uint(c&63) & (o >> uint((c+sh)&63)) & (e >> uint((c+2*sh)&63)) & 1
		m |= uint32(ok) << uint(k)
	}
	if r.chain == ir.ChainNone && !r.hasPromo {
		return bits.OnesCount32(m)
	}
	jumped := r.capture == ir.CaptureJumped
	cb := uint64(1) << uint(c&63)
	n := 0
	for m != 0 {
		k := bits.TrailingZeros32(m)
		m &= m - 1
		sh := g.dsh[k&31]
		x, land := c+sh, c+2*sh
		xb, lb := uint64(1)<<uint(x&63), uint64(1)<<uint(land&63)
		nocc, no, ne := occ&^cb, o&^cb|g.oe<<uint(c&63), e&^cb|g.ee<<uint(c&63)
		if jumped && occ&xb != 0 {
			nocc, no, ne = nocc&^xb, no&^xb|g.oe<<uint(x&63), ne&^xb|g.ee<<uint(x&63)
		}
		nocc, no, ne = nocc|lb, no&^lb|g.op<<uint(land&63), ne&^lb|g.ep<<uint(land&63)
		switch {
		case r.chain == ir.ChainNone || (r.hasPromo && p.promoteTo(g.pc, int(p.cellOf[land])) != 0):
			n++
		case r.chain == ir.ChainOptional:
			n += 1 + g.shiftCount2(land, nocc, no, ne)
		default:
			if k := g.shiftCount2(land, nocc, no, ne); k > 0 {
				n += k
			} else {
				n++
			}
		}
	}
	return n
}

// fastDFS2 is fastDFS for short jumps (length 2).
func (g *gen) fastDFS2(c int) bool {
	p, s, r := g.p, g.s, g.r
	cells := s.cellsW
	nd, stride := p.nd, g.stride
	leap, over, onto, dirs := r.leap, g.over, g.onto, g.dirs
	var m uint32
	for k, d := range dirs {
		base := (c*nd + int(d)) * 2
		x, land := leap[base], leap[base+1]
		m |= uint32(onto[int(land)*stride+int(cells[land])]&over[int(x)*stride+int(cells[x])]) << uint(k)
	}
	jumped := r.capture == ir.CaptureJumped
	any := false
	for m != 0 {
		k := bits.TrailingZeros32(m)
		m &= m - 1
		d := dirs[k]
		base := (c*nd + int(d)) * 2
		x, land := leap[base], leap[base+1]
		xc, lc := cells[x], cells[land]
		if jumped && xc != 0 {
			cells[x] = 0
		} else if lc == 0 && r.chain != ir.ChainNone && s.onPath(land) {
			continue // a leap that takes nothing may not come back on its path
		}
		cells[c] = 0
		cells[land] = g.pc
		s.path = append(s.path, uint32(land)|uint32(d)<<16)
		any = true
		switch {
		case r.chain == ir.ChainNone || (r.hasPromo && p.promoteTo(g.pc, int(land)) != 0):
			g.emit() // a promotion ends the chain
		case r.chain == ir.ChainOptional:
			g.emit()
			if !g.found {
				g.fastDFS2(int(land))
			}
		default:
			if !g.fastDFS2(int(land)) {
				g.emit()
			}
		}
		s.path = s.path[:len(s.path)-1]
		cells[land] = lc
		cells[c] = g.pc
		cells[x] = xc
		if g.found {
			return true
		}
	}
	return any
}

// genericLeaps: the generic walker. It follows the rule literally: every
// cell, the From/Over/Onto closures, the neighbour table one cell at a
// time, stacks pushed and popped.
func (g *gen) genericLeaps() {
	p, s, r := g.p, g.s, g.r
	g.ctx = p.guardCtx(s)
	g.dirs = r.dirs[g.mover]
	for c := 0; c < p.nc; c++ {
		code := s.cells[c]
		if !p.selects(r, g.mover, int(code)) || r.lenCode[code] == 0 {
			continue
		}
		g.ctx.mcode = int(code)
		if r.from != nil {
			g.ctx.level = s.height(c) - 1
			if !g.test(r.from, c) {
				continue
			}
		}
		g.pc = code
		s.path = append(s.path[:0], uint32(c))
		g.genericDFS(c)
		s.path = s.path[:0]
		if g.found {
			return
		}
	}
}

func (g *gen) test(f evalFn, cell int) bool {
	if f == nil {
		return true
	}
	g.ctx.cell, g.ctx.code = cell, int(g.s.cells[cell])
	return f(g.ctx) != 0
}

// genericDFS explores the leaps of the piece g.pc on top of cell c.
func (g *gen) genericDFS(c int) bool {
	p, s, r := g.p, g.s, g.r
	L := int(r.lenCode[g.pc])
	level := s.height(c) - 1
	any := false
	for _, d := range g.dirs {
		g.ctx.mcode, g.ctx.level = int(g.pc), level
		x, ok := c, true
		for k := 1; k <= L; k++ {
			x = int(p.nb[x*p.nd+int(d)])
			if x < 0 {
				ok = false
				break
			}
			if k < L && !g.test(r.over, x) {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		land := x
		if !g.test(r.onto, land) {
			continue
		}
		if s.cells[land] != 0 && r.capture != ir.CaptureLanding && !p.stacking {
			continue
		}
		// Take the captured pieces off, counting them for the mover.
		capBase := len(s.caps)
		mover := g.mover
		oldCapt, oldPts := s.captured[mover], s.points[mover]
		if r.capture == ir.CaptureJumped {
			y := c
			for k := 1; k < L; k++ {
				y = int(p.nb[y*p.nd+int(d)])
				if s.cells[y] != 0 {
					s.caps = append(s.caps, change{int32(y), s.pop(p, y), opPop})
				}
			}
		}
		if r.capture == ir.CaptureLanding && s.cells[land] != 0 {
			s.caps = append(s.caps, change{int32(land), s.pop(p, land), opPop})
		}
		captured := len(s.caps) > capBase
		if !captured && r.chain != ir.ChainNone && s.onPath(int32(land)) {
			continue // nothing was taken off, nothing to restore
		}
		for _, ch := range s.caps[capBase:] {
			s.captured[mover]++
			s.points[mover] += p.codePoints[ch.old]
		}
		s.pop(p, c)
		s.push(p, land, g.pc)
		s.path = append(s.path, uint32(land)|uint32(d)<<16)
		any = true
		switch {
		case r.chain == ir.ChainNone || (r.hasPromo && p.promoteTo(g.pc, land) != 0):
			g.emit() // a promotion ends the chain
		case r.chain == ir.ChainOptional:
			g.emit()
			if !g.found {
				g.genericDFS(land)
			}
		default:
			if !g.genericDFS(land) {
				g.emit()
			}
		}
		s.path = s.path[:len(s.path)-1]
		s.pop(p, land)
		s.push(p, c, g.pc)
		for j := len(s.caps) - 1; j >= capBase; j-- {
			s.push(p, int(s.caps[j].cell), s.caps[j].old)
		}
		s.caps = s.caps[:capBase]
		s.captured[mover], s.points[mover] = oldCapt, oldPts
		if g.found {
			return true
		}
	}
	return any
}

// groups generates the group moves of rule g.r (the same code with and
// without fast paths). Order: the head's cell, then direction, then the
// number of stones k, then the distance s.
func (g *gen) groups() {
	p, s, r := g.p, g.s, g.r
	nd := p.nd
	c := p.guardCtx(s)
	g.ctx = c
	dirs := r.dirs[g.mover]
	// The stones that can be part of a line.
	line := s.mark
	clear(line)
	for cell := 0; cell < p.nc; cell++ {
		code := s.cells[cell]
		if !p.selects(r, g.mover, int(code)) {
			continue
		}
		if r.from != nil {
			c.mcode, c.level = int(code), s.height(cell)-1
			if !g.test(r.from, cell) {
				continue
			}
		}
		line[cell>>6] |= 1 << (uint(cell) & 63)
	}
	in := func(x int32) bool { return x >= 0 && line[x>>6]>>(uint(x)&63)&1 != 0 }
	for h := 0; h < p.nc; h++ {
		if !in(int32(h)) {
			continue
		}
		for _, d := range dirs {
			if in(p.nb[h*nd+int(d)]) {
				continue // h is not the end of its line facing d
			}
			n := 1
			for b := p.back[h*nd+int(d)]; in(b); b = p.back[int(b)*nd+int(d)] {
				n++
			}
			tail := h
			for k := 1; k <= n; k++ {
				if k > 1 {
					tail = int(p.back[tail*nd+int(d)])
				}
				c.mcode, c.level = int(s.cells[h]), s.height(h)-1
				x := h
				for st := 1; st <= k; st++ {
					x = int(p.nb[x*nd+int(d)])
					if x < 0 {
						break
					}
					if (s.cells[x] == 0 || p.stacking) && g.test(r.onto, x) {
						g.emitGroup(tail, h, x, int(d), false)
						if g.found {
							return
						}
						continue
					}
					if r.enemy != nil && g.test(r.enemy, x) {
						run := 1
						for y := p.nb[x*nd+int(d)]; y >= 0 && g.test(r.enemy, int(y)); y = p.nb[int(y)*nd+int(d)] {
							run++
						}
						c.gsize, c.grun, c.gdist = k, run, st
						if r.gwhen == nil || r.gwhen(c) != 0 {
							g.emitGroup(tail, h, x, int(d), true)
							if g.found {
								return
							}
						}
					}
					break
				}
			}
		}
	}
}

// fastGroups is groups for rules with tabulated conditions (genGroupFast):
// the line is a bitset, neighbours come from the leap table of length 1
// (off the board: the sentinel cell, whose wall code satisfies nothing).
func (g *gen) fastGroups() {
	p, s, r := g.p, g.s, g.r
	nd, ncodes, nc := p.nd, p.ncodes, p.nc
	cells := s.cellsW
	dirs := r.dirs[g.mover]
	srcOK := r.srcOK[g.mover*ncodes : (g.mover+1)*ncodes]
	onto := r.ontoTab[g.mover*r.tabSize : (g.mover+1)*r.tabSize]
	enemy := r.enemyTab[g.mover*r.tabSize : (g.mover+1)*r.tabSize]
	stride := r.stride
	next := r.leap
	back := p.back
	line := s.mark
	bitOf := p.bitOf
	for w := 0; w < s.nw; w++ {
		word := g.srcWord(w)
		m := word
		for word != 0 {
			b := w<<6 | bits.TrailingZeros64(word)
			word &= word - 1
			if !srcOK[cells[p.cellOf[b]]] {
				m &^= 1 << (uint(b) & 63)
			}
		}
		line[w] = m
	}
	// On one word with shifts, the heads facing each direction (the
	// stones whose next cell in d is no stone of a line) are bitsets, and
	// the runs are walked back on bits.
	var heads [32]uint64
	shifted := s.nw == 1 && len(dirs) <= 32 && p.backValid != nil
	if shifted {
		valid := r.validL
		for k, d := range dirs {
			if !p.dirShiftOK[d] {
				shifted = false
				break
			}
			heads[k] = line[0] &^ (valid[d] & shr1(line[0], p.dirShift[d]))
		}
	}
	var c *ectx
	lands := s.lands[:0]
	for w := 0; w < s.nw; w++ {
		word := line[w]
		for word != 0 {
			hb := w<<6 | bits.TrailingZeros64(word)
			h := int(p.cellOf[hb])
			word &= word - 1
			// The directions h is a head for.
			var hm uint32
			if shifted {
				for k := range dirs {
					hm |= uint32(heads[k&31]>>uint(hb&63)&1) << uint(k)
				}
			} else {
				for k, d := range dirs {
					if x := int(next[h*nd+int(d)]); x == nc || line[bitOf[x]>>6]>>(uint(bitOf[x])&63)&1 == 0 {
						hm |= 1 << uint(k)
					}
				}
			}
			for ; hm != 0; hm &= hm - 1 {
				k := bits.TrailingZeros32(hm)
				d := dirs[k]
				n := 1
				if shifted {
					sh, bv, l := p.dirShift[d], p.backValid[d], line[0]
					for b := hb; bv>>uint(b&63)&1 != 0 && l>>uint((b-sh)&63)&1 != 0; b -= sh {
						n++
					}
				} else {
					for b := back[h*nd+int(d)]; b >= 0 && line[bitOf[b]>>6]>>(uint(bitOf[b])&63)&1 != 0; b = back[int(b)*nd+int(d)] {
						n++
					}
				}
				// The cells ahead of the head: f landings (at most n), then
				// the cell that stops the walk.
				lands = lands[:0]
				x := h
				for len(lands) < n {
					x = int(next[x*nd+int(d)])
					if onto[x*stride+int(cells[x])] == 0 {
						break
					}
					lands = append(lands, int32(x))
				}
				f := len(lands)
				run := 0 // the enemy run from the stop cell (0: no enemy there)
				if f < n && enemy[x*stride+int(cells[x])] != 0 {
					run = 1
					for y := int(next[x*nd+int(d)]); enemy[y*stride+int(cells[y])] != 0; y = int(next[y*nd+int(d)]) {
						run++
					}
				}
				tail := h
				for k := 1; k <= n; k++ {
					if k > 1 {
						tail = int(back[tail*nd+int(d)])
					}
					for st := 1; st <= k && st <= f; st++ {
						g.emitGroup(tail, h, int(lands[st-1]), int(d), false)
						if g.found {
							s.lands = lands
							return
						}
					}
					if k <= f || run == 0 {
						continue
					}
					ok := true
					if r.gwhen != nil {
						if c == nil {
							c = p.guardCtx(s)
						}
						c.gsize, c.grun, c.gdist = k, run, f+1
						ok = r.gwhen(c) != 0
					}
					if ok {
						g.emitGroup(tail, h, x, int(d), true)
						if g.found {
							s.lands = lands
							return
						}
					}
				}
			}
		}
	}
	s.lands = lands
}

// Path entry flags of group moves: the capture flag on the destination
// entry, the tail flag on the third entry (groups of more than one stone).
const (
	flagCapture = 1 << 30
	flagTail    = 1 << 31
	dirMask     = 1<<14 - 1
)

// emitGroup records a group move: [head, dest | d<<16 (| flagCapture)]
// and, for more than one stone, tail | flagTail.
func (g *gen) emitGroup(tail, head, dest, d int, capture bool) {
	ml := g.ml
	if ml == nil {
		if !g.count {
			g.found = true
			return
		}
		// (no filter: blockFast has no group rules)
		if g.sel < 0 || g.n != g.sel {
			g.n++
			return
		}
		g.n++
		g.found = true
		ml = g.out
	}
	e := uint32(dest) | uint32(d)<<16
	if capture {
		e |= flagCapture
	}
	n := int32(2)
	ml.arena = append(ml.arena, uint32(head), e)
	if tail != head {
		n = 3
		ml.arena = append(ml.arena, uint32(tail)|flagTail)
	}
	ml.moves = append(ml.moves, mv{off: int32(len(ml.arena)) - n, n: n, rule: int32(g.r.idx)})
}

// dedup removes the moves whose text equals an earlier move's, keeping the
// first.
func (p *Program) dedup(ml *MoveList) {
	if p.dedupShort(ml) {
		return
	}
	n := len(ml.moves)
	size := 1
	for size < 2*n {
		size <<= 1
	}
	if cap(ml.hash) < size {
		ml.hash = make([]int32, size)
	}
	h := ml.hash[:size]
	for i := range h {
		h[i] = -1
	}
	k := 0
	for i := 0; i < n; i++ {
		m := ml.moves[i]
		hv := p.moveHash(ml, m)
		slot := int(hv) & (size - 1)
		dup := false
		for h[slot] >= 0 {
			if p.sameText(ml, ml.moves[h[slot]], m) {
				dup = true
				break
			}
			slot = (slot + 1) & (size - 1)
		}
		if dup {
			continue
		}
		ml.moves[k] = m
		h[slot] = int32(k)
		k++
	}
	ml.moves = ml.moves[:k]
}

// dedupShort is dedup when every move has a path of one or two entries (a
// removal, or a single leap or group move "A-B") on a board of at most 256
// cells: a move's text is then a number below nc*(nc+1), marked in a
// bitset that is cleared again afterwards. It reports false otherwise.
func (p *Program) dedupShort(ml *MoveList) bool {
	nc := p.nc
	if nc > 256 {
		return false
	}
	for _, m := range ml.moves {
		if m.n > 2 || m.n < 1 {
			return false
		}
	}
	if words := (nc*(nc+1) + 63) / 64; len(ml.seen) < words {
		ml.seen = make([]uint64, words)
	}
	seen := ml.seen
	key := func(m mv) int {
		path := ml.arena[m.off : m.off+m.n]
		if m.n == 1 {
			return int(path[0]) // a removal
		}
		return nc + int(path[0])*nc + int(path[1]&0xffff)
	}
	k := 0
	for _, m := range ml.moves {
		x := key(m)
		if seen[x>>6]>>(uint(x)&63)&1 != 0 {
			continue
		}
		seen[x>>6] |= 1 << (uint(x) & 63)
		ml.moves[k] = m
		k++
	}
	ml.moves = ml.moves[:k]
	for _, m := range ml.moves {
		x := key(m)
		seen[x>>6] &^= 1 << (uint(x) & 63)
	}
	return true
}

func (p *Program) isRemoval(m mv) bool {
	return m.rule >= 0 && p.rules[m.rule].action == ir.Remove
}

func (p *Program) moveHash(ml *MoveList, m mv) uint32 {
	h := uint32(2166136261)
	if p.isRemoval(m) {
		h ^= 0x9e3779b9
	}
	for _, e := range ml.arena[m.off : m.off+m.n] {
		h = (h ^ (e & (0xffff | flagTail))) * 16777619
	}
	return h ^ h>>15
}

func (p *Program) sameText(ml *MoveList, a, b mv) bool {
	if a.n != b.n || (a.rule < 0) != (b.rule < 0) || p.isRemoval(a) != p.isRemoval(b) {
		return false
	}
	pa, pb := ml.arena[a.off:a.off+a.n], ml.arena[b.off:b.off+b.n]
	for i := range pa {
		if pa[i]&(0xffff|flagTail) != pb[i]&(0xffff|flagTail) {
			return false
		}
	}
	return true
}

// landsOf returns the landing cells of l (lands, per bit) and whether one
// of them is empty (empty: the empty cells before the leap): then a chain
// may go on from l after any first leap onto it (countByLandings);
// otherwise only when x, the cell the leap passes over, is one of them.
func (g *gen) landsOf(lands, empty []uint64, l int) (lw []uint64, near bool) {
	nw := len(empty)
	b := int(g.p.bitOf[l])
	lw = lands[b*nw : b*nw+nw]
	for w, e := range empty {
		if lw[w]&e != 0 {
			return lw, true
		}
	}
	return lw, false
}
