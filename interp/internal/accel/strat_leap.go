package accel

// leap-table (with shift-sets, word-chains and landing-count): leaps
// whose Over and Onto conditions are local (they read the piece code on
// the cell and the cell) run on the leap table and condition tables per
// mover (strat_step.go for one-cell leaps without chain); the directions
// that work from a cell are found without a branch per direction (paths
// leaving the board lead to a sentinel cell whose wall code satisfies
// nothing). When the rule's directions are constant bit shifts and its
// conditions read owners and emptiness alone (Rule.Shift), the pieces
// that have a first leap are found for all cells at once with shifts of
// the occupancy sets; short jumps on boards of one word are explored on
// three words passed by value (word-chains). How fastLeaps walks a rule
// is chosen once (RuleTables.Walk: compileWalk, compileMailbox).

import (
	"math/bits"

	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
)

// fastLeaps: any leap with local conditions, table driven.
func fastLeaps(g *core.Gen, rt *RuleTables) {
	p, s, r := g.P, g.S, g.R
	if rt.Walk == WalkMailbox {
		mbLeaps(g)
		return
	}
	if rt.Sets != nil && noSources(&rt.Sets[g.Mover], s) {
		return
	}
	g.Dirs = r.Dirs[g.Mover]
	srcOK := r.SrcOK[g.Mover*p.Ncodes : (g.Mover+1)*p.Ncodes]
	if rt.Walk == WalkLandings && g.Sink == core.SinkCount && r.OntoEmpty[g.Mover] && fewEmpty(g) {
		condTables(g, rt)
		countByLandings(g)
		return
	}
	var marked bool
	if g.Pre != nil {
		copy(s.Mark[:s.NumWords], g.Pre) // (wordsChains)
		marked, g.One = true, false
	} else {
		marked = markSources(g)
	}
	cells := s.Cells
	// A chain that keeps its direction has its first leaps marked on
	// bitsets, then is walked by tableChains (wordChains and the bitset
	// counters follow chains in every direction).
	onWord := g.One && rt.Walk == WalkWord
	if g.One {
		if s.Mark[0] == 0 {
			return
		}
		if g.List == nil && r.SrcAll[g.Mover] && (r.Chain == ir.ChainNone || g.Sink == core.SinkExists) {
			// Every first leap is a move (or, with chains, starts one).
			if g.Sink == core.SinkExists {
				g.Found = true
				return
			}
			if g.Skip(g.Firsts) {
				return
			}
		}
		if r.Chain == ir.ChainNone {
			emitFirsts(g)
			return
		}
		g.OverEmpty = r.OverSlots[g.Mover] >> uint(p.Players+1) & 1
		g.OntoEmpty = r.OntoSlots[g.Mover] >> uint(p.Players+1) & 1
		if onWord && g.Sink == core.SinkCount && r.AlwaysTakes && !r.PromotionEndsChain &&
			r.Chain == ir.ChainOptional && r.SrcAll[g.Mover] {
			g.N += wordFirstChains(g)
			return
		}
	}
	countFast := onWord && g.Sink.CountsAll() && r.AlwaysTakes && r.Chain != ir.ChainNone
	var table tableWalk
	if !onWord {
		condTables(g, rt)
		table = newTableWalk(g)
	}
	for w := 0; w < s.NumWords; w++ {
		for word := genSources(g, w, marked); word != 0; {
			b := w<<6 | bits.TrailingZeros64(word)
			c := int(p.CellOf[b])
			word &= word - 1
			code := cells[c]
			if !srcOK[code] {
				continue
			}
			g.Piece = code
			if countFast {
				sl := uint(p.CodeSlot[code])
				g.OverPiece = r.OverSlots[g.Mover] >> sl & 1
				g.OntoPiece = r.OntoSlots[g.Mover] >> sl & 1
				if g.Skip(wordChainCount(g, b, g.WordOcc, g.WordOver, g.WordOnto)) {
					continue
				}
			}
			s.Path = append(s.Path[:0], uint32(c))
			switch {
			case onWord:
				sl := uint(p.CodeSlot[code])
				g.OverPiece = r.OverSlots[g.Mover] >> sl & 1
				g.OntoPiece = r.OntoSlots[g.Mover] >> sl & 1
				wordChains(g, b, g.WordOcc, g.WordOver, g.WordOnto)
			case rt.Walk == WalkTableFirstDirs:
				table.eachFirstDir(c)
			default:
				table.chains(c)
			}
			s.Path = s.Path[:0]
			if g.Found {
				return
			}
		}
	}
}

