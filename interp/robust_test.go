package interp

import (
	"math/rand/v2"
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
)

func randExpr(rng *rand.Rand, depth int) *ir.Expr {
	e := &ir.Expr{
		Op:   ir.Op(rng.IntN(int(ir.OpCountCell) + 2)),
		Int:  rng.IntN(5) - 2,
		Side: ir.Side(rng.IntN(5)),
		Who:  ir.Who(rng.IntN(5)),
		Name: []string{"turn", "ply", "x", "size", "points"}[rng.IntN(5)],
		Dirs: []int{rng.IntN(9)},
	}
	if depth > 0 {
		for n := rng.IntN(4); n > 0; n-- {
			e.Args = append(e.Args, randExpr(rng, depth-1))
		}
	}
	return e
}

// TestRobustRandomIR compiles games with random expressions: Compile either
// rejects them or the program plays without panicking.
func TestRobustRandomIR(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	n := 400
	if testing.Short() {
		n = 100
	}
	compiled := 0
	for i := 0; i < n; i++ {
		b := mixed(t, 2+rng.IntN(2))
		g := b.g
		if rng.IntN(3) == 0 {
			g.Stacking = true
		}
		if rng.IntN(3) == 0 {
			g.Promotions = []ir.Promotion{{Kind: 0, To: 1, Zone: 0}}
		}
		switch rng.IntN(9) {
		case 0:
			g.Moves[rng.IntN(len(g.Moves))].Over = randExpr(rng, 3)
		case 1:
			g.Moves[rng.IntN(len(g.Moves))].Onto = randExpr(rng, 3)
		case 2:
			g.Moves[rng.IntN(len(g.Moves))].When = randExpr(rng, 3)
		case 3:
			g.Score.Value = randExpr(rng, 3)
		case 4:
			g.End.Goals = append(g.End.Goals, ir.Goal{Check: ir.GoalCheck(rng.IntN(2)), Cond: randExpr(rng, 3)})
		case 5:
			g.Score.Margin = randExpr(rng, 3)
		case 6:
			g.Moves[rng.IntN(len(g.Moves))].From = randExpr(rng, 3)
		case 7:
			m := &g.Moves[rng.IntN(len(g.Moves))]
			m.Action = ir.Group
			m.GroupCapture = &ir.GroupCapture{Enemy: randExpr(rng, 2), When: randExpr(rng, 2), All: rng.IntN(2) == 0}
		case 8:
			g.Moves[rng.IntN(len(g.Moves))].LengthProp = "points"
		}
		for _, noFast := range []bool{false, true} {
			p, err := Compile(g, core.Config{Disable: disableAll(noFast), MaxPlies: 30})
			if err != nil {
				continue
			}
			compiled++
			s := p.NewState(uint64(i))
			var ml core.MoveList
			for ply := 0; ply < 30; ply++ {
				p.Legal(s, &ml)
				_ = p.Status(s)
				if ml.Len() == 0 {
					break
				}
				p.Apply(s, &ml, rng.IntN(ml.Len()))
			}
			_ = p.Render(s)
		}
	}
	if compiled == 0 {
		t.Error("no random game compiled")
	}
	t.Logf("%d of %d programs compiled", compiled, 2*n)
}
