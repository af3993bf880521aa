package core

import (
	"fmt"
	"math/bits"

	"github.com/ruleplay/ruleplay/ir"
)

// Piece quantifiers.
//
// Piece quantifiers outside cell conditions (goals, scores, guards) are
// answered from the position's per-code occupancy sets when their
// condition reads the piece alone (population counts), from per-owner
// cell sets when it reads the cell and the owner, and otherwise by
// visiting the selected pieces with the condition looked up in a table
// (quant.go, expr_quant.go). "On target" is counted incrementally per
// owner (position.onTarget).

// Quantifiers. A cell quantifier (OpEveryCell, OpSomeCell, OpCountCell)
// visits the cells of a zone; a piece quantifier (OpEvery, OpSome,
// OpCount) visits the cells of the pieces a selection picks. Where no chain
// is being explored (every context but the cell conditions of move rules)
// a piece quantifier reads the occupancy bitsets, and a local condition is
// looked up in a table; during a chain it scans the cells.

// cellQuant compiles a quantifier over the cells of zone e.Int of player
// e.Side, its cell condition evaluated on each.
func (xc *ExprCompiler) cellQuant(e *ir.Expr) (EvalFn, error) {
	if err := xc.checkSide(e); err != nil {
		return nil, err
	}
	if err := xc.checkZone(e); err != nil {
		return nil, err
	}
	if len(e.Args) != 1 || e.Args[0] == nil {
		return nil, fmt.Errorf("%s: a zone quantifier needs one cell condition", xc.What)
	}
	arg, err := xc.Compile(e.Args[0], true)
	if err != nil {
		return nil, err
	}
	cells, sd := xc.P.ZoneCells[e.Int], e.Side
	if sd == ir.SideOthers {
		_, cells = xc.P.othersZone(e.Int)
		sd = ir.SideOwn
	}
	every, some := e.Op == ir.OpEveryCell, e.Op == ir.OpSomeCell
	return func(c *Ectx) int {
		zc := cells[c.Side(sd)]
		oc, ocode := c.Cell, c.Code
		q := quantifier{every: every, some: some}
		for _, cl := range zc {
			c.Cell, c.Code = int(cl), int(c.S.Cells[cl])
			if q.add(arg(c) != 0) {
				break
			}
		}
		c.Cell, c.Code = oc, ocode
		return q.result()
	}, nil
}

// pieceQuant compiles a quantifier over the pieces selected by e.Who
// relative to e.Side, its cell condition (optional for OpCount) evaluated
// at each piece's cell, and chooses how it is evaluated.
func (xc *ExprCompiler) pieceQuant(e *ir.Expr) (EvalFn, error) {
	if err := xc.checkSide(e); err != nil {
		return nil, err
	}
	if err := xc.checkWho(e); err != nil {
		return nil, err
	}
	var arg EvalFn
	switch {
	case len(e.Args) == 0 && e.Op == ir.OpCount:
	case len(e.Args) == 1 && e.Args[0] != nil:
		var err error
		if arg, err = xc.Compile(e.Args[0], true); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("%s: a quantifier needs one cell condition", xc.What)
	}
	switch {
	case xc.Kind == ExCell:
		return xc.P.quantCells(e.Who, e.Op, e.Side, arg), nil
	case arg != nil && e.Args[0].Op == ir.OpOnTarget && len(e.Args[0].Args) == 0:
		return xc.P.quantOnTarget(e.Who, e.Op, e.Side), nil
	}
	return xc.P.quantBitsets(e, arg), nil
}

// quantOnTarget evaluates a piece quantifier whose condition is OpOnTarget
// from the pieces on their target counted per occupancy slot
// (State.onTarget).
func (p *Program) quantOnTarget(who ir.Who, op ir.Op, sd ir.Side) EvalFn {
	return func(c *Ectx) int {
		pl := c.Side(sd)
		s := c.S
		on, n := 0, 0
		for sl := 0; sl <= p.Players; sl++ {
			var owner int8 = ir.Neutral
			if sl < p.Players {
				owner = int8(sl)
			}
			if !WhoMatch(who, pl, owner) {
				continue
			}
			on += int(s.OnTarget[sl])
			if op == ir.OpEvery {
				for w := 0; w < s.NumWords; w++ {
					n += bits.OnesCount64(s.Occ[sl*s.NumWords+w])
				}
			}
		}
		return QuantOp(op, on, n)
	}
}

