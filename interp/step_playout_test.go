package interp

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/accel"
	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/lang"
)

// step-playouts (step_playout.go): the small step games play their
// playouts on the occupancy word, and play the same games as the
// reference.

// stepGames are the step games of the class: Fox and Hounds, Breakthrough
// (captures on landing), and Hex Raid (a hex board, two kinds, one of
// them stepping any way).
var stepGames = []string{foxHoundsFile, "../games/breakthrough.rules", "testdata/unseen/hex-raid.rules"}

// unloggedTrace plays a playout from seed's start on a State without undo
// records (where step-playouts plays) and tells what it ended on: the
// plies, the status, the board, the counters and the next moves.
func unloggedTrace(p *core.Program, seed uint64, maxPlies int) string {
	return unloggedTraceFrom(p, p.NewState(seed), seed, maxPlies)
}

// unloggedTraceFrom is unloggedTrace from s.
func unloggedTraceFrom(p *core.Program, s *core.State, seed uint64, maxPlies int) string {
	s.SetUndo(false)
	var ml core.MoveList
	n := p.RandomPlayout(s, rand.New(rand.NewPCG(seed, 5)), &ml, maxPlies)
	p.Legal(s, &ml)
	return fmt.Sprintf("%d plies, %+v, captured %v, turns %v, to move %d\n%s%q", n, p.Status(s), s.CapturedBy, s.Turns, s.Mover, p.Render(s), texts(p, &ml))
}

// TestStepPlayoutsPlanned checks that step-playouts plays the step games'
// playouts, and says why it does not when the kernel is off.
func TestStepPlayoutsPlanned(t *testing.T) {
	want := (&accel.StepPlayouts{}).Name()
	for _, f := range stepGames {
		p := loadFile(t, f, nil, core.Config{})
		if got := Explain(p).Playouts; got != want {
			t.Errorf("%s: playouts %q, want %q", f, got, want)
		}
		off := loadFile(t, f, nil, core.Config{Disable: []string{"kernel"}})
		if got := Explain(off).Playouts; got == want {
			t.Errorf("%s without kernel: playouts %q", f, got)
		}
		if why := stepPlayoutsDeclines(off); !strings.Contains(why, "kernel") {
			t.Errorf("%s without kernel: declined %q", f, why)
		}
	}
	// Draughts' jumps have chains: declined.
	if why := stepPlayoutsDeclines(loadFile(t, "../games/draughts.rules", nil, core.Config{})); why == "" {
		t.Errorf("draughts: step-playouts not declined")
	}
}

// TestStepPlayoutsEqualsGeneric plays the same playouts with and without
// accelerators, without undo records (step-playouts) and with them (the
// maker's frames), whole games and games cut at a ply cap.
func TestStepPlayoutsEqualsGeneric(t *testing.T) {
	for _, f := range stepGames {
		fast := loadFile(t, f, nil, core.Config{})
		slow := loadFile(t, f, nil, core.Config{Disable: disableAll(true)})
		ended := 0
		for seed := uint64(0); seed < 40; seed++ {
			for _, maxPlies := range []int{0, 7} {
				a, b := unloggedTrace(fast, seed, maxPlies), unloggedTrace(slow, seed, maxPlies)
				if a != b {
					t.Fatalf("%s seed %d cap %d: step-playouts\n%s\nreference\n%s", f, seed, maxPlies, a, b)
				}
				if maxPlies == 0 && strings.Contains(a, "Over:true") {
					ended++
				}
			}
			if a, b := playoutTrace(fast, seed), playoutTrace(slow, seed); a != b {
				t.Errorf("%s seed %d: with undo records %s, reference %s", f, seed, a, b)
			}
		}
		if ended == 0 {
			t.Errorf("%s: no playout ended the game", f)
		}
	}
}

