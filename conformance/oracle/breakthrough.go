package oracle

import (
	"fmt"
	"strconv"
)

// Breakthrough board representation: a 10 x 10 mailbox (the 8 x 8 board
// with a border one cell wide).
const (
	btPitch = 10
	btCells = btPitch * btPitch
	btEmpty = 0
	btWhite = 1
	btBlack = 2
	btOff   = 3
)

// btMove moves the pawn on from to to (a capture when to holds an enemy).
type btMove struct{ from, to int8 }

// btSwap is the move "swap" of the pie rule (SetSwap): from and to are
// both cell 0, a border cell, which no pawn's move starts from.
var btSwap = btMove{}

// Breakthrough is a position of Breakthrough (games.md §11). Players: 0
// is white (first, ranks 1-2, moving north), 1 is black.
//
// Move order of Moves(): by start cell (ascending index (rank-1)*8 +
// file-1), then forward-left, straight forward, forward-right (left and
// right as white sees the board); the swap, when offered, last.
//
// The game ends when the player who just moved has a pawn on the
// opponent's home rank or has taken every enemy pawn (it wins, Reason
// "goal"), or when the player to move has no move (it loses, Reason "no
// move": the rules file's choice; games.md §11 does not say). Scores is
// nil.
//
// With the pie rule on (SetSwap), black's first turn (one ply played)
// has one move more, "swap", listed last: see breakthrough_swap.go.
type Breakthrough struct {
	cell  [btCells]uint8
	ply   int    // plies played; the swap is not one
	pawns [2]int // white's and black's pawns on the board
	bufs  [][]btMove
	swap  btSwapState
}

// NewBreakthrough returns the start position.
func NewBreakthrough() *Breakthrough {
	g := &Breakthrough{}
	for i := range g.cell {
		g.cell[i] = btOff
	}
	for r := 0; r < 8; r++ {
		for f := 0; f < 8; f++ {
			v := uint8(btEmpty)
			switch {
			case r < 2:
				v = btWhite
			case r > 5:
				v = btBlack
			}
			g.cell[(r+1)*btPitch+f+1] = v
		}
	}
	g.pawns = [2]int{16, 16}
	return g
}

func btName(m int) string { return string(rune('a'+m%btPitch-1)) + strconv.Itoa(m/btPitch) }

// SetPosition replaces the position: white's and black's pawns (cell
// names), every other cell empty, ply plies played, the swap (when on)
// not made.
func (g *Breakthrough) SetPosition(white, black []string, ply int) error {
	for r := 0; r < 8; r++ {
		for f := 0; f < 8; f++ {
			g.cell[(r+1)*btPitch+f+1] = btEmpty
		}
	}
	for i, list := range [][]string{white, black} {
		for _, name := range list {
			f, r, ok := parseSquare(name, 8, 8)
			if !ok {
				return fmt.Errorf("oracle: breakthrough: bad cell %q", name)
			}
			g.cell[(r+1)*btPitch+f+1] = uint8(btWhite + i)
		}
	}
	g.ply = ply
	g.swap.made = false
	g.pawns = [2]int{}
	for _, v := range g.cell {
		if v == btWhite || v == btBlack {
			g.pawns[v-btWhite]++
		}
	}
	return nil
}

// Clone returns an independent copy.
func (g *Breakthrough) Clone() *Breakthrough {
	c := *g
	c.bufs = nil
	return &c
}

// ToMove returns the player to move: 0 white, 1 black.
func (g *Breakthrough) ToMove() int { return g.ply % 2 }

// Scores is nil: Breakthrough keeps no score.
func (g *Breakthrough) Scores() []int { return nil }

// Margin is not defined: (0, false).
func (g *Breakthrough) Margin() (int, bool) { return 0, false }

// Material returns white's and black's pawns on the board.
func (g *Breakthrough) Material() []int { return []int{g.pawns[0], g.pawns[1]} }

// goalWinner returns the player who just moved when it has reached the
// opponent's home rank or taken every enemy pawn, else -1.
func (g *Breakthrough) goalWinner() int {
	if g.ply == 0 {
		return -1
	}
	p := 1 - g.ToMove()
	home := 8 // the mailbox row of rank 8 (white's goal) or rank 1 (black's)
	if p == 1 {
		home = 1
	}
	for f := 1; f <= 8; f++ {
		if g.cell[home*btPitch+f] == uint8(btWhite+p) {
			return p
		}
	}
	if g.pawns[1-p] == 0 {
		return p
	}
	return -1
}

