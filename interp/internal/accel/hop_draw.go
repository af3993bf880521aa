package accel

import (
	"math/bits"

	"github.com/ruleplay/ruleplay/interp/internal/core"
)

// Drawing a hop race's move from counts kept per piece. The class: the
// tiers hop-count counts piece by piece (hop_count.go) whose rules are at
// most one rule of steps (counted by population counts) and at most one
// rule of chains counted by shared hop components, both moving the same
// pieces (the same occupancy slots and From cells, every piece code of a
// slot alike), in a game without the blockade filter: races in which a
// piece makes a step or a chain of hops, on any board.
//
// Why it is faster: hop-count's drawer runs the rules' generators twice
// per ply, a count pass and a select pass that walks every rule and
// piece again up to the move drawn, each rule setting up its sets and
// comparing the position with the one its counts were kept for. Here
// one loop over the mover's pieces counts both rules (a piece's steps are
// two population counts beside its first hops), the counts are kept with
// the pieces' bits and the position's sets, and the move drawn is found
// from them: the rule from the totals, the piece from its count, and only
// that piece's moves are walked, by the hop table's own walk
// (strat_hop.go: hopPiece), so that the order is Legal's. Registered as
// hop-draw (interp/hop_draw.go decides where it applies).

// HopDrawer counts a hop race's tier and keeps what SelectHop reads (a
// tier's drawer): the tier's rules, in order (one or two), the position
// of the step rule among them (-1: none; the other rule counts chains),
// and how the steps' landing set is made (StepLand).
type HopDrawer struct {
	Rules    []int
	Steps    int
	StepLand StepLand
}

// StepLand makes the landing set of the steps h of a HopDrawer's count
// (in dr.Land[0], or the chains' in dr.Land[1] where it is the same:
// LandOfChains), chains telling whether the chains' sets are made.
type StepLand func(g *core.Gen, dr *HopDrawn, h *HopRule, chains bool) *HopSet

// LandOfSteps makes the steps' landing set with their own PositionSets.
func LandOfSteps(g *core.Gen, dr *HopDrawn, h *HopRule, _ bool) *HopSet {
	h.PositionSets(g, h, &dr.Over[0], &dr.Land[0])
	return &dr.Land[0]
}

// LandOfChains reads the steps' landing set from the chains' (their Onto
// sets are equal: both land on the same empty cells) when the chains'
// sets are made.
func LandOfChains(g *core.Gen, dr *HopDrawn, h *HopRule, chains bool) *HopSet {
	if !chains {
		return LandOfSteps(g, dr, h, chains)
	}
	return &dr.Land[1]
}

func (*HopDrawer) Name() string { return "hop-draw" }

// HopDrawn is what a HopDrawer kept of the last position it counted: the
// drawer, per rule of its tier (by position) its total, per kind of rule
// (0 steps, 1 chains) its position sets and the steps' landing set
// (StepLand), and its pieces (the first N, in the order walked).
type HopDrawn struct {
	Drawer    *HopDrawer
	Total     [2]int
	Over      [2]HopSet
	Land      [2]HopSet
	EmptyOver []uint64 // the chains'
	StepLand  *HopSet
	N         int
	Pieces    [HopWords * 64]RacePiece
}

// RacePiece is a piece of a hop race as HopDrawer counted it: its bit,
// its steps and the cells its chains reach (0 where the rule's guard
// does not hold).
type RacePiece struct{ Bit, Steps, Chains int32 }

