package oracle

import (
	"fmt"
	"strconv"
	"strings"
)

// English draughts board representation: a 12 x 12 mailbox (the 8 x 8
// board with a border two cells wide, so that the landing cell of a jump
// from any board cell is inside the array).
const (
	ckPitch = 12
	ckCells = ckPitch * ckPitch
	ckEmpty = 0
	ckMan   = 1
	ckKing  = 2
	ckWhite = 4 // + ckMan or ckKing: a white piece
	ckTaken = 8 // a piece jumped in the chain being built
	ckOff   = 0x80
)

// ckDirs are the diagonal directions: NW, NE (black's forward), SW, SE
// (white's forward).
var ckDirs = [4]int{ckPitch - 1, ckPitch + 1, -ckPitch - 1, -ckPitch + 1}

// ckMove is one move: the cells the piece stands on (path[0] the start,
// then path[1..steps], the cell of a step or every landing of a chain) and
// whether it jumps.
type ckMove struct {
	path  [13]int8 // twelve jumps at most
	steps int8     // cells after from: 1 for a step or a single jump
	jumps bool
}

// EnglishDraughts is a position of English draughts (games.md §10). Players: 0
// is black (first, the dark cells of ranks 1-3, moving north), 1 is white.
//
// Move order of Moves(): when a capture exists, only captures: by start
// cell (ascending index (rank-1)*8 + file-1), each chain found by a
// depth-first search trying NW, NE, SW, SE (a man only its forward two);
// otherwise the steps by start cell and the same directions. A chain goes
// on while the piece can jump (compulsory and complete); a jumped piece
// stays on the board, blocking, until the move ends and is never jumped
// twice; a man that reaches the far rank is crowned there and the move
// ends. A player with no move loses (Reason "no move"). Scores is nil.
type EnglishDraughts struct {
	cell [ckCells]uint8
	ply  int
	bufs [][]ckMove
}

// NewEnglishDraughts returns the start position.
func NewEnglishDraughts() *EnglishDraughts {
	g := &EnglishDraughts{}
	for i := range g.cell {
		g.cell[i] = ckOff
	}
	for r := 0; r < 8; r++ {
		for f := 0; f < 8; f++ {
			v := uint8(ckEmpty)
			switch {
			case (f+r)%2 != 0: // a light cell: never used
				v = ckOff
			case r < 3:
				v = ckMan
			case r > 4:
				v = ckMan | ckWhite
			}
			g.cell[ckIndex(f, r)] = v
		}
	}
	return g
}

func ckIndex(f, r int) int { return (r+2)*ckPitch + f + 2 }

func ckName(m int) string {
	return string(rune('a'+m%ckPitch-2)) + strconv.Itoa(m/ckPitch-1)
}

// SetPosition replaces the position: pieces maps dark cells to "b", "B"
// (black man, king), "w", "W"; ply plies played.
func (g *EnglishDraughts) SetPosition(pieces map[string]string, ply int) error {
	for r := 0; r < 8; r++ {
		for f := 0; f < 8; f++ {
			if (f+r)%2 == 0 {
				g.cell[ckIndex(f, r)] = ckEmpty
			}
		}
	}
	for name, p := range pieces {
		f, r, ok := parseSquare(name, 8, 8)
		v, known := map[string]uint8{"b": ckMan, "B": ckKing, "w": ckMan | ckWhite, "W": ckKing | ckWhite}[p]
		if !ok || (f+r)%2 != 0 || !known {
			return fmt.Errorf("oracle: english draughts: bad piece %q on %q", p, name)
		}
		g.cell[ckIndex(f, r)] = v
	}
	g.ply = ply
	return nil
}

// Clone returns an independent copy.
func (g *EnglishDraughts) Clone() *EnglishDraughts {
	c := *g
	c.bufs = nil
	return &c
}

// ToMove returns the player to move: 0 black, 1 white.
func (g *EnglishDraughts) ToMove() int { return g.ply % 2 }

// Scores is nil: the game keeps no score.
func (g *EnglishDraughts) Scores() []int { return nil }

// Margin is not defined: (0, false).
func (g *EnglishDraughts) Margin() (int, bool) { return 0, false }

// Material returns black's and white's pieces, a king counting as three
// men (a measure for the greedy players of the conformance tests).
func (g *EnglishDraughts) Material() []int {
	n := []int{0, 0}
	for _, v := range g.cell {
		if v != ckOff && v&(ckMan|ckKing) != 0 {
			w := 1
			if v&ckKing != 0 {
				w = 3
			}
			n[v&ckWhite/ckWhite] += w
		}
	}
	return n
}

// Reason returns "no move" when the player to move has no move, "" before.
func (g *EnglishDraughts) Reason() string {
	if len(g.gen(nil)) == 0 {
		return "no move"
	}
	return ""
}

// Over reports whether the game is over.
func (g *EnglishDraughts) Over() bool { return g.Reason() != "" }

// Winners returns the player who made the last move once the game is
// over, nil before.
func (g *EnglishDraughts) Winners() []int {
	if !g.Over() {
		return nil
	}
	return []int{1 - g.ToMove()}
}

// dirs returns the directions of the piece v: a man's forward two, a
// king's four.
func (g *EnglishDraughts) dirs(v uint8) []int {
	switch {
	case v&ckKing != 0:
		return ckDirs[:]
	case v&ckWhite != 0:
		return ckDirs[2:]
	}
	return ckDirs[:2]
}

func (g *EnglishDraughts) isFoe(v uint8, own uint8) bool {
	return v != ckOff && v&(ckMan|ckKing) != 0 && v&ckTaken == 0 && v&ckWhite != own&ckWhite
}

