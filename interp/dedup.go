package interp

import "github.com/ruleplay/ruleplay/ir"

// Moves, and the deduplication of a tier.
//
// A move is a small record in a MoveList (rule index, offset and length of
// its path in the list's arena). The path holds the start cell and then one
// entry per leap: the landing cell and the direction (cell | dir<<16); a
// removal holds the removed cell; a pass holds nothing. Texts (docs/notation.md)
// are built only when asked for. A MoveList is reused from ply to ply, so no
// allocation happens once its buffers have grown. When two rules of a
// priority tier could give the same text, the tier's moves are
// deduplicated, keeping the first; otherwise this costs nothing. This is
// decided at compile time: two removal rules, two group rules, a group rule
// and a leap rule whose displacement is a positive multiple of a group
// direction, or two leap rules sharing a displacement vector (with every
// length each can give, LengthProp included), unless no piece is moved by
// both rules or their Onto conditions are local and never both hold. For
// two genStack rules the leaps of the later one that imply the earlier
// one's are left out of its tables (dedup.go, strat_stack.go); the pass
// looks only at the moves of the rules of pairs left, and a tier with none
// left needs no pass.

// Deduplication roles of a rule in its tier (rule.ddRole): its moves may
// have the text of a later rule's (ddMark: they are remembered) or of an
// earlier rule's (ddCheck: they are looked up). The moves of a rule
// without role are kept as they are.
const (
	ddMark  = 1
	ddCheck = 2
)

// planDedup runs after tierNeedsDedup found that two rules of tier t could
// give the same text, and looks at each pair of rules a < b of the tier.
// When both are genStack rules (a without guard), the leaps of b that are
// known to duplicate one of a are left out of b's lists (stackImplies, see
// strat_stack.go); if that leaves no duplicate, the pair needs nothing
// more. Otherwise a gets the role ddMark and b ddCheck. When no pair is
// left, the tier needs no deduplication pass (and its moves can be counted
// without being built); otherwise the pass looks only at the moves of the
// rules with a role.
func (p *Program) planDedup(rs []int) (left bool) {
	for j, bi := range rs {
		for _, ai := range rs[:j] {
			if !p.tierNeedsDedup([]int{ai, bi}) {
				continue
			}
			ra, rb := &p.rules[ai], &p.rules[bi]
			if ra.gen == genStack && rb.gen == genStack && ra.when == nil && p.dropStackDups(ra, rb) {
				continue
			}
			ra.ddRole |= ddMark
			rb.ddRole |= ddCheck
			left = true
		}
	}
	return left
}

// dropStackDups leaves out of rb's lists the leaps whose text a leap of ra
// (an earlier rule of the tier, without guard) always gives too: same
// piece, same displacement, and rb's conditions imply ra's. It reports
// whether no other leap of rb can have the text of one of ra.
func (p *Program) dropStackDups(ra, rb *rule) bool {
	sa, sb := ra.stk, rb.stk
	dirs := p.game.Board.Dirs
	all := true
	for pl := 0; pl < p.numPlayers; pl++ {
		for code := 1; code < p.ncodes; code++ {
			i := pl*p.ncodes + code
			if sa.pathOf[i] < 0 || sb.pathOf[i] < 0 {
				continue // ra or rb does not move this piece
			}
			La, Lb := int(ra.lenCode[code]), int(rb.lenCode[code])
			match := map[int]int{} // a direction of rb: ra's with the same displacement
			for _, db := range rb.dirs[pl] {
				for _, da := range ra.dirs[pl] {
					if dirs[da].DX*La == dirs[db].DX*Lb && dirs[da].DY*La == dirs[db].DY*Lb {
						match[int(db)] = int(da)
					}
				}
			}
			if len(match) == 0 {
				continue
			}
			implied := map[bool]bool{}
			drop := func(c, db int) bool {
				da, ok := match[db]
				if !ok || int(ra.leapCode[code][(c*p.numDirs+da)*La+La-1]) == p.numCells {
					return false // ra has no leap to that cell
				}
				same := da == db
				if _, done := implied[same]; !done {
					implied[same] = p.stackImplies(ra, rb, pl, code, same)
				}
				all = all && implied[same]
				return implied[same]
			}
			sb.pathOf[i] = sb.addPaths(p.filterPaths(&sb.paths[sb.pathOf[i]], drop))
		}
	}
	sb.setPieces(p.numPlayers, p.ncodes)
	return all
}

