package interp

import (
	"slices"

	"github.com/ruleplay/ruleplay/interp/internal/accel"
	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
)

// hopDrawer returns the drawer of tier ti for hop-draw
// (accel/hop_draw.go), or nil and why it declines. bulk tells that a
// tier of the program is drawn by bulk, which selects its moves with its
// own Program.SelectKept.
func hopDrawer(p *core.Program, ti int, bulk bool) (*accel.HopDrawer, string) {
	t := &p.Tiers[ti]
	switch {
	case p.Off(core.AccelHopDraw) != "":
		return nil, p.Off(core.AccelHopDraw)
	case p.Blockade != nil:
		return nil, "the game has the no-blockade filter"
	case bulk:
		return nil, "a tier of the game is drawn by bulk"
	case !accel.HopCountTier(p, t):
		return nil, "hop-count does not count the tier"
	case len(t.Rules) > 2:
		return nil, "the tier has more than two rules"
	}
	d := &accel.HopDrawer{Rules: slices.Clone(t.Rules), Steps: -1}
	chains := -1
	for k, ri := range t.Rules {
		r := &p.Rules[ri]
		h := accel.Tables(r).Hop
		switch {
		case h.Key == nil || h.Sources != nil:
			return nil, "rule " + r.Name + " tells piece codes of an occupancy slot apart"
		case r.Chain == ir.ChainNone && h.L == 1 && d.Steps < 0:
			d.Steps = k
		case r.Chain != ir.ChainNone && hopSharesDecline(p, r) == "" && chains < 0:
			chains = k
		default:
			return nil, "rule " + r.Name + " is neither the tier's steps nor its chains counted by shared hop components"
		}
	}
	d.StepLand = accel.LandOfSteps
	if len(t.Rules) == 2 {
		a, b := &p.Rules[t.Rules[0]], &p.Rules[t.Rules[1]]
		if !samePieces(p, a, b) {
			return nil, "its rules move different pieces"
		}
		if slices.Equal(accel.Tables(a).Hop.Onto, accel.Tables(b).Hop.Onto) {
			d.StepLand = accel.LandOfChains // (the steps land where the chains' first hops may)
		}
	}
	return d, ""
}

// samePieces tells whether rules a and b of the hop table move the same
// pieces for every mover: the same occupancy slots, the same From cells,
// sets of the same words.
func samePieces(p *core.Program, a, b *core.Rule) bool {
	ha, hb := accel.Tables(a).Hop, accel.Tables(b).Hop
	if ha.Words != hb.Words || !slices.Equal(ha.From, hb.From) {
		return false
	}
	for mv := 0; mv < p.Players; mv++ {
		if a.SrcSlots[mv] != b.SrcSlots[mv] {
			return false
		}
	}
	return true
}
