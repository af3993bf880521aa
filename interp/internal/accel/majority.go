package accel

import (
	"github.com/ruleplay/ruleplay/interp/internal/core"
)

// The majority counted from the paths: a tier narrowed to the moves that
// capture the most (ir.PreferMostCaptured, a narrowStep among the tier's tidy steps) whose rules are
// all leaps, in a game without stacks. The generic narrowing (jumping.go
// preferMost) plays each move and takes it back to count what it took;
// here the count is read from the move's path on the position before it,
// with no make and unmake: a leap takes the pieces on the cells it passes
// over (capturing the jumped pieces) or on its landing (capturing by
// landing), every cell once, the start cell never (the moving piece has
// left it). Without stacks a cell holds one piece, so those cells are
// exactly the pieces the move takes (endsCaptured lists them). It serves
// every walker of such a tier alike: the long-leap table, the leap
// tables, the generic walker. It serves the one criterion most-captured;
// a preference with more criteria (moved KIND, most-captured KIND,
// earliest-captured KIND) is narrowed by the core's PreferInOrder, which
// reads them from the paths too (the planner declines this unit then).

// PreferMostFromPaths keeps, of the moves of ml (a tier's), those that
// capture the most pieces, counted from their paths.
func PreferMostFromPaths(p *core.Program, s *core.State, ml *core.MoveList) {
	if len(ml.Moves) < 2 {
		return
	}
	x := s.Ax()
	x.Caps = x.Caps[:0]
	best := int32(0)
	for _, m := range ml.Moves {
		n := int32(0)
		if m.Rule >= 0 {
			buf := p.EndsCaptured(s, &p.Rules[m.Rule], ml.Arena[m.Off:m.Off+m.N], x.Ecaps[:0])
			n, x.Ecaps = int32(len(buf)), buf
		}
		x.Caps = append(x.Caps, n)
		best = max(best, n)
	}
	core.KeepBest(ml, x.Caps, best)
}
