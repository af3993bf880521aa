package oracle

import (
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strings"
)

// Salta board representation: the 50 dark cells of the 10 x 10 board in one
// uint64. Each pair of ranks takes 11 bits: the 5 dark cells of the lower
// (odd-numbered) rank at bits 11p+0..4, a ghost bit at 11p+5, the 5 dark
// cells of the upper rank at 11p+6..10. With this layout the four diagonal
// neighbours of every cell are at fixed offsets (+5 up-left, +6 up-right,
// -6 down-left, -5 down-right); a neighbour off the board lands on a ghost
// bit or outside bits 0..54, both outside saltaMask.
const (
	saltaUpLeft    = 5
	saltaUpRight   = 6
	saltaDownLeft  = -6
	saltaDownRight = -5
	saltaPieces    = 15
	// SaltaPlayoutCap bounds RandomPlayout when the game has no ply limit.
	SaltaPlayoutCap = 10000
)

// Salta sides.
const (
	Green = 0
	Red   = 1
)

var (
	saltaMask   uint64
	saltaSqOf   [64]int8  // bit -> square (rank0*10+file0), -1 off the board
	saltaBitOf  [100]int8 // square -> bit, -1 for light squares
	saltaDist   [2][saltaPieces][64]uint8
	saltaTarget [2][saltaPieces]int8 // bit of each piece's target
	saltaStart  [2][saltaPieces]int8 // bit of each piece's start cell
	saltaFwd    = [2][2]int{{saltaUpLeft, saltaUpRight}, {saltaDownLeft, saltaDownRight}}
	saltaDirs   = [4]int{saltaUpLeft, saltaUpRight, saltaDownLeft, saltaDownRight}
)

// Setup and targets straight from docs/rules/salta.md, pieces 1..15 in order
// (stars 1-5, moons 1-5, suns 1-5).
var (
	saltaStartNames = [2]string{
		"a1 c1 e1 g1 i1 b2 d2 f2 h2 j2 a3 c3 e3 g3 i3",
		"j10 h10 f10 d10 b10 i9 g9 e9 c9 a9 j8 h8 f8 d8 b8",
	}
	saltaTargetNames = [2]string{
		"b8 d8 f8 h8 j8 a9 c9 e9 g9 i9 b10 d10 f10 h10 j10",
		"i3 g3 e3 c3 a3 j2 h2 f2 d2 b2 i1 g1 e1 c1 a1",
	}
)

