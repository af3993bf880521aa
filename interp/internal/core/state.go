package core

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"

	"github.com/ruleplay/ruleplay/ir"
)

// Stacks.
//
// In a stacking game (ir.Game.Stacking) a cell holds a stack. The State
// keeps the flat array of top pieces (cells, with the occupancy bitsets of
// the top pieces) that every condition reads, and beside it a fixed
// per-cell stack storage: stk[c*scap+i] is the i-th piece from the bottom
// of cell c and hgt[c] the height, where scap is the number of pieces of
// the setup and the hands (only drops add pieces, so a stack never
// outgrows it). Only
// the top piece of a stack moves; a leap lands on top of the landing stack
// (Onto alone decides whether an occupied cell may be landed on); a capture
// or a removal takes the top piece. Undo records say whether a piece was
// put on top (undo takes it off), taken off the top (undo puts it back) or
// replaced. Nothing is allocated per move.
//
// Cell conditions see the top piece; height is the stack height of the cell
// under test (0 or 1 without stacking), level the number of pieces under
// the moving piece at the cell its leap starts from (for a chain, the cell
// of the current leap), piece.NAME the moving piece's kind property. The
// piece quantifiers (every, some, count over pieces) range over top pieces.
// Render shows a stack as its top piece's symbol and its height; Stack
// lists a cell's pieces from the bottom.

// State is a position, its undo history and the scratch space of move
// generation, three parts of their own:
//
//   - position: what a game is at a ply (cells, stacks, the derived
//     indexes that State.put keeps up to date, counters); Clone and
//     CopyFrom copy it and nothing else;
//   - history: the undo records of Apply;
//   - scratch: the buffers generators reuse from call to call; each State
//     has its own, so States of one Program can be used by as many
//     goroutines at once.
//
// A State does not point into the Program; it belongs to the Program
// that made it.
type State struct {
	position
	history
	scratch
}

// position is the part of a State that Clone and CopyFrom copy.
type position struct {
	NumPlayers, NumWords int

	Cells  []uint16 // piece code per cell, the top piece of its stack (0: empty)
	CellsW []uint16 // cells plus the sentinel cell nc holding the wall code
	// Stacking games only (nil otherwise): stk[c*scap+i] is the i-th piece
	// of cell c's stack from the bottom, hgt[c] its height. cells[c] is
	// always the top piece.
	Stk  []uint16
	Hgt  []int32
	Scap int
	// Derived indexes, updated by State.put alone (and by the make
	// accelerators for whole moves: make_flat.go, make_direct.go,
	// make_fused.go).
	Occ      []uint64        // occupancy bitsets per slot (player, then neutral): [slot*nw+w], bits by Program.bitOf
	OccC     []uint64        // occupancy bitsets per piece code: [code*nw+w] (code 0: unused); nil unless Program.keepOccC
	OnTarget []int32         // per slot: the (top) pieces on their own target cell
	Mailbox  *[MbSlots]uint8 // the mailbox (Program.mbox): 1 piece, 0 empty, mbWall no cell
	// small: on a small board (Program.small), the arrays that cellsW, occ
	// and mb are in (nil otherwise)
	Small *SmallPos

	Mover      int
	PlyCount   int
	Turns      []int32 // per player: turns taken (passes included)
	CapturedBy []int32
	Points     []int32
	Passes     int // consecutive passes
	// Swapped: the swap (turns { swap }) was made; the two seats play
	// each other's colours (Program.SeatOf)
	Swapped bool
	// last: the cell the previous ply's move ended on (a removal's cell,
	// a leap's final landing, a group's head destination), -1 at the
	// start and after a pass; kept only when a rule reads it
	// (Program.keepLast), -1 otherwise
	Last int32
	// hand: per piece code, the pieces of that type held in hand (nil
	// unless the game gives pieces in hand: Program.hands)
	Hand []int32

	End    uint8   // endNone, endGoal, endLose, endLimit, EndPasses, endDraw (decided by Apply)
	Winner int     // endGoal: the player who reached the goal; endLose: the player who lost
	Ctr    []int32 // the counters (ir.Game.Counters; nil: none)

	// The position hash (hash.go), when the Program keeps one
	// (Program.Zobrist; keys nil otherwise): the board's part, kept by
	// the cells functions and the revert of the general make. Seen: the repetition keys of the
	// positions of the game since ply SeenBase (Program.Repetition).
	BoardHash uint64
	keys      *HashKeys
	Seen      []uint64
	SeenBase  int
}

