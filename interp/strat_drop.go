package interp

// dropStrategy: drops from the mover's hand (Drop rules).
type dropStrategy struct{}

func (dropStrategy) moves(g *gen) { g.drops() }
func (dropStrategy) name() string { return "drop" }

// drops emits the drops of rule g.r: for every cell in board order and
// every piece code the mover holds in hand and the rule places (in code
// order), the drop of that piece on the cell when the cell is empty (with
// stacking: any cell) and satisfies Onto, tested with the dropped piece as
// the moving piece. The path is one entry, cell | code<<16.
func (g *gen) drops() {
	p, s, r := g.p, g.s, g.r
	codes := r.dropCodes[g.mover]
	held := false
	for _, code := range codes {
		held = held || s.hand[code] > 0
	}
	if !held {
		return
	}
	var c *ectx
	if r.onto != nil {
		c = p.guardCtx(s)
	}
	for cell := 0; cell < p.numCells; cell++ {
		if s.cells[cell] != 0 && !p.stacking {
			continue
		}
		for _, code := range codes {
			if s.hand[code] == 0 {
				continue
			}
			if c != nil {
				c.cell, c.code, c.mcode, c.level = cell, int(s.cells[cell]), int(code), 0
				if r.onto(c) == 0 {
					continue
				}
			}
			s.path = append(s.path[:0], uint32(cell)|uint32(code)<<16)
			g.emit()
			s.path = s.path[:0]
			if g.found {
				return
			}
		}
	}
}
