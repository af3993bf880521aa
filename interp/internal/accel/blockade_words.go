package accel

// blockade-words: the no-blockade filter (ir.NoBlockade: the moves after
// which the next player has none are dropped, unless that drops them
// all) decided without playing the moves. The class: every rule a shift
// rule on a one-word board selecting every piece of its owners (or a
// removal without conditions), every guard depending on the turn and ply
// counters alone. A first leap of the next player from c depends on the
// cells c, c+sh, ..., c+L*sh alone; so, with K the cells a move may
// change (start, landings, cells passed over), the next player keeps a
// move when one of its first leaps avoids K (NextSurvives: the first-leap
// formula with K removed from every set). K is first the union over all
// candidates: usually one test decides for the whole list. Otherwise
// each move is tested with its own K (the witnesses), then exactly on
// the occupancy words after it (AfterMove, nextHasMove). Why it is
// faster: the core plays each move and asks the next player's moves
// (BlockadeByPlaying); here a move costs a few shifts.

import (
	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
)

// NextGuards evaluates every rule's guard for the next player as it will
// be after the player to move has moved (blockade-words: the guards depend on
// the counters alone).
func NextGuards(p *core.Program, s *core.State) {
	x := ScratchOf(s)
	if len(x.NextOK) < len(p.Rules) {
		x.NextOK = make([]bool, len(p.Rules))
		for i := range x.NextOK {
			x.NextOK[i] = true
		}
	}
	if len(p.GuardedRules) == 0 {
		return // no guard: every rule stays true
	}
	mover := s.Mover
	p.NextTurn(s, mover)
	for _, i := range p.GuardedRules {
		x.NextOK[i] = p.GuardHolds(s, &p.Rules[i])
	}
	s.Mover = mover
	s.Turns[mover]--
	s.PlyCount--
}

// witness is a set of first leaps of the next player in one direction of
// one rule: the sources t, the shift sh of the direction and the length l
// (0: removals). A first leap from c depends on the cells c + k*sh, k =
// 0..l, alone (shift rules look at the slot of a cell or its emptiness;
// the rule selects every piece of its owners; guards depend on counters).
type witness struct {
	t     uint64
	sh, l int32
}

// Witnesses fills Scratch.Witnesses with the next player's first leaps in the
// position of s (blockade-words, after nextGuards).
func Witnesses(p *core.Program, s *core.State) {
	var w [core.MaxSlots]uint64
	copy(w[:p.Players+1], s.Occ[:p.Players+1])
	nextLeaps(p, s, &w, 0, true)
}

// NextSurvives tells whether the next player has a first leap (in the
// position of s) that depends on no cell of k: it is still there after
// any move that changes only cells of k (blockade-words, after nextGuards).
func NextSurvives(p *core.Program, s *core.State, k uint64) bool {
	var w [core.MaxSlots]uint64
	copy(w[:p.Players+1], s.Occ[:p.Players+1])
	return nextLeaps(p, s, &w, k, false)
}

// nextLeaps looks for the next player's first leaps with the occupancy
// words w, leaving out those that depend on a cell of k (blockade-words, after
// nextGuards). With record it fills Scratch.Witnesses with them and reports whether
// there is one; otherwise it stops at the first.
func nextLeaps(p *core.Program, s *core.State, w *[core.MaxSlots]uint64, k uint64, record bool) bool {
	np := p.Players
	next := p.After(s.Mover)
	var all uint64
	for sl := 0; sl <= np; sl++ {
		all |= w[sl]
	}
	empty := ^all & p.BoardMask[0]
	x := ScratchOf(s)
	nextOK := x.NextOK
	if record {
		x.Witnesses = x.Witnesses[:0]
	}
	found := false
	for _, ri := range p.BlockRules {
		if !nextOK[ri] {
			continue
		}
		r := &p.Rules[ri]
		src, o, e := RuleWords(r, w[:], np, next, empty)
		if src &^= k; src == 0 {
			continue
		}
		if r.Action == ir.Remove {
			if !record {
				return true
			}
			x.Witnesses = append(x.Witnesses, witness{t: src})
			found = true
			continue
		}
		L := r.Length
		o, e = o&^k, e&^k
		for _, d := range r.Dirs[next] {
			sh := p.DirShift[d]
			t := r.ValidL[d] & src & core.ShiftBack(e, L*sh)
			for j := 1; j < L; j++ {
				t &= core.ShiftBack(o, j*sh)
			}
			if t == 0 {
				continue
			}
			if !record {
				return true
			}
			x.Witnesses = append(x.Witnesses, witness{t, int32(sh), int32(L)})
			found = true
		}
	}
	return found
}

// survives tells whether some witness depends on no cell of k (a set of
// cells a move may change): the next player keeps that move.
func survives(wit []witness, k uint64) bool {
	for _, w := range wit {
		x := k
		for j := int32(1); j <= w.l; j++ {
			x |= core.ShiftBack(k, int(j*w.sh))
		}
		if w.t&^x != 0 {
			return true
		}
	}
	return false
}