// history holds the undo records of the moves applied.
type history struct {
	Changes []Change
	Frames  []Frame
	// unlogged: Apply plays moves without undo records (SetUndo);
	// skipLog: so does the move being applied (the moves that move
	// generation plays and takes back are always recorded)
	Unlogged, SkipLog bool
	// ctrLog: the counters before each recorded move (games with counters)
	ctrLog []int32
}

// scratch is what move generation reuses from call to call.
type scratch struct {
	Path []uint32 // current leap path during generation
	Mark []uint64 // candidate sources (bitset)
	Bufs []uint64 // 4 bitsets of scratch for markShift
	Caps []Change // pieces taken during a chain being explored
	// reachability (strat_reach.go): cells seen, cells to explore, cells
	// reached from the current start
	seen          []bool
	Todo, reached []int32
	ectx          Ectx
	Gen           Gen      // move generation
	tier          int      // the tier of the moves candidates or countMoves found last
	SelFiltered   bool     // countMoves: the blockade filter drops some moves
	SelBulk       bool     // countMoves: the tier's drawer kept its moves (Program.selectKept selects)
	x             *aux     // larger scratch, allocated when first needed
	gbuf          []uint16 // the pieces of a group being moved
	// Units: the scratch of the accelerators (accel.Scratch, made when
	// first needed); the core only carries it
	Units any
	// rules whose captures are taken at the end (jumping.go): taken[c]
	// marks the cells taken by the chain being explored, tk lists them
	taken      []bool
	takenCells []int32
}

// newScratch makes the scratch of a State on a board of nc cells and nw
// words per cell set.
func newScratch(nc, nw int) scratch {
	return scratch{Mark: make([]uint64, nw), Bufs: make([]uint64, 4*nw), gbuf: make([]uint16, 0, nc)}
}

// aux is the larger scratch of a State, allocated when first needed (a
// clone that only generates moves does not carry it).
type aux struct {
	Nested Gen     // existence checks inside filters, counting on words, Status
	sctx   Ectx    // scoreOf
	mctx   Ectx    // the margin of Status
	gctx   Ectx    // Guide
	Caps   []int32 // preferMost: the pieces each move captures
	// mergeEnds (ends.go): the captured cells of the moves, per move the
	// span of its cells in ecaps, and whether its text needs them
	Ecaps, espan []int32
	eamb         []bool
}

// Ax returns the auxiliary scratch of s.
func (s *State) Ax() *aux {
	if s.x == nil {
		s.x = &aux{}
	}
	return s.x
}

const (
	EndNone uint8 = iota
	EndGoal
	EndLimit
	EndPasses
	EndLose // a Lose goal: winner is the player who lost
	EndDraw // a draw goal
)

// Change is one undo record: cell's (top) code was old. arg is the kind
// of record in a stacking game (opSet, opPush, opPop), and in a game
// without stacks the code the cell was set to, so that the records also
// tell what the move changed (reindexOcc, revertFlat).
type Change struct {
	Cell int32
	Old  uint16
	Arg  uint16
}

// undo record kinds
const (
	opSet  uint16 = iota // the cell's (top) code was old
	opPush               // a piece was put on top: undo takes it off
	opPop                // old was taken off the top: undo puts it back
)

// Frame is the undo frame of one move, one format for every maker
// (make.go): where its records start (nch), the counters before it, and
// the unmake that takes it back (kind, an index into unmakes). The
// fused-make frames use the fields their own way (make_fused.go): a
// frameLeap holds its move's one leap in nch, captured, points and last
// (which it has no other use for), taken and under (setLeap, leap), and
// the passes and ending; a frameTake the cell and code it took (as
// setLeap, the start and the piece) and those counters: they have no
// records, and Undo gives the mover's capture back by subtraction.
type Frame struct {
	Nch      int32
	Passes   int32
	Captured int32
	Points   int32
	Last     int32 // the position's last cell before the move
	Mover    int8  // (at most 100 players)
	Winner   int8
	End      uint8
	Kind     uint8 // the unmake that takes it back (unmakes)
	// taken, under: a frameLeap's code taken and code on its landing
	// before the move (setLeap); with them a frame has 32 bytes, and its
	// offset is its index shifted
	Taken, Under int32
}

