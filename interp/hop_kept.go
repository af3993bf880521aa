package interp

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/ruleplay/ruleplay/ir"
)

// Kept hop components. The class: the chains the hop table counts by hop
// components shared by the mover's pieces (hop_count.go: countHopShared
// and countRuleShared; every hop can be taken back, no chain stop). A
// component is a class of the free cells joined by hops, and it depends
// only on the Over set and the landing set near its cells: the hops from
// a cell x depend on whether Over holds on the cells they pass over and
// whether the cells they land on are free. So a component searched in
// one generation is still one in the next generation of the same rule
// and set of directions (a mover's tables follow them) when no cell of it has a hop passing over or landing
// on a cell whose Over or landing bit changed (touch: per changed cell,
// the cells whose hops meet it, and itself).
//
// Why it is faster: between two plies of a race one piece moves, so that
// the Over and landing sets differ in a few cells; the components away
// from them are kept with their sizes, and the pieces whose first
// landings fall in them count without a new search (a flood of the
// component and writing its cells' index). The cost: the sets compared
// word by word, and per kept component one intersection with the cells
// the change touched. Registered as kept-components.

// keptComponentsDecline tells why rule r does not keep its hop
// components from one generation to the next, or "" when it does.
func (p *Program) keptComponentsDecline(r *rule) string {
	if why := p.off(accelKeptComponents); why != "" {
		return why
	}
	if r.chain == ir.ChainNone {
		return "it has no chain"
	}
	if why := p.hopSharesDecline(r); why != "" {
		return "its chains are not counted by shared hop components (" + why + ")"
	}
	return ""
}

// compileKeptComponents gives rule r kept components (hopRule.renew, and
// the movers' touch tables) when keptComponentsDecline says it applies.
func (p *Program) compileKeptComponents(r *rule) {
	h := r.hop
	if why := p.keptComponentsDecline(r); why != "" {
		if r.chain != ir.ChainNone {
			p.declineFor(scopeRule, r.idx, accelKeptComponents, why)
		}
		return
	}
	touch := p.hopTouch(h)
	classes := map[string]int{} // (the movers' sets of directions)
	for mv, nb := 0, (p.nbits+2)*h.words; mv < p.numPlayers; mv++ {
		h.movers[mv].touch = touch[mv*nb : (mv+1)*nb]
		dirs := slices.Sorted(slices.Values(r.dirs[mv]))
		key := fmt.Sprint(dirs)
		if _, ok := classes[key]; !ok {
			classes[key] = len(classes)
		}
		h.movers[mv].dirClass = classes[key]
	}
	h.renew = keepComponents
	h.countHow += "; components kept from one generation to the next where the position did not change near them"
}

// hopTouch returns, per mover and bit, the cells whose hops (of rule h)
// pass over or land on it, and the bit itself.
func (p *Program) hopTouch(h *hopRule) []uint64 {
	nb, words, L := p.nbits+2, h.words, h.L
	touch := make([]uint64, p.numPlayers*nb*words)
	add := func(mv, at, x int) {
		if at < p.nbits {
			touch[(mv*nb+at)*words+x>>6] |= 1 << (uint(x) & 63)
		}
	}
	for mv := 0; mv < p.numPlayers; mv++ {
		t := h.movers[mv]
		nds := len(t.dirs)
		for x := 0; x < p.nbits; x++ {
			add(mv, x, x)
			for k := 0; k < nds; k++ {
				e := t.leaps[x*nds+k]
				add(mv, int(uint32(e)), x)
				add(mv, int(uint32(e>>32)), x)
				for j := 0; j < L-2; j++ {
					add(mv, int(t.passed[(x*nds+k)*(L-2)+j]), x)
				}
			}
		}
	}
	return touch
}

// keptComponentsLimit bounds the components searched since the last
// reset, per bit of the sets (a reset renumbers them).
const keptComponentsLimit = 4

// keepComponents starts a generation keeping the components of the last
// one (same rule, and the same set of directions) that no changed cell
// touches.
func keepComponents(c *hopComponents, h *hopRule, w *hopWalk, land *hopSet, nbits int) {
	if c.rule != h || c.dirClass != w.dirClass || len(c.size) > keptComponentsLimit*nbits || c.piece > 1<<30 {
		c.reset(land, nbits)
		c.rule, c.dirClass = h, w.dirClass
		c.keepSets(land, w.over, h.words)
		return
	}
	words := h.words
	var touched [hopWords]uint64
	changed := false
	for i := range words {
		diff := (land[i%hopWords] ^ c.land[i%hopWords]) | (w.over[i%hopWords] ^ c.over[i%hopWords])
		for ; diff != 0; diff &= diff - 1 {
			changed = true
			b := i<<6 | bits.TrailingZeros64(diff)
			touch := w.touch[b*words : (b+1)*words]
			for j, x := range touch {
				touched[j%hopWords] |= x
			}
		}
	}
	if !changed {
		c.left = c.unseen
		return
	}
	// A component with a touched cell is dropped: its cells are unseen
	// again (the cells in no component are the unseen ones).
	for i := range words {
		for word := touched[i%hopWords] & c.land[i%hopWords] &^ c.unseen[i%hopWords]; word != 0; word &= word - 1 {
			b := i<<6 | bits.TrailingZeros64(word)
			if c.unseen[i%hopWords]>>(uint(b)&63)&1 != 0 {
				continue // (its component dropped already)
			}
			id := int(c.of[b])
			for j, x := range c.cells[id*words : (id+1)*words] {
				c.unseen[j%hopWords] |= x
			}
		}
	}
	for i := range words { // (the kept cells: those of the old landing set still in a component)
		c.unseen[i%hopWords] = land[i%hopWords] &^ (c.land[i%hopWords] &^ c.unseen[i%hopWords])
	}
	c.keepSets(land, w.over, words)
	c.left = c.unseen
}

// keepSets keeps the landing and Over sets the components are searched
// on (words words).
func (c *hopComponents) keepSets(land, over *hopSet, words int) {
	for i := range words {
		c.land[i%hopWords], c.over[i%hopWords] = land[i%hopWords], over[i%hopWords]
	}
}
