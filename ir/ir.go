// Package ir is the checked, resolved description of a game: the contract
// between the rules language (package lang, which produces it) and the
// interpreter (package interp, which runs it).
//
// Everything here is plain Go data that a reader can print: names are
// resolved to indices, options are applied, variants and imports are merged,
// per-player directions are computed. Nothing in this package knows grammar
// structs or source text, except the Pos strings kept for run-time messages.
//
// Conventions:
//   - Cells, directions, players, kinds and piece types are referred to by
//     their index in the slices of Game.
//   - A direction is a vector (DX, DY) in board coordinates; the neighbour of
//     cell c in direction d is the cell at (c.X+d.DX, c.Y+d.DY), if any.
//   - Conditions, guards, goals and scores are small expression trees (Expr),
//     evaluated by the interpreter in a documented context.
package ir

// Game is a whole checked game.
type Game struct {
	Name  string   // stem of the rules file, e.g. "my-game"
	Title string   // human title, e.g. "My Game"
	File  string   // path of the rules file it came from
	Bases []string // stems of the rules files it extends, nearest first
	// Warnings are the checker's warnings, rendered as diagnostics
	// (file:line:col, the line, a caret, a hint): legal rules that may
	// still misbehave. `ruleplay vet` prints them.
	Warnings []string
	Options  []Option // every declared option, with its resolved value

	Board   Board
	Players []Player // in turn order; Players[0] moves first
	Kinds   []Kind   // piece kinds
	Pieces  []Piece  // every distinct piece type (kind, owner, number)

	Setup Setup
	Zones []Zone // named cell sets (per player)

	Moves    []MoveRule // in declaration order (base files first)
	Priority [][]int    // tiers of indices into Moves: the first tier with a legal move is the only one used; every rule is in exactly one tier
	Filters  []Filter   // legality filters applied to the chosen tier's moves

	End   End
	Score *Score // nil: the game has no scores
	// Guide, when not nil, is an evaluation for the computer players only
	// (greedy, lookahead, mcts): it never decides a result. Where a game has
	// both, the players are guided by Guide rather than Score.
	Guide *Guide

	// Stacking: a cell holds a stack of pieces; only the top piece of a
	// stack moves; a Leap lands on top of the landing stack (Onto decides
	// which stacks it may land on). Cell conditions see the top piece.
	Stacking bool
	// Promotions change a piece's kind when it ends a leap or group move in
	// a zone; a chain stops there (unless the promotion is AtMoveEnd).
	Promotions []Promotion
	// Prefer narrows the moves of the chosen priority tier when one of
	// its rules captures: each criterion in order keeps, of the moves the
	// ones before kept, those with its best value (nil: every move stays).
	Prefer []Preference
	// Counters are numbers kept in the position, updated after every ply
	// (Counter); goals read them with OpCounter.
	Counters []Counter
	// Hands: per player (Hands[p], nil: none), the pieces the player holds
	// in hand at the start, off the board, for Drop rules to place. The
	// piece types are the player's own and not numbered.
	Hands [][]PieceCount
	// Locks restrict the pieces standing in zones (see Lock).
	Locks []Lock
	// Turns is who moves at each ply when it is not strict alternation
	// in the order of Players (nil: strict alternation).
	Turns *TurnOrder
	// PDN is how the game's records are written in PDN (nil: the rules
	// file does not say).
	PDN *PDN
	// Swap is the pie rule (nil: none): see Swap.
	Swap *Swap
}

// Preference is one criterion of Game.Prefer: a value per move, of
// which the moves with the highest stay.
type Preference struct {
	By Prefer
	// Kind is the piece kind the criterion reads (-1: every kind, for
	// PreferMostCaptured alone).
	Kind int
}

// Prefer is what a Preference values.
type Prefer int

const (
	// PreferMostCaptured: the number of pieces (of Kind) the move
	// captures, every piece counting 1.
	PreferMostCaptured Prefer = iota
	// PreferMoved: 1 when the moving piece is of Kind, 0 otherwise.
	PreferMoved
	// PreferEarliestCaptured: the pieces of Kind the move captures, the
	// earlier in its order of capture the better: of two moves, the one
	// whose first such capture comes earlier, or where equal its second,
	// and so on (a move with one such capture more, the others equal,
	// first). Counted over a move's first 31 captures.
	PreferEarliestCaptured
)

