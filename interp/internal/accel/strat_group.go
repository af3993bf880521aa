package accel

import (
	"math/bits"
	"slices"

	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
)

// Group moves.
//
// A group rule (ir.Group) has a generic generator (closures) and, when its
// Onto and Enemy conditions are local and From depends on the piece alone
// in a game without stacks, a table-driven one (strat_group.go: bitsets
// of all the heads and lines at once); both give the same moves in the
// same order. For every cell holding a selected piece (Piece, Kinds and
// From) and every direction d of the mover, the cell is a head
// when the next cell in d holds no selected piece; the line runs back from
// it over selected pieces. For k = 1..run and s = 1..k the head's cells in
// d are tested in turn: an empty cell satisfying Onto (any cell satisfying
// Onto with stacking) is a landing and the walk goes on; otherwise a cell
// satisfying GroupCapture.Enemy is landed on, capturing, when When holds
// with size = k, run = the enemy run from that cell in d, distance = s;
// the walk stops there in any case. Order: the head's cell, direction, k,
// s. The path of a group move is [head, dest | d<<16] plus tail | flagTail
// for k > 1, with a capture flag on dest; the text is TAIL:HEAD-DEST, or
// HEAD-DEST for one stone, so a one-stone group move and a leap with the
// same cells are one move.

// Group moves (doc.go, "Group moves"): the k stones at the head end of a
// line move together 1..k cells. Two generators give the same moves in the
// same order (the head's cell, then direction, then k, then the distance
// s): groups, the generic reference that follows the definition literally,
// and fastGroups, for rules whose conditions are tabulated (genGroupFast).
//
// fastGroups works on bitsets of cells for all heads at once, one
// direction d at a time (groupCore.dir). A bitset is an array of nw words
// (groupWords: one generic code for boards of up to 8 words; an array
// value stays in registers); groupTables declines larger boards, which
// keep the generic walker. With L the selected stones (Piece, Kinds,
// From), E the free cells (empty, satisfying Onto), N the cells satisfying
// Enemy (sets: L and N from the cells of each piece code, State.occC),
// fwd(X) the cells whose neighbour in d is in X and bwd(X) those whose
// neighbour against d is (a shift and a mask when d is a constant bit
// shift of the layout; otherwise one per shift its steps take, when they
// take few (groupShifts, as on a hexagonal board), else cell by cell):
//
//	H     = L &^ fwd(L)                 the heads facing d
//	R[k]  = L & bwd(R[k-1]), R[1] = L   the stones with k-1 stones of their line behind
//	A[s]  = fwd(E & A[s-1]), A[0] = all the cells with s free cells ahead
//	Z[s]  = fwd(E & Z[s-1]), Z[1] = fwd(N)  the cells of A[s-1] with an Enemy cell at distance s
//
// For k = 1, 2, ... (HR = H & R[k], the heads with at least k stones):
// every bit of HR & A[s], s = 1..k, is the move of k stones by s cells
// (plain); the heads of HR & Z[k] &^ A[k] stop at distance k on an Enemy
// cell: their enemy run is measured once (along lineBits) and they join
// Q (stops); every head of Q & HR then captures with size k when When
// holds (captures). A[s] is computed once, when a head with s-1 free cells
// is still in HR, and the loop ends when HR has neither landings nor
// captures left. Existence stops at the first move; counting adds each
// mask to the counts per head, kept bit-sliced (sc.planes: plane j holds
// bit j of every head's count; on several words, adding a mask is a carry
// loop over the planes word by word), and sums them at the end.
//
// When is read from a table of the sizes it holds for, per run and
// distance (whenSizes), when it depends on size, run and distance alone
// (pureWhen) and all three are below 16; otherwise it is evaluated and
// remembered per size, run and distance for the generation.
//
// On a board of one word, counting and existence run a kernel on single
// words (scanWord, dirWord) for the directions that are bit shifts: the same
// sets, but the row of each k is added at once (a head of HR has min(k,
// its free cells) moves of k stones: f, kept bit-sliced as the A[s] are
// computed), the carries run over eight planes without a branch
// (groupAddWord, groupAddRow: where a carry stops is not predictable), and a
// head's captures are all counted when it stops (stopsWord: the sizes from k
// to its number of stones for which When holds), so that the loop on k
// needs no Q. Selecting reads a head's count from eight planes (pickByte).
//
// Legal's order is head first: the moves are appended direction by
// direction, counted per head, then placed by a counting sort over the
// heads (build; a head's own moves are found in its order: d, k, s).
// Selecting move i finds its head from the counts per head (pick: per
// word, half word, then head) and walks that head's lines alone (walk:
// the moves of a line that is not the one are counted in closed form).
// Counting keeps its counts with what the moves depend on (the rule, the
// mover, L, E, N, and the counters when When may read them: pureWhen), so
// that selecting right after counting (RandomPlayout, which counts for
// tiers of such rules: Program.groupTier) reuses them. Every straight line
// of the board in each direction is laid out in one array (lineCells, and
// lineBits by bit), so that the cell s steps ahead of a head is
// lineCells[pos+s] and its k-th stone lineCells[pos-k+1], whatever the
// board.

// groupMaxShifts is the most shifts of a direction stepped by shifts
// (groupMShift) rather than cell by cell.
const groupMaxShifts = 4

