package oracle

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"
)

// Russian draughts, written by hand from the rules of issue 28 ("Rule
// books differ on details; follow these") and games.md §16, sharing
// nothing with lang or interp:
//
//   - an 8 x 8 board whose corner a1 is dark; play is on the 32 dark
//     cells (file index plus rank index even: a1, c1, ..., b2, ...);
//   - White (player 0) has twelve men on the dark cells of ranks 1-3 and
//     moves first, north; Black (player 1) twelve on ranks 6-8, south;
//   - a man steps one cell diagonally forward; a king flies: any number
//     of empty cells along a diagonal;
//   - capturing is compulsory, with no majority rule: every capture
//     chain carried to its end is a move. A man jumps an adjacent enemy
//     piece diagonally, forwards or backwards, to the empty cell beyond;
//     a king jumps an enemy piece at any distance along a diagonal (the
//     cells between empty) and lands on any empty cell beyond it, except
//     that when it can go on capturing from some of those landing cells
//     it must land on one of them;
//   - the pieces taken stay on the board until the move ends: they block
//     and may not be jumped again; the moving piece's start cell is empty
//     from its first jump;
//   - a man that reaches the far rank by a step ends its move there as a
//     king; one that reaches it during a capture is crowned at once and
//     goes on capturing as a king while it can;
//   - captures are named by their ends ("c3-e5"); chains with the same
//     start, end and captured pieces are one move; where two legal moves
//     share start and end, each appends its captured cells, "x" and the
//     cell each, sorted by file then rank ("c3-e5xd4xd6");
//   - a player with no legal move loses; there is no draw rule unless
//     SetFederationDraws(true) adds the Russian federation's draws
//     (russian_draws.go): the third repetition, 15 moves each of kings
//     only, three kings against one (15 moves of the stronger side).
//
// Move order of Moves(): the captures by start cell (ascending dark
// cell, rank by rank from a1), each found by a depth-first search trying
// SW, SE, NW, NE and a king's landing cells nearest first, a move listed
// where it is first found; otherwise the quiet moves by start cell,
// direction and distance.
type Russian struct {
	cell  [ruCells]uint8
	ply   int
	mover uint8 // capture search: the moving piece as it stood on its start cell
	bufs  [][]ruMove

	// The federation's draws (russian_draws.go), kept when fed is set:
	// the positions of the game, the counts, and the counts before each
	// move made (for unmake).
	fed      bool
	history  []ruKey
	draws    ruDrawState
	drawUndo []ruDrawState
}

// The board: a mailbox of 12 x 12 bytes (the 8 x 8 board with a border
// two cells wide, so that a man's jump from any board cell lands inside
// the array). A byte is 0 for an empty dark cell, ruOff for a light or
// border cell, else ruMan or ruKing, plus ruBlack for Black's; ruTaken
// marks a piece taken earlier in the capture being built.
const (
	ruPitch = 12
	ruCells = ruPitch * ruPitch
	ruMan   = 1
	ruKing  = 2
	ruBlack = 4
	ruTaken = 8
	ruOff   = 0x80
)

// ruDirs are the four diagonal directions: SW, SE, NW, NE.
var ruDirs = [4]int{-ruPitch - 1, -ruPitch + 1, ruPitch - 1, ruPitch + 1}

// ruCell maps the dark cells' numbers (0..31, rank by rank from a1) to
// mailbox indices; ruDark maps back (-1 off the dark cells).
var ruCell, ruDark = func() (cell [32]uint8, dark [ruCells]int8) {
	for i := range dark {
		dark[i] = -1
	}
	n := 0
	for r := 0; r < 8; r++ {
		for f := r % 2; f < 8; f += 2 {
			m := (r+2)*ruPitch + f + 2
			cell[n], dark[m] = uint8(m), int8(n)
			n++
		}
	}
	return cell, dark
}()

// ruMove is one move: its ends (mailbox indices), the dark numbers of the
// pieces it takes and of those that were kings, and whether the moving
// man ends it as a king.
type ruMove struct {
	caps, kings uint32
	from, to    uint8
	promote     bool
}

// NewRussian returns the start position.
func NewRussian() *Russian {
	g := &Russian{}
	g.cell = ruEmpty()
	for k, m := range ruCell {
		switch {
		case k < 12:
			g.cell[m] = ruMan
		case k >= 20:
			g.cell[m] = ruMan | ruBlack
		}
	}
	return g
}

func ruEmpty() [ruCells]uint8 {
	var cell [ruCells]uint8
	for i := range cell {
		cell[i] = ruOff
	}
	for _, m := range ruCell {
		cell[m] = 0
	}
	return cell
}

func ruName(m int) string {
	return string(rune('a'+m%ruPitch-2)) + strconv.Itoa(m/ruPitch-1)
}

