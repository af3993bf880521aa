package oracle

import (
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strconv"
	"strings"
)

// Leap Frog board representation: a mailbox of (W+4) x (H+4) bytes with a
// border two cells wide, so that the landing cell of a short jump from any
// board cell is always inside the array. A byte is 0 for an empty cell,
// lfOff for a border cell, and 1..127 for a piece (its value in points).
const (
	lfMaxSide  = 26
	lfPad      = 2
	lfMaxPitch = lfMaxSide + 2*lfPad
	lfMailbox  = 1024 // >= lfMaxPitch^2 = 900; a power of two so that index&lfMask needs no bounds check
	lfMask     = lfMailbox - 1
	lfWords    = (lfMaxPitch*lfMaxPitch + 63) / 64
	lfOff      = 0x80
	lfMaxValue = 0x7f
)

// lfPiece reports whether a mailbox byte holds a piece (1..127).
func lfPiece(x uint8) bool { return x-1 < lfMaxValue }

// RemovalRule says which turns are removal turns in the Leap Frog family.
type RemovalRule int

const (
	// RemovalEachPlayer: every player's first turn is a removal (Leap Frog,
	// Murray's variant). With n players, plies 0..n-1 are removals.
	RemovalEachPlayer RemovalRule = iota
	// RemovalFirstPly: only the first player's first turn (ply 0) is a
	// removal (Froglet).
	RemovalFirstPly
)

// LeapFrogOptions configures the Leap Frog family generator.
type LeapFrogOptions struct {
	W, H     int // board size, 3..26 each
	Players  int // >= 2
	Diagonal bool
	Removal  RemovalRule
	// Points gives the value of the piece initially on each cell (1..127).
	// nil means every piece is worth 1 (plain Leap Frog: score = captures).
	// When non-nil it must name every cell of the board.
	Points map[string]int
}

// MurrayPoints are the colour values of Murray's variant (docs/rules/leapfrog-murray.md).
var MurrayPoints = map[string]int{"green": 4, "red": 3, "yellow": 2, "white": 1}

// FrogletPoints are the colour values of Froglet (docs/rules/froglet.md).
var FrogletPoints = map[string]int{"green": 1, "yellow": 2, "red": 3, "blue": 4}

// MurrayCounts returns the colour counts of Murray's variant for a board of
// n cells: white = round(0.4n), yellow = round(0.3n), red = round(0.2n)
// (halves rounded up), green = the rest.
func MurrayCounts(n int) map[string]int {
	white := (4*n + 5) / 10
	yellow := (3*n + 5) / 10
	red := (2*n + 5) / 10
	return map[string]int{"green": n - white - yellow - red, "red": red, "yellow": yellow, "white": white}
}

// FrogletCounts are the colour counts of Froglet on its 12 x 12 board.
var FrogletCounts = map[string]int{"green": 66, "yellow": 51, "red": 21, "blue": 6}

// LeapFrog is a position of Leap Frog (docs/rules/leapfrog.md) or one of its variants
// (Murray §2, Froglet §3) on a W x H board with any number of players.
//
// Move order of Moves(): on a removal turn, "x"+cell for every occupied cell
// in ascending cell index; on a jump turn, all chains in lexicographic order
// of their sequences of cell indices (start cell first), so that every
// prefix comes immediately before its extensions. Cell index =
// (rank-1)*W + (file-1).
type LeapFrog struct {
	w, h, pitch int
	players     int
	diagonal    bool
	removal     RemovalRule
	ndirs       int
	dirs        [8]int // mailbox offsets, ascending
	nw          int    // words of empty/onBoard in use
	pieces      int    // pieces on the board
	ply         int
	cell        [lfMailbox]uint8
	empty       [lfWords]uint64 // empty board cells, by mailbox index
	onBoard     [lfWords]uint64 // board cells, by mailbox index
	score       []int
}

