package core

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/ruleplay/ruleplay/ir"
)

// Text returns the canonical text of move i of ml (docs/notation.md): the cells
// of a leap path joined by "-", "x"+cell for a removal, "pass". It returns ""
// when i is out of range.
func (p *Program) Text(ml *MoveList, i int) string {
	if i < 0 || i >= len(ml.Moves) {
		return ""
	}
	m := ml.Moves[i]
	switch m.Rule {
	case RuleSwap:
		return "swap"
	case -1:
		return "pass"
	}
	path := ml.Arena[m.Off : m.Off+m.N]
	switch p.Rules[m.Rule].Action {
	case ir.Remove:
		return "x" + p.CellNames[path[0]]
	case ir.Drop:
		return p.dropText(path[0])
	case ir.Group:
		t := p.CellNames[path[0]] + "-" + p.CellNames[path[1]&0xffff]
		if len(path) == 3 {
			t = p.CellNames[path[2]&0xffff] + ":" + t
		}
		return t
	}
	if p.Rules[m.Rule].NamedByEnds {
		return p.endsText(ml, m)
	}
	var b strings.Builder
	r := &p.Rules[m.Rule]
	for j, e := range path {
		if j > 0 {
			b.WriteByte('-')
		}
		b.WriteString(p.CellNames[e&0xffff])
		if j > 0 {
			b.WriteString(r.lineMark(e))
		}
	}
	return b.String()
}

// ParseMove fills ml with the legal moves of s and returns the index of the
// move with this text (exact, after trimming spaces). The error lists no
// moves itself; callers print Legal's texts.
func (p *Program) ParseMove(s *State, ml *MoveList, text string) (int, error) {
	p.Legal(s, ml)
	text = strings.TrimSpace(text)
	for i := range ml.Moves {
		if p.Text(ml, i) == text {
			return i, nil
		}
	}
	if ml.Len() == 0 {
		return -1, fmt.Errorf("move %q: the game is over", text)
	}
	if text == "swap" {
		return -1, p.swapRefused(s)
	}
	if cells, capture, ok, err := p.ParseSquares(text); ok && p.Numbered() {
		// square numbers (numbers.go)
		if err == nil {
			var i int
			if i, err = p.MatchSquares(ml, cells, capture); err == nil {
				return i, nil
			}
		}
		return -1, fmt.Errorf("move %q is not legal here: %v", text, err)
	}
	return -1, fmt.Errorf("move %q is not legal here", text)
}

// Status reports whether s is over, the winners, the scores (on every call
// when the game has scores) and the margin. It asks for the moves of the
// player to move when it needs to know whether they have one (existence
// only). It allocates the result's slices; StatusInto reuses them.
func (p *Program) Status(s *State) Status {
	var st Status
	p.StatusInto(s, &st)
	if !st.Over {
		st.Winners = nil
	}
	return st
}

// StatusInto is Status written into st, reusing the arrays of st.Scores
// and st.Winners: once they have grown, nothing is allocated (for
// playouts). While the game goes on, st.Winners is empty.
func (p *Program) StatusInto(s *State, st *Status) {
	scores, w := st.Scores[:0], st.Winners[:0]
	*st = Status{}
	if p.ScoreFn != nil {
		for i := 0; i < p.Players; i++ {
			scores = append(scores, p.scoreOf(s, i))
		}
		st.Scores = scores
	}
	switch s.End {
	case EndGoal:
		st.Over, st.Reason, w = true, "goal", append(w, s.Winner)
	case EndLose:
		st.Over, st.Reason, w = true, "goal", p.appendAllBut(w, s.Winner)
	case EndPasses:
		st.Over, st.Reason, w = true, "passes", p.appendOutcome(w, s, p.AtPasses, st.Scores)
	case EndDraw:
		st.Over, st.Reason, w = true, "goal", p.appendEveryone(w)
	case EndLimit:
		st.Over, st.Reason, w = true, "limit", p.appendOutcome(w, s, p.AtLimit, st.Scores)
	default:
		if hit, lose := p.TurnStartGoal(s); hit {
			st.Over, st.Reason = true, "goal"
			if lose {
				w = p.appendAllBut(w, s.Mover)
			} else {
				w = append(w, s.Mover)
			}
			break
		}
		// Legal is empty exactly when there is no candidate and no pass.
		if p.NoMove != ir.OutcomePass && !p.Candidates(s, nil, &s.Ax().Nested) {
			st.Over, st.Reason, w = true, "no move", p.appendOutcome(w, s, p.NoMove, st.Scores)
		}
	}
	st.Winners = w
	if st.Over && p.Margin != nil && p.Players == 2 && len(w) == 1 {
		c := &s.Ax().mctx
		*c = Ectx{P: p, S: s, Own: w[0], Opp: 1 - w[0], winner: w[0], loser: 1 - w[0]}
		st.Margin, st.HasMargin = p.Margin(c), true
	}
}

