package interp

import (
	"fmt"

	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
)

// The plan of a rule capturing lines by approach or withdrawal
// (core/approach.go): the line walker (core.WalkLineCaptures, chosen by
// compileGenericWalk) and the general make (MoveLineCaptures, chosen by
// cellsOf) serve it; the leap tables and what is built on them decline
// it here, direct-make in compilePlay, fused-make by its own predicate.

// checkLineRule refuses what a capture by approach or withdrawal, and
// revisit: never, do not define (lang reports these with positions).
func checkLineRule(p *core.Program, m *ir.MoveRule) error {
	if m.Revisit != ir.RevisitCaptures && m.Revisit != ir.RevisitNever {
		return fmt.Errorf("unknown revisit %d", m.Revisit)
	}
	long := m.LengthTo != 0 || m.Hurdle != nil || m.TakenAtEnd
	switch {
	case m.Revisit == ir.RevisitNever && (m.Chain == ir.ChainNone || m.Action != ir.Leap):
		return fmt.Errorf("revisit: never without a chain of leaps")
	case m.Revisit == ir.RevisitNever && long:
		return fmt.Errorf("revisit: never on a long rule")
	case !m.Capture.Lines():
		return nil
	case m.Action != ir.Leap:
		return fmt.Errorf("a capture by approach or withdrawal needs a leap")
	case long:
		return fmt.Errorf("a capture by approach or withdrawal on a long rule")
	case m.TextEnds:
		return fmt.Errorf("a capture by approach or withdrawal named by its ends")
	case p.Stacking:
		return fmt.Errorf("a capture by approach or withdrawal in a game of stacks")
	case len(p.Desc.Prefer) > 0:
		return fmt.Errorf("a capture by approach or withdrawal with prefer")
	}
	return nil
}

// compileLineCapture readies rule r (compiled up to its lengths) for the
// line walker: the captures each leap tries and the opposite of every
// direction; the leap table declines it.
func compileLineCapture(p *core.Program, r *core.Rule, m *ir.MoveRule) error {
	lc := &core.LineCapture{Behind: make([]int32, p.NumDirs)}
	switch m.Capture {
	case ir.CaptureApproach:
		lc.Kinds = []uint32{0}
	case ir.CaptureWithdrawal:
		lc.Kinds = []uint32{core.FlagWithdrawal}
	default:
		lc.Kinds = []uint32{0, core.FlagWithdrawal}
	}
	vec := p.Desc.Board.Dirs
	for d := range lc.Behind {
		lc.Behind[d] = -1
		for e := range vec {
			if vec[e].DX == -vec[d].DX && vec[e].DY == -vec[d].DY {
				lc.Behind[d] = int32(e)
			}
		}
	}
	r.Lines = lc
	p.DeclineFor(core.ScopeRule, r.Idx, core.AccelLeapTable, "it captures lines by approach or withdrawal, which the line walker follows")
	return nil
}

// turnDirs is Rule.NextDirs for chain-dirs: turn: per player and
// direction d, the player's directions dirs but d.
func turnDirs(p *core.Program, dirs [][]int32) [][][]int32 {
	next := make([][][]int32, len(dirs))
	for pl, ds := range dirs {
		next[pl] = make([][]int32, p.NumDirs)
		for d := range next[pl] {
			for _, e := range ds {
				if int(e) != d {
					next[pl][d] = append(next[pl][d], e)
				}
			}
		}
	}
	return next
}

// nextDirsText says what a rule's chain-dirs forbids after each leap
// (no-reverse or turn), for the planner's reasons.
func nextDirsText(d ir.ChainDirs) string {
	if d == ir.ChainDirsTurn {
		return "may not go on in the direction of the leap before (chain-dirs: turn)"
	}
	return "may not turn back (chain-dirs: no-reverse)"
}
