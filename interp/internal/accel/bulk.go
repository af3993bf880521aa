package accel

import (
	"fmt"
	"math/bits"

	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
)

// Bulk tiers: a priority tier whose every rule is a leap without chain
// found with bitset shifts (rule.shift) or a removal without conditions
// has, as its moves, the first leaps of its rules. They are found for all
// cells at once, on as many 64-bit words as the board needs: per rule
// and direction d, the sources are
//
//	valid(d) & src & shift(onto, L*d) & shift(over, d) & ... & shift(over, (L-1)*d)
//
// where src holds the pieces the rule lets the mover move (by owner, or
// by piece code through the per-code occupancy sets when the rule
// restricts kinds), over and onto the cells satisfying its conditions (by
// owner or emptiness). Counting them is population counts; move i is
// found by counting per word, then per byte within the word (selectSource),
// or, among a few, by walking the sources in order (selectLeap), without
// building the others (selectBulk). Legal's order is kept: rule,
// then source cell, then direction.
//
// A tier whose rules are such leaps with chains (a shift tier) has no
// move when its rules have no first leap: every chain starts with one.
// When a later tier would then be asked, that is asked first
// (its gate, hasFirstLeap), so that a tier of captures that usually
// has none costs a few words.

// NotShiftRule tells why leap rule r's first leaps are not found by
// bitset shifts ("" when they are: r.shift).
func NotShiftRule(p *core.Program, r *core.Rule) string {
	switch {
	case r.Gen == core.GenReach:
		return fmt.Sprintf("rule %s is served by reachability", r.Name)
	case r.Long != nil:
		return fmt.Sprintf("rule %s is long (the generic walker alone)", r.Name)
	case r.Gen != core.GenStep && r.Gen != core.GenLeap:
		return fmt.Sprintf("needs leap-table, which declined rule %s", r.Name)
	case !r.Shift:
		return fmt.Sprintf("needs shift-sets, which declined rule %s", r.Name)
	}
	return ""
}

// shrP returns word w of the cell set held in x[pad : pad+nw] (x has pad
// zero words on either side) shifted so that bit c of the result is bit
// c+sh of the set, 0 where c+sh is off the set; |sh| < 64*(pad-1).
func shrP(x []uint64, pad, w, sh int) uint64 {
	i := pad + w + sh>>6
	r := uint(sh & 63)
	return x[i]>>r | x[i+1]<<(64-r)
}

// ruleSets fills b.src, b.o and b.e with the pieces rule r lets player pl
// move and the cells satisfying its Over and Onto conditions (a shift
// rule or a plain removal).
func ruleSets(p *core.Program, s *core.State, r *core.Rule, pl int, b *BulkSets) {
	nw, pad := b.Nw, b.Pad
	ss := &Tables(r).Sets[pl]
	src, o, e, empty := b.Src[:nw], b.O[pad:pad+nw], b.E[pad:pad+nw], b.Empty[:nw]
	for w := range src {
		var sw, ow, ew uint64
		for _, sl := range ss.Src {
			sw |= s.Occ[int(sl)*nw+w]
		}
		for _, code := range ss.Codes {
			sw |= s.OccC[int(code)*nw+w]
		}
		for _, sl := range ss.Over {
			ow |= s.Occ[int(sl)*nw+w]
		}
		for _, sl := range ss.Onto {
			ew |= s.Occ[int(sl)*nw+w]
		}
		src[w] = sw
		o[w] = ow | empty[w]&ss.OverEmpty
		e[w] = ew | empty[w]&ss.OntoEmpty
	}
}

// noSources tells whether the rule has no piece to move in s (no piece of
// its slots or kinds).
func noSources(ss *RuleSlots, s *core.State) bool {
	nw := s.NumWords
	for _, sl := range ss.Src {
		for _, x := range s.Occ[int(sl)*nw : int(sl)*nw+nw] {
			if x != 0 {
				return false
			}
		}
	}
	for _, code := range ss.Codes {
		for _, x := range s.OccC[int(code)*nw : int(code)*nw+nw] {
			if x != 0 {
				return false
			}
		}
	}
	return true
}

