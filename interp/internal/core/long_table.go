package core

// LongTable is what the long-leap table needs of a rule (rule.longTable).
type LongTable struct {
	// over, hurdle, onto: per mover, [mover*tabSize + cell*stride + code],
	// 1 where the condition holds (onto: and the cell may be landed on)
	Over, Hurdle, Onto []uint8
	Stride, TabSize    int
	// source: per mover, [mover*sourceSize + cell*sourceStride + code]:
	// the rule moves the piece (From by code alone when it does not read
	// the cell: sourceStride 0)
	Source                   []bool
	SourceStride, SourceSize int
	// rayAt[c*nd+d] is where the ray of cell c in direction d begins in
	// rays: its cells outwards, at most the longest leap, then the
	// sentinel cell nc
	RayAt []int32
	Rays  []int32
	// shortest: the shortest leap, in cells
	Shortest int
	// NoHurdle is 1 when the rule has no hurdle (a landing needs none
	// passed), 0 when it has one
	NoHurdle uint8
	// JumpedMark is the code a piece jumped by a rule capturing the
	// jumped pieces leaves on its cell while the chain is explored: the
	// wall code when it is taken at the end, empty when at once
	JumpedMark uint16
	// Sources finds the pieces to walk from: it marks in State.mark those
	// that have a first leap and reports true, or reports false (every
	// piece the rule selects)
	Sources func(g *Gen) bool
	// codes: per mover, the piece codes the rule may move (kindSources)
	Codes [][]uint16
	// FirstDirs: per mover, the sets of directions a piece's moves are
	// walked with, one after the other: all of them at once, or one
	// first direction at a time when the chain keeps its first direction
	// (Rule.KeepsFirstDir, chain.go: eachFirstDir)
	FirstDirs [][][]int32
}
