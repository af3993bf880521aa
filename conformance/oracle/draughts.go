package oracle

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"
)

// The board representation of international draughts and its relatives on
// other square boards (8x8 Brazilian, 12x12 Canadian): a mailbox of 16 x 16
// bytes (a board of up to 12 x 12 with a border at least two cells wide,
// so that a man's short jump from any board cell lands inside the array,
// and a uint8 index never leaves it). A byte is 0 for an empty cell, idOff
// for a border cell, else a piece: idMan or idKing, plus idBlack for
// Black's; idTaken marks a piece captured earlier in the move being built
// (it stays on its cell until the move ends and blocks).
const (
	idPad     = 2
	idPitch   = 16
	idCells   = idPitch * idPitch
	idMaxSide = idPitch - 2*idPad
	idMan     = 1
	idKing    = 2
	idBlack   = 4
	idTaken   = 0x10
	idOff     = 0x80
	idQuiet   = 50 // plies of king moves without capture that draw
)

// idDirs are the four diagonal directions, ascending: SW, SE, NW, NE.
var idDirs = [4]int{-idPitch - 1, -idPitch + 1, idPitch - 1, idPitch + 1}

// idBoard is what depends on the board's size: its side, and the dark
// cells' numbers. A dark cell's number is (rank-1)*side/2 + (file-1)/2,
// ascending like the cell index; 0..71 on 12x12, so a set of dark cells
// takes a word for the numbers below 64 and a byte for the rest (top).
type idBoard struct {
	side int
	dark [idCells]int8 // mailbox index -> dark number, -1 elsewhere
	cell []uint8       // dark number -> mailbox index
}

// idBoards holds the boards of every even side from 4 to idMaxSide.
var idBoards = func() (bs [idMaxSide + 1]*idBoard) {
	for side := 4; side <= idMaxSide; side += 2 {
		b := &idBoard{side: side}
		for i := range b.dark {
			b.dark[i] = -1
		}
		for r := 0; r < side; r++ {
			for f := r % 2; f < side; f += 2 {
				m := (r+idPad)*idPitch + f + idPad
				b.dark[m] = int8(len(b.cell))
				b.cell = append(b.cell, uint8(m))
			}
		}
		bs[side] = b
	}
	return bs
}()

// idMove is one move: from and to (mailbox indices), the dark numbers of
// the captured pieces (caps, and capsTop for the numbers from 64 on) and
// of those that were kings (kings, kingsTop), the number captured, and
// whether a man is promoted at the end.
type idMove struct {
	caps, kings       uint64
	capsTop, kingsTop uint8
	from, to          uint8
	n                 int8
	promote           bool
}

// Draughts is a position of international draughts (games.md §12), on
// the 10 x 10 board or, with NewDraughtsOn, another square board with the
// same rules (Brazilian draughts on 8 x 8, Canadian on 12 x 12).
// Players: 0 is white (first, moving north), 1 is black; each starts with
// men on the dark cells of its (side-2)/2 nearest ranks.
//
// Move order of Moves(): when a capture exists, the capturing moves that
// take the most pieces, in the order of a depth-first search from each
// start cell (ascending cell index) trying the directions SW, SE, NW, NE
// and, for a king, the landing cells nearest first; a move is listed where
// it is first found (equal-effect chains merged). Otherwise the quiet
// moves by start cell, direction (SW, SE, NW, NE) and distance. Cell index
// = (rank-1)*side + (file-1).
type Draughts struct {
	cell  [idCells]uint8
	board *idBoard
	ply   int
	quiet int // plies in a row that were king moves without a capture
	bufs  [][]idMove
	best  int // capture search: most pieces captured so far
	start int // capture search: the buffer index where captures begin

	// FMJD's draws (draughts_fmjd.go), kept when fmjd is set: the
	// positions of the game, the counts, and the counts before each move
	// made (for unmake).
	fmjd     bool
	history  []idKey
	draws    idDrawState
	drawUndo []idDrawState
}

// NewDraughts returns the start position of international draughts.
func NewDraughts() *Draughts {
	g, _ := NewDraughtsOn(10)
	return g
}

