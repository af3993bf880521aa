package interp

import (
	"fmt"
	"math/bits"

	"github.com/ruleplay/ruleplay/interp/internal/accel"
	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
)

// stepPlayoutsDeclines tells why playouts are not played by
// step-playouts ("" when they are).
func stepPlayoutsDeclines(p *core.Program) string {
	if why := p.Off(core.AccelStepPlayouts); why != "" {
		return why
	}
	switch {
	case !p.CountsPlayouts():
		return "playouts do not count their moves (count-playouts)"
	case len(p.Tiers) != 1:
		return "the game has priority tiers"
	case p.Tiers[0].Kernel == nil:
		return "needs kernel, which declined"
	case len(p.Tiers[0].Rules) > core.MaxBulk:
		return fmt.Sprintf("more than %d rules", core.MaxBulk)
	case p.Blockade != nil:
		return "the game has the no-blockade filter"
	case p.AlternationOnly() != "":
		return p.AlternationOnly()
	case p.SwapDeclines() != "":
		return p.SwapDeclines()
	case len(p.GoalsStart) > 0:
		return "a goal is decided at the start of a turn"
	case p.NoMove == ir.OutcomePass:
		return "a player without a move passes"
	case p.KeepLast || p.Ctrs != nil:
		return "a move does more than move a piece (counters, the last move kept)"
	case makeDeclines(p) != "":
		return makeDeclines(p)
	case p.Ncodes > core.KernCodes:
		return fmt.Sprintf("more than %d piece codes", core.KernCodes-1)
	}
	if _, ok := p.Tiers[0].Run[core.ModeDraw].(*accel.KernelKeeper); !ok {
		return "the tier is not drawn by the kernel"
	}
	for _, ri := range p.Tiers[0].Rules {
		r := &p.Rules[ri]
		if r.Action != ir.Leap || r.Length != 1 || r.Long != nil || r.Chain != ir.ChainNone || r.When != nil {
			return fmt.Sprintf("rule %s is not a step without chains or guard", r.Name)
		}
	}
	return ""
}

// stepFewPieces: a rule of at most this many pieces counts its steps
// piece by piece (step-playouts): one landing set per piece, where
// counting by directions takes one word per direction. Only the rules
// of players that start with at most that many pieces try (a step
// adds no piece).
const stepFewPieces = 4

// setupPieces returns the number of pieces player pl has at the start.
func setupPieces(p *core.Program, pl int) int {
	n := 0
	owns := func(piece int) bool { return int(p.CodeOwner[piece+1]) == pl }
	for _, pc := range p.Desc.Setup.Place {
		if owns(pc.Piece) {
			n++
		}
	}
	if r := p.Desc.Setup.Random; r != nil {
		for _, pc := range r.Counts {
			if owns(pc.Piece) {
				n += pc.Count
			}
		}
	}
	return n
}

// compileStepPlayouts makes step-playouts the playout drawer where it
// applies (stepPlayoutsDeclines), after planTiers chose the others.
func compileStepPlayouts(p *core.Program) {
	why := stepPlayoutsDeclines(p)
	p.DeclineFor(core.ScopeProgram, 0, core.AccelStepPlayouts, why)
	if why != "" {
		return
	}
	sp := &accel.StepPlayouts{Logged: p.Playout}
	t := &p.Tiers[0]
	for pl := range p.Players {
		sp.Movers[pl].Next = p.After(pl)
		for _, g := range t.Kernel[pl] {
			r := accel.StepRule{SrcCodes: g.Src[0].Codes, OntoEmpty: g.OntoEmpty,
				Takes: p.Rules[g.Ri[0]].Capture == ir.CaptureLanding, NumDirs: int(g.Nd)}
			r.SrcSlots = accel.StepSlots(p, g.Src[0].Slots, g.Src[0].Idx)
			r.OntoSlots = accel.StepSlots(p, g.ESl, g.EIdx)
			r.SrcMore = r.SrcSlots[1] != 7 || r.SrcSlots[2] != 7 || r.SrcCodes[1]|r.SrcCodes[2]|r.SrcCodes[3] != 0
			r.OntoMore = r.OntoSlots[1] != 7 || r.OntoSlots[2] != 7
			if setupPieces(p, pl) <= stepFewPieces {
				r.FewPieces = stepFewPieces
			}
			for j, d := range g.Dirs[:g.Nd] {
				r.Dirs[j] = accel.StepDir{Valid: d.Va, Back: int(d.Re), Shift: int(d.Sh)}
				for b := d.Va; b != 0; b &= b - 1 {
					x := bits.TrailingZeros64(b)
					to := uint64(1) << uint(x+int(d.Sh))
					if r.Landings[x]&to != 0 {
						r.FewPieces = 0 // (two directions land on one cell: counted by directions)
					}
					r.Landings[x] |= to
					for q := range r.Lands[x] {
						if r.Lands[x][q] == 0 {
							r.Lands[x][q] = to
							break
						}
					}
				}
			}
			if r.SrcSlots == [3]uint8{7, 7, 7} && r.SrcCodes == [core.MaxKernCodes]uint8{} {
				// No piece of the mover is ever one the rule moves (it
				// selects kinds the mover has none of): its steps are
				// never counted. The rule's place in Legal's order is
				// kept by the others'.
				continue
			}
			sp.Movers[pl].Rules = append(sp.Movers[pl].Rules, r)
		}
	}
	sp.Ends = applyEnds{}
	goals, why := compileWordGoals(p)
	p.DeclineFor(core.ScopeProgram, 0, core.AccelWordGoals, why)
	if why == "" {
		sp.Goals, sp.Ends = goals, goals
	}
	for code := 1; code < p.Ncodes; code++ {
		sp.Slot[code], sp.Promotes[code] = uint8(p.CodeOcc[code]), len(p.Promos[code]) > 0
	}
	sp.Board = p.BoardMask[0]
	for b, c := range p.CellOf {
		sp.Cell[b&63] = c
	}
	p.Playout = sp
}

// applyEnds is Apply's end after a move that is not a pass: the goals
// after a move, then the ply limit.
type applyEnds struct{}

func (applyEnds) Decide(p *core.Program, s *core.State, mover int) {
	if len(p.GoalsAfter) > 0 && p.GoalReached(s, mover) {
		return
	}
	if p.Limit > 0 && s.PlyCount >= p.Limit {
		s.End = core.EndLimit
	}
}