// Count counts the tier's moves for the mover of s (guards asked per
// rule), keeping each piece's counts for SelectHop.
func (d *HopDrawer) Count(p *core.Program, s *core.State, t *core.Tier, g *core.Gen, ml *core.MoveList) (int, bool) {
	hs := hopScratch(s)
	dr := &hs.Drawn
	if dr.Drawer != d {
		dr.Drawer = d
	}
	g.Bind(p, s, nil)
	g.Mover, g.R = s.Mover, &p.Rules[d.Rules[0]] // (the pieces moved: the rules' alike)
	var rules [2]*HopRule                        // (by kind: steps, chains; nil where the guard does not hold)
	for k, ri := range d.Rules {
		dr.Total[k] = 0
		if r := &p.Rules[ri]; p.GuardOK(s, r) {
			rules[kindAt(d, k)] = Tables(r).Hop
		}
		if len(hs.Counts) > ri {
			hs.Counts[ri].Mover = -1 // (hop-count's select pass would not find its counts)
		}
	}
	var lands [2]*HopSet
	if h := rules[1]; h != nil {
		dr.EmptyOver = h.PositionSets(g, h, &dr.Over[1], &dr.Land[1])
		lands[1] = &dr.Land[1]
		w := &hs.Walk
		w.HopMoverTables, w.Scratch, w.Rule, w.Over = &h.Movers[g.Mover], hs, h, &dr.Over[1]
		w.Free, w.Lifted = &dr.Land[1], dr.EmptyOver
		h.Renew(&hs.Components, h, w, &dr.Land[1], p.Nbits+2)
	}
	if h := rules[0]; h != nil {
		lands[0] = d.StepLand(g, dr, h, rules[1] != nil)
		if dr.StepLand != lands[0] {
			dr.StepLand = lands[0]
		}
	} else if rules[1] == nil {
		s.SelBulk = false
		return 0, false
	}
	totals := countRace(g, hs, rules, lands)
	for k := range d.Rules {
		if rules[kindAt(d, k)] != nil {
			dr.Total[k] = totals[kindAt(d, k)]
		}
	}
	n := dr.Total[0] + dr.Total[1]
	s.SelBulk = n > 0
	return n, false
}

// kindAt returns the kind of the rule at position k of d's tier: 0 steps,
// 1 chains.
func kindAt(d *HopDrawer, k int) int {
	if k == d.Steps {
		return 0
	}
	return 1
}

// countRace counts, in one loop over the mover's pieces, their steps
// (rules[0], landing on lands[0]) and the cells their chains reach
// (rules[1], on lands[1] and the hop components, hs.Walk set for it),
// either rule nil when its guard does not hold; it keeps the pieces in
// hs.Drawn and returns the totals by kind. A piece whose start a lock
// holds is counted on its lock's landing set (its chains by its own
// search).
func countRace(g *core.Gen, hs *HopScratch, rules [2]*HopRule, lands [2]*HopSet) (totals [2]int) {
	p, s, dr := g.P, g.S, &hs.Drawn
	c, w := &hs.Components, &hs.Walk
	steps, chains := rules[0], rules[1]
	stepLand, chainLand := lands[0], lands[1]
	h, nds := steps, 0
	var neighbours []uint64
	if steps != nil {
		neighbours = steps.Movers[g.Mover].Neighbours
	}
	if chains != nil {
		h, nds = chains, len(w.Dirs)
	}
	words, n := h.Words, 0
	stepHeld, chainHeld := steps.heldStarts(g.Mover), chains.heldStarts(g.Mover)
	for k := 0; k < s.NumWords; k++ {
		word, _ := hopPieceWord(g, h, k, nil)
		var stepHeldWord, chainHeldWord uint64
		if stepHeld != nil {
			stepHeldWord = stepHeld[k]
		}
		if chainHeld != nil {
			chainHeldWord = chainHeld[k]
		}
		if fast := words == 2 && steps != nil && chains != nil && w.L <= 2; fast && (word&(stepHeldWord|chainHeldWord)) == 0 {
			n, totals = raceTwoWords(dr, c, w, word, k, n, totals, neighbours, stepLand, chainLand)
			continue
		}
		for ; word != 0; word &= word - 1 {
			i := bits.TrailingZeros64(word)
			b := k<<6 | i
			var ns, nc int
			switch {
			case steps == nil:
			case stepHeldWord>>uint(i)&1 != 0:
				ns = lockedSteps(neighbours[b*words:b*words+words], stepLand, steps.Locks.Landings(g.Mover, int(p.CellOf[b])))
			case words == 2: // (two words read by index: no slice of the piece's set)
				ns = bits.OnesCount64(neighbours[2*b]&stepLand[0]) + bits.OnesCount64(neighbours[2*b+1]&stepLand[1])
			default:
				ns = freeNeighbours(neighbours[b*words:b*words+words], stepLand)
			}
			switch {
			case chains == nil:
			case chainHeldWord>>uint(i)&1 != 0:
				nc = lockedChains(g, chains, w, b, chainLand, &hs.Sets[2])
			case w.L > 2:
				nc = firstLandingsLong(c, w, b, nds, words)
			case words == 2: // (two words read by index; no call where no first landing is free)
				if lo, hi := c.Hops[2*b]&chainLand[0], c.Hops[2*b+1]&chainLand[1]; lo|hi != 0 {
					nc = landingsOf(c, w, lo, hi)
				}
			default:
				nc = firstLandings(c, w, c.Hops[b*words:b*words+words], chainLand)
			}
			dr.Pieces[n%len(dr.Pieces)] = RacePiece{Bit: int32(b), Steps: int32(ns), Chains: int32(nc)}
			n++
			totals[0] += ns
			totals[1] += nc
		}
	}
	dr.N = n
	return totals
}

