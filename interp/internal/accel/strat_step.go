package accel

import (
	"math/bits"
	"slices"

	"github.com/ruleplay/ruleplay/interp/internal/core"
)

// fastStep: a one-cell leap without chain, local Onto condition.
func fastStep(g *core.Gen) {
	p, s, r := g.P, g.S, g.R
	nd, ncodes := p.NumDirs, p.Ncodes
	stride := r.Stride
	onto := r.OntoTab[g.Mover*r.TabSize : (g.Mover+1)*r.TabSize]
	dirs := r.Dirs[g.Mover]
	srcOK := r.SrcOK[g.Mover*ncodes : (g.Mover+1)*ncodes]
	cells := s.CellsW
	leap := r.Leap
	marked := markSources(g)
	if marked && g.One {
		if s.Mark[0] == 0 {
			return
		}
		if g.List == nil && r.SrcAll[g.Mover] {
			// Every (source, direction) found is a move.
			if g.Sink == core.SinkExists {
				g.Found = true
				return
			}
			if g.Skip(g.Firsts) {
				return
			}
		}
		emitFirsts(g)
		return
	}
	for w := 0; w < s.NumWords; w++ {
		for word := genSources(g, w, marked); word != 0; {
			c := int(p.CellOf[w<<6|bits.TrailingZeros64(word)])
			word &= word - 1
			if !srcOK[cells[c]] {
				continue
			}
			// Which directions work, without a branch per direction.
			var m uint32
			for k, d := range dirs {
				land := leap[c*nd+int(d)]
				m |= uint32(onto[int(land)*stride+int(cells[land])]) << uint(k)
			}
			if m == 0 {
				continue
			}
			if g.List == nil {
				if g.Sink == core.SinkExists {
					g.Found = true
					return
				}
				if g.Skip(bits.OnesCount32(m)) {
					continue
				}
			}
			for m != 0 {
				k := bits.TrailingZeros32(m)
				m &= m - 1
				d := dirs[k]
				e := uint32(leap[c*nd+int(d)]) | uint32(d)<<16
				if ml := g.List; ml != nil {
					ml.Moves = append(ml.Moves, core.Mv{Off: int32(len(ml.Arena)), N: 2, Rule: int32(r.Idx)})
					ml.Arena = append(ml.Arena, uint32(c), e)
					continue
				}
				s.Path = append(s.Path[:0], uint32(c), e)
				g.Emit()
				if g.Found {
					return
				}
			}
		}
	}
}

// emitFirsts emits the moves of a shift rule without chain on a one-word
// board, found by markShift (s.mark, g.td): per source in cell order, per
// direction, the leap of length L.
func emitFirsts(g *core.Gen) {
	p, s, r := g.P, g.S, g.R
	dirs := r.Dirs[g.Mover]
	L := r.Length
	cellOf, shifts := p.CellOf, p.DirShift
	all := r.SrcAll[g.Mover]
	srcOK := r.SrcOK[g.Mover*p.Ncodes : (g.Mover+1)*p.Ncodes]
	cells := s.Cells
	td := &g.DirSources
	ml := g.List
	var moves []core.Mv
	var arena []uint32
	n0, a0, j := 0, 0, 0
	rule := int32(r.Idx)
	if ml != nil {
		n0, a0 = len(ml.Moves), len(ml.Arena)
		moves = slices.Grow(ml.Moves, g.Firsts)[:n0+g.Firsts]
		arena = slices.Grow(ml.Arena, 2*g.Firsts)[:a0+2*g.Firsts]
	}
	for mark := s.Mark[0]; mark != 0; mark &= mark - 1 {
		b := bits.TrailingZeros64(mark)
		c := cellOf[b]
		if !all && !srcOK[cells[c]] {
			continue
		}
		if g.Sink.CountsAll() {
			cnt := 0
			for k := range dirs {
				cnt += int(td[k&31] >> uint(b) & 1)
			}
			if g.Skip(cnt) {
				continue
			}
		}
		for k, d := range dirs {
			if td[k&31]>>uint(b)&1 == 0 {
				continue
			}
			e := uint32(cellOf[b+L*shifts[d]]) | uint32(d)<<16
			if ml != nil {
				moves[n0+j] = core.Mv{Off: int32(a0 + 2*j), N: 2, Rule: rule}
				arena[a0+2*j], arena[a0+2*j+1] = uint32(c), e
				j++
				continue
			}
			s.Path = append(s.Path[:0], uint32(c), e)
			g.Emit()
			if g.Found {
				return
			}
		}
	}
	if ml != nil {
		ml.Moves, ml.Arena = moves[:n0+j], arena[:a0+2*j]
	}
}
