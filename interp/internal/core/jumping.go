package core

import (
	"fmt"
	"slices"

	"github.com/ruleplay/ruleplay/ir"
)

// Long leaps, hurdles, captures taken at the end.
//
// A rule with a range of lengths (MoveRule.LengthTo), a Hurdle or
// TakenAtEnd is "long" (rule.long: its parameters), decided at compile time. When its
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
// The majority and counters.
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
// (plainTurnsDeclines).
// Counters (ir.Game.Counters) are compiled as closures over the move
// just played (ectx.moved, caps, pass); the general make (doMove) logs
// them (State.ctrLog) for Undo and updates them after the move (countMove):
// a game without counters pays one nil test per move. A draw goal ends the game with endDraw (reason "goal",
// every player a winner).

// The jumping family's concepts (see docs/language.md):
//
//   - long leaps (MoveRule.LengthTo), hurdles (MoveRule.Hurdle) and
//     captures taken at the end of the move (MoveRule.TakenAtEnd): such a
//     rule is "long" and goes to the long-leap table (long_table.go) or
//     to the generic walker, which walks each ray outwards (longDFS);
//     Apply replays its leaps cell by cell (moveLeapsLong);
//   - the majority (ir.PreferMostCaptured): the moves of a tier with a
//     capturing rule are built and only those capturing the most stay
//     (narrowStep: counted from their paths, majority.go, or by playing
//     each, preferMost); counting and selecting build them too
//     (countMoves);
//   - counters (ir.Game.Counters): kept in the position, updated by
//     doMove after each ply, logged for Undo.

// LongParams are a long rule's parameters (rule.long).
type LongParams struct {
	MaxLength int    // the longest leap
	Hurdle    EvalFn // the compiled Hurdle (nil: none)
	// takenAtEnd: the pieces a chain captures stay on the board, marked
	// taken, until the chain ends (ir.MoveRule.TakenAtEnd)
	TakenAtEnd bool
	// LandWhereItContinues: of a leap's landings in one direction, only
	// those from which the chain goes on, when there are some
	// (ir.MoveRule.LandWhereItContinues; crown.go: goesOnFrom)
	LandWhereItContinues bool
}

// TierPrefers tells whether the tier of rules rs narrows its moves to
// those capturing the most: the game says so and some rule captures.
func (p *Program) TierPrefers(rs []int) bool {
	if len(p.Desc.Prefer) == 0 {
		return false
	}
	for _, ri := range rs {
		m := &p.Desc.Moves[ri]
		if m.Capture != ir.CaptureNone || m.Action == ir.Remove || m.GroupCapture != nil {
			return true
		}
	}
	return false
}

// counterValue compiles a counter's value (goals and scores) and the
// values of the move just played (a counter's counts).
func (xc *ExprCompiler) counterValue(e *ir.Expr) (EvalFn, error) {
	if e.Op == ir.OpCounter {
		if xc.Kind != ExPlayer {
			return nil, fmt.Errorf("%s: a counter is read in goals and scores", xc.What)
		}
		if e.Int < 0 || e.Int >= len(xc.P.Desc.Counters) {
			return nil, fmt.Errorf("%s: counter %d out of range", xc.What, e.Int)
		}
		return xc.counterRead(e), nil
	}
	if xc.Kind != ExCounts {
		return nil, fmt.Errorf("%s: moved, captures and pass are read in a counter's counts", xc.What)
	}
	switch e.Op {
	case ir.OpMoved:
		if e.Int < 0 || e.Int >= len(xc.P.Desc.Kinds) {
			return nil, fmt.Errorf("%s: kind %d out of range", xc.What, e.Int)
		}
		k := e.Int
		return func(c *Ectx) int { return B2i(c.moved == k) }, nil
	case ir.OpCaptures:
		return func(c *Ectx) int { return c.caps }, nil
	}
	return func(c *Ectx) int { return B2i(c.pass) }, nil
}