// raceTwoWords is countRace's loop for the pieces of word k of the
// occupancy sets (from the n-th) on sets of two words, where both rules
// count, the leaps are of 1 or 2 and no lock holds a start: the values it
// reads are locals, the tests of the other cases left out. It returns
// the pieces kept and the totals.
func raceTwoWords(dr *HopDrawn, c *HopComponents, w *HopWalk, word uint64, k, n int, totals [2]int, neighbours []uint64, stepLand, chainLand *HopSet) (int, [2]int) {
	steps, chains := totals[0], totals[1]
	stepLow, stepHigh, chainLow, chainHigh := stepLand[0], stepLand[1], chainLand[0], chainLand[1]
	for ; word != 0; word &= word - 1 {
		b := k<<6 | bits.TrailingZeros64(word)
		ns := bits.OnesCount64(neighbours[2*b]&stepLow) + bits.OnesCount64(neighbours[2*b+1]&stepHigh)
		nc := 0
		if lo, hi := c.Hops[2*b]&chainLow, c.Hops[2*b+1]&chainHigh; lo|hi != 0 {
			nc = landingsOf(c, w, lo, hi)
		}
		dr.Pieces[n%len(dr.Pieces)] = RacePiece{Bit: int32(b), Steps: int32(ns), Chains: int32(nc)}
		n++
		steps += ns
		chains += nc
	}
	return n, [2]int{steps, chains}
}

// heldStarts is Locks.HeldStarts for rule h (nil: h is nil, or no lock).
func (h *HopRule) heldStarts(mover int) []uint64 {
	if h == nil {
		return nil
	}
	return h.Locks.HeldStarts(mover)
}

// lockedSteps counts a piece's steps whose landing its lock allows.
func lockedSteps(nb []uint64, land *HopSet, lock []uint64) int {
	n := 0
	for j, x := range nb {
		n += bits.OnesCount64(x & land[j%HopWords] & lock[j])
	}
	return n
}

// lockedChains counts the cells the chains of the piece on bit b reach
// within its lock's landing set (its own search; free: scratch).
func lockedChains(g *core.Gen, h *HopRule, w *HopWalk, b int, land, free *HopSet) int {
	lock := h.Locks.Landings(g.Mover, int(g.P.CellOf[b]))
	for j := range h.Words {
		free[j%HopWords] = land[j%HopWords] & lock[j]
	}
	w.Free = free
	n := countHopReach(g, h, w, b, lock)
	w.Free = land
	return n
}