// Counter is a number in the position: after every ply it goes up by one
// when Counts holds for the move just played, and back to 0 otherwise.
// Counts is evaluated with the move values OpMoved, OpCaptures and OpPass
// (and constants); it starts at 0.
type Counter struct {
	Name   string
	Counts *Expr
	Pos    string
	// PerPlayer: one value per player, the mover's going up (its own
	// moves); While (nil: always): a condition on the position after the
	// move (own: the mover) without which every value goes back to 0.
	// Counts is nil when While alone says what is counted.
	PerPlayer bool
	While     *Expr
}

// LockKind is what a lock does to the pieces on its zone.
type LockKind int

const (
	// LockFixed: a piece on a cell of the zone (the mover's cells of it)
	// never moves again: leap and group rules do not select it.
	LockFixed LockKind = iota
	// LockInside: a piece whose move starts on a cell of the zone (the
	// mover's cells of it) lands only on cells of it: every landing of a
	// leap or chain, every cell a group move's pieces end on.
	LockInside
)

// Lock is a top-level restriction on the pieces of a zone.
type Lock struct {
	Zone int
	Kind LockKind
	Pos  string
}

// Promotion: a piece of kind Kind that ends a leap (or a group move) on a
// cell of zone Zone (the owner's cells of that zone) becomes kind To; a
// chain ends at once. With AtMoveEnd the piece is promoted only when its
// whole move ends in the zone: a chain landing in the zone goes on, the
// piece keeping its kind until the move ends.
type Promotion struct {
	Kind, To  int
	Zone      int
	AtMoveEnd bool
	// AtContinue: the piece is crowned on any landing in the zone and its
	// chain goes on at once as the new kind, by the starting rule's
	// MoveRule.GoesOn (promote { at: continue }).
	AtContinue bool
	Pos        string
}

// Option is a declared option and its value after defaults and overrides.
type Option struct {
	Name  string
	Type  OptionType
	Value Value  // resolved value
	Doc   string // one-line help
	// Allowed values: for OptInt and OptSize a closed range Min..Max (zero
	// values mean unbounded); for OptEnum the choices; for OptInt, when
	// not empty, the only numbers allowed (decimal texts, e.g. "2", "3").
	Min, Max Value
	Choices  []string
	// Step, for OptInt and OptSize (0: none): the value's distance from
	// Min is a multiple of Step (for a size, on both sides): `step: 2`
	// with range 6x6 .. 16x16 allows 6x6, 6x8, 8x8, ...
	Step int
	// Square, for OptSize: width and height must be equal.
	Square bool
}

// OptionType is the type of an option's value.
type OptionType int

const (
	OptInt OptionType = iota
	OptBool
	OptSize // "WxH"
	OptEnum // one of Choices
)

// Value is an option value; which fields are meaningful depends on the type.
type Value struct {
	Int  int    // OptInt, OptBool (0/1)
	W, H int    // OptSize
	Str  string // OptEnum
}

// BoardShape tells how cells are laid out.
type BoardShape int

const (
	// Square: X is the file (0 = a), Y the rank (0 = rank 1). Cell names are
	// file letter + rank number ("a1").
	Square BoardShape = iota
	// Hex: centred rows. Y is the row (0 = row 1); X is the horizontal
	// position in half-cell units, -(n-1), -(n-1)+2, ..., n-1 for a row of n
	// cells. Cell names are letter-within-row + row number ("e5").
	Hex
)

// Board is the set of cells and the directions between them.
type Board struct {
	Shape  BoardShape
	Width  int   // Square: files; Hex: the longest row
	Height int   // Square: ranks; Hex: rows
	Rows   []int // Hex: cells per row, from row 1
	Cells  []Cell
	Dirs   []Dir
	// Numbers is the cell (an index into Cells) of each square number, from
	// number 1 (the board's numbers: property); empty when the cells are
	// not numbered.
	Numbers []int
	// Diagonals (square boards): the cells the diagonal directions join;
	// a diagonal neighbour exists only between two such cells.
	Diagonals Diagonals
}

// Diagonals says which cells of a square board the diagonal lines pass
// through (`diagonals:`).
type Diagonals int

const (
	DiagonalsAll   Diagonals = iota // every cell
	DiagonalsDark                   // the dark cells: a1 and every cell whose file index + rank index is even
	DiagonalsLight                  // the others
)

// Cell is one board cell.
type Cell struct {
	Name string
	X, Y int
}

// Dir is a named direction vector.
type Dir struct {
	Name   string // "n", "ne", "e", ... (square) or "e", "ne", "nw", "w", "sw", "se" (hex)
	DX, DY int
}

