package interp

import (
	"fmt"
	"math/bits"

	"github.com/ruleplay/ruleplay/ir"
)

// The one-word kernel of bulk tiers. On a board of one word whose tier
// rules each read at most three occupancy slots per set (ruleSlots.few),
// leap one or two cells and have at most maxKernDirs directions, the
// tier's first leaps are found from a flat table per mover (kernGroup),
// built once: no slices to follow per rule, the rotations precomputed,
// and the leap length known by the loop that runs it; the occupancy sets
// are read as arrays (occLen) and a group's sets are computed inline
// (pieces, over, onto), one call per group. firstLeaps uses it for every
// such tier (other tiers, on any number of words, go through ruleSets
// and ruleLeaps); the existence test of a tier (kernAny) stops at the
// first group with a leap.
//
// Two consecutive rules of a tier that differ only in the pieces they
// move and their directions (no guard, the same leap length, the same
// Over and Onto sets, pieces that neither selects both of, and the same
// valid cells in a direction they share) are one pair (t.kernelPairs): each
// direction of the union of their directions is shifted once for both,
// from the pieces of the rules having it (kernDir.va, vb: the valid
// cells of each rule in that direction, empty when it does not have it).
// The existence test and counting read the pair as one rule; counting
// that keeps the moves for drawing one (kernKeep, for selectBulkK) and
// the walk of chains (kernChains) shift each direction once too, but
// keep each rule's leaps apart, in the rule's own direction order
// (pairLeaps, through kernDir.jb), as t.kernel lays the rules out.

const (
	maxKernDirs  = 8
	maxKernCodes = 4
	// kernSlots, kernCodes: the words of State.occ and State.occC on
	// one word (occLen), which the kernel reads as arrays
	kernSlots = 8
	kernCodes = 16
)

// kernSrc is a set of pieces: the union of up to three occupancy slots
// (idx; a slot past the players and neutral is always empty) and of up
// to maxKernCodes piece codes (code 0, whose set is always empty, pads
// the list; ncodes 0: none).
type kernSrc struct {
	idx    [3]uint8
	slots  bool // some slot in idx
	one    bool // no slot and one code
	ncodes uint8
	codes  [maxKernCodes]uint8
}

// kernGroup is one rule of a tier for one mover, or a pair of rules,
// flattened.
type kernGroup struct {
	pair    bool // two rules
	nd      uint8
	remove  bool // a removal (alone)
	guarded bool // the rule has a guard (rule.when; alone)
	long    bool // leaps of two cells (else one)
	// oIdx, eIdx: the slots of the cells satisfying Over and Onto (oSl,
	// eSl: some); overEmpty, ontoEmpty: all ones when the set holds the
	// empty cells
	oIdx, eIdx           [3]uint8
	oSl, eSl             bool
	overEmpty, ontoEmpty uint64
	ri                   [2]int32
	src                  [2]kernSrc // per rule, the pieces it moves
	dirs                 [maxKernDirs]kernDir
	// per rule, its number of directions, and per direction of the rule
	// (in the rule's order) the group's direction
	rnd  [2]uint8
	rdir [2][maxKernDirs]uint8
}

// kernDir is one direction of a kernGroup: the cells of each rule whose
// leap stays on the board (va; vb for the second rule of a pair), and the
// rotations that bring the landing cell (re) and the jumped cell (ro) of
// each source onto the source's bit.
type kernDir struct {
	va, vb uint64
	re, ro int8
	sh     int8 // the shift itself (the cells a leap touches)
	// jb: the index of the direction among the second rule's (31 when it
	// does not have it), where pairLeaps keeps its leaps (the first rule's
	// directions come first, in its order)
	jb uint8
	d  int32 // the direction
}

// kernStash holds what kernLeaps found (s.kstash), for selectBulkK:
// per rule (s.nbulk of them: the tier's kernel without pairs) its number
// of leaps and their sources per direction.
type kernStash struct {
	groups []kernGroup
	n      [maxBulk]int
	td     [maxBulk][32]uint64
	tdt    [32]uint64 // the leaps of a group when only the cells they touch are asked
}

