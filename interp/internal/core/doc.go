// Package core is what a rules file means to the engine: the compiled
// Program (tables and compiled expressions), the position (State) with
// the general make and unmake, move generation's four modes, the
// priority tiers, the literal walker, reachability, the chain policy and
// the goals. Package interp (the planner) compiles a game into a Program
// and stores in it which generator serves each rule and tier; package
// accel (the accelerators) supplies the faster ones. The core never
// names an accelerator: it calls the values the planner stored.
//
// # What the run time calls, and who stored it
//
//   - rule.Strategy (strategy.go): the rule's generator; moves(g) emits
//     the rule's moves in the gen's mode (gen.go: the sink says list,
//     exists, count or select);
//   - tier.Run (tier.go): per mode, the tier's counter or drawer; its
//     gate and tidy steps; Program.SelectKept selects among the moves a
//     drawer kept;
//   - rule.Play and Program.Unmakes (make.go): the maker of the rule's
//     moves and the unmake of each kind of frame;
//   - Program.LastTwo, Program.Blockade, Program.Playout (choices.go):
//     perft's last two plies, the no-blockade filter (which may prepare
//     a count and keep each move: Prepare, Keeps), the playout loop;
//     each says which unit serves it (unit());
//   - Program.Quantifiers (expr_quant.go): how a piece quantifier outside
//     cell conditions is compiled when a unit can do it faster;
//   - Program.off(a): whether accelerator a is on, as the planner read
//     Config.Disable (the reasons are stored: OffWhy);
//   - Program.Order (turns.go): who moves after a ply under the game's
//     turn order (CompileTurns); nil is strict alternation. The swap
//     (the pie rule, Program.SwapPly) is a move of the core alone:
//     Legal, CountMoves and SelectMove add it after the tiers, Apply
//     makes it (doSwap) without a maker.
//
// What an accelerator keeps is its own (accel/tables.go): a rule carries
// the units' tables in Rule.Tables and a State their scratch in
// State.Units, values the core never reads. The core keeps what the
// position itself carries, whoever reads it: the occupancy sets, the
// mailbox's byte board and the small position of fused-make (kept in
// sync by make and unmake), and the rule's condition tables.
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
// promotions that end chains), or Continue: the piece is crowned on the
// landing and the chain goes on as the new kind, by the starting rule's
// Rule.GoesOn (crown.go). Neutral pieces are never promoted.
//
// # Moves
//
// A move is a small record in a MoveList (rule index, offset and length of
// its path in the list's arena). The path holds the start cell and then one
// entry per leap: the landing cell and the direction (cell | dir<<16,
// with FlagWithdrawal for a leap capturing by withdrawal: approach.go); a
// removal holds the removed cell; a drop its cell and code; a group move
// its head, destination and tail (strat_group.go); a pass and the swap
// (turns.go) nothing. Texts
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
//     With revisit: never (Rule.Revisit) no leap of a chain lands on its
//     path, capturing or not (the generic and line walkers).
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
// gen.go (the modes), tier.go (the walk over the tiers), count.go
// (counting and selecting), make.go (frames, makers, unmakes), jumping.go
// (long leaps, the majority, counters), hand.go (hands, drops, locks),
// multi.go (several players, the guide), dedup.go and ends.go (moves and
// deduplication, the merge by ends).
package core
