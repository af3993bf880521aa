package interp

import (
	"cmp"
	"fmt"
	"sort"

	"github.com/ruleplay/ruleplay/ir"
)

// Program is a compiled game. It is immutable after Compile and may be used
// by several goroutines at once, each with its own States and MoveLists.
type Program struct {
	game *ir.Game
	cfg  Config
	// accels: the accelerators on (registry.go), closed under needs;
	// disabled: those Config.Disable names; declines: why the others
	// declined, per rule, tier or the Program (for the plan)
	accels, disabled accelSet
	// offWhy: per accelerator, why it is off ("" when on), and
	// disabledNames the names Disabled reports: the planner's reading of
	// Config.Disable with the registry
	offWhy        [accelCount]string
	disabledNames []string
	declines      []decline
	// quantTables: the piece quantifiers answered by quantifier-tables
	quantTables int
	// maxLeaps: Config.MaxLeaps or its default
	maxLeaps int

	numCells, numDirs, numPlayers int
	numWords                      int // 64-bit words in a cell bitset
	// bit layout (layout.go): cell c is bit bitOf[c] of a bitset of cells;
	// cellOf[b] is the cell of bit b (-1: no cell); boardMask has the bits
	// of cells
	bitOf     []int32
	cellOf    []int32
	nbits     int
	boardMask []uint64
	cellB     []cellBit // per cell: its bit in a cell set
	codeOcc   []int32   // per code: the offset of its owner's occupancy set (slot*nw)
	backValid []uint64  // one word: per direction d, the cells c - d is a cell for
	ncodes    int       // piece codes: 0 empty, piece index + 1

	cellName   []string
	cellIdx    map[string]int
	cellX      []int
	cellY      []int
	grid       map[[2]int]int // (X, Y) -> cell
	neighbours []int32        // nb[c*nd+d]: neighbour of c in d, or -1

	// per code (index 0 = empty)
	codeOwner  []int8  // ir.Neutral for neutral pieces
	codeSlot   []int32 // occupancy bitset slot: owner, or np for neutral
	codeKind   []int32
	codePoints []int32
	codeTarget []int32 // target cell or -1
	targetRow  []int32 // per cell: row in distance tables, or -1
	nTargets   int

	zones     [][][]bool  // zones[z][player][cell]
	zoneCells [][][]int32 // zoneCells[z][player]: the cells, ascending
	dists     map[string][]int32

	stacking bool
	scap     int       // stack capacity per cell: every piece of the setup and the hands
	back     []int32   // back[c*nd+d]: the cell c - d, or -1
	promos   [][]promo // per code: the promotions that apply to it
	props    map[string][]int32

	leaps map[int][]int32 // per leap length L: [(c*nd+d)*L+k]
	revs  map[int][]int32 // per leap length L: [l*nd+d] the cell a leap in d lands on l from, or -1
	// Shifts: when every neighbour in direction d has index c+dirShift[d]
	// (a full rectangle in rank order), moving a bitset along d is a shift.
	dirShift   []int
	dirShiftOK []bool
	valid      map[int][]uint64 // per leap length L: [d*nw+w] cells whose leap in d stays on the board

	rules []rule
	tiers []tier
	// blockade decides the no-blockade filter (choices.go; nil: the game
	// has none)
	blockade   blockadeFilter
	blockRules []int    // blockade-words: the rules in the order existence asks them
	mbox       *mailbox // the mailbox layout, when some rule uses it (mailbox.go)
	// lastTwo counts perft's last two plies without playing them
	// (choices.go; nil: perft plays the ply before the last)
	lastTwo      lastTwoPlies
	bulkPad      int   // zero words on either side of the shifted sets of bulk tiers
	guardedRules []int // the move rules with a guard (When)
	// playout plays RandomPlayout's loop: count, then build the one
	// drawn, or list, then draw (choices.go)
	playout playoutDrawer

	// keepOccC: the position keeps the occupancy sets per code
	// (State.occC), because something reads them (a quantifier compiled
	// by quantByCode, the long-leap table's sources by kind, and those
	// compilePut adds)
	keepOccC bool
	// revert: how the general unmake reverts a move's records
	// (compilePlay: revertPut, revertStacked, or flat-make's revertFlat)
	revert func(p *Program, s *State, recs []change)
	// explain reports the plan (Plan): the planner's report of its choices
	explain func(*Program) Plan
	// selectKept selects move i of the moves a tier's drawer kept
	// (State.selBulk: selectBulk), the planner's choice
	selectKept func(p *Program, s *State, ml *MoveList, i int)
	// unmakes takes back a frame, by its kind (compilePlay)
	unmakes [8]unmake
	// small: the tables of a small board (smallTabs; nil: fused-make does
	// not serve the Program: compileSmall)
	small *smallTabs
	// keepLast: a condition reads the cell the previous ply ended on
	// (next-to): Apply keeps it in State.last
	keepLast bool

	goalsAfter []goal
	goalsStart []goal
	ctrs       []evalFn // the counters' conditions (ir.Game.Counters); nil: none
	noMove     ir.Outcome
	passes     int
	atPasses   ir.Outcome // how passes in a row end the game (draw or score)
	limit      int        // 0: none
	atLimit    ir.Outcome

	// Pieces in hand (hand.go), only when the game gives some: the
	// position keeps a count per piece code (State.hand); handCodes[pl]
	// the codes player pl can hold, in code order; handKind[pl]: the
	// texts of pl's drops name the kind (pl can hold several kinds).
	hands     bool
	handCodes [][]uint16
	handKind  []bool

	score  evalFn // nil: no score
	guide  evalFn // nil: no guide (ir.Game.Guide)
	best   ir.ScoreBest
	margin evalFn
}

// cellBit is where a cell's bit is in a cell set: word w, mask m; and,
// when the game has a mailbox, the cell's slot (mb, for State.put).
type cellBit struct {
	m    uint64
	w    int32
	slot uint16
}

// goal is a compiled goal: when f holds for the player tested, that player
// wins (lose: loses, every other player wins).
type goal struct {
	f    evalFn
	lose bool
	draw bool // the game ends as a draw
}

// promo is a compiled promotion for one piece code: on a cell where zone
// is true the piece becomes code to; atEnd: only where the whole move
// ends (a chain goes on through the zone).
type promo struct {
	zone  []bool
	to    uint16
	atEnd bool
}

// generator kinds
const (
	genGeneric   = iota // the generic walker
	genStep             // fast: one-cell leap without chain, local conditions
	genLeap             // fast: any leap with local conditions
	genRemove           // removal (same code either way)
	genGroup            // group move, generic
	genGroupFast        // fast: group move with local conditions, table driven
	genStack            // fast: leap without chain or capture, conditions on heights, levels and kinds tabulated (stack.go)
	genDrop             // a drop from the hand (strat_drop.go)
	genReach            // moves named by their ends, chains that capture nothing: reachability (strat_reach.go)
	genLongTable        // long rules with local conditions: rays and condition tables (long_table.go)
	genHop              // fast: leaps that capture nothing, local conditions, inside locks as sets (strat_hop.go)
)