// GroupTables builds the tables of group rule r (Onto and Enemy
// tabulated), or returns nil on a board of more than groupMaxWords words.
func GroupTables(p *core.Program, r *core.Rule) *GroupTab {
	nw, nd, nbits := p.NumWords, p.NumDirs, p.NumWords*64
	if nw > GroupMaxWords {
		return nil
	}
	p.FillSrcOK(r)
	t := &GroupTab{
		Fwd:   p.ValidMasks(1),
		Bwd:   make([]uint64, nd*nw),
		Shift: slices.Clone(p.DirShift),
		ShOK:  slices.Clone(p.DirShiftOK),
		Onto:  make([]uint64, p.Players*nw),
		Enemy: make([]uint64, p.Players*nw),
		Pos:   make([]int32, nd*nbits),
	}
	set := func(x []uint64, c int32) { b := p.BitOf[c]; x[b>>6] |= 1 << (uint(b) & 63) }
	long := 1
	for d := 0; d < nd; d++ {
		for c := 0; c < p.NumCells; c++ {
			if p.Back[c*nd+d] >= 0 {
				set(t.Bwd[d*nw:], int32(c))
				continue // not the first cell of its line
			}
			t.LineCells = append(t.LineCells, -1)
			start := len(t.LineCells)
			for x := int32(c); x >= 0; x = p.Neighbours[int(x)*nd+d] {
				t.Pos[d*nbits+int(p.BitOf[x])] = int32(len(t.LineCells))
				t.LineCells = append(t.LineCells, x)
			}
			long = max(long, len(t.LineCells)-start)
		}
	}
	t.LineCells = append(t.LineCells, -1)
	for c := 0; c < p.NumCells; c++ {
		for mv := 0; mv < p.Players; mv++ {
			if r.OntoTab[mv*r.TabSize+c*r.Stride] != 0 {
				set(t.Onto[mv*nw:], int32(c))
			}
			if Tables(r).EnemyTab[mv*r.TabSize+c*r.Stride] != 0 {
				set(t.Enemy[mv*nw:], int32(c))
			}
		}
	}
	t.Long = long
	t.LineBits = make([]int32, len(t.LineCells))
	for i, x := range t.LineCells {
		t.LineBits[i] = -1
		if x >= 0 {
			t.LineBits[i] = p.BitOf[x]
		}
	}
	// a head's moves in one direction: at most 1+2+..+long landings and
	// long captures
	t.Planes = bits.Len(uint(nd * (long*(long+1)/2 + long)))
	groupCodeSets(p, r, t)
	groupWhenSizes(p, r, t)
	if nw == 1 {
		for d := 0; d < nd; d++ {
			t.WordShifts = append(t.WordShifts, WordShift{Sh: -t.Shift[d], Fm: t.Fwd[d], Bm: t.Bwd[d]})
		}
	}
	t.Msh = make([][]GroupMShift, nd)
	for d := 0; d < nd; d++ {
		if !t.ShOK[d] {
			t.Msh[d] = GroupShifts(p, d)
		}
	}
	return t
}

// groupWhenSizes sets t.pureWhen and, when it holds, t.whenSizes.
func groupWhenSizes(p *core.Program, r *core.Rule, t *GroupTab) {
	t.PureWhen = true
	if gc := p.Desc.Moves[r.Idx].GroupCapture; gc != nil {
		t.PureWhen = groupPure(gc.When)
	}
	if !t.PureWhen {
		return
	}
	t.WhenSizes = make([]uint16, 1<<8)
	c := &core.Ectx{P: p}
	for i := range 1 << 12 {
		c.Gsize, c.Grun, c.Gdist = i>>8, i>>4&15, i&15
		if r.Gwhen == nil || r.Gwhen(c) != 0 {
			t.WhenSizes[i&255] |= 1 << (i >> 8)
		}
	}
}

// GroupShifts returns the shifts of the steps in direction d, or nil when
// there are more than groupMaxShifts.
func GroupShifts(p *core.Program, d int) []GroupMShift {
	var ms []GroupMShift
	for c := 0; c < p.NumCells; c++ {
		n := p.Neighbours[c*p.NumDirs+d]
		if n < 0 {
			continue
		}
		b, bn := p.BitOf[c], p.BitOf[n]
		i := slices.IndexFunc(ms, func(m GroupMShift) bool { return m.Sh == int(bn-b) })
		if i < 0 {
			if len(ms) == groupMaxShifts {
				return nil
			}
			i, ms = len(ms), append(ms, GroupMShift{Sh: int(bn - b), Fm: make([]uint64, p.NumWords), Bm: make([]uint64, p.NumWords)})
		}
		ms[i].Fm[b>>6] |= 1 << (uint(b) & 63)
		ms[i].Bm[bn>>6] |= 1 << (uint(bn) & 63)
	}
	return ms
}

// groupCodeSets fills the code lists and Enemy masks of t (groupTab).
func groupCodeSets(p *core.Program, r *core.Rule, t *GroupTab) {
	nw := p.NumWords
	t.SrcCodes = make([][]uint16, p.Players)
	t.EnemyCodes = make([][]uint16, p.Players)
	t.EnemyMask = make([]uint64, p.Players*p.Ncodes*nw)
	for mv := 0; mv < p.Players; mv++ {
		for code := 1; code < p.Ncodes; code++ {
			if r.SrcOK[mv*p.Ncodes+code] {
				t.SrcCodes[mv] = append(t.SrcCodes[mv], uint16(code))
			}
			m := t.EnemyMask[(mv*p.Ncodes+code)*nw:][:nw]
			for c := 0; c < p.NumCells; c++ {
				if Tables(r).EnemyTab[mv*r.TabSize+c*r.Stride+code] != 0 {
					b := p.BitOf[c]
					m[b>>6] |= 1 << (uint(b) & 63)
				}
			}
			if slices.ContainsFunc(m, func(x uint64) bool { return x != 0 }) {
				t.EnemyCodes[mv] = append(t.EnemyCodes[mv], uint16(code))
			}
		}
	}
}

// groupWords are the bitsets of fastGroups: nw words (a board of up to
// 512 bits; the array types keep a set in registers).
type groupWords interface {
	[1]uint64 | [2]uint64 | [3]uint64 | [4]uint64 | [5]uint64 | [6]uint64 | [7]uint64 | [8]uint64
}

// modes of groupCore.dir
const (
	grpExists = iota // stop at the first move
	grpCount         // count the moves
	grpBuild         // append their paths to the arena, counted per head
)

// fastGroups is groups for rules with tabulated conditions (genGroupFast),
// on bitsets and line tables (see the top of this file).
func fastGroups(g *core.Gen) {
	switch g.S.NumWords {
	case 1:
		groupGen[[1]uint64](g)
	case 2:
		groupGen[[2]uint64](g)
	case 3:
		groupGen[[3]uint64](g)
	case 4:
		groupGen[[4]uint64](g)
	case 5:
		groupGen[[5]uint64](g)
	case 6:
		groupGen[[6]uint64](g)
	case 7:
		groupGen[[7]uint64](g)
	case 8:
		groupGen[[8]uint64](g)
	default: // (groupTables declines larger boards)
		g.Groups()
	}
}