// compileKernel builds t.kernel and t.kernelPairs (nil when some rule of
// t does not fit), t being tier ti, of shape sh.
func (p *Program) compileKernel(ti int, t *tier, sh *tierShape) {
	decline := func(why string) { p.declineFor(scopeTier, ti, accelKernel, why) }
	switch {
	case p.off(accelKernel) != "":
		decline(p.off(accelKernel))
		return
	case !sh.shifts:
		decline("needs bulk, which declined")
		return
	case p.numWords != 1:
		decline(fmt.Sprintf("the board needs %d words", p.numWords))
		return
	case p.numPlayers+2 > kernSlots:
		decline(fmt.Sprintf("more than %d players", kernSlots-2))
		return
	}
	flat, paired := make([][]kernGroup, p.numPlayers), make([][]kernGroup, p.numPlayers)
	for pl := range flat {
		for _, ri := range t.rules {
			r := &p.rules[ri]
			ss := &r.sets[pl]
			switch {
			case !ss.few:
				decline(fmt.Sprintf("rule %s reads more than three occupancy sets in a condition", r.name))
				return
			case len(ss.codes) > maxKernCodes || (len(ss.codes) > 0 && p.ncodes > kernCodes):
				decline(fmt.Sprintf("rule %s selects its pieces among too many piece codes", r.name))
				return
			case len(ss.dirs) > maxKernDirs:
				decline(fmt.Sprintf("rule %s has more than %d directions", r.name, maxKernDirs))
				return
			case r.action != ir.Remove && r.length != 1 && r.length != 2:
				decline(fmt.Sprintf("rule %s leaps %d cells (the kernel: 1 or 2)", r.name, r.length))
				return
			}
			g := kernGroup{nd: uint8(len(ss.dirs)), remove: r.action == ir.Remove,
				guarded: r.when != nil, long: r.length == 2, overEmpty: ss.overEmpty, ontoEmpty: ss.ontoEmpty}
			g.ri[0] = int32(ri)
			g.src[0] = kernSrc{ncodes: uint8(len(ss.codes))}
			copy(g.src[0].idx[:], ss.idx[0:3])
			g.src[0].slots = len(ss.src) > 0
			g.src[0].one = len(ss.src) == 0 && len(ss.codes) == 1
			g.oSl, g.eSl = len(ss.over) > 0, len(ss.onto) > 0
			for k, code := range ss.codes {
				g.src[0].codes[k] = uint8(code)
			}
			copy(g.oIdx[:], ss.idx[3:6])
			copy(g.eIdx[:], ss.idx[6:9])
			g.rnd[0] = g.nd
			for i, d := range ss.dirs {
				g.dirs[i] = kernDir{va: d.valid, re: int8(-r.length * d.sh & 63), ro: int8(-d.sh & 63),
					sh: int8(d.sh), jb: 31, d: r.dirs[pl][i]}
				g.rdir[0][i] = uint8(i)
			}
			flat[pl] = append(flat[pl], g)
			if n := len(paired[pl]); n == 0 || !p.kernPair(&paired[pl][n-1], &g) {
				paired[pl] = append(paired[pl], g)
			}
		}
	}
	t.kernel, t.kernelPairs = flat, paired
}

// kernPair makes the one rule of a and the one rule of b a pair in a
// when they can be one (see above), and reports whether it did.
func (p *Program) kernPair(a, b *kernGroup) bool {
	if a.pair || a.remove || b.remove || a.guarded || b.guarded || a.long != b.long ||
		a.oIdx != b.oIdx || a.eIdx != b.eIdx || a.overEmpty != b.overEmpty || a.ontoEmpty != b.ontoEmpty ||
		p.ncodes > 64 || p.kernCodes(&a.src[0])&p.kernCodes(&b.src[0]) != 0 {
		return false
	}
	m := *a
	m.pair = true
	m.ri[1], m.src[1], m.rnd[1] = b.ri[0], b.src[0], b.nd
	for i, bd := range b.dirs[:b.nd] {
		k := 0
		for k < int(m.nd) && m.dirs[k].d != bd.d {
			k++
		}
		switch {
		case k == int(m.nd) && k == maxKernDirs:
			return false
		case k == int(m.nd):
			m.dirs[k] = bd
			m.dirs[k].va, m.dirs[k].vb = 0, bd.va
			m.nd++
		case m.dirs[k].va != bd.va || m.dirs[k].re != bd.re:
			return false
		default:
			m.dirs[k].vb = bd.va
		}
		m.dirs[k].jb = uint8(i)
		m.rdir[1][i] = uint8(k)
	}
	*a = m
	return true
}