// bulkScratch returns the scratch sets of firstLeaps and the rules' move
// sets, allocated once per State.
func bulkScratch(x *Scratch, p *core.Program) (*BulkSets, *[core.MaxBulk]BulkRule) {
	b := &x.Sets
	if b.Nw != p.NumWords || b.Pad != p.BulkPad {
		nw, pad := p.NumWords, p.BulkPad
		buf := make([]uint64, 4*nw+4*pad)
		*b = BulkSets{Nw: nw, Pad: pad, Empty: buf[:nw], Src: buf[nw : 2*nw],
			O: buf[2*nw : 3*nw+2*pad], E: buf[3*nw+2*pad:]}
		for i := range x.Bulk {
			x.Bulk[i].Td = make([]uint64, 32*nw)
		}
	}
	return b, &x.Bulk
}

// firstLeaps returns the number of moves of tier t (bulk) for the player
// to move and, when touched is asked (one word only), the cells they
// touch. With stash it keeps the moves in Scratch.Bulk (Scratch.Kept rules; -1
// when not kept).
func firstLeaps(p *core.Program, s *core.State, t *core.Tier, wantTouched, stash bool) (n int, touched uint64) {
	if t.Kernel != nil {
		return kernLeaps(p, s, t, wantTouched, stash)
	}
	mover := s.Mover
	x := ScratchOf(s)
	b, bulk := bulkScratch(x, p)
	emptyWords(p, s, b)
	x.Kept, x.KernelKept = 0, false
	if len(t.Rules) > core.MaxBulk || !stash {
		x.Kept = -1
	}
	for _, ri := range t.Rules {
		r := &p.Rules[ri]
		if !p.GuardOK(s, r) {
			continue
		}
		var br *BulkRule
		if x.Kept >= 0 {
			br = &bulk[x.Kept]
			br.Ri = ri
			x.Kept++
		}
		if noSources(&Tables(r).Sets[mover], s) {
			if br != nil {
				br.N = 0
			}
			continue
		}
		ruleSets(p, s, r, mover, b)
		c, k := ruleLeaps(p, r, mover, b, br, wantTouched)
		n += c
		touched |= k
	}
	return n, touched
}

// anyFirstLeap tells whether some rule of tier t (a shift tier, several
// words) has a first leap for the player to move, stopping at the first.
func anyFirstLeap(p *core.Program, s *core.State, t *core.Tier) bool {
	nw, mover := p.NumWords, s.Mover
	b, _ := bulkScratch(ScratchOf(s), p)
	emptyWords(p, s, b)
	for _, ri := range t.Rules {
		r := &p.Rules[ri]
		if !p.GuardOK(s, r) || noSources(&Tables(r).Sets[mover], s) {
			continue
		}
		ruleSets(p, s, r, mover, b)
		if r.Action == ir.Remove {
			return true
		}
		L, e, o := r.Length, b.E, b.O
		for _, d := range r.Dirs[mover] {
			sh := p.DirShift[d]
			valid := r.ValidL[int(d)*nw : int(d)*nw+nw]
			for w, sw := range b.Src[:nw] {
				if sw == 0 {
					continue
				}
				x := valid[w] & sw & shrP(e, b.Pad, w, L*sh)
				for k := 1; k < L && x != 0; k++ {
					x &= shrP(o, b.Pad, w, k*sh)
				}
				if x != 0 {
					return true
				}
			}
		}
	}
	return false
}

// wordsChains builds in ml the moves of tier t (multiword-chains) in Legal's
// order and returns their number: per rule, the sources of its first
// leaps are found on the words (ruleSources: none anywhere, the tier has
// no move), then the rules with some run their generator, which walks
// them (gen.pre) rather than finding them again.
func wordsChains(p *core.Program, s *core.State, t *core.Tier, g *core.Gen, ml *core.MoveList) int {
	nw, mover := p.NumWords, s.Mover
	b, bulk := bulkScratch(ScratchOf(s), p)
	emptyWords(p, s, b)
	found := false
	for j, ri := range t.Rules {
		r := &p.Rules[ri]
		m := bulk[j&(core.MaxBulk-1)].Td[:nw]
		clear(m)
		if !p.GuardOK(s, r) || noSources(&Tables(r).Sets[mover], s) {
			continue
		}
		ruleSets(p, s, r, mover, b)
		found = ruleSources(p, r, mover, b, m) || found
	}
	ml.Reset()
	if !found {
		return 0
	}
	g.Bind(p, s, ml)
	g.Start(mover)
	for j, ri := range t.Rules {
		m := bulk[j&(core.MaxBulk-1)].Td[:nw]
		if !anyWord(m) {
			continue
		}
		g.R, g.Pre = &p.Rules[ri], m
		p.RunGen(g)
		g.Pre = nil
	}
	return len(ml.Moves)
}

