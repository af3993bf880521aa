package core

// MaxBulk bounds the rules of a tier whose first leaps firstLeaps keeps
// for selectBulk.
const MaxBulk = 4

// BulkRule holds the moves of one rule of a bulk tier found by firstLeaps:
// td[w*32+k] are the sources (word w) of its leaps in the mover's k-th
// direction (a removal: td[w*32], the pieces it may remove); n their
// number.
type BulkRule struct {
	Ri int
	N  int
	Td []uint64
}

// BulkSets is the scratch of firstLeaps: the empty cells, and for the
// rule at hand the pieces it moves (src) and the cells satisfying its
// Over (o) and Onto (e) conditions; o and e have pad zero words on either
// side of their nw words, so that shifted words are read without tests.
type BulkSets struct {
	Nw, Pad    int
	Empty, Src []uint64
	O, E       []uint64
}

// RuleSlots says, for one mover, which occupancy sets make up the sets of
// ruleSets: the slots (or, when the rule restricts kinds, the piece
// codes) of the pieces it moves, the slots satisfying Over and Onto, and
// whether empty cells do (all ones or zero).
type RuleSlots struct {
	Src, Codes, Over, Onto []int32
	OverEmpty, OntoEmpty   uint64
	// on one word, per direction of the mover (in order): its bit shift
	// and the cells whose leap stays on the board (wordLeaps)
	Dirs []WordDir
	// few: every set is the union of at most three occupancy slots (and
	// there are at most 7 slots), whose indices are in idx (src, over,
	// onto; np+1 names an empty set): the one-word kernel (bulk1.go) reads them without loops
	Few bool
	Idx [9]uint8
}

// WordDir is a direction of a shift rule on one word.
type WordDir struct {
	Valid uint64
	Sh    int
}