// kernCodes returns the piece codes (bits) a kernSrc selects.
func (p *Program) kernCodes(a *kernSrc) uint64 {
	var m uint64
	for _, code := range a.codes[:a.ncodes] {
		m |= 1 << uint(code)
	}
	for code := 1; code < p.ncodes; code++ {
		for _, sl := range a.idx {
			if int(sl) <= p.numPlayers && int(p.codeSlot[code]) == int(sl) {
				m |= 1 << uint(code)
			}
		}
	}
	return m
}

// kernWords returns the occupancy slots and the sets per code of a
// one-word board as arrays (occLen), and the empty cells.
func (p *Program) kernWords(s *State) (occ *[kernSlots]uint64, oc *[kernCodes]uint64, empty uint64) {
	occ = (*[kernSlots]uint64)(s.occ)
	if s.occC != nil {
		oc = (*[kernCodes]uint64)(s.occC)
	}
	all := occ[0] | occ[1] | occ[2] | occ[3] | occ[4] | occ[5] | occ[6] | occ[7]
	return occ, oc, ^all & p.boardMask[0]
}

// pieces returns the pieces of k from the occupancy slots occ and the
// sets per code oc (small enough to be inlined: one code, or a call).
func (k *kernSrc) pieces(occ *[kernSlots]uint64, oc *[kernCodes]uint64) uint64 {
	if k.one {
		return oc[k.codes[0]&15]
	}
	return k.union(occ, oc)
}

// union is pieces with slots or several codes.
func (k *kernSrc) union(occ *[kernSlots]uint64, oc *[kernCodes]uint64) (src uint64) {
	if k.slots {
		x := &k.idx
		src = occ[x[0]&7] | occ[x[1]&7] | occ[x[2]&7]
	}
	if k.ncodes > 0 {
		c := &k.codes
		src |= oc[c[0]&15] | oc[c[1]&15] | oc[c[2]&15] | oc[c[3]&15]
	}
	return src
}

// over and onto return the cells satisfying g's Over and Onto
// conditions (small enough to be inlined, as pieces).
func (g *kernGroup) over(occ *[kernSlots]uint64, empty uint64) uint64 {
	if g.oSl {
		return occ[g.oIdx[0]&7] | occ[g.oIdx[1]&7] | occ[g.oIdx[2]&7] | empty&g.overEmpty
	}
	return empty & g.overEmpty
}

func (g *kernGroup) onto(occ *[kernSlots]uint64, empty uint64) uint64 {
	if g.eSl {
		return occ[g.eIdx[0]&7] | occ[g.eIdx[1]&7] | occ[g.eIdx[2]&7] | empty&g.ontoEmpty
	}
	return empty & g.ontoEmpty
}

// leaps returns the first leaps of g in the position (the occupancy
// slots occ, the sets per code oc, the empty cells), per direction in td
// (when not nil), and their number.
func (g *kernGroup) leaps(occ *[kernSlots]uint64, oc *[kernCodes]uint64, empty uint64, td *[32]uint64) (n int) {
	a := g.src[0].pieces(occ, oc)
	var b uint64
	if g.pair {
		b = g.src[1].pieces(occ, oc)
	}
	if a|b == 0 {
		return 0 // no piece to move (selectBulkK skips the group)
	}
	o, e := g.over(occ, empty), g.onto(occ, empty)
	dirs := g.dirs[:g.nd]
	// (b and vb are 0 for a single rule)
	if g.long {
		for i := range dirs {
			d := &dirs[i]
			x := (d.va&a | d.vb&b) & bits.RotateLeft64(e, int(d.re)) & bits.RotateLeft64(o, int(d.ro))
			if td != nil {
				td[i] = x
			}
			n += bits.OnesCount64(x)
		}
		return n
	}
	for i := range dirs {
		d := &dirs[i]
		x := (d.va&a | d.vb&b) & bits.RotateLeft64(e, int(d.re))
		if td != nil {
			td[i] = x
		}
		n += bits.OnesCount64(x)
	}
	return n
}

