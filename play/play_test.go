package play

import (
	"errors"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/lang"
)

func load(t testing.TB, game string, opts map[string]string, maxPlies int) *interp.Program {
	t.Helper()
	g, err := lang.Load(filepath.Join("..", "games", game+".rules"), opts)
	if err != nil {
		t.Fatal(err)
	}
	p, err := interp.Compile(g, interp.Config{MaxPlies: maxPlies})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// playGame plays one game and returns its moves and final status.
func playGame(t testing.TB, p *interp.Program, seed uint64, names ...string) ([]string, interp.Status, int) {
	t.Helper()
	var seats []Player
	for _, n := range names {
		pl, err := New(n)
		if err != nil {
			t.Fatal(err)
		}
		seats = append(seats, pl)
	}
	s := p.NewState(seed)
	var moves []string
	st := Game(p, s, seats, rand.New(rand.NewPCG(seed, 1)), func(_ int, m string, _ *interp.State) {
		moves = append(moves, m)
	})
	return moves, st, s.Ply()
}

func TestNew(t *testing.T) {
	for _, n := range Names() {
		pl, err := New(n)
		if err != nil {
			t.Fatal(err)
		}
		if pl.Name() != n {
			t.Errorf("New(%q).Name() = %q", n, pl.Name())
		}
	}
	_, err := New("gredy")
	want := `unknown player "gredy" (known players: ab, greedy, lookahead, mcts, random); did you mean "greedy"?`
	if err == nil || err.Error() != want {
		t.Errorf("New(gredy) error = %v, want %s", err, want)
	}
	_, err = New("alphazero")
	if err == nil || strings.Contains(err.Error(), "did you mean") || !strings.Contains(err.Error(), "known players: ab, greedy, lookahead, mcts, random") {
		t.Errorf("New(alphazero) error = %v", err)
	}
	var unknown *UnknownError
	if !errors.As(err, &unknown) || unknown.Name != "alphazero" {
		t.Errorf("New(alphazero) error %#v, want an *UnknownError naming alphazero", err)
	}
	// A caller with more players (a command line that seats people too)
	// gets them listed in order and suggested.
	got := UnknownMessage("humna", append(Names(), "human"))
	want = `unknown player "humna" (known players: ab, greedy, human, lookahead, mcts, random); did you mean "human"?`
	if got != want {
		t.Errorf("UnknownMessage = %s, want %s", got, want)
	}
}

func TestDeterministic(t *testing.T) {
	p := load(t, "leapfrog", map[string]string{"size": "8x8"}, 0)
	q := load(t, "salta", nil, 400)
	for _, names := range [][]string{{"random", "random"}, {"greedy", "random"}, {"greedy", "greedy"}} {
		for seed := uint64(1); seed <= 2; seed++ {
			for _, pr := range []*interp.Program{p, q} {
				a, sa, _ := playGame(t, pr, seed, names...)
				b, sb, _ := playGame(t, pr, seed, names...)
				if !slices.Equal(a, b) || !slices.Equal(sa.Winners, sb.Winners) {
					t.Errorf("%s %v seed %d: two runs differ", pr.Game().Name, names, seed)
				}
			}
		}
	}
	// Different seeds give different games.
	a, _, _ := playGame(t, p, 1, "random", "random")
	b, _, _ := playGame(t, p, 2, "random", "random")
	if slices.Equal(a, b) {
		t.Error("seeds 1 and 2 gave the same random game")
	}
}

// A player value reused for a second game forgets the first.
func TestGreedyReuse(t *testing.T) {
	p := load(t, "salta", nil, 300)
	g1, g2 := &Greedy{}, &Greedy{}
	play := func() []string {
		var moves []string
		Game(p, p.NewState(1), []Player{g1, g2}, rand.New(rand.NewPCG(5, 5)), func(_ int, m string, _ *interp.State) {
			moves = append(moves, m)
		})
		return moves
	}
	first, second := play(), play()
	if !slices.Equal(first, second) {
		t.Error("a reused Greedy played differently in its second game")
	}
}

func TestGreedyBeatsRandom(t *testing.T) {
	p := load(t, "leapfrog", map[string]string{"size": "8x8"}, 0)
	greedyWins, randomWins := 0, 0
	for seed := uint64(1); seed <= 10; seed++ {
		names := []string{"greedy", "random"}
		g := 0
		if seed%2 == 0 {
			names, g = []string{"random", "greedy"}, 1
		}
		_, st, _ := playGame(t, p, seed, names...)
		if len(st.Winners) == 1 {
			if st.Winners[0] == g {
				greedyWins++
			} else {
				randomWins++
			}
		}
	}
	t.Logf("greedy %d, random %d, draws %d", greedyWins, randomWins, 10-greedyWins-randomWins)
	if greedyWins < 7 || greedyWins <= randomWins {
		t.Errorf("greedy won %d of 10 games, random %d", greedyWins, randomWins)
	}
}

// Greedy against greedy in a race without captures (scores: distance to
// goal, lowest best) must end by a goal, not by the ply cap.
func TestGreedyFinishesRace(t *testing.T) {
	const maxPlies = 1000 // the default cap of ruleplay run
	p := load(t, "salta", nil, maxPlies)
	for seed := uint64(1); seed <= 8; seed++ {
		_, st, plies := playGame(t, p, seed, "greedy", "greedy")
		t.Logf("seed %d: %s after %d plies, winners %v, scores %v", seed, st.Reason, plies, st.Winners, st.Scores)
		if st.Reason != "goal" {
			t.Errorf("seed %d: the game ended by %q after %d plies, not by a goal", seed, st.Reason, plies)
		}
	}
	// The remedies matter: without tabu and plans, one-ply greedy does not
	// finish these games.
	stuck := 0
	for seed := uint64(1); seed <= 4; seed++ {
		a, b := &Greedy{Tenure: -1, PlanAfter: -1}, &Greedy{Tenure: -1, PlanAfter: -1}
		st := Game(p, p.NewState(seed), []Player{a, b}, rand.New(rand.NewPCG(seed, 1)), nil)
		if st.Reason == "limit" {
			stuck++
		}
	}
	t.Logf("without the remedies %d of 4 games hit the cap", stuck)
	if stuck == 0 {
		t.Error("plain one-ply greedy finished every game: the test no longer shows the remedies at work")
	}
}

// Every player finishes every bundled game.
func TestEveryGame(t *testing.T) {
	files, _ := filepath.Glob("../games/*.rules")
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".rules")
		g, err := lang.Load(f, nil)
		if err != nil {
			t.Logf("%s: %v (skipped)", name, err)
			continue
		}
		p, err := interp.Compile(g, interp.Config{MaxPlies: 600})
		if err != nil {
			t.Logf("%s: %v (skipped)", name, err)
			continue
		}
		for _, names := range [][]string{{"random"}, {"greedy"}} {
			_, st, plies := playGame(t, p, 1, names...)
			if !st.Over {
				t.Errorf("%s %v: not over after %d plies", name, names, plies)
			}
		}
	}
}