// SetPosition replaces the position: pieces maps dark cells to "w" (white
// man), "W" (white king), "b", "B" (black); ply plies played (even: White
// to move). The federation's draws, when on, count from this position.
func (g *Russian) SetPosition(pieces map[string]string, ply int) error {
	cell := ruEmpty()
	for name, p := range pieces {
		f, r, ok := parseSquare(name, 8, 8)
		v, known := map[string]uint8{"w": ruMan, "W": ruKing, "b": ruMan | ruBlack, "B": ruKing | ruBlack}[p]
		if !ok || (f+r)%2 != 0 || !known {
			return fmt.Errorf("oracle: russian draughts: bad piece %q on %q", p, name)
		}
		cell[(r+2)*ruPitch+f+2] = v
	}
	g.cell, g.ply = cell, ply
	g.SetFederationDraws(g.fed)
	return nil
}

// Clone returns an independent copy.
func (g *Russian) Clone() *Russian {
	c := *g
	c.bufs, c.drawUndo = nil, nil
	c.history = append([]ruKey(nil), g.history[g.draws.since:]...)
	c.draws.since = 0
	return &c
}

// ToMove returns the player to move: 0 white, 1 black.
func (g *Russian) ToMove() int { return g.ply % 2 }

func (g *Russian) colour() uint8 { return uint8(g.ToMove()) * ruBlack }

// enemy reports whether x is a piece of the side not to move not taken yet.
func (g *Russian) enemy(x uint8) bool {
	return x != 0 && x&(ruOff|ruTaken) == 0 && x&ruBlack != g.colour()
}

// farRank reports whether mailbox m is on the far rank of the side col.
func ruFarRank(m int, col uint8) bool {
	r := m/ruPitch - 2
	return (col == 0 && r == 7) || (col != 0 && r == 0)
}

// gen fills buf with the legal moves in Moves() order.
func (g *Russian) gen(buf []ruMove) []ruMove {
	buf = buf[:0]
	col := g.colour()
	for _, m := range ruCell {
		if x := g.cell[m]; x != 0 && x&ruBlack == col {
			g.cell[m], g.mover = 0, x // the piece leaves its start cell
			buf = g.captures(buf, int(m), int(m), x, 0, 0)
			g.cell[m] = x
		}
	}
	if len(buf) > 0 {
		return buf
	}
	for _, m := range ruCell {
		x := g.cell[m]
		if x == 0 || x&ruBlack != col {
			continue
		}
		for i, d := range ruDirs {
			if x&ruKing != 0 {
				for t := int(m) + d; g.cell[t] == 0; t += d {
					buf = append(buf, ruMove{from: m, to: uint8(t)})
				}
			} else if (col == 0) == (i >= 2) && g.cell[int(m)+d] == 0 { // men step forward
				buf = append(buf, ruMove{from: m, to: uint8(int(m) + d), promote: ruFarRank(int(m)+d, col)})
			}
		}
	}
	return buf
}

// canCapture reports whether a king standing on at could capture.
func (g *Russian) canCapture(at int) bool {
	for _, d := range ruDirs {
		over := at + d
		for g.cell[over] == 0 {
			over += d
		}
		if g.enemy(g.cell[over]) && g.cell[over+d] == 0 {
			return true
		}
	}
	return false
}

// captures extends a capture of the piece x (lifted off the board, now on
// at, started on from) that has taken caps (of them kings): it appends
// the chains carried to their end, merging equal-effect ones.
func (g *Russian) captures(buf []ruMove, from, at int, x uint8, caps, kings uint32) []ruMove {
	found := false
	for _, d := range ruDirs {
		over := at + d
		if x&ruKing != 0 {
			for g.cell[over] == 0 {
				over += d
			}
		}
		v := g.cell[over]
		if !g.enemy(v) || g.cell[over+d] != 0 {
			continue
		}
		found = true
		bit := uint32(1) << ruDark[over]
		nk := kings
		if v&ruKing != 0 {
			nk |= bit
		}
		g.cell[over] |= ruTaken
		if x&ruKing == 0 {
			to, y := over+d, x
			if ruFarRank(to, x&ruBlack) {
				y = x&ruBlack | ruKing // crowned at once, goes on as a king
			}
			buf = g.captures(buf, from, to, y, caps|bit, nk)
		} else {
			// Where the king can go on capturing from some landing cells,
			// it must land on one of them.
			goOn := false
			for to := over + d; g.cell[to] == 0 && !goOn; to += d {
				goOn = g.canCapture(to)
			}
			for to := over + d; g.cell[to] == 0; to += d {
				if !goOn || g.canCapture(to) {
					buf = g.captures(buf, from, to, x, caps|bit, nk)
				}
			}
		}
		g.cell[over] = v
	}
	if found || caps == 0 {
		return buf
	}
	for _, mv := range buf {
		if int(mv.from) == from && int(mv.to) == at && mv.caps == caps {
			return buf
		}
	}
	return append(buf, ruMove{from: uint8(from), to: uint8(at), caps: caps, kings: kings,
		promote: g.mover&ruKing == 0 && x&ruKing != 0})
}