// pairLeaps is leaps keeping the leaps of each rule of g apart, per
// direction of the rule in its order: the first rule's in ta, the
// second's in tb (a pair; else tb[31] is written), and returns their
// numbers (a removal is not asked).
func (g *kernGroup) pairLeaps(occ *[kernSlots]uint64, oc *[kernCodes]uint64, empty uint64, ta, tb *[32]uint64) (na, nb int) {
	a := g.src[0].pieces(occ, oc)
	var b uint64
	if g.pair {
		b = g.src[1].pieces(occ, oc)
	}
	if a|b == 0 {
		return 0, 0
	}
	o, e := g.over(occ, empty), g.onto(occ, empty)
	if b == 0 && !g.long {
		return g.firstRuleSteps(a, e, ta), 0
	}
	if !g.long {
		o = ^uint64(0) // (no cell passed over)
	}
	if b == 0 {
		// The first rule alone: its directions come first, in its order.
		dirs := g.dirs[:g.rnd[0]]
		for i := range dirs {
			d := &dirs[i]
			x := d.va & a & bits.RotateLeft64(e, int(d.re)) & bits.RotateLeft64(o, int(d.ro))
			ta[i&31] = x
			na += bits.OnesCount64(x)
		}
		return na, 0
	}
	dirs := g.dirs[:g.nd]
	for i := range dirs {
		d := &dirs[i]
		y := bits.RotateLeft64(e, int(d.re)) & bits.RotateLeft64(o, int(d.ro))
		ta[i&31], tb[d.jb&31] = d.va&a&y, d.vb&b&y // (ta past the first rule's: zeros, never read)
	}
	// (counted apart: fewer values live in the loop above)
	for _, x := range ta[:g.rnd[0]] {
		na += bits.OnesCount64(x)
	}
	for _, x := range tb[:g.rnd[1]] {
		nb += bits.OnesCount64(x)
	}
	return na, nb
}

// pairSources is pairLeaps for leaps of two cells (kernChains) returning only
// the sources of each rule's leaps (ma, mb): the walk from each finds
// its directions again.
func (g *kernGroup) pairSources(occ *[kernSlots]uint64, oc *[kernCodes]uint64, empty uint64) (ma, mb uint64) {
	a := g.src[0].pieces(occ, oc)
	var b uint64
	if g.pair {
		b = g.src[1].pieces(occ, oc)
	}
	if a|b == 0 {
		return 0, 0
	}
	o, e := g.over(occ, empty), g.onto(occ, empty)
	if b == 0 {
		dirs := g.dirs[:g.rnd[0]]
		for i := range dirs {
			d := &dirs[i]
			ma |= d.va & bits.RotateLeft64(e, int(d.re)) & bits.RotateLeft64(o, int(d.ro))
		}
		return ma & a, 0
	}
	dirs := g.dirs[:g.nd]
	for i := range dirs {
		d := &dirs[i]
		y := bits.RotateLeft64(e, int(d.re)) & bits.RotateLeft64(o, int(d.ro))
		ma, mb = ma|d.va&y, mb|d.vb&y
	}
	return ma & a, mb & b
}

// firstRuleSteps is pairLeaps for the first rule of g alone (its pieces a), leaping
// one cell (onto the cells of e).
func (g *kernGroup) firstRuleSteps(a, e uint64, ta *[32]uint64) (n int) {
	dirs := g.dirs[:g.rnd[0]]
	for i := range dirs {
		d := &dirs[i]
		x := d.va & a & bits.RotateLeft64(e, int(d.re))
		ta[i&31] = x
		n += bits.OnesCount64(x)
	}
	return n
}

// anyLeap tells whether g has a first leap in the position (occ, oc,
// empty, as for leaps).
func (g *kernGroup) anyLeap(occ *[kernSlots]uint64, oc *[kernCodes]uint64, empty uint64) bool {
	a := g.src[0].pieces(occ, oc)
	var b uint64
	if g.pair {
		b = g.src[1].pieces(occ, oc)
	}
	if a|b == 0 {
		return false
	}
	if g.remove {
		return true
	}
	o, e := g.over(occ, empty), g.onto(occ, empty)
	dirs := g.dirs[:g.nd]
	if b == 0 {
		dirs = g.dirs[:g.rnd[0]] // (the first rule's directions come first)
	}
	var x uint64 // (no test per direction: usually there is none)
	if g.long {
		for i := range dirs {
			d := &dirs[i]
			x |= (d.va&a | d.vb&b) & bits.RotateLeft64(e, int(d.re)) & bits.RotateLeft64(o, int(d.ro))
		}
		return x != 0
	}
	for i := range dirs {
		d := &dirs[i]
		x |= (d.va&a | d.vb&b) & bits.RotateLeft64(e, int(d.re))
	}
	return x != 0
}

