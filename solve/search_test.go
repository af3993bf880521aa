package solve

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/ruleplay/ruleplay/interp"
)

// sameAnswers fails unless two solves of one position give the same
// value, plies, margin, principal variation and first moves' values.
func sameAnswers(t *testing.T, name string, got, want *Solution) {
	t.Helper()
	v, d := got.Value()
	wv, wd := want.Value()
	switch {
	case v != wv || d != wd:
		t.Errorf("%s: %v in %d, want %v in %d", name, v, d, wv, wd)
	case !got.Complete:
		t.Errorf("%s: not complete (%v)", name, got.Stopped)
	case (got.Margin == nil) != (want.Margin == nil) || got.Margin != nil && *got.Margin != *want.Margin:
		t.Errorf("%s: margin %s, want %s", name, marginText(got.Margin), marginText(want.Margin))
	case !slices.Equal(got.PV(), want.PV()):
		t.Errorf("%s: pv %v, want %v", name, got.PV(), want.PV())
	case !slices.Equal(got.Divide(), want.Divide()):
		t.Errorf("%s: divide %v, want %v", name, got.Divide(), want.Divide())
	case got.Over() != want.Over():
		t.Errorf("%s: over %v, want %v", name, got.Over(), want.Over())
	}
}

// cyclic: the thread cases whose positions can repeat, and whether the
// search must stop with ErrCycle there (catch's win in 3 plies is
// proved before a line repeats, since a position whose side to move
// wins at once is not searched further; wander's draw is a cycle)
var cyclic = map[string]bool{"catch": false, "wander": true}

// The search gives the retrograde analysis's answers on every game
// without cycles, with a table big enough and with one so small that it
// forgets most positions (and with the first moves valued as it solves,
// and afterwards); on a game with cycles it stops with ErrCycle.
func TestSearchAgrees(t *testing.T) {
	for _, c := range threadCases(t) {
		if c.big && testing.Short() {
			continue
		}
		want := mustSolve(t, c.p, c.s, Options{Method: Retrograde})
		if stops, ok := cyclic[c.name]; ok {
			for _, threads := range []int{1, 2} {
				got, err := Solve(c.p, c.s, Options{Method: Search, Threads: threads})
				switch {
				case stops && !errors.Is(err, ErrCycle):
					t.Errorf("%s, %d threads: %v, want ErrCycle", c.name, threads, err)
				case !stops && err != nil:
					t.Errorf("%s, %d threads: %v", c.name, threads, err)
				case !stops:
					sameAnswers(t, c.name, got, want)
				}
			}
			continue
		}
		for _, o := range []Options{
			{Method: Search},
			{Method: Search, Divide: true},
			{Method: Search, Order: ByHistory},
			{Method: Search, Order: ByHistory, Memory: 16 << 10},
			{Method: Search, Order: ByHistory, Threads: 2, Memory: 64 << 20},
			{Method: Search, Memory: 16 << 10},
			{Method: Search, Threads: 2, Memory: 64 << 20},
			{Method: Search, Threads: 3, Divide: true, Memory: 1 << 20},
		} {
			if o.Memory > 0 && o.Memory <= 1<<20 && (c.big || c.name[:4] == "leap") {
				continue
			}
			began := time.Now()
			got := mustSolve(t, c.p, c.s, o)
			t.Logf("%s %v: %v, %v", c.name, o.Memory, got, time.Since(began))
			if got.Method != Search || got.Positions() == 0 {
				t.Errorf("%s: method %v, %d positions", c.name, got.Method, got.Positions())
			}
			sameAnswers(t, c.name, got, want)
		}
	}
}

