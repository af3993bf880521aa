package interp

import (
	"fmt"

	"github.com/ruleplay/ruleplay/interp/internal/accel"
	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
)

// hopDecline tells why the hop table does not serve rule r (compiled up
// to its lengths, m its rule), or "" when it does.
func hopDecline(p *core.Program, r *core.Rule, m *ir.MoveRule) string {
	ol, _ := p.IsLocal(m.Over)
	nl, _ := p.IsLocal(m.Onto)
	fl, fd := p.IsLocal(m.From) // (From reads the piece alone, or the cell alone: a set)
	switch {
	case p.Off(core.AccelHopTable) != "":
		return p.Off(core.AccelHopTable)
	case m.Action != ir.Leap || m.Capture != ir.CaptureNone:
		return "the rule captures"
	case m.Chain != ir.ChainNone && !core.Reachable(m):
		return "its chains are not reachability (moves named by their ends, optional chains)"
	case m.Chain == ir.ChainNone && r.Inside == nil:
		return "a single leap without lock: the step and leap tables serve it"
	case m.LengthProp != "":
		return "the leap length depends on the piece"
	case m.ChainStop != nil && core.DepsOf(m.ChainStop)&^core.DepCell != 0:
		return "its chain stop reads more than the cell"
	case r.PromotionEndsChain:
		return "a promotion may end the chain"
	case p.Stacking:
		return "the game stacks pieces"
	case !ol || !nl || !fl:
		return "its conditions read more than the cell and its piece"
	case fd && core.DepsOf(m.From)&^core.DepCell != 0:
		return "From reads both the cell and its piece"
	case !accel.SlotConds(p, r):
		return "Over or Onto reads the piece's kind"
	case p.Nbits+2 > 64*accel.HopWords:
		return fmt.Sprintf("the board needs more than %d words", accel.HopWords)
	}
	return ""
}

// compileHop gives rule r the hop table when it applies (see hopDecline)
// and reports whether it did.
func compileHop(p *core.Program, r *core.Rule, m *ir.MoveRule) bool {
	if why := hopDecline(p, r, m); why != "" {
		if r.Action == ir.Leap && (core.Reachable(m) || r.Inside != nil) && r.Long == nil {
			p.DeclineFor(core.ScopeRule, r.Idx, core.AccelHopTable, why) // (the rules it could serve)
		}
		return false
	}
	if _, fd := p.IsLocal(m.From); fd {
		// From reads the cell alone: the pieces the rule selects, and a
		// set of the cells From holds on (hopRule.from).
		from := r.From
		r.From = nil
		p.FillSrcOK(r)
		r.From = from
	} else {
		p.FillSrcOK(r)
	}
	L := r.Length
	h := &accel.HopRule{L: L, Words: (p.Nbits + 2 + 63) / 64}
	accel.HopLeapTables(p, h, r)
	accel.HopConditionSets(p, h, r, m)
	h.Locks = accel.NewLockMasks(r.Inside, p.Players, p.BitOf, h.Words)
	for mv := 0; mv < p.Players; mv++ {
		h.Movers = append(h.Movers, accel.HopMoverTables{L: L, Dirs: r.Dirs[mv], Leaps: h.Leaps[mv], Passed: h.Passed[mv], GoOn: h.GoOn[mv*h.Words : (mv+1)*h.Words]})
	}
	if !accel.SourcesByOccupancy(p, r) {
		h.Sources = r.SrcOK
	}
	h.PositionSets = accel.HopLeapSets
	if L == 1 {
		h.PositionSets = accel.HopStepSets
	} else if accel.OverAlikeOnPieces(p, h) {
		h.PositionSets = accel.HopLeapSetsAlike
	}

	accel.Tables(r).Hop = h
	r.Gen = core.GenHop
	compileHopCount(p, r)
	return true
}
