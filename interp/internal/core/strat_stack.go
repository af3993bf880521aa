package core

// StackCond is a tabulated cell condition: bit h of word w[class +
// cell*sX + code*sC + h>>6] is set when it holds on a stack of height h.
// class = mover*sMv + mcode*sM + level*sL; a stride is 0 for a dimension
// the condition does not read.
type StackCond struct {
	W                   []uint64
	SMv, SM, SL, SX, SC int
	Plain               bool // one word per class: sX = sC = 0, heights below 64
}

// StackPaths lists, per cell, the leaps of length L of one set of
// directions that stay on the board: cell c's are ent[off[c]:off[c+1]],
// L words each (the landing's path entry, then the cells passed over).
type StackPaths struct {
	L    int
	Off  []int32
	Ent  []int32
	Cell [][]int32 // per cell c: ent[off[c]:off[c+1]]
}

// StackRule is a genStack rule compiled.
type StackRule struct {
	From, Over, Onto *StackCond // from nil: any piece; over nil: any cell
	Paths            []StackPaths
	PathOf           []int32      // [mover*ncodes+code]: index into paths, -1: not moved
	ZeroH            []int32      // heights of a game without stacks (all 0)
	Pieces           []StackPiece // [mover*ncodes+code], from pathOf (setPieces)
	Plain            bool         // Onto and Over (if any) are plain
}

// StackPiece is what fastStack needs for a piece of one code of one
// mover: its path list (cell nil: the rule does not move it) and the bases
// of its classes in the condition tables, level 0.
type StackPiece struct {
	Cell       [][]int32 // per cell: its leaps (a part of the list's ent)
	L          int
	Fb, Nb, Ob int
	Mn, Mo     uint64 // plain conditions: the masks of Onto and Over, level 0
}
