package solve

import (
	"bytes"
	"hash/maphash"
)

// table gives each position found an index, keyed by its identity bytes:
// open addressing over the indices. A slot holds the upper 32 bits of
// the position's hash (where it is looked for, and a tag that rejects
// most other positions without reading them) beside its index; the full
// identity is compared before a position is taken for another, so the
// hash decides only where to look.
type table struct {
	keys  []byte   // the identities, one after the other
	ends  []uint64 // ends[i]: where identity i ends in keys
	slots []uint64 // tag<<32 | index+1; 0 empty
	mask  uint64
}

// hashSeed is fixed so that a solve is the same from run to run.
var hashSeed = maphash.MakeSeed()

func bytesHash(b []byte) uint64 { return maphash.Bytes(hashSeed, b) }

func newTable() *table {
	return &table{slots: make([]uint64, 1<<12), mask: 1<<12 - 1}
}

func (t *table) len() int { return len(t.ends) }

func (t *table) key(i uint32) []byte {
	start := uint64(0)
	if i > 0 {
		start = t.ends[i-1]
	}
	return t.keys[start:t.ends[i]]
}

// find returns the index of the identity key with hash h, or -1.
func (t *table) find(key []byte, h uint64) int64 {
	tag := h >> 32
	for j := tag & t.mask; ; j = (j + 1) & t.mask {
		v := t.slots[j]
		if v == 0 {
			return -1
		}
		if v>>32 == tag && bytes.Equal(t.key(uint32(v)-1), key) {
			return int64(uint32(v) - 1)
		}
	}
}

// insert returns the index of key (hash h), adding it when new.
func (t *table) insert(key []byte, h uint64) (idx uint32, added bool) {
	tag := h >> 32
	j := tag & t.mask
	for ; ; j = (j + 1) & t.mask {
		v := t.slots[j]
		if v == 0 {
			break
		}
		if v>>32 == tag && bytes.Equal(t.key(uint32(v)-1), key) {
			return uint32(v) - 1, false
		}
	}
	idx = uint32(len(t.ends))
	t.keys = append(t.keys, key...)
	t.ends = append(t.ends, uint64(len(t.keys)))
	t.slots[j] = tag<<32 | uint64(idx+1)
	if uint64(len(t.ends))*2 > uint64(len(t.slots)) {
		t.grow()
	}
	return idx, true
}

// grow doubles the slots (at most 1<<32: the position is the tag).
func (t *table) grow() {
	if uint64(len(t.slots)) >= 1<<32 {
		return
	}
	old := t.slots
	n := len(old) * 2
	t.slots = make([]uint64, n)
	t.mask = uint64(n - 1)
	for _, v := range old {
		if v == 0 {
			continue
		}
		j := (v >> 32) & t.mask
		for t.slots[j] != 0 {
			j = (j + 1) & t.mask
		}
		t.slots[j] = v
	}
}

// fill is the share of the slots in use.
func (t *table) fill() float64 { return float64(len(t.ends)) / float64(len(t.slots)) }

// bytes is the memory the table holds (capacities: what was allocated).
func (t *table) bytes() int64 {
	return int64(cap(t.keys)) + 8*int64(cap(t.ends)) + 8*int64(cap(t.slots))
}
