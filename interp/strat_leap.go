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
	if r.walk == walkLandings && g.sink == sinkCount && r.ontoEmpty[g.mover] && g.fewEmpty() {
		g.condTables()
		g.countByLandings()
		return
	}
	var marked bool
	if g.pre != nil {
		copy(s.mark[:s.numWords], g.pre) // (wordsChains)
		marked, g.one = true, false
	} else {
		marked = g.markSources()
	}
	cells := s.cells
	// A chain that keeps its direction has its first leaps marked on
	// bitsets, then is walked by tableChains (wordChains and the bitset
	// counters follow chains in every direction).
	onWord := g.one && r.walk == walkWord
	if g.one {
		if s.mark[0] == 0 {
			return
		}
		if g.list == nil && r.srcAll[g.mover] && (r.chain == ir.ChainNone || g.sink == sinkExists) {
			// Every first leap is a move (or, with chains, starts one).
			if g.sink == sinkExists {
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
		g.overEmpty = r.overSlots[g.mover] >> uint(p.numPlayers+1) & 1
		g.ontoEmpty = r.ontoSlots[g.mover] >> uint(p.numPlayers+1) & 1
		if onWord && g.sink == sinkCount && r.alwaysTakes && !r.promotionEndsChain &&
			r.chain == ir.ChainOptional && r.srcAll[g.mover] {
			g.n += g.wordFirstChains()
			return
		}
	}
	countFast := onWord && g.sink.countsAll() && r.alwaysTakes && r.chain != ir.ChainNone
	var table tableWalk
	if !onWord {
		g.condTables()
		table = g.newTableWalk()
	}
	for w := 0; w < s.numWords; w++ {
		for word := g.sources(w, marked); word != 0; {
			b := w<<6 | bits.TrailingZeros64(word)
			c := int(p.cellOf[b])
			word &= word - 1
			code := cells[c]
			if !srcOK[code] {
				continue
			}
			g.piece = code
			if countFast {
				sl := uint(p.codeSlot[code])
				g.overPiece = r.overSlots[g.mover] >> sl & 1
				g.ontoPiece = r.ontoSlots[g.mover] >> sl & 1
				if g.skip(g.wordChainCount(b, g.wordOcc, g.wordOver, g.wordOnto)) {
					continue
				}
			}
			s.path = append(s.path[:0], uint32(c))
			switch {
			case onWord:
				sl := uint(p.codeSlot[code])
				g.overPiece = r.overSlots[g.mover] >> sl & 1
				g.ontoPiece = r.ontoSlots[g.mover] >> sl & 1
				g.wordChains(b, g.wordOcc, g.wordOver, g.wordOnto)
			case r.walk == walkTableFirstDirs:
				table.eachFirstDir(c)
			default:
				table.chains(c)
			}
			s.path = s.path[:0]
			if g.found {
				return
			}
		}
	}
}

// condTables points g at the rule's condition tables for the mover
// (tableChains and countByLandings read them; the walk on bitsets does not).
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
	s, np, nw := g.s, g.p.numPlayers, g.s.numWords
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
// direction, the piece two cells back; then its chains as tableChains counts
// them.
func (g *gen) countByLandings() {
	p, s, r := g.p, g.s, g.r
	cells := s.cellsW
	nd, stride := p.numDirs, g.stride
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
	nw := s.numWords
	empty := s.bufs[:nw]
	table := g.newTableWalk()
	var lands []uint64
	if r.landsW != nil && r.alwaysTakes && jumped && r.ontoSlots[g.mover] == 1<<uint(p.numPlayers+1) {
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
				case r.chain == ir.ChainNone || (r.promotionEndsChain && p.stopsAt(pc, l)):
					g.n++
				case !near && lw[bitOf[x]>>6]>>(bitOf[x]&63)&1 == 0:
					g.n++ // the first leap, ending the chain
				default:
					// Play the first leap on the cells for the chain's count.
					xc := cells[x]
					g.piece = pc
					if jumped && xc != 0 {
						cells[x] = 0
					}
					cells[c], cells[l] = 0, pc
					s.path = append(s.path[:0], uint32(c), uint32(l)|uint32(d)<<16)
					visitLeap(r.chain, false, g.countOne, func() bool { return table.chains(l) })
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

// tableWalk is the chain walk (chain_walks.go) on the cells and the
// rule's condition tables for the mover (g.over, g.onto: condTables): a
// leap of any length is a look-up per cell it passes and one for its
// landing, played on the cells with the pieces it takes kept in s.caps.
// A position is the cell of the moving piece g.pc (cellAt). It holds
// what the walk reads, loaded once per generation (newTableWalk).
type tableWalk struct {
	g          *gen
	s          *State
	cells      []uint16
	leap       []int32
	over, onto []uint8
	dirs       []int32 // g.dirs when the walk from a start cell begins
	length     int
	nd, stride int
	jumped     bool // the rule takes the pieces it jumps
}

// newTableWalk readies the table walk of g's rule for the mover (after
// condTables).
func (g *gen) newTableWalk() tableWalk {
	r := g.r
	return tableWalk{g: g, s: g.s, cells: g.s.cellsW, leap: r.leap, over: g.over, onto: g.onto,
		length: r.length, nd: g.p.numDirs, stride: g.stride, jumped: r.capture == ir.CaptureJumped}
}

// cellAt is a position of tableWalk: the cell the moving piece is on,
// and, after a leap, what the leap must restore (the landing cell's old
// code, where its taken pieces begin in s.caps).
type cellAt struct {
	cell  int32
	under uint16
	caps  int32
}

func (w *tableWalk) gen() *gen { return w.g }

// leapSet: the directions whose leap from at passes Over and lands by Onto.
func (w *tableWalk) leapSet(at cellAt) uint32 {
	cells := w.cells
	L, nd, stride := w.length, w.nd, w.stride
	leap, over, onto := w.leap, w.over, w.onto
	c := int(at.cell)
	var m uint32
	for k, d := range w.dirs {
		base := (c*nd + int(d)) * L
		land := leap[base+L-1]
		ok := onto[int(land)*stride+int(cells[land])]
		for j := 0; j < L-1; j++ {
			x := leap[base+j]
			ok &= over[int(x)*stride+int(cells[x])]
		}
		m |= uint32(ok) << uint(k)
	}
	return m
}

// play plays the leap in the k-th direction on the cells.
func (w *tableWalk) play(at cellAt, k int) (cellAt, bool) {
	s, cells := w.s, w.cells
	L, c := w.length, int(at.cell)
	base := (c*w.nd + int(w.dirs[k])) * L
	land := w.leap[base+L-1]
	capBase := len(s.caps)
	if w.jumped {
		for _, x := range w.leap[base : base+L-1] {
			if cells[x] != 0 {
				s.caps = append(s.caps, change{cell: x, old: cells[x]})
				cells[x] = 0
			}
		}
	}
	under := cells[land]
	if w.g.revisits(under != 0 || len(s.caps) > capBase, land) {
		return cellAt{}, false // nothing was taken
	}
	cells[land] = cells[c]
	cells[c] = 0
	return cellAt{cell: land, under: under, caps: int32(capBase)}, true
}

// entry is the path entry of the leap in the k-th direction onto to.
func (w *tableWalk) entry(to cellAt, k int) uint32 { return uint32(to.cell) | uint32(w.dirs[k])<<16 }

// unplay takes the leap onto to back.
func (w *tableWalk) unplay(at cellAt, _ int, to cellAt) {
	s, cells := w.s, w.cells
	cells[at.cell] = cells[to.cell]
	cells[to.cell] = to.under
	for j := len(s.caps) - 1; j >= int(to.caps); j-- {
		cells[s.caps[j].cell] = s.caps[j].old
	}
	s.caps = s.caps[:to.caps]
}

func (w *tableWalk) ends(to cellAt) bool { return w.g.promotesAt(int(to.cell)) }
func (w *tableWalk) goesOn(cellAt) bool  { return true }

// chains explores the leaps of the piece g.pc now on cell c (which
// holds it), in the directions g.dirs, emitting moves; it reports
// whether any leap was possible. The cells are changed during the
// exploration and restored before returning.
func (w *tableWalk) chains(c int) bool {
	w.dirs = w.g.dirs
	return w.walk(cellAt{cell: int32(c)})
}

// eachFirstDir is chains for a chain that keeps its first direction, run
// once per direction of g.dirs (as gen.eachFirstDir, without calling
// through a function value).
func (w *tableWalk) eachFirstDir(c int) {
	all := w.g.dirs
	for i := range all {
		w.dirs = all[i : i+1]
		if w.walk(cellAt{cell: int32(c)}); w.g.found {
			break
		}
	}
}

// wordWalk is the chain walk (chain_walks.go) for short jumps of a shift
// rule (r.shift) on a board of at most 64 cells: the position is three
// bitsets passed by value (wordAt: all pieces, cells satisfying Over,
// cells satisfying Onto), so a leap is a few bit operations and nothing
// needs restoring. It reads what markShift left in g (the directions'
// shifts g.dsh and masks g.dval, g.lands, and g.oe, g.ee, g.op, g.ep:
// whether Over and Onto accept an emptied cell and the moving piece).
type wordWalk gen

// wordAt is a position of wordWalk: the bit of the moving piece's cell
// (Program.bitOf), all pieces, the cells satisfying Over and Onto.
type wordAt struct {
	bit             int
	occ, over, onto uint64
}

func (w *wordWalk) gen() *gen       { return (*gen)(w) }
func (w *wordWalk) chain() ir.Chain { return w.r.chain }

// leapSet: the direction indices whose jump from at is valid.
func (w *wordWalk) leapSet(at wordAt) uint32 {
	c, o, e := at.bit, at.over, at.onto
	var m uint32
	for k := 0; k < w.nds; k++ {
		sh := w.dsh[k&31]
		ok := w.dval[k&31] >> uint(c&63) & (o >> uint((c+sh)&63)) & (e >> uint((c+2*sh)&63)) & 1
		m |= uint32(ok) << uint(k)
	}
	return m
}

// jump plays the jump from at by shift sh: the start cell empties, a
// jumped piece leaves, the landing cell's piece (capture by landing) is
// replaced by the mover; taken tells whether a piece was taken.
func (w *wordWalk) jump(at wordAt, sh int) (to wordAt, taken bool) {
	c := at.bit
	x, land := c+sh, c+2*sh
	cb, xb, lb := uint64(1)<<uint(c&63), uint64(1)<<uint(x&63), uint64(1)<<uint(land&63)
	occ, o, e := at.occ&^cb, at.over&^cb|w.overEmpty<<uint(c&63), at.onto&^cb|w.ontoEmpty<<uint(c&63)
	taken = at.occ&lb != 0
	if w.r.capture == ir.CaptureJumped && at.occ&xb != 0 {
		taken = true
		occ, o, e = occ&^xb, o&^xb|w.overEmpty<<uint(x&63), e&^xb|w.ontoEmpty<<uint(x&63)
	}
	return wordAt{bit: land, occ: occ | lb, over: o&^lb | w.overPiece<<uint(land&63), onto: e&^lb | w.ontoPiece<<uint(land&63)}, taken
}

// play plays the jump in the k-th direction index.
func (w *wordWalk) play(at wordAt, k int) (wordAt, bool) {
	to, taken := w.jump(at, w.dsh[k&31])
	return to, !w.gen().revisits(taken, w.p.cellOf[to.bit])
}

// entry is the path entry of the jump in the k-th direction index onto to.
func (w *wordWalk) entry(to wordAt, k int) uint32 {
	return uint32(w.p.cellOf[to.bit]) | uint32(w.dirs[k])<<16
}

func (w *wordWalk) unplay(wordAt, int, wordAt) {}
func (w *wordWalk) ends(to wordAt) bool        { return w.gen().promotesAt(int(w.p.cellOf[to.bit])) }
func (w *wordWalk) goesOn(to wordAt) bool      { return to.onto&w.lands[to.bit&63] != 0 }

// wordChains explores, emitting moves, the chains of the piece on bit c
// of the position occ, o, e (wordWalk).
func (g *gen) wordChains(c int, occ, o, e uint64) bool {
	return (*wordWalk)(g).walk(wordAt{bit: c, occ: occ, over: o, onto: e})
}

// wordChainCount counts the moves wordChains would emit from bit c,
// without a path: every leap of the rule takes something
// (r.alwaysTakes), so no leap is refused for coming back on its path.
func (g *gen) wordChainCount(c int, occ, o, e uint64) int {
	w := (*wordWalk)(g)
	at := wordAt{bit: c, occ: occ, over: o, onto: e}
	if !w.goesOn(at) {
		return 0 // no landing cell
	}
	return w.countFrom(at)
}

// wordFirstChains counts the moves of a shift rule of short jumps with
// optional chains on a one-word board whose every leap takes a piece
// (r.alwaysTakes, no promotion, every piece of the owners selected), after
// markShift: chains of one and two leaps with bitsets, longer ones by
// wordChainCount from the end of each chain of two leaps.
//
// A first leap from c in direction s1 (over x = c+s1 onto l = c+2*s1)
// changes c (empty), x (empty: its piece is taken) and l (the mover). A
// second leap from l in direction s2 tests y = l+s2 (Over) and z = l+2*s2
// (Onto): y is x when s2 = -s1 and c when s2 = -2*s1, z is c when s2 = -s1
// and x when 2*s2 = -s1; otherwise both keep their contents, and the
// second leap is valid exactly when a first leap from l in s2 would be
// with the same Over/Onto cells, in the position before the move.
func (g *gen) wordFirstChains() int {
	p := g.p
	nd := g.nds
	o, e := g.wordOver, g.wordOnto
	sh, valid := &g.dsh, &g.dval
	var geo [32]uint64 // cells from which a leap in the direction is valid
	for k := 0; k < nd; k++ {
		geo[k&31] = valid[k&31] & shiftBack(o, sh[k&31]) & shiftBack(e, 2*sh[k&31])
	}
	all := p.boardMask[0]
	oeM, eeM := -g.overEmpty&all, -g.ontoEmpty&all // Over/Onto hold on an emptied cell
	n := g.firsts
	for k1 := 0; k1 < nd; k1++ {
		t := g.dirSources[k1]
		if t == 0 {
			continue
		}
		s1 := sh[k1]
		for k2 := 0; k2 < nd; k2++ {
			s2 := sh[k2]
			var c2 uint64
			switch {
			case s2 == -s1:
				c2 = t & shiftBack(valid[k2], 2*s1) & oeM & eeM
			case s2 == -2*s1:
				c2 = t & shiftBack(valid[k2], 2*s1) & oeM & shiftBack(e, 2*s1+2*s2)
			case 2*s2 == -s1:
				c2 = t & shiftBack(valid[k2], 2*s1) & shiftBack(o, 2*s1+s2) & eeM
			default:
				c2 = t & shiftBack(geo[k2], 2*s1)
			}
			if c2 != 0 {
				n += bits.OnesCount64(c2) + g.deepChains(c2, s1, s2)
			}
		}
	}
	return n
}

// deepChains counts, for wordFirstChains, the chains of three leaps or
// more that begin with a jump by shift s1 and one by s2 from a cell of c2.
func (g *gen) deepChains(c2 uint64, s1, s2 int) int {
	r, w := g.r, (*wordWalk)(g)
	n := 0
	for ; c2 != 0; c2 &= c2 - 1 {
		c := bits.TrailingZeros64(c2)
		sl := uint(0)
		for g.w[sl&(maxSlots-1)]>>uint(c)&1 == 0 {
			sl++ // the slot of the moving piece
		}
		g.overPiece = r.overSlots[g.mover] >> sl & 1
		g.ontoPiece = r.ontoSlots[g.mover] >> sl & 1
		at, _ := w.jump(wordAt{bit: c, occ: g.wordOcc, over: g.wordOver, onto: g.wordOnto}, s1)
		at, _ = w.jump(at, s2)
		n += g.wordChainCount(at.bit, at.occ, at.over, at.onto)
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
