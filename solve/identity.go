package solve

import (
	"encoding/binary"
	"math/bits"

	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/ir"
)

// identity writes a position's identity: the bytes two positions share
// exactly when the rules cannot tell them apart (the fields of the
// position text, docs/notation.md, less the ply and turn numbers when
// nothing reads them).
type identity struct {
	cells int
	wide  bool // piece codes need two bytes
	// packed, when not 0: the bits of a cell's code when a byte holds
	// two cells or more (a game without stacks and with at most 15
	// pieces): 36 cells of 3 codes take 9 bytes
	packed   int
	stacking bool
	// withPly: a rule reads the ply or the turns (ply, turn, moves), or
	// the rules have a ply limit: the ply and every player's turns are
	// part of the position
	withPly bool
	// plyCap, when not 0: the rules read the ply and the turn numbers
	// only by comparing them with numbers below plyCap - 1 (an opening
	// read as ply == 1, ply == 2, ply > 2 or turn == 1), so
	// the ply and each player's turns count up to plyCap and every later
	// value is one (the rules cannot tell them apart)
	plyCap int
}

func newIdentity(p *interp.Program) identity {
	id := identity{
		cells:    p.NumCells,
		wide:     p.Ncodes > 256,
		stacking: p.Stacking,
		withPly:  p.Limit > 0 || readsPly(p.Game()),
	}
	if b := bits.Len(uint(p.Ncodes - 1)); !p.Stacking && b <= 4 {
		id.packed = max(b, 1)
	}
	if id.withPly && p.Limit == 0 {
		id.plyCap = plyHorizon(p.Game())
	}
	return id
}

// plyHorizon returns 2 more than the largest number the ply or a turn
// number is compared with, when every read of them is such a comparison
// (ply OP N, turn OP N, or N OP ply, N OP turn) and nothing reads the
// moves a player made or the turn order; 0 otherwise. From there on
// every comparison has one value, whatever the ply or the turns.
func plyHorizon(g *ir.Game) int {
	if g.Turns != nil || g.Swap != nil {
		return 0
	}
	reads, compared, largest := 0, 0, 0
	other := false
	ir.EachExpr(g, func(e *ir.Expr) {
		counter := func(e *ir.Expr) bool { return e.Op == ir.OpVar && (e.Name == "ply" || e.Name == "turn") }
		switch {
		case e.Op == ir.OpMoves:
			other = true
		case counter(e):
			reads++
		case e.Op >= ir.OpEq && e.Op <= ir.OpGe && len(e.Args) == 2:
			for i, a := range e.Args {
				b := e.Args[1-i]
				if counter(a) && b.Op == ir.OpInt {
					compared++
					largest = max(largest, b.Int)
				}
			}
		}
	})
	if other || reads == 0 || reads != compared {
		return 0
	}
	return largest + 2
}

// appendTo appends the identity of s to buf.
func (id *identity) appendTo(buf []byte, s *interp.State) []byte {
	if id.stacking {
		for c := 0; c < id.cells; c++ {
			h := int(s.Hgt[c])
			buf = binary.AppendUvarint(buf, uint64(h))
			for i := 0; i < h; i++ {
				buf = id.code(buf, s.Stk[c*s.Scap+i])
			}
		}
	} else if id.packed > 0 {
		buf = id.pack(buf, s.Cells[:id.cells])
	} else {
		for c := 0; c < id.cells; c++ {
			buf = id.code(buf, s.Cells[c])
		}
	}
	buf = binary.AppendUvarint(buf, uint64(s.Mover))
	buf = binary.AppendUvarint(buf, uint64(s.Passes))
	buf = binary.AppendVarint(buf, int64(s.Last))
	buf = append(buf, s.End)
	if s.End != 0 {
		buf = binary.AppendVarint(buf, int64(s.Winner))
	}
	buf = appendInts(buf, s.CapturedBy)
	buf = appendInts(buf, s.Points)
	buf = appendInts(buf, s.Hand)
	buf = appendInts(buf, s.Ctr)
	switch {
	case id.plyCap > 0:
		buf = binary.AppendUvarint(buf, uint64(min(s.PlyCount, id.plyCap)))
		for _, n := range s.Turns {
			buf = binary.AppendUvarint(buf, uint64(min(int(n), id.plyCap)))
		}
	case id.withPly:
		buf = binary.AppendUvarint(buf, uint64(s.PlyCount))
		buf = appendInts(buf, s.Turns)
	}
	return buf
}

// pack appends the codes of cells, id.packed bits each.
func (id *identity) pack(buf []byte, cells []uint16) []byte {
	acc, n := uint64(0), 0
	for _, c := range cells {
		acc |= uint64(c) << n
		if n += id.packed; n >= 8 {
			buf = append(buf, byte(acc))
			acc >>= 8
			n -= 8
		}
	}
	if n > 0 {
		buf = append(buf, byte(acc))
	}
	return buf
}

func (id *identity) code(buf []byte, c uint16) []byte {
	if id.wide {
		return append(buf, byte(c), byte(c>>8))
	}
	return append(buf, byte(c))
}

func appendInts(buf []byte, xs []int32) []byte {
	for _, x := range xs {
		buf = binary.AppendVarint(buf, int64(x))
	}
	return buf
}

// readsPly tells whether an expression of g reads the ply, a turn number
// or the turns taken (ir.OpVar "ply" or "turn", ir.OpMoves). It walks
// the whole description, so that no place an expression can sit in is
// missed.
func readsPly(g *ir.Game) bool {
	found := false
	ir.EachExpr(g, func(e *ir.Expr) {
		found = found || e.Op == ir.OpMoves || (e.Op == ir.OpVar && (e.Name == "ply" || e.Name == "turn"))
	})
	return found
}
