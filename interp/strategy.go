package interp

import (
	"github.com/ruleplay/ruleplay/interp/internal/accel"
	"github.com/ruleplay/ruleplay/interp/internal/core"
)

// strategies maps the generator kind of a rule (rule.gen) to its strategy.
var strategies = [...]core.Strategy{
	core.GenGeneric:   core.GenericStrategy{},
	core.GenStep:      accel.StepStrategy{},
	core.GenLeap:      accel.LeapStrategy{},
	core.GenRemove:    core.RemoveStrategy{},
	core.GenGroup:     core.GroupStrategy{},
	core.GenGroupFast: accel.GroupTableStrategy{},
	core.GenStack:     accel.StackStrategy{},
	core.GenDrop:      core.DropStrategy{},
	core.GenReach:     core.ReachStrategy{},
	core.GenLongTable: accel.LongTableStrategy{},
	core.GenHop:       accel.HopStrategy{},
}

// strategyFor returns the strategy of rule r: its generator kind's,
// holding the rule's tables where the strategy reads them.
func strategyFor(r *core.Rule) core.Strategy {
	if r.Gen == core.GenLeap {
		return accel.LeapStrategy{Tables: accel.Tables(r)}
	}
	return strategies[r.Gen]
}
