package interp

import (
	"cmp"
	"fmt"
	"math"
	"sort"

	"github.com/ruleplay/ruleplay/interp/internal/accel"
	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
)

// Compile checks g defensively and lowers it to a Program: cells as int
// indices, neighbour and leap tables, compiled expressions, distance tables
// and the chosen move generators. Inconsistent input gives an error.
func Compile(g *ir.Game, cfg Config) (*Program, error) {
	if g == nil {
		return nil, fmt.Errorf("compile: no game")
	}
	p := &core.Program{Desc: g, Cfg: cfg, MaxLeaps: cfg.MaxLeaps}
	named, off, err := disabledSet(cfg.Disable)
	if err != nil {
		return nil, fmt.Errorf("compile %s: %w", g.Name, err)
	}
	p.DisabledSet, p.Accels = named, allAccels&^off
	for a := range core.AccelCount {
		p.OffWhy[a] = offReason(p, a)
	}
	p.DisabledNames = disabledByName(p)
	p.Quantifiers = quantifiers(p)
	if p.MaxLeaps <= 0 {
		p.MaxLeaps = core.DefaultMaxLeaps
	}
	if err := compileBoard(p); err != nil {
		return nil, fmt.Errorf("compile %s: %w", g.Name, err)
	}
	if err := p.CompileTurns(); err != nil {
		return nil, fmt.Errorf("compile %s: %w", g.Name, err)
	}
	if err := p.CompileSwap(); err != nil {
		return nil, fmt.Errorf("compile %s: %w", g.Name, err)
	}
	if err := compilePieces(p); err != nil {
		return nil, fmt.Errorf("compile %s: %w", g.Name, err)
	}
	if err := compileSetup(p); err != nil {
		return nil, fmt.Errorf("compile %s: %w", g.Name, err)
	}
	if err := compileHands(p); err != nil {
		return nil, fmt.Errorf("compile %s: %w", g.Name, err)
	}
	if err := compileLocks(p); err != nil {
		return nil, fmt.Errorf("compile %s: %w", g.Name, err)
	}
	if err := compileRules(p); err != nil {
		return nil, fmt.Errorf("compile %s: %w", g.Name, err)
	}
	if err := compileEnd(p); err != nil {
		return nil, fmt.Errorf("compile %s: %w", g.Name, err)
	}
	compilePut(p)
	compilePlay(p)
	for i := range p.Rules {
		r := &p.Rules[i]
		r.Strategy = strategyFor(r)
		r.Marker = sourceMarkers(p, r)
	}
	return p, nil
}

func compileBoard(p *core.Program) error {
	b := &p.Desc.Board
	p.NumCells, p.NumDirs, p.Players = len(b.Cells), len(b.Dirs), len(p.Desc.Players)
	if p.NumCells == 0 {
		return fmt.Errorf("board: no cells")
	}
	if p.NumCells > 1<<16-1 {
		return fmt.Errorf("board: %d cells, at most %d supported", p.NumCells, 1<<16-1)
	}
	if p.NumDirs > 1<<14 {
		return fmt.Errorf("board: %d directions, too many", p.NumDirs)
	}
	if p.Players == 0 {
		return fmt.Errorf("no players")
	}
	if p.Players > 100 {
		return fmt.Errorf("%d players, at most 100 supported", p.Players)
	}
	if b.Shape != ir.Square && b.Shape != ir.Hex {
		return fmt.Errorf("board: unknown shape %d", b.Shape)
	}
	p.CellNames = make([]string, p.NumCells)
	p.CellX = make([]int, p.NumCells)
	p.CellY = make([]int, p.NumCells)
	p.CellIdx = make(map[string]int, p.NumCells)
	p.Grid = make(map[[2]int]int, p.NumCells)
	for i, c := range b.Cells {
		if c.Name == "" {
			return fmt.Errorf("board: cell %d has no name", i)
		}
		if _, dup := p.CellIdx[c.Name]; dup {
			return fmt.Errorf("board: cell name %q used twice", c.Name)
		}
		k := [2]int{c.X, c.Y}
		if j, dup := p.Grid[k]; dup {
			return fmt.Errorf("board: cells %q and %q have the same position (%d,%d)", b.Cells[j].Name, c.Name, c.X, c.Y)
		}
		p.CellIdx[c.Name] = i
		p.Grid[k] = i
		p.CellNames[i], p.CellX[i], p.CellY[i] = c.Name, c.X, c.Y
	}
	for i, d := range b.Dirs {
		if d.DX == 0 && d.DY == 0 {
			return fmt.Errorf("board: direction %q (%d) is the zero vector", d.Name, i)
		}
	}
	p.Neighbours = make([]int32, p.NumCells*p.NumDirs)
	p.Back = make([]int32, p.NumCells*p.NumDirs)
	for c := 0; c < p.NumCells; c++ {
		for d, dir := range b.Dirs {
			p.Neighbours[c*p.NumDirs+d] = p.CellAt(p.CellX[c]+dir.DX, p.CellY[c]+dir.DY)
			p.Back[c*p.NumDirs+d] = p.CellAt(p.CellX[c]-dir.DX, p.CellY[c]-dir.DY)
			if !onLine(p, c, dir) {
				p.Neighbours[c*p.NumDirs+d], p.Back[c*p.NumDirs+d] = -1, -1
			}
		}
	}
	chooseLayout(p)
	for i, pl := range p.Desc.Players {
		if pl.Name == "" {
			return fmt.Errorf("player %d has no name", i)
		}
	}
	return nil
}