// NewLeapFrog returns the start of plain Leap Frog: every cell holds a piece
// worth 1, every player's first turn is a removal.
func NewLeapFrog(w, h, players int, diagonal bool) (*LeapFrog, error) {
	return NewLeapFrogVariant(LeapFrogOptions{W: w, H: h, Players: players, Diagonal: diagonal})
}

// NewMurray returns the start of Murray's variant with the given explicit
// layout (cell -> colour among MurrayPoints). The colour counts are not
// checked (see MurrayCounts).
func NewMurray(w, h, players int, diagonal bool, layout map[string]string) (*LeapFrog, error) {
	pts, err := colourPoints(layout, MurrayPoints)
	if err != nil {
		return nil, err
	}
	return NewLeapFrogVariant(LeapFrogOptions{W: w, H: h, Players: players, Diagonal: diagonal, Points: pts})
}

// NewFroglet returns the start of Froglet (normally 12 x 12, 2 players) with
// the given explicit layout (cell -> colour among FrogletPoints): only ply 0
// is a removal. The colour counts are not checked (see FrogletCounts).
func NewFroglet(w, h, players int, diagonal bool, layout map[string]string) (*LeapFrog, error) {
	pts, err := colourPoints(layout, FrogletPoints)
	if err != nil {
		return nil, err
	}
	return NewLeapFrogVariant(LeapFrogOptions{W: w, H: h, Players: players, Diagonal: diagonal,
		Points: pts, Removal: RemovalFirstPly})
}

func colourPoints(layout map[string]string, values map[string]int) (map[string]int, error) {
	pts := make(map[string]int, len(layout))
	for c, col := range layout {
		v, ok := values[col]
		if !ok {
			return nil, fmt.Errorf("oracle: cell %s: unknown colour %q", c, col)
		}
		pts[c] = v
	}
	return pts, nil
}

// NewLeapFrogVariant returns the start position of the configured game.
func NewLeapFrogVariant(o LeapFrogOptions) (*LeapFrog, error) {
	if o.W < 3 || o.W > lfMaxSide || o.H < 3 || o.H > lfMaxSide {
		return nil, fmt.Errorf("oracle: board %dx%d out of range 3..26", o.W, o.H)
	}
	if o.Players < 2 {
		return nil, fmt.Errorf("oracle: %d players, need at least 2", o.Players)
	}
	if o.Removal != RemovalEachPlayer && o.Removal != RemovalFirstPly {
		return nil, fmt.Errorf("oracle: unknown removal rule %d", o.Removal)
	}
	g := &LeapFrog{w: o.W, h: o.H, pitch: o.W + 2*lfPad, players: o.Players,
		diagonal: o.Diagonal, removal: o.Removal, score: make([]int, o.Players)}
	p := g.pitch
	if o.Diagonal {
		g.dirs = [8]int{-p - 1, -p, -p + 1, -1, 1, p - 1, p, p + 1}
		g.ndirs = 8
	} else {
		g.dirs = [8]int{-p, -1, 1, p}
		g.ndirs = 4
	}
	for i := range g.cell {
		g.cell[i] = lfOff
	}
	for r := 0; r < g.h; r++ {
		for f := 0; f < g.w; f++ {
			m := g.mb(f, r)
			g.onBoard[m>>6] |= 1 << (m & 63)
			g.cell[m] = 1
		}
	}
	g.pieces = g.w * g.h
	g.nw = ((g.h+2*lfPad)*g.pitch + 63) / 64
	if o.Points != nil {
		if len(o.Points) != g.w*g.h {
			return nil, fmt.Errorf("oracle: points for %d cells, board has %d", len(o.Points), g.w*g.h)
		}
		for name, v := range o.Points {
			m, ok := g.parseCell(name)
			if !ok {
				return nil, fmt.Errorf("oracle: bad cell %q", name)
			}
			if v < 1 || v > lfMaxValue {
				return nil, fmt.Errorf("oracle: cell %s: value %d out of range 1..127", name, v)
			}
			g.cell[m] = uint8(v)
		}
	}
	return g, nil
}

