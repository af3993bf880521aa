package oracle

import (
	"fmt"
	"strconv"
)

// Jumpwings board representation: the cells of the hex board of centred
// rows numbered row by row from row 1 (the first player's side), within a
// row from the left; each cell holds a stack of pieces (bottom first).
// ray[c][d][k-1] is the cell k steps from c in direction d, -1 off the
// board.
const (
	jwMaxCells = 37
	jwMaxStack = 24 // every piece of both players on one cell
	jwMaxJump  = 3
	jwHare     = 0
	jwCat      = 1
	jwFrog     = 2
)

// jwJump and jwHeight are each kind's jump length L and height limit H
// (games.md §8): hare 3 and 1, cat 2 and 2, frog 1 and 3.
var (
	jwJump   = [3]int{3, 2, 1}
	jwHeight = [3]int{1, 2, 3}
)

// jwDirs are the six directions in half-cell units (dx, drow): E, NE, NW,
// W, SW, SE (notation.md).
var jwDirs = [6][2]int{{2, 0}, {1, 1}, {-1, 1}, {-2, 0}, {-1, -1}, {1, -1}}

// JumpwingsOptions choose the variant: the advanced board (nine rows), the
// relative height rule (games.md §9), the long goal.
type JumpwingsOptions struct {
	Advanced bool
	Relative bool
	LongGoal bool
}

// jwMove moves the top piece of from to to (a jump or a step; from == -1
// is a pass).
type jwMove struct{ from, to int8 }

// Jumpwings is a position of Jumpwings (games.md §8, §9). Players: 0 is
// light (first, rows at the bottom), 1 is dark. A piece is kind +
// 3*player (kind: 0 hare, 1 cat, 2 frog).
//
// Move order of Moves(): by start cell (row 1 first, each row from the
// left), then by direction (E, NE, NW, W, SW, SE), the jump before the
// step; a step with the text of a jump (a frog's one-cell jump from the
// ground) is listed once, as the jump. "pass" alone when the player to
// move has no move.
//
// The game ends when a player wins by its goal (Reason "goal"; the short
// goal after the winner's own move, the long one at the start of the
// winner's turn) or after two passes in a row (a draw, Reason "passes").
// Scores is nil.
type Jumpwings struct {
	opt    JumpwingsOptions
	n      int      // cells
	rows   []int    // cells per row
	name   []string // cell names
	ray    [jwMaxCells][6][jwMaxJump]int8
	gates  [2][]int // gates[p]: player p's own gates
	stack  [jwMaxCells][jwMaxStack]int8
	height [jwMaxCells]int8
	ply    int
	passes int // passes in a row
	bufs   [][]jwMove
}

// NewJumpwings returns the start position of the variant.
func NewJumpwings(o JumpwingsOptions) *Jumpwings {
	g := &Jumpwings{opt: o, rows: []int{3, 4, 5, 4, 5, 4, 3}}
	if o.Advanced {
		g.rows = []int{3, 4, 5, 4, 5, 4, 5, 4, 3}
	}
	type xy struct{ x, y int }
	at := map[xy]int{}
	var pos []xy
	for y, n := range g.rows {
		for i := 0; i < n; i++ {
			p := xy{-(n - 1) + 2*i, y}
			at[p] = len(pos)
			pos = append(pos, p)
			g.name = append(g.name, string(rune('a'+i))+strconv.Itoa(y+1))
		}
	}
	g.n = len(pos)
	for c, p := range pos {
		for d, dv := range jwDirs {
			for k := 1; k <= jwMaxJump; k++ {
				g.ray[c][d][k-1] = -1
				if to, ok := at[xy{p.x + k*dv[0], p.y + k*dv[1]}]; ok {
					g.ray[c][d][k-1] = int8(to)
				}
			}
		}
	}
	last := len(g.rows) - 1
	first := g.n - g.rows[last]
	g.gates = [2][]int{{0, 1, 2}, {first, first + 1, first + 2}}
	// Light: hares on row 1, cats on row 2, frogs on row 3; dark the same
	// on the last three rows (every cell of those rows is filled).
	c := 0
	for y := 0; y < 3; y++ {
		for i := 0; i < g.rows[y]; i++ {
			g.push(c, int8(y))
			c++
		}
	}
	c = g.n
	for y := last; y > last-3; y-- {
		c -= g.rows[y]
		for i := 0; i < g.rows[y]; i++ {
			g.push(c+i, int8(last-y+3))
		}
	}
	return g
}