func init() {
	for i := range saltaSqOf {
		saltaSqOf[i] = -1
	}
	for sq := range saltaBitOf {
		f, r := sq%10, sq/10
		saltaBitOf[sq] = -1
		if (f+r)%2 == 0 {
			b := 11*(r/2) + 6*(r%2) + f/2
			saltaBitOf[sq] = int8(b)
			saltaSqOf[b] = int8(sq)
			saltaMask |= 1 << b
		}
	}
	for side := range 2 {
		starts := strings.Fields(saltaStartNames[side])
		targets := strings.Fields(saltaTargetNames[side])
		for id := range saltaPieces {
			sb, ok1 := saltaParse(starts[id])
			tb, ok2 := saltaParse(targets[id])
			if !ok1 || !ok2 {
				panic("oracle: bad Salta setup table")
			}
			saltaStart[side][id] = int8(sb)
			saltaTarget[side][id] = int8(tb)
			tf, tr := int(saltaSqOf[tb])%10, int(saltaSqOf[tb])/10
			for b := range 64 {
				if saltaSqOf[b] < 0 {
					continue
				}
				f, r := int(saltaSqOf[b])%10, int(saltaSqOf[b])/10
				saltaDist[side][id][b] = uint8(max(abs(f-tf), abs(r-tr)))
			}
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func saltaParse(s string) (int, bool) {
	f, r, ok := parseSquare(s, 10, 10)
	if !ok || (f+r)%2 != 0 {
		return 0, false
	}
	return int(saltaBitOf[r*10+f]), true
}

func saltaName(b int) string {
	sq := int(saltaSqOf[b])
	return fmt.Sprintf("%c%d", 'a'+sq%10, sq/10+1)
}

func shift(x uint64, d int) uint64 {
	if d > 0 {
		return x << uint(d) & saltaMask
	}
	return x >> uint(-d) & saltaMask
}

type saltaMove struct{ from, to int8 }

// Salta is a position of Salta (docs/rules/salta.md). Green (0) moves first.
//
// Move order of Moves(): ascending by the from cell's index, then by the to
// cell's index (cell index = (rank-1)*10 + (file-1)).
type Salta struct {
	occ   [2]uint64
	id    [64]int8 // piece number 0..14 on each occupied bit, -1 elsewhere
	dist  [2]int   // distance to goal per side
	home  [2]int   // pieces on their own target per side
	count [2]int   // pieces per side (15 except in test positions)
	ply   int
	limit int  // moves per player; 0 = no limit
	won   int8 // side that reached its goal, -1 if none
}

// NewSalta returns the start position. limit > 0 is the move-limit option
// (the game ends after limit moves of each player, 2*limit plies, with
// distance-to-goal scoring); 0 means no limit.
func NewSalta(limit int) *Salta {
	s := &Salta{limit: max(limit, 0), won: -1}
	for i := range s.id {
		s.id[i] = -1
	}
	for side := range 2 {
		for id := range saltaPieces {
			b := saltaStart[side][id]
			s.occ[side] |= 1 << b
			s.id[b] = int8(id)
		}
	}
	s.recount()
	return s
}

func (s *Salta) recount() {
	s.dist, s.home = [2]int{}, [2]int{}
	for side := range 2 {
		s.count[side] = bits.OnesCount64(s.occ[side])
		for x := s.occ[side]; x != 0; x &= x - 1 {
			b := bits.TrailingZeros64(x)
			id := s.id[b]
			s.dist[side] += int(saltaDist[side][id][b])
			if int(saltaTarget[side][id]) == b {
				s.home[side]++
			}
		}
	}
}

// SetPosition replaces the position: green and red map cells to piece
// numbers 1..15 (stars 1-5, moons 6-10, suns 11-15); ply is the number of
// plies already played (even: Green to move). The real game always has 15
// pieces a side; positions with fewer (at least 1) are accepted for tests,
// and then a side reaches its goal when all its present pieces are on their
// targets. A side that is already entirely on its targets has won.
func (s *Salta) SetPosition(green, red map[string]int, ply int) error {
	if ply < 0 {
		return errors.New("oracle: negative ply")
	}
	n := Salta{limit: s.limit, ply: ply, won: -1}
	for i := range n.id {
		n.id[i] = -1
	}
	for side, pcs := range [2]map[string]int{green, red} {
		if len(pcs) < 1 || len(pcs) > saltaPieces {
			return fmt.Errorf("oracle: side %d has %d pieces, want 1..15", side, len(pcs))
		}
		var seen [saltaPieces + 1]bool
		for name, num := range pcs {
			b, ok := saltaParse(name)
			if !ok {
				return fmt.Errorf("oracle: bad Salta cell %q", name)
			}
			if num < 1 || num > saltaPieces || seen[num] {
				return fmt.Errorf("oracle: bad or repeated piece number %d", num)
			}
			if (n.occ[0]|n.occ[1])&(1<<b) != 0 {
				return fmt.Errorf("oracle: cell %s used twice", name)
			}
			seen[num] = true
			n.occ[side] |= 1 << b
			n.id[b] = int8(num - 1)
		}
	}
	n.recount()
	switch {
	case n.home[0] == n.count[0] && n.home[1] == n.count[1]:
		return errors.New("oracle: both sides on their targets")
	case n.home[0] == n.count[0]:
		n.won = 0
	case n.home[1] == n.count[1]:
		n.won = 1
	}
	*s = n
	return nil
}

// Clone returns an independent copy.
func (s *Salta) Clone() *Salta {
	c := *s
	return &c
}

// Ply returns the number of plies played.
func (s *Salta) Ply() int { return s.ply }

// ToMove returns the side to move: Green (0) or Red (1).
func (s *Salta) ToMove() int { return s.ply & 1 }

// Scores returns each side's distance to goal.
func (s *Salta) Scores() []int { return []int{s.dist[0], s.dist[1]} }

// atLimit reports whether the ply limit ends the game.
func (s *Salta) atLimit() bool { return s.limit > 0 && s.ply >= 2*s.limit }

// ended reports a goal win or the limit (not the no-move draw).
func (s *Salta) ended() bool { return s.won >= 0 || s.atLimit() }

// Reason returns why the game is over: "goal", "limit", "no move", or ""
// while it goes on. A goal reached on the last ply before the limit is a
// goal.
func (s *Salta) Reason() string {
	switch {
	case s.won >= 0:
		return "goal"
	case s.atLimit():
		return "limit"
	case s.NumMoves() == 0:
		return "no move"
	}
	return ""
}

// Over reports whether the game is over.
func (s *Salta) Over() bool { return s.Reason() != "" }

// Winners: the side that reached its goal; at the limit the side with the
// lower distance to goal (both on equality); both after a no-move draw; nil
// while the game goes on.
func (s *Salta) Winners() []int {
	switch s.Reason() {
	case "goal":
		return []int{int(s.won)}
	case "limit":
		switch {
		case s.dist[0] < s.dist[1]:
			return []int{0}
		case s.dist[1] < s.dist[0]:
			return []int{1}
		}
		return []int{0, 1}
	case "no move":
		return []int{0, 1}
	}
	return nil
}

// Margin: after a goal win, the loser's distance to goal plus 1 when Green
// won; at the limit, the difference of the distances (0 for a draw). Not
// defined (ok false) while the game goes on or after a no-move draw.
func (s *Salta) Margin() (int, bool) {
	switch s.Reason() {
	case "goal":
		if s.won == 0 {
			return s.dist[1] + 1, true
		}
		return s.dist[0], true
	case "limit":
		return abs(s.dist[0] - s.dist[1]), true
	}
	return 0, false
}

// canMove reports whether side, with pieces own against opp, has any step
// or jump.
func canMove(side int, own, opp uint64) bool {
	empty := saltaMask &^ (own | opp)
	for _, d := range saltaDirs {
		if shift(own, d)&empty != 0 {
			return true
		}
	}
	for _, d := range saltaFwd[side] {
		if shift(shift(own, d)&opp, d)&empty != 0 {
			return true
		}
	}
	return false
}

// gen fills ml with the legal moves of the side to move, ignoring whether
// the game has already ended, and returns their number: the jumps if any,
// else the steps; minus those after which the opponent cannot move, unless
// that removes them all.
func (s *Salta) gen(ml *[64]saltaMove) int {
	side := s.ply & 1
	own, opp := s.occ[side], s.occ[side^1]
	empty := saltaMask &^ (own | opp)
	n := 0
	for _, d := range saltaFwd[side] {
		for x := shift(shift(own, d)&opp, d) & empty; x != 0; x &= x - 1 {
			t := bits.TrailingZeros64(x)
			ml[n] = saltaMove{int8(t - 2*d), int8(t)}
			n++
		}
	}
	if n == 0 {
		for _, d := range saltaDirs {
			for x := shift(own, d) & empty; x != 0; x &= x - 1 {
				t := bits.TrailingZeros64(x)
				ml[n] = saltaMove{int8(t - d), int8(t)}
				n++
			}
		}
	}
	k := 0
	for i := range n {
		m := ml[i]
		if canMove(side^1, opp, own^(1<<m.from|1<<m.to)) {
			ml[k] = m
			k++
		}
	}
	if k == 0 {
		return n
	}
	return k
}

func (s *Salta) make(m saltaMove) {
	side := s.ply & 1
	id := s.id[m.from]
	s.id[m.to], s.id[m.from] = id, -1
	s.occ[side] ^= 1<<m.from | 1<<m.to
	t := &saltaDist[side][id]
	s.dist[side] += int(t[m.to]) - int(t[m.from])
	tg := saltaTarget[side][id]
	if tg == m.from {
		s.home[side]--
	} else if tg == m.to {
		s.home[side]++
		if s.home[side] == s.count[side] {
			s.won = int8(side)
		}
	}
	s.ply++
}

// unmake takes back m, played from a position where the game went on.
func (s *Salta) unmake(m saltaMove) {
	s.ply--
	s.won = -1
	side := s.ply & 1
	id := s.id[m.to]
	s.id[m.from], s.id[m.to] = id, -1
	s.occ[side] ^= 1<<m.from | 1<<m.to
	t := &saltaDist[side][id]
	s.dist[side] += int(t[m.from]) - int(t[m.to])
	tg := saltaTarget[side][id]
	if tg == m.from {
		s.home[side]++
	} else if tg == m.to {
		s.home[side]--
	}
}

// NumMoves counts the legal moves (0 when the game is over) without
// allocating.
func (s *Salta) NumMoves() int {
	if s.ended() {
		return 0
	}
	var ml [64]saltaMove
	return s.gen(&ml)
}

func (s *Salta) sortedMoves() []saltaMove {
	if s.ended() {
		return nil
	}
	var ml [64]saltaMove
	n := s.gen(&ml)
	out := append([]saltaMove(nil), ml[:n]...)
	key := func(m saltaMove) int { return int(saltaSqOf[m.from])*100 + int(saltaSqOf[m.to]) }
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && key(out[j]) < key(out[j-1]); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// Moves returns the legal moves' canonical texts ("c3-d4") in the order
// documented on Salta; empty when the game is over.
func (s *Salta) Moves() []string {
	ms := s.sortedMoves()
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = saltaName(int(m.from)) + "-" + saltaName(int(m.to))
	}
	return out
}

// Play applies the move with this canonical text; an illegal move returns an
// error and leaves the position unchanged.
func (s *Salta) Play(text string) error {
	from, to, ok := strings.Cut(text, "-")
	fb, ok1 := saltaParse(from)
	tb, ok2 := saltaParse(to)
	if !ok || !ok1 || !ok2 {
		return fmt.Errorf("oracle: %q: not a Salta move", text)
	}
	if s.ended() {
		return fmt.Errorf("oracle: %q: the game is over", text)
	}
	var ml [64]saltaMove
	n := s.gen(&ml)
	for _, m := range ml[:n] {
		if int(m.from) == fb && int(m.to) == tb {
			s.make(m)
			return nil
		}
	}
	return fmt.Errorf("oracle: %q: not a legal move", text)
}

// Perft counts the sequences of exactly depth legal moves (a game that ends
// earlier contributes nothing). depth <= 0 returns 1.
func (s *Salta) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return s.perft(depth)
}

func (s *Salta) perft(depth int) uint64 {
	if s.ended() {
		return 0
	}
	var ml [64]saltaMove
	n := s.gen(&ml)
	if depth == 1 {
		return uint64(n)
	}
	var total uint64
	for _, m := range ml[:n] {
		s.make(m)
		total += s.perft(depth - 1)
		s.unmake(m)
	}
	return total
}

// RandomPlayout plays uniformly random legal moves from the current position
// (modifying it) until the game is over, and returns the plies played and
// the winners. Without a ply limit it stops after SaltaPlayoutCap plies and
// returns nil winners if the game has not ended by then.
func (s *Salta) RandomPlayout(rng *rand.Rand) (plies int, winners []int) {
	var ml [64]saltaMove
	for !s.ended() && (s.limit > 0 || plies < SaltaPlayoutCap) {
		n := s.gen(&ml)
		if n == 0 {
			break
		}
		s.make(ml[rng.IntN(n)])
		plies++
	}
	return plies, s.Winners()
}

// GenPerft counts the same sequences as Perft, but the hard way: at every
// depth, leaves included, every legal move is generated, played and taken
// back; nothing is counted without being played. It is the baseline of the
// interpreter's Legal/Apply/Undo. depth <= 0 returns 1.
func (s *Salta) GenPerft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return s.genPerft(depth)
}

func (s *Salta) genPerft(depth int) uint64 {
	if s.ended() {
		return 0
	}
	var ml [64]saltaMove
	n := s.gen(&ml)
	var total uint64
	for _, m := range ml[:n] {
		s.make(m)
		if depth == 1 {
			total++
		} else {
			total += s.genPerft(depth - 1)
		}
		s.unmake(m)
	}
	return total
}