// SetPosition replaces the position: pieces maps occupied cells to their
// values (1 for plain Leap Frog), every other cell is empty; ply is the
// number of plies already played (it decides the player to move and whether
// this is a removal turn); scores (nil = all zero) are the points captured so
// far per player.
func (g *LeapFrog) SetPosition(pieces map[string]int, ply int, scores []int) error {
	if ply < 0 {
		return errors.New("oracle: negative ply")
	}
	if scores != nil && len(scores) != g.players {
		return fmt.Errorf("oracle: %d scores for %d players", len(scores), g.players)
	}
	var cell [lfMailbox]uint8
	for i := range cell {
		cell[i] = lfOff
	}
	empty := g.onBoard
	for r := 0; r < g.h; r++ {
		for f := 0; f < g.w; f++ {
			cell[g.mb(f, r)] = 0
		}
	}
	for name, v := range pieces {
		m, ok := g.parseCell(name)
		if !ok {
			return fmt.Errorf("oracle: bad cell %q", name)
		}
		if v < 1 || v > lfMaxValue {
			return fmt.Errorf("oracle: cell %s: value %d out of range 1..127", name, v)
		}
		cell[m] = uint8(v)
		empty[m>>6] &^= 1 << (m & 63)
	}
	g.cell, g.empty, g.pieces, g.ply = cell, empty, len(pieces), ply
	for i := range g.score {
		g.score[i] = 0
		if scores != nil {
			g.score[i] = scores[i]
		}
	}
	return nil
}

func (g *LeapFrog) mb(f, r int) int { return (r+lfPad)*g.pitch + f + lfPad }

func (g *LeapFrog) cellName(m int) string {
	f := m%g.pitch - lfPad
	r := m/g.pitch - lfPad
	return string(rune('a'+f)) + strconv.Itoa(r+1)
}

// parseCell parses a cell name of this board into a mailbox index.
func (g *LeapFrog) parseCell(s string) (int, bool) {
	f, r, ok := parseSquare(s, g.w, g.h)
	if !ok {
		return 0, false
	}
	return g.mb(f, r), true
}

// parseSquare parses "a1".."z26" into 0-based file and rank on a w x h board.
func parseSquare(s string, w, h int) (f, r int, ok bool) {
	if len(s) < 2 || len(s) > 3 || s[0] < 'a' || s[0] > 'z' || s[1] < '1' || s[1] > '9' {
		return 0, 0, false
	}
	n, err := strconv.Atoi(s[1:])
	if err != nil {
		return 0, 0, false
	}
	f, r = int(s[0]-'a'), n-1
	if f >= w || r >= h {
		return 0, 0, false
	}
	return f, r, true
}

// Clone returns an independent copy.
func (g *LeapFrog) Clone() *LeapFrog {
	c := *g
	c.score = append([]int(nil), g.score...)
	return &c
}

// Players returns the number of players.
func (g *LeapFrog) Players() int { return g.players }

// Ply returns the number of plies played.
func (g *LeapFrog) Ply() int { return g.ply }

// ToMove returns the player to move (0-based).
func (g *LeapFrog) ToMove() int { return g.ply % g.players }

// IsRemovalTurn reports whether the player to move must remove a piece.
func (g *LeapFrog) IsRemovalTurn() bool {
	if g.removal == RemovalFirstPly {
		return g.ply == 0
	}
	return g.ply < g.players
}

// Scores returns the points captured by each player (captures for plain Leap
// Frog).
func (g *LeapFrog) Scores() []int { return append([]int(nil), g.score...) }

// Over reports whether the player to move has no legal move.
func (g *LeapFrog) Over() bool { return g.NumMoves() == 0 }