// takeOnLeap takes what rule r captures on a leap of mover's from cur
// to land in direction d: the pieces passed over, or the piece landed on.
func (p *Program) takeOnLeap(s *State, r *Rule, mover, cur, land, d int) {
	switch r.Capture {
	case ir.CaptureJumped:
		nd := p.NumDirs
		for y := int(p.Neighbours[cur*nd+d]); y != land && y >= 0; y = int(p.Neighbours[y*nd+d]) {
			if s.Cells[y] != 0 {
				p.take(s, mover, y)
			}
		}
	case ir.CaptureLanding:
		if s.Cells[land] != 0 {
			p.take(s, mover, land)
		}
	}
}

// MoveLeapsLong is the cells function of a long rule (rule.cells): the piece leaves its start; on
// each leap, from the cell it is on to the landing in the leap's
// direction, it takes what the rule captures (the pieces passed over, or
// the piece landed on), and it lands on the last landing, promoted there
// when a promotion applies. Taking a piece at once or at the move's end
// gives the same position: a chain never passes a taken cell again.
func (p *Program) MoveLeapsLong(s *State, r *Rule, mover int, path []uint32) {
	pc := s.lift(p, int(path[0]))
	cur := int(path[0])
	for _, e := range path[1:] {
		land := int(e & 0xffff)
		p.takeOnLeap(s, r, mover, cur, land, int(e>>16&DirMask))
		cur = land
	}
	if to := p.PromoteTo(pc, cur); to != 0 {
		pc = to
	}
	s.drop(p, cur, pc)
}

// tierHasMove tells whether tier t has a move for the player to move
// (existence mode).
func (p *Program) tierHasMove(s *State, t *Tier) bool {
	g := &s.Ax().Nested
	g.Bind(p, s, nil)
	g.Start(s.Mover)
	return p.RunTier(s, t, g)
}

// PreferMost keeps, of the moves of ml (a tier's), those that capture the
// most pieces: each is played and taken back to count them.
func (p *Program) PreferMost(s *State, ml *MoveList) {
	if len(ml.Moves) < 2 {
		return
	}
	x := s.Ax()
	x.Caps = x.Caps[:0]
	best := int32(0)
	for i := range ml.Moves {
		before := s.CapturedBy[s.Mover]
		mover := p.DoMove(s, ml, ml.Moves[i], true)
		n := s.CapturedBy[mover] - before
		p.Undo(s)
		x.Caps = append(x.Caps, n)
		best = max(best, n)
	}
	KeepBest(ml, x.Caps, best)
}

// PrefersMostCapturedOnly tells whether the game's preference is the one
// criterion most-captured (of every kind), which PreferMost and the
// majority-paths accelerator count; other criteria go to PreferInOrder.
func (p *Program) PrefersMostCapturedOnly() bool {
	pr := p.Desc.Prefer
	return len(pr) == 1 && pr[0] == ir.Preference{By: ir.PreferMostCaptured, Kind: -1}
}

// PreferInOrder keeps, of the moves of ml (a tier's), those with the best
// value of each criterion of the game's preference in turn (each among
// the moves the ones before kept). A move's values are read from the
// position before it: the kind of the moving piece (movedKind) and the
// pieces it captures in their order of capture (capturedInOrder), which
// the planner allows for leaps and removals in a game without stacks
// (preferenceDecline).
func (p *Program) PreferInOrder(s *State, ml *MoveList) {
	x := s.Ax()
	for _, pr := range p.Desc.Prefer {
		if len(ml.Moves) < 2 {
			return
		}
		x.Caps = x.Caps[:0]
		best := int32(0)
		for _, m := range ml.Moves {
			v := p.preferValue(s, ml, m, pr)
			x.Caps = append(x.Caps, v)
			best = max(best, v)
		}
		KeepBest(ml, x.Caps, best)
	}
}

