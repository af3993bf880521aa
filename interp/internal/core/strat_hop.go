package core

// HopRule is a rule compiled for the hop table.
type HopRule struct {
	L int
	// Words of its sets: the layout's bits, then the sentinel bit nbits
	// (never set: off the board) and the bit nbits+1 (always set in the
	// Over set: no cell passed over)
	Words int
	// per mover, per (bit x, k-th direction of the mover's) at
	// x*len(dirs)+k: the bit landed on (low half) and the first bit
	// passed over (high half); passed: the L-2 bits passed over after
	// it, at (x*len(dirs)+k)*(L-2)
	Leaps  [][]uint64
	Passed [][]int32
	// per mover: per slot (the players, neutral, then empty cells) the
	// cells where Over holds on such a cell ([(mover*(np+2)+slot)*words
	// + w]), and the cells where Onto holds on an empty cell
	// ([mover*words+w])
	Over []uint64
	Onto []uint64
	// locks: the inside locks' landing sets (nil: none)
	Locks *lockMasks
	// from: per mover, the cells where From holds (all, when From reads
	// the piece alone: srcOK has it) ([mover*words+w])
	From []uint64
	// sources: per mover and piece code, whether the rule moves the
	// piece ([mover*ncodes+code]: Program.fillSrcOK's); nil when the
	// occupancy sets of the slots it selects say it (every code of them
	// moves)
	Sources []bool
	// goOn: per mover, the cells a chain goes on from, those where the
	// chain stop does not hold (all, without one) ([mover*words+w])
	GoOn []uint64
	// Count counts a piece's moves without writing them (hop_count.go;
	// nil: they are walked), countHow says how (for the plan);
	// neighbours: the step counter's sets
	Count    hopCounter
	CountHow string
	// CountRule counts every piece's moves of a count pass that keeps
	// them (hopCounts), in one loop (hop_count.go; nil: piece by piece
	// through count)
	CountRule hopRuleCounter
	// Renew starts a generation's hop components (resetComponents, or
	// keepComponents: hop_kept.go)
	Renew      hopRenew
	Neighbours []uint64
	// key: what the rule's moves depend on in a position, besides the
	// mover (the occupancy sets, when every piece code of a slot is
	// selected alike); nil: the counts are not kept for the select pass
	Key func(s *State) []uint64
	// movers: per mover, the tables its walks read
	Movers []HopMoverTables
	// PositionSets fills a generation's Over and landing sets
	// (hopLeapSets; hopStepSets for steps, which pass over no cell)
	PositionSets func(g *Gen, h *HopRule, over, land *HopSet) (emptyOver []uint64)
}

// HopWords bounds the words of the hop table's sets: they are arrays,
// indexed without bounds checks.
const HopWords = 16

// HopSet is a set of the hop table.
type HopSet = [HopWords]uint64

// HopScratch is a State's scratch space for the hop table.
type HopScratch struct {
	Walk       HopWalk
	Sets       [3]HopSet
	Components HopComponents
	Reached    HopSet      // countHopReach's free cells
	Counts     []HopCounts // per rule: its last count pass
}

// HopMoverTables are a hop rule's tables for one mover: its directions,
// hopRule.leaps, passed, goOn and neighbours of the mover.
type HopMoverTables struct {
	L          int
	Dirs       []int32
	Leaps      []uint64
	Passed     []int32
	GoOn       []uint64
	Neighbours []uint64
	// Crossings: the hops that pass over each bit, one per two cells
	// they join, those over bit b at Crossings[CrossingsAt[b]:
	// CrossingsAt[b+1]] (kept components, hop_kept.go; nil: none)
	CrossingsAt []int32
	Crossings   []HopCrossing
	// DirClass numbers the mover's set of directions among the rule's
	// movers' (kept components)
	DirClass int
}

// HopCrossing is a hop passing over a cell: the bits it starts from and
// lands on, and its leap (index in HopMoverTables.Leaps).
type HopCrossing struct{ From, To, Leap int32 }

// HopWalk is what the hop table's walks read: the rule, the mover's
// directions, and the position's sets for the piece being moved, each of
// hop.words words: free, the cells it may land on and has not reached
// (Onto holds, empty, allowed by the lock), and over, the cells where Over
// holds.
type HopWalk struct {
	*HopMoverTables
	Free, Over *HopSet
	// lifted: per word, the bits where Over holds on an empty cell
	// (what a lifted piece's start becomes in over)
	Lifted []uint64
}
