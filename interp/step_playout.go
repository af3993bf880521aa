package interp

// step-playouts: playouts of games whose every move is a one-cell step
// (a leap of one cell, without chains or guards) of a kernel tier
// (bulk1.go) on a board of one word, played on the occupancy words.
//
// The class: small step games (a fox and hounds, a breakthrough, a
// wolf-and-sheep on a board of at most 64 cells), whose moves are found
// by shifting occupancy words and whose goals read zones and counts. A
// ply of the count-playouts loop goes through the tier's drawer (an
// interface call), the kernel's keeping of each rule's steps, the
// selection of the move drawn into the move list, and Apply, which calls
// the rule's maker and the cells function that moves a leap of any
// length with any capture. Here the whole ply is one loop: each rule's
// steps per direction are shifted into scratch words and counted, the
// one drawn is found in them (rule, then source, then direction, Legal's
// order: the same game for the same draws), and it is made by a few bit
// flips on the occupancy words and two cell writes; the end is decided
// as Apply decides it (or by word-goals).
//
// A State that records undo information is played by the loop it would
// have had otherwise (stepPlayouts.logged): the frames are the makers'.

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/ruleplay/ruleplay/ir"
)

// stepPlayouts is the playout drawer of step-playouts.
type stepPlayouts struct {
	// movers: per mover, the rules of the tier in order
	movers []stepMover
	// cell: per bit of the word, its cell (bits past the board: 0)
	cell [64]int32
	// slot, promotes: per piece code, its occupancy slot, and whether a
	// promotion applies to it
	slot     [kernCodes]uint8
	promotes [kernCodes]bool
	board    uint64
	// logged: the drawer of States that record undo information
	logged playoutDrawer
	// decide decides the end after mover's step: by the word tests
	// (word-goals, goal_words.go) where they serve, else Apply's end
	decide func(p *Program, s *State, mover int)
	// goals: the word tests decide uses (nil: Apply's end)
	goals *wordGoals
}

// stepMover is the tier for one mover: its rules in order, and the
// player after it.
type stepMover struct {
	rules []stepRule
	next  int
}

// stepRule is one rule of the tier for one mover, from its kernel group
// (one rule, stepping one cell): the pieces it moves (the union of three
// occupancy slots and four sets per code, padded with sets that are
// always empty: a slot past the players and neutral, code 0), the cells
// it may step onto (three slots, and the empty cells of ontoEmpty), its
// directions, and whether it takes the piece it lands on.
type stepRule struct {
	srcSlots  [3]uint8
	srcCodes  [maxKernCodes]uint8
	ontoSlots [3]uint8
	ontoEmpty uint64
	// srcMore, ontoMore: the pieces are more than the first slot and
	// code, the cells more than the empty ones and the first slot
	srcMore, ontoMore bool
	takes             bool
	numDirs           int
	dirs              [maxKernDirs]stepDir
}

// stepDir is one direction of a stepRule: the cells whose step stays on
// the board, the rotation that brings each landing onto its source's
// bit, and the shift from source to landing.
type stepDir struct {
	valid uint64
	back  int
	shift int
}

func (*stepPlayouts) name() string { return "steps counted, drawn and made on the occupancy word" }
func (*stepPlayouts) unit() accel  { return accelStepPlayouts }

// stepPlayoutsDeclines tells why playouts are not played by
// step-playouts ("" when they are).
func (p *Program) stepPlayoutsDeclines() string {
	if why := p.off(accelStepPlayouts); why != "" {
		return why
	}
	switch {
	case !p.countsPlayouts():
		return "playouts do not count their moves (count-playouts)"
	case len(p.tiers) != 1:
		return "the game has priority tiers"
	case p.tiers[0].kernel == nil:
		return "needs kernel, which declined"
	case len(p.tiers[0].rules) > maxBulk:
		return fmt.Sprintf("more than %d rules", maxBulk)
	case p.blockade != nil:
		return "the game has the no-blockade filter"
	case len(p.goalsStart) > 0:
		return "a goal is decided at the start of a turn"
	case p.noMove == ir.OutcomePass:
		return "a player without a move passes"
	case p.keepLast || p.ctrs != nil:
		return "a move does more than move a piece (counters, the last move kept)"
	case p.makeDeclines() != "":
		return p.makeDeclines()
	case p.ncodes > kernCodes:
		return fmt.Sprintf("more than %d piece codes", kernCodes-1)
	}
	if _, ok := p.tiers[0].run[modeDraw].(*kernelKeeper); !ok {
		return "the tier is not drawn by the kernel"
	}
	for _, ri := range p.tiers[0].rules {
		r := &p.rules[ri]
		if r.action != ir.Leap || r.length != 1 || r.long != nil || r.chain != ir.ChainNone || r.when != nil {
			return fmt.Sprintf("rule %s is not a step without chains or guard", r.name)
		}
	}
	return ""
}