func (g *Jumpwings) push(c int, pc int8) {
	g.stack[c][g.height[c]] = pc
	g.height[c]++
}

func (g *Jumpwings) pop(c int) int8 {
	g.height[c]--
	pc := g.stack[c][g.height[c]]
	g.stack[c][g.height[c]] = 0 // so that equal positions compare equal
	return pc
}

// top returns the owner of c's top piece, -1 for an empty cell.
func (g *Jumpwings) top(c int) int {
	if g.height[c] == 0 {
		return -1
	}
	return int(g.stack[c][g.height[c]-1]) / 3
}

// SetPosition replaces the position: stacks maps cell names to their
// pieces, bottom first, each written as player and kind ("lh" light hare,
// "dc" dark cat, "lf" light frog); ply plies played; no passes before.
func (g *Jumpwings) SetPosition(stacks map[string][]string, ply int) error {
	g.height, g.stack = [jwMaxCells]int8{}, [jwMaxCells][jwMaxStack]int8{}
	for name, pcs := range stacks {
		c := -1
		for i := 0; i < g.n; i++ {
			if g.name[i] == name {
				c = i
			}
		}
		if c < 0 {
			return fmt.Errorf("oracle: jumpwings: bad cell %q", name)
		}
		for _, s := range pcs {
			var pc int8
			switch {
			case len(s) != 2:
				return fmt.Errorf("oracle: jumpwings: bad piece %q", s)
			case s[0] == 'd':
				pc = 3
			case s[0] != 'l':
				return fmt.Errorf("oracle: jumpwings: bad piece %q", s)
			}
			switch s[1] {
			case 'h':
			case 'c':
				pc++
			case 'f':
				pc += 2
			default:
				return fmt.Errorf("oracle: jumpwings: bad piece %q", s)
			}
			g.push(c, pc)
		}
	}
	g.ply, g.passes = ply, 0
	return nil
}

// Clone returns an independent copy.
func (g *Jumpwings) Clone() *Jumpwings {
	c := *g
	c.bufs = nil
	return &c
}

// ToMove returns the player to move: 0 light, 1 dark.
func (g *Jumpwings) ToMove() int { return g.ply % 2 }

// Ply returns the number of plies played.
func (g *Jumpwings) Ply() int { return g.ply }

// Scores is nil: Jumpwings keeps no score.
func (g *Jumpwings) Scores() []int { return nil }

// Margin is not defined: (0, false).
func (g *Jumpwings) Margin() (int, bool) { return 0, false }

// winner returns the player who has won by a goal, or -1: with the short
// goal, the player who just moved when it tops one of the opponent's
// gates; with the long goal, the player to move when it tops all three.
func (g *Jumpwings) winner() int {
	if g.opt.LongGoal {
		p := g.ToMove()
		for _, c := range g.gates[1-p] {
			if g.top(c) != p {
				return -1
			}
		}
		return p
	}
	if g.ply == 0 {
		return -1
	}
	p := 1 - g.ToMove()
	for _, c := range g.gates[1-p] {
		if g.top(c) == p {
			return p
		}
	}
	return -1
}

// Reason returns "goal" once a player has won, "passes" after two passes
// in a row, "" while the game goes on.
func (g *Jumpwings) Reason() string {
	switch {
	case g.winner() >= 0:
		return "goal"
	case g.passes >= 2:
		return "passes"
	}
	return ""
}