// preferValue is move m's value for criterion pr (ir.Prefer), at least 0.
func (p *Program) preferValue(s *State, ml *MoveList, m Mv, pr ir.Preference) int32 {
	if pr.By == ir.PreferMoved {
		return int32(B2i(p.movedKind(s, ml, m) == pr.Kind))
	}
	x := s.Ax()
	x.Ecaps = p.capturedInOrder(s, ml, m, x.Ecaps[:0])
	v := int32(0)
	for i, c := range x.Ecaps {
		if pr.Kind >= 0 && int(p.CodeKind[s.Cells[c]]) != pr.Kind {
			continue
		}
		switch {
		case pr.By == ir.PreferMostCaptured:
			v++
		case i < 31: // PreferEarliestCaptured: the earlier, the higher the bit
			v |= 1 << (30 - i)
		}
	}
	return v
}

// capturedInOrder appends to buf the cells of the pieces move m captures,
// in their order of capture, read on the position before it: a removal
// takes the piece on its cell; a leap the pieces on the cells it passes
// over (capturing the jumped pieces) or on its landings (capturing by
// landing), each once, the start cell never (the moving piece has left
// it). Without stacks a cell holds one piece, so those are the pieces.
func (p *Program) capturedInOrder(s *State, ml *MoveList, m Mv, buf []int32) []int32 {
	if m.Rule < 0 {
		return buf
	}
	r := &p.Rules[m.Rule]
	path := ml.Arena[m.Off : m.Off+m.N]
	if r.Action == ir.Remove {
		return append(buf, int32(path[0]&0xffff))
	}
	n0 := len(buf)
	add := func(c int) {
		if s.Cells[c] != 0 && !slices.Contains(buf[n0:], int32(c)) {
			buf = append(buf, int32(c))
		}
	}
	start, cur := int(path[0]), int(path[0])
	for _, e := range path[1:] {
		land := int(e & 0xffff)
		switch r.Capture {
		case ir.CaptureJumped:
			d := int(e >> 16 & DirMask)
			for y := int(p.Neighbours[cur*p.NumDirs+d]); y >= 0 && y != land; y = int(p.Neighbours[y*p.NumDirs+d]) {
				if y != start {
					add(y)
				}
			}
		case ir.CaptureLanding:
			if land != start {
				add(land)
			}
		}
		cur = land
	}
	return buf
}

// KeepBest keeps the moves of ml whose count in counts (one per move) is
// best, in order.
func KeepBest(ml *MoveList, counts []int32, best int32) {
	k := 0
	for i, n := range counts {
		if n == best {
			ml.Moves[k] = ml.Moves[i]
			k++
		}
	}
	ml.Moves = ml.Moves[:k]
}

// readyTaken readies the marks of pieces taken at the end (State.taken)
// for a long rule.
func (g *Gen) readyTaken() {
	if s := g.S; g.R.Long.TakenAtEnd && len(s.taken) < g.P.NumCells {
		s.taken = make([]bool, g.P.NumCells)
	}
}

// longDFS explores the leaps of a long rule of the piece g.pc on top of
// cell c: along each direction the ray is walked outwards; a cell is a
// landing when the leap's length is in range, the hurdle (if the rule has
// one) was passed and the cell may be landed on; the walk goes on past a
// cell satisfying Over, or the first that satisfies Hurdle, and stops at
// any other cell and at a taken one. It reports whether a leap was made.
func (g *Gen) longDFS(c int) bool {
	any := false
	for _, d := range g.Dirs {
		continues := -1 // land: where-it-continues: whether a landing of d goes on (-1: not asked)
		g.eachLanding(c, int(d), func(x int) bool {
			if g.R.Long.LandWhereItContinues && !g.mayLandOn(c, x, int(d), &continues) {
				return false
			}
			any = g.longLeap(c, x, int(d)) || any
			return g.Found
		})
		if g.Found {
			return true
		}
	}
	return any
}