// Reason returns "goal", "no move" or "" (see Breakthrough).
func (g *Breakthrough) Reason() string {
	switch {
	case g.goalWinner() >= 0:
		return "goal"
	case len(g.gen(nil)) == 0:
		return "no move"
	}
	return ""
}

// Over reports whether the game is over.
func (g *Breakthrough) Over() bool { return g.Reason() != "" }

// Winners returns the winner once the game is over, nil before.
func (g *Breakthrough) Winners() []int {
	switch g.Reason() {
	case "goal":
		return []int{g.goalWinner()}
	case "no move":
		return []int{1 - g.ToMove()}
	}
	return nil
}

func (g *Breakthrough) gen(buf []btMove) []btMove {
	buf = buf[:0]
	if g.goalWinner() >= 0 {
		return buf
	}
	own, foe := uint8(btWhite+g.ToMove()), uint8(btBlack-g.ToMove())
	fwd := btPitch
	if g.ToMove() == 1 {
		fwd = -btPitch
	}
	for m := range g.cell {
		if g.cell[m] != own {
			continue
		}
		if t := m + fwd - 1; g.cell[t] == btEmpty || g.cell[t] == foe {
			buf = append(buf, btMove{int8(m), int8(t)})
		}
		if t := m + fwd; g.cell[t] == btEmpty {
			buf = append(buf, btMove{int8(m), int8(t)})
		}
		if t := m + fwd + 1; g.cell[t] == btEmpty || g.cell[t] == foe {
			buf = append(buf, btMove{int8(m), int8(t)})
		}
	}
	if len(buf) > 0 && g.swapOffered() {
		buf = append(buf, btSwap)
	}
	return buf
}

func (g *Breakthrough) text(mv btMove) string {
	if mv == btSwap {
		return "swap"
	}
	return btName(int(mv.from)) + "-" + btName(int(mv.to))
}

// Moves returns the legal moves' texts in the order documented on
// Breakthrough.
func (g *Breakthrough) Moves() []string {
	var out []string
	for _, mv := range g.gen(nil) {
		out = append(out, g.text(mv))
	}
	return out
}

// Play applies the move with this text; anything that is not a legal move
// is an error and leaves the position unchanged.
func (g *Breakthrough) Play(text string) error {
	for _, mv := range g.gen(nil) {
		if g.text(mv) == text {
			g.make(mv)
			return nil
		}
	}
	if text == "swap" {
		return fmt.Errorf("oracle: breakthrough: swap is not legal: %s", g.swapRefusal())
	}
	return fmt.Errorf("oracle: breakthrough: %q is not a legal move", text)
}

// make plays mv and returns what stood on the landing cell, for unmake.
// The swap changes no cell and no ply: it only marks the swap made.
func (g *Breakthrough) make(mv btMove) uint8 {
	if mv == btSwap {
		g.swap.made = true
		return btEmpty
	}
	old := g.cell[mv.to]
	if old != btEmpty {
		g.pawns[old-btWhite]--
	}
	g.cell[mv.to], g.cell[mv.from] = g.cell[mv.from], btEmpty
	g.ply++
	return old
}

func (g *Breakthrough) unmake(mv btMove, old uint8) {
	if mv == btSwap {
		g.swap.made = false
		return
	}
	g.ply--
	g.cell[mv.from], g.cell[mv.to] = g.cell[mv.to], old
	if old != btEmpty {
		g.pawns[old-btWhite]++
	}
}

// Perft counts the sequences of exactly depth legal moves (a game that
// ends earlier contributes nothing). depth <= 0 returns 1.
func (g *Breakthrough) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	for len(g.bufs) < depth {
		g.bufs = append(g.bufs, make([]btMove, 0, 64))
	}
	return g.perft(depth)
}

func (g *Breakthrough) perft(depth int) uint64 {
	ml := g.gen(g.bufs[depth-1])
	g.bufs[depth-1] = ml
	if depth == 1 {
		return uint64(len(ml))
	}
	var n uint64
	for _, mv := range ml {
		old := g.make(mv)
		n += g.perft(depth - 1)
		g.unmake(mv, old)
	}
	return n
}