// Player is one side.
type Player struct {
	Name string
	// Forward is the player's forward vector (0,1) north, (0,-1) south,
	// (1,0) east or (-1,0) west; zero when the game gives none.
	FX, FY int
}

// Kind is a kind of piece.
type Kind struct {
	Name     string
	Numbered int            // 0: pieces of this kind are not numbered; n: numbered 1..n
	Props    map[string]int // piece properties, e.g. "points"
	Symbol   string         // one or two characters for boards (e.g. "S"); derived from the name when not given
}

// Neutral is the Owner of pieces that belong to nobody.
const Neutral = -1

// Piece is a distinct piece type: a kind, an owner and a number.
type Piece struct {
	Kind   int
	Owner  int // player index or Neutral
	Number int // 0 when the kind is not numbered
	Name   string
	// Target is the cell this piece aims for (-1: none).
	Target int
}

// Setup is the initial position.
type Setup struct {
	// Place puts fixed pieces on cells.
	Place []Placement
	// Random, when not nil, shuffles pieces over cells with a seed.
	Random *RandomFill
}

// Placement is one fixed piece.
type Placement struct {
	Cell  int
	Piece int
}

// RandomFill shuffles exactly Counts pieces over Cells (the counts sum to
// len(Cells)); the interpreter draws the layout from the game's seed.
type RandomFill struct {
	Cells  []int
	Counts []PieceCount
}

// PieceCount is a number of pieces of one type.
type PieceCount struct {
	Piece int
	Count int
}

// Zone is a named set of cells, one set per player (Cells[p]); a zone that is
// the same for every player has the same set repeated. The zone "start" is
// always defined: the cells holding the player's pieces in the setup.
type Zone struct {
	Name  string
	Cells [][]int
}

// Action is what a move rule does.
type Action int

const (
	// Leap moves one piece exactly Length cells in a straight line in one of
	// Dirs. Every cell passed over must satisfy Over, the landing cell Onto.
	// A step is a Leap of length 1; a short jump is a Leap of length 2.
	Leap Action = iota
	// Remove takes one piece off the board; the mover captures it.
	Remove
	// Group moves the k pieces at the end of a line facing one of Dirs (a
	// line: a maximal run of pieces selected by Piece/Kinds along the
	// direction's axis; 1 <= k <= run length) by s cells, 1 <= s <= k. The
	// cells the head passes over and the cell it lands on must satisfy Onto,
	// except that the landing cell may hold an enemy piece when
	// GroupCapture allows it; the move ends there.
	Group
	// Drop places a piece from the mover's hand (Game.Hands) on an empty
	// cell satisfying Onto (with stacking: any cell satisfying Onto, on
	// top). Kinds restricts the kinds it places (nil: every kind in hand);
	// Piece is Own. A dropped piece is not promoted.
	Drop
)

// GroupCapture says when a group may land its head on an enemy piece: the
// enemy run r is the number of consecutive pieces satisfying Enemy starting
// at the landing cell and continuing in the direction of travel. When
// (with the variables size = k, run = r, distance = s) When holds, the
// head lands there capturing the first enemy piece (All: the whole run).
type GroupCapture struct {
	Enemy *Expr // cell condition of the pieces that form enemy runs
	When  *Expr
	All   bool
}

// Who selects pieces relative to a player.
type Who int

const (
	Own Who = iota
	Enemy
	NeutralPieces
	AnyPiece
)

// Capture says which pieces a leap captures (the mover gets them).
type Capture int

const (
	CaptureNone    Capture = iota
	CaptureJumped          // every piece passed over, removed at once
	CaptureLanding         // the piece on the landing cell
	// CaptureApproach: the enemy piece on the cell beyond the landing, in
	// the direction of travel, and the unbroken line of enemy pieces
	// behind it; a leap of such a rule is a move only when it takes one.
	CaptureApproach
	// CaptureWithdrawal: the enemy piece on the cell behind the start,
	// against the direction of travel, and its unbroken line.
	CaptureWithdrawal
	// CaptureApproachOrWithdrawal: either; a leap that can take both ways
	// is two moves (the path entry's FlagWithdrawal tells them apart).
	CaptureApproachOrWithdrawal
)

// Lines tells whether the capture takes lines of enemy pieces (approach
// or withdrawal) rather than what the leap passes over or lands on.
func (c Capture) Lines() bool {
	return c >= CaptureApproach && c <= CaptureApproachOrWithdrawal
}

// Chain says whether a leap may continue with further leaps of the same rule
// by the same piece.
type Chain int

