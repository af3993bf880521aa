package interp

import (
	"fmt"

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
	case !p.PrefersMostCapturedOnly():
		return "the preference has criteria beyond most-captured, which the core reads from the paths (PreferInOrder)"
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

// tierNarrowing returns how a tier of rules rs that prefers some moves
// is narrowed, and its name: the most captures from the paths when that
// applies (majority-paths), by playing each move otherwise; criteria
// beyond most-captured by the core's PreferInOrder.
func tierNarrowing(p *core.Program, ti int, rs []int) (func(p *core.Program, s *core.State, ml *core.MoveList), string) {
	why := majorityDecline(p, rs)
	if why == "" {
		return accel.PreferMostFromPaths, "majority-paths"
	}
	p.DeclineFor(core.ScopeTier, ti, core.AccelMajorityPaths, why)
	if !p.PrefersMostCapturedOnly() {
		return (*core.Program).PreferInOrder, "criteria in order, read from the paths"
	}
	return (*core.Program).PreferMost, "each move played"
}

// preferenceError tells why the game's preference cannot be read (nil
// when it can): criteria beyond most-captured are read from a move's path
// on the position before it (core.PreferInOrder), which needs every rule
// that captures to be a leap or a removal, in a game without stacks.
func preferenceError(p *core.Program) error {
	if len(p.Desc.Prefer) == 0 || p.PrefersMostCapturedOnly() {
		return nil
	}
	if p.Stacking {
		return fmt.Errorf("prefer: criteria beyond most-captured need a game without stacks")
	}
	for _, m := range p.Desc.Moves {
		captures := m.Capture != ir.CaptureNone || m.Action == ir.Remove || m.GroupCapture != nil
		if captures && m.Action != ir.Leap && m.Action != ir.Remove {
			return fmt.Errorf("prefer: criteria beyond most-captured read captures from leaps and removals; rule %s (%s) captures otherwise", m.Name, m.Pos)
		}
	}
	return nil
}