type rule struct {
	idx    int
	name   string
	action ir.Action
	when   evalFn
	// guardTest: how the guard (when) is tested (compileConds:
	// guardByExpr, or guardByTurns for a guard that only compares the
	// mover's turn number with constants: it allows the turns turnLo to
	// turnLo+turnSpan)
	guardTest ruleGuard
	turnLo    int32
	turnSpan  uint32
	who       ir.Who
	kindOK    []bool    // per kind; nil: every kind
	dirs      [][]int32 // per player, deduplicated by vector
	length    int       // the leap length (the largest, with lengthProp)
	// per code: the leap length of a piece of that code (0: the rule does
	// not move it) and its leap table
	lenCode  []int32
	leapCode [][]int32
	lengths  []int  // the distinct leap lengths, ascending
	from     evalFn // nil: any moving piece
	over     evalFn // nil: any cell
	onto     evalFn
	enemy    evalFn // group captures: the enemy run condition (nil: no capture)
	gwhen    evalFn // group captures: when (nil: always)
	// takesWholeRun: group captures take the whole run (ir.GroupCapture.All)
	takesWholeRun bool
	// promotionEndsChain: some promotion that ends a chain (not
	// AtMoveEnd) applies to a piece this rule moves
	promotionEndsChain bool
	// long: a long rule's parameters (a range of lengths, a hurdle or
	// captures taken at the end: jumping.go; nil: not a long rule)
	long *longParams
	// generic: how the generic walker walks the rule's moves from a
	// source (compileGenericWalk)
	generic genericWalk
	// longTable: the rays and condition tables of the long-leap table
	// (genLongTable; nil otherwise)
	longTable *longTable
	capture   ir.Capture
	chain     ir.Chain
	gen       int
	// keepsFirstDir: a chain keeps its first direction (chain.go:
	// eachFirstDir)
	keepsFirstDir bool
	// namedByEnds: moves named by their ends (ir.MoveRule.TextEnds)
	namedByEnds bool
	// chainStop: a chain ends on a landing cell where it holds (nil: none)
	chainStop evalFn
	// inside: per lock ZONE: inside, per player, its cells (nil: no such
	// lock); a leap starting on one of the mover's cells of a zone lands
	// only on cells of that zone (leaps of the generic walker)
	inside [][][]bool
	// strategy generates the rule's moves: the planner's choice
	// (strategies[gen]), stored
	strategy strategy
	// hop: the rule compiled for the hop table (strat_hop.go; nil:
	// another generator)
	hop *hopRule
	// dropCodes (Drop rules): per mover, the codes the rule may place
	dropCodes [][]uint16

	// fast path tables (gen == genStep or genLeap)
	srcOK     []bool  // [mover*ncodes+code]: the piece on a cell may move
	overTab   []uint8 // [mover*tabSize + cell*stride + code]: 1 where the condition holds
	ontoTab   []uint8
	enemyTab  []uint8 // group rules: the Enemy condition
	stride    int
	tabSize   int
	leap      []int32 // Program.leaps[length]
	rev       []int32 // Program.revs[length]
	ontoEmpty []bool  // per mover: Onto holds exactly on empty cells
	// shift: the first leaps can be found with bitset shifts: the rule's
	// directions are shifts and Over/Onto depend only on the slot of the
	// piece (owner or neutral) or emptiness; overSlots/ontoSlots[mover] have
	// bit i for slot i and bit np+1 for an empty cell.
	shift     bool
	overSlots []uint64
	ontoSlots []uint64
	validL    []uint64 // Program.valid[length]
	// srcSlots[mover]: bit i for the occupancy slots whose pieces the rule
	// selects by owner (Who); srcAll[mover]: fast rules whose srcOK holds
	// for every such piece (no kind or From restriction)
	srcSlots []uint64
	srcAll   []bool
	// sets[mover]: the occupancy sets ruleSets combines (bulk tiers)
	sets []ruleSlots
	// lands[mover][b] (shift rules on one word): the bits of the landing
	// cells of the rule's leaps from bit b
	lands [][]uint64
	// landsW: lands on several words, per mover [b*nw+w] (nw > 1)
	landsW [][]uint64
	// genStack: conditions tabulated and paths listed (strat_stack.go)
	stk *stackRule
	// ddRole: the rule's deduplication role in its tier (dedup.go)
	ddRole uint8
	// alwaysTakes: a shift rule whose every leap takes a piece (captures
	// jumped pieces and Over excludes empty cells, or captures by landing
	// and Onto excludes empty cells)
	alwaysTakes bool
	// mailbox rules (mailbox.go): per mover, the slot offsets of the
	// directions (nil: the rule does not use the mailbox), and whether
	// every piece may move
	mbOffs [][]int32
	mbTab  []mbTab // per mover: the directions as the walkers read them
	mbAny  []bool
	// genGroupFast: the bitset tables (strat_group.go)
	grp *groupTab
	// play: how the rule's moves are made and unmade (compilePlay)
	play maker
	// cells: how the general make (doMove) moves the pieces of the
	// rule's moves (compilePlay)
	cells func(p *Program, s *State, r *rule, mover int, path []uint32)
	// walk: how fastLeaps walks the moves of a genLeap rule
	// (compileWalk, compileMailbox)
	walk uint8
}

// how fastLeaps walks a genLeap rule's moves (rule.walk)
const (
	walkTable    = iota // first leaps marked on bitsets or found per source, chains walked on the leap table (tableWalk)
	walkWord            // short jumps on one word: chains walked and counted on the occupancy word (word-chains)
	walkLandings        // walkTable, but counted from the landing cells when the empty cells are few (landing-count)
	walkMailbox         // walked on the mailbox (mbLeaps)
	// walkTable for a chain that keeps its first direction: one first
	// direction at a time (tableWalk.eachFirstDir)
	walkTableFirstDirs
)

// maxTable bounds the size of a rule's condition tables.
const maxTable = 1 << 22

// Compile checks g defensively and lowers it to a Program: cells as int
// indices, neighbour and leap tables, compiled expressions, distance tables
// and the chosen move generators. Inconsistent input gives an error.
func Compile(g *ir.Game, cfg Config) (*Program, error) {
	if g == nil {
		return nil, fmt.Errorf("compile: no game")
	}
	p := &Program{game: g, cfg: cfg, maxLeaps: cfg.MaxLeaps}
	named, off, err := disabledSet(cfg.Disable)
	if err != nil {
		return nil, fmt.Errorf("compile %s: %w", g.Name, err)
	}
	p.disabled, p.accels = named, allAccels&^off
	for a := range accelCount {
		p.offWhy[a] = p.offReason(a)
	}
	p.disabledNames = p.disabledByName()
	if p.maxLeaps <= 0 {
		p.maxLeaps = DefaultMaxLeaps
	}
	if err := p.compileBoard(); err != nil {
		return nil, fmt.Errorf("compile %s: %w", g.Name, err)
	}
	if err := p.compilePieces(); err != nil {
		return nil, fmt.Errorf("compile %s: %w", g.Name, err)
	}
	if err := p.compileSetup(); err != nil {
		return nil, fmt.Errorf("compile %s: %w", g.Name, err)
	}
	if err := p.compileHands(); err != nil {
		return nil, fmt.Errorf("compile %s: %w", g.Name, err)
	}
	if err := p.compileLocks(); err != nil {
		return nil, fmt.Errorf("compile %s: %w", g.Name, err)
	}
	if err := p.compileRules(); err != nil {
		return nil, fmt.Errorf("compile %s: %w", g.Name, err)
	}
	if err := p.compileEnd(); err != nil {
		return nil, fmt.Errorf("compile %s: %w", g.Name, err)
	}
	p.compilePut()
	p.compilePlay()
	for i := range p.rules {
		p.rules[i].strategy = strategies[p.rules[i].gen]
	}
	p.explain = (*Program).planOf
	return p, nil
}

