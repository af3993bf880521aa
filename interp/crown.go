package interp

import (
	"fmt"

	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
)

// Crowned mid-capture (promote at: continue) and landings that go on
// (land: where-it-continues): the core's generic walker follows both
// (core/crown.go); the planner keeps such rules off the accelerators that
// walk chains (crownDecline, landDecline) and gives a crowning rule its
// continuation (compileGoesOn) and its cells function (cellsOf).

// crownsMidChain tells whether rule r's chains may crown their piece
// mid-way: a chained leap moving a kind with a promotion at: continue.
func crownsMidChain(p *core.Program, r *core.Rule) bool {
	if r.Action != ir.Leap || r.Chain == ir.ChainNone {
		return false
	}
	for code := 1; code < p.Ncodes; code++ {
		if r.KindOK != nil && !r.KindOK[p.CodeKind[code]] {
			continue
		}
		for _, pr := range p.Promos[code] {
			if pr.Continue {
				return true
			}
		}
	}
	return false
}

// crownedKind is the kind a piece rule r moves becomes when crowned
// mid-chain (the first promotion at: continue that applies to it).
func crownedKind(p *core.Program, r *core.Rule) int {
	for code := 1; code < p.Ncodes; code++ {
		if r.KindOK != nil && !r.KindOK[p.CodeKind[code]] {
			continue
		}
		for _, pr := range p.Promos[code] {
			if pr.Continue {
				return int(p.CodeKind[pr.To])
			}
		}
	}
	return -1
}

// crownDecline tells why the accelerators that walk chains do not serve
// rule r ("" when nothing here stops them): its chains may go on as
// another rule after a crowning, or it lands only where it goes on.
func crownDecline(p *core.Program, r *core.Rule, m *ir.MoveRule) string {
	switch {
	case crownsMidChain(p, r):
		next := "another rule"
		if m.GoesOn >= 0 && m.GoesOn < len(p.Desc.Moves) {
			next = p.Desc.Moves[m.GoesOn].Name
		}
		return "its chains go on as " + next + " after a crowning (promote at: continue), which the generic walker follows"
	case m.LandWhereItContinues:
		return "it lands only where its chain goes on (land: where-it-continues), which the generic walker follows"
	}
	return ""
}

// compileGoesOn gives every rule whose chains may crown their piece
// mid-way its continuation (Rule.GoesOn): a copy of rule m.GoesOn, which
// must be a chained leap, carrying the starting rule's index and name.
func compileGoesOn(p *core.Program) error {
	for i := range p.Rules {
		r, m := &p.Rules[i], &p.Desc.Moves[i]
		if !crownsMidChain(p, r) {
			continue
		}
		if m.GoesOn < 0 || m.GoesOn >= len(p.Rules) {
			return fmt.Errorf("move rule %q (%s): goes-on: rule %d out of range", m.Name, m.Pos, m.GoesOn)
		}
		next := p.Rules[m.GoesOn]
		if next.Action != ir.Leap || next.Chain == ir.ChainNone || next.Capture != r.Capture {
			return fmt.Errorf("move rule %q (%s): goes-on: %s is not a chained leap capturing the same way", m.Name, m.Pos, next.Name)
		}
		if (next.Long != nil && next.Long.TakenAtEnd) != (r.Long != nil && r.Long.TakenAtEnd) {
			return fmt.Errorf("move rule %q (%s): goes-on: %s takes its captures at another time", m.Name, m.Pos, next.Name)
		}
		if to := crownedKind(p, r); next.KindOK != nil && !next.KindOK[to] {
			return fmt.Errorf("move rule %q (%s): goes-on: %s does not move a %s", m.Name, m.Pos, next.Name, p.Desc.Kinds[to].Name)
		}
		next.Idx, next.Name, next.GoesOn = r.Idx, r.Name, nil
		r.GoesOn = &next
	}
	return nil
}
