package play_test

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/lang"
	"github.com/ruleplay/ruleplay/play"
	"github.com/ruleplay/ruleplay/solve"
)

// compile loads a rules file and compiles it.
func compile(t *testing.T, file string) *interp.Program {
	t.Helper()
	g, err := lang.Load(file, nil)
	if err != nil {
		t.Fatal(err)
	}
	p, err := interp.Compile(g, interp.Config{})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// forMover turns a solved value for the root player into the value for
// player pl (two players).
func forMover(v solve.Value, root, pl int) solve.Value {
	if pl == root {
		return v
	}
	switch v {
	case solve.Win:
		return solve.Loss
	case solve.Loss:
		return solve.Win
	}
	return v
}

// TestABAgreesWithSolve walks random games of tiny boards solved in full
// and checks, in every position along them, that ab searching abDepth
// plies keeps a won position won when the win takes at most abDepth
// plies, valued as a win in no fewer plies than solve counts, and never plays from a drawn
// position a move that loses within abDepth plies. One player searches
// all the positions of a file, its table kept from search to search.
func TestABAgreesWithSolve(t *testing.T) {
	const abDepth = 9
	files := []string{
		filepath.Join("..", "conformance", "testdata", "solve", "konane-4x4.rules"),
		filepath.Join("..", "solve", "testdata", "catch.rules"),
		filepath.Join("..", "solve", "testdata", "wander.rules"),
		filepath.Join("..", "solve", "testdata", "wander-limit.rules"),
	}
	for _, file := range files {
		p := compile(t, file)
		s0 := p.NewState(1)
		sol, err := solve.Solve(p, s0, solve.Options{All: true}) // every position: random play passes up wins
		if err != nil || !sol.Complete {
			t.Fatalf("%s: solve: %v", file, err)
		}
		checked := map[string]int{}
		ab, err := play.New(fmt.Sprintf("ab:depth=%d", abDepth))
		if err != nil {
			t.Fatal(err)
		}
		for game := range 20 {
			rng := rand.New(rand.NewPCG(uint64(game), 7))
			s := s0.Clone()
			var ml interp.MoveList
			for ply := 0; ply < 40; ply++ {
				p.Legal(s, &ml)
				if ml.Len() == 0 {
					break
				}
				if kind := agree(t, p, sol, s, &ml, ab, abDepth, rng); kind != "" {
					checked[kind]++
				}
				p.Apply(s, &ml, rng.IntN(ml.Len()))
			}
		}
		t.Logf("%s: %v", filepath.Base(file), checked)
		if checked["win"] == 0 && checked["draw"] == 0 {
			t.Errorf("%s: no won or drawn position checked", file)
		}
	}
}

// agree checks ab's move in s against the solution; it returns the kind
// of position checked ("win", "draw", or "" when not checked).
func agree(t *testing.T, p *interp.Program, sol *solve.Solution, s *interp.State, ml *interp.MoveList, ab play.Player, depth int, rng *rand.Rand) string {
	t.Helper()
	v, plies, ok := sol.Lookup(s)
	if !ok {
		t.Fatalf("position not solved: %s", interp.PositionText(p, s))
	}
	me := s.ToMove()
	mine := forMover(v, sol.Player, me)
	if mine == solve.Loss || (mine == solve.Win && plies > depth) {
		return ""
	}
	i := ab.Choose(p, s, ml, rng)
	text := p.Text(ml, i)
	p.Apply(s, ml, i)
	cv, cplies, _ := sol.Lookup(s)
	p.Undo(s)
	got := forMover(cv, sol.Player, me)
	// ab's value is a win in no fewer plies than the fastest (the table
	// may graft a slower win found in an earlier search)
	if a := ab.(*play.AB); mine == solve.Win && ml.Len() > 1 && (a.LastValue > 1<<24-plies || a.LastValue < 1<<23) {
		t.Errorf("%s: won in %d plies, but ab's value is %d", interp.PositionText(p, s), plies, a.LastValue)
	}
	switch {
	case mine == solve.Win && got != solve.Win:
		t.Errorf("%s: won in %d plies, but ab plays %s (%v)", interp.PositionText(p, s), plies, text, got)
	case mine == solve.Draw && got == solve.Loss && cplies+1 <= depth:
		t.Errorf("%s: drawn, but ab plays %s, lost in %d plies", interp.PositionText(p, s), text, cplies+1)
	}
	if mine == solve.Win {
		return "win"
	}
	return "draw"
}

// A hand-built Breakthrough position: white wins in 3 plies by stepping
// diagonally past the two black pawns that guard d7 (d6-d7 is taken),
// and must, since black's pawn on h3 reaches the first rank in 4. ab
// finds the win at depth 3, not before, and its value counts the plies.
func TestABForcedWin(t *testing.T) {
	p := compile(t, filepath.Join("..", "games", "breakthrough.rules"))
	s, err := interp.ParsePosition(p, "2p1p3/8/3P4/8/8/7p/8/8 white")
	if err != nil {
		t.Fatal(err)
	}
	sol, err := solve.Solve(p, s, solve.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if v, plies := sol.Value(); v != solve.Win || plies != 3 {
		t.Fatalf("solve: %v in %d, want a win in 3", v, plies)
	}
	wins := map[string]bool{}
	for _, mv := range sol.Divide() {
		if mv.Value == solve.Win {
			wins[mv.Move] = true
		}
	}
	if len(wins) != 2 || !wins["d6-c7"] || !wins["d6-e7"] {
		t.Fatalf("solve: winning moves %v", wins)
	}
	var ml interp.MoveList
	p.Legal(s, &ml)
	for depth := 1; depth <= 5; depth++ {
		pl, err := play.New(fmt.Sprintf("ab:depth=%d", depth))
		if err != nil {
			t.Fatal(err)
		}
		ab := pl.(*play.AB)
		i := ab.Choose(p, s, &ml, rand.New(rand.NewPCG(1, 2)))
		move := p.Text(&ml, i)
		switch won := ab.LastValue == 1<<24-3; {
		case depth < 3 && won:
			t.Errorf("depth %d: ab sees the win (%s, value %d)", depth, move, ab.LastValue)
		case depth >= 3 && (!won || !wins[move] || ab.LastDepth != 3):
			t.Errorf("depth %d: ab plays %s, value %d, depth %d; want a win in 3 at depth 3", depth, move, ab.LastValue, ab.LastDepth)
		}
	}
}
