// Package oracle holds independent, hand-written move generators for some of
// the games of the rule book (docs/rules/GAME.md): Leap Frog (with Murray's and
// Froglet's scoring and removal rules as options) and Salta; and, written
// straight from the binding spec (games.md §12-15, notation.md) for issue
// 14, the jumping family:
//
//   - Konane (NewKonane(size), size 6..16 even): the two removal turns
//     (a corner or centre stone, then a stone next to the hole), then
//     orthogonal capturing jumps whose chains keep their first direction,
//     every prefix a move (text: every landing). No move loses; Captures
//     counts removed and captured stones per player, Scores is nil.
//   - International draughts (NewDraughts): men step forward and capture
//     both ways, flying kings; captured pieces stay (and block) until the
//     move ends, the start cell is empty from the first leap; the majority
//     rule; promotion only where the move ends; moves named by their
//     ends, equal-effect chains merged, captured cells appended (by file,
//     then rank) only where two moves would share a text; 50 plies in a
//     row of king moves without capture draw at once (Reason "goal");
//     SetFMJDDraws(true) adds FMJD's draws (draughts_fmjd.go): the third
//     repetition, and a lone king against three pieces (16 moves each)
//     or against two or fewer (5 moves each), a king among them.
//     NewDraughtsOn(side) plays the same rules on another even-sided
//     board up to 12 x 12, each side's men on its (side-2)/2 nearest
//     ranks: Brazilian draughts (8) and Canadian draughts (12).
//   - Chinese Checkers (NewChineseCheckers(players), 2, 3, 4 or 6): the
//     121-cell star in centred rows, steps and jump chains over any marble
//     found by reachability (a breadth-first search from the start cell,
//     which is never entered again), the target-point Decision, the first
//     full target point wins ("goal"), no move: "pass", every player
//     passing in a row: a draw ("passes").
//   - Conspirateurs (NewConspirateurs): twenty men in each hand dropped on
//     the meeting place ("@e7"), then steps and jump chains in eight
//     directions by reachability, a chain ending on a shelter, a man on a
//     shelter locked; twenty men on shelters win ("goal"); no move:
//     "pass"; two passes end the game, more men on shelters (Sheltered)
//     winning ("passes"). Scores is nil.
//
// and, written straight from the binding spec for issue 28, the games
// that had none:
//
//   - Crossings (NewCrossings, games.md §5): groups of k stones at the end
//     of a line moving 1..k cells, the head landing on a lone enemy stone
//     or on one whose run is shorter than the group (taking it), crossed
//     stones locked; texts TAIL:HEAD-DEST; an unanswered crossing wins
//     ("goal"), no move draws ("no move").
//   - Jumpwings (NewJumpwings(JumpwingsOptions), games.md §8-9): the basic
//     and advanced hex boards, stacks, each kind's jump length and height
//     limit (absolute, or relative to the jumper's level), steps on the
//     ground, the frog's one-cell jump and step one move; the short goal
//     after the move or the long goal at the start of the turn ("goal"),
//     "pass" without a move, two passes a draw ("passes").
//   - English draughts (NewEnglishDraughts, games.md §10): men forward,
//     short kings, compulsory and complete capture chains (not the
//     longest), crowning ends the move, no move loses.
//   - Breakthrough (NewBreakthrough, games.md §11): forward steps,
//     diagonal captures, the home rank or every enemy pawn taken wins.
//     SetSwap(true) adds the pie rule (breakthrough_swap.go): the move
//     "swap" at black's first turn, listed last, offered once.
//   - Italian draughts (NewItalian, docs/rules/draughts-italian.md): a1
//     light, men forward that never take a king, short kings, pieces
//     taken at the end, the four preferences in order (most pieces, by a
//     king, most kings, a king met earliest), crowning ends the move, no
//     move loses. Written for reading rather than speed: a board of 64
//     values, chains found by a recursive search, copies for perft (no
//     GenPerft, no baseline).
//   - Russian draughts (NewRussian, issue 28's rules): a1 dark, men step
//     forward and capture both ways, flying kings, every capture chain
//     carried to its end a move (no majority), pieces taken at the end
//     (blocking, never jumped twice), a man crowned during a capture
//     going on as a king, a king landing where it can go on capturing
//     when some landing lets it; no move loses. SetFederationDraws(true)
//     adds the Russian federation's draws (russian_draws.go): the third
//     repetition, 15 moves each of kings only, and three kings or more
//     (no men) against a lone king drawn on the stronger side's 15th
//     move in that ending.
//   - Turkish draughts (NewTurkish, issue 28's rules): every cell, men
//     forward and sideways, flying orthogonal kings, pieces taken at
//     once, the majority, no capture opposite the one before, a man
//     crowned during a capture going on as a king; no move loses.
//     Both are tested against naive generators whose rules can be
//     switched off one by one (russian_naive_test.go).
//
// Each of the others has SetPosition for hand-built positions, Clone, Perft and GenPerft
// (make and unmake on a mailbox with a two-cell border, move buffers
// reused per depth, nothing allocated once they have grown), and the
// conformance package's model methods (Moves, Play, Over, Winners, Scores,
// Margin, Reason); Baseline serves them to ruleplay bench --compare. Moves
// named by their ends without capture (Chinese Checkers, Conspirateurs)
// are found by a breadth-first search of the landing cells, equivalent to
// enumerating simple paths (any walk to a cell contains a simple path);
// the tests check it against naive path enumerators. The draughts capture
// search enumerates chains depth-first (captures change the board) and
// merges equal effects.
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
// Conventions shared by the oracles:
//
//   - Players are numbered from 0 in turn order (Leap Frog and Chinese
//     Checkers: 0 is p1; Salta: 0 is green, 1 is red; Konane and
//     Conspirateurs: 0 is black; international draughts: 0 is white;
//     Crossings: 0 is red; Jumpwings: 0 is light; English draughts: 0 is
//     black; Breakthrough: 0 is white; Russian and Turkish draughts: 0 is
//     white).
//   - Cells are named as in docs/notation.md: file letter + rank number ("a1",
//     "j10"); on the star and the Jumpwings boards, letter within the row +
//     row number. The cell
//     index used for ordering is (rank-1)*W + (file-1) (the star: rows from
//     the bottom, letters within a row).
//   - Moves() returns canonical move texts in a documented deterministic
//     order (see each type); Play applies a move given by its text and
//     rejects anything that is not a legal move, leaving the state
//     unchanged.
//   - Winners lists every player sharing the best result (a draw lists all
//     players); it is nil while the game is not over.
//   - RandomPlayout (Leap Frog, Salta) plays uniformly random legal moves (uniform over the
//     legal move list of each position) until the game ends.
package oracle
