package core

const (
	MaxKernDirs  = 8
	MaxKernCodes = 4
	// kernSlots, kernCodes: the words of State.occ and State.occC on
	// one word (occLen), which the kernel reads as arrays
	KernSlots = 8
	KernCodes = 16
)

// KernSrc is a set of pieces: the union of up to three occupancy slots
// (idx; a slot past the players and neutral is always empty) and of up
// to maxKernCodes piece codes (code 0, whose set is always empty, pads
// the list; ncodes 0: none).
type KernSrc struct {
	Idx    [3]uint8
	Slots  bool // some slot in idx
	One    bool // no slot and one code
	Ncodes uint8
	Codes  [MaxKernCodes]uint8
}

// KernGroup is one rule of a tier for one mover, or a pair of rules,
// flattened.
type KernGroup struct {
	Pair    bool // two rules
	Nd      uint8
	Remove  bool // a removal (alone)
	Guarded bool // the rule has a guard (rule.when; alone)
	Long    bool // leaps of two cells (else one)
	// oIdx, eIdx: the slots of the cells satisfying Over and Onto (oSl,
	// eSl: some); overEmpty, ontoEmpty: all ones when the set holds the
	// empty cells
	OIdx, EIdx           [3]uint8
	OSl, ESl             bool
	OverEmpty, OntoEmpty uint64
	Ri                   [2]int32
	Src                  [2]KernSrc // per rule, the pieces it moves
	Dirs                 [MaxKernDirs]KernDir
	// per rule, its number of directions, and per direction of the rule
	// (in the rule's order) the group's direction
	Rnd  [2]uint8
	Rdir [2][MaxKernDirs]uint8
}

// KernDir is one direction of a kernGroup: the cells of each rule whose
// leap stays on the board (va; vb for the second rule of a pair), and the
// rotations that bring the landing cell (re) and the jumped cell (ro) of
// each source onto the source's bit.
type KernDir struct {
	Va, Vb uint64
	Re, Ro int8
	Sh     int8 // the shift itself (the cells a leap touches)
	// jb: the index of the direction among the second rule's (31 when it
	// does not have it), where pairLeaps keeps its leaps (the first rule's
	// directions come first, in its order)
	Jb uint8
	D  int32 // the direction
}
