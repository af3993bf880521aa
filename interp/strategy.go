package interp

// A strategy is how the moves of one class of rules are generated. Every
// strategy serves the four questions move generation asks through one
// method, moves, which emits the rule's moves for the mover through
// gen.emit; gen's mode says what becomes of them:
//
//   - list: appended to the MoveList (Legal);
//   - count: counted (perft's last ply, RandomPlayout's draw);
//   - select: counted, move k alone kept (RandomPlayout, after a count);
//   - exists: the first one stops the generation (filters, Status).
//
// A strategy may serve count and select without building paths (gen.skip)
// and exists by stopping early (gen.found). The planner (Compile's
// compileRule, reported by Program.Plan) gives each rule a strategy from
// its pattern class and the board; the generic walker serves every rule
// and is the reference the others are tested against (Config.Disable "all").
type strategy interface {
	moves(g *gen)
	name() string
}

// strategies maps the generator kind of a rule (rule.gen) to its strategy.
var strategies = [...]strategy{
	genGeneric:   genericStrategy{},
	genStep:      stepStrategy{},
	genLeap:      leapStrategy{},
	genRemove:    removeStrategy{},
	genGroup:     groupStrategy{},
	genGroupFast: groupTableStrategy{},
	genStack:     stackStrategy{},
	genDrop:      dropStrategy{},
	genReach:     reachStrategy{},
	genLongTable: longTableStrategy{},
	genHop:       hopStrategy{},
}

// runGen emits the moves of rule g.r with its strategy.
func (p *Program) runGen(g *gen) {
	strategies[g.r.gen].moves(g)
}

// genericStrategy is the literal walker (strat_generic.go).
type genericStrategy struct{}

func (genericStrategy) moves(g *gen) { g.genericLeaps() }
func (genericStrategy) name() string { return "generic walker" }

// stepStrategy: one-cell leaps without chain whose conditions are local
// (strat_step.go).
type stepStrategy struct{}

func (stepStrategy) moves(g *gen) { g.fastStep() }
func (stepStrategy) name() string { return "step table" }

// leapStrategy: leaps of any length with local conditions, chains
// explored depth first (strat_leap.go).
type leapStrategy struct{}

func (leapStrategy) moves(g *gen) { g.fastLeaps() }
func (leapStrategy) name() string { return "leap table" }

// removeStrategy: removals (strat_remove.go).
type removeStrategy struct{}

func (removeStrategy) moves(g *gen) { g.removes() }
func (removeStrategy) name() string { return "removal" }

// groupStrategy: group moves with closures (strat_group.go).
type groupStrategy struct{}

func (groupStrategy) moves(g *gen) { g.groups() }
func (groupStrategy) name() string { return "group walker" }

// groupTableStrategy: group moves with tabulated conditions
// (strat_group.go).
type groupTableStrategy struct{}

func (groupTableStrategy) moves(g *gen) { g.fastGroups() }
func (groupTableStrategy) name() string { return "group table" }

// stackStrategy: leaps without chain or capture whose conditions read
// heights, levels and the moving piece, tabulated (strat_stack.go).
type stackStrategy struct{}

func (stackStrategy) moves(g *gen) { g.fastStack() }
func (stackStrategy) name() string { return "stack table" }