// gen fills buf with the legal moves in Moves() order.
func (g *EnglishDraughts) gen(buf []ckMove) []ckMove {
	buf = buf[:0]
	colour := uint8(g.ToMove()) * ckWhite
	for m := range g.cell {
		v := g.cell[m]
		if v == ckOff || v&(ckMan|ckKing) == 0 || v&ckWhite != colour {
			continue
		}
		g.cell[m] = ckEmpty // the start cell is empty once the piece leaves
		var mv ckMove
		mv.path[0] = int8(m)
		buf = g.chains(buf, &mv, m, v, 0)
		g.cell[m] = v
	}
	if len(buf) > 0 {
		return buf
	}
	for m := range g.cell {
		v := g.cell[m]
		if v == ckOff || v&(ckMan|ckKing) == 0 || v&ckWhite != colour {
			continue
		}
		for _, d := range g.dirs(v) {
			if g.cell[m+d] == ckEmpty {
				mv := ckMove{steps: 1}
				mv.path[0], mv.path[1] = int8(m), int8(m+d)
				buf = append(buf, mv)
			}
		}
	}
	return buf
}

// chains appends every complete capture chain of the piece v standing on
// at after n jumps (mv.path holds them).
func (g *EnglishDraughts) chains(buf []ckMove, mv *ckMove, at int, v uint8, n int) []ckMove {
	found := false
	// A man crowned on the far rank ends the move.
	farRow := 9 // the mailbox row of rank 8 (black) or rank 1 (white)
	if v&ckWhite != 0 {
		farRow = 2
	}
	if n == 0 || v&ckKing != 0 || at/ckPitch != farRow {
		for _, d := range g.dirs(v) {
			over, land := at+d, at+2*d
			if !g.isFoe(g.cell[over], v) || g.cell[land] != ckEmpty {
				continue
			}
			found = true
			g.cell[over] |= ckTaken
			mv.path[n+1] = int8(land)
			buf = g.chains(buf, mv, land, v, n+1)
			g.cell[over] &^= ckTaken
		}
	}
	if !found && n > 0 {
		c := *mv
		c.steps, c.jumps = int8(n), true
		buf = append(buf, c)
	}
	return buf
}

func (g *EnglishDraughts) text(mv ckMove) string {
	var sb strings.Builder
	sb.WriteString(ckName(int(mv.path[0])))
	for i := 1; i <= int(mv.steps); i++ {
		sb.WriteByte('-')
		sb.WriteString(ckName(int(mv.path[i])))
	}
	return sb.String()
}

// Moves returns the legal moves' texts in the order documented on
// EnglishDraughts.
func (g *EnglishDraughts) Moves() []string {
	var out []string
	for _, mv := range g.gen(nil) {
		out = append(out, g.text(mv))
	}
	return out
}

// Play applies the move with this text; anything that is not a legal move
// is an error and leaves the position unchanged.
func (g *EnglishDraughts) Play(text string) error {
	for _, mv := range g.gen(nil) {
		if g.text(mv) == text {
			g.make(mv)
			return nil
		}
	}
	return fmt.Errorf("oracle: english draughts: %q is not a legal move", text)
}

// make plays mv: the piece goes to the last cell of its path, the jumped
// pieces leave, a man ending on the far rank is crowned. It returns what
// unmake needs: bit i set when the i-th piece jumped was a king, bit 16
// when the piece was crowned.
func (g *EnglishDraughts) make(mv ckMove) int {
	from, to := int(mv.path[0]), int(mv.path[mv.steps])
	v := g.cell[from]
	g.cell[from] = ckEmpty
	undo := 0
	if mv.jumps {
		for i := 0; i < int(mv.steps); i++ {
			over := (int(mv.path[i]) + int(mv.path[i+1])) / 2
			if g.cell[over]&ckKing != 0 {
				undo |= 1 << i
			}
			g.cell[over] = ckEmpty
		}
	}
	row := to / ckPitch
	if v&ckMan != 0 && ((v&ckWhite == 0 && row == 9) || (v&ckWhite != 0 && row == 2)) {
		v = v&ckWhite | ckKing
		undo |= 1 << 16
	}
	g.cell[to] = v
	g.ply++
	return undo
}

// unmake takes back mv, played by make, which returned undo.
func (g *EnglishDraughts) unmake(mv ckMove, undo int) {
	g.ply--
	from, to := int(mv.path[0]), int(mv.path[mv.steps])
	v := g.cell[to]
	g.cell[to] = ckEmpty
	if undo&(1<<16) != 0 {
		v = v&ckWhite | ckMan
	}
	g.cell[from] = v
	if mv.jumps {
		foe := (v & ckWhite) ^ ckWhite
		for i := 0; i < int(mv.steps); i++ {
			kind := uint8(ckMan)
			if undo&(1<<i) != 0 {
				kind = ckKing
			}
			g.cell[(int(mv.path[i])+int(mv.path[i+1]))/2] = foe | kind
		}
	}
}

// Perft counts the sequences of exactly depth legal moves (the last ply
// counted without being played). depth <= 0 returns 1.
func (g *EnglishDraughts) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	for len(g.bufs) < depth {
		g.bufs = append(g.bufs, make([]ckMove, 0, 32))
	}
	return g.perft(depth)
}

func (g *EnglishDraughts) perft(depth int) uint64 {
	ml := g.gen(g.bufs[depth-1])
	g.bufs[depth-1] = ml
	if depth == 1 {
		return uint64(len(ml))
	}
	var n uint64
	for _, mv := range ml {
		u := g.make(mv)
		n += g.perft(depth - 1)
		g.unmake(mv, u)
	}
	return n
}
