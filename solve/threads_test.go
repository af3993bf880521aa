package solve

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"testing"

	"github.com/ruleplay/ruleplay/interp"
)

// snapshot is every position of a solution, by identity, with its value
// and plies.
func snapshot(sol *Solution) map[string][2]int {
	out := make(map[string][2]int, sol.tab.len())
	for k := range sol.tab.shards {
		tb := &sol.tab.shards[k].t
		for i := range uint32(tb.len()) {
			v, d := sol.value(sol.tab.base[k] + i)
			out[string(tb.key(i))] = [2]int{int(v), d}
		}
	}
	return out
}

// after plays the first legal move plies times from the start.
func after(p *interp.Program, plies int) *interp.State {
	s := p.NewState(1)
	var ml interp.MoveList
	for range plies {
		p.Legal(s, &ml)
		p.Apply(s, &ml, 0)
	}
	return s
}

type threadCase struct {
	name string
	p    *interp.Program
	s    *interp.State
	big  bool // left out with -short (and -race)
}

func threadCases(t *testing.T) []threadCase {
	catch := load(t, "testdata/catch.rules", nil)
	wander := load(t, "testdata/wander.rules", nil)
	limit := load(t, "testdata/wander-limit.rules", nil)
	race := load(t, "testdata/race.rules", nil)
	konane := load(t, "../conformance/testdata/solve/konane-4x4.rules", nil)
	lf3 := bundled(t, "leapfrog", map[string]string{"size": "3x3"})
	lf3p := bundled(t, "leapfrog", map[string]string{"size": "3x3", "players": "3"})
	lf34 := bundled(t, "leapfrog", map[string]string{"size": "3x4"})
	lf4 := bundled(t, "leapfrog", map[string]string{"size": "4x4"})
	fox := bundled(t, "fox-and-hounds", nil)
	return []threadCase{
		{"catch", catch, catch.NewState(1), false},
		{"wander", wander, wander.NewState(1), false},
		{"wander with a ply limit", limit, limit.NewState(1), false},
		{"race, white to move", race, at(t, race, "3p/4/P3/4 white"), false},
		{"race, black to move", race, at(t, race, "3p/4/P3/4 black"), false},
		{"konane 4x4", konane, konane.NewState(1), false},
		{"leapfrog 3x3", lf3, lf3.NewState(1), false},
		{"leapfrog 3x3, 3 players", lf3p, lf3p.NewState(1), false},
		{"leapfrog 3x4", lf34, lf34.NewState(1), false},
		{"leapfrog 4x4", lf4, lf4.NewState(1), true},
		{"fox and hounds after 12 plies", fox, after(fox, 12), true},
	}
}

// The solve's results do not depend on its threads: the value, plies,
// margin, principal variation, every first move's value, the positions
// and moves, and every position's value and plies are those of one
// thread, on two and four (the retrograde analysis on several threads
// from its first level on).
func TestThreadsAgree(t *testing.T) {
	for _, c := range threadCases(t) {
		if c.big && testing.Short() {
			continue
		}
		one := mustSolve(t, c.p, c.s, Options{Threads: 1})
		want := snapshot(one)
		for _, threads := range []int{2, 4} {
			name := fmt.Sprintf("%s, %d threads", c.name, threads)
			sol := mustSolve(t, c.p, c.s, Options{Threads: threads, parallelLevel: 1})
			v1, d1 := one.Value()
			v, d := sol.Value()
			switch {
			case v != v1 || d != d1:
				t.Errorf("%s: %v in %d, one thread %v in %d", name, v, d, v1, d1)
			case sol.Positions() != one.Positions() || sol.Moves() != one.Moves():
				t.Errorf("%s: %d positions %d moves, one thread %d %d", name, sol.Positions(), sol.Moves(), one.Positions(), one.Moves())
			case !sol.Complete || sol.EndlessDraw() != one.EndlessDraw():
				t.Errorf("%s: complete %v, endless %v", name, sol.Complete, sol.EndlessDraw())
			case (sol.Margin == nil) != (one.Margin == nil) || sol.Margin != nil && *sol.Margin != *one.Margin:
				t.Errorf("%s: margin %s, one thread %s", name, marginText(sol.Margin), marginText(one.Margin))
			case !slices.Equal(sol.PV(), one.PV()):
				t.Errorf("%s: pv %v, one thread %v", name, sol.PV(), one.PV())
			case !slices.Equal(sol.Divide(), one.Divide()):
				t.Errorf("%s: divide %v, one thread %v", name, sol.Divide(), one.Divide())
			case !maps.Equal(snapshot(sol), want):
				t.Errorf("%s: the positions' values differ from one thread's", name)
			}
		}
		t.Logf("%s: %v", c.name, one)
	}
}

// Stopped early on two threads: the memory bound and an interruption
// leave only exact values (a position won or lost in the part found is
// won or lost in the whole).
func TestThreadsStopped(t *testing.T) {
	p := bundled(t, "leapfrog", map[string]string{"size": "4x4"})
	whole := snapshot(mustSolve(t, p, p.NewState(1), Options{}))
	for _, threads := range []int{1, 2} {
		sol := mustSolve(t, p, p.NewState(1), Options{Threads: threads, Memory: 4 << 20, parallelLevel: 1, Method: Retrograde})
		if !errors.Is(sol.Stopped, ErrTooBig) || sol.Complete || sol.Margin != nil {
			t.Fatalf("%d threads: stopped %v complete %v", threads, sol.Stopped, sol.Complete)
		}
		decided := 0
		for id, vd := range snapshot(sol) {
			if v := Value(vd[0]); v == Win || v == Loss {
				decided++
				if Value(whole[id][0]) != v {
					t.Fatalf("%d threads: a position %v in the part found, %v in the whole", threads, v, Value(whole[id][0]))
				}
			}
		}
		if decided == 0 {
			t.Fatalf("%d threads: nothing decided in %d positions", threads, sol.Positions())
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		sol = mustSolve(t, p, p.NewState(1), Options{Threads: threads, Context: ctx})
		if !errors.Is(sol.Stopped, ErrInterrupted) || sol.Complete {
			t.Fatalf("%d threads: stopped %v complete %v", threads, sol.Stopped, sol.Complete)
		}
	}
}

func marginText(m *int) string {
	if m == nil {
		return "none"
	}
	return fmt.Sprint(*m)
}
