package interp

import (
	"math/bits"
	"slices"
)

// fastStep: a one-cell leap without chain, local Onto condition.
func (g *gen) fastStep() {
	p, s, r := g.p, g.s, g.r
	nd, ncodes := p.numDirs, p.ncodes
	stride := r.stride
	onto := r.ontoTab[g.mover*r.tabSize : (g.mover+1)*r.tabSize]
	dirs := r.dirs[g.mover]
	srcOK := r.srcOK[g.mover*ncodes : (g.mover+1)*ncodes]
	cells := s.cellsW
	leap := r.leap
	marked := g.markSources()
	if marked && g.one {
		if s.mark[0] == 0 {
			return
		}
		if g.list == nil && r.srcAll[g.mover] {
			// Every (source, direction) found is a move.
			if g.sink == sinkExists {
				g.found = true
				return
			}
			if g.skip(g.firsts) {
				return
			}
		}
		g.emitFirsts()
		return
	}
	for w := 0; w < s.numWords; w++ {
		for word := g.sources(w, marked); word != 0; {
			c := int(p.cellOf[w<<6|bits.TrailingZeros64(word)])
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
			if g.list == nil {
				if g.sink == sinkExists {
					g.found = true
					return
				}
				if g.skip(bits.OnesCount32(m)) {
					continue
				}
			}
			for m != 0 {
				k := bits.TrailingZeros32(m)
				m &= m - 1
				d := dirs[k]
				e := uint32(leap[c*nd+int(d)]) | uint32(d)<<16
				if ml := g.list; ml != nil {
					ml.moves = append(ml.moves, mv{off: int32(len(ml.arena)), n: 2, rule: int32(r.idx)})
					ml.arena = append(ml.arena, uint32(c), e)
					continue
				}
				s.path = append(s.path[:0], uint32(c), e)
				g.emit()
				if g.found {
					return
				}
			}
		}
	}
}

// emitFirsts emits the moves of a shift rule without chain on a one-word
// board, found by markShift (s.mark, g.td): per source in cell order, per
// direction, the leap of length L.
func (g *gen) emitFirsts() {
	p, s, r := g.p, g.s, g.r
	dirs := r.dirs[g.mover]
	L := r.length
	cellOf, shifts := p.cellOf, p.dirShift
	all := r.srcAll[g.mover]
	srcOK := r.srcOK[g.mover*p.ncodes : (g.mover+1)*p.ncodes]
	cells := s.cells
	td := &g.dirSources
	ml := g.list
	var moves []mv
	var arena []uint32
	n0, a0, j := 0, 0, 0
	rule := int32(r.idx)
	if ml != nil {
		n0, a0 = len(ml.moves), len(ml.arena)
		moves = slices.Grow(ml.moves, g.firsts)[:n0+g.firsts]
		arena = slices.Grow(ml.arena, 2*g.firsts)[:a0+2*g.firsts]
	}
	for mark := s.mark[0]; mark != 0; mark &= mark - 1 {
		b := bits.TrailingZeros64(mark)
		c := cellOf[b]
		if !all && !srcOK[cells[c]] {
			continue
		}
		if g.sink.countsAll() {
			cnt := 0
			for k := range dirs {
				cnt += int(td[k&31] >> uint(b) & 1)
			}
			if g.skip(cnt) {
				continue
			}
		}
		for k, d := range dirs {
			if td[k&31]>>uint(b)&1 == 0 {
				continue
			}
			e := uint32(cellOf[b+L*shifts[d]]) | uint32(d)<<16
			if ml != nil {
				moves[n0+j] = mv{off: int32(a0 + 2*j), n: 2, rule: rule}
				arena[a0+2*j], arena[a0+2*j+1] = uint32(c), e
				j++
				continue
			}
			s.path = append(s.path[:0], uint32(c), e)
			g.emit()
			if g.found {
				return
			}
		}
	}
	if ml != nil {
		ml.moves, ml.arena = moves[:n0+j], arena[:a0+2*j]
	}
}
