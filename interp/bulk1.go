package interp

import (
	"fmt"

	"github.com/ruleplay/ruleplay/interp/internal/accel"
	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
)

// compileKernel builds t.kernel and t.kernelPairs (nil when some rule of
// t does not fit), t being tier ti, of shape sh.
func compileKernel(p *core.Program, ti int, t *core.Tier, sh *core.TierShape) {
	decline := func(why string) { p.DeclineFor(core.ScopeTier, ti, core.AccelKernel, why) }
	switch {
	case p.Off(core.AccelKernel) != "":
		decline(p.Off(core.AccelKernel))
		return
	case !sh.Shifts:
		decline("needs bulk, which declined")
		return
	case p.NumWords != 1:
		decline(fmt.Sprintf("the board needs %d words", p.NumWords))
		return
	case p.Players+2 > core.KernSlots:
		decline(fmt.Sprintf("more than %d players", core.KernSlots-2))
		return
	}
	flat, paired := make([][]core.KernGroup, p.Players), make([][]core.KernGroup, p.Players)
	for pl := range flat {
		for _, ri := range t.Rules {
			r := &p.Rules[ri]
			ss := &accel.Tables(r).Sets[pl]
			switch {
			case !ss.Few:
				decline(fmt.Sprintf("rule %s reads more than three occupancy sets in a condition", r.Name))
				return
			case len(ss.Codes) > core.MaxKernCodes || (len(ss.Codes) > 0 && p.Ncodes > core.KernCodes):
				decline(fmt.Sprintf("rule %s selects its pieces among too many piece codes", r.Name))
				return
			case len(ss.Dirs) > core.MaxKernDirs:
				decline(fmt.Sprintf("rule %s has more than %d directions", r.Name, core.MaxKernDirs))
				return
			case r.Action != ir.Remove && r.Length != 1 && r.Length != 2:
				decline(fmt.Sprintf("rule %s leaps %d cells (the kernel: 1 or 2)", r.Name, r.Length))
				return
			}
			g := core.KernGroup{Nd: uint8(len(ss.Dirs)), Remove: r.Action == ir.Remove,
				Guarded: r.When != nil, Long: r.Length == 2, OverEmpty: ss.OverEmpty, OntoEmpty: ss.OntoEmpty}
			g.Ri[0] = int32(ri)
			g.Src[0] = core.KernSrc{Ncodes: uint8(len(ss.Codes))}
			copy(g.Src[0].Idx[:], ss.Idx[0:3])
			g.Src[0].Slots = len(ss.Src) > 0
			g.Src[0].One = len(ss.Src) == 0 && len(ss.Codes) == 1
			g.OSl, g.ESl = len(ss.Over) > 0, len(ss.Onto) > 0
			for k, code := range ss.Codes {
				g.Src[0].Codes[k] = uint8(code)
			}
			copy(g.OIdx[:], ss.Idx[3:6])
			copy(g.EIdx[:], ss.Idx[6:9])
			g.Rnd[0] = g.Nd
			for i, d := range ss.Dirs {
				g.Dirs[i] = core.KernDir{Va: d.Valid, Re: int8(-r.Length * d.Sh & 63), Ro: int8(-d.Sh & 63),
					Sh: int8(d.Sh), Jb: 31, D: r.Dirs[pl][i]}
				g.Rdir[0][i] = uint8(i)
			}
			flat[pl] = append(flat[pl], g)
			if n := len(paired[pl]); n == 0 || !accel.KernPair(p, &paired[pl][n-1], &g) {
				paired[pl] = append(paired[pl], g)
			}
		}
	}
	t.Kernel, t.KernelPairs = flat, paired
}

// kernelChainsDeclines tells why playouts do not walk the chains of tier
// t from the first leaps the kernel found ("" when they do).
func kernelChainsDeclines(p *core.Program, t *core.Tier, sh *core.TierShape) string {
	switch {
	case p.Off(core.AccelKernelChains) != "":
		return p.Off(core.AccelKernelChains)
	case p.Blockade != nil:
		return "the game has the no-blockade filter"
	case t.Kernel == nil:
		return "needs kernel, which declined"
	case sh.Bulk:
		return "the tier has no chains"
	case t.Listed():
		return "the tier's moves are listed (deduplicated or narrowed to the most captures)"
	}
	for _, ri := range t.Rules {
		r := &p.Rules[ri]
		if r.Action != ir.Leap || r.Gen != core.GenLeap || r.Length != 2 || r.Chain == ir.ChainNone || r.KeepsFirstDir {
			return fmt.Sprintf("rule %s is not a short jump with chains in any direction", r.Name)
		}
		if accel.Tables(r).Walk != accel.WalkWord {
			return fmt.Sprintf("needs word-chains, which declined rule %s", r.Name)
		}
	}
	return ""
}
