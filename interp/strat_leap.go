package interp

import (
	"math/bits"

	"github.com/ruleplay/ruleplay/ir"
)

// fastLeaps: any leap with local conditions, table driven.
func (g *gen) fastLeaps() {
	p, s, r := g.p, g.s, g.r
	if r.walk == walkMailbox {
		g.mbLeaps()
		return
	}
	if r.sets != nil && r.sets[g.mover].noSources(s) {
		return
	}
	g.dirs = r.dirs[g.mover]
	srcOK := r.srcOK[g.mover*p.ncodes : (g.mover+1)*p.ncodes]
	if r.walk == walkLandings && g.ml == nil && g.count && g.sel < 0 && !g.filt && r.ontoEmpty[g.mover] && g.fewEmpty() {
		g.condTables()
		g.countByLandings()
		return
	}
	var marked bool
	if g.pre != nil {
		copy(s.mark[:s.nw], g.pre) // (wordsChains)
		marked, g.one = true, false
	} else {
		marked = g.markSources()
	}
	cells := s.cells
	// A chain that keeps its direction has its first leaps marked on
	// bitsets, then is walked by fastDFS (shiftDFS2 and the bitset
	// counters follow chains in every direction).
	shift1 := g.one && r.walk == walkWord
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
	if !shift1 {
		g.condTables()
	}
	for w := 0; w < s.nw; w++ {
		for word := g.sources(w, marked); word != 0; {
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
			case r.sameDir:
				g.eachFirstDir(c, g.fastDFS)
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

// condTables points g at the rule's condition tables for the mover
// (fastDFS and countByLandings read them; the walk on bitsets does not).
func (g *gen) condTables() {
	r := g.r
	g.over = r.overTab[g.mover*r.tabSize : (g.mover+1)*r.tabSize]
	g.onto = r.ontoTab[g.mover*r.tabSize : (g.mover+1)*r.tabSize]
	g.stride = r.stride
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
// direction, the piece two cells back; then its chains as fastDFS counts
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
				case r.chain == ir.ChainNone || (r.hasPromo && p.stopsAt(pc, l)):
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
					visitLeap(r.chain, false, g.countOne, func() bool { return g.fastDFS(l) })
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
					s.caps = append(s.caps, change{cell: x, old: cells[x]})
					cells[x] = 0
				}
			}
		}
		if g.revisits(lc != 0 || len(s.caps) > capBase, land) {
			continue
		}
		cells[c] = 0
		cells[land] = g.pc
		any = true
		s.path = append(s.path, uint32(land)|uint32(d)<<16)
		more := g.leapOn(g.promotesAt(int(land)))
		g.leapOff(more, more != ir.ChainNone && g.fastDFS(int(land)))
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

// shiftDFS2 is fastDFS for short jumps on a board of at most 64 cells for a shift rule
// (r.shift): the position is three bitsets passed by value (all pieces,
// cells satisfying Over, cells satisfying Onto), so a leap is a few bit
// operations and nothing needs restoring. c is the bit of the piece's cell
// (Program.bitOf).
func (g *gen) shiftDFS2(c int, occ, o, e uint64) bool {
	p, r := g.p, g.r
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
		if g.revisits(taken, lcell) {
			continue
		}
		nocc, no, ne = nocc|lb, no&^lb|g.op<<uint(land&63), ne&^lb|g.ep<<uint(land&63)
		any = true
		sc := &g.s.scratch
		sc.path = append(sc.path, uint32(lcell)|uint32(d)<<16)
		more := g.leapOn(g.promotesAt(int(lcell)))
		g.leapOff(more, more != ir.ChainNone && g.shiftDFS2(land, nocc, no, ne))
		sc.path = sc.path[:len(sc.path)-1]
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
		n += countLeap(r.chain, g.promotesAt(int(p.cellOf[land])), func() int { return g.shiftCount2(land, nocc, no, ne) })
	}
	return n
}

// countOne counts one move (countByLandings: a first leap that is a move
// by the chain policy).
func (g *gen) countOne() { g.n++ }

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