const (
	ChainNone       Chain = iota
	ChainOptional         // every prefix of a chain is a distinct move
	ChainCompulsory       // the chain goes on while it can
)

// ChainDirs says which directions the leaps of a chain after its first
// may take (`chain-dirs:`).
type ChainDirs int

const (
	ChainDirsAny       ChainDirs = iota // each leap any of the rule's directions
	ChainDirsSame                       // every leap in the first leap's direction
	ChainDirsNoReverse                  // no leap in the opposite direction of the leap before
	ChainDirsTurn                       // no leap in the direction of the leap before
)

// Revisit says which leaps of a chain may land on a cell the chain has
// already visited, its start included (`revisit:`).
type Revisit int

const (
	RevisitCaptures Revisit = iota // a leap that takes a piece (a leap taking nothing never may)
	RevisitNever                   // no leap
)

// MoveRule is one kind of move.
type MoveRule struct {
	Name   string
	Pos    string // file:line:col of the declaration
	Action Action
	// When guards the rule (nil: always). Variables: turn (the mover's
	// own turn number, 1 on their first turn), ply (the game's ply, 1 on the
	// first).
	When *Expr
	// Piece: whose pieces may move (Leap) or be removed (Remove).
	Piece Who
	// Kinds restricts the moving pieces to these kinds (nil: every kind).
	Kinds []int
	// Dirs[p] lists the directions player p may use.
	Dirs [][]int
	// Length is the number of cells a Leap moves (1: step, 2: short jump).
	// When LengthProp is set, the length is instead the moving piece's
	// kind property of that name (Kind.Props).
	Length     int
	LengthProp string
	// LengthTo makes the length a range: 0, exactly Length; LengthAny,
	// every length from Length on while the ray stays on the board;
	// otherwise every length Length..LengthTo. The ray is walked outwards
	// from the moving piece and the walk stops at the first cell passed
	// over that satisfies neither Over nor (once) Hurdle, or is taken
	// (TakenAtEnd).
	LengthTo int
	// Hurdle, when not nil, is a cell condition: exactly one of the cells
	// a leap passes over satisfies it, the first one met that does not
	// satisfy Over; every other cell passed over satisfies Over. With
	// CaptureJumped the hurdle's piece is captured (a flying capture).
	Hurdle *Expr
	// TakenAtEnd: the pieces a chain captures stay on their cells until
	// the move ends; until then a taken cell satisfies no Over, Hurdle or
	// Onto (nothing passes over it, jumps it again or lands on it). False:
	// captured pieces leave the board at once.
	TakenAtEnd bool
	// From is a condition on the moving piece (nil: any), evaluated as a
	// cell condition at its start cell, with OpLevel its level in the stack.
	From *Expr
	// GroupCapture, for Group rules (nil: a group never captures).
	GroupCapture *GroupCapture
	// Over is the condition on every cell passed over (nil: any cell);
	// Onto the condition on the landing cell (nil: any cell). Cell
	// conditions are evaluated with the context described at Op.
	Over, Onto *Expr
	Capture    Capture
	Chain      Chain
	// ChainDirs (chain-dirs:) restricts the directions of a chain's leaps
	// after the first (anything but ChainDirsAny needs a Chain):
	// ChainDirsSame, the first leap's direction; ChainDirsNoReverse, any
	// of Dirs whose vector is not the opposite of the leap before's;
	// ChainDirsTurn, any of Dirs but the leap before's.
	ChainDirs ChainDirs
	// Revisit (revisit:, with a Chain): whether a leap that takes a piece
	// may land on a cell of the chain's path.
	Revisit Revisit
	// TextEnds names the rule's moves by their ends (docs/notation.md):
	// the start and the last landing, so that chains with the same start,
	// end and captured pieces are one move; where two legal moves would
	// still share a text, each appends its captured cells. A chain that
	// captures nothing is then generated by reachability (each landing
	// cell once), never path by path.
	TextEnds bool
	// For a chain with CaptureNone the path never revisits a cell (the start
	// included), which bounds every chain.
	//
	// For a Remove rule, Onto is the condition on the removed piece's cell
	// (`at:`), nil: any.

	// ChainStop, for a Leap with a chain (nil: none), is a cell condition
	// tested on each landing cell as Onto is (before the piece lands): a
	// chain ends on a landing where it holds, compulsory or not.
	ChainStop *Expr

	// GoesOn, for a chained leap moving a kind crowned at: continue
	// (Promotion.AtContinue), is the index of the rule (a chained leap
	// of the new kind, capturing the same way) its chain goes on with
	// after the crowning; read only then.
	GoesOn int
	// LandWhereItContinues (land: where-it-continues): of a leap's
	// landings in one direction, those from which the chain can go on
	// are the only ones allowed, when there are some.
	LandWhereItContinues bool
}

