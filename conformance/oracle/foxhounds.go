package oracle

import (
	"fmt"
	"slices"
	"strconv"
)

// FoxHounds is a position of Fox and Hounds as its rule books state it
// (games.md §18, docs/rules/fox-and-hounds.md): the dark cells of an 8 x
// 8 board (a1 dark), four hounds on a1, c1, e1, g1, the fox in its
// player's hand. Players: 0 is the fox's player, 1 the hounds'.
//
// Who moves: the fox's player plays the first two plies (it places the
// fox on b8, d8, f8 or h8, then moves it); from then on the hounds and
// the fox alternate, the hounds first (ply 2, 4, ... the hounds; 3, 5,
// ... the fox).
//
// Moves: the placement "@b8"; a step "e7-d6". Hounds step one cell
// diagonally towards rank 8 onto an empty cell; the fox steps one cell
// diagonally any way onto an empty cell; nothing is captured. Moves()
// lists them by start cell (ascending index (rank-1)*8 + file-1; the
// placements as the cells placed on), then by landing cell likewise.
//
// The game ends when the fox's player has just moved the fox onto rank 1
// (it wins, Reason "goal"), or when the player to move has no move (it
// loses, Reason "no move"). Scores is nil.
type FoxHounds struct {
	fox    int    // the fox's cell index, -1 while it is in hand
	hounds [4]int // the hounds' cell indexes
	ply    int
}

// NewFoxHounds returns the start position.
func NewFoxHounds() *FoxHounds {
	return &FoxHounds{fox: -1, hounds: [4]int{0, 2, 4, 6}}
}

// fhName is the name of cell index i.
func fhName(i int) string { return string(rune('a'+i%8)) + strconv.Itoa(i/8+1) }

// SetPosition replaces the position: the fox's cell ("" while in hand),
// the four hounds' cells and the plies played (the ply decides who
// moves).
func (g *FoxHounds) SetPosition(fox string, hounds []string, ply int) error {
	if len(hounds) != 4 {
		return fmt.Errorf("oracle: fox and hounds: %d hounds, want 4", len(hounds))
	}
	cell := func(name string) (int, error) {
		f, r, ok := parseSquare(name, 8, 8)
		if !ok || (f+r)%2 != 0 {
			return 0, fmt.Errorf("oracle: fox and hounds: %q is not a dark cell", name)
		}
		return r*8 + f, nil
	}
	g.fox = -1
	if fox != "" {
		c, err := cell(fox)
		if err != nil {
			return err
		}
		g.fox = c
	}
	for i, h := range hounds {
		c, err := cell(h)
		if err != nil {
			return err
		}
		g.hounds[i] = c
	}
	g.ply = ply
	return nil
}

// Clone returns an independent copy.
func (g *FoxHounds) Clone() *FoxHounds {
	c := *g
	return &c
}

// ToMove returns the player to move: 0 the fox's, 1 the hounds'. Plies
// 0 and 1 are the fox's; then the hounds move at the even plies.
func (g *FoxHounds) ToMove() int {
	if g.ply < 2 || g.ply%2 == 1 {
		return 0
	}
	return 1
}

// Scores is nil: Fox and Hounds keeps no score.
func (g *FoxHounds) Scores() []int { return nil }

// Margin is not defined: (0, false).
func (g *FoxHounds) Margin() (int, bool) { return 0, false }

// foxHome tells whether the fox has just reached rank 1: the fox's
// player moved last (the hounds are to move) and the fox stands there.
func (g *FoxHounds) foxHome() bool {
	return g.ply > 1 && g.ToMove() == 1 && g.fox >= 0 && g.fox < 8
}

// occupied tells whether cell index c holds the fox or a hound.
func (g *FoxHounds) occupied(c int) bool {
	return c == g.fox || slices.Contains(g.hounds[:], c)
}

// fhMove is a move: the fox placed on to (from -1), or a piece stepping
// from from to to.
type fhMove struct{ from, to int }

// gen lists the moves of the player to move (none once the fox is home).
func (g *FoxHounds) gen() []fhMove {
	if g.foxHome() {
		return nil
	}
	var out []fhMove
	steps := func(from int, ranks []int) {
		f, r := from%8, from/8
		for _, dr := range ranks {
			for _, df := range []int{-1, 1} {
				nf, nr := f+df, r+dr
				if nf < 0 || nf > 7 || nr < 0 || nr > 7 || g.occupied(nr*8+nf) {
					continue
				}
				out = append(out, fhMove{from, nr*8 + nf})
			}
		}
	}
	switch {
	case g.ToMove() == 0 && g.fox < 0:
		for _, c := range []int{57, 59, 61, 63} { // b8, d8, f8, h8
			if !g.occupied(c) {
				out = append(out, fhMove{-1, c})
			}
		}
	case g.ToMove() == 0:
		steps(g.fox, []int{-1, 1})
	default:
		for _, h := range g.hounds {
			steps(h, []int{1})
		}
	}
	slices.SortFunc(out, func(a, b fhMove) int {
		if a.from != b.from {
			return a.from - b.from
		}
		return a.to - b.to
	})
	return out
}

func (g *FoxHounds) text(m fhMove) string {
	if m.from < 0 {
		return "@" + fhName(m.to)
	}
	return fhName(m.from) + "-" + fhName(m.to)
}

// Moves returns the legal moves' texts in the order documented on
// FoxHounds.
func (g *FoxHounds) Moves() []string {
	var out []string
	for _, m := range g.gen() {
		out = append(out, g.text(m))
	}
	return out
}

// Play applies the move with this text; anything that is not a legal move
// is an error and leaves the position unchanged.
func (g *FoxHounds) Play(text string) error {
	for _, m := range g.gen() {
		if g.text(m) == text {
			g.make(m)
			return nil
		}
	}
	return fmt.Errorf("oracle: fox and hounds: %q is not a legal move", text)
}

func (g *FoxHounds) make(m fhMove) {
	switch {
	case m.from < 0 || m.from == g.fox:
		g.fox = m.to
	default:
		for i, h := range g.hounds {
			if h == m.from {
				g.hounds[i] = m.to
			}
		}
	}
	g.ply++
}

// Reason returns "goal", "no move" or "" (see FoxHounds).
func (g *FoxHounds) Reason() string {
	switch {
	case g.foxHome():
		return "goal"
	case len(g.gen()) == 0:
		return "no move"
	}
	return ""
}

// Over reports whether the game is over.
func (g *FoxHounds) Over() bool { return g.Reason() != "" }

// Winners returns the winner once the game is over, nil before.
func (g *FoxHounds) Winners() []int {
	switch g.Reason() {
	case "goal":
		return []int{0}
	case "no move":
		return []int{1 - g.ToMove()}
	}
	return nil
}

// Perft counts the sequences of exactly depth legal moves (a game that
// ends earlier contributes nothing). depth <= 0 returns 1.
func (g *FoxHounds) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	moves := g.gen()
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		c := *g
		c.make(m)
		n += c.Perft(depth - 1)
	}
	return n
}
