package interp

import (
	"fmt"
	"strings"

	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
)

// Counters, compiled (core/counted.go): a counter's counts and while, and
// where its values live; a counter kept per player is written
// VALUE/VALUE in position texts, one per player.

// compileCounterRules compiles the counters (core/counted.go): the
// plain ones (one value, no while) first in State.Ctr, their conditions
// in p.Ctrs; then the others, in p.Counted unless their while is false
// whatever the position. p.Ctrs is not nil when the game has counters.
func compileCounterRules(p *core.Program) error {
	g := p.Desc
	if len(g.Counters) == 0 {
		return nil
	}
	p.Ctrs = make([]core.EvalFn, 0, len(g.Counters))
	p.Counters = make([]core.CounterRule, len(g.Counters))
	at := 0
	for pass := 0; pass < 2; pass++ {
		for i, ct := range g.Counters {
			plain := !ct.PerPlayer && ct.While == nil
			if plain != (pass == 0) {
				continue
			}
			r, err := compileCounter(p, ct, at)
			if err != nil {
				return err
			}
			switch {
			case plain:
				p.Ctrs = append(p.Ctrs, r.Counts)
			case ct.While.Op == ir.OpBool && ct.While.Int == 0:
				r.At = -1 // (never counts: not kept)
			default:
				p.Counted = append(p.Counted, r)
			}
			if r.At >= 0 {
				at += r.Values
			}
			p.Counters[i] = r
		}
	}
	return nil
}

// compileCounter compiles counter ct whose values start at State.Ctr[at]:
// its counts (nil: every move) and its while (nil: always).
func compileCounter(p *core.Program, ct ir.Counter, at int) (core.CounterRule, error) {
	r := core.CounterRule{At: at, Values: 1, Counts: func(*core.Ectx) int { return 1 }}
	if ct.PerPlayer {
		r.Values, r.Step = p.Players, 1
	}
	what := fmt.Sprintf("counter %s (%s)", ct.Name, ct.Pos)
	if ct.Counts != nil {
		xc := &core.ExprCompiler{P: p, Kind: core.ExCounts, What: what}
		f, err := xc.Compile(ct.Counts, false)
		if err != nil {
			return r, err
		}
		r.Counts = f
	}
	if ct.While != nil {
		xc := &core.ExprCompiler{P: p, Kind: core.ExPlayer, What: what + " while"}
		f, err := xc.Compile(ct.While, false)
		if err != nil {
			return r, err
		}
		r.While = f
	}
	if ct.Counts == nil && r.While == nil {
		return r, fmt.Errorf("%s: no counts and no while", what)
	}
	return r, nil
}

// counterValues reads counter k's value in a position text: a number,
// or for a counter per player one per player joined by "/"; each is at
// most the plies played.
func (r *positionReader) counterValues(s *core.State, k, at int, value string, ply int) error {
	ct := r.p.Counters[k]
	name := r.p.Desc.Counters[k].Name
	parts := strings.Split(value, "/")
	if len(parts) != ct.Values && ct.Values > 1 {
		return r.fail(at, "counter %s: want %d numbers joined by /, one per player (%s), not %q", name, ct.Values, r.playerList(), value)
	}
	if len(parts) != ct.Values {
		parts = []string{value} // (reported as not a number)
	}
	for i, v := range parts {
		n, err := r.number(at, v, "counter "+name)
		if err != nil {
			return err
		}
		if ct.At < 0 && n != 0 {
			return r.fail(at, "counter %s never counts in this game (its while is false: an option turns it off)", name)
		}
		if ct.At < 0 {
			continue
		}
		if n > ply {
			return r.fail(at, "counter %s is %d, but it goes up by one a ply at most and %d plies were played (set ply: too)", name, n, ply)
		}
		s.Ctr[ct.At+i] = int32(n)
		at += len(v) + 1
	}
	return nil
}