// compilePieces checks the kinds and pieces and builds the per-code tables
// (compileCodes), the zones (compileZones) and the promotions
// (compilePromotions).
func compilePieces(p *core.Program) error {
	g := p.Desc
	for i, k := range g.Kinds {
		if k.Numbered < 0 {
			return fmt.Errorf("kind %q (%d): negative numbering", k.Name, i)
		}
	}
	if len(g.Pieces) > 1<<15 {
		return fmt.Errorf("%d piece types, too many", len(g.Pieces))
	}
	if err := compileCodes(p); err != nil {
		return err
	}
	if err := compileZones(p); err != nil {
		return err
	}
	p.Stacking = g.Stacking
	return compilePromotions(p)
}

// compileCodes gives every piece type a code (its index + 1; 0 is the
// empty cell) and tabulates per code its owner, occupancy slot, kind,
// points and target, numbering the target cells (targetRow).
func compileCodes(p *core.Program) error {
	g := p.Desc
	p.Ncodes = len(g.Pieces) + 1
	p.CodeOwner = make([]int8, p.Ncodes)
	p.CodeSlot = make([]int32, p.Ncodes)
	p.CodeOcc = make([]int32, p.Ncodes)
	p.CodeKind = make([]int32, p.Ncodes)
	p.CodePoints = make([]int32, p.Ncodes)
	p.CodeTarget = make([]int32, p.Ncodes)
	p.TargetRow = make([]int32, p.NumCells)
	for i := range p.TargetRow {
		p.TargetRow[i] = -1
	}
	p.CodeOwner[0], p.CodeSlot[0], p.CodeKind[0], p.CodeTarget[0] = -2, -1, -1, -1
	for i, pc := range g.Pieces {
		code := i + 1
		if pc.Kind < 0 || pc.Kind >= len(g.Kinds) {
			return fmt.Errorf("piece %q (%d): kind %d out of range", pc.Name, i, pc.Kind)
		}
		if pc.Owner != ir.Neutral && (pc.Owner < 0 || pc.Owner >= p.Players) {
			return fmt.Errorf("piece %q (%d): owner %d out of range", pc.Name, i, pc.Owner)
		}
		if pc.Target < -1 || pc.Target >= p.NumCells {
			return fmt.Errorf("piece %q (%d): target cell %d out of range", pc.Name, i, pc.Target)
		}
		k := g.Kinds[pc.Kind]
		if pc.Number < 0 || (k.Numbered == 0 && pc.Number != 0) || pc.Number > k.Numbered {
			return fmt.Errorf("piece %q (%d): number %d does not fit kind %q", pc.Name, i, pc.Number, k.Name)
		}
		p.CodeOwner[code] = int8(pc.Owner)
		if pc.Owner == ir.Neutral {
			p.CodeSlot[code] = int32(p.Players)
		} else {
			p.CodeSlot[code] = int32(pc.Owner)
		}
		p.CodeOcc[code] = p.CodeSlot[code] * int32(p.NumWords)
		p.CodeKind[code] = int32(pc.Kind)
		p.CodePoints[code] = int32(k.Props["points"])
		p.CodeTarget[code] = int32(pc.Target)
		if pc.Target >= 0 && p.TargetRow[pc.Target] < 0 {
			p.TargetRow[pc.Target] = int32(p.NTargets)
			p.NTargets++
		}
	}
	return nil
}

// compileZones builds each zone's cells per player, as a set (zones) and
// in ascending order (zoneCells).
func compileZones(p *core.Program) error {
	g := p.Desc
	p.Zones = make([][][]bool, len(g.Zones))
	p.ZoneCells = make([][][]int32, len(g.Zones))
	for z, zn := range g.Zones {
		if len(zn.Cells) != p.Players {
			return fmt.Errorf("zone %q: %d cell sets for %d players", zn.Name, len(zn.Cells), p.Players)
		}
		p.Zones[z] = make([][]bool, p.Players)
		p.ZoneCells[z] = make([][]int32, p.Players)
		for pl, cells := range zn.Cells {
			m := make([]bool, p.NumCells)
			for _, c := range cells {
				if c < 0 || c >= p.NumCells {
					return fmt.Errorf("zone %q: cell %d out of range", zn.Name, c)
				}
				m[c] = true
			}
			p.Zones[z][pl] = m
			for c, in := range m {
				if in {
					p.ZoneCells[z][pl] = append(p.ZoneCells[z][pl], int32(c))
				}
			}
		}
	}
	return nil
}