// Winners returns the players with the highest score once the game is over
// (ties share), nil before.
func (g *LeapFrog) Winners() []int {
	if !g.Over() {
		return nil
	}
	return g.winners()
}

func (g *LeapFrog) winners() []int {
	best := g.score[0]
	for _, s := range g.score {
		best = max(best, s)
	}
	var w []int
	for i, s := range g.score {
		if s == best {
			w = append(w, i)
		}
	}
	return w
}

// Margin is not defined for the Leap Frog family: it returns (0, false).
func (g *LeapFrog) Margin() (int, bool) { return 0, false }

// Reason returns "no move" when the game is over, "" otherwise.
func (g *LeapFrog) Reason() string {
	if g.Over() {
		return "no move"
	}
	return ""
}

// NumMoves counts the legal moves without allocating.
func (g *LeapFrog) NumMoves() int {
	if g.IsRemovalTurn() {
		return g.pieces
	}
	return int(g.countJumps())
}

// Moves returns the legal moves' canonical texts in the order documented on
// LeapFrog.
func (g *LeapFrog) Moves() []string {
	var out []string
	if g.IsRemovalTurn() {
		for m := range g.cell {
			if lfPiece(g.cell[m]) {
				out = append(out, "x"+g.cellName(m))
			}
		}
		return out
	}
	path := make([]int, 0, 32)
	for m := range g.cell {
		if lfPiece(g.cell[m]) {
			path = append(path[:0], m)
			out = g.listChains(m, path, out)
		}
	}
	return out
}

func (g *LeapFrog) listChains(a int, path []int, out []string) []string {
	for _, d := range g.dirs[:g.ndirs] {
		b := a + d
		c := b + d
		if lfPiece(g.cell[b]) && g.cell[c] == 0 {
			v, w := g.cell[a], g.cell[b]
			g.cell[a], g.cell[b], g.cell[c] = 0, 0, v
			path = append(path, c)
			out = append(out, g.pathText(path))
			out = g.listChains(c, path, out)
			path = path[:len(path)-1]
			g.cell[a], g.cell[b], g.cell[c] = v, w, 0
		}
	}
	return out
}

func (g *LeapFrog) pathText(path []int) string {
	var sb strings.Builder
	for i, m := range path {
		if i > 0 {
			sb.WriteByte('-')
		}
		sb.WriteString(g.cellName(m))
	}
	return sb.String()
}

// Play applies the move with this canonical text. An illegal or malformed
// move returns an error and leaves the position unchanged.
func (g *LeapFrog) Play(text string) error {
	// "x"+cell is a removal; on boards 24 or more files wide "x2-v2" is a
	// jump from file x: a removal has a letter after the "x".
	if len(text) > 1 && text[0] == 'x' && text[1] >= 'a' && text[1] <= 'z' {
		if !g.IsRemovalTurn() {
			return fmt.Errorf("oracle: %q: not a removal turn", text)
		}
		m, ok := g.parseCell(text[1:])
		if !ok || !lfPiece(g.cell[m]) {
			return fmt.Errorf("oracle: %q: no piece to remove", text)
		}
		g.score[g.ToMove()] += int(g.cell[m])
		g.cell[m] = 0
		g.empty[m>>6] |= 1 << (m & 63)
		g.pieces--
		g.ply++
		return nil
	}
	if g.IsRemovalTurn() {
		return fmt.Errorf("oracle: %q: this turn is a removal", text)
	}
	parts := strings.Split(text, "-")
	if len(parts) < 2 {
		return fmt.Errorf("oracle: %q: not a move", text)
	}
	path := make([]int, len(parts))
	for i, s := range parts {
		m, ok := g.parseCell(s)
		if !ok {
			return fmt.Errorf("oracle: %q: bad cell %q", text, s)
		}
		path[i] = m
	}
	if !lfPiece(g.cell[path[0]]) {
		return fmt.Errorf("oracle: %q: no piece on %s", text, parts[0])
	}
	caps := make([]uint8, 0, len(path))
	for i := 1; i < len(path); i++ {
		a, c := path[i-1], path[i]
		b := -1
		for _, d := range g.dirs[:g.ndirs] {
			if c-a == 2*d {
				b = a + d
			}
		}
		if b < 0 || !lfPiece(g.cell[b]) || g.cell[c] != 0 {
			for j := len(caps) - 1; j >= 0; j-- {
				g.unjump(path[j], (path[j]+path[j+1])/2, path[j+1], caps[j])
			}
			return fmt.Errorf("oracle: %q: jump %s-%s is not legal", text, parts[i-1], parts[i])
		}
		caps = append(caps, g.jump(a, b, c))
	}
	p := g.ToMove()
	for _, w := range caps {
		g.score[p] += int(w)
	}
	g.ply++
	return nil
}

