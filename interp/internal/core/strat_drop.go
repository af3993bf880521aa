package core

// dropStrategy: drops from the mover's hand (Drop rules).
type DropStrategy struct{}

func (DropStrategy) Moves(g *Gen) { g.drops() }
func (DropStrategy) Name() string { return "drop" }

// drops emits the drops of rule g.r: for every cell in board order and
// every piece code the mover holds in hand and the rule places (in code
// order), the drop of that piece on the cell when the cell is empty (with
// stacking: any cell) and satisfies Onto, tested with the dropped piece as
// the moving piece. The path is one entry, cell | code<<16.
func (g *Gen) drops() {
	p, s, r := g.P, g.S, g.R
	codes := r.DropCodes[g.Mover]
	held := false
	for _, code := range codes {
		held = held || s.Hand[code] > 0
	}
	if !held {
		return
	}
	var c *Ectx
	if r.Onto != nil {
		c = p.GuardCtx(s)
	}
	for cell := 0; cell < p.NumCells; cell++ {
		if s.Cells[cell] != 0 && !p.Stacking {
			continue
		}
		for _, code := range codes {
			if s.Hand[code] == 0 {
				continue
			}
			if c != nil {
				c.Cell, c.Code, c.Mcode, c.Level = cell, int(s.Cells[cell]), int(code), 0
				if r.Onto(c) == 0 {
					continue
				}
			}
			s.Path = append(s.Path[:0], uint32(cell)|uint32(code)<<16)
			g.Emit()
			s.Path = s.Path[:0]
			if g.Found {
				return
			}
		}
	}
}
