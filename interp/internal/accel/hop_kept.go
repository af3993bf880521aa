package accel

import (
	"math/bits"
	"slices"

	"github.com/ruleplay/ruleplay/interp/internal/core"
)

// Kept hop components. The class: the chains the hop table counts by hop
// components shared by the mover's pieces (hop_count.go: countHopShared
// and countRuleShared; every hop can be taken back, no chain stop). A
// component is a class of the free cells joined by hops: a hop joins two
// cells of the landing set when Over holds on the cells it passes over.
// So a component searched in one generation is still one in the next
// generation of the same rule and set of directions (a mover's tables
// follow them) when none of its hops came or went: when the landing bit
// of none of its cells changed, no hop from a cell whose landing bit came
// lands in it, and no hop passing over a cell whose Over bit changed
// joined or stopped joining its cells (spans: per cell, the hops that
// pass over it).
//
// Why it is faster: between two plies of a race one piece moves, so that
// the Over and landing sets differ in a few cells; the components whose
// hops did not change are kept with their sizes, and the pieces whose
// first landings fall in them count without a new search (a flood of the
// component and writing its cells' index). The cost: the sets compared
// word by word, per changed cell the hops from it and over it tested on
// the old and the new sets, and per dropped component one union. For
// leaps of 1 or 2 the hops Over allows are kept as sets too
// (HopComponents.Hops, hop_count.go): per cell whose Over bit changed
// the bits of the hops over it (the spans) are set or cleared, and the
// hops from a cell that came free are its set.
// Registered as kept-components.

// HopSpans returns, per mover, the hops of rule h that pass over
// each bit, one per two cells they join: those over bit b at
// spans[at[b]:at[b+1]]. (Counted, then filled: no garbage; movers
// with the same directions in the same order share them.)
func HopSpans(p *core.Program, h *HopRule) (at [][]int32, spans [][]HopSpan) {
	for mv := 0; mv < p.Players; mv++ {
		t := &h.Movers[mv]
		if same := slices.IndexFunc(h.Movers[:mv], func(o HopMoverTables) bool { return slices.Equal(o.Dirs, t.Dirs) }); same >= 0 {
			at, spans = append(at, at[same]), append(spans, spans[same])
			continue
		}
		starts := make([]int32, p.Nbits+3)
		eachSpan(p, t, func(y, x, i int) { starts[y+1]++ })
		for b := 1; b < len(starts); b++ {
			starts[b] += starts[b-1]
		}
		flat := make([]HopSpan, starts[len(starts)-1])
		next := slices.Clone(starts)
		eachSpan(p, t, func(y, x, i int) {
			to := int(uint32(t.Leaps[i]))
			flat[next[y]] = HopSpan{From: int32(x), To: int32(to), Leap: int32(i),
				FromRow: int32(x*h.Words + to>>6), ToRow: int32(to*h.Words + x>>6)}
			next[y]++
		})
		at, spans = append(at, starts), append(spans, flat)
	}
	return at, spans
}

// eachSpan calls f for every cell y on the board that a leap i of t,
// from bit x to a higher bit, passes over, in the order of x, then of the
// leaps (every hop of the class can be taken back: the hop from the
// higher bit joins the same cells).
func eachSpan(p *core.Program, t *HopMoverTables, f func(y, x, i int)) {
	nds, L := len(t.Dirs), t.L
	for x := 0; x < p.Nbits; x++ {
		for i := x * nds; i < x*nds+nds; i++ {
			if int(uint32(t.Leaps[i])) < x {
				continue // (the hop back: the same two cells)
			}
			if y := int(uint32(t.Leaps[i] >> 32)); y < p.Nbits {
				f(y, x, i)
			}
			for j := 0; j < L-2; j++ {
				if y := int(t.Passed[i*(L-2)+j]); y < p.Nbits {
					f(y, x, i)
				}
			}
		}
	}
}