// jump moves the piece on a over b to c, removing the piece on b, whose
// value it returns. Board bytes, empty set and piece count are updated;
// scores and ply are not.
func (g *LeapFrog) jump(a, b, c int) uint8 {
	v, w := g.cell[a], g.cell[b]
	g.cell[a], g.cell[b], g.cell[c] = 0, 0, v
	g.empty[a>>6] |= 1 << (a & 63)
	g.empty[b>>6] |= 1 << (b & 63)
	g.empty[c>>6] &^= 1 << (c & 63)
	g.pieces--
	return w
}

func (g *LeapFrog) unjump(a, b, c int, w uint8) {
	g.cell[a], g.cell[b], g.cell[c] = g.cell[c], w, 0
	g.empty[a>>6] &^= 1 << (a & 63)
	g.empty[b>>6] &^= 1 << (b & 63)
	g.empty[c>>6] |= 1 << (c & 63)
	g.pieces++
}

// countJumps counts the jump moves (all chain prefixes) of the position,
// touching only the board bytes. It enumerates from the smaller of the
// empty cells (as landing cells of the first jump) and the pieces (as start
// cells).
func (g *LeapFrog) countJumps() uint64 {
	var n uint64
	if 2*g.pieces > g.w*g.h {
		for wi, e := range g.empty[:g.nw] {
			for x := e; x != 0; x &= x - 1 {
				c := (wi<<6 | bits.TrailingZeros64(x)) & lfMask
				for _, d := range g.dirs[:g.ndirs] {
					b := (c - d) & lfMask
					a := (c - 2*d) & lfMask
					if lfPiece(g.cell[b]) && lfPiece(g.cell[a]) {
						v, w := g.cell[a], g.cell[b]
						g.cell[a], g.cell[b], g.cell[c] = 0, 0, v
						n += 1 + g.chainCount(c)
						g.cell[a], g.cell[b], g.cell[c] = v, w, 0
					}
				}
			}
		}
		return n
	}
	for wi, e := range g.empty[:g.nw] {
		for x := g.onBoard[wi] &^ e; x != 0; x &= x - 1 {
			n += g.chainCount(wi<<6 | bits.TrailingZeros64(x))
		}
	}
	return n
}

// chainCount counts the chains (every prefix) starting with a jump of the
// piece on a.
func (g *LeapFrog) chainCount(a int) uint64 {
	var n uint64
	a &= lfMask
	for _, d := range g.dirs[:g.ndirs] {
		b := (a + d) & lfMask
		c := (a + 2*d) & lfMask
		if lfPiece(g.cell[b]) && g.cell[c] == 0 {
			v, w := g.cell[a], g.cell[b]
			g.cell[a], g.cell[b], g.cell[c] = 0, 0, v
			n += 1 + g.chainCount(c)
			g.cell[a], g.cell[b], g.cell[c] = v, w, 0
		}
	}
	return n
}

// Perft counts the sequences of exactly depth legal moves (a game that ends
// earlier contributes nothing). depth <= 0 returns 1.
func (g *LeapFrog) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return g.perft(depth)
}

