package solve

import (
	"sync"
	"sync/atomic"
	"unsafe"
)

// ttable is the search's transposition table (search.go): a fixed number
// of entries, allocated once from the memory bound, in buckets of four.
// An entry holds what is known of one position's score: a lower and an
// upper bound (equal when exact), the index of its best move among the
// moves as Legal lists them, and how much work its search took (the
// base-2 logarithm of the positions searched under it). The position's
// identity bytes are kept beside it and compared on every probe, so the
// hash only decides where to look and two positions are never taken for
// one. When a bucket is full, the entry that took the least work gives
// way: the table forgets, it never lies, and a position it forgot is
// searched again. The table starts small and doubles while it is more
// than three quarters full and twice its size fits in the bound. An
// identity longer than the table's key size (a stack that grew far
// beyond the start's) is searched without being kept.
//
// Shared by several threads (Options.Threads), each bucket is guarded by
// one of lockStripes mutexes (a probe or a store holds one for a few
// comparisons and a copy), and every probe and store holds a read lock
// that a thread doubling the table takes for writing.
//
// The arrays ask the system for huge pages where it has them
// (hugePages): a table of gigabytes probed at random would otherwise
// take a page fault for every 4 KiB, which on a virtual machine costs
// some 10 microseconds each, and serialises threads.
type ttable struct {
	entries []ttEntry
	keys    []byte // keyCap bytes per entry
	keyCap  int
	buckets uint64
	stored  atomic.Int64 // entries in use
	limit   int64        // the bytes it may grow to
	locks   []sync.Mutex // nil: one thread
	resize  sync.RWMutex // a shared table's doubling
}

// lockStripes: the mutexes of a shared table
const lockStripes = 1 << 10

type ttEntry struct {
	tag    uint32 // the high half of the position's hash (bucket)
	lo, hi int32
	move   uint16 // the best move's index + 1; 0: none
	work   uint8
	keyLen uint8 // 0: the entry is empty
}

// entrySize is the bytes of an entry beside its key: a bucket of four
// is a cache line (a probe that misses reads one line, and the keys
// only where a tag matches).
const entrySize = 16

// the entry is entrySize bytes (a compile-time check both ways)
var (
	_ [entrySize - unsafe.Sizeof(ttEntry{})]byte
	_ [unsafe.Sizeof(ttEntry{}) - entrySize]byte
)

// bucketSize is the entries of a bucket.
const bucketSize = 4

// maxKeyCap bounds the key size (keyLen is a byte).
const maxKeyCap = 248

// ttKeyCap is the key size for identities of length n at the start: room
// for some growth, in whole words.
func ttKeyCap(n int) int {
	return min((n+8+7)&^7, maxKeyCap)
}

// firstBuckets: the most buckets of a new table
const firstBuckets = 1 << 12

// newTTable allocates a table that may grow to about two thirds of
// memory bytes (its last doubling holds the old table and the new one),
// for keys of keyCap bytes (at least one bucket). Its sizes are the
// largest one halved, so that the last doubling reaches it.
func newTTable(memory int64, keyCap int, shared bool) *ttable {
	t := &ttable{keyCap: keyCap, limit: memory}
	if shared {
		t.locks = make([]sync.Mutex, lockStripes)
	}
	t.reset()
	return t
}

// reset makes the table empty and of its first size.
func (t *ttable) reset() {
	t.entries, t.keys = nil, nil
	b := t.maxBuckets()
	for b > firstBuckets {
		b = (b + 1) / 2
	}
	t.alloc(b)
}

// maxBuckets is the buckets of the largest table: two thirds of the
// bound (its last doubling holds the old table and the new one; a
// shared table, which does not grow, leaves the rest to the runtime).
func (t *ttable) maxBuckets() int64 {
	b := t.limit * 2 / 3 / (int64(entrySize+t.keyCap) * bucketSize)
	return min(max(b, 1), 1<<32) // a bucket's number is a tag times the buckets, over 2^32
}

func (t *ttable) alloc(buckets int64) {
	n := buckets * bucketSize
	t.entries = make([]ttEntry, n)
	t.keys = make([]byte, n*int64(t.keyCap))
	hugePages(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(t.entries))), n*entrySize))
	hugePages(t.keys)
	t.buckets = uint64(buckets)
	t.stored.Store(0)
}

