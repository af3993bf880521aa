package accel

import (
	"math/bits"
	"slices"

	"github.com/ruleplay/ruleplay/interp/internal/core"
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

// TryMailbox lays the cells out with this pitch; it succeeds when every
// candidate rule's leap table agrees with constant slot offsets, and then
// sets p.mbox and the candidates' mbOffs and mbAny.
func TryMailbox(p *core.Program, cands []*core.Rule, pitch, xmin, ymin int) bool {
	keys := make([]int, p.NumCells)
	kmax := 0
	for c := 0; c < p.NumCells; c++ {
		keys[c] = pitch*(p.CellY[c]-ymin) + p.CellX[c] - xmin
		kmax = max(kmax, keys[c])
	}
	lay := &mbLayout{}
	span := lay.offsets(p, keys)
	size := kmax + 2*span + 1
	if size > core.MbSlots {
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
	p.Mbox = newMailbox(p, lay)
	for i, r := range cands {
		useMailbox(p, r, offs[i])
	}
	return true
}

// newMailbox builds the mailbox of a layout that fits: slots and bits of
// the bit layout both ways.
func newMailbox(p *core.Program, lay *mbLayout) *core.Mailbox {
	mb := &core.Mailbox{Key: lay.key, SlotBit: new([core.MbSlots]int32), BitSlot: make([]int32, p.NumWords*64), SlotCell: (*[core.MbSlots]int32)(lay.slotCell)}
	for i := range mb.SlotBit {
		mb.SlotBit[i] = -1
	}
	for c := 0; c < p.NumCells; c++ {
		b := p.BitOf[c]
		mb.SlotBit[lay.key[c]] = b
		mb.BitSlot[b] = lay.key[c]
	}
	return mb
}

// useMailbox marks rule r as counted on the mailbox with these slot
// offsets per mover, and sets r.mbAny: per mover, whether it may move
// every piece.
func useMailbox(p *core.Program, r *core.Rule, offs [][]int32) {
	Tables(r).MailboxOffsets = offs
	Tables(r).MailboxAny = make([]bool, p.Players)
	for mv := 0; mv < p.Players; mv++ {
		all := true
		for code := 1; code < p.Ncodes; code++ {
			all = all && r.SrcOK[mv*p.Ncodes+code]
		}
		Tables(r).MailboxAny[mv] = all
	}
	Tables(r).Mailbox = make([]MbTab, p.Players)
	for mv := 0; mv < p.Players; mv++ {
		t := &Tables(r).Mailbox[mv]
		t.N, t.Sym, t.Any = len(offs[mv]), true, Tables(r).MailboxAny[mv]
		for k, o := range offs[mv] {
			t.Offs[k], t.Ent[k] = o, uint32(r.Dirs[mv][k])<<16
			opp := false
			for _, o2 := range offs[mv] {
				t.Half = t.Half || 2*o == o2 || 2*o == -o2
				opp = opp || o2 == -o
			}
			t.Sym = t.Sym && opp
		}
		for k := range t.N {
			t.Back[k] = MbBack{O: t.Offs[k], Key: mbKey(0, k, 0, t.Ent[k])}
		}
		slices.SortStableFunc(t.Back[:t.N], func(x, y MbBack) int { return int(y.O - x.O) })
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
func (lay *mbLayout) offsets(p *core.Program, keys []int) (span int) {
	lay.off = make([]int, p.NumDirs)
	lay.offOK = make([]bool, p.NumDirs)
	for d := 0; d < p.NumDirs; d++ {
		any, ok := false, true
		for c := 0; c < p.NumCells && ok; c++ {
			n := int(p.Neighbours[c*p.NumDirs+d])
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
			span = max(span, 2*core.Abs(lay.off[d]))
		}
	}
	return span
}

// place gives every cell its slot, keys shifted by the margin span, and
// fills slotCell.
func (lay *mbLayout) place(keys []int, span int) {
	lay.slotCell = make([]int32, core.MbSlots)
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
func (lay *mbLayout) ruleOffsets(p *core.Program, r *core.Rule) ([][]int32, bool) {
	nc := int32(p.NumCells)
	// the cell a slot holds, as the leap table names it (nc: off the board)
	at := func(slot int) int32 {
		if c := lay.slotCell[slot]; c >= 0 {
			return c
		}
		return nc
	}
	offs := make([][]int32, p.Players)
	for mv := 0; mv < p.Players; mv++ {
		if len(r.Dirs[mv]) > 32 {
			return nil, false // (direction sets are 32-bit masks)
		}
		for _, d := range r.Dirs[mv] {
			if !lay.offOK[d] {
				return nil, false
			}
			o := lay.off[d]
			for c := 0; c < p.NumCells; c++ {
				base := (c*p.NumDirs + int(d)) * 2
				x, l := r.Leap[base], r.Leap[base+1]
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
	return core.CountLeap(k.policy, false, func() int { return k.countFrom(l) })
}

// mbCount counts the moves of mailbox rule r for mover in s; empty holds
// the words of the empty cells, nempty and nsrc the number of empty cells
// and of pieces the rule may move. Without mbAny[mover], the cells of s
// must match the mailbox (the pieces' codes are read).
func mbCount(p *core.Program, s *core.State, r *core.Rule, mover int, empty []uint64, nempty, nsrc int) int {
	mbx := p.Mbox
	k := mailboxCount{mbBoard: mbBoard{mb: s.Mailbox, t: &Tables(r).Mailbox[mover]}, policy: r.Chain}
	mb := k.mb
	anySrc := Tables(r).MailboxAny[mover]
	srcOK := r.SrcOK[mover*p.Ncodes : (mover+1)*p.Ncodes]
	n := 0
	if nempty < nsrc {
		for w, word := range empty {
			for ; word != 0; word &= word - 1 {
				l := mbx.BitSlot[w<<6|bits.TrailingZeros64(word)]
				for _, o := range k.t.Offs[:k.t.N] {
					b := (l - o) & core.MbMask
					a := (b - o) & core.MbMask
					if mb[b] != 1 || mb[a] != 1 || (!anySrc && !srcOK[s.Cells[mbx.SlotCell[a]]]) {
						continue
					}
					if r.Chain == ir.ChainNone {
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
		for word := p.BoardMask[w] &^ e; word != 0; word &= word - 1 {
			a := mbx.BitSlot[w<<6|bits.TrailingZeros64(word)]
			if !anySrc && !srcOK[s.Cells[mbx.SlotCell[a]]] {
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
func mbLeaps(g *core.Gen) {
	p, s, r := g.P, g.S, g.R
	g.One = false
	nempty, nsrc := emptyCount(g)
	landings := nempty < nsrc && !(r.Marker[g.Mover] == core.MarkByShiftsOrLandings && nempty >= 4*s.NumWords)
	switch {
	case g.Sink == core.SinkCount:
		g.N += mbCount(p, s, r, g.Mover, s.Bufs[s.NumWords:2*s.NumWords], nempty, nsrc)
	case landings:
		mbFew(g, nempty*Tables(r).Mailbox[g.Mover].N)
	default:
		mbFromSources(g, markFrom(g, nempty, nsrc))
	}
}

// genSrcOK returns the rule's table of the piece codes the mover may move.
func genSrcOK(g *core.Gen) []bool {
	nc := g.P.Ncodes
	return g.R.SrcOK[g.Mover*nc : (g.Mover+1)*nc]
}

// mbFromSources explores, in fastLeaps' order, the leaps of the pieces the
// rule may move, among those markSources marked (marked) or else all of
// them, on the mailbox (mailboxWalk).
func mbFromSources(g *core.Gen, marked bool) {
	p, s := g.P, g.S
	srcOK := genSrcOK(g)
	walk := newMailboxWalk(g)
	for w := 0; w < s.NumWords; w++ {
		for word := genSources(g, w, marked); word != 0; word &= word - 1 {
			c := int(p.CellOf[w<<6|bits.TrailingZeros64(word)])
			code := s.Cells[c]
			if !srcOK[code] {
				continue
			}
			g.Piece = code
			s.Path = append(s.Path[:0], uint32(c))
			walk.walk(p.Mbox.Key[c])
			s.Path = s.Path[:0]
			if g.Found {
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
	g        *core.Gen
	slotCell *[core.MbSlots]int32
}

// newMailboxWalk readies the mailbox walk of g's rule for the mover.
func newMailboxWalk(g *core.Gen) mailboxWalk {
	return mailboxWalk{mbBoard: mbBoard{mb: g.S.Mailbox, t: &Tables(g.R).Mailbox[g.Mover]}, g: g, slotCell: g.P.Mbox.SlotCell}
}

// walk explores the leaps of the piece on slot a, testing and playing
// them on the mailbox alone (the cells do not change), emitting moves in
// the leap table's order; it reports whether any leap was possible. It
// is the chain walk of chain_walks.go written out: stamped from the
// template (mbBoard's play and unplay) it measured 5-8% more
// instructions per playout on the games it serves.
func (w mailboxWalk) walk(a int32) bool {
	g, t, mb := w.g, w.t, w.mb
	s := g.S
	any := false
	for k, o := range t.Offs[:t.N] {
		b, c := (a+o)&core.MbMask, (a+2*o)&core.MbMask
		if mb[b] != 1 || mb[c] != 0 {
			continue
		}
		mb[a&core.MbMask], mb[b], mb[c] = 0, 0, 1
		s.Path = append(s.Path, uint32(w.slotCell[c])|t.Ent[k&31])
		more := g.LeapOn(false)
		// (leapsFrom first: most landings have no leap, found without a call)
		g.LeapOff(more, more != ir.ChainNone && leapsFrom(t, mb, c) && w.walk(c))
		s.Path = s.Path[:len(s.Path)-1]
		mb[a&core.MbMask], mb[b], mb[c] = 1, 1, 0
		any = true
		if g.Found {
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
func mbFew(g *core.Gen, most int) {
	s, t := g.S, &Tables(g.R).Mailbox[g.Mover]
	nw := s.NumWords
	bitSlot := g.P.Mbox.BitSlot
	near := &g.Near
	if len(g.Keys) < most {
		// (once for a State: as many as the board's cells times the directions)
		g.Keys = make([]uint64, max(most, g.P.NumCells*t.N))
	}
	keys := g.Keys
	var srcOK []bool
	if !t.Any {
		srcOK = genSrcOK(g)
	}
	n, chains := 0, false
	for w, word := range s.Bufs[nw : 2*nw] {
		for ; word != 0; word &= word - 1 {
			l := bitSlot[w<<6|bits.TrailingZeros64(word)] & core.MbMask
			n0 := n
			var on bool
			if n, on = mbLookBack(g, t, l, keys, n, srcOK); on {
				near[l>>6] |= 1 << uint(l&63)
				chains = chains || n > n0
			} else {
				near[l>>6] &^= 1 << uint(l&63)
			}
		}
	}
	if ks := keys[:n]; n > core.MbInsertion {
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
	if g.List != nil && (!chains || g.R.Chain == ir.ChainNone) && mbWrite(g, n) {
		return
	}
	mbKeyed(g, n)
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
func mbLookBack(g *core.Gen, t *MbTab, l int32, keys []uint64, n int, srcOK []bool) (int, bool) {
	mb, mbx := g.S.Mailbox, g.P.Mbox
	lc := uint64(mbx.SlotCell[l&core.MbMask])
	any := t.Any
	on := t.Half || (!t.Sym && leapsFrom(t, mb, l))
	for _, d := range t.Back[:t.N] {
		b := (l - d.O) & core.MbMask
		if mb[b] != 1 {
			continue
		}
		a := (b - d.O) & core.MbMask
		switch mb[a] {
		case 1:
			c := mbx.SlotCell[a]
			if any || srcOK[g.S.Cells[c]] {
				keys[n] = uint64(mbx.SlotBit[a])<<53 | uint64(c)<<32 | d.Key | lc
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
func mbWrite(g *core.Gen, n int) bool {
	ml := g.List
	off, nm := len(ml.Arena), len(ml.Moves)
	if off+2*n > core.MaxArena {
		return false
	}
	if cap(ml.Arena)-off < 2*n {
		ml.Arena = slices.Grow(ml.Arena, 2*n)
	}
	if cap(ml.Moves)-nm < n {
		ml.Moves = slices.Grow(ml.Moves, n)
	}
	arena, moves := ml.Arena[off:off+2*n], ml.Moves[nm:nm+n]
	ri := int32(g.R.Idx)
	for i, key := range g.Keys[:len(moves)] {
		moves[i] = core.Mv{Off: int32(off + 2*i), N: 2, Rule: ri}
		arena[2*i], arena[2*i+1] = uint32(key>>32)&0xffff, uint32(key)
	}
	ml.Arena, ml.Moves = ml.Arena[:off+2*n], ml.Moves[:nm+n]
	return true
}

// mbKeyed walks the n first leaps of g.keys by the chain policy: a first
// leap onto a cell from which no chain can go on (g.near) is a move
// (emitFirst); the others are played on the mailbox by mbChain.
func mbKeyed(g *core.Gen, n int) {
	mbx, t := g.P.Mbox, &Tables(g.R).Mailbox[g.Mover]
	chained := g.R.Chain != ir.ChainNone
	for _, key := range g.Keys[:n] {
		k, c, e := int(key>>48)&31, uint32(key>>32)&0xffff, uint32(key)
		a := mbx.Key[c] & core.MbMask
		l := (a + 2*t.Offs[k]) & core.MbMask
		if chained && g.Near[l>>6]>>uint(l&63)&1 != 0 {
			mbChain(g, a, k, c, e)
		} else {
			g.EmitFirst(c, e)
		}
		if g.Found {
			return
		}
	}
}

// mbChain plays the first leap from slot a in the mover's k-th direction
// (from cell c, path entry e) on the mailbox, emits it and explores the
// chains going on from its landing cell by the chain policy, and takes it
// back.
func mbChain(g *core.Gen, a int32, k int, c, e uint32) {
	s, t := g.S, &Tables(g.R).Mailbox[g.Mover]
	mb := s.Mailbox
	o := t.Offs[k&31]
	b, l := (a+o)&core.MbMask, (a+2*o)&core.MbMask
	mb[a], mb[b], mb[l] = 0, 0, 1
	more := g.FirstLeapOn(c, e)
	went := false
	if more != ir.ChainNone && leapsFrom(t, mb, l) {
		s.Path = append(s.Path[:0], c, e)
		walk := newMailboxWalk(g)
		went = walk.walk(l)
	}
	g.FirstLeapOff(more, went, c, e)
	mb[a], mb[b], mb[l] = 1, 1, 0
}

// leapsFrom tells whether the piece on slot a has a leap on mailbox mb.
func leapsFrom(t *MbTab, mb *[core.MbSlots]uint8, a int32) bool {
	for _, o := range t.Offs[:t.N] {
		if mb[(a+o)&core.MbMask] == 1 && mb[(a+2*o)&core.MbMask] == 0 {
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
	mb *[core.MbSlots]uint8
	t  *MbTab
}

func (b mbBoard) dirCount() int { return b.t.N }

// leapsOf tells which of the directions have a leap from slot a (bit k:
// the k-th).
func (b mbBoard) leapsOf(a int32) uint32 {
	mb := b.mb
	var m uint32
	for k, o := range b.t.Offs[:b.t.N] {
		m |= uint32(core.B2i(mb[(a+o)&core.MbMask] == 1 && mb[(a+2*o)&core.MbMask] == 0)) << uint(k)
	}
	return m
}

// play plays the leap from slot a in the k-th direction, when there is
// one, and returns its landing slot.
func (b mbBoard) play(a int32, k int) (int32, bool) {
	mb, o := b.mb, b.t.Offs[k&31]
	x, c := (a+o)&core.MbMask, (a+2*o)&core.MbMask
	if mb[x] != 1 || mb[c] != 0 {
		return c, false
	}
	mb[a&core.MbMask], mb[x], mb[c] = 0, 0, 1
	return c, true
}

// unplay takes back the leap from slot a in the k-th direction onto c.
func (b mbBoard) unplay(a int32, k int, c int32) {
	x := (a + b.t.Offs[k&31]) & core.MbMask
	b.mb[a&core.MbMask], b.mb[x], b.mb[c&core.MbMask] = 1, 1, 0
}

// mbVisit plays the moves of a position on the mailbox and the empty-cell
// words and counts the next player's replies after each (mailboxPerft).
type mbVisit struct {
	p      *core.Program
	s      *core.State
	mbx    *core.Mailbox
	mb     *[core.MbSlots]uint8
	empty  []uint64
	nempty int
	moves  int     // moves played
	total  uint64  // replies counted
	board  mbBoard // the mailbox and the rule's directions for the mover
	policy ir.Chain
	next   int
}

// mailboxPerftTwo returns perft(2) of s (mailboxPerft; s.nextOK filled by nextGuards).
func mailboxPerftTwo(p *core.Program, s *core.State) uint64 {
	nw := s.NumWords
	v := mbVisit{p: p, s: s, mbx: p.Mbox, mb: s.Mailbox, board: mbBoard{mb: s.Mailbox}, empty: s.Bufs[nw : 2*nw], next: p.After(s.Mover)}
	for w := range v.empty {
		var occ uint64
		for sl := 0; sl <= p.Players; sl++ {
			occ |= s.Occ[sl*nw+w]
		}
		v.empty[w] = ^occ & p.BoardMask[w]
		v.nempty += bits.OnesCount64(v.empty[w])
	}
	guard := func(ri int) bool { return p.GuardOK(s, &p.Rules[ri]) }
	played := p.FirstTierCount(guard, func(r *core.Rule) int {
		before := v.moves
		if r.Action == ir.Remove {
			v.removals()
		} else {
			v.board.t, v.policy = &Tables(r).Mailbox[s.Mover], r.Chain
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
	b := v.mbx.SlotBit[a]
	v.empty[b>>6] ^= 1 << (uint(b) & 63)
}

// removals plays every removal.
func (v *mbVisit) removals() {
	mb := v.mb
	for w := range v.empty {
		for word := v.p.BoardMask[w] &^ v.empty[w]; word != 0; word &= word - 1 {
			bit := uint64(1) << uint(bits.TrailingZeros64(word))
			a := v.mbx.BitSlot[w<<6|bits.TrailingZeros64(word)]
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
	if 2*v.nempty < v.p.NumCells {
		// from the empty cells, as landings of the first leap
		for w := range v.empty {
			for word := v.empty[w]; word != 0; word &= word - 1 {
				l := v.mbx.BitSlot[w<<6|bits.TrailingZeros64(word)]
				for k, o := range t.Offs[:t.N] {
					b := (l - o) & core.MbMask
					a := (b - o) & core.MbMask
					if mb[b] == 1 && mb[a] == 1 {
						c, _ := v.play(a, k)
						core.VisitLeap(v.policy, false, v.visitMove, func() bool { return v.visitFrom(c) })
						v.unplay(a, k, c)
					}
				}
			}
		}
		return
	}
	for w := range v.empty {
		for word := v.p.BoardMask[w] &^ v.empty[w]; word != 0; word &= word - 1 {
			v.visitFrom(v.mbx.BitSlot[w<<6|bits.TrailingZeros64(word)])
		}
	}
}

// mbVisit is the chain walk (chain_walks.go) in visit mode on the
// mailbox: a leap is three bytes and three bits of the empty-cell words
// written, and written back.
func (v *mbVisit) dirCount() int     { return v.board.t.N }
func (v *mbVisit) ends(int32) bool   { return false }
func (v *mbVisit) goesOn(int32) bool { return true }
func (v *mbVisit) chain() ir.Chain   { return v.policy }

// play plays the leap from a in the k-th direction, when there is one,
// on the mailbox and the empty-cell words.
func (v *mbVisit) play(a int32, k int) (int32, bool) {
	c, ok := v.board.play(a, k)
	if ok {
		v.flip(a)
		v.flip((a + v.board.t.Offs[k&31]) & core.MbMask)
		v.flip(c)
		v.nempty++
	}
	return c, ok
}

// unplay takes the leap from a in the k-th direction onto c back.
func (v *mbVisit) unplay(a int32, k int, c int32) {
	v.nempty--
	v.flip(a)
	v.flip((a + v.board.t.Offs[k&31]) & core.MbMask)
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
	npieces := p.NumCells - v.nempty
	return uint64(p.FirstTierCount(func(ri int) bool { return ScratchOf(s).NextOK[ri] }, func(r *core.Rule) int {
		if r.Action == ir.Remove {
			return npieces
		}
		return mbCount(p, s, r, v.next, v.empty, v.nempty, npieces)
	}))
}

// MbBack is a direction as mbLookBack reads it: its offset, and its part
// of the keys of its first leaps (mbKey: direction index, direction).
type MbBack struct {
	O   int32
	Key uint64
}

// MbTab is what the walkers of a mailbox rule read of the mover's
// directions, in fixed-size arrays read through masks (no bounds checks).
type MbTab struct {
	N    int        // directions
	Half bool       // some direction's offset is half of another's
	Sym  bool       // the opposite of every direction's offset is one too
	Any  bool       // the rule may move every piece (rule.mbAny)
	Offs [32]int32  // per direction index: the slot offset of its neighbours
	Ent  [32]uint32 // per direction index: its direction, as a path entry has it (<<16)
	Back [32]MbBack // the directions by decreasing offset
}
