package core

import (
	"github.com/ruleplay/ruleplay/ir"
)

// Counting and selecting moves.
//
// Perft's last ply only needs the number of moves, and a random playout
// only one move drawn among them. Generators have a count mode (the
// sink counts what emit gives) and a select mode (it counts and keeps
// move i alone); both give Legal's numbers and order exactly. Each tier
// runs the counter and the drawer the planner stored for it (Tier.Run):
// the core's own run the tier's generators in count mode
// (WalkCounter), or list the moves once (WalkLister, CheckedListCounter)
// where a tidy step (dedup, merge by ends, the majority) needs them
// built; the accelerators' count on occupancy words, tables or the
// mailbox without building moves (interp/internal/accel: bulk.go,
// bulk1.go, strat_group.go, hop_count.go, mailbox.go, each file opening
// with the class it serves). RandomPlayout draws with the Program's
// stored playout drawer; either way it plays the game of the loop Legal,
// rng.IntN, Apply for the same generator. Counters that see the position
// in a representation of their own (the occupancy words after a move not
// played, the mailbox) walk the tiers with firstTierCount.
//
// The blockade filter (ir.NoBlockade) asks, for every candidate, whether
// the next player has a candidate move afterwards. The core plays the
// move, asks the next player's candidates (existence mode) and takes it
// back (BlockadeByPlaying). When every rule is a shift rule on a one-word
// board selecting every piece of its owners (or a removal without
// conditions) and every guard depends on the turn and ply counters alone
// (blockade-words: Program.Blockade is BlockadeOnWords), this is decided
// without playing the move. A first leap of the next player from c
// depends on the cells c, c+sh, ..., c+L*sh alone; so, with K the cells a
// move may change (start, landings, cells passed over), the next player
// keeps a move when one of its first leaps avoids K (NextSurvives: the
// first-leap formula with K removed from every set). K is first the union
// over all candidates: usually one test decides for the whole list.
// Otherwise each move is tested with its own K, then exactly on the
// occupancy words after it (AfterMove, nextHasMove).

// MaxSlots bounds the occupancy slots (players + neutral) of blockade-words.
const MaxSlots = 8

// walkLeaps: selectLeap walks the sources of at most this many leaps.
const WalkLeaps = 12

