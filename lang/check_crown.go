package lang

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ruleplay/ruleplay/ir"
)

// Crowned in the middle of a capture, and landings that go on.
//
// `promote KIND { ...; at: continue }` crowns a piece on any landing of a
// chain in the zone, and the chain goes on at once as the new kind: with
// the one rule of the starting rule's priority group that is a chained
// jump moving the new kind (its own pieces, like the starting rule) and
// capturing the same way (capture:, taken:). `goes-on: RULE` in the
// starting jump names it when two qualify (ir.MoveRule.GoesOn).
//
// `land: where-it-continues` in a jump of several lengths: of a leap's
// landings in one direction, only those from which the chain can go on
// are allowed, when there are some (ir.MoveRule.LandWhereItContinues);
// `land: anywhere` is the default.

// landProp reads `land: anywhere | where-it-continues`: the jump must
// have a chain and more than one length.
func (c *checker) landProp(e *Entry, ps map[string]*Entry, r *ir.MoveRule) bool {
	p, has := ps["land"]
	if !has {
		return true
	}
	at, set, ok := namedChoice(c, p, []string{"anywhere", "where-it-continues"},
		"any landing beyond (anywhere), or only those from which the chain goes on, when there are some (where-it-continues)", "unknown landing choice")
	if !set || at == 0 {
		return ok
	}
	switch {
	case r.Chain == ir.ChainNone:
		c.errorf(p.Pos, "add chain: compulsory (or optional), or drop land", "land: where-it-continues without a chain: the %s makes one leap a move", e.Key)
		return false
	case r.LengthTo == 0:
		c.errorf(p.Pos, "write length: any (or a range 2 .. 5), or drop land",
			"land: where-it-continues chooses among a leap's landings in one direction, but this %s has one length (%d)", e.Key, r.Length)
		return false
	}
	r.LandWhereItContinues = true
	return true
}

// checkGoesOn decides, for every chained leap whose pieces may be crowned
// at: continue, the rule its chains go on with after the crowning
// (ir.MoveRule.GoesOn), from `goes-on:` or the one candidate of its
// priority group; entries are the file's, promotes its promote entries.
func (c *checker) checkGoesOn(entries, promotes []*Entry) {
	g := c.g
	named := map[int]*Entry{} // rule index -> its goes-on property
	for _, e := range entries {
		if e.Key != "jump" {
			continue
		}
		for _, p := range e.Block {
			if p.Key != "goes-on" || len(e.Labels) != 1 {
				continue
			}
			if ri, ok := c.rules[e.Labels[0].Name]; ok && g.Moves[ri].Pos == e.Pos.String() {
				named[ri] = p
			}
		}
	}
	for ri := range g.Moves {
		r := &g.Moves[ri]
		pr := c.crowning(r)
		p := named[ri]
		if pr < 0 {
			if p != nil {
				c.errorf(p.Pos, "add at: continue to the promote of the kind this jump moves, or drop goes-on",
					"goes-on without a crowning that goes on: no promote { at: continue } applies to the pieces %s moves", r.Name)
			}
			continue
		}
		to := g.Promotions[pr].To
		cands := c.goesOnCandidates(ri, to)
		if p != nil {
			v, ok := c.single(p)
			if !ok {
				continue
			}
			n, _ := v.(*Name)
			if n == nil {
				c.errorf(v.At(), "write goes-on: RULE (a jump of "+g.Kinds[to].Name+")", "goes-on takes a move's name")
				continue
			}
			qi, known := c.rules[n.Dotted()]
			if !known {
				if !c.isBadlyDeclared("move", n.Dotted()) {
					c.errorf(n.Pos, c.r.hintFor(n.Dotted(), "moves", c.ruleNames()), "unknown move %q", n.Dotted())
				}
				continue
			}
			if !slices.Contains(cands, qi) {
				c.errorf(n.Pos, c.goesOnHint(ri, to, cands),
					"%s cannot go on after the crowning: it must be a chained jump of %s in %s's priority group, capturing the same way", n.Dotted(), g.Kinds[to].Name, r.Name)
				continue
			}
			r.GoesOn = qi
			continue
		}
		switch len(cands) {
		case 1:
			r.GoesOn = cands[0]
		case 0:
			at := c.promoteAtPos(promotes, pr)
			c.errorf(at, c.goesOnHint(ri, to, nil),
				"at: continue, but no rule goes on after %s crowns a %s: none in its priority group is a chained jump of %s capturing the same way",
				r.Name, g.Kinds[to].Name, g.Kinds[to].Name)
		default:
			var names []string
			for _, q := range cands {
				names = append(names, g.Moves[q].Name)
			}
			c.errorf(c.movePos(entries, ri), fmt.Sprintf("name one in %s: goes-on: %s", r.Name, names[0]),
				"after the crowning, the chains of %s could go on with %s", r.Name, joinOr(names))
		}
	}
}