func (g *LeapFrog) perft(depth int) uint64 {
	if g.IsRemovalTurn() {
		if depth == 1 {
			return uint64(g.pieces)
		}
		var n uint64
		for wi, e := range g.empty[:g.nw] {
			for x := g.onBoard[wi] &^ e; x != 0; x &= x - 1 {
				bit := x & -x
				m := (wi<<6 | bits.TrailingZeros64(x)) & lfMask
				v := g.cell[m]
				g.cell[m] = 0
				g.empty[wi] |= bit
				g.pieces--
				g.ply++
				n += g.perft(depth - 1)
				g.ply--
				g.pieces++
				g.empty[wi] &^= bit
				g.cell[m] = v
			}
		}
		return n
	}
	if depth == 1 {
		return g.countJumps()
	}
	var n uint64
	if 2*g.pieces > g.w*g.h {
		for wi, e := range g.empty[:g.nw] {
			for x := e; x != 0; x &= x - 1 {
				c := (wi<<6 | bits.TrailingZeros64(x)) & lfMask
				for _, d := range g.dirs[:g.ndirs] {
					b := (c - d) & lfMask
					a := (c - 2*d) & lfMask
					if lfPiece(g.cell[b]) && lfPiece(g.cell[a]) {
						w := g.jump(a, b, c)
						g.ply++
						n += g.perft(depth - 1)
						g.ply--
						n += g.chainPerft(c, depth)
						g.unjump(a, b, c, w)
					}
				}
			}
		}
		return n
	}
	for wi, e := range g.empty[:g.nw] {
		for x := g.onBoard[wi] &^ e; x != 0; x &= x - 1 {
			n += g.chainPerft(wi<<6|bits.TrailingZeros64(x), depth)
		}
	}
	return n
}

// chainPerft sums perft(depth-1) over every chain (each prefix) starting
// with a jump of the piece on a; depth >= 2.
func (g *LeapFrog) chainPerft(a, depth int) uint64 {
	var n uint64
	a &= lfMask
	for _, d := range g.dirs[:g.ndirs] {
		b := (a + d) & lfMask
		c := (a + 2*d) & lfMask
		if lfPiece(g.cell[b]) && g.cell[c] == 0 {
			w := g.jump(a, b, c)
			g.ply++
			n += g.perft(depth - 1)
			g.ply--
			n += g.chainPerft(c, depth)
			g.unjump(a, b, c, w)
		}
	}
	return n
}

// RandomPlayout plays uniformly random legal moves from the current position
// (modifying it) until the game is over. It returns the number of plies
// played and the winners.
func (g *LeapFrog) RandomPlayout(rng *rand.Rand) (plies int, winners []int) {
	for {
		if g.IsRemovalTurn() {
			if g.pieces == 0 {
				break
			}
			g.removeNth(rng.IntN(g.pieces))
		} else {
			n := g.countJumps()
			if n == 0 {
				break
			}
			g.selectJump(rng.Uint64N(n))
			g.ply++
		}
		plies++
	}
	return plies, g.winners()
}

// removeNth plays the removal of the k-th piece in cell order.
func (g *LeapFrog) removeNth(k int) {
	for wi, e := range g.empty[:g.nw] {
		x := g.onBoard[wi] &^ e
		if c := bits.OnesCount64(x); k >= c {
			k -= c
			continue
		}
		for ; k > 0; k-- {
			x &= x - 1
		}
		m := wi<<6 | bits.TrailingZeros64(x)
		g.score[g.ToMove()] += int(g.cell[m])
		g.cell[m] = 0
		g.empty[wi] |= x & -x
		g.pieces--
		g.ply++
		return
	}
	panic("oracle: removeNth out of range")
}

