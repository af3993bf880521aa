package oracle

import (
	"fmt"
	"strconv"
	"strings"
)

// Crossings board representation: a 10 x 10 mailbox (the 8 x 8 board
// with a border one cell wide); a walk stops on the first border cell.
const (
	crPitch   = 10
	crCells   = crPitch * crPitch
	crEmpty   = 0
	crStone   = 1 // + player: a movable stone (1 red, 2 black)
	crCrossed = 3 // + player: a crossed, locked stone (3 red, 4 black)
	crOff     = 5
)

// crDirs are the eight directions as mailbox offsets: N, NE, E, SE, S, SW,
// W, NW.
var crDirs = [8]int{crPitch, crPitch + 1, 1, -crPitch + 1, -crPitch, -crPitch - 1, -1, crPitch - 1}

// crMove is one Crossings move: the group of size stones whose head (the
// stone furthest in the direction of travel) stands on head moves dist
// cells in direction crDirs[dir].
type crMove struct {
	head       int8
	dir        int8
	size, dist int8
}

// Crossings is a position of Crossings (games.md §5). Players: 0 is red
// (first, ranks 1-2, crossing on rank 8), 1 is black (ranks 7-8, crossing
// on rank 1).
//
// Move order of Moves(): by head cell (ascending index (rank-1)*8 +
// file-1), then by direction (N, NE, E, SE, S, SW, W, NW), then by group
// size, then by distance.
//
// The game ends after a move when the mover's opponent has crossed more
// stones than the mover (the opponent wins, Reason "goal"), or when the
// player to move has no move (a draw, Reason "no move"). Scores is nil.
type Crossings struct {
	cell [crCells]uint8
	ply  int
	bufs [][]crMove
}

// NewCrossings returns the start position.
func NewCrossings() *Crossings {
	g := &Crossings{}
	for i := range g.cell {
		g.cell[i] = crOff
	}
	for r := 0; r < 8; r++ {
		for f := 0; f < 8; f++ {
			v := uint8(crEmpty)
			switch {
			case r < 2:
				v = crStone
			case r > 5:
				v = crStone + 1
			}
			g.cell[crIndex(f, r)] = v
		}
	}
	return g
}

func crIndex(f, r int) int { return (r+1)*crPitch + f + 1 }

func crName(m int) string {
	return string(rune('a'+m%crPitch-1)) + strconv.Itoa(m/crPitch)
}

// SetPosition replaces the position: red's and black's movable stones and
// crossed stones (cell names), every other cell empty, ply plies played
// (its parity gives the player to move). A crossed stone must stand on
// its owner's crossing rank.
func (g *Crossings) SetPosition(red, black, redCrossed, blackCrossed []string, ply int) error {
	for r := 0; r < 8; r++ {
		for f := 0; f < 8; f++ {
			g.cell[crIndex(f, r)] = crEmpty
		}
	}
	for i, list := range [][]string{red, black, redCrossed, blackCrossed} {
		for _, name := range list {
			f, r, ok := parseSquare(name, 8, 8)
			if !ok {
				return fmt.Errorf("oracle: crossings: bad cell %q", name)
			}
			if i >= 2 && r != 7*(1-(i-2)) {
				return fmt.Errorf("oracle: crossings: a crossed stone on %s", name)
			}
			g.cell[crIndex(f, r)] = uint8(crStone + i)
		}
	}
	g.ply = ply
	return nil
}

// Clone returns an independent copy.
func (g *Crossings) Clone() *Crossings {
	c := *g
	c.bufs = nil
	return &c
}

// ToMove returns the player to move: 0 red, 1 black.
func (g *Crossings) ToMove() int { return g.ply % 2 }

// Ply returns the number of plies played.
func (g *Crossings) Ply() int { return g.ply }

// Crossed returns the number of crossed stones of red and black.
func (g *Crossings) Crossed() []int {
	n := []int{0, 0}
	for _, v := range g.cell {
		if v == crCrossed || v == crCrossed+1 {
			n[v-crCrossed]++
		}
	}
	return n
}

// Scores is nil: Crossings keeps no score.
func (g *Crossings) Scores() []int { return nil }

// Margin is not defined: (0, false).
func (g *Crossings) Margin() (int, bool) { return 0, false }

// crossingWinner returns the player who wins by the crossing rule after
// the last move (the player to move, when it has crossed more stones
// than the mover), or -1.
func (g *Crossings) crossingWinner() int {
	if g.ply == 0 {
		return -1
	}
	c, p := g.Crossed(), g.ToMove()
	if c[p] > c[1-p] {
		return p
	}
	return -1
}

// Reason returns "goal" when the player to move has crossed more stones
// than the player who just moved, "no move" when the player to move has
// no move, "" otherwise.
func (g *Crossings) Reason() string {
	switch {
	case g.crossingWinner() >= 0:
		return "goal"
	case g.count() == 0:
		return "no move"
	}
	return ""
}

// Over reports whether the game is over.
func (g *Crossings) Over() bool { return g.Reason() != "" }

