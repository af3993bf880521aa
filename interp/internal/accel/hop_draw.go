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
// slot alike), in a game without the blockade filter: the races of
// Halma's family, a step or a chain of hops, on any board.
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
// tier's drawer): the tier's rules, in order (one or two), and the
// position of the step rule among them (-1: none; the other rule counts
// chains).
type HopDrawer struct {
	Rules []int
	Steps int
}

func (*HopDrawer) Name() string { return "hop-draw" }

// HopDrawn is what a HopDrawer kept of the last position it counted: the
// drawer, per rule of its tier (by position) its total and its position
// sets, and per piece (in the order walked) its bit and its count by
// kind of rule (Counts[0]: steps, Counts[1]: chains; 0 where the rule's
// guard does not hold).
type HopDrawn struct {
	Drawer    *HopDrawer
	Total     [2]int
	Over      [2]HopSet
	Land      [2]HopSet
	EmptyOver [2][]uint64
	Bits      []int32
	Counts    [2][]int32
}

// Count counts the tier's moves for the mover of s (guards asked per
// rule), keeping each piece's counts for SelectHop.
func (d *HopDrawer) Count(p *core.Program, s *core.State, t *core.Tier, g *core.Gen, ml *core.MoveList) (int, bool) {
	hs := hopScratch(s)
	dr := &hs.Drawn
	if dr.Drawer != d {
		dr.Drawer = d
	}
	g.Bind(p, s, nil)
	g.Mover = s.Mover
	var rules [2]*HopRule // (by kind: steps, chains; nil where the guard does not hold)
	var lands [2]*HopSet
	for k, ri := range d.Rules {
		r := &p.Rules[ri]
		dr.Total[k] = 0
		if !p.GuardOK(s, r) {
			continue
		}
		g.R = r
		h := Tables(r).Hop
		dr.EmptyOver[k] = h.PositionSets(g, h, &dr.Over[k], &dr.Land[k])
		kind := kindAt(d, k)
		rules[kind], lands[kind] = h, &dr.Land[k]
		if kind == 1 {
			w := &hs.Walk
			w.HopMoverTables, w.Scratch, w.Rule, w.Over = &h.Movers[g.Mover], hs, h, &dr.Over[k]
			w.Free, w.Lifted = &dr.Land[k], dr.EmptyOver[k]
			h.Renew(&hs.Components, h, w, &dr.Land[k], p.Nbits+2)
		}
		if len(hs.Counts) > ri {
			hs.Counts[ri].Mover = -1 // (hop-count's select pass would not find its counts)
		}
	}
	if rules[0] == nil && rules[1] == nil {
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
// either rule nil when its guard does not hold; it keeps the pieces'
// bits and counts in hs.Drawn and returns the totals by kind. A piece
// whose start a lock holds is counted on its lock's landing set (its
// chains by its own search).
func countRace(g *core.Gen, hs *HopScratch, rules [2]*HopRule, lands [2]*HopSet) (totals [2]int) {
	p, s := g.P, g.S
	dr := &hs.Drawn
	c, w := &hs.Components, &hs.Walk
	steps, chains := rules[0], rules[1]
	stepLand, chainLand := lands[0], lands[1]
	h := steps
	var neighbours []uint64
	if steps != nil {
		neighbours = steps.Movers[g.Mover].Neighbours
	}
	nds := 0
	if chains != nil {
		h, nds = chains, len(w.Dirs)
	}
	words := h.Words
	stepHeld, chainHeld := steps.heldStarts(g.Mover), chains.heldStarts(g.Mover)
	dr.Bits, dr.Counts[0], dr.Counts[1] = dr.Bits[:0], dr.Counts[0][:0], dr.Counts[1][:0]
	for k := 0; k < s.NumWords; k++ {
		word, _ := hopPieceWord(g, h, k, nil)
		for ; word != 0; word &= word - 1 {
			i := bits.TrailingZeros64(word)
			b := k<<6 | i
			var ns, nc int
			switch {
			case steps == nil:
			case heldAt(stepHeld, k, i):
				ns = lockedSteps(neighbours[b*words:b*words+words], stepLand, steps.Locks.Landings(g.Mover, int(p.CellOf[b])))
			case words == 2:
				ns = bits.OnesCount64(neighbours[2*b]&stepLand[0]) + bits.OnesCount64(neighbours[2*b+1]&stepLand[1])
			default:
				ns = freeNeighbours(neighbours[b*words:b*words+words], stepLand)
			}
			switch {
			case chains == nil:
			case heldAt(chainHeld, k, i):
				nc = lockedChains(g, chains, w, b, chainLand, &hs.Sets[2])
			case w.L > 2:
				nc = firstLandingsLong(c, w, b, nds, words)
			default: // (its first landings, in this loop: a call per piece costs more)
				c.Piece++
				for _, e := range w.Leaps[b*nds : b*nds+nds] {
					land, y := uint32(e), uint32(e>>32)
					if c.Marks[land%uint32(len(c.Marks))]&markFree == 0 || c.Marks[y%uint32(len(c.Marks))]&markOver == 0 {
						continue
					}
					var id int32
					if c.Unseen[land>>6%HopWords]>>(land&63)&1 != 0 {
						id = search(c, w, land, words)
					} else if id = c.Of[land]; c.Counted[id] == c.Piece {
						continue
					}
					c.Counted[id] = c.Piece
					nc += int(c.Size[id])
				}
			}
			dr.Bits = append(dr.Bits, int32(b))
			dr.Counts[0] = append(dr.Counts[0], int32(ns))
			dr.Counts[1] = append(dr.Counts[1], int32(nc))
			totals[0] += ns
			totals[1] += nc
		}
	}
	return totals
}

// heldStarts is Locks.HeldStarts for rule h (nil: h is nil, or no lock).
func (h *HopRule) heldStarts(mover int) []uint64 {
	if h == nil {
		return nil
	}
	return h.Locks.HeldStarts(mover)
}

// heldAt tells whether bit i of word k is in held (nil: none).
func heldAt(held []uint64, k, i int) bool {
	return held != nil && held[k]>>uint(i)&1 != 0
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
// moves walked by the hop table up to the one drawn (Program.SelectKept).
func SelectHop(p *core.Program, s *core.State, ml *core.MoveList, i int) {
	hs := hopScratch(s)
	dr := &hs.Drawn
	d := dr.Drawer
	k := 0
	for ; k+1 < len(d.Rules) && i >= dr.Total[k]; k++ {
		i -= dr.Total[k]
	}
	counts := dr.Counts[kindAt(d, k)]
	piece := 0
	for i >= int(counts[piece]) {
		i -= int(counts[piece])
		piece++
	}
	r := &p.Rules[d.Rules[k]]
	h := Tables(r).Hop
	g := &s.Gen
	g.Bind(p, s, nil)
	g.StartSelect(s.Mover, i, ml, false)
	g.R = r
	w := &hs.Walk
	w.HopMoverTables, w.Scratch, w.Rule, w.Over = &h.Movers[g.Mover], hs, h, &dr.Over[k]
	w.Lifted = dr.EmptyOver[k]
	hopPiece(g, w, int(dr.Bits[piece]), &dr.Land[k], &hs.Sets[2], dr.EmptyOver[k])
	g.Out = nil
}
