package core

import (
	"fmt"

	"github.com/ruleplay/ruleplay/ir"
)

// EvalFn is a compiled expression; Booleans are 0 or 1.
type EvalFn func(*Ectx) int

// Ectx is the context an expression is evaluated in.
type Ectx struct {
	P      *Program
	S      *State
	Own    int // the player the expression is evaluated for (the mover for guards and cell conditions)
	Opp    int // the next player after own
	winner int // Score.Margin only
	loser  int
	Cell   int // the cell under test (cell conditions)
	Code   int // the piece code on that cell (its top piece)
	// the moving piece (cell conditions of move rules): its code and its
	// level (pieces under it at the cell its leap starts from)
	Mcode int
	Level int
	// group captures: size, run, distance
	Gsize, Grun, Gdist int
	// a counter's counts (exCounts): the kind the move moved (-1: none),
	// the pieces it captured, whether it was a pass
	moved, caps int
	pass        bool
}

func (c *Ectx) Side(sd ir.Side) int {
	switch sd {
	case ir.SideOpponent:
		return c.Opp
	case ir.SideWinner:
		return c.winner
	case ir.SideLoser:
		return c.loser
	}
	return c.Own
}

// exprKind says where an expression is evaluated, which decides the
// operators it may use.
type exprKind int

const (
	ExGuard  exprKind = iota // move rule guards: turn, ply
	ExCell                   // Over/Onto: a cell under test
	ExPlayer                 // goals and scores: a player, no cell
	ExMargin                 // Score.Margin: winner and loser
	ExGroup                  // GroupCapture.When: size, run, distance, and the guard variables
	ExCounts                 // Counter.Counts: the move just played (moved, captures, pass)
)

type ExprCompiler struct {
	P        *Program
	Kind     exprKind
	InScore  bool // compiling Score.Value: OpScore would recurse
	HasScore bool
	What     string // for errors
}

func B2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Compile compiles e; cell tells whether a cell under test is available.
// It dispatches on the operator's family; each family's method checks its
// operands and returns the closure.
func (xc *ExprCompiler) Compile(e *ir.Expr, cell bool) (EvalFn, error) {
	if e == nil {
		return nil, fmt.Errorf("%s: missing expression", xc.What)
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
			if xc.Kind == ExMargin {
				return nil, fmt.Errorf("%s: others may not be used in the score margin", xc.What)
			}
			own := *e
			own.Side = ir.SideOwn
			f, err := xc.playerValue(&own)
			if err != nil {
				return nil, err
			}
			return sumOthers(xc.P.Players, f), nil
		}
		return xc.playerValue(e)
	case ir.OpCounter, ir.OpMoved, ir.OpCaptures, ir.OpPass:
		return xc.counterValue(e)
	case ir.OpRepetition:
		return xc.repetitionValue()
	}
	return nil, fmt.Errorf("%s: unknown operator %d", xc.What, e.Op)
}

// nargs checks that e has exactly n operands, none of them missing.
func (xc *ExprCompiler) nargs(e *ir.Expr, n int) error {
	if len(e.Args) != n {
		return fmt.Errorf("%s: operator %d needs %d operands, has %d", xc.What, e.Op, n, len(e.Args))
	}
	for i, a := range e.Args {
		if a == nil {
			return fmt.Errorf("%s: operator %d: operand %d is missing", xc.What, e.Op, i+1)
		}
	}
	return nil
}

// operands checks that e has n operands (nargs) and compiles them in order.
func (xc *ExprCompiler) operands(e *ir.Expr, cell bool, n int) ([]EvalFn, error) {
	if err := xc.nargs(e, n); err != nil {
		return nil, err
	}
	fs := make([]EvalFn, n)
	for i, a := range e.Args {
		f, err := xc.Compile(a, cell)
		if err != nil {
			return nil, err
		}
		fs[i] = f
	}
	return fs, nil
}

