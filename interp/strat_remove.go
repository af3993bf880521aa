package interp

// removes generates removal moves (same code with and without fast paths).
func (g *gen) removes() {
	p, s, r := g.p, g.s, g.r
	var c *ectx
	if r.onto != nil || r.from != nil {
		c = p.guardCtx(s)
	}
	for cell, code := range s.cells {
		if !p.selects(r, g.mover, int(code)) {
			continue
		}
		if r.onto != nil || r.from != nil {
			c.cell, c.code, c.mcode, c.level = cell, int(code), int(code), s.height(cell)-1
			if (r.from != nil && r.from(c) == 0) || (r.onto != nil && r.onto(c) == 0) {
				continue
			}
		}
		s.path = append(s.path[:0], uint32(cell))
		g.emit()
		s.path = s.path[:0]
		if g.found {
			return
		}
	}
}
