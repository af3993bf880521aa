package accel

import (
	"math/bits"

	"github.com/ruleplay/ruleplay/interp/internal/core"
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

// HopTouch returns, per mover and bit, the cells whose hops (of rule h)
// pass over or land on it, and the bit itself.
func HopTouch(p *core.Program, h *core.HopRule) []uint64 {
	nb, words, L := p.Nbits+2, h.Words, h.L
	touch := make([]uint64, p.Players*nb*words)
	add := func(mv, at, x int) {
		if at < p.Nbits {
			touch[(mv*nb+at)*words+x>>6] |= 1 << (uint(x) & 63)
		}
	}
	for mv := 0; mv < p.Players; mv++ {
		t := h.Movers[mv]
		nds := len(t.Dirs)
		for x := 0; x < p.Nbits; x++ {
			add(mv, x, x)
			for k := 0; k < nds; k++ {
				e := t.Leaps[x*nds+k]
				add(mv, int(uint32(e)), x)
				add(mv, int(uint32(e>>32)), x)
				for j := 0; j < L-2; j++ {
					add(mv, int(t.Passed[(x*nds+k)*(L-2)+j]), x)
				}
			}
		}
	}
	return touch
}

// keptComponentsLimit bounds the components searched since the last
// reset, per bit of the sets (a reset renumbers them).
const keptComponentsLimit = 4

// KeepComponents starts a generation keeping the components of the last
// one (same rule, and the same set of directions) that no changed cell
// touches.
func KeepComponents(c *core.HopComponents, h *core.HopRule, w *core.HopWalk, land *core.HopSet, nbits int) {
	if c.Rule != h || c.DirClass != w.DirClass || len(c.Size) > keptComponentsLimit*nbits || c.Piece > 1<<30 {
		reset(c, land, nbits)
		c.Rule, c.DirClass = h, w.DirClass
		hopComponentsKeepSets(c, land, w.Over, h.Words)
		return
	}
	words := h.Words
	var touched [core.HopWords]uint64
	changed := false
	for i := range words {
		diff := (land[i%core.HopWords] ^ c.Land[i%core.HopWords]) | (w.Over[i%core.HopWords] ^ c.Over[i%core.HopWords])
		for ; diff != 0; diff &= diff - 1 {
			changed = true
			b := i<<6 | bits.TrailingZeros64(diff)
			addCells(&touched, w.Touch[b*words:(b+1)*words])
		}
	}
	if !changed {
		c.Left = c.Unseen
		return
	}
	// A component with a touched cell is dropped: its cells are unseen
	// again (the cells in no component are the unseen ones).
	for i := range words {
		for word := touched[i%core.HopWords] & c.Land[i%core.HopWords] &^ c.Unseen[i%core.HopWords]; word != 0; word &= word - 1 {
			b := i<<6 | bits.TrailingZeros64(word)
			if c.Unseen[i%core.HopWords]>>(uint(b)&63)&1 != 0 {
				continue // (its component dropped already)
			}
			id := int(c.Of[b])
			addCells(&c.Unseen, c.Cells[id*words:(id+1)*words])
		}
	}
	for i := range words { // (the kept cells: those of the old landing set still in a component)
		c.Unseen[i%core.HopWords] = land[i%core.HopWords] &^ (c.Land[i%core.HopWords] &^ c.Unseen[i%core.HopWords])
	}
	hopComponentsKeepSets(c, land, w.Over, words)
	c.Left = c.Unseen
}

// addCells adds the cells of cells (a set's words) to set. (Two words
// are added without a loop: in the loops over the cells, a loop over the
// words costs more than the unions.)
func addCells(set *core.HopSet, cells []uint64) {
	if len(cells) == 2 {
		set[0], set[1] = set[0]|cells[0], set[1]|cells[1]
		return
	}
	for j, x := range cells {
		set[j%core.HopWords] |= x
	}
}

// hopComponentsKeepSets keeps the landing and Over sets the components are searched
// on (words words).
func hopComponentsKeepSets(c *core.HopComponents, land, over *core.HopSet, words int) {
	for i := range words {
		c.Land[i%core.HopWords], c.Over[i%core.HopWords] = land[i%core.HopWords], over[i%core.HopWords]
	}
}
