package interp

import (
	"math/bits"
	"slices"

	"github.com/ruleplay/ruleplay/ir"
)

// Leaps in stacking games and leaps whose length is a kind property
// (genStack).
//
// A leap rule without chain and without capture whose cell conditions
// depend only on the cell, the top piece on it, its height, the moving
// piece (its kind properties) and the moving piece's level is table
// driven. Nothing is changed while generating, and the moves come in the
// generic walker's order: start cell, then direction.
//
// Conditions (stackCond). A piece's class is (mover, its code, its level),
// each kept only when the condition reads it. Per class, and per tested
// cell and top code when the condition reads them, the condition is a
// mask of heights: bit h set when it holds on a stack of height h. A test
// is then one word read and a shift by the height of the cell, and a
// condition that reads neither the cell nor the top code (heights,
// emptiness, kind properties, levels) reads the same word for every cell
// the piece looks at. Without stacks every height is 0 and emptiness is
// read from the top code.
//
// Paths (stackPaths). Per length L and per cell, the leaps that stay on
// the board are listed once, in the mover's direction order: the path
// entry of the landing (cell | dir<<16, as emitted) and the L-1 cells
// passed over. A piece of code k of player pl uses the list pathOf[pl,k]
// (none: the rule does not move it), so directions leaving the board cost
// nothing.
//
// Generation. For each top piece of the mover (bitsets) the From condition
// is tested at its cell, then the listed leaps from the cell. With plain
// conditions (one mask each) Legal tests and writes every leap and
// advances the list's lengths past those that hold, without a branch per
// leap (stackPlain: room for every leap is made once per call, and masks
// that do not depend on the level are kept per piece code). Otherwise, and
// in count, select and existence modes, the leaps are tested into a bit
// per leap (leapsOK); count mode adds their number (population count),
// select and existence modes emit them one by one until the move asked
// for.
//
// Duplicates. When an earlier rule a of the tier gives the same text as a
// leap of this rule b (same start, same landing: the displacement L_b*v_b
// equals L_a*v_a for the piece's lengths), planDedup (dedup.go) asks
// whether b's leap implies a's (stackImplies): for every level at which
// b's From can hold, From_b => From_a at the start, Onto_b => Onto_a at
// the landing, and Over_a holds on a's cells passed over (Over_b => Over_a
// when the paths are the same, or Over_a always). Then the leap is left
// out of b's list (where a's path stays on the board: a piece whose every
// leap is left out is not moved by b at all), and when every duplicate of
// the tier is left out so, the tier needs no deduplication pass and its
// moves are counted without being built.

// stackCond is a tabulated cell condition: bit h of word w[class +
// cell*sX + code*sC + h>>6] is set when it holds on a stack of height h.
// class = mover*sMv + mcode*sM + level*sL; a stride is 0 for a dimension
// the condition does not read.
type stackCond struct {
	w                   []uint64
	sMv, sM, sL, sX, sC int
	plain               bool // one word per class: sX = sC = 0, heights below 64
}

func (t *stackCond) base(mover, mcode, level int) int {
	return mover*t.sMv + mcode*t.sM + level*t.sL
}

// hold returns 1 when the condition holds, for the class at base, on
// cell x of height h with top code code (0 otherwise).
func (t *stackCond) hold(base int, x, h int32, code uint16) uint64 {
	return t.w[base+int(x)*t.sX+int(code)*t.sC+int(h>>6)] >> (uint(h) & 63) & 1
}

func (t *stackCond) at(mover, mcode, level, x, code, h int) bool {
	return t.hold(t.base(mover, mcode, level), int32(x), int32(h), uint16(code)) != 0
}

// stackPaths lists, per cell, the leaps of length L of one set of
// directions that stay on the board: cell c's are ent[off[c]:off[c+1]],
// L words each (the landing's path entry, then the cells passed over).
type stackPaths struct {
	L    int
	off  []int32
	ent  []int32
	cell [][]int32 // per cell c: ent[off[c]:off[c+1]]
}

