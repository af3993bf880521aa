package accel

import (
	"math/bits"

	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
)

// srcWord returns word w of the bitset of cells holding a piece whose owner
// is selected by the rule's Who relative to the mover (kinds not checked).
func srcWord(g *core.Gen, w int) uint64 {
	s, np, nw := g.S, g.P.Players, g.S.NumWords
	switch g.R.Who {
	case ir.Own:
		return s.Occ[g.Mover*nw+w]
	case ir.NeutralPieces:
		return s.Occ[np*nw+w]
	case ir.Enemy:
		var word uint64
		for sl := 0; sl < np; sl++ {
			if sl != g.Mover {
				word |= s.Occ[sl*nw+w]
			}
		}
		return word
	}
	var word uint64
	for sl := 0; sl <= np; sl++ {
		word |= s.Occ[sl*nw+w]
	}
	return word
}

// genSources returns word w of the pieces a leap generator explores: the
// sources marked by markSources or markShift, or else every piece of the
// owners the rule selects.
func genSources(g *core.Gen, w int, marked bool) uint64 {
	if marked {
		return g.S.Mark[w]
	}
	return srcWord(g, w)
}

// emptyWord returns word w of the bitset of empty cells.
func emptyWord(g *core.Gen, w int) uint64 {
	s, np, nw := g.S, g.P.Players, g.S.NumWords
	var word uint64
	for sl := 0; sl <= np; sl++ {
		word |= s.Occ[sl*nw+w]
	}
	return ^word & g.P.BoardMask[w]
}

// markSources fills s.mark with the selected pieces that may start a leap of
// the rule onto an empty cell, when the rule lands only on empty cells and
// there are fewer empty cells than selected pieces (then looking from the
// landing cells is cheaper). It reports whether it did.
func markSources(g *core.Gen) bool {
	g.One = false
	switch g.R.Marker[g.Mover] {
	case core.MarkByShifts:
		markShift(g)
		return true
	case core.MarkNone:
		return false
	}
	nempty, nsrc := emptyCount(g)
	return markFrom(g, nempty, nsrc)
}

