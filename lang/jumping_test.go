package lang

import (
	"testing"

	"github.com/ruleplay/ruleplay/ir"
)

// International draughts lowers its new properties to the documented ir
// fields.
func TestJumpingFamilyLowering(t *testing.T) {
	g, err := Load("../games/draughts-international.rules", nil)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]*ir.MoveRule{}
	for i := range g.Moves {
		byName[g.Moves[i].Name] = &g.Moves[i]
	}
	man, king, move := byName["man-capture"], byName["king-capture"], byName["king-move"]
	if man == nil || king == nil || move == nil {
		t.Fatalf("moves: %v", byName)
	}
	if man.Length != 2 || man.LengthTo != 0 || man.Hurdle != nil || !man.TakenAtEnd {
		t.Errorf("man-capture: length %d..%d, hurdle %v, taken at end %v", man.Length, man.LengthTo, man.Hurdle, man.TakenAtEnd)
	}
	if king.Length != 1 || king.LengthTo != ir.LengthAny || king.Hurdle == nil || king.Hurdle.Op != ir.OpOwnedBy || king.Hurdle.Who != ir.Enemy || !king.TakenAtEnd {
		t.Errorf("king-capture: length %d..%d, hurdle %+v, taken at end %v", king.Length, king.LengthTo, king.Hurdle, king.TakenAtEnd)
	}
	if move.LengthTo != ir.LengthAny || move.Hurdle != nil || move.TakenAtEnd || move.Over == nil || move.Over.Op != ir.OpEmpty {
		t.Errorf("king-move: %+v", move)
	}
	if len(g.Prefer) != 1 || g.Prefer[0] != (ir.Preference{By: ir.PreferMostCaptured, Kind: -1}) {
		t.Errorf("prefer %v", g.Prefer)
	}
	if len(g.Promotions) != 1 || !g.Promotions[0].AtMoveEnd {
		t.Errorf("promotions %+v", g.Promotions)
	}
	if len(g.Counters) != 3 || g.Counters[0].Name != "quiet" || g.Counters[0].Counts.Op != ir.OpAnd ||
		g.Counters[0].Counts.Args[0].Op != ir.OpMoved {
		t.Errorf("counters %+v", g.Counters)
	}
	var draws int
	for _, gl := range g.End.Goals {
		if gl.Draw {
			draws++
			if gl.Cond.Op != ir.OpGe || gl.Cond.Args[0].Op != ir.OpCounter || gl.Cond.Args[1].Int != 50 {
				t.Errorf("draw goal %+v", gl.Cond)
			}
		}
	}
	if draws != 1 {
		t.Errorf("%d draw goals", draws)
	}
	// A range of one length is a fixed length.
	src := "board { shape: square(4x4) }\nplayers: a, b\npiece p {}\nsetup a { p: a1 }\njump { length: 3 .. 3 }\n"
	g, err = LoadSource("x.rules", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	if g.Moves[0].Length != 3 || g.Moves[0].LengthTo != 0 {
		t.Errorf("length 3 .. 3: %d..%d", g.Moves[0].Length, g.Moves[0].LengthTo)
	}
}
