package oracle

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Konane board representation: a mailbox of (n+4) x (n+4) bytes with a
// border two cells wide, so that the landing cell of a short jump from any
// board cell is inside the array (a chain walks on only while it stays on
// the board).
const (
	knMaxSide = 16
	knPad     = 2
	knCells   = (knMaxSide + 2*knPad) * (knMaxSide + 2*knPad)
	knEmpty   = 0
	knBlack   = 1
	knWhite   = 2
	knOff     = 3
)

// knMove is one Konane move: a removal (n == 0) of the stone on from, or
// n >= 1 jumps from from in direction dir (a mailbox offset).
type knMove struct {
	from int16
	dir  int16
	n    int8
}

// Konane is a position of Konane (games.md §13) on an n x n board, n even
// in 6..16. Players: 0 is black (first, the dark cells, a1 dark), 1 is
// white.
//
// Move order of Moves(): on the first two plies, "x"+cell of every
// removable stone in ascending cell index; later, the jumps by start cell
// (ascending index), then by direction (south, west, east, north), then by
// number of jumps (1, 2, ...), so that a chain's prefixes come first. Cell
// index = (rank-1)*n + (file-1).
//
// Removed and captured stones count as captured by the player who took
// them (Captures); the game keeps no score (Scores is nil): a player with
// no legal move loses.
type Konane struct {
	n, pitch int
	dirs     [4]int
	cell     [knCells]uint8
	ply      int
	last     int // mailbox index of the cell removed on ply 0
	caps     [2]int
	bufs     [][]knMove // perft move lists, by depth
}

// NewKonane returns the start position on a size x size board.
func NewKonane(size int) (*Konane, error) {
	if size < 6 || size > knMaxSide || size%2 != 0 {
		return nil, fmt.Errorf("oracle: konane size %d: want an even number in 6..16", size)
	}
	g := &Konane{n: size, pitch: size + 2*knPad}
	p := g.pitch
	g.dirs = [4]int{-p, -1, 1, p}
	for i := range g.cell {
		g.cell[i] = knOff
	}
	for r := 0; r < size; r++ {
		for f := 0; f < size; f++ {
			g.cell[g.mb(f, r)] = knBlack + uint8((f+r)%2)
		}
	}
	return g, nil
}

// SetPosition replaces the position: the stones of black and white (cell
// names), every other cell empty, ply plies played (>= 2: a jump turn; the
// removal turns are reached by playing from the start). Captures restart
// from zero.
func (g *Konane) SetPosition(black, white []string, ply int) error {
	if ply < 2 {
		return errors.New("oracle: konane SetPosition needs ply >= 2")
	}
	for r := 0; r < g.n; r++ {
		for f := 0; f < g.n; f++ {
			g.cell[g.mb(f, r)] = knEmpty
		}
	}
	for i, list := range [][]string{black, white} {
		for _, name := range list {
			f, r, ok := parseSquare(name, g.n, g.n)
			if !ok {
				return fmt.Errorf("oracle: bad cell %q", name)
			}
			g.cell[g.mb(f, r)] = knBlack + uint8(i)
		}
	}
	g.ply, g.caps = ply, [2]int{}
	return nil
}

func (g *Konane) mb(f, r int) int { return (r+knPad)*g.pitch + f + knPad }

func (g *Konane) cellName(m int) string {
	return string(rune('a'+m%g.pitch-knPad)) + strconv.Itoa(m/g.pitch-knPad+1)
}

// Clone returns an independent copy.
func (g *Konane) Clone() *Konane {
	c := *g
	c.bufs = nil
	return &c
}

// ToMove returns the player to move: 0 black, 1 white.
func (g *Konane) ToMove() int { return g.ply % 2 }

// Ply returns the number of plies played.
func (g *Konane) Ply() int { return g.ply }

// Captures returns the stones removed or captured by black and white.
func (g *Konane) Captures() []int { return []int{g.caps[0], g.caps[1]} }

// Scores is nil: Konane keeps no score.
func (g *Konane) Scores() []int { return nil }

// Margin is not defined: (0, false).
func (g *Konane) Margin() (int, bool) { return 0, false }

// Over reports whether the player to move has no legal move.
func (g *Konane) Over() bool { return len(g.gen(nil)) == 0 }

// Winners returns the player who made the last move once the game is
// over, nil before.
func (g *Konane) Winners() []int {
	if !g.Over() {
		return nil
	}
	return []int{1 - g.ToMove()}
}

// Reason returns "no move" when the game is over, "" otherwise.
func (g *Konane) Reason() string {
	if g.Over() {
		return "no move"
	}
	return ""
}

