package interp

import (
	"fmt"
	"math/bits"

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

// maxBulk bounds the rules of a tier whose first leaps firstLeaps keeps
// for selectBulk.
const maxBulk = 4

// bulkRule holds the moves of one rule of a bulk tier found by firstLeaps:
// td[w*32+k] are the sources (word w) of its leaps in the mover's k-th
// direction (a removal: td[w*32], the pieces it may remove); n their
// number.
type bulkRule struct {
	ri int
	n  int
	td []uint64
}

// compileBulk decides which tiers are shift tiers and bulk tiers
// (shapes, per tier).
func (p *Program) compileBulk(shapes []tierShape) {
	for ti := range p.tiers {
		t := &p.tiers[ti]
		why := p.bulkDeclines(t)
		p.declineFor(scopeTier, ti, accelBulk, why)
		sh := &shapes[ti]
		sh.shifts = why == ""
		noChain := true
		for _, ri := range t.rules {
			noChain = noChain && p.rules[ri].chain == ir.ChainNone
		}
		sh.bulk = sh.shifts && noChain && !t.merges()
	}
	p.bulkPad = 2
	if p.numWords == 1 {
		p.bulkPad = 0 // shifts are rotations (wordLeaps)
	}
	for ti := range p.tiers {
		t := &p.tiers[ti]
		if !shapes[ti].shifts {
			continue
		}
		for _, ri := range t.rules {
			r := &p.rules[ri]
			p.compileRuleSlots(r)
			for _, ds := range r.dirs {
				for _, d := range ds {
					if p.numWords > 1 {
						p.bulkPad = max(p.bulkPad, 2+abs(p.dirShift[d]*r.length)/64)
					}
				}
			}
		}
		p.compileKernel(ti, t, &shapes[ti])
	}
}

// bulkDeclines tells why tier t's first leaps cannot be found on bitsets
// ("" when they can: a shift tier): every rule must be a shift rule or a
// removal without conditions.
func (p *Program) bulkDeclines(t *tier) string {
	if why := p.off(accelBulk); why != "" {
		return why
	}
	if p.stacking {
		return "the game has stacks"
	}
	for _, ri := range t.rules {
		if why := p.shiftRuleDeclines(&p.rules[ri]); why != "" {
			return why
		}
	}
	return ""
}

// shiftRuleDeclines tells why rule r's first leaps cannot be found on
// bitsets ("" when they can): it must be a shift rule or a removal
// without conditions.
func (p *Program) shiftRuleDeclines(r *rule) string {
	switch r.action {
	case ir.Remove:
		if !r.plainRemoval() {
			return fmt.Sprintf("removal %s has conditions", r.name)
		}
	case ir.Leap:
		return p.notShiftRule(r)
	case ir.Group:
		return fmt.Sprintf("rule %s is a group move", r.name)
	case ir.Drop:
		return fmt.Sprintf("rule %s is a drop", r.name)
	default:
		return fmt.Sprintf("rule %s is not a leap", r.name)
	}
	return ""
}

// notShiftRule tells why leap rule r's first leaps are not found by
// bitset shifts ("" when they are: r.shift).
func (p *Program) notShiftRule(r *rule) string {
	switch {
	case r.gen == genReach:
		return fmt.Sprintf("rule %s is served by reachability", r.name)
	case r.long != nil:
		return fmt.Sprintf("rule %s is long (the generic walker alone)", r.name)
	case r.gen != genStep && r.gen != genLeap:
		return fmt.Sprintf("needs leap-table, which declined rule %s", r.name)
	case !r.shift:
		return fmt.Sprintf("needs shift-sets, which declined rule %s", r.name)
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

// bulkSets is the scratch of firstLeaps: the empty cells, and for the
// rule at hand the pieces it moves (src) and the cells satisfying its
// Over (o) and Onto (e) conditions; o and e have pad zero words on either
// side of their nw words, so that shifted words are read without tests.
type bulkSets struct {
	nw, pad    int
	empty, src []uint64
	o, e       []uint64
}

// ruleSets fills b.src, b.o and b.e with the pieces rule r lets player pl
// move and the cells satisfying its Over and Onto conditions (a shift
// rule or a plain removal).
func (p *Program) ruleSets(s *State, r *rule, pl int, b *bulkSets) {
	nw, pad := b.nw, b.pad
	ss := &r.sets[pl]
	src, o, e, empty := b.src[:nw], b.o[pad:pad+nw], b.e[pad:pad+nw], b.empty[:nw]
	for w := range src {
		var sw, ow, ew uint64
		for _, sl := range ss.src {
			sw |= s.occ[int(sl)*nw+w]
		}
		for _, code := range ss.codes {
			sw |= s.occC[int(code)*nw+w]
		}
		for _, sl := range ss.over {
			ow |= s.occ[int(sl)*nw+w]
		}
		for _, sl := range ss.onto {
			ew |= s.occ[int(sl)*nw+w]
		}
		src[w] = sw
		o[w] = ow | empty[w]&ss.overEmpty
		e[w] = ew | empty[w]&ss.ontoEmpty
	}
}

// ruleSlots says, for one mover, which occupancy sets make up the sets of
// ruleSets: the slots (or, when the rule restricts kinds, the piece
// codes) of the pieces it moves, the slots satisfying Over and Onto, and
// whether empty cells do (all ones or zero).
type ruleSlots struct {
	src, codes, over, onto []int32
	overEmpty, ontoEmpty   uint64
	// on one word, per direction of the mover (in order): its bit shift
	// and the cells whose leap stays on the board (wordLeaps)
	dirs []wordDir
	// few: every set is the union of at most three occupancy slots (and
	// there are at most 7 slots), whose indices are in idx (src, over,
	// onto; np+1 names an empty set): the one-word kernel (bulk1.go) reads them without loops
	few bool
	idx [9]uint8
}

// wordDir is a direction of a shift rule on one word.
type wordDir struct {
	valid uint64
	sh    int
}

// noSources tells whether the rule has no piece to move in s (no piece of
// its slots or kinds).
func (ss *ruleSlots) noSources(s *State) bool {
	nw := s.numWords
	for _, sl := range ss.src {
		for _, x := range s.occ[int(sl)*nw : int(sl)*nw+nw] {
			if x != 0 {
				return false
			}
		}
	}
	for _, code := range ss.codes {
		for _, x := range s.occC[int(code)*nw : int(code)*nw+nw] {
			if x != 0 {
				return false
			}
		}
	}
	return true
}

// compileRuleSlots builds r.sets (shift rules and plain removals).
func (p *Program) compileRuleSlots(r *rule) {
	r.sets = make([]ruleSlots, p.numPlayers)
	for pl := range r.sets {
		ss := &r.sets[pl]
		byCode := r.srcOK != nil && !r.srcAll[pl]
		var om, em uint64
		if r.overSlots != nil {
			om, em = r.overSlots[pl], r.ontoSlots[pl]
		}
		for sl := 0; sl <= p.numPlayers; sl++ {
			if r.srcSlots[pl]>>uint(sl)&1 != 0 && !byCode {
				ss.src = append(ss.src, int32(sl))
			}
			if om>>uint(sl)&1 != 0 {
				ss.over = append(ss.over, int32(sl))
			}
			if em>>uint(sl)&1 != 0 {
				ss.onto = append(ss.onto, int32(sl))
			}
		}
		if byCode {
			for code := 1; code < p.ncodes; code++ {
				if r.srcOK[pl*p.ncodes+code] {
					ss.codes = append(ss.codes, int32(code))
				}
			}
		}
		ss.overEmpty = -(om >> uint(p.numPlayers+1) & 1)
		ss.ontoEmpty = -(em >> uint(p.numPlayers+1) & 1)
		ss.few = len(ss.src) <= 3 && len(ss.over) <= 3 && len(ss.onto) <= 3 && p.numPlayers+2 <= 8
		for k := range ss.idx {
			ss.idx[k] = uint8(p.numPlayers + 1)
		}
		for j, list := range [][]int32{ss.src, ss.over, ss.onto} {
			for k, sl := range list {
				if k < 3 {
					ss.idx[3*j+k] = uint8(sl)
				}
			}
		}
		if p.numWords == 1 && r.action != ir.Remove {
			for _, d := range r.dirs[pl] {
				ss.dirs = append(ss.dirs, wordDir{valid: r.validL[d], sh: p.dirShift[d]})
			}
		}
	}
}

// bulkScratch returns the scratch sets of firstLeaps and the rules' move
// sets, allocated once per State.
func (s *State) bulkScratch(p *Program) (*bulkSets, *[maxBulk]bulkRule) {
	x := s.ax()
	b := &x.sets
	if b.nw != p.numWords || b.pad != p.bulkPad {
		nw, pad := p.numWords, p.bulkPad
		buf := make([]uint64, 4*nw+4*pad)
		*b = bulkSets{nw: nw, pad: pad, empty: buf[:nw], src: buf[nw : 2*nw],
			o: buf[2*nw : 3*nw+2*pad], e: buf[3*nw+2*pad:]}
		for i := range x.bulk {
			x.bulk[i].td = make([]uint64, 32*nw)
		}
	}
	return b, &x.bulk
}

// firstLeaps returns the number of moves of tier t (bulk) for the player
// to move and, when touched is asked (one word only), the cells they
// touch. With stash it keeps the moves in aux.bulk (s.nbulk rules; -1
// when not kept).
func (p *Program) firstLeaps(s *State, t *tier, wantTouched, stash bool) (n int, touched uint64) {
	if t.kernel != nil {
		return p.kernLeaps(s, t, wantTouched, stash)
	}
	mover := s.toMove
	b, bulk := s.bulkScratch(p)
	p.emptyWords(s, b)
	s.nbulk, s.kstash = 0, false
	if len(t.rules) > maxBulk || !stash {
		s.nbulk = -1
	}
	for _, ri := range t.rules {
		r := &p.rules[ri]
		if !p.guardOK(s, r) {
			continue
		}
		var br *bulkRule
		if s.nbulk >= 0 {
			br = &bulk[s.nbulk]
			br.ri = ri
			s.nbulk++
		}
		if r.sets[mover].noSources(s) {
			if br != nil {
				br.n = 0
			}
			continue
		}
		p.ruleSets(s, r, mover, b)
		c, k := p.ruleLeaps(r, mover, b, br, wantTouched)
		n += c
		touched |= k
	}
	return n, touched
}

// anyFirstLeap tells whether some rule of tier t (a shift tier, several
// words) has a first leap for the player to move, stopping at the first.
func (p *Program) anyFirstLeap(s *State, t *tier) bool {
	nw, mover := p.numWords, s.toMove
	b, _ := s.bulkScratch(p)
	p.emptyWords(s, b)
	for _, ri := range t.rules {
		r := &p.rules[ri]
		if !p.guardOK(s, r) || r.sets[mover].noSources(s) {
			continue
		}
		p.ruleSets(s, r, mover, b)
		if r.action == ir.Remove {
			return true
		}
		L, e, o := r.length, b.e, b.o
		for _, d := range r.dirs[mover] {
			sh := p.dirShift[d]
			valid := r.validL[int(d)*nw : int(d)*nw+nw]
			for w, sw := range b.src[:nw] {
				if sw == 0 {
					continue
				}
				x := valid[w] & sw & shrP(e, b.pad, w, L*sh)
				for k := 1; k < L && x != 0; k++ {
					x &= shrP(o, b.pad, w, k*sh)
				}
				if x != 0 {
					return true
				}
			}
		}
	}
	return false
}

// compileChainWalks decides, per tier, whether accelerator a (kernel-chains
// or multiword-chains) walks its chains from the first leaps found on
// words: declines tells why not, and set records the answer in the
// tier's shape. A tier of shift rules that bulk does not serve is one it
// could concern, and gets the reason.
func (p *Program) compileChainWalks(shapes []tierShape, a accel, declines func(*Program, *tier, *tierShape) string, set func(*tierShape, bool)) {
	for ti := range p.tiers {
		t, sh := &p.tiers[ti], &shapes[ti]
		why := declines(p, t, sh)
		set(sh, why == "")
		if sh.shifts && !sh.bulk {
			p.declineFor(scopeTier, ti, a, why)
		}
	}
}

// multiwordChainsDeclines tells why tier t's chains are not walked from
// the first leaps found on several words ("" when they are:
// tierShape.wordChains).
func (p *Program) multiwordChainsDeclines(t *tier, sh *tierShape) string {
	switch {
	case p.off(accelMultiwordChains) != "":
		return p.off(accelMultiwordChains)
	case p.numWords == 1:
		return "the board is one word"
	case !sh.shifts:
		return "needs bulk, which declined"
	case sh.bulk:
		return "the tier has no chains"
	case t.listed():
		return "the tier's moves are listed (deduplicated or narrowed to the most captures)"
	case len(t.rules) > maxBulk:
		return fmt.Sprintf("more than %d rules", maxBulk)
	}
	for _, ri := range t.rules {
		r := &p.rules[ri]
		if r.action != ir.Leap || r.gen != genLeap || r.chain == ir.ChainNone {
			return fmt.Sprintf("rule %s is not a leap with chains on the leap table", r.name)
		}
	}
	return ""
}

// wordsChains builds in ml the moves of tier t (multiword-chains) in Legal's
// order and returns their number: per rule, the sources of its first
// leaps are found on the words (ruleSources: none anywhere, the tier has
// no move), then the rules with some run their generator, which walks
// them (gen.pre) rather than finding them again.
func (p *Program) wordsChains(s *State, t *tier, g *gen, ml *MoveList) int {
	nw, mover := p.numWords, s.toMove
	b, bulk := s.bulkScratch(p)
	p.emptyWords(s, b)
	found := false
	for j, ri := range t.rules {
		r := &p.rules[ri]
		m := bulk[j&(maxBulk-1)].td[:nw]
		clear(m)
		if !p.guardOK(s, r) || r.sets[mover].noSources(s) {
			continue
		}
		p.ruleSets(s, r, mover, b)
		found = p.ruleSources(r, mover, b, m) || found
	}
	ml.reset()
	if !found {
		return 0
	}
	g.bind(p, s, ml)
	g.start(mover)
	for j, ri := range t.rules {
		m := bulk[j&(maxBulk-1)].td[:nw]
		if !anyWord(m) {
			continue
		}
		g.r, g.pre = &p.rules[ri], m
		p.runGen(g)
		g.pre = nil
	}
	return len(ml.moves)
}

// ruleSources puts in m the sources of the first leaps of rule r (a leap)
// from the sets of ruleSets, and reports whether there is one.
func (p *Program) ruleSources(r *rule, mover int, b *bulkSets, m []uint64) bool {
	nw, L, e, o := p.numWords, r.length, b.e, b.o
	var any uint64
	for _, d := range r.dirs[mover] {
		sh := p.dirShift[d]
		valid := r.validL[int(d)*nw : int(d)*nw+nw]
		for w, sw := range b.src[:nw] {
			if sw == 0 {
				continue
			}
			x := valid[w] & sw & shrP(e, b.pad, w, L*sh)
			for k := 1; k < L && x != 0; k++ {
				x &= shrP(o, b.pad, w, k*sh)
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
func (p *Program) emptyWords(s *State, b *bulkSets) {
	nw := p.numWords
	occ := s.occ[:(p.numPlayers+1)*nw]
	for w, m := range p.boardMask {
		all := occ[w]
		for i := w + nw; i < len(occ); i += nw {
			all |= occ[i]
		}
		b.empty[w] = ^all & m
	}
}

// hasFirstLeap tells whether some rule of tier t (a shift tier) has a
// first leap for the player to move.
func (p *Program) hasFirstLeap(s *State, t *tier) bool {
	if t.kernel != nil {
		occ, oc, empty := p.kernWords(s)
		return p.kernAny(s, t, occ, oc, empty)
	}
	if p.numWords > 1 {
		return p.anyFirstLeap(s, t)
	}
	n, _ := p.firstLeaps(s, t, false, false)
	return n > 0
}

// ruleLeaps counts the first leaps of rule r (bulk) for mover from the
// sets of ruleSets, keeping their sources in br when not nil, and the
// cells they touch when asked (one word only: the blockade filter on
// words).
func (p *Program) ruleLeaps(r *rule, mover int, b *bulkSets, br *bulkRule, wantTouched bool) (n int, touched uint64) {
	nw, pad := b.nw, b.pad
	src := b.src[:nw]
	var td []uint64
	if br != nil {
		td = br.td
	}
	if r.action == ir.Remove {
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
		n, touched = p.wordLeaps(r, mover, src[0], b.o[0], b.e[0], td1, wantTouched)
	} else {
		L, e, o := r.length, b.e, b.o
		for i, d := range r.dirs[mover] {
			sh := p.dirShift[d]
			valid := r.validL[int(d)*nw : int(d)*nw+nw]
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
		br.n = n
	}
	return n, touched
}

// wordLeaps is ruleLeaps' kernel on one word: shifts are rotations, whose
// wrapped bits the valid masks clear.
func (p *Program) wordLeaps(r *rule, mover int, src, o, e uint64, td *[32]uint64, wantTouched bool) (n int, touched uint64) {
	L := r.length
	for i, ds := range r.sets[mover].dirs {
		x := ds.valid & src & bits.RotateLeft64(e, -L*ds.sh)
		for k := 1; k < L; k++ {
			x &= bits.RotateLeft64(o, -k*ds.sh)
		}
		if td != nil {
			td[i&31] = x
		}
		n += bits.OnesCount64(x)
		if wantTouched && x != 0 {
			touched |= x
			for k := 1; k <= L; k++ {
				touched |= bits.RotateLeft64(x, k*ds.sh)
			}
		}
	}
	return n, touched
}

// selectBulk fills ml with move i alone of the moves firstLeaps kept, in
// Legal's order: rule, then source cell, then direction.
func (p *Program) selectBulk(s *State, ml *MoveList, i int) {
	if s.kstash {
		p.selectBulkK(s, ml, i)
		return
	}
	ml.reset()
	mover, nw := s.toMove, p.numWords
	bulk := &s.ax().bulk
	for j := 0; j < s.nbulk; j++ {
		b := &bulk[j]
		if i >= b.n {
			i -= b.n
			continue
		}
		r := &p.rules[b.ri]
		if r.action == ir.Remove {
			ml.arena = append(ml.arena, uint32(p.cellOf[nthBit(b.td, nw, i)]))
			ml.moves = append(ml.moves, mv{off: 0, n: 1, rule: int32(b.ri)})
			return
		}
		dirs := r.dirs[mover]
		nd := min(len(dirs), 32)
		for w := 0; w < nw; w++ {
			td := (*[32]uint64)(b.td[w*32 : w*32+32])
			cw := b.n // (one word)
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
			land := p.cellOf[from+r.length*p.dirShift[d]]
			ml.arena = append(ml.arena, uint32(p.cellOf[from]), uint32(land)|uint32(d)<<16)
			ml.moves = append(ml.moves, mv{off: 0, n: 2, rule: int32(b.ri)})
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