// LengthAny is MoveRule.LengthTo for leaps of any length.
const LengthAny = -1

// FilterKind names a legality filter.
type FilterKind int

const (
	// NoBlockade removes every candidate move after which the next player
	// has no legal move; when that would remove them all, none is removed.
	NoBlockade FilterKind = iota
)

// Filter is a legality filter.
type Filter struct {
	Kind FilterKind
	Pos  string
}

// Outcome is what happens in some end situation.
type Outcome int

const (
	OutcomeNone  Outcome = iota // nothing: the situation does not end the game
	OutcomeScore                // the game ends; the best score wins, ties share
	OutcomeDraw                 // the game ends; every player shares the result
	OutcomeLose                 // the game ends; the player to move loses (the others win)
	OutcomePass                 // the player to move passes (the move "pass")
)

// GoalCheck says when a goal is tested.
type GoalCheck int

const (
	AfterMove GoalCheck = iota // after every move, for the player who moved
	TurnStart                  // at the start of a player's turn, for that player
)

// Goal is a predicate that wins the game for the player it is tested for
// (or, with Lose, makes that player lose: every other player wins).
type Goal struct {
	Check GoalCheck
	Cond  *Expr // evaluated with own = that player, opponent = the next player
	Lose  bool
	// Draw: when Cond holds the game ends at once as a draw (every player
	// shares the result); Lose is then false.
	Draw bool
	Pos  string
}

// End says how the game ends.
type End struct {
	Goals   []Goal
	NoMove  Outcome // when the player to move has no legal move (default OutcomeDraw)
	Passes  int     // this many passes in a row end the game (0: never), as AtPasses says
	Plies   int     // ply limit from the rules (0: none)
	AtLimit Outcome // OutcomeScore or OutcomeDraw
	// AtPasses is how Passes passes in a row end the game: OutcomeDraw
	// (the zero value OutcomeNone means the same) or OutcomeScore.
	AtPasses Outcome
}

// ScoreBest says which score is best.
type ScoreBest int

const (
	Highest ScoreBest = iota
	Lowest
)

// Score is each player's score and how results compare.
type Score struct {
	Value *Expr // per player: own = that player
	Best  ScoreBest
	// Margin, when not nil, is evaluated for a decided two-sided result with
	// the variables winner and loser (player references).
	Margin *Expr
}

// Guide is a per-player evaluation for the computer players (own = that
// player); Best says whether higher or lower values are better.
type Guide struct {
	Value *Expr
	Best  ScoreBest
}

// Side names a player relative to the evaluation context.
type Side int

const (
	SideOwn      Side = iota // the player the expression is evaluated for (the mover, for cell conditions)
	SideOpponent             // the next player in turn order after own
	SideWinner               // in Score.Margin only
	SideLoser                // in Score.Margin only
	// SideOthers is every player but own, taken together: a player value is
	// the sum of their values (OpCaptured, OpPoints, OpMoves, OpScore,
	// OpZoneDistance), a zone (OpInZone, OpEveryCell, ...) the union of their
	// cells. Piece quantifiers over the others are written Who: Enemy,
	// Side: SideOwn.
	SideOthers
)

// Op is an expression operator. The context of each group is given.
type Op int

