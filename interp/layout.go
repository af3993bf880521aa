package interp

import "github.com/ruleplay/ruleplay/interp/internal/core"

// chooseLayout sets bitOf, cellOf, cellB, nbits, nw, boardMask,
// dirShift and dirShiftOK: the best layout (bestLayout) and what follows
// from it.
func chooseLayout(p *core.Program) {
	p.BitOf, p.Nbits = p.BestLayout()
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
		p.DirShift[d], p.DirShiftOK[d] = p.ShiftOf(p.BitOf, d)
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
