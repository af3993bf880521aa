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
// steps are counted, the one drawn is found (rule, then source,
// then direction, Legal's order: the same game for the same draws), and
// it is made by a few bit flips on the occupancy words and two cell
// writes; the end is decided as Apply decides it (StepEnds:
// word-goals where it serves). The empty cells are kept from ply to ply
// (a step empties its source and fills its landing), and the number is
// drawn as rng.IntN draws it, without its calls (draw). The draw, the
// search by pieces (inlined: sourceByPieces, landing) and the step are
// written in the loop itself: a call per ply (and Go's test of the
// processor before each bit count, whose fallback is a call) keeps the
// loop's values on the stack; the count is a call of its own (count),
// which costs a game with a drop opening about 2% of a playout.
//
// A rule's steps are counted one of two ways. While its pieces are few
// (FewPieces: a player that starts with at most stepFewPieces pieces; a
// step adds none), piece by piece: a piece's steps are its landings
// (Landings, one set per source cell) on the cells the rule steps onto,
// one bit count per piece, and the step drawn is found by walking the
// pieces, then the source's landings in the rule's order of directions
// (Lands). Otherwise, by directions: per direction, the pieces whose
// landing the rule may step onto, one shifted word and one bit count per
// direction, and the step drawn is found as selectLeap finds it. A
// chase's lone piece has four directions but one source: one count
// instead of four, and no walk over the directions' words to find it.
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
	// (per slot: a mover's slot is its number, below kernSlots)
	Movers [core.KernSlots]StepMover
	// cell: per bit of the word, its cell (bits past the board: 0)
	Cell [64]int32
	// slot, promotes: per piece code, its occupancy slot, and whether a
	// promotion applies to it
	Slot     [core.KernCodes]uint8
	Promotes [core.KernCodes]bool
	Board    uint64
	// logged: the drawer of States that record undo information
	Logged core.PlayoutDrawer
	// Ends decides the end after mover's step: the word tests
	// (word-goals, goal_words.go) where they serve, else Apply's end
	Ends StepEnds
	// goals: the word tests decide uses (nil: Apply's end)
	Goals *WordGoals
}

