package core

// Small boards: a Program direct-make serves whose board has fewer than smallCells
// cells, at most smallOcc occupancy words (and smallOccC words of sets
// per code, if it keeps them), smallCodes piece codes and smallPlayers
// players keeps the tables a move reads in arrays of fixed size
// (smallTabs), and its States their cells, occupancy words, sets per
// code, mailbox and per-player counters (smallPos); the fused makers and
// unmakes and emptyCount index them through masks: no bounds checks, and
// one register per array.
const (
	SmallCells   = 1024
	SmallOcc     = 64
	SmallOccC    = 256
	SmallCodes   = 256
	SmallPlayers = 32
	SmallDirs    = 8 // the jumped cells are kept for at most 8 directions
)

// smallTabs: Program.codeOcc, codePoints, cellB and boardMask in arrays
// (unsigned, so that the compiler folds their offsets into the loads);
// with at most smallDirs directions, mid[c*smallDirs+d]: the cell a leap of length 2
// from c in d jumps (Program.leaps[2]); the players who move after and
// before each (Program.after); and the fused rules that take what they
// jump (jumpRules) and what they land on (landRules), bit i for rule i.
type SmallTabs struct {
	CodeOcc              [SmallCodes]uint32
	CodePts              [SmallCodes]int32
	CellB                [SmallCells]SmallCell
	Mid                  [SmallCells * SmallDirs]uint16
	Next, Prev           [SmallPlayers]uint8
	JumpRules, LandRules uint64
	Board                [SmallOcc]uint64 // Program.boardMask
}

// SmallCell is a cellBit of a small board.
type SmallCell struct {
	M     uint64
	W, Mb uint32
}

// SmallPos holds State.cellsW, occ, occC (when the Program keeps the
// sets per code) and mb (when the Program has a mailbox; otherwise mb is
// written and never read), and State.turns, captured and points.
type SmallPos struct {
	Cells   [SmallCells]uint16
	Occ     [SmallOcc]uint64
	occC    [SmallOccC]uint64 // State.occC (when the Program keeps it)
	Mailbox [MbSlots]uint8
	// turns, captured, points: State.turns, captured and points
	Turns, Captured, Points [SmallPlayers]int32
}

// counters points the per-player counters of ps (np players) into its
// smallPos.
func (ps *position) counters(np int) {
	ps.Turns, ps.CapturedBy, ps.Points = ps.Small.Turns[:np:np], ps.Small.Captured[:np:np], ps.Small.Points[:np:np]
}
