package accel

import "github.com/ruleplay/ruleplay/interp/internal/core"

// stepStrategy: one-cell leaps without chain whose conditions are local
// (strat_step.go).
type StepStrategy struct{}

func (StepStrategy) Moves(g *core.Gen) { fastStep(g) }
func (StepStrategy) Name() string      { return "step table" }

// leapStrategy: leaps of any length with local conditions, chains
// explored depth first (strat_leap.go). It holds the rule's tables, so
// that its walk reads them without asking the rule.
type LeapStrategy struct{ Tables *RuleTables }

func (l LeapStrategy) Moves(g *core.Gen) { fastLeaps(g, l.Tables) }
func (LeapStrategy) Name() string        { return "leap table" }

// groupTableStrategy: group moves with tabulated conditions
// (strat_group.go).
type GroupTableStrategy struct{}

func (GroupTableStrategy) Moves(g *core.Gen) { fastGroups(g) }
func (GroupTableStrategy) Name() string      { return "group table" }

// stackStrategy: leaps without chain or capture whose conditions read
// heights, levels and the moving piece, tabulated (strat_stack.go).
type StackStrategy struct{}

func (StackStrategy) Moves(g *core.Gen) { fastStack(g) }
func (StackStrategy) Name() string      { return "stack table" }
