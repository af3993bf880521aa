package interp

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/core"
)

// at places pieces (by index into Game.Pieces) on cells, replacing the setup.
func (b *gb) at(pos map[int][]string) *gb {
	b.g.Setup.Place = nil
	for pc := range len(b.g.Pieces) {
		b.place(pc, pos[pc]...)
	}
	return b
}

// Salta piece indices in the salta builder.
const (
	gStar1 = 0
	gStar2 = 1
	rStar1 = 15
	rStar2 = 16
)

func TestSaltaCompulsoryForwardJump(t *testing.T) {
	b := salta(t, 0, false).at(map[int][]string{gStar1: {"c3"}, rStar1: {"d4"}, rStar2: {"b2"}})
	for _, p := range both(t, b, core.Config{}) {
		s := p.NewState(0)
		// The jump forward over d4 is compulsory; b2 is behind: no jump back.
		wantMoves(t, p, s, "c3-e5")
		play(t, p, s, "c3-e5")
		// Nothing is captured.
		if _, ok := p.PieceAt(s, p.CellIdx["d4"]); !ok {
			t.Error("d4 was captured")
		}
		// Red's jump over e5 would go north (backward): red steps, in
		// cell order, directions ne se sw nw.
		wantMoves(t, p, s, "b2-c3", "b2-c1", "b2-a1", "b2-a3", "d4-e3", "d4-c3", "d4-c5")
	}
	// One jump per move: no going on over f6 to g7.
	b = salta(t, 0, false).at(map[int][]string{gStar1: {"c3"}, rStar1: {"d4"}, rStar2: {"f6"}})
	for _, p := range both(t, b, core.Config{}) {
		wantMoves(t, p, p.NewState(0), "c3-e5")
	}
	b = salta(t, 0, false).at(map[int][]string{gStar1: {"c3"}, rStar2: {"b2"}})
	for _, p := range both(t, b, core.Config{}) {
		// No jump: steps in every diagonal direction, b2 is taken.
		wantMoves(t, p, p.NewState(0), "c3-d4", "c3-d2", "c3-b4")
	}
}

func TestSaltaBlockade(t *testing.T) {
	b := salta(t, 0, false).at(map[int][]string{gStar1: {"h8"}, gStar2: {"h10"}, rStar1: {"j10"}})
	for _, p := range both(t, b, core.Config{}) {
		// h10-i9 would leave red's j10 without a move (i9 taken, h8 behind
		// it taken): forbidden. h8-i9 is fine: red jumps i9 to h8.
		wantMoves(t, p, p.NewState(0), "h8-i9", "h8-i7", "h8-g7", "h8-g9", "h10-g9")
	}
	// Fallback: red has no piece, every move "blocks": none is removed.
	b = salta(t, 0, false).at(map[int][]string{gStar1: {"c3"}})
	for _, p := range both(t, b, core.Config{}) {
		s := p.NewState(0)
		wantMoves(t, p, s, "c3-d4", "c3-d2", "c3-b2", "c3-b4")
		if st := p.Status(s); st.Over {
			t.Errorf("over too early: %+v", st)
		}
		play(t, p, s, "c3-d4")
		st := p.Status(s)
		if !st.Over || st.Reason != "no move" || !slices.Equal(st.Winners, []int{0, 1}) || st.HasMargin {
			t.Errorf("red without a move: %+v, want a draw", st)
		}
	}
}

func TestSaltaGoalMargin(t *testing.T) {
	b := salta(t, 0, false).at(map[int][]string{gStar1: {"a7"}, rStar1: {"j10"}})
	for _, p := range both(t, b, core.Config{}) {
		s := p.NewState(0)
		wantMoves(t, p, s, "a7-b8", "a7-b6")
		play(t, p, s, "a7-b8")
		st := p.Status(s)
		// Red's star 1 on j10 aims for i3: 7 steps; green moved once more.
		want := core.Status{Over: true, Winners: []int{0}, Scores: []int{0, 7}, Margin: 8, HasMargin: true, Reason: "goal"}
		if !equalStatus(st, want) {
			t.Errorf("status %+v, want %+v", st, want)
		}
		if got := legal(p, s); len(got) != 0 {
			t.Errorf("moves after the end: %v", got)
		}
		p.Undo(s)
		if st := p.Status(s); st.Over || !slices.Equal(st.Scores, []int{1, 7}) {
			t.Errorf("after undo: %+v", st)
		}
	}
}