// Moves returns the legal moves' texts in the order documented on
// Russian; nil once the game is over.
func (g *Russian) Moves() []string {
	if g.drawn() {
		return nil
	}
	ml := g.gen(nil)
	out := make([]string, len(ml))
	for i, mv := range ml {
		out[i] = ruName(int(mv.from)) + "-" + ruName(int(mv.to))
		for j, o := range ml {
			if i != j && o.from == mv.from && o.to == mv.to {
				out[i] += cellSetText(mv.caps, func(k int) int { return int(ruCell[k]) }, ruPitch, 2)
				break
			}
		}
	}
	return out
}

// cellSetText returns "x" + cell for each cell of the set caps (cell numbers
// mapped to mailbox indices by mailbox, on a mailbox of this pitch with a
// border pad cells wide), sorted by file and then rank.
func cellSetText[S cellSet](caps S, mailbox func(int) int, pitch, pad int) string {
	var cells []int
	for c := uint64(caps); c != 0; c &= c - 1 {
		m := mailbox(bits.TrailingZeros64(c))
		cells = append(cells, (m%pitch)*pitch+m/pitch) // file-major key
	}
	slices.Sort(cells)
	var sb strings.Builder
	for _, k := range cells {
		m := (k%pitch)*pitch + k/pitch
		sb.WriteString("x" + string(rune('a'+m%pitch-pad)) + strconv.Itoa(m/pitch-pad+1))
	}
	return sb.String()
}

// cellSet is a set of cell numbers, one bit each.
type cellSet interface{ ~uint32 | ~uint64 }

// Play applies the move with this text; anything that is not a legal move
// is an error and leaves the position unchanged.
func (g *Russian) Play(text string) error {
	if i := slices.Index(g.Moves(), text); i >= 0 {
		g.make(g.gen(nil)[i])
		return nil
	}
	return fmt.Errorf("oracle: russian draughts: %q is not a legal move", text)
}

func (g *Russian) make(mv ruMove) {
	x := g.cell[mv.from]
	mover, king := g.ToMove(), x&ruKing != 0
	g.cell[mv.from] = 0
	if mv.promote {
		x = x&ruBlack | ruKing
	}
	g.cell[mv.to] = x
	for c := mv.caps; c != 0; c &= c - 1 {
		g.cell[ruCell[bits.TrailingZeros32(c)]] = 0
	}
	g.ply++
	if g.fed {
		g.countDraws(mover, king, bits.OnesCount32(mv.caps))
	}
}

func (g *Russian) unmake(mv ruMove) {
	if g.fed {
		g.drawUncount()
	}
	g.ply--
	x := g.cell[mv.to]
	if mv.promote {
		x = x&ruBlack | ruMan
	}
	g.cell[mv.to] = 0
	g.cell[mv.from] = x
	foe := x&ruBlack ^ ruBlack
	for c := mv.caps; c != 0; c &= c - 1 {
		k := bits.TrailingZeros32(c)
		v := foe | ruMan
		if mv.kings&(1<<k) != 0 {
			v = foe | ruKing
		}
		g.cell[ruCell[k]] = v
	}
}

// Perft counts the sequences of exactly depth legal moves, counting the
// last ply's moves without playing them. depth <= 0 returns 1.
func (g *Russian) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	for len(g.bufs) < depth {
		g.bufs = append(g.bufs, make([]ruMove, 0, 64))
	}
	return g.perft(depth)
}

func (g *Russian) perft(depth int) uint64 {
	if g.drawn() {
		return 0
	}
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

// Reason returns "goal" for a draw (the federation's draws, when on: the
// rules' draw goal), "no move" when the player to move has no legal move,
// "" while the game goes on.
func (g *Russian) Reason() string {
	switch {
	case g.drawn():
		return "goal"
	case len(g.gen(nil)) == 0:
		return "no move"
	}
	return ""
}

// Over reports whether the game is over.
func (g *Russian) Over() bool { return g.Reason() != "" }

// Winners: both players after a draw, the player who moved last when
// the player to move has no move, nil while the game goes on.
func (g *Russian) Winners() []int {
	switch g.Reason() {
	case "goal":
		return []int{0, 1}
	case "no move":
		return []int{1 - g.ToMove()}
	}
	return nil
}

// Scores is nil: the game keeps no score.
func (g *Russian) Scores() []int { return nil }

// Margin is not defined: (0, false).
func (g *Russian) Margin() (int, bool) { return 0, false }

// Material returns white's and black's pieces, a king counting as three
// men (for the greedy players of the conformance tests).
func (g *Russian) Material() []int {
	n := []int{0, 0}
	for _, m := range ruCell {
		if v := g.cell[m]; v != 0 {
			w := 1
			if v&ruKing != 0 {
				w = 3
			}
			n[v&ruBlack/ruBlack] += w
		}
	}
	return n
}
