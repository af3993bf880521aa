package core

import (
	"fmt"

	"github.com/ruleplay/ruleplay/ir"
)

// Program is a compiled game. It is immutable after Compile and may be used
// by several goroutines at once, each with its own States and MoveLists.
type Program struct {
	Desc *ir.Game
	Cfg  Config
	Plan
	Geometry
	Pieces
	Makers
	Ends

	Players int // the number of players
	// maxLeaps: Config.MaxLeaps or its default
	MaxLeaps int

	Rules []Rule
	Tiers []Tier
	// Blockade decides the no-blockade filter (choices.go; nil: the game
	// has none)
	Blockade   blockadeFilter
	BlockRules []int    // blockade-words: the rules in the order existence asks them
	Mbox       *Mailbox // the mailbox layout, when some rule uses it (mailbox.go)
	// LastTwo counts perft's last two plies without playing them
	// (choices.go; nil: perft plays the ply before the last)
	LastTwo      lastTwoPlies
	BulkPad      int   // zero words on either side of the shifted sets of bulk tiers
	GuardedRules []int // the move rules with a guard (When)
	// Playout plays RandomPlayout's loop: count, then build the one
	// drawn, or list, then draw (choices.go)
	Playout PlayoutDrawer

	// Order is the game's turn order (turns.go): the mover of each ply;
	// nil for strict alternation (NextTurn).
	Order *TurnOrder
	// SwapPly is the ply at which the swap is offered (ir.Swap; 0: the
	// game has none: turns.go)
	SwapPly int

	// Zobrist: the keys of the position hash (hash.go; nil: the
	// positions keep none); Repetition: how the positions of a game are
	// kept for the repetitions its rules count (nil: they count none)
	Zobrist    *HashKeys
	Repetition *Repetition
}

// Plan is the planner's reading of the registry for this Program:
// which accelerators are on, and why the others are not.
type Plan struct {
	// accels: the accelerators on (registry.go), closed under needs;
	// disabled: those Config.Disable names; declines: why the others
	// declined, per rule, tier or the Program (for the plan)
	Accels, DisabledSet AccelSet
	// offWhy: per accelerator, why it is off ("" when on), and
	// disabledNames the names Disabled reports: the planner's reading of
	// Config.Disable with the registry
	OffWhy        [AccelCount]string
	DisabledNames []string
	Declines      []Decline
	// quantTables: the piece quantifiers answered by quantifier-tables
	QuantTables int
	// Quantifiers compiles a piece quantifier outside cell conditions
	// faster than the core's visit of the pieces, or returns nil (the
	// planner's choice: quantifier-tables; when it is off, a check that
	// records where it would have served)
	Quantifiers func(p *Program, who ir.Who, op ir.Op, sd ir.Side, cond *ir.Expr, arg EvalFn) EvalFn
}

// Geometry is the board as tables: cells, their bits in cell sets,
// names and coordinates, neighbours and leaps per direction, zones.
type Geometry struct {
	NumCells, NumDirs int
	NumWords          int // 64-bit words in a cell bitset
	// bit layout (layout.go): cell c is bit bitOf[c] of a bitset of cells;
	// cellOf[b] is the cell of bit b (-1: no cell); boardMask has the bits
	// of cells
	BitOf     []int32
	CellOf    []int32
	Nbits     int
	BoardMask []uint64
	CellB     []CellBit // per cell: its bit in a cell set
	BackValid []uint64  // one word: per direction d, the cells c - d is a cell for

	CellNames  []string
	CellIdx    map[string]int
	CellX      []int
	CellY      []int
	Grid       map[[2]int]int // (X, Y) -> cell
	Neighbours []int32        // nb[c*nd+d]: neighbour of c in d, or -1

	Back  []int32         // back[c*nd+d]: the cell c - d, or -1
	Leaps map[int][]int32 // per leap length L: [(c*nd+d)*L+k]
	Revs  map[int][]int32 // per leap length L: [l*nd+d] the cell a leap in d lands on l from, or -1
	// Shifts: when every neighbour in direction d has index c+dirShift[d]
	// (a full rectangle in rank order), moving a bitset along d is a shift.
	DirShift   []int
	DirShiftOK []bool
	valid      map[int][]uint64 // per leap length L: [d*nw+w] cells whose leap in d stays on the board

	Zones     [][][]bool  // zones[z][player][cell]
	ZoneCells [][][]int32 // zoneCells[z][player]: the cells, ascending
	dists     map[string][]int32
}

