package interp

import (
	"math/bits"

	"github.com/ruleplay/ruleplay/ir"
)

// The one-word kernel of bulk tiers. On a board of one word whose tier
// rules each read at most three occupancy slots per set (ruleSlots.few),
// leap one or two cells and have at most maxKernDirs directions, the
// tier's first leaps are found from a flat table per mover (kern1), built
// once: no slices to follow per rule, the rotations precomputed, and the
// leap length known by the loop that runs it. firstLeaps uses it for
// every such tier (other tiers, on any number of words, go through
// ruleSets and ruleLeaps); the existence test of a tier (anyLeapK) stops
// at the first leap found.

const (
	maxKernDirs  = 8
	maxKernCodes = 4
)

// kern1 is one rule of a tier for one mover, flattened.
type kern1 struct {
	ri      int32
	remove  bool
	guarded bool  // the rule has a guard (rule.when)
	long    bool  // leaps of two cells (else one)
	nd      uint8 // directions
	ncodes  uint8 // pieces selected by code (kinds), in codes
	idx     [9]uint8
	codes   [maxKernCodes]int32
	// overEmpty, ontoEmpty: all ones when the set holds the empty cells
	overEmpty, ontoEmpty uint64
	dirs                 [maxKernDirs]kernDir
}

// kernDir is one direction of a kern1: the cells whose leap stays on the
// board, and the rotations that bring the landing cell (re) and the
// jumped cell (ro) of each source onto the source's bit.
type kernDir struct {
	valid  uint64
	re, ro int8
	sh     int8 // the shift itself (the cells a leap touches)
}

// compileKern1 builds t.k1 (nil when some rule of t does not fit).
func (p *Program) compileKern1(t *tier) {
	if p.nw != 1 || !t.shifts || p.np+2 > 8 {
		return
	}
	k1 := make([][]kern1, p.np)
	for pl := range k1 {
		for _, ri := range t.rules {
			r := &p.rules[ri]
			ss := &r.sets[pl]
			if !ss.few || len(ss.codes) > maxKernCodes || len(ss.dirs) > maxKernDirs ||
				(r.action != ir.Remove && r.length != 1 && r.length != 2) {
				return
			}
			k := kern1{ri: int32(ri), remove: r.action == ir.Remove, guarded: r.when != nil,
				long: r.length == 2, nd: uint8(len(ss.dirs)), ncodes: uint8(len(ss.codes)),
				idx: ss.idx, overEmpty: ss.overEmpty, ontoEmpty: ss.ontoEmpty}
			copy(k.codes[:], ss.codes)
			for i, d := range ss.dirs {
				k.dirs[i] = kernDir{valid: d.valid, re: int8(-r.length * d.sh & 63), ro: int8(-d.sh & 63), sh: int8(d.sh)}
			}
			k1[pl] = append(k1[pl], k)
		}
	}
	t.k1 = k1
}

// kernSets returns the pieces k moves, and the cells satisfying its Over
// and Onto conditions, from the occupancy slots occX (occX[np+1] is 0).
func (k *kern1) kernSets(s *State, occX *[8]uint64, empty uint64) (src, o, e uint64) {
	x := &k.idx
	src = occX[x[0]&7] | occX[x[1]&7] | occX[x[2]&7]
	o = occX[x[3]&7] | occX[x[4]&7] | occX[x[5]&7] | empty&k.overEmpty
	e = occX[x[6]&7] | occX[x[7]&7] | occX[x[8]&7] | empty&k.ontoEmpty
	for _, code := range k.codes[:k.ncodes] {
		src |= s.occC[code]
	}
	return src, o, e
}

// slots1 loads the occupancy slots of a one-word board into occX and
// returns the empty cells.
func (p *Program) slots1(s *State, occX *[8]uint64) uint64 {
	var all uint64
	for sl, x := range s.occ[:p.np+1] {
		all |= x
		occX[sl&7] = x
	}
	return ^all & p.boardMask[0]
}