// The search's Lookup and Choose agree with the retrograde analysis's
// in every position of a principal variation.
func TestSearchLookup(t *testing.T) {
	p := load(t, "../conformance/testdata/solve/konane-4x4.rules", nil)
	want := mustSolve(t, p, p.NewState(1), Options{Method: Retrograde})
	got := mustSolve(t, p, p.NewState(1), Options{Method: Search, Memory: 64 << 10})
	s := p.NewState(1)
	for ply := 0; ; ply++ {
		v, d, ok := got.Lookup(s)
		wv, wd, _ := want.Lookup(s)
		if !ok || v != wv || d != wd {
			t.Fatalf("ply %d: %v in %d, want %v in %d", ply, v, d, wv, wd)
		}
		k, wk := got.Choose(s), want.Choose(s)
		if k != wk {
			t.Fatalf("ply %d: move %d, want %d", ply, k, wk)
		}
		if k < 0 {
			break
		}
		var ml interp.MoveList
		p.Legal(s, &ml)
		p.Apply(s, &ml, k)
	}
}

// Auto: when the positions outgrow the memory, the search takes over in
// the same memory and solves the game.
func TestAutoFallsBack(t *testing.T) {
	p := bundled(t, "leapfrog", map[string]string{"size": "4x4"})
	want := mustSolve(t, p, p.NewState(1), Options{})
	if want.Method != Retrograde {
		t.Fatalf("method %v with memory enough", want.Method)
	}
	got := mustSolve(t, p, p.NewState(1), Options{Memory: 1 << 20})
	if got.Method != Search || got.Enumerated == 0 || got.Stopped != nil {
		t.Fatalf("method %v, %d enumerated, stopped %v", got.Method, got.Enumerated, got.Stopped)
	}
	sameAnswers(t, "leapfrog 4x4", got, want)
	// with cycles, the search cannot take over: too big, as before
	w := load(t, "testdata/wander-big.rules", nil)
	sol := mustSolve(t, w, w.NewState(1), Options{Memory: 1 << 20})
	if !errors.Is(sol.Stopped, ErrTooBig) || !sol.Cycle {
		t.Fatalf("stopped %v, cycle %v", sol.Stopped, sol.Cycle)
	}
}

// An interrupted search keeps no value it has not proved.
func TestSearchInterrupted(t *testing.T) {
	p := bundled(t, "leapfrog", map[string]string{"size": "4x4"})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	sol := mustSolve(t, p, p.NewState(1), Options{Method: Search, Context: ctx, Divide: true})
	if !errors.Is(sol.Stopped, ErrInterrupted) || sol.Complete {
		t.Fatalf("stopped %v complete %v", sol.Stopped, sol.Complete)
	}
	if v, _ := sol.Value(); v != Unknown || sol.PV() != nil || sol.Margin != nil {
		t.Fatalf("value %v, pv %v", v, sol.PV())
	}
}

// An interrupted search keeps what the tests it finished proved: stopped
// after some 4,000 positions it knows nothing of Konane 5x5; after some
// 12,000, past the first test (is it a win? some 6,000), it knows a win,
// not its plies.
func TestSearchKnownWhenInterrupted(t *testing.T) {
	p := load(t, "../conformance/testdata/solve/konane-5x5.rules", nil)
	for _, calls := range []int{0, 2} {
		ctx := &countdown{Context: context.Background(), left: calls}
		sol := mustSolve(t, p, p.NewState(1), Options{Method: Search, Context: ctx})
		v, plies := sol.Value()
		want := Unknown
		if calls == 2 {
			want = Win
		}
		if !errors.Is(sol.Stopped, ErrInterrupted) || v != want || plies != -1 || sol.PV() != nil {
			t.Fatalf("after %d looks: stopped %v, %v in %d, pv %v", calls, sol.Stopped, v, plies, sol.PV())
		}
	}
}

// countdown is a context done after its Err was asked left times.
type countdown struct {
	context.Context
	left int
}

func (c *countdown) Err() error {
	if c.left--; c.left < 0 {
		return context.Canceled
	}
	return nil
}

