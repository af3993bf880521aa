package interp

import "math/bits"

// groups generates the group moves of rule g.r (the same code with and
// without fast paths). Order: the head's cell, then direction, then the
// number of stones k, then the distance s.
func (g *gen) groups() {
	p, s, r := g.p, g.s, g.r
	nd := p.nd
	c := p.guardCtx(s)
	g.ctx = c
	dirs := r.dirs[g.mover]
	// The stones that can be part of a line.
	line := s.mark
	clear(line)
	for cell := 0; cell < p.nc; cell++ {
		code := s.cells[cell]
		if !p.selects(r, g.mover, int(code)) {
			continue
		}
		if r.from != nil {
			c.mcode, c.level = int(code), s.height(cell)-1
			if !g.test(r.from, cell) {
				continue
			}
		}
		line[cell>>6] |= 1 << (uint(cell) & 63)
	}
	in := func(x int32) bool { return x >= 0 && line[x>>6]>>(uint(x)&63)&1 != 0 }
	for h := 0; h < p.nc; h++ {
		if !in(int32(h)) {
			continue
		}
		for _, d := range dirs {
			if in(p.nb[h*nd+int(d)]) {
				continue // h is not the end of its line facing d
			}
			n := 1
			for b := p.back[h*nd+int(d)]; in(b); b = p.back[int(b)*nd+int(d)] {
				n++
			}
			tail := h
			for k := 1; k <= n; k++ {
				if k > 1 {
					tail = int(p.back[tail*nd+int(d)])
				}
				c.mcode, c.level = int(s.cells[h]), s.height(h)-1
				x := h
				for st := 1; st <= k; st++ {
					x = int(p.nb[x*nd+int(d)])
					if x < 0 {
						break
					}
					if (s.cells[x] == 0 || p.stacking) && g.test(r.onto, x) {
						g.emitGroup(tail, h, x, int(d), false)
						if g.found {
							return
						}
						continue
					}
					if r.enemy != nil && g.test(r.enemy, x) {
						run := 1
						for y := p.nb[x*nd+int(d)]; y >= 0 && g.test(r.enemy, int(y)); y = p.nb[int(y)*nd+int(d)] {
							run++
						}
						c.gsize, c.grun, c.gdist = k, run, st
						if r.gwhen == nil || r.gwhen(c) != 0 {
							g.emitGroup(tail, h, x, int(d), true)
							if g.found {
								return
							}
						}
					}
					break
				}
			}
		}
	}
}

