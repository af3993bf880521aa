package core

// The strategies, one per class of rules.
//
// A strategy is how the moves of a class of rules are generated
// (strategy.go): one small interface, one file each, chosen by Compile
// from the rule's pattern class, what its conditions read and the board,
// never from a game. The planner's report (interp.Explain) gives the
// choice per rule, with the tables built for it, and `ruleplay vet
// --explain` prints it. The core's own strategies:
//
//   - generic walker (strat_generic.go; long rules: jumping.go): follows
//     the rule literally with the compiled closures, walking the neighbour
//     table a cell at a time and exploring chains on the position itself.
//     It serves every rule and is the reference: Config.Disable "all"
//     gives every rule to it, and the tests compare every accelerator with
//     it (moves and their order, counts, selections, results, undo,
//     perft) along random games of every bundled game, of the rules files
//     in testdata/unseen, of rules built in the tests, and of small rules
//     files generated from bytes (gen_rules_test.go: seeded, and a fuzz
//     target), which must reach every strategy of the planner.
//   - group walker (strat_group.go): group moves, line by line.
//   - removal (strat_remove.go).
//   - drop (strat_drop.go): pieces from the mover's hand (hand.go), on
//     every empty cell satisfying Onto, in board order then code order;
//     the path is one entry, cell | code<<16.
//   - reachability (strat_reach.go): moves named by their ends whose
//     optional chains capture nothing: the cells the piece reaches, each
//     once, by a depth-first search with a visited set, never path by
//     path; the rule's meaning, so it serves such rules with and without
//     accelerators. Other rules named by their ends are explored path by
//     path and their tier's list merged by start, end and captured cells
//     (ends.go).
//
// The accelerators' strategies (step, leap, stack, group and hop tables,
// the long-leap table, the mailbox) are in interp/internal/accel, each
// file opening with the class it serves.
//
// Two properties of leap rules are followed by the generic walker and by
// reachability alone (the planner gives such a rule no other table
// strategy), but for the hop table (accel): ChainStop, a cell condition that ends
// a chain on a landing where it holds (as a promotion does), and the
// inside locks (rule.inside), which the hop table reads as landing sets
// per mover and start cell (accel/lock.go): a piece whose move starts on one of
// the mover's cells of such a zone lands only on cells of it (the group
// walker checks every piece of a group move likewise). A fixed lock is no machinery of its own: Compile
// adds "not in ZONE" to the From of every leap and group rule (on a copy
// of the game's rules, which Game returns), so every strategy honours it
// and `vet --explain` shows the condition.

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
// compileRule, reported by interp.Explain) gives each rule a strategy from
// its pattern class and the board; the generic walker serves every rule
// and is the reference the others are tested against (Config.Disable "all").
type Strategy interface {
	Moves(g *Gen)
	Name() string
}

// RunGen emits the moves of rule g.r with its strategy.
func (p *Program) RunGen(g *Gen) {
	g.R.Strategy.Moves(g)
}

// GenericStrategy is the literal walker (strat_generic.go).
type GenericStrategy struct{}

func (GenericStrategy) Moves(g *Gen) { g.genericLeaps() }
func (GenericStrategy) Name() string { return "generic walker" }

// removeStrategy: removals (strat_remove.go).
type RemoveStrategy struct{}

func (RemoveStrategy) Moves(g *Gen) { g.removes() }
func (RemoveStrategy) Name() string { return "removal" }

// groupStrategy: group moves with closures (strat_group.go).
type GroupStrategy struct{}

func (GroupStrategy) Moves(g *Gen) { g.Groups() }
func (GroupStrategy) Name() string { return "group walker" }
