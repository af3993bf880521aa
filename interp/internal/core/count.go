package core

import (
	"github.com/ruleplay/ruleplay/ir"
)

// Counting and selecting moves.
//
// Perft's last ply only needs the number of moves, and a random playout
// only one move drawn among them (count.go). Generators have a count mode
// (emit counts) and a select mode (emit counts and keeps move i alone);
// both give Legal's numbers and order exactly:
//
//   - a tier of shift rules without chain (and removals) is "bulk"
//     (bulk.go): its moves are its rules' first leaps, found for all cells
//     at once on as many words as the board needs (the rule's pieces by
//     owner, or by piece code through the per-code occupancy sets when it
//     restricts kinds), counted by population counts, move i found per
//     word then per byte without building the others (selectBulk, the
//     byte and the bit by branch-free byte arithmetic), or, among a few
//     moves, by walking their sources in order (selectLeap); a tier of shift
//     rules with chains that a later tier follows is first asked whether
//     it has a first leap at all, stopping at the first found
//     (the tier's gate, firstLeapGate: a tier of captures usually has none). On one word,
//     a tier whose rules each read at most three occupancy sets is run
//     from a flat table per mover built at compile time (bulk1.go, "one-
//     word kernel" in vet --explain), reading the occupancy sets as
//     arrays (on one word State.occ and occC are padded with empty
//     words: occLen); two consecutive rules that differ only in the
//     pieces they move (disjoint) and their directions are a pair for
//     the existence test and counting: each direction of the union is
//     shifted once, from the pieces of the rules having it ("pairs
//     shifted together"; a pair whose second rule has no piece shifts
//     the first rule's directions alone); counting that keeps the moves
//     for drawing one shifts a pair once too but keeps each rule's leaps
//     apart. A tier with the kernel whose every rule is a short jump
//     with chains (kernel-chains, "playouts walk the chains from its first
//     leaps' sources"; no blockade filter) has, in a playout, the
//     sources of each rule's first leaps found once by the kernel
//     (pairSources), which is its existence test, and the chains walked from
//     them with wordChains (kernChains, kernWalk), without finding them
//     again (fastLeaps, shiftWords). On several words such a tier
//     (multiword-chains) has the sources of each rule's first leaps found on
//     the words (wordsChains, ruleSources), its existence test too, and
//     the leap generator walks them (gen.pre) rather than marking
//     sources itself. Other tiers, on any number of words, assemble each rule's
//     sets (ruleSets) and shift them (ruleLeaps), skipping the rules
//     with no piece to move;
//   - table-driven group tiers count their moves per line and select one;
//   - on one word, short jumps with optional chains that always take a piece count the
//     chains of one and two leaps with bitsets (wordFirstChains: a second leap
//     from the landing l tests cells that the first leap left unchanged,
//     except for three direction pairs, handled apart) and longer chains by
//     a depth-first count from the end of each chain of two;
//   - on several words, a short jump landing on empty cells is counted
//     from the empty cells when they are fewer than the pieces
//     (countByLandings, landing-count); when its every leap takes a piece, a chain is
//     known to end after the first leap, without looking at the cells,
//     when no landing cell of that leap's landing (a per-bit bitset of the
//     rule) was empty before it or is the jumped cell;
//   - when every rule can be counted from the occupancy words and the
//     turn counters alone (words-perft, wordsPerft: no goal, filter or pass), perft
//     counts the replies to each move at depth 2 on the words after the
//     move, without playing it;
//   - a short jump whose leaps depend on occupancy alone (Over: any
//     piece, Onto: empty, the jumped piece captured) is counted on a
//     mailbox of bytes that the State keeps (mailbox.go) when the board
//     lays out as rows of constant direction offsets with wall slots
//     around it: from the empty cells or the pieces, whichever are fewer,
//     chains played on the bytes; when every rule is such a jump or a
//     removal of any piece (mailbox-perft, mailboxPerft), perft plays the moves at depth 2 on
//     the mailbox and the empty-cell words alone and counts the replies
//     there.
//
// When a tier needs deduplication, or a filter cannot be decided on words,
// the moves are built as in Legal. RandomPlayout (its stored playout
// drawer) counts and selects where counting is nearly free (bulk, group
// and hop-count tiers) or saves the blockade checks, and builds the moves
// of other tiers once (each tier's drawer); either way it plays
// the game of the loop Legal, rng.IntN, Apply for the same generator.
// Counters that see the position in a representation of their own (the
// occupancy words after a move not played, the mailbox) walk the tiers
// with firstTierCount.
//
// The blockade filter on words.
//
// NoBlockade asks, for each candidate, whether the next player has a
// candidate afterwards. When every rule is a shift rule on one word (or a
// removal without conditions) selecting every piece of its owners, and
// every guard depends on the turn and ply counters (blockade-words, blockadeOnWords), this is
// decided without playing the move. A first leap of the next player from c
// depends on the cells c, c+sh, ..., c+L*sh alone; so, with K the cells a
// move may change (start, landings, cells passed over), the next player
// keeps a move when one of its first leaps avoids K (nextSurvives: the
// first-leap formula with K removed from every set). K is first the union
// over all candidates (for a bulk tier, straight from the direction sets):
// usually one test decides for the whole list. Otherwise each move is
// tested with its own K, then exactly on the occupancy words after it
// (afterMove, nextHasMove).

// Counting moves and the blockade filter on occupancy words.
//
// Perft's last ply and playouts only need the number of legal moves, or
// whether the next player has one. Generators have a count sink (gen.sink)
// in which emit only counts; shift rules on one word count first leaps
// with population counts and chains with wordChainCount, without paths. When
// a tier could hold two moves with one text (a tidy step: tier.merges) the moves are
// built and deduplicated as in Legal.
//
// The blockade filter (ir.NoBlockade) asks, for every candidate, whether
// the next player has a candidate move afterwards. When every rule is a
// shift rule on a one-word board selecting every piece of its owners (or a
// removal without conditions) and every guard depends on the turn and ply
// counters alone (blockade-words: Program.blockade is blockadeOnWords), this is decided on the occupancy
// words after the move, computed from the move's path without playing it:
// a few shifts per rule. Otherwise the move is played and the next
// player's candidates generated (existence mode) and undone.

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
