package core

const (
	MbSlots     = 1024 // the mailbox array; indices are masked, so never out of range
	MbMask      = MbSlots - 1
	MbWall      = 0x80
	MbInsertion = 64 // mbFew sorts at most this many first leaps by insertion
)

// Mailbox is the slot layout of the board.
type Mailbox struct {
	Key      []int32         // per cell: its slot
	SlotBit  *[MbSlots]int32 // per slot: the bit of its cell in the bit layout, -1 for none
	BitSlot  []int32         // per bit of the layout: the slot of its cell
	SlotCell *[MbSlots]int32 // per slot: its cell, -1 for none
}

// MbBack is a direction as mbLookBack reads it: its offset, and its part
// of the keys of its first leaps (mbKey: direction index, direction).
type MbBack struct {
	O   int32
	Key uint64
}

// MbTab is what the walkers of a mailbox rule read of the mover's
// directions, in fixed-size arrays read through masks (no bounds checks).
type MbTab struct {
	N    int        // directions
	Half bool       // some direction's offset is half of another's
	Sym  bool       // the opposite of every direction's offset is one too
	Any  bool       // the rule may move every piece (rule.mbAny)
	Offs [32]int32  // per direction index: the slot offset of its neighbours
	Ent  [32]uint32 // per direction index: its direction, as a path entry has it (<<16)
	Back [32]MbBack // the directions by decreasing offset
}