// NewDraughtsOn returns the start position on a side x side board: side
// even, from 4 to 12.
func NewDraughtsOn(side int) (*Draughts, error) {
	if side < 4 || side > idMaxSide || side%2 != 0 {
		return nil, fmt.Errorf("oracle: draughts: side %d: want an even side from 4 to %d", side, idMaxSide)
	}
	g := &Draughts{board: idBoards[side]}
	g.cell = g.empty()
	rows := (side - 2) / 2
	men := rows * side / 2
	for k, m := range g.board.cell {
		switch {
		case k < men:
			g.cell[m] = idMan
		case k >= len(g.board.cell)-men:
			g.cell[m] = idMan | idBlack
		}
	}
	return g, nil
}

// empty returns the mailbox of the board without pieces.
func (g *Draughts) empty() [idCells]uint8 {
	var cell [idCells]uint8
	for i := range cell {
		cell[i] = idOff
	}
	for _, m := range g.board.cell {
		cell[m] = 0
	}
	return cell
}

// Side returns the number of cells along the board's side.
func (g *Draughts) Side() int { return g.board.side }

// SetPosition replaces the position: pieces maps cells to "w" (white
// man), "W" (white king), "b", "B" (black); every other dark cell is
// empty. ply decides the player to move; quiet is the number of plies in
// a row that were king moves without capture.
func (g *Draughts) SetPosition(pieces map[string]string, ply, quiet int) error {
	cell := g.empty()
	for name, p := range pieces {
		m, ok := g.parse(name)
		if !ok {
			return fmt.Errorf("oracle: draughts: bad or light cell %q", name)
		}
		v, ok := map[string]uint8{"w": idMan, "W": idKing, "b": idMan | idBlack, "B": idKing | idBlack}[p]
		if !ok {
			return fmt.Errorf("oracle: draughts: cell %s: bad piece %q", name, p)
		}
		cell[m] = v
	}
	g.cell, g.ply, g.quiet = cell, ply, quiet
	g.SetFMJDDraws(g.fmjd)
	return nil
}

func (g *Draughts) parse(s string) (int, bool) {
	f, r, ok := parseSquare(s, g.board.side, g.board.side)
	if !ok || (f+r)%2 != 0 {
		return 0, false
	}
	return (r+idPad)*idPitch + f + idPad, true
}

func idName(m int) string {
	return string(rune('a'+m%idPitch-idPad)) + strconv.Itoa(m/idPitch-idPad+1)
}

// Clone returns an independent copy.
func (g *Draughts) Clone() *Draughts {
	c := *g
	c.bufs, c.drawUndo = nil, nil
	c.history = append([]idKey(nil), g.history[g.draws.since:]...)
	c.draws.since = 0
	return &c
}

// ToMove returns the player to move: 0 white, 1 black.
func (g *Draughts) ToMove() int { return g.ply % 2 }

// Scores is nil: the game keeps no score.
func (g *Draughts) Scores() []int { return nil }

// Margin is not defined: (0, false).
func (g *Draughts) Margin() (int, bool) { return 0, false }

// Reason returns "goal" for a draw (the rules' draw goal: 50 quiet king
// plies, and with FMJD's draws on, draughts_fmjd.go), "no move" when the player to move has no legal move,
// "" while the game goes on.
func (g *Draughts) Reason() string {
	switch {
	case g.drawn():
		return "goal"
	case len(g.gen(nil)) == 0:
		return "no move"
	}
	return ""
}

// Over reports whether the game is over.
func (g *Draughts) Over() bool { return g.Reason() != "" }

// Winners: both players after a draw, the player who moved
// last when the player to move has no move, nil while the game goes on.
func (g *Draughts) Winners() []int {
	switch g.Reason() {
	case "goal":
		return []int{0, 1}
	case "no move":
		return []int{1 - g.ToMove()}
	}
	return nil
}

// Material returns white's and black's pieces on the board, a king
// counting as three men (a measure for the greedy players of the
// conformance tests).
func (g *Draughts) Material() []int {
	n := []int{0, 0}
	for _, m := range g.board.cell {
		if v := g.cell[m]; v&(idMan|idKing) != 0 {
			w := 1
			if v&idKing != 0 {
				w = 3
			}
			n[v&idBlack/idBlack] += w
		}
	}
	return n
}

