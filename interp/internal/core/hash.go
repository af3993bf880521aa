package core

import (
	"fmt"

	"github.com/ruleplay/ruleplay/ir"
)

// The position hash (Zobrist): a 64-bit value equal for two States of
// one Program whose positions are equal in everything the rules can
// read.
//
// A Program keeps it only when something needs it: its rules count
// repetitions (Program.Repetition), or its caller asked (Config.Hash, as
// a solver does). Program.Zobrist is then the table of keys, nil
// otherwise, and the positions of such a Program carry it (position.keys).
//
// The hash has two parts. The board's, position.BoardHash, is kept
// incrementally by the general make and unmake: a Program that keeps a
// hash gets its rules' cells functions and its revert wrapped
// (HashedCells, HashedRevert), which read the move's undo records (a
// cell's old and new code; in a stacking game the piece pushed or popped
// and, from the heights, its level) and fold their keys in. The
// records' keys cancel the same way when the move is reverted, so make
// and unmake share one function; nothing is added to State.put, and a
// Program that keeps no hash pays nothing. The make accelerators that
// write cells themselves (flat-make, direct-make, fused-make,
// step-playouts) decline a Program that keeps a hash ("the position
// keeps a hash"). Without stacks a cell's key is that of (cell, code);
// with stacks every piece of a stack has the key of (cell, level, code).
// The rest of the position is a few numbers (the player to move,
// passes, per player captures, points and, when the rules read them,
// turns; the rules' counters; the pieces in hand; the last cell; the ply
// when the rules read it or have a ply limit; at the swap's ply, whether
// the swap was made: turns.go) that Hash folds in when
// asked, in a number of steps fixed by the Program (players, counters,
// codes): the many frame kinds that restore them need no hash code of
// their own.
//
// The ply number is not part of the hash unless the rules read it (`ply`,
// `turn`, `moves`) or end the game at a ply limit (rules or
// Config.MaxPlies): positions reached by different numbers of moves are
// otherwise the same position (a solver's transpositions, a repetition).
//
// RepetitionKey is the position as the rule books count repetitions: the
// pieces (and stacks), the pieces in hand and the player to move, not the
// counters, captures or ply.

// HashKeys are the keys of the position hash of one Program.
type HashKeys struct {
	cell   []uint64 // [c*ncodes+code]: the key of code on top of cell c (0 for empty)
	ncodes int
	// plyWeight multiplies the ply and the turns before they are folded:
	// 1 when the rules read them, 0 when they do not (they then add
	// nothing)
	plyWeight uint64
	// order is the game's turn order (nil: strict alternation): its
	// place in the sequence is part of the position (two plies whose
	// player is the same may be followed by different players)
	order *TurnOrder
	// swapPly is the ply of the game's swap (0: none): there, whether
	// the swap was made is part of the position (it is offered once)
	swapPly int
}

// Mix is splitmix64's finaliser: a bijection of 64-bit values whose
// outputs look independent.
func Mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// hash field tags: each folded value is mixed with its field's tag
const (
	tagMover uint64 = iota + 1
	tagPasses
	tagCaptured
	tagPoints
	tagTurns
	tagCounter
	tagHand
	tagLast
	tagPly
	tagStack
	tagTurnSlot
	tagSwapped
)

// NewHashKeys makes the keys of p's position hash; plyRead tells whether
// the ply and the turns are part of the position (the rules read them or
// end the game at a ply limit).
func NewHashKeys(p *Program, plyRead bool) *HashKeys {
	k := &HashKeys{cell: make([]uint64, p.NumCells*p.Ncodes), ncodes: p.Ncodes, order: p.Order, swapPly: p.SwapPly}
	for c := 0; c < p.NumCells; c++ {
		for code := 1; code < p.Ncodes; code++ {
			k.cell[c*p.Ncodes+code] = Mix(uint64(c)<<20 | uint64(code))
		}
	}
	if plyRead {
		k.plyWeight = 1
	}
	return k
}

// stackKey is the key of code at level (0: the bottom) of cell c's stack.
func stackKey(c, level int, code uint16) uint64 {
	return Mix(tagStack<<56 ^ uint64(c)<<32 ^ uint64(level)<<16 ^ uint64(code))
}

// fold mixes value v of field tag (index i: a player, a counter, a code)
// into h.
func fold(h uint64, tag uint64, i int, v int64) uint64 {
	return Mix(h ^ tag<<56 ^ uint64(i)<<40 ^ uint64(v))
}

// Hash returns the position hash of s (0 when its Program keeps none:
// Config.Hash).
func (s *State) Hash() uint64 {
	k := s.keys
	if k == nil {
		return 0
	}
	return s.BoardHash ^ s.scalarHash(k)
}

