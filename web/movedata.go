package web

import (
	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/ir"
)

// The move data the page clicks and draws by: for every legal move, beside
// its text, its cells in the order a player clicks them (the engine's
// interp.Program.MoveCells: a leap's start, each landing, its end; a
// removal's or a drop's cell; a group's tail, head and destination) and
// the cells whose pieces it captures (found by playing the move and
// taking it back: the cells that lose a piece of another player while
// the mover's captures grow). The page never parses a move's text.

// maxMoveData is the most legal moves whose cells an answer carries: a
// position with more (thousands of drops) is played from the list of
// legal moves and by typing.
const maxMoveData = 4000

// moveData is one move's cells.
type moveData struct {
	// Kind is the move's action: "leap", "remove", "drop", "group" or
	// "pass".
	Kind     string `json:"kind"`
	Cells    []int  `json:"cells"`              // indices into the board's cells, in click order
	Captured []int  `json:"captured,omitempty"` // the cells whose pieces it captures
}

// actionNames name the move kinds of ir.Action.
var actionNames = map[ir.Action]string{ir.Leap: "leap", ir.Remove: "remove", ir.Drop: "drop", ir.Group: "group"}

// legalData returns the cells of every move of ml (the legal moves of s),
// or nil when there are more than most. s is played on and restored.
func legalData(p *interp.Program, s *interp.State, ml *interp.MoveList, most int) []moveData {
	n := ml.Len()
	if n > most {
		return nil
	}
	out := make([]moveData, n)
	var before []int
	for i := range out {
		out[i] = moveData{Kind: moveKind(p, ml, i), Cells: p.MoveCells(s, ml, i, []int{})}
	}
	for i := range out {
		if out[i].Kind == "pass" {
			continue
		}
		if before == nil {
			before = enemyCounts(p, s, s.ToMove())
		}
		out[i].Captured = playCaptures(p, s, ml, i, before)
		p.Undo(s)
	}
	return out
}

// playMove plays move i of ml (the legal moves of s) on s and returns its
// cells and captures.
func playMove(p *interp.Program, s *interp.State, ml *interp.MoveList, i int) moveData {
	d := moveData{Kind: moveKind(p, ml, i), Cells: p.MoveCells(s, ml, i, []int{})}
	d.Captured = playCaptures(p, s, ml, i, enemyCounts(p, s, s.ToMove()))
	return d
}

// moveKind names the action of move i of ml.
func moveKind(p *interp.Program, ml *interp.MoveList, i int) string {
	r := ml.Moves[i].Rule
	if r < 0 {
		return "pass"
	}
	return actionNames[p.Game().Moves[r].Action]
}

// playCaptures applies move i of ml to s (left played: the caller takes it
// back or keeps it) and returns the cells whose pieces it captured, given
// before, the pieces of the mover's opponents per cell in s (enemyCounts).
func playCaptures(p *interp.Program, s *interp.State, ml *interp.MoveList, i int, before []int) []int {
	mover := s.ToMove()
	taken := s.Captured(mover)
	p.Apply(s, ml, i)
	if s.Captured(mover) <= taken {
		return nil
	}
	var out []int
	after := enemyCounts(p, s, mover)
	stride := p.NumPlayers() + 1
	for c := 0; c < len(before)/stride; c++ {
		for k := c * stride; k < (c+1)*stride; k++ {
			if after[k] < before[k] {
				out = append(out, c)
				break
			}
		}
	}
	return out
}

// enemyCounts lists per cell the number of pieces of each player but
// mover (and of neutral pieces, last) in s: cell c's counts are
// out[c*(players+1):(c+1)*(players+1)].
func enemyCounts(p *interp.Program, s *interp.State, mover int) []int {
	g := p.Game()
	stride := p.NumPlayers() + 1
	out := make([]int, len(g.Board.Cells)*stride)
	for c := range g.Board.Cells {
		for _, piece := range p.Stack(s, c) {
			owner := g.Pieces[piece].Owner
			if owner == mover {
				continue
			}
			if owner < 0 {
				owner = p.NumPlayers()
			}
			out[c*stride+owner]++
		}
	}
	return out
}