// Quiet returns the number of plies in a row that were king moves without
// a capture.
func (g *Draughts) Quiet() int { return g.quiet }

func (g *Draughts) colour() uint8 { return uint8(g.ToMove()) * idBlack }

// enemy reports whether x is a piece of the side not to move that was not
// taken yet.
func (g *Draughts) enemy(x uint8) bool {
	return x != 0 && x&(idOff|idTaken) == 0 && x&idBlack != g.colour()
}

// gen fills buf with the legal moves in Moves() order (texts not built).
func (g *Draughts) gen(buf []idMove) []idMove {
	buf = buf[:0]
	col := g.colour()
	g.best, g.start = 1, 0
	for _, m := range g.board.cell {
		if x := g.cell[m]; x != 0 && x&idBlack == col {
			g.cell[m] = 0 // the moving piece leaves its start cell
			buf = g.captures(buf, int(m), int(m), x, 0, 0, 0, 0, 0)
			g.cell[m] = x
		}
	}
	if len(buf) > 0 {
		return buf
	}
	for _, m := range g.board.cell {
		if x := g.cell[m]; x != 0 && x&idBlack == col {
			buf = g.quietMoves(buf, int(m), x)
		}
	}
	return buf
}

// farRank reports whether mailbox m is on the far rank of the side with
// colour col.
func (g *Draughts) farRank(m int, col uint8) bool {
	r := m/idPitch - idPad
	return (col == 0 && r == g.board.side-1) || (col != 0 && r == 0)
}

func (g *Draughts) quietMoves(buf []idMove, m int, x uint8) []idMove {
	col := x & idBlack
	for i, d := range idDirs {
		if x&idKing == 0 {
			if (col == 0) != (i >= 2) { // men step forward only
				continue
			}
			if g.cell[m+d] == 0 {
				buf = append(buf, idMove{from: uint8(m), to: uint8(m + d), promote: g.farRank(m+d, col)})
			}
			continue
		}
		for t := m + d; g.cell[t] == 0; t += d {
			buf = append(buf, idMove{from: uint8(m), to: uint8(t)})
		}
	}
	return buf
}

// captures extends a capture of the piece x (off the board, standing on
// at, started on from) that has taken n pieces (caps and capsTop, of them
// kings and kingsTop): it appends the complete chains that take the most
// pieces (by the search so far), merging equal-effect ones.
func (g *Draughts) captures(buf []idMove, from, at int, x uint8, caps, kings uint64, capsTop, kingsTop uint8, n int) []idMove {
	found := false
	for _, d := range idDirs {
		over := at + d
		if x&idKing != 0 {
			for g.cell[over] == 0 {
				over += d
			}
		}
		if !g.enemy(g.cell[over]) {
			continue
		}
		k := int(g.board.dark[over])
		v := g.cell[over]
		g.cell[over] |= idTaken
		nc, nk, nct, nkt := caps, kings, capsTop, kingsTop
		if k < 64 {
			nc |= 1 << k
			if v&idKing != 0 {
				nk |= 1 << k
			}
		} else {
			nct |= 1 << (k - 64)
			if v&idKing != 0 {
				nkt |= 1 << (k - 64)
			}
		}
		for to := over + d; g.cell[to] == 0; to += d {
			found = true
			buf = g.captures(buf, from, to, x, nc, nk, nct, nkt, n+1)
			if x&idKing == 0 {
				break
			}
		}
		g.cell[over] = v
	}
	if found || n == 0 || n < g.best {
		return buf
	}
	if n > g.best {
		g.best, buf = n, buf[:g.start]
	}
	for _, mv := range buf[g.start:] {
		if int(mv.from) == from && int(mv.to) == at && mv.caps == caps && mv.capsTop == capsTop {
			return buf
		}
	}
	return append(buf, idMove{from: uint8(from), to: uint8(at), caps: caps, kings: kings,
		capsTop: capsTop, kingsTop: kingsTop, n: int8(n), promote: x&idKing == 0 && g.farRank(at, x&idBlack)})
}

