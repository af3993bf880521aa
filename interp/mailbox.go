package interp

import (
	"cmp"
	"fmt"
	"math/bits"
	"slices"

	"github.com/ruleplay/ruleplay/ir"
)

// Mailbox counting. A short-jump rule whose leaps depend on occupancy
// alone (Over holds on every piece and on no empty cell, Onto on empty
// cells only, the jumped piece is captured, no promotion) has moves that
// a board of bytes answers: 1 for a piece, 0 for an empty cell, mbWall for
// a slot that is no cell. When the cells' coordinates can be laid out as
// rows of a fixed pitch with a margin, so that every direction of the rule
// is a constant slot offset and a leap off the board meets a wall slot
// (checked against the rule's leap table, so any board whose geometry
// allows it qualifies: squares, hexes in axial coordinates), counting a
// position's moves is a walk over that array: from the empty cells (as
// landings) or from the pieces, whichever are fewer, the chains explored
// by playing them on the bytes. The State keeps the mailbox up to date in
// put.
//
// Perft uses it one ply further (mailboxPerft, Program.lastTwo) when every rule of the game is
// such a jump or a removal of any piece, guards depend on the counters
// alone and nothing but having no move ends the game: at depth 2 each move
// is played on the bytes and the empty-cell words alone, and the replies
// are counted there, without Legal, Apply or Undo.

const (
	mbSlots     = 1024 // the mailbox array; indices are masked, so never out of range
	mbMask      = mbSlots - 1
	mbWall      = 0x80
	mbInsertion = 64 // mbFew sorts at most this many first leaps by insertion
)

// mailbox is the slot layout of the board.
type mailbox struct {
	key      []int32         // per cell: its slot
	slotBit  *[mbSlots]int32 // per slot: the bit of its cell in the bit layout, -1 for none
	bitSlot  []int32         // per bit of the layout: the slot of its cell
	slotCell *[mbSlots]int32 // per slot: its cell, -1 for none
}

// mbCandidateDeclines tells why rule r's leaps do not depend on occupancy
// alone ("" when they do: r is a candidate, before the layout is
// checked).
func (p *Program) mbCandidateDeclines(r *rule) string {
	switch {
	case r.action != ir.Leap || r.gen != genLeap:
		return "needs leap-table, which declined"
	case r.length != 2 || len(r.lengths) != 1 || r.lengths[0] != 2:
		return "not a jump of two cells"
	case r.capture != ir.CaptureJumped:
		return "it does not capture what it jumps"
	case r.promotionEndsChain:
		return "a promotion ends its chains"
	case r.keepsFirstDir:
		return "its chains keep their first direction"
	}
	for mv := 0; mv < p.numPlayers; mv++ {
		if !r.ontoEmpty[mv] {
			return "Onto holds on more than the empty cells"
		}
		ncell := 1
		if r.stride != 0 {
			ncell = p.numCells
		}
		for cell := 0; cell < ncell; cell++ {
			t := r.overTab[mv*r.tabSize+cell*r.stride:]
			for code := 0; code <= p.ncodes; code++ {
				piece := code > 0 && code < p.ncodes
				if (t[code] != 0) != piece {
					return "Over holds on other than every piece"
				}
			}
		}
	}
	return ""
}