// removable reports whether the stone on m may be removed this ply.
func (g *Konane) removable(m int) bool {
	if g.cell[m] != knBlack+uint8(g.ply) {
		return false
	}
	if g.ply == 1 {
		for _, d := range g.dirs {
			if m+d == g.last {
				return true
			}
		}
		return false
	}
	f, r := m%g.pitch-knPad, m/g.pitch-knPad
	lo, hi := 0, g.n-1
	corner := (f == lo || f == hi) && (r == lo || r == hi)
	c := g.n / 2
	centre := (f == c-1 || f == c) && (r == c-1 || r == c)
	return corner || centre
}

// gen appends the legal moves to buf in Moves() order.
func (g *Konane) gen(buf []knMove) []knMove {
	buf = buf[:0]
	if g.ply < 2 {
		for m := range g.cell {
			if g.removable(m) {
				buf = append(buf, knMove{from: int16(m)})
			}
		}
		return buf
	}
	own, foe := uint8(knBlack+g.ToMove()), uint8(knWhite-g.ToMove())
	for m := range g.cell {
		if g.cell[m] != own {
			continue
		}
		for _, d := range g.dirs {
			// at stays a board cell: the border is two cells wide.
			for k, at := 1, m; g.cell[at+d] == foe && g.cell[at+2*d] == knEmpty; k, at = k+1, at+2*d {
				buf = append(buf, knMove{from: int16(m), dir: int16(d), n: int8(k)})
			}
		}
	}
	return buf
}

// count returns the number of legal moves without building them.
func (g *Konane) count() int {
	if g.ply < 2 {
		return len(g.gen(nil))
	}
	own, foe := uint8(knBlack+g.ToMove()), uint8(knWhite-g.ToMove())
	n := 0
	for m := range g.cell {
		if g.cell[m] != own {
			continue
		}
		for _, d := range g.dirs {
			for at := m; g.cell[at+d] == foe && g.cell[at+2*d] == knEmpty; at += 2 * d {
				n++
			}
		}
	}
	return n
}

func (g *Konane) text(mv knMove) string {
	if mv.n == 0 {
		return "x" + g.cellName(int(mv.from))
	}
	var sb strings.Builder
	sb.WriteString(g.cellName(int(mv.from)))
	for k := 1; k <= int(mv.n); k++ {
		sb.WriteByte('-')
		sb.WriteString(g.cellName(int(mv.from) + 2*k*int(mv.dir)))
	}
	return sb.String()
}

// Moves returns the legal moves' texts in the order documented on Konane.
func (g *Konane) Moves() []string {
	var out []string
	for _, mv := range g.gen(nil) {
		out = append(out, g.text(mv))
	}
	return out
}

// Play applies the move with this text; anything that is not a legal move
// is an error and leaves the position unchanged.
func (g *Konane) Play(text string) error {
	for _, mv := range g.gen(nil) {
		if g.text(mv) == text {
			g.make(mv)
			return nil
		}
	}
	return fmt.Errorf("oracle: konane: %q is not a legal move", text)
}

func (g *Konane) make(mv knMove) {
	p, m := g.ToMove(), int(mv.from)
	if mv.n == 0 {
		g.cell[m] = knEmpty
		if g.ply == 0 {
			g.last = m
		}
	} else {
		d := int(mv.dir)
		g.cell[m+2*int(mv.n)*d] = g.cell[m]
		g.cell[m] = knEmpty
		for k := 0; k < int(mv.n); k++ {
			g.cell[m+(2*k+1)*d] = knEmpty
		}
	}
	g.caps[p] += max(1, int(mv.n))
	g.ply++
}

func (g *Konane) unmake(mv knMove) {
	g.ply--
	p, m := g.ToMove(), int(mv.from)
	own := knBlack + uint8(p)
	g.caps[p] -= max(1, int(mv.n))
	if mv.n == 0 {
		g.cell[m] = own
		return
	}
	d := int(mv.dir)
	g.cell[m+2*int(mv.n)*d] = knEmpty
	g.cell[m] = own
	for k := 0; k < int(mv.n); k++ {
		g.cell[m+(2*k+1)*d] = knWhite + knBlack - own
	}
}

// Perft counts the sequences of exactly depth legal moves (the last ply
// counted without being played). depth <= 0 returns 1.
func (g *Konane) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	for len(g.bufs) < depth {
		g.bufs = append(g.bufs, make([]knMove, 0, 64))
	}
	return g.perft(depth)
}

func (g *Konane) perft(depth int) uint64 {
	if depth == 1 {
		return uint64(g.count())
	}
	ml := g.gen(g.bufs[depth-1])
	g.bufs[depth-1] = ml
	var n uint64
	for _, mv := range ml {
		g.make(mv)
		n += g.perft(depth - 1)
		g.unmake(mv)
	}
	return n
}