func TestEval(t *testing.T) {
	// Highest score best: own minus best opponent.
	p := load(t, "leapfrog", map[string]string{"size": "4x4", "players": "3"}, 0)
	s := p.NewState(1)
	var ml interp.MoveList
	p.Legal(s, &ml)
	p.Apply(s, &ml, 0) // p1 removes a piece: p1 1, p2 0, p3 0
	if got := Eval(p, s, 0); got != 1 {
		t.Errorf("Eval p1 = %d, want 1", got)
	}
	if got := Eval(p, s, 1); got != -1 {
		t.Errorf("Eval p2 = %d, want -1", got)
	}
	// Lowest score best: the best opponent minus own.
	q := load(t, "salta", nil, 0)
	s = q.NewState(1)
	q.Legal(s, &ml)
	q.Apply(s, &ml, 0)
	d0, d1 := q.Score(s, 0), q.Score(s, 1)
	if got := Eval(q, s, 0); got != d1-d0 {
		t.Errorf("Eval green = %d, want %d", got, d1-d0)
	}
	// A finished game: the winner gets Win, a loser -Win.
	p8 := load(t, "leapfrog", map[string]string{"size": "3x3"}, 0)
	_, st, _ := playGame(t, p8, 1, "random")
	s = p8.NewState(1)
	moves, _, _ := playGame(t, p8, 1, "random")
	for _, m := range moves {
		i, err := p8.ParseMove(s, &ml, m)
		if err != nil {
			t.Fatal(err)
		}
		p8.Apply(s, &ml, i)
	}
	for pl := 0; pl < 2; pl++ {
		v := Eval(p8, s, pl)
		in := slices.Contains(st.Winners, pl)
		switch {
		case len(st.Winners) == 2 && (v <= -Win/2 || v >= Win/2):
			t.Errorf("draw: Eval(%d) = %d", pl, v)
		case len(st.Winners) == 1 && in && v < Win/2:
			t.Errorf("winner: Eval(%d) = %d", pl, v)
		case len(st.Winners) == 1 && !in && v > -Win/2:
			t.Errorf("loser: Eval(%d) = %d", pl, v)
		}
	}
}

func TestEditDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		d    int
	}{{"", "", 0}, {"c3-d4", "c3-d5", 1}, {"c3d4", "c3-d4", 1}, {"kitten", "sitting", 3}, {"", "ab", 2}} {
		if got := EditDistance(tc.a, tc.b); got != tc.d {
			t.Errorf("EditDistance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.d)
		}
	}
}