func (p *Program) compileBoard() error {
	b := &p.game.Board
	p.numCells, p.numDirs, p.numPlayers = len(b.Cells), len(b.Dirs), len(p.game.Players)
	if p.numCells == 0 {
		return fmt.Errorf("board: no cells")
	}
	if p.numCells > 1<<16-1 {
		return fmt.Errorf("board: %d cells, at most %d supported", p.numCells, 1<<16-1)
	}
	if p.numDirs > 1<<14 {
		return fmt.Errorf("board: %d directions, too many", p.numDirs)
	}
	if p.numPlayers == 0 {
		return fmt.Errorf("no players")
	}
	if p.numPlayers > 100 {
		return fmt.Errorf("%d players, at most 100 supported", p.numPlayers)
	}
	if b.Shape != ir.Square && b.Shape != ir.Hex {
		return fmt.Errorf("board: unknown shape %d", b.Shape)
	}
	p.cellName = make([]string, p.numCells)
	p.cellX = make([]int, p.numCells)
	p.cellY = make([]int, p.numCells)
	p.cellIdx = make(map[string]int, p.numCells)
	p.grid = make(map[[2]int]int, p.numCells)
	for i, c := range b.Cells {
		if c.Name == "" {
			return fmt.Errorf("board: cell %d has no name", i)
		}
		if _, dup := p.cellIdx[c.Name]; dup {
			return fmt.Errorf("board: cell name %q used twice", c.Name)
		}
		k := [2]int{c.X, c.Y}
		if j, dup := p.grid[k]; dup {
			return fmt.Errorf("board: cells %q and %q have the same position (%d,%d)", b.Cells[j].Name, c.Name, c.X, c.Y)
		}
		p.cellIdx[c.Name] = i
		p.grid[k] = i
		p.cellName[i], p.cellX[i], p.cellY[i] = c.Name, c.X, c.Y
	}
	for i, d := range b.Dirs {
		if d.DX == 0 && d.DY == 0 {
			return fmt.Errorf("board: direction %q (%d) is the zero vector", d.Name, i)
		}
	}
	p.neighbours = make([]int32, p.numCells*p.numDirs)
	p.back = make([]int32, p.numCells*p.numDirs)
	for c := 0; c < p.numCells; c++ {
		for d, dir := range b.Dirs {
			p.neighbours[c*p.numDirs+d] = p.cellAt(p.cellX[c]+dir.DX, p.cellY[c]+dir.DY)
			p.back[c*p.numDirs+d] = p.cellAt(p.cellX[c]-dir.DX, p.cellY[c]-dir.DY)
		}
	}
	p.chooseLayout()
	for i, pl := range p.game.Players {
		if pl.Name == "" {
			return fmt.Errorf("player %d has no name", i)
		}
	}
	return nil
}

func (p *Program) cellAt(x, y int) int32 {
	if c, ok := p.grid[[2]int{x, y}]; ok {
		return int32(c)
	}
	return -1
}

// compilePieces checks the kinds and pieces and builds the per-code tables
// (compileCodes), the zones (compileZones) and the promotions
// (compilePromotions).
func (p *Program) compilePieces() error {
	g := p.game
	for i, k := range g.Kinds {
		if k.Numbered < 0 {
			return fmt.Errorf("kind %q (%d): negative numbering", k.Name, i)
		}
	}
	if len(g.Pieces) > 1<<15 {
		return fmt.Errorf("%d piece types, too many", len(g.Pieces))
	}
	if err := p.compileCodes(); err != nil {
		return err
	}
	if err := p.compileZones(); err != nil {
		return err
	}
	p.stacking = g.Stacking
	return p.compilePromotions()
}

// compileCodes gives every piece type a code (its index + 1; 0 is the
// empty cell) and tabulates per code its owner, occupancy slot, kind,
// points and target, numbering the target cells (targetRow).
func (p *Program) compileCodes() error {
	g := p.game
	p.ncodes = len(g.Pieces) + 1
	p.codeOwner = make([]int8, p.ncodes)
	p.codeSlot = make([]int32, p.ncodes)
	p.codeOcc = make([]int32, p.ncodes)
	p.codeKind = make([]int32, p.ncodes)
	p.codePoints = make([]int32, p.ncodes)
	p.codeTarget = make([]int32, p.ncodes)
	p.targetRow = make([]int32, p.numCells)
	for i := range p.targetRow {
		p.targetRow[i] = -1
	}
	p.codeOwner[0], p.codeSlot[0], p.codeKind[0], p.codeTarget[0] = -2, -1, -1, -1
	for i, pc := range g.Pieces {
		code := i + 1
		if pc.Kind < 0 || pc.Kind >= len(g.Kinds) {
			return fmt.Errorf("piece %q (%d): kind %d out of range", pc.Name, i, pc.Kind)
		}
		if pc.Owner != ir.Neutral && (pc.Owner < 0 || pc.Owner >= p.numPlayers) {
			return fmt.Errorf("piece %q (%d): owner %d out of range", pc.Name, i, pc.Owner)
		}
		if pc.Target < -1 || pc.Target >= p.numCells {
			return fmt.Errorf("piece %q (%d): target cell %d out of range", pc.Name, i, pc.Target)
		}
		k := g.Kinds[pc.Kind]
		if pc.Number < 0 || (k.Numbered == 0 && pc.Number != 0) || pc.Number > k.Numbered {
			return fmt.Errorf("piece %q (%d): number %d does not fit kind %q", pc.Name, i, pc.Number, k.Name)
		}
		p.codeOwner[code] = int8(pc.Owner)
		if pc.Owner == ir.Neutral {
			p.codeSlot[code] = int32(p.numPlayers)
		} else {
			p.codeSlot[code] = int32(pc.Owner)
		}
		p.codeOcc[code] = p.codeSlot[code] * int32(p.numWords)
		p.codeKind[code] = int32(pc.Kind)
		p.codePoints[code] = int32(k.Props["points"])
		p.codeTarget[code] = int32(pc.Target)
		if pc.Target >= 0 && p.targetRow[pc.Target] < 0 {
			p.targetRow[pc.Target] = int32(p.nTargets)
			p.nTargets++
		}
	}
	return nil
}

// compileZones builds each zone's cells per player, as a set (zones) and
// in ascending order (zoneCells).
func (p *Program) compileZones() error {
	g := p.game
	p.zones = make([][][]bool, len(g.Zones))
	p.zoneCells = make([][][]int32, len(g.Zones))
	for z, zn := range g.Zones {
		if len(zn.Cells) != p.numPlayers {
			return fmt.Errorf("zone %q: %d cell sets for %d players", zn.Name, len(zn.Cells), p.numPlayers)
		}
		p.zones[z] = make([][]bool, p.numPlayers)
		p.zoneCells[z] = make([][]int32, p.numPlayers)
		for pl, cells := range zn.Cells {
			m := make([]bool, p.numCells)
			for _, c := range cells {
				if c < 0 || c >= p.numCells {
					return fmt.Errorf("zone %q: cell %d out of range", zn.Name, c)
				}
				m[c] = true
			}
			p.zones[z][pl] = m
			for c, in := range m {
				if in {
					p.zoneCells[z][pl] = append(p.zoneCells[z][pl], int32(c))
				}
			}
		}
	}
	return nil
}

// compilePromotions lists per piece code the promotions that apply to it
// (p.promos): the owner's cells of the zone and the code of the piece of
// the same owner and number it becomes.
func (p *Program) compilePromotions() error {
	g := p.game
	p.promos = make([][]promo, p.ncodes)
	for i, pr := range g.Promotions {
		if pr.Kind < 0 || pr.Kind >= len(g.Kinds) || pr.To < 0 || pr.To >= len(g.Kinds) {
			return fmt.Errorf("promotion %d (%s): kind out of range", i+1, pr.Pos)
		}
		if pr.Zone < 0 || pr.Zone >= len(g.Zones) {
			return fmt.Errorf("promotion %d (%s): zone %d out of range", i+1, pr.Pos, pr.Zone)
		}
		for pc, piece := range g.Pieces {
			if piece.Kind != pr.Kind || piece.Owner == ir.Neutral {
				continue
			}
			to := -1
			for j, q := range g.Pieces {
				if q.Kind == pr.To && q.Owner == piece.Owner && q.Number == piece.Number {
					to = j
					break
				}
			}
			if to < 0 {
				return fmt.Errorf("promotion %d (%s): no piece type %s of %s numbered %d", i+1, pr.Pos,
					g.Kinds[pr.To].Name, g.Players[piece.Owner].Name, piece.Number)
			}
			p.promos[pc+1] = append(p.promos[pc+1], promo{zone: p.zones[pr.Zone][piece.Owner], to: uint16(to + 1), atEnd: pr.AtMoveEnd})
		}
	}
	return nil
}

// promoteTo returns the code a piece of code becomes when it ends a move on
// cell c, or 0 when it is not promoted there.
func (p *Program) promoteTo(code uint16, c int) uint16 {
	for _, pr := range p.promos[code] {
		if pr.zone[c] {
			return pr.to
		}
	}
	return 0
}