// Pieces are the tables per piece code (code 0: empty) and the
// pieces in hand and stacks.
type Pieces struct {
	Ncodes  int     // piece codes: 0 empty, piece index + 1
	CodeOcc []int32 // per code: the offset of its owner's occupancy set (slot*nw)
	// per code (index 0 = empty)
	CodeOwner  []int8  // ir.Neutral for neutral pieces
	CodeSlot   []int32 // occupancy bitset slot: owner, or np for neutral
	CodeKind   []int32
	CodePoints []int32
	CodeTarget []int32 // target cell or -1
	TargetRow  []int32 // per cell: row in distance tables, or -1
	NTargets   int

	Stacking bool
	Scap     int       // stack capacity per cell: every piece of the setup and the hands
	Promos   [][]Promo // per code: the promotions that apply to it
	props    map[string][]int32

	// Pieces in hand (hand.go), only when the game gives some: the
	// position keeps a count per piece code (State.hand); handCodes[pl]
	// the codes player pl can hold, in code order; handKind[pl]: the
	// texts of pl's drops name the kind (pl can hold several kinds).
	Hands     bool
	HandCodes [][]uint16
	HandKind  []bool
}

// Makers are how moves are made and taken back (the planner's
// choices among the core's makers and the accelerators').
type Makers struct {
	// keepOccC: the position keeps the occupancy sets per code
	// (State.occC), because something reads them (a quantifier compiled
	// by quantByCode, the long-leap table's sources by kind, and those
	// compilePut adds)
	KeepOccC bool
	// revert: how the general unmake reverts a move's records
	// (compilePlay: revertPut, revertStacked, or flat-make's revertFlat)
	Revert func(p *Program, s *State, recs []Change)
	// SelectKept selects move i of the moves a tier's drawer kept
	// (State.selBulk: selectBulk), the planner's choice
	SelectKept func(p *Program, s *State, ml *MoveList, i int)
	// Unmakes takes back a frame, by its kind (compilePlay)
	Unmakes [8]Unmake
	// PassMaker makes a pass (GeneralMaker, or the repetitions' wrapper
	// of it: hash.go)
	PassMaker Maker
	// small: the tables of a small board (smallTabs; nil: fused-make does
	// not serve the Program: compileSmall)
	Small *SmallTabs
	// keepLast: a condition reads the cell the previous ply ended on
	// (next-to): Apply keeps it in State.last
	KeepLast bool
}

// Ends are the goals, limits, counters and scores that end and judge
// a game.
type Ends struct {
	GoalsAfter []Goal
	GoalsStart []Goal
	Ctrs       []EvalFn // the plain counters' conditions (counted.go); not nil when the game has counters
	NoMove     ir.Outcome
	Passes     int
	AtPasses   ir.Outcome // how passes in a row end the game (draw or score)
	Limit      int        // 0: none
	AtLimit    ir.Outcome

	// Counters: every counter, by its index in ir.Game.Counters (where
	// its values live in State.Ctr); Counted: the counters per player or
	// with a while, those that may count (counted.go)
	Counters []CounterRule
	Counted  []CounterRule

	ScoreFn EvalFn // nil: no score
	GuideFn EvalFn // nil: no guide (ir.Game.Guide)
	Best    ir.ScoreBest
	Margin  EvalFn
}

// CellBit is where a cell's bit is in a cell set: word w, mask m; and,
// when the game has a mailbox, the cell's slot (mb, for State.put).
type CellBit struct {
	M    uint64
	W    int32
	Slot uint16
}

// Goal is a compiled goal: when f holds for the player tested, that player
// wins (lose: loses, every other player wins).
type Goal struct {
	F    EvalFn
	Lose bool
	Draw bool // the game ends as a draw
}

// Promo is a compiled promotion for one piece code: on a cell where zone
// is true the piece becomes code to; atEnd: only where the whole move
// ends (a chain goes on through the zone); Continue: on any landing, the
// chain going on as the new kind (crown.go).
type Promo struct {
	Zone     []bool
	To       uint16
	AtEnd    bool
	Continue bool
}