func equalStatus(a, b core.Status) bool {
	return a.Over == b.Over && slices.Equal(a.Winners, b.Winners) && slices.Equal(a.Scores, b.Scores) &&
		a.Margin == b.Margin && a.HasMargin == b.HasMargin && a.Reason == b.Reason
}

func TestSaltaLimit(t *testing.T) {
	for _, p := range both(t, salta(t, 4, true), core.Config{}) {
		s := p.NewState(0)
		if got := p.Perft(s, 3); got != 891 {
			t.Errorf("perft(3) = %d, want 891", got)
		}
		if st := p.Status(s); st.Over || !slices.Equal(st.Scores, []int{105, 105}) {
			t.Errorf("start: %+v", st)
		}
		play(t, p, s, "c3-d4", "h8-g7", "a3-b4")
		if st := p.Status(s); st.Over || !slices.Equal(st.Scores, []int{103, 104}) {
			t.Errorf("after 3 plies: %+v", st)
		}
		play(t, p, s, "g7-h8") // red steps back
		st := p.Status(s)
		want := core.Status{Over: true, Winners: []int{0}, Scores: []int{103, 105}, Margin: 2, HasMargin: true, Reason: "limit"}
		if !equalStatus(st, want) {
			t.Errorf("status %+v, want %+v", st, want)
		}
		if got := p.Perft(s, 1); got != 0 {
			t.Errorf("perft after the end = %d", got)
		}
	}
	// Config.MaxPlies takes the minimum; equal scores at the limit: a draw.
	p := salta(t, 4, true).compile(core.Config{MaxPlies: 2})
	s := p.NewState(0)
	play(t, p, s, "c3-d4", "h8-g7")
	st := p.Status(s)
	want := core.Status{Over: true, Winners: []int{0, 1}, Scores: []int{104, 104}, Reason: "limit"}
	if !equalStatus(st, want) {
		t.Errorf("status %+v, want %+v", st, want)
	}
	// Leap Frog has no limit scoring: the limit is a draw.
	lf := leapFrog(t, 4, 4, 2, false, false).compile(core.Config{MaxPlies: 3})
	s = lf.NewState(0)
	play(t, lf, s, "xa1", "xb1", "a3-a1")
	st = lf.Status(s)
	want = core.Status{Over: true, Winners: []int{0, 1}, Scores: []int{2, 1}, Reason: "limit"}
	if !equalStatus(st, want) {
		t.Errorf("status %+v, want %+v", st, want)
	}
}

// pyramidAt is Pyramid with its real start zones but another position.
func pyramidAt(t *testing.T, white, black []string) *gb {
	b := pyramid(t)
	b.g.Setup.Place = nil
	b.place(0, white...)
	b.place(1, black...)
	return b
}

func TestPyramidChains(t *testing.T) {
	b := pyramidAt(t, []string{"a1"}, []string{"b2", "d4", "b4"})
	for _, p := range both(t, b, core.Config{}) {
		s := p.NewState(0)
		// Forward only, optional chains, nothing captured.
		wantMoves(t, p, s, "a1-c3", "a1-c3-e5", "a1-c3-a5")
		play(t, p, s, "a1-c3-e5")
		for _, c := range []string{"b2", "d4", "b4", "e5"} {
			if _, ok := p.PieceAt(s, p.CellIdx[c]); !ok {
				t.Errorf("%s should hold a piece", c)
			}
		}
		if p.Status(s).Scores != nil {
			t.Error("pyramid has no scores")
		}
	}
	for _, p := range both(t, pyramid(t), core.Config{}) {
		s := p.NewState(0)
		wantMoves(t, p, s, "g1-h2", "b2-a3", "f2-g3", "c3-b4", "e3-f4", "d4-c5")
	}
}

