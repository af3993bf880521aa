package core

import (
	"fmt"
	"strings"

	"github.com/ruleplay/ruleplay/ir"
)

// Counters (ir.Counter), the core's part: where each counter's values
// live in State.Ctr and how a move updates them.
//
// A counter has one value, or one per player (per: player): the values
// of counter k are State.Ctr[At : At+Values]. After a move, when the
// counter's While holds on the position (own: the mover) and its Counts
// on the move, the counter's value goes up by one (a counter per player:
// the mover's own value); otherwise every value of the counter goes back
// to 0. FMJD's counted endings are such counters: one king against three
// pieces, 16 moves of each side.

// CounterRule is a compiled counter. The plain counters (one value, no
// while) come first in State.Ctr, and Program.countMove updates them in
// one loop over their conditions (Program.Ctrs); the others follow
// (Program.Counted, each updated by count). A counter whose while is
// false whatever the position (an option turned it off) never counts:
// it is not in Counted, its values are 0 and the position does not keep
// them (At is -1).
type CounterRule struct {
	Counts EvalFn // true for every move when the counter has While alone
	While  EvalFn // nil: always
	At     int    // its first value in State.Ctr; -1: never counts, not kept
	Values int    // 1, or the number of players (ir.Counter.PerPlayer)
	Step   int    // 0, or 1 when per player: the mover's value is At + mover*Step
}

// CounterValues is the length of State.Ctr: every value of every
// counter.
func (p *Program) CounterValues() int {
	n := 0
	for _, r := range p.Counters {
		if r.At >= 0 {
			n += r.Values
		}
	}
	return n
}

// count updates counter r after mover's move (c: the move's context):
// the mover's value goes up by one when the while and the counts hold,
// every value goes back to 0 otherwise.
func (r *CounterRule) count(s *State, c *Ectx, mover int) {
	if (r.While == nil || r.While(c) != 0) && r.Counts(c) != 0 {
		s.Ctr[r.At+mover*r.Step]++
		return
	}
	clear(s.Ctr[r.At : r.At+r.Values])
}

// counterRead compiles the value of a counter in goals and scores: a
// counter per player's value is that of e's side.
func (xc *ExprCompiler) counterRead(e *ir.Expr) EvalFn {
	r := xc.P.Counters[e.Int]
	at := r.At
	if at < 0 {
		return func(*Ectx) int { return 0 }
	}
	if r.Values == 1 {
		return func(c *Ectx) int { return int(c.S.Ctr[at]) }
	}
	sd := e.Side
	return func(c *Ectx) int { return int(c.S.Ctr[at+c.Side(sd)]) }
}

// CounterText is counter k's value in s as position texts and boards
// write it: the number, or per player the numbers in player order
// joined by "/".
func (p *Program) CounterText(s *State, k int) string {
	r := p.Counters[k]
	parts := make([]string, r.Values)
	for i := range parts {
		parts[i] = "0"
		if r.At >= 0 {
			parts[i] = fmt.Sprint(s.Ctr[r.At+i])
		}
	}
	return strings.Join(parts, "/")
}