// stackRule is a genStack rule compiled.
type stackRule struct {
	from, over, onto *stackCond // from nil: any piece; over nil: any cell
	paths            []stackPaths
	pathOf           []int32      // [mover*ncodes+code]: index into paths, -1: not moved
	zeroH            []int32      // heights of a game without stacks (all 0)
	pieces           []stackPiece // [mover*ncodes+code], from pathOf (setPieces)
	plain            bool         // Onto and Over (if any) are plain
}

// stackPiece is what fastStack needs for a piece of one code of one
// mover: its path list (cell nil: the rule does not move it) and the bases
// of its classes in the condition tables, level 0.
type stackPiece struct {
	cell       [][]int32 // per cell: its leaps (a part of the list's ent)
	L          int
	fb, nb, ob int
	mn, mo     uint64 // plain conditions: the masks of Onto and Over, level 0
}

// setPieces fills st.pieces from st.pathOf.
func (st *stackRule) setPieces(np, ncodes int) {
	st.pieces = make([]stackPiece, np*ncodes)
	for mv := 0; mv < np; mv++ {
		for code := 0; code < ncodes; code++ {
			pc := &st.pieces[mv*ncodes+code]
			i := st.pathOf[mv*ncodes+code]
			if i < 0 {
				continue
			}
			ps := &st.paths[i]
			pc.cell, pc.L = ps.cell, ps.L
			pc.nb = st.onto.base(mv, code, 0)
			if st.from != nil {
				pc.fb = st.from.base(mv, code, 0)
			}
			pc.mn, pc.mo = st.onto.w[pc.nb], ^uint64(0)
			if st.over != nil {
				pc.ob = st.over.base(mv, code, 0)
				pc.mo = st.over.w[pc.ob]
			}
		}
	}
}

// stackDeps tells whether e is a condition genStack can tabulate, and what
// it reads besides the height: the cell, the top code, emptiness (occ),
// the moving piece's level and kind properties (mcode).
type stackDeps struct {
	ok, cell, code, occ, level, mcode bool
}

func (p *Program) stackDeps(e *ir.Expr) stackDeps {
	d := depsOf(e)
	if d&^(localDeps|depHeight|depLevel|depMover) != 0 {
		return stackDeps{}
	}
	return stackDeps{ok: true, cell: d&depCell != 0, code: d&(depOwner|depKind) != 0,
		occ: d&(depOcc|depHeight) != 0, level: d&depLevel != 0, mcode: d&depMover != 0}
}

// compileStack lowers rule r to genStack when it can (r.gen stays
// genGeneric otherwise).
func (p *Program) compileStack(r *rule) {
	m := &p.game.Moves[r.idx]
	decline := func(why string) { p.declineFor(scopeRule, r.idx, accelStackTable, why) }
	switch {
	case p.off(accelStackTable) != "":
		decline(p.off(accelStackTable))
		return
	case r.action != ir.Leap:
		return
	case m.Capture != ir.CaptureNone:
		decline("it captures")
		return
	case m.Chain != ir.ChainNone:
		decline("it chains")
		return
	}
	for _, ds := range r.dirs {
		if len(ds) > 32 {
			decline("a player has more than 32 directions")
			return
		}
	}
	st := &stackRule{}
	var okF, okO, okN bool
	st.from, okF = p.stackCondOf(m.From, r.from, false)
	st.over, okO = p.stackCondOf(m.Over, r.over, false)
	st.onto, okN = p.stackCondOf(m.Onto, r.onto, !p.stacking)
	if !okF || !okO || !okN {
		decline("a condition reads more than the cell, its piece, heights, levels and the moving piece, or its tables would be too big")
		return
	}
	if m.From == nil {
		st.from = nil
	}
	if m.Over == nil {
		st.over = nil
	}
	if !p.stacking {
		st.zeroH = make([]int32, p.numCells+1)
	}
	r.srcOK = make([]bool, p.numPlayers*p.ncodes)
	st.pathOf = make([]int32, p.numPlayers*p.ncodes)
	for mv := 0; mv < p.numPlayers; mv++ {
		for code := 0; code < p.ncodes; code++ {
			i := mv*p.ncodes + code
			r.srcOK[i] = code > 0 && p.selects(r, mv, code) && r.lenCode[code] > 0
			st.pathOf[i] = -1
			if r.srcOK[i] {
				st.pathOf[i] = st.addPaths(p.stackPathsOf(r.dirs[mv], int(r.lenCode[code])))
			}
		}
	}
	st.plain = st.onto.plain && (st.over == nil || st.over.plain)
	st.setPieces(p.numPlayers, p.ncodes)
	r.stk = st
	r.gen = genStack
}