// compileMailbox chooses the mailbox layout and marks the rules that use
// it (rule.mbOffs), then decides whether perft counts its last two plies there (mailboxPerft).
func (p *Program) compileMailbox() {
	var why string
	switch {
	case p.off(accelMailbox) != "":
		why = p.off(accelMailbox)
	case p.stacking:
		why = "the game has stacks"
	case p.numWords > 32:
		why = fmt.Sprintf("the board needs %d words (the mailbox: at most 32)", p.numWords) // (mbKey holds bits below 1<<11)
	}
	var cands []*rule
	for i := range p.rules {
		r := &p.rules[i]
		if r.action != ir.Leap || r.gen != genLeap {
			continue // (a rule it does not concern)
		}
		if why != "" {
			p.declineFor(scopeRule, i, accelMailbox, why)
			continue
		}
		if p.countsOnWords() && p.oneWordShift(r) {
			p.declineFor(scopeRule, i, accelMailbox, "counted on the occupancy word (words-perft)")
			continue
		}
		if why := p.mbCandidateDeclines(r); why == "" {
			cands = append(cands, r)
		} else {
			p.declineFor(scopeRule, i, accelMailbox, why)
		}
	}
	if len(cands) == 0 {
		p.declineFor(scopeProgram, 0, accelMailboxPerft, cmp.Or(p.off(accelMailboxPerft), "needs mailbox, which declined"))
		return
	}
	xmin, xmax, ymin := p.cellX[0], p.cellX[0], p.cellY[0]
	for c := 0; c < p.numCells; c++ {
		xmin, xmax, ymin = min(xmin, p.cellX[c]), max(xmax, p.cellX[c]), min(ymin, p.cellY[c])
	}
	w := xmax - xmin + 1
	for pitch := w + 1; pitch <= 2*w+2; pitch++ {
		if p.tryMailbox(cands, pitch, xmin, ymin) {
			break
		}
	}
	for _, r := range cands {
		switch {
		case r.mbOffs == nil:
			p.declineFor(scopeRule, r.idx, accelMailbox, "its leap table does not agree with constant offsets on a padded board")
		case !p.oneWordShift(r): // (else the word walks it: mbOffs serve mailbox-perft)
			if r.walk == walkLandings {
				p.declineFor(scopeRule, r.idx, accelLandingCount, "the mailbox walks it")
			}
			r.walk = walkMailbox
		}
	}
	if p.mbox == nil {
		p.declineFor(scopeProgram, 0, accelMailboxPerft, cmp.Or(p.off(accelMailboxPerft), "needs mailbox, which declined"))
		return
	}
	p.compileMbPerft()
}

// tryMailbox lays the cells out with this pitch; it succeeds when every
// candidate rule's leap table agrees with constant slot offsets, and then
// sets p.mbox and the candidates' mbOffs and mbAny.
func (p *Program) tryMailbox(cands []*rule, pitch, xmin, ymin int) bool {
	keys := make([]int, p.numCells)
	kmax := 0
	for c := 0; c < p.numCells; c++ {
		keys[c] = pitch*(p.cellY[c]-ymin) + p.cellX[c] - xmin
		kmax = max(kmax, keys[c])
	}
	lay := &mbLayout{}
	span := lay.offsets(p, keys)
	size := kmax + 2*span + 1
	if size > mbSlots {
		return false
	}
	lay.place(keys, span)
	offs := make([][][]int32, len(cands))
	for i, r := range cands {
		var ok bool
		if offs[i], ok = lay.ruleOffsets(p, r); !ok {
			return false
		}
	}
	p.mbox = p.newMailbox(lay)
	for i, r := range cands {
		p.useMailbox(r, offs[i])
	}
	return true
}

// newMailbox builds the mailbox of a layout that fits: slots and bits of
// the bit layout both ways.
func (p *Program) newMailbox(lay *mbLayout) *mailbox {
	mb := &mailbox{key: lay.key, slotBit: new([mbSlots]int32), bitSlot: make([]int32, p.numWords*64), slotCell: (*[mbSlots]int32)(lay.slotCell)}
	for i := range mb.slotBit {
		mb.slotBit[i] = -1
	}
	for c := 0; c < p.numCells; c++ {
		b := p.bitOf[c]
		mb.slotBit[lay.key[c]] = b
		mb.bitSlot[b] = lay.key[c]
	}
	return mb
}

// useMailbox marks rule r as counted on the mailbox with these slot
// offsets per mover, and sets r.mbAny: per mover, whether it may move
// every piece.
func (p *Program) useMailbox(r *rule, offs [][]int32) {
	r.mbOffs = offs
	r.mbAny = make([]bool, p.numPlayers)
	for mv := 0; mv < p.numPlayers; mv++ {
		all := true
		for code := 1; code < p.ncodes; code++ {
			all = all && r.srcOK[mv*p.ncodes+code]
		}
		r.mbAny[mv] = all
	}
	r.mbTab = make([]mbTab, p.numPlayers)
	for mv := 0; mv < p.numPlayers; mv++ {
		t := &r.mbTab[mv]
		t.n, t.sym, t.any = len(offs[mv]), true, r.mbAny[mv]
		for k, o := range offs[mv] {
			t.offs[k], t.ent[k] = o, uint32(r.dirs[mv][k])<<16
			opp := false
			for _, o2 := range offs[mv] {
				t.half = t.half || 2*o == o2 || 2*o == -o2
				opp = opp || o2 == -o
			}
			t.sym = t.sym && opp
		}
		for k := range t.n {
			t.back[k] = mbBack{o: t.offs[k], key: mbKey(0, k, 0, t.ent[k])}
		}
		slices.SortStableFunc(t.back[:t.n], func(x, y mbBack) int { return int(y.o - x.o) })
	}
}

