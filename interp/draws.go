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

// compileCounter compiles counter ct whose values start at State.Ctr[at]:
// its counts (nil: every move) and its while (nil: always).
func compileCounter(p *core.Program, ct ir.Counter, at int) (core.CounterRule, error) {
	r := core.CounterRule{At: at, Values: 1}
	if ct.PerPlayer {
		r.Values = p.Players
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
	if r.Counts == nil && r.While == nil {
		return r, fmt.Errorf("%s: no counts and no while", what)
	}
	return r, nil
}

// counterValues reads counter k's value in a position text: a number,
// or for a counter per player one per player joined by "/"; each is at
// most the plies played.
func (r *positionReader) counterValues(s *core.State, k, at int, value string, ply int) error {
	ct := r.p.Ctrs[k]
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
		if n > ply {
			return r.fail(at, "counter %s is %d, but it goes up by one a ply at most and %d plies were played (set ply: too)", name, n, ply)
		}
		s.Ctr[ct.At+i] = int32(n)
		at += len(v) + 1
	}
	return nil
}