// generator kinds
const (
	GenGeneric   = iota // the generic walker
	GenStep             // fast: one-cell leap without chain, local conditions
	GenLeap             // fast: any leap with local conditions
	GenRemove           // removal (same code either way)
	GenGroup            // group move, generic
	GenGroupFast        // fast: group move with local conditions, table driven
	GenStack            // fast: leap without chain or capture, conditions on heights, levels and kinds tabulated (stack.go)
	GenDrop             // a drop from the hand (strat_drop.go)
	GenReach            // moves named by their ends, chains that capture nothing: reachability (strat_reach.go)
	GenLongTable        // long rules with local conditions: rays and condition tables (long_table.go)
	GenHop              // fast: leaps that capture nothing, local conditions, inside locks as sets (accel/strat_hop.go)
)

// SourceMarker is how a rule's pieces that have a first leap are marked
// before its leaps are walked (accel/bitsets.go: markSources), chosen at
// compile time per rule and mover.
type SourceMarker uint8

const (
	MarkNone               SourceMarker = iota // every selected piece is walked
	MarkByShifts                               // shifts of the occupancy words
	MarkByLandings                             // from the empty landing cells, when fewer than the pieces
	MarkByShiftsOrLandings                     // landings when few cells are empty (< 4 per word), else shifts
)

// Rule is a compiled move rule: what it means (its conditions, leaps,
// chain and capture) and what the planner stored for it (its strategy,
// maker and tables).
type Rule struct {
	Idx    int
	Name   string
	Action ir.Action
	When   EvalFn
	// guardTest: how the guard (when) is tested (compileConds:
	// guardByExpr, or guardByTurns for a guard that only compares the
	// mover's turn number with constants: it allows the turns turnLo to
	// turnLo+turnSpan)
	GuardTest ruleGuard
	TurnLo    int32
	TurnSpan  uint32
	Who       ir.Who
	KindOK    []bool    // per kind; nil: every kind
	Dirs      [][]int32 // per player, deduplicated by vector
	Length    int       // the leap length (the largest, with lengthProp)
	// per code: the leap length of a piece of that code (0: the rule does
	// not move it) and its leap table
	LenCode  []int32
	LeapCode [][]int32
	Lengths  []int  // the distinct leap lengths, ascending
	From     EvalFn // nil: any moving piece
	Over     EvalFn // nil: any cell
	Onto     EvalFn
	Enemy    EvalFn // group captures: the enemy run condition (nil: no capture)
	Gwhen    EvalFn // group captures: when (nil: always)
	// takesWholeRun: group captures take the whole run (ir.GroupCapture.All)
	TakesWholeRun bool
	// promotionEndsChain: some promotion that ends a chain (not
	// AtMoveEnd) applies to a piece this rule moves
	PromotionEndsChain bool
	// long: a long rule's parameters (a range of lengths, a hurdle or
	// captures taken at the end: jumping.go; nil: not a long rule)
	Long *LongParams
	// generic: how the generic walker walks the rule's moves from a
	// source (compileGenericWalk)
	Generic genericWalk
	Capture ir.Capture
	Chain   ir.Chain
	Gen     int
	// keepsFirstDir: a chain keeps its first direction (chain.go:
	// eachFirstDir)
	KeepsFirstDir bool
	// NextDirs, per player and direction d, the directions a chain's leap
	// after a leap in direction d may take (nil: the mover's directions;
	// chain.go: goOn)
	NextDirs [][][]int32
	// Revisit (ir.MoveRule.Revisit): with RevisitNever no leap of a chain
	// lands on its path (the generic and line walkers)
	Revisit ir.Revisit
	// Lines: a rule capturing by approach or withdrawal (approach.go;
	// nil: the rule captures otherwise)
	Lines *LineCapture
	// namedByEnds: moves named by their ends (ir.MoveRule.TextEnds)
	NamedByEnds bool
	// chainStop: a chain ends on a landing cell where it holds (nil: none)
	ChainStop EvalFn
	// inside: per lock ZONE: inside, per player, its cells (nil: no such
	// lock); a leap starting on one of the mover's cells of a zone lands
	// only on cells of that zone (leaps of the generic walker)
	Inside [][][]bool
	// Strategy generates the rule's moves: the planner's choice
	// (strategies[gen]), stored
	Strategy Strategy
	// DropCodes (Drop rules): per mover, the codes the rule may place
	DropCodes [][]uint16

	// fast path tables (gen == genStep or genLeap)
	SrcOK     []bool // [mover*ncodes+code]: the piece on a cell may move
	OntoTab   []uint8
	Stride    int
	TabSize   int
	Leap      []int32 // Program.leaps[length]
	OntoEmpty []bool  // per mover: Onto holds exactly on empty cells
	// shift: the first leaps can be found with bitset shifts: the rule's
	// directions are shifts and Over/Onto depend only on the slot of the
	// piece (owner or neutral) or emptiness; overSlots/ontoSlots[mover] have
	// bit i for slot i and bit np+1 for an empty cell.
	Shift bool
	// Marker: per mover, how the pieces with a first leap are marked
	// before the rule's leaps are walked (the planner's choice, from
	// Shift, the board's words and OntoEmpty)
	Marker    []SourceMarker
	OverSlots []uint64
	OntoSlots []uint64
	ValidL    []uint64 // Program.valid[length]
	// srcSlots[mover]: bit i for the occupancy slots whose pieces the rule
	// selects by owner (Who); srcAll[mover]: fast rules whose srcOK holds
	// for every such piece (no kind or From restriction)
	SrcSlots []uint64
	SrcAll   []bool
	// lands[mover][b] (shift rules on one word): the bits of the landing
	// cells of the rule's leaps from bit b
	Lands [][]uint64
	// landsW: lands on several words, per mover [b*nw+w] (nw > 1)
	LandsW [][]uint64
	// ddRole: the rule's deduplication role in its tier (dedup.go)
	DdRole uint8
	// alwaysTakes: a shift rule whose every leap takes a piece (captures
	// jumped pieces and Over excludes empty cells, or captures by landing
	// and Onto excludes empty cells)
	AlwaysTakes bool
	// play: how the rule's moves are made and unmade (compilePlay)
	Play Maker
	// Tables: what the accelerators that serve the rule keep for it
	// (accel.RuleTables, set by the planner for every rule); the core
	// only carries it
	Tables any
	// cells: how the general make (doMove) moves the pieces of the
	// rule's moves (compilePlay)
	Cells func(p *Program, s *State, r *Rule, mover int, path []uint32)
	// GoesOn: the rule a chain goes on with once its piece is crowned
	// mid-chain (promote at: continue; crown.go), a copy of it that
	// records this rule's index and name (nil: no such crowning)
	GoesOn *Rule
}