// stopsAt tells whether a piece of code landing on cell c in a chain is
// promoted there, which ends the chain (promotions at the move's end
// aside).
func (p *Program) stopsAt(code uint16, c int) bool {
	for _, pr := range p.promos[code] {
		if pr.zone[c] && !pr.atEnd {
			return true
		}
	}
	return false
}

// propTable returns (building it once) a kind property per piece code (0
// for the empty code and kinds without it).
func (p *Program) propTable(name string) []int32 {
	if t, ok := p.props[name]; ok {
		return t
	}
	t := make([]int32, p.ncodes)
	for code := 1; code < p.ncodes; code++ {
		t[code] = int32(p.game.Kinds[p.codeKind[code]].Props[name])
	}
	if p.props == nil {
		p.props = map[string][]int32{}
	}
	p.props[name] = t
	return t
}

func (p *Program) compileSetup() error {
	st := &p.game.Setup
	for _, pl := range st.Place {
		if pl.Cell < 0 || pl.Cell >= p.numCells {
			return fmt.Errorf("setup: cell %d out of range", pl.Cell)
		}
		if pl.Piece < 0 || pl.Piece >= len(p.game.Pieces) {
			return fmt.Errorf("setup: piece %d on %s out of range", pl.Piece, p.cellName[pl.Cell])
		}
	}
	if r := st.Random; r != nil {
		seen := make(map[int]bool, len(r.Cells))
		for _, c := range r.Cells {
			if c < 0 || c >= p.numCells {
				return fmt.Errorf("setup: random cell %d out of range", c)
			}
			if seen[c] {
				return fmt.Errorf("setup: random cell %s listed twice", p.cellName[c])
			}
			seen[c] = true
		}
		n := 0
		for _, pc := range r.Counts {
			if pc.Piece < 0 || pc.Piece >= len(p.game.Pieces) {
				return fmt.Errorf("setup: random piece %d out of range", pc.Piece)
			}
			if pc.Count < 0 {
				return fmt.Errorf("setup: negative count for %s", p.game.Pieces[pc.Piece].Name)
			}
			n += pc.Count
		}
		if n != len(r.Cells) {
			return fmt.Errorf("setup: %d random pieces for %d cells", n, len(r.Cells))
		}
	}
	if p.stacking {
		// Pieces are added during a game only by drops from the hands:
		// a stack never holds more than every piece of the setup and
		// of the hands.
		p.scap = len(st.Place)
		if st.Random != nil {
			p.scap += len(st.Random.Cells)
		}
		for _, h := range p.game.Hands {
			for _, pc := range h {
				p.scap += max(pc.Count, 0)
			}
		}
		p.scap = max(p.scap, 1)
		if p.numCells*p.scap > 1<<26 {
			return fmt.Errorf("setup: %d pieces on %d cells, too many for stacks", p.scap, p.numCells)
		}
	}
	return nil
}

func (p *Program) compileRules() error {
	g := p.game
	p.leaps = map[int][]int32{}
	p.rules = make([]rule, len(g.Moves))
	for i := range g.Moves {
		if err := p.compileRule(i); err != nil {
			return fmt.Errorf("move rule %q (%s): %w", g.Moves[i].Name, g.Moves[i].Pos, err)
		}
		p.compileGenericWalk(&p.rules[i])
	}
	tiers := g.Priority
	if len(tiers) == 0 && len(g.Moves) > 0 {
		all := make([]int, len(g.Moves))
		for i := range all {
			all[i] = i
		}
		tiers = [][]int{all}
	}
	used := make([]bool, len(g.Moves))
	for ti, t := range tiers {
		rs := append([]int(nil), t...)
		sort.Ints(rs)
		for _, r := range rs {
			if r < 0 || r >= len(g.Moves) {
				return fmt.Errorf("priority tier %d: rule %d out of range", ti+1, r)
			}
			if used[r] {
				return fmt.Errorf("priority: rule %q is in more than one tier", g.Moves[r].Name)
			}
			used[r] = true
		}
		if len(rs) > 0 {
			p.tiers = append(p.tiers, tier{rules: rs})
			p.planTidy(len(p.tiers)-1, &p.tiers[len(p.tiers)-1])
		}
	}
	for r, u := range used {
		if !u {
			return fmt.Errorf("priority: rule %q is in no tier", g.Moves[r].Name)
		}
	}
	for _, f := range g.Filters {
		switch f.Kind {
		case ir.NoBlockade:
			p.blockade = blockadeByPlaying{}
		default:
			return fmt.Errorf("filter (%s): unknown kind %d", f.Pos, f.Kind)
		}
	}
	return nil
}

// compileRule compiles move rule i: its selection, guard and conditions,
// its directions, then by action the group tables or the leap lengths and
// the generator that fits the rule (fast path tables, stack tables, or the
// generic walker).
func (p *Program) compileRule(i int) error {
	m := &p.game.Moves[i]
	r := &p.rules[i]
	r.idx, r.name, r.action, r.who = i, m.Name, m.Action, m.Piece
	r.length, r.capture, r.chain, r.keepsFirstDir, r.namedByEnds = m.Length, m.Capture, m.Chain, m.ChainSame, m.TextEnds
	if err := p.compileSelection(r, m); err != nil {
		return err
	}
	if err := p.compileConds(r, m); err != nil {
		return err
	}
	p.fillPromoSlots(r)
	switch m.Action {
	case ir.Remove:
		r.gen = genRemove
		return nil
	case ir.Drop:
		return p.compileDrop(r, m)
	case ir.Leap, ir.Group:
	default:
		return fmt.Errorf("unknown action %d", m.Action)
	}
	if err := p.compileDirs(r, m); err != nil {
		return err
	}
	if err := p.compileLockRule(r, m); err != nil {
		return err
	}
	if m.Action == ir.Group {
		return p.compileGroup(r, m)
	}
	byProp, err := p.compileLengths(r, m)
	if err != nil {
		return err
	}
	r.gen = genGeneric
	if m.LengthTo != 0 || m.Hurdle != nil || m.TakenAtEnd {
		p.declineFor(scopeRule, i, accelLeapTable, "a long rule (lengths, a hurdle or captures taken at the end): long-table serves those")
		return p.compileLong(r, m) // the generic walker alone
	}
	if p.compileHop(r, m) {
		return nil
	}
	if reachable(m) {
		p.declineFor(scopeRule, i, accelLeapTable, "its moves are named by their ends and its chains capture nothing: reachability, the rule's meaning")
		r.gen = genReach // the rule's meaning, with or without accelerators
		return nil
	}
	switch {
	case r.chainStop != nil: // followed by the generic walker
		p.declineFor(scopeRule, i, accelLeapTable, "its chains stop on a chain-stop condition, which the generic walker follows")
	case r.inside != nil: // followed by the generic walker
		p.declineFor(scopeRule, i, accelLeapTable, "an inside lock restricts its landings, which the generic walker follows")
	case p.stacking:
		p.declineFor(scopeRule, i, accelLeapTable, "the game has stacks")
		p.compileStack(r)
	case byProp:
		p.declineFor(scopeRule, i, accelLeapTable, "its length is the piece's "+m.LengthProp)
		p.compileStack(r)
	default:
		p.compileLeapFast(r, m)
	}
	return nil
}

// nonLocal returns why cell condition e, named what, cannot be tabulated
// per cell and piece code ("" when it can): what it reads beside them.
func (p *Program) nonLocal(what string, e *ir.Expr) string {
	d := depsOf(e)
	allowed := localDeps
	if !p.stacking {
		allowed |= depHeight | depLevel
	}
	if d&^allowed == 0 {
		return ""
	}
	return fmt.Sprintf("%s reads %s", what, (d &^ allowed).String())
}