// SelectHop writes move i of the moves a HopDrawer counted in s to ml:
// the rule from the totals, the piece from its count, and that piece's
// moves walked in hopLeaps' order (hopOnce, hopReach) up to the one drawn
// (Program.SelectKept).
func SelectHop(p *core.Program, s *core.State, ml *core.MoveList, i int) {
	dr := &hopScratch(s).Drawn
	d := dr.Drawer
	k := 0
	for ; k+1 < len(d.Rules) && i >= dr.Total[k]; k++ {
		i -= dr.Total[k]
	}
	kind, piece := kindAt(d, k), 0
	if kind == 0 {
		for ; i >= int(dr.Pieces[piece%len(dr.Pieces)].Steps); piece++ {
			i -= int(dr.Pieces[piece%len(dr.Pieces)].Steps)
		}
	} else {
		for ; i >= int(dr.Pieces[piece%len(dr.Pieces)].Chains); piece++ {
			i -= int(dr.Pieces[piece%len(dr.Pieces)].Chains)
		}
	}
	ri := d.Rules[k]
	h := Tables(&p.Rules[ri]).Hop
	t := &h.Movers[s.Mover]
	b := int(dr.Pieces[piece%len(dr.Pieces)].Bit)
	c := p.CellOf[b]
	land, free := dr.StepLand, &hopScratch(s).Sets[2]
	if kind == 1 {
		land = &dr.Land[1]
	}
	if lock := h.Locks.Landings(s.Mover, int(c)); lock != nil {
		for j := range h.Words {
			free[j%HopWords] = land[j%HopWords] & lock[j]
		}
	} else {
		for j := range h.Words {
			free[j%HopWords] = land[j%HopWords]
		}
	}
	var to uint32
	var dir int
	if kind == 0 {
		to, dir = nthStep(t, b, i, free)
	} else {
		over := &dr.Over[1]
		m, kept := uint64(1)<<(uint(b)&63), over[b>>6%HopWords]
		over[b>>6%HopWords] = kept&^m | dr.EmptyOver[b>>6]&m // the piece is lifted
		to, dir = nthReach(s, t, b, i, free, over)
		over[b>>6%HopWords] = kept
	}
	ml.Moves = append(ml.Moves, core.Mv{N: 2, Rule: int32(ri)})
	ml.Arena = append(ml.Arena, uint32(c), uint32(p.CellOf[to])|uint32(t.Dirs[dir])<<16)
}

// nthStep returns the landing bit and the direction (index in t.Dirs) of
// step j of the piece on bit b, in hopOnce's order (free: its landings).
func nthStep(t *HopMoverTables, b, j int, free *HopSet) (uint32, int) {
	nds := len(t.Dirs)
	for k, e := range t.Leaps[b*nds : b*nds+nds] {
		if to := uint32(e); free[to>>6%HopWords]>>(to&63)&1 != 0 {
			if j == 0 {
				return to, k
			}
			j--
		}
	}
	panic("hop-draw: a piece has fewer steps than counted")
}

// nthReach returns the landing bit and the direction (index in t.Dirs)
// of the last leap of the j-th cell the chains of the piece on bit b
// reach, in hopReach's order (free: its landings, which it takes the
// cells reached out of; over: the piece lifted).
func nthReach(s *core.State, t *HopMoverTables, b, j int, free, over *HopSet) (uint32, int) {
	nds, L := len(t.Dirs), t.L
	stack := append(s.Todo[:0], int32(b))
	to, dir := uint32(0), -1
walk:
	for len(stack) > 0 {
		x := int(stack[len(stack)-1])
		stack = stack[:len(stack)-1]
		for k, e := range t.Leaps[x*nds : x*nds+nds] {
			y := uint32(e >> 32)
			if to = uint32(e); free[to>>6%HopWords]>>(to&63)&1 == 0 || over[y>>6%HopWords]>>(y&63)&1 == 0 {
				continue
			}
			if L > 2 && !overRestOn(t, x*nds+k, over) {
				continue
			}
			if j == 0 {
				dir = k
				break walk
			}
			j--
			free[to>>6%HopWords] &^= 1 << (to & 63)
			if t.GoOn[to>>6]>>(to&63)&1 != 0 {
				stack = append(stack, int32(to))
			}
		}
	}
	if cap(stack) != cap(s.Todo) { // (a pointer store costs a write barrier while the collector runs)
		s.Todo = stack
	}
	if dir < 0 {
		panic("hop-draw: a piece reaches fewer cells than counted")
	}
	return to, dir
}
