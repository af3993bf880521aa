package interp

import (
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
)

// TestTurnGuard checks that a guard on the turn number alone is
// recognised (turnRange) and that its range test (guardHolds) agrees with
// the compiled expression on turns 1 to 7; other guards keep the closure.
func TestTurnGuard(t *testing.T) {
	p := load(t, "../games/leapfrog.rules", nil, core.Config{})
	turn := &ir.Expr{Op: ir.OpVar, Name: "turn"}
	ply := &ir.Expr{Op: ir.OpVar, Name: "ply"}
	k := func(n int) *ir.Expr { return &ir.Expr{Op: ir.OpInt, Int: n} }
	bin := func(op ir.Op, a, b *ir.Expr) *ir.Expr { return &ir.Expr{Op: op, Args: []*ir.Expr{a, b}} }
	for _, c := range []struct {
		name   string
		e      *ir.Expr
		ranged bool
		lo, hi int
	}{
		{"turn == 1", bin(ir.OpEq, turn, k(1)), true, 1, 1},
		{"turn > 1", bin(ir.OpGt, turn, k(1)), true, 2, 1<<31 - 1},
		{"3 > turn", bin(ir.OpGt, k(3), turn), true, 1, 2},
		{"2 <= turn and turn < 5", bin(ir.OpAnd, bin(ir.OpLe, k(2), turn), bin(ir.OpLt, turn, k(5))), true, 2, 4},
		{"turn >= -4", bin(ir.OpGe, turn, k(-4)), true, 1, 1<<31 - 1},
		{"turn < 1", bin(ir.OpLt, turn, k(1)), false, 1, 0},
		{"turn == 9999999999", bin(ir.OpEq, turn, k(9999999999)), true, 1<<31 - 2, 1<<31 - 2},
		{"turn != 2", bin(ir.OpNe, turn, k(2)), false, 0, 0},
		{"ply > 3", bin(ir.OpGt, ply, k(3)), false, 0, 0},
		{"turn == 2 and ply > 1", bin(ir.OpAnd, bin(ir.OpEq, turn, k(2)), bin(ir.OpGt, ply, k(1))), false, 0, 0},
	} {
		lo, hi, ok := turnRange(c.e)
		if ok != (c.ranged || c.lo > c.hi) || (ok && (lo != c.lo || hi != c.hi)) {
			t.Errorf("%s: turnRange %d..%d %v, want %d..%d %v", c.name, lo, hi, ok, c.lo, c.hi, c.ranged)
		}
		r := p.Rules[0]
		if err := compileConds(p, &r, &ir.MoveRule{When: c.e}); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if byTurns := r.GuardTest.Unit == core.AccelTurnGuards; byTurns != c.ranged {
			t.Errorf("%s: guard by turns %v, want %v", c.name, byTurns, c.ranged)
		}
		s := p.NewState(0)
		for n := int32(0); n < 7; n++ {
			s.Turns[s.Mover] = n
			if got, want := p.GuardHolds(s, &r), r.When(p.GuardCtx(s)) != 0; got != want {
				t.Errorf("%s: turn %d: guardHolds %v, the expression %v", c.name, n+1, got, want)
			}
		}
	}
}