// MaxTable bounds the size of a rule's condition tables.
const MaxTable = 1 << 22

func (p *Program) CellAt(x, y int) int32 {
	if c, ok := p.Grid[[2]int{x, y}]; ok {
		return int32(c)
	}
	return -1
}

// PromoteTo returns the code a piece of code becomes when it ends a move on
// cell c, or 0 when it is not promoted there.
func (p *Program) PromoteTo(code uint16, c int) uint16 {
	for _, pr := range p.Promos[code] {
		if pr.Zone[c] {
			return pr.To
		}
	}
	return 0
}

// StopsAt tells whether a piece of code landing on cell c in a chain is
// promoted there, which ends the chain (promotions at the move's end
// aside).
func (p *Program) StopsAt(code uint16, c int) bool {
	for _, pr := range p.Promos[code] {
		if pr.Zone[c] && !pr.AtEnd && !pr.Continue {
			return true
		}
	}
	return false
}

// PropTable returns (building it once) a kind property per piece code (0
// for the empty code and kinds without it).
func (p *Program) PropTable(name string) []int32 {
	if t, ok := p.props[name]; ok {
		return t
	}
	t := make([]int32, p.Ncodes)
	for code := 1; code < p.Ncodes; code++ {
		t[code] = int32(p.Desc.Kinds[p.CodeKind[code]].Props[name])
	}
	if p.props == nil {
		p.props = map[string][]int32{}
	}
	p.props[name] = t
	return t
}

