package oracle

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
)

// Turkish draughts, written by hand from the rules of issue 28 ("Rule
// books differ on details; follow these") and games.md §16, sharing
// nothing with lang or interp:
//
//   - an 8 x 8 board, every cell used;
//   - White (player 0) has sixteen men on ranks 2 and 3 and moves first,
//     north; Black (player 1) sixteen on ranks 6 and 7, south;
//   - a man steps one cell straight forward or sideways (never backward,
//     never diagonally); a king flies: any number of empty cells along a
//     rank or a file;
//   - capturing is compulsory: a man jumps an adjacent enemy piece
//     straight forward or sideways to the empty cell beyond; a king jumps
//     an enemy piece at any distance along a rank or file (the cells
//     between empty) and lands on any empty cell beyond it; the same
//     piece goes on while it can (only complete chains are moves);
//   - each piece taken leaves the board at once (its cell is empty for
//     the rest of the chain); the moving piece's start cell is empty from
//     its first jump;
//   - no capture goes in the direction opposite to the capture before it
//     (no 180-degree turn between two captures);
//   - majority rule: only the chains that take the most pieces are moves;
//   - a man that reaches the far rank by a step ends its move there as a
//     king; one that reaches it during a capture is crowned at once and
//     goes on capturing as a king while it can;
//   - captures are named by their ends ("d3-d5"); chains with the same
//     start, end and captured pieces are one move; where two legal moves
//     share start and end, each appends its captured cells, "x" and the
//     cell each, sorted by file then rank ("a4-e4xb4xd4");
//   - a player with no legal move loses.
//
// Move order of Moves(): the captures by start cell (a1, b1, ..., h1,
// a2, ...), each found by a depth-first search trying N, S, W, E and a
// king's landing cells nearest first, a move listed where it is first
// found; otherwise the quiet moves by start cell, direction and distance.
type Turkish struct {
	cell  [tkCells]uint8
	ply   int
	mover uint8 // capture search: the moving piece as it stood on its start cell
	best  int   // capture search: the most pieces taken by a chain so far
	bufs  [][]tkMove
}

// The board: a mailbox of 12 x 12 bytes (the 8 x 8 board with a border
// two cells wide). A byte is 0 for an empty cell, tkOff for a border
// cell, else tkMan or tkKing, plus tkBlack for Black's.
const (
	tkPitch = 12
	tkCells = tkPitch * tkPitch
	tkMan   = 1
	tkKing  = 2
	tkBlack = 4
	tkOff   = 0x80
)

// tkDirs are the four orthogonal directions: N, S, W, E; tkDirs[i^1] is
// the direction opposite tkDirs[i].
var tkDirs = [4]int{tkPitch, -tkPitch, -1, 1}

// tkCell maps a cell number (rank*8 + file, from a1) to its mailbox index.
var tkCell = func() (cell [64]uint8) {
	for k := range cell {
		cell[k] = uint8((k/8+2)*tkPitch + k%8 + 2)
	}
	return cell
}()

func tkNumber(m int) int { return (m/tkPitch-2)*8 + m%tkPitch - 2 }

// tkMove is one move: its ends (mailbox indices), the cell numbers of the
// pieces it takes and of those that were kings, and whether the moving
// man ends it as a king.
type tkMove struct {
	caps, kings uint64
	from, to    uint8
	promote     bool
}

// NewTurkish returns the start position.
func NewTurkish() *Turkish {
	g := &Turkish{}
	g.cell = tkEmpty()
	for k, m := range tkCell {
		switch k / 8 {
		case 1, 2:
			g.cell[m] = tkMan
		case 5, 6:
			g.cell[m] = tkMan | tkBlack
		}
	}
	return g
}

func tkEmpty() [tkCells]uint8 {
	var cell [tkCells]uint8
	for i := range cell {
		cell[i] = tkOff
	}
	for _, m := range tkCell {
		cell[m] = 0
	}
	return cell
}

func tkName(m int) string {
	return string(rune('a'+m%tkPitch-2)) + strconv.Itoa(m/tkPitch-1)
}

