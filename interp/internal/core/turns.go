package core

import "fmt"

// RuleSwap is the Mv.Rule of the swap (-1: a pass).
const RuleSwap = -2

// Turn order: who moves after a ply. By default the players alternate
// strictly in their order (Program.After): the next player after mover,
// whatever the ply. A rules file's `turns` entry (ir.TurnOrder) gives
// instead an opening sequence of players and a cycle that repeats after
// it: the player of each ply is then a function of the ply alone
// (TurnOrder.At), so the position needs no field of its own for its
// place in the sequence (the ply is in the position text). Compile
// stores it as Program.Order, which NextTurn reads after every ply (nil:
// strict alternation); the undo frames restore the mover they kept.
//
// The swap (the pie rule, ir.Swap): at ply Program.SwapPly the player to
// move has one move more, after the moves of the tiers (and the pass):
// the move "swap" (Mv.Rule RuleSwap). It moves no piece and keeps the
// ply, the player to move, the turns, the passes and the counters; it
// only sets State.Swapped, and from then on the two seats play each
// other's colours (SeatOf). It is offered once (not after it was made)
// and only to a player who has a move: a player without one has ended
// the game before any swap. Legal appends it; CountMoves counts it, and
// SelectMove draws it, after the tiers' counters and drawers (the
// accelerators among those count the tiers' moves alone); the
// accelerators that count or play plies without Legal or CountMoves
// (words-perft, mailbox-perft, step-playouts) decline a game with a
// swap (SwapDeclines). The swap is made by doSwap, with a frame of its
// own (frameSwap) when the State records undo frames; it is not a ply
// of the repetition history (which is by ply). The hash folds
// State.Swapped in at the swap's ply only, where it changes the moves:
// later the positions with and without the swap are the same position
// (results are by colour).

// TurnOrder is a compiled ir.TurnOrder: the mover of each ply.
type TurnOrder struct {
	// Seats are the opening's players, then the repeat's.
	Seats []int8
	// Opening is the number of the opening's plies; the repeat is
	// Seats[Opening:].
	Opening int
	// PerRepeat is, per player, the plies it plays in one repeat.
	PerRepeat []int32
}

// CompileTurns stores the game's turn order in Program.Order (nil: strict
// alternation, when the game gives none).
func (p *Program) CompileTurns() error {
	t := p.Desc.Turns
	p.Order = nil
	if t == nil {
		return nil
	}
	if len(t.Repeat) == 0 {
		return fmt.Errorf("turns: the repeat names no player")
	}
	o := &TurnOrder{Opening: len(t.Opening), PerRepeat: make([]int32, p.Players)}
	for i, pl := range append(append([]int(nil), t.Opening...), t.Repeat...) {
		if pl < 0 || pl >= p.Players {
			return fmt.Errorf("turns: player %d out of range", pl)
		}
		o.Seats = append(o.Seats, int8(pl))
		if i >= o.Opening {
			o.PerRepeat[pl]++
		}
	}
	p.Order = o
	return nil
}

// At returns the player who plays ply (0: the first ply).
func (o *TurnOrder) At(ply int) int {
	return int(o.Seats[o.Slot(ply)])
}

// Slot returns the place of ply in the sequence: the ply itself in the
// opening, then the place in the repeat (after the opening's places).
func (o *TurnOrder) Slot(ply int) int {
	if ply < o.Opening {
		return ply
	}
	return o.Opening + (ply-o.Opening)%(len(o.Seats)-o.Opening)
}

// TurnsBefore writes to turns, per player, the plies it played among the
// first ply plies.
func (o *TurnOrder) TurnsBefore(ply int, turns []int32) {
	clear(turns)
	for k := 0; k < ply && k < o.Opening; k++ {
		turns[o.Seats[k]]++
	}
	if ply <= o.Opening {
		return
	}
	n := len(o.Seats) - o.Opening
	rounds, rest := (ply-o.Opening)/n, (ply-o.Opening)%n
	for pl, c := range o.PerRepeat {
		turns[pl] += int32(rounds) * c
	}
	for k := 0; k < rest; k++ {
		turns[o.Seats[o.Opening+k]]++
	}
}

// FirstMover is the player who plays the first ply.
func (p *Program) FirstMover() int {
	if p.Order != nil {
		return p.Order.At(0)
	}
	return 0
}

// PlayerBefore is the player who played the ply before the one s is at
// (s at a ply after the first): the previous player in order under
// strict alternation, the turn order's player of that ply otherwise.
func (p *Program) PlayerBefore(s *State) int {
	if p.Order != nil {
		return p.Order.At(s.PlyCount - 1)
	}
	return (s.Mover + p.Players - 1) % p.Players
}

// AlternationOnly is the reason an accelerator that assumes strict
// alternation gives when the game has a turn order ("" when it has
// none).
func (p *Program) AlternationOnly() string {
	if p.Order == nil {
		return ""
	}
	return "the game's turns are a sequence (turns), not strict alternation"
}

// CompileSwap stores the ply of the game's swap in Program.SwapPly (0:
// none).
func (p *Program) CompileSwap() error {
	p.SwapPly = 0
	sw := p.Desc.Swap
	if sw == nil {
		return nil
	}
	if p.Players != 2 || sw.Ply < 1 {
		return fmt.Errorf("swap: after %d plies in a game of %d players", sw.Ply, p.Players)
	}
	p.SwapPly = sw.Ply
	return nil
}

// SwapOffered tells whether the player to move in s may swap (if they
// have a move): s is at the swap's ply and the swap was not made.
func (p *Program) SwapOffered(s *State) bool {
	return p.SwapPly > 0 && s.PlyCount == p.SwapPly && !s.Swapped
}

// SeatOf returns the seat that plays player (a colour) in s: player
// itself, or after a swap the other seat. Results are given by colour;
// a caller that knows who sits in each seat attributes them with it.
func (p *Program) SeatOf(s *State, player int) int {
	if s.Swapped {
		return 1 - player
	}
	return player
}

// SwapDeclines is the reason an accelerator that counts or plays plies
// without Legal or CountMoves gives for a game with a swap ("" when it
// has none).
func (p *Program) SwapDeclines() string {
	if p.SwapPly == 0 {
		return ""
	}
	return "the game has a swap (turns { swap }), a move of no piece"
}

// doSwap makes the swap: the seats are exchanged, nothing else changes;
// with a frame of its own when s records undo frames.
func (p *Program) doSwap(s *State) {
	if !s.Unlogged {
		s.Frames = append(s.Frames, Frame{Kind: frameSwap, Mover: int8(s.Mover)})
	}
	s.Swapped = true
}

// undoSwap takes the swap back (frameSwap).
func (p *Program) undoSwap(s *State, _ *Frame) {
	s.Swapped = false
}

// swapRefused says why the move "swap" is not legal in s.
func (p *Program) swapRefused(s *State) error {
	return fmt.Errorf(`move "swap" is not legal here: %s`, p.SwapWhyNot(s))
}

// SwapWhyNot says why the move "swap" is not legal in s ("" when it is
// offered: the player to move may swap if they have a move).
func (p *Program) SwapWhyNot(s *State) string {
	switch {
	case p.SwapPly == 0:
		return "the rules have no swap (turns { swap })"
	case s.Swapped:
		return "the swap was made already"
	case s.PlyCount != p.SwapPly:
		return fmt.Sprintf("the swap is offered after ply %d only, once, and %d plies have been played", p.SwapPly, s.PlyCount)
	}
	return ""
}
