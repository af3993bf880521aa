package interp

import "github.com/ruleplay/ruleplay/interp/internal/core"

// Bit layout: every bitset of cells (occupancy, marks, valid masks) gives
// cell c the bit bitOf[c]. The layout is the identity (bit c) unless
// another one, linear in the cell coordinates, makes a direction that is
// not a constant index shift into one (a board of dark cells: the
// neighbour in a diagonal direction is c+4 or c+5 in rank order, but a
// constant shift when the bits follow the rows of the full board, with
// bits that are no cell). A layout keeps the cells' order (bitOf
// increases with c), so that walking a bitset meets the cells in index
// order, and never needs more 64-bit words than the identity.

// chooseLayout sets bitOf, cellOf, cellB, nbits, nw, boardMask,
// dirShift and dirShiftOK: the best layout (bestLayout) and what follows
// from it.
func chooseLayout(p *core.Program) {
	p.BitOf, p.Nbits = bestLayout(p)
	p.NumWords = (p.Nbits + 63) / 64
	p.CellOf = make([]int32, p.NumWords*64)
	for i := range p.CellOf {
		p.CellOf[i] = -1
	}
	p.BoardMask = make([]uint64, p.NumWords)
	p.CellB = make([]core.CellBit, p.NumCells)
	for c, b := range p.BitOf {
		p.CellOf[b] = int32(c)
		p.BoardMask[b>>6] |= 1 << (uint(b) & 63)
		p.CellB[c] = core.CellBit{M: 1 << (uint(b) & 63), W: b >> 6}
	}
	p.DirShift = make([]int, p.NumDirs)
	p.DirShiftOK = make([]bool, p.NumDirs)
	for d := 0; d < p.NumDirs; d++ {
		p.DirShift[d], p.DirShiftOK[d] = shiftOf(p, p.BitOf, d)
	}
	if p.NumWords == 1 {
		p.BackValid = make([]uint64, p.NumDirs)
		for c := 0; c < p.NumCells; c++ {
			for d := 0; d < p.NumDirs; d++ {
				if p.Back[c*p.NumDirs+d] >= 0 {
					p.BackValid[d] |= 1 << uint(p.BitOf[c])
				}
			}
		}
	}
}

// bestLayout returns the layout and its number of bits: the identity,
// unless a linear layout on no more words makes more directions shifts
// (or as many in fewer bits).
func bestLayout(p *core.Program) ([]int32, int) {
	ident := make([]int32, p.NumCells)
	for c := range ident {
		ident[c] = int32(c)
	}
	identOK := shiftsOK(p, ident)
	best, bestBits, bestOK := ident, p.NumCells, identOK
	if identOK < p.NumDirs {
		words := (p.NumCells + 63) / 64
		xmin, xmax, ymin := p.CellX[0], p.CellX[0], p.CellY[0]
		for c := 0; c < p.NumCells; c++ {
			xmin, xmax, ymin = min(xmin, p.CellX[c]), max(xmax, p.CellX[c]), min(ymin, p.CellY[c])
		}
		w := xmax - xmin + 1
		for g := 1; g <= 2; g++ {
			for pitch := w; pitch <= 2*w+2; pitch++ {
				lay, nbits, ok := linearLayout(p, pitch, g, xmin, ymin)
				if !ok || (nbits+63)/64 > words {
					continue
				}
				if n := shiftsOK(p, lay); n > bestOK || (n == bestOK && n > identOK && nbits < bestBits) {
					best, bestBits, bestOK = lay, nbits, n
				}
			}
		}
	}
	return best, bestBits
}

// linearLayout gives cell c the bit (pitch*(y-ymin) + x-xmin - r)/g, where
// r is the common remainder mod g; ok is false when the bits are not
// integers or do not increase with the cell index.
func linearLayout(p *core.Program, pitch, g, xmin, ymin int) (lay []int32, nbits int, ok bool) {
	lay = make([]int32, p.NumCells)
	r := -1
	prev := -1
	for c := 0; c < p.NumCells; c++ {
		key := pitch*(p.CellY[c]-ymin) + p.CellX[c] - xmin
		if r < 0 {
			r = key % g
		}
		if key%g != r {
			return nil, 0, false
		}
		b := (key - r) / g
		if b <= prev {
			return nil, 0, false
		}
		prev = b
		lay[c] = int32(b)
	}
	return lay, prev + 1, true
}

// shiftOf tells whether direction d is a constant shift of bits in layout
// lay: every neighbour in d has the bit of its cell plus sh. Leaps that
// would wrap around an edge are excluded by the valid masks (cells whose
// whole path is on the board).
func shiftOf(p *core.Program, lay []int32, d int) (sh int, ok bool) {
	any := false
	for c := 0; c < p.NumCells; c++ {
		n := int(p.Neighbours[c*p.NumDirs+d])
		if n < 0 {
			continue
		}
		v := int(lay[n] - lay[c])
		if !any {
			sh, any = v, true
		} else if v != sh {
			return 0, false
		}
	}
	return sh, any
}

// shiftsOK counts the directions that layout lay makes constant shifts.
func shiftsOK(p *core.Program, lay []int32) int {
	n := 0
	for d := 0; d < p.NumDirs; d++ {
		if _, ok := shiftOf(p, lay, d); ok {
			n++
		}
	}
	return n
}
