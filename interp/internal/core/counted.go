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

// CounterRule is a compiled counter.
type CounterRule struct {
	Counts EvalFn // nil: every move counts (the counter has While alone)
	While  EvalFn // nil: always
	At     int    // its first value in State.Ctr
	Values int    // 1, or the number of players (ir.Counter.PerPlayer)
}

// CounterValues is the length of State.Ctr: every value of every
// counter.
func (p *Program) CounterValues() int {
	if n := len(p.Ctrs); n > 0 {
		return p.Ctrs[n-1].At + p.Ctrs[n-1].Values
	}
	return 0
}

// count updates counter r after mover's move (c: the move's context).
func (r *CounterRule) count(s *State, c *Ectx, mover int) {
	if (r.While == nil || r.While(c) != 0) && (r.Counts == nil || r.Counts(c) != 0) {
		at := r.At
		if r.Values > 1 {
			at += mover
		}
		s.Ctr[at]++
		return
	}
	for i := r.At; i < r.At+r.Values; i++ {
		s.Ctr[i] = 0
	}
}

// counterRead compiles the value of a counter in goals and scores: a
// counter per player's value is that of e's side.
func (xc *ExprCompiler) counterRead(e *ir.Expr) EvalFn {
	r := xc.P.Ctrs[e.Int]
	at := r.At
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
	r := p.Ctrs[k]
	parts := make([]string, r.Values)
	for i := range parts {
		parts[i] = fmt.Sprint(s.Ctr[r.At+i])
	}
	return strings.Join(parts, "/")
}
