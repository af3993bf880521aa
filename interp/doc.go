// Package interp runs a checked game description (package ir): it compiles
// an ir.Game into a Program of flat tables and closures, and plays it on
// compact States.
//
// # Tables
//
// Compile turns every name into an int index and precomputes what move
// generation looks up again and again:
//
//   - cells are indices 0..n-1; nb[c*nd+d] is the neighbour of cell c in
//     direction d (or -1), and for every leap length L used by a rule,
//     leap[L][(c*nd+d)*L+k] is the k-th cell of the straight path of L cells
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
//     distance() expression, on the empty board, from every target cell.
//
// # Fast paths and the generic walker
//
// Every move rule has a generator. The generic walker follows the rule
// literally: it scans the cells, evaluates the Over/Onto closures, walks
// the neighbour table one cell at a time and explores chains depth first on
// the position itself. When Config.NoFast is false, Compile recognises move
// patterns that can be table driven and lowers them:
//
//   - a leap whose Over and Onto conditions are local (a step, a short jump
//     over an adjacent cell, capturing or not, with or without chains, of any
//     length) runs on the leap table and the condition tables; per cell the
//     directions that work are found without a branch per direction (off
//     the board, paths lead to a sentinel cell whose wall code satisfies no
//     condition); a one-cell step without chain has its own loop and short
//     jumps have their own depth-first search;
//   - the pieces that can start such a leap are found with bitsets: when
//     every direction of the rule is a constant index shift on the board (a
//     full rectangle in rank order) and the conditions depend only on the
//     owner of the piece or emptiness, with shifts of the occupancy bitsets
//     (all cells at once); otherwise, when the rule lands on empty cells
//     only and there are fewer empty cells than candidate pieces, by looking
//     back from the empty cells; otherwise by scanning the selected pieces'
//     bitset. Only marked pieces are then explored;
//   - on boards of at most 64 cells, short jumps of such shift rules (with
//     any chain and capture) are explored on three 64-bit words passed by
//     value (all pieces, cells satisfying Over, cells satisfying Onto), so a
//     leap costs a few bit operations and nothing needs restoring.
//
// Both generators produce exactly the same moves in the same order; tests
// check this along random games of every game, bundled or hand-built.
//
// # Semantics decided here
//
// The IR leaves a few corners open; interp settles them so that every
// generator agrees:
//
//   - A leap never lands on an occupied cell unless it captures by landing.
//   - In a chain, a leap that takes nothing off the board may not land on a
//     cell already on the chain's path (the start included). With
//     CaptureNone this is the IR's rule; for capturing rules it only
//     concerns leaps that happen to take nothing, and keeps chains finite.
//   - A removal rule honours Kinds, and Onto as a condition on the cell of
//     the removed piece.
//   - NoMove OutcomeNone counts as a draw. An OutcomeLose at the ply limit
//     makes the player to move lose. A pass at the limit is a draw.
//   - After a move the game ends by an after-move goal of the mover first,
//     then by passes in a row, then by the ply limit.
//   - The NoBlockade filter asks whether the next player has a candidate
//     move (their first non-empty priority tier, guards included, no pass,
//     no filters, whether or not the move just made ended the game).
//
// # Moves
//
// A move is a small record in a MoveList (rule index, offset and length of
// its path in the list's arena). The path holds the start cell and then one
// entry per leap: the landing cell and the direction (cell | dir<<16); a
// removal holds the removed cell; a pass holds nothing. Texts (notation.md)
// are built only when asked for. A MoveList is reused from ply to ply, so no
// allocation happens once its buffers have grown. When two rules of a
// priority tier could give the same text (decided at compile time from their
// displacement vectors), the tier's moves are deduplicated, keeping the
// first; otherwise this costs nothing.
//
// # Make and unmake
//
// Apply changes the position in place and pushes the old contents of every
// changed cell and the old counters on an undo stack that lives in the
// State; Undo pops them. Chains are explored during generation by changing
// and restoring the cells directly. The end of the game (goal, ply limit,
// passes) is decided in Apply and stored in the State; a turn-start goal and
// the absence of a legal move are found when moves are generated.
package interp
