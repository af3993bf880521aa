package oracle

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Conspirateurs board representation: a mailbox of 21 x 21 bytes (17 x 17
// with a border two cells wide). A byte is 0 for an empty cell, csOff off
// the board, 1 for a black man, 2 for a white one.
const (
	csSide  = 17
	csPad   = 2
	csPitch = csSide + 2*csPad
	csCells = csPitch * csPitch
	csOff   = 0xff
	csMen   = 20
)

// csDirs are the eight directions, ascending: SW, S, SE, W, E, NW, N, NE.
var csDirs = [8]int{-csPitch - 1, -csPitch, -csPitch + 1, -1, 1, csPitch - 1, csPitch, csPitch + 1}

// CsShelters are the 39 shelters of games.md §15, as listed there.
const CsShelters = "a1 b1 d1 f1 h1 j1 l1 n1 p1 q1 " +
	"a2 q2 a4 q4 a6 q6 a8 q8 a9 q9 a10 q10 a12 q12 a14 q14 a16 q16 " +
	"a17 b17 d17 f17 h17 i17 j17 l17 n17 p17 q17"

// csMove is a drop on to (from == 0), a move from one cell to another, or
// a pass (both 0).
type csMove struct{ from, to uint16 }

// Conspirateurs is a position of Conspirateurs (games.md §15). Players: 0
// is black (first), 1 is white.
//
// Move order of Moves(): while the mover has men in hand, "@"+cell for
// every empty cell of the meeting place (files e-m, ranks 7-11) in
// ascending cell index; then, by start cell (ascending index), the steps
// in direction order SW, S, SE, W, E, NW, N, NE, then the jump
// destinations in the breadth-first order of a search from the start cell
// (the same direction order at each cell; a landing on a shelter is not
// searched further); "pass" alone when there is no move. Cell index =
// (rank-1)*17 + (file-1).
type Conspirateurs struct {
	cell      [csCells]uint8
	shelter   [csCells]bool
	meeting   [csCells]bool
	hand      [2]int
	sheltered [2]int
	ply       int
	passes    int // passes in a row
	won       int // -1 while nobody has all men on shelters
	seen      [csCells]uint32
	stamp     uint32
	queue     []uint16
	bufs      [][]csMove
}

// NewConspirateurs returns the start position: an empty board, twenty men
// in each hand.
func NewConspirateurs() *Conspirateurs {
	g := &Conspirateurs{hand: [2]int{csMen, csMen}, won: -1}
	for i := range g.cell {
		g.cell[i] = csOff
	}
	for r := 0; r < csSide; r++ {
		for f := 0; f < csSide; f++ {
			m := csMb(f, r)
			g.cell[m] = 0
			g.meeting[m] = f >= 4 && f <= 12 && r >= 6 && r <= 10
		}
	}
	for _, name := range strings.Fields(CsShelters) {
		m, _ := csParse(name)
		g.shelter[m] = true
	}
	return g
}

func csMb(f, r int) int { return (r+csPad)*csPitch + f + csPad }

func csParse(s string) (int, bool) {
	f, r, ok := parseSquare(s, csSide, csSide)
	return csMb(f, r), ok
}

func csName(m int) string {
	return string(rune('a'+m%csPitch-csPad)) + strconv.Itoa(m/csPitch-csPad+1)
}

// SetPosition replaces the position: the men of black and white on the
// board, the men in each hand, ply plies played; passes in a row restart
// from zero and nobody has won.
func (g *Conspirateurs) SetPosition(black, white []string, hand [2]int, ply int) error {
	for m := range g.cell {
		if g.cell[m] != csOff {
			g.cell[m] = 0
		}
	}
	g.sheltered = [2]int{}
	for p, list := range [][]string{black, white} {
		for _, name := range list {
			m, ok := csParse(name)
			if !ok {
				return fmt.Errorf("oracle: conspirateurs: bad cell %q", name)
			}
			g.cell[m] = uint8(1 + p)
			if g.shelter[m] {
				g.sheltered[p]++
			}
		}
	}
	g.hand, g.ply, g.passes, g.won = hand, ply, 0, -1
	return nil
}

// Clone returns an independent copy.
func (g *Conspirateurs) Clone() *Conspirateurs {
	c := *g
	c.queue, c.bufs = nil, nil
	return &c
}

// ToMove returns the player to move: 0 black, 1 white.
func (g *Conspirateurs) ToMove() int { return g.ply % 2 }

// Sheltered returns the men of black and white standing on shelters.
func (g *Conspirateurs) Sheltered() []int { return []int{g.sheltered[0], g.sheltered[1]} }

// Scores is nil: the rule book defines no score (the men on shelters,
// Sheltered, decide the end after two passes).
func (g *Conspirateurs) Scores() []int { return nil }

// Margin is not defined: (0, false).
func (g *Conspirateurs) Margin() (int, bool) { return 0, false }

// Reason returns "goal" once a player has all twenty men on shelters,
// "passes" after two passes in a row, "" before.
func (g *Conspirateurs) Reason() string {
	switch {
	case g.won >= 0:
		return "goal"
	case g.passes >= 2:
		return "passes"
	}
	return ""
}

// Over reports whether the game is over.
func (g *Conspirateurs) Over() bool { return g.Reason() != "" }

// Winners: the player with all men on shelters; after two passes the
// player with more men on shelters, both on equality; nil while the game
// goes on.
func (g *Conspirateurs) Winners() []int {
	switch g.Reason() {
	case "goal":
		return []int{g.won}
	case "passes":
		switch s := g.sheltered; {
		case s[0] > s[1]:
			return []int{0}
		case s[1] > s[0]:
			return []int{1}
		}
		return []int{0, 1}
	}
	return nil
}

// gen fills buf with the legal moves in Moves() order; nothing once the
// game is over.
func (g *Conspirateurs) gen(buf []csMove) []csMove {
	buf = buf[:0]
	if g.Over() {
		return buf
	}
	p := g.ToMove()
	if g.hand[p] > 0 {
		for m := range g.cell {
			if g.meeting[m] && g.cell[m] == 0 {
				buf = append(buf, csMove{to: uint16(m)})
			}
		}
		return buf
	}
	own := uint8(1 + p)
	for m := range g.cell {
		if g.cell[m] == own && !g.shelter[m] {
			buf = g.manMoves(buf, m)
		}
	}
	if len(buf) == 0 {
		buf = append(buf, csMove{})
	}
	return buf
}

// manMoves appends the steps and the jump destinations of the man on m.
func (g *Conspirateurs) manMoves(buf []csMove, m int) []csMove {
	for _, d := range csDirs {
		if g.cell[m+d] == 0 {
			buf = append(buf, csMove{uint16(m), uint16(m + d)})
		}
	}
	x := g.cell[m]
	g.cell[m] = 0 // the man has left its cell
	g.stamp++
	g.seen[m] = g.stamp
	q := append(g.queue[:0], uint16(m))
	for i := 0; i < len(q); i++ {
		at := int(q[i])
		if at != m && g.shelter[at] {
			continue // a chain ends on a shelter
		}
		for _, d := range csDirs {
			over, to := g.cell[at+d], at+2*d
			if over == 0 || over == csOff || g.cell[to] != 0 || g.seen[to] == g.stamp {
				continue
			}
			g.seen[to] = g.stamp
			q = append(q, uint16(to))
			buf = append(buf, csMove{uint16(m), uint16(to)})
		}
	}
	g.queue = q
	g.cell[m] = x
	return buf
}

func csText(mv csMove) string {
	switch {
	case mv.to == 0:
		return "pass"
	case mv.from == 0:
		return "@" + csName(int(mv.to))
	}
	return csName(int(mv.from)) + "-" + csName(int(mv.to))
}

// Moves returns the legal moves' texts in the order documented on
// Conspirateurs; nil once the game is over.
func (g *Conspirateurs) Moves() []string {
	var out []string
	for _, mv := range g.gen(nil) {
		out = append(out, csText(mv))
	}
	return out
}

// Play applies the move with this text; anything that is not a legal move
// is an error and leaves the position unchanged.
func (g *Conspirateurs) Play(text string) error {
	ml := g.gen(nil)
	if i := slices.IndexFunc(ml, func(mv csMove) bool { return csText(mv) == text }); i >= 0 {
		g.make(ml[i])
		return nil
	}
	return fmt.Errorf("oracle: conspirateurs: %q is not a legal move", text)
}

// make plays mv and returns the passes in a row before it, for unmake.
func (g *Conspirateurs) make(mv csMove) int {
	old := g.passes
	p := g.ToMove()
	g.ply++
	if mv.to == 0 {
		g.passes++
		return old
	}
	g.passes = 0
	if mv.from == 0 {
		g.hand[p]--
	} else {
		g.cell[mv.from] = 0 // never a shelter: a man there does not move
	}
	g.cell[mv.to] = uint8(1 + p)
	if g.shelter[mv.to] {
		g.sheltered[p]++
		if g.sheltered[p] == csMen {
			g.won = p
		}
	}
	return old
}

func (g *Conspirateurs) unmake(mv csMove, passes int) {
	g.ply--
	g.passes, g.won = passes, -1
	if mv.to == 0 {
		return
	}
	p := g.ToMove()
	g.cell[mv.to] = 0
	if mv.from == 0 {
		g.hand[p]++
	} else {
		g.cell[mv.from] = uint8(1 + p)
	}
	if g.shelter[mv.to] {
		g.sheltered[p]--
	}
}

// Perft counts the sequences of exactly depth legal moves (passes
// included; a game that ends earlier contributes nothing). depth <= 0
// returns 1.
func (g *Conspirateurs) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	for len(g.bufs) < depth {
		g.bufs = append(g.bufs, make([]csMove, 0, 128))
	}
	return g.perft(depth)
}

func (g *Conspirateurs) perft(depth int) uint64 {
	ml := g.gen(g.bufs[depth-1])
	g.bufs[depth-1] = ml
	if depth == 1 {
		return uint64(len(ml))
	}
	var n uint64
	for _, mv := range ml {
		q := g.make(mv)
		n += g.perft(depth - 1)
		g.unmake(mv, q)
	}
	return n
}
