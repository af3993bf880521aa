package core

import "fmt"

// Turn order: who moves after a ply. By default the players alternate
// strictly in their order (Program.After): the next player after mover,
// whatever the ply. A rules file's `turns` entry (ir.TurnOrder) gives
// instead an opening sequence of players and a cycle that repeats after
// it: the player of each ply is then a function of the ply alone
// (TurnOrder.At), so the position needs no field of its own for its
// place in the sequence (the ply is in the position text). Compile
// stores it as Program.Order, which NextTurn reads after every ply (nil:
// strict alternation); the undo frames restore the mover they kept.

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
