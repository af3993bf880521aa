package conformance

import (
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/ir"
	"github.com/ruleplay/ruleplay/lang"
)

// gamesDir is the bundled rules files, seen from this package.
var gamesDir = filepath.Join("..", "games")

func rulesPath(game string) string { return filepath.Join(gamesDir, game+".rules") }

// compile loads games/<game>.rules with opts and compiles it.
func compile(t testing.TB, game string, opts map[string]string, cfg interp.Config) *interp.Program {
	t.Helper()
	return compileFile(t, rulesPath(game), opts, cfg)
}

// compileFile loads the rules file at path with opts and compiles it.
func compileFile(t testing.TB, path string, opts map[string]string, cfg interp.Config) *interp.Program {
	t.Helper()
	g, err := lang.Load(path, opts)
	if err != nil {
		t.Fatalf("%s %v: %v", path, opts, err)
	}
	p, err := interp.Compile(g, cfg)
	if err != nil {
		t.Fatalf("%s %v: compile: %v", path, opts, err)
	}
	return p
}

// legalTexts fills ml and returns the texts in interp's order.
func legalTexts(p *interp.Program, s *interp.State, ml *interp.MoveList) []string {
	p.Legal(s, ml)
	return texts(p, ml)
}

// playText plays the move with this text, failing the test if it is not
// legal.
func playText(t testing.TB, p *interp.Program, s *interp.State, ml *interp.MoveList, text string) {
	t.Helper()
	i, err := p.ParseMove(s, ml, text)
	if err != nil {
		t.Fatalf("ply %d: %v", s.Ply(), err)
	}
	p.Apply(s, ml, i)
}

// A chooser picks one of the legal moves (given sorted, so that a game
// depends only on the set of legal moves, not on their order).
type chooser func(p *interp.Program, s *interp.State, sorted []string, rng *rand.Rand) string

// randomMove picks uniformly.
func randomMove(_ *interp.Program, _ *interp.State, sorted []string, rng *rand.Rand) string {
	return sorted[rng.IntN(len(sorted))]
}

// greedy returns a chooser that plays the move giving the mover the best
// score (in a game without scores: a move that wins at once if there is one) (by the game's own
// score and its best: highest or lowest), ties broken at random; with
// probability eps it plays a random move. value, when not nil, replaces
// the game's score (higher is better for the mover).
func greedy(eps float64, value func(p *interp.Program, s *interp.State, mover int) int) chooser {
	var ml interp.MoveList
	return func(p *interp.Program, s *interp.State, sorted []string, rng *rand.Rand) string {
		if rng.Float64() < eps {
			return sorted[rng.IntN(len(sorted))]
		}
		mover := s.ToMove()
		lowest := p.Game().Score != nil && p.Game().Score.Best == ir.Lowest
		var best []string
		bestV := 0
		for _, m := range sorted {
			i, err := p.ParseMove(s, &ml, m)
			if err != nil {
				panic(err)
			}
			p.Apply(s, &ml, i)
			var v int
			switch {
			case p.Game().Score == nil && wins(p, s, mover):
				// Without a score, only the status tells a winning move.
				v = 1 << 30
			case value != nil:
				v = value(p, s, mover)
			case lowest:
				v = -p.Score(s, mover)
			default:
				v = p.Score(s, mover)
			}
			p.Undo(s)
			switch {
			case len(best) == 0 || v > bestV:
				best, bestV = []string{m}, v
			case v == bestV:
				best = append(best, m)
			}
		}
		return best[rng.IntN(len(best))]
	}
}

func wins(p *interp.Program, s *interp.State, mover int) bool {
	st := p.Status(s)
	return st.Over && slices.Equal(st.Winners, []int{mover})
}

// playGame plays from s with choose until the game ends or maxPlies plies
// have been played (0: no cap) and returns the moves.
func playGame(p *interp.Program, s *interp.State, choose chooser, rng *rand.Rand, maxPlies int) []string {
	var ml interp.MoveList
	var moves []string
	for maxPlies == 0 || len(moves) < maxPlies {
		legal := legalTexts(p, s, &ml)
		if len(legal) == 0 {
			break
		}
		slices.Sort(legal)
		m := choose(p, s, legal, rng)
		i, err := p.ParseMove(s, &ml, m)
		if err != nil {
			panic(err)
		}
		p.Apply(s, &ml, i)
		moves = append(moves, m)
	}
	return moves
}

