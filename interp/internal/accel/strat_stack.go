package accel

import (
	"math/bits"
	"slices"

	"github.com/ruleplay/ruleplay/interp/internal/core"
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

func stackCondBase(t *StackCond, mover, mcode, level int) int {
	return mover*t.SMv + mcode*t.SM + level*t.SL
}

// hold returns 1 when the condition holds, for the class at base, on
// cell x of height h with top code code (0 otherwise).
func hold(t *StackCond, base int, x, h int32, code uint16) uint64 {
	return t.W[base+int(x)*t.SX+int(code)*t.SC+int(h>>6)] >> (uint(h) & 63) & 1
}

func stackCondAt(t *StackCond, mover, mcode, level, x, code, h int) bool {
	return hold(t, stackCondBase(t, mover, mcode, level), int32(x), int32(h), uint16(code)) != 0
}

// SetPieces fills st.pieces from st.pathOf.
func SetPieces(st *StackRule, np, ncodes int) {
	st.Pieces = make([]StackPiece, np*ncodes)
	for mv := 0; mv < np; mv++ {
		for code := 0; code < ncodes; code++ {
			pc := &st.Pieces[mv*ncodes+code]
			i := st.PathOf[mv*ncodes+code]
			if i < 0 {
				continue
			}
			ps := &st.Paths[i]
			pc.Cell, pc.L = ps.Cell, ps.L
			pc.Nb = stackCondBase(st.Onto, mv, code, 0)
			if st.From != nil {
				pc.Fb = stackCondBase(st.From, mv, code, 0)
			}
			pc.Mn, pc.Mo = st.Onto.W[pc.Nb], ^uint64(0)
			if st.Over != nil {
				pc.Ob = stackCondBase(st.Over, mv, code, 0)
				pc.Mo = st.Over.W[pc.Ob]
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

func programStackDeps(p *core.Program, e *ir.Expr) stackDeps {
	d := core.DepsOf(e)
	if d&^(core.LocalDeps|core.DepHeight|core.DepLevel|core.DepMover) != 0 {
		return stackDeps{}
	}
	return stackDeps{ok: true, cell: d&core.DepCell != 0, code: d&(core.DepOwner|core.DepKind) != 0,
		occ: d&(core.DepOcc|core.DepHeight) != 0, level: d&core.DepLevel != 0, mcode: d&core.DepMover != 0}
}

// StackCondOf tabulates a cell condition (e compiled to f; nil: always);
// emptyOnly also requires an empty cell (landings without stacks). ok is
// false when e cannot be tabulated or the table would be too large.
func StackCondOf(p *core.Program, e *ir.Expr, f core.EvalFn, emptyOnly bool) (*StackCond, bool) {
	d := programStackDeps(p, e)
	if !d.ok {
		return nil, false
	}
	nh, nl := 1, 1 // without stacks: height 0, level 0
	if p.Stacking {
		nh, nl = p.Scap+1, p.Scap
	}
	dim := func(on bool, n int) int {
		if on {
			return n
		}
		return 1
	}
	nX, nL, nM := dim(d.cell, p.NumCells), dim(d.level, nl), dim(d.mcode, p.Ncodes)
	nC := dim(d.code || emptyOnly || (d.occ && !p.Stacking), p.Ncodes)
	hw := (nh + 63) / 64
	t := &StackCond{}
	row := hw // words per (cell, code)
	if nC > 1 {
		t.SC = hw
	}
	row *= nC
	if nX > 1 {
		t.SX = row
	}
	row *= nX
	if nL > 1 {
		t.SL = row
	}
	if nM > 1 {
		t.SM = row * nL
	}
	t.SMv = row * nL * nM
	if t.SMv*p.Players > core.MaxTable/8 || p.Players*nM*nL*nX*nC*nh > core.MaxTable {
		return nil, false
	}
	t.W = make([]uint64, t.SMv*p.Players)
	t.Plain = t.SX == 0 && t.SC == 0 && hw == 1
	s := p.NewEmptyState()
	c := &core.Ectx{P: p, S: s}
	for mv := 0; mv < p.Players; mv++ {
		c.Own, c.Opp = mv, (mv+1)%p.Players
		for i := 0; i < nM*nL*nX*nC*nh; i++ {
			h, code, x := i%nh, i/nh%nC, i/(nh*nC)%nX
			lv, mc := i/(nh*nC*nX)%nL, i/(nh*nC*nX*nL)
			cd := code
			if nC == 1 && h > 0 {
				if p.Ncodes == 1 {
					continue // no piece type: no cell is occupied
				}
				cd = 1 // the top code is only read for emptiness
			}
			if (p.Stacking && (h == 0) != (cd == 0)) || (emptyOnly && cd != 0) {
				continue
			}
			if p.Stacking {
				s.Hgt[x] = int32(h)
			}
			c.Cell, c.Code, c.Mcode, c.Level = x, cd, mc, lv
			if f == nil || f(c) != 0 {
				t.W[stackCondBase(t, mv, mc, lv)+x*t.SX+code*t.SC+h>>6] |= 1 << (uint(h) & 63)
			}
		}
	}
	return t, true
}

// StackPathsOf lists the leaps of length L in directions dirs that stay on
// the board.
func StackPathsOf(p *core.Program, dirs []int32, L int) StackPaths {
	ps := StackPaths{L: L, Off: make([]int32, p.NumCells+1)}
	leap := p.LeapTable(L)
	for c := 0; c < p.NumCells; c++ {
		ps.Off[c] = int32(len(ps.Ent))
		for _, d := range dirs {
			base := (c*p.NumDirs + int(d)) * L
			if land := leap[base+L-1]; int(land) != p.NumCells {
				ps.Ent = append(ps.Ent, land|d<<16)
				ps.Ent = append(ps.Ent, leap[base:base+L-1]...)
			}
		}
	}
	ps.Off[p.NumCells] = int32(len(ps.Ent))
	return ps
}

// filterPaths returns ps without the leaps from cell c in direction d for
// which drop(c, d) is true.
func filterPaths(p *core.Program, ps *StackPaths, drop func(c, d int) bool) StackPaths {
	q := StackPaths{L: ps.L, Off: make([]int32, p.NumCells+1)}
	for c := 0; c < p.NumCells; c++ {
		q.Off[c] = int32(len(q.Ent))
		for i := ps.Off[c]; i < ps.Off[c+1]; i += int32(ps.L) {
			if !drop(c, int(ps.Ent[i]>>16)) {
				q.Ent = append(q.Ent, ps.Ent[i:i+int32(ps.L)]...)
			}
		}
	}
	q.Off[p.NumCells] = int32(len(q.Ent))
	return q
}

// AddPaths returns the index of ps among the rule's path lists, adding it
// when no list is the same; -1 when ps lists no leap.
func AddPaths(st *StackRule, ps StackPaths) int32 {
	if len(ps.Ent) == 0 {
		return -1
	}
	for i, q := range st.Paths {
		if q.L == ps.L && equalInt32(q.Off, ps.Off) && equalInt32(q.Ent, ps.Ent) {
			return int32(i)
		}
	}
	ps.Cell = make([][]int32, len(ps.Off)-1)
	for c := range ps.Cell {
		ps.Cell[c] = ps.Ent[ps.Off[c]:ps.Off[c+1]:ps.Off[c+1]]
	}
	st.Paths = append(st.Paths, ps)
	return int32(len(st.Paths) - 1)
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
func stackImplies(p *core.Program, ra, rb *core.Rule, pl, mcode int, samePath bool) bool {
	sa, sb := Tables(ra).Stack, Tables(rb).Stack
	nh, nl := 1, 1
	if p.Stacking {
		nh, nl = p.Scap+1, p.Scap
	}
	holds := func(t *StackCond, lv, x, code, h int) bool {
		return t == nil || stackCondAt(t, pl, mcode, lv, x, code, h)
	}
	overA := int(ra.LenCode[mcode]) > 1 && sa.Over != nil
	needX := sa.Onto.SX != 0 || sb.Onto.SX != 0 || (overA && (sa.Over.SX != 0 || (sb.Over != nil && sb.Over.SX != 0)))
	needC := sa.Onto.SC != 0 || sb.Onto.SC != 0 || (overA && (sa.Over.SC != 0 || (sb.Over != nil && sb.Over.SC != 0)))
	nx, nc := 1, 2
	if needX {
		nx = p.NumCells
	}
	if needC {
		nc = p.Ncodes
	}
	if nl*nx*nc*nh > core.MaxTable {
		return false // too long to tell: the pass stays
	}
	for lv := 0; lv < nl; lv++ {
		h0 := 0 // the height of the start cell
		if p.Stacking {
			h0 = lv + 1
		}
		some := false
		for x := 0; x < p.NumCells; x++ {
			if holds(sb.From, lv, x, mcode, h0) {
				some = true
				if !holds(sa.From, lv, x, mcode, h0) {
					return false
				}
			}
		}
		if !some {
			continue
		}
		for x := 0; x < p.NumCells && (x == 0 || needX); x++ {
			for code := 0; code < p.Ncodes && (code <= 1 || needC); code++ {
				for h := 0; h < nh; h++ {
					if p.Stacking && (h == 0) != (code == 0) || !p.Stacking && (h != 0 || !needC && code != 0) {
						continue
					}
					if holds(sb.Onto, lv, x, code, h) && !holds(sa.Onto, lv, x, code, h) {
						return false
					}
					if overA && (!samePath || holds(sb.Over, lv, x, code, h)) && !holds(sa.Over, lv, x, code, h) {
						return false
					}
				}
			}
		}
	}
	return true
}

// fastStack generates the moves of a genStack rule.
func fastStack(g *core.Gen) {
	p, s, r := g.P, g.S, g.R
	st := Tables(r).Stack
	if g.List != nil && st.Plain {
		stackPlain(g)
		return
	}
	pl := g.Mover
	cells := s.CellsW
	hgt := s.Hgt
	if hgt == nil {
		hgt = st.ZeroH
	}
	pcs := st.Pieces[pl*p.Ncodes : (pl+1)*p.Ncodes]
	from := st.From
	ml := g.List
	for w := 0; w < s.NumWords; w++ {
		for word := srcWord(g, w); word != 0; word &= word - 1 {
			c := p.CellOf[w<<6|bits.TrailingZeros64(word)]
			code := cells[c]
			pc := &pcs[code]
			if pc.Cell == nil {
				continue
			}
			h := hgt[c]
			level := 0
			if p.Stacking {
				level = int(h) - 1
			}
			if from != nil && hold(from, pc.Fb+level*from.SL, c, h, code) == 0 {
				continue
			}
			ent := pc.Cell[c]
			okm := leapsOK(st, pc, ent, level, cells, hgt)
			if okm == 0 {
				continue
			}
			if ml == nil {
				if emitStack(g, ent, pc.L, c, okm) {
					return
				}
				continue
			}
			for ; okm != 0; okm &= okm - 1 {
				e := ent[bits.TrailingZeros32(okm)*pc.L]
				ml.Moves = append(ml.Moves, core.Mv{Off: int32(len(ml.Arena)), N: 2, Rule: int32(r.Idx)})
				ml.Arena = append(ml.Arena, uint32(c), uint32(e))
			}
		}
	}
}

// stackPlain is fastStack for Legal when the conditions are plain (one
// height mask each per class): every leap of a piece is tested and
// written, and the lengths of the moves and paths advance past those that
// hold (no branch per leap).
func stackPlain(g *core.Gen) {
	p, s, r := g.P, g.S, g.R
	st := Tables(r).Stack
	pl := g.Mover
	cells := s.CellsW
	hgt := s.Hgt
	if hgt == nil {
		hgt = st.ZeroH
	}
	pcs := st.Pieces[pl*p.Ncodes : (pl+1)*p.Ncodes]
	from, onto, over := st.From, st.Onto, st.Over
	mvs, ar := g.List.Moves, g.List.Arena // (stored back at the end)
	rule := int32(r.Idx)
	// At most len(dirs) leaps per piece: room for all of them.
	pieces := 0
	for w := 0; w < s.NumWords; w++ {
		pieces += bits.OnesCount64(srcWord(g, w))
	}
	if n := pieces * len(r.Dirs[pl]); cap(mvs)-len(mvs) < n || cap(ar)-len(ar) < 2*n {
		mvs, ar = slices.Grow(mvs, n), slices.Grow(ar, 2*n)
	}
	byLevel := onto.SL != 0 || (over != nil && over.SL != 0)
	for w := 0; w < s.NumWords; w++ {
		for word := srcWord(g, w); word != 0; word &= word - 1 {
			c := p.CellOf[w<<6|bits.TrailingZeros64(word)]
			code := cells[c]
			pc := &pcs[code]
			if pc.Cell == nil {
				continue
			}
			h := hgt[c]
			level := 0
			if p.Stacking {
				level = int(h) - 1
			}
			if from != nil && hold(from, pc.Fb+level*from.SL, c, h, code) == 0 {
				continue
			}
			ent := pc.Cell[c]
			L, n := pc.L, len(ent)
			j, a := len(mvs), len(ar)
			mvs, ar = mvs[:cap(mvs)], ar[:cap(ar)]
			mn, mo := pc.Mn, pc.Mo // (level 0)
			if byLevel {
				mn, mo = onto.W[pc.Nb+level*onto.SL], ^uint64(0)
				if over != nil {
					mo = over.W[pc.Ob+level*over.SL]
				}
			}
			if L == 1 {
				for _, e := range ent {
					mvs[j] = core.Mv{Off: int32(a), N: 2, Rule: rule}
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
				mvs[j] = core.Mv{Off: int32(a), N: 2, Rule: rule}
				ar[a], ar[a+1] = uint32(c), uint32(e[0])
				b := int(ok & 1)
				j, a = j+b, a+2*b
			}
			mvs, ar = mvs[:j], ar[:a]
		}
	}
	g.List.Moves, g.List.Arena = mvs, ar
}

// leapsOK returns a bit per leap of ent (the piece pc's at its level)
// that satisfies Onto and Over.
func leapsOK(st *StackRule, pc *StackPiece, ent []int32, level int, cells []uint16, hgt []int32) uint32 {
	onto, over, L := st.Onto, st.Over, pc.L
	nb := pc.Nb + level*onto.SL
	var okm uint32
	if onto.Plain && (over == nil || over.Plain) {
		// One mask per condition: a shift by the height per cell.
		mn, mo := onto.W[nb], ^uint64(0)
		if over != nil {
			mo = over.W[pc.Ob+level*over.SL]
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
		ob = pc.Ob + level*over.SL
	}
	for k := 0; k*L < len(ent); k++ {
		e := ent[k*L : k*L+L]
		x := e[0] & 0xffff
		ok := hold(onto, nb, x, hgt[x], cells[x])
		if over != nil {
			for _, y := range e[1:] {
				ok &= hold(over, ob, y, hgt[y], cells[y])
			}
		}
		okm |= uint32(ok) << uint(k)
	}
	return okm
}

// emitStack emits, in count, select or existence mode, the leaps of ent
// (length L) from cell c whose bits are set in okm; it reports whether
// the generation is over (found).
func emitStack(g *core.Gen, ent []int32, L int, c int32, okm uint32) bool {
	if g.Sink.Counts() && g.Skip(bits.OnesCount32(okm)) {
		return false
	}
	s := g.S
	for ; okm != 0; okm &= okm - 1 {
		e := ent[bits.TrailingZeros32(okm)*L]
		s.Path = append(s.Path[:0], uint32(c), uint32(e))
		g.Emit()
		if g.Found {
			return true
		}
	}
	return false
}

// StackCond is a tabulated cell condition: bit h of word w[class +
// cell*sX + code*sC + h>>6] is set when it holds on a stack of height h.
// class = mover*sMv + mcode*sM + level*sL; a stride is 0 for a dimension
// the condition does not read.
type StackCond struct {
	W                   []uint64
	SMv, SM, SL, SX, SC int
	Plain               bool // one word per class: sX = sC = 0, heights below 64
}

// StackPaths lists, per cell, the leaps of length L of one set of
// directions that stay on the board: cell c's are ent[off[c]:off[c+1]],
// L words each (the landing's path entry, then the cells passed over).
type StackPaths struct {
	L    int
	Off  []int32
	Ent  []int32
	Cell [][]int32 // per cell c: ent[off[c]:off[c+1]]
}

// StackRule is a genStack rule compiled.
type StackRule struct {
	From, Over, Onto *StackCond // from nil: any piece; over nil: any cell
	Paths            []StackPaths
	PathOf           []int32      // [mover*ncodes+code]: index into paths, -1: not moved
	ZeroH            []int32      // heights of a game without stacks (all 0)
	Pieces           []StackPiece // [mover*ncodes+code], from pathOf (setPieces)
	Plain            bool         // Onto and Over (if any) are plain
}

// StackPiece is what fastStack needs for a piece of one code of one
// mover: its path list (cell nil: the rule does not move it) and the bases
// of its classes in the condition tables, level 0.
type StackPiece struct {
	Cell       [][]int32 // per cell: its leaps (a part of the list's ent)
	L          int
	Fb, Nb, Ob int
	Mn, Mo     uint64 // plain conditions: the masks of Onto and Over, level 0
}