// checkSide checks e.Side: winner and loser exist only in the score margin.
func (xc *ExprCompiler) checkSide(e *ir.Expr) error {
	switch e.Side {
	case ir.SideOwn, ir.SideOpponent:
		return nil
	case ir.SideOthers:
		if xc.Kind == ExMargin || e.Op == ir.OpOwnedBy || e.Op == ir.OpEvery || e.Op == ir.OpSome || e.Op == ir.OpCount {
			return fmt.Errorf("%s: others is not a side of this operator (pieces of the others: Who Enemy)", xc.What)
		}
		return nil
	case ir.SideWinner, ir.SideLoser:
		if xc.Kind != ExMargin {
			return fmt.Errorf("%s: winner/loser may only be used in the score margin", xc.What)
		}
		return nil
	}
	return fmt.Errorf("%s: unknown side %d", xc.What, e.Side)
}

// checkWho checks e.Who, the piece selection of an ownership test or a
// piece quantifier.
func (xc *ExprCompiler) checkWho(e *ir.Expr) error {
	if e.Who < ir.Own || e.Who > ir.AnyPiece {
		return fmt.Errorf("%s: unknown piece selection %d", xc.What, e.Who)
	}
	return nil
}

// needCell fails when a cell condition is compiled where there is no cell
// under test.
func (xc *ExprCompiler) needCell(cell bool) error {
	if !cell {
		return fmt.Errorf("%s: a cell condition is used where there is no cell", xc.What)
	}
	return nil
}

// checkZone checks e.Int as a zone index.
func (xc *ExprCompiler) checkZone(e *ir.Expr) error {
	if e.Int < 0 || e.Int >= len(xc.P.Zones) {
		return fmt.Errorf("%s: zone index %d out of range (%d zones)", xc.What, e.Int, len(xc.P.Zones))
	}
	return nil
}

// constant compiles OpInt and OpBool.
func (xc *ExprCompiler) constant(e *ir.Expr) EvalFn {
	v := e.Int
	if e.Op == ir.OpBool {
		v = B2i(e.Int != 0)
	}
	return func(*Ectx) int { return v }
}

// logic compiles the Boolean connectives and the conditional: OpNot, OpAnd,
// OpOr (both short-circuit) and OpIf.
func (xc *ExprCompiler) logic(e *ir.Expr, cell bool) (EvalFn, error) {
	switch e.Op {
	case ir.OpNot:
		ops, err := xc.operands(e, cell, 1)
		if err != nil {
			return nil, err
		}
		a := ops[0]
		return func(c *Ectx) int { return B2i(a(c) == 0) }, nil
	case ir.OpAnd, ir.OpOr:
		ops, err := xc.operands(e, cell, 2)
		if err != nil {
			return nil, err
		}
		a, b := ops[0], ops[1]
		if e.Op == ir.OpAnd {
			return func(c *Ectx) int { return B2i(a(c) != 0 && b(c) != 0) }, nil
		}
		return func(c *Ectx) int { return B2i(a(c) != 0 || b(c) != 0) }, nil
	}
	ops, err := xc.operands(e, cell, 3)
	if err != nil {
		return nil, err
	}
	cnd, th, el := ops[0], ops[1], ops[2]
	return func(c *Ectx) int {
		if cnd(c) != 0 {
			return th(c)
		}
		return el(c)
	}, nil
}