// quantBitsets evaluates the piece quantifier e, its condition compiled to
// arg (nil: none), where no chain is being explored: the occupancy bitsets
// are up to date, and a local condition can be looked up in a table.
// The planner's quantifier unit (Program.Quantifiers) comes first.
func (p *Program) quantBitsets(e *ir.Expr, arg EvalFn) EvalFn {
	who, op, sd := e.Who, e.Op, e.Side
	var cond *ir.Expr
	if arg != nil {
		cond = e.Args[0]
	}
	if p.Quantifiers != nil {
		if f := p.Quantifiers(p, who, op, sd, cond, arg); f != nil {
			p.QuantTables++
			return f
		}
	}
	var tab []uint8
	stride, size := 0, 0
	if arg != nil {
		if l, cd := p.IsLocal(cond); l {
			stride, size = 0, p.Ncodes+1
			if cd {
				stride, size = p.Ncodes+1, (p.NumCells+1)*(p.Ncodes+1)
			}
			if p.Players*size <= MaxTable {
				tab = p.CondTable(arg, stride, size)
			}
		}
	}
	return func(c *Ectx) int { return p.quantify(c, who, op, c.Side(sd), arg, tab, stride, size) }
}

// quantCells evaluates a piece quantifier by scanning the cells, as the
// cell conditions of move rules need: during a chain exploration the
// occupancy bitsets are not up to date.
func (p *Program) quantCells(who ir.Who, op ir.Op, sd ir.Side, arg EvalFn) EvalFn {
	every, some := op == ir.OpEvery, op == ir.OpSome
	return func(c *Ectx) int {
		pl := c.Side(sd)
		oc, ocode := c.Cell, c.Code
		q := quantifier{every: every, some: some}
		for cl, code := range c.S.Cells {
			if code == 0 || !WhoMatch(who, pl, p.CodeOwner[code]) {
				continue
			}
			ok := true
			if arg != nil {
				c.Cell, c.Code = cl, int(code)
				ok = arg(c) != 0
			}
			if q.add(ok) {
				break
			}
		}
		c.Cell, c.Code = oc, ocode
		return q.result()
	}
}

// quantify evaluates a piece quantifier on the occupancy bitsets (the
// position must not be in the middle of a chain exploration); tab, when
// not nil, tabulates the local condition arg per own player.
func (p *Program) quantify(c *Ectx, who ir.Who, op ir.Op, pl int, arg EvalFn, tab []uint8, stride, size int) int {
	s := c.S
	nw := s.NumWords
	oc, ocode := c.Cell, c.Code
	q := quantifier{every: op == ir.OpEvery, some: op == ir.OpSome}
	var t []uint8
	if tab != nil {
		t = tab[c.Own*size : (c.Own+1)*size]
	}
words:
	for w := 0; w < nw; w++ {
		var word uint64
		for sl := 0; sl <= p.Players; sl++ {
			var owner int8 = ir.Neutral
			if sl < p.Players {
				owner = int8(sl)
			}
			if WhoMatch(who, pl, owner) {
				word |= s.Occ[sl*nw+w]
			}
		}
		if arg == nil {
			q.n += bits.OnesCount64(word)
			continue
		}
		for word != 0 {
			cl := int(p.CellOf[w<<6|bits.TrailingZeros64(word)])
			word &= word - 1
			code := int(s.Cells[cl])
			var ok bool
			if t != nil {
				ok = t[cl*stride+code] != 0
			} else {
				c.Cell, c.Code = cl, code
				ok = arg(c) != 0
			}
			if q.add(ok) {
				break words
			}
		}
	}
	c.Cell, c.Code = oc, ocode
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
		return B2i(!q.failed)
	case q.some:
		return B2i(q.n > 0)
	}
	return q.n
}
