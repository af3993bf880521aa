package accel

// step-playouts: playouts of games whose every move is a one-cell step
// (a leap of one cell, without chains or guards) of a kernel tier
// (bulk1.go) on a board of one word, played on the occupancy words.
//
// The class: small step games (a chase of one piece by several, a race
// of pawns, on a board of at most 64 cells), whose moves are found
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
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/ruleplay/ruleplay/interp/internal/core"
)

// StepPlayouts is the playout drawer of step-playouts.
type StepPlayouts struct {
	// movers: per mover, the rules of the tier in order
	Movers []StepMover
	// cell: per bit of the word, its cell (bits past the board: 0)
	Cell [64]int32
	// slot, promotes: per piece code, its occupancy slot, and whether a
	// promotion applies to it
	Slot     [core.KernCodes]uint8
	Promotes [core.KernCodes]bool
	Board    uint64
	// logged: the drawer of States that record undo information
	Logged core.PlayoutDrawer
	// Decide decides the end after mover's step: by the word tests
	// (word-goals, goal_words.go) where they serve, else Apply's end
	Decide func(p *core.Program, s *core.State, mover int)
	// goals: the word tests decide uses (nil: Apply's end)
	Goals *WordGoals
}

// StepMover is the tier for one mover: its rules in order, and the
// player after it.
type StepMover struct {
	Rules []StepRule
	Next  int
}

// StepRule is one rule of the tier for one mover, from its kernel group
// (one rule, stepping one cell): the pieces it moves (the union of three
// occupancy slots and four sets per code, padded with sets that are
// always empty: a slot past the players and neutral, code 0), the cells
// it may step onto (three slots, and the empty cells of ontoEmpty), its
// directions, and whether it takes the piece it lands on.
type StepRule struct {
	SrcSlots  [3]uint8
	SrcCodes  [core.MaxKernCodes]uint8
	OntoSlots [3]uint8
	OntoEmpty uint64
	// srcMore, ontoMore: the pieces are more than the first slot and
	// code, the cells more than the empty ones and the first slot
	SrcMore, OntoMore bool
	Takes             bool
	NumDirs           int
	Dirs              [core.MaxKernDirs]StepDir
}

// StepDir is one direction of a stepRule: the cells whose step stays on
// the board, the rotation that brings each landing onto its source's
// bit, and the shift from source to landing.
type StepDir struct {
	Valid uint64
	Back  int
	Shift int
}

func (*StepPlayouts) Name() string     { return "steps counted, drawn and made on the occupancy word" }
func (*StepPlayouts) Unit() core.Accel { return core.AccelStepPlayouts }

// StepSlots returns the occupancy slots idx of a kernel group (some: it
// has any), those past the players and neutral (always empty) made 7,
// the slots 7 last.
func StepSlots(p *core.Program, some bool, idx [3]uint8) [3]uint8 {
	out := [3]uint8{7, 7, 7}
	if !some {
		return out
	}
	n := 0
	for _, sl := range idx {
		if int(sl) <= p.Players && !slices.Contains(out[:n], sl) {
			out[n] = sl
			n++
		}
	}
	return out
}

func (sp *StepPlayouts) Play(p *core.Program, s *core.State, rng *rand.Rand, ml *core.MoveList, maxPlies int) (plies int) {
	if !s.Unlogged {
		return sp.Logged.Play(p, s, rng, ml, maxPlies)
	}
	td := &ScratchOf(s).Kernel.Td
	var counts [core.MaxBulk]int
	for (maxPlies <= 0 || plies < maxPlies) && s.End == core.EndNone {
		mover := s.Mover
		sm := &sp.Movers[mover]
		n := sp.count(s, sm.Rules, td, &counts)
		if n == 0 {
			break
		}
		i := rng.IntN(n)
		k := 0
		for i >= counts[k&(core.MaxBulk-1)] {
			i -= counts[k&(core.MaxBulk-1)]
			k++
		}
		k &= core.MaxBulk - 1
		r := &sm.Rules[k]
		x, j := pickStep(&td[k], r.NumDirs, counts[k], i)
		sp.step(p, s, r.Takes, mover, x, x+r.Dirs[j&(core.MaxKernDirs-1)].Shift)
		s.Passes = 0
		s.PlyCount++
		s.Turns[mover]++
		s.Mover = sm.Next
		sp.Decide(p, s, mover)
		plies++
	}
	return plies
}