// compileSelection checks the rule's piece selection, capture and chain,
// and tabulates the kinds it moves (r.kindOK).
func (p *Program) compileSelection(r *rule, m *ir.MoveRule) error {
	if m.Piece < ir.Own || m.Piece > ir.AnyPiece {
		return fmt.Errorf("unknown piece selection %d", m.Piece)
	}
	if m.Capture < ir.CaptureNone || m.Capture > ir.CaptureLanding {
		return fmt.Errorf("unknown capture %d", m.Capture)
	}
	if m.Chain < ir.ChainNone || m.Chain > ir.ChainCompulsory {
		return fmt.Errorf("unknown chain %d", m.Chain)
	}
	if m.ChainSame && (m.Chain == ir.ChainNone || m.Action != ir.Leap) {
		return fmt.Errorf("chain-dirs: same without a chain of leaps")
	}
	if m.Kinds != nil {
		r.kindOK = make([]bool, len(p.game.Kinds))
		for _, k := range m.Kinds {
			if k < 0 || k >= len(p.game.Kinds) {
				return fmt.Errorf("kind %d out of range", k)
			}
			r.kindOK[k] = true
		}
	}
	return nil
}

// compileConds compiles the rule's guard (When) and its cell conditions
// (From, Over, Onto); an absent one stays nil.
func (p *Program) compileConds(r *rule, m *ir.MoveRule) error {
	var err error
	if m.When != nil {
		xc := &exprCompiler{p: p, kind: exGuard, hasScore: p.game.Score != nil, what: "when"}
		if r.when, err = xc.compile(m.When, false); err != nil {
			return err
		}
		lo, hi, ok := turnRange(m.When)
		r.guardTest = guardByExpr
		switch {
		case p.off(accelTurnGuards) != "":
			p.declineFor(scopeRule, r.idx, accelTurnGuards, p.off(accelTurnGuards))
		case !ok:
			p.declineFor(scopeRule, r.idx, accelTurnGuards, "its guard reads more than the turn number")
		case lo > hi:
			p.declineFor(scopeRule, r.idx, accelTurnGuards, "its guard allows no turn") // (the closure says no)
		default:
			r.guardTest = guardByTurns
			r.turnLo, r.turnSpan = int32(lo), uint32(hi-lo)
		}
	}
	if r.from, err = p.compileCellCond(m.From, "from"); err != nil {
		return err
	}
	if r.over, err = p.compileCellCond(m.Over, "over"); err != nil {
		return err
	}
	r.onto, err = p.compileCellCond(m.Onto, "onto")
	return err
}

// compileCellCond compiles e as a cell condition of a move rule, named what
// in errors; a nil e gives a nil condition.
func (p *Program) compileCellCond(e *ir.Expr, what string) (evalFn, error) {
	if e == nil {
		return nil, nil
	}
	xc := &exprCompiler{p: p, kind: exCell, hasScore: p.game.Score != nil, what: what}
	return xc.compile(e, true)
}

// fillPromoSlots sets r.promotionEndsChain (some promotion applies to a piece the
// rule moves) and r.srcSlots (per mover, the occupancy slots whose pieces
// the rule selects by owner).
func (p *Program) fillPromoSlots(r *rule) {
	for code := 1; code < p.ncodes; code++ {
		if r.kindOK == nil || r.kindOK[p.codeKind[code]] {
			for _, pr := range p.promos[code] {
				r.promotionEndsChain = r.promotionEndsChain || !pr.atEnd
			}
		}
	}
	r.srcSlots = make([]uint64, p.numPlayers)
	for mv := 0; mv < p.numPlayers; mv++ {
		for sl := 0; sl <= p.numPlayers; sl++ {
			owner := int8(sl)
			if sl == p.numPlayers {
				owner = ir.Neutral
			}
			if whoMatch(r.who, mv, owner) {
				r.srcSlots[mv] |= 1 << uint(sl)
			}
		}
	}
}

// compileDirs checks the rule's directions and keeps, per player, one
// direction per vector (r.dirs): the same vector twice gives the same moves.
func (p *Program) compileDirs(r *rule, m *ir.MoveRule) error {
	if len(m.Dirs) != p.numPlayers {
		return fmt.Errorf("%d direction lists for %d players", len(m.Dirs), p.numPlayers)
	}
	r.dirs = make([][]int32, p.numPlayers)
	for pl, ds := range m.Dirs {
		seen := map[[2]int]bool{}
		for _, d := range ds {
			if d < 0 || d >= p.numDirs {
				return fmt.Errorf("player %d: direction %d out of range", pl, d)
			}
			v := [2]int{p.game.Board.Dirs[d].DX, p.game.Board.Dirs[d].DY}
			if seen[v] {
				continue
			}
			seen[v] = true
			r.dirs[pl] = append(r.dirs[pl], int32(d))
		}
	}
	return nil
}

// compileGroup compiles a group rule: its capture (the enemy run
// condition, when, whether the whole run is taken), then its tables when
// they apply (compileGroupFast).
func (p *Program) compileGroup(r *rule, m *ir.MoveRule) error {
	if gc := m.GroupCapture; gc != nil {
		if gc.Enemy == nil {
			return fmt.Errorf("group capture without an enemy condition")
		}
		var err error
		if r.enemy, err = p.compileCellCond(gc.Enemy, "group capture enemy"); err != nil {
			return err
		}
		if gc.When != nil {
			xc := &exprCompiler{p: p, kind: exGroup, hasScore: p.game.Score != nil, what: "group capture when"}
			if r.gwhen, err = xc.compile(gc.When, false); err != nil {
				return err
			}
		}
		r.takesWholeRun = gc.All
	}
	r.gen = genGroup
	p.compileGroupFast(r)
	return nil
}

// compileLengths sets a leap rule's lengths per moving piece code (r.lenCode,
// r.leapCode), the distinct ones (r.lengths) and the largest (r.length),
// with r.leap and r.rev for a fixed length. byProp tells whether the
// length is a kind property (m.LengthProp).
func (p *Program) compileLengths(r *rule, m *ir.MoveRule) (byProp bool, err error) {
	r.lenCode = make([]int32, p.ncodes)
	r.leapCode = make([][]int32, p.ncodes)
	var prop []int32
	if m.LengthProp != "" {
		prop = p.propTable(m.LengthProp)
	} else if m.Length < 1 {
		return false, fmt.Errorf("leap length %d, must be at least 1", m.Length)
	}
	seenL := map[int]bool{}
	for code := 1; code < p.ncodes; code++ {
		L := m.Length
		if prop != nil {
			L = int(prop[code])
			if L < 1 {
				continue // this kind has no such leap
			}
		}
		if L > p.numCells || p.numCells*p.numDirs*L > 1<<25 {
			return false, fmt.Errorf("leap length %d too long for this board", L)
		}
		r.lenCode[code] = int32(L)
		r.leapCode[code] = p.leapTable(L)
		if !seenL[L] {
			seenL[L] = true
			r.lengths = append(r.lengths, L)
		}
	}
	sort.Ints(r.lengths)
	if prop == nil {
		r.length = m.Length
		r.leap = p.leapTable(m.Length)
		r.rev = p.revs[m.Length]
	} else if len(r.lengths) > 0 {
		r.length = r.lengths[len(r.lengths)-1]
	}
	return prop != nil, nil
}