// selectJump plays jump move number r (0 <= r < countJumps()) in
// countJumps' enumeration order, crediting the player to move; the ply is
// not advanced.
func (g *LeapFrog) selectJump(r uint64) {
	p := g.ToMove()
	if 2*g.pieces > g.w*g.h {
		for wi, e := range g.empty[:g.nw] {
			for x := e; x != 0; x &= x - 1 {
				c := (wi<<6 | bits.TrailingZeros64(x)) & lfMask
				for _, d := range g.dirs[:g.ndirs] {
					b := (c - d) & lfMask
					a := (c - 2*d) & lfMask
					if lfPiece(g.cell[b]) && lfPiece(g.cell[a]) {
						w := g.jump(a, b, c)
						if r == 0 {
							g.score[p] += int(w)
							return
						}
						r--
						n := g.chainCount(c)
						if r < n {
							g.score[p] += int(w)
							g.selectChain(c, p, r)
							return
						}
						r -= n
						g.unjump(a, b, c, w)
					}
				}
			}
		}
		panic("oracle: selectJump out of range")
	}
	for wi, e := range g.empty[:g.nw] {
		for x := g.onBoard[wi] &^ e; x != 0; x &= x - 1 {
			a := wi<<6 | bits.TrailingZeros64(x)
			n := g.chainCount(a)
			if r < n {
				g.selectChain(a, p, r)
				return
			}
			r -= n
		}
	}
	panic("oracle: selectJump out of range")
}

// selectChain plays chain number r (0 <= r < chainCount(a)) of the piece on
// a, in Moves() order, crediting player p.
func (g *LeapFrog) selectChain(a, p int, r uint64) {
	for _, d := range g.dirs[:g.ndirs] {
		b := (a + d) & lfMask
		c := (a + 2*d) & lfMask
		if lfPiece(g.cell[b]) && g.cell[c] == 0 {
			if r == 0 {
				g.score[p] += int(g.jump(a, b, c))
				return
			}
			r--
			w := g.jump(a, b, c)
			n := g.chainCount(c)
			if r < n {
				g.score[p] += int(w)
				g.selectChain(c, p, r)
				return
			}
			r -= n
			g.unjump(a, b, c, w)
		}
	}
	panic("oracle: selectChain out of range")
}

// GenPerft counts the same sequences as Perft, but the hard way: at every
// depth, leaves included, it generates the list of legal moves (each a path
// of cells) and then plays each move in full (board, scores, ply) and takes
// it back; nothing is counted without being played. It is the baseline of
// the interpreter's Legal/Apply/Undo. depth <= 0 returns 1.
func (g *LeapFrog) GenPerft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return g.genPerft(depth, make([]lfMoves, depth))
}

func (g *LeapFrog) genPerft(depth int, mls []lfMoves) uint64 {
	ml := &mls[depth-1]
	g.genMoves(ml)
	var n uint64
	for i := 0; i+1 < len(ml.start); i++ {
		g.makeMove(ml, i)
		if depth == 1 {
			n++
		} else {
			n += g.genPerft(depth-1, mls)
		}
		g.unmakeMove(ml, i)
	}
	return n
}

// lfMoves is one ply's move list for GenPerft: move i's path is
// cells[start[i]:start[i+1]] (mailbox indices: the removed cell, or the
// start cell then each landing cell of a chain). caps holds the values the
// move being played captured, for its undo.
type lfMoves struct {
	cells []int16
	start []int32
	path  []int16
	caps  []uint8
}

// push adds the path being walked as a move.
func (ml *lfMoves) push() {
	ml.cells = append(ml.cells, ml.path...)
	ml.start = append(ml.start, int32(len(ml.cells)))
}