// grow doubles the table (up to the bound), keeping its entries.
func (t *ttable) grow() {
	if t.locks != nil {
		t.resize.Lock()
		defer t.resize.Unlock()
		if !t.crowded() {
			return // another thread doubled it
		}
	}
	buckets := min(2*int64(t.buckets), t.maxBuckets())
	entries, keys, keyCap := t.entries, t.keys, t.keyCap
	t.entries, t.keys = nil, nil
	t.alloc(buckets)
	for i := range entries {
		e := &entries[i]
		if e.keyLen != 0 {
			k := keys[i*keyCap : i*keyCap+int(e.keyLen)]
			t.put(t.bucket(e.tag), k, e.tag, e.lo, e.hi, int(e.move)-1, e.work)
		}
	}
}

// bytes is the memory the table holds.
func (t *ttable) bytes() int64 {
	return int64(len(t.entries))*entrySize + int64(len(t.keys))
}

// fill is the share of entries in use.
func (t *ttable) fill() float64 { return float64(t.stored.Load()) / float64(len(t.entries)) }

// lock takes the mutex of bucket b of a shared table; unlock gives it back.
func (t *ttable) lock(b int) {
	if t.locks != nil {
		t.locks[(b/bucketSize)&(lockStripes-1)].Lock()
	}
}

func (t *ttable) unlock(b int) {
	if t.locks != nil {
		t.locks[(b/bucketSize)&(lockStripes-1)].Unlock()
	}
}

// tagOf is the part of hash h an entry keeps, which alone places it:
// the table can double without the positions' hashes.
func tagOf(h uint64) uint32 { return uint32(h >> 32) }

// bucket is the first entry of the bucket of tag g.
func (t *ttable) bucket(g uint32) int {
	return int(uint64(g)*t.buckets>>32) * bucketSize
}

func (t *ttable) key(i int) []byte {
	e := &t.entries[i]
	return t.keys[i*t.keyCap : i*t.keyCap+int(e.keyLen)]
}

func (t *ttable) same(i int, key []byte, g uint32) bool {
	e := &t.entries[i]
	return e.keyLen != 0 && e.tag == g && int(e.keyLen) == len(key) && string(t.key(i)) == string(key)
}

// probe returns (a copy of) the entry of key (hash h); ok is false
// when the table does not hold it.
func (t *ttable) probe(key []byte, h uint64) (e ttEntry, ok bool) {
	if len(key) > t.keyCap {
		return e, false
	}
	if t.locks != nil {
		t.resize.RLock()
		defer t.resize.RUnlock()
	}
	g := tagOf(h)
	b := t.bucket(g)
	t.lock(b)
	defer t.unlock(b)
	for i := b; i < b+bucketSize; i++ {
		if t.same(i, key, g) {
			return t.entries[i], true
		}
	}
	return e, false
}

// store records bounds lo and hi of key's score (narrowing what the
// entry knew), its best move and the work its search took.
func (t *ttable) store(key []byte, h uint64, lo, hi int32, move int, work uint8) {
	if len(key) > t.keyCap {
		return
	}
	if t.locks != nil {
		t.resize.RLock()
	}
	g := tagOf(h)
	b := t.bucket(g)
	t.lock(b)
	grow := t.put(b, key, g, lo, hi, move, work)
	t.unlock(b)
	if t.locks != nil {
		t.resize.RUnlock()
	}
	if grow {
		t.grow()
	}
}

// put stores in bucket b (store), and tells whether the table should
// grow.
func (t *ttable) put(b int, key []byte, g uint32, lo, hi int32, move int, work uint8) bool {
	victim := -1
	for i := b; i < b+bucketSize; i++ {
		e := &t.entries[i]
		if t.same(i, key, g) {
			e.lo, e.hi = max(e.lo, lo), min(e.hi, hi)
			e.move, e.work = moveCode(move), max(e.work, work)
			return false
		}
		if e.keyLen == 0 {
			if victim < 0 || t.entries[victim].keyLen != 0 {
				victim = i
			}
			continue
		}
		if victim < 0 || (t.entries[victim].keyLen != 0 && e.work < t.entries[victim].work) {
			victim = i
		}
	}
	e := &t.entries[victim]
	if e.keyLen == 0 {
		t.stored.Add(1)
	}
	*e = ttEntry{tag: g, lo: lo, hi: hi, move: moveCode(move), work: work, keyLen: uint8(len(key))}
	copy(t.keys[victim*t.keyCap:], key)
	return t.crowded()
}

// crowded tells whether the table should double: more than three
// quarters full, and not at its largest.
func (t *ttable) crowded() bool {
	return t.stored.Load() > int64(len(t.entries))*3/4 && int64(t.buckets) < t.maxBuckets()
}

// moveCode is the move field for move index i (0 when it does not fit).
func moveCode(i int) uint16 {
	if i < 0 || i+1 > 0xffff {
		return 0
	}
	return uint16(i + 1)
}