// compileLeapFast gives a leap rule of a game without stacks, its length
// fixed, the fast path tables when its conditions are local and From does
// not depend on the cell (genStep or genLeap; tables too big leave it to
// the generic walker), or else hands it to compileStack.
func (p *Program) compileLeapFast(r *rule, m *ir.MoveRule) {
	_, od := p.isLocal(m.Over)
	_, nd := p.isLocal(m.Onto)
	if why := cmp.Or(p.nonLocal("Over", m.Over), p.nonLocal("Onto", m.Onto), p.nonLocal("From", m.From)); why != "" {
		p.declineFor(scopeRule, r.idx, accelLeapTable, why)
		p.compileStack(r)
		return
	}
	if _, fd := p.isLocal(m.From); fd {
		p.declineFor(scopeRule, r.idx, accelLeapTable, "From reads the cell")
		p.compileStack(r)
		return
	}
	if why := p.off(accelLeapTable); why != "" {
		p.declineFor(scopeRule, r.idx, accelLeapTable, why)
		return
	}
	// Tables are indexed by cell*stride + code, with a wall code (ncodes)
	// on the sentinel cell nc that paths leaving the board lead to.
	codes := p.ncodes + 1
	r.stride, r.tabSize = 0, codes
	if od || nd {
		r.stride, r.tabSize = codes, (p.numCells+1)*codes
	}
	for _, ds := range r.dirs {
		if len(ds) > 32 {
			p.declineFor(scopeRule, r.idx, accelLeapTable, "a player has more than 32 directions")
			return
		}
	}
	if p.numPlayers*r.tabSize > maxTable {
		p.declineFor(scopeRule, r.idx, accelLeapTable, fmt.Sprintf("its condition tables would pass %d entries", maxTable))
		return
	}
	r.overTab = p.condTable(r.over, r.stride, r.tabSize)
	r.ontoTab = p.condTable(r.onto, r.stride, r.tabSize)
	if m.Capture != ir.CaptureLanding {
		p.ontoEmptyOnly(r) // landing on a piece without taking it is impossible
	}
	p.fillSrcOK(r)
	p.fillOntoEmpty(r)
	p.compileShift(r)
	p.compileWalk(r)
	if m.Length == 1 && m.Chain == ir.ChainNone {
		r.gen = genStep
	} else {
		r.gen = genLeap
	}
}

// compileWalk decides how fastLeaps walks leap rule r (rule.walk; the
// mailbox, decided later, may take it: compileMailbox): a short jump in
// any direction is walked on the occupancy word when it is a shift rule on
// one word (word-chains), and otherwise counted from the landing cells
// when they are few (landing-count).
func (p *Program) compileWalk(r *rule) {
	r.walk = walkTable
	if r.keepsFirstDir {
		r.walk = walkTableFirstDirs
		return
	}
	if r.length != 2 {
		return
	}
	if p.oneWordShift(r) {
		why := p.off(accelWordChains)
		p.declineFor(scopeRule, r.idx, accelWordChains, why)
		if why == "" {
			r.walk = walkWord
		}
		return
	}
	why := p.off(accelLandingCount)
	p.declineFor(scopeRule, r.idx, accelLandingCount, why)
	if why == "" {
		r.walk = walkLandings
	}
}

// ontoEmptyOnly clears r.ontoTab on every piece code: the rule lands on
// empty cells only.
func (p *Program) ontoEmptyOnly(r *rule) {
	for mv := 0; mv < p.numPlayers; mv++ {
		for cell := 0; cell <= p.numCells; cell++ {
			for code := 1; code < p.ncodes; code++ {
				r.ontoTab[mv*r.tabSize+cell*r.stride+code] = 0
			}
			if r.stride == 0 {
				break
			}
		}
	}
}

// fillOntoEmpty sets r.ontoEmpty: per mover, whether r.ontoTab holds
// exactly on the empty cells of the board.
func (p *Program) fillOntoEmpty(r *rule) {
	r.ontoEmpty = make([]bool, p.numPlayers)
	for mv := 0; mv < p.numPlayers; mv++ {
		ok := true
		for cell := 0; cell < p.numCells && ok; cell++ {
			for code := 0; code < p.ncodes; code++ {
				if (r.ontoTab[mv*r.tabSize+cell*r.stride+code] != 0) != (code == 0) {
					ok = false
					break
				}
			}
			if r.stride == 0 {
				break
			}
		}
		r.ontoEmpty[mv] = ok
	}
}

// compileGroupFast lowers a group rule to tables when its conditions are
// local (From: of the piece alone) and the game has no stacks.
func (p *Program) compileGroupFast(r *rule) {
	m := &p.game.Moves[r.idx]
	decline := func(why string) { p.declineFor(scopeRule, r.idx, accelGroupTable, why) }
	if why := p.off(accelGroupTable); why != "" {
		decline(why)
		return
	}
	if p.stacking {
		decline("the game has stacks")
		return
	}
	_, nd := p.isLocal(m.Onto)
	_, fd := p.isLocal(m.From)
	if r.inside != nil {
		decline("an inside lock restricts its landings, which the group walker follows")
		return
	}
	ed := false
	var enemy *ir.Expr
	if m.GroupCapture != nil {
		enemy = m.GroupCapture.Enemy
		_, ed = p.isLocal(enemy)
	}
	if why := cmp.Or(p.nonLocal("Onto", m.Onto), p.nonLocal("From", m.From), p.nonLocal("the enemy condition", enemy)); why != "" {
		decline(why)
		return
	}
	if fd {
		decline("From reads the cell")
		return
	}
	codes := p.ncodes + 1
	r.stride, r.tabSize = 0, codes
	if nd || ed {
		r.stride, r.tabSize = codes, (p.numCells+1)*codes
	}
	if p.numPlayers*r.tabSize > maxTable {
		decline(fmt.Sprintf("its condition tables would pass %d entries", maxTable))
		return
	}
	r.ontoTab = p.condTable(r.onto, r.stride, r.tabSize)
	p.ontoEmptyOnly(r) // landings are on empty cells
	if r.enemy != nil {
		r.enemyTab = p.condTable(r.enemy, r.stride, r.tabSize)
	} else {
		r.enemyTab = make([]uint8, p.numPlayers*r.tabSize)
	}
	r.leap = p.leapTable(1)
	r.validL = p.validMasks(1) // (built now: a Program is read-only once compiled)
	if r.grp = p.groupTables(r); r.grp == nil {
		decline("its lines do not fit the group tables")
		return
	}
	r.gen = genGroupFast // (groupTables filled r.srcOK)
}

// fillSrcOK tabulates which pieces rule r lets each mover move (r.srcOK:
// Who, Kinds and a From that does not depend on the cell), then r.srcAll.
func (p *Program) fillSrcOK(r *rule) {
	r.srcOK = make([]bool, p.numPlayers*p.ncodes)
	fc := &ectx{p: p}
	for mv := 0; mv < p.numPlayers; mv++ {
		fc.own, fc.opp = mv, (mv+1)%p.numPlayers
		for code := 1; code < p.ncodes; code++ {
			ok := p.selects(r, mv, code)
			if ok && r.from != nil {
				fc.code, fc.mcode = code, code
				ok = r.from(fc) != 0
			}
			r.srcOK[mv*p.ncodes+code] = ok
		}
	}
	p.fillSrcAll(r)
}

// fillSrcAll sets r.srcAll from r.srcOK.
func (p *Program) fillSrcAll(r *rule) {
	r.srcAll = make([]bool, p.numPlayers)
	for mv := 0; mv < p.numPlayers; mv++ {
		all := true
		for code := 1; code < p.ncodes; code++ {
			if whoMatch(r.who, mv, p.codeOwner[code]) && !r.srcOK[mv*p.ncodes+code] {
				all = false
			}
		}
		r.srcAll[mv] = all
	}
}

// compileShift decides whether rule r's first leaps can be found with bitset
// shifts and builds what that needs: the slots its conditions hold on, the
// landing cells per bit (fillLands) and r.alwaysTakes.
func (p *Program) compileShift(r *rule) {
	decline := func(why string) { p.declineFor(scopeRule, r.idx, accelShiftSets, why) }
	if why := p.off(accelShiftSets); why != "" {
		decline(why)
		return
	}
	if r.stride != 0 {
		decline("its conditions read the cell")
		return
	}
	if p.numPlayers+2 > 64 {
		decline("more than 62 players")
		return
	}
	for _, ds := range r.dirs {
		for _, d := range ds {
			if !p.dirShiftOK[d] {
				decline(fmt.Sprintf("direction %s is not one bit shift on this board", p.game.Board.Dirs[d].Name))
				return
			}
			if abs(p.dirShift[d])*r.length >= p.nbits {
				decline(fmt.Sprintf("a leap in direction %s shifts past the board's bits", p.game.Board.Dirs[d].Name))
				return
			}
		}
	}
	var ok1, ok2 bool
	r.overSlots, ok1 = p.condSlots(r, r.overTab)
	r.ontoSlots, ok2 = p.condSlots(r, r.ontoTab)
	if !ok1 || !ok2 {
		decline("its conditions tell kinds of one owner apart")
		return
	}
	r.validL = p.validMasks(r.length)
	r.shift = true
	p.fillLands(r)
	p.fillAlwaysTakes(r)
}