// Winners returns the winner by the crossing rule, both players for a
// draw, nil while the game goes on.
func (g *Crossings) Winners() []int {
	switch g.Reason() {
	case "goal":
		return []int{g.crossingWinner()}
	case "no move":
		return []int{0, 1}
	}
	return nil
}

// walk calls emit for every move of the player to move; emit returning
// false stops the walk.
func (g *Crossings) walk(emit func(crMove)) {
	if g.crossingWinner() >= 0 {
		return
	}
	own := uint8(crStone + g.ToMove())
	foe := uint8(crStone + 1 - g.ToMove())
	for m := range g.cell {
		if g.cell[m] != own {
			continue
		}
		for di, d := range crDirs {
			if g.cell[m+d] == own {
				continue // not the head of its line along d
			}
			run := 1
			for g.cell[m-run*d] == own {
				run++
			}
			for k := 1; k <= run; k++ {
				for s := 1; s <= k; s++ {
					at := g.cell[m+s*d]
					if at == crEmpty {
						emit(crMove{head: int8(m), dir: int8(di), size: int8(k), dist: int8(s)})
						continue
					}
					if at == foe {
						r := 1
						for g.cell[m+(s+r)*d] == foe {
							r++
						}
						if r == 1 || r < k {
							emit(crMove{head: int8(m), dir: int8(di), size: int8(k), dist: int8(s)})
						}
					}
					break
				}
			}
		}
	}
}

func (g *Crossings) gen(buf []crMove) []crMove {
	buf = buf[:0]
	g.walk(func(mv crMove) { buf = append(buf, mv) })
	return buf
}

func (g *Crossings) count() int {
	n := 0
	g.walk(func(crMove) { n++ })
	return n
}

func (g *Crossings) text(mv crMove) string {
	d, h := crDirs[mv.dir], int(mv.head)
	dest := crName(h + int(mv.dist)*d)
	if mv.size == 1 {
		return crName(h) + "-" + dest
	}
	return crName(h-int(mv.size-1)*d) + ":" + crName(h) + "-" + dest
}

// Moves returns the legal moves' texts in the order documented on
// Crossings.
func (g *Crossings) Moves() []string {
	var out []string
	for _, mv := range g.gen(nil) {
		out = append(out, g.text(mv))
	}
	return out
}

// Play applies the move with this text; anything that is not a legal move
// is an error and leaves the position unchanged.
func (g *Crossings) Play(text string) error {
	for _, mv := range g.gen(nil) {
		if g.text(mv) == text {
			g.make(mv)
			return nil
		}
	}
	return fmt.Errorf("oracle: crossings: %q is not a legal move", strings.TrimSpace(text))
}

// make plays mv: the group's cells are emptied, then filled s cells on
// (an enemy stone on the head's destination is overwritten: captured),
// and a stone that ends on the crossing rank is crossed. It returns what
// unmake needs: bit 8 set when a stone was captured, bit i (i < 8) when
// the group's i-th stone from the head was crossed.
func (g *Crossings) make(mv crMove) int {
	p := g.ToMove()
	own := uint8(crStone + p)
	d, h := crDirs[mv.dir], int(mv.head)
	undo := 0
	if g.cell[h+int(mv.dist)*d] != crEmpty {
		undo = 1 << 8
	}
	for i := 0; i < int(mv.size); i++ {
		g.cell[h-i*d] = crEmpty
	}
	crossRank := 8 // the mailbox row of rank 8 (red) or rank 1 (black)
	if p == 1 {
		crossRank = 1
	}
	for i := 0; i < int(mv.size); i++ {
		at := h - i*d + int(mv.dist)*d
		g.cell[at] = own
		if at/crPitch == crossRank {
			g.cell[at] = crCrossed + uint8(p)
			undo |= 1 << i
		}
	}
	g.ply++
	return undo
}

// unmake takes back mv, played by make, which returned undo.
func (g *Crossings) unmake(mv crMove, undo int) {
	g.ply--
	p := g.ToMove()
	d, h := crDirs[mv.dir], int(mv.head)
	for i := 0; i < int(mv.size); i++ {
		g.cell[h-i*d+int(mv.dist)*d] = crEmpty
	}
	for i := 0; i < int(mv.size); i++ {
		g.cell[h-i*d] = uint8(crStone + p)
	}
	if undo&(1<<8) != 0 {
		g.cell[h+int(mv.dist)*d] = uint8(crStone + 1 - p)
	}
}

// Perft counts the sequences of exactly depth legal moves (the last ply
// counted without being played; a game that ends earlier contributes
// nothing). depth <= 0 returns 1.
func (g *Crossings) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	for len(g.bufs) < depth {
		g.bufs = append(g.bufs, make([]crMove, 0, 128))
	}
	return g.perft(depth)
}

func (g *Crossings) perft(depth int) uint64 {
	if depth == 1 {
		return uint64(g.count())
	}
	ml := g.gen(g.bufs[depth-1])
	g.bufs[depth-1] = ml
	var n uint64
	for _, mv := range ml {
		u := g.make(mv)
		n += g.perft(depth - 1)
		g.unmake(mv, u)
	}
	return n
}