// fastGroups is groups for rules with tabulated conditions (genGroupFast):
// the line is a bitset, neighbours come from the leap table of length 1
// (off the board: the sentinel cell, whose wall code satisfies nothing).
func (g *gen) fastGroups() {
	p, s, r := g.p, g.s, g.r
	nd, ncodes, nc := p.nd, p.ncodes, p.nc
	cells := s.cellsW
	dirs := r.dirs[g.mover]
	srcOK := r.srcOK[g.mover*ncodes : (g.mover+1)*ncodes]
	onto := r.ontoTab[g.mover*r.tabSize : (g.mover+1)*r.tabSize]
	enemy := r.enemyTab[g.mover*r.tabSize : (g.mover+1)*r.tabSize]
	stride := r.stride
	next := r.leap
	back := p.back
	line := s.mark
	bitOf := p.bitOf
	for w := 0; w < s.nw; w++ {
		word := g.srcWord(w)
		m := word
		for word != 0 {
			b := w<<6 | bits.TrailingZeros64(word)
			word &= word - 1
			if !srcOK[cells[p.cellOf[b]]] {
				m &^= 1 << (uint(b) & 63)
			}
		}
		line[w] = m
	}
	// On one word with shifts, the heads facing each direction (the
	// stones whose next cell in d is no stone of a line) are bitsets, and
	// the runs are walked back on bits.
	var heads [32]uint64
	shifted := s.nw == 1 && len(dirs) <= 32 && p.backValid != nil
	if shifted {
		valid := r.validL
		for k, d := range dirs {
			if !p.dirShiftOK[d] {
				shifted = false
				break
			}
			heads[k] = line[0] &^ (valid[d] & shr1(line[0], p.dirShift[d]))
		}
	}
	var c *ectx
	lands := s.lands[:0]
	for w := 0; w < s.nw; w++ {
		word := line[w]
		for word != 0 {
			hb := w<<6 | bits.TrailingZeros64(word)
			h := int(p.cellOf[hb])
			word &= word - 1
			// The directions h is a head for.
			var hm uint32
			if shifted {
				for k := range dirs {
					hm |= uint32(heads[k&31]>>uint(hb&63)&1) << uint(k)
				}
			} else {
				for k, d := range dirs {
					if x := int(next[h*nd+int(d)]); x == nc || line[bitOf[x]>>6]>>(uint(bitOf[x])&63)&1 == 0 {
						hm |= 1 << uint(k)
					}
				}
			}
			for ; hm != 0; hm &= hm - 1 {
				k := bits.TrailingZeros32(hm)
				d := dirs[k]
				n := 1
				if shifted {
					sh, bv, l := p.dirShift[d], p.backValid[d], line[0]
					for b := hb; bv>>uint(b&63)&1 != 0 && l>>uint((b-sh)&63)&1 != 0; b -= sh {
						n++
					}
				} else {
					for b := back[h*nd+int(d)]; b >= 0 && line[bitOf[b]>>6]>>(uint(bitOf[b])&63)&1 != 0; b = back[int(b)*nd+int(d)] {
						n++
					}
				}
				// The cells ahead of the head: f landings (at most n), then
				// the cell that stops the walk.
				lands = lands[:0]
				x := h
				for len(lands) < n {
					x = int(next[x*nd+int(d)])
					if onto[x*stride+int(cells[x])] == 0 {
						break
					}
					lands = append(lands, int32(x))
				}
				f := len(lands)
				run := 0 // the enemy run from the stop cell (0: no enemy there)
				if f < n && enemy[x*stride+int(cells[x])] != 0 {
					run = 1
					for y := int(next[x*nd+int(d)]); enemy[y*stride+int(cells[y])] != 0; y = int(next[y*nd+int(d)]) {
						run++
					}
				}
				tail := h
				for k := 1; k <= n; k++ {
					if k > 1 {
						tail = int(back[tail*nd+int(d)])
					}
					for st := 1; st <= k && st <= f; st++ {
						g.emitGroup(tail, h, int(lands[st-1]), int(d), false)
						if g.found {
							s.lands = lands
							return
						}
					}
					if k <= f || run == 0 {
						continue
					}
					ok := true
					if r.gwhen != nil {
						if c == nil {
							c = p.guardCtx(s)
						}
						c.gsize, c.grun, c.gdist = k, run, f+1
						ok = r.gwhen(c) != 0
					}
					if ok {
						g.emitGroup(tail, h, x, int(d), true)
						if g.found {
							s.lands = lands
							return
						}
					}
				}
			}
		}
	}
	s.lands = lands
}

// emitGroup records a group move: [head, dest | d<<16 (| flagCapture)]
// and, for more than one stone, tail | flagTail.
func (g *gen) emitGroup(tail, head, dest, d int, capture bool) {
	ml := g.ml
	if ml == nil {
		if !g.count {
			g.found = true
			return
		}
		// (no filter: blockFast has no group rules)
		if g.sel < 0 || g.n != g.sel {
			g.n++
			return
		}
		g.n++
		g.found = true
		ml = g.out
	}
	e := uint32(dest) | uint32(d)<<16
	if capture {
		e |= flagCapture
	}
	n := int32(2)
	ml.arena = append(ml.arena, uint32(head), e)
	if tail != head {
		n = 3
		ml.arena = append(ml.arena, uint32(tail)|flagTail)
	}
	ml.moves = append(ml.moves, mv{off: int32(len(ml.arena)) - n, n: n, rule: int32(g.r.idx)})
}