// groupCore is one generation of fastGroups.
type groupCore[W groupWords] struct {
	g       *core.Gen
	t       *GroupTab
	sc      *GroupScratch
	L, E, N W    // the selected stones, the free cells, the Enemy cells
	caps    bool // the rule captures
	top     int  // count: the planes in use
	// the direction at hand: t.pos for it, its shift and masks (cells: no
	// shift, step cell by cell)
	pos    []int32
	d, sh  int
	fm, bm W
	cells  bool
}

// groupGen runs fastGroups in the mode of g: build (Legal), existence,
// count or select.
func groupGen[W groupWords](g *core.Gen) {
	var c groupCore[W]
	c.init(g)
	c.sets()
	switch {
	case g.List != nil:
		c.build(g.List)
	case g.Sink == core.SinkExists:
		g.Found = c.scan(grpExists, nil) > 0
	default:
		// (no filter: blockFast has no group rules)
		n := c.count(g.Sel >= 0)
		if g.Sel < 0 || g.N+n <= g.Sel {
			g.N += n
			return
		}
		c.pick(g.Out, g.Sel-g.N)
		g.N, g.Found = g.Sel+1, true
	}
}

// count counts the moves, and per head in sc.planes. Selecting move i
// usually follows counting on the same position (RandomPlayout): the
// counts are kept with their key (sc.key), and used again while it
// matches.
func (c *groupCore[W]) count(sel bool) int {
	g, sc, nw := c.g, c.sc, len(c.L)
	key := GroupKey{Rule: g.R.Idx, Mover: g.Mover}
	for w := 0; w < nw; w++ {
		key.Sets[w], key.Sets[nw+w], key.Sets[2*nw+w] = c.L[w], c.E[w], c.N[w]
	}
	same := sel && sc.KeyOK && key == sc.Key
	if !c.t.PureWhen {
		s := g.S
		cn := append(sc.Counters[0][:0], uint64(s.PlyCount))
		for i := range s.Turns {
			cn = append(cn, uint64(s.Turns[i]), uint64(s.CapturedBy[i]), uint64(s.Points[i]))
		}
		same = same && slices.Equal(cn, sc.Counters[1])
		sc.Counters[0], sc.Counters[1] = sc.Counters[1], cn
	}
	if same {
		return sc.Total
	}
	sc.Key = key
	clear(sc.Planes[:sc.Top*len(c.L)])
	sc.Total = c.scan(grpCount, nil)
	sc.Top, sc.KeyOK = c.top, true
	return sc.Total
}

// add adds 1 to the number of moves of each head of P (sc.planes), word
// by word.
func (c *groupCore[W]) add(P W) {
	pl, nw := c.sc.Planes, len(P)
	for w := 0; w < nw; w++ {
		j := 0
		for p := P[w]; p != 0; j++ {
			x := pl[j*nw+w]
			pl[j*nw+w], p = x^p, x&p
		}
		c.top = max(c.top, j)
	}
}

// groupPure tells whether e (a When condition, nil: always) depends on
// size, run and distance alone.
func groupPure(e *ir.Expr) bool {
	if e == nil {
		return true
	}
	switch {
	case e.Op == ir.OpVar:
		return e.Name == "size" || e.Name == "run" || e.Name == "distance"
	case e.Op > ir.OpIf:
		return false
	}
	for _, a := range e.Args {
		if !groupPure(a) {
			return false
		}
	}
	return true
}

// pick appends move i of the rule (in Legal's order) to ml: it finds the
// head of the move from the counts per head (a word, then its half,
// then head by head), then walks that head's lines.
func (c *groupCore[W]) pick(ml *core.MoveList, i int) {
	nw, top := len(c.L), c.sc.Top
	if nw == 1 && top <= 8 {
		c.pickByte(ml, i)
		return
	}
	pl := c.sc.Planes[:top*nw]
	for w := 0; w < nw; w++ {
		if n := c.rank(pl, w, ^uint64(0)); i >= n {
			i -= n
			continue
		}
		// the half of the word, then the head
		m := c.L[w]
		if n := c.rank(pl, w, 1<<32-1); i >= n {
			i, m = i-n, m>>32<<32
		}
		for ; m != 0; m &= m - 1 {
			b := bits.TrailingZeros64(m)
			n := 0
			for j := 0; j*nw+w < len(pl); j++ {
				n += int(pl[j*nw+w]>>uint(b)&1) << (uint(j) & 63)
			}
			if i >= n {
				i -= n
				continue
			}
			for _, d := range c.g.R.Dirs[c.g.Mover] {
				if i = c.walk(ml, w<<6|b, int(d), i); i < 0 {
					return
				}
			}
			break
		}
		break
	}
	panic("fastGroups: move not found")
}

// pickByte is pick on a board of one word when the counts per head are
// below 256 (eight planes, read without loops).
func (c *groupCore[W]) pickByte(ml *core.MoveList, i int) {
	pl := (*[groupPlanes]uint64)(c.sc.Planes)
	m := c.L[0]
	if n := groupCountByte(pl, 1<<32-1); i >= n {
		i, m = i-n, m>>32<<32
	}
	for ; m != 0; m &= m - 1 {
		b := uint(bits.TrailingZeros64(m))
		n := int(pl[0]>>b&1 | pl[1]>>b&1<<1 | pl[2]>>b&1<<2 | pl[3]>>b&1<<3 |
			pl[4]>>b&1<<4 | pl[5]>>b&1<<5 | pl[6]>>b&1<<6 | pl[7]>>b&1<<7)
		if i >= n {
			i -= n
			continue
		}
		for _, d := range c.g.R.Dirs[c.g.Mover] {
			if i = c.walk(ml, int(b), int(d), i); i < 0 {
				return
			}
		}
		break
	}
	panic("fastGroups: move not found")
}

// groupCountByte returns the moves of the heads of m from the first eight
// planes of pl.
func groupCountByte(pl *[groupPlanes]uint64, m uint64) int {
	return bits.OnesCount64(pl[0]&m) + bits.OnesCount64(pl[1]&m)<<1 +
		bits.OnesCount64(pl[2]&m)<<2 + bits.OnesCount64(pl[3]&m)<<3 +
		bits.OnesCount64(pl[4]&m)<<4 + bits.OnesCount64(pl[5]&m)<<5 +
		bits.OnesCount64(pl[6]&m)<<6 + bits.OnesCount64(pl[7]&m)<<7
}