// crowning returns the index of the promotion at: continue that applies
// to the pieces chained leap r moves (-1: none).
func (c *checker) crowning(r *ir.MoveRule) int {
	if r.Action != ir.Leap || r.Chain == ir.ChainNone {
		return -1
	}
	for i, pr := range c.g.Promotions {
		if pr.AtContinue && (r.Kinds == nil || slices.Contains(r.Kinds, pr.Kind)) {
			return i
		}
	}
	return -1
}

// goesOnCandidates lists the rules of rule ri's priority group that may
// go on with its chains once the piece is crowned kind to: chained leaps
// of the same pieces' owner moving kind to, capturing the same way.
func (c *checker) goesOnCandidates(ri, to int) []int {
	g := c.g
	r := &g.Moves[ri]
	var out []int
	for _, tier := range g.Priority {
		if !slices.Contains(tier, ri) {
			continue
		}
		for _, qi := range tier {
			q := &g.Moves[qi]
			if q.Action == ir.Leap && q.Chain != ir.ChainNone && q.Piece == r.Piece &&
				(q.Kinds == nil || slices.Contains(q.Kinds, to)) &&
				q.Capture == r.Capture && q.TakenAtEnd == r.TakenAtEnd {
				out = append(out, qi)
			}
		}
	}
	return out
}

// goesOnHint says what rule may go on after rule ri crowns a piece kind
// to (cands: the ones that qualify).
func (c *checker) goesOnHint(ri, to int, cands []int) string {
	g := c.g
	if len(cands) > 0 {
		var names []string
		for _, q := range cands {
			names = append(names, g.Moves[q].Name)
		}
		return "write goes-on: " + strings.Join(names, " or ")
	}
	r := &g.Moves[ri]
	how := "capture: " + map[ir.Capture]string{ir.CaptureNone: "none", ir.CaptureJumped: "jumped", ir.CaptureLanding: "landing"}[r.Capture]
	if r.TakenAtEnd {
		how += ", taken: at-end"
	}
	return fmt.Sprintf("add a jump of own %s with a chain and %s to %s's priority group, or write at: landing",
		g.Kinds[to].Name, how, r.Name)
}

// promoteAtPos is the place of promotion pr's `at:` value (its entry's
// when not found).
func (c *checker) promoteAtPos(promotes []*Entry, pr int) Pos {
	want := c.g.Promotions[pr].Pos
	for _, e := range promotes {
		if e.Pos.String() != want {
			continue
		}
		for _, p := range e.Block {
			if p.Key == "at" && len(p.Values) == 1 {
				return p.Values[0].At()
			}
		}
		return e.Pos
	}
	return Pos{}
}

// movePos is the place of rule ri's name in its entry.
func (c *checker) movePos(entries []*Entry, ri int) Pos {
	want := c.g.Moves[ri].Pos
	for _, e := range entries {
		if e.Pos.String() == want && len(e.Labels) == 1 {
			return e.Labels[0].Pos
		}
	}
	return Pos{}
}
