package core

// Groups generates the group moves of rule g.r (the same code with and
// without fast paths). Order: the head's cell, then direction, then the
// number of stones k, then the distance s.
func (g *Gen) Groups() {
	p, s, r := g.P, g.S, g.R
	nd := p.NumDirs
	c := p.GuardCtx(s)
	g.ctx = c
	line := g.groupStones()
	in := func(x int32) bool { return x >= 0 && line[x>>6]>>(uint(x)&63)&1 != 0 }
	for h := 0; h < p.NumCells; h++ {
		if !in(int32(h)) {
			continue
		}
		for _, d := range r.Dirs[g.Mover] {
			if in(p.Neighbours[h*nd+int(d)]) {
				continue // h is not the end of its line facing d
			}
			n := 1
			for b := p.Back[h*nd+int(d)]; in(b); b = p.Back[int(b)*nd+int(d)] {
				n++
			}
			tail := h
			for k := 1; k <= n; k++ {
				if k > 1 {
					tail = int(p.Back[tail*nd+int(d)])
				}
				if g.groupAhead(tail, h, int(d), k) {
					return
				}
			}
		}
	}
}

// groupStones marks (in s.mark, by cell index) the stones that can be
// part of a line of rule g.r: selected pieces whose From holds.
func (g *Gen) groupStones() []uint64 {
	p, s, r, c := g.P, g.S, g.R, g.ctx
	line := s.Mark
	clear(line)
	for cell := 0; cell < p.NumCells; cell++ {
		code := s.Cells[cell]
		if !p.Selects(r, g.Mover, int(code)) {
			continue
		}
		if r.From != nil {
			c.Mcode, c.Level = int(code), s.height(cell)-1
			if !g.test(r.From, cell) {
				continue
			}
		}
		line[cell>>6] |= 1 << (uint(cell) & 63)
	}
	return line
}

// groupAhead emits the moves of the line of k stones from tail to head h
// in direction d: the landings on the cells ahead of h, up to k of them,
// and a capture where the walk meets an enemy run. It reports whether the
// generation must stop (g.found).
func (g *Gen) groupAhead(tail, h, d, k int) bool {
	p, s, r, c := g.P, g.S, g.R, g.ctx
	nd := p.NumDirs
	c.Mcode, c.Level = int(s.Cells[h]), s.height(h)-1
	x := h
	for st := 1; st <= k; st++ {
		x = int(p.Neighbours[x*nd+d])
		if x < 0 {
			break
		}
		if (s.Cells[x] == 0 || p.Stacking) && g.test(r.Onto, x) {
			if r.Inside != nil && g.groupLeaves(tail, h, d, st) {
				continue
			}
			g.emitGroup(tail, h, x, d, false)
			if g.Found {
				return true
			}
			continue
		}
		if r.Enemy != nil && g.test(r.Enemy, x) {
			run := 1
			for y := p.Neighbours[x*nd+d]; y >= 0 && g.test(r.Enemy, int(y)); y = p.Neighbours[int(y)*nd+d] {
				run++
			}
			c.Gsize, c.Grun, c.Gdist = k, run, st
			if (r.Gwhen == nil || r.Gwhen(c) != 0) && (r.Inside == nil || !g.groupLeaves(tail, h, d, st)) {
				g.emitGroup(tail, h, x, d, true)
				return g.Found
			}
		}
		break
	}
	return false
}

// emitGroup records a group move: [head, dest | d<<16 (| flagCapture)]
// and, for more than one stone, tail | flagTail.
func (g *Gen) emitGroup(tail, head, dest, d int, capture bool) {
	ml := g.List
	if ml == nil {
		if g.Sink == SinkExists {
			g.Found = true
			return
		}
		// (no filter: the filtered sinks have no group rules)
		if g.Sel < 0 || g.N != g.Sel {
			g.N++
			return
		}
		g.N++
		g.Found = true
		ml = g.Out
	}
	e := uint32(dest) | uint32(d)<<16
	if capture {
		e |= FlagCapture
	}
	n := int32(2)
	ml.Arena = append(ml.Arena, uint32(head), e)
	if tail != head {
		n = 3
		ml.Arena = append(ml.Arena, uint32(tail)|FlagTail)
	}
	ml.Moves = append(ml.Moves, Mv{Off: int32(len(ml.Arena)) - n, N: n, Rule: int32(g.R.Idx)})
}
