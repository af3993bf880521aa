package interp

import (
	"github.com/ruleplay/ruleplay/interp/internal/accel"
	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
)

// majorityDecline tells why the tier of rules rs does not count its
// captures from the paths ("" when it does).
func majorityDecline(p *core.Program, rs []int) string {
	switch {
	case p.Off(core.AccelMajorityPaths) != "":
		return p.Off(core.AccelMajorityPaths)
	case p.Stacking:
		return "the game stacks pieces: a capture takes a stack's top piece alone"
	}
	for _, ri := range rs {
		if m := &p.Desc.Moves[ri]; m.Action != ir.Leap {
			return "rule " + m.Name + " is not a leap: its captures are counted by playing it"
		}
	}
	return ""
}

// tierNarrowing returns how a tier of rules rs that prefers the moves
// capturing the most is narrowed: from the paths when that applies, by
// playing each move otherwise.
func tierNarrowing(p *core.Program, ti int, rs []int) func(p *core.Program, s *core.State, ml *core.MoveList) {
	why := majorityDecline(p, rs)
	if why == "" {
		return accel.PreferMostFromPaths
	}
	p.DeclineFor(core.ScopeTier, ti, core.AccelMajorityPaths, why)
	return (*core.Program).PreferMost
}
