// Package oracle holds independent, hand-written move generators for some of
// the games of the rule book (docs/rules/GAME.md): Leap Frog (with Murray's and
// Froglet's scoring and removal rules as options) and Salta.
//
// They are written straight from the rule book and share no code with the
// rules language (lang, ir, stdlib) or the interpreter (interp). They serve
// two purposes:
//
//   - Differential testing: the interpreter running games/*.rules must agree
//     with these oracles on legal move lists (as sets of canonical texts,
//     docs/notation.md), on game end, winners, scores and margins, and on perft
//     counts.
//   - Speed baseline: Perft, GenPerft and RandomPlayout are written to be
//     fast (fixed arrays, a mailbox board for Leap Frog, 64-bit bitboards for
//     Salta, make and unmake, no allocation per move once the buffers have
//     grown). Perft counts the moves of the last ply without playing them
//     (bulk counting); GenPerft generates a move list at every depth and
//     plays and takes back every move, the last ply included. The
//     interpreter's speed is compared against them (ruleplay bench
//     --compare, Baseline); see the benchmarks in the package tests.
//
// Conventions shared by both oracles:
//
//   - Players are numbered from 0 in turn order (Leap Frog: 0 is p1; Salta:
//     0 is green, 1 is red).
//   - Cells are named as in docs/notation.md: file letter + rank number ("a1",
//     "j10"). The cell index used for ordering is (rank-1)*W + (file-1).
//   - Moves() returns canonical move texts in a documented deterministic
//     order (see each type); Play applies a move given by its text and
//     rejects anything that is not a legal move, leaving the state
//     unchanged.
//   - Winners lists every player sharing the best result (a draw lists all
//     players); it is nil while the game is not over.
//   - RandomPlayout plays uniformly random legal moves (uniform over the
//     legal move list of each position) until the game ends.
package oracle