// compileStepPlayouts makes step-playouts the playout drawer where it
// applies (stepPlayoutsDeclines), after planTiers chose the others.
func (p *Program) compileStepPlayouts() {
	why := p.stepPlayoutsDeclines()
	p.declineFor(scopeProgram, 0, accelStepPlayouts, why)
	if why != "" {
		return
	}
	sp := &stepPlayouts{movers: make([]stepMover, p.numPlayers), logged: p.playout}
	t := &p.tiers[0]
	for pl := range sp.movers {
		sp.movers[pl].next = p.after(pl)
		for _, g := range t.kernel[pl] {
			r := stepRule{srcCodes: g.src[0].codes, ontoEmpty: g.ontoEmpty,
				takes: p.rules[g.ri[0]].capture == ir.CaptureLanding, numDirs: int(g.nd)}
			r.srcSlots = p.stepSlots(g.src[0].slots, g.src[0].idx)
			r.ontoSlots = p.stepSlots(g.eSl, g.eIdx)
			r.srcMore = r.srcSlots[1] != 7 || r.srcSlots[2] != 7 || r.srcCodes[1]|r.srcCodes[2]|r.srcCodes[3] != 0
			r.ontoMore = r.ontoSlots[1] != 7 || r.ontoSlots[2] != 7
			for j, d := range g.dirs[:g.nd] {
				r.dirs[j] = stepDir{valid: d.va, back: int(d.re), shift: int(d.sh)}
			}
			if r.srcSlots == [3]uint8{7, 7, 7} && r.srcCodes == [maxKernCodes]uint8{} {
				// No piece of the mover is ever one the rule moves (it
				// selects kinds the mover has none of): its steps are
				// never counted. The rule's place in Legal's order is
				// kept by the others'.
				continue
			}
			sp.movers[pl].rules = append(sp.movers[pl].rules, r)
		}
	}
	sp.decide = func(p *Program, s *State, mover int) {
		// (Apply's end after a move that is not a pass)
		if len(p.goalsAfter) > 0 && p.goalReached(s, mover) {
			return
		}
		if p.limit > 0 && s.ply >= p.limit {
			s.end = endLimit
		}
	}
	goals, why := p.compileWordGoals()
	p.declineFor(scopeProgram, 0, accelWordGoals, why)
	if why == "" {
		sp.goals = goals
		sp.decide = func(_ *Program, s *State, mover int) { goals.decide(s, mover) }
	}
	for code := 1; code < p.ncodes; code++ {
		sp.slot[code], sp.promotes[code] = uint8(p.codeOcc[code]), len(p.promos[code]) > 0
	}
	sp.board = p.boardMask[0]
	for b, c := range p.cellOf {
		sp.cell[b&63] = c
	}
	p.playout = sp
}

// stepSlots returns the occupancy slots idx of a kernel group (some: it
// has any), those past the players and neutral (always empty) made 7,
// the slots 7 last.
func (p *Program) stepSlots(some bool, idx [3]uint8) [3]uint8 {
	out := [3]uint8{7, 7, 7}
	if !some {
		return out
	}
	n := 0
	for _, sl := range idx {
		if int(sl) <= p.numPlayers && !slices.Contains(out[:n], sl) {
			out[n] = sl
			n++
		}
	}
	return out
}

func (sp *stepPlayouts) play(p *Program, s *State, rng *rand.Rand, ml *MoveList, maxPlies int) (plies int) {
	if !s.unlogged {
		return sp.logged.play(p, s, rng, ml, maxPlies)
	}
	td := &s.ax().kst.td
	var counts [maxBulk]int
	for (maxPlies <= 0 || plies < maxPlies) && s.end == endNone {
		mover := s.toMove
		sm := &sp.movers[mover]
		n := sp.count(s, sm.rules, td, &counts)
		if n == 0 {
			break
		}
		i := rng.IntN(n)
		k := 0
		for i >= counts[k&(maxBulk-1)] {
			i -= counts[k&(maxBulk-1)]
			k++
		}
		k &= maxBulk - 1
		r := &sm.rules[k]
		x, j := pickStep(&td[k], r.numDirs, counts[k], i)
		sp.step(p, s, r.takes, mover, x, x+r.dirs[j&(maxKernDirs-1)].shift)
		s.passes = 0
		s.ply++
		s.turns[mover]++
		s.toMove = sm.next
		sp.decide(p, s, mover)
		plies++
	}
	return plies
}

// noCodeSets stands for the sets per code of a Program that keeps none.
var noCodeSets [kernCodes]uint64