// SetPosition replaces the position: pieces maps cells to "w" (white
// man), "W" (white king), "b", "B" (black); ply plies played (even: White
// to move).
func (g *Turkish) SetPosition(pieces map[string]string, ply int) error {
	cell := tkEmpty()
	for name, p := range pieces {
		f, r, ok := parseSquare(name, 8, 8)
		v, known := map[string]uint8{"w": tkMan, "W": tkKing, "b": tkMan | tkBlack, "B": tkKing | tkBlack}[p]
		if !ok || !known {
			return fmt.Errorf("oracle: turkish draughts: bad piece %q on %q", p, name)
		}
		cell[(r+2)*tkPitch+f+2] = v
	}
	g.cell, g.ply = cell, ply
	return nil
}

// Clone returns an independent copy.
func (g *Turkish) Clone() *Turkish {
	c := *g
	c.bufs = nil
	return &c
}

// ToMove returns the player to move: 0 white, 1 black.
func (g *Turkish) ToMove() int { return g.ply % 2 }

func (g *Turkish) colour() uint8 { return uint8(g.ToMove()) * tkBlack }

func (g *Turkish) enemy(x uint8) bool {
	return x != 0 && x&tkOff == 0 && x&tkBlack != g.colour()
}

func tkFarRank(m int, col uint8) bool {
	r := m/tkPitch - 2
	return (col == 0 && r == 7) || (col != 0 && r == 0)
}

// tkManDir reports whether a man of colour col moves in direction i
// (forward or sideways).
func tkManDir(i int, col uint8) bool {
	return i >= 2 || (i == 0) == (col == 0)
}

// gen fills buf with the legal moves in Moves() order.
func (g *Turkish) gen(buf []tkMove) []tkMove {
	buf = buf[:0]
	col := g.colour()
	g.best = 1
	for _, m := range tkCell {
		if x := g.cell[m]; x != 0 && x&tkBlack == col {
			g.cell[m], g.mover = 0, x // the piece leaves its start cell
			buf = g.captures(buf, int(m), int(m), x, -1, 0, 0, 0)
			g.cell[m] = x
		}
	}
	if len(buf) > 0 {
		return buf
	}
	for _, m := range tkCell {
		x := g.cell[m]
		if x == 0 || x&tkBlack != col {
			continue
		}
		for i, d := range tkDirs {
			if x&tkKing != 0 {
				for t := int(m) + d; g.cell[t] == 0; t += d {
					buf = append(buf, tkMove{from: m, to: uint8(t)})
				}
			} else if tkManDir(i, col) && g.cell[int(m)+d] == 0 {
				buf = append(buf, tkMove{from: m, to: uint8(int(m) + d), promote: tkFarRank(int(m)+d, col)})
			}
		}
	}
	return buf
}

// captures extends a capture of the piece x (lifted off the board, now on
// at, started on from) whose last capture went in direction last (-1
// before the first) and that has taken n pieces (caps, of them kings):
// it appends the complete chains that take the most pieces (by the search
// so far), merging equal-effect ones.
func (g *Turkish) captures(buf []tkMove, from, at int, x uint8, last int, caps, kings uint64, n int) []tkMove {
	found := false
	for i, d := range tkDirs {
		if last >= 0 && i == last^1 {
			continue // no 180-degree turn
		}
		if x&tkKing == 0 && !tkManDir(i, x&tkBlack) {
			continue
		}
		over := at + d
		if x&tkKing != 0 {
			for g.cell[over] == 0 {
				over += d
			}
		}
		v := g.cell[over]
		if !g.enemy(v) || g.cell[over+d] != 0 {
			continue
		}
		found = true
		bit := uint64(1) << tkNumber(over)
		nk := kings
		if v&tkKing != 0 {
			nk |= bit
		}
		g.cell[over] = 0 // the piece taken leaves at once
		if x&tkKing == 0 {
			to, y := over+d, x
			if tkFarRank(to, x&tkBlack) {
				y = x&tkBlack | tkKing // crowned at once, goes on as a king
			}
			buf = g.captures(buf, from, to, y, i, caps|bit, nk, n+1)
		} else {
			for to := over + d; g.cell[to] == 0; to += d {
				buf = g.captures(buf, from, to, x, i, caps|bit, nk, n+1)
			}
		}
		g.cell[over] = v
	}
	if found || n < g.best {
		return buf
	}
	if n > g.best {
		g.best, buf = n, buf[:0]
	}
	for _, mv := range buf {
		if int(mv.from) == from && int(mv.to) == at && mv.caps == caps {
			return buf
		}
	}
	return append(buf, tkMove{from: uint8(from), to: uint8(at), caps: caps, kings: kings,
		promote: g.mover&tkKing == 0 && x&tkKing != 0})
}

