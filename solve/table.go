package solve

import (
	"bytes"
	"encoding/binary"
	"sync"
	"sync/atomic"

	"github.com/ruleplay/ruleplay/interp"
)

// The position table: every position found gets an index, keyed by its
// identity bytes. It is split into shards by the low bits of the
// position's hash, each shard an open-addressing table behind its own
// mutex, so that the enumeration's threads insert at once and rarely
// wait for each other (with 64 shards, two threads meet on one about
// one insertion in 64). A position's index while the enumeration runs
// is its shard and its place in the shard (packed); the solve turns it
// into a dense index afterwards (shardTable.base).
const (
	shardBits = 6
	numShards = 1 << shardBits
	localBits = 32 - shardBits
	// maxLocal bounds the positions of one shard (26 bits: 67 million);
	// with a hash that spreads positions evenly the table holds 4 billion
	maxLocal = 1<<localBits - 1
)

// packed is a position's index while the enumeration runs: shard<<localBits
// | place in the shard.
func packed(shard int, local uint32) uint32 { return uint32(shard)<<localBits | local }

// shardTable is the table the enumeration's threads share.
type shardTable struct {
	shards [numShards]shard
	// base[k]: the dense index of shard k's first position (set by
	// seal once the enumeration is over)
	base [numShards + 1]uint32
}

// shard is one part of the table; bytes and slots mirror t's for the
// progress line and the memory bound, read without the lock.
type shard struct {
	mu    sync.Mutex
	t     table
	bytes atomic.Int64
	slots atomic.Int64
	_     [64]byte // keep the shards' locks on lines of their own
}

func newShardTable() *shardTable {
	st := &shardTable{}
	for k := range st.shards {
		sh := &st.shards[k]
		sh.t.init(1 << 6)
		sh.bytes.Store(sh.t.bytes())
		sh.slots.Store(int64(len(sh.t.slots)))
	}
	return st
}

// insert returns the packed index of key (hash h), adding it when new;
// full when its shard cannot take another position.
func (st *shardTable) insert(key []byte, h uint64) (idx uint32, added, full bool) {
	k := int(h & (numShards - 1))
	sh := &st.shards[k]
	sh.mu.Lock()
	local, added, full := sh.t.insert(key, h)
	if added {
		sh.bytes.Store(sh.t.bytes())
		sh.slots.Store(int64(len(sh.t.slots)))
	}
	sh.mu.Unlock()
	return packed(k, local), added, full
}

// seal sets the dense index of each shard's first position: the
// enumeration is over.
func (st *shardTable) seal() {
	for k := range st.shards {
		st.base[k+1] = st.base[k] + uint32(st.shards[k].t.len())
	}
}

// dense is the index, after seal, of the position packed at p.
func (st *shardTable) dense(p uint32) uint32 {
	return st.base[p>>localBits] + p&maxLocal
}

// find returns the dense index (after seal) of the identity key with
// hash h, or -1. It takes no lock: the enumeration is over.
func (st *shardTable) find(key []byte, h uint64) int64 {
	k := int(h & (numShards - 1))
	local := st.shards[k].t.find(key, h)
	if local < 0 {
		return -1
	}
	return int64(st.base[k]) + local
}

// len is the number of positions (after seal).
func (st *shardTable) len() int { return int(st.base[numShards]) }

// bytesNow is the memory the table holds; fill the share of its slots
// in use (positions is the number of positions).
func (st *shardTable) bytesNow() int64 {
	b := int64(0)
	for k := range st.shards {
		b += st.shards[k].bytes.Load()
	}
	return b
}

func (st *shardTable) fill(positions int64) float64 {
	slots := int64(0)
	for k := range st.shards {
		slots += st.shards[k].slots.Load()
	}
	return float64(positions) / float64(max(slots, 1))
}