// TestHexRaid checks the held-back Hex Raid: perft against the reference,
// and the moves of a position made by hand.
func TestHexRaid(t *testing.T) {
	const file = "testdata/unseen/hex-raid.rules"
	fast := loadFile(t, file, nil, core.Config{})
	slow := loadFile(t, file, nil, core.Config{Disable: disableAll(true)})
	for d := 1; d <= 4; d++ {
		a, b := fast.Perft(fast.NewState(0), d), slow.Perft(slow.NewState(0), d)
		if a != b {
			t.Errorf("perft(%d) = %d, reference %d", d, a, b)
		}
	}
	// From the start: the raiders a1 and d1 step onto row 2's free
	// ends, b2's raider forward, the scouts c2 and d2 any way onto empty
	// cells.
	for _, p := range []*core.Program{fast, slow} {
		wantMoves(t, p, p.NewState(0), "a1-a2", "d1-e2", "b2-c3", "b2-b3", "c2-d3", "c2-c3", "d2-e2", "d2-e3", "d2-d3")
	}
	g, err := lang.Load(file, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Pieces: 0 white raider, 1 white scout, 2 black raider, 3 black scout.
	b := (&gb{t: t, g: g}).at(map[int][]string{0: {"c4", "a6"}, 1: {"d3"}, 2: {"d5", "b5"}, 3: {"e6"}})
	for _, p := range both(t, b, core.Config{}) {
		s := p.NewState(0)
		// The raider c4 steps forward onto c5 or takes b5; a6 reaches the
		// far row; the scout d3 steps any way.
		wantMoves(t, p, s, "c4-c5", "c4-b5", "a6-a7", "d3-e3", "d3-e4", "d3-d4", "d3-c3", "d3-c2", "d3-d2")
		play(t, p, s, "c4-b5")
		if got := s.CapturedBy[0]; got != 1 {
			t.Errorf("c4-b5: white captured %d, want 1", got)
		}
		// Black's raider d5 steps forward (sw, se: row 4 is longer) onto
		// d4 or e4; its scout e6, at the end of its row, four ways.
		wantMoves(t, p, s, "d5-d4", "d5-e4", "e6-d7", "e6-d6", "e6-e5", "e6-f5")
		play(t, p, s, "d5-d4", "a6-a7")
		if st := p.Status(s); !st.Over || st.Reason != "goal" || !slices.Equal(st.Winners, []int{0}) {
			t.Errorf("a6-a7: %+v, want white wins by its goal", st)
		}
	}
}

// TestStepPlayoutsFewPieces checks which rules step-playouts counts piece
// by piece (those of players that start with few pieces), and that a
// position with more pieces than that (the rule falls back to counting
// by directions) plays the games the reference plays.
func TestStepPlayoutsFewPieces(t *testing.T) {
	// Fox and Hounds: the fox (one piece) and the four hounds are few;
	// Breakthrough's sixteen pawns are not.
	for _, tc := range []struct {
		file string
		few  []int
	}{{foxHoundsFile, []int{4, 4}}, {"../games/breakthrough.rules", []int{0, 0, 0, 0}}} {
		sp := loadFile(t, tc.file, nil, core.Config{}).Playout.(*accel.StepPlayouts)
		var few []int
		for _, sm := range sp.Movers {
			for _, r := range sm.Rules {
				few = append(few, r.FewPieces)
			}
		}
		if !slices.Equal(few, tc.few) {
			t.Errorf("%s: pieces counted one by one %v, want %v", tc.file, few, tc.few)
		}
	}
	// The program of the setup's four hounds plays a position with
	// seven, as the reference does with seven.
	four := loadFile(t, foxHoundsFile, nil, core.Config{})
	g, err := lang.Load(foxHoundsFile, nil)
	if err != nil {
		t.Fatal(err)
	}
	b := (&gb{t: t, g: g}).at(map[int][]string{0: {"e1"}, 1: {"a7", "b8", "c7", "d8", "f8", "g7", "h8"}})
	seven, ref := b.compile(core.Config{}), b.compile(core.Config{Disable: disableAll(true)})
	ended := 0
	for seed := uint64(0); seed < 60; seed++ {
		for _, maxPlies := range []int{0, 5} {
			got := unloggedTraceFrom(four, seven.NewState(seed), seed, maxPlies)
			want := unloggedTrace(ref, seed, maxPlies)
			if got != want {
				t.Fatalf("seed %d cap %d: seven hounds\n%s\nreference\n%s", seed, maxPlies, got, want)
			}
			if maxPlies == 0 && strings.Contains(got, "Over:true") {
				ended++
			}
		}
	}
	if ended == 0 {
		t.Errorf("no playout with seven hounds ended the game")
	}
}

// TestStepPlayoutsNoAlloc checks that step-playouts allocates nothing.
func TestStepPlayoutsNoAlloc(t *testing.T) {
	for _, f := range stepGames {
		p := loadFile(t, f, nil, core.Config{})
		s0 := p.NewState(0)
		s := s0.Clone()
		s.SetUndo(false)
		var ml core.MoveList
		rng := rand.New(rand.NewPCG(1, 2))
		p.RandomPlayout(s, rng, &ml, 0)
		allocs := testing.AllocsPerRun(20, func() {
			s.CopyFrom(s0)
			p.RandomPlayout(s, rng, &ml, 0)
		})
		if allocs != 0 || !s.Unlogged {
			t.Errorf("%s: %.1f allocations per playout (without undo records: %v)", f, allocs, s.Unlogged)
		}
	}
}