// Moves returns the legal moves' texts in the order documented on
// Turkish; nil once the game is over.
func (g *Turkish) Moves() []string {
	ml := g.gen(nil)
	out := make([]string, len(ml))
	for i, mv := range ml {
		out[i] = tkName(int(mv.from)) + "-" + tkName(int(mv.to))
		for j, o := range ml {
			if i != j && o.from == mv.from && o.to == mv.to {
				out[i] += cellSetText(mv.caps, func(k int) int { return int(tkCell[k]) }, tkPitch, 2)
				break
			}
		}
	}
	return out
}

// Play applies the move with this text; anything that is not a legal move
// is an error and leaves the position unchanged.
func (g *Turkish) Play(text string) error {
	if i := slices.Index(g.Moves(), text); i >= 0 {
		g.make(g.gen(nil)[i])
		return nil
	}
	return fmt.Errorf("oracle: turkish draughts: %q is not a legal move", text)
}

func (g *Turkish) make(mv tkMove) {
	x := g.cell[mv.from]
	g.cell[mv.from] = 0
	if mv.promote {
		x = x&tkBlack | tkKing
	}
	for c := mv.caps; c != 0; c &= c - 1 {
		g.cell[tkCell[bits.TrailingZeros64(c)]] = 0
	}
	g.cell[mv.to] = x
	g.ply++
}

func (g *Turkish) unmake(mv tkMove) {
	g.ply--
	x := g.cell[mv.to]
	if mv.promote {
		x = x&tkBlack | tkMan
	}
	g.cell[mv.to] = 0
	foe := x&tkBlack ^ tkBlack
	for c := mv.caps; c != 0; c &= c - 1 {
		k := bits.TrailingZeros64(c)
		v := foe | tkMan
		if mv.kings&(1<<k) != 0 {
			v = foe | tkKing
		}
		g.cell[tkCell[k]] = v
	}
	g.cell[mv.from] = x
}

// Perft counts the sequences of exactly depth legal moves, counting the
// last ply's moves without playing them. depth <= 0 returns 1.
func (g *Turkish) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	for len(g.bufs) < depth {
		g.bufs = append(g.bufs, make([]tkMove, 0, 64))
	}
	return g.perft(depth)
}

func (g *Turkish) perft(depth int) uint64 {
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

// Reason returns "no move" when the player to move has no legal move, ""
// while the game goes on.
func (g *Turkish) Reason() string {
	if len(g.gen(nil)) == 0 {
		return "no move"
	}
	return ""
}

// Over reports whether the game is over.
func (g *Turkish) Over() bool { return g.Reason() != "" }

// Winners is the player who moved last once the player to move has no
// move, nil before.
func (g *Turkish) Winners() []int {
	if g.Over() {
		return []int{1 - g.ToMove()}
	}
	return nil
}

// Scores is nil: the game keeps no score.
func (g *Turkish) Scores() []int { return nil }

// Margin is not defined: (0, false).
func (g *Turkish) Margin() (int, bool) { return 0, false }

// Material returns white's and black's pieces, a king counting as three
// men (for the greedy players of the conformance tests).
func (g *Turkish) Material() []int {
	n := []int{0, 0}
	for _, m := range tkCell {
		if v := g.cell[m]; v != 0 {
			w := 1
			if v&tkKing != 0 {
				w = 3
			}
			n[v&tkBlack/tkBlack] += w
		}
	}
	return n
}