// condSlots turns a condition table of rule r that does not depend on the
// cell into per mover the occupancy slots it holds on (bit i for slot i,
// bit np+1 for an empty cell); ok is false when two codes of one slot
// differ.
func (p *Program) condSlots(r *rule, tab []uint8) (slots []uint64, ok bool) {
	out := make([]uint64, p.numPlayers)
	for mv := 0; mv < p.numPlayers; mv++ {
		t := tab[mv*r.tabSize:]
		var m uint64
		if t[0] != 0 {
			m |= 1 << uint(p.numPlayers+1)
		}
		seen := make([]int, p.numPlayers+1)
		for code := 1; code < p.ncodes; code++ {
			sl := p.codeSlot[code]
			v := int(t[code]) + 1
			if seen[sl] != 0 && seen[sl] != v {
				return nil, false // two kinds of one owner differ
			}
			seen[sl] = v
			if t[code] != 0 {
				m |= 1 << uint(sl)
			}
		}
		out[mv] = m
	}
	return out, true
}

// fillLands tabulates, per mover and bit, the landing cells of shift rule
// r's leaps from that bit: r.lands on one word, r.landsW on several.
func (p *Program) fillLands(r *rule) {
	if p.numWords == 1 {
		r.lands = make([][]uint64, p.numPlayers)
		for mv := 0; mv < p.numPlayers; mv++ {
			r.lands[mv] = make([]uint64, 64)
			for c := 0; c < p.numCells; c++ {
				b := int(p.bitOf[c])
				for _, d := range r.dirs[mv] {
					if r.validL[d]>>uint(b)&1 != 0 {
						r.lands[mv][b] |= 1 << uint(b+r.length*p.dirShift[d])
					}
				}
			}
		}
		return
	}
	if p.numWords > 1 {
		r.landsW = make([][]uint64, p.numPlayers)
		for mv := 0; mv < p.numPlayers; mv++ {
			r.landsW[mv] = make([]uint64, p.numWords*64*p.numWords)
			for c := 0; c < p.numCells; c++ {
				b := int(p.bitOf[c])
				for _, d := range r.dirs[mv] {
					if r.validL[int(d)*p.numWords+b>>6]>>uint(b&63)&1 != 0 {
						l := b + r.length*p.dirShift[d]
						r.landsW[mv][b*p.numWords+l>>6] |= 1 << uint(l&63)
					}
				}
			}
		}
	}
}

// fillAlwaysTakes sets r.alwaysTakes: for every mover, each leap of shift
// rule r takes a piece (it captures the jumped piece and Over excludes
// empty cells, or captures by landing and Onto excludes empty cells).
func (p *Program) fillAlwaysTakes(r *rule) {
	r.alwaysTakes = true
	for mv := 0; mv < p.numPlayers; mv++ {
		empty := uint64(1) << uint(p.numPlayers+1)
		switch {
		case r.capture == ir.CaptureJumped && r.length == 2 && r.overSlots[mv]&empty == 0:
		case r.capture == ir.CaptureLanding && r.ontoSlots[mv]&empty == 0:
		default:
			r.alwaysTakes = false
		}
	}
}