// keptComponentsLimit bounds the components searched since the last
// reset, per bit of the sets (a reset renumbers them).
const keptComponentsLimit = 16

// KeepComponents starts a generation keeping the components of the last
// one (same rule, and the same set of directions) whose hops did not
// change.
func KeepComponents(c *HopComponents, h *HopRule, w *HopWalk, land *HopSet, nbits int) {
	if c.Rule != h || c.DirClass != w.DirClass || len(c.Size) > keptComponentsLimit*nbits || c.Piece > 1<<30 {
		reset(c, land, w.Over, nbits)
		if h.L <= 2 {
			fillHops(c, w.HopMoverTables, w.Over, h.Words)
		}
		c.Rule, c.DirClass = h, w.DirClass
		hopComponentsKeepSets(c, land, w.Over, h.Words)
		return
	}
	words := h.Words
	var drop HopSet // (cells whose component changed)
	changed := false
	for i := range words {
		landDiff := land[i%HopWords] ^ c.Land[i%HopWords]
		overDiff := w.Over[i%HopWords] ^ c.Over[i%HopWords]
		for diff := landDiff | overDiff; diff != 0; diff &= diff - 1 {
			changed = true
			z := uint32(i<<6 | bits.TrailingZeros64(diff))
			m := uint64(1) << (z & 63)
			switch {
			case landDiff&m == 0:
			case c.Land[i%HopWords]&m != 0: // (no longer free: its component loses it)
				drop[i%HopWords] |= m
			case h.L <= 2: // (free now: the components its hops reach join it; the cells of its set not free were dropped or are not in a component)
				addCells(&drop, c.Hops[int(z)*words:int(z+1)*words])
			default:
				dropHopsFrom(&drop, w.HopMoverTables, z, land, w.Over)
			}
			switch {
			case overDiff&m == 0:
			case h.L <= 2:
				keepHops(c, w.HopMoverTables, z, land, w.Over, &drop)
			default:
				dropHopsOver(&drop, w.HopMoverTables, z, land, w.Over, &c.Land, &c.Over)
			}
		}
	}
	if !changed {
		return
	}
	// A component with a cell to drop is dropped: its cells are unseen
	// again (the cells in no component are the unseen ones).
	for i := range words {
		for word := drop[i%HopWords] & c.Land[i%HopWords] &^ c.Unseen[i%HopWords]; word != 0; word &= word - 1 {
			b := i<<6 | bits.TrailingZeros64(word)
			if c.Unseen[i%HopWords]>>(uint(b)&63)&1 != 0 {
				continue // (its component dropped already)
			}
			id := int(c.Of[b])
			addCells(&c.Unseen, c.Cells[id*words:(id+1)*words])
		}
	}
	for i := range words { // (the kept cells: those of the old landing set still in a component)
		c.Unseen[i%HopWords] = land[i%HopWords] &^ (c.Land[i%HopWords] &^ c.Unseen[i%HopWords])
	}
	hopComponentsKeepSets(c, land, w.Over, words)
}

// keepHops updates c.Hops (fillHops) for bit z, whose Over bit changed:
// the hops over it (t.Spans); and it adds to drop the ends of those that
// join two free cells now and did not before, or did and no longer do.
// (Bits set or cleared by masks: no branch per hop.)
func keepHops(c *HopComponents, t *HopMoverTables, z uint32, land, over *HopSet, drop *HopSet) {
	hops := c.Hops
	on := -(over[z>>6%HopWords] >> (z & 63) & 1)
	for _, cr := range t.Spans[t.SpansAt[z]:t.SpansAt[z+1]] {
		x, to := uint32(cr.From), uint32(cr.To)
		xm, tm := uint64(1)<<(x&63), uint64(1)<<(to&63)
		hops[cr.FromRow] = hops[cr.FromRow]&^tm | tm&on
		hops[cr.ToRow] = hops[cr.ToRow]&^xm | xm&on
		joins := land[x>>6%HopWords]&xm != 0 && land[to>>6%HopWords]&tm != 0 // (now, or before: c.Land)
		if on == 0 {
			joins = c.Land[x>>6%HopWords]&xm != 0 && c.Land[to>>6%HopWords]&tm != 0
		}
		if joins {
			drop[x>>6%HopWords] |= xm
			drop[to>>6%HopWords] |= tm
		}
	}
}