// ruleSources puts in m the sources of the first leaps of rule r (a leap)
// from the sets of ruleSets, and reports whether there is one.
func ruleSources(p *core.Program, r *core.Rule, mover int, b *BulkSets, m []uint64) bool {
	nw, L, e, o := p.NumWords, r.Length, b.E, b.O
	var any uint64
	for _, d := range r.Dirs[mover] {
		sh := p.DirShift[d]
		valid := r.ValidL[int(d)*nw : int(d)*nw+nw]
		for w, sw := range b.Src[:nw] {
			if sw == 0 {
				continue
			}
			x := valid[w] & sw & shrP(e, b.Pad, w, L*sh)
			for k := 1; k < L && x != 0; k++ {
				x &= shrP(o, b.Pad, w, k*sh)
			}
			m[w] |= x
			any |= x
		}
	}
	return any != 0
}

// anyWord tells whether some word of m is not zero.
func anyWord(m []uint64) bool {
	for _, x := range m {
		if x != 0 {
			return true
		}
	}
	return false
}

// emptyWords fills b.empty with the empty cells.
func emptyWords(p *core.Program, s *core.State, b *BulkSets) {
	nw := p.NumWords
	occ := s.Occ[:(p.Players+1)*nw]
	for w, m := range p.BoardMask {
		all := occ[w]
		for i := w + nw; i < len(occ); i += nw {
			all |= occ[i]
		}
		b.Empty[w] = ^all & m
	}
}

// hasFirstLeap tells whether some rule of tier t (a shift tier) has a
// first leap for the player to move.
func hasFirstLeap(p *core.Program, s *core.State, t *core.Tier) bool {
	if t.Kernel != nil {
		occ, oc, empty := kernWords(p, s)
		return kernAny(p, s, t, occ, oc, empty)
	}
	if p.NumWords > 1 {
		return anyFirstLeap(p, s, t)
	}
	n, _ := firstLeaps(p, s, t, false, false)
	return n > 0
}

// ruleLeaps counts the first leaps of rule r (bulk) for mover from the
// sets of ruleSets, keeping their sources in br when not nil, and the
// cells they touch when asked (one word only: the blockade filter on
// words).
func ruleLeaps(p *core.Program, r *core.Rule, mover int, b *BulkSets, br *BulkRule, wantTouched bool) (n int, touched uint64) {
	nw, pad := b.Nw, b.Pad
	src := b.Src[:nw]
	var td []uint64
	if br != nil {
		td = br.Td
	}
	if r.Action == ir.Remove {
		for w, x := range src {
			n += bits.OnesCount64(x)
			if td != nil {
				td[w*32] = x
			}
		}
		touched = src[0]
	} else if nw == 1 {
		var td1 *[32]uint64
		if td != nil {
			td1 = (*[32]uint64)(td[:32])
		}
		n, touched = wordLeaps(p, r, mover, src[0], b.O[0], b.E[0], td1, wantTouched)
	} else {
		L, e, o := r.Length, b.E, b.O
		for i, d := range r.Dirs[mover] {
			sh := p.DirShift[d]
			valid := r.ValidL[int(d)*nw : int(d)*nw+nw]
			for w, sw := range src {
				if sw == 0 {
					if td != nil {
						td[w*32+i&31] = 0
					}
					continue
				}
				x := valid[w] & sw & shrP(e, pad, w, L*sh)
				for k := 1; k < L && x != 0; k++ {
					x &= shrP(o, pad, w, k*sh)
				}
				if td != nil {
					td[w*32+i&31] = x
				}
				n += bits.OnesCount64(x)
			}
		}
	}
	if br != nil {
		br.N = n
	}
	return n, touched
}

// wordLeaps is ruleLeaps' kernel on one word: shifts are rotations, whose
// wrapped bits the valid masks clear.
func wordLeaps(p *core.Program, r *core.Rule, mover int, src, o, e uint64, td *[32]uint64, wantTouched bool) (n int, touched uint64) {
	L := r.Length
	for i, ds := range Tables(r).Sets[mover].Dirs {
		x := ds.Valid & src & bits.RotateLeft64(e, -L*ds.Sh)
		for k := 1; k < L; k++ {
			x &= bits.RotateLeft64(o, -k*ds.Sh)
		}
		if td != nil {
			td[i&31] = x
		}
		n += bits.OnesCount64(x)
		if wantTouched && x != 0 {
			touched |= x
			for k := 1; k <= L; k++ {
				touched |= bits.RotateLeft64(x, k*ds.Sh)
			}
		}
	}
	return n, touched
}