// compilePromotions lists per piece code the promotions that apply to it
// (p.promos): the owner's cells of the zone and the code of the piece of
// the same owner and number it becomes.
func compilePromotions(p *core.Program) error {
	g := p.Desc
	p.Promos = make([][]core.Promo, p.Ncodes)
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
			p.Promos[pc+1] = append(p.Promos[pc+1], core.Promo{Zone: p.Zones[pr.Zone][piece.Owner], To: uint16(to + 1), AtEnd: pr.AtMoveEnd, Continue: pr.AtContinue})
		}
	}
	return nil
}

func compileSetup(p *core.Program) error {
	st := &p.Desc.Setup
	for _, pl := range st.Place {
		if pl.Cell < 0 || pl.Cell >= p.NumCells {
			return fmt.Errorf("setup: cell %d out of range", pl.Cell)
		}
		if pl.Piece < 0 || pl.Piece >= len(p.Desc.Pieces) {
			return fmt.Errorf("setup: piece %d on %s out of range", pl.Piece, p.CellNames[pl.Cell])
		}
	}
	if r := st.Random; r != nil {
		seen := make(map[int]bool, len(r.Cells))
		for _, c := range r.Cells {
			if c < 0 || c >= p.NumCells {
				return fmt.Errorf("setup: random cell %d out of range", c)
			}
			if seen[c] {
				return fmt.Errorf("setup: random cell %s listed twice", p.CellNames[c])
			}
			seen[c] = true
		}
		n := 0
		for _, pc := range r.Counts {
			if pc.Piece < 0 || pc.Piece >= len(p.Desc.Pieces) {
				return fmt.Errorf("setup: random piece %d out of range", pc.Piece)
			}
			if pc.Count < 0 {
				return fmt.Errorf("setup: negative count for %s", p.Desc.Pieces[pc.Piece].Name)
			}
			n += pc.Count
		}
		if n != len(r.Cells) {
			return fmt.Errorf("setup: %d random pieces for %d cells", n, len(r.Cells))
		}
	}
	if p.Stacking {
		// Pieces are added during a game only by drops from the hands:
		// a stack never holds more than every piece of the setup and
		// of the hands.
		p.Scap = len(st.Place)
		if st.Random != nil {
			p.Scap += len(st.Random.Cells)
		}
		for _, h := range p.Desc.Hands {
			for _, pc := range h {
				p.Scap += max(pc.Count, 0)
			}
		}
		p.Scap = max(p.Scap, 1)
		if p.NumCells*p.Scap > 1<<26 {
			return fmt.Errorf("setup: %d pieces on %d cells, too many for stacks", p.Scap, p.NumCells)
		}
	}
	return nil
}