// frame kinds, each the index of its unmake in unmakes
const (
	frameRecords   uint8 = iota // the general make's: undoRecords
	frameDrop                   // a drop's: undoRecords, the piece back to the hand
	FrameFused                  // a fused chain of leaps: undoFused
	FrameLeap                   // a fused leap: undoLeap
	FrameTake                   // a fused removal: undoTake
	FrameLeapQuiet              // a fused leap of a quiet Program: undoLeapQuiet
	frameSwap                   // the swap: undoSwap
)

// OccLen and occCLen are the lengths of State.occ and State.occC. On a
// board of one word with at most kernSlots slots (players and neutral),
// occ has kernSlots words, and occC, with at most kernCodes codes,
// kernCodes words: the words past the slots and codes are always empty,
// and the one-word kernel (bulk1.go) reads them as arrays, without
// copies or bounds checks.
func (p *Program) OccLen() int {
	if p.NumWords == 1 && p.Players+1 <= KernSlots {
		return KernSlots
	}
	return (p.Players + 1) * p.NumWords
}

func (p *Program) OccCLen() int {
	if p.NumWords == 1 && p.Ncodes <= KernCodes {
		return KernCodes
	}
	return p.Ncodes * p.NumWords
}

func (p *Program) NewEmptyState() *State {
	s := &State{position: position{NumPlayers: p.Players, NumWords: p.NumWords, Last: -1, keys: p.Zobrist}, scratch: newScratch(p.NumCells, p.NumWords)}
	s.Mover = p.FirstMover()
	if p.Small != nil {
		s.Small = new(SmallPos)
		s.CellsW, s.Occ = s.Small.Cells[:p.NumCells+1], s.Small.Occ[:p.OccLen()]
	} else {
		s.CellsW, s.Occ = make([]uint16, p.NumCells+1), make([]uint64, p.OccLen())
	}
	s.CellsW[p.NumCells] = uint16(p.Ncodes)
	s.Cells = s.CellsW[:p.NumCells]
	if p.Mbox != nil {
		if s.Small != nil {
			s.Mailbox = &s.Small.Mailbox
		} else {
			s.Mailbox = new([MbSlots]uint8)
		}
		for i := range s.Mailbox {
			s.Mailbox[i] = MbWall
		}
		for _, k := range p.Mbox.Key {
			s.Mailbox[k] = 0
		}
	}
	s.OnTarget = make([]int32, p.Players+1)
	if p.KeepOccC && s.Small != nil {
		s.OccC = s.Small.occC[:p.OccCLen()]
	} else if p.KeepOccC {
		s.OccC = make([]uint64, p.OccCLen())
	}
	if s.Small != nil {
		s.counters(p.Players)
	} else {
		ints := make([]int32, 3*p.Players)
		s.Turns, s.CapturedBy, s.Points = ints[:p.Players:p.Players], ints[p.Players:2*p.Players:2*p.Players], ints[2*p.Players:]
	}
	s.Changes = make([]Change, 0, 256)
	s.Frames = make([]Frame, 0, 128)
	if p.Ctrs != nil {
		s.Ctr = make([]int32, p.CounterValues())
	}
	if p.Hands {
		s.Hand = make([]int32, p.Ncodes)
	}
	if p.Stacking {
		s.Scap = p.Scap
		s.Stk = make([]uint16, p.NumCells*p.Scap)
		s.Hgt = make([]int32, p.NumCells+1)
	}
	return s
}

// height returns the number of pieces on cell c.
func (s *State) height(c int) int {
	if s.Hgt != nil {
		return int(s.Hgt[c])
	}
	return B2i(s.Cells[c] != 0)
}

// push puts code on top of cell c's stack (no undo record); without
// stacking it sets the cell.
func (s *State) push(p *Program, c int, code uint16) {
	if s.Hgt != nil {
		h := s.Hgt[c]
		s.Stk[c*s.Scap+int(h)] = code
		s.Hgt[c] = h + 1
	}
	s.put(p, c, code)
}

// pop takes the top piece off cell c (no undo record) and returns it.
func (s *State) pop(p *Program, c int) uint16 {
	code := s.Cells[c]
	var top uint16
	if s.Hgt != nil {
		h := s.Hgt[c] - 1
		s.Hgt[c] = h
		if h > 0 {
			top = s.Stk[c*s.Scap+int(h)-1]
		}
	}
	s.put(p, c, top)
	return code
}

