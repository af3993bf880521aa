package core

// hopCounter counts the moves of the piece on bit b of rule h, walk w
// (w.free: its landing set, lock applied; lock: the piece's lock set, nil
// when none holds its start; w.over: the piece not lifted from its start,
// which matters only to a chain that may pass over it).
type hopCounter func(g *Gen, h *HopRule, w *HopWalk, b int, lock []uint64) int

// HopComponents are the hop components of one generation (one rule, one
// mover, one position, the pieces without lock): the sets of free cells
// joined by hops, disjoint, searched as pieces first land in them.
type HopComponents struct {
	// unseen: the free cells in no component yet; of: per bit, its
	// component once it is in one; size: per component, its cells;
	// counted: per component, the last piece (numbered by piece) whose
	// count has it
	Unseen  HopSet
	Left    HopSet // unseen as the last search left it
	Of      []int32
	Stack   []int32 // the flood's queue (a cell is queued once: as long as of)
	Size    []int32
	Counted []int32
	Piece   int32
	// what kept components (hop_kept.go) read: per component its cells
	// (cells[id*words:]), and the rule, the class of directions and the
	// sets they were searched with
	Cells    []uint64
	Rule     *HopRule
	DirClass int
	Land     HopSet
	Over     HopSet
}

// hopRenew starts a generation of rule h's components on its walk w
// (the Over set w.over) and landing set land, on sets of bits bits:
// resetComponents, or keepComponents (hop_kept.go); noComponents where
// the rule counts without them.
type hopRenew func(c *HopComponents, h *HopRule, w *HopWalk, land *HopSet, bits int)

// HopCounts are the counts of a rule's last count pass: per piece in the
// order walked, and their total, for the position of key and mover
// (mover -1: none, or the pass did not finish).
type HopCounts struct {
	Key     []uint64
	Mover   int
	Pieces  []int32
	Total   int
	Pending int // the mover of the pass being recorded
	// the pass's position sets (hopRule.positionSets), for the select
	// pass to copy
	Over, Land HopSet
	EmptyOver  []uint64
}

// hopRuleCounter counts the moves of every piece of rule h that a count
// pass keeping its counts (record) walks, records each piece's count in
// record.pieces in the order walked, and returns their total (w: the
// walk, its free set land; free: scratch for a lock's landing set). One
// loop for the rule's pieces: no call per piece.
type hopRuleCounter func(g *Gen, h *HopRule, w *HopWalk, land, free *HopSet, record *HopCounts) int