// mbLayout is a slot layout tryMailbox checks.
type mbLayout struct {
	off      []int   // per direction: the slot offset of its neighbours
	offOK    []bool  // per direction: the offset is the same for every cell
	key      []int32 // per cell: its slot
	slotCell []int32 // per slot: its cell, -1 for none
}

// offsets finds per direction the constant offset of its neighbours under
// the keys keys, if there is one, and returns the span the margin needs
// (twice the largest such offset).
func (lay *mbLayout) offsets(p *Program, keys []int) (span int) {
	lay.off = make([]int, p.numDirs)
	lay.offOK = make([]bool, p.numDirs)
	for d := 0; d < p.numDirs; d++ {
		any, ok := false, true
		for c := 0; c < p.numCells && ok; c++ {
			n := int(p.neighbours[c*p.numDirs+d])
			if n < 0 {
				continue
			}
			v := keys[n] - keys[c]
			if !any {
				lay.off[d], any = v, true
			} else if v != lay.off[d] {
				ok = false
			}
		}
		lay.offOK[d] = any && ok
		if lay.offOK[d] {
			span = max(span, 2*abs(lay.off[d]))
		}
	}
	return span
}

// place gives every cell its slot, keys shifted by the margin span, and
// fills slotCell.
func (lay *mbLayout) place(keys []int, span int) {
	lay.slotCell = make([]int32, mbSlots)
	for i := range lay.slotCell {
		lay.slotCell[i] = -1
	}
	lay.key = make([]int32, len(keys))
	for c := range lay.key {
		lay.key[c] = int32(keys[c] + span)
		lay.slotCell[lay.key[c]] = int32(c)
	}
}

// ruleOffsets returns per mover the slot offsets of rule r's directions,
// or false when one of its leaps (of length 2) disagrees with the layout: a
// direction without a constant offset, a slot holding another cell than
// the leap table's, or a leap off the board that meets no wall slot.
func (lay *mbLayout) ruleOffsets(p *Program, r *rule) ([][]int32, bool) {
	nc := int32(p.numCells)
	// the cell a slot holds, as the leap table names it (nc: off the board)
	at := func(slot int) int32 {
		if c := lay.slotCell[slot]; c >= 0 {
			return c
		}
		return nc
	}
	offs := make([][]int32, p.numPlayers)
	for mv := 0; mv < p.numPlayers; mv++ {
		if len(r.dirs[mv]) > 32 {
			return nil, false // (direction sets are 32-bit masks)
		}
		for _, d := range r.dirs[mv] {
			if !lay.offOK[d] {
				return nil, false
			}
			o := lay.off[d]
			for c := 0; c < p.numCells; c++ {
				base := (c*p.numDirs + int(d)) * 2
				x, l := r.leap[base], r.leap[base+1]
				// (a leap off the board has nc throughout the table:
				// one of its slots must be a wall)
				sx := int(lay.key[c]) + o
				if x == nc && at(sx) != nc && at(sx+o) != nc {
					return nil, false
				}
				if x != nc && (at(sx) != x || at(sx+o) != l) {
					return nil, false
				}
			}
			offs[mv] = append(offs[mv], int32(o))
		}
	}
	return offs, true
}

// compileMbPerft decides Program.lastTwo = mailboxPerft: every rule is a mailbox jump
// that may move any piece, or a removal of any piece without conditions;
// guards depend on the counters; no goal, blockade filter, pass, or tier
// needing deduplication.
func (p *Program) compileMbPerft() {
	why := p.mailboxPerftDeclines()
	p.declineFor(scopeProgram, 0, accelMailboxPerft, why)
	if why == "" && p.lastTwo == nil {
		p.lastTwo = mailboxPerft{}
	}
}

// mailboxPerftDeclines tells why perft does not count on the mailbox (""
// when it does: mailboxPerft).
func (p *Program) mailboxPerftDeclines() string {
	if why := cmp.Or(p.off(accelMailboxPerft), p.plainTurnsDeclines()); why != "" {
		return why
	}
	for i := range p.rules {
		r := &p.rules[i]
		for mv := 0; mv < p.numPlayers; mv++ {
			switch {
			case r.plainRemoval():
				for code := 1; code < p.ncodes; code++ {
					if !p.selects(r, mv, code) {
						return fmt.Sprintf("removal %s does not remove every piece", r.name)
					}
				}
			case r.mbOffs != nil:
				if !r.mbAny[mv] {
					return fmt.Sprintf("rule %s does not move every piece", r.name)
				}
			default:
				return fmt.Sprintf("needs mailbox, which declined rule %s", r.name)
			}
		}
	}
	return ""
}

