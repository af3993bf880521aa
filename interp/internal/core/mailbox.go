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
