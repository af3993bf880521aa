package solve

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ruleplay/ruleplay/games"
	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/lang"
	"github.com/ruleplay/ruleplay/play"
)

func load(t *testing.T, file string, opts map[string]string) *interp.Program {
	t.Helper()
	g, err := lang.Load(file, opts)
	if err != nil {
		t.Fatal(err)
	}
	p, err := interp.Compile(g, interp.Config{})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func bundled(t *testing.T, name string, opts map[string]string) *interp.Program {
	t.Helper()
	g, err := lang.LoadFS(games.FS(), name+".rules", opts)
	if err != nil {
		t.Fatal(err)
	}
	p, err := interp.Compile(g, interp.Config{})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func at(t *testing.T, p *interp.Program, text string) *interp.State {
	t.Helper()
	s, err := interp.ParsePosition(p, text)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func mustSolve(t *testing.T, p *interp.Program, s *interp.State, opt Options) *Solution {
	t.Helper()
	sol, err := Solve(p, s, opt)
	if err != nil {
		t.Fatal(err)
	}
	return sol
}

func expect(t *testing.T, sol *Solution, v Value, plies int) {
	t.Helper()
	gv, gp := sol.Value()
	if gv != v || gp != plies {
		t.Fatalf("value %v in %d plies, want %v in %d", gv, gp, v, plies)
	}
}

// A race on Breakthrough's rules: White's pawn two steps from the far
// rank, Black's three: White to move wins in 3 plies, Black to move
// loses in 4 (it cannot get there first or catch White's pawn).
func TestRace(t *testing.T) {
	p := load(t, "testdata/race.rules", nil)
	sol := mustSolve(t, p, at(t, p, "3p/4/P3/4 white"), Options{})
	expect(t, sol, Win, 3)
	pv := sol.PV()
	if len(pv) != 3 || pv[0] != "a2-a3" || pv[2] != "a3-a4" {
		t.Fatalf("pv %v", pv)
	}
	for _, mv := range sol.Divide() {
		want := MoveValue{mv.Move, Loss, 4} // every other move lets Black through first
		if mv.Move == "a2-a3" {
			want = MoveValue{mv.Move, Win, 3}
		}
		if mv.Move == "a2-b3" {
			want = MoveValue{mv.Move, Win, 3}
		}
		if mv != want {
			t.Errorf("divide: %+v, want %+v", mv, want)
		}
	}
	sol = mustSolve(t, p, at(t, p, "3p/4/P3/4 black"), Options{})
	expect(t, sol, Loss, 4)
	if pv := sol.PV(); len(pv) != 4 || pv[3] != "a3-a4" {
		t.Fatalf("pv %v", pv)
	}
}

// The hunter catches the runner in 3 plies at best; every first move
// wins, two of them in 5.
func TestCatch(t *testing.T) {
	p := load(t, "testdata/catch.rules", nil)
	sol := mustSolve(t, p, p.NewState(1), Options{})
	expect(t, sol, Win, 3)
	want := []MoveValue{{"a1-a2", Win, 5}, {"a1-b2", Win, 3}, {"a1-b1", Win, 5}}
	if got := sol.Divide(); !slices.Equal(got, want) {
		t.Fatalf("divide %+v, want %+v", got, want)
	}
	if got := sol.PV(); !slices.Equal(got, []string{"a1-b2", "c3-c2", "b2-c2"}) && !slices.Equal(got, []string{"a1-b2", "c3-b3", "b2-b3"}) {
		t.Fatalf("pv %v", got)
	}
}

// Nothing ends the game: a draw by endless play, found without any rule
// of thumb; every placement of the two kings with either to move is a
// position (16*15*2).
func TestEndless(t *testing.T) {
	p := load(t, "testdata/wander.rules", nil)
	sol := mustSolve(t, p, p.NewState(1), Options{})
	expect(t, sol, Draw, -1)
	if !sol.EndlessDraw() || !sol.Complete || sol.Positions() != 480 {
		t.Fatalf("endless %v complete %v positions %d", sol.EndlessDraw(), sol.Complete, sol.Positions())
	}
}

// A ply limit: the game ends in a draw after 6 plies, so the ply is part
// of each position and the draw is the rules' own.
func TestLimitDraw(t *testing.T) {
	p := load(t, "testdata/wander-limit.rules", nil)
	sol := mustSolve(t, p, p.NewState(1), Options{})
	expect(t, sol, Draw, -1)
	if sol.EndlessDraw() {
		t.Fatal("a draw by the limit taken for endless play")
	}
	if len(sol.PV()) != 6 {
		t.Fatalf("pv %v", sol.PV())
	}
	if sol.Positions() != 249 {
		t.Fatalf("%d positions", sol.Positions())
	}
}

// Leap Frog on 3x3 (a scored game): a draw, the margin 0; 360 positions.
func TestScoredDraw(t *testing.T) {
	p := bundled(t, "leapfrog", map[string]string{"size": "3x3"})
	sol := mustSolve(t, p, p.NewState(1), Options{})
	expect(t, sol, Draw, -1)
	if sol.Margin == nil || *sol.Margin != 0 || sol.Positions() != 360 {
		t.Fatalf("margin %v, %d positions", sol.Margin, sol.Positions())
	}
}

// The value does not depend on the hash: a constant one (every position
// colliding) gives the same answers, only slower.
func TestHashOnlyLocates(t *testing.T) {
	p := load(t, "testdata/catch.rules", nil)
	a := mustSolve(t, p, p.NewState(1), Options{})
	b := mustSolve(t, p, p.NewState(1), Options{Hash: func(*interp.State) uint64 { return 7 << 40 }})
	if a.Positions() != b.Positions() || !slices.Equal(a.Divide(), b.Divide()) || !slices.Equal(a.PV(), b.PV()) {
		t.Fatalf("%v / %v", a, b)
	}
}

// A memory bound too small stops the enumeration with ErrTooBig and
// keeps only exact values; so does an interruption.
func TestStopped(t *testing.T) {
	p := bundled(t, "leapfrog", map[string]string{"size": "4x4"})
	sol := mustSolve(t, p, p.NewState(1), Options{Memory: 1 << 20, Method: Retrograde})
	if !errors.Is(sol.Stopped, ErrTooBig) || sol.Complete || sol.Margin != nil {
		t.Fatalf("stopped %v complete %v", sol.Stopped, sol.Complete)
	}
	if v, _ := sol.Value(); v != Unknown {
		t.Fatalf("value %v from a part of the positions", v)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	sol = mustSolve(t, p, p.NewState(1), Options{Context: ctx})
	if !errors.Is(sol.Stopped, ErrInterrupted) || sol.Complete {
		t.Fatalf("stopped %v complete %v", sol.Stopped, sol.Complete)
	}
}

// Perfect play agrees with the value: from a won position the solver's
// side wins every game against mcts, whichever side mcts takes; from a
// lost one mcts cannot do better than the solver's defence allows it.
func TestAgainstMCTS(t *testing.T) {
	cases := []struct {
		p    *interp.Program
		name string
	}{
		{load(t, "testdata/catch.rules", nil), "catch"},
		{load(t, "../conformance/testdata/solve/konane-4x4.rules", nil), "konane 4x4"},
	}
	for _, c := range cases {
		p := c.p
		sol := mustSolve(t, p, p.NewState(1), Options{})
		v, plies := sol.Value()
		if v != Win && v != Loss {
			t.Fatalf("%s: %v", c.name, v)
		}
		winner := sol.Player
		if v == Loss {
			winner = p.After(sol.Player)
		}
		for game := range 6 {
			mcts := &play.MCTS{Playouts: 300}
			rng := rand.New(rand.NewPCG(uint64(game), 9))
			s := p.NewState(1)
			var ml interp.MoveList
			n := 0
			for {
				st := p.Status(s)
				if st.Over {
					if len(st.Winners) != 1 || st.Winners[0] != winner {
						t.Fatalf("%s game %d: winners %v, want %d", c.name, game, st.Winners, winner)
					}
					if n > plies {
						// the winner ends the game as fast as the value says, whatever mcts does
						t.Fatalf("%s game %d: %d plies, the value says %d at most", c.name, game, n, plies)
					}
					break
				}
				p.Legal(s, &ml)
				var k int
				if s.Mover == winner {
					k = sol.Choose(s)
				} else {
					k = mcts.Choose(p, s, &ml, rng)
				}
				p.Apply(s, &ml, k)
				n++
			}
		}
	}
}

// The enumeration leaves out what only passing up a win within the
// look-ahead reaches, and the answers are those of the whole
// enumeration (Options.All): value, plies, margin, principal variation,
// every first move's value, and the value and plies of the positions
// along the line of perfect play; on two threads too, and looking 1, 2
// and 3 plies ahead. The hunter's game keeps 137 of its 153 positions,
// 20 looking 3 plies ahead.
func TestCutToWin(t *testing.T) {
	kept := map[string]int64{}
	for _, c := range threadCases(t) {
		if c.big && testing.Short() {
			continue
		}
		all := mustSolve(t, c.p, c.s, Options{Method: Retrograde, All: true})
		for _, o := range []Options{{}, {Threads: 2}, {Lookahead: 2}, {Lookahead: 3}, {Lookahead: 3, Threads: 2}} {
			o.Method = Retrograde
			got := mustSolve(t, c.p, c.s, o)
			sameAnswers(t, c.name, got, all)
			if got.Positions() > all.Positions() {
				t.Errorf("%s: %d positions, more than all %d", c.name, got.Positions(), all.Positions())
			}
			if o.Lookahead == 0 {
				kept[c.name] = got.Positions()
			} else if o.Lookahead == 3 {
				kept[c.name+", 3 plies"] = got.Positions()
			}
			s := c.s.Clone()
			for ply := 0; ply < 100; ply++ { // a draw's line may go on
				v, d, ok := got.Lookup(s)
				wv, wd, _ := all.Lookup(s)
				if !ok || v != wv || d != wd {
					t.Fatalf("%s, ply %d: %v in %d (%v), want %v in %d", c.name, ply, v, d, ok, wv, wd)
				}
				k := got.Choose(s)
				if k != all.Choose(s) {
					t.Fatalf("%s, ply %d: move %d, want %d", c.name, ply, k, all.Choose(s))
				}
				if k < 0 {
					break
				}
				var ml interp.MoveList
				c.p.Legal(s, &ml)
				c.p.Apply(s, &ml, k)
			}
		}
	}
	if kept["catch"] != 137 || kept["catch, 3 plies"] != 20 {
		t.Errorf("catch: %d positions kept, %d looking 3 plies ahead, want 137 and 20", kept["catch"], kept["catch, 3 plies"])
	}
	// the other side's wins are cut too: after a1-b2 every move of the
	// runner (the root player) leaves the hunter a win at once
	p := load(t, "testdata/catch.rules", nil)
	if got := mustSolve(t, p, at(t, p, "3/1H1/2r runner"), Options{}); got.Positions() != 5 {
		t.Errorf("catch after a1-b2: %d positions kept, want 5", got.Positions())
	}
}