func compileRules(p *core.Program) error {
	g := p.Desc
	p.Leaps = map[int][]int32{}
	p.Rules = make([]core.Rule, len(g.Moves))
	for i := range p.Rules {
		accel.NewRuleTables(&p.Rules[i])
	}
	for i := range g.Moves {
		if err := compileRule(p, i); err != nil {
			return fmt.Errorf("move rule %q (%s): %w", g.Moves[i].Name, g.Moves[i].Pos, err)
		}
		compileGenericWalk(p, &p.Rules[i])
	}
	if err := compileGoesOn(p); err != nil {
		return err
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
			p.Tiers = append(p.Tiers, core.Tier{Rules: rs})
			planTidy(p, len(p.Tiers)-1, &p.Tiers[len(p.Tiers)-1])
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
			p.Blockade = core.BlockadeByPlaying{}
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
func compileRule(p *core.Program, i int) error {
	m := &p.Desc.Moves[i]
	r := &p.Rules[i]
	r.Idx, r.Name, r.Action, r.Who = i, m.Name, m.Action, m.Piece
	r.Length, r.Capture, r.Chain, r.KeepsFirstDir, r.NamedByEnds = m.Length, m.Capture, m.Chain, m.ChainDirs == ir.ChainDirsSame, m.TextEnds
	r.Revisit = m.Revisit
	if err := compileSelection(p, r, m); err != nil {
		return err
	}
	if err := compileConds(p, r, m); err != nil {
		return err
	}
	fillPromoSlots(p, r)
	switch m.Action {
	case ir.Remove:
		r.Gen = core.GenRemove
		return nil
	case ir.Drop:
		return compileDrop(p, r, m)
	case ir.Leap, ir.Group:
	default:
		return fmt.Errorf("unknown action %d", m.Action)
	}
	if err := compileDirs(p, r, m); err != nil {
		return err
	}
	if err := compileLockRule(p, r, m); err != nil {
		return err
	}
	if m.Action == ir.Group {
		return programCompileGroup(p, r, m)
	}
	byProp, err := compileLengths(p, r, m)
	if err != nil {
		return err
	}
	r.Gen = core.GenGeneric
	if m.LengthTo != 0 || m.Hurdle != nil || m.TakenAtEnd {
		p.DeclineFor(core.ScopeRule, i, core.AccelLeapTable, "a long rule (lengths, a hurdle or captures taken at the end): long-table serves those")
		return compileLong(p, r, m) // the generic walker alone
	}
	if why := crownDecline(p, r, m); why != "" {
		p.DeclineFor(core.ScopeRule, i, core.AccelLeapTable, why)
		return nil // the generic walker
	}
	if m.Capture.Lines() {
		return compileLineCapture(p, r, m) // the line walker alone
	}
	if compileHop(p, r, m) {
		return nil
	}
	if core.Reachable(m) {
		p.DeclineFor(core.ScopeRule, i, core.AccelLeapTable, "its moves are named by their ends and its chains capture nothing: reachability, the rule's meaning")
		r.Gen = core.GenReach // the rule's meaning, with or without accelerators
		return nil
	}
	if r.NextDirs != nil && m.ChainDirs == ir.ChainDirsNoReverse && cannotTurnBack(p, m) {
		r.NextDirs = nil // every walker serves it as chain-dirs: any
	}
	switch {
	case r.NextDirs != nil: // followed by the generic walker
		p.DeclineFor(core.ScopeRule, i, core.AccelLeapTable, "its chains "+nextDirsText(m.ChainDirs)+", which the generic walker follows")
	case r.Revisit == ir.RevisitNever: // followed by the generic walker
		p.DeclineFor(core.ScopeRule, i, core.AccelLeapTable, "its chains may not revisit a cell (revisit: never), which the generic walker follows")
	case r.ChainStop != nil: // followed by the generic walker
		p.DeclineFor(core.ScopeRule, i, core.AccelLeapTable, "its chains stop on a chain-stop condition, which the generic walker follows")
	case r.Inside != nil: // followed by the generic walker
		p.DeclineFor(core.ScopeRule, i, core.AccelLeapTable, "an inside lock restricts its landings, which the generic walker follows")
	case p.Stacking:
		p.DeclineFor(core.ScopeRule, i, core.AccelLeapTable, "the game has stacks")
		compileStack(p, r)
	case byProp:
		p.DeclineFor(core.ScopeRule, i, core.AccelLeapTable, "its length is the piece's "+m.LengthProp)
		compileStack(p, r)
	default:
		compileLeapFast(p, r, m)
	}
	return nil
}

// compileSelection checks the rule's piece selection, capture and chain,
// and tabulates the kinds it moves (r.kindOK).
func compileSelection(p *core.Program, r *core.Rule, m *ir.MoveRule) error {
	if m.Piece < ir.Own || m.Piece > ir.AnyPiece {
		return fmt.Errorf("unknown piece selection %d", m.Piece)
	}
	if m.Capture < ir.CaptureNone || m.Capture > ir.CaptureApproachOrWithdrawal {
		return fmt.Errorf("unknown capture %d", m.Capture)
	}
	if m.Chain < ir.ChainNone || m.Chain > ir.ChainCompulsory {
		return fmt.Errorf("unknown chain %d", m.Chain)
	}
	if m.ChainDirs < ir.ChainDirsAny || m.ChainDirs > ir.ChainDirsTurn {
		return fmt.Errorf("unknown chain-dirs %d", m.ChainDirs)
	}
	if err := checkLineRule(p, m); err != nil {
		return err
	}
	if m.ChainDirs != ir.ChainDirsAny && (m.Chain == ir.ChainNone || m.Action != ir.Leap) {
		return fmt.Errorf("chain-dirs other than any without a chain of leaps")
	}
	if m.Kinds != nil {
		r.KindOK = make([]bool, len(p.Desc.Kinds))
		for _, k := range m.Kinds {
			if k < 0 || k >= len(p.Desc.Kinds) {
				return fmt.Errorf("kind %d out of range", k)
			}
			r.KindOK[k] = true
		}
	}
	return nil
}

// compileConds compiles the rule's guard (When) and its cell conditions
// (From, Over, Onto); an absent one stays nil.
func compileConds(p *core.Program, r *core.Rule, m *ir.MoveRule) error {
	var err error
	if m.When != nil {
		xc := &core.ExprCompiler{P: p, Kind: core.ExGuard, HasScore: p.Desc.Score != nil, What: "when"}
		if r.When, err = xc.Compile(m.When, false); err != nil {
			return err
		}
		lo, hi, ok := turnRange(m.When)
		r.GuardTest = core.GuardByExpr
		switch {
		case p.Off(core.AccelTurnGuards) != "":
			p.DeclineFor(core.ScopeRule, r.Idx, core.AccelTurnGuards, p.Off(core.AccelTurnGuards))
		case !ok:
			p.DeclineFor(core.ScopeRule, r.Idx, core.AccelTurnGuards, "its guard reads more than the turn number")
		case lo > hi:
			p.DeclineFor(core.ScopeRule, r.Idx, core.AccelTurnGuards, "its guard allows no turn") // (the closure says no)
		default:
			r.GuardTest = core.GuardByTurns
			r.TurnLo, r.TurnSpan = int32(lo), uint32(hi-lo)
		}
	}
	if r.From, err = compileCellCond(p, m.From, "from"); err != nil {
		return err
	}
	if r.Over, err = compileCellCond(p, m.Over, "over"); err != nil {
		return err
	}
	r.Onto, err = compileCellCond(p, m.Onto, "onto")
	return err
}

// compileCellCond compiles e as a cell condition of a move rule, named what
// in errors; a nil e gives a nil condition.
func compileCellCond(p *core.Program, e *ir.Expr, what string) (core.EvalFn, error) {
	if e == nil {
		return nil, nil
	}
	xc := &core.ExprCompiler{P: p, Kind: core.ExCell, HasScore: p.Desc.Score != nil, What: what}
	return xc.Compile(e, true)
}

// compileDirs checks the rule's directions and keeps, per player, one
// direction per vector (r.dirs): the same vector twice gives the same moves.
func compileDirs(p *core.Program, r *core.Rule, m *ir.MoveRule) error {
	if len(m.Dirs) != p.Players {
		return fmt.Errorf("%d direction lists for %d players", len(m.Dirs), p.Players)
	}
	r.Dirs = make([][]int32, p.Players)
	for pl, ds := range m.Dirs {
		seen := map[[2]int]bool{}
		for _, d := range ds {
			if d < 0 || d >= p.NumDirs {
				return fmt.Errorf("player %d: direction %d out of range", pl, d)
			}
			v := [2]int{p.Desc.Board.Dirs[d].DX, p.Desc.Board.Dirs[d].DY}
			if seen[v] {
				continue
			}
			seen[v] = true
			r.Dirs[pl] = append(r.Dirs[pl], int32(d))
		}
	}
	switch m.ChainDirs {
	case ir.ChainDirsNoReverse:
		r.NextDirs = noReverseDirs(p, r.Dirs)
	case ir.ChainDirsTurn:
		r.NextDirs = turnDirs(p, r.Dirs)
	}
	return nil
}

// cannotTurnBack tells whether no chain of rule m could turn straight
// back even if it may (chain-dirs: no-reverse is then chain-dirs: any):
// its leaps have one length (not long) in a game without stacks. The leap
// back would land on the cell the leap before started from, which its
// path holds, passing over cells that leap emptied (or found empty) and
// so taking nothing; and a leap taking nothing may not land on its path
// (core.Gen.Revisits). A long leap may go further back, and a stack keeps
// a piece under the one taken.
func cannotTurnBack(p *core.Program, m *ir.MoveRule) bool {
	return !p.Stacking && m.LengthTo == 0 && m.Hurdle == nil && !m.TakenAtEnd && !m.Capture.Lines()
}

// noReverseDirs is Rule.NextDirs for chain-dirs: no-reverse: per player
// and direction d, the player's directions dirs whose vector is not the
// opposite of d's.
func noReverseDirs(p *core.Program, dirs [][]int32) [][][]int32 {
	vec := p.Desc.Board.Dirs
	next := make([][][]int32, len(dirs))
	for pl, ds := range dirs {
		next[pl] = make([][]int32, p.NumDirs)
		for d := range next[pl] {
			for _, e := range ds {
				if vec[e].DX != -vec[d].DX || vec[e].DY != -vec[d].DY {
					next[pl][d] = append(next[pl][d], e)
				}
			}
		}
	}
	return next
}

// programCompileGroup compiles a group rule: its capture (the enemy run
// condition, when, whether the whole run is taken), then its tables when
// they apply (compileGroupFast).
func programCompileGroup(p *core.Program, r *core.Rule, m *ir.MoveRule) error {
	if gc := m.GroupCapture; gc != nil {
		if gc.Enemy == nil {
			return fmt.Errorf("group capture without an enemy condition")
		}
		var err error
		if r.Enemy, err = compileCellCond(p, gc.Enemy, "group capture enemy"); err != nil {
			return err
		}
		if gc.When != nil {
			xc := &core.ExprCompiler{P: p, Kind: core.ExGroup, HasScore: p.Desc.Score != nil, What: "group capture when"}
			if r.Gwhen, err = xc.Compile(gc.When, false); err != nil {
				return err
			}
		}
		r.TakesWholeRun = gc.All
	}
	r.Gen = core.GenGroup
	compileGroupFast(p, r)
	return nil
}

// compileLengths sets a leap rule's lengths per moving piece code (r.lenCode,
// r.leapCode), the distinct ones (r.lengths) and the largest (r.length),
// with r.leap and r.rev for a fixed length. byProp tells whether the
// length is a kind property (m.LengthProp).
func compileLengths(p *core.Program, r *core.Rule, m *ir.MoveRule) (byProp bool, err error) {
	r.LenCode = make([]int32, p.Ncodes)
	r.LeapCode = make([][]int32, p.Ncodes)
	var prop []int32
	if m.LengthProp != "" {
		prop = p.PropTable(m.LengthProp)
	} else if m.Length < 1 {
		return false, fmt.Errorf("leap length %d, must be at least 1", m.Length)
	}
	seenL := map[int]bool{}
	for code := 1; code < p.Ncodes; code++ {
		L := m.Length
		if prop != nil {
			L = int(prop[code])
			if L < 1 {
				continue // this kind has no such leap
			}
		}
		if L > p.NumCells || p.NumCells*p.NumDirs*L > 1<<25 {
			return false, fmt.Errorf("leap length %d too long for this board", L)
		}
		r.LenCode[code] = int32(L)
		r.LeapCode[code] = p.LeapTable(L)
		if !seenL[L] {
			seenL[L] = true
			r.Lengths = append(r.Lengths, L)
		}
	}
	sort.Ints(r.Lengths)
	if prop == nil {
		r.Length = m.Length
		r.Leap = p.LeapTable(m.Length)
		accel.Tables(r).Rev = p.Revs[m.Length]
	} else if len(r.Lengths) > 0 {
		r.Length = r.Lengths[len(r.Lengths)-1]
	}
	return prop != nil, nil
}

// compileLeapFast gives a leap rule of a game without stacks, its length
// fixed, the fast path tables when its conditions are local and From does
// not depend on the cell (genStep or genLeap; tables too big leave it to
// the generic walker), or else hands it to compileStack.
func compileLeapFast(p *core.Program, r *core.Rule, m *ir.MoveRule) {
	_, od := p.IsLocal(m.Over)
	_, nd := p.IsLocal(m.Onto)
	if why := cmp.Or(p.NonLocal("Over", m.Over), p.NonLocal("Onto", m.Onto), p.NonLocal("From", m.From)); why != "" {
		p.DeclineFor(core.ScopeRule, r.Idx, core.AccelLeapTable, why)
		compileStack(p, r)
		return
	}
	if _, fd := p.IsLocal(m.From); fd {
		p.DeclineFor(core.ScopeRule, r.Idx, core.AccelLeapTable, "From reads the cell")
		compileStack(p, r)
		return
	}
	if why := p.Off(core.AccelLeapTable); why != "" {
		p.DeclineFor(core.ScopeRule, r.Idx, core.AccelLeapTable, why)
		return
	}
	// Tables are indexed by cell*stride + code, with a wall code (ncodes)
	// on the sentinel cell nc that paths leaving the board lead to.
	codes := p.Ncodes + 1
	r.Stride, r.TabSize = 0, codes
	if od || nd {
		r.Stride, r.TabSize = codes, (p.NumCells+1)*codes
	}
	for _, ds := range r.Dirs {
		if len(ds) > 32 {
			p.DeclineFor(core.ScopeRule, r.Idx, core.AccelLeapTable, "a player has more than 32 directions")
			return
		}
	}
	if p.Players*r.TabSize > core.MaxTable {
		p.DeclineFor(core.ScopeRule, r.Idx, core.AccelLeapTable, fmt.Sprintf("its condition tables would pass %d entries", core.MaxTable))
		return
	}
	accel.Tables(r).OverTab = p.CondTable(r.Over, r.Stride, r.TabSize)
	r.OntoTab = p.CondTable(r.Onto, r.Stride, r.TabSize)
	if m.Capture != ir.CaptureLanding {
		ontoEmptyOnly(p, r) // landing on a piece without taking it is impossible
	}
	p.FillSrcOK(r)
	fillOntoEmpty(p, r)
	compileShift(p, r)
	compileWalk(p, r)
	if m.Length == 1 && m.Chain == ir.ChainNone {
		r.Gen = core.GenStep
	} else {
		r.Gen = core.GenLeap
	}
}

// compileWalk decides how fastLeaps walks leap rule r (RuleTables.Walk; the
// mailbox, decided later, may take it: compileMailbox): a short jump in
// any direction is walked on the occupancy word when it is a shift rule on
// one word (word-chains), and otherwise counted from the landing cells
// when they are few (landing-count).
func compileWalk(p *core.Program, r *core.Rule) {
	accel.Tables(r).Walk = accel.WalkTable
	if r.KeepsFirstDir {
		accel.Tables(r).Walk = accel.WalkTableFirstDirs
		return
	}
	if r.Length != 2 {
		return
	}
	if accel.OneWordShift(p, r) {
		why := p.Off(core.AccelWordChains)
		p.DeclineFor(core.ScopeRule, r.Idx, core.AccelWordChains, why)
		if why == "" {
			accel.Tables(r).Walk = accel.WalkWord
		}
		return
	}
	why := p.Off(core.AccelLandingCount)
	p.DeclineFor(core.ScopeRule, r.Idx, core.AccelLandingCount, why)
	if why == "" {
		accel.Tables(r).Walk = accel.WalkLandings
	}
}

// compileGroupFast lowers a group rule to tables when its conditions are
// local (From: of the piece alone) and the game has no stacks.
func compileGroupFast(p *core.Program, r *core.Rule) {
	m := &p.Desc.Moves[r.Idx]
	decline := func(why string) { p.DeclineFor(core.ScopeRule, r.Idx, core.AccelGroupTable, why) }
	if why := p.Off(core.AccelGroupTable); why != "" {
		decline(why)
		return
	}
	if p.Stacking {
		decline("the game has stacks")
		return
	}
	_, nd := p.IsLocal(m.Onto)
	_, fd := p.IsLocal(m.From)
	if r.Inside != nil {
		decline("an inside lock restricts its landings, which the group walker follows")
		return
	}
	ed := false
	var enemy *ir.Expr
	if m.GroupCapture != nil {
		enemy = m.GroupCapture.Enemy
		_, ed = p.IsLocal(enemy)
	}
	if why := cmp.Or(p.NonLocal("Onto", m.Onto), p.NonLocal("From", m.From), p.NonLocal("the enemy condition", enemy)); why != "" {
		decline(why)
		return
	}
	if fd {
		decline("From reads the cell")
		return
	}
	codes := p.Ncodes + 1
	r.Stride, r.TabSize = 0, codes
	if nd || ed {
		r.Stride, r.TabSize = codes, (p.NumCells+1)*codes
	}
	if p.Players*r.TabSize > core.MaxTable {
		decline(fmt.Sprintf("its condition tables would pass %d entries", core.MaxTable))
		return
	}
	r.OntoTab = p.CondTable(r.Onto, r.Stride, r.TabSize)
	ontoEmptyOnly(p, r) // landings are on empty cells
	if r.Enemy != nil {
		accel.Tables(r).EnemyTab = p.CondTable(r.Enemy, r.Stride, r.TabSize)
	} else {
		accel.Tables(r).EnemyTab = make([]uint8, p.Players*r.TabSize)
	}
	r.Leap = p.LeapTable(1)
	r.ValidL = p.ValidMasks(1) // (built now: a Program is read-only once compiled)
	if accel.Tables(r).Group = accel.GroupTables(p, r); accel.Tables(r).Group == nil {
		decline("its lines do not fit the group tables")
		return
	}
	r.Gen = core.GenGroupFast // (groupTables filled r.srcOK)
}

// compileShift decides whether rule r's first leaps can be found with bitset
// shifts and builds what that needs: the slots its conditions hold on, the
// landing cells per bit (fillLands) and r.alwaysTakes.
func compileShift(p *core.Program, r *core.Rule) {
	decline := func(why string) { p.DeclineFor(core.ScopeRule, r.Idx, core.AccelShiftSets, why) }
	if why := p.Off(core.AccelShiftSets); why != "" {
		decline(why)
		return
	}
	if r.Stride != 0 {
		decline("its conditions read the cell")
		return
	}
	if p.Players+2 > 64 {
		decline("more than 62 players")
		return
	}
	for _, ds := range r.Dirs {
		for _, d := range ds {
			if !p.DirShiftOK[d] {
				decline(fmt.Sprintf("direction %s is not one bit shift on this board", p.Desc.Board.Dirs[d].Name))
				return
			}
			if core.Abs(p.DirShift[d])*r.Length >= p.Nbits {
				decline(fmt.Sprintf("a leap in direction %s shifts past the board's bits", p.Desc.Board.Dirs[d].Name))
				return
			}
		}
	}
	var ok1, ok2 bool
	r.OverSlots, ok1 = condSlots(p, r, accel.Tables(r).OverTab)
	r.OntoSlots, ok2 = condSlots(p, r, r.OntoTab)
	if !ok1 || !ok2 {
		decline("its conditions tell kinds of one owner apart")
		return
	}
	r.ValidL = p.ValidMasks(r.Length)
	r.Shift = true
	fillLands(p, r)
	fillAlwaysTakes(p, r)
}

func compileEnd(p *core.Program) error {
	g := p.Desc
	hasScore := g.Score != nil
	if err := compileCounters(p); err != nil {
		return err
	}
	if err := preferenceError(p); err != nil {
		return err
	}
	for i, gl := range g.End.Goals {
		xc := &core.ExprCompiler{P: p, Kind: core.ExPlayer, HasScore: hasScore, What: fmt.Sprintf("goal %d (%s)", i+1, gl.Pos)}
		f, err := xc.Compile(gl.Cond, false)
		if err != nil {
			return err
		}
		switch gl.Check {
		case ir.AfterMove:
			p.GoalsAfter = append(p.GoalsAfter, core.Goal{F: f, Lose: gl.Lose, Draw: gl.Draw})
		case ir.TurnStart:
			if gl.Draw {
				return fmt.Errorf("goal %d (%s): a draw goal is tested after a move", i+1, gl.Pos)
			}
			p.GoalsStart = append(p.GoalsStart, core.Goal{F: f, Lose: gl.Lose, Draw: false})
		default:
			return fmt.Errorf("goal %d (%s): unknown check %d", i+1, gl.Pos, gl.Check)
		}
	}
	for _, o := range []ir.Outcome{g.End.NoMove, g.End.AtLimit, g.End.AtPasses} {
		if o < ir.OutcomeNone || o > ir.OutcomePass {
			return fmt.Errorf("end: unknown outcome %d", o)
		}
	}
	if g.End.Passes < 0 || g.End.Plies < 0 || p.Cfg.MaxPlies < 0 {
		return fmt.Errorf("end: negative pass or ply limit")
	}
	if o := g.End.AtPasses; o != ir.OutcomeNone && o != ir.OutcomeDraw && o != ir.OutcomeScore {
		return fmt.Errorf("end: unknown outcome %d after passes", o)
	}
	p.NoMove, p.Passes, p.AtLimit, p.AtPasses = g.End.NoMove, g.End.Passes, g.End.AtLimit, g.End.AtPasses
	p.Limit = g.End.Plies
	if m := p.Cfg.MaxPlies; m > 0 && (p.Limit == 0 || m < p.Limit) {
		p.Limit = m
	}
	compileHash(p)
	for i := range p.Rules {
		if p.Rules[i].When != nil {
			p.GuardedRules = append(p.GuardedRules, i)
		}
	}
	compileBlockFast(p)
	compileWordsCount(p)
	compileMailbox(p)
	// RandomPlayout counts the moves and builds the one drawn when counting
	// is nearly free (a bulk tier: first leaps by population counts; group
	// moves: counts per line) or saves the blockade checks of moves not
	// drawn; it builds the moves of the other tiers.
	planTiers(p)
	if hasScore {
		xc := &core.ExprCompiler{P: p, Kind: core.ExPlayer, HasScore: true, InScore: true, What: "score"}
		f, err := xc.Compile(g.Score.Value, false)
		if err != nil {
			return err
		}
		p.ScoreFn = f
		if g.Score.Best != ir.Highest && g.Score.Best != ir.Lowest {
			return fmt.Errorf("score: unknown best %d", g.Score.Best)
		}
		p.Best = g.Score.Best
		if g.Score.Margin != nil {
			xc := &core.ExprCompiler{P: p, Kind: core.ExMargin, HasScore: true, What: "score margin"}
			if p.Margin, err = xc.Compile(g.Score.Margin, false); err != nil {
				return err
			}
		}
	}
	return compileGuide(p)
}

// sourceMarkers chooses, per mover, how the pieces of rule r that have a
// first leap are marked (core.SourceMarker): by shifts when its
// directions are shifts and the board is one word or Onto holds on
// occupied cells too; from the landing cells when Onto holds exactly on
// empty ones; by either, as the number of empty cells says, when both
// hold.
func sourceMarkers(p *core.Program, r *core.Rule) []core.SourceMarker {
	ms := make([]core.SourceMarker, p.Players)
	for m := range ms {
		ontoEmpty := m < len(r.OntoEmpty) && r.OntoEmpty[m]
		switch {
		case r.Shift && (p.NumWords == 1 || !ontoEmpty):
			ms[m] = core.MarkByShifts
		case !ontoEmpty:
			ms[m] = core.MarkNone
		case r.Shift:
			ms[m] = core.MarkByShiftsOrLandings
		default:
			ms[m] = core.MarkByLandings
		}
	}
	return ms
}

// turnRange tells whether guard e only compares the mover's turn number
// (1 and up) with constants, joined by "and" (turn == 1, turn > 1 and
// turn <= 4), and gives the turns it allows, lo to hi (none: lo > hi).
func turnRange(e *ir.Expr) (lo, hi int, ok bool) {
	const top = math.MaxInt32
	switch e.Op {
	case ir.OpAnd:
		lo0, hi0, ok0 := turnRange(e.Args[0])
		lo1, hi1, ok1 := turnRange(e.Args[1])
		return max(lo0, lo1), min(hi0, hi1), ok0 && ok1
	case ir.OpEq, ir.OpLt, ir.OpLe, ir.OpGt, ir.OpGe:
	default:
		return 0, 0, false
	}
	op, v, k := e.Op, e.Args[0], e.Args[1]
	if k.Op == ir.OpVar { // k < turn is turn > k, and so on
		v, k = k, v
		switch op {
		case ir.OpLt:
			op = ir.OpGt
		case ir.OpLe:
			op = ir.OpGe
		case ir.OpGt:
			op = ir.OpLt
		case ir.OpGe:
			op = ir.OpLe
		}
	}
	if v.Op != ir.OpVar || v.Name != "turn" || k.Op != ir.OpInt {
		return 0, 0, false
	}
	n := min(max(k.Int, -top), top-1) // (beyond, every comparison is decided alike)
	lo, hi = 1, top
	switch op {
	case ir.OpEq:
		lo, hi = max(n, 1), n
	case ir.OpLt:
		hi = n - 1
	case ir.OpLe:
		hi = n
	case ir.OpGt:
		lo = max(n+1, 1)
	case ir.OpGe:
		lo = max(n, 1)
	}
	return lo, min(max(hi, 0), top), true
}

// quantifiers returns how piece quantifiers outside cell conditions are
// compiled when they can be faster than the core's visit of the pieces:
// quantifier-tables, or, when it is off, a check that records why it
// declined where it would have served.
func quantifiers(p *core.Program) func(*core.Program, ir.Who, ir.Op, ir.Side, *ir.Expr, core.EvalFn) core.EvalFn {
	why := p.Off(core.AccelQuantifierTables)
	if why == "" {
		return accel.QuantifierTables
	}
	return func(p *core.Program, who ir.Who, op ir.Op, sd ir.Side, cond *ir.Expr, arg core.EvalFn) core.EvalFn {
		if accel.QuantifierTables(p, who, op, sd, cond, arg) != nil {
			p.DeclineFor(core.ScopeProgram, 0, core.AccelQuantifierTables, why)
		}
		return nil
	}
}
