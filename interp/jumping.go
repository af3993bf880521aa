package interp

import (
	"fmt"

	"github.com/ruleplay/ruleplay/interp/internal/accel"
	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
)

// compileLong compiles a long rule's lengths and hurdle; it goes to the
// long-leap table when that applies (long_table.go), to the generic
// walker otherwise.
func compileLong(p *core.Program, r *core.Rule, m *ir.MoveRule) error {
	lp := &core.LongParams{TakenAtEnd: m.TakenAtEnd, LandWhereItContinues: m.LandWhereItContinues}
	r.Leap, accel.Tables(r).Rev = nil, nil // the rays are walked on the neighbour table
	switch {
	case m.LengthTo == ir.LengthAny:
		lp.MaxLength = p.NumCells
	case m.LengthTo == 0:
		lp.MaxLength = r.Length
	case m.LengthTo < m.Length || m.LengthProp != "":
		return fmt.Errorf("leap lengths %d..%d: not a range", m.Length, m.LengthTo)
	default:
		lp.MaxLength = m.LengthTo
	}
	if m.TakenAtEnd && m.Capture != ir.CaptureJumped {
		return fmt.Errorf("captures taken at the end need CaptureJumped")
	}
	var err error
	if lp.Hurdle, err = compileCellCond(p, m.Hurdle, "hurdle"); err != nil {
		return err
	}
	r.Long = lp
	compileLongTable(p, r, m)
	return nil
}

// compileCounters compiles the counters (p.Ctrs, p.Counters,
// p.Counted: compileCounter).
func compileCounters(p *core.Program) error {
	return compileCounterRules(p)
}
