package core

import "github.com/ruleplay/ruleplay/ir"

// The reachability strategy serves the leap rules whose moves are named by
// their ends (ir.MoveRule.TextEnds) and whose optional chains capture
// nothing: the board does not change during such a move but for the
// moving piece, so whether a leap from cell x exists depends on x alone,
// and the moves of a piece are the cells reachable from its start by one
// leap or more. They are found by a depth-first search over cells with a
// visited set, never path by path: a position with hundreds of thousands
// of jump paths has at most one move per empty cell and piece. The path
// of a move is [start, end | d<<16] (d: the direction of a last leap), so
// its text is "start-end" and Apply moves the piece from start to end.
//
// A landing where the piece is promoted, or that satisfies the rule's
// ChainStop, ends the chain there: the cell is a move, but no leap goes on
// from it. With an inside lock (rule.inside), a piece that starts on a
// cell of the zone reaches only cells of it. Order: the moving piece's cell,
// then the landings in the order the search first meets them (from each
// cell reached, the rule's directions in order; the most recent cell is
// explored first).

// reachStrategy: chains named by their ends that capture nothing.
type ReachStrategy struct{}

func (ReachStrategy) Moves(g *Gen) { g.reachLeaps() }
func (ReachStrategy) Name() string { return "reachability" }

// Reachable tells whether rule m is served by reachability. A chain that
// keeps its first direction (ChainDirsSame) is not: it is a straight line,
// at most one path per start and direction, every landing a new end,
// and the walkers follow it (chain.go: eachFirstDir). A chain that may
// not turn back (ChainDirsNoReverse) is: its leaps have one length
// (long rules never come here) and capture nothing, so a leap turning
// back would land on the cell it came from, which its path holds. A
// chain that may not go on in the direction of the leap before
// (ChainDirsTurn) is not: which cells a leap reaches depends on the
// direction it came by.
func Reachable(m *ir.MoveRule) bool {
	return m.TextEnds && m.Capture == ir.CaptureNone && m.Chain == ir.ChainOptional &&
		m.ChainDirs != ir.ChainDirsSame && m.ChainDirs != ir.ChainDirsTurn
}

// reachLeaps emits the moves of every piece the rule selects.
func (g *Gen) reachLeaps() {
	p, s, r := g.P, g.S, g.R
	g.ctx = p.GuardCtx(s)
	g.Dirs = r.Dirs[g.Mover]
	for c := 0; c < p.NumCells; c++ {
		if !g.genericSource(c) {
			continue
		}
		g.reachFrom(c)
		if g.Found {
			return
		}
	}
}

// reachFrom lifts the piece g.pc off cell c and emits a move to every
// cell it reaches.
func (g *Gen) reachFrom(c int) {
	p, s, r := g.P, g.S, g.R
	if len(s.seen) < p.NumCells {
		s.seen = make([]bool, p.NumCells)
	}
	seen := s.seen[:p.NumCells]
	s.pop(p, c)
	seen[c] = true
	stack := append(s.Todo[:0], int32(c))
	found := append(s.reached[:0], int32(c))
	for len(stack) > 0 && !g.Found {
		x := int(stack[len(stack)-1])
		stack = stack[:len(stack)-1]
		for _, d := range g.Dirs {
			land := g.leapTo(x, int(d))
			if land < 0 || seen[land] || (r.Inside != nil && g.leavesInside(c, land)) {
				continue
			}
			seen[land] = true
			found = append(found, int32(land))
			s.Path = append(s.Path[:0], uint32(c), uint32(land)|uint32(d)<<16)
			g.Emit()
			if g.Found {
				break
			}
			if r.Chain != ir.ChainNone && !g.PromotesAt(land) && (r.ChainStop == nil || !g.test(r.ChainStop, land)) {
				stack = append(stack, int32(land))
			}
		}
	}
	for _, x := range found {
		seen[x] = false
	}
	s.Todo, s.reached = stack, found
	s.Path = s.Path[:0]
	s.push(p, c, g.Piece)
}

// leapTo returns the landing cell of the leap of the piece g.pc from
// cell x in direction d, or -1 when there is none: every cell passed over
// satisfies Over, the landing satisfies Onto and is empty (without
// stacking). The piece is not on the board (it stands at x).
func (g *Gen) leapTo(x, d int) int {
	p, s, r := g.P, g.S, g.R
	L := int(r.LenCode[g.Piece])
	g.ctx.Mcode, g.ctx.Level = int(g.Piece), s.height(x)
	y := x
	for k := 1; k <= L; k++ {
		y = int(p.Neighbours[y*p.NumDirs+d])
		if y < 0 {
			return -1
		}
		if k < L && !g.test(r.Over, y) {
			return -1
		}
	}
	if !g.test(r.Onto, y) || (s.Cells[y] != 0 && !p.Stacking) {
		return -1
	}
	return y
}