// pyramidTargets[side] are the cells side must fill: the opponent's start.
var pyramidTargets = [2][]string{
	strings.Fields("h8 f8 d8 b8 g7 e7 c7 f6 d6 e5"),
	strings.Fields("a1 c1 e1 g1 b2 d2 f2 c3 e3 d4"),
}

// pyramidValue rates a Pyramid position for mover (Pyramid keeps no
// score): each piece is worth the ranks it has advanced, plus 8 on one of
// its targets; the opponent's pieces count against.
func pyramidValue(p *interp.Program, s *interp.State, mover int) int {
	v := 0
	for c := range p.Game().Board.Cells {
		pc, ok := p.PieceAt(s, c)
		if !ok {
			continue
		}
		name := p.CellName(c)
		owner := p.Game().Pieces[pc].Owner
		rank, _ := strconv.Atoi(name[1:])
		w := rank - 1
		if owner == 1 {
			w = 8 - rank
		}
		if slices.Contains(pyramidTargets[owner], name) {
			w += 8
		}
		if owner != mover {
			w = -w
		}
		v += w
	}
	return v
}

// pieces counts the pieces of each player on the board (neutral ones are
// not counted).
func pieces(p *interp.Program, s *interp.State) []int {
	n := make([]int, p.NumPlayers())
	for c := range p.Game().Board.Cells {
		if pc, ok := p.PieceAt(s, c); ok {
			if o := p.Game().Pieces[pc].Owner; o >= 0 {
				n[o]++
			}
		}
	}
	return n
}

// material rates a position for mover by the pieces on the board: its own
// minus everybody else's.
func material(p *interp.Program, s *interp.State, mover int) int {
	v := 0
	for i, n := range pieces(p, s) {
		if i == mover {
			v += n
		} else {
			v -= n
		}
	}
	return v
}

// cautious rates a position for mover as material does after the
// opponent's best reply (a two-ply search): a move that gives pieces away
// rates low. Kings are worth three men, so that both sides crown and
// keep them.
func cautious(p *interp.Program, s *interp.State, mover int) int {
	var ml interp.MoveList
	p.Legal(s, &ml)
	if ml.Len() == 0 {
		return kingMaterial(p, s, mover)
	}
	worst := 1 << 30
	for i := 0; i < ml.Len(); i++ {
		p.Apply(s, &ml, i)
		worst = min(worst, kingMaterial(p, s, mover))
		p.Undo(s)
	}
	return worst
}

// kingMaterial is material with pieces of a kind named "king" worth 3.
func kingMaterial(p *interp.Program, s *interp.State, mover int) int {
	v := 0
	g := p.Game()
	for c := range g.Board.Cells {
		pc, ok := p.PieceAt(s, c)
		if !ok || g.Pieces[pc].Owner < 0 {
			continue
		}
		w := 1
		if g.Kinds[g.Pieces[pc].Kind].Name == "king" {
			w = 3
		}
		if g.Pieces[pc].Owner != mover {
			w = -w
		}
		v += w
	}
	return v
}

// conspValue: the mover's men on shelters (100 each), less the distance
// (king steps) from each other man to the nearest empty shelter.
func conspValue(p *interp.Program, s *interp.State, mover int) int {
	g := p.Game()
	var shelters []int
	for _, z := range g.Zones {
		if z.Name == "shelters" {
			shelters = z.Cells[mover]
		}
	}
	v := 0
	for c, cell := range g.Board.Cells {
		pc, ok := p.PieceAt(s, c)
		if !ok || g.Pieces[pc].Owner != mover {
			continue
		}
		if slices.Contains(shelters, c) {
			v += 100
			continue
		}
		best := 1 << 20
		for _, sh := range shelters {
			if _, taken := p.PieceAt(s, sh); taken {
				continue
			}
			o := g.Board.Cells[sh]
			best = min(best, max(abs(o.X-cell.X), abs(o.Y-cell.Y)))
		}
		v -= best
	}
	return v
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