func (p *Program) appendEveryone(w []int) []int {
	for i := 0; i < p.Players; i++ {
		w = append(w, i)
	}
	return w
}

// appendOutcome appends the winners of an ending with outcome o.
func (p *Program) appendOutcome(w []int, s *State, o ir.Outcome, scores []int) []int {
	switch o {
	case ir.OutcomeScore:
		if scores == nil {
			return p.appendEveryone(w)
		}
		best := scores[0]
		for _, v := range scores {
			if (p.Best == ir.Highest && v > best) || (p.Best == ir.Lowest && v < best) {
				best = v
			}
		}
		for i, v := range scores {
			if v == best {
				w = append(w, i)
			}
		}
		return w
	case ir.OutcomeLose:
		return p.appendAllBut(w, s.Mover)
	}
	return p.appendEveryone(w)
}

// appendAllBut appends every player but loser (everyone in a one-player
// game).
func (p *Program) appendAllBut(w []int, loser int) []int {
	if p.Players == 1 {
		return p.appendEveryone(w)
	}
	for i := 0; i < p.Players; i++ {
		if i != loser {
			w = append(w, i)
		}
	}
	return w
}

// Score returns the score of player now (0 when the game has no score or the
// player is out of range).
func (p *Program) Score(s *State, player int) int {
	if p.ScoreFn == nil || player < 0 || player >= p.Players {
		return 0
	}
	return p.scoreOf(s, player)
}

// scoreOf evaluates the score for player, in a context of its own (the
// score may be asked from inside another expression; it never refers to
// itself).
func (p *Program) scoreOf(s *State, player int) int {
	c := &s.Ax().sctx
	*c = Ectx{P: p, S: s, Own: player, Opp: p.After(player)}
	return p.ScoreFn(c)
}

// RandomPlayout plays uniformly random legal moves from s until the game
// is over or maxPlies plies have been played (maxPlies <= 0: no cap), and
// returns the number of plies played. s is left at the final position
// (Undo takes the plies back one by one, unless s records no undo
// information: SetUndo). Each ply draws rng.IntN(n) once,
// n being the number of legal moves, and plays that move of Legal's list,
// so the game is the one of the loop Legal, rng.IntN(ml.Len()), Apply; but
// the moves are counted without being built where the generators can (ml
// is scratch space). Nothing is allocated once ml and s have grown.
func (p *Program) RandomPlayout(s *State, rng *rand.Rand, ml *MoveList, maxPlies int) (plies int) {
	return p.Playout.Play(p, s, rng, ml, maxPlies)
}

// GenPerft counts the same sequences as Perft without its shortcuts: at
// every depth, the last one included, it generates the moves (Legal),
// plays each (Apply) and takes it back (Undo), and returns the number of
// leaf moves played (1 for depth 0). mls holds one move list per depth
// (nil, or fewer than depth: lists are made); reusing it allocates
// nothing. s is left as it was.
func (p *Program) GenPerft(s *State, depth int, mls []MoveList) uint64 {
	if depth <= 0 {
		return 1
	}
	if len(mls) < depth {
		mls = make([]MoveList, depth)
	}
	ml := &mls[depth-1]
	p.Legal(s, ml)
	var n uint64
	for i := range ml.Len() {
		p.Apply(s, ml, i)
		if depth == 1 {
			n++
		} else {
			n += p.GenPerft(s, depth-1, mls)
		}
		p.Undo(s)
	}
	return n
}

// Perft counts the move sequences of exactly depth legal moves from s (1
// for depth 0). The last ply is counted without being played, without
// building the moves where the generators can (see "Counting and
// selecting moves" in the package documentation); in games whose moves
// can be counted on the occupancy words, the moves of the ply before are
// not played either.
func (p *Program) Perft(s *State, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	mls := make([]MoveList, depth)
	return p.perft(s, depth, mls)
}

func (p *Program) perft(s *State, depth int, mls []MoveList) uint64 {
	ml := &mls[depth-1]
	if depth == 1 {
		return uint64(p.CountLegal(s, ml))
	}
	if depth == 2 && p.LastTwo != nil {
		return p.LastTwo.PerftTwo(p, s, ml)
	}
	p.Legal(s, ml)
	var n uint64
	for i := range ml.Moves {
		p.Apply(s, ml, i)
		n += p.perft(s, depth-1, mls)
		p.Undo(s)
	}
	return n
}