// Over reports whether the game is over.
func (g *Jumpwings) Over() bool { return g.Reason() != "" }

// Winners returns the winner, both players after the passes, nil while
// the game goes on.
func (g *Jumpwings) Winners() []int {
	switch g.Reason() {
	case "goal":
		return []int{g.winner()}
	case "passes":
		return []int{0, 1}
	}
	return nil
}

// canJump reports whether a piece of kind at level z on c may jump in
// direction d, and where it lands.
func (g *Jumpwings) canJump(c, kind, z, d int) (int, bool) {
	length, limit := jwJump[kind], jwHeight[kind]
	for k := 1; k <= length; k++ {
		to := int(g.ray[c][d][k-1])
		if to < 0 {
			return 0, false
		}
		h := int(g.height[to])
		switch {
		case k < length && g.opt.Relative && h > z+limit:
			return 0, false
		case k < length && !g.opt.Relative && h > limit:
			return 0, false
		case k == length && g.opt.Relative && (h-z > limit || z-h > limit):
			return 0, false
		case k == length && !g.opt.Relative && h > limit:
			return 0, false
		}
	}
	return int(g.ray[c][d][length-1]), true
}

// gen fills buf with the legal moves in Moves() order; nothing once the
// game is over.
func (g *Jumpwings) gen(buf []jwMove) []jwMove {
	buf = buf[:0]
	if g.Over() {
		return buf
	}
	p := g.ToMove()
	for c := 0; c < g.n; c++ {
		if g.top(c) != p {
			continue
		}
		z := int(g.height[c]) - 1
		kind := int(g.stack[c][z]) % 3
		for d := range jwDirs {
			jumpTo, ok := g.canJump(c, kind, z, d)
			if ok {
				buf = append(buf, jwMove{int8(c), int8(jumpTo)})
			}
			if step := int(g.ray[c][d][0]); z == 0 && step >= 0 && g.height[step] == 0 && !(ok && jumpTo == step) {
				buf = append(buf, jwMove{int8(c), int8(step)})
			}
		}
	}
	if len(buf) == 0 {
		buf = append(buf, jwMove{-1, -1})
	}
	return buf
}

func (g *Jumpwings) text(mv jwMove) string {
	if mv.from < 0 {
		return "pass"
	}
	return g.name[mv.from] + "-" + g.name[mv.to]
}

// Moves returns the legal moves' texts in the order documented on
// Jumpwings.
func (g *Jumpwings) Moves() []string {
	var out []string
	for _, mv := range g.gen(nil) {
		out = append(out, g.text(mv))
	}
	return out
}

// Play applies the move with this text; anything that is not a legal move
// is an error and leaves the position unchanged.
func (g *Jumpwings) Play(text string) error {
	for _, mv := range g.gen(nil) {
		if g.text(mv) == text {
			g.make(mv)
			return nil
		}
	}
	return fmt.Errorf("oracle: jumpwings: %q is not a legal move", text)
}

// make plays mv and returns the passes in a row before it, for unmake.
func (g *Jumpwings) make(mv jwMove) int {
	old := g.passes
	g.ply++
	if mv.from < 0 {
		g.passes++
		return old
	}
	g.passes = 0
	g.push(int(mv.to), g.pop(int(mv.from)))
	return old
}

func (g *Jumpwings) unmake(mv jwMove, passes int) {
	g.ply--
	g.passes = passes
	if mv.from >= 0 {
		g.push(int(mv.from), g.pop(int(mv.to)))
	}
}

// Perft counts the sequences of exactly depth legal moves (passes
// included; a game that ends earlier contributes nothing). depth <= 0
// returns 1.
func (g *Jumpwings) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	for len(g.bufs) < depth {
		g.bufs = append(g.bufs, make([]jwMove, 0, 64))
	}
	return g.perft(depth)
}

func (g *Jumpwings) perft(depth int) uint64 {
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
