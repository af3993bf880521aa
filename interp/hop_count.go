package interp

import (
	"slices"

	"github.com/ruleplay/ruleplay/interp/internal/accel"
	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
)

// hopCountDecline tells why the hop table's moves of rule r are not
// counted piece by piece, or "" when they are.
func hopCountDecline(p *core.Program, r *core.Rule) string {
	if why := p.Off(core.AccelHopCount); why != "" {
		return why
	}
	if accel.Tables(r).Hop == nil {
		return "the hop table does not serve it"
	}
	return ""
}

// compileHopCount chooses rule r's counter (r.hop.count), or none when
// hopCountDecline says why not.
func compileHopCount(p *core.Program, r *core.Rule) {
	h := accel.Tables(r).Hop
	if h == nil {
		return
	}
	if why := hopCountDecline(p, r); why != "" {
		p.DeclineFor(core.ScopeRule, r.Idx, core.AccelHopCount, why)
		return
	}
	if accel.SlotSources(p, r) {
		h.Key = accel.OccupancyKey
	}
	why := ""
	if r.Chain != ir.ChainNone {
		why = hopSharesDecline(p, r)
	}
	h.Renew = accel.NoComponents
	switch {
	case r.Chain != ir.ChainNone && why == "":
		h.Count, h.CountHow, h.Renew = accel.CountHopShared, "chains by hop components shared by the mover's pieces", accel.ResetComponents
	case r.Chain != ir.ChainNone:
		h.Count, h.CountHow = accel.CountHopReachLifted, "chains by each piece's search ("+why+")"
	case h.L == 1:
		h.Neighbours = accel.HopNeighbours(p, r)
		for mv, nb := 0, (p.Nbits+1)*h.Words; mv < p.Players; mv++ {
			h.Movers[mv].Neighbours = h.Neighbours[mv*nb : (mv+1)*nb]
		}
		h.Count, h.CountHow = accel.CountHopSteps, "steps by population counts of the free neighbours"
	default:
		h.Count, h.CountHow = accel.CountHopOnce, "leaps one by one"
	}
	compileKeptComponents(p, r)
	switch {
	case h.Key == nil:
		h.CountHow += "; counted again by the select pass (the rule tells piece kinds of a slot apart)"
	case r.Chain != ir.ChainNone && why == "":
		h.CountRule = accel.CountRuleShared
	case r.Chain == ir.ChainNone && h.L == 1:
		h.CountRule = accel.CountRuleSteps
	}
}

// hopSharesDecline tells why the cells a chain of rule r reaches cannot
// be read from components shared by the mover's pieces, or "" when they
// can: no chain stop, every direction's reverse a direction of the rule
// (a hop can be taken back, so that the cells joined by hops are classes:
// with one-way hops a cell reaches more than the cells that reach it),
// and no leap of a chain passes over its start cell.
// A chain's landings lie at its start plus L times a sum of direction
// vectors (the lattice L*Λ of the mover's directions); a leap in
// direction d from there passes over those plus j*d (0 < j < L), which is
// the start only if j*d lies in L*Λ. When it never is, the start cell,
// which the moving piece leaves empty, is never passed over, and a
// component searched with the piece on it (or another piece lifted) is
// the one the piece reaches.
func hopSharesDecline(p *core.Program, r *core.Rule) string {
	if r.ChainStop != nil {
		return "its chain stop makes the hops one-way"
	}
	dirs, L := p.Desc.Board.Dirs, accel.Tables(r).Hop.L
	for pl := 0; pl < p.Players; pl++ {
		var vs [][2]int
		for _, d := range r.Dirs[pl] {
			vs = append(vs, [2]int{dirs[d].DX, dirs[d].DY})
		}
		for _, v := range vs {
			if !slices.Contains(vs, [2]int{-v[0], -v[1]}) {
				return "its hops are one-way (a direction's reverse is not the rule's)"
			}
		}
		basis := accel.LatticeBasis(vs)
		for _, v := range vs {
			for j := 1; j < L; j++ {
				x, y := j*v[0], j*v[1]
				if x%L == 0 && y%L == 0 && basis.Holds(x/L, y/L) {
					return "a chain may pass over its own start"
				}
			}
		}
	}
	return ""
}
