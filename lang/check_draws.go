package lang

import "github.com/ruleplay/ruleplay/ir"

// The draws the rule books count: repetitions of a position
// (`repetition` in goals) and counters that count each side's own moves
// while a condition on the position holds (`counter NAME { per: player
// while: ... }`), FMJD's counted endings.

// counterShape reads a counter's `per:` and `while:` into ct, and tells
// whether a counter without `counts:` is complete (it has `while:`).
func (c *checker) counterShape(ps map[string]*Entry, ct *ir.Counter) (ok bool) {
	ok = true
	if p, has := ps["per"]; has {
		v, good := c.single(p)
		if n, isName := v.(*Name); good && (!isName || n.Dotted() != "player") {
			c.errorf(v.At(), "write per: player (each player's own moves counted apart)", "per takes player")
			good = false
		}
		ok = ok && good
		ct.PerPlayer = good
	}
	if p, has := ps["while"]; has {
		v, good := c.single(p)
		if !good {
			return false
		}
		ex, t, good := c.lower(v, ctxGoal)
		if !good {
			return false
		}
		if t != tBool {
			c.errorf(v.At(), "e.g. while: count(own) == 1 and count(opponent) == 3", "while needs a condition on the position")
			return false
		}
		ct.While = ex
	}
	return ok
}

// repetitionName lowers `repetition` in goals: the times the position
// has stood (ir.OpRepetition); named tells whether x is that name.
func (c *checker) repetitionName(x *Name, ctx exprCtx) (ex *ir.Expr, named, ok bool) {
	if x.Dotted() != "repetition" {
		return nil, false, false
	}
	if ctx != ctxGoal {
		c.errorf(x.Pos, "e.g. end { draw: repetition >= 3 }", "repetition is read in goals (win, lose, draw)")
		return nil, true, false
	}
	return &ir.Expr{Op: ir.OpRepetition}, true, true
}

// counterOf lowers a player's value of counter i (own.NAME,
// opponent.NAME): only a counter kept per player has one.
func (c *checker) counterOf(x *Name, i int, side ir.Side) (*ir.Expr, typ, bool) {
	if i < 0 {
		return nil, 0, false // (reported at its entry)
	}
	ct := c.g.Counters[i]
	if !ct.PerPlayer {
		c.errorf(x.Pos, "write "+ct.Name+", or give the counter per: player", "counter %s is one number for the game, not one per player", ct.Name)
		return nil, 0, false
	}
	if side != ir.SideOwn && side != ir.SideOpponent {
		c.errorf(x.Pos, "write own."+ct.Name+" or opponent."+ct.Name, "a counter per player is read for own or opponent")
		return nil, 0, false
	}
	return &ir.Expr{Op: ir.OpCounter, Int: i, Side: side}, tInt, true
}
