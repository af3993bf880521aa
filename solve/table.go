package solve

import (
	"bytes"
	"hash/maphash"
)

// table gives each position found an index, keyed by its identity bytes:
// open addressing over the indices, the hash deciding only where to look
// (each probe compares the stored hash, then the full identity).
type table struct {
	keys   []byte   // the identities, one after the other
	ends   []uint64 // ends[i]: where identity i ends in keys
	hashes []uint64 // the hash of each identity
	slots  []uint32 // index+1, 0 empty
	mask   uint64
}

// hashSeed is fixed so that a solve is the same from run to run.
var hashSeed = maphash.MakeSeed()

func bytesHash(b []byte) uint64 { return maphash.Bytes(hashSeed, b) }

func newTable() *table {
	return &table{slots: make([]uint32, 1<<12), mask: 1<<12 - 1}
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
	for j := h & t.mask; ; j = (j + 1) & t.mask {
		v := t.slots[j]
		if v == 0 {
			return -1
		}
		if t.hashes[v-1] == h && bytes.Equal(t.key(v-1), key) {
			return int64(v - 1)
		}
	}
}

// insert returns the index of key (hash h), adding it when new.
func (t *table) insert(key []byte, h uint64) (idx uint32, added bool) {
	j := h & t.mask
	for ; ; j = (j + 1) & t.mask {
		v := t.slots[j]
		if v == 0 {
			break
		}
		if t.hashes[v-1] == h && bytes.Equal(t.key(v-1), key) {
			return v - 1, false
		}
	}
	idx = uint32(len(t.ends))
	t.keys = append(t.keys, key...)
	t.ends = append(t.ends, uint64(len(t.keys)))
	t.hashes = append(t.hashes, h)
	t.slots[j] = idx + 1
	if uint64(len(t.ends))*4 > uint64(len(t.slots))*3 {
		t.grow()
	}
	return idx, true
}

func (t *table) grow() {
	n := len(t.slots) * 2
	t.slots = make([]uint32, n)
	t.mask = uint64(n - 1)
	for i, h := range t.hashes {
		j := h & t.mask
		for t.slots[j] != 0 {
			j = (j + 1) & t.mask
		}
		t.slots[j] = uint32(i + 1)
	}
}

// fill is the share of the slots in use.
func (t *table) fill() float64 { return float64(len(t.ends)) / float64(len(t.slots)) }

// bytes is the memory the table holds (capacities: what was allocated).
func (t *table) bytes() int64 {
	return int64(cap(t.keys)) + 8*int64(cap(t.ends)) + 8*int64(cap(t.hashes)) + 4*int64(cap(t.slots))
}