// rank returns the moves of the heads of bits m of word w, from the
// planes of counts per head pl.
func (c *groupCore[W]) rank(pl []uint64, w int, m uint64) (n int) {
	nw := len(c.L)
	for j := 0; j*nw+w < len(pl); j++ {
		n += bits.OnesCount64(pl[j*nw+w]&m) << (uint(j) & 63)
	}
	return n
}

// walk goes through the moves of the stone of bit b facing d in Legal's
// order (k, then s), on its line; it appends move i of them to ml and
// returns -1, or returns i less their number.
func (c *groupCore[W]) walk(ml *core.MoveList, b, d, i int) int {
	lc, lb := c.t.LineCells, c.t.LineBits
	in := func(x W, at int) bool {
		b := lb[at]
		return b >= 0 && x[b>>6]>>(uint(b)&63)&1 != 0
	}
	at := int(c.t.Pos[d*len(c.L)*64+b])
	if in(c.L, at+1) {
		return i // no head facing d
	}
	n, f, run := 1, 0, 0
	for in(c.L, at-n) {
		n++
	}
	for f < n && in(c.E, at+f+1) {
		f++
	}
	if f < n && in(c.N, at+f+1) {
		run = c.run(at + f + 1)
	}
	// (the moves of the line: min(k, f) landings for each k, and the
	// captures)
	all := f*(f+1)/2 + (n-f)*f
	if ws := c.t.WhenSizes; run > 0 && ws != nil && run|n < 16 {
		all += bits.OnesCount16(ws[(run<<4|f+1)&255] & uint16(1<<uint(n+1)-1<<uint(f+1)))
	} else if run > 0 {
		all += c.capSizes(run, f+1, f+1, n)
	}
	if i >= all {
		return i - all
	}
	head, dd, rule := uint32(lc[at]), uint32(d)<<16, int32(c.g.R.Idx)
	for k := 1; k <= n; k++ {
		e, last := uint32(0), min(k, f)
		if k > f && run > 0 && c.when(k, run, f+1) {
			last++
			e = core.FlagCapture
		}
		if i >= last {
			i -= last
			continue
		}
		o := len(ml.Arena)
		ml.Arena = append(ml.Arena, head, uint32(lc[at+i+1])|dd|e*uint32(core.B2i(i == f)))
		if k > 1 {
			ml.Arena = append(ml.Arena, uint32(lc[at-k+1])|core.FlagTail)
		}
		ml.Moves = append(ml.Moves, core.Mv{Off: int32(o), N: int32(len(ml.Arena) - o), Rule: rule})
		return -1
	}
	return i
}

// init sizes the scratch and numbers the generation (when).
func (c *groupCore[W]) init(g *core.Gen) {
	p, s, r := g.P, g.S, g.R
	c.g, c.t, c.sc, c.caps = g, Tables(r).Group, &ScratchOf(s).Group, r.Enemy != nil
	nw, sc := len(c.L), c.sc
	if len(sc.A) < (c.t.Long+1)*nw || len(sc.Planes) < max(c.t.Planes, groupPlanes)*nw || len(sc.Cnt) != nw*64 {
		sc.A = make([]uint64, (c.t.Long+1)*nw)
		copy(sc.A, p.BoardMask)
		ints := make([]int32, 4*nw*64)
		sc.Cnt, sc.CapDest, sc.CapRun, sc.CapDist = ints[:nw*64], ints[nw*64:2*nw*64], ints[2*nw*64:3*nw*64], ints[3*nw*64:]
		sc.Planes = make([]uint64, max(c.t.Planes, groupPlanes)*nw)
		sc.Top, sc.KeyOK = 0, false
	}
	if c.t.PureWhen {
		return
	}
	if sc.Stamp++; sc.When == nil || sc.Stamp >= 1<<31 {
		sc.When, sc.Stamp = make([]uint32, 1<<12), 1
	}
}

// sets fills L (Piece, Kinds, From), E (the empty cells where Onto holds)
// and N (the cells where Enemy holds), from the sets of cells per code.
func (c *groupCore[W]) sets() {
	g, t := c.g, c.t
	p, s, mv := g.P, g.S, g.Mover
	nw, occ := len(c.L), s.OccC
	var L W
	for _, code := range t.SrcCodes[mv] {
		L = groupOr(L, groupLoad[W](occ[int(code)*nw:]))
	}
	empty := groupLoad[W](p.BoardMask)
	for sl := 0; sl <= p.Players; sl++ {
		empty = groupAndNot(empty, groupLoad[W](s.Occ[sl*nw:]))
	}
	c.L, c.E = L, groupAnd(empty, groupLoad[W](t.Onto[mv*nw:]))
	if !c.caps {
		return
	}
	N := groupAnd(empty, groupLoad[W](t.Enemy[mv*nw:]))
	for _, code := range t.EnemyCodes[mv] {
		m := groupLoad[W](t.EnemyMask[(mv*p.Ncodes+int(code))*nw:])
		N = groupOr(N, groupAnd(m, groupLoad[W](occ[int(code)*nw:])))
	}
	c.N = N
}

// scan runs dir over the mover's directions; it returns the number of
// moves (in grpExists mode, 1 at the first).
func (c *groupCore[W]) scan(mode int, ml *core.MoveList) int {
	if len(c.L) == 1 && mode != grpBuild {
		return c.scanWord(mode)
	}
	n := 0
	for _, d := range c.g.R.Dirs[c.g.Mover] {
		n += c.dir(int(d), mode, ml)
		if mode == grpExists && n > 0 {
			return 1
		}
	}
	return n
}