const (
	// Constants and arithmetic (any context). OpBool has Int 0 or 1.
	OpInt Op = iota
	OpBool
	OpNot // Args[0]
	OpAnd // Args[0], Args[1]
	OpOr
	OpEq
	OpNe
	OpLt
	OpLe
	OpGt
	OpGe
	OpAdd
	OpSub
	OpMul
	OpDiv
	OpNeg // Args[0]
	OpIf  // Args: cond, then, else

	// OpVar: Name is "turn" (the mover's own turn number, 1-based) or "ply"
	// (the game's ply, 1-based, counting the move being made) in guards;
	// "size", "run" or "distance" in GroupCapture.When.
	OpVar

	// Cell conditions: true of the cell under test (the cell passed over or
	// landed on, or in OpEvery/OpSome the cell of the piece under test).
	// The owner relation is relative to Side (SideOwn: the mover).
	OpEmpty    // no piece on the cell
	OpOccupied // a piece on the cell
	OpOwnedBy  // the piece on the cell is selected by Who (Own, Enemy, NeutralPieces, AnyPiece) relative to Side
	OpOnTarget // the piece on the cell stands on its own target cell
	OpInZone   // the cell is in zone Int (index into Game.Zones) for player Side

	// Quantifiers over the pieces selected by Who relative to Side; Args[0]
	// is a cell condition evaluated at each piece's cell. OpEvery is true
	// when there is no such piece; OpCount counts them (Args may be empty:
	// count all).
	OpEvery
	OpSome
	OpCount

	// Player values of Side.
	OpCaptured // number of pieces the player has captured
	OpPoints   // sum of the "points" property of the pieces the player has captured
	OpDistance // sum over the player's pieces with a target of the fewest moves along Dirs from the piece's cell to its target on an empty board
	OpMoves    // number of turns the player has taken (passes included)
	OpScore    // the player's score (Game.Score.Value); in Score.Margin

	// Stacks and the moving piece (cell conditions of move rules).
	OpHeight // number of pieces on the cell under test
	OpLevel  // the moving piece's level: pieces under it at its start cell
	OpProp   // the moving piece's kind property Name (0 when it has none)

	// OpKindIs: the piece on the cell (the top piece) is of kind Int.
	OpKindIs

	// Quantifiers over the cells of zone Int (the cells of player Side);
	// Args[0] is a cell condition. OpEveryCell is true of an empty zone.
	OpEveryCell
	OpSomeCell
	OpCountCell

	// OpNextTo (cell conditions of move rules): the cell under test is the
	// neighbour, in one of Dirs, of the cell the previous ply's move ended
	// on (a removal: the removed cell; a leap: its final landing; a group
	// move: the head's destination). False when there is no such cell (the
	// first ply, or after a pass).
	OpNextTo
	// OpCounter: the value of counter Int (index into Game.Counters), in
	// goals and scores.
	OpCounter
	// Move values, in Counter.Counts only, about the move just played:
	// OpMoved is true when it moved a piece of kind Int (its kind at the
	// start of the move; a removal or a pass moves nothing); OpCaptures
	// the pieces it captured; OpPass true when it was a pass.
	OpMoved
	OpCaptures
	OpPass
	// OpZoneDistance: player value of Side: the sum over the player's
	// pieces of the fewest steps along Dirs, on an empty board, from the
	// piece's cell to the nearest cell of zone Int (that player's cells of
	// it; a piece with no such cell reachable counts the number of cells).
	OpZoneDistance

	// OpHand is a player value of Side: the pieces the player holds in
	// hand (Game.Hands); in move guards, the mover's.
	OpHand

	// OpRepetition: the number of times the position after the move (its
	// pieces, the pieces in hand and the player to move) has stood in the
	// game, this time included; in goals.
	OpRepetition
)

// Expr is a resolved expression.
type Expr struct {
	Op   Op
	Int  int    // OpInt, OpBool; zone index for OpInZone
	Name string // OpVar
	Side Side
	Who  Who
	Dirs []int // OpDistance, OpNextTo
	Args []*Expr
}

// TurnOrder says who moves at each ply: the players of Opening once, in
// order, then those of Repeat, over and over. Ply k (0 first) is
// Opening[k] while k < len(Opening), then Repeat[(k-len(Opening)) %
// len(Repeat)]. Repeat is never empty and names every player.
type TurnOrder struct {
	Opening []int
	Repeat  []int
	Pos     string
}

// PDN is how a game is written in PDN files (the rules file's pdn
// entry): its GameType number, how squares are written, the separator
// of a capture's squares and its three results.
type PDN struct {
	// GameType is the number of the game's [GameType] tag, 1 to 99.
	GameType int
	// Numbers says squares are written by the board's numbers
	// (Board.Numbers), not by cell names.
	Numbers bool
	// Capture joins the squares of a capture ("x" or ":").
	Capture string
	// Results are the result texts of a win of the first player, a win
	// of the second, and a draw.
	Results [3]string
}

// Swap is the pie rule of a two-player game: once Ply plies have been
// played, the player to move may, instead of moving, take over the side
// of the other player (the move "swap"). No piece changes and the same
// player (colour) is still to move; what changes is which participant
// plays which colour. It is offered once, only at that ply, and only to
// a player who has a move. Ply is at least 1, and the player to move at
// ply Ply is not the one who played ply Ply-1.
type Swap struct {
	Ply int
	Pos string
}