// stackCondOf tabulates a cell condition (e compiled to f; nil: always);
// emptyOnly also requires an empty cell (landings without stacks). ok is
// false when e cannot be tabulated or the table would be too large.
func (p *Program) stackCondOf(e *ir.Expr, f evalFn, emptyOnly bool) (*stackCond, bool) {
	d := p.stackDeps(e)
	if !d.ok {
		return nil, false
	}
	nh, nl := 1, 1 // without stacks: height 0, level 0
	if p.stacking {
		nh, nl = p.scap+1, p.scap
	}
	dim := func(on bool, n int) int {
		if on {
			return n
		}
		return 1
	}
	nX, nL, nM := dim(d.cell, p.numCells), dim(d.level, nl), dim(d.mcode, p.ncodes)
	nC := dim(d.code || emptyOnly || (d.occ && !p.stacking), p.ncodes)
	hw := (nh + 63) / 64
	t := &stackCond{}
	row := hw // words per (cell, code)
	if nC > 1 {
		t.sC = hw
	}
	row *= nC
	if nX > 1 {
		t.sX = row
	}
	row *= nX
	if nL > 1 {
		t.sL = row
	}
	if nM > 1 {
		t.sM = row * nL
	}
	t.sMv = row * nL * nM
	if t.sMv*p.numPlayers > maxTable/8 || p.numPlayers*nM*nL*nX*nC*nh > maxTable {
		return nil, false
	}
	t.w = make([]uint64, t.sMv*p.numPlayers)
	t.plain = t.sX == 0 && t.sC == 0 && hw == 1
	s := p.newEmptyState()
	c := &ectx{p: p, s: s}
	for mv := 0; mv < p.numPlayers; mv++ {
		c.own, c.opp = mv, (mv+1)%p.numPlayers
		for i := 0; i < nM*nL*nX*nC*nh; i++ {
			h, code, x := i%nh, i/nh%nC, i/(nh*nC)%nX
			lv, mc := i/(nh*nC*nX)%nL, i/(nh*nC*nX*nL)
			cd := code
			if nC == 1 && h > 0 {
				if p.ncodes == 1 {
					continue // no piece type: no cell is occupied
				}
				cd = 1 // the top code is only read for emptiness
			}
			if (p.stacking && (h == 0) != (cd == 0)) || (emptyOnly && cd != 0) {
				continue
			}
			if p.stacking {
				s.hgt[x] = int32(h)
			}
			c.cell, c.code, c.mcode, c.level = x, cd, mc, lv
			if f == nil || f(c) != 0 {
				t.w[t.base(mv, mc, lv)+x*t.sX+code*t.sC+h>>6] |= 1 << (uint(h) & 63)
			}
		}
	}
	return t, true
}

// stackPathsOf lists the leaps of length L in directions dirs that stay on
// the board.
func (p *Program) stackPathsOf(dirs []int32, L int) stackPaths {
	ps := stackPaths{L: L, off: make([]int32, p.numCells+1)}
	leap := p.leapTable(L)
	for c := 0; c < p.numCells; c++ {
		ps.off[c] = int32(len(ps.ent))
		for _, d := range dirs {
			base := (c*p.numDirs + int(d)) * L
			if land := leap[base+L-1]; int(land) != p.numCells {
				ps.ent = append(ps.ent, land|d<<16)
				ps.ent = append(ps.ent, leap[base:base+L-1]...)
			}
		}
	}
	ps.off[p.numCells] = int32(len(ps.ent))
	return ps
}