// build appends the moves to ml in Legal's order: the paths go to the
// arena direction by direction, then the move records are placed head by
// head (a counting sort on the heads' bits: a head's own moves are found
// in its order, d, k, s).
func (c *groupCore[W]) build(ml *core.MoveList) {
	start := len(ml.Arena)
	n := c.scan(grpBuild, ml)
	if n == 0 {
		return
	}
	base := len(ml.Moves)
	ml.Moves = slices.Grow(ml.Moves, n)[:base+n]
	cnt, bitOf := c.sc.Cnt, c.g.P.BitOf
	pos := int32(base)
	for w := 0; w < len(c.L); w++ {
		for m := c.L[w]; m != 0; m &= m - 1 {
			b := w<<6 | bits.TrailingZeros64(m)
			pos, cnt[b] = pos+cnt[b], pos
		}
	}
	arena, moves, rule := ml.Arena, ml.Moves, int32(c.g.R.Idx)
	arena = append(arena, 0, 0) // (a sentinel, dropped below)
	for i := start; i < len(arena)-2; {
		b := bitOf[arena[i]]
		m := 2 + int32(arena[i+2]>>31) // flagTail: three entries
		moves[cnt[b]] = core.Mv{Off: int32(i), N: m, Rule: rule}
		cnt[b]++
		i += int(m)
	}
	ml.Arena = arena[:len(arena)-2]
	for w := 0; w < len(c.L); w++ {
		for m := c.L[w]; m != 0; m &= m - 1 {
			cnt[w<<6|bits.TrailingZeros64(m)] = 0
		}
	}
}

// dir finds the moves in direction d (see the top of this file); it
// returns their number.
func (c *groupCore[W]) dir(d, mode int, ml *core.MoveList) (n int) {
	nw := len(c.L)
	A := c.sc.A
	c.pos = c.t.Pos[d*nw*64 : (d+1)*nw*64]
	c.d, c.sh, c.cells = d, c.t.Shift[d], !c.t.ShOK[d]
	c.fm, c.bm = groupLoad[W](c.t.Fwd[d*nw:]), groupLoad[W](c.t.Bwd[d*nw:])
	H := groupAndNot(c.L, c.fwd(c.L))
	if groupZero(H) {
		return 0
	}
	R, HR := c.L, H
	var Q, Z W // Z: the cells of A[k-1] whose cell at distance k is in N
	if c.caps {
		Z = c.fwd(c.N)
	}
	na := 0 // A[1..na] are computed
	for k := 1; ; k++ {
		if na == k-1 {
			prev := groupLoad[W](A[(k-1)*nw:])
			if !groupZero(groupAnd(HR, prev)) {
				Ak := c.fwd(groupAnd(c.E, prev))
				groupStore(A[k*nw:], Ak)
				na = k
				if c.caps {
					if stop := groupAndNot(groupAnd(HR, Z), Ak); !groupZero(stop) {
						Q = groupOr(Q, stop)
						c.stops(stop, k)
					}
					Z = c.fwd(groupAnd(c.E, Z))
				}
			}
		}
		for st := 1; st <= k && st <= na; st++ {
			P := groupAnd(HR, groupLoad[W](A[st*nw:]))
			if groupZero(P) {
				break
			}
			switch mode {
			case grpBuild:
				n += c.plain(P, d, k, st, ml)
			case grpCount:
				n += groupCount(P)
				c.add(P)
			default:
				return 1
			}
		}
		if P := groupAnd(Q, HR); !groupZero(P) {
			if n += c.captures(P, d, k, mode, ml); mode == grpExists && n > 0 {
				return n
			}
		}
		R = groupAnd(c.L, c.bwd(R))
		HR = groupAnd(H, R)
		// (no landing (A[1]) nor capture left for the longer lines: done)
		if groupZero(groupAnd(HR, groupOr(Q, groupLoad[W](A[nw:])))) {
			return n
		}
	}
}

// groupPlanes is the fewest planes of sc.planes (the one-word kernel,
// dirWord, indexes them without bounds checks).
const groupPlanes = 64

// wordCounts is the state of dirWord across directions: the planes of the
// counts per head (in the scratch) and the planes in use.
type wordCounts struct {
	pl  *[groupPlanes]uint64
	top int
}

// scanWord is scan on a one-word board in the modes grpCount and grpExists:
// dirWord for the directions that are bit shifts, on single words. Counting
// adds to the counts per head only, and sums them at the end.
func (c *groupCore[W]) scanWord(mode int) int {
	counts := wordCounts{(*[groupPlanes]uint64)(c.sc.Planes), c.top}
	for _, d := range c.g.R.Dirs[c.g.Mover] {
		n := 0
		if c.t.ShOK[d] {
			n = c.dirWord(int(d), mode, &counts)
		} else {
			c.top = counts.top
			n = c.dir(int(d), mode, nil)
			counts.top = c.top
		}
		if mode == grpExists && n > 0 {
			return 1
		}
	}
	for counts.top > 0 && counts.pl[(counts.top-1)&(groupPlanes-1)] == 0 {
		counts.top-- // (groupAddWord may leave it over the planes in use)
	}
	c.top = counts.top
	if counts.top <= 8 {
		return groupCountByte(counts.pl, ^uint64(0))
	}
	n := 0
	for j := 0; j < counts.top; j++ {
		n += bits.OnesCount64(counts.pl[j&(groupPlanes-1)]) << (uint(j) & 63)
	}
	return n
}

// add adds 1 to the counts of the heads of P.
func (counts *wordCounts) add(P uint64) {
	counts.top = max(counts.top, groupAddWord(counts.pl, P))
}

// groupAddWord adds 1 to the counts of the heads of P in pl and returns the
// planes it may have reached: the first eight planes without a branch
// (where a carry stops is seldom predictable), then a carry loop, seldom
// run.
func groupAddWord(pl *[groupPlanes]uint64, P uint64) int {
	x0, x1, x2, x3 := pl[0], pl[1], pl[2], pl[3]
	pl[0], P = x0^P, x0&P
	pl[1], P = x1^P, x1&P
	pl[2], P = x2^P, x2&P
	pl[3], P = x3^P, x3&P
	x4, x5, x6, x7 := pl[4], pl[5], pl[6], pl[7]
	pl[4], P = x4^P, x4&P
	pl[5], P = x5^P, x5&P
	pl[6], P = x6^P, x6&P
	pl[7], P = x7^P, x7&P
	return groupCarry(pl, P)
}

// groupCarry adds the carry P into the planes from the eighth on and
// returns the planes it may have reached.
func groupCarry(pl *[groupPlanes]uint64, P uint64) int {
	j := 8
	for ; P != 0; j++ {
		x := pl[j&(groupPlanes-1)]
		pl[j&(groupPlanes-1)], P = x^P, x&P
	}
	return j
}

