package interp

import (
	"fmt"

	"github.com/ruleplay/ruleplay/ir"
)

// evalFn is a compiled expression; Booleans are 0 or 1.
type evalFn func(*ectx) int

// ectx is the context an expression is evaluated in.
type ectx struct {
	p      *Program
	s      *State
	own    int // the player the expression is evaluated for (the mover for guards and cell conditions)
	opp    int // the next player after own
	winner int // Score.Margin only
	loser  int
	cell   int // the cell under test (cell conditions)
	code   int // the piece code on that cell (its top piece)
	// the moving piece (cell conditions of move rules): its code and its
	// level (pieces under it at the cell its leap starts from)
	mcode int
	level int
	// group captures: size, run, distance
	gsize, grun, gdist int
	// a counter's counts (exCounts): the kind the move moved (-1: none),
	// the pieces it captured, whether it was a pass
	moved, caps int
	pass        bool
}

func (c *ectx) side(sd ir.Side) int {
	switch sd {
	case ir.SideOpponent:
		return c.opp
	case ir.SideWinner:
		return c.winner
	case ir.SideLoser:
		return c.loser
	}
	return c.own
}

// exprKind says where an expression is evaluated, which decides the
// operators it may use.
type exprKind int

const (
	exGuard  exprKind = iota // move rule guards: turn, ply
	exCell                   // Over/Onto: a cell under test
	exPlayer                 // goals and scores: a player, no cell
	exMargin                 // Score.Margin: winner and loser
	exGroup                  // GroupCapture.When: size, run, distance, and the guard variables
	exCounts                 // Counter.Counts: the move just played (moved, captures, pass)
)