// arith compiles negation, the comparisons (0 or 1) and the four
// operations of arithmetic.
func (xc *ExprCompiler) arith(e *ir.Expr, cell bool) (EvalFn, error) {
	switch e.Op {
	case ir.OpNeg:
		ops, err := xc.operands(e, cell, 1)
		if err != nil {
			return nil, err
		}
		a := ops[0]
		return func(c *Ectx) int { return -a(c) }, nil
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
func (xc *ExprCompiler) compare(e *ir.Expr, cell bool) (EvalFn, error) {
	ops, err := xc.operands(e, cell, 2)
	if err != nil {
		return nil, err
	}
	a, b := ops[0], ops[1]
	if r := e.Args[1]; r.Op == ir.OpInt {
		k := r.Int
		switch e.Op {
		case ir.OpEq:
			return func(c *Ectx) int { return B2i(a(c) == k) }, nil
		case ir.OpNe:
			return func(c *Ectx) int { return B2i(a(c) != k) }, nil
		case ir.OpLt:
			return func(c *Ectx) int { return B2i(a(c) < k) }, nil
		case ir.OpLe:
			return func(c *Ectx) int { return B2i(a(c) <= k) }, nil
		case ir.OpGt:
			return func(c *Ectx) int { return B2i(a(c) > k) }, nil
		}
		return func(c *Ectx) int { return B2i(a(c) >= k) }, nil
	}
	switch e.Op {
	case ir.OpEq:
		return func(c *Ectx) int { return B2i(a(c) == b(c)) }, nil
	case ir.OpNe:
		return func(c *Ectx) int { return B2i(a(c) != b(c)) }, nil
	case ir.OpLt:
		return func(c *Ectx) int { return B2i(a(c) < b(c)) }, nil
	case ir.OpLe:
		return func(c *Ectx) int { return B2i(a(c) <= b(c)) }, nil
	case ir.OpGt:
		return func(c *Ectx) int { return B2i(a(c) > b(c)) }, nil
	}
	return func(c *Ectx) int { return B2i(a(c) >= b(c)) }, nil
}

// binary compiles a two-operand operator whose value is f of its operands'.
func (xc *ExprCompiler) binary(e *ir.Expr, cell bool, f func(a, b int) int) (EvalFn, error) {
	ops, err := xc.operands(e, cell, 2)
	if err != nil {
		return nil, err
	}
	a, b := ops[0], ops[1]
	return func(c *Ectx) int { return f(a(c), b(c)) }, nil
}

// variable compiles OpVar: turn and ply in move guards and group capture
// conditions, size, run and distance in group capture conditions only.
func (xc *ExprCompiler) variable(e *ir.Expr) (EvalFn, error) {
	if xc.Kind != ExGuard && xc.Kind != ExGroup {
		return nil, fmt.Errorf("%s: variable %q may only be used in a move guard", xc.What, e.Name)
	}
	switch e.Name {
	case "turn":
		return func(c *Ectx) int { return int(c.S.Turns[c.Own]) + 1 }, nil
	case "ply":
		return func(c *Ectx) int { return c.S.PlyCount + 1 }, nil
	}
	if xc.Kind == ExGroup {
		switch e.Name {
		case "size":
			return func(c *Ectx) int { return c.Gsize }, nil
		case "run":
			return func(c *Ectx) int { return c.Grun }, nil
		case "distance":
			return func(c *Ectx) int { return c.Gdist }, nil
		}
	}
	return nil, fmt.Errorf("%s: unknown variable %q", xc.What, e.Name)
}

// stackValue compiles the values of stacks and of the moving piece: the
// height of the cell under test (OpHeight; 0 or 1 without stacks), and in
// the cell conditions of a move rule the moving piece's level (OpLevel) and
// kind property (OpProp).
func (xc *ExprCompiler) stackValue(e *ir.Expr, cell bool) (EvalFn, error) {
	switch e.Op {
	case ir.OpHeight:
		if err := xc.needCell(cell); err != nil {
			return nil, err
		}
		if !xc.P.Stacking {
			return func(c *Ectx) int { return B2i(c.Code != 0) }, nil
		}
		return func(c *Ectx) int { return int(c.S.Hgt[c.Cell]) }, nil
	case ir.OpLevel:
		if xc.Kind != ExCell {
			return nil, fmt.Errorf("%s: level may only be used in the cell conditions of a move rule", xc.What)
		}
		return func(c *Ectx) int { return c.Level }, nil
	}
	if xc.Kind != ExCell {
		return nil, fmt.Errorf("%s: piece.%s may only be used in the cell conditions of a move rule", xc.What, e.Name)
	}
	prop := xc.P.PropTable(e.Name)
	return func(c *Ectx) int { return int(prop[c.Mcode]) }, nil
}

// cellCond compiles the conditions on the cell under test and the piece on
// it: OpEmpty, OpOccupied, OpOwnedBy, OpOnTarget, OpKindIs and OpInZone.
func (xc *ExprCompiler) cellCond(e *ir.Expr, cell bool) (EvalFn, error) {
	if err := xc.needCell(cell); err != nil {
		return nil, err
	}
	p := xc.P
	switch e.Op {
	case ir.OpEmpty:
		return func(c *Ectx) int { return B2i(c.Code == 0) }, nil
	case ir.OpOccupied:
		return func(c *Ectx) int { return B2i(c.Code != 0) }, nil
	case ir.OpOnTarget:
		return func(c *Ectx) int { return B2i(c.Code != 0 && int(p.CodeTarget[c.Code]) == c.Cell) }, nil
	case ir.OpKindIs:
		if e.Int < 0 || e.Int >= len(p.Desc.Kinds) {
			return nil, fmt.Errorf("%s: kind %d out of range", xc.What, e.Int)
		}
		k := int32(e.Int)
		return func(c *Ectx) int { return B2i(c.Code != 0 && p.CodeKind[c.Code] == k) }, nil
	}
	if err := xc.checkSide(e); err != nil {
		return nil, err
	}
	if e.Op == ir.OpOwnedBy {
		if err := xc.checkWho(e); err != nil {
			return nil, err
		}
		who, sd := e.Who, e.Side
		return func(c *Ectx) int {
			return B2i(c.Code != 0 && WhoMatch(who, c.Side(sd), p.CodeOwner[c.Code]))
		}, nil
	}
	// OpInZone
	if err := xc.checkZone(e); err != nil {
		return nil, err
	}
	z, sd := p.Zones[e.Int], e.Side
	if sd == ir.SideOthers {
		z, _ = p.othersZone(e.Int)
		return func(c *Ectx) int { return B2i(z[c.Own][c.Cell]) }, nil
	}
	return func(c *Ectx) int { return B2i(z[c.Side(sd)][c.Cell]) }, nil
}

// nextTo compiles OpNextTo: the cell under test is the neighbour, in one
// of e.Dirs, of the cell the previous ply ended on (State.last, kept by
// Apply once a rule reads it: Program.keepLast).
func (xc *ExprCompiler) nextTo(e *ir.Expr, cell bool) (EvalFn, error) {
	if err := xc.needCell(cell); err != nil {
		return nil, err
	}
	if xc.Kind != ExCell {
		return nil, fmt.Errorf("%s: next-to is a condition of a move rule's cells", xc.What)
	}
	p := xc.P
	var dirs []int32
	for _, d := range dedupDirs(e.Dirs) {
		if d < 0 || d >= p.NumDirs {
			return nil, fmt.Errorf("%s: direction %d out of range", xc.What, d)
		}
		dirs = append(dirs, int32(d))
	}
	p.KeepLast = true
	return func(c *Ectx) int {
		l := int(c.S.Last)
		if l < 0 {
			return 0
		}
		for _, d := range dirs {
			if int(p.Neighbours[l*p.NumDirs+int(d)]) == c.Cell {
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
func (xc *ExprCompiler) playerValue(e *ir.Expr) (EvalFn, error) {
	if err := xc.checkSide(e); err != nil {
		return nil, err
	}
	p, sd := xc.P, e.Side
	switch e.Op {
	case ir.OpCaptured:
		return func(c *Ectx) int { return int(c.S.CapturedBy[c.Side(sd)]) }, nil
	case ir.OpPoints:
		return func(c *Ectx) int { return int(c.S.Points[c.Side(sd)]) }, nil
	case ir.OpMoves:
		return func(c *Ectx) int { return int(c.S.Turns[c.Side(sd)]) }, nil
	case ir.OpZoneDistance:
		f, err := xc.zoneDistance(e)
		if err != nil {
			return nil, err
		}
		return withSide(sd, f), nil
	case ir.OpHand:
		return func(c *Ectx) int { return c.P.HandOf(c.S, c.Side(sd)) }, nil
	case ir.OpDistance:
		dt, err := p.distanceTable(e.Dirs)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", xc.What, err)
		}
		return func(c *Ectx) int {
			pl := c.Side(sd)
			sum := 0
			for cl, code := range c.S.Cells {
				if code == 0 || int(p.CodeOwner[code]) != pl {
					continue
				}
				if t := p.CodeTarget[code]; t >= 0 {
					sum += int(dt[int(p.TargetRow[t])*p.NumCells+cl])
				}
			}
			return sum
		}, nil
	}
	// OpScore
	if !xc.HasScore {
		return nil, fmt.Errorf("%s: score used but the game has no score", xc.What)
	}
	if xc.InScore {
		return nil, fmt.Errorf("%s: the score may not refer to itself", xc.What)
	}
	return func(c *Ectx) int { return c.P.scoreOf(c.S, c.Side(sd)) }, nil
}

// WhoMatch tells whether a piece of this owner is selected by who relative
// to player.
func WhoMatch(who ir.Who, player int, owner int8) bool {
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
