package lang

import "github.com/ruleplay/ruleplay/ir"

// Capture by approach and withdrawal, and the chain properties
// that come with it: `capture: approach | withdrawal |
// approach-or-withdrawal` takes the unbroken line of enemy pieces beyond
// the landing cell (approach) or behind the start cell (withdrawal);
// `revisit: never` keeps a chain off every cell it has visited;
// `chain-dirs: turn` (read with the other chain-dirs) forbids the
// direction of the leap before.

// lineCaptureProps checks what a capture by approach or withdrawal needs
// (a leap of one length, moves named by their path, no stacks) and reads
// `revisit:` (which needs a chain).
func (c *checker) lineCaptureProps(e *Entry, ps map[string]*Entry, r *ir.MoveRule) bool {
	ok := c.revisitProp(e, ps, r)
	if !r.Capture.Lines() {
		return ok
	}
	at := ps["capture"].Pos
	switch {
	case r.LengthTo != 0 || r.Hurdle != nil:
		p := ps["length"]
		if p == nil {
			p = ps["hurdle"]
		}
		c.errorf(p.Pos, "give the jump one length (length: 2), or capture: jumped",
			"a capture by approach or withdrawal needs leaps of one length: the line taken starts next to the landing or the start")
		return false
	case r.TextEnds:
		c.errorf(ps["text"].Pos, "write text: path (or leave text out)",
			"moves capturing by approach or withdrawal are named by their path: two moves with the same ends may take different lines")
		return false
	case c.g.Stacking:
		c.errorf(at, "capture: jumped or landing in a game of stacks",
			"a capture by approach or withdrawal takes whole lines of pieces, which a game of stacks does not define")
		return false
	}
	return ok
}

// revisitProp reads `revisit: captures | never`: whether a leap that takes
// a piece may land on a cell the chain has visited (a leap taking nothing
// never may).
func (c *checker) revisitProp(e *Entry, ps map[string]*Entry, r *ir.MoveRule) bool {
	p, has := ps["revisit"]
	if !has {
		return true
	}
	i, set, ok := namedChoice(c, p, []string{"captures", "never"},
		"captures: a leap that takes a piece may land on a cell the chain visited; never: no leap may, the start included", "unknown revisit")
	if !set {
		return ok
	}
	if r.Chain == ir.ChainNone {
		c.errorf(p.Pos, "add chain: optional or chain: compulsory, or drop revisit", "revisit without a chain: the %s makes one leap a move", e.Key)
		return false
	}
	if i == 1 && (r.LengthTo != 0 || r.Hurdle != nil || r.TakenAtEnd) {
		c.errorf(p.Pos, "give the jump one length (no range, hurdle or taken: at-end), or drop revisit",
			"revisit: never needs leaps of one length")
		return false
	}
	r.Revisit = ir.Revisit(i)
	return true
}

// checkPreferLines refuses prefer (other than none) in a game with a
// capture by approach or withdrawal: the majority reads captured pieces
// from a move's path, which does not tell those lines.
func (c *checker) checkPreferLines(es []*Entry) {
	if len(c.g.Prefer) == 0 || len(es) == 0 {
		return
	}
	for _, m := range c.g.Moves {
		if m.Capture.Lines() {
			c.errorf(es[len(es)-1].Pos, "drop prefer, or capture with jumps",
				"prefer reads the captured pieces from a move's path; the move %s captures by approach or withdrawal, which its path does not tell", m.Name)
			c.g.Prefer = nil
			return
		}
	}
}

// boardDiagonals reads the board's `diagonals: all | dark | light` (square
// boards only): the cells the diagonal lines pass through (a board of
// lines: dark).
func (c *checker) boardDiagonals(ps map[string]*Entry, shape string) bool {
	p, has := ps["diagonals"]
	if !has {
		return true
	}
	i, set, ok := namedChoice(c, p, []string{"all", "dark", "light"},
		"the cells the diagonal lines pass through: every cell, the dark ones (a1 and every cell whose file index plus rank is even) or the light ones", "unknown diagonals")
	if !set {
		return ok
	}
	if shape != "square" {
		c.errorf(p.Pos, "drop diagonals: a hex board's six directions join every cell", "hex boards have no diagonals")
		return false
	}
	c.g.Board.Diagonals = ir.Diagonals(i)
	return true
}
