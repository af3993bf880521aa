package interp

import (
	"fmt"

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

// longParams are a long rule's parameters (rule.long).
type longParams struct {
	maxLength int    // the longest leap
	hurdle    evalFn // the compiled Hurdle (nil: none)
	// takenAtEnd: the pieces a chain captures stay on the board, marked
	// taken, until the chain ends (ir.MoveRule.TakenAtEnd)
	takenAtEnd bool
}

// compileLong compiles a long rule's lengths and hurdle; it goes to the
// long-leap table when that applies (long_table.go), to the generic
// walker otherwise.
func (p *Program) compileLong(r *rule, m *ir.MoveRule) error {
	lp := &longParams{takenAtEnd: m.TakenAtEnd}
	r.leap, r.rev = nil, nil // the rays are walked on the neighbour table
	switch {
	case m.LengthTo == ir.LengthAny:
		lp.maxLength = p.numCells
	case m.LengthTo == 0:
		lp.maxLength = r.length
	case m.LengthTo < m.Length || m.LengthProp != "":
		return fmt.Errorf("leap lengths %d..%d: not a range", m.Length, m.LengthTo)
	default:
		lp.maxLength = m.LengthTo
	}
	if m.TakenAtEnd && m.Capture != ir.CaptureJumped {
		return fmt.Errorf("captures taken at the end need CaptureJumped")
	}
	var err error
	if lp.hurdle, err = p.compileCellCond(m.Hurdle, "hurdle"); err != nil {
		return err
	}
	r.long = lp
	p.compileLongTable(r, m)
	return nil
}

// tierPrefers tells whether the tier of rules rs narrows its moves to
// those capturing the most: the game says so and some rule captures.
func (p *Program) tierPrefers(rs []int) bool {
	if p.game.Prefer != ir.PreferMostCaptured {
		return false
	}
	for _, ri := range rs {
		m := &p.game.Moves[ri]
		if m.Capture != ir.CaptureNone || m.Action == ir.Remove || m.GroupCapture != nil {
			return true
		}
	}
	return false
}

// compileCounters compiles the counters' conditions (p.ctrs).
func (p *Program) compileCounters() error {
	for i, ct := range p.game.Counters {
		xc := &exprCompiler{p: p, kind: exCounts, what: fmt.Sprintf("counter %s (%s)", ct.Name, ct.Pos)}
		f, err := xc.compile(ct.Counts, false)
		if err != nil {
			return err
		}
		if i == 0 {
			p.ctrs = make([]evalFn, 0, len(p.game.Counters))
		}
		p.ctrs = append(p.ctrs, f)
	}
	return nil
}

// counterValue compiles a counter's value (goals and scores) and the
// values of the move just played (a counter's counts).
func (xc *exprCompiler) counterValue(e *ir.Expr) (evalFn, error) {
	if e.Op == ir.OpCounter {
		if xc.kind != exPlayer {
			return nil, fmt.Errorf("%s: a counter is read in goals and scores", xc.what)
		}
		if e.Int < 0 || e.Int >= len(xc.p.game.Counters) {
			return nil, fmt.Errorf("%s: counter %d out of range", xc.what, e.Int)
		}
		k := e.Int
		return func(c *ectx) int { return int(c.s.ctr[k]) }, nil
	}
	if xc.kind != exCounts {
		return nil, fmt.Errorf("%s: moved, captures and pass are read in a counter's counts", xc.what)
	}
	switch e.Op {
	case ir.OpMoved:
		if e.Int < 0 || e.Int >= len(xc.p.game.Kinds) {
			return nil, fmt.Errorf("%s: kind %d out of range", xc.what, e.Int)
		}
		k := e.Int
		return func(c *ectx) int { return b2i(c.moved == k) }, nil
	case ir.OpCaptures:
		return func(c *ectx) int { return c.caps }, nil
	}
	return func(c *ectx) int { return b2i(c.pass) }, nil
}

// moveLeapsLong is the cells function of a long rule (rule.cells): the piece leaves its start; on
// each leap, from the cell it is on to the landing in the leap's
// direction, it takes what the rule captures (the pieces passed over, or
// the piece landed on), and it lands on the last landing, promoted there
// when a promotion applies. Taking a piece at once or at the move's end
// gives the same position: a chain never passes a taken cell again.
func (p *Program) moveLeapsLong(s *State, r *rule, mover int, path []uint32) {
	pc := s.lift(p, int(path[0]))
	cur, nd := int(path[0]), p.numDirs
	for _, e := range path[1:] {
		land, d := int(e&0xffff), int(e>>16&dirMask)
		if r.capture == ir.CaptureJumped {
			for y := int(p.neighbours[cur*nd+d]); y != land && y >= 0; y = int(p.neighbours[y*nd+d]) {
				if s.cells[y] != 0 {
					p.take(s, mover, y)
				}
			}
		}
		if r.capture == ir.CaptureLanding && s.cells[land] != 0 {
			p.take(s, mover, land)
		}
		cur = land
	}
	if to := p.promoteTo(pc, cur); to != 0 {
		pc = to
	}
	s.drop(p, cur, pc)
}

// tierHasMove tells whether tier t has a move for the player to move
// (existence mode).
func (p *Program) tierHasMove(s *State, t *tier) bool {
	g := &s.ax().nested
	g.bind(p, s, nil)
	g.start(s.toMove)
	return p.runTier(s, t, g)
}

// preferMost keeps, of the moves of ml (a tier's), those that capture the
// most pieces: each is played and taken back to count them.
func (p *Program) preferMost(s *State, ml *MoveList) {
	if len(ml.moves) < 2 {
		return
	}
	x := s.ax()
	x.caps = x.caps[:0]
	best := int32(0)
	for i := range ml.moves {
		before := s.captured[s.toMove]
		mover := p.doMove(s, ml, ml.moves[i], true)
		n := s.captured[mover] - before
		p.Undo(s)
		x.caps = append(x.caps, n)
		best = max(best, n)
	}
	keepBest(ml, x.caps, best)
}

// keepBest keeps the moves of ml whose count in counts (one per move) is
// best, in order.
func keepBest(ml *MoveList, counts []int32, best int32) {
	k := 0
	for i, n := range counts {
		if n == best {
			ml.moves[k] = ml.moves[i]
			k++
		}
	}
	ml.moves = ml.moves[:k]
}

// readyTaken readies the marks of pieces taken at the end (State.taken)
// for a long rule.
func (g *gen) readyTaken() {
	if s := g.s; g.r.long.takenAtEnd && len(s.taken) < g.p.numCells {
		s.taken = make([]bool, g.p.numCells)
	}
}

// longDFS explores the leaps of a long rule of the piece g.pc on top of
// cell c: along each direction the ray is walked outwards; a cell is a
// landing when the leap's length is in range, the hurdle (if the rule has
// one) was passed and the cell may be landed on; the walk goes on past a
// cell satisfying Over, or the first that satisfies Hurdle, and stops at
// any other cell and at a taken one. It reports whether a leap was made.
func (g *gen) longDFS(c int) bool {
	p, s, r := g.p, g.s, g.r
	lp := r.long
	lo, hi := r.length, lp.maxLength
	if lo == hi { // a fixed length: the piece's own (MoveRule.LengthProp)
		lo = int(r.lenCode[g.piece])
		hi = lo
	}
	level := s.height(c) - 1
	any := false
	for _, d := range g.dirs {
		hurdle := false
		x := c
		for k := 1; k <= hi; k++ {
			if x = int(p.neighbours[x*p.numDirs+int(d)]); x < 0 {
				break
			}
			g.ctx.mcode, g.ctx.level = int(g.piece), level
			if k >= lo && (lp.hurdle == nil || hurdle) && g.landable(x) && (r.inside == nil || !g.leavesInside(int(s.path[0]), x)) {
				any = g.longLeap(c, x, int(d)) || any
				if g.found {
					return true
				}
			}
			if k == hi || (lp.takenAtEnd && s.taken[x]) {
				break
			}
			if !g.test(r.over, x) {
				if lp.hurdle == nil || hurdle || !g.test(lp.hurdle, x) {
					break
				}
				hurdle = true
			}
		}
	}
	return any
}

// landable tells whether a long rule's leap may land on cell x.
func (g *gen) landable(x int) bool {
	r, s := g.r, g.s
	if r.long.takenAtEnd && s.taken[x] {
		return false
	}
	if !g.test(r.onto, x) {
		return false
	}
	return s.cells[x] == 0 || r.capture == ir.CaptureLanding || g.p.stacking
}

// longLeap plays the leap of the piece g.pc from c to x in direction d
// (taking what it captures: off the board at once, or marked taken),
// explores what follows by the chain policy, and takes it back. It
// reports whether the leap was made (revisits may forbid it).
func (g *gen) longLeap(c, x, d int) bool {
	p, s, r := g.p, g.s, g.r
	stop := r.chainStop != nil && g.test(r.chainStop, x) // (on the board before the leap, as genericDFS)
	capBase, tkBase := len(s.caps), len(s.takenCells)
	mover := g.mover
	oldCapt, oldPts := s.captured[mover], s.points[mover]
	if r.capture == ir.CaptureJumped {
		for y := int(p.neighbours[c*p.numDirs+d]); y != x; y = int(p.neighbours[y*p.numDirs+d]) {
			switch {
			case s.cells[y] == 0:
			case r.long.takenAtEnd:
				s.taken[y] = true
				s.takenCells = append(s.takenCells, int32(y))
				s.captured[mover]++
				s.points[mover] += p.codePoints[s.cells[y]]
			default:
				s.caps = append(s.caps, change{cell: int32(y), old: s.pop(p, y), arg: opPop})
			}
		}
	}
	if r.capture == ir.CaptureLanding && s.cells[x] != 0 {
		s.caps = append(s.caps, change{cell: int32(x), old: s.pop(p, x), arg: opPop})
	}
	if g.revisits(len(s.caps) > capBase || len(s.takenCells) > tkBase, int32(x)) {
		return false // nothing was taken, nothing to restore
	}
	g.playLeap(c, x, d, capBase, stop, oldCapt, oldPts, g.longDFS)
	for _, y := range s.takenCells[tkBase:] {
		s.taken[y] = false
	}
	s.takenCells = s.takenCells[:tkBase]
	return true
}