type exprCompiler struct {
	p        *Program
	kind     exprKind
	inScore  bool // compiling Score.Value: OpScore would recurse
	hasScore bool
	what     string // for errors
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// compile compiles e; cell tells whether a cell under test is available.
// It dispatches on the operator's family; each family's method checks its
// operands and returns the closure.
func (xc *exprCompiler) compile(e *ir.Expr, cell bool) (evalFn, error) {
	if e == nil {
		return nil, fmt.Errorf("%s: missing expression", xc.what)
	}
	switch e.Op {
	case ir.OpInt, ir.OpBool:
		return xc.constant(e), nil
	case ir.OpNot, ir.OpAnd, ir.OpOr, ir.OpIf:
		return xc.logic(e, cell)
	case ir.OpNeg, ir.OpEq, ir.OpNe, ir.OpLt, ir.OpLe, ir.OpGt, ir.OpGe,
		ir.OpAdd, ir.OpSub, ir.OpMul, ir.OpDiv:
		return xc.arith(e, cell)
	case ir.OpVar:
		return xc.variable(e)
	case ir.OpHeight, ir.OpLevel, ir.OpProp:
		return xc.stackValue(e, cell)
	case ir.OpKindIs, ir.OpEmpty, ir.OpOccupied, ir.OpOwnedBy, ir.OpOnTarget, ir.OpInZone:
		return xc.cellCond(e, cell)
	case ir.OpNextTo:
		return xc.nextTo(e, cell)
	case ir.OpEveryCell, ir.OpSomeCell, ir.OpCountCell:
		return xc.cellQuant(e)
	case ir.OpEvery, ir.OpSome, ir.OpCount:
		return xc.pieceQuant(e)
	case ir.OpCaptured, ir.OpPoints, ir.OpMoves, ir.OpDistance, ir.OpScore, ir.OpZoneDistance, ir.OpHand:
		if e.Side == ir.SideOthers {
			if xc.kind == exMargin {
				return nil, fmt.Errorf("%s: others may not be used in the score margin", xc.what)
			}
			own := *e
			own.Side = ir.SideOwn
			f, err := xc.playerValue(&own)
			if err != nil {
				return nil, err
			}
			return sumOthers(xc.p.numPlayers, f), nil
		}
		return xc.playerValue(e)
	case ir.OpCounter, ir.OpMoved, ir.OpCaptures, ir.OpPass:
		return xc.counterValue(e)
	}
	return nil, fmt.Errorf("%s: unknown operator %d", xc.what, e.Op)
}

// nargs checks that e has exactly n operands, none of them missing.
func (xc *exprCompiler) nargs(e *ir.Expr, n int) error {
	if len(e.Args) != n {
		return fmt.Errorf("%s: operator %d needs %d operands, has %d", xc.what, e.Op, n, len(e.Args))
	}
	for i, a := range e.Args {
		if a == nil {
			return fmt.Errorf("%s: operator %d: operand %d is missing", xc.what, e.Op, i+1)
		}
	}
	return nil
}

// operands checks that e has n operands (nargs) and compiles them in order.
func (xc *exprCompiler) operands(e *ir.Expr, cell bool, n int) ([]evalFn, error) {
	if err := xc.nargs(e, n); err != nil {
		return nil, err
	}
	fs := make([]evalFn, n)
	for i, a := range e.Args {
		f, err := xc.compile(a, cell)
		if err != nil {
			return nil, err
		}
		fs[i] = f
	}
	return fs, nil
}

// checkSide checks e.Side: winner and loser exist only in the score margin.
func (xc *exprCompiler) checkSide(e *ir.Expr) error {
	switch e.Side {
	case ir.SideOwn, ir.SideOpponent:
		return nil
	case ir.SideOthers:
		if xc.kind == exMargin || e.Op == ir.OpOwnedBy || e.Op == ir.OpEvery || e.Op == ir.OpSome || e.Op == ir.OpCount {
			return fmt.Errorf("%s: others is not a side of this operator (pieces of the others: Who Enemy)", xc.what)
		}
		return nil
	case ir.SideWinner, ir.SideLoser:
		if xc.kind != exMargin {
			return fmt.Errorf("%s: winner/loser may only be used in the score margin", xc.what)
		}
		return nil
	}
	return fmt.Errorf("%s: unknown side %d", xc.what, e.Side)
}

// checkWho checks e.Who, the piece selection of an ownership test or a
// piece quantifier.
func (xc *exprCompiler) checkWho(e *ir.Expr) error {
	if e.Who < ir.Own || e.Who > ir.AnyPiece {
		return fmt.Errorf("%s: unknown piece selection %d", xc.what, e.Who)
	}
	return nil
}

// needCell fails when a cell condition is compiled where there is no cell
// under test.
func (xc *exprCompiler) needCell(cell bool) error {
	if !cell {
		return fmt.Errorf("%s: a cell condition is used where there is no cell", xc.what)
	}
	return nil
}

// checkZone checks e.Int as a zone index.
func (xc *exprCompiler) checkZone(e *ir.Expr) error {
	if e.Int < 0 || e.Int >= len(xc.p.zones) {
		return fmt.Errorf("%s: zone index %d out of range (%d zones)", xc.what, e.Int, len(xc.p.zones))
	}
	return nil
}

// constant compiles OpInt and OpBool.
func (xc *exprCompiler) constant(e *ir.Expr) evalFn {
	v := e.Int
	if e.Op == ir.OpBool {
		v = b2i(e.Int != 0)
	}
	return func(*ectx) int { return v }
}

// logic compiles the Boolean connectives and the conditional: OpNot, OpAnd,
// OpOr (both short-circuit) and OpIf.
func (xc *exprCompiler) logic(e *ir.Expr, cell bool) (evalFn, error) {
	switch e.Op {
	case ir.OpNot:
		ops, err := xc.operands(e, cell, 1)
		if err != nil {
			return nil, err
		}
		a := ops[0]
		return func(c *ectx) int { return b2i(a(c) == 0) }, nil
	case ir.OpAnd, ir.OpOr:
		ops, err := xc.operands(e, cell, 2)
		if err != nil {
			return nil, err
		}
		a, b := ops[0], ops[1]
		if e.Op == ir.OpAnd {
			return func(c *ectx) int { return b2i(a(c) != 0 && b(c) != 0) }, nil
		}
		return func(c *ectx) int { return b2i(a(c) != 0 || b(c) != 0) }, nil
	}
	ops, err := xc.operands(e, cell, 3)
	if err != nil {
		return nil, err
	}
	cnd, th, el := ops[0], ops[1], ops[2]
	return func(c *ectx) int {
		if cnd(c) != 0 {
			return th(c)
		}
		return el(c)
	}, nil
}

// arith compiles negation, the comparisons (0 or 1) and the four
// operations of arithmetic.
func (xc *exprCompiler) arith(e *ir.Expr, cell bool) (evalFn, error) {
	switch e.Op {
	case ir.OpNeg:
		ops, err := xc.operands(e, cell, 1)
		if err != nil {
			return nil, err
		}
		a := ops[0]
		return func(c *ectx) int { return -a(c) }, nil
	case ir.OpEq, ir.OpNe, ir.OpLt, ir.OpLe, ir.OpGt, ir.OpGe:
		return xc.compare(e, cell)
	case ir.OpAdd:
		return xc.binary(e, cell, func(a, b int) int { return a + b })
	case ir.OpSub:
		return xc.binary(e, cell, func(a, b int) int { return a - b })
	case ir.OpMul:
		return xc.binary(e, cell, func(a, b int) int { return a * b })
	}
	// OpDiv: division by zero gives 0 rather than a run-time panic.
	return xc.binary(e, cell, func(a, b int) int {
		if b == 0 {
			return 0
		}
		return a / b
	})
}

// compare compiles a comparison. Against a number written in the rules
// (the usual case: count(opponent) == 0) the number is folded into the
// closure, which then calls one operand rather than two.
func (xc *exprCompiler) compare(e *ir.Expr, cell bool) (evalFn, error) {
	ops, err := xc.operands(e, cell, 2)
	if err != nil {
		return nil, err
	}
	a, b := ops[0], ops[1]
	if r := e.Args[1]; r.Op == ir.OpInt {
		k := r.Int
		switch e.Op {
		case ir.OpEq:
			return func(c *ectx) int { return b2i(a(c) == k) }, nil
		case ir.OpNe:
			return func(c *ectx) int { return b2i(a(c) != k) }, nil
		case ir.OpLt:
			return func(c *ectx) int { return b2i(a(c) < k) }, nil
		case ir.OpLe:
			return func(c *ectx) int { return b2i(a(c) <= k) }, nil
		case ir.OpGt:
			return func(c *ectx) int { return b2i(a(c) > k) }, nil
		}
		return func(c *ectx) int { return b2i(a(c) >= k) }, nil
	}
	switch e.Op {
	case ir.OpEq:
		return func(c *ectx) int { return b2i(a(c) == b(c)) }, nil
	case ir.OpNe:
		return func(c *ectx) int { return b2i(a(c) != b(c)) }, nil
	case ir.OpLt:
		return func(c *ectx) int { return b2i(a(c) < b(c)) }, nil
	case ir.OpLe:
		return func(c *ectx) int { return b2i(a(c) <= b(c)) }, nil
	case ir.OpGt:
		return func(c *ectx) int { return b2i(a(c) > b(c)) }, nil
	}
	return func(c *ectx) int { return b2i(a(c) >= b(c)) }, nil
}

// binary compiles a two-operand operator whose value is f of its operands'.
func (xc *exprCompiler) binary(e *ir.Expr, cell bool, f func(a, b int) int) (evalFn, error) {
	ops, err := xc.operands(e, cell, 2)
	if err != nil {
		return nil, err
	}
	a, b := ops[0], ops[1]
	return func(c *ectx) int { return f(a(c), b(c)) }, nil
}

// variable compiles OpVar: turn and ply in move guards and group capture
// conditions, size, run and distance in group capture conditions only.
func (xc *exprCompiler) variable(e *ir.Expr) (evalFn, error) {
	if xc.kind != exGuard && xc.kind != exGroup {
		return nil, fmt.Errorf("%s: variable %q may only be used in a move guard", xc.what, e.Name)
	}
	switch e.Name {
	case "turn":
		return func(c *ectx) int { return int(c.s.turns[c.own]) + 1 }, nil
	case "ply":
		return func(c *ectx) int { return c.s.ply + 1 }, nil
	}
	if xc.kind == exGroup {
		switch e.Name {
		case "size":
			return func(c *ectx) int { return c.gsize }, nil
		case "run":
			return func(c *ectx) int { return c.grun }, nil
		case "distance":
			return func(c *ectx) int { return c.gdist }, nil
		}
	}
	return nil, fmt.Errorf("%s: unknown variable %q", xc.what, e.Name)
}

// stackValue compiles the values of stacks and of the moving piece: the
// height of the cell under test (OpHeight; 0 or 1 without stacks), and in
// the cell conditions of a move rule the moving piece's level (OpLevel) and
// kind property (OpProp).
func (xc *exprCompiler) stackValue(e *ir.Expr, cell bool) (evalFn, error) {
	switch e.Op {
	case ir.OpHeight:
		if err := xc.needCell(cell); err != nil {
			return nil, err
		}
		if !xc.p.stacking {
			return func(c *ectx) int { return b2i(c.code != 0) }, nil
		}
		return func(c *ectx) int { return int(c.s.hgt[c.cell]) }, nil
	case ir.OpLevel:
		if xc.kind != exCell {
			return nil, fmt.Errorf("%s: level may only be used in the cell conditions of a move rule", xc.what)
		}
		return func(c *ectx) int { return c.level }, nil
	}
	if xc.kind != exCell {
		return nil, fmt.Errorf("%s: piece.%s may only be used in the cell conditions of a move rule", xc.what, e.Name)
	}
	prop := xc.p.propTable(e.Name)
	return func(c *ectx) int { return int(prop[c.mcode]) }, nil
}

// cellCond compiles the conditions on the cell under test and the piece on
// it: OpEmpty, OpOccupied, OpOwnedBy, OpOnTarget, OpKindIs and OpInZone.
func (xc *exprCompiler) cellCond(e *ir.Expr, cell bool) (evalFn, error) {
	if err := xc.needCell(cell); err != nil {
		return nil, err
	}
	p := xc.p
	switch e.Op {
	case ir.OpEmpty:
		return func(c *ectx) int { return b2i(c.code == 0) }, nil
	case ir.OpOccupied:
		return func(c *ectx) int { return b2i(c.code != 0) }, nil
	case ir.OpOnTarget:
		return func(c *ectx) int { return b2i(c.code != 0 && int(p.codeTarget[c.code]) == c.cell) }, nil
	case ir.OpKindIs:
		if e.Int < 0 || e.Int >= len(p.game.Kinds) {
			return nil, fmt.Errorf("%s: kind %d out of range", xc.what, e.Int)
		}
		k := int32(e.Int)
		return func(c *ectx) int { return b2i(c.code != 0 && p.codeKind[c.code] == k) }, nil
	}
	if err := xc.checkSide(e); err != nil {
		return nil, err
	}
	if e.Op == ir.OpOwnedBy {
		if err := xc.checkWho(e); err != nil {
			return nil, err
		}
		who, sd := e.Who, e.Side
		return func(c *ectx) int {
			return b2i(c.code != 0 && whoMatch(who, c.side(sd), p.codeOwner[c.code]))
		}, nil
	}
	// OpInZone
	if err := xc.checkZone(e); err != nil {
		return nil, err
	}
	z, sd := p.zones[e.Int], e.Side
	if sd == ir.SideOthers {
		z, _ = p.othersZone(e.Int)
		return func(c *ectx) int { return b2i(z[c.own][c.cell]) }, nil
	}
	return func(c *ectx) int { return b2i(z[c.side(sd)][c.cell]) }, nil
}

// nextTo compiles OpNextTo: the cell under test is the neighbour, in one
// of e.Dirs, of the cell the previous ply ended on (State.last, kept by
// Apply once a rule reads it: Program.keepLast).
func (xc *exprCompiler) nextTo(e *ir.Expr, cell bool) (evalFn, error) {
	if err := xc.needCell(cell); err != nil {
		return nil, err
	}
	if xc.kind != exCell {
		return nil, fmt.Errorf("%s: next-to is a condition of a move rule's cells", xc.what)
	}
	p := xc.p
	var dirs []int32
	for _, d := range dedupDirs(e.Dirs) {
		if d < 0 || d >= p.numDirs {
			return nil, fmt.Errorf("%s: direction %d out of range", xc.what, d)
		}
		dirs = append(dirs, int32(d))
	}
	p.keepLast = true
	return func(c *ectx) int {
		l := int(c.s.last)
		if l < 0 {
			return 0
		}
		for _, d := range dirs {
			if int(p.neighbours[l*p.numDirs+int(d)]) == c.cell {
				return 1
			}
		}
		return 0
	}, nil
}

// dedupDirs returns ds without repeats, in order.
func dedupDirs(ds []int) []int {
	var out []int
	for _, d := range ds {
		dup := false
		for _, o := range out {
			dup = dup || o == d
		}
		if !dup {
			out = append(out, d)
		}
	}
	return out
}

// playerValue compiles the values of a player (e.Side): pieces captured
// and their points, turns taken, the distance of its pieces to their
// targets, and the score.
func (xc *exprCompiler) playerValue(e *ir.Expr) (evalFn, error) {
	if err := xc.checkSide(e); err != nil {
		return nil, err
	}
	p, sd := xc.p, e.Side
	switch e.Op {
	case ir.OpCaptured:
		return func(c *ectx) int { return int(c.s.captured[c.side(sd)]) }, nil
	case ir.OpPoints:
		return func(c *ectx) int { return int(c.s.points[c.side(sd)]) }, nil
	case ir.OpMoves:
		return func(c *ectx) int { return int(c.s.turns[c.side(sd)]) }, nil
	case ir.OpZoneDistance:
		f, err := xc.zoneDistance(e)
		if err != nil {
			return nil, err
		}
		return withSide(sd, f), nil
	case ir.OpHand:
		return func(c *ectx) int { return c.p.handOf(c.s, c.side(sd)) }, nil
	case ir.OpDistance:
		dt, err := p.distanceTable(e.Dirs)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", xc.what, err)
		}
		return func(c *ectx) int {
			pl := c.side(sd)
			sum := 0
			for cl, code := range c.s.cells {
				if code == 0 || int(p.codeOwner[code]) != pl {
					continue
				}
				if t := p.codeTarget[code]; t >= 0 {
					sum += int(dt[int(p.targetRow[t])*p.numCells+cl])
				}
			}
			return sum
		}, nil
	}
	// OpScore
	if !xc.hasScore {
		return nil, fmt.Errorf("%s: score used but the game has no score", xc.what)
	}
	if xc.inScore {
		return nil, fmt.Errorf("%s: the score may not refer to itself", xc.what)
	}
	return func(c *ectx) int { return c.p.scoreOf(c.s, c.side(sd)) }, nil
}

// whoMatch tells whether a piece of this owner is selected by who relative
// to player.
func whoMatch(who ir.Who, player int, owner int8) bool {
	switch who {
	case ir.Own:
		return int(owner) == player
	case ir.Enemy:
		return owner >= 0 && int(owner) != player
	case ir.NeutralPieces:
		return owner == ir.Neutral
	}
	return true
}