func TestPyramidPasses(t *testing.T) {
	b := pyramidAt(t, []string{"a7", "b8"}, []string{"g1", "h2"})
	for _, p := range both(t, b, core.Config{}) {
		s := p.NewState(0)
		wantMoves(t, p, s, "pass")
		play(t, p, s, "pass")
		if st := p.Status(s); st.Over {
			t.Errorf("over after one pass: %+v", st)
		}
		wantMoves(t, p, s, "pass")
		play(t, p, s, "pass")
		st := p.Status(s)
		if !st.Over || st.Reason != "passes" || !slices.Equal(st.Winners, []int{0, 1}) {
			t.Errorf("two passes: %+v, want a draw", st)
		}
		if s.Turns[0] != 1 || s.Turns[1] != 1 || s.Ply() != 2 {
			t.Errorf("turns %v ply %d", s.Turns, s.Ply())
		}
		p.Undo(s)
		if st := p.Status(s); st.Over || s.Passes != 1 || s.ToMove() != 1 {
			t.Errorf("after undo: %+v passes %d", st, s.Passes)
		}
	}
}

func TestPyramidGoal(t *testing.T) {
	b := pyramidAt(t, []string{"h8", "f8", "d8", "b8", "g7", "e7", "c7", "f6", "d6", "d4"}, []string{"a3"})
	for _, p := range both(t, b, core.Config{}) {
		s := p.NewState(0)
		if st := p.Status(s); st.Over {
			t.Fatalf("over at the start: %+v", st)
		}
		play(t, p, s, "d4-e5")
		st := p.Status(s)
		if !st.Over || st.Reason != "goal" || !slices.Equal(st.Winners, []int{0}) {
			t.Errorf("status %+v, want white wins by goal", st)
		}
	}
}

// TestSaltaBlockadeRandomPositions compares the fast blockade filter (on
// occupancy words, with witnesses) with playing every candidate, on random
// crowded corners where it often drops moves.
func TestSaltaBlockadeRandomPositions(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	var corner []string
	for _, f := range "ghij" {
		for r := 7; r <= 10; r++ {
			if (int(f-'a')+r-1)%2 == 0 {
				corner = append(corner, fmt.Sprintf("%c%d", f, r))
			}
		}
	}
	n := 1500
	if testing.Short() {
		n = 300
	}
	filtered := 0
	for i := 0; i < n; i++ {
		perm := rng.Perm(len(corner))
		ng, nr := 1+rng.IntN(4), 1+rng.IntN(3)
		pos := map[int][]string{}
		for j := 0; j < ng; j++ {
			pos[gStar1+j] = []string{corner[perm[j]]}
		}
		for j := 0; j < nr; j++ {
			pos[rStar1+j] = []string{corner[perm[ng+j]]}
		}
		progs := both(t, salta(t, 0, false).at(pos), core.Config{})
		sf, ss := progs[0].NewState(0), progs[1].NewState(0)
		for ply := 0; ply < 4; ply++ {
			var mf, ms, all core.MoveList
			progs[0].Legal(sf, &mf)
			progs[1].Legal(ss, &ms)
			if tf, ts := texts(progs[0], &mf), texts(progs[1], &ms); !slices.Equal(tf, ts) {
				t.Fatalf("position %d ply %d: fast %v, generic %v\n%s", i, ply, tf, ts, progs[0].Render(sf))
			}
			checkCountSelect(t, progs[0], sf, 0)
			if mf.Len() == 0 {
				break
			}
			if progs[0].Candidates(sf, &all, &sf.Ax().Nested); all.Len() != mf.Len() {
				filtered++
			}
			k := rng.IntN(mf.Len())
			progs[0].Apply(sf, &mf, k)
			progs[1].Apply(ss, &ms, k)
		}
	}
	if filtered == 0 {
		t.Error("the filter dropped no move: the test tests nothing")
	}
	t.Logf("%d positions where the filter dropped moves", filtered)
}