// mailboxCount is the chain walk (chain_walks.go) in count mode on the
// mailbox: a leap is three bytes written, and written back, by the chain
// policy of the rule (countLeap).
type mailboxCount struct {
	mbBoard
	policy ir.Chain
}

func (k mailboxCount) ends(int32) bool   { return false }
func (k mailboxCount) goesOn(int32) bool { return true }
func (k mailboxCount) chain() ir.Chain   { return k.policy }

// from counts the moves of the piece on a.
func (k mailboxCount) from(a int32) int {
	if k.policy == ir.ChainNone { // (each leap a move: nothing to play)
		return bits.OnesCount32(k.leapsOf(a))
	}
	return k.countFrom(a)
}

// after counts the moves that a leap landing on l begins (the leap
// played on the mailbox).
func (k mailboxCount) after(l int32) int {
	return countLeap(k.policy, false, func() int { return k.countFrom(l) })
}

// mbCount counts the moves of mailbox rule r for mover in s; empty holds
// the words of the empty cells, nempty and nsrc the number of empty cells
// and of pieces the rule may move. Without mbAny[mover], the cells of s
// must match the mailbox (the pieces' codes are read).
func (p *Program) mbCount(s *State, r *rule, mover int, empty []uint64, nempty, nsrc int) int {
	mbx := p.mbox
	k := mailboxCount{mbBoard: mbBoard{mb: s.mailbox, t: &r.mbTab[mover]}, policy: r.chain}
	mb := k.mb
	anySrc := r.mbAny[mover]
	srcOK := r.srcOK[mover*p.ncodes : (mover+1)*p.ncodes]
	n := 0
	if nempty < nsrc {
		for w, word := range empty {
			for ; word != 0; word &= word - 1 {
				l := mbx.bitSlot[w<<6|bits.TrailingZeros64(word)]
				for _, o := range k.t.offs[:k.t.n] {
					b := (l - o) & mbMask
					a := (b - o) & mbMask
					if mb[b] != 1 || mb[a] != 1 || (!anySrc && !srcOK[s.cells[mbx.slotCell[a]]]) {
						continue
					}
					if r.chain == ir.ChainNone {
						n++
						continue
					}
					mb[a], mb[b], mb[l] = 0, 0, 1
					n += k.after(l)
					mb[a], mb[b], mb[l] = 1, 1, 0
				}
			}
		}
		return n
	}
	for w, e := range empty {
		for word := p.boardMask[w] &^ e; word != 0; word &= word - 1 {
			a := mbx.bitSlot[w<<6|bits.TrailingZeros64(word)]
			if !anySrc && !srcOK[s.cells[mbx.slotCell[a]]] {
				continue
			}
			n += k.from(a)
		}
	}
	return n
}

// mbLeaps is fastLeaps for a mailbox rule (but a shift rule on one word,
// which the bitset walker serves). The empty cells decide where to look
// from: in count mode, mbCount; with fewer empty cells than pieces the
// rule may move, from the landing cells (mbFew), unless a
// shift rule has enough of them for shifts to be cheaper; otherwise from
// the sources (mbFromSources), marked by markShift for a shift rule.
func (g *gen) mbLeaps() {
	p, s, r := g.p, g.s, g.r
	g.one = false
	nempty, nsrc := g.emptyCount()
	landings := nempty < nsrc && !(r.shift && nempty >= 4*s.numWords)
	switch {
	case g.sink == sinkCount:
		g.n += p.mbCount(s, r, g.mover, s.bufs[s.numWords:2*s.numWords], nempty, nsrc)
	case landings:
		g.mbFew(nempty * r.mbTab[g.mover].n)
	default:
		g.mbFromSources(g.markFrom(nempty, nsrc))
	}
}

// srcOK returns the rule's table of the piece codes the mover may move.
func (g *gen) srcOK() []bool {
	nc := g.p.ncodes
	return g.r.srcOK[g.mover*nc : (g.mover+1)*nc]
}