// groupAddRow adds to the counts of the heads of m the number f holds for
// them (bit-sliced, below 64), as groupAddWord: without a branch when the
// numbers are below 8.
func groupAddRow(pl *[groupPlanes]uint64, f *[6]uint64, m uint64) int {
	if (f[3]|f[4]|f[5])&m != 0 {
		j := 0
		for a := 0; a < 6; a++ {
			for P := f[a] & m; P != 0; P &= P - 1 { // (seldom)
				for i := 0; i < 1<<a; i++ {
					j = max(j, groupAddWord(pl, P&-P))
				}
			}
		}
		return j
	}
	a0, a1, a2 := f[0]&m, f[1]&m, f[2]&m
	x0, x1, x2, x3 := pl[0], pl[1], pl[2], pl[3]
	c := x0 & a0 // the carry
	pl[0] = x0 ^ a0
	s := x1 ^ a1
	pl[1], c = s^c, x1&a1|s&c
	s = x2 ^ a2
	pl[2], c = s^c, x2&a2|s&c
	pl[3], c = x3^c, x3&c
	x4, x5, x6, x7 := pl[4], pl[5], pl[6], pl[7]
	pl[4], c = x4^c, x4&c
	pl[5], c = x5^c, x5&c
	pl[6], c = x6^c, x6&c
	pl[7], c = x7^c, x7&c
	return groupCarry(pl, c)
}

// dirWord is dir on a one-word board in a direction d that is a bit shift,
// counting per head (counts) or finding whether a move exists (the result
// then). The moves of k stones by 1..k cells of a head are min(k, its
// free cells ahead): f holds that number for every cell, bit-sliced
// (A[s] for s <= k are nested: the cells of A[k] had k-1), and is added
// row by row for the heads of HR. A head's captures are all counted when
// it stops (stopsWord), so that the loop on k needs no set Q.
func (c *groupCore[W]) dirWord(d, mode int, counts *wordCounts) (n int) {
	step := c.t.WordShifts[d]
	sh, fm, bm := step.Sh, step.Fm, step.Bm // fwd(x): fm & x rotated by sh
	L, E := c.L[0], c.E[0]
	H := L &^ (fm & bits.RotateLeft64(L, sh))
	if H == 0 {
		return 0
	}
	var f [6]uint64 // (a line of a word has at most 32 stones with free cells)
	R, HR, na := L, H, 0
	prev, A1 := ^uint64(0), uint64(0) // A[na], A[1]
	var Z uint64                      // the cells of A[k-1] whose cell at distance k is in N
	if c.caps {
		Z = fm & bits.RotateLeft64(c.N[0], sh)
	}
	for k := 1; ; k++ {
		if na == k-1 && HR&prev != 0 {
			Ak := fm & bits.RotateLeft64(E&prev, sh)
			prev, na = Ak, k
			flip := uint64(k ^ (k - 1)) // (the bits from k-1 to k)
			f[0] ^= Ak
			f[1] ^= Ak & -(flip >> 1 & 1)
			f[2] ^= Ak & -(flip >> 2 & 1)
			f[3] ^= Ak & -(flip >> 3 & 1)
			f[4] ^= Ak & -(flip >> 4 & 1)
			f[5] ^= Ak & -(flip >> 5 & 1)
			if k == 1 {
				A1 = Ak
			}
			if c.caps {
				if stop := HR & Z &^ Ak; stop != 0 {
					if n += c.stopsWord(stop, d, k, mode, counts); mode == grpExists && n > 0 {
						return n
					}
				}
				Z = fm & bits.RotateLeft64(E&Z, sh)
			}
		}
		if mode == grpExists {
			return core.B2i(H&A1 != 0) // (k = 1: the captures are known)
		}
		counts.top = max(counts.top, groupAddRow(counts.pl, &f, HR))
		R = L & bm & bits.RotateLeft64(R, -sh)
		HR = H & R
		// (no landing (A[1]) left for the longer lines: done; their
		// captures are counted)
		if HR&A1 == 0 {
			return n
		}
	}
}

// stopsWord counts (and adds per head) the captures of the heads of stop:
// k-1 free cells then Enemy at distance k, at least k stones. Each
// captures with every size from k to its number of stones for which When
// holds.
func (c *groupCore[W]) stopsWord(stop uint64, d, k, mode int, counts *wordCounts) (n int) {
	t, L := c.t, c.L[0]
	lb, pos := t.LineBits, t.Pos[d*64:d*64+64]
	for m := stop; m != 0; m &= m - 1 {
		at := int(pos[bits.TrailingZeros64(m)&63])
		run, size := c.run(at+k), k
		for x := lb[at-size]; x >= 0 && L>>(uint(x)&63)&1 != 0; x = lb[at-size] {
			size++
		}
		var v int // the sizes that capture
		if ws := t.WhenSizes; ws != nil && run|size < 16 {
			v = bits.OnesCount16(ws[(run<<4|k)&255] & uint16(1<<uint(size+1)-1<<uint(k)))
		} else {
			v = c.capSizes(run, k, k, size)
		}
		if n += v; mode == grpExists && n > 0 {
			return n
		}
		for ; v > 0; v-- {
			counts.add(m & -m)
		}
	}
	return n
}

// plain appends the moves of k stones by st cells without capture of the
// heads of P (build).
func (c *groupCore[W]) plain(P W, d, k, st int, ml *core.MoveList) (n int) {
	lc, pos, cnt := c.t.LineCells, c.pos, c.sc.Cnt
	dd := uint32(d) << 16
	for w := 0; w < len(P); w++ {
		m := P[w]
		o, cm := len(ml.Arena), bits.OnesCount64(m)
		if cap(ml.Arena)-o < 3*cm {
			ml.Arena = slices.Grow(ml.Arena, 3*cm)
		}
		arena := ml.Arena[:o+3*cm]
		for ; m != 0; m &= m - 1 {
			b := w<<6 | bits.TrailingZeros64(m)
			i := int(pos[b])
			a := arena[o : o+3]
			a[0], a[1], a[2] = uint32(lc[i]), uint32(lc[i+st])|dd, uint32(lc[i-k+1])|core.FlagTail
			o += 2 + min(k-1, 1) // one stone: no tail
			cnt[b]++
		}
		ml.Arena = arena[:o]
		n += cm
	}
	return n
}