// kernLeaps is firstLeaps by the kernel of tier t (t.kernel not nil); a
// kernel tier counted and kept for the draw without the touched cells
// is kernKeep's (kernelKeeper).
func (p *Program) kernLeaps(s *State, t *tier, wantTouched, stash bool) (n int, touched uint64) {
	occ, oc, empty := p.kernWords(s)
	gs := t.kernelPairs[s.toMove]
	s.nbulk, s.kstash = -1, true
	var ks *kernStash
	if stash && len(t.rules) <= maxBulk {
		gs = t.kernel[s.toMove]
		ks = &s.ax().kst
		ks.groups = gs
		s.nbulk = len(gs)
	}
	for i := range gs {
		g := &gs[i]
		c := 0
		var td *[32]uint64
		if ks != nil {
			td = &ks.td[i&(maxBulk-1)]
		}
		switch {
		case g.guarded && !p.guardOK(s, &p.rules[g.ri[0]]):
		case g.remove:
			a := g.src[0].pieces(occ, oc)
			c = bits.OnesCount64(a)
			if td != nil {
				td[0] = a
			}
			touched |= a
		case wantTouched:
			if td == nil {
				td = &s.ax().kst.tdt
			}
			if c = g.leaps(occ, oc, empty, td); c > 0 {
				touched |= g.touched(td)
			}
		default:
			c = g.leaps(occ, oc, empty, td)
		}
		if ks != nil {
			ks.n[i&(maxBulk-1)] = c
		}
		n += c
	}
	return n, touched
}

// kernKeep is kernLeaps keeping the moves for selectBulkK (at most
// maxBulk rules): the pairs are shifted together, and each rule's leaps
// kept apart (pairLeaps).
func (p *Program) kernKeep(s *State, t *tier, occ *[kernSlots]uint64, oc *[kernCodes]uint64, empty uint64) (n int) {
	ks := &s.ax().kst
	ks.groups = t.kernel[s.toMove]
	s.nbulk, s.kstash = len(ks.groups), true
	gs := t.kernelPairs[s.toMove]
	j := 0 // the index of g's (first) rule
	for i := range gs {
		g := &gs[i]
		ta, tb := &ks.td[j&(maxBulk-1)], &ks.td[(j+1)&(maxBulk-1)]
		na, nb := 0, 0
		switch {
		case g.guarded && !p.guardOK(s, &p.rules[g.ri[0]]):
		case g.remove:
			a := g.src[0].pieces(occ, oc)
			na, ta[0] = bits.OnesCount64(a), a
		default:
			na, nb = g.pairLeaps(occ, oc, empty, ta, tb)
		}
		ks.n[j&(maxBulk-1)] = na
		if g.pair {
			ks.n[(j+1)&(maxBulk-1)] = nb
			j++
		}
		j++
		n += na + nb
	}
	return n
}

// touched returns the cells that the first leaps of g (their sources per
// direction in td, as leaps keeps them) touch: their sources, jumped
// cells and landings.
func (g *kernGroup) touched(td *[32]uint64) (t uint64) {
	for i := range g.dirs[:g.nd] {
		d := &g.dirs[i]
		x := td[i&31]
		t |= x | bits.RotateLeft64(x, int(d.sh))
		if g.long {
			t |= bits.RotateLeft64(x, 2*int(d.sh))
		}
	}
	return t
}

// kernAny tells whether tier t (t.kernel not nil) has a first leap in the
// position whose occupancy slots, sets per code and empty cells
// kernWords returned.
func (p *Program) kernAny(s *State, t *tier, occ *[kernSlots]uint64, oc *[kernCodes]uint64, empty uint64) bool {
	gs := t.kernelPairs[s.toMove]
	for i := range gs {
		g := &gs[i]
		if g.guarded && !p.guardOK(s, &p.rules[g.ri[0]]) {
			continue
		}
		if g.anyLeap(occ, oc, empty) {
			return true
		}
	}
	return false
}

// selectBulkK is selectBulk for the moves kernLeaps kept: rule, then
// source, then direction.
func (p *Program) selectBulkK(s *State, ml *MoveList, i int) {
	ml.reset()
	ks := &s.ax().kst
	for gi := range s.nbulk {
		gi &= maxBulk - 1
		if n := ks.n[gi]; i >= n {
			i -= n
			continue
		}
		g := &ks.groups[gi]
		if g.remove {
			ml.arena = append(ml.arena, uint32(p.cellOf[nthBit(ks.td[gi][:], 1, i)]))
			ml.moves = append(ml.moves, mv{off: 0, n: 1, rule: g.ri[0]})
			return
		}
		x, k := selectLeap(&ks.td[gi], int(g.nd), ks.n[gi], i)
		kd := &g.dirs[k&(maxKernDirs-1)]
		land := p.cellOf[x+int(kd.sh)<<b2i(g.long)]
		ml.arena = append(ml.arena, uint32(p.cellOf[x]), uint32(land)|uint32(kd.d)<<16)
		ml.moves = append(ml.moves, mv{off: 0, n: 2, rule: g.ri[0]})
		return
	}
	panic("interp: selectBulkK: move out of range")
}

