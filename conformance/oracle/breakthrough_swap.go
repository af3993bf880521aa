package oracle

import "fmt"

// The pie rule of Breakthrough (docs/rules/breakthrough.md, option swap of
// games/breakthrough.rules), on when SetSwap(true) is called:
//
//   - once white has made its first move, black may answer with the move
//     "swap" instead of moving a pawn: listed after every pawn move, and
//     offered only while the game goes on and black has a move;
//   - the swap moves no pawn and is not a ply: black is still to move,
//     now played by the participant who made white's first move (the
//     generator numbers colours, not participants, so only the flag
//     changes: Swapped);
//   - it is offered that once: not again after it is made, and not at
//     any later turn when black moved instead.
//
// Results stay by colour: Winners names white (0) or black (1) whoever
// plays them.

// btSwapPly is the number of plies played when the swap is offered.
const btSwapPly = 1

// btSwapState is what the pie rule keeps: whether it is on and whether
// the swap has been made.
type btSwapState struct {
	on, made bool
}

// SetSwap turns the pie rule on or off for the rest of the game, the
// swap not made yet.
func (g *Breakthrough) SetSwap(on bool) {
	g.swap = btSwapState{on: on}
}

// Swapped reports whether the swap has been made (the participants have
// exchanged colours).
func (g *Breakthrough) Swapped() bool { return g.swap.made }

// swapOffered reports whether the swap is one of the moves of the
// position, given that the player to move has a pawn move (gen checks
// that).
func (g *Breakthrough) swapOffered() bool {
	return g.swap.on && !g.swap.made && g.ply == btSwapPly
}

// swapRefusal says why "swap" is not a legal move here.
func (g *Breakthrough) swapRefusal() string {
	switch {
	case !g.swap.on:
		return "the pie rule is off"
	case g.swap.made:
		return "the swap has been made already"
	case g.ply != btSwapPly:
		return fmt.Sprintf("the swap is offered after ply %d only, and %d plies have been played", btSwapPly, g.ply)
	}
	return "the game is over"
}