// NextGuards evaluates every rule's guard for the next player as it will
// be after the player to move has moved (blockade-words: the guards depend on
// the counters alone).
func (p *Program) NextGuards(s *State) {
	if len(s.NextOK) < len(p.Rules) {
		s.NextOK = make([]bool, len(p.Rules))
		for i := range s.NextOK {
			s.NextOK[i] = true
		}
	}
	if len(p.GuardedRules) == 0 {
		return // no guard: every rule stays true
	}
	mover := s.Mover
	p.NextTurn(s, mover)
	for _, i := range p.GuardedRules {
		s.NextOK[i] = p.GuardHolds(s, &p.Rules[i])
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

// Witnesses fills s.wit with the next player's first leaps in the
// position of s (blockade-words, after nextGuards).
func (p *Program) Witnesses(s *State) {
	var w [MaxSlots]uint64
	copy(w[:p.Players+1], s.Occ[:p.Players+1])
	p.nextLeaps(s, &w, 0, true)
}

// NextSurvives tells whether the next player has a first leap (in the
// position of s) that depends on no cell of k: it is still there after
// any move that changes only cells of k (blockade-words, after nextGuards).
func (p *Program) NextSurvives(s *State, k uint64) bool {
	var w [MaxSlots]uint64
	copy(w[:p.Players+1], s.Occ[:p.Players+1])
	return p.nextLeaps(s, &w, k, false)
}

// nextLeaps looks for the next player's first leaps with the occupancy
// words w, leaving out those that depend on a cell of k (blockade-words, after
// nextGuards). With record it fills s.wit with them and reports whether
// there is one; otherwise it stops at the first.
func (p *Program) nextLeaps(s *State, w *[MaxSlots]uint64, k uint64, record bool) bool {
	np := p.Players
	next := p.After(s.Mover)
	var all uint64
	for sl := 0; sl <= np; sl++ {
		all |= w[sl]
	}
	empty := ^all & p.BoardMask[0]
	if record {
		s.wit = s.wit[:0]
	}
	found := false
	for _, ri := range p.BlockRules {
		if !s.NextOK[ri] {
			continue
		}
		r := &p.Rules[ri]
		src, o, e := r.RuleWords(w[:], np, next, empty)
		if src &^= k; src == 0 {
			continue
		}
		if r.Action == ir.Remove {
			if !record {
				return true
			}
			s.wit = append(s.wit, witness{t: src})
			found = true
			continue
		}
		L := r.Length
		o, e = o&^k, e&^k
		for _, d := range r.Dirs[next] {
			sh := p.DirShift[d]
			t := r.ValidL[d] & src & ShiftBack(e, L*sh)
			for j := 1; j < L; j++ {
				t &= ShiftBack(o, j*sh)
			}
			if t == 0 {
				continue
			}
			if !record {
				return true
			}
			s.wit = append(s.wit, witness{t, int32(sh), int32(L)})
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
			x |= ShiftBack(k, int(j*w.sh))
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
func (p *Program) touched(r *Rule, path []uint32) uint64 {
	bitOf := p.BitOf
	k := uint64(1) << uint(bitOf[path[0]])
	if r.Action == ir.Remove {
		return k
	}
	cur := int(path[0])
	L, nd := r.Length, p.NumDirs
	for _, e := range path[1:] {
		land, d := int(e&0xffff), int(e>>16&DirMask)
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
// (blockade-words; s.nextOK and s.wit filled by nextGuards and witnesses).
// Only the occupancy bitsets of s are read: they must be those of the
// position the move is played from (generators change cells, not bitsets,
// while exploring chains).
func (p *Program) KeepsMove(s *State, r *Rule, path []uint32) bool {
	if survives(s.wit, p.touched(r, path)) {
		return true
	}
	var w [MaxSlots]uint64
	p.AfterMove(s, r, path, &w)
	return p.nextHasMove(s, &w)
}

// AfterMove fills w with the occupancy words (per slot) after the move of
// rule r (a leap or a removal) with this path, played from s (whose
// bitsets must be those of the position: see keepsMove).
func (p *Program) AfterMove(s *State, r *Rule, path []uint32, w *[MaxSlots]uint64) {
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
		land, d := int(e&0xffff), int(e>>16&DirMask)
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

// PlainRemoval tells whether a removal rule has no condition but whose
// pieces it takes (Who).
func (r *Rule) PlainRemoval() bool {
	return r.Action == ir.Remove && r.KindOK == nil && r.From == nil && r.Onto == nil
}

// nextHasMove tells whether the next player has a move with the
// occupancy words w (blockade-words).
func (p *Program) nextHasMove(s *State, w *[MaxSlots]uint64) bool {
	return p.nextLeaps(s, w, 0, false)
}

// RuleWords returns, from the occupancy words per slot w (one word each)
// and the empty cells, the pieces rule r selects for player pl and the
// cells satisfying its Over and Onto conditions (shift rules: by slot).
func (r *Rule) RuleWords(w []uint64, np, pl int, empty uint64) (src, o, e uint64) {
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

// CountLegal returns the number of legal moves of s (Legal's length),
// building them in ml only when it must.
func (p *Program) CountLegal(s *State, ml *MoveList) int {
	n, _ := p.CountMoves(s, ml, false)
	return n
}

// CountMoves returns the number of legal moves of s; built tells that
// they had to be built: ml holds Legal's list. Otherwise s.tier is the
// tier of the moves (-1: the one move is a pass) and s.selFilt tells
// whether the blockade filter drops some of them; selecting keeps what
// selectMove needs, and builds the moves of a tier that is not bulk
// (building them once is cheaper than counting them, then generating
// again up to the one drawn).
func (p *Program) CountMoves(s *State, ml *MoveList, selecting bool) (n int, built bool) {
	if s.End != EndNone {
		return 0, false
	}
	if len(p.GoalsStart) > 0 {
		if hit, _ := p.TurnStartGoal(s); hit {
			return 0, false
		}
	}
	if p.Blockade != nil {
		if !p.FiltersOnWords() {
			p.Legal(s, ml)
			return len(ml.Moves), true
		}
		p.NextGuards(s)
	}
	s.selFilt = false
	m := ModeCount
	if selecting {
		m = ModeDraw
	}
	// (candidates' walk over the tiers, with the counters or drawers)
	for ti := range p.Tiers {
		t := &p.Tiers[ti]
		if n, built = t.Run[m].Count(p, s, t, &s.Gen, ml); n > 0 {
			s.tier = ti
			return n, built
		}
	}
	return p.noTierMove(s)
}

// noTierMove is countMoves when no tier has a move: a pass, or none.
func (p *Program) noTierMove(s *State) (n int, built bool) {
	s.tier = -1
	if p.NoMove == ir.OutcomePass {
		return 1, false
	}
	return 0, false
}

// SelectMove fills ml with move i alone of the moves countMoves counted
// (not built) in s, in Legal's order.
func (p *Program) SelectMove(s *State, ml *MoveList, i int) {
	ml.Reset()
	if s.tier < 0 {
		ml.Moves = append(ml.Moves, Mv{Rule: -1})
		return
	}
	if s.SelBulk {
		p.SelectKept(p, s, ml, i)
		return
	}
	g := &s.Gen
	g.Bind(p, s, nil)
	g.startSelect(s.Mover, i, ml, s.selFilt)
	p.runTier(s, &p.Tiers[s.tier], g)
	g.Out = nil
}