// setTop replaces the top piece of cell c (no undo record); without
// stacking it sets the cell.
func (s *State) setTop(p *Program, c int, code uint16) {
	if s.Hgt != nil {
		s.Stk[c*s.Scap+int(s.Hgt[c])-1] = code
	}
	s.put(p, c, code)
}

// SetUndo tells whether the moves applied to s from now on are recorded
// so that Undo can take them back (the default). A State used only to be
// played forward, as the scratch copy of a position that playouts start
// from, skips the records: Apply is then cheaper, and Undo does nothing.
// Either way the moves already recorded are dropped.
func (s *State) SetUndo(on bool) {
	s.Unlogged = !on
	s.Changes, s.Frames, s.ctrLog = s.Changes[:0], s.Frames[:0], s.ctrLog[:0]
}

// lift takes the top piece off cell c, recorded for Undo.
func (s *State) lift(p *Program, c int) uint16 {
	if s.Hgt == nil {
		code := s.Cells[c]
		s.clear(p, c)
		return code
	}
	code := s.pop(p, c)
	if !s.SkipLog {
		s.Changes = append(s.Changes, Change{Cell: int32(c), Old: code, Arg: opPop})
	}
	return code
}

// drop puts code on top of cell c, recorded for Undo.
func (s *State) drop(p *Program, c int, code uint16) {
	if s.Hgt == nil {
		if !s.SkipLog {
			s.Changes = append(s.Changes, Change{Cell: int32(c), Old: s.Cells[c], Arg: code}) // (opSet)
		}
		s.put(p, c, code)
		return
	}
	s.push(p, c, code)
	if !s.SkipLog {
		s.Changes = append(s.Changes, Change{Cell: int32(c), Old: code, Arg: opPush}) // (old: the piece pushed, for the hash)
	}
}

// put sets cell c to code, keeping the derived indexes up to date (no
// undo record): the occupancy sets per slot, the mailbox, and, when the
// Program keeps them (compilePut), the occupancy sets per code and the
// pieces on their target. It is the one place they are updated, but for
// the make accelerators, which do the same for a whole move at once
// (reindexOcc, revertFlat: flat-make; unsetFlat, setFlat: direct-make;
// smallPos: fused-make).
func (s *State) put(p *Program, c int, code uint16) {
	cb := &p.CellB[c]
	old := s.Cells[c]
	s.Cells[c] = code
	w, m := int(cb.W), cb.M
	occC := s.OccC
	if old != 0 {
		s.Occ[int(p.CodeOcc[old])+w] &^= m
		if occC != nil {
			occC[int(old)*s.NumWords+w] &^= m
		}
	}
	if code != 0 {
		s.Occ[int(p.CodeOcc[code])+w] |= m
		if occC != nil {
			occC[int(code)*s.NumWords+w] |= m
		}
	}
	if s.Mailbox != nil {
		s.Mailbox[cb.Slot&MbMask] = uint8(B2i(code != 0))
	}
	if p.NTargets > 0 {
		if old != 0 && int(p.CodeTarget[old]) == c {
			s.OnTarget[p.CodeSlot[old]]--
		}
		if code != 0 && int(p.CodeTarget[code]) == c {
			s.OnTarget[p.CodeSlot[code]]++
		}
	}
}

// clear empties cell c and records the old code for Undo (games without
// stacking).
func (s *State) clear(p *Program, c int) {
	if !s.SkipLog {
		s.Changes = append(s.Changes, Change{Cell: int32(c), Old: s.Cells[c]}) // (opSet, arg 0: empty)
	}
	s.put(p, c, 0)
}

// NewState builds the initial position; a random setup (ir.Setup.Random) is
// drawn with a PRNG seeded by seed (math/rand/v2 PCG(seed, 0), Fisher-Yates
// shuffle of the piece multiset, in the order of Random.Counts, laid on
// Random.Cells in order). The same seed gives the same layout.
func (p *Program) NewState(seed uint64) *State {
	s := p.NewEmptyState()
	p.fillHands(s)
	for _, pl := range p.Desc.Setup.Place {
		s.Place(p, pl.Cell, uint16(pl.Piece+1))
	}
	if r := p.Desc.Setup.Random; r != nil {
		bag := make([]uint16, 0, len(r.Cells))
		for _, pc := range r.Counts {
			for i := 0; i < pc.Count; i++ {
				bag = append(bag, uint16(pc.Piece+1))
			}
		}
		rng := rand.New(rand.NewPCG(seed, 0))
		rng.Shuffle(len(bag), func(i, j int) { bag[i], bag[j] = bag[j], bag[i] })
		for i, c := range r.Cells {
			s.Place(p, c, bag[i])
		}
	}
	p.Rehash(s)
	return s
}

