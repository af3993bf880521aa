package interp

import (
	"github.com/ruleplay/ruleplay/interp/internal/accel"
	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
)

// uniqueEndsDecline tells why the moves of the tier of rules rs might
// share their ends (then the tier is merged), or "" when they never do.
func uniqueEndsDecline(p *core.Program, rs []int) string {
	if why := p.Off(core.AccelUniqueEnds); why != "" {
		return why
	}
	var leaps, others []int
	for _, ri := range rs {
		switch p.Rules[ri].Action {
		case ir.Leap:
			leaps = append(leaps, ri)
		case ir.Drop, ir.Remove:
			others = append(others, ri)
		default:
			return "a group move may have a leap's text"
		}
	}
	if tierNeedsDedup(p, others) {
		return "two drops or removals may give one text"
	}
	rs = leaps // (a leap's text is never a drop's or a removal's: tierNeedsDedup)
	for _, ri := range rs {
		r, m := &p.Rules[ri], &p.Desc.Moves[ri]
		switch {
		case !r.NamedByEnds:
			return "a leap of the tier is not named by its ends"
		case m.LengthProp != "" || len(r.Lengths) != 1 || r.Long != nil:
			return "a rule's leap length is not one fixed length"
		case r.Chain != ir.ChainNone && !r.ReachesOnce():
			return "a chain is not found by reachability"
		case r.Capture != ir.CaptureNone:
			return "a rule captures (moves with the same ends may take different pieces)"
		}
	}
	for j, bi := range rs {
		for _, ai := range rs[:j] {
			ra, rb := &p.Rules[ai], &p.Rules[bi]
			if srcDisjoint(p, ra, rb) {
				continue
			}
			if ra.Chain != ir.ChainNone && rb.Chain != ir.ChainNone {
				return "two chain rules may reach the same cell"
			}
			if ra.Chain != ir.ChainNone {
				ra, rb = rb, ra
			}
			if !accel.LandingsApart(p, ra, rb) {
				return "a leap of " + ra.Name + " may land where " + rb.Name + " does"
			}
		}
	}
	return ""
}
