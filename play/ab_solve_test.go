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
// plies, and never plays from a drawn position a move that loses within
// abDepth plies.
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
		sol, err := solve.Solve(p, s0, solve.Options{})
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
