package interp

import (
	"fmt"
	"slices"

	"github.com/ruleplay/ruleplay/interp/internal/accel"
	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
)

// keptComponentsDecline tells why rule r does not keep its hop
// components from one generation to the next, or "" when it does.
func keptComponentsDecline(p *core.Program, r *core.Rule) string {
	if why := p.Off(core.AccelKeptComponents); why != "" {
		return why
	}
	if r.Chain == ir.ChainNone {
		return "it has no chain"
	}
	if why := hopSharesDecline(p, r); why != "" {
		return "its chains are not counted by shared hop components (" + why + ")"
	}
	return ""
}

// compileKeptComponents gives rule r kept components (hopRule.renew, and
// the movers' spans) when keptComponentsDecline says it applies.
func compileKeptComponents(p *core.Program, r *core.Rule) {
	h := accel.Tables(r).Hop
	if why := keptComponentsDecline(p, r); why != "" {
		if r.Chain != ir.ChainNone {
			p.DeclineFor(core.ScopeRule, r.Idx, core.AccelKeptComponents, why)
		}
		return
	}
	at, spans := accel.HopSpans(p, h)

	classes := map[string]int{} // (the movers' sets of directions)
	for mv := 0; mv < p.Players; mv++ {
		h.Movers[mv].SpansAt, h.Movers[mv].Spans = at[mv], spans[mv]
		dirs := slices.Sorted(slices.Values(r.Dirs[mv]))
		key := fmt.Sprint(dirs)
		if _, ok := classes[key]; !ok {
			classes[key] = len(classes)
		}
		h.Movers[mv].DirClass = classes[key]
	}
	h.Renew = accel.KeepComponents
	h.CountHow += "; components kept from one generation to the next where their hops did not change"
}
