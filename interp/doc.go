// Package interp runs a checked game description (package ir): it compiles
// an ir.Game into a Program of tables and compiled expressions, and plays
// it on compact States: Legal, Apply, Undo, Status, Perft, RandomPlayout.
//
// # The shape: a core, its accelerators, a plan that runs
//
//	ir.Game --Compile--> Program: the core's tables and expressions, and
//	                     the plan: per rule its generator (strategy),
//	                     per tier what runs in each mode, per kind of
//	                     move its maker, program-wide choices
//	State = position (cells, stacks, derived indexes, counters)
//	      + history (undo frames) + scratch (per goroutine)
//	Legal / count / select / exists: the priority tiers in order, each
//	  calling what the plan stored for it (tier.go)
//	Apply / Undo: the rule's maker, then the frame's unmake (make.go)
//
// The core is what the rules mean: the tables (program.go, layout.go),
// what an expression reads (deps.go) and the compiled expressions
// (expr.go, quant.go), the literal walker (strat_generic.go; long rules in
// jumping.go), the chain policy and the one chain walk (chain.go,
// chain_walks.go), reachability (strat_reach.go), removals and drops
// (strat_remove.go, strat_drop.go), the position with the general make and
// unmake (state.go, make.go), the priority tiers (gen.go, tier.go), the
// merge by ends and deduplication (ends.go, dedup.go), the goals and the
// end of the game (play.go). With every accelerator off
// (Config.Disable "all", `--disable all`) the core alone plays every rules
// file: it is the reference every accelerator is tested against.
//
// An accelerator is a faster way to compute the same thing for a class of
// patterns. Each is one unit, listed in one registry (registry.go): its
// name, the accelerators it needs and the class it serves, and, at its
// decision point, a predicate that says why it declines when it does.
// Config.Disable switches units off by name (closed under needs); the
// decision points ask Program.off and record their reasons
// (Program.declineFor). The units and their files:
//
//   - leap-table (strat_step.go, strat_leap.go), shift-sets and
//     word-chains (bitsets.go, strat_leap.go), landing-count
//     (strat_leap.go), mailbox and mailbox-perft (mailbox.go): leaps of a
//     fixed length with local conditions, on tables, occupancy words or
//     a byte board;
//   - stack-table (strat_stack.go), group-table (strat_group.go),
//     long-table (long_table.go), hop-table, hop-count and
//     kept-components (strat_hop.go, lock.go, hop_count.go, hop_kept.go):
//     stacks, group moves, long leaps, chains that capture nothing;
//   - bulk (bulk.go), kernel and kernel-chains (bulk1.go),
//     multiword-chains (bulk.go): whole tiers counted and drawn on words;
//   - unique-ends (ends_unique.go), majority-paths (majority.go): tiers
//     that need no merge, majorities counted from the paths;
//   - words-perft, blockade-words, count-playouts (count.go, choices.go):
//     perft's last plies, the no-blockade filter, playouts;
//   - step-playouts (step_playout.go), word-goals (goal_words.go):
//     playouts of one-cell step games on one word, played in one loop,
//     their goals of zones and counts as mask tests;
//   - flat-make, direct-make, fused-make (make_flat.go, make_direct.go,
//     make_fused.go): make and unmake for flat positions and small boards;
//   - quantifier-tables (expr_quant.go), turn-guards (program.go).
//
// The plan is the program: Compile decides once, and stores the choice as
// a value the run time calls without deciding again. Per rule, its
// strategy (strategy.go: one interface, one implementation per class,
// moves(g) into the gen's sink), its maker (rule.play), its guard
// (rule.guardTest) and, for the generic walker, its walk (rule.generic); per
// tier, its
// gate, tidy steps, counter and drawer (tier.go); for the Program, perft's
// last two plies, the blockade filter and the playout drawer
// (choices.go). Program.Plan reads those very values (each has a name),
// with the accelerators each rule and tier got and why the others
// declined; `ruleplay vet --explain` prints it.
//
// Every generator serves four modes, the sinks its caller stores in the
// gen before the run (gen.sink: gen.go): list (Legal), count (perft's
// last ply), select (move i of the count, for playouts) and exists
// (filters, Status), the count and select sinks also with the blockade
// filter; it gives Legal's moves in Legal's order.
// Chains are walked by one skeleton (chain.go's policy; the walks of the
// cell tables, the one-word bitsets and the mailbox's counts are stamped
// from one template by internal/chaingen: go generate); the literal
// walker, the long rays and reachability are other algorithms.
//
// Evidence, in the tests: every bundled game, the rules files of
// testdata/unseen (written for the tests, tuned for nothing) and small
// rules files generated from bytes (gen_rules_test.go, and a fuzz target)
// play the same with every accelerator on, with all off, and with each
// off alone (TestGeneratedAcceleratorsOff: a sample by default, the whole
// corpus with -corpus=full); each accelerator must be reached.
//
// # Tables
//
// Compile turns every name into an int index and precomputes what move
// generation looks up again and again:
//
//   - cells are indices 0..n-1; neighbours[c*numDirs+d] is the neighbour of cell c in
//     direction d (or -1), and for every leap length L used by a rule,
//     leap[L][(c*numDirs+d)*L+k] is the k-th cell of the straight path of L cells
//     from c in d (every entry is the sentinel cell n when the path leaves
//     the board);
//   - a piece on a cell is a small code: 0 for empty, piece type index + 1
//     otherwise; per code the owner, kind, points and target are in arrays;
//   - expressions (ir.Expr) are compiled to closures over an evaluation
//     context; cell conditions that depend only on the cell, the piece code
//     on it and the mover ("local" conditions: empty, occupied, owned-by,
//     on-target, in-zone and Boolean/arithmetic combinations) are in
//     addition tabulated per mover, by code alone when they do not depend on
//     the cell;
//   - distance tables: a breadth-first search over the directions of each
//     distance() expression, on the empty board, from every target cell;
//   - per piece code, the promotions that apply to it (the owner's cells of
//     the zone and the code it becomes), and kind properties (piece.jump,
//     piece.height) as arrays indexed by code.
//
// The bit layout of those sets is layout.go's; stacks are described in
// state.go (only the top piece moves; conditions see it; height and level
// count pieces).
//
// # Leap lengths, From, promotions
//
// A leap's length may come from the moving piece's kind property
// (MoveRule.LengthProp): per piece code the rule has a length and a leap
// table; a kind whose property is below 1 does not move by that rule.
// MoveRule.From is tested at the moving piece's cell (with its level)
// before any leap. A piece that ends a leap or a group move on a cell of
// its owner's cells of a promotion's zone becomes the promotion's kind (the
// piece type with the same owner and number); a chain ends there at once,
// compulsory or not, unless the promotion is AtMoveEnd: then only the
// last landing counts (Apply promotes where the move ends; generation asks
// stopsAt, which skips such promotions, and rule.promotionEndsChain counts only the
// promotions that end chains). Neutral pieces are never promoted.
//
// # Moves
//
// A move is a small record in a MoveList (rule index, offset and length of
// its path in the list's arena). The path holds the start cell and then one
// entry per leap: the landing cell and the direction (cell | dir<<16); a
// removal holds the removed cell; a drop its cell and code; a group move
// its head, destination and tail (strat_group.go); a pass nothing. Texts
// (docs/notation.md) are built only when asked for. A MoveList is reused
// from ply to ply: nothing is allocated once its buffers have grown. Two
// moves of a tier with one text are one move (dedup.go says when a tier
// can have such moves; ends.go merges moves named by their ends).
//
// # Semantics decided here
//
// The IR leaves a few corners open; interp settles them so that every
// generator agrees:
//
//   - Without stacking, a leap never lands on an occupied cell unless it
//     captures by landing.
//   - In a chain, a leap that takes nothing off the board may not land on a
//     cell already on the chain's path (the start included). With
//     CaptureNone this is the IR's rule; for capturing rules it only
//     concerns leaps that happen to take nothing, and keeps chains finite.
//   - A removal rule honours Kinds, and Onto (`at:`) as a condition on
//     the cell of the removed piece.
//   - next-to(last, DIRS) (ir.OpNextTo) reads the cell the previous ply's
//     move ended on: a removal's cell, a leap's final landing, a group
//     move's head destination; none (false) at the start and after a
//     pass. It is a dependency of its own (depLast), so a condition
//     reading it is never tabulated: removals evaluate it, leaps with it
//     go to the generic walker, and the counters that work on occupancy
//     words alone (words-perft, mailbox-perft, blockade-words) are not used.
//   - NoMove OutcomeNone counts as a draw. An OutcomeLose at the ply limit
//     makes the player to move lose. A pass at the limit is a draw.
//   - After a move the game ends by an after-move goal of the mover first
//     (the first goal that holds, in declaration order: a win for the
//     mover, or with Lose a loss: every other player wins), then by passes
//     in a row (a draw, or the best score with End.AtPasses), then by the
//     ply limit. A turn-start goal likewise makes the
//     player to move win or lose.
//   - The NoBlockade filter asks whether the next player has a candidate
//     move (their first non-empty priority tier, guards included, no pass,
//     no filters, whether or not the move just made ended the game).
//
// # Where to read on
//
// count.go (counting and selecting, the blockade filter on words),
// strategy.go (every strategy, one paragraph each), jumping.go (long
// leaps, the majority, counters), strat_group.go (group moves), hand.go
// (hands, drops, locks), multi.go (several players, the guide), make.go
// (frames, makers, unmakes), dedup.go (moves and deduplication).
package interp
