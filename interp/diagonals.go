package interp

import (
	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
)

// A square board whose diagonal lines pass through some cells only
// (ir.Board.Diagonals, `diagonals: dark`: the boards of lines) has a
// diagonal neighbour only between two such cells (a diagonal step keeps
// a cell's colour). The neighbour table says so; every unit that reads
// the board through it (the leap tables, the valid masks of the bitset
// units, groups, distances) follows. The mailbox walks constant offsets
// on the cells' positions, so it declines such a board
// (mbCandidateDeclines).

// onLine tells whether direction dir from cell c is a line of the board:
// always but for a diagonal from a cell its diagonals do not pass through.
func onLine(p *core.Program, c int, dir ir.Dir) bool {
	diag := p.Desc.Board.Diagonals
	if diag == ir.DiagonalsAll || dir.DX == 0 || dir.DY == 0 || p.Desc.Board.Shape != ir.Square {
		return true
	}
	dark := (p.CellX[c]+p.CellY[c])%2 == 0
	return dark == (diag == ir.DiagonalsDark)
}

// diagonalsDecline is why a unit that walks the cells' positions (the
// mailbox) does not serve the board ("" when its lines are its geometry).
func diagonalsDecline(p *core.Program) string {
	if p.Desc.Board.Diagonals != ir.DiagonalsAll {
		return "the board's diagonals pass through some cells only"
	}
	return ""
}