// stops notes, for the heads of stop (k-1 free cells, at least k stones,
// Enemy at distance k), the cell at distance k, its enemy run and the
// distance k.
func (c *groupCore[W]) stops(stop W, k int) {
	sc := c.sc
	for w := 0; w < len(stop); w++ {
		for m := stop[w]; m != 0; m &= m - 1 {
			b := w<<6 | bits.TrailingZeros64(m)
			x := int(c.pos[b]) + k
			sc.CapDest[b], sc.CapRun[b], sc.CapDist[b] = int32(x), int32(c.run(x)), int32(k)
		}
	}
}

// run returns the enemy run from lineCells[i] on.
func (c *groupCore[W]) run(i int) int {
	lb := c.t.LineBits
	j := i
	for ; lb[j] >= 0; j++ {
		if b := lb[j]; c.N[b>>6]>>(uint(b)&63)&1 == 0 {
			break
		}
	}
	return j - i
}

// captures handles the captures of k stones by the heads of P, when When
// holds.
func (c *groupCore[W]) captures(P W, d, k, mode int, ml *core.MoveList) int {
	sc := c.sc
	var C W // the heads that capture
	for w := 0; w < len(P); w++ {
		for m := P[w]; m != 0; m &= m - 1 {
			b := w<<6 | bits.TrailingZeros64(m)
			if c.when(k, int(sc.CapRun[b]), int(sc.CapDist[b])) {
				C[w] |= m & -m
			}
		}
	}
	switch {
	case mode == grpCount && !groupZero(C):
		c.add(C)
	case mode == grpBuild:
		lc, e := c.t.LineCells, uint32(d)<<16|core.FlagCapture
		for w := 0; w < len(C); w++ {
			for m := C[w]; m != 0; m &= m - 1 {
				b := w<<6 | bits.TrailingZeros64(m)
				i := int(c.pos[b])
				if k == 1 {
					ml.Arena = append(ml.Arena, uint32(lc[i]), uint32(lc[sc.CapDest[b]])|e)
				} else {
					ml.Arena = append(ml.Arena, uint32(lc[i]), uint32(lc[sc.CapDest[b]])|e, uint32(lc[i-k+1])|core.FlagTail)
				}
				sc.Cnt[b]++
			}
		}
	}
	return groupCount(C)
}

// capSizes returns the number of sizes from lo to hi for which When holds
// with run and distance dist.
func (c *groupCore[W]) capSizes(run, dist, lo, hi int) (n int) {
	if ws := c.t.WhenSizes; ws != nil && run|dist|hi < 16 {
		return bits.OnesCount16(ws[(run<<4|dist)&255] & uint16(1<<uint(hi+1)-1<<uint(lo)))
	}
	for sz := lo; sz <= hi; sz++ {
		n += core.B2i(c.when(sz, run, dist))
	}
	return n
}

// when is groupWhen: from whenSizes when When depends on size, run and
// distance alone and all three are below 16, else (whenSlow) remembered
// for this generation.
func (c *groupCore[W]) when(k, run, dist int) bool {
	if ws := c.t.WhenSizes; ws != nil && k|run|dist < 16 {
		return ws[(run<<4|dist)&255]>>uint(k)&1 != 0
	}
	return c.whenSlow(k, run, dist)
}

// whenSlow is groupWhen, remembered for this generation (nothing When
// reads but size, run and distance changes while generating) when all
// three are below 16.
func (c *groupCore[W]) whenSlow(k, run, dist int) bool {
	if c.t.PureWhen || k|run|dist >= 16 {
		return groupWhen(c.g, k, run, dist)
	}
	sc, i := c.sc, k<<8|run<<4|dist
	if e := sc.When[i]; e>>1 == sc.Stamp {
		return e&1 != 0
	}
	ok := groupWhen(c.g, k, run, dist)
	sc.When[i] = sc.Stamp<<1 | uint32(core.B2i(ok))
	return ok
}

// groupWhen tells whether a group of k stones may capture an enemy run of
// run pieces at distance dist.
func groupWhen(g *core.Gen, k, run, dist int) bool {
	gw := g.R.Gwhen
	if gw == nil {
		return true
	}
	c := g.P.GuardCtx(g.S)
	c.Gsize, c.Grun, c.Gdist = k, run, dist
	return gw(c) != 0
}

// fwd returns the cells whose neighbour in c.d is in x.
func (c *groupCore[W]) fwd(x W) W {
	if len(x) == 1 && !c.cells {
		x[0] = c.fm[0] & bits.RotateLeft64(x[0], -c.sh)
		return x
	}
	return c.stepW(x, false)
}

// bwd returns the cells whose neighbour against c.d is in x.
func (c *groupCore[W]) bwd(x W) W {
	if len(x) == 1 && !c.cells {
		x[0] = c.bm[0] & bits.RotateLeft64(x[0], c.sh)
		return x
	}
	return c.stepW(x, true)
}

// stepW is fwd or (back) bwd on several words, by the shifts of a
// direction's steps or cell by cell.
func (c *groupCore[W]) stepW(x W, back bool) W {
	switch {
	case c.cells && c.t.Msh[c.d] != nil:
		var y W
		for _, m := range c.t.Msh[c.d] {
			if back {
				y = groupOr(y, groupShiftW(x, -m.Sh, groupLoad[W](m.Bm)))
			} else {
				y = groupOr(y, groupShiftW(x, m.Sh, groupLoad[W](m.Fm)))
			}
		}
		return y
	case c.cells:
		return groupStepCells(c.g.P, x, c.d, back)
	case back:
		return groupShiftW(x, -c.sh, c.bm)
	}
	return groupShiftW(x, c.sh, c.fm)
}

// groupStepCells is fwd or bwd for a direction that is no bit shift: cell by
// cell (fwd(x) holds the cells behind those of x, bwd(x) those ahead).
func groupStepCells[W groupWords](p *core.Program, x W, d int, back bool) (y W) {
	tbl, nd := p.Back, p.NumDirs
	if back {
		tbl = p.Neighbours
	}
	for w := 0; w < len(x); w++ {
		for m := x[w]; m != 0; m &= m - 1 {
			cell := p.CellOf[w<<6|bits.TrailingZeros64(m)]
			if n := tbl[int(cell)*nd+d]; n >= 0 {
				b := p.BitOf[n]
				y[b>>6] |= 1 << (uint(b) & 63)
			}
		}
	}
	return y
}