// fillHands gives the players of s their pieces in hand at the start.
func (p *Program) fillHands(s *State) {
	for _, pcs := range p.Desc.Hands {
		for _, pc := range pcs {
			s.Hand[pc.Piece+1] = int32(pc.Count)
		}
	}
}

// place puts a piece of the setup on cell c: on top of its stack in a
// stacking game; otherwise it replaces what is there.
func (s *State) Place(p *Program, c int, code uint16) {
	if s.Hgt != nil {
		s.push(p, c, code)
		return
	}
	s.put(p, c, code)
}

// NewStateFromLayout builds the initial position from an explicit layout
// (cell name -> piece name as in ir.Piece.Name, or kind name when only one
// piece type has that kind). Fixed placements (ir.Setup.Place) still apply;
// the layout replaces the random fill and must use exactly the cells and
// piece counts of ir.Setup.Random. A game without a random setup accepts only
// an empty layout.
func (p *Program) NewStateFromLayout(layout map[string]string) (*State, error) {
	r := p.Desc.Setup.Random
	if r == nil {
		if len(layout) > 0 {
			return nil, fmt.Errorf("layout: game %s has no random setup", p.Desc.Name)
		}
		return p.NewState(0), nil
	}
	inFill := make(map[int]bool, len(r.Cells))
	for _, c := range r.Cells {
		inFill[c] = true
	}
	want := make(map[int]int)
	for _, pc := range r.Counts {
		want[pc.Piece] += pc.Count
	}
	s := p.NewEmptyState()
	p.fillHands(s)
	for _, pl := range p.Desc.Setup.Place {
		s.Place(p, pl.Cell, uint16(pl.Piece+1))
	}
	names := make([]string, 0, len(layout))
	for n := range layout {
		names = append(names, n)
	}
	sort.Strings(names)
	got := make(map[int]int)
	for _, n := range names {
		c, ok := p.CellIdx[n]
		if !ok {
			return nil, fmt.Errorf("layout: unknown cell %q", n)
		}
		if !inFill[c] {
			return nil, fmt.Errorf("layout: cell %s is not filled at random", n)
		}
		pc, err := p.pieceByName(layout[n])
		if err != nil {
			return nil, fmt.Errorf("layout: cell %s: %w", n, err)
		}
		got[pc]++
		s.Place(p, c, uint16(pc+1))
	}
	for _, c := range r.Cells {
		if _, ok := layout[p.CellNames[c]]; !ok {
			return nil, fmt.Errorf("layout: cell %s has no piece", p.CellNames[c])
		}
	}
	for pc := range p.Desc.Pieces {
		if got[pc] != want[pc] {
			return nil, fmt.Errorf("layout: %d pieces %q, the setup has %d", got[pc], p.Desc.Pieces[pc].Name, want[pc])
		}
	}
	p.Rehash(s)
	return s, nil
}

// pieceByName resolves a piece name, or a kind name shared by one piece type.
func (p *Program) pieceByName(name string) (int, error) {
	for i, pc := range p.Desc.Pieces {
		if pc.Name == name {
			return i, nil
		}
	}
	found := -1
	for i, pc := range p.Desc.Pieces {
		if p.Desc.Kinds[pc.Kind].Name == name {
			if found >= 0 {
				return 0, fmt.Errorf("piece kind %q is ambiguous", name)
			}
			found = i
		}
	}
	if found < 0 {
		return 0, fmt.Errorf("unknown piece %q", name)
	}
	return found, nil
}

// Layout returns the random-filled layout of s0 (cell name -> piece name),
// only for the cells of ir.Setup.Random; nil when the game has no random
// setup.
func (p *Program) Layout(s0 *State) map[string]string {
	r := p.Desc.Setup.Random
	if r == nil || s0 == nil {
		return nil
	}
	m := make(map[string]string, len(r.Cells))
	for _, c := range r.Cells {
		if code := s0.Cells[c]; code != 0 {
			m[p.CellNames[c]] = p.Desc.Pieces[code-1].Name
		}
	}
	return m
}

