package oracle

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Chinese Checkers board representation: the star's cells at (x, y), x in
// half cells (-12..12), y the row (0..16), in a mailbox of ccPitch columns
// (x+16) and 21 rows (y+2), so that a short jump (two steps) from any cell
// lands inside the array. A byte is 0 for an empty cell, ccOff off the
// board, 1+p for a marble of player p.
const (
	ccPitch = 34
	ccRows  = 21
	ccCells = ccPitch * ccRows
	ccOff   = 0xff
	ccPoint = 10 // marbles per player, cells per point
)

// ccDirs are the six directions, ascending: SW, SE, W, E, NW, NE.
var ccDirs = [6]int{-ccPitch - 1, -ccPitch + 1, -2, 2, ccPitch - 1, ccPitch + 1}

// ccRowLen are the cells of each row, from the bottom.
var ccRowLen = [17]int{1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1}

// The six points: 0 bottom, 1 top, 2 lower-left, 3 lower-right,
// 4 upper-left, 5 upper-right (games.md §14); ccOpposite gives each
// point's opposite, ccSeats the points of the players in turn order.
var (
	ccPointCells = [6]string{
		"a1 a2 b2 a3 b3 c3 a4 b4 c4 d4",
		"a14 b14 c14 d14 a15 b15 c15 a16 b16 a17",
		"a5 b5 c5 d5 a6 b6 c6 a7 b7 a8",
		"j5 k5 l5 m5 j6 k6 l6 j7 k7 j8",
		"a10 a11 b11 a12 b12 c12 a13 b13 c13 d13",
		"j10 j11 k11 j12 k12 l12 j13 k13 l13 m13",
	}
	ccOpposite = [6]int{1, 0, 5, 4, 3, 2}
	ccSeats    = map[int][]int{2: {0, 1}, 3: {0, 4, 5}, 4: {0, 2, 1, 5}, 6: {0, 2, 4, 1, 5, 3}}
)

// ccMove is a move from one cell to another (mailbox indices); from ==
// to == 0 is a pass.
type ccMove struct{ from, to uint16 }

// ChineseCheckers is a position of Chinese Checkers (games.md §14) for 2,
// 3, 4 or 6 players (0 is p1, who sits at the bottom point).
//
// Move order of Moves(): by start cell (cell index: rows from the bottom,
// letters within a row), first the steps in direction order SW, SE, W, E,
// NW, NE, then the jump destinations in the breadth-first order of a
// search from the start cell (the same direction order at each cell);
// "pass" alone when the player to move has no move.
type ChineseCheckers struct {
	players int
	cell    [ccCells]uint8
	point   [ccCells]int8 // the point a cell belongs to, -1 for none
	target  [6]int8       // each player's target point
	inGoal  [6]int        // each player's marbles in their target point
	ply     int
	passes  int // passes in a row
	won     int // the winner, -1 while nobody has won
	seen    [ccCells]uint32
	stamp   uint32
	queue   []uint16
	bufs    [][]ccMove
}

// NewChineseCheckers returns the start position for 2, 3, 4 or 6 players.
func NewChineseCheckers(players int) (*ChineseCheckers, error) {
	seats, ok := ccSeats[players]
	if !ok {
		return nil, fmt.Errorf("oracle: chinese checkers: %d players: want 2, 3, 4 or 6", players)
	}
	g := &ChineseCheckers{players: players, won: -1}
	for i := range g.cell {
		g.cell[i], g.point[i] = ccOff, -1
	}
	for y, n := range ccRowLen {
		for i := 0; i < n; i++ {
			g.cell[ccMb(-(n-1)+2*i, y)] = 0
		}
	}
	for pt, list := range ccPointCells {
		for _, name := range strings.Fields(list) {
			m, _ := ccParse(name)
			g.point[m] = int8(pt)
		}
	}
	for p, pt := range seats {
		g.target[p] = int8(ccOpposite[pt])
		for m := range g.cell {
			if int(g.point[m]) == pt {
				g.cell[m] = uint8(1 + p)
			}
		}
	}
	return g, nil
}

func ccMb(x, y int) int { return (y+2)*ccPitch + x + 16 }

// ccParse parses a cell name (letter in the row + row number).
func ccParse(s string) (int, bool) {
	if len(s) < 2 || s[0] < 'a' || s[0] > 'm' {
		return 0, false
	}
	r, err := strconv.Atoi(s[1:])
	if err != nil || r < 1 || r > 17 || s[1] == '0' {
		return 0, false
	}
	n, i := ccRowLen[r-1], int(s[0]-'a')
	if i >= n {
		return 0, false
	}
	return ccMb(-(n-1)+2*i, r-1), true
}

func ccName(m int) string {
	x, y := m%ccPitch-16, m/ccPitch-2
	n := ccRowLen[y]
	return string(rune('a'+(x+n-1)/2)) + strconv.Itoa(y+1)
}

// SetPosition replaces the position: marbles maps cells to players
// (0-based); ply decides the player to move; passes in a row restart from
// zero and nobody has won.
func (g *ChineseCheckers) SetPosition(marbles map[string]int, ply int) error {
	for m := range g.cell {
		if g.cell[m] != ccOff {
			g.cell[m] = 0
		}
	}
	g.inGoal = [6]int{}
	for name, p := range marbles {
		m, ok := ccParse(name)
		if !ok || p < 0 || p >= g.players {
			return fmt.Errorf("oracle: chinese checkers: bad cell %q or player %d", name, p)
		}
		g.cell[m] = uint8(1 + p)
		if g.point[m] == g.target[p] {
			g.inGoal[p]++
		}
	}
	g.ply, g.passes, g.won = ply, 0, -1
	return nil
}