// SelectBulk fills ml with move i alone of the moves firstLeaps kept, in
// Legal's order: rule, then source cell, then direction.
func SelectBulk(p *core.Program, s *core.State, ml *core.MoveList, i int) {
	x := ScratchOf(s)
	if x.KernelKept {
		SelectBulkK(p, s, ml, i)
		return
	}
	ml.Reset()
	mover, nw := s.Mover, p.NumWords
	bulk := &x.Bulk
	for j := 0; j < x.Kept; j++ {
		b := &bulk[j]
		if i >= b.N {
			i -= b.N
			continue
		}
		r := &p.Rules[b.Ri]
		if r.Action == ir.Remove {
			ml.Arena = append(ml.Arena, uint32(p.CellOf[nthBit(b.Td, nw, i)]))
			ml.Moves = append(ml.Moves, core.Mv{Off: 0, N: 1, Rule: int32(b.Ri)})
			return
		}
		dirs := r.Dirs[mover]
		nd := min(len(dirs), 32)
		for w := 0; w < nw; w++ {
			td := (*[32]uint64)(b.Td[w*32 : w*32+32])
			cw := b.N // (one word)
			if nw > 1 {
				cw = 0
				for k := 0; k < nd; k++ {
					cw += bits.OnesCount64(td[k])
				}
			}
			if i >= cw {
				i -= cw
				continue
			}
			x, k := selectLeap(td, nd, cw, i)
			d := dirs[k]
			from := w<<6 | x
			land := p.CellOf[from+r.Length*p.DirShift[d]]
			ml.Arena = append(ml.Arena, uint32(p.CellOf[from]), uint32(land)|uint32(d)<<16)
			ml.Moves = append(ml.Moves, core.Mv{Off: 0, N: 2, Rule: int32(b.Ri)})
			return
		}
	}
	panic("interp: selectBulk: move out of range")
}

// nthBit returns the bit of the i-th member (from 0) of the set whose
// words are td[w*32].
func nthBit(td []uint64, nw, i int) int {
	for w := 0; w < nw; w++ {
		x := td[w*32]
		if c := bits.OnesCount64(x); i >= c {
			i -= c
			continue
		}
		for ; i > 0; i-- {
			x &= x - 1
		}
		return w<<6 | bits.TrailingZeros64(x)
	}
	panic("interp: nthBit: out of range")
}

// bulkDir returns the index of the direction of the i-th leap (from 0)
// from bit x, among the directions whose sources td[:nd] hold x.
func bulkDir(td *[32]uint64, nd, x, i int) int {
	for k := 0; k < nd; k++ {
		if td[k]>>uint(x)&1 == 0 {
			continue
		}
		if i == 0 {
			return k
		}
		i--
	}
	panic("interp: bulkDir: out of range")
}

// BulkRule holds the moves of one rule of a bulk tier found by firstLeaps:
// td[w*32+k] are the sources (word w) of its leaps in the mover's k-th
// direction (a removal: td[w*32], the pieces it may remove); n their
// number.
type BulkRule struct {
	Ri int
	N  int
	Td []uint64
}

// BulkSets is the scratch of firstLeaps: the empty cells, and for the
// rule at hand the pieces it moves (src) and the cells satisfying its
// Over (o) and Onto (e) conditions; o and e have pad zero words on either
// side of their nw words, so that shifted words are read without tests.
type BulkSets struct {
	Nw, Pad    int
	Empty, Src []uint64
	O, E       []uint64
}

// RuleSlots says, for one mover, which occupancy sets make up the sets of
// ruleSets: the slots (or, when the rule restricts kinds, the piece
// codes) of the pieces it moves, the slots satisfying Over and Onto, and
// whether empty cells do (all ones or zero).
type RuleSlots struct {
	Src, Codes, Over, Onto []int32
	OverEmpty, OntoEmpty   uint64
	// on one word, per direction of the mover (in order): its bit shift
	// and the cells whose leap stays on the board (wordLeaps)
	Dirs []WordDir
	// few: every set is the union of at most three occupancy slots (and
	// there are at most 7 slots), whose indices are in idx (src, over,
	// onto; np+1 names an empty set): the one-word kernel (bulk1.go) reads them without loops
	Few bool
	Idx [9]uint8
}

// WordDir is a direction of a shift rule on one word.
type WordDir struct {
	Valid uint64
	Sh    int
}
