package core

// The strategies, one per class of rules.
//
// A strategy is how the moves of a class of rules are generated
// (strategy.go): one small interface, one file each (strat_*.go), chosen
// by Compile from the rule's pattern class, what its conditions read and
// the board, never from a game. The planner's report (interp.Explain)
// gives the choice per rule, with the tables built for it, and `ruleplay
// vet --explain` prints it.
//
//   - generic walker (strat_generic.go; long rules: jumping.go): follows
//     the rule literally with the compiled closures, walking the neighbour
//     table a cell at a time
//     and exploring chains on the position itself. It serves every rule
//     and is the reference: Config.Disable "all" gives every rule to it, and the
//     tests compare every other strategy with it (moves and their order,
//     counts, selections, results, undo, perft) along random games of
//     every bundled game, of the rules files in testdata/unseen, of rules
//     built in the tests, and of small rules files generated from bytes
//     (gen_rules_test.go: seeded, and a fuzz target), which must reach
//     every strategy of the planner.
//   - step table and leap table (strat_step.go, strat_leap.go): leaps
//     whose Over and Onto conditions are local (they read the piece code
//     on the cell and the cell) run on the leap table and condition tables
//     per mover; the directions that work from a cell are found without a
//     branch per direction (paths leaving the board lead to a sentinel
//     cell whose wall code satisfies nothing). When the rule's directions
//     are constant bit shifts and its conditions read owners and emptiness
//     alone (rule.shift), the pieces that have a first leap are found for
//     all cells at once with shifts of the occupancy sets; short jumps on
//     boards of one word are explored on three words passed by value
//     (word-chains). How fastLeaps walks a rule is chosen once
//     (accel.RuleTables.Walk: compileWalk, compileMailbox).
//   - mailbox (mailbox.go): short jumps whose leaps read occupancy alone
//     are played on a padded byte board the position keeps, when the
//     board lays out as rows of constant direction offsets (mbLeaps
//     decides from the empty cells where to look from). With fewer
//     empty cells than pieces, the first leaps are found from their
//     landing cells, so only leaps that exist are looked at (mbFew):
//     each is a key holding its source's bit, its direction and its
//     path, and the keys are sorted into fastLeaps' order. A chain can go
//     on only from a landing cell that has a leap before the first leap
//     (unless a direction is twice another), so a first leap onto any
//     other cell is a move without being played, and when no first leap
//     lands on such a cell the moves are written into the move list in
//     one pass (mbWrite); the others are played on the bytes (mbChain).
//   - stack table (strat_stack.go): leaps without chain or capture whose
//     conditions read heights, levels, the moving piece's properties, the
//     top piece and the cell: each condition is a mask of heights per class
//     of moving piece; the leaps that stay on the board are listed per cell
//     and length.
//   - group table (strat_group.go): group moves with local conditions:
//     heads, lines and landings of every stone at once on bitsets of up to
//     8 words (a kernel on single words for a board of one word), counted
//     per head in bit-sliced counts and selected per line; a When that
//     reads size, run and distance alone is a table.
//   - removal (strat_remove.go).
//   - drop (strat_drop.go): pieces from the mover's hand (hand.go), on
//     every empty cell satisfying Onto, in board order then code order;
//     the path is one entry, cell | code<<16.
//   - reachability (strat_reach.go): moves named by their ends whose
//     optional chains capture nothing: the cells the piece reaches, each
//     once, by a depth-first search with a visited set, never path by
//     path; the rule's meaning, so it serves such rules with and without
//     fast paths. Other rules named by their ends are explored path by
//     path and their tier's list merged by start, end and captured cells
//     (ends.go), unless the planner proves that no two moves of the tier
//     share their ends (ends_unique.go: one move per landing, directions
//     with distinct vectors, a single leap that no chain of the tier's
//     jumps can equal, by a lattice test on the direction vectors).
//   - hop table (strat_hop.go): with fast paths, reachability and single
//     leaps under an inside lock, when nothing is captured and Over and
//     Onto read the cell and the slot of its piece alone (a chain stop
//     and a From that read the cell alone are sets too): the conditions
//     are occupancy sets made once per generation, a leap is a table
//     entry of bits and two bit tests, a landing reached leaves the free
//     set; the moves and their order are reachability's (or the generic
//     walker's).
//   - hop count (hop_count.go): where every rule of a tier has the hop
//     table and its moves never share their ends, each piece's moves are
//     counted without being written (steps by population counts, chains
//     by the hop components of their first landings, searched once and
//     shared by the mover's pieces when no chain can pass over its own
//     start), so playouts count the tier and build the move drawn alone,
//     and perft counts its last ply so.
//
// Two properties of leap rules are followed by the generic walker and by
// reachability alone (the planner gives such a rule no other table
// strategy), but for the hop table: ChainStop, a cell condition that ends
// a chain on a landing where it holds (as a promotion does), and the
// inside locks (rule.inside), which the hop table reads as landing sets
// per mover and start cell (lock.go): a piece whose move starts on one of
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
