package interp

import "github.com/ruleplay/ruleplay/ir"

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
		if dup {
			continue
		}
		ml.moves[k] = m
		h[slot] = int32(k)
		k++
	}
	ml.moves = ml.moves[:k]
}

// dedupShort is dedup when every move has a path of one or two entries (a
// removal, or a single leap or group move "A-B") on a board of at most 256
// cells: a move's text is then a number below nc*(nc+1), marked in a
// bitset that is cleared again afterwards. It reports false otherwise.
func (p *Program) dedupShort(ml *MoveList) bool {
	nc := p.nc
	if nc > 256 {
		return false
	}
	for _, m := range ml.moves {
		if m.n > 2 || m.n < 1 {
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
		x := key(m)
		if seen[x>>6]>>(uint(x)&63)&1 != 0 {
			continue
		}
		seen[x>>6] |= 1 << (uint(x) & 63)
		ml.moves[k] = m
		k++
	}
	ml.moves = ml.moves[:k]
	for _, m := range ml.moves {
		x := key(m)
		seen[x>>6] &^= 1 << (uint(x) & 63)
	}
	return true
}

func (p *Program) isRemoval(m mv) bool {
	return m.rule >= 0 && p.rules[m.rule].action == ir.Remove
}

func (p *Program) moveHash(ml *MoveList, m mv) uint32 {
	h := uint32(2166136261)
	if p.isRemoval(m) {
		h ^= 0x9e3779b9
	}
	for _, e := range ml.arena[m.off : m.off+m.n] {
		h = (h ^ (e & (0xffff | flagTail))) * 16777619
	}
	return h ^ h>>15
}

func (p *Program) sameText(ml *MoveList, a, b mv) bool {
	if a.n != b.n || (a.rule < 0) != (b.rule < 0) || p.isRemoval(a) != p.isRemoval(b) {
		return false
	}
	pa, pb := ml.arena[a.off:a.off+a.n], ml.arena[b.off:b.off+b.n]
	for i := range pa {
		if pa[i]&(0xffff|flagTail) != pb[i]&(0xffff|flagTail) {
			return false
		}
	}
	return true
}