// dedup removes the moves whose text equals an earlier move's, keeping the
// first.
func (p *Program) dedup(ml *MoveList) {
	if p.dedupShort(ml) {
		return
	}
	n := len(ml.moves)
	size := 1
	for size < 2*n {
		size <<= 1
	}
	if cap(ml.hash) < size {
		ml.hash = make([]int32, size)
	}
	h := ml.hash[:size]
	for i := range h {
		h[i] = -1
	}
	k := 0
	for i := 0; i < n; i++ {
		m := ml.moves[i]
		role := p.rules[m.rule].ddRole
		if role == 0 {
			ml.moves[k] = m
			k++
			continue
		}
		hv := p.moveHash(ml, m)
		slot := int(hv) & (size - 1)
		dup := false
		for h[slot] >= 0 {
			if p.sameText(ml, ml.moves[h[slot]], m) {
				dup = true
				break
			}
			slot = (slot + 1) & (size - 1)
		}
		if dup && role&ddCheck != 0 {
			continue
		}
		ml.moves[k] = m
		if !dup && role&ddMark != 0 {
			h[slot] = int32(k)
		}
		k++
	}
	ml.moves = ml.moves[:k]
}

// dedupShort is dedup when every move has a path of one or two entries (a
// removal, or a single leap or group move "A-B") on a board of at most 256
// cells: a move's text is then a number below nc*(nc+1), marked in a
// bitset that is cleared again afterwards. It reports false otherwise.
func (p *Program) dedupShort(ml *MoveList) bool {
	nc := p.numCells
	if nc > 256 {
		return false
	}
	for _, m := range ml.moves {
		if m.n > 2 || m.n < 1 || p.rules[m.rule].action == ir.Drop {
			return false
		}
	}
	if words := (nc*(nc+1) + 63) / 64; len(ml.seen) < words {
		ml.seen = make([]uint64, words)
	}
	seen := ml.seen
	key := func(m mv) int {
		path := ml.arena[m.off : m.off+m.n]
		if m.n == 1 {
			return int(path[0]) // a removal
		}
		return nc + int(path[0])*nc + int(path[1]&0xffff)
	}
	k := 0
	for _, m := range ml.moves {
		if role := p.rules[m.rule].ddRole; role != 0 {
			x := key(m)
			if role&ddCheck != 0 && seen[x>>6]>>(uint(x)&63)&1 != 0 {
				continue
			}
			if role&ddMark != 0 {
				seen[x>>6] |= 1 << (uint(x) & 63)
			}
		}
		ml.moves[k] = m
		k++
	}
	ml.moves = ml.moves[:k]
	for _, m := range ml.moves {
		if p.rules[m.rule].ddRole&ddMark != 0 {
			x := key(m)
			seen[x>>6] &^= 1 << (uint(x) & 63)
		}
	}
	return true
}

func (p *Program) isRemoval(m mv) bool {
	return m.rule >= 0 && p.rules[m.rule].action == ir.Remove
}

// textMask is the part of a path entry that a move's text depends on:
// the cell and the tail flag of a group move; a drop's whole entry (the
// cell and the piece code).
func (p *Program) textMask(m mv) uint32 {
	if m.rule >= 0 && p.rules[m.rule].action == ir.Drop {
		return ^uint32(0)
	}
	return 0xffff | flagTail
}

func (p *Program) moveHash(ml *MoveList, m mv) uint32 {
	h := uint32(2166136261)
	if p.isRemoval(m) {
		h ^= 0x9e3779b9
	}
	mask := p.textMask(m)
	for _, e := range ml.arena[m.off : m.off+m.n] {
		h = (h ^ (e & mask)) * 16777619
	}
	return h ^ h>>15
}

func (p *Program) sameText(ml *MoveList, a, b mv) bool {
	if a.n != b.n || (a.rule < 0) != (b.rule < 0) || p.isRemoval(a) != p.isRemoval(b) {
		return false
	}
	mask := p.textMask(a)
	if mask != p.textMask(b) {
		return false
	}
	pa, pb := ml.arena[a.off:a.off+a.n], ml.arena[b.off:b.off+b.n]
	for i := range pa {
		if pa[i]&mask != pb[i]&mask {
			return false
		}
	}
	return true
}