// (The helpers below test len(a) == 1, a constant of each instantiation,
// so that a one-word board runs straight-line code.)

func groupAnd[W groupWords](a, b W) W {
	if len(a) == 1 {
		a[0] &= b[0]
		return a
	}
	for w := 0; w < len(a); w++ {
		a[w] &= b[w]
	}
	return a
}

func groupOr[W groupWords](a, b W) W {
	if len(a) == 1 {
		a[0] |= b[0]
		return a
	}
	for w := 0; w < len(a); w++ {
		a[w] |= b[w]
	}
	return a
}

func groupAndNot[W groupWords](a, b W) W {
	if len(a) == 1 {
		a[0] &^= b[0]
		return a
	}
	for w := 0; w < len(a); w++ {
		a[w] &^= b[w]
	}
	return a
}

// groupCount returns the number of bits of a.
func groupCount[W groupWords](a W) int {
	if len(a) == 1 {
		return bits.OnesCount64(a[0])
	}
	n := 0
	for w := 0; w < len(a); w++ {
		n += bits.OnesCount64(a[w])
	}
	return n
}

func groupZero[W groupWords](a W) bool {
	if len(a) == 1 {
		return a[0] == 0
	}
	var o uint64
	for w := 0; w < len(a); w++ {
		o |= a[w]
	}
	return o == 0
}

// groupLoad reads a bitset from its first words.
func groupLoad[W groupWords](s []uint64) (a W) {
	if len(a) == 1 {
		a[0] = s[0]
		return a
	}
	for w := 0; w < len(a); w++ {
		a[w] = s[w]
	}
	return a
}

func groupStore[W groupWords](s []uint64, a W) {
	if len(a) == 1 {
		s[0] = a[0]
		return
	}
	for w := 0; w < len(a); w++ {
		s[w] = a[w]
	}
}

// groupShiftW returns y with y[c] = x[c+sh] & mask[c].
func groupShiftW[W groupWords](x W, sh int, mask W) (y W) {
	q, r := sh>>6, uint(sh&63) // (floor division)
	for w := 0; w < len(x); w++ {
		var v uint64
		if j := w + q; j >= 0 && j < len(x) {
			v = x[j] >> r
		}
		if j := w + q + 1; r != 0 && j >= 0 && j < len(x) {
			v |= x[j] << (64 - r)
		}
		y[w] = v & mask[w]
	}
	return y
}

// GroupTier tells whether every rule of tier t is a table-driven group
// rule, whose moves are counted and the one drawn built for less than
// building them all (RandomPlayout).
func GroupTier(p *core.Program, t *core.Tier) bool {
	for _, ri := range t.Rules {
		if p.Rules[ri].Gen != core.GenGroupFast {
			return false
		}
	}
	return len(t.Rules) > 0 && !t.Merges()
}

// GroupTab holds the tables of a table-driven group rule (groupTables).
type GroupTab struct {
	Fwd, Bwd []uint64 // [d*nw+w]: the cells whose neighbour in (against) d is a cell
	Shift    []int    // per direction: the bit shift of a step (when shOK)
	ShOK     []bool   // per direction: a step in d is a bit shift
	Onto     []uint64 // [mover*nw+w]: the cells where Onto holds when empty
	Enemy    []uint64 // [mover*nw+w]: the cells where Enemy holds when empty
	// lineCells: per direction, every line of cells in d, in order, each
	// between two -1; pos[d*nbits+b]: the index there of the cell of bit b
	LineCells []int32
	LineBits  []int32 // lineCells by bit (-1 where lineCells is -1)
	Pos       []int32
	Long      int // the most cells of a line
	Planes    int // the most bits of a head's number of moves
	// sets: per mover, the codes of the selected pieces and those the
	// Enemy condition may hold on, and per mover and code the cells where
	// it holds ([(mover*ncodes+code)*nw+w])
	SrcCodes, EnemyCodes [][]uint16
	EnemyMask            []uint64
	// pureWhen: the capture's When depends on size, run and distance
	// alone; whenSizes[run<<4|distance] then has bit size set where it
	// holds (all three below 16)
	PureWhen  bool
	WhenSizes []uint16
	// one word: per direction, the shift of fwd(x) (x rotated left by sh)
	// and the masks of fwd and bwd
	WordShifts []WordShift
	// per direction that is no bit shift, when its steps take at most
	// groupMaxShifts distinct shifts: those shifts, each with the cells
	// stepped from (fwd) and to (bwd) by it (nil: step cell by cell)
	Msh [][]GroupMShift
}

// GroupMShift is one of the shifts of a direction's steps: sh, the
// difference of the bits of a cell and of its neighbour, and the cells
// (fm) whose step has it and their neighbours (bm), nw words each.
type GroupMShift struct {
	Sh     int
	Fm, Bm []uint64
}

// WordShift is a step in a direction on a one-word board.
type WordShift struct {
	Sh     int
	Fm, Bm uint64
}

// GroupMaxWords is the most words of groupWords.
const GroupMaxWords = 8

// GroupScratch is the scratch of fastGroups (Scratch.Group), allocated once.
type GroupScratch struct {
	A   []uint64 // A[s] (see the top of this file) at s*nw; A[0] is the board
	Cnt []int32  // per bit: the moves of a head (build), then their place
	// per bit of Q: where the head stops (an index in lineCells), the enemy
	// run there and the distance
	CapDest, CapRun, CapDist []int32
	// When per size<<8 | run<<4 | distance (all below 16) when it reads
	// counters (not pureWhen): stamp<<1 | whether it holds, for the
	// generation numbered stamp
	When  []uint32
	Stamp uint32
	// count: the moves per head, bit-sliced (bit j of every head's number
	// in the plane at j*nw, none from plane top on), and in all, kept with
	// what the moves depend on: key, and the counters When may read
	Planes     []uint64
	Top, Total int
	Key        GroupKey
	KeyOK      bool
	Counters   [2][]uint64 // this count's, the last's
}

// GroupKey is what the moves of a group rule depend on in a position,
// but for the counters When may read.
type GroupKey struct {
	Rule, Mover int
	Sets        [3 * GroupMaxWords]uint64 // L, E and N
}