// emptyCount leaves the words of the empty cells in s.bufs[nw:2*nw] and,
// unless the rule selects every piece, those of the selected pieces in
// s.bufs[:nw]; it returns the number of empty cells and of selected
// pieces. The empty cells come from one pass over the occupancy words.
func emptyCount(g *core.Gen) (nempty, nsrc int) {
	s, p := g.S, g.P
	nw := s.NumWords
	empty := s.Bufs[nw : 2*nw]
	occ := s.Occ[:(p.Players+1)*nw]
	bm := p.BoardMask[:nw]
	if b := s.Small; b != nil && len(occ) == 3*nw {
		// A small board, two players and the neutral slot: unrolled, on
		// fixed-size arrays.
		t := &p.Small.Board
		for w := range empty {
			e := ^(b.Occ[w&(core.SmallOcc-1)] | b.Occ[(nw+w)&(core.SmallOcc-1)] | b.Occ[(2*nw+w)&(core.SmallOcc-1)]) & t[w&(core.SmallOcc-1)]
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
	if r := g.R; r.Who != ir.Own && r.Who != ir.NeutralPieces && r.Who != ir.Enemy {
		return nempty, p.NumCells - nempty // every piece: the cells not empty
	}
	src := s.Bufs[:nw]
	for w := range src {
		src[w] = srcWord(g, w)
		nsrc += bits.OnesCount64(src[w])
	}
	return nempty, nsrc
}

// markFrom is markSources once emptyCount has counted nempty empty cells
// and nsrc selected pieces.
func markFrom(g *core.Gen, nempty, nsrc int) bool {
	r, s := g.R, g.S
	nw := s.NumWords
	if r.Marker[g.Mover] == core.MarkByShiftsOrLandings && nempty >= 4*nw {
		// Shifts of several words cost about the same whatever the
		// position; a few empty cells are cheaper to look back from.
		markShift(g)
		return true
	}
	if nempty >= nsrc {
		return false
	}
	src, empty, mark := s.Bufs[:nw], s.Bufs[nw:2*nw], s.Mark[:nw]
	clear(mark)
	markLandings(g, empty)
	all := r.Who != ir.Own && r.Who != ir.NeutralPieces && r.Who != ir.Enemy
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
func markLandings(g *core.Gen, empty []uint64) {
	r, mark, nd := g.R, g.S.Mark, g.P.NumDirs
	dirs, rev := r.Dirs[g.Mover], Tables(r).Rev
	for w, word := range empty {
		for ; word != 0; word &= word - 1 {
			l := int(g.P.CellOf[w<<6|bits.TrailingZeros64(word)])
			for _, d := range dirs {
				if c := rev[l*nd+int(d)]; c >= 0 {
					cb := g.P.CellB[c]
					mark[cb.W] |= cb.M
				}
			}
		}
	}
}

// OneWordShift tells whether shift rule r is walked on the one occupancy
// word of the board (a board of one word, at most maxSlots occupancy
// slots): markShift finds its first leaps there and fastLeaps walks and
// counts its chains there (wordChains, wordFirstChains), rather than on the
// mailbox or from the landing cells; the counts on words read it too.
func OneWordShift(p *core.Program, r *core.Rule) bool {
	return r.Shift && p.NumWords == 1 && p.Players+1 <= core.MaxSlots
}

// markShift fills s.mark with the selected pieces that have a first leap,
// found for all cells at once with bitset shifts (r.shift).
func markShift(g *core.Gen) {
	p, s, r := g.P, g.S, g.R
	nw, np := s.NumWords, p.Players
	if OneWordShift(p, r) {
		g.W = *(*[core.MaxSlots]uint64)(s.Occ) // (padded: occLen)
		s.Mark[0] = shiftWords(g, true)
		g.One = true
		return
	}
	om, em := r.OverSlots[g.Mover], r.OntoSlots[g.Mover]
	L := r.Length
	g.Firsts = -1
	O, E, S, T := s.Bufs[:nw], s.Bufs[nw:2*nw], s.Bufs[2*nw:3*nw], s.Bufs[3*nw:4*nw]
	for w := 0; w < nw; w++ {
		var o, e uint64
		for sl := 0; sl <= np; sl++ {
			word := s.Occ[sl*nw+w]
			if om>>uint(sl)&1 != 0 {
				o |= word
			}
			if em>>uint(sl)&1 != 0 {
				e |= word
			}
		}
		empty := emptyWord(g, w)
		if om>>uint(np+1)&1 != 0 {
			o |= empty
		}
		if em>>uint(np+1)&1 != 0 {
			e |= empty
		}
		O[w], E[w], S[w] = o, e, srcWord(g, w)
		s.Mark[w] = 0
	}
	for _, d := range r.Dirs[g.Mover] {
		sh := p.DirShift[d]
		valid := r.ValidL[int(d)*nw : int(d)*nw+nw]
		for w := range T {
			T[w] = valid[w] & S[w]
		}
		andShifted(T, E, L*sh)
		for k := 1; k < L; k++ {
			andShifted(T, O, k*sh)
		}
		for w := range T {
			s.Mark[w] |= T[w]
		}
	}
}

// shiftWords is markShift on one word, with the occupancy words g.w (per
// slot; live: those of the State, whose per-kind sets then apply): it
// fills wordOcc, wordOver, wordOnto, the per-direction tables (nds, dsh, dval, td) and
// firsts, and returns the sources.
func shiftWords(g *core.Gen, live bool) uint64 {
	p, r := g.P, g.R
	np := p.Players
	L := r.Length
	var o, e, all, src uint64
	var rs *RuleSlots
	if sets := Tables(r).Sets; sets != nil {
		rs = &sets[g.Mover]
	}
	if rs != nil && rs.Few && (live || len(rs.Codes) == 0) {
		// The rule's sets from its slots (and kinds), as the one-word
		// kernel (the words of g.w past the slots are empty).
		w := &g.W
		all = w[0] | w[1] | w[2] | w[3] | w[4] | w[5] | w[6] | w[7]
		empty := ^all & p.BoardMask[0]
		x := &rs.Idx
		src = w[x[0]&7] | w[x[1]&7] | w[x[2]&7]
		o = w[x[3]&7] | w[x[4]&7] | w[x[5]&7] | empty&rs.OverEmpty
		e = w[x[6]&7] | w[x[7]&7] | w[x[8]&7] | empty&rs.OntoEmpty
		for _, code := range rs.Codes {
			src |= g.S.OccC[code]
		}
	} else {
		om, em, ss := r.OverSlots[g.Mover], r.OntoSlots[g.Mover], r.SrcSlots[g.Mover]
		for sl := 0; sl <= np; sl++ {
			word := g.W[sl&(core.MaxSlots-1)]
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
		empty := ^all & p.BoardMask[0]
		if om>>uint(np+1)&1 != 0 {
			o |= empty
		}
		if em>>uint(np+1)&1 != 0 {
			e |= empty
		}
	}
	g.WordOcc, g.WordOver, g.WordOnto = all, o, e
	g.Lands = r.Lands[g.Mover]
	var mark uint64
	n := 0
	dirs := r.Dirs[g.Mover]
	g.Nds = min(len(dirs), 32)
	if rs != nil && len(rs.Dirs) == len(dirs) && L == 2 {
		// The directions' shifts and valid cells, as compileRuleSlots
		// keeps them on one word.
		for i, ds := range rs.Dirs {
			g.Dsh[i&31], g.Dval[i&31] = ds.Sh, ds.Valid
			t := ds.Valid & src & core.ShiftBack(e, 2*ds.Sh) & core.ShiftBack(o, ds.Sh)
			g.DirSources[i&31] = t
			mark |= t
			n += bits.OnesCount64(t)
		}
		g.Firsts = n
		return mark
	}
	for i, d := range dirs {
		sh := p.DirShift[d]
		g.Dsh[i&31], g.Dval[i&31] = sh, r.ValidL[d]
		t := r.ValidL[d] & src & core.ShiftBack(e, L*sh)
		for k := 1; k < L; k++ {
			t &= core.ShiftBack(o, k*sh)
		}
		g.DirSources[i&31] = t
		mark |= t
		n += bits.OnesCount64(t)
	}
	g.Firsts = n
	return mark
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
