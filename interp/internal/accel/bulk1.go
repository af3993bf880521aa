package accel

import (
	"math/bits"

	"github.com/ruleplay/ruleplay/interp/internal/core"
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

// KernPair makes the one rule of a and the one rule of b a pair in a
// when they can be one (see above), and reports whether it did.
func KernPair(p *core.Program, a, b *core.KernGroup) bool {
	if a.Pair || a.Remove || b.Remove || a.Guarded || b.Guarded || a.Long != b.Long ||
		a.OIdx != b.OIdx || a.EIdx != b.EIdx || a.OverEmpty != b.OverEmpty || a.OntoEmpty != b.OntoEmpty ||
		p.Ncodes > 64 || kernCodes(p, &a.Src[0])&kernCodes(p, &b.Src[0]) != 0 {
		return false
	}
	m := *a
	m.Pair = true
	m.Ri[1], m.Src[1], m.Rnd[1] = b.Ri[0], b.Src[0], b.Nd
	for i, bd := range b.Dirs[:b.Nd] {
		k := 0
		for k < int(m.Nd) && m.Dirs[k].D != bd.D {
			k++
		}
		switch {
		case k == int(m.Nd) && k == core.MaxKernDirs:
			return false
		case k == int(m.Nd):
			m.Dirs[k] = bd
			m.Dirs[k].Va, m.Dirs[k].Vb = 0, bd.Va
			m.Nd++
		case m.Dirs[k].Va != bd.Va || m.Dirs[k].Re != bd.Re:
			return false
		default:
			m.Dirs[k].Vb = bd.Va
		}
		m.Dirs[k].Jb = uint8(i)
		m.Rdir[1][i] = uint8(k)
	}
	*a = m
	return true
}

// kernCodes returns the piece codes (bits) a kernSrc selects.
func kernCodes(p *core.Program, a *core.KernSrc) uint64 {
	var m uint64
	for _, code := range a.Codes[:a.Ncodes] {
		m |= 1 << uint(code)
	}
	for code := 1; code < p.Ncodes; code++ {
		for _, sl := range a.Idx {
			if int(sl) <= p.Players && int(p.CodeSlot[code]) == int(sl) {
				m |= 1 << uint(code)
			}
		}
	}
	return m
}

// kernWords returns the occupancy slots and the sets per code of a
// one-word board as arrays (occLen), and the empty cells.
func kernWords(p *core.Program, s *core.State) (occ *[core.KernSlots]uint64, oc *[core.KernCodes]uint64, empty uint64) {
	occ = (*[core.KernSlots]uint64)(s.Occ)
	if s.OccC != nil {
		oc = (*[core.KernCodes]uint64)(s.OccC)
	}
	all := occ[0] | occ[1] | occ[2] | occ[3] | occ[4] | occ[5] | occ[6] | occ[7]
	return occ, oc, ^all & p.BoardMask[0]
}

// kernSrcPieces returns the pieces of k from the occupancy slots occ and the
// sets per code oc (small enough to be inlined: one code, or a call).
func kernSrcPieces(k *core.KernSrc, occ *[core.KernSlots]uint64, oc *[core.KernCodes]uint64) uint64 {
	if k.One {
		return oc[k.Codes[0]&15]
	}
	return union(k, occ, oc)
}

// union is pieces with slots or several codes.
func union(k *core.KernSrc, occ *[core.KernSlots]uint64, oc *[core.KernCodes]uint64) (src uint64) {
	if k.Slots {
		x := &k.Idx
		src = occ[x[0]&7] | occ[x[1]&7] | occ[x[2]&7]
	}
	if k.Ncodes > 0 {
		c := &k.Codes
		src |= oc[c[0]&15] | oc[c[1]&15] | oc[c[2]&15] | oc[c[3]&15]
	}
	return src
}

// kernGroupOver and onto return the cells satisfying g's Over and Onto
// conditions (small enough to be inlined, as pieces).
func kernGroupOver(g *core.KernGroup, occ *[core.KernSlots]uint64, empty uint64) uint64 {
	if g.OSl {
		return occ[g.OIdx[0]&7] | occ[g.OIdx[1]&7] | occ[g.OIdx[2]&7] | empty&g.OverEmpty
	}
	return empty & g.OverEmpty
}

func kernGroupOnto(g *core.KernGroup, occ *[core.KernSlots]uint64, empty uint64) uint64 {
	if g.ESl {
		return occ[g.EIdx[0]&7] | occ[g.EIdx[1]&7] | occ[g.EIdx[2]&7] | empty&g.OntoEmpty
	}
	return empty & g.OntoEmpty
}

// kernGroupLeaps returns the first leaps of g in the position (the occupancy
// slots occ, the sets per code oc, the empty cells), per direction in td
// (when not nil), and their number.
func kernGroupLeaps(g *core.KernGroup, occ *[core.KernSlots]uint64, oc *[core.KernCodes]uint64, empty uint64, td *[32]uint64) (n int) {
	a := kernSrcPieces(&g.Src[0], occ, oc)
	var b uint64
	if g.Pair {
		b = kernSrcPieces(&g.Src[1], occ, oc)
	}
	if a|b == 0 {
		return 0 // no piece to move (selectBulkK skips the group)
	}
	o, e := kernGroupOver(g, occ, empty), kernGroupOnto(g, occ, empty)
	dirs := g.Dirs[:g.Nd]
	// (b and vb are 0 for a single rule)
	if g.Long {
		for i := range dirs {
			d := &dirs[i]
			x := (d.Va&a | d.Vb&b) & bits.RotateLeft64(e, int(d.Re)) & bits.RotateLeft64(o, int(d.Ro))
			if td != nil {
				td[i] = x
			}
			n += bits.OnesCount64(x)
		}
		return n
	}
	for i := range dirs {
		d := &dirs[i]
		x := (d.Va&a | d.Vb&b) & bits.RotateLeft64(e, int(d.Re))
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
func pairLeaps(g *core.KernGroup, occ *[core.KernSlots]uint64, oc *[core.KernCodes]uint64, empty uint64, ta, tb *[32]uint64) (na, nb int) {
	a := kernSrcPieces(&g.Src[0], occ, oc)
	var b uint64
	if g.Pair {
		b = kernSrcPieces(&g.Src[1], occ, oc)
	}
	if a|b == 0 {
		return 0, 0
	}
	o, e := kernGroupOver(g, occ, empty), kernGroupOnto(g, occ, empty)
	if b == 0 && !g.Long {
		return firstRuleSteps(g, a, e, ta), 0
	}
	if !g.Long {
		o = ^uint64(0) // (no cell passed over)
	}
	if b == 0 {
		// The first rule alone: its directions come first, in its order.
		dirs := g.Dirs[:g.Rnd[0]]
		for i := range dirs {
			d := &dirs[i]
			x := d.Va & a & bits.RotateLeft64(e, int(d.Re)) & bits.RotateLeft64(o, int(d.Ro))
			ta[i&31] = x
			na += bits.OnesCount64(x)
		}
		return na, 0
	}
	dirs := g.Dirs[:g.Nd]
	for i := range dirs {
		d := &dirs[i]
		y := bits.RotateLeft64(e, int(d.Re)) & bits.RotateLeft64(o, int(d.Ro))
		ta[i&31], tb[d.Jb&31] = d.Va&a&y, d.Vb&b&y // (ta past the first rule's: zeros, never read)
	}
	// (counted apart: fewer values live in the loop above)
	for _, x := range ta[:g.Rnd[0]] {
		na += bits.OnesCount64(x)
	}
	for _, x := range tb[:g.Rnd[1]] {
		nb += bits.OnesCount64(x)
	}
	return na, nb
}

// pairSources is pairLeaps for leaps of two cells (kernChains) returning only
// the sources of each rule's leaps (ma, mb): the walk from each finds
// its directions again.
func pairSources(g *core.KernGroup, occ *[core.KernSlots]uint64, oc *[core.KernCodes]uint64, empty uint64) (ma, mb uint64) {
	a := kernSrcPieces(&g.Src[0], occ, oc)
	var b uint64
	if g.Pair {
		b = kernSrcPieces(&g.Src[1], occ, oc)
	}
	if a|b == 0 {
		return 0, 0
	}
	o, e := kernGroupOver(g, occ, empty), kernGroupOnto(g, occ, empty)
	if b == 0 {
		dirs := g.Dirs[:g.Rnd[0]]
		for i := range dirs {
			d := &dirs[i]
			ma |= d.Va & bits.RotateLeft64(e, int(d.Re)) & bits.RotateLeft64(o, int(d.Ro))
		}
		return ma & a, 0
	}
	dirs := g.Dirs[:g.Nd]
	for i := range dirs {
		d := &dirs[i]
		y := bits.RotateLeft64(e, int(d.Re)) & bits.RotateLeft64(o, int(d.Ro))
		ma, mb = ma|d.Va&y, mb|d.Vb&y
	}
	return ma & a, mb & b
}

// firstRuleSteps is pairLeaps for the first rule of g alone (its pieces a), leaping
// one cell (onto the cells of e).
func firstRuleSteps(g *core.KernGroup, a, e uint64, ta *[32]uint64) (n int) {
	dirs := g.Dirs[:g.Rnd[0]]
	for i := range dirs {
		d := &dirs[i]
		x := d.Va & a & bits.RotateLeft64(e, int(d.Re))
		ta[i&31] = x
		n += bits.OnesCount64(x)
	}
	return n
}

// anyLeap tells whether g has a first leap in the position (occ, oc,
// empty, as for leaps).
func anyLeap(g *core.KernGroup, occ *[core.KernSlots]uint64, oc *[core.KernCodes]uint64, empty uint64) bool {
	a := kernSrcPieces(&g.Src[0], occ, oc)
	var b uint64
	if g.Pair {
		b = kernSrcPieces(&g.Src[1], occ, oc)
	}
	if a|b == 0 {
		return false
	}
	if g.Remove {
		return true
	}
	o, e := kernGroupOver(g, occ, empty), kernGroupOnto(g, occ, empty)
	dirs := g.Dirs[:g.Nd]
	if b == 0 {
		dirs = g.Dirs[:g.Rnd[0]] // (the first rule's directions come first)
	}
	var x uint64 // (no test per direction: usually there is none)
	if g.Long {
		for i := range dirs {
			d := &dirs[i]
			x |= (d.Va&a | d.Vb&b) & bits.RotateLeft64(e, int(d.Re)) & bits.RotateLeft64(o, int(d.Ro))
		}
		return x != 0
	}
	for i := range dirs {
		d := &dirs[i]
		x |= (d.Va&a | d.Vb&b) & bits.RotateLeft64(e, int(d.Re))
	}
	return x != 0
}

// kernLeaps is firstLeaps by the kernel of tier t (t.kernel not nil); a
// kernel tier counted and kept for the draw without the touched cells
// is kernKeep's (kernelKeeper).
func kernLeaps(p *core.Program, s *core.State, t *core.Tier, wantTouched, stash bool) (n int, touched uint64) {
	occ, oc, empty := kernWords(p, s)
	gs := t.KernelPairs[s.Mover]
	x := ScratchOf(s)
	x.Kept, x.KernelKept = -1, true
	var ks *KernStash
	if stash && len(t.Rules) <= core.MaxBulk {
		gs = t.Kernel[s.Mover]
		ks = &x.Kernel
		ks.Groups = gs
		x.Kept = len(gs)
	}
	for i := range gs {
		g := &gs[i]
		c := 0
		var td *[32]uint64
		if ks != nil {
			td = &ks.Td[i&(core.MaxBulk-1)]
		}
		switch {
		case g.Guarded && !p.GuardOK(s, &p.Rules[g.Ri[0]]):
		case g.Remove:
			a := kernSrcPieces(&g.Src[0], occ, oc)
			c = bits.OnesCount64(a)
			if td != nil {
				td[0] = a
			}
			touched |= a
		case wantTouched:
			if td == nil {
				td = &ScratchOf(s).Kernel.Tdt
			}
			if c = kernGroupLeaps(g, occ, oc, empty, td); c > 0 {
				touched |= kernGroupTouched(g, td)
			}
		default:
			c = kernGroupLeaps(g, occ, oc, empty, td)
		}
		if ks != nil {
			ks.N[i&(core.MaxBulk-1)] = c
		}
		n += c
	}
	return n, touched
}

// kernKeep is kernLeaps keeping the moves for selectBulkK (at most
// maxBulk rules): the pairs are shifted together, and each rule's leaps
// kept apart (pairLeaps).
func kernKeep(p *core.Program, s *core.State, t *core.Tier, occ *[core.KernSlots]uint64, oc *[core.KernCodes]uint64, empty uint64) (n int) {
	x := ScratchOf(s)
	ks := &x.Kernel
	ks.Groups = t.Kernel[s.Mover]
	x.Kept, x.KernelKept = len(ks.Groups), true
	gs := t.KernelPairs[s.Mover]
	j := 0 // the index of g's (first) rule
	for i := range gs {
		g := &gs[i]
		ta, tb := &ks.Td[j&(core.MaxBulk-1)], &ks.Td[(j+1)&(core.MaxBulk-1)]
		na, nb := 0, 0
		switch {
		case g.Guarded && !p.GuardOK(s, &p.Rules[g.Ri[0]]):
		case g.Remove:
			a := kernSrcPieces(&g.Src[0], occ, oc)
			na, ta[0] = bits.OnesCount64(a), a
		default:
			na, nb = pairLeaps(g, occ, oc, empty, ta, tb)
		}
		ks.N[j&(core.MaxBulk-1)] = na
		if g.Pair {
			ks.N[(j+1)&(core.MaxBulk-1)] = nb
			j++
		}
		j++
		n += na + nb
	}
	return n
}

// kernGroupTouched returns the cells that the first leaps of g (their sources per
// direction in td, as leaps keeps them) touch: their sources, jumped
// cells and landings.
func kernGroupTouched(g *core.KernGroup, td *[32]uint64) (t uint64) {
	for i := range g.Dirs[:g.Nd] {
		d := &g.Dirs[i]
		x := td[i&31]
		t |= x | bits.RotateLeft64(x, int(d.Sh))
		if g.Long {
			t |= bits.RotateLeft64(x, 2*int(d.Sh))
		}
	}
	return t
}

// kernAny tells whether tier t (t.kernel not nil) has a first leap in the
// position whose occupancy slots, sets per code and empty cells
// kernWords returned.
func kernAny(p *core.Program, s *core.State, t *core.Tier, occ *[core.KernSlots]uint64, oc *[core.KernCodes]uint64, empty uint64) bool {
	gs := t.KernelPairs[s.Mover]
	for i := range gs {
		g := &gs[i]
		if g.Guarded && !p.GuardOK(s, &p.Rules[g.Ri[0]]) {
			continue
		}
		if anyLeap(g, occ, oc, empty) {
			return true
		}
	}
	return false
}

// SelectBulkK is selectBulk for the moves kernLeaps kept: rule, then
// source, then direction.
func SelectBulkK(p *core.Program, s *core.State, ml *core.MoveList, i int) {
	ml.Reset()
	x := ScratchOf(s)
	ks := &x.Kernel
	for gi := range x.Kept {
		gi &= core.MaxBulk - 1
		if n := ks.N[gi]; i >= n {
			i -= n
			continue
		}
		g := &ks.Groups[gi]
		if g.Remove {
			ml.Arena = append(ml.Arena, uint32(p.CellOf[nthBit(ks.Td[gi][:], 1, i)]))
			ml.Moves = append(ml.Moves, core.Mv{Off: 0, N: 1, Rule: g.Ri[0]})
			return
		}
		x, k := selectLeap(&ks.Td[gi], int(g.Nd), ks.N[gi], i)
		kd := &g.Dirs[k&(core.MaxKernDirs-1)]
		land := p.CellOf[x+int(kd.Sh)<<core.B2i(g.Long)]
		ml.Arena = append(ml.Arena, uint32(p.CellOf[x]), uint32(land)|uint32(kd.D)<<16)
		ml.Moves = append(ml.Moves, core.Mv{Off: 0, N: 2, Rule: g.Ri[0]})
		return
	}
	panic("interp: selectBulkK: move out of range")
}

// kernChains builds in ml the moves of tier t (kernel-chains: short jumps with
// chains, walked on bitsets by wordChains) in Legal's order and returns
// their number: per rule (a pair's shifted together), its first leaps
// are found by the kernel (the same sets as shiftWords; pairSources), which
// is the tier's existence test too, and
// the chains are walked from their sources (fastLeaps' walk on one word,
// without finding the first leaps again).
func kernChains(p *core.Program, s *core.State, t *core.Tier, ml *core.MoveList, occ *[core.KernSlots]uint64, oc *[core.KernCodes]uint64, empty uint64) int {
	gs := t.KernelPairs[s.Mover]
	g := &s.Gen
	ml.Reset()
	bound := false
	for i := range gs {
		k := &gs[i]
		if k.Guarded && !p.GuardOK(s, &p.Rules[k.Ri[0]]) {
			continue
		}
		ma, mb := pairSources(k, occ, oc, empty)
		if ma|mb == 0 {
			continue
		}
		if !bound {
			g.Bind(p, s, ml)
			g.Start(s.Mover)
			bound = true
		}
		if ma != 0 {
			kernWalk(g, k, &p.Rules[k.Ri[0]], ma, occ, empty)
		}
		if mb != 0 {
			kernWalk(g, k, &p.Rules[k.Ri[1]], mb, occ, empty)
		}
	}
	return len(ml.Moves)
}

// kernWalk is fastLeaps' walk on one word for rule r, whose kernel group
// k found first leaps from the cells of mark: the chains from each of
// them, in order, by wordChains.
func kernWalk(g *core.Gen, k *core.KernGroup, r *core.Rule, mark uint64, occ *[core.KernSlots]uint64, empty uint64) {
	p, s, mover := g.P, g.S, g.Mover
	g.R = r
	g.Dirs = r.Dirs[mover]
	g.WordOcc = occ[0] | occ[1] | occ[2] | occ[3] | occ[4] | occ[5] | occ[6] | occ[7]
	g.WordOver, g.WordOnto = kernGroupOver(k, occ, empty), kernGroupOnto(k, occ, empty)
	g.Lands = r.Lands[mover]
	ds := Tables(r).Sets[mover].Dirs
	g.Nds = len(ds)
	for i, d := range ds {
		g.Dsh[i&31], g.Dval[i&31] = d.Sh, d.Valid
	}
	om, em := r.OverSlots[mover], r.OntoSlots[mover]
	g.OverEmpty, g.OntoEmpty = om>>uint(p.Players+1)&1, em>>uint(p.Players+1)&1
	srcOK := r.SrcOK[mover*p.Ncodes : (mover+1)*p.Ncodes]
	cells := s.Cells
	for ; mark != 0; mark &= mark - 1 {
		b := bits.TrailingZeros64(mark)
		c := int(p.CellOf[b])
		code := cells[c]
		if !srcOK[code] {
			continue
		}
		g.Piece = code
		s.Path = append(s.Path[:0], uint32(c))
		sl := uint(p.CodeSlot[code])
		g.OverPiece, g.OntoPiece = om>>sl&1, em>>sl&1
		wordChains(g, b, g.WordOcc, g.WordOver, g.WordOnto)
		s.Path = s.Path[:0]
	}
}

// KernStash holds what kernLeaps found (Scratch.KernelKept), for selectBulkK:
// per rule (Scratch.Kept of them: the tier's kernel without pairs) its number
// of leaps and their sources per direction.
type KernStash struct {
	Groups []core.KernGroup
	N      [core.MaxBulk]int
	Td     [core.MaxBulk][32]uint64
	Tdt    [32]uint64 // the leaps of a group when only the cells they touch are asked
}
