// Package interp runs a checked game description (package ir): it compiles
// an ir.Game into a Program of flat tables and closures, and plays it on
// compact States.
//
// The shape of the engine:
//
//	ir.Game --Compile--> Program: tables, compiled expressions, and a plan:
//	                     per rule a pattern class and a strategy (Plan)
//	State = position (cells, stacks, derived indexes, counters)
//	      + history (undo records) + scratch (per goroutine)
//	Legal / countMoves / selectMove / existence: the priority tiers in
//	order (candidates, countMoves): per tier, what the planner stored
//	(tier.go: a gate and tidy steps for listing; a counter and a drawer:
//	bulk, kernel, kernel-chains, multiword-chains, the generators
//	counting or listing), each rule's strategy in one of four modes
//	(gen, runTier);
//	program-wide choices stored the same way (choices.go: perft's last
//	two plies, the blockade filter, the playout drawer)
//	Apply / Undo: make and unmake on the position; put keeps the derived
//	indexes
//
// Compile decides everything that depends on the rules and the board; a
// move generation reads tables. What an expression reads is computed once
// (deps.go: a set of occupancy, owner, kind, cell, height, level, moving
// piece, counters, group variables, board), and every decision that
// depends on it (which table can hold a condition, whether a move can
// change a guard, which strategy a rule gets) is taken from that set.
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
//     distance() expression, on the empty board, from every target cell;
//   - per piece code, the promotions that apply to it (the owner's cells of
//     the zone and the code it becomes), and kind properties (piece.jump,
//     piece.height) as arrays indexed by code.
//
// # Bit layout
//
// Bitsets of cells (occupancy per owner, marks, valid masks) give cell c
// the bit bitOf[c] (layout.go). It is c itself unless a layout linear in
// the cell coordinates, (pitch*y + x)/g, turns more directions into
// constant bit shifts without needing more 64-bit words: on a board of
// dark cells the diagonal neighbours of c are c+4 or c+5 in rank order,
// but with the bits of a 9-wide (8x8) or 11-wide (10x10) half-pitch grid
// every diagonal is one shift, so games on dark cells get the shift
// fast paths. The layout keeps the cells' order (walking a bitset
// meets cells in index order) and its unused bits hold no cell; cellOf
// maps a bit back to its cell. On one word a shift is a rotation: every
// use masks the result with cells whose shifted cell is on the board.
//
// # Stacks
//
// In a stacking game (ir.Game.Stacking) a cell holds a stack. The State
// keeps the flat array of top pieces (cells, with the occupancy bitsets of
// the top pieces) that every condition reads, and beside it a fixed
// per-cell stack storage: stk[c*scap+i] is the i-th piece from the bottom
// of cell c and hgt[c] the height, where scap is the number of pieces of
// the setup and the hands (only drops add pieces, so a stack never
// outgrows it). Only
// the top piece of a stack moves; a leap lands on top of the landing stack
// (Onto alone decides whether an occupied cell may be landed on); a capture
// or a removal takes the top piece. Undo records say whether a piece was
// put on top (undo takes it off), taken off the top (undo puts it back) or
// replaced. Nothing is allocated per move.
//
// Cell conditions see the top piece; height is the stack height of the cell
// under test (0 or 1 without stacking), level the number of pieces under
// the moving piece at the cell its leap starts from (for a chain, the cell
// of the current leap), piece.NAME the moving piece's kind property. The
// piece quantifiers (every, some, count over pieces) range over top pieces.
// Render shows a stack as its top piece's symbol and its height; Stack
// lists a cell's pieces from the bottom.
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
// stopsAt, which skips such promotions, and rule.hasPromo counts only the
// promotions that end chains). Neutral pieces are never promoted.
//
// # Long leaps, hurdles, captures taken at the end (jumping.go)
//
// A rule with a range of lengths (MoveRule.LengthTo), a Hurdle or
// TakenAtEnd is "long" (rule.long), decided at compile time. When its
// conditions are local in a game without stacks (and it has no
// chain-stop, inside lock or length from a property) the long-leap
// table serves it (long_table.go: rays per cell and direction,
// conditions tabulated per mover, a taken piece marked by the wall code
// in its cell; the pieces of the kinds it moves from the sets per code,
// or, for one length without hurdle, those with a first leap by bitset
// shifts); otherwise the generic walker (the plan says which, and why
// not the table). longDFS walks each direction's ray outwards on the
// neighbour table: a cell is a landing when the length is in range, the
// hurdle (if any) has been passed and Onto holds; the walk passes a
// cell that satisfies Over, or the first that satisfies Hurdle, and
// stops at any other. With TakenAtEnd the pieces a chain captures stay
// on the board, marked in the scratch (State.taken, listed in tk), and
// a marked cell is neither passed, jumped nor landed on; without it
// they are taken off at once as by genericDFS. Apply replays a long
// move's leaps cell by cell along each leap's direction (moveLeapsLong),
// taking what it passes: both timings give the same position, since a
// chain never passes a taken cell again.
//
// # The majority and counters (jumping.go)
//
// With ir.PreferMostCaptured a tier holding a capturing rule is marked
// (a tier whose tidy steps narrow to the most captures): Legal counts the captures of each of its moves and
// keeps those that take the most (narrowStep, before the merge of
// moves named by their ends, so that texts carry captured cells only
// where legal moves share their ends): from the move's path when every
// rule of the tier is a leap in a game without stacks (majority.go),
// otherwise by playing it and taking it back (preferMost); counting and
// selecting ask whether the tier has a move and then build the list
// (countMoves), and such a game never counts on occupancy words
// (plainTurns).
// Counters (ir.Game.Counters) are compiled as closures over the move
// just played (ectx.moved, caps, pass); the general make (doMove) logs
// them (State.ctrLog) for Undo and updates them after the move (countMove):
// a game without counters pays one nil test per move. A draw goal ends the game with endDraw (reason "goal",
// every player a winner).
//
// # Group moves
//
// A group rule (ir.Group) has a generic generator (closures) and, when its
// Onto and Enemy conditions are local and From depends on the piece alone
// in a game without stacks, a table-driven one (strat_group.go: bitsets
// of all the heads and lines at once); both give the same moves in the
// same order. For every cell holding a selected piece (Piece, Kinds and
// From) and every direction d of the mover, the cell is a head
// when the next cell in d holds no selected piece; the line runs back from
// it over selected pieces. For k = 1..run and s = 1..k the head's cells in
// d are tested in turn: an empty cell satisfying Onto (any cell satisfying
// Onto with stacking) is a landing and the walk goes on; otherwise a cell
// satisfying GroupCapture.Enemy is landed on, capturing, when When holds
// with size = k, run = the enemy run from that cell in d, distance = s;
// the walk stops there in any case. Order: the head's cell, direction, k,
// s. The path of a group move is [head, dest | d<<16] plus tail | flagTail
// for k > 1, with a capture flag on dest; the text is TAIL:HEAD-DEST, or
// HEAD-DEST for one stone, so a one-stone group move and a leap with the
// same cells are one move.
//
// # Accelerators (registry.go)
//
// Every faster way to compute what the rules mean is an accelerator,
// listed in one registry (registry.go): its name, the accelerators it
// needs and the class of patterns it serves. Config.Disable switches some
// off by name ("all": every one, the reference); Compile closes the set
// under needs, and each decision point asks it and records, when an
// accelerator declines a rule, a tier or the Program, why (the plan's
// Accelerators and Declined; `ruleplay vet --explain`). Reachability is
// not one: it is what a chain named by its ends means (registry.go says
// why).
//
// # The plan: strategies
//
// A strategy is how the moves of a class of rules are generated
// (strategy.go): one small interface, one file each (strat_*.go), chosen
// by Compile from the rule's pattern class, what its conditions read and
// the board, never from a game. Program.Plan reports the choice per rule,
// with the tables built for it, and `ruleplay vet --explain` prints it.
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
//     (rule.walk: compileWalk, compileMailbox).
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
//
// # Pieces in hand
//
// A game with hands (ir.Game.Hands) keeps in the position a count per
// piece code (State.hand, copied by Clone and CopyFrom); a game without
// keeps nothing. A drop takes its piece from the hand in Apply, and the
// move's undo frame says so (its kind frameDrop), so that Undo gives it back. The
// value hand (OpHand) reads the counts of the player's codes; what reads
// it is in the dependency set (depHand), so guards that read it are not
// taken for guards of the counters alone (no word-level counting or
// blockade shortcut for such games). Render and HandText list the hands.
//
// Chains are explored by the walkers of the generic, table, bitset and
// mailbox representations with one chain policy (chain.go: leapOn and
// leapOff for moves, firstLeapOn and firstLeapOff for a first leap whose
// path is emitted without the path buffer, countLeap for counts,
// visitLeap for an action per move, revisits for the rule that a leap
// taking nothing may not come back on its path). A chain that keeps
// its first direction (ir.MoveRule.ChainSame, `chain-dirs: same`) is
// explored by the generic walker and the leap table's tableWalk, run once
// per first direction with the mover's directions narrowed to it
// (eachFirstDir); its first leaps may still be marked on bitsets
// (rule.shift), but the planner keeps it off the bitset and mailbox
// walkers and chain counters (wordChains, wordFirstChains, wordsPerft, the
// mailbox, countByLandings), which follow chains in every direction. Such leaps make
// chains grow with the board: revisits counts them against
// Config.MaxLeaps per position, and the words of one position's move
// paths are bounded too; past either bound generation stops with a
// LimitError naming the rule (api.go).
//
// Piece quantifiers outside cell conditions (goals, scores, guards) are
// answered from the position's per-code occupancy sets when their
// condition reads the piece alone (population counts), from per-owner
// cell sets when it reads the cell and the owner, and otherwise by
// visiting the selected pieces with the condition looked up in a table
// (quant.go, expr_quant.go). "On target" is counted incrementally per
// owner (position.onTarget).
//
// # Several players and the guide
//
// Expressions name players relative to the one they are evaluated for:
// own, next (ir.SideOpponent: the next player in turn order) and others
// (ir.SideOthers: every other player together). The checker writes a
// piece quantifier over the others as one over enemy pieces; a player
// value of the others is compiled as the value of own summed over the
// other players (sumOthers), and a zone of the others as the union of
// their cells, built per player at compile time (othersZone, multi.go).
// distance(DIRS, ZONE) (ir.OpZoneDistance) reads a table per player of
// the fewest steps from each cell to that player's cells of the zone (a
// breadth-first search from all of them at once, on the empty board)
// and sums it over the player's occupancy set. The guide (ir.Game.Guide)
// is compiled like a score and evaluated only on request (Guide): the
// computer players of package play judge positions by it where the
// rules give one; nothing in generation, Apply or Status reads it. With
// more than two players a piece's symbol carries its owner's seat
// number. None of this is compiled for rules that do not use it.
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
// # Moves
//
// A move is a small record in a MoveList (rule index, offset and length of
// its path in the list's arena). The path holds the start cell and then one
// entry per leap: the landing cell and the direction (cell | dir<<16); a
// removal holds the removed cell; a pass holds nothing. Texts (docs/notation.md)
// are built only when asked for. A MoveList is reused from ply to ply, so no
// allocation happens once its buffers have grown. When two rules of a
// priority tier could give the same text, the tier's moves are
// deduplicated, keeping the first; otherwise this costs nothing. This is
// decided at compile time: two removal rules, two group rules, a group rule
// and a leap rule whose displacement is a positive multiple of a group
// direction, or two leap rules sharing a displacement vector (with every
// length each can give, LengthProp included), unless no piece is moved by
// both rules or their Onto conditions are local and never both hold. For
// two genStack rules the leaps of the later one that imply the earlier
// one's are left out of its tables (dedup.go, strat_stack.go); the pass
// looks only at the moves of the rules of pairs left, and a tier with none
// left needs no pass.
//
// # Counting and selecting moves
//
// Perft's last ply only needs the number of moves, and a random playout
// only one move drawn among them (count.go). Generators have a count mode
// (emit counts) and a select mode (emit counts and keeps move i alone);
// both give Legal's numbers and order exactly:
//
//   - a tier of shift rules without chain (and removals) is "bulk"
//     (bulk.go): its moves are its rules' first leaps, found for all cells
//     at once on as many words as the board needs (the rule's pieces by
//     owner, or by piece code through the per-code occupancy sets when it
//     restricts kinds), counted by population counts, move i found per
//     word then per byte without building the others (selectBulk, the
//     byte and the bit by branch-free byte arithmetic), or, among a few
//     moves, by walking their sources in order (selectLeap); a tier of shift
//     rules with chains that a later tier follows is first asked whether
//     it has a first leap at all, stopping at the first found
//     (the tier's gate, firstLeapGate: a tier of captures usually has none). On one word,
//     a tier whose rules each read at most three occupancy sets is run
//     from a flat table per mover built at compile time (bulk1.go, "one-
//     word kernel" in vet --explain), reading the occupancy sets as
//     arrays (on one word State.occ and occC are padded with empty
//     words: occLen); two consecutive rules that differ only in the
//     pieces they move (disjoint) and their directions are a pair for
//     the existence test and counting: each direction of the union is
//     shifted once, from the pieces of the rules having it ("pairs
//     shifted together"; a pair whose second rule has no piece shifts
//     the first rule's directions alone); counting that keeps the moves
//     for drawing one shifts a pair once too but keeps each rule's leaps
//     apart. A tier with the kernel whose every rule is a short jump
//     with chains (kernel-chains, "playouts walk the chains from its first
//     leaps' sources"; no blockade filter) has, in a playout, the
//     sources of each rule's first leaps found once by the kernel
//     (pairSources), which is its existence test, and the chains walked from
//     them with wordChains (kernChains, kernWalk), without finding them
//     again (fastLeaps, shiftWords). On several words such a tier
//     (multiword-chains) has the sources of each rule's first leaps found on
//     the words (wordsChains, ruleSources), its existence test too, and
//     the leap generator walks them (gen.pre) rather than marking
//     sources itself. Other tiers, on any number of words, assemble each rule's
//     sets (ruleSets) and shift them (ruleLeaps), skipping the rules
//     with no piece to move;
//   - table-driven group tiers count their moves per line and select one;
//   - on one word, short jumps with optional chains that always take a piece count the
//     chains of one and two leaps with bitsets (wordFirstChains: a second leap
//     from the landing l tests cells that the first leap left unchanged,
//     except for three direction pairs, handled apart) and longer chains by
//     a depth-first count from the end of each chain of two;
//   - on several words, a short jump landing on empty cells is counted
//     from the empty cells when they are fewer than the pieces
//     (countByLandings, landing-count); when its every leap takes a piece, a chain is
//     known to end after the first leap, without looking at the cells,
//     when no landing cell of that leap's landing (a per-bit bitset of the
//     rule) was empty before it or is the jumped cell;
//   - when every rule can be counted from the occupancy words and the
//     turn counters alone (words-perft, wordsPerft: no goal, filter or pass), perft
//     counts the replies to each move at depth 2 on the words after the
//     move, without playing it;
//   - a short jump whose leaps depend on occupancy alone (Over: any
//     piece, Onto: empty, the jumped piece captured) is counted on a
//     mailbox of bytes that the State keeps (mailbox.go) when the board
//     lays out as rows of constant direction offsets with wall slots
//     around it: from the empty cells or the pieces, whichever are fewer,
//     chains played on the bytes; when every rule is such a jump or a
//     removal of any piece (mailbox-perft, mailboxPerft), perft plays the moves at depth 2 on
//     the mailbox and the empty-cell words alone and counts the replies
//     there.
//
// When a tier needs deduplication, or a filter cannot be decided on words,
// the moves are built as in Legal. RandomPlayout (its stored playout
// drawer) counts and selects where counting is nearly free (bulk, group
// and hop-count tiers) or saves the blockade checks, and builds the moves
// of other tiers once (each tier's drawer); either way it plays
// the game of the loop Legal, rng.IntN, Apply for the same generator.
// Counters that see the position in a representation of their own (the
// occupancy words after a move not played, the mailbox) walk the tiers
// with firstTierCount.
//
// # The blockade filter on words
//
// NoBlockade asks, for each candidate, whether the next player has a
// candidate afterwards. When every rule is a shift rule on one word (or a
// removal without conditions) selecting every piece of its owners, and
// every guard depends on the turn and ply counters (blockade-words, blockadeOnWords), this is
// decided without playing the move. A first leap of the next player from c
// depends on the cells c, c+sh, ..., c+L*sh alone; so, with K the cells a
// move may change (start, landings, cells passed over), the next player
// keeps a move when one of its first leaps avoids K (nextSurvives: the
// first-leap formula with K removed from every set). K is first the union
// over all candidates (for a bulk tier, straight from the direction sets):
// usually one test decides for the whole list. Otherwise each move is
// tested with its own K, then exactly on the occupancy words after it
// (afterMove, nextHasMove).
//
// # Make and unmake
//
// A State has three parts (state.go): the position (cells, stacks, the
// derived indexes: occupancy sets per owner, and per piece code only when
// something reads them; pieces on target when pieces have targets; the
// mailbox when a rule uses it; counters, and the rules' counters
// (position.ctr); the cell the last move ended on, kept by Apply only
// when a rule reads it: Program.keepLast), which Clone and CopyFrom copy;
// the history of undo records; and the scratch space of move generation,
// which each State owns so that States can be used by several goroutines
// at once. State.put is the one place the derived indexes are updated,
// but for the make accelerators below.
//
// Each kind of move is made and unmade by the maker it got at compile
// time (make.go, compilePlay): rule.play, a pair of functions, make
// with an undo frame and makeUnlogged without; Apply calls one and
// decides the end. Every move leaves one frame (one format: frame),
// whose kind names its unmake (unmakes); Undo calls it. The general
// maker (doMove; the reference) moves the pieces with the rule's cells
// function (rule.cells), records each change, keeps the last cell and
// the rules' counters when the game reads them, and is undone by
// undoRecords (Program.revert). Three accelerators choose other makers,
// each in its file with its class and reasons: flat-make (make_flat.go:
// a leap's records written and the occupancy sets updated once, reverted
// in one loop), direct-make (make_direct.go: leaps without undo records,
// each cell set with its indexes at once), fused-make (make_fused.go:
// leaps, jumps and removals made and unmade on a small board's
// fixed-size arrays, a move of one leap kept in its frame itself).
//
// Apply changes the position in place and pushes the old contents of
// every changed cell and the old counters (and last cell) on the history
// (a fused move: its frame alone); Undo pops them. A State that is only
// played forward (a playout's scratch copy: SetUndo false) skips the history
// when applying moves; the moves that generation itself tries and takes
// back are recorded either way. Chains are explored during generation by
// changing and restoring the cells (or the strategy's own representation)
// directly. The end of the game (goal, ply limit, passes) is decided in
// Apply and stored in the position; a turn-start goal and the absence of
// a legal move are found when moves are generated.
package interp