// hopJoins tells whether leap i, from bit x, joins two cells of land
// (Over holding on the cells it passes over).
func hopJoins(t *HopMoverTables, i int, x uint32, land, over *HopSet) bool {
	e := t.Leaps[i]
	to, y := uint32(e), uint32(e>>32)
	return land[x>>6%HopWords]>>(x&63)&1 != 0 && land[to>>6%HopWords]>>(to&63)&1 != 0 &&
		over[y>>6%HopWords]>>(y&63)&1 != 0 && (t.L <= 2 || overRestOn(t, i, over))
}

// overRestOn tells whether Over holds on the cells leap i passes over
// after the first (leaps longer than 2).
func overRestOn(t *HopMoverTables, i int, over *HopSet) bool {
	for _, y := range t.Passed[i*(t.L-2) : (i+1)*(t.L-2)] {
		if over[y>>6%HopWords]>>(uint(y)&63)&1 == 0 {
			return false
		}
	}
	return true
}

// dropHopsFrom adds to drop the cells the hops from bit z (free now)
// join it to.
func dropHopsFrom(drop *HopSet, t *HopMoverTables, z uint32, land, over *HopSet) {
	nds := len(t.Dirs)
	for i, e := range t.Leaps[int(z)*nds : int(z)*nds+nds] {
		to, y := uint32(e), uint32(e>>32)
		if land[to>>6%HopWords]>>(to&63)&1 == 0 || over[y>>6%HopWords]>>(y&63)&1 == 0 {
			continue
		}
		if t.L <= 2 || overRestOn(t, int(z)*nds+i, over) {
			drop[to>>6%HopWords] |= 1 << (to & 63)
		}
	}
}

// dropHopsOver adds to drop the ends of the hops passing over bit z
// (whose Over bit changed) that joined their ends before and not now, or
// now and not before.
func dropHopsOver(drop *HopSet, t *HopMoverTables, z uint32, land, over, oldLand, oldOver *HopSet) {
	for _, cr := range t.Spans[t.SpansAt[z]:t.SpansAt[z+1]] {
		x, to, i := uint32(cr.From), uint32(cr.To), int(cr.Leap)
		xm, tm := uint64(1)<<(x&63), uint64(1)<<(to&63)
		if (land[x>>6%HopWords]&xm == 0 || land[to>>6%HopWords]&tm == 0) &&
			(oldLand[x>>6%HopWords]&xm == 0 || oldLand[to>>6%HopWords]&tm == 0) {
			continue // (its ends are not both free, before or now: it joins nothing)
		}
		if hopJoins(t, i, x, land, over) != hopJoins(t, i, x, oldLand, oldOver) {
			drop[x>>6%HopWords] |= xm
			drop[to>>6%HopWords] |= tm
		}
	}
}

// addCells adds the cells of cells (a set's words) to set. (Two words
// are added without a loop: in the loops over the cells, a loop over the
// words costs more than the unions.)
func addCells(set *HopSet, cells []uint64) {
	if len(cells) == 2 {
		set[0], set[1] = set[0]|cells[0], set[1]|cells[1]
		return
	}
	for j, x := range cells {
		set[j%HopWords] |= x
	}
}

// hopComponentsKeepSets keeps the landing and Over sets the components are searched
// on (words words).
func hopComponentsKeepSets(c *HopComponents, land, over *HopSet, words int) {
	for i := range words {
		c.Land[i%HopWords], c.Over[i%HopWords] = land[i%HopWords], over[i%HopWords]
	}
}