// mbFromSources explores, in fastLeaps' order, the leaps of the pieces the
// rule may move, among those markSources marked (marked) or else all of
// them, on the mailbox (mailboxWalk).
func (g *gen) mbFromSources(marked bool) {
	p, s := g.p, g.s
	srcOK := g.srcOK()
	walk := g.newMailboxWalk()
	for w := 0; w < s.numWords; w++ {
		for word := g.sources(w, marked); word != 0; word &= word - 1 {
			c := int(p.cellOf[w<<6|bits.TrailingZeros64(word)])
			code := s.cells[c]
			if !srcOK[code] {
				continue
			}
			g.piece = code
			s.path = append(s.path[:0], uint32(c))
			walk.walk(p.mbox.key[c])
			s.path = s.path[:0]
			if g.found {
				return
			}
		}
	}
}

// mailboxWalk is the chain walk (chain_walks.go) in list mode on the
// mailbox, for a mailbox rule (short jumps): the leaps of the piece on a
// slot are tested and played on the mailbox alone (the cells do not
// change), the moves emitted in the leap table's order.
type mailboxWalk struct {
	mbBoard
	g        *gen
	slotCell *[mbSlots]int32
}

// newMailboxWalk readies the mailbox walk of g's rule for the mover.
func (g *gen) newMailboxWalk() mailboxWalk {
	return mailboxWalk{mbBoard: mbBoard{mb: g.s.mailbox, t: &g.r.mbTab[g.mover]}, g: g, slotCell: g.p.mbox.slotCell}
}

// walk explores the leaps of the piece on slot a, testing and playing
// them on the mailbox alone (the cells do not change), emitting moves in
// the leap table's order; it reports whether any leap was possible. It
// is the chain walk of chain_walks.go written out: stamped from the
// template (mbBoard's play and unplay) it measured 5-8% more
// instructions per playout on the games it serves.
func (w mailboxWalk) walk(a int32) bool {
	g, t, mb := w.g, w.t, w.mb
	s := g.s
	any := false
	for k, o := range t.offs[:t.n] {
		b, c := (a+o)&mbMask, (a+2*o)&mbMask
		if mb[b] != 1 || mb[c] != 0 {
			continue
		}
		mb[a&mbMask], mb[b], mb[c] = 0, 0, 1
		s.path = append(s.path, uint32(w.slotCell[c])|t.ent[k&31])
		more := g.leapOn(false)
		// (leapsFrom first: most landings have no leap, found without a call)
		g.leapOff(more, more != ir.ChainNone && t.leapsFrom(mb, c) && w.walk(c))
		s.path = s.path[:len(s.path)-1]
		mb[a&mbMask], mb[b], mb[c] = 1, 1, 0
		any = true
		if g.found {
			return true
		}
	}
	return any
}

// mbFew is fastLeaps for a mailbox rule with fewer empty cells than
// pieces it may move (emptyCount left the empty cells' words in
// s.bufs[nw:2*nw]), most being the number of empty cells times the
// mover's directions: the first leaps onto the empty cells are found by
// looking back from them (mbLookBack), each kept as a key that sorts in
// fastLeaps' order (source, direction) and holds its path (mbKey); the
// keys are sorted, then written as moves (mbWrite) or walked by the chain
// policy (mbKeyed).
//
// It also tells per landing cell l, in g.near, whether a chain may go on
// from l after a first leap onto it: only when l has a leap before it (a
// leap from a over b onto l empties a and b, but the leap from l onto a
// passes over b, and no direction is half of another: mbTab.half). With
// directions that come in opposite pairs (mbTab.sym), those are the leaps
// the look back from l finds onto an empty cell. When no first leap lands
// on such a cell, every first leap is a move and nothing else is.
func (g *gen) mbFew(most int) {
	s, t := g.s, &g.r.mbTab[g.mover]
	nw := s.numWords
	bitSlot := g.p.mbox.bitSlot
	near := &g.near
	if len(g.keys) < most {
		// (once for a State: as many as the board's cells times the directions)
		g.keys = make([]uint64, max(most, g.p.numCells*t.n))
	}
	keys := g.keys
	var srcOK []bool
	if !t.any {
		srcOK = g.srcOK()
	}
	n, chains := 0, false
	for w, word := range s.bufs[nw : 2*nw] {
		for ; word != 0; word &= word - 1 {
			l := bitSlot[w<<6|bits.TrailingZeros64(word)] & mbMask
			n0 := n
			var on bool
			if n, on = g.mbLookBack(t, l, keys, n, srcOK); on {
				near[l>>6] |= 1 << uint(l&63)
				chains = chains || n > n0
			} else {
				near[l>>6] &^= 1 << uint(l&63)
			}
		}
	}
	if ks := keys[:n]; n > mbInsertion {
		slices.Sort(ks)
	} else { // (by insertion: a few keys, mostly in order already)
		for i := 1; i < len(ks); i++ {
			x, j := ks[i], i
			for ; j > 0 && ks[j-1] > x; j-- {
				ks[j] = ks[j-1]
			}
			ks[j] = x
		}
	}
	if g.list != nil && (!chains || g.r.chain == ir.ChainNone) && g.mbWrite(n) {
		return
	}
	g.mbKeyed(n)
}