// touched returns the bits of the cells a move of rule r with this path
// may change: its start, its landings and (capturing jumped pieces) the
// cells it passes over.
func touched(p *core.Program, r *core.Rule, path []uint32) uint64 {
	bitOf := p.BitOf
	k := uint64(1) << uint(bitOf[path[0]])
	if r.Action == ir.Remove {
		return k
	}
	cur := int(path[0])
	L, nd := r.Length, p.NumDirs
	for _, e := range path[1:] {
		land, d := int(e&0xffff), int(e>>16&core.DirMask)
		k |= 1 << uint(bitOf[land])
		if r.Capture == ir.CaptureJumped {
			base := (cur*nd + d) * L
			for j := 0; j < L-1; j++ {
				k |= 1 << uint(bitOf[r.Leap[base+j]])
			}
		}
		cur = land
	}
	return k
}

// KeepsMove tells whether the next player has a candidate move after the
// move of rule r with this path, played by the player to move in s
// (blockade-words; Scratch.NextOK and Scratch.Witnesses filled by NextGuards and Witnesses).
// Only the occupancy bitsets of s are read: they must be those of the
// position the move is played from (generators change cells, not bitsets,
// while exploring chains).
func KeepsMove(p *core.Program, s *core.State, r *core.Rule, path []uint32) bool {
	if survives(ScratchOf(s).Witnesses, touched(p, r, path)) {
		return true
	}
	var w [core.MaxSlots]uint64
	AfterMove(p, s, r, path, &w)
	return nextHasMove(p, s, &w)
}

// AfterMove fills w with the occupancy words (per slot) after the move of
// rule r (a leap or a removal) with this path, played from s (whose
// bitsets must be those of the position: see keepsMove).
func AfterMove(p *core.Program, s *core.State, r *core.Rule, path []uint32, w *[core.MaxSlots]uint64) {
	ns := p.Players + 1
	copy(w[:ns], s.Occ[:ns])
	bitOf := p.BitOf
	// take clears bit b of whichever slot holds it and returns the slot.
	take := func(b uint64) int {
		for sl := 0; sl < ns; sl++ {
			if w[sl]&b != 0 {
				w[sl] &^= b
				return sl
			}
		}
		return -1
	}
	start := int(path[0])
	sl := take(1 << uint(bitOf[start]))
	if r.Action == ir.Remove {
		return
	}
	cur := start
	L, nd := r.Length, p.NumDirs
	for _, e := range path[1:] {
		land, d := int(e&0xffff), int(e>>16&core.DirMask)
		switch r.Capture {
		case ir.CaptureJumped:
			base := (cur*nd + d) * L
			for k := 0; k < L-1; k++ {
				take(1 << uint(bitOf[r.Leap[base+k]]))
			}
		case ir.CaptureLanding:
			take(1 << uint(bitOf[land]))
		}
		cur = land
	}
	if sl >= 0 {
		w[sl] |= 1 << uint(bitOf[cur])
	}
}

// nextHasMove tells whether the next player has a move with the
// occupancy words w (blockade-words).
func nextHasMove(p *core.Program, s *core.State, w *[core.MaxSlots]uint64) bool {
	return nextLeaps(p, s, w, 0, false)
}

// RuleWords returns, from the occupancy words per slot w (one word each)
// and the empty cells, the pieces rule r selects for player pl and the
// cells satisfying its Over and Onto conditions (shift rules: by slot).
func RuleWords(r *core.Rule, w []uint64, np, pl int, empty uint64) (src, o, e uint64) {
	sm := r.SrcSlots[pl]
	var om, em uint64 // (none for removals)
	if r.OverSlots != nil {
		om, em = r.OverSlots[pl], r.OntoSlots[pl]
	}
	w = w[:np+1]
	for sl, x := range w {
		src |= x & -(sm >> uint(sl) & 1)
		o |= x & -(om >> uint(sl) & 1)
		e |= x & -(em >> uint(sl) & 1)
	}
	o |= empty & -(om >> uint(np+1) & 1)
	e |= empty & -(em >> uint(np+1) & 1)
	return src, o, e
}

// TouchedByMoves returns the cells the moves of ml may change.
func TouchedByMoves(p *core.Program, s *core.State, t *core.Tier, ml *core.MoveList) uint64 {
	var k uint64
	for _, m := range ml.Moves {
		k |= touched(p, &p.Rules[m.Rule], ml.Arena[m.Off:m.Off+m.N])
	}
	return k
}

// FilteredWalkCounter runs the tier's generators in count mode (after
// its gate) in a game with the blockade filter, counting the moves it
// keeps (or all of them when it keeps none).
type FilteredWalkCounter struct{ Gate core.TierGate }

func (*FilteredWalkCounter) Name() string {
	return "generators (count, blockade filter on words)"
}

func (c *FilteredWalkCounter) Count(p *core.Program, s *core.State, t *core.Tier, g *core.Gen, ml *core.MoveList) (int, bool) {
	s.SelBulk = false
	if c.Gate != nil && !c.Gate.Open(p, s, t) {
		return 0, false
	}
	g.Bind(p, s, nil)
	g.Mover, g.Found, g.Sink, g.Sel = s.Mover, false, core.SinkCountFiltered, -1
	g.N, g.Passed = 0, 0
	Witnesses(p, s)
	p.RunTier(s, t, g)
	switch {
	case g.N == 0:
		return 0, false
	case g.Passed > 0:
		s.SelFiltered = g.Passed < g.N
		return g.Passed, false
	}
	return g.N, false
}