// scalarHash folds the numbers of the position beside its cells.
func (s *State) scalarHash(k *HashKeys) uint64 {
	h := fold(0, tagMover, 0, int64(s.Mover))
	h = fold(h, tagPasses, 0, int64(s.Passes))
	for pl := range s.CapturedBy {
		h = fold(h, tagCaptured, pl, int64(s.CapturedBy[pl]))
		h = fold(h, tagPoints, pl, int64(s.Points[pl]))
		h = fold(h, tagTurns, pl, int64(uint64(s.Turns[pl])*k.plyWeight))
	}
	for i, v := range s.Ctr {
		h = fold(h, tagCounter, i, int64(v))
	}
	h = s.handHash(h)
	h = fold(h, tagLast, 0, int64(s.Last))
	if k.order != nil {
		h = fold(h, tagTurnSlot, 0, int64(k.order.Slot(s.PlyCount)))
	}
	if s.Swapped && s.PlyCount == k.swapPly {
		h = fold(h, tagSwapped, 0, 1)
	}
	return fold(h, tagPly, 0, int64(uint64(s.PlyCount)*k.plyWeight))
}

// handHash folds the pieces in hand into h.
func (s *State) handHash(h uint64) uint64 {
	for code, n := range s.Hand {
		if n != 0 {
			h = fold(h, tagHand, code, int64(n))
		}
	}
	return h
}

// RepetitionKey returns the position of s as repetitions count it: its
// pieces (and stacks), the pieces in hand and the player to move (0 when
// its Program keeps no hash).
func (s *State) RepetitionKey() uint64 {
	if s.keys == nil {
		return 0
	}
	h := s.handHash(fold(0, tagMover, 0, int64(s.Mover)))
	if s.keys.order != nil {
		h = fold(h, tagTurnSlot, 0, int64(s.keys.order.Slot(s.PlyCount)))
	}
	return s.BoardHash ^ h
}

// HashFromScratch computes the hash of s from its cells, stacks and
// numbers, as the incremental one must be (tests compare them).
func (p *Program) HashFromScratch(s *State) uint64 {
	k := p.Zobrist
	if k == nil {
		return 0
	}
	return p.boardHash(s) ^ s.scalarHash(k)
}

// boardHash is the board's part of the hash of s, from scratch.
func (p *Program) boardHash(s *State) uint64 {
	k := p.Zobrist
	var h uint64
	for c, code := range s.Cells {
		if s.Hgt == nil {
			h ^= k.cell[c*k.ncodes+int(code)]
			continue
		}
		for i := 0; i < int(s.Hgt[c]); i++ {
			h ^= stackKey(c, i, s.Stk[c*s.Scap+i])
		}
	}
	return h
}

// CellsFunc moves the pieces of a move (Rule.Cells).
type CellsFunc = func(p *Program, s *State, r *Rule, mover int, path []uint32)

// RevertFunc reverts a move's records (Program.Revert).
type RevertFunc = func(p *Program, s *State, recs []Change)

// HashedCells returns cells with the board's hash kept: the move is
// recorded and the keys of its records folded in. A move made without
// undo records (State.SkipLog) is recorded all the same, under a frame
// of its own that the cells function may mark (a drop does), and both
// are dropped after.
func HashedCells(cells CellsFunc) CellsFunc {
	return func(p *Program, s *State, r *Rule, mover int, path []uint32) {
		if !s.SkipLog {
			n0 := len(s.Changes)
			cells(p, s, r, mover, path)
			s.BoardHash ^= p.recordsHash(s, s.Changes[n0:])
			return
		}
		n0, f0 := len(s.Changes), len(s.Frames)
		s.SkipLog = false
		s.Frames = append(s.Frames, Frame{})
		cells(p, s, r, mover, path)
		s.BoardHash ^= p.recordsHash(s, s.Changes[n0:])
		s.Changes, s.Frames = s.Changes[:n0], s.Frames[:f0]
		s.SkipLog = true
	}
}

// HashedRevert returns revert with the board's hash kept: the keys of
// the records, folded in before they are reverted, cancel the move's.
func HashedRevert(revert RevertFunc) RevertFunc {
	return func(p *Program, s *State, recs []Change) {
		s.BoardHash ^= p.recordsHash(s, recs)
		revert(p, s, recs)
	}
}

