package interp

import (
	"fmt"
	"math/bits"

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
func (xc *exprCompiler) compile(e *ir.Expr, cell bool) (evalFn, error) {
	if e == nil {
		return nil, fmt.Errorf("%s: missing expression", xc.what)
	}
	nargs := func(n int) error {
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
	checkSide := func() error {
		switch e.Side {
		case ir.SideOwn, ir.SideOpponent:
			return nil
		case ir.SideWinner, ir.SideLoser:
			if xc.kind != exMargin {
				return fmt.Errorf("%s: winner/loser may only be used in the score margin", xc.what)
			}
			return nil
		}
		return fmt.Errorf("%s: unknown side %d", xc.what, e.Side)
	}
	checkWho := func() error {
		if e.Who < ir.Own || e.Who > ir.AnyPiece {
			return fmt.Errorf("%s: unknown piece selection %d", xc.what, e.Who)
		}
		return nil
	}
	needCell := func() error {
		if !cell {
			return fmt.Errorf("%s: a cell condition is used where there is no cell", xc.what)
		}
		return nil
	}
	bin := func(f func(a, b int) int) (evalFn, error) {
		if err := nargs(2); err != nil {
			return nil, err
		}
		a, err := xc.compile(e.Args[0], cell)
		if err != nil {
			return nil, err
		}
		b, err := xc.compile(e.Args[1], cell)
		if err != nil {
			return nil, err
		}
		return func(c *ectx) int { return f(a(c), b(c)) }, nil
	}
	p := xc.p
	switch e.Op {
	case ir.OpInt:
		v := e.Int
		return func(*ectx) int { return v }, nil
	case ir.OpBool:
		v := b2i(e.Int != 0)
		return func(*ectx) int { return v }, nil
	case ir.OpNot:
		if err := nargs(1); err != nil {
			return nil, err
		}
		a, err := xc.compile(e.Args[0], cell)
		if err != nil {
			return nil, err
		}
		return func(c *ectx) int { return b2i(a(c) == 0) }, nil
	case ir.OpNeg:
		if err := nargs(1); err != nil {
			return nil, err
		}
		a, err := xc.compile(e.Args[0], cell)
		if err != nil {
			return nil, err
		}
		return func(c *ectx) int { return -a(c) }, nil
	case ir.OpAnd, ir.OpOr:
		if err := nargs(2); err != nil {
			return nil, err
		}
		a, err := xc.compile(e.Args[0], cell)
		if err != nil {
			return nil, err
		}
		b, err := xc.compile(e.Args[1], cell)
		if err != nil {
			return nil, err
		}
		if e.Op == ir.OpAnd {
			return func(c *ectx) int { return b2i(a(c) != 0 && b(c) != 0) }, nil
		}
		return func(c *ectx) int { return b2i(a(c) != 0 || b(c) != 0) }, nil
	case ir.OpEq:
		return bin(func(a, b int) int { return b2i(a == b) })
	case ir.OpNe:
		return bin(func(a, b int) int { return b2i(a != b) })
	case ir.OpLt:
		return bin(func(a, b int) int { return b2i(a < b) })
	case ir.OpLe:
		return bin(func(a, b int) int { return b2i(a <= b) })
	case ir.OpGt:
		return bin(func(a, b int) int { return b2i(a > b) })
	case ir.OpGe:
		return bin(func(a, b int) int { return b2i(a >= b) })
	case ir.OpAdd:
		return bin(func(a, b int) int { return a + b })
	case ir.OpSub:
		return bin(func(a, b int) int { return a - b })
	case ir.OpMul:
		return bin(func(a, b int) int { return a * b })
	case ir.OpDiv:
		// Division by zero gives 0 rather than a run-time panic.
		return bin(func(a, b int) int {
			if b == 0 {
				return 0
			}
			return a / b
		})
	case ir.OpIf:
		if err := nargs(3); err != nil {
			return nil, err
		}
		cnd, err := xc.compile(e.Args[0], cell)
		if err != nil {
			return nil, err
		}
		th, err := xc.compile(e.Args[1], cell)
		if err != nil {
			return nil, err
		}
		el, err := xc.compile(e.Args[2], cell)
		if err != nil {
			return nil, err
		}
		return func(c *ectx) int {
			if cnd(c) != 0 {
				return th(c)
			}
			return el(c)
		}, nil
	case ir.OpVar:
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
	case ir.OpHeight:
		if err := needCell(); err != nil {
			return nil, err
		}
		if !p.stacking {
			return func(c *ectx) int { return b2i(c.code != 0) }, nil
		}
		return func(c *ectx) int { return int(c.s.hgt[c.cell]) }, nil
	case ir.OpLevel:
		if xc.kind != exCell {
			return nil, fmt.Errorf("%s: level may only be used in the cell conditions of a move rule", xc.what)
		}
		return func(c *ectx) int { return c.level }, nil
	case ir.OpProp:
		if xc.kind != exCell {
			return nil, fmt.Errorf("%s: piece.%s may only be used in the cell conditions of a move rule", xc.what, e.Name)
		}
		prop := p.propTable(e.Name)
		return func(c *ectx) int { return int(prop[c.mcode]) }, nil
	case ir.OpKindIs:
		if err := needCell(); err != nil {
			return nil, err
		}
		if e.Int < 0 || e.Int >= len(p.g.Kinds) {
			return nil, fmt.Errorf("%s: kind %d out of range", xc.what, e.Int)
		}
		k := int32(e.Int)
		return func(c *ectx) int { return b2i(c.code != 0 && p.codeKind[c.code] == k) }, nil
	case ir.OpEveryCell, ir.OpSomeCell, ir.OpCountCell:
		if err := checkSide(); err != nil {
			return nil, err
		}
		if e.Int < 0 || e.Int >= len(p.zones) {
			return nil, fmt.Errorf("%s: zone index %d out of range (%d zones)", xc.what, e.Int, len(p.zones))
		}
		if len(e.Args) != 1 || e.Args[0] == nil {
			return nil, fmt.Errorf("%s: a zone quantifier needs one cell condition", xc.what)
		}
		arg, err := xc.compile(e.Args[0], true)
		if err != nil {
			return nil, err
		}
		cells, sd := p.zoneCells[e.Int], e.Side
		every, some := e.Op == ir.OpEveryCell, e.Op == ir.OpSomeCell
		return func(c *ectx) int {
			zc := cells[c.side(sd)]
			oc, ocode := c.cell, c.code
			q := quantifier{every: every, some: some}
			for _, cl := range zc {
				c.cell, c.code = int(cl), int(c.s.cells[cl])
				if q.add(arg(c) != 0) {
					break
				}
			}
			c.cell, c.code = oc, ocode
			return q.result()
		}, nil
	case ir.OpEmpty:
		if err := needCell(); err != nil {
			return nil, err
		}
		return func(c *ectx) int { return b2i(c.code == 0) }, nil
	case ir.OpOccupied:
		if err := needCell(); err != nil {
			return nil, err
		}
		return func(c *ectx) int { return b2i(c.code != 0) }, nil
	case ir.OpOwnedBy:
		if err := needCell(); err != nil {
			return nil, err
		}
		if err := checkSide(); err != nil {
			return nil, err
		}
		if err := checkWho(); err != nil {
			return nil, err
		}
		who, sd := e.Who, e.Side
		return func(c *ectx) int {
			return b2i(c.code != 0 && whoMatch(who, c.side(sd), p.codeOwner[c.code]))
		}, nil
	case ir.OpOnTarget:
		if err := needCell(); err != nil {
			return nil, err
		}
		return func(c *ectx) int { return b2i(c.code != 0 && int(p.codeTarget[c.code]) == c.cell) }, nil
	case ir.OpInZone:
		if err := needCell(); err != nil {
			return nil, err
		}
		if err := checkSide(); err != nil {
			return nil, err
		}
		if e.Int < 0 || e.Int >= len(p.zones) {
			return nil, fmt.Errorf("%s: zone index %d out of range (%d zones)", xc.what, e.Int, len(p.zones))
		}
		z, sd := p.zones[e.Int], e.Side
		return func(c *ectx) int { return b2i(z[c.side(sd)][c.cell]) }, nil
	case ir.OpEvery, ir.OpSome, ir.OpCount:
		if err := checkSide(); err != nil {
			return nil, err
		}
		if err := checkWho(); err != nil {
			return nil, err
		}
		var arg evalFn
		switch {
		case len(e.Args) == 0 && e.Op == ir.OpCount:
		case len(e.Args) == 1 && e.Args[0] != nil:
			var err error
			if arg, err = xc.compile(e.Args[0], true); err != nil {
				return nil, err
			}
		default:
			return nil, fmt.Errorf("%s: a quantifier needs one cell condition", xc.what)
		}
		who, sd, op := e.Who, e.Side, e.Op
		if xc.kind != exCell && arg != nil && e.Args[0].Op == ir.OpOnTarget && len(e.Args[0].Args) == 0 {
			// The pieces on their target are counted per slot (State.onTarget).
			return func(c *ectx) int {
				pl := c.side(sd)
				s := c.s
				on, n := 0, 0
				for sl := 0; sl <= p.np; sl++ {
					var owner int8 = ir.Neutral
					if sl < p.np {
						owner = int8(sl)
					}
					if !whoMatch(who, pl, owner) {
						continue
					}
					on += int(s.onTarget[sl])
					if op == ir.OpEvery {
						for w := 0; w < s.nw; w++ {
							n += bits.OnesCount64(s.occ[sl*s.nw+w])
						}
					}
				}
				switch op {
				case ir.OpEvery:
					return b2i(on == n)
				case ir.OpSome:
					return b2i(on > 0)
				}
				return on
			}, nil
		}
		if xc.kind != exCell {
			// No chain is being explored: the occupancy bitsets are up to
			// date, and a local condition can be looked up in a table.
			var cond *ir.Expr
			if arg != nil {
				cond = e.Args[0]
			}
			if f := p.quantFast(who, op, sd, cond, arg); f != nil && !p.cfg.NoFast {
				return f, nil
			}
			var tab []uint8
			stride, size := 0, 0
			if arg != nil {
				if l, cd := p.isLocal(e.Args[0]); l {
					stride, size = 0, p.ncodes+1
					if cd {
						stride, size = p.ncodes+1, (p.nc+1)*(p.ncodes+1)
					}
					if p.np*size <= maxTable {
						tab = p.condTable(arg, stride, size)
					}
				}
			}
			return func(c *ectx) int { return p.quantify(c, who, op, c.side(sd), arg, tab, stride, size) }, nil
		}
		every, some := op == ir.OpEvery, op == ir.OpSome
		return func(c *ectx) int {
			pl := c.side(sd)
			oc, ocode := c.cell, c.code
			q := quantifier{every: every, some: some}
			for cl, code := range c.s.cells {
				if code == 0 || !whoMatch(who, pl, p.codeOwner[code]) {
					continue
				}
				ok := true
				if arg != nil {
					c.cell, c.code = cl, int(code)
					ok = arg(c) != 0
				}
				if q.add(ok) {
					break
				}
			}
			c.cell, c.code = oc, ocode
			return q.result()
		}, nil
	case ir.OpCaptured, ir.OpPoints, ir.OpMoves:
		if err := checkSide(); err != nil {
			return nil, err
		}
		sd := e.Side
		switch e.Op {
		case ir.OpCaptured:
			return func(c *ectx) int { return int(c.s.captured[c.side(sd)]) }, nil
		case ir.OpPoints:
			return func(c *ectx) int { return int(c.s.points[c.side(sd)]) }, nil
		}
		return func(c *ectx) int { return int(c.s.turns[c.side(sd)]) }, nil
	case ir.OpDistance:
		if err := checkSide(); err != nil {
			return nil, err
		}
		dt, err := p.distanceTable(e.Dirs)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", xc.what, err)
		}
		sd := e.Side
		return func(c *ectx) int {
			pl := c.side(sd)
			sum := 0
			for cl, code := range c.s.cells {
				if code == 0 || int(p.codeOwner[code]) != pl {
					continue
				}
				if t := p.codeTarget[code]; t >= 0 {
					sum += int(dt[int(p.targetRow[t])*p.nc+cl])
				}
			}
			return sum
		}, nil
	case ir.OpScore:
		if err := checkSide(); err != nil {
			return nil, err
		}
		if !xc.hasScore {
			return nil, fmt.Errorf("%s: score used but the game has no score", xc.what)
		}
		if xc.inScore {
			return nil, fmt.Errorf("%s: the score may not refer to itself", xc.what)
		}
		sd := e.Side
		return func(c *ectx) int { return c.p.scoreOf(c.s, c.side(sd)) }, nil
	}
	return nil, fmt.Errorf("%s: unknown operator %d", xc.what, e.Op)
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

// quantify evaluates a piece quantifier on the occupancy bitsets (the
// position must not be in the middle of a chain exploration); tab, when
// not nil, tabulates the local condition arg per own player.
func (p *Program) quantify(c *ectx, who ir.Who, op ir.Op, pl int, arg evalFn, tab []uint8, stride, size int) int {
	s := c.s
	nw := s.nw
	oc, ocode := c.cell, c.code
	q := quantifier{every: op == ir.OpEvery, some: op == ir.OpSome}
	var t []uint8
	if tab != nil {
		t = tab[c.own*size : (c.own+1)*size]
	}
words:
	for w := 0; w < nw; w++ {
		var word uint64
		for sl := 0; sl <= p.np; sl++ {
			var owner int8 = ir.Neutral
			if sl < p.np {
				owner = int8(sl)
			}
			if whoMatch(who, pl, owner) {
				word |= s.occ[sl*nw+w]
			}
		}
		if arg == nil {
			q.n += bits.OnesCount64(word)
			continue
		}
		for word != 0 {
			cl := int(p.cellOf[w<<6|bits.TrailingZeros64(word)])
			word &= word - 1
			code := int(s.cells[cl])
			var ok bool
			if t != nil {
				ok = t[cl*stride+code] != 0
			} else {
				c.cell, c.code = cl, code
				ok = arg(c) != 0
			}
			if q.add(ok) {
				break words
			}
		}
	}
	c.cell, c.code = oc, ocode
	return q.result()
}

// quantifier accumulates the answer of a quantifier (every, some or
// count) over the cells it visits.
type quantifier struct {
	every, some bool // the operator; neither: count
	n           int  // cells where the condition held
	failed      bool // some cell failed it
}

// add records one cell's answer and reports whether the result is known
// (every: a cell failed; some: a cell held).
func (q *quantifier) add(ok bool) bool {
	if ok {
		q.n++
		return q.some
	}
	q.failed = true
	return q.every
}

// result is the quantifier's value: every and some 0 or 1, count the
// number of cells.
func (q *quantifier) result() int {
	switch {
	case q.every:
		return b2i(!q.failed)
	case q.some:
		return b2i(q.n > 0)
	}
	return q.n
}