// noCodeSets stands for the sets per code of a Program that keeps none.
var noCodeSets [core.KernCodes]uint64

// count counts the steps of rules rs in s, keeping per rule their
// sources per direction (td) and their number (counts), and returns
// their total.
func (sp *StepPlayouts) count(s *core.State, rs []StepRule, td *[core.MaxBulk][32]uint64, counts *[core.MaxBulk]int) (n int) {
	occ := (*[core.KernSlots]uint64)(s.Occ)
	oc := &noCodeSets
	if s.OccC != nil {
		oc = (*[core.KernCodes]uint64)(s.OccC)
	}
	empty := ^(occ[0] | occ[1] | occ[2] | occ[3] | occ[4] | occ[5] | occ[6] | occ[7]) & sp.Board
	for k := range rs {
		r := &rs[k]
		a := occ[r.SrcSlots[0]&7] | oc[r.SrcCodes[0]&15]
		if r.SrcMore {
			a |= occ[r.SrcSlots[1]&7] | occ[r.SrcSlots[2]&7] | oc[r.SrcCodes[1]&15] | oc[r.SrcCodes[2]&15] | oc[r.SrcCodes[3]&15]
		}
		c := 0
		if a != 0 {
			e := empty&r.OntoEmpty | occ[r.OntoSlots[0]&7]
			if r.OntoMore {
				e |= occ[r.OntoSlots[1]&7] | occ[r.OntoSlots[2]&7]
			}
			// (each direction's steps kept in t, two directions at a
			// time: fewer loop tests)
			t := &td[k&(core.MaxBulk-1)]
			nd, dirs := r.NumDirs, &r.Dirs
			j := 0
			for ; j+1 < nd; j += 2 {
				d, f := &dirs[j&(core.MaxKernDirs-1)], &dirs[(j+1)&(core.MaxKernDirs-1)]
				x := d.Valid & a & bits.RotateLeft64(e, d.Back)
				y := f.Valid & a & bits.RotateLeft64(e, f.Back)
				t[j&31], t[(j+1)&31] = x, y
				c += bits.OnesCount64(x) + bits.OnesCount64(y)
			}
			if j < nd {
				d := &dirs[j&(core.MaxKernDirs-1)]
				x := d.Valid & a & bits.RotateLeft64(e, d.Back)
				t[j&31] = x
				c += bits.OnesCount64(x)
			}
		}
		counts[k&(core.MaxBulk-1)] = c
		n += c
	}
	return n
}

// pickStep is selectLeap (step i of n whose sources per direction are
// t[:nd], source then direction), walking the sources of a few steps
// here.
func pickStep(t *[32]uint64, nd, n, i int) (x, j int) {
	if n > core.WalkLeaps {
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
func (sp *StepPlayouts) step(p *core.Program, s *core.State, takes bool, mover, from, to int) {
	cells := s.Cells
	occ := (*[core.KernSlots]uint64)(s.Occ)
	fc, tc := sp.Cell[from&63], sp.Cell[to&63]
	fb, tb := uint64(1)<<uint(from&63), uint64(1)<<uint(to&63)
	code := cells[fc]
	old := cells[tc]
	if old != 0 {
		occ[sp.Slot[old&15]&7] &^= tb
		if takes {
			s.CapturedBy[mover]++
			s.Points[mover] += p.CodePoints[old]
		}
	}
	pc := code
	if sp.Promotes[code&15] {
		if to := p.PromoteTo(code, int(tc)); to != 0 {
			pc = to
		}
	}
	cells[fc], cells[tc] = 0, pc
	occ[sp.Slot[code&15]&7] &^= fb
	occ[sp.Slot[pc&15]&7] |= tb
	if s.OccC != nil {
		oc := (*[core.KernCodes]uint64)(s.OccC)
		oc[old&15] &^= tb
		oc[code&15] &^= fb
		oc[pc&15] |= tb
	}
	if s.Mailbox != nil {
		s.Mailbox[p.CellB[fc].Slot&core.MbMask] = 0
		s.Mailbox[p.CellB[tc].Slot&core.MbMask] = 1
	}
}

// DecidesByWords tells whether playouts decide their ends by word tests
// (step-playouts with word-goals).
func DecidesByWords(p *core.Program) bool {
	sp, ok := p.Playout.(*StepPlayouts)
	return ok && sp.Goals != nil
}