// StepEnds decides the end of a game after a step of mover, as Apply
// would.
type StepEnds interface {
	Decide(p *core.Program, s *core.State, mover int)
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
	// Landings: per bit of a source, the bits its steps land on (those
	// that stay on the board; two directions never land on one cell
	// where FewPieces is not 0); FewPieces: while the rule's pieces are
	// at most that many, its steps are counted piece by piece
	Landings  [64]uint64
	FewPieces int
	// Lands: per bit of a source, the landing of each of its steps that
	// stay on the board (as a set of one bit), in the rule's order of
	// directions, then 0
	Lands [64][core.MaxKernDirs + 1]uint64
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
	occ := (*[core.KernSlots]uint64)(s.Occ)
	oc := &noCodeSets
	if s.OccC != nil {
		oc = (*[core.KernCodes]uint64)(s.OccC)
	}
	// (a step empties its source and fills its landing: the empty cells
	// are found once, then kept)
	empty := ^(occ[0] | occ[1] | occ[2] | occ[3] | occ[4] | occ[5] | occ[6] | occ[7]) & sp.Board
	var f stepsFound
	f.td = &ScratchOf(s).Kernel.Td
	for (maxPlies <= 0 || plies < maxPlies) && s.End == core.EndNone {
		mover := s.Mover
		sm := &sp.Movers[mover&(core.KernSlots-1)]
		n := f.count(sm.Rules, occ, oc, empty)
		if n == 0 {
			break
		}
		// (draw's number, without its call)
		hi, lo := reduce(rng.Uint64(), uint64(n))
		if lo < uint64(n) {
			hi = redraw(rng, uint64(n), hi, lo)
		}
		i := int(hi)
		k := 0
		for i >= f.counts[k&(core.MaxBulk-1)] {
			i -= f.counts[k&(core.MaxBulk-1)]
			k++
		}
		k &= core.MaxBulk - 1
		r := &sm.Rules[k]
		var from, to int
		if f.pieces[k] != 0 {
			from, i = f.sourceByPieces(r, k, i)
			to = landing(&r.Lands[from], f.onto[k], i)
		} else {
			from, to = f.pickByDirections(r, k, i)
		}
		// The step: the piece on the landing (taken, or replaced) leaves
		// the sets, the moving piece (promoted where a promotion
		// applies) moves in them, in the cells and in the mailbox.
		// (In the loop, not called: a call here spills the loop's values.)
		cells := s.Cells
		fc, tc := sp.Cell[from&63], sp.Cell[to&63]
		fb, tb := uint64(1)<<uint(from&63), uint64(1)<<uint(to&63)
		code, old := cells[fc], cells[tc]
		if old != 0 {
			occ[sp.Slot[old&15]&7] &^= tb
			if r.Takes {
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
			oc[old&15] &^= tb
			oc[code&15] &^= fb
			oc[pc&15] |= tb
		}
		if s.Mailbox != nil {
			s.Mailbox[p.CellB[fc].Slot&core.MbMask] = 0
			s.Mailbox[p.CellB[tc].Slot&core.MbMask] = 1
		}
		empty = empty&^tb | fb
		s.Passes = 0
		s.PlyCount++
		s.Turns[mover]++
		s.Mover = sm.Next
		sp.Ends.Decide(p, s, mover)
		plies++
	}
	return plies
}

// count counts the steps of rules (the mover's) in the position of the
// occupancy sets occ and oc and the empty cells: per rule, piece by piece
// (its landings on the cells it steps onto) while its pieces are few,
// else by directions (its pieces whose landing in a direction it may step
// onto), keeping what the draw needs. It returns their total.
func (f *stepsFound) count(rules []StepRule, occ *[core.KernSlots]uint64, oc *[core.KernCodes]uint64, empty uint64) (n int) {
	for k := range rules {
		r := &rules[k]
		k &= core.MaxBulk - 1
		a := occ[r.SrcSlots[0]&7] | oc[r.SrcCodes[0]&15]
		if r.SrcMore {
			a |= occ[r.SrcSlots[1]&7] | occ[r.SrcSlots[2]&7] | oc[r.SrcCodes[1]&15] | oc[r.SrcCodes[2]&15] | oc[r.SrcCodes[3]&15]
		}
		e := empty&r.OntoEmpty | occ[r.OntoSlots[0]&7]
		if r.OntoMore {
			e |= occ[r.OntoSlots[1]&7] | occ[r.OntoSlots[2]&7]
		}
		c := 0
		f.pieces[k], f.onto[k] = a, e
		if bits.OnesCount64(a) <= r.FewPieces {
			for b := a; b != 0; b &= b - 1 {
				c += bits.OnesCount64(r.Landings[bits.TrailingZeros64(b)&63] & e)
			}
		} else {
			// (two directions at a time: a rule of an odd number of
			// directions has one more that has no cell)
			t := &f.td[k]
			for j := 0; j < r.NumDirs; j += 2 {
				d, g := &r.Dirs[j&(core.MaxKernDirs-1)], &r.Dirs[(j+1)&(core.MaxKernDirs-1)]
				x := d.Valid & a & bits.RotateLeft64(e, d.Back)
				y := g.Valid & a & bits.RotateLeft64(e, g.Back)
				t[j&31], t[(j+1)&31] = x, y
				c += bits.OnesCount64(x) + bits.OnesCount64(y)
			}
			f.pieces[k] = 0
		}
		f.counts[k] = c
		n += c
	}
	return n
}

// sourceByPieces finds the source of step i of rule r (the k-th)
// counted piece by piece, walking the pieces, each with the number of
// its landings on the cells the rule steps onto, and the step's index
// among the source's (landing finds its landing). Small enough, with
// landing, to be inlined into the playout loop.
func (f *stepsFound) sourceByPieces(r *StepRule, k, i int) (from, j int) {
	e, u := f.onto[k], f.pieces[k]
	for {
		from = bits.TrailingZeros64(u) & 63
		c := bits.OnesCount64(r.Landings[from] & e)
		if i < c || u == 0 {
			break
		}
		i -= c
		u &= u - 1
	}
	return from, i
}

// landing returns the landing of step i among lands (a source's
// landings in the rule's order of directions) on the cells e.
func landing(lands *[core.MaxKernDirs + 1]uint64, e uint64, i int) int {
	for _, l := range lands {
		if e&l != 0 {
			if i == 0 {
				return bits.TrailingZeros64(l)
			}
			i--
		}
	}
	panic("step-playouts: step out of range")
}

// noCodeSets stands for the sets per code of a Program that keeps none.
var noCodeSets [core.KernCodes]uint64

// stepsFound is what a ply found, per rule of the mover: the number of
// its steps, and either (counted piece by piece) its pieces and the
// cells it steps onto, or (by directions: pieces 0) its sources per
// direction.
type stepsFound struct {
	counts [core.MaxBulk]int
	pieces [core.MaxBulk]uint64
	onto   [core.MaxBulk]uint64
	td     *[core.MaxBulk][32]uint64
}

// pickByDirections finds step i of rule r (the k-th) counted by
// directions, source then direction (Legal's order), and returns the
// bits of its source and landing: as selectLeap does among many,
// walking the sources of a few.
func (f *stepsFound) pickByDirections(r *StepRule, k, i int) (from, to int) {
	k &= core.MaxBulk - 1
	t, nd := &f.td[k], r.NumDirs
	if f.counts[k] > core.WalkLeaps {
		x, j := selectLeap(t, nd, f.counts[k], i)
		return x, x + r.Dirs[j&(core.MaxKernDirs-1)].Shift
	}
	var u uint64
	for j := 0; j < nd; j++ {
		u |= t[j&31]
	}
	for ; u != 0; u &= u - 1 {
		x := bits.TrailingZeros64(u) & 63
		for j := 0; j < nd; j++ {
			if t[j&31]>>uint(x)&1 != 0 {
				if i == 0 {
					return x, x + r.Dirs[j&(core.MaxKernDirs-1)].Shift
				}
				i--
			}
		}
	}
	panic("step-playouts: step out of range")
}

// draw is rng.IntN(n) (n > 0), the same number from the same draws,
// without its calls (Play draws as it does, inlined).
func draw(rng *rand.Rand, n int) int {
	hi, lo := reduce(rng.Uint64(), uint64(n))
	if lo < uint64(n) {
		hi = redraw(rng, uint64(n), hi, lo)
	}
	return int(hi)
}

// reduce is Uint64N's reduction of a draw x to a number below m: a mask
// for a power of two (lo m), else the high word hi of the product x*m,
// whose low word lo below m may say it is biased (redraw). (The mask is
// chosen without a jump: the number of moves is a power of two about as
// often as not.)
func reduce(x, m uint64) (hi, lo uint64) {
	hi, lo = bits.Mul64(x, m)
	if m&(m-1) == 0 {
		hi, lo = x&(m-1), m
	}
	return hi, lo
}

// redraw ends Uint64N's reduction of the product hi, lo of a draw and m
// whose low word is below m: it draws again while the number would be
// biased.
func redraw(rng *rand.Rand, m, hi, lo uint64) uint64 {
	thresh := -m % m
	for lo < thresh {
		hi, lo = bits.Mul64(rng.Uint64(), m)
	}
	return hi
}

// DecidesByWords tells whether playouts decide their ends by word tests
// (step-playouts with word-goals).
func DecidesByWords(p *core.Program) bool {
	sp, ok := p.Playout.(*StepPlayouts)
	return ok && sp.Goals != nil
}
