// Package solve computes the value of a position under perfect play, for
// any rules file whose reachable positions fit in memory: win, loss or
// draw for the side to move, the plies to the end with best play from
// both sides (the fastest win, the slowest loss), one principal
// variation, and the value of each first move.
//
// # Two methods
//
// Options.Method chooses: the retrograde analysis (below), which keeps
// every position and move and is exact with cycles; or a depth-first
// alpha-beta search with a transposition table of a fixed size
// (search.go, ttable.go), which keeps no graph and solves games whose
// positions never repeat, refusing the others (ErrCycle) when a position
// comes back on the line it searches. Auto, the default, runs the first
// and turns to the second in the same memory when the positions outgrow
// it. Both give the same value, plies, margin, principal variation and
// first moves' values (tests compare them).
//
// # Retrograde analysis: enumerate, then analyse backwards
//
// It works in two passes over an explicit graph.
//
//  1. Enumeration. A depth-first walk from the position with Apply and
//     Undo (one live State per thread, no copies) gives every reachable
//     position an index in a table keyed by the position's identity:
//     every field the rules can read (cells or stacks, side to move,
//     passes, the last move's cell, captures, points, hands, counters,
//     and the ply and turn numbers when a rule reads them or the rules
//     have a ply limit). The table compares the full identity bytes, so
//     the hash (by default a hash of those bytes; Options.Hash may supply
//     an incremental one) only decides where to look and a collision can
//     never merge two positions. Each position records its successors,
//     one per legal move, in the order of Legal; positions where the game
//     is over record their outcome.
//  2. Retrograde analysis. From the finished positions, values flow back
//     along the reversed edges in breadth-first order: a position is won
//     for the side to move as soon as one successor is won for it, lost
//     once every successor is lost for it. Processing in order of
//     distance makes the plies exact: a win takes the fastest successor,
//     a loss the slowest. Positions never decided are draws: either the
//     rules end them in a draw, or neither side can force an end ("draw:
//     endless play"). Repetition therefore needs no rule of thumb: a
//     cycle is a cycle of the graph. A rules file's own limits (a ply
//     limit, counters) are part of a position; a caller's cap on plies
//     plays no part.
//
// # Threads
//
// Options.Threads shares both passes of the retrograde analysis (the
// search's threads share its table: search.go). The table is split into 64 shards
// by the low bits of the hash, each behind its own mutex (table.go): a
// lookup holds one shard's lock for a probe and a copy, so two threads
// rarely wait for each other. A lock-free table (claiming a slot by
// compare-and-swap) would have to store a variable-length identity before
// the slot is won and take it back when another thread wins it: more
// code, for waits the shards already make rare. Each thread walks depth
// first on a State of its own; the thread that inserts a position expands
// it, so every position is expanded exactly once. A thread with nothing
// to walk waits; while one waits, another takes its own walk back to the
// shallowest position with moves left, plays the next of them and hands
// the position reached over (a copy of its State there), the most work it
// has in view (enumerate.go): a few hand-overs in a whole solve rather
// than thousands. Each thread writes what it expands into blocks of its
// own; once the walk is over the positions get dense indices (shard by
// shard) and the blocks are read into the arrays of the retrograde
// analysis (retro.go). That analysis goes level by level, a level being
// the positions decided at one distance from the end: the threads share a
// level, and a predecessor is decided by an atomic operation on its count
// word, by its first good successor or its last bad one (it cannot have
// both).
//
// What is found does not depend on the threads: the set of reachable
// positions and their moves is the same, and the value and plies of a
// position are properties of the graph (a win's plies the fewest over
// its winning moves, a loss's the most), whichever order a level is
// taken in. The principal variation and the divide look successors up by
// identity and pick among the moves in the order of Legal, so they are
// the same too. Only a solve stopped early (the memory bound, an
// interruption) depends on the threads: which positions were found by
// then.
//
// Values are computed for one side, the player to move at the start (the
// root player): a position is Win when the root player can force a win
// from it. With two players this is the exact value. With more it is the
// paranoid value: the root player against a coalition of all the others
// (a win by any other player is a loss, a shared win a draw); other
// players' own values are not solved.
//
// Scored games (a score or a margin in the rules) also get the final
// margin under best play for the margin: the largest margin m such that
// the root player can force the game to end with a margin of at least m
// (found by retrograde analysis for each threshold, by bisection over
// the margins the finished positions have). The margin is the root
// player's score minus the best other score (reversed when the lowest
// score is best), or the rules file's margin with the sign of the winner.
//
// Memory: about 70 bytes a position plus the identity bytes (one or two
// a cell) and 8 bytes a move (the record of a move, then its reverse);
// Options.Memory bounds the total, and a game too big for it stops with
// ErrTooBig after solving what the positions found so far decide. An
// interrupted solve (Options.Context) does the same: a position whose
// value depends only on enumerated positions keeps its exact value,
// every other one is Unknown.
package solve