// Clone returns an independent copy of the position. The undo history is not
// copied: Undo on the clone does nothing until something is applied to it.
// The clone has scratch space of its own.
func (s *State) Clone() *State {
	c := &State{scratch: newScratch(len(s.Cells), s.NumWords)}
	c.position.copyFrom(&s.position)
	c.Changes = make([]Change, 0, 256)
	c.Frames = make([]Frame, 0, 128)
	return c
}

// CopyFrom makes s a copy of the position of src, a State of the same
// Program, reusing the buffers of s (nothing is allocated when src has no
// larger stacks than s had). The undo history of s is dropped, as for
// Clone: Undo does nothing until something is applied.
func (s *State) CopyFrom(src *State) {
	if s == src {
		return
	}
	s.position.copyFrom(&src.position)
	s.Changes, s.Frames, s.ctrLog = s.Changes[:0], s.Frames[:0], s.ctrLog[:0]
	if len(s.Mark) < src.NumWords {
		s.scratch = newScratch(len(src.Cells), src.NumWords)
	}
}

// copyFrom makes ps a copy of src, reusing the buffers of ps.
func (ps *position) copyFrom(src *position) {
	ps.NumPlayers, ps.NumWords = src.NumPlayers, src.NumWords
	ps.Mover, ps.PlyCount, ps.Passes, ps.End, ps.Winner = src.Mover, src.PlyCount, src.Passes, src.End, src.Winner
	ps.Last, ps.Swapped = src.Last, src.Swapped
	ps.BoardHash, ps.keys, ps.SeenBase = src.BoardHash, src.keys, src.SeenBase
	ps.Seen = append(ps.Seen[:0], src.Seen...)
	switch {
	case src.Small == nil:
		if ps.Small != nil {
			ps.Small, ps.CellsW, ps.Occ, ps.OccC, ps.Mailbox = nil, nil, nil, nil, nil
			ps.Turns, ps.CapturedBy, ps.Points = nil, nil, nil
		}
	case ps.Small == nil:
		ps.Small = new(SmallPos)
		ps.CellsW, ps.Occ, ps.OccC, ps.Mailbox = ps.Small.Cells[:0], ps.Small.Occ[:0], nil, nil
		if src.OccC != nil {
			ps.OccC = ps.Small.occC[:0]
		}
		if src.Mailbox != nil {
			ps.Mailbox = &ps.Small.Mailbox
		}
		ps.counters(src.NumPlayers)
	case len(ps.Turns) != src.NumPlayers:
		ps.counters(src.NumPlayers)
	}
	ps.CellsW = append(ps.CellsW[:0], src.CellsW...)
	ps.Cells = ps.CellsW[:len(src.Cells)]
	ps.Occ = append(ps.Occ[:0], src.Occ...)
	ps.OccC = append(ps.OccC[:0], src.OccC...)
	ps.OnTarget = append(ps.OnTarget[:0], src.OnTarget...)
	if src.Mailbox != nil {
		if ps.Mailbox == nil {
			ps.Mailbox = new([MbSlots]uint8)
		}
		*ps.Mailbox = *src.Mailbox
	} else {
		ps.Mailbox = nil
	}
	if len(ps.Turns) != src.NumPlayers {
		ints := make([]int32, 3*src.NumPlayers)
		ps.Turns, ps.CapturedBy, ps.Points = ints[:src.NumPlayers:src.NumPlayers], ints[src.NumPlayers:2*src.NumPlayers:2*src.NumPlayers], ints[2*src.NumPlayers:]
	}
	copy(ps.Turns, src.Turns)
	copy(ps.CapturedBy, src.CapturedBy)
	copy(ps.Points, src.Points)
	if src.Ctr != nil {
		ps.Ctr = append(ps.Ctr[:0], src.Ctr...)
	}
	ps.Hand = append(ps.Hand[:0], src.Hand...)
	ps.Scap = src.Scap
	if src.Hgt != nil {
		ps.Stk = append(ps.Stk[:0], src.Stk...)
		ps.Hgt = append(ps.Hgt[:0], src.Hgt...)
	} else {
		ps.Stk, ps.Hgt = nil, nil
	}
}

