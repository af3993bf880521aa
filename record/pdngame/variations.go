package pdngame

import (
	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/record/pdn"
)

// Variations checks the variations of g (read with the Reader's
// KeepVariations), nested ones included: each is played from the
// position before the move it replaces, and its first illegal move is
// returned (Ply counts from the game's start, as in the main line). A
// variation of a move after the main line's first illegal one cannot be
// placed and is not checked.
func Variations(p *interp.Program, t GameType, g *pdn.Game) ([]Illegal, error) {
	s0, err := StartOf(p, g)
	if err != nil {
		return nil, err
	}
	var out []Illegal
	checkLines(p, t, s0, 0, g.Moves, g.Lines, &out)
	return out, nil
}

// checkLines checks the variations lines of the line moves played from
// s (whose first move is ply first of the game).
func checkLines(p *interp.Program, t GameType, s *interp.State, first int, moves []pdn.Move, lines []pdn.Variation, out *[]Illegal) {
	var ml interp.MoveList
	for _, v := range lines {
		// the position before move v.At of the line
		at := s.Clone()
		placed := true
		for _, m := range moves[:v.At] {
			p.Legal(at, &ml)
			k, _ := match(p, t, &ml, m)
			if k < 0 {
				placed = false
				break
			}
			p.Apply(at, &ml, k)
		}
		if !placed {
			continue
		}
		start := at.Clone()
		for i, m := range v.Moves {
			p.Legal(at, &ml)
			k, why := match(p, t, &ml, m)
			if k < 0 {
				*out = append(*out, Illegal{Ply: first + v.At + i, Move: m, Why: why, Legal: Texts(p, t, &ml)})
				break
			}
			p.Apply(at, &ml, k)
		}
		checkLines(p, t, start, first+v.At, v.Moves, v.Lines, out)
	}
}