// mbKey is a first leap of mbFew: the bit of its source, its direction
// index, then its path (start cell, landing entry), so keys sort in
// fastLeaps' order (Program.compileMailbox keeps bits below 1<<11).
func mbKey(bit int32, k int, c, e uint32) uint64 {
	return uint64(bit)<<53 | uint64(k)<<48 | uint64(c)<<32 | uint64(e)
}

// mbLookBack adds to keys, from n on, the first leaps of the pieces the
// rule may move onto the empty slot l, and returns the new number of keys
// and whether a chain may go on from l after a first leap onto it (as
// mbFew tells it). Directions are looked at by decreasing offset
// (mbTab.back), which gives the sources of one landing cell in slot order.
func (g *gen) mbLookBack(t *mbTab, l int32, keys []uint64, n int, srcOK []bool) (int, bool) {
	mb, mbx := g.s.mailbox, g.p.mbox
	lc := uint64(mbx.slotCell[l&mbMask])
	any := t.any
	on := t.half || (!t.sym && t.leapsFrom(mb, l))
	for _, d := range t.back[:t.n] {
		b := (l - d.o) & mbMask
		if mb[b] != 1 {
			continue
		}
		a := (b - d.o) & mbMask
		switch mb[a] {
		case 1:
			c := mbx.slotCell[a]
			if any || srcOK[g.s.cells[c]] {
				keys[n] = uint64(mbx.slotBit[a])<<53 | uint64(c)<<32 | d.key | lc
				n++
			}
		case 0:
			on = true // (t.sym: the leap from l over b onto a)
		}
	}
	return n, on
}

// mbWrite writes in place, in list mode, the moves of the n first leaps
// of g.keys (single leaps: paths of two entries, start cell and landing
// entry), when the arena has room for them within maxArena; it reports
// whether it had (ml unchanged otherwise).
func (g *gen) mbWrite(n int) bool {
	ml := g.list
	off, nm := len(ml.arena), len(ml.moves)
	if off+2*n > maxArena {
		return false
	}
	if cap(ml.arena)-off < 2*n {
		ml.arena = slices.Grow(ml.arena, 2*n)
	}
	if cap(ml.moves)-nm < n {
		ml.moves = slices.Grow(ml.moves, n)
	}
	arena, moves := ml.arena[off:off+2*n], ml.moves[nm:nm+n]
	ri := int32(g.r.idx)
	for i, key := range g.keys[:len(moves)] {
		moves[i] = mv{off: int32(off + 2*i), n: 2, rule: ri}
		arena[2*i], arena[2*i+1] = uint32(key>>32)&0xffff, uint32(key)
	}
	ml.arena, ml.moves = ml.arena[:off+2*n], ml.moves[:nm+n]
	return true
}

// mbKeyed walks the n first leaps of g.keys by the chain policy: a first
// leap onto a cell from which no chain can go on (g.near) is a move
// (emitFirst); the others are played on the mailbox by mbChain.
func (g *gen) mbKeyed(n int) {
	mbx, t := g.p.mbox, &g.r.mbTab[g.mover]
	chained := g.r.chain != ir.ChainNone
	for _, key := range g.keys[:n] {
		k, c, e := int(key>>48)&31, uint32(key>>32)&0xffff, uint32(key)
		a := mbx.key[c] & mbMask
		l := (a + 2*t.offs[k]) & mbMask
		if chained && g.near[l>>6]>>uint(l&63)&1 != 0 {
			g.mbChain(a, k, c, e)
		} else {
			g.emitFirst(c, e)
		}
		if g.found {
			return
		}
	}
}

