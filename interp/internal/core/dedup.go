package core

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
	DdMark  = 1
	DdCheck = 2
)

// dedup removes the moves whose text equals an earlier move's, keeping the
// first.
func (p *Program) dedup(ml *MoveList) {
	if p.dedupShort(ml) {
		return
	}
	n := len(ml.Moves)
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
		m := ml.Moves[i]
		role := p.Rules[m.Rule].DdRole
		if role == 0 {
			ml.Moves[k] = m
			k++
			continue
		}
		hv := p.moveHash(ml, m)
		slot := int(hv) & (size - 1)
		dup := false
		for h[slot] >= 0 {
			if p.sameText(ml, ml.Moves[h[slot]], m) {
				dup = true
				break
			}
			slot = (slot + 1) & (size - 1)
		}
		if dup && role&DdCheck != 0 {
			continue
		}
		ml.Moves[k] = m
		if !dup && role&DdMark != 0 {
			h[slot] = int32(k)
		}
		k++
	}
	ml.Moves = ml.Moves[:k]
}

// dedupShort is dedup when every move has a path of one or two entries (a
// removal, or a single leap or group move "A-B") on a board of at most 256
// cells: a move's text is then a number below nc*(nc+1), marked in a
// bitset that is cleared again afterwards. It reports false otherwise.
func (p *Program) dedupShort(ml *MoveList) bool {
	nc := p.NumCells
	if nc > 256 {
		return false
	}
	for _, m := range ml.Moves {
		if m.N > 2 || m.N < 1 || p.Rules[m.Rule].Action == ir.Drop || p.Rules[m.Rule].marksCapture() {
			return false
		}
	}
	if words := (nc*(nc+1) + 63) / 64; len(ml.seen) < words {
		ml.seen = make([]uint64, words)
	}
	seen := ml.seen
	key := func(m Mv) int {
		path := ml.Arena[m.Off : m.Off+m.N]
		if m.N == 1 {
			return int(path[0]) // a removal
		}
		return nc + int(path[0])*nc + int(path[1]&0xffff)
	}
	k := 0
	for _, m := range ml.Moves {
		if role := p.Rules[m.Rule].DdRole; role != 0 {
			x := key(m)
			if role&DdCheck != 0 && seen[x>>6]>>(uint(x)&63)&1 != 0 {
				continue
			}
			if role&DdMark != 0 {
				seen[x>>6] |= 1 << (uint(x) & 63)
			}
		}
		ml.Moves[k] = m
		k++
	}
	ml.Moves = ml.Moves[:k]
	for _, m := range ml.Moves {
		if p.Rules[m.Rule].DdRole&DdMark != 0 {
			x := key(m)
			seen[x>>6] &^= 1 << (uint(x) & 63)
		}
	}
	return true
}

func (p *Program) isRemoval(m Mv) bool {
	return m.Rule >= 0 && p.Rules[m.Rule].Action == ir.Remove
}

// textMask is the part of a path entry that a move's text depends on:
// the cell and the tail flag of a group move; a drop's whole entry (the
// cell and the piece code); the cell and the capture kind of a leap that
// marks it (approach.go).
func (p *Program) textMask(m Mv) uint32 {
	if m.Rule >= 0 {
		switch r := &p.Rules[m.Rule]; {
		case r.Action == ir.Drop:
			return ^uint32(0)
		case r.marksCapture():
			return 0xffff | FlagWithdrawal
		}
	}
	return 0xffff | FlagTail
}

func (p *Program) moveHash(ml *MoveList, m Mv) uint32 {
	h := uint32(2166136261)
	if p.isRemoval(m) {
		h ^= 0x9e3779b9
	}
	mask := p.textMask(m)
	for _, e := range ml.Arena[m.Off : m.Off+m.N] {
		h = (h ^ (e & mask)) * 16777619
	}
	return h ^ h>>15
}

func (p *Program) sameText(ml *MoveList, a, b Mv) bool {
	if a.N != b.N || (a.Rule < 0) != (b.Rule < 0) || p.isRemoval(a) != p.isRemoval(b) {
		return false
	}
	mask := p.textMask(a)
	if mask != p.textMask(b) {
		return false
	}
	pa, pb := ml.Arena[a.Off:a.Off+a.N], ml.Arena[b.Off:b.Off+b.N]
	for i := range pa {
		if pa[i]&mask != pb[i]&mask {
			return false
		}
	}
	return true
}
