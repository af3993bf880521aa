package interp

import (
	"math/bits"

	"github.com/ruleplay/ruleplay/ir"
)

// srcWord returns word w of the bitset of cells holding a piece whose owner
// is selected by the rule's Who relative to the mover (kinds not checked).
func (g *gen) srcWord(w int) uint64 {
	s, np, nw := g.s, g.p.numPlayers, g.s.numWords
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

// sources returns word w of the pieces a leap generator explores: the
// sources marked by markSources or markShift, or else every piece of the
// owners the rule selects.
func (g *gen) sources(w int, marked bool) uint64 {
	if marked {
		return g.s.mark[w]
	}
	return g.srcWord(w)
}

// emptyWord returns word w of the bitset of empty cells.
func (g *gen) emptyWord(w int) uint64 {
	s, np, nw := g.s, g.p.numPlayers, g.s.numWords
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
	if r.shift && (s.numWords == 1 || !r.ontoEmpty[g.mover]) {
		g.markShift()
		return true
	}
	if !r.ontoEmpty[g.mover] {
		return false
	}
	nempty, nsrc := g.emptyCount()
	return g.markFrom(nempty, nsrc)
}

// emptyCount leaves the words of the empty cells in s.bufs[nw:2*nw] and,
// unless the rule selects every piece, those of the selected pieces in
// s.bufs[:nw]; it returns the number of empty cells and of selected
// pieces. The empty cells come from one pass over the occupancy words.
func (g *gen) emptyCount() (nempty, nsrc int) {
	s, p := g.s, g.p
	nw := s.numWords
	empty := s.bufs[nw : 2*nw]
	occ := s.occ[:(p.numPlayers+1)*nw]
	bm := p.boardMask[:nw]
	if b := s.small; b != nil && len(occ) == 3*nw {
		// A small board, two players and the neutral slot: unrolled, on
		// fixed-size arrays.
		t := &p.small.board
		for w := range empty {
			e := ^(b.occ[w&(smallOcc-1)] | b.occ[(nw+w)&(smallOcc-1)] | b.occ[(2*nw+w)&(smallOcc-1)]) & t[w&(smallOcc-1)]
			empty[w] = e
			nempty += bits.OnesCount64(e)
		}
	} else if len(occ) == 3*nw { // (two players and the neutral slot: unrolled)
		o0, o1, o2 := occ[:nw], occ[nw:2*nw], occ[2*nw:]
		for w := range empty {
			e := ^(o0[w] | o1[w] | o2[w]) & bm[w]
			empty[w] = e
			nempty += bits.OnesCount64(e)
		}
	} else {
		for w := range empty {
			var o uint64
			for i := w; i < len(occ); i += nw {
				o |= occ[i]
			}
			e := ^o & bm[w]
			empty[w] = e
			nempty += bits.OnesCount64(e)
		}
	}
	if r := g.r; r.who != ir.Own && r.who != ir.NeutralPieces && r.who != ir.Enemy {
		return nempty, p.numCells - nempty // every piece: the cells not empty
	}
	src := s.bufs[:nw]
	for w := range src {
		src[w] = g.srcWord(w)
		nsrc += bits.OnesCount64(src[w])
	}
	return nempty, nsrc
}

// markFrom is markSources once emptyCount has counted nempty empty cells
// and nsrc selected pieces.
func (g *gen) markFrom(nempty, nsrc int) bool {
	r, s := g.r, g.s
	nw := s.numWords
	if r.shift && nempty >= 4*nw {
		// Shifts of several words cost about the same whatever the
		// position; a few empty cells are cheaper to look back from.
		g.markShift()
		return true
	}
	if nempty >= nsrc {
		return false
	}
	src, empty, mark := s.bufs[:nw], s.bufs[nw:2*nw], s.mark[:nw]
	clear(mark)
	g.markLandings(empty)
	all := r.who != ir.Own && r.who != ir.NeutralPieces && r.who != ir.Enemy
	for w := range mark {
		if all {
			mark[w] &^= empty[w] // (a landing's source may be empty)
		} else {
			mark[w] &= src[w]
		}
	}
	return true
}

// markLandings is markSources' look back from the landing cells: it
// marks in s.mark every cell from which a leap of the rule lands on an
// empty cell of empty (the words of the empty cells).
func (g *gen) markLandings(empty []uint64) {
	r, mark, nd := g.r, g.s.mark, g.p.numDirs
	dirs := r.dirs[g.mover]
	for w, word := range empty {
		for ; word != 0; word &= word - 1 {
			l := int(g.p.cellOf[w<<6|bits.TrailingZeros64(word)])
			for _, d := range dirs {
				if c := r.rev[l*nd+int(d)]; c >= 0 {
					cb := g.p.cellB[c]
					mark[cb.w] |= cb.m
				}
			}
		}
	}
}

// oneWordShift tells whether shift rule r is walked on the one occupancy
// word of the board (a board of one word, at most maxSlots occupancy
// slots): markShift finds its first leaps there and fastLeaps walks and
// counts its chains there (wordChains, wordFirstChains), rather than on the
// mailbox or from the landing cells; the counts on words read it too.
func (p *Program) oneWordShift(r *rule) bool {
	return r.shift && p.numWords == 1 && p.numPlayers+1 <= maxSlots
}

// markShift fills s.mark with the selected pieces that have a first leap,
// found for all cells at once with bitset shifts (r.shift).
func (g *gen) markShift() {
	p, s, r := g.p, g.s, g.r
	nw, np := s.numWords, p.numPlayers
	if p.oneWordShift(r) {
		g.w = *(*[maxSlots]uint64)(s.occ) // (padded: occLen)
		s.mark[0] = g.shiftWords(true)
		g.one = true
		return
	}
	om, em := r.overSlots[g.mover], r.ontoSlots[g.mover]
	L := r.length
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
// slot; live: those of the State, whose per-kind sets then apply): it
// fills wordOcc, wordOver, wordOnto, the per-direction tables (nds, dsh, dval, td) and
// firsts, and returns the sources.
func (g *gen) shiftWords(live bool) uint64 {
	p, r := g.p, g.r
	np := p.numPlayers
	L := r.length
	var o, e, all, src uint64
	var rs *ruleSlots
	if r.sets != nil {
		rs = &r.sets[g.mover]
	}
	if rs != nil && rs.few && (live || len(rs.codes) == 0) {
		// The rule's sets from its slots (and kinds), as the one-word
		// kernel (the words of g.w past the slots are empty).
		w := &g.w
		all = w[0] | w[1] | w[2] | w[3] | w[4] | w[5] | w[6] | w[7]
		empty := ^all & p.boardMask[0]
		x := &rs.idx
		src = w[x[0]&7] | w[x[1]&7] | w[x[2]&7]
		o = w[x[3]&7] | w[x[4]&7] | w[x[5]&7] | empty&rs.overEmpty
		e = w[x[6]&7] | w[x[7]&7] | w[x[8]&7] | empty&rs.ontoEmpty
		for _, code := range rs.codes {
			src |= g.s.occC[code]
		}
	} else {
		om, em, ss := r.overSlots[g.mover], r.ontoSlots[g.mover], r.srcSlots[g.mover]
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
	}
	g.wordOcc, g.wordOver, g.wordOnto = all, o, e
	g.lands = r.lands[g.mover]
	var mark uint64
	n := 0
	dirs := r.dirs[g.mover]
	g.nds = min(len(dirs), 32)
	if rs != nil && len(rs.dirs) == len(dirs) && L == 2 {
		// The directions' shifts and valid cells, as compileRuleSlots
		// keeps them on one word.
		for i, ds := range rs.dirs {
			g.dsh[i&31], g.dval[i&31] = ds.sh, ds.valid
			t := ds.valid & src & shiftBack(e, 2*ds.sh) & shiftBack(o, ds.sh)
			g.dirSources[i&31] = t
			mark |= t
			n += bits.OnesCount64(t)
		}
		g.firsts = n
		return mark
	}
	for i, d := range dirs {
		sh := p.dirShift[d]
		g.dsh[i&31], g.dval[i&31] = sh, r.validL[d]
		t := r.validL[d] & src & shiftBack(e, L*sh)
		for k := 1; k < L; k++ {
			t &= shiftBack(o, k*sh)
		}
		g.dirSources[i&31] = t
		mark |= t
		n += bits.OnesCount64(t)
	}
	g.firsts = n
	return mark
}

// shiftBack returns x with bit c+sh moved to bit c (sh may be negative), for
// the bits c such that c+sh is in 0..63: it is a rotation, so the other
// bits hold garbage. Every use masks the result with cells whose shifted
// cell is on the board (the valid masks, or sources found with them).
func shiftBack(x uint64, sh int) uint64 {
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
