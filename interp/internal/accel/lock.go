package accel

// Inside locks as data. A lock "ZONE: inside" says that a piece whose move
// starts on one of its owner's cells of ZONE lands only on cells of ZONE
// (every leap of the move, chains included). The generic walker asks it
// leap by leap through the zones' cell lists (gen.leavesInside). The table
// walkers read it as one set of cells per mover and start cell: the cells
// a leap from there may land on (the intersection of the zones that hold
// the start), or none when no lock holds the start, so that a lock costs
// one bit test per landing and does not send the rule to the generic
// walker. The sets are in the program's bit layout (Program.bitOf), with
// a word to spare for the tables' sentinel bit.

// lockMasks holds the landing sets of the inside locks of a program.
type lockMasks struct {
	nc int
	// setOf[mover*nc+start]: index into sets of the cells a leap of a
	// move that started on start may land on; -1: any cell
	setOf []int32
	Sets  [][]uint64
	// starts: per mover, the start cells some lock holds, as bits
	// ([mover*words+w])
	starts []uint64
	words  int
}

// NewLockMasks builds the landing sets, of words words in layout bitOf, of
// the inside locks whose cells per zone and player are inside
// (rule.inside); nil when there is no inside lock.
func NewLockMasks(inside [][][]bool, np int, bitOf []int32, words int) *lockMasks {
	if len(inside) == 0 {
		return nil
	}
	nc := len(bitOf)
	lm := &lockMasks{nc: nc, setOf: make([]int32, np*nc), starts: make([]uint64, np*words), words: words}
	index := map[string]int32{}
	for mover := 0; mover < np; mover++ {
		for start := 0; start < nc; start++ {
			var set []uint64
			for _, zone := range inside {
				in := zone[mover]
				if !in[start] {
					continue
				}
				if set == nil {
					set = make([]uint64, words)
					for _, b := range bitOf {
						set[b>>6] |= 1 << (uint(b) & 63)
					}
				}
				for c, b := range bitOf {
					if !in[c] {
						set[b>>6] &^= 1 << (uint(b) & 63)
					}
				}
			}
			if set == nil {
				lm.setOf[mover*nc+start] = -1
				continue
			}
			b := bitOf[start]
			lm.starts[mover*words+int(b>>6)] |= 1 << (uint(b) & 63)
			key := string(bitsKey(set))
			k, ok := index[key]
			if !ok {
				k = int32(len(lm.Sets))
				index[key] = k
				lm.Sets = append(lm.Sets, set)
			}
			lm.setOf[mover*nc+start] = k
		}
	}
	return lm
}

// bitsKey renders a set as bytes, to share equal sets.
func bitsKey(set []uint64) []byte {
	b := make([]byte, 0, 8*len(set))
	for _, w := range set {
		for i := 0; i < 8; i++ {
			b = append(b, byte(w>>(8*i)))
		}
	}
	return b
}

// Landings returns the cells a leap of the mover's move that started on
// start may land on (nil: any cell; lm may be nil: no lock).
func (lm *lockMasks) Landings(mover, start int) []uint64 {
	if lm == nil {
		return nil
	}
	k := lm.setOf[mover*lm.nc+start]
	if k < 0 {
		return nil
	}
	return lm.Sets[k]
}

// HeldStarts returns per word the mover's start cells some lock holds,
// as bits (nil: no lock; lm may be nil): a bit test per piece, before its
// cell is looked up.
func (lm *lockMasks) HeldStarts(mover int) []uint64 {
	if lm == nil {
		return nil
	}
	return lm.starts[mover*lm.words : (mover+1)*lm.words]
}

// Holds tells whether a lock holds the mover's start on bit b.
func (lm *lockMasks) Holds(mover, b int) bool {
	starts := lm.HeldStarts(mover)
	return starts != nil && starts[b>>6]>>(uint(b)&63)&1 != 0
}