// filterPaths returns ps without the leaps from cell c in direction d for
// which drop(c, d) is true.
func (p *Program) filterPaths(ps *stackPaths, drop func(c, d int) bool) stackPaths {
	q := stackPaths{L: ps.L, off: make([]int32, p.numCells+1)}
	for c := 0; c < p.numCells; c++ {
		q.off[c] = int32(len(q.ent))
		for i := ps.off[c]; i < ps.off[c+1]; i += int32(ps.L) {
			if !drop(c, int(ps.ent[i]>>16)) {
				q.ent = append(q.ent, ps.ent[i:i+int32(ps.L)]...)
			}
		}
	}
	q.off[p.numCells] = int32(len(q.ent))
	return q
}

// addPaths returns the index of ps among the rule's path lists, adding it
// when no list is the same; -1 when ps lists no leap.
func (st *stackRule) addPaths(ps stackPaths) int32 {
	if len(ps.ent) == 0 {
		return -1
	}
	for i, q := range st.paths {
		if q.L == ps.L && equalInt32(q.off, ps.off) && equalInt32(q.ent, ps.ent) {
			return int32(i)
		}
	}
	ps.cell = make([][]int32, len(ps.off)-1)
	for c := range ps.cell {
		ps.cell[c] = ps.ent[ps.off[c]:ps.off[c+1]:ps.off[c+1]]
	}
	st.paths = append(st.paths, ps)
	return int32(len(st.paths) - 1)
}

