package oracle

// FMJD's draws for Draughts (docs/rules/draughts-international.md, option
// fmjd-draws of games/draughts-international.rules), on when
// SetFMJDDraws(true) is called:
//
//   - the same position (pieces on cells, player to move) standing for
//     the third time draws, the start position being its first time;
//   - a lone king against three pieces, a king among them: drawn once
//     each side has played 16 moves in that ending;
//   - a lone king against one or two pieces, a king among them: drawn
//     once each side has played 5 moves in that ending.
//
// After each move, an ending's count goes up by one for the mover when
// the position after the move is that ending and the move captured
// nothing; otherwise both sides' counts of that ending go back to 0.
// The draws are tested after every move, with the fifty-ply rule, before
// asking whether the next player can move.

const (
	idThreeMoves = 16 // moves each, lone king against three
	idTwoMoves   = 5  // moves each, lone king against two or fewer
	idRepeats    = 3  // occurrences of a position that draw
)

// idKey is a position for repetition: the dark numbers of white men,
// white kings, black men and black kings (below 64, and from 64 on), and
// the player to move.
type idKey struct {
	low    [4]uint64
	top    [4]uint8
	toMove uint8
}

// idDrawState is what FMJD's draws keep besides the positions: each
// ending's moves per player (0: lone king against three, 1: against two
// or fewer), the index of the first position after the last move that
// cannot be undone (a man's move or a capture: no earlier position can
// come again), and the occurrences of the current position.
type idDrawState struct {
	endings [2][2]int
	since   int
	repeats int
}

// SetFMJDDraws turns FMJD's draws on or off from the current position,
// which becomes the first occurrence of its repetitions, with no ending
// counted yet.
func (g *Draughts) SetFMJDDraws(on bool) {
	g.fmjd = on
	g.draws = idDrawState{repeats: 1}
	g.history = append(g.history[:0], g.key())
	g.drawUndo = g.drawUndo[:0]
}

// Endings returns the moves each player (white, black) has played in the
// current counted ending: against three (16 each draw) and against two or
// fewer (5 each).
func (g *Draughts) Endings() (three, two [2]int) {
	return g.draws.endings[0], g.draws.endings[1]
}

// Repeats returns the occurrences of the current position in the game.
func (g *Draughts) Repeats() int { return g.draws.repeats }

// drawn reports whether the last move drew the game: the fifty-ply rule,
// and with FMJD's draws on, the third repetition and the counted endings.
func (g *Draughts) drawn() bool {
	if g.quiet >= idQuiet {
		return true
	}
	if !g.fmjd {
		return false
	}
	e := &g.draws.endings
	return g.draws.repeats >= idRepeats ||
		e[0][0] >= idThreeMoves && e[0][1] >= idThreeMoves ||
		e[1][0] >= idTwoMoves && e[1][1] >= idTwoMoves
}

func (g *Draughts) key() idKey {
	k := idKey{toMove: uint8(g.ToMove())}
	for n, m := range g.board.cell {
		v := g.cell[m]
		if v == 0 {
			continue
		}
		i := int(v&idBlack/idBlack)*2 + int(v&idKing/idKing)
		if n < 64 {
			k.low[i] |= 1 << n
		} else {
			k.top[i] |= 1 << (n - 64)
		}
	}
	return k
}

// countDraws updates FMJD's draws after the move mv (already made) of
// mover, which moved a man when man is set; drawUncount takes it back.
func (g *Draughts) countDraws(mv idMove, mover int, man bool) {
	g.drawUndo = append(g.drawUndo, g.draws)
	d := &g.draws
	if man || mv.n > 0 {
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
	var pieces, kings [2]int
	for _, m := range g.board.cell {
		if v := g.cell[m]; v != 0 {
			s := v & idBlack / idBlack
			pieces[s]++
			if v&idKing != 0 {
				kings[s]++
			}
		}
	}
	lone := func(s int) bool { return pieces[s] == 1 && kings[s] == 1 }
	for e, in := range [2]func(s int) bool{
		func(s int) bool { return pieces[s] == 3 && kings[s] >= 1 },
		func(s int) bool { return pieces[s] <= 2 && kings[s] >= 1 },
	} {
		if mv.n == 0 && (lone(0) && in(1) || lone(1) && in(0)) {
			d.endings[e][mover]++
		} else {
			d.endings[e] = [2]int{}
		}
	}
}

func (g *Draughts) drawUncount() {
	g.history = g.history[:len(g.history)-1]
	g.draws = g.drawUndo[len(g.drawUndo)-1]
	g.drawUndo = g.drawUndo[:len(g.drawUndo)-1]
}
