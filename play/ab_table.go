package play

// abTable is the transposition table of AB: a power of two of buckets of
// two entries, located by the low bits of the position hash and checked
// by the whole hash. The first entry of a bucket keeps the deeper search
// (or a newer one: each search of a move has its own generation), the
// second is always replaced.
type abTable struct {
	entries []abEntry // 2 per bucket
	mask    uint64    // buckets - 1
	gen     uint8
}

// abEntry is one position's result: its value (from the view of the side
// to move there, mate values counted from that position), the bound it
// is, the depth searched, and the best move's index in Legal's list.
type abEntry struct {
	key   uint64
	value int32
	move  int16 // -1: none
	depth uint8
	flag  uint8 // abExact, abLower, abUpper (0: empty)
	gen   uint8
}

const (
	abExact uint8 = 1 + iota
	abLower
	abUpper
	abEntryBytes = 24 // unsafe.Sizeof(abEntry{}) with padding
)

// newABTable makes a table of at most size bytes (clamped to
// [MinABTable, MaxABTable]), a power of two of buckets.
func newABTable(size int64) *abTable {
	buckets := tableBuckets(size)
	return &abTable{entries: make([]abEntry, 2*buckets), mask: uint64(buckets - 1)}
}

// tableBuckets is the number of buckets of a table of at most size bytes.
func tableBuckets(size int64) int64 {
	size = min(max(size, MinABTable), MaxABTable)
	buckets := int64(1)
	for buckets*2*2*abEntryBytes <= size {
		buckets *= 2
	}
	return buckets
}

// bytes returns the size of the table's entries.
func (t *abTable) bytes() int64 { return int64(len(t.entries)) * abEntryBytes }

// clear empties the table (a new game).
func (t *abTable) clear() {
	clear(t.entries)
	t.gen = 0
}

// newSearch starts a generation: the entries of earlier searches give
// way to new ones.
func (t *abTable) newSearch() { t.gen++ }

// probe returns the entry of key, if any.
func (t *abTable) probe(key uint64) (abEntry, bool) {
	b := (key & t.mask) * 2
	for i := b; i < b+2; i++ {
		if e := t.entries[i]; e.flag != 0 && e.key == key {
			return e, true
		}
	}
	return abEntry{}, false
}

// store records a result.
func (t *abTable) store(key uint64, value, depth, move int, flag uint8) {
	b := (key & t.mask) * 2
	e := abEntry{key: key, value: int32(value), move: -1, depth: uint8(min(depth, 255)), flag: flag, gen: t.gen}
	if move >= 0 && move < 1<<15 {
		e.move = int16(move)
	}
	first := &t.entries[b]
	if first.flag == 0 || first.key == key || first.gen != t.gen || int(first.depth) <= depth {
		if first.key == key && e.move < 0 {
			e.move = first.move // keep the move a shallower result lacks
		}
		*first = e
		return
	}
	t.entries[b+1] = e
}