// Moves returns the legal moves' texts in the order documented on
// Draughts; nil once the game is over.
func (g *Draughts) Moves() []string {
	if g.drawn() {
		return nil
	}
	ml := g.gen(nil)
	out := make([]string, len(ml))
	for i, mv := range ml {
		out[i] = idName(int(mv.from)) + "-" + idName(int(mv.to))
	}
	for i, mv := range ml {
		for j, o := range ml {
			if i != j && o.from == mv.from && o.to == mv.to {
				out[i] += g.capText(mv)
				break
			}
		}
	}
	return out
}

// capText returns "x" + cell for each cell mv captures, sorted by file
// and then rank.
func (g *Draughts) capText(mv idMove) string {
	var cells []int
	for c := mv.caps; c != 0; c &= c - 1 {
		cells = append(cells, int(g.board.cell[bits.TrailingZeros64(c)]))
	}
	for c := mv.capsTop; c != 0; c &= c - 1 {
		cells = append(cells, int(g.board.cell[64+bits.TrailingZeros8(c)]))
	}
	for i, m := range cells {
		cells[i] = (m%idPitch)*idPitch + m/idPitch // file-major key
	}
	slices.Sort(cells)
	var sb strings.Builder
	for _, k := range cells {
		sb.WriteString("x" + idName((k%idPitch)*idPitch+k/idPitch))
	}
	return sb.String()
}

// Play applies the move with this text; anything that is not a legal move
// is an error and leaves the position unchanged.
func (g *Draughts) Play(text string) error {
	if ms := g.Moves(); ms != nil {
		if i := slices.Index(ms, text); i >= 0 {
			g.make(g.gen(nil)[i])
			return nil
		}
	}
	return fmt.Errorf("oracle: draughts: %q is not a legal move", text)
}

// make plays mv and returns the quiet counter before it, for unmake.
func (g *Draughts) make(mv idMove) int {
	old := g.quiet
	x := g.cell[mv.from]
	mover, man := g.ToMove(), x&idKing == 0
	if x&idKing != 0 && mv.n == 0 {
		g.quiet++
	} else {
		g.quiet = 0
	}
	g.cell[mv.from] = 0
	if mv.promote {
		x = x&idBlack | idKing
	}
	g.cell[mv.to] = x
	for c := mv.caps; c != 0; c &= c - 1 {
		g.cell[g.board.cell[bits.TrailingZeros64(c)]] = 0
	}
	for c := mv.capsTop; c != 0; c &= c - 1 {
		g.cell[g.board.cell[64+bits.TrailingZeros8(c)]] = 0
	}
	g.ply++
	if g.fmjd {
		g.countDraws(mv, mover, man)
	}
	return old
}

func (g *Draughts) unmake(mv idMove, quiet int) {
	if g.fmjd {
		g.drawUncount()
	}
	g.ply--
	g.quiet = quiet
	x := g.cell[mv.to]
	if mv.promote {
		x = x&idBlack | idMan
	}
	g.cell[mv.to] = 0
	g.cell[mv.from] = x
	foe := (x & idBlack) ^ idBlack
	for c := mv.caps; c != 0; c &= c - 1 {
		k := bits.TrailingZeros64(c)
		v := foe | idMan
		if mv.kings&(1<<k) != 0 {
			v = foe | idKing
		}
		g.cell[g.board.cell[k]] = v
	}
	for c := mv.capsTop; c != 0; c &= c - 1 {
		k := bits.TrailingZeros8(c)
		v := foe | idMan
		if mv.kingsTop&(1<<k) != 0 {
			v = foe | idKing
		}
		g.cell[g.board.cell[64+k]] = v
	}
}

// Perft counts the sequences of exactly depth legal moves (a game that
// ends earlier contributes nothing). depth <= 0 returns 1.
func (g *Draughts) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	for len(g.bufs) < depth {
		g.bufs = append(g.bufs, make([]idMove, 0, 64))
	}
	return g.perft(depth)
}

func (g *Draughts) perft(depth int) uint64 {
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
		q := g.make(mv)
		n += g.perft(depth - 1)
		g.unmake(mv, q)
	}
	return n
}
