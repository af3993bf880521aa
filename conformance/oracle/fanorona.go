package oracle

import (
	"fmt"
	"strconv"
	"strings"
)

// Fanorona board representation: an 11 x 7 mailbox (the 9 x 5 points
// with a border one point wide). Point (file f, rank r), both from 0, is
// (r+1)*fnPitch + f+1.
const (
	fnPitch = 11
	fnCells = fnPitch * 7
	fnEmpty = 0
	fnWhite = 1
	fnBlack = 2
	fnOff   = 3
	// fnLimit is the rules file's default limit: 200 moves each.
	fnLimit = 200
	// fnMaxSteps bounds a chain: every step takes a stone, and a side
	// has 22.
	fnMaxSteps = 24
)

// fnDirs are the offsets of the eight directions, in the interpreter's
// order of a square board's directions: n, ne, e, se, s, sw, w, nw.
// Diagonals (odd indices) exist only on points whose file + rank is even.
var fnDirs = [8]int{fnPitch, fnPitch + 1, 1, 1 - fnPitch, -fnPitch, -fnPitch - 1, -1, fnPitch - 1}

// fnMove is a move: the start point and its steps; a step is the landing
// point, with fnWithdraw set for a capture by withdrawal and fnApproach
// for one by approach (neither: a quiet step).
type fnMove struct {
	from  uint8
	n     uint8
	steps [fnMaxSteps]uint16
}

const (
	fnApproach = 0x100 // (points are below 77: one byte)
	fnWithdraw = 0x200
)

// Fanorona is a position of Fanorona (games.md §17, docs/rules/fanorona.md).
// Players: 0 is white (first, ranks 1-2), 1 is black (ranks 4-5).
//
// A turn: when some step captures, the player must capture: a stone steps
// along a line to an adjacent empty point and takes the unbroken line of
// enemy stones it moves towards (approach: from the point beyond the
// landing on) or away from (withdrawal: from the point behind the start
// back); a step that can do both is two moves. The same stone may go on
// capturing, every prefix a move, each step in another direction than
// the step before and never onto a point visited in this move (the start
// included). Without a capture, any step to an adjacent empty point.
//
// Texts: "d3-e3" for a quiet step; a capture marks every landing with A
// (approach) or W (withdrawal): "d3-e3A", "e2-e3A-d3W".
//
// Move order of Moves(): captures, by start point (ascending index
// rank*9 + file), then direction (n, ne, e, se, s, sw, w, nw), approach
// before withdrawal, a chain before its extensions; or the quiet steps by
// start point and direction.
//
// The game ends when the player to move has no move (no stone left, or
// every stone blocked): that player loses (Reason "no move"); or after
// 2*limit plies (Reason "limit", a draw: both players listed). Scores is
// nil.
type Fanorona struct {
	cell   [fnCells]uint8
	ply    int
	limit  int     // moves each before the draw (0: none)
	stones [2]int  // white's and black's stones on the board
	taken  []uint8 // the points of the stones taken, a move's after the last's
	marks  []int   // per move played: len(taken) before it
	seen   [fnCells]bool
	cur    fnMove // the chain being explored
	bufs   [][]fnMove
}

// NewFanorona returns the start position, with the default limit.
func NewFanorona() *Fanorona { return NewFanoronaLimit(fnLimit) }

// NewFanoronaLimit returns the start position with limit moves each
// before the draw (0: none).
func NewFanoronaLimit(limit int) *Fanorona {
	g := &Fanorona{limit: limit}
	var white, black []string
	for r := 0; r < 5; r++ {
		for f := 0; f < 9; f++ {
			name := fnPointName((r+1)*fnPitch + f + 1)
			switch {
			case r < 2:
				white = append(white, name)
			case r > 2:
				black = append(black, name)
			case f == 4:
			case f%2 == 0 && f < 4, f%2 == 1 && f > 4:
				black = append(black, name)
			default:
				white = append(white, name)
			}
		}
	}
	if err := g.SetPosition(white, black, 0); err != nil {
		panic(err) // the start position is well formed
	}
	return g
}

func fnPointName(m int) string {
	return string(rune('a'+m%fnPitch-1)) + strconv.Itoa(m/fnPitch)
}

