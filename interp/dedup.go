package interp

import (
	"github.com/ruleplay/ruleplay/interp/internal/accel"
	"github.com/ruleplay/ruleplay/interp/internal/core"
)

// planDedup runs after tierNeedsDedup found that two rules of tier t could
// give the same text, and looks at each pair of rules a < b of the tier.
// When both are genStack rules (a without guard), the leaps of b that are
// known to duplicate one of a are left out of b's lists (stackImplies, see
// strat_stack.go); if that leaves no duplicate, the pair needs nothing
// more. Otherwise a gets the role ddMark and b ddCheck. When no pair is
// left, the tier needs no deduplication pass (and its moves can be counted
// without being built); otherwise the pass looks only at the moves of the
// rules with a role.
func planDedup(p *core.Program, rs []int) (left bool) {
	for j, bi := range rs {
		for _, ai := range rs[:j] {
			if !tierNeedsDedup(p, []int{ai, bi}) {
				continue
			}
			ra, rb := &p.Rules[ai], &p.Rules[bi]
			if ra.Gen == core.GenStack && rb.Gen == core.GenStack && ra.When == nil && accel.DropStackDups(p, ra, rb) {
				continue
			}
			ra.DdRole |= core.DdMark
			rb.DdRole |= core.DdCheck
			left = true
		}
	}
	return left
}
