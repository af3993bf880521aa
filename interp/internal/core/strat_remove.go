package core

// removes generates removal moves (same code with and without fast paths).
func (g *Gen) removes() {
	p, s, r := g.P, g.S, g.R
	var c *Ectx
	if r.Onto != nil || r.From != nil {
		c = p.GuardCtx(s)
	}
	for cell, code := range s.Cells {
		if !p.Selects(r, g.Mover, int(code)) {
			continue
		}
		if r.Onto != nil || r.From != nil {
			c.Cell, c.Code, c.Mcode, c.Level = cell, int(code), int(code), s.height(cell)-1
			if (r.From != nil && r.From(c) == 0) || (r.Onto != nil && r.Onto(c) == 0) {
				continue
			}
		}
		s.Path = append(s.Path[:0], uint32(cell))
		g.Emit()
		s.Path = s.Path[:0]
		if g.Found {
			return
		}
	}
}