// SetPosition replaces the position: white's and black's stones (point
// names), every other point empty, ply plies played (white moves at even
// plies).
func (g *Fanorona) SetPosition(white, black []string, ply int) error {
	for i := range g.cell {
		g.cell[i] = fnOff
	}
	for r := 0; r < 5; r++ {
		for f := 0; f < 9; f++ {
			g.cell[(r+1)*fnPitch+f+1] = fnEmpty
		}
	}
	g.stones = [2]int{}
	for i, list := range [][]string{white, black} {
		for _, name := range list {
			f, r, ok := parseSquare(name, 9, 5)
			if !ok {
				return fmt.Errorf("oracle: fanorona: bad point %q", name)
			}
			m := (r+1)*fnPitch + f + 1
			if g.cell[m] != fnEmpty {
				return fmt.Errorf("oracle: fanorona: two stones on %s", name)
			}
			g.cell[m] = uint8(fnWhite + i)
			g.stones[i]++
		}
	}
	g.ply = ply
	g.taken, g.marks = g.taken[:0], g.marks[:0]
	return nil
}

// Clone returns an independent copy (its history is not kept).
func (g *Fanorona) Clone() *Fanorona {
	c := *g
	c.taken, c.marks, c.bufs = nil, nil, nil
	return &c
}

// ToMove returns the player to move: 0 white, 1 black.
func (g *Fanorona) ToMove() int { return g.ply % 2 }

// Scores is nil: Fanorona keeps no score.
func (g *Fanorona) Scores() []int { return nil }

// Margin is not defined: (0, false).
func (g *Fanorona) Margin() (int, bool) { return 0, false }

// Material returns white's and black's stones on the board.
func (g *Fanorona) Material() []int { return []int{g.stones[0], g.stones[1]} }

func (g *Fanorona) atLimit() bool { return g.limit > 0 && g.ply >= 2*g.limit }

// Reason returns "limit", "no move" or "" (see Fanorona).
func (g *Fanorona) Reason() string {
	switch {
	case g.atLimit():
		return "limit"
	case len(g.gen(nil)) == 0:
		return "no move"
	}
	return ""
}

// Over reports whether the game is over.
func (g *Fanorona) Over() bool { return g.Reason() != "" }

// Winners returns the winners once the game is over (both at the limit),
// nil before.
func (g *Fanorona) Winners() []int {
	switch g.Reason() {
	case "limit":
		return []int{0, 1}
	case "no move":
		return []int{1 - g.ToMove()}
	}
	return nil
}

// diagonal tells whether the diagonals pass through mailbox point m:
// file + rank even.
func fnDiagonal(m int) bool { return (m%fnPitch-1+m/fnPitch-1)%2 == 0 }

// fnHasDir tells whether point m has direction d: the diagonals are the
// odd indices of fnDirs.
func fnHasDir(m, d int) bool { return d%2 == 0 || fnDiagonal(m) }

// gen appends the legal moves to buf[:0]: the captures, or, when there is
// none, the quiet steps.
func (g *Fanorona) gen(buf []fnMove) []fnMove {
	buf = buf[:0]
	if g.atLimit() {
		return buf
	}
	own := uint8(fnWhite + g.ToMove())
	for m := range g.cell {
		if g.cell[m] != own {
			continue
		}
		g.cur.from, g.cur.n = uint8(m), 0
		g.seen[m] = true
		g.cell[m] = fnEmpty
		buf = g.captures(buf, m, -1)
		g.cell[m] = own
		g.seen[m] = false
	}
	if len(buf) > 0 {
		return buf
	}
	for m := range g.cell {
		if g.cell[m] != own {
			continue
		}
		for d, off := range fnDirs {
			if fnHasDir(m, d) && g.cell[m+off] == fnEmpty {
				mv := fnMove{from: uint8(m), n: 1}
				mv.steps[0] = uint16(m + off)
				buf = append(buf, mv)
			}
		}
	}
	return buf
}

// captures appends the capturing chains of the stone that stands (lifted:
// its point is empty) on m, having come by direction last (-1: none yet),
// after g.cur's steps.
func (g *Fanorona) captures(buf []fnMove, m, last int) []fnMove {
	foe := uint8(fnBlack - g.ToMove())
	for d, off := range fnDirs {
		to := m + off
		if d == last || !fnHasDir(m, d) || g.cell[to] != fnEmpty || g.seen[to] {
			continue
		}
		for _, kind := range [2]uint16{fnApproach, fnWithdraw} {
			first, step := to+off, off
			if kind == fnWithdraw {
				first, step = m-off, -off
			}
			if g.cell[first] != foe {
				continue
			}
			n0 := len(g.taken)
			for x := first; g.cell[x] == foe; x += step {
				g.cell[x] = fnEmpty
				g.taken = append(g.taken, uint8(x))
			}
			g.cur.steps[g.cur.n] = uint16(to) | kind
			g.cur.n++
			buf = append(buf, g.cur)
			g.seen[to] = true
			buf = g.captures(buf, to, d)
			g.seen[to] = false
			g.cur.n--
			for _, x := range g.taken[n0:] {
				g.cell[x] = foe
			}
			g.taken = g.taken[:n0]
		}
	}
	return buf
}