func equalInt32(a, b []int32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// stackImplies tells whether, for a piece of code mcode of player pl, a
// leap of rb implies the leap of ra to the same cell (samePath: along the
// same cells): for every level at which rb's From can hold, From_b =>
// From_a at the start, Onto_b => Onto_a on any cell, and Over_a holds
// wherever Over_b does (samePath) or on any cell.
func (p *Program) stackImplies(ra, rb *rule, pl, mcode int, samePath bool) bool {
	sa, sb := ra.stk, rb.stk
	nh, nl := 1, 1
	if p.stacking {
		nh, nl = p.scap+1, p.scap
	}
	holds := func(t *stackCond, lv, x, code, h int) bool {
		return t == nil || t.at(pl, mcode, lv, x, code, h)
	}
	overA := int(ra.lenCode[mcode]) > 1 && sa.over != nil
	needX := sa.onto.sX != 0 || sb.onto.sX != 0 || (overA && (sa.over.sX != 0 || (sb.over != nil && sb.over.sX != 0)))
	needC := sa.onto.sC != 0 || sb.onto.sC != 0 || (overA && (sa.over.sC != 0 || (sb.over != nil && sb.over.sC != 0)))
	nx, nc := 1, 2
	if needX {
		nx = p.numCells
	}
	if needC {
		nc = p.ncodes
	}
	if nl*nx*nc*nh > maxTable {
		return false // too long to tell: the pass stays
	}
	for lv := 0; lv < nl; lv++ {
		h0 := 0 // the height of the start cell
		if p.stacking {
			h0 = lv + 1
		}
		some := false
		for x := 0; x < p.numCells; x++ {
			if holds(sb.from, lv, x, mcode, h0) {
				some = true
				if !holds(sa.from, lv, x, mcode, h0) {
					return false
				}
			}
		}
		if !some {
			continue
		}
		for x := 0; x < p.numCells && (x == 0 || needX); x++ {
			for code := 0; code < p.ncodes && (code <= 1 || needC); code++ {
				for h := 0; h < nh; h++ {
					if p.stacking && (h == 0) != (code == 0) || !p.stacking && (h != 0 || !needC && code != 0) {
						continue
					}
					if holds(sb.onto, lv, x, code, h) && !holds(sa.onto, lv, x, code, h) {
						return false
					}
					if overA && (!samePath || holds(sb.over, lv, x, code, h)) && !holds(sa.over, lv, x, code, h) {
						return false
					}
				}
			}
		}
	}
	return true
}

// fastStack generates the moves of a genStack rule.
func (g *gen) fastStack() {
	p, s, r := g.p, g.s, g.r
	st := r.stk
	if g.list != nil && st.plain {
		g.stackPlain()
		return
	}
	pl := g.mover
	cells := s.cellsW
	hgt := s.hgt
	if hgt == nil {
		hgt = st.zeroH
	}
	pcs := st.pieces[pl*p.ncodes : (pl+1)*p.ncodes]
	from := st.from
	ml := g.list
	for w := 0; w < s.numWords; w++ {
		for word := g.srcWord(w); word != 0; word &= word - 1 {
			c := p.cellOf[w<<6|bits.TrailingZeros64(word)]
			code := cells[c]
			pc := &pcs[code]
			if pc.cell == nil {
				continue
			}
			h := hgt[c]
			level := 0
			if p.stacking {
				level = int(h) - 1
			}
			if from != nil && from.hold(pc.fb+level*from.sL, c, h, code) == 0 {
				continue
			}
			ent := pc.cell[c]
			okm := st.leapsOK(pc, ent, level, cells, hgt)
			if okm == 0 {
				continue
			}
			if ml == nil {
				if g.emitStack(ent, pc.L, c, okm) {
					return
				}
				continue
			}
			for ; okm != 0; okm &= okm - 1 {
				e := ent[bits.TrailingZeros32(okm)*pc.L]
				ml.moves = append(ml.moves, mv{off: int32(len(ml.arena)), n: 2, rule: int32(r.idx)})
				ml.arena = append(ml.arena, uint32(c), uint32(e))
			}
		}
	}
}

// stackPlain is fastStack for Legal when the conditions are plain (one
// height mask each per class): every leap of a piece is tested and
// written, and the lengths of the moves and paths advance past those that
// hold (no branch per leap).
func (g *gen) stackPlain() {
	p, s, r := g.p, g.s, g.r
	st := r.stk
	pl := g.mover
	cells := s.cellsW
	hgt := s.hgt
	if hgt == nil {
		hgt = st.zeroH
	}
	pcs := st.pieces[pl*p.ncodes : (pl+1)*p.ncodes]
	from, onto, over := st.from, st.onto, st.over
	mvs, ar := g.list.moves, g.list.arena // (stored back at the end)
	rule := int32(r.idx)
	// At most len(dirs) leaps per piece: room for all of them.
	pieces := 0
	for w := 0; w < s.numWords; w++ {
		pieces += bits.OnesCount64(g.srcWord(w))
	}
	if n := pieces * len(r.dirs[pl]); cap(mvs)-len(mvs) < n || cap(ar)-len(ar) < 2*n {
		mvs, ar = slices.Grow(mvs, n), slices.Grow(ar, 2*n)
	}
	byLevel := onto.sL != 0 || (over != nil && over.sL != 0)
	for w := 0; w < s.numWords; w++ {
		for word := g.srcWord(w); word != 0; word &= word - 1 {
			c := p.cellOf[w<<6|bits.TrailingZeros64(word)]
			code := cells[c]
			pc := &pcs[code]
			if pc.cell == nil {
				continue
			}
			h := hgt[c]
			level := 0
			if p.stacking {
				level = int(h) - 1
			}
			if from != nil && from.hold(pc.fb+level*from.sL, c, h, code) == 0 {
				continue
			}
			ent := pc.cell[c]
			L, n := pc.L, len(ent)
			j, a := len(mvs), len(ar)
			mvs, ar = mvs[:cap(mvs)], ar[:cap(ar)]
			mn, mo := pc.mn, pc.mo // (level 0)
			if byLevel {
				mn, mo = onto.w[pc.nb+level*onto.sL], ^uint64(0)
				if over != nil {
					mo = over.w[pc.ob+level*over.sL]
				}
			}
			if L == 1 {
				for _, e := range ent {
					mvs[j] = mv{off: int32(a), n: 2, rule: rule}
					ar[a], ar[a+1] = uint32(c), uint32(e)
					b := int(mn >> uint(hgt[e&0xffff]) & 1)
					j, a = j+b, a+2*b
				}
			}
			for i := 0; L > 1 && i+L <= n; i += L {
				e := ent[i : i+L]
				ok := mn >> uint(hgt[e[0]&0xffff])
				for _, y := range e[1:] {
					ok &= mo >> uint(hgt[y])
				}
				mvs[j] = mv{off: int32(a), n: 2, rule: rule}
				ar[a], ar[a+1] = uint32(c), uint32(e[0])
				b := int(ok & 1)
				j, a = j+b, a+2*b
			}
			mvs, ar = mvs[:j], ar[:a]
		}
	}
	g.list.moves, g.list.arena = mvs, ar
}

// leapsOK returns a bit per leap of ent (the piece pc's at its level)
// that satisfies Onto and Over.
func (st *stackRule) leapsOK(pc *stackPiece, ent []int32, level int, cells []uint16, hgt []int32) uint32 {
	onto, over, L := st.onto, st.over, pc.L
	nb := pc.nb + level*onto.sL
	var okm uint32
	if onto.plain && (over == nil || over.plain) {
		// One mask per condition: a shift by the height per cell.
		mn, mo := onto.w[nb], ^uint64(0)
		if over != nil {
			mo = over.w[pc.ob+level*over.sL]
		}
		switch {
		case L == 1:
			for k, e := range ent {
				okm |= uint32(mn>>uint(hgt[e&0xffff])&1) << uint(k)
			}
		case L == 2:
			for k := 0; 2*k+1 < len(ent); k++ {
				ok := mn >> uint(hgt[ent[2*k]&0xffff]) & (mo >> uint(hgt[ent[2*k+1]]))
				okm |= uint32(ok&1) << uint(k)
			}
		case L == 3:
			for k := 0; 3*k+2 < len(ent); k++ {
				ok := mn >> uint(hgt[ent[3*k]&0xffff]) & (mo >> uint(hgt[ent[3*k+1]])) & (mo >> uint(hgt[ent[3*k+2]]))
				okm |= uint32(ok&1) << uint(k)
			}
		default:
			for k := 0; k*L < len(ent); k++ {
				e := ent[k*L : k*L+L]
				ok := mn >> uint(hgt[e[0]&0xffff])
				for _, y := range e[1:] {
					ok &= mo >> uint(hgt[y])
				}
				okm |= uint32(ok&1) << uint(k)
			}
		}
		return okm
	}
	ob := 0
	if over != nil {
		ob = pc.ob + level*over.sL
	}
	for k := 0; k*L < len(ent); k++ {
		e := ent[k*L : k*L+L]
		x := e[0] & 0xffff
		ok := onto.hold(nb, x, hgt[x], cells[x])
		if over != nil {
			for _, y := range e[1:] {
				ok &= over.hold(ob, y, hgt[y], cells[y])
			}
		}
		okm |= uint32(ok) << uint(k)
	}
	return okm
}

// emitStack emits, in count, select or existence mode, the leaps of ent
// (length L) from cell c whose bits are set in okm; it reports whether
// the generation is over (found).
func (g *gen) emitStack(ent []int32, L int, c int32, okm uint32) bool {
	if g.sink.counts() && g.skip(bits.OnesCount32(okm)) {
		return false
	}
	s := g.s
	for ; okm != 0; okm &= okm - 1 {
		e := ent[bits.TrailingZeros32(okm)*L]
		s.path = append(s.path[:0], uint32(c), uint32(e))
		g.emit()
		if g.found {
			return true
		}
	}
	return false
}