// StateBytes returns the size in bytes of a position: the cells (the top
// piece of each, 2 bytes, and a wall cell), the occupancy bitsets per
// slot and, when something reads them, per code (not the always empty
// words that pad them on one word: occLen), the mailbox, the per-player
// counters (turns, captures, points, pieces on target), the rules'
// counters, the pieces in hand (per code, in a game with hands), the
// stacks in a stacking game, and the scalars (player to move, ply,
// passes, end of the game: 40 bytes). A State also carries its undo
// history and scratch buffers for move generation (a few KiB, reused
// from move to move), which are not counted.
func (p *Program) StateBytes() int {
	n := 40
	n += (p.NumCells + 1) * 2             // cellsW
	n += (p.Players + 1) * p.NumWords * 8 // occ
	if p.Mbox != nil {
		n += MbSlots // mb
	}
	n += (p.Players + 1) * 4 // onTarget
	if p.KeepOccC {
		n += p.Ncodes * p.NumWords * 8 // occC
	}
	n += 3 * p.Players * 4     // turns, captured, points
	n += 4 * p.CounterValues() // the rules' counters
	if p.Hands {
		n += p.Ncodes * 4 // hand
	}
	if p.Stacking {
		n += p.NumCells*p.Scap*2 + (p.NumCells+1)*4 // stk, hgt
	}
	return n
}

// ToMove returns the index of the player to move.
func (s *State) ToMove() int { return s.Mover }

// Ply returns the number of plies played so far.
func (s *State) Ply() int { return s.PlyCount }

// PieceAt describes the piece on a cell (the top piece of its stack in a
// stacking game): the index into Game().Pieces, or ok=false when the cell
// is empty (or out of range).
func (p *Program) PieceAt(s *State, cell int) (piece int, ok bool) {
	if cell < 0 || cell >= len(s.Cells) || s.Cells[cell] == 0 {
		return 0, false
	}
	return int(s.Cells[cell]) - 1, true
}

// Height returns the number of pieces on a cell (0 or 1 in a game without
// stacking; 0 when out of range).
func (p *Program) Height(s *State, cell int) int {
	if cell < 0 || cell >= len(s.Cells) {
		return 0
	}
	return s.height(cell)
}

// Stack returns the pieces on a cell from the bottom of its stack to the
// top, as indices into Game().Pieces (a new slice; nil when the cell is
// empty or out of range). Without stacking it holds at most the one piece.
func (p *Program) Stack(s *State, cell int) []int {
	if cell < 0 || cell >= len(s.Cells) || s.Cells[cell] == 0 {
		return nil
	}
	if s.Hgt == nil {
		return []int{int(s.Cells[cell]) - 1}
	}
	h := int(s.Hgt[cell])
	out := make([]int, h)
	for i := 0; i < h; i++ {
		out[i] = int(s.Stk[cell*s.Scap+i]) - 1
	}
	return out
}

// PieceSymbol returns the board symbol of piece (an index into the
// game's Pieces), as Render draws it: its kind's symbol (or the
// upper-cased first letter of the kind's name) and its number for
// numbered kinds; lower case for the second player, upper case for the
// others, neutral pieces as given. An index out of range gives "?".
func (p *Program) PieceSymbol(piece int) string {
	if piece < 0 || piece >= len(p.Desc.Pieces) {
		return "?"
	}
	return p.Symbol(uint16(piece + 1))
}

// symbol is the board symbol of a piece code.
func (p *Program) Symbol(code uint16) string {
	pc := p.Desc.Pieces[code-1]
	k := p.Desc.Kinds[pc.Kind]
	sym := k.Symbol
	if sym == "" {
		sym = strings.ToUpper(firstRune(k.Name))
	}
	if k.Numbered > 0 && pc.Number > 0 {
		sym += fmt.Sprint(pc.Number)
	}
	switch {
	case pc.Owner == ir.Neutral:
	case p.Players > 2:
		// Several players: the seat number tells them apart without
		// colour (p1's piece M1, p3's M3; a numbered kind S2:3).
		sep := ""
		if k.Numbered > 0 && pc.Number > 0 {
			sep = ":"
		}
		sym = strings.ToUpper(sym) + sep + fmt.Sprint(pc.Owner+1)
	case pc.Owner == 1:
		sym = strings.ToLower(sym)
	default:
		sym = strings.ToUpper(sym)
	}
	return sym
}

func firstRune(s string) string {
	for _, r := range s {
		return string(r)
	}
	return "?"
}
