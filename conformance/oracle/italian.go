package oracle

import (
	"fmt"
	"slices"
	"strings"
)

// Italian draughts, written by hand from its rule book page
// (docs/rules/draughts-italian.md), sharing nothing with lang or interp:
//
//   - an 8 x 8 board whose corner a1 is light; play is on the other
//     colour, the 32 cells whose file index plus rank index is odd (b1,
//     d1, ..., a2, c2, ...), files a-h and ranks 1-8 counted from 0;
//   - White (player 0) has twelve men on ranks 1-3 and moves first, north;
//     Black (player 1) twelve on ranks 6-8, moving south;
//   - a man steps one cell diagonally forward; a king one cell diagonally
//     any way;
//   - capturing is compulsory: a man jumps an adjacent enemy man (never a
//     king) diagonally forward to the empty cell beyond; a king jumps an
//     adjacent enemy piece diagonally any way; the same piece goes on
//     jumping while it can (only complete chains are moves); the pieces
//     jumped stay on the board until the move ends, and may be neither
//     jumped again nor landed on; the moving piece's start is empty from
//     its first jump;
//   - a man that ends a step or a jump on the far rank becomes a king,
//     which ends its move;
//   - among the captures the player must choose, in order: those taking
//     the most pieces; of those, the ones made by a king, if any; of
//     those, the ones taking the most kings; of those, the ones meeting a
//     king earliest (the list of the positions, in capture order, at which
//     kings are taken, compared position by position, the smaller first);
//   - captures are named by their ends ("b3-f7"); chains with the same
//     start, end and captured pieces are one move; where two legal moves
//     share start and end, each appends its captured cells, "x" and the
//     cell each, sorted by file then rank ("b3-f7xc4xe6");
//   - a player with no legal move loses.
type Italian struct {
	board [64]int8 // 0 empty; 1 man, 2 king; negative: Black's
	ply   int
}

// itMove is one candidate move: its ends, the cells it captures (in
// order), and whether a king made it.
type itMove struct {
	from, to int
	caps     []int // captured cells, in capture order
	kings    []int // the positions in caps where a king was taken
	byKing   bool
	promotes bool
}

// NewItalian returns the starting position.
func NewItalian() *Italian {
	g := &Italian{}
	for y := 0; y < 8; y++ {
		for x := 0; x < 8; x++ {
			if !itPlayable(x, y) {
				continue
			}
			switch {
			case y <= 2:
				g.board[y*8+x] = 1
			case y >= 5:
				g.board[y*8+x] = -1
			}
		}
	}
	return g
}

func itPlayable(x, y int) bool { return x >= 0 && x < 8 && y >= 0 && y < 8 && (x+y)%2 == 1 }

func itName(c int) string { return fmt.Sprintf("%c%d", 'a'+c%8, c/8+1) }

// SetPosition replaces the position: pieces maps cells ("b3") to "white
// man", "black king", ...; ply is the number of plies played (even: White
// to move).
func (g *Italian) SetPosition(pieces map[string]string, ply int) error {
	*g = Italian{ply: ply}
	for cell, what := range pieces {
		if len(cell) < 2 {
			return fmt.Errorf("bad cell %q", cell)
		}
		x, y := int(cell[0]-'a'), 0
		if _, err := fmt.Sscanf(cell[1:], "%d", &y); err != nil || !itPlayable(x, y-1) {
			return fmt.Errorf("bad cell %q", cell)
		}
		var v int8
		switch what {
		case "white man":
			v = 1
		case "white king":
			v = 2
		case "black man":
			v = -1
		case "black king":
			v = -2
		default:
			return fmt.Errorf("bad piece %q", what)
		}
		g.board[(y-1)*8+x] = v
	}
	return nil
}

// Clone returns an independent copy of the position.
func (g *Italian) Clone() *Italian {
	c := *g
	return &c
}

// Material is each player's material, a king worth three men.
func (g *Italian) Material() []int {
	m := []int{0, 0}
	for _, v := range g.board {
		switch {
		case v == 1:
			m[0]++
		case v == 2:
			m[0] += 3
		case v == -1:
			m[1]++
		case v == -2:
			m[1] += 3
		}
	}
	return m
}

// ToMove is 0 (White) or 1 (Black).
func (g *Italian) ToMove() int { return g.ply % 2 }

func (g *Italian) sign() int8 {
	if g.ToMove() == 0 {
		return 1
	}
	return -1
}

// candidates returns the legal moves, before the merge of equal captures.
func (g *Italian) candidates() []itMove {
	s := g.sign()
	var caps []itMove
	for c := 0; c < 64; c++ {
		if g.board[c]*s > 0 {
			caps = g.captureChains(c, caps)
		}
	}
	if len(caps) > 0 {
		return itBest(caps)
	}
	var quiet []itMove
	for c := 0; c < 64; c++ {
		v := g.board[c] * s
		if v <= 0 {
			continue
		}
		for _, d := range g.dirs(v) {
			x, y := c%8+d[0], c/8+d[1]
			if itPlayable(x, y) && g.board[y*8+x] == 0 {
				quiet = append(quiet, itMove{from: c, to: y*8 + x, byKing: v == 2, promotes: v == 1 && g.farRank(y)})
			}
		}
	}
	return quiet
}

// dirs are the diagonal directions of a piece of value v (1 man, 2 king)
// of the player to move.
func (g *Italian) dirs(v int8) [][2]int {
	fwd := int(g.sign())
	if v == 1 {
		return [][2]int{{-1, fwd}, {1, fwd}}
	}
	return [][2]int{{-1, 1}, {1, 1}, {-1, -1}, {1, -1}}
}

func (g *Italian) farRank(y int) bool {
	if g.ToMove() == 0 {
		return y == 7
	}
	return y == 0
}

