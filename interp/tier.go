package interp

import (
	"slices"

	"github.com/ruleplay/ruleplay/interp/internal/accel"
	"github.com/ruleplay/ruleplay/interp/internal/core"
)

// planTidy decides the tidy steps of tier ti (its rules rs): narrowed to
// the most captures when the game prefers them and a rule captures, then
// merged by ends when its moves are named by them (unless they provably
// never share them: unique-ends), then deduplicated when two of its rules
// could give one text.
func planTidy(p *core.Program, ti int, t *core.Tier) {
	rs := t.Rules
	dedup := tierNeedsDedup(p, rs)
	if dedup {
		dedup = planDedup(p, rs)
	}
	ends := p.EndsTier(rs)
	if ends || dedup {
		if why := uniqueEndsDecline(p, rs); why == "" {
			ends, dedup = false, false // no two moves share their ends (ends_unique.go)
		} else if ends {
			p.DeclineFor(core.ScopeTier, ti, core.AccelUniqueEnds, why)
		}
	}
	t.Tidy = nil
	if p.TierPrefers(rs) {
		keep, how := tierNarrowing(p, ti, rs)
		t.Tidy = append(t.Tidy, &core.NarrowStep{How: how, Keep: keep})
	}
	if ends {
		t.Tidy = append(t.Tidy, &core.MergeEndsStep{})
	}
	if ends || dedup {
		t.Tidy = append(t.Tidy, &core.DedupStep{})
	}
}

// planTiers decides, for each tier, its gate, runners and touch
// (after the rules, the end and the blockade filter are compiled).
func planTiers(p *core.Program) {
	shapes := make([]core.TierShape, len(p.Tiers))
	compileBulk(p, shapes)
	// Playouts walk the chains of a tier from the first leaps the one-word
	// kernel found (a tier with the kernel, not bulk, whose every rule is
	// a short jump with chains not kept in one direction, without the
	// blockade filter), or from those found on several words.
	compileChainWalks(p, shapes, core.AccelKernelChains, kernelChainsDeclines, func(sh *core.TierShape, on bool) { sh.KernelChains = on })
	compileChainWalks(p, shapes, core.AccelMultiwordChains, multiwordChainsDeclines, func(sh *core.TierShape, on bool) { sh.WordChains = on })
	filtered := p.Blockade != nil
	countOff := p.Off(core.AccelCountPlayouts)
	counts := p.FiltersOnWords()
	for ti := range p.Tiers {
		shapes[ti].Groups = accel.GroupTier(p, &p.Tiers[ti]) || accel.HopCountTier(p, &p.Tiers[ti])
	}
	bulk := slices.ContainsFunc(shapes, func(sh core.TierShape) bool { return sh.Bulk })
	for ti := range p.Tiers {
		t, sh := &p.Tiers[ti], &shapes[ti]
		if countOff == "" && (sh.Bulk || sh.Groups) {
			counts = true
		}
		t.Gate = nil
		if sh.Shifts && !sh.Bulk && ti+1 < len(p.Tiers) {
			t.Gate = &accel.FirstLeapGate{}
		}
		t.Touch = accel.TouchedByMoves
		if sh.Bulk {
			t.Touch = accel.TouchedByFirstLeaps
		}
		var blockade core.TierRunner
		if filtered {
			blockade = &accel.FilteredWalkCounter{}
		}
		counter, drawer := &t.Run[core.ModeCount], &t.Run[core.ModeDraw]
		switch {
		case t.Listed():
			*counter = &core.ListCounter{}
			if !t.Merges() {
				*counter = &core.CheckedListCounter{}
			}
			*drawer = *counter
		case sh.Bulk && t.Kernel != nil && !filtered:
			*counter, *drawer = &accel.KernelCounter{}, &accel.KernelKeeper{}
			if p.SelectKept == nil { // (selectBulk serves kernel and bulk tiers)
				p.SelectKept = accel.SelectBulkK
			}
		case sh.Bulk:
			*counter, *drawer = &accel.BulkCounter{Filtered: blockade}, &accel.BulkKeeper{Filtered: blockade}
			p.SelectKept = accel.SelectBulk
		default:
			*counter = &core.WalkCounter{Gate: t.Gate}
			if filtered {
				*counter = &accel.FilteredWalkCounter{Gate: t.Gate}
			}
			switch {
			case sh.KernelChains:
				*drawer = &accel.KernelChainsCounter{}
			case sh.WordChains && !filtered:
				*drawer = &accel.WordChainsCounter{}
			case filtered || (countOff == "" && sh.Groups):
				*drawer = *counter
				if d, why := hopDrawer(p, ti, bulk); d != nil {
					*drawer, p.SelectKept = d, accel.SelectHop
				} else if accel.HopCountTier(p, t) {
					p.DeclineFor(core.ScopeTier, ti, core.AccelHopDraw, why)
				}
			default:
				*drawer = &core.WalkLister{Gate: t.Gate}
			}
		}
	}
	p.Playout = core.PlayoutByList{}
	if countOff != "" {
		p.DeclineFor(core.ScopeProgram, 0, core.AccelCountPlayouts, countOff)
	} else if counts {
		p.Playout = accel.PlayoutByCount{}
	}
	compileStepPlayouts(p)
}