func fnStepPoint(s uint16) int { return int(s &^ (fnApproach | fnWithdraw)) }

func (g *Fanorona) text(mv fnMove) string {
	var b strings.Builder
	b.WriteString(fnPointName(int(mv.from)))
	for _, s := range mv.steps[:mv.n] {
		b.WriteByte('-')
		b.WriteString(fnPointName(fnStepPoint(s)))
		switch {
		case s&fnApproach != 0:
			b.WriteByte('A')
		case s&fnWithdraw != 0:
			b.WriteByte('W')
		}
	}
	return b.String()
}

// Moves returns the legal moves' texts in the order documented on
// Fanorona.
func (g *Fanorona) Moves() []string {
	var out []string
	for _, mv := range g.gen(nil) {
		out = append(out, g.text(mv))
	}
	return out
}

// Play applies the move with this text; anything that is not a legal move
// is an error and leaves the position unchanged.
func (g *Fanorona) Play(text string) error {
	for _, mv := range g.gen(nil) {
		if g.text(mv) == text {
			g.make(mv)
			return nil
		}
	}
	return fmt.Errorf("oracle: fanorona: %q is not a legal move", text)
}

// make plays mv: the stone leaves its start, each capturing step takes
// its line from the position as it is then, the stone lands on the last
// point.
func (g *Fanorona) make(mv fnMove) {
	own := uint8(fnWhite + g.ToMove())
	foe := uint8(fnBlack - g.ToMove())
	g.marks = append(g.marks, len(g.taken))
	cur := int(mv.from)
	g.cell[cur] = fnEmpty
	for _, s := range mv.steps[:mv.n] {
		to := fnStepPoint(s)
		off := to - cur
		first, step := to+off, off
		if s&fnWithdraw != 0 {
			first, step = cur-off, -off
		}
		if s&(fnApproach|fnWithdraw) != 0 {
			for x := first; g.cell[x] == foe; x += step {
				g.cell[x] = fnEmpty
				g.taken = append(g.taken, uint8(x))
			}
		}
		cur = to
	}
	g.cell[cur] = own
	g.stones[1-g.ToMove()] -= len(g.taken) - g.marks[len(g.marks)-1]
	g.ply++
}

// unmake takes back mv, the last move made.
func (g *Fanorona) unmake(mv fnMove) {
	g.ply--
	own := uint8(fnWhite + g.ToMove())
	foe := uint8(fnBlack - g.ToMove())
	n0 := g.marks[len(g.marks)-1]
	g.marks = g.marks[:len(g.marks)-1]
	g.cell[fnStepPoint(mv.steps[mv.n-1])] = fnEmpty
	g.cell[mv.from] = own
	for _, x := range g.taken[n0:] {
		g.cell[x] = foe
	}
	g.stones[1-g.ToMove()] += len(g.taken) - n0
	g.taken = g.taken[:n0]
}

// Perft counts the sequences of exactly depth legal moves (a game that
// ends earlier contributes nothing). depth <= 0 returns 1.
func (g *Fanorona) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	for len(g.bufs) < depth {
		g.bufs = append(g.bufs, make([]fnMove, 0, 64))
	}
	return g.perft(depth)
}

func (g *Fanorona) perft(depth int) uint64 {
	ml := g.gen(g.bufs[depth-1])
	g.bufs[depth-1] = ml
	if depth == 1 {
		return uint64(len(ml))
	}
	var n uint64
	for _, mv := range ml {
		g.make(mv)
		n += g.perft(depth - 1)
		g.unmake(mv)
	}
	return n
}

func (g *Fanorona) genMoves(buf []fnMove) []fnMove { return g.gen(buf) }
func (g *Fanorona) play(mv fnMove) int             { g.make(mv); return 0 }
func (g *Fanorona) takeBack(mv fnMove, _ int)      { g.unmake(mv) }

// GenPerft counts the same sequences as Perft, generating, playing and
// taking back every move at every depth (the last ply included).
func (g *Fanorona) GenPerft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return genPerft(g, depth, newBufs[fnMove](depth))
}
