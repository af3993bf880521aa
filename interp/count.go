package interp

import (
	"fmt"
	"math/bits"

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

// maxSlots bounds the occupancy slots (players + neutral) of blockade-words.
const maxSlots = 8

// compileBlockFast decides whether Program.blockade is blockadeOnWords (after the rules and the end
// are compiled).
func (p *Program) compileBlockFast() {
	if p.blockade == nil {
		return
	}
	why := p.blockadeWordsDeclines()
	p.declineFor(scopeProgram, 0, accelBlockadeWords, why)
	if why != "" {
		return
	}
	// Existence is asked rule by rule, the last tier's first (ordinary
	// moves are the likeliest).
	p.blockRules = p.blockRules[:0]
	for t := len(p.tiers) - 1; t >= 0; t-- {
		p.blockRules = append(p.blockRules, p.tiers[t].rules...)
	}
	p.blockade = blockadeOnWords{}
}

// blockadeWordsDeclines tells why the blockade filter is not decided on
// occupancy words ("" when it is).
func (p *Program) blockadeWordsDeclines() string {
	if why := p.wordsDeclines(accelBlockadeWords); why != "" {
		return why
	}
	for i := range p.rules {
		r := &p.rules[i]
		m := &p.game.Moves[i]
		if m.When != nil && !moveIndependent(m.When) {
			return fmt.Sprintf("the guard of rule %s reads more than the counters", r.name)
		}
		if why := p.wordsRuleDeclines(r); why != "" {
			return why
		}
	}
	return ""
}

// wordsDeclines tells why the Program cannot run accelerator a, which
// reads the position on occupancy words of one word ("" when it can).
func (p *Program) wordsDeclines(a accel) string {
	switch {
	case p.off(a) != "":
		return p.off(a)
	case p.numWords != 1:
		return fmt.Sprintf("the board needs %d words", p.numWords)
	case p.numPlayers+1 > maxSlots:
		return fmt.Sprintf("more than %d players", maxSlots-1)
	case p.stacking:
		return "the game has stacks"
	}
	return ""
}

// wordsRuleDeclines tells why rule r does not fit the counts on
// occupancy words: a removal without conditions, or a shift rule moving
// every piece of its owners ("" when it fits).
func (p *Program) wordsRuleDeclines(r *rule) string {
	if why := p.shiftRuleDeclines(r); why != "" {
		return why
	}
	if r.action == ir.Leap {
		for pl := 0; pl < p.numPlayers; pl++ {
			if !r.srcAll[pl] {
				return fmt.Sprintf("rule %s does not move every piece of its owners", r.name)
			}
		}
	}
	return ""
}

// selectLeap returns the source (bit) and the direction (index in td) of
// leap i of n whose sources per direction are td[:nd], in the order
// source then direction. A few leaps are found by walking the sources in
// order, more by selectSource's counts per byte.
func selectLeap(td *[32]uint64, nd, n, i int) (x, k int) {
	if n > walkLeaps {
		x, i = selectSource(td, nd, n, i)
		return x, bulkDir(td, nd, x, i)
	}
	var u uint64
	for _, t := range td[:nd] {
		u |= t
	}
	for ; u != 0; u &= u - 1 {
		x = bits.TrailingZeros64(u)
		for k = range td[:nd] {
			if td[k]>>uint(x)&1 != 0 {
				if i == 0 {
					return x, k
				}
				i--
			}
		}
	}
	panic("interp: selectLeap: move out of range")
}

// walkLeaps: selectLeap walks the sources of at most this many leaps.
const walkLeaps = 12

// selectSource returns the source (bit) of move i of n leaps whose
// sources per direction are td[:nd], in the order source then direction,
// and the index of the move among that source's leaps.
func selectSource(td *[32]uint64, nd, n, i int) (int, int) {
	if nd <= 16 && n <= 127 {
		return selectSourceSWAR(td, nd, i)
	}
	// below(x): the moves from the sources on bits below x.
	below := func(x int) int {
		m := ^uint64(0)
		if x < 64 {
			m = uint64(1)<<uint(x) - 1
		}
		c := 0
		for k := 0; k < nd; k++ {
			c += bits.OnesCount64(td[k&31] & m)
		}
		return c
	}
	x := 0
	if nd <= 31 && n <= 255 {
		// The moves per byte of sources (at most 8*31), summed over the
		// directions, then running sums over the bytes (at most n): the
		// byte of the source is the first whose running sum passes i.
		const m1, m2, m4, h01 = 0x5555555555555555, 0x3333333333333333, 0x0f0f0f0f0f0f0f0f, 0x0101010101010101
		var bc uint64
		for k := 0; k < nd; k++ {
			t := td[k&31]
			t -= t >> 1 & m1
			t = t&m2 + t>>2&m2
			bc += (t + t>>4) & m4
		}
		run := bc * h01
		j := 0
		for j < 7 && int(run>>uint(8*j)&0xff) <= i {
			j++
		}
		if j > 0 {
			i -= int(run >> uint(8*(j-1)) & 0xff)
		}
		x = 8 * j
	} else {
		// The source: the largest x with below(x) <= i.
		for step := 32; step > 0; step >>= 1 {
			if below(x+step) <= i {
				x += step
			}
		}
		i -= below(x)
	}
	// The sources from bit x on, in order.
	var u uint64
	for k := 0; k < nd; k++ {
		u |= td[k&31]
	}
	for u &= ^uint64(0) << uint(x); u != 0; u &= u - 1 {
		b := bits.TrailingZeros64(u)
		c := 0
		for k := 0; k < nd; k++ {
			c += int(td[k&31] >> uint(b) & 1)
		}
		if i < c {
			return b, i
		}
		i -= c
	}
	panic("interp: selectSource: move out of range")
}

// selectSourceSWAR is selectSource for at most 127 moves in at most 16
// directions, without data-dependent branches: the moves per byte of
// sources, their running sums, and the byte of the source is the number
// of running sums not above i (the sums are bytes below 128, so that
// setting their top bit and subtracting i+1 from every byte at once
// borrows across no byte); then the same within that byte, its bits
// spread one to a byte.
func selectSourceSWAR(td *[32]uint64, nd, i int) (int, int) {
	const m1, m2, m4 = 0x5555555555555555, 0x3333333333333333, 0x0f0f0f0f0f0f0f0f
	const l8 = 0x0101010101010101
	var bc uint64
	for k := range td[:nd] {
		t := td[k]
		t -= t >> 1 & m1
		t = t&m2 + t>>2&m2
		bc += (t + t>>4) & m4
	}
	j := bytesAtMost(bc*l8, i)
	i -= int((bc * l8) << 8 >> uint(8*j) & 0xff)
	// The moves per bit of byte j, spread to bytes.
	var pc uint64
	for k := range td[:nd] {
		y := (td[k] >> uint(8*j) & 0xff * l8) & 0x8040201008040201
		pc += (y + 0x7f7f7f7f7f7f7f7f) >> 7 & l8
	}
	b := bytesAtMost(pc*l8, i)
	i -= int((pc * l8) << 8 >> uint(8*b) & 0xff)
	return 8*j + b, i
}

// bytesAtMost returns how many of the seven low bytes of run (running
// sums, each below 128) are at most i (0 <= i < 127).
func bytesAtMost(run uint64, i int) int {
	const l8, h7 = 0x0101010101010101, 0x0080808080808080
	above := ((run | h7) - uint64(i+1)*l8) & h7
	return 7 - bits.OnesCount64(above)
}

// nextGuards evaluates every rule's guard for the next player as it will
// be after the player to move has moved (blockade-words: the guards depend on
// the counters alone).
func (p *Program) nextGuards(s *State) {
	if len(s.nextOK) < len(p.rules) {
		s.nextOK = make([]bool, len(p.rules))
		for i := range s.nextOK {
			s.nextOK[i] = true
		}
	}
	if len(p.guardedRules) == 0 {
		return // no guard: every rule stays true
	}
	mover := s.toMove
	p.nextTurn(s, mover)
	for _, i := range p.guardedRules {
		s.nextOK[i] = p.guardHolds(s, &p.rules[i])
	}
	s.toMove = mover
	s.turns[mover]--
	s.ply--
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

// witnesses fills s.wit with the next player's first leaps in the
// position of s (blockade-words, after nextGuards).
func (p *Program) witnesses(s *State) {
	var w [maxSlots]uint64
	copy(w[:p.numPlayers+1], s.occ[:p.numPlayers+1])
	p.nextLeaps(s, &w, 0, true)
}

// nextSurvives tells whether the next player has a first leap (in the
// position of s) that depends on no cell of k: it is still there after
// any move that changes only cells of k (blockade-words, after nextGuards).
func (p *Program) nextSurvives(s *State, k uint64) bool {
	var w [maxSlots]uint64
	copy(w[:p.numPlayers+1], s.occ[:p.numPlayers+1])
	return p.nextLeaps(s, &w, k, false)
}

// nextLeaps looks for the next player's first leaps with the occupancy
// words w, leaving out those that depend on a cell of k (blockade-words, after
// nextGuards). With record it fills s.wit with them and reports whether
// there is one; otherwise it stops at the first.
func (p *Program) nextLeaps(s *State, w *[maxSlots]uint64, k uint64, record bool) bool {
	np := p.numPlayers
	next := p.after(s.toMove)
	var all uint64
	for sl := 0; sl <= np; sl++ {
		all |= w[sl]
	}
	empty := ^all & p.boardMask[0]
	if record {
		s.wit = s.wit[:0]
	}
	found := false
	for _, ri := range p.blockRules {
		if !s.nextOK[ri] {
			continue
		}
		r := &p.rules[ri]
		src, o, e := r.ruleWords(w[:], np, next, empty)
		if src &^= k; src == 0 {
			continue
		}
		if r.action == ir.Remove {
			if !record {
				return true
			}
			s.wit = append(s.wit, witness{t: src})
			found = true
			continue
		}
		L := r.length
		o, e = o&^k, e&^k
		for _, d := range r.dirs[next] {
			sh := p.dirShift[d]
			t := r.validL[d] & src & shiftBack(e, L*sh)
			for j := 1; j < L; j++ {
				t &= shiftBack(o, j*sh)
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
			x |= shiftBack(k, int(j*w.sh))
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
func (p *Program) touched(r *rule, path []uint32) uint64 {
	bitOf := p.bitOf
	k := uint64(1) << uint(bitOf[path[0]])
	if r.action == ir.Remove {
		return k
	}
	cur := int(path[0])
	L, nd := r.length, p.numDirs
	for _, e := range path[1:] {
		land, d := int(e&0xffff), int(e>>16&dirMask)
		k |= 1 << uint(bitOf[land])
		if r.capture == ir.CaptureJumped {
			base := (cur*nd + d) * L
			for j := 0; j < L-1; j++ {
				k |= 1 << uint(bitOf[r.leap[base+j]])
			}
		}
		cur = land
	}
	return k
}

// keepsMove tells whether the next player has a candidate move after the
// move of rule r with this path, played by the player to move in s
// (blockade-words; s.nextOK and s.wit filled by nextGuards and witnesses).
// Only the occupancy bitsets of s are read: they must be those of the
// position the move is played from (generators change cells, not bitsets,
// while exploring chains).
func (p *Program) keepsMove(s *State, r *rule, path []uint32) bool {
	if survives(s.wit, p.touched(r, path)) {
		return true
	}
	var w [maxSlots]uint64
	p.afterMove(s, r, path, &w)
	return p.nextHasMove(s, &w)
}

// afterMove fills w with the occupancy words (per slot) after the move of
// rule r (a leap or a removal) with this path, played from s (whose
// bitsets must be those of the position: see keepsMove).
func (p *Program) afterMove(s *State, r *rule, path []uint32, w *[maxSlots]uint64) {
	ns := p.numPlayers + 1
	copy(w[:ns], s.occ[:ns])
	bitOf := p.bitOf
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
	if r.action == ir.Remove {
		return
	}
	cur := start
	L, nd := r.length, p.numDirs
	for _, e := range path[1:] {
		land, d := int(e&0xffff), int(e>>16&dirMask)
		switch r.capture {
		case ir.CaptureJumped:
			base := (cur*nd + d) * L
			for k := 0; k < L-1; k++ {
				take(1 << uint(bitOf[r.leap[base+k]]))
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

// compileWordsCount decides whether Program.lastTwo is wordsPerft: the number of moves of a
// position can be counted from its occupancy words and the turn counters
// alone. Every rule is a removal without conditions or a shift rule on
// one word selecting every piece of its owners, without chain or with
// optional chains of short jumps that always take a piece (no promotion);
// guards depend on the counters; no goal, blockade filter, pass or tier
// needing deduplication.
func (p *Program) compileWordsCount() {
	why := p.wordsPerftDeclines()
	p.declineFor(scopeProgram, 0, accelWordsPerft, why)
	if why == "" {
		p.lastTwo = wordsPerft{}
	}
}

// wordsPerftDeclines tells why moves cannot be counted on occupancy
// words ("" when they can: wordsPerft).
func (p *Program) wordsPerftDeclines() string {
	if why := p.wordsDeclines(accelWordsPerft); why != "" {
		return why
	}
	if why := p.plainTurnsDeclines(); why != "" {
		return why
	}
	for i := range p.rules {
		r := &p.rules[i]
		if why := p.wordsRuleDeclines(r); why != "" {
			return why
		}
		if r.action == ir.Leap && r.chain != ir.ChainNone && (r.chain != ir.ChainOptional || r.length != 2 || !r.alwaysTakes || r.promotionEndsChain || r.keepsFirstDir) {
			return fmt.Sprintf("rule %s chains other than optional short jumps that always take", r.name)
		}
		if r.action == ir.Leap && r.chain != ir.ChainNone && r.walk != walkWord {
			return fmt.Sprintf("needs word-chains, which declined rule %s", r.name)
		}
	}
	return ""
}

// plainTurnsDeclines tells why a move may change what the next player
// may do otherwise than through the cells and the turn counters ("" when
// it cannot: no goal, blockade filter or pass, no tier needing
// deduplication, and guards that depend on the counters alone, so that
// the replies to a move can be counted from the cells after it).
func (p *Program) plainTurnsDeclines() string {
	switch {
	case p.blockade != nil:
		return "the game has the no-blockade filter"
	case len(p.goalsAfter) > 0 || len(p.goalsStart) > 0:
		return "the game has goals"
	case p.noMove == ir.OutcomePass:
		return "a player without a move passes"
	}
	for ti := range p.tiers {
		if p.tiers[ti].listed() {
			return "a tier is deduplicated or narrowed to the most captures"
		}
	}
	for i := range p.rules {
		if !moveIndependent(p.game.Moves[i].When) {
			return fmt.Sprintf("the guard of rule %s reads more than the counters", p.rules[i].name)
		}
	}
	return ""
}

// plainRemoval tells whether a removal rule has no condition but whose
// pieces it takes (Who).
func (r *rule) plainRemoval() bool {
	return r.action == ir.Remove && r.kindOK == nil && r.from == nil && r.onto == nil
}

// countWords returns the number of moves of the next player with the
// occupancy words w after a move of the player to move in s (words-perft,
// after nextGuards).
func (p *Program) countWords(s *State, w *[maxSlots]uint64) int {
	np := p.numPlayers
	next := p.after(s.toMove)
	g := &s.ax().nested
	g.bind(p, s, g.list)
	g.mover = next
	return p.firstTierCount(func(ri int) bool { return s.nextOK[ri] }, func(r *rule) int {
		if r.action == ir.Remove {
			src, _, _ := r.ruleWords(w[:], np, next, 0)
			return bits.OnesCount64(src)
		}
		g.r = r
		g.w = *w
		if g.shiftWords(false) == 0 {
			return 0
		}
		if r.chain == ir.ChainNone {
			return g.firsts
		}
		g.overEmpty = r.overSlots[next] >> uint(np+1) & 1
		g.ontoEmpty = r.ontoSlots[next] >> uint(np+1) & 1
		return g.wordFirstChains()
	})
}

// nextHasMove tells whether the next player has a move with the
// occupancy words w (blockade-words).
func (p *Program) nextHasMove(s *State, w *[maxSlots]uint64) bool {
	return p.nextLeaps(s, w, 0, false)
}

// ruleWords returns, from the occupancy words per slot w (one word each)
// and the empty cells, the pieces rule r selects for player pl and the
// cells satisfying its Over and Onto conditions (shift rules: by slot).
func (r *rule) ruleWords(w []uint64, np, pl int, empty uint64) (src, o, e uint64) {
	sm := r.srcSlots[pl]
	var om, em uint64 // (none for removals)
	if r.overSlots != nil {
		om, em = r.overSlots[pl], r.ontoSlots[pl]
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

// countLegal returns the number of legal moves of s (Legal's length),
// building them in ml only when it must.
func (p *Program) countLegal(s *State, ml *MoveList) int {
	n, _ := p.countMoves(s, ml, false)
	return n
}

// countMoves returns the number of legal moves of s; built tells that
// they had to be built: ml holds Legal's list. Otherwise s.tier is the
// tier of the moves (-1: the one move is a pass) and s.selFilt tells
// whether the blockade filter drops some of them; selecting keeps what
// selectMove needs, and builds the moves of a tier that is not bulk
// (building them once is cheaper than counting them, then generating
// again up to the one drawn).
func (p *Program) countMoves(s *State, ml *MoveList, selecting bool) (n int, built bool) {
	if s.end != endNone {
		return 0, false
	}
	if len(p.goalsStart) > 0 {
		if hit, _ := p.turnStartGoal(s); hit {
			return 0, false
		}
	}
	if p.blockade != nil {
		if !p.filtersOnWords() {
			p.Legal(s, ml)
			return len(ml.moves), true
		}
		p.nextGuards(s)
	}
	s.selFilt = false
	m := modeCount
	if selecting {
		m = modeDraw
	}
	// (candidates' walk over the tiers, with the counters or drawers)
	for ti := range p.tiers {
		t := &p.tiers[ti]
		if n, built = t.run[m].count(p, s, t, &s.gen, ml); n > 0 {
			s.tier = ti
			return n, built
		}
	}
	return p.noTierMove(s)
}

// noTierMove is countMoves when no tier has a move: a pass, or none.
func (p *Program) noTierMove(s *State) (n int, built bool) {
	s.tier = -1
	if p.noMove == ir.OutcomePass {
		return 1, false
	}
	return 0, false
}

// selectMove fills ml with move i alone of the moves countMoves counted
// (not built) in s, in Legal's order.
func (p *Program) selectMove(s *State, ml *MoveList, i int) {
	ml.reset()
	if s.tier < 0 {
		ml.moves = append(ml.moves, mv{rule: -1})
		return
	}
	if s.selBulk {
		p.selectKept(p, s, ml, i)
		return
	}
	g := &s.gen
	g.bind(p, s, nil)
	g.startSelect(s.toMove, i, ml, s.selFilt)
	p.runTier(s, &p.tiers[s.tier], g)
	g.out = nil
}