// A thread whose test the table answers (another thread finished it and
// left the root's bounds there) takes the table's bound as its answer:
// the lower bound when it reaches the test's threshold, the upper bound
// when it is below it, and nothing while the bounds straddle it.
func TestSearchAnswered(t *testing.T) {
	p := load(t, "../conformance/testdata/solve/konane-4x4.rules", nil)
	opt := Options{Method: Search, Threads: 2}
	sol := newSolution(p, p.NewState(1), &opt)
	x := newSearcher(sol, sol.root.Clone(), &opt, time.Now())
	f := x.frame(0)
	f.key = sol.id.appendTo(nil, x.s)
	f.hash = sol.hashOf(x.s, f.key)
	x.goal = 5
	if x.answered() {
		t.Fatalf("answered %d by an empty table", x.answer)
	}
	x.tt.store(f.key, f.hash, 3, 9, -1, 0)
	if x.answered() {
		t.Fatalf("answered %d by bounds 3..9 for threshold 5", x.answer)
	}
	x.tt.store(f.key, f.hash, 6, 9, -1, 0)
	if !x.answered() || x.answer != 6 {
		t.Fatalf("bounds 6..9, threshold 5: %v %d, want the lower bound 6", x.answered(), x.answer)
	}
	x.goal = 10
	if !x.answered() || x.answer != 9 {
		t.Fatalf("bounds 6..9, threshold 10: %v %d, want the upper bound 9", x.answered(), x.answer)
	}
}

// A position whose side to move wins at once is scored so by the
// search, neither searched further nor stored: alone, it leaves the
// table empty; one ply before it (every move of Black lets White's pawn
// home), only the position solved is stored.
func TestSearchWinsAtOnce(t *testing.T) {
	p := load(t, "testdata/race.rules", nil)
	for _, c := range []struct {
		pos    string
		v      Value
		plies  int
		pv     []string
		stored int64
	}{
		{"3p/P3/4/4 white", Win, 1, []string{"a3-a4"}, 0},
		{"3p/P3/4/4 black", Loss, 2, []string{"d4-d3", "a3-a4"}, 1},
	} {
		sol := mustSolve(t, p, at(t, p, c.pos), Options{Method: Search})
		expect(t, sol, c.v, c.plies)
		if !slices.Equal(sol.PV(), c.pv) {
			t.Errorf("%s: pv %v, want %v", c.pos, sol.PV(), c.pv)
		}
		if n := sol.srch.x.tt.stored.Load(); n != c.stored {
			t.Errorf("%s: %d positions stored, want %d", c.pos, n, c.stored)
		}
		want := mustSolve(t, p, at(t, p, c.pos), Options{Method: Retrograde})
		sameAnswers(t, c.pos, sol, want)
	}
}

// The progress line of a search on several threads counts the helpers'
// positions and moves as they last published them (at their last look
// at the clock), beside this thread's own.
func TestSearchProgressCountsHelpers(t *testing.T) {
	p := load(t, "../conformance/testdata/solve/konane-4x4.rules", nil)
	opt := Options{Method: Search, Threads: 3}
	sol := newSolution(p, p.NewState(1), &opt)
	x := newSearcher(sol, sol.root.Clone(), &opt, time.Now())
	x.nodes, x.moves = 5, 11
	for i, h := range x.helpers {
		h.nodes, h.moves = int64(100*(i+1)), int64(1000*(i+1))
		if err := h.tick(); err != nil {
			t.Fatal(err)
		}
		h.nodes, h.moves = 1<<40, 1<<40 // not published yet
	}
	got := x.progress("search")
	if got.Positions != 305 || got.Moves != 3011 {
		t.Fatalf("progress: %d positions, %d moves; want 305 and 3011", got.Positions, got.Moves)
	}
}

// The search's counts are the same in every run: the hash of a
// position's identity is not seeded per process (Konane caps the ply in
// its identity, so the solve hashes the identity's bytes), and the
// positions it searches, hence the counts the docs give, are fixed.
func TestSearchCountsFixed(t *testing.T) {
	p := load(t, "../conformance/testdata/solve/konane-5x5.rules", nil)
	sol := mustSolve(t, p, p.NewState(1), Options{Method: Search})
	if sol.hash != nil {
		t.Fatal("the solve hashes by the rules' hash: the identity's hash is not used")
	}
	if n, m := sol.Positions(), sol.Moves(); n != 14755 || m != 39603 {
		t.Fatalf("%d positions searched, %d moves; want 14755 and 39603", n, m)
	}
}
