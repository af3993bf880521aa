package oracle

// The Russian draughts federation's draws for Russian
// (docs/rules/draughts-russian.md, option federation-draws of
// games/draughts-russian.rules), on when SetFederationDraws(true) is
// called. Written from that page, sharing nothing with Draughts' FMJD
// draws:
//
//   - the same position (pieces on cells, player to move) standing for
//     the third time draws, the start position being its first time;
//   - kings only: once each side has played 15 moves in a row that moved
//     a king and captured nothing, the game is drawn (a man's move or a
//     capture, by either side, starts the count again);
//   - three kings against one: while one side has a single piece, a
//     king, and the other three kings or more and no men, the moves of
//     each side are counted, except those that capture or move a man (a
//     capture, or the crowning that makes the ending, starts the count
//     again at 0); the game is drawn when the side with the kings has
//     played its 15th counted move.
//
// The draws are tested after every move, before asking whether the next
// player can move.

const (
	ruKingsOnlyMoves = 15 // moves each of kings only
	ruEndingMoves    = 15 // moves of the side with three kings or more
	ruRepeats        = 3  // occurrences of a position that draw
)

// ruKey is a position for repetition: the dark cells (bit n for dark
// number n) of white men, white kings, black men, black kings, and the
// player to move.
type ruKey struct {
	sets   [4]uint32
	toMove uint8
}

// ruDrawState is what the federation's draws keep besides the positions:
// each side's moves of kings only and its moves in the ending of three
// kings against one, the index in the history of the first position
// after the last man's move or capture (no position before it can come
// again), and the occurrences of the current position.
type ruDrawState struct {
	kingsOnly [2]int
	ending    [2]int
	since     int
	repeats   int
}

// SetFederationDraws turns the federation's draws on or off from the
// current position, which becomes the first occurrence of its
// repetitions, with no moves counted.
func (g *Russian) SetFederationDraws(on bool) {
	g.fed = on
	g.draws = ruDrawState{repeats: 1}
	g.history = append(g.history[:0], g.key())
	g.drawUndo = g.drawUndo[:0]
}

// Repeats returns the occurrences of the current position in the game
// (with the federation's draws on).
func (g *Russian) Repeats() int { return g.draws.repeats }

// KingsOnly returns the moves each player (white, black) has played in a
// row that moved a king and captured nothing.
func (g *Russian) KingsOnly() [2]int { return g.draws.kingsOnly }

// KingsAgainstKing returns the moves each player has played, counted as
// the ending of three kings or more against one counts them.
func (g *Russian) KingsAgainstKing() [2]int { return g.draws.ending }

// drawn reports whether the last move drew the game by the federation's
// draws (never when they are off).
func (g *Russian) drawn() bool {
	if !g.fed {
		return false
	}
	d := &g.draws
	if d.repeats >= ruRepeats || d.kingsOnly[0] >= ruKingsOnlyMoves && d.kingsOnly[1] >= ruKingsOnlyMoves {
		return true
	}
	_, kings := g.material()
	for s := range 2 {
		if d.ending[s] >= ruEndingMoves && kings[s] >= 3 {
			return true
		}
	}
	return false
}

// material returns each side's pieces and kings.
func (g *Russian) material() (pieces, kings [2]int) {
	for _, m := range ruCell {
		if v := g.cell[m]; v != 0 {
			s := v & ruBlack / ruBlack
			pieces[s]++
			if v&ruKing != 0 {
				kings[s]++
			}
		}
	}
	return pieces, kings
}

func (g *Russian) key() ruKey {
	k := ruKey{toMove: uint8(g.ToMove())}
	for n, m := range ruCell {
		if v := g.cell[m]; v != 0 {
			i := int(v&ruBlack/ruBlack)*2 + int(v&ruKing/ruKing)
			k.sets[i] |= 1 << n
		}
	}
	return k
}

// countDraws updates the draws after a move (already made) of mover
// that moved a king (king set) and captured caps pieces; drawUncount
// takes it back.
func (g *Russian) countDraws(mover int, king bool, caps int) {
	g.drawUndo = append(g.drawUndo, g.draws)
	d := &g.draws
	quiet := king && caps == 0
	if !quiet {
		d.since = len(g.history)
	}
	k := g.key()
	g.history = append(g.history, k)
	d.repeats = 0
	for _, h := range g.history[d.since:] {
		if h == k {
			d.repeats++
		}
	}
	if quiet {
		d.kingsOnly[mover]++
	} else {
		d.kingsOnly = [2]int{}
	}
	pieces, kings := g.material()
	lone := func(s int) bool { return pieces[s] == 1 && kings[s] == 1 }
	strong := func(s int) bool { return kings[s] >= 3 && pieces[s] == kings[s] }
	if quiet && (lone(0) && strong(1) || lone(1) && strong(0)) {
		d.ending[mover]++
	} else {
		d.ending = [2]int{}
	}
}

func (g *Russian) drawUncount() {
	g.history = g.history[:len(g.history)-1]
	g.draws = g.drawUndo[len(g.drawUndo)-1]
	g.drawUndo = g.drawUndo[:len(g.drawUndo)-1]
}