// kernLeaps returns the first leaps of k from src, per direction in td
// (when not nil), and their number.
func (k *kern1) kernLeaps(src, o, e uint64, td *[32]uint64) (n int) {
	dirs := k.dirs[:k.nd]
	if k.long {
		for i := range dirs {
			d := &dirs[i]
			x := d.valid & src & bits.RotateLeft64(e, int(d.re)) & bits.RotateLeft64(o, int(d.ro))
			if td != nil {
				td[i] = x
			}
			n += bits.OnesCount64(x)
		}
		return n
	}
	for i := range dirs {
		d := &dirs[i]
		x := d.valid & src & bits.RotateLeft64(e, int(d.re))
		if td != nil {
			td[i] = x
		}
		n += bits.OnesCount64(x)
	}
	return n
}

// kernAny tells whether k has a first leap from src.
func (k *kern1) kernAny(src, o, e uint64) bool {
	dirs := k.dirs[:k.nd]
	for i := range dirs {
		if dirs[i].firsts(src, o, e, k.long) != 0 {
			return true
		}
	}
	return false
}

// firsts returns the sources of src with a first leap in direction d
// (long: of two cells, over a cell of o).
func (d *kernDir) firsts(src, o, e uint64, long bool) uint64 {
	x := d.valid & src & bits.RotateLeft64(e, int(d.re))
	if long {
		x &= bits.RotateLeft64(o, int(d.ro))
	}
	return x
}

// firstLeapsK is firstLeaps by the kernel of tier t (t.k1 not nil).
func (p *Program) firstLeapsK(s *State, t *tier, wantTouched, stash bool) (n int, touched uint64) {
	var occX [8]uint64
	empty := p.slots1(s, &occX)
	ks := t.k1[s.toMove]
	s.nbulk = -1
	var bulk *[maxBulk]bulkRule
	if stash && len(ks) <= maxBulk {
		_, bulk = s.bulkScratch(p)
		s.nbulk = 0
	}
	for i := range ks {
		k := &ks[i]
		if k.guarded && p.rules[k.ri].when(p.guardCtx(s)) == 0 {
			continue
		}
		src, o, e := k.kernSets(s, &occX, empty)
		var td *[32]uint64
		if bulk != nil {
			b := &bulk[s.nbulk&(maxBulk-1)]
			b.ri, td = int(k.ri), (*[32]uint64)(b.td[:32])
			s.nbulk++
		}
		c := 0
		switch {
		case src == 0: // no piece to move (c = 0: selectBulk skips the rule)
		case k.remove:
			c = bits.OnesCount64(src)
			if td != nil {
				td[0] = src
			}
		default:
			c = k.kernLeaps(src, o, e, td)
		}
		if bulk != nil {
			bulk[(s.nbulk-1)&(maxBulk-1)].n = c
		}
		n += c
		if wantTouched && c > 0 {
			touched |= k.touched(src, o, e)
		}
	}
	return n, touched
}

// touched returns the cells that the first leaps of k from src touch:
// their sources, jumped cells and landings.
func (k *kern1) touched(src, o, e uint64) (t uint64) {
	if k.remove {
		return src
	}
	for i := range k.dirs[:k.nd] {
		d := &k.dirs[i]
		x := d.firsts(src, o, e, k.long)
		if x == 0 {
			continue
		}
		t |= x | bits.RotateLeft64(x, int(d.sh))
		if k.long {
			t |= bits.RotateLeft64(x, 2*int(d.sh))
		}
	}
	return t
}

// anyLeapK tells whether tier t (t.k1 not nil) has a first leap.
func (p *Program) anyLeapK(s *State, t *tier) bool {
	var occX [8]uint64
	empty := p.slots1(s, &occX)
	ks := t.k1[s.toMove]
	for i := range ks {
		k := &ks[i]
		if k.guarded && p.rules[k.ri].when(p.guardCtx(s)) == 0 {
			continue
		}
		src, o, e := k.kernSets(s, &occX, empty)
		if src != 0 && (k.remove || k.kernAny(src, o, e)) {
			return true
		}
	}
	return false
}