// recordsHash is what the changes of records recs, the position being
// the one after them, do to the board's hash: without stacks each
// record's old and new code (Change.Arg) on its cell; with stacks each
// piece pushed or popped (Change.Old) at its level, found from the
// heights after the records by walking them back (and forth again to
// leave the heights as they were).
func (p *Program) recordsHash(s *State, recs []Change) uint64 {
	var h uint64
	if s.Hgt == nil {
		k := p.Zobrist
		for _, r := range recs {
			c := int(r.Cell) * k.ncodes
			h ^= k.cell[c+int(r.Old)] ^ k.cell[c+int(r.Arg)]
		}
		return h
	}
	for j := len(recs) - 1; j >= 0; j-- {
		r := recs[j]
		switch r.Arg {
		case opPush:
			s.Hgt[r.Cell]--
			h ^= stackKey(int(r.Cell), int(s.Hgt[r.Cell]), r.Old)
		case opPop:
			h ^= stackKey(int(r.Cell), int(s.Hgt[r.Cell]), r.Old)
			s.Hgt[r.Cell]++
		default:
			panic("hash: a stacking game's record that neither pushes nor pops")
		}
	}
	for _, r := range recs {
		if r.Arg == opPush {
			s.Hgt[r.Cell]++
		} else {
			s.Hgt[r.Cell]--
		}
	}
	return h
}

// Rehash sets the hash of s from scratch: NewState, NewStateFromLayout
// and the reading of a position text call it once the pieces are placed
// (placing them is not a move, and only moves keep the hash), as must a
// caller that builds a position by other means.
func (p *Program) Rehash(s *State) {
	s.keys = p.Zobrist
	if p.Zobrist != nil {
		s.BoardHash = p.boardHash(s)
	}
}

// Repetition is how a Program whose rules count repetitions
// (ir.OpRepetition) keeps the positions of the game: each State keeps
// the repetition key of every position since the game (or the position
// it was read from) started, one per ply, appended by Apply and cut back
// by Undo.
type Repetition struct {
	// Cap bounds the history: the rules' own ply limit, or
	// MaxRepetitionPlies; a game that reaches it ends as at its ply
	// limit (Program.AtLimit)
	Cap int
}

// MaxRepetitionPlies bounds the positions a game that counts
// repetitions keeps when its rules set no ply limit.
const MaxRepetitionPlies = 1 << 16

// beforeMove starts the history of s at its current position when it
// has none yet (a new game, a position read from text).
func (r *Repetition) beforeMove(s *State) {
	if len(s.Seen) == 0 {
		s.Seen = append(s.Seen, s.RepetitionKey())
		s.SeenBase = s.PlyCount
	}
}

// afterMove appends the position after a move; a history at its cap
// ends the game as at the ply limit.
func (r *Repetition) afterMove(s *State) {
	if len(s.Seen) >= r.Cap {
		s.End = EndLimit
		return
	}
	s.Seen = append(s.Seen, s.RepetitionKey())
}

// afterUndo cuts the history back to the position Undo restored.
func (r *Repetition) afterUndo(s *State) {
	if n := s.PlyCount - s.SeenBase + 1; n >= 0 && n < len(s.Seen) {
		s.Seen = s.Seen[:n]
	}
}

// Repetitions returns the number of times the position of s (its
// repetition key: the same pieces and player to move) has stood in the
// game, this time included: 1 for a position not seen before.
func (s *State) Repetitions() int {
	if len(s.Seen) == 0 {
		return 1
	}
	key, n := s.RepetitionKey(), 0
	for _, k := range s.Seen {
		if k == key {
			n++
		}
	}
	if s.Seen[len(s.Seen)-1] != key {
		n++ // (a position not yet appended: one read from text)
	}
	return n
}

// repetitionValue compiles OpRepetition (goals).
func (xc *ExprCompiler) repetitionValue() (EvalFn, error) {
	if xc.Kind != ExPlayer {
		return nil, fmt.Errorf("%s: repetition is read in goals and scores", xc.What)
	}
	return func(c *Ectx) int { return c.S.Repetitions() }, nil
}

// ReadsRepetition tells whether e counts repetitions.
func ReadsRepetition(e *ir.Expr) bool {
	if e == nil {
		return false
	}
	if e.Op == ir.OpRepetition {
		return true
	}
	for _, a := range e.Args {
		if ReadsRepetition(a) {
			return true
		}
	}
	return false
}

// ReadsPly tells whether e reads the ply or the turns (ply, turn, moves).
func ReadsPly(e *ir.Expr) bool { return DepsOf(e)&depCounters != 0 }

// Maker returns mk with the history of repetitions kept: the position
// before the move starts it when the State has none, the position after
// the move is appended.
func (r *Repetition) Maker(mk Maker) Maker {
	play := mk.Play
	return Maker{Unit: mk.Unit, Play: func(p *Program, s *State, ml *MoveList, m Mv, logged bool) int {
		r.beforeMove(s)
		mover := play(p, s, ml, m, logged)
		r.afterMove(s)
		return mover
	}}
}

// Unmake returns u with the history of repetitions cut back to the
// position it restores.
func (r *Repetition) Unmake(u Unmake) Unmake {
	if u == nil {
		return nil
	}
	return func(p *Program, s *State, f *Frame) {
		u(p, s, f)
		r.afterUndo(s)
	}
}