// condTables points g at the rule's condition tables for the mover
// (tableChains and countByLandings read them; the walk on bitsets does not).
func condTables(g *core.Gen, rt *RuleTables) {
	r := g.R
	g.Over = rt.OverTab[g.Mover*r.TabSize : (g.Mover+1)*r.TabSize]
	g.Onto = r.OntoTab[g.Mover*r.TabSize : (g.Mover+1)*r.TabSize]
	g.Stride = r.Stride
}

// fewEmpty tells whether the board has fewer empty cells than pieces the
// rule selects. It leaves the empty cells' words in s.bufs[:nw], for
// countByLandings.
func fewEmpty(g *core.Gen) bool {
	s, np, nw := g.S, g.P.Players, g.S.NumWords
	who := g.R.Who
	all := who != ir.Own && who != ir.NeutralPieces && who != ir.Enemy
	nsrc, nempty := 0, 0
	empty := s.Bufs[:nw]
	for w := range empty {
		var occ uint64 // as emptyWord and srcWord
		for sl := 0; sl <= np; sl++ {
			occ |= s.Occ[sl*nw+w]
		}
		e := ^occ & g.P.BoardMask[w]
		empty[w] = e
		if !all {
			occ = srcWord(g, w)
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
func countByLandings(g *core.Gen) {
	p, s, r := g.P, g.S, g.R
	cells := s.CellsW
	nd, stride := p.NumDirs, g.Stride
	srcOK := r.SrcOK[g.Mover*p.Ncodes : (g.Mover+1)*p.Ncodes]
	leap, over, onto := r.Leap, g.Over, g.Onto
	rev, dirs, bitOf := Tables(r).Rev, g.Dirs, p.BitOf
	jumped := r.Capture == ir.CaptureJumped
	// A chain can go on from l only towards a landing cell of l that is
	// empty (Onto holds on empty cells only): one empty before the first
	// leap, or x (the start cell c cannot be: the leap back from l passes
	// over x, emptied, and Over fails on empty cells when every leap
	// takes a piece; on a shift board that is the only leap from l to c).
	// The empty cells' words are in s.bufs[:nw] (fewEmpty).
	nw := s.NumWords
	empty := s.Bufs[:nw]
	table := newTableWalk(g)
	var lands []uint64
	if r.LandsW != nil && r.AlwaysTakes && jumped && r.OntoSlots[g.Mover] == 1<<uint(p.Players+1) {
		lands = r.LandsW[g.Mover]
	}
	for w, word := range empty {
		for ; word != 0; word &= word - 1 {
			l := int(p.CellOf[w<<6|bits.TrailingZeros64(word)])
			ontoL := onto[l*stride+int(cells[l])]
			if ontoL == 0 {
				continue
			}
			var lw []uint64
			near := true
			if lands != nil {
				lw, near = landsOf(g, lands, empty, l)
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
				case r.Chain == ir.ChainNone || (r.PromotionEndsChain && p.StopsAt(pc, l)):
					g.N++
				case !near && lw[bitOf[x]>>6]>>(bitOf[x]&63)&1 == 0:
					g.N++ // the first leap, ending the chain
				default:
					// Play the first leap on the cells for the chain's count.
					xc := cells[x]
					g.Piece = pc
					if jumped && xc != 0 {
						cells[x] = 0
					}
					cells[c], cells[l] = 0, pc
					s.Path = append(s.Path[:0], uint32(c), uint32(l)|uint32(d)<<16)
					core.VisitLeap(r.Chain, false, g.CountOne, func() bool { return table.chains(l) })
					s.Path = s.Path[:0]
					cells[l], cells[c], cells[x] = 0, pc, xc
				}
			}
		}
	}
}

// tableWalk is the chain walk (chain_walks.go) on the cells and the
// rule's condition tables for the mover (g.over, g.onto: condTables): a
// leap of any length is a look-up per cell it passes and one for its
// landing, played on the cells with the pieces it takes kept in s.caps.
// A position is the cell of the moving piece g.pc (cellAt). It holds
// what the walk reads, loaded once per generation (newTableWalk).
type tableWalk struct {
	g          *core.Gen
	s          *core.State
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
func newTableWalk(g *core.Gen) tableWalk {
	r := g.R
	return tableWalk{g: g, s: g.S, cells: g.S.CellsW, leap: r.Leap, over: g.Over, onto: g.Onto,
		length: r.Length, nd: g.P.NumDirs, stride: g.Stride, jumped: r.Capture == ir.CaptureJumped}
}

// cellAt is a position of tableWalk: the cell the moving piece is on,
// and, after a leap, what the leap must restore (the landing cell's old
// code, where its taken pieces begin in s.caps).
type cellAt struct {
	cell  int32
	under uint16
	caps  int32
}

func (w *tableWalk) gen() *core.Gen { return w.g }

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
	capBase := len(s.Caps)
	if w.jumped {
		for _, x := range w.leap[base : base+L-1] {
			if cells[x] != 0 {
				s.Caps = append(s.Caps, core.Change{Cell: x, Old: cells[x]})
				cells[x] = 0
			}
		}
	}
	under := cells[land]
	if w.g.Revisits(under != 0 || len(s.Caps) > capBase, land) {
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
	for j := len(s.Caps) - 1; j >= int(to.caps); j-- {
		cells[s.Caps[j].Cell] = s.Caps[j].Old
	}
	s.Caps = s.Caps[:to.caps]
}

func (w *tableWalk) ends(to cellAt) bool { return w.g.PromotesAt(int(to.cell)) }
func (w *tableWalk) goesOn(cellAt) bool  { return true }

// chains explores the leaps of the piece g.pc now on cell c (which
// holds it), in the directions g.dirs, emitting moves; it reports
// whether any leap was possible. The cells are changed during the
// exploration and restored before returning.
func (w *tableWalk) chains(c int) bool {
	w.dirs = w.g.Dirs
	return w.walk(cellAt{cell: int32(c)})
}

// eachFirstDir is chains for a chain that keeps its first direction, run
// once per direction of g.dirs (as gen.eachFirstDir, without calling
// through a function value).
func (w *tableWalk) eachFirstDir(c int) {
	all := w.g.Dirs
	for i := range all {
		w.dirs = all[i : i+1]
		if w.walk(cellAt{cell: int32(c)}); w.g.Found {
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
type wordWalk core.Gen

// wordAt is a position of wordWalk: the bit of the moving piece's cell
// (Program.bitOf), all pieces, the cells satisfying Over and Onto.
type wordAt struct {
	bit             int
	occ, over, onto uint64
}

func (w *wordWalk) gen() *core.Gen  { return (*core.Gen)(w) }
func (w *wordWalk) chain() ir.Chain { return w.R.Chain }

// leapSet: the direction indices whose jump from at is valid.
func (w *wordWalk) leapSet(at wordAt) uint32 {
	c, o, e := at.bit, at.over, at.onto
	var m uint32
	for k := 0; k < w.Nds; k++ {
		sh := w.Dsh[k&31]
		ok := w.Dval[k&31] >> uint(c&63) & (o >> uint((c+sh)&63)) & (e >> uint((c+2*sh)&63)) & 1
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
	occ, o, e := at.occ&^cb, at.over&^cb|w.OverEmpty<<uint(c&63), at.onto&^cb|w.OntoEmpty<<uint(c&63)
	taken = at.occ&lb != 0
	if w.R.Capture == ir.CaptureJumped && at.occ&xb != 0 {
		taken = true
		occ, o, e = occ&^xb, o&^xb|w.OverEmpty<<uint(x&63), e&^xb|w.OntoEmpty<<uint(x&63)
	}
	return wordAt{bit: land, occ: occ | lb, over: o&^lb | w.OverPiece<<uint(land&63), onto: e&^lb | w.OntoPiece<<uint(land&63)}, taken
}

// play plays the jump in the k-th direction index.
func (w *wordWalk) play(at wordAt, k int) (wordAt, bool) {
	to, taken := w.jump(at, w.Dsh[k&31])
	return to, !w.gen().Revisits(taken, w.P.CellOf[to.bit])
}

// entry is the path entry of the jump in the k-th direction index onto to.
func (w *wordWalk) entry(to wordAt, k int) uint32 {
	return uint32(w.P.CellOf[to.bit]) | uint32(w.Dirs[k])<<16
}

func (w *wordWalk) unplay(wordAt, int, wordAt) {}
func (w *wordWalk) ends(to wordAt) bool        { return w.gen().PromotesAt(int(w.P.CellOf[to.bit])) }
func (w *wordWalk) goesOn(to wordAt) bool      { return to.onto&w.Lands[to.bit&63] != 0 }

// wordChains explores, emitting moves, the chains of the piece on bit c
// of the position occ, o, e (wordWalk).
func wordChains(g *core.Gen, c int, occ, o, e uint64) bool {
	return (*wordWalk)(g).walk(wordAt{bit: c, occ: occ, over: o, onto: e})
}

// wordChainCount counts the moves wordChains would emit from bit c,
// without a path: every leap of the rule takes something
// (r.alwaysTakes), so no leap is refused for coming back on its path.
func wordChainCount(g *core.Gen, c int, occ, o, e uint64) int {
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
func wordFirstChains(g *core.Gen) int {
	p := g.P
	nd := g.Nds
	o, e := g.WordOver, g.WordOnto
	sh, valid := &g.Dsh, &g.Dval
	var geo [32]uint64 // cells from which a leap in the direction is valid
	for k := 0; k < nd; k++ {
		geo[k&31] = valid[k&31] & core.ShiftBack(o, sh[k&31]) & core.ShiftBack(e, 2*sh[k&31])
	}
	all := p.BoardMask[0]
	oeM, eeM := -g.OverEmpty&all, -g.OntoEmpty&all // Over/Onto hold on an emptied cell
	n := g.Firsts
	for k1 := 0; k1 < nd; k1++ {
		t := g.DirSources[k1]
		if t == 0 {
			continue
		}
		s1 := sh[k1]
		for k2 := 0; k2 < nd; k2++ {
			s2 := sh[k2]
			var c2 uint64
			switch {
			case s2 == -s1:
				c2 = t & core.ShiftBack(valid[k2], 2*s1) & oeM & eeM
			case s2 == -2*s1:
				c2 = t & core.ShiftBack(valid[k2], 2*s1) & oeM & core.ShiftBack(e, 2*s1+2*s2)
			case 2*s2 == -s1:
				c2 = t & core.ShiftBack(valid[k2], 2*s1) & core.ShiftBack(o, 2*s1+s2) & eeM
			default:
				c2 = t & core.ShiftBack(geo[k2], 2*s1)
			}
			if c2 != 0 {
				n += bits.OnesCount64(c2) + deepChains(g, c2, s1, s2)
			}
		}
	}
	return n
}

// deepChains counts, for wordFirstChains, the chains of three leaps or
// more that begin with a jump by shift s1 and one by s2 from a cell of c2.
func deepChains(g *core.Gen, c2 uint64, s1, s2 int) int {
	r, w := g.R, (*wordWalk)(g)
	n := 0
	for ; c2 != 0; c2 &= c2 - 1 {
		c := bits.TrailingZeros64(c2)
		sl := uint(0)
		for g.W[sl&(core.MaxSlots-1)]>>uint(c)&1 == 0 {
			sl++ // the slot of the moving piece
		}
		g.OverPiece = r.OverSlots[g.Mover] >> sl & 1
		g.OntoPiece = r.OntoSlots[g.Mover] >> sl & 1
		at, _ := w.jump(wordAt{bit: c, occ: g.WordOcc, over: g.WordOver, onto: g.WordOnto}, s1)
		at, _ = w.jump(at, s2)
		n += wordChainCount(g, at.bit, at.occ, at.over, at.onto)
	}
	return n
}

// landsOf returns the landing cells of l (lands, per bit) and whether one
// of them is empty (empty: the empty cells before the leap): then a chain
// may go on from l after any first leap onto it (countByLandings);
// otherwise only when x, the cell the leap passes over, is one of them.
func landsOf(g *core.Gen, lands, empty []uint64, l int) (lw []uint64, near bool) {
	nw := len(empty)
	b := int(g.P.BitOf[l])
	lw = lands[b*nw : b*nw+nw]
	for w, e := range empty {
		if lw[w]&e != 0 {
			return lw, true
		}
	}
	return lw, false
}