// captureChains appends the complete capture chains of the piece on from.
func (g *Italian) captureChains(from int, out []itMove) []itMove {
	v := g.board[from] * g.sign()
	g.board[from] = 0 // the start is empty from the first jump
	var taken [64]bool
	var walk func(at int, caps []int)
	walk = func(at int, caps []int) {
		went := false
		for _, d := range g.dirs(v) {
			ox, oy := at%8+d[0], at/8+d[1]
			lx, ly := ox+d[0], oy+d[1]
			if !itPlayable(lx, ly) {
				continue
			}
			over, land := oy*8+ox, ly*8+lx
			enemy := -g.board[over] * g.sign()
			if enemy <= 0 || taken[over] || (v == 1 && enemy != 1) || g.board[land] != 0 {
				continue
			}
			went = true
			taken[over] = true
			next := append(slices.Clone(caps), over)
			if v == 1 && g.farRank(ly) {
				out = append(out, g.chainMove(from, land, next, v, true))
			} else {
				walk(land, next)
			}
			taken[over] = false
		}
		if !went && len(caps) > 0 {
			out = append(out, g.chainMove(from, at, caps, v, false))
		}
	}
	walk(from, nil)
	g.board[from] = v * g.sign()
	return out
}

func (g *Italian) chainMove(from, to int, caps []int, v int8, promotes bool) itMove {
	mv := itMove{from: from, to: to, caps: caps, byKing: v == 2, promotes: promotes}
	for i, c := range caps {
		if g.board[c] == 2 || g.board[c] == -2 {
			mv.kings = append(mv.kings, i)
		}
	}
	return mv
}

// itBetter compares two captures by the rule book's order: +1 when a is
// to be preferred, -1 when b is, 0 when they are equal.
func itBetter(a, b itMove) int {
	if len(a.caps) != len(b.caps) {
		return itSign(len(a.caps) - len(b.caps))
	}
	if a.byKing != b.byKing {
		if a.byKing {
			return 1
		}
		return -1
	}
	if len(a.kings) != len(b.kings) {
		return itSign(len(a.kings) - len(b.kings))
	}
	for i := range a.kings {
		if a.kings[i] != b.kings[i] {
			return itSign(b.kings[i] - a.kings[i]) // the earlier the better
		}
	}
	return 0
}

func itSign(n int) int {
	switch {
	case n > 0:
		return 1
	case n < 0:
		return -1
	}
	return 0
}

// itBest keeps the captures no other is preferred to, then merges those
// with the same start, end and captured pieces.
func itBest(ms []itMove) []itMove {
	best := ms[0]
	for _, m := range ms[1:] {
		if itBetter(m, best) > 0 {
			best = m
		}
	}
	var out []itMove
	for _, m := range ms {
		if itBetter(m, best) != 0 {
			continue
		}
		dup := false
		for _, o := range out {
			if o.from == m.from && o.to == m.to && itSameSet(o.caps, m.caps) {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, m)
		}
	}
	return out
}

func itSameSet(a, b []int) bool {
	x, y := slices.Clone(a), slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}

// Moves returns the legal moves' texts (nil once the game is over).
func (g *Italian) Moves() []string {
	ms := g.candidates()
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = itName(m.from) + "-" + itName(m.to)
		for j, o := range ms {
			if i != j && o.from == m.from && o.to == m.to {
				out[i] += itCapText(m.caps)
				break
			}
		}
	}
	return out
}

// itCapText is "x" + cell for each captured cell, by file then rank.
func itCapText(caps []int) string {
	cs := slices.Clone(caps)
	slices.SortFunc(cs, func(a, b int) int {
		if a%8 != b%8 {
			return a%8 - b%8
		}
		return a/8 - b/8
	})
	var sb strings.Builder
	for _, c := range cs {
		sb.WriteString("x" + itName(c))
	}
	return sb.String()
}

// Play applies the move with this text; an illegal one is an error and
// leaves the position unchanged.
func (g *Italian) Play(text string) error {
	i := slices.Index(g.Moves(), text)
	if i < 0 {
		return fmt.Errorf("oracle: italian: %q is not a legal move", text)
	}
	g.apply(g.candidates()[i])
	return nil
}

func (g *Italian) apply(m itMove) {
	v := g.board[m.from]
	g.board[m.from] = 0
	for _, c := range m.caps {
		g.board[c] = 0
	}
	if m.promotes {
		v *= 2
	}
	g.board[m.to] = v
	g.ply++
}

// Perft counts the leaf positions depth plies ahead.
func (g *Italian) Perft(depth int) uint64 {
	if depth == 0 {
		return 1
	}
	ms := g.candidates()
	if depth == 1 {
		return uint64(len(ms))
	}
	n := uint64(0)
	for _, m := range ms {
		c := *g
		c.apply(m)
		n += c.Perft(depth - 1)
	}
	return n
}

// Reason is "no move" when the player to move has no legal move, ""
// otherwise.
func (g *Italian) Reason() string {
	if len(g.candidates()) == 0 {
		return "no move"
	}
	return ""
}

// Over reports whether the game is over.
func (g *Italian) Over() bool { return g.Reason() != "" }

// Winners is the player who moved last once the player to move has no
// move, nil before.
func (g *Italian) Winners() []int {
	if g.Over() {
		return []int{1 - g.ToMove()}
	}
	return nil
}

// Pieces is the number of pieces player has on the board.
func (g *Italian) Pieces(player int) int {
	n := 0
	for _, v := range g.board {
		if (player == 0 && v > 0) || (player == 1 && v < 0) {
			n++
		}
	}
	return n
}

// Scores is nil: the game keeps no score.
func (g *Italian) Scores() []int { return nil }

// Margin is not defined.
func (g *Italian) Margin() (int, bool) { return 0, false }