// validMasks returns (building it once) the bitsets of cells whose leap of
// length L in each direction stays on the board.
func (p *Program) validMasks(L int) []uint64 {
	if v, ok := p.valid[L]; ok {
		return v
	}
	v := make([]uint64, p.numDirs*p.numWords)
	t := p.leaps[L]
	for c := 0; c < p.numCells; c++ {
		for d := 0; d < p.numDirs; d++ {
			if int(t[(c*p.numDirs+d)*L]) < p.numCells {
				b := p.bitOf[c]
				v[d*p.numWords+int(b>>6)] |= 1 << (uint(b) & 63)
			}
		}
	}
	if p.valid == nil {
		p.valid = map[int][]uint64{}
	}
	p.valid[L] = v
	return v
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// selects tells whether rule r lets mover move (or remove) a piece of code.
func (p *Program) selects(r *rule, mover, code int) bool {
	if code == 0 || !whoMatch(r.who, mover, p.codeOwner[code]) {
		return false
	}
	return r.kindOK == nil || r.kindOK[p.codeKind[code]]
}

// condTable tabulates a local cell condition per mover: 1 where it holds.
// The wall code (ncodes) and the sentinel cell (nc) never satisfy it.
func (p *Program) condTable(f evalFn, stride, size int) []uint8 {
	t := make([]uint8, p.numPlayers*size)
	ncell := 1
	if stride != 0 {
		ncell = p.numCells
	}
	c := &ectx{p: p}
	for mv := 0; mv < p.numPlayers; mv++ {
		c.own, c.opp = mv, (mv+1)%p.numPlayers
		for cell := 0; cell < ncell; cell++ {
			for code := 0; code < p.ncodes; code++ {
				ok := true
				if f != nil {
					c.cell, c.code = cell, code
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

// leapTable returns (building it once) the table of straight paths of L
// cells: [(c*nd+d)*L+k] is the k-th cell from c in d; when the path leaves
// the board every entry is the sentinel nc.
func (p *Program) leapTable(L int) []int32 {
	if t, ok := p.leaps[L]; ok {
		return t
	}
	t := make([]int32, p.numCells*p.numDirs*L)
	for c := 0; c < p.numCells; c++ {
		for d := 0; d < p.numDirs; d++ {
			base := (c*p.numDirs + d) * L
			cur := int32(c)
			for k := 0; k < L; k++ {
				cur = p.neighbours[int(cur)*p.numDirs+d]
				if cur < 0 {
					for j := 0; j < L; j++ {
						t[base+j] = int32(p.numCells)
					}
					break
				}
				t[base+k] = cur
			}
		}
	}
	p.leaps[L] = t
	rev := make([]int32, p.numCells*p.numDirs)
	for i := range rev {
		rev[i] = -1
	}
	for c := 0; c < p.numCells; c++ {
		for d := 0; d < p.numDirs; d++ {
			if l := t[(c*p.numDirs+d)*L+L-1]; int(l) < p.numCells {
				rev[int(l)*p.numDirs+d] = int32(c)
			}
		}
	}
	if p.revs == nil {
		p.revs = map[int][]int32{}
	}
	p.revs[L] = rev
	return t
}

// tierNeedsDedup tells whether two rules of a tier could yield the same
// move text: two removals, two drops, two leaps sharing a displacement vector for
// some player (with every leap length a rule can give), or a group move
// of one stone (HEAD-DEST) whose displacement another leap or group rule
// of the tier can also give.
func (p *Program) tierNeedsDedup(rs []int) bool {
	dirs := p.game.Board.Dirs
	for a := 0; a < len(rs); a++ {
		for b := a + 1; b < len(rs); b++ {
			ra, rb := &p.rules[rs[a]], &p.rules[rs[b]]
			if (ra.action == ir.Remove) != (rb.action == ir.Remove) || (ra.action == ir.Drop) != (rb.action == ir.Drop) {
				continue
			}
			if ra.action == ir.Remove || ra.action == ir.Drop {
				return true
			}
			if ra.action == ir.Group && rb.action == ir.Group {
				return true
			}
			if rb.action == ir.Group {
				ra, rb = rb, ra
			}
			if (ra.namedByEnds && ra.chain != ir.ChainNone || rb.namedByEnds && rb.chain != ir.ChainNone) && !p.srcDisjoint(ra, rb) {
				return true // a chain named by its ends may end anywhere
			}
			for pl := 0; pl < p.numPlayers; pl++ {
				for _, da := range ra.dirs[pl] {
					va := dirs[da]
					for _, db := range rb.dirs[pl] {
						vb := dirs[db]
						for _, lb := range rb.lengths {
							bx, by := vb.DX*lb, vb.DY*lb
							if ra.action == ir.Group {
								if positiveMultiple(bx, by, va.DX, va.DY) {
									return true
								}
								continue
							}
							for _, la := range ra.lengths {
								if va.DX*la == bx && va.DY*la == by && !p.srcDisjoint(ra, rb) && !p.ontoDisjoint(ra, rb) {
									return true
								}
							}
						}
					}
				}
			}
		}
	}
	return false
}

// srcDisjoint tells whether no piece can be moved by both rules (their
// moves never start from the same piece).
func (p *Program) srcDisjoint(ra, rb *rule) bool {
	for mv := 0; mv < p.numPlayers; mv++ {
		for code := 1; code < p.ncodes; code++ {
			if p.selects(ra, mv, code) && p.selects(rb, mv, code) {
				return false
			}
		}
	}
	return true
}

// ontoDisjoint tells whether no cell can be landed on by both leap rules
// in one position (their Onto conditions are local and never both hold),
// so that their moves never share a text.
func (p *Program) ontoDisjoint(ra, rb *rule) bool {
	ma, mb := &p.game.Moves[ra.idx], &p.game.Moves[rb.idx]
	la, da := p.isLocal(ma.Onto)
	lb, db := p.isLocal(mb.Onto)
	if !la || !lb || ma.Onto == nil || mb.Onto == nil || p.stacking {
		return false
	}
	stride, size := 0, p.ncodes+1
	if da || db {
		stride, size = p.ncodes+1, (p.numCells+1)*(p.ncodes+1)
	}
	if p.numPlayers*size > maxTable {
		return false
	}
	ta, tb := p.condTable(ra.onto, stride, size), p.condTable(rb.onto, stride, size)
	for mv := 0; mv < p.numPlayers; mv++ {
		for cell := 0; cell < p.numCells; cell++ {
			for code := 0; code < p.ncodes; code++ {
				i := mv*size + cell*stride + code
				// Without capture by landing a leap lands on empty cells.
				a := ta[i] != 0 && (code == 0 || ra.capture == ir.CaptureLanding)
				b := tb[i] != 0 && (code == 0 || rb.capture == ir.CaptureLanding)
				if a && b {
					return false
				}
			}
			if stride == 0 {
				break
			}
		}
	}
	return true
}

// positiveMultiple tells whether (x, y) = s*(dx, dy) for some s >= 1.
func positiveMultiple(x, y, dx, dy int) bool {
	var s int
	switch {
	case dx != 0:
		if x%dx != 0 {
			return false
		}
		s = x / dx
	case dy != 0:
		if y%dy != 0 {
			return false
		}
		s = y / dy
	default:
		return false
	}
	return s >= 1 && x == s*dx && y == s*dy
}

func (p *Program) compileEnd() error {
	g := p.game
	hasScore := g.Score != nil
	if err := p.compileCounters(); err != nil {
		return err
	}
	for i, gl := range g.End.Goals {
		xc := &exprCompiler{p: p, kind: exPlayer, hasScore: hasScore, what: fmt.Sprintf("goal %d (%s)", i+1, gl.Pos)}
		f, err := xc.compile(gl.Cond, false)
		if err != nil {
			return err
		}
		switch gl.Check {
		case ir.AfterMove:
			p.goalsAfter = append(p.goalsAfter, goal{f, gl.Lose, gl.Draw})
		case ir.TurnStart:
			if gl.Draw {
				return fmt.Errorf("goal %d (%s): a draw goal is tested after a move", i+1, gl.Pos)
			}
			p.goalsStart = append(p.goalsStart, goal{f, gl.Lose, false})
		default:
			return fmt.Errorf("goal %d (%s): unknown check %d", i+1, gl.Pos, gl.Check)
		}
	}
	for _, o := range []ir.Outcome{g.End.NoMove, g.End.AtLimit, g.End.AtPasses} {
		if o < ir.OutcomeNone || o > ir.OutcomePass {
			return fmt.Errorf("end: unknown outcome %d", o)
		}
	}
	if g.End.Passes < 0 || g.End.Plies < 0 || p.cfg.MaxPlies < 0 {
		return fmt.Errorf("end: negative pass or ply limit")
	}
	if o := g.End.AtPasses; o != ir.OutcomeNone && o != ir.OutcomeDraw && o != ir.OutcomeScore {
		return fmt.Errorf("end: unknown outcome %d after passes", o)
	}
	p.noMove, p.passes, p.atLimit, p.atPasses = g.End.NoMove, g.End.Passes, g.End.AtLimit, g.End.AtPasses
	p.limit = g.End.Plies
	if m := p.cfg.MaxPlies; m > 0 && (p.limit == 0 || m < p.limit) {
		p.limit = m
	}
	for i := range p.rules {
		if p.rules[i].when != nil {
			p.guardedRules = append(p.guardedRules, i)
		}
	}
	p.compileBlockFast()
	p.compileWordsCount()
	p.compileMailbox()
	// RandomPlayout counts the moves and builds the one drawn when counting
	// is nearly free (a bulk tier: first leaps by population counts; group
	// moves: counts per line) or saves the blockade checks of moves not
	// drawn; it builds the moves of the other tiers.
	p.planTiers()
	if hasScore {
		xc := &exprCompiler{p: p, kind: exPlayer, hasScore: true, inScore: true, what: "score"}
		f, err := xc.compile(g.Score.Value, false)
		if err != nil {
			return err
		}
		p.score = f
		if g.Score.Best != ir.Highest && g.Score.Best != ir.Lowest {
			return fmt.Errorf("score: unknown best %d", g.Score.Best)
		}
		p.best = g.Score.Best
		if g.Score.Margin != nil {
			xc := &exprCompiler{p: p, kind: exMargin, hasScore: true, what: "score margin"}
			if p.margin, err = xc.compile(g.Score.Margin, false); err != nil {
				return err
			}
		}
	}
	return p.compileGuide()
}

// distanceTable returns (building it once) the distance table of a set of
// directions: [row(target)*nc + cell] is the fewest moves along dirs from
// cell to target on the empty board (nc when unreachable).
func (p *Program) distanceTable(dirs []int) ([]int32, error) {
	return p.distances(fmt.Sprint(dirs), dirs, p.nTargets, func(row int, add func(c int)) {
		for tc := 0; tc < p.numCells; tc++ {
			if int(p.targetRow[tc]) == row {
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
		if d < 0 || d >= p.numDirs {
			return nil, fmt.Errorf("distance: direction %d out of range", d)
		}
	}
	t := make([]int32, rows*p.numCells)
	queue := make([]int, 0, p.numCells)
	for row := 0; row < rows; row++ {
		dist := t[row*p.numCells : (row+1)*p.numCells]
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
				v := p.game.Board.Dirs[d]
				x := p.cellAt(p.cellX[y]-v.DX, p.cellY[y]-v.DY)
				if x >= 0 && dist[x] < 0 {
					dist[x] = dist[y] + 1
					queue = append(queue, int(x))
				}
			}
		}
		for i := range dist {
			if dist[i] < 0 {
				dist[i] = int32(p.numCells)
			}
		}
	}
	if p.dists == nil {
		p.dists = map[string][]int32{}
	}
	p.dists[key] = t
	return t, nil
}

// after returns the player who moves after pl (no division on hot paths).
func (p *Program) after(pl int) int {
	if pl+1 == p.numPlayers {
		return 0
	}
	return pl + 1
}

// Game returns the description the Program was compiled from.
func (p *Program) Game() *ir.Game { return p.game }

// NumPlayers returns the number of players.
func (p *Program) NumPlayers() int { return p.numPlayers }

// PlayerName returns the name of player i ("" when out of range).
func (p *Program) PlayerName(i int) string {
	if i < 0 || i >= p.numPlayers {
		return ""
	}
	return p.game.Players[i].Name
}

// CellName returns the name of cell c (docs/notation.md; "" when out of range).
func (p *Program) CellName(c int) string {
	if c < 0 || c >= p.numCells {
		return ""
	}
	return p.cellName[c]
}

// CellIndex returns the index of the cell with this name.
func (p *Program) CellIndex(name string) (int, bool) {
	c, ok := p.cellIdx[name]
	return c, ok
}