// kernelChainsDeclines tells why playouts do not walk the chains of tier
// t from the first leaps the kernel found ("" when they do).
func (p *Program) kernelChainsDeclines(t *tier, sh *tierShape) string {
	switch {
	case p.off(accelKernelChains) != "":
		return p.off(accelKernelChains)
	case p.blockade != nil:
		return "the game has the no-blockade filter"
	case t.kernel == nil:
		return "needs kernel, which declined"
	case sh.bulk:
		return "the tier has no chains"
	case t.listed():
		return "the tier's moves are listed (deduplicated or narrowed to the most captures)"
	}
	for _, ri := range t.rules {
		r := &p.rules[ri]
		if r.action != ir.Leap || r.gen != genLeap || r.length != 2 || r.chain == ir.ChainNone || r.keepsFirstDir {
			return fmt.Sprintf("rule %s is not a short jump with chains in any direction", r.name)
		}
		if r.walk != walkWord {
			return fmt.Sprintf("needs word-chains, which declined rule %s", r.name)
		}
	}
	return ""
}

// kernChains builds in ml the moves of tier t (kernel-chains: short jumps with
// chains, walked on bitsets by wordChains) in Legal's order and returns
// their number: per rule (a pair's shifted together), its first leaps
// are found by the kernel (the same sets as shiftWords; pairSources), which
// is the tier's existence test too, and
// the chains are walked from their sources (fastLeaps' walk on one word,
// without finding the first leaps again).
func (p *Program) kernChains(s *State, t *tier, ml *MoveList, occ *[kernSlots]uint64, oc *[kernCodes]uint64, empty uint64) int {
	gs := t.kernelPairs[s.toMove]
	g := &s.gen
	ml.reset()
	bound := false
	for i := range gs {
		k := &gs[i]
		if k.guarded && !p.guardOK(s, &p.rules[k.ri[0]]) {
			continue
		}
		ma, mb := k.pairSources(occ, oc, empty)
		if ma|mb == 0 {
			continue
		}
		if !bound {
			g.bind(p, s, ml)
			g.start(s.toMove)
			bound = true
		}
		if ma != 0 {
			g.kernWalk(k, &p.rules[k.ri[0]], ma, occ, empty)
		}
		if mb != 0 {
			g.kernWalk(k, &p.rules[k.ri[1]], mb, occ, empty)
		}
	}
	return len(ml.moves)
}

// kernWalk is fastLeaps' walk on one word for rule r, whose kernel group
// k found first leaps from the cells of mark: the chains from each of
// them, in order, by wordChains.
func (g *gen) kernWalk(k *kernGroup, r *rule, mark uint64, occ *[kernSlots]uint64, empty uint64) {
	p, s, mover := g.p, g.s, g.mover
	g.r = r
	g.dirs = r.dirs[mover]
	g.wordOcc = occ[0] | occ[1] | occ[2] | occ[3] | occ[4] | occ[5] | occ[6] | occ[7]
	g.wordOver, g.wordOnto = k.over(occ, empty), k.onto(occ, empty)
	g.lands = r.lands[mover]
	ds := r.sets[mover].dirs
	g.nds = len(ds)
	for i, d := range ds {
		g.dsh[i&31], g.dval[i&31] = d.sh, d.valid
	}
	om, em := r.overSlots[mover], r.ontoSlots[mover]
	g.overEmpty, g.ontoEmpty = om>>uint(p.numPlayers+1)&1, em>>uint(p.numPlayers+1)&1
	srcOK := r.srcOK[mover*p.ncodes : (mover+1)*p.ncodes]
	cells := s.cells
	for ; mark != 0; mark &= mark - 1 {
		b := bits.TrailingZeros64(mark)
		c := int(p.cellOf[b])
		code := cells[c]
		if !srcOK[code] {
			continue
		}
		g.piece = code
		s.path = append(s.path[:0], uint32(c))
		sl := uint(p.codeSlot[code])
		g.overPiece, g.ontoPiece = om>>sl&1, em>>sl&1
		g.wordChains(b, g.wordOcc, g.wordOver, g.wordOnto)
		s.path = s.path[:0]
	}
}