// NonLocal returns why cell condition e, named what, cannot be tabulated
// per cell and piece code ("" when it can): what it reads beside them.
func (p *Program) NonLocal(what string, e *ir.Expr) string {
	d := DepsOf(e)
	allowed := LocalDeps
	if !p.Stacking {
		allowed |= DepHeight | DepLevel
	}
	if d&^allowed == 0 {
		return ""
	}
	return fmt.Sprintf("%s reads %s", what, (d &^ allowed).String())
}

// FillSrcOK tabulates which pieces rule r lets each mover move (r.srcOK:
// Who, Kinds and a From that does not depend on the cell), then r.srcAll.
func (p *Program) FillSrcOK(r *Rule) {
	r.SrcOK = make([]bool, p.Players*p.Ncodes)
	fc := &Ectx{P: p}
	for mv := 0; mv < p.Players; mv++ {
		fc.Own, fc.Opp = mv, (mv+1)%p.Players
		for code := 1; code < p.Ncodes; code++ {
			ok := p.Selects(r, mv, code)
			if ok && r.From != nil {
				fc.Code, fc.Mcode = code, code
				ok = r.From(fc) != 0
			}
			r.SrcOK[mv*p.Ncodes+code] = ok
		}
	}
	p.fillSrcAll(r)
}

// fillSrcAll sets r.srcAll from r.srcOK.
func (p *Program) fillSrcAll(r *Rule) {
	r.SrcAll = make([]bool, p.Players)
	for mv := 0; mv < p.Players; mv++ {
		all := true
		for code := 1; code < p.Ncodes; code++ {
			if WhoMatch(r.Who, mv, p.CodeOwner[code]) && !r.SrcOK[mv*p.Ncodes+code] {
				all = false
			}
		}
		r.SrcAll[mv] = all
	}
}

// ValidMasks returns (building it once) the bitsets of cells whose leap of
// length L in each direction stays on the board.
func (p *Program) ValidMasks(L int) []uint64 {
	if v, ok := p.valid[L]; ok {
		return v
	}
	v := make([]uint64, p.NumDirs*p.NumWords)
	t := p.Leaps[L]
	for c := 0; c < p.NumCells; c++ {
		for d := 0; d < p.NumDirs; d++ {
			if int(t[(c*p.NumDirs+d)*L]) < p.NumCells {
				b := p.BitOf[c]
				v[d*p.NumWords+int(b>>6)] |= 1 << (uint(b) & 63)
			}
		}
	}
	if p.valid == nil {
		p.valid = map[int][]uint64{}
	}
	p.valid[L] = v
	return v
}

func Abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Selects tells whether rule r lets mover move (or remove) a piece of code.
func (p *Program) Selects(r *Rule, mover, code int) bool {
	if code == 0 || !WhoMatch(r.Who, mover, p.CodeOwner[code]) {
		return false
	}
	return r.KindOK == nil || r.KindOK[p.CodeKind[code]]
}

// CondTable tabulates a local cell condition per mover: 1 where it holds.
// The wall code (ncodes) and the sentinel cell (nc) never satisfy it.
func (p *Program) CondTable(f EvalFn, stride, size int) []uint8 {
	t := make([]uint8, p.Players*size)
	ncell := 1
	if stride != 0 {
		ncell = p.NumCells
	}
	c := &Ectx{P: p}
	for mv := 0; mv < p.Players; mv++ {
		c.Own, c.Opp = mv, (mv+1)%p.Players
		for cell := 0; cell < ncell; cell++ {
			for code := 0; code < p.Ncodes; code++ {
				ok := true
				if f != nil {
					c.Cell, c.Code = cell, code
					ok = f(c) != 0
				}
				if ok {
					t[mv*size+cell*stride+code] = 1
				}
			}
		}
	}
	return t
}

