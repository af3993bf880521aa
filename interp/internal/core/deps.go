package core

import (
	"strings"

	"github.com/ruleplay/ruleplay/ir"
)

// dep is a set of what an expression reads. It is computed once per
// expression by depsOf, and every decision that depends on what a
// condition or guard reads (which table can hold it, whether a move can
// change it, which strategy a rule gets) is taken from it.
type dep uint16

const (
	DepOcc      dep = 1 << iota // whether the cell under test holds a piece
	DepOwner                    // the owner of the piece on the cell (relative to the mover)
	DepKind                     // the kind of the piece on the cell
	DepCell                     // the cell itself (zones, target cells)
	DepHeight                   // the height of the cell's stack
	DepLevel                    // the moving piece's level (pieces under it at its start)
	DepMover                    // the moving piece's kind properties
	depCounters                 // the turn and ply counters (turn, ply, moves)
	depGroup                    // the variables of a group capture (size, run, distance)
	depBoard                    // pieces anywhere: quantifiers, captures, points, distances, scores
	depUnknown                  // an operator this analysis does not know
	depLast                     // the cell the previous ply's move ended on (next-to)
	depHand                     // the pieces in hand
)

// depNames names the members of a dep set, in bit order.
var depNames = [...]string{"occupancy", "owner", "kind", "cell", "height", "level", "moving piece", "counters", "group", "board", "unknown", "last move", "hand"}

// DepsOf returns what e reads (nothing for a nil expression).
func DepsOf(e *ir.Expr) dep {
	if e == nil {
		return 0
	}
	d := opDeps(e)
	for _, a := range e.Args {
		d |= DepsOf(a)
	}
	return d
}

// opDeps is what the operator of e reads itself, its arguments aside.
func opDeps(e *ir.Expr) dep {
	switch e.Op {
	case ir.OpInt, ir.OpBool, ir.OpNot, ir.OpAnd, ir.OpOr, ir.OpEq, ir.OpNe, ir.OpLt, ir.OpLe,
		ir.OpGt, ir.OpGe, ir.OpAdd, ir.OpSub, ir.OpMul, ir.OpDiv, ir.OpNeg, ir.OpIf:
		return 0
	case ir.OpEmpty, ir.OpOccupied:
		return DepOcc
	case ir.OpOwnedBy: // (an empty cell has no owner)
		return DepOwner
	case ir.OpKindIs:
		return DepKind
	case ir.OpOnTarget:
		return DepKind | DepOwner | DepCell
	case ir.OpInZone:
		return DepCell
	case ir.OpHeight:
		return DepHeight
	case ir.OpLevel:
		return DepLevel
	case ir.OpProp:
		return DepMover
	case ir.OpMoves:
		return depCounters
	case ir.OpHand:
		return depHand
	case ir.OpVar:
		if e.Name == "turn" || e.Name == "ply" {
			return depCounters
		}
		return depGroup
	case ir.OpNextTo:
		return depLast
	case ir.OpEvery, ir.OpSome, ir.OpCount, ir.OpCaptured, ir.OpPoints, ir.OpDistance, ir.OpScore, ir.OpZoneDistance,
		ir.OpEveryCell, ir.OpSomeCell, ir.OpCountCell, ir.OpCounter, ir.OpMoved, ir.OpCaptures, ir.OpPass, ir.OpRepetition:
		return depBoard
	}
	return depUnknown
}

// String lists the members of d ("nothing" when empty).
func (d dep) String() string {
	if d == 0 {
		return "nothing"
	}
	var parts []string
	for i, n := range depNames {
		if d&(1<<i) != 0 {
			parts = append(parts, n)
		}
	}
	return strings.Join(parts, ", ")
}

// depPiece is what a cell condition reads of the piece on the cell.
const depPiece = DepOcc | DepOwner | DepKind

// LocalDeps is what a local cell condition may read: the piece code on
// the cell and the cell (with stacking also the height and the level,
// which are then not local: see local).
const LocalDeps = depPiece | DepCell

// local tells whether a cell condition reading d depends only on the
// cell, the piece code on it and the mover, so that it can be tabulated
// per (mover, cell, code); cellDep whether it reads the cell itself.
// Without stacking, a cell's height is 0 or 1 (a function of the code)
// and the moving piece's level is 0.
func (p *Program) local(d dep) (ok, cellDep bool) {
	allowed := LocalDeps
	if !p.Stacking {
		allowed |= DepHeight | DepLevel
	}
	return d&^allowed == 0, d&DepCell != 0
}

// IsLocal is local for an expression.
func (p *Program) IsLocal(e *ir.Expr) (local, cellDep bool) {
	return p.local(DepsOf(e))
}

// MoveIndependent tells whether a guard depends only on the turn and ply
// counters (which a move changes in a known way).
func MoveIndependent(e *ir.Expr) bool {
	return DepsOf(e)&^depCounters == 0
}
