package interp

import (
	"fmt"

	"github.com/ruleplay/ruleplay/interp/internal/accel"
	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
)

// compileBulk decides which tiers are shift tiers and bulk tiers
// (shapes, per tier).
func compileBulk(p *core.Program, shapes []core.TierShape) {
	for ti := range p.Tiers {
		t := &p.Tiers[ti]
		why := bulkDeclines(p, t)
		p.DeclineFor(core.ScopeTier, ti, core.AccelBulk, why)
		sh := &shapes[ti]
		sh.Shifts = why == ""
		noChain := true
		for _, ri := range t.Rules {
			noChain = noChain && p.Rules[ri].Chain == ir.ChainNone
		}
		sh.Bulk = sh.Shifts && noChain && !t.Merges()
	}
	p.BulkPad = 2
	if p.NumWords == 1 {
		p.BulkPad = 0 // shifts are rotations (wordLeaps)
	}
	for ti := range p.Tiers {
		t := &p.Tiers[ti]
		if !shapes[ti].Shifts {
			continue
		}
		for _, ri := range t.Rules {
			r := &p.Rules[ri]
			compileRuleSlots(p, r)
			for _, ds := range r.Dirs {
				for _, d := range ds {
					if p.NumWords > 1 {
						p.BulkPad = max(p.BulkPad, 2+core.Abs(p.DirShift[d]*r.Length)/64)
					}
				}
			}
		}
		compileKernel(p, ti, t, &shapes[ti])
	}
}

// bulkDeclines tells why tier t's first leaps cannot be found on bitsets
// ("" when they can: a shift tier): every rule must be a shift rule or a
// removal without conditions.
func bulkDeclines(p *core.Program, t *core.Tier) string {
	if why := p.Off(core.AccelBulk); why != "" {
		return why
	}
	if p.Stacking {
		return "the game has stacks"
	}
	for _, ri := range t.Rules {
		if why := shiftRuleDeclines(p, &p.Rules[ri]); why != "" {
			return why
		}
	}
	return ""
}

// shiftRuleDeclines tells why rule r's first leaps cannot be found on
// bitsets ("" when they can): it must be a shift rule or a removal
// without conditions.
func shiftRuleDeclines(p *core.Program, r *core.Rule) string {
	switch r.Action {
	case ir.Remove:
		if !r.PlainRemoval() {
			return fmt.Sprintf("removal %s has conditions", r.Name)
		}
	case ir.Leap:
		return accel.NotShiftRule(p, r)
	case ir.Group:
		return fmt.Sprintf("rule %s is a group move", r.Name)
	case ir.Drop:
		return fmt.Sprintf("rule %s is a drop", r.Name)
	default:
		return fmt.Sprintf("rule %s is not a leap", r.Name)
	}
	return ""
}

// compileRuleSlots builds the rule's Sets (shift rules and plain removals).
func compileRuleSlots(p *core.Program, r *core.Rule) {
	accel.Tables(r).Sets = make([]accel.RuleSlots, p.Players)
	for pl := range accel.Tables(r).Sets {
		ss := &accel.Tables(r).Sets[pl]
		byCode := r.SrcOK != nil && !r.SrcAll[pl]
		var om, em uint64
		if r.OverSlots != nil {
			om, em = r.OverSlots[pl], r.OntoSlots[pl]
		}
		for sl := 0; sl <= p.Players; sl++ {
			if r.SrcSlots[pl]>>uint(sl)&1 != 0 && !byCode {
				ss.Src = append(ss.Src, int32(sl))
			}
			if om>>uint(sl)&1 != 0 {
				ss.Over = append(ss.Over, int32(sl))
			}
			if em>>uint(sl)&1 != 0 {
				ss.Onto = append(ss.Onto, int32(sl))
			}
		}
		if byCode {
			for code := 1; code < p.Ncodes; code++ {
				if r.SrcOK[pl*p.Ncodes+code] {
					ss.Codes = append(ss.Codes, int32(code))
				}
			}
		}
		ss.OverEmpty = -(om >> uint(p.Players+1) & 1)
		ss.OntoEmpty = -(em >> uint(p.Players+1) & 1)
		ss.Few = len(ss.Src) <= 3 && len(ss.Over) <= 3 && len(ss.Onto) <= 3 && p.Players+2 <= 8
		for k := range ss.Idx {
			ss.Idx[k] = uint8(p.Players + 1)
		}
		for j, list := range [][]int32{ss.Src, ss.Over, ss.Onto} {
			for k, sl := range list {
				if k < 3 {
					ss.Idx[3*j+k] = uint8(sl)
				}
			}
		}
		if p.NumWords == 1 && r.Action != ir.Remove {
			for _, d := range r.Dirs[pl] {
				ss.Dirs = append(ss.Dirs, accel.WordDir{Valid: r.ValidL[d], Sh: p.DirShift[d]})
			}
		}
	}
}

// compileChainWalks decides, per tier, whether accelerator a (kernel-chains
// or multiword-chains) walks its chains from the first leaps found on
// words: declines tells why not, and set records the answer in the
// tier's shape. A tier of shift rules that bulk does not serve is one it
// could concern, and gets the reason.
func compileChainWalks(p *core.Program, shapes []core.TierShape, a core.Accel, declines func(*core.Program, *core.Tier, *core.TierShape) string, set func(*core.TierShape, bool)) {
	for ti := range p.Tiers {
		t, sh := &p.Tiers[ti], &shapes[ti]
		why := declines(p, t, sh)
		set(sh, why == "")
		if sh.Shifts && !sh.Bulk {
			p.DeclineFor(core.ScopeTier, ti, a, why)
		}
	}
}

// multiwordChainsDeclines tells why tier t's chains are not walked from
// the first leaps found on several words ("" when they are:
// tierShape.wordChains).
func multiwordChainsDeclines(p *core.Program, t *core.Tier, sh *core.TierShape) string {
	switch {
	case p.Off(core.AccelMultiwordChains) != "":
		return p.Off(core.AccelMultiwordChains)
	case p.NumWords == 1:
		return "the board is one word"
	case !sh.Shifts:
		return "needs bulk, which declined"
	case sh.Bulk:
		return "the tier has no chains"
	case t.Listed():
		return "the tier's moves are listed (deduplicated or narrowed to the most captures)"
	case len(t.Rules) > core.MaxBulk:
		return fmt.Sprintf("more than %d rules", core.MaxBulk)
	}
	for _, ri := range t.Rules {
		r := &p.Rules[ri]
		if r.Action != ir.Leap || r.Gen != core.GenLeap || r.Chain == ir.ChainNone {
			return fmt.Sprintf("rule %s is not a leap with chains on the leap table", r.Name)
		}
	}
	return ""
}