// mbChain plays the first leap from slot a in the mover's k-th direction
// (from cell c, path entry e) on the mailbox, emits it and explores the
// chains going on from its landing cell by the chain policy, and takes it
// back.
func (g *gen) mbChain(a int32, k int, c, e uint32) {
	s, t := g.s, &g.r.mbTab[g.mover]
	mb := s.mailbox
	o := t.offs[k&31]
	b, l := (a+o)&mbMask, (a+2*o)&mbMask
	mb[a], mb[b], mb[l] = 0, 0, 1
	more := g.firstLeapOn(c, e)
	went := false
	if more != ir.ChainNone && t.leapsFrom(mb, l) {
		s.path = append(s.path[:0], c, e)
		walk := g.newMailboxWalk()
		went = walk.walk(l)
	}
	g.firstLeapOff(more, went, c, e)
	mb[a], mb[b], mb[l] = 1, 1, 0
}

// mbBack is a direction as mbLookBack reads it: its offset, and its part
// of the keys of its first leaps (mbKey: direction index, direction).
type mbBack struct {
	o   int32
	key uint64
}

// mbTab is what the walkers of a mailbox rule read of the mover's
// directions, in fixed-size arrays read through masks (no bounds checks).
type mbTab struct {
	n    int        // directions
	half bool       // some direction's offset is half of another's
	sym  bool       // the opposite of every direction's offset is one too
	any  bool       // the rule may move every piece (rule.mbAny)
	offs [32]int32  // per direction index: the slot offset of its neighbours
	ent  [32]uint32 // per direction index: its direction, as a path entry has it (<<16)
	back [32]mbBack // the directions by decreasing offset
}

// leapsFrom tells whether the piece on slot a has a leap on mailbox mb.
func (t *mbTab) leapsFrom(mb *[mbSlots]uint8, a int32) bool {
	for _, o := range t.offs[:t.n] {
		if mb[(a+o)&mbMask] == 1 && mb[(a+2*o)&mbMask] == 0 {
			return true
		}
	}
	return false
}

// mbBoard is what the mailbox walks share: the mailbox and the mover's
// directions, the leaps of the pieces tested as they are played (the
// walks try every direction: testing a leap as it is played costs less
// than a set of the leaps).
type mbBoard struct {
	mb *[mbSlots]uint8
	t  *mbTab
}

func (b mbBoard) dirCount() int { return b.t.n }

// leapsOf tells which of the directions have a leap from slot a (bit k:
// the k-th).
func (b mbBoard) leapsOf(a int32) uint32 {
	mb := b.mb
	var m uint32
	for k, o := range b.t.offs[:b.t.n] {
		m |= uint32(b2i(mb[(a+o)&mbMask] == 1 && mb[(a+2*o)&mbMask] == 0)) << uint(k)
	}
	return m
}

// play plays the leap from slot a in the k-th direction, when there is
// one, and returns its landing slot.
func (b mbBoard) play(a int32, k int) (int32, bool) {
	mb, o := b.mb, b.t.offs[k&31]
	x, c := (a+o)&mbMask, (a+2*o)&mbMask
	if mb[x] != 1 || mb[c] != 0 {
		return c, false
	}
	mb[a&mbMask], mb[x], mb[c] = 0, 0, 1
	return c, true
}

// unplay takes back the leap from slot a in the k-th direction onto c.
func (b mbBoard) unplay(a int32, k int, c int32) {
	x := (a + b.t.offs[k&31]) & mbMask
	b.mb[a&mbMask], b.mb[x], b.mb[c&mbMask] = 1, 1, 0
}

// mbVisit plays the moves of a position on the mailbox and the empty-cell
// words and counts the next player's replies after each (mailboxPerft).
type mbVisit struct {
	p      *Program
	s      *State
	mbx    *mailbox
	mb     *[mbSlots]uint8
	empty  []uint64
	nempty int
	moves  int     // moves played
	total  uint64  // replies counted
	board  mbBoard // the mailbox and the rule's directions for the mover
	policy ir.Chain
	next   int
}