// Clone returns an independent copy.
func (g *ChineseCheckers) Clone() *ChineseCheckers {
	c := *g
	c.queue, c.bufs = nil, nil
	return &c
}

// ToMove returns the player to move (0-based).
func (g *ChineseCheckers) ToMove() int { return g.ply % g.players }

// Scores is nil: the game keeps no score.
func (g *ChineseCheckers) Scores() []int { return nil }

// Margin is not defined: (0, false).
func (g *ChineseCheckers) Margin() (int, bool) { return 0, false }

// Reason returns "goal" once a player has all ten marbles in their target
// point, "passes" once every player has passed in a row, "" before.
func (g *ChineseCheckers) Reason() string {
	switch {
	case g.won >= 0:
		return "goal"
	case g.passes >= g.players:
		return "passes"
	}
	return ""
}

// Over reports whether the game is over.
func (g *ChineseCheckers) Over() bool { return g.Reason() != "" }

// Winners: the player who filled their target point, everybody after the
// passes, nil while the game goes on.
func (g *ChineseCheckers) Winners() []int {
	switch g.Reason() {
	case "goal":
		return []int{g.won}
	case "passes":
		w := make([]int, g.players)
		for i := range w {
			w[i] = i
		}
		return w
	}
	return nil
}

// gen fills buf with the legal moves in Moves() order (a pass when there
// is none); nothing once the game is over.
func (g *ChineseCheckers) gen(buf []ccMove) []ccMove {
	buf = buf[:0]
	if g.Over() {
		return buf
	}
	p := g.ToMove()
	own := uint8(1 + p)
	for m := range g.cell {
		if g.cell[m] != own {
			continue
		}
		keep := int8(-1) // the point every landing must stay in
		if g.point[m] == g.target[p] {
			keep = g.target[p]
		}
		buf = g.marbleMoves(buf, m, keep)
	}
	if len(buf) == 0 {
		buf = append(buf, ccMove{})
	}
	return buf
}

// marbleMoves appends the steps and the jump destinations of the marble
// on m; keep >= 0 restricts every landing to that point.
func (g *ChineseCheckers) marbleMoves(buf []ccMove, m int, keep int8) []ccMove {
	for _, d := range ccDirs {
		if t := m + d; g.cell[t] == 0 && (keep < 0 || g.point[t] == keep) {
			buf = append(buf, ccMove{uint16(m), uint16(t)})
		}
	}
	x := g.cell[m]
	g.cell[m] = 0 // the marble has left its cell
	g.stamp++
	g.seen[m] = g.stamp
	q := append(g.queue[:0], uint16(m))
	for i := 0; i < len(q); i++ {
		at := int(q[i])
		for _, d := range ccDirs {
			over, to := g.cell[at+d], at+2*d
			if over == 0 || over == ccOff || g.cell[to] != 0 || g.seen[to] == g.stamp {
				continue
			}
			if keep >= 0 && g.point[to] != keep {
				continue
			}
			g.seen[to] = g.stamp
			q = append(q, uint16(to))
			buf = append(buf, ccMove{uint16(m), uint16(to)})
		}
	}
	g.queue = q
	g.cell[m] = x
	return buf
}

func ccText(mv ccMove) string {
	if mv.from == 0 {
		return "pass"
	}
	return ccName(int(mv.from)) + "-" + ccName(int(mv.to))
}

// Moves returns the legal moves' texts in the order documented on
// ChineseCheckers; nil once the game is over.
func (g *ChineseCheckers) Moves() []string {
	var out []string
	for _, mv := range g.gen(nil) {
		out = append(out, ccText(mv))
	}
	return out
}

// Play applies the move with this text; anything that is not a legal move
// is an error and leaves the position unchanged.
func (g *ChineseCheckers) Play(text string) error {
	ml := g.gen(nil)
	if i := slices.IndexFunc(ml, func(mv ccMove) bool { return ccText(mv) == text }); i >= 0 {
		g.make(ml[i])
		return nil
	}
	return fmt.Errorf("oracle: chinese checkers: %q is not a legal move", text)
}

// make plays mv and returns the passes in a row before it, for unmake.
func (g *ChineseCheckers) make(mv ccMove) int {
	old := g.passes
	p := g.ToMove()
	g.ply++
	if mv.from == 0 {
		g.passes++
		return old
	}
	g.passes = 0
	g.cell[mv.from], g.cell[mv.to] = 0, uint8(1+p)
	if g.point[mv.from] == g.target[p] {
		g.inGoal[p]--
	}
	if g.point[mv.to] == g.target[p] {
		g.inGoal[p]++
	}
	if g.inGoal[p] == ccPoint {
		g.won = p
	}
	return old
}

func (g *ChineseCheckers) unmake(mv ccMove, passes int) {
	g.ply--
	g.passes, g.won = passes, -1
	if mv.from == 0 {
		return
	}
	p := g.ToMove()
	g.cell[mv.from], g.cell[mv.to] = uint8(1+p), 0
	if g.point[mv.from] == g.target[p] {
		g.inGoal[p]++
	}
	if g.point[mv.to] == g.target[p] {
		g.inGoal[p]--
	}
}

// Perft counts the sequences of exactly depth legal moves (passes
// included; a game that ends earlier contributes nothing). depth <= 0
// returns 1.
func (g *ChineseCheckers) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	for len(g.bufs) < depth {
		g.bufs = append(g.bufs, make([]ccMove, 0, 128))
	}
	return g.perft(depth)
}

func (g *ChineseCheckers) perft(depth int) uint64 {
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