// count counts the steps of rules rs in s, keeping per rule their
// sources per direction (td) and their number (counts), and returns
// their total.
func (sp *stepPlayouts) count(s *State, rs []stepRule, td *[maxBulk][32]uint64, counts *[maxBulk]int) (n int) {
	occ := (*[kernSlots]uint64)(s.occ)
	oc := &noCodeSets
	if s.occC != nil {
		oc = (*[kernCodes]uint64)(s.occC)
	}
	empty := ^(occ[0] | occ[1] | occ[2] | occ[3] | occ[4] | occ[5] | occ[6] | occ[7]) & sp.board
	for k := range rs {
		r := &rs[k]
		a := occ[r.srcSlots[0]&7] | oc[r.srcCodes[0]&15]
		if r.srcMore {
			a |= occ[r.srcSlots[1]&7] | occ[r.srcSlots[2]&7] | oc[r.srcCodes[1]&15] | oc[r.srcCodes[2]&15] | oc[r.srcCodes[3]&15]
		}
		c := 0
		if a != 0 {
			e := empty&r.ontoEmpty | occ[r.ontoSlots[0]&7]
			if r.ontoMore {
				e |= occ[r.ontoSlots[1]&7] | occ[r.ontoSlots[2]&7]
			}
			// (each direction's steps kept in t, two directions at a
			// time: fewer loop tests)
			t := &td[k&(maxBulk-1)]
			nd, dirs := r.numDirs, &r.dirs
			j := 0
			for ; j+1 < nd; j += 2 {
				d, f := &dirs[j&(maxKernDirs-1)], &dirs[(j+1)&(maxKernDirs-1)]
				x := d.valid & a & bits.RotateLeft64(e, d.back)
				y := f.valid & a & bits.RotateLeft64(e, f.back)
				t[j&31], t[(j+1)&31] = x, y
				c += bits.OnesCount64(x) + bits.OnesCount64(y)
			}
			if j < nd {
				d := &dirs[j&(maxKernDirs-1)]
				x := d.valid & a & bits.RotateLeft64(e, d.back)
				t[j&31] = x
				c += bits.OnesCount64(x)
			}
		}
		counts[k&(maxBulk-1)] = c
		n += c
	}
	return n
}

// pickStep is selectLeap (step i of n whose sources per direction are
// t[:nd], source then direction), walking the sources of a few steps
// here.
func pickStep(t *[32]uint64, nd, n, i int) (x, j int) {
	if n > walkLeaps {
		return selectLeap(t, nd, n, i)
	}
	var u uint64
	for j := 0; j < nd; j++ {
		u |= t[j&31]
	}
	for {
		x = bits.TrailingZeros64(u) & 63
		for j = 0; j < nd; j++ {
			if t[j&31]>>uint(x)&1 != 0 {
				if i == 0 {
					return x, j
				}
				i--
			}
		}
		u &= u - 1
	}
}

// step makes a step from bit from to bit to (takes: the rule takes the
// piece it lands on): the piece on the landing (taken, or replaced)
// leaves the sets, the moving piece (promoted where a promotion
// applies) moves in them, in the cells and in the mailbox.
func (sp *stepPlayouts) step(p *Program, s *State, takes bool, mover, from, to int) {
	cells := s.cells
	occ := (*[kernSlots]uint64)(s.occ)
	fc, tc := sp.cell[from&63], sp.cell[to&63]
	fb, tb := uint64(1)<<uint(from&63), uint64(1)<<uint(to&63)
	code := cells[fc]
	old := cells[tc]
	if old != 0 {
		occ[sp.slot[old&15]&7] &^= tb
		if takes {
			s.captured[mover]++
			s.points[mover] += p.codePoints[old]
		}
	}
	pc := code
	if sp.promotes[code&15] {
		if to := p.promoteTo(code, int(tc)); to != 0 {
			pc = to
		}
	}
	cells[fc], cells[tc] = 0, pc
	occ[sp.slot[code&15]&7] &^= fb
	occ[sp.slot[pc&15]&7] |= tb
	if s.occC != nil {
		oc := (*[kernCodes]uint64)(s.occC)
		oc[old&15] &^= tb
		oc[code&15] &^= fb
		oc[pc&15] |= tb
	}
	if s.mailbox != nil {
		s.mailbox[p.cellB[fc].slot&mbMask] = 0
		s.mailbox[p.cellB[tc].slot&mbMask] = 1
	}
}

// decidesByWords tells whether playouts decide their ends by word tests
// (step-playouts with word-goals).
func (p *Program) decidesByWords() bool {
	sp, ok := p.playout.(*stepPlayouts)
	return ok && sp.goals != nil
}
