package interp

import (
	"cmp"

	"github.com/ruleplay/ruleplay/interp/internal/accel"
	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
)

// fusedUnmakes are the unmakes of fused-make's frames.
var fusedUnmakes = map[uint8]core.Unmake{
	core.FrameFused: accel.UndoFused,
	core.FrameLeap:  accel.UndoLeap,
	core.FrameTake:  accel.UndoTake,
	// (a quiet Program's leaps: nothing passes, no ending but the ply
	// limit's, so the frame keeps neither)
	core.FrameLeapQuiet: accel.UndoLeapQuiet,
}

// compilePlay chooses, once the Program's shape is known (compilePut),
// how the moves are made and unmade: Program.revert, and per rule its
// cells function and its maker. The core's are the general ones;
// flat-make, direct-make and fused-make, where they apply, choose
// theirs (flatDeclines, directDeclines, compileSmall, fusedMaker).
func compilePlay(p *core.Program) {
	flatWhy := flatDeclines(p)
	p.DeclineFor(core.ScopeProgram, 0, core.AccelFlatMake, flatWhy)
	directWhy := cmp.Or(p.Off(core.AccelDirectMake), makeDeclines(p))
	p.DeclineFor(core.ScopeProgram, 0, core.AccelDirectMake, directWhy)
	flat, direct := flatWhy == "", directWhy == ""
	switch {
	case flat:
		p.Revert = accel.RevertFlat
	case p.Stacking:
		p.Revert = (*core.Program).RevertStacked
	default:
		p.Revert = (*core.Program).RevertPut
	}
	compileSmall(p, direct)
	p.Unmakes = core.CoreUnmakes
	for kind, u := range fusedUnmakes {
		p.Unmakes[kind] = u
	}
	// extras: a move does more than move pieces (the last cell kept, the
	// rules' counters)
	extras := p.KeepLast || p.Ctrs != nil
	for i := range p.Rules {
		r := &p.Rules[i]
		r.Cells = cellsOf(r, flat)
		r.Play = core.GeneralMaker
		if direct && !extras && r.Action == ir.Leap && r.Long == nil && r.GoesOn == nil && r.Lines == nil {
			r.Play = accel.DirectLeapMaker
		}
		if direct && r.Lines != nil {
			p.DeclineFor(core.ScopeRule, i, core.AccelDirectMake, "it captures lines by approach or withdrawal: the general make plays them")
		}
		if fused, why := accel.FusedMaker(p, r, flat, extras); why == "" {
			r.Play = fused
		} else if p.Small != nil && (r.Action == ir.Leap || r.Action == ir.Remove) {
			p.DeclineFor(core.ScopeRule, i, core.AccelFusedMake, why)
		}
	}
	keepHash(p)
	keepRepetitions(p)
}

// makeDeclines tells why a move cannot be made without the general
// position updates: stacks, or pieces with targets ("" otherwise).
func makeDeclines(p *core.Program) string {
	switch {
	case hashDeclines(p) != "":
		return hashDeclines(p)
	case p.Stacking:
		return "the game has stacks"
	case p.NTargets > 0:
		return "pieces have target cells"
	}
	return ""
}

// cellsOf is how doMove moves the pieces of rule r's moves (rule.cells):
// under flat-make, a leap rule's by moveLeapsFlat.
func cellsOf(r *core.Rule, flat bool) func(p *core.Program, s *core.State, r *core.Rule, mover int, path []uint32) {
	switch r.Action {
	case ir.Remove:
		return (*core.Program).TakeCell
	case ir.Group:
		return (*core.Program).MoveGroup
	case ir.Drop:
		return (*core.Program).DropPiece
	}
	switch {
	case r.GoesOn != nil:
		return (*core.Program).MoveLeapsCrowned
	case r.Lines != nil:
		return (*core.Program).MoveLineCaptures
	case r.Long != nil:
		return (*core.Program).MoveLeapsLong
	case flat:
		return accel.MoveLeapsFlat
	}
	return (*core.Program).MoveLeaps
}
