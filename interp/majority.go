package interp

import "github.com/ruleplay/ruleplay/ir"

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
// tables, the generic walker.

// majorityDecline tells why the tier of rules rs does not count its
// captures from the paths ("" when it does).
func (p *Program) majorityDecline(rs []int) string {
	switch {
	case p.off(accelMajorityPaths) != "":
		return p.off(accelMajorityPaths)
	case p.stacking:
		return "the game stacks pieces: a capture takes a stack's top piece alone"
	}
	for _, ri := range rs {
		if m := &p.game.Moves[ri]; m.Action != ir.Leap {
			return "rule " + m.Name + " is not a leap: its captures are counted by playing it"
		}
	}
	return ""
}

// tierNarrowing returns how a tier of rules rs that prefers the moves
// capturing the most is narrowed: from the paths when that applies, by
// playing each move otherwise.
func (p *Program) tierNarrowing(ti int, rs []int) func(p *Program, s *State, ml *MoveList) {
	why := p.majorityDecline(rs)
	if why == "" {
		return (*Program).preferMostFromPaths
	}
	p.declineFor(scopeTier, ti, accelMajorityPaths, why)
	return (*Program).preferMost
}

// preferMostFromPaths keeps, of the moves of ml (a tier's), those that
// capture the most pieces, counted from their paths.
func (p *Program) preferMostFromPaths(s *State, ml *MoveList) {
	if len(ml.moves) < 2 {
		return
	}
	x := s.ax()
	x.caps = x.caps[:0]
	best := int32(0)
	for _, m := range ml.moves {
		n := int32(0)
		if m.rule >= 0 {
			buf := p.endsCaptured(s, &p.rules[m.rule], ml.arena[m.off:m.off+m.n], x.ecaps[:0])
			n, x.ecaps = int32(len(buf)), buf
		}
		x.caps = append(x.caps, n)
		best = max(best, n)
	}
	keepBest(ml, x.caps, best)
}
