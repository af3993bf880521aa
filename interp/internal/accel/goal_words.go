package accel

// word-goals: after-move goals on a board of one word that read zones
// and counts, decided by a few mask tests on the occupancy words.
//
// The class: goals that are a disjunction of `some(WHO, in ZONE)` (some
// piece of the owners selected stands in the zone) and `count(WHO) ==
// 0` (the owners selected have no piece), of the mover or the next
// player: a zone goal, a race to a row, a side taken to the last piece.
// Each term is, per mover, a set of occupancy slots and a cell mask:
// it holds when some slot has a piece in the mask (or, for a count of
// 0, when none has a piece at all). Apply's goals (goalReached) are
// closures, one call per goal and quantifier with a loop over the slots
// read from the context; here a mover's goals are its tests in order,
// read straight from its table. step-playouts decides the end with them.

import (
	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
)

// WordGoals is the after-move goals of a Program, per mover its tests
// in order: the first that holds ends the game.
type WordGoals struct {
	// (per slot: a mover's slot is its number, at most kernSlots-2)
	Movers [core.KernSlots][]WordTest
	// Limit: the ply count that ends the game (math.MaxInt: none)
	Limit int
}

// WordTest is a term of a goal for one mover: it holds when one of the
// slots (padded with slot 7, always empty: at most six players) has a
// piece on a cell of mask, or, with none, when none has one; the game
// then ends as end (endGoal, endLose, endDraw) of its goal.
type WordTest struct {
	slots [3]uint8
	none  bool
	End   uint8
	mask  uint64
}

// WordTests appends to tests the tests of goal condition e for mover
// (ok false: e is not a disjunction of the terms word-goals serves).
func WordTests(p *core.Program, e *ir.Expr, mover int, tests []WordTest) ([]WordTest, bool) {
	side := func(sd ir.Side) (int, bool) {
		switch sd {
		case ir.SideOwn:
			return mover, true
		case ir.SideOpponent:
			return p.After(mover), true
		}
		return 0, false
	}
	switch e.Op {
	case ir.OpOr:
		for _, a := range e.Args {
			var ok bool
			if tests, ok = WordTests(p, a, mover, tests); !ok {
				return nil, false
			}
		}
		return tests, true
	case ir.OpSome:
		pl, ok := side(e.Side)
		if !ok || len(e.Args) != 1 || e.Args[0].Op != ir.OpInZone {
			return nil, false
		}
		zp, ok := side(e.Args[0].Side)
		if !ok {
			return nil, false
		}
		var mask uint64
		for c, in := range p.Zones[e.Args[0].Int][zp] {
			if in {
				mask |= 1 << uint(p.BitOf[c]&63)
			}
		}
		return appendWordTest(p, tests, e.Who, pl, mask, false)
	case ir.OpEq:
		if len(e.Args) != 2 {
			return nil, false
		}
		n, k := e.Args[0], e.Args[1]
		pl, ok := side(n.Side)
		if !ok || n.Op != ir.OpCount || len(n.Args) != 0 || k.Op != ir.OpInt || k.Int != 0 {
			return nil, false
		}
		return appendWordTest(p, tests, n.Who, pl, p.BoardMask[0], true)
	}
	return nil, false
}

// appendWordTest appends to tests the test of the pieces of who for
// player pl on the cells of mask (none: the test holds when there is no
// such piece); ok false when who selects more than three slots.
func appendWordTest(p *core.Program, tests []WordTest, who ir.Who, pl int, mask uint64, none bool) ([]WordTest, bool) {
	slots := SelSlots(p, who)[pl]
	if len(slots) > 3 {
		return nil, false
	}
	if mask == 0 && !none {
		return tests, true // (no cell to reach: it never holds)
	}
	t := WordTest{slots: [3]uint8{core.KernSlots - 1, core.KernSlots - 1, core.KernSlots - 1}, mask: mask, none: none}
	for i, sl := range slots {
		t.slots[i] = uint8(sl)
	}
	return append(tests, t), true
}

// Decide is the end Apply decides, by the word tests: the first test of mover that
// holds ends the game, else the ply limit may.
func (wg *WordGoals) Decide(_ *core.Program, s *core.State, mover int) {
	occ := (*[core.KernSlots]uint64)(s.Occ)
	tests := wg.Movers[mover&(core.KernSlots-1)]
	for i := range tests {
		t := &tests[i]
		x := occ[t.slots[0]&7] | occ[t.slots[1]&7] | occ[t.slots[2]&7]
		if (x&t.mask != 0) != t.none {
			s.End, s.Winner = t.End, mover
			return
		}
	}
	if s.PlyCount >= wg.Limit {
		s.End = core.EndLimit
	}
}