// LeapTable returns (building it once) the table of straight paths of L
// cells: [(c*nd+d)*L+k] is the k-th cell from c in d; when the path leaves
// the board every entry is the sentinel nc.
func (p *Program) LeapTable(L int) []int32 {
	if t, ok := p.Leaps[L]; ok {
		return t
	}
	t := make([]int32, p.NumCells*p.NumDirs*L)
	for c := 0; c < p.NumCells; c++ {
		for d := 0; d < p.NumDirs; d++ {
			base := (c*p.NumDirs + d) * L
			cur := int32(c)
			for k := 0; k < L; k++ {
				cur = p.Neighbours[int(cur)*p.NumDirs+d]
				if cur < 0 {
					for j := 0; j < L; j++ {
						t[base+j] = int32(p.NumCells)
					}
					break
				}
				t[base+k] = cur
			}
		}
	}
	p.Leaps[L] = t
	rev := make([]int32, p.NumCells*p.NumDirs)
	for i := range rev {
		rev[i] = -1
	}
	for c := 0; c < p.NumCells; c++ {
		for d := 0; d < p.NumDirs; d++ {
			if l := t[(c*p.NumDirs+d)*L+L-1]; int(l) < p.NumCells {
				rev[int(l)*p.NumDirs+d] = int32(c)
			}
		}
	}
	if p.Revs == nil {
		p.Revs = map[int][]int32{}
	}
	p.Revs[L] = rev
	return t
}

// distanceTable returns (building it once) the distance table of a set of
// directions: [row(target)*nc + cell] is the fewest moves along dirs from
// cell to target on the empty board (nc when unreachable).
func (p *Program) distanceTable(dirs []int) ([]int32, error) {
	return p.distances(fmt.Sprint(dirs), dirs, p.NTargets, func(row int, add func(c int)) {
		for tc := 0; tc < p.NumCells; tc++ {
			if int(p.TargetRow[tc]) == row {
				add(tc)
			}
		}
	})
}

// distances returns (building it once, under key) rows tables of the
// fewest moves along dirs on the empty board from every cell to the
// nearest of the cells sources(row, add) adds: a breadth-first search from
// all of them at once ([row*nc + cell]; nc when none is reachable).
func (p *Program) distances(key string, dirs []int, rows int, sources func(row int, add func(c int))) ([]int32, error) {
	if t, ok := p.dists[key]; ok {
		return t, nil
	}
	for _, d := range dirs {
		if d < 0 || d >= p.NumDirs {
			return nil, fmt.Errorf("distance: direction %d out of range", d)
		}
	}
	t := make([]int32, rows*p.NumCells)
	queue := make([]int, 0, p.NumCells)
	for row := 0; row < rows; row++ {
		dist := t[row*p.NumCells : (row+1)*p.NumCells]
		for i := range dist {
			dist[i] = -1
		}
		queue = queue[:0]
		sources(row, func(c int) {
			dist[c] = 0
			queue = append(queue, c)
		})
		for len(queue) > 0 {
			y := queue[0]
			queue = queue[1:]
			for _, d := range dirs {
				v := p.Desc.Board.Dirs[d]
				x := p.CellAt(p.CellX[y]-v.DX, p.CellY[y]-v.DY)
				if x >= 0 && dist[x] < 0 {
					dist[x] = dist[y] + 1
					queue = append(queue, int(x))
				}
			}
		}
		for i := range dist {
			if dist[i] < 0 {
				dist[i] = int32(p.NumCells)
			}
		}
	}
	if p.dists == nil {
		p.dists = map[string][]int32{}
	}
	p.dists[key] = t
	return t, nil
}

// After returns the player who moves after pl (no division on hot paths).
func (p *Program) After(pl int) int {
	if pl+1 == p.Players {
		return 0
	}
	return pl + 1
}

// Game returns the description the Program was compiled from.
func (p *Program) Game() *ir.Game { return p.Desc }

// NumPlayers returns the number of players.
func (p *Program) NumPlayers() int { return p.Players }

// PlayerName returns the name of player i ("" when out of range).
func (p *Program) PlayerName(i int) string {
	if i < 0 || i >= p.Players {
		return ""
	}
	return p.Desc.Players[i].Name
}

// CellName returns the name of cell c (docs/notation.md; "" when out of range).
func (p *Program) CellName(c int) string {
	if c < 0 || c >= p.NumCells {
		return ""
	}
	return p.CellNames[c]
}

// CellIndex returns the index of the cell with this name.
func (p *Program) CellIndex(name string) (int, bool) {
	c, ok := p.CellIdx[name]
	return c, ok
}
