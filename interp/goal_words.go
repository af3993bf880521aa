package interp

import (
	"fmt"
	"math"

	"github.com/ruleplay/ruleplay/interp/internal/accel"
	"github.com/ruleplay/ruleplay/interp/internal/core"
)

// compileWordGoals returns the goals of p as word tests, or why they
// cannot be.
func compileWordGoals(p *core.Program) (*accel.WordGoals, string) {
	if why := p.Off(core.AccelWordGoals); why != "" {
		return nil, why
	}
	switch {
	case p.NumWords != 1:
		return nil, fmt.Sprintf("the board needs %d words", p.NumWords)
	case p.Players+2 > core.KernSlots:
		return nil, fmt.Sprintf("more than %d players", core.KernSlots-2)
	case len(p.GoalsStart) > 0:
		return nil, "a goal is decided at the start of a turn"
	}
	wg := &accel.WordGoals{Limit: p.Limit}
	if p.Limit <= 0 {
		wg.Limit = math.MaxInt
	}
	for _, gl := range p.Desc.End.Goals {
		end := core.EndGoal
		if gl.Lose {
			end = core.EndLose
		} else if gl.Draw {
			end = core.EndDraw
		}
		for pl := range p.Players {
			tests, ok := accel.WordTests(p, gl.Cond, pl, nil)
			if !ok {
				return nil, fmt.Sprintf("goal %s reads more than zones and counts of at most three owners", gl.Pos)
			}
			for i := range tests {
				tests[i].End = end
			}
			wg.Movers[pl] = append(wg.Movers[pl], tests...)
		}
	}
	return wg, ""
}