// eachLanding calls visit on each landing of a long rule's leap from
// cell c in direction d, outwards, until visit returns true: the ray is
// walked on the neighbour table; a cell is a landing when the leap's
// length is in range, the hurdle (if the rule has one) was passed and
// the cell may be landed on; the walk goes on past a cell satisfying
// Over, or the first that satisfies Hurdle, and stops at any other cell
// and at a taken one.
func (g *Gen) eachLanding(c, d int, visit func(x int) bool) {
	p, s, r := g.P, g.S, g.R
	lp := r.Long
	lo, hi := r.Length, lp.MaxLength
	if lo == hi { // a fixed length: the piece's own (MoveRule.LengthProp)
		lo = int(r.LenCode[g.Piece])
		hi = lo
	}
	level := s.height(c) - 1
	hurdle := false
	x := c
	for k := 1; k <= hi; k++ {
		if x = int(p.Neighbours[x*p.NumDirs+d]); x < 0 {
			return
		}
		g.ctx.Mcode, g.ctx.Level = int(g.Piece), level
		if k >= lo && (lp.Hurdle == nil || hurdle) && g.landable(x) && (r.Inside == nil || !g.leavesInside(int(s.Path[0]), x)) {
			if visit(x) {
				return
			}
		}
		if k == hi || (lp.TakenAtEnd && s.taken[x]) {
			return
		}
		if !g.test(r.Over, x) {
			if lp.Hurdle == nil || hurdle || !g.test(lp.Hurdle, x) {
				return
			}
			hurdle = true
		}
	}
}

// landable tells whether a long rule's leap may land on cell x.
func (g *Gen) landable(x int) bool {
	r, s := g.R, g.S
	if r.Long.TakenAtEnd && s.taken[x] {
		return false
	}
	if !g.test(r.Onto, x) {
		return false
	}
	return s.Cells[x] == 0 || r.Capture == ir.CaptureLanding || g.P.Stacking
}

// longLeap plays the leap of the piece g.pc from c to x in direction d
// (taking what it captures: off the board at once, or marked taken),
// explores what follows by the chain policy, and takes it back. It
// reports whether the leap was made (revisits may forbid it).
func (g *Gen) longLeap(c, x, d int) bool {
	s, r := g.S, g.R
	stop := r.ChainStop != nil && g.test(r.ChainStop, x) // (on the board before the leap, as genericDFS)
	capBase, tkBase := len(s.Caps), len(s.takenCells)
	oldCapt, oldPts := s.CapturedBy[g.Mover], s.Points[g.Mover]
	if !g.longTake(c, x, d, capBase, tkBase) {
		return false // nothing was taken, nothing to restore
	}
	g.playLeap(c, x, d, capBase, stop, oldCapt, oldPts, g.longDFS)
	g.untake(tkBase)
	return true
}

// untake takes back the marks of the pieces taken since tkBase.
func (g *Gen) untake(tkBase int) {
	s := g.S
	for _, y := range s.takenCells[tkBase:] {
		s.taken[y] = false
	}
	s.takenCells = s.takenCells[:tkBase]
}

// longTake takes what the leap of a long rule from c to x in direction d
// captures (off the board at once into s.caps, or marked taken and
// credited to the mover), the lists' lengths before it capBase and
// tkBase; it reports false, with nothing to restore, when revisits
// forbids the leap.
func (g *Gen) longTake(c, x, d, capBase, tkBase int) bool {
	p, s, r := g.P, g.S, g.R
	mover := g.Mover
	if r.Capture == ir.CaptureJumped {
		for y := int(p.Neighbours[c*p.NumDirs+d]); y != x; y = int(p.Neighbours[y*p.NumDirs+d]) {
			switch {
			case s.Cells[y] == 0:
			case r.Long.TakenAtEnd:
				s.taken[y] = true
				s.takenCells = append(s.takenCells, int32(y))
				s.CapturedBy[mover]++
				s.Points[mover] += p.CodePoints[s.Cells[y]]
			default:
				s.Caps = append(s.Caps, Change{Cell: int32(y), Old: s.pop(p, y), Arg: opPop})
			}
		}
	}
	if r.Capture == ir.CaptureLanding && s.Cells[x] != 0 {
		s.Caps = append(s.Caps, Change{Cell: int32(x), Old: s.pop(p, x), Arg: opPop})
	}
	return !g.Revisits(len(s.Caps) > capBase || len(s.takenCells) > tkBase, int32(x))
}