// mailboxPerftTwo returns perft(2) of s (mailboxPerft; s.nextOK filled by nextGuards).
func (p *Program) mailboxPerftTwo(s *State) uint64 {
	nw := s.numWords
	v := mbVisit{p: p, s: s, mbx: p.mbox, mb: s.mailbox, board: mbBoard{mb: s.mailbox}, empty: s.bufs[nw : 2*nw], next: p.after(s.toMove)}
	for w := range v.empty {
		var occ uint64
		for sl := 0; sl <= p.numPlayers; sl++ {
			occ |= s.occ[sl*nw+w]
		}
		v.empty[w] = ^occ & p.boardMask[w]
		v.nempty += bits.OnesCount64(v.empty[w])
	}
	guard := func(ri int) bool { return p.guardOK(s, &p.rules[ri]) }
	played := p.firstTierCount(guard, func(r *rule) int {
		before := v.moves
		if r.action == ir.Remove {
			v.removals()
		} else {
			v.board.t, v.policy = &r.mbTab[s.toMove], r.chain
			v.leaps()
		}
		return v.moves - before
	})
	if played == 0 {
		return 0
	}
	return v.total // the replies of the first tier with moves (the tiers before have none)
}

// flip toggles the emptiness of slot a in the words.
func (v *mbVisit) flip(a int32) {
	b := v.mbx.slotBit[a]
	v.empty[b>>6] ^= 1 << (uint(b) & 63)
}

// removals plays every removal.
func (v *mbVisit) removals() {
	mb := v.mb
	for w := range v.empty {
		for word := v.p.boardMask[w] &^ v.empty[w]; word != 0; word &= word - 1 {
			bit := uint64(1) << uint(bits.TrailingZeros64(word))
			a := v.mbx.bitSlot[w<<6|bits.TrailingZeros64(word)]
			mb[a] = 0
			v.empty[w] |= bit
			v.nempty++
			v.moves++
			v.total += v.replies()
			v.nempty--
			v.empty[w] &^= bit
			mb[a] = 1
		}
	}
}

// leaps plays every move of the rule set in v (tab, policy).
func (v *mbVisit) leaps() {
	mb, t := v.mb, v.board.t
	if 2*v.nempty < v.p.numCells {
		// from the empty cells, as landings of the first leap
		for w := range v.empty {
			for word := v.empty[w]; word != 0; word &= word - 1 {
				l := v.mbx.bitSlot[w<<6|bits.TrailingZeros64(word)]
				for k, o := range t.offs[:t.n] {
					b := (l - o) & mbMask
					a := (b - o) & mbMask
					if mb[b] == 1 && mb[a] == 1 {
						c, _ := v.play(a, k)
						visitLeap(v.policy, false, v.visitMove, func() bool { return v.visitFrom(c) })
						v.unplay(a, k, c)
					}
				}
			}
		}
		return
	}
	for w := range v.empty {
		for word := v.p.boardMask[w] &^ v.empty[w]; word != 0; word &= word - 1 {
			v.visitFrom(v.mbx.bitSlot[w<<6|bits.TrailingZeros64(word)])
		}
	}
}

// mbVisit is the chain walk (chain_walks.go) in visit mode on the
// mailbox: a leap is three bytes and three bits of the empty-cell words
// written, and written back.
func (v *mbVisit) dirCount() int     { return v.board.t.n }
func (v *mbVisit) ends(int32) bool   { return false }
func (v *mbVisit) goesOn(int32) bool { return true }
func (v *mbVisit) chain() ir.Chain   { return v.policy }

// play plays the leap from a in the k-th direction, when there is one,
// on the mailbox and the empty-cell words.
func (v *mbVisit) play(a int32, k int) (int32, bool) {
	c, ok := v.board.play(a, k)
	if ok {
		v.flip(a)
		v.flip((a + v.board.t.offs[k&31]) & mbMask)
		v.flip(c)
		v.nempty++
	}
	return c, ok
}

// unplay takes the leap from a in the k-th direction onto c back.
func (v *mbVisit) unplay(a int32, k int, c int32) {
	v.nempty--
	v.flip(a)
	v.flip((a + v.board.t.offs[k&31]) & mbMask)
	v.flip(c)
	v.board.unplay(a, k, c)
}

// visitMove counts a move played on the mailbox and the replies to it.
func (v *mbVisit) visitMove() {
	v.moves++
	v.total += v.replies()
}

// replies counts the next player's moves in the position on the mailbox.
func (v *mbVisit) replies() uint64 {
	p, s := v.p, v.s
	npieces := p.numCells - v.nempty
	return uint64(p.firstTierCount(func(ri int) bool { return s.nextOK[ri] }, func(r *rule) int {
		if r.action == ir.Remove {
			return npieces
		}
		return p.mbCount(s, r, v.next, v.empty, v.nempty, npieces)
	}))
}