// table is one shard: open addressing over the indices. A slot holds the
// upper 32 bits of the position's hash (where it is looked for, and a
// tag that rejects most other positions without reading them) beside its
// index; the full identity is compared before a position is taken for
// another, so the hash decides only where to look. The identities lie in
// chunks that are never moved (no copying as the table grows).
type table struct {
	chunks [][]byte // the identities, one after the other in each chunk
	locs   []uint64 // locs[i]: chunk<<40 | offset<<16 | length of identity i
	slots  []uint64 // tag<<32 | index+1; 0 empty
	mask   uint64
	// chunkBytes: the chunks' capacities, summed
	chunkBytes int64
}

// chunk sizes: the first is small (a tiny game's 64 shards stay small),
// each next one twice as big up to maxChunk
const (
	firstChunk = 1 << 10
	maxChunk   = 1 << 20
	// maxKey bounds an identity's length (16 bits of locs)
	maxKey = 1<<16 - 1
)

// bytesHash is the hash of identity bytes when Options.Hash is not set:
// fixed, not seeded per process, so that a solve searches the same
// positions every time it runs (the counts of the docs and the tests
// are exact). Eight bytes at a time, each word mixed in by the
// finaliser of splitmix64, which spreads every bit over the high half
// the search's table places its entries by.
func bytesHash(b []byte) uint64 {
	h := uint64(len(b)) * 0x9e3779b97f4a7c15
	for ; len(b) >= 8; b = b[8:] {
		h = interp.Mix64(h ^ binary.LittleEndian.Uint64(b))
	}
	var tail uint64
	for i, c := range b {
		tail |= uint64(c) << (8 * i)
	}
	return interp.Mix64(h ^ tail)
}

func (t *table) init(slots int) {
	t.slots = make([]uint64, slots)
	t.mask = uint64(slots - 1)
}

func (t *table) len() int { return len(t.locs) }

func (t *table) key(i uint32) []byte {
	l := t.locs[i]
	off := (l >> 16) & (1<<24 - 1)
	return t.chunks[l>>40][off : off+l&maxKey]
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

// insert returns the index of key (hash h), adding it when new; full
// when the table holds maxLocal positions already.
func (t *table) insert(key []byte, h uint64) (idx uint32, added, full bool) {
	tag := h >> 32
	j := tag & t.mask
	for ; ; j = (j + 1) & t.mask {
		v := t.slots[j]
		if v == 0 {
			break
		}
		if v>>32 == tag && bytes.Equal(t.key(uint32(v)-1), key) {
			return uint32(v) - 1, false, false
		}
	}
	if len(t.locs) >= maxLocal {
		return 0, false, true
	}
	idx = uint32(len(t.locs))
	t.locs = append(t.locs, t.store(key))
	t.slots[j] = tag<<32 | uint64(idx+1)
	if uint64(len(t.locs))*2 > uint64(len(t.slots)) {
		t.grow()
	}
	return idx, true, false
}

// store copies key into the chunks and returns its loc (the caller
// bounds its length by maxKey).
func (t *table) store(key []byte) uint64 {
	last := len(t.chunks) - 1
	if last < 0 || cap(t.chunks[last])-len(t.chunks[last]) < len(key) {
		size := firstChunk
		if last >= 0 {
			size = min(2*cap(t.chunks[last]), maxChunk)
		}
		t.chunks = append(t.chunks, make([]byte, 0, max(size, len(key))))
		t.chunkBytes += int64(max(size, len(key)))
		last++
	}
	c := t.chunks[last]
	off := len(c)
	t.chunks[last] = append(c, key...)
	return uint64(last)<<40 | uint64(off)<<16 | uint64(len(key))
}

// grow doubles the slots.
func (t *table) grow() {
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

// bytes is the memory the table holds (capacities: what was allocated).
func (t *table) bytes() int64 {
	return 8*int64(cap(t.locs)) + 8*int64(cap(t.slots)) + 24*int64(cap(t.chunks)) + t.chunkBytes
}