// genMoves fills ml with the legal moves, in the order of countJumps' and
// removeNth's enumerations.
func (g *LeapFrog) genMoves(ml *lfMoves) {
	ml.cells, ml.start = ml.cells[:0], append(ml.start[:0], 0)
	if g.IsRemovalTurn() {
		for wi, e := range g.empty[:g.nw] {
			for x := g.onBoard[wi] &^ e; x != 0; x &= x - 1 {
				ml.path = append(ml.path[:0], int16(wi<<6|bits.TrailingZeros64(x)))
				ml.push()
			}
		}
		return
	}
	if 2*g.pieces > g.w*g.h {
		for wi, e := range g.empty[:g.nw] {
			for x := e; x != 0; x &= x - 1 {
				c := (wi<<6 | bits.TrailingZeros64(x)) & lfMask
				for _, d := range g.dirs[:g.ndirs] {
					b := (c - d) & lfMask
					a := (c - 2*d) & lfMask
					if lfPiece(g.cell[b]) && lfPiece(g.cell[a]) {
						v, w := g.cell[a], g.cell[b]
						g.cell[a], g.cell[b], g.cell[c] = 0, 0, v
						ml.path = append(ml.path[:0], int16(a), int16(c))
						ml.push()
						g.listPaths(c, ml)
						g.cell[a], g.cell[b], g.cell[c] = v, w, 0
					}
				}
			}
		}
		return
	}
	for wi, e := range g.empty[:g.nw] {
		for x := g.onBoard[wi] &^ e; x != 0; x &= x - 1 {
			ml.path = append(ml.path[:0], int16(wi<<6|bits.TrailingZeros64(x)))
			g.listPaths(int(ml.path[0]), ml)
		}
	}
}

// listPaths adds every chain that extends ml.path, whose last cell a holds
// the moving piece, touching only the board bytes.
func (g *LeapFrog) listPaths(a int, ml *lfMoves) {
	a &= lfMask
	for _, d := range g.dirs[:g.ndirs] {
		b := (a + d) & lfMask
		c := (a + 2*d) & lfMask
		if lfPiece(g.cell[b]) && g.cell[c] == 0 {
			v, w := g.cell[a], g.cell[b]
			g.cell[a], g.cell[b], g.cell[c] = 0, 0, v
			ml.path = append(ml.path, int16(c))
			ml.push()
			g.listPaths(c, ml)
			ml.path = ml.path[:len(ml.path)-1]
			g.cell[a], g.cell[b], g.cell[c] = v, w, 0
		}
	}
}

// makeMove plays move i of ml: a removal or every jump of a chain, crediting
// the mover, then advances the ply.
func (g *LeapFrog) makeMove(ml *lfMoves, i int) {
	path := ml.cells[ml.start[i]:ml.start[i+1]]
	p := g.ToMove()
	ml.caps = ml.caps[:0]
	if len(path) == 1 {
		m := int(path[0]) & lfMask
		v := g.cell[m]
		g.cell[m] = 0
		g.empty[m>>6] |= 1 << (m & 63)
		g.pieces--
		g.score[p] += int(v)
		ml.caps = append(ml.caps, v)
	} else {
		for j := 1; j < len(path); j++ {
			a, c := int(path[j-1]), int(path[j])
			w := g.jump(a&lfMask, (a+c)/2&lfMask, c&lfMask)
			g.score[p] += int(w)
			ml.caps = append(ml.caps, w)
		}
	}
	g.ply++
}

// unmakeMove takes back move i of ml, the last one makeMove played.
func (g *LeapFrog) unmakeMove(ml *lfMoves, i int) {
	path := ml.cells[ml.start[i]:ml.start[i+1]]
	g.ply--
	p := g.ToMove()
	if len(path) == 1 {
		m := int(path[0]) & lfMask
		g.cell[m] = ml.caps[0]
		g.empty[m>>6] &^= 1 << (m & 63)
		g.pieces++
		g.score[p] -= int(ml.caps[0])
		return
	}
	for j := len(path) - 1; j >= 1; j-- {
		a, c := int(path[j-1]), int(path[j])
		w := ml.caps[j-1]
		g.unjump(a&lfMask, (a+c)/2&lfMask, c&lfMask, w)
		g.score[p] -= int(w)
	}
}
