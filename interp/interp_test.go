package interp

import (
	"slices"
	"strings"
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
)

func texts(p *core.Program, ml *core.MoveList) []string {
	out := make([]string, ml.Len())
	for i := range out {
		out[i] = p.Text(ml, i)
	}
	return out
}

func legal(p *core.Program, s *core.State) []string {
	var ml core.MoveList
	p.Legal(s, &ml)
	return texts(p, &ml)
}

// play applies moves given by text, failing the test on an illegal one.
func play(t *testing.T, p *core.Program, s *core.State, moves ...string) {
	t.Helper()
	var ml core.MoveList
	for _, m := range moves {
		i, err := p.ParseMove(s, &ml, m)
		if err != nil {
			t.Fatalf("%v; legal: %s", err, strings.Join(texts(p, &ml), " "))
		}
		p.Apply(s, &ml, i)
	}
}

func wantMoves(t *testing.T, p *core.Program, s *core.State, want ...string) {
	t.Helper()
	checkCountSelect(t, p, s, 0)
	got := legal(p, s)
	if want == nil {
		want = []string{}
	}
	if !slices.Equal(got, want) {
		t.Errorf("legal moves:\n got  %v\n want %v\n%s", got, want, p.Render(s))
	}
}

// checkCountSelect checks that countMoves and selectMove (perft's last
// ply, RandomPlayout) agree with Legal in s: the number of moves, and move
// i alone for every i (at most max of them, spread over the list, when max
// > 0).
func checkCountSelect(t testing.TB, p *core.Program, s *core.State, max int) {
	t.Helper()
	var ml, one, scratch core.MoveList
	p.Legal(s, &ml)
	want := texts(p, &ml)
	if n := p.CountLegal(s, &scratch); n != len(want) {
		t.Fatalf("CountLegal %d, Legal %d: %v\n%s", n, len(want), want, p.Render(s))
	}
	n, built := p.CountRuleMoves(s, &scratch, true)
	if built {
		return // (a list: CountLegal's count is checked above)
	}
	if len(want) > 0 && want[len(want)-1] == "swap" {
		want = want[:len(want)-1] // (not counted: the count-playouts drawer declines the swap)
	}
	if n != len(want) {
		t.Fatalf("CountRuleMoves %d, Legal %d without the swap: %v\n%s", n, len(want), want, p.Render(s))
	}
	step := 1
	if max > 0 && n > max {
		step = n / max
	}
	for i := 0; i < n; i += step {
		p.SelectMove(s, &one, i)
		if one.Len() != 1 || p.Text(&one, 0) != want[i] {
			t.Fatalf("selectMove(%d) = %v, Legal's move %q (of %v)\n%s", i, texts(p, &one), want[i], want, p.Render(s))
		}
	}
}

// both compiles b with and without fast paths.
func both(t *testing.T, b *gb, cfg core.Config) []*core.Program {
	t.Helper()
	fast := b.compile(cfg)
	cfg.Disable = []string{"all"}
	slow := b.compile(cfg)
	return []*core.Program{fast, slow}
}

// setTurns marks every player as having taken n turns (to get past
// first-turn rules in hand-built positions); the ply follows.
func setTurns(s *core.State, n int) {
	for i := range s.Turns {
		s.Turns[i] = int32(n)
	}
	s.PlyCount = n * len(s.Turns)
}

func TestLeapFrogPerft(t *testing.T) {
	want := []uint64{1, 64, 4032, 24256, 181888, 1934480}
	for _, p := range both(t, leapFrog(t, 8, 8, 2, false, false), core.Config{}) {
		s := p.NewState(0)
		for d := 1; d < len(want); d++ {
			if d == 5 && testing.Short() {
				continue
			}
			if got := p.Perft(s, d); got != want[d] {
				t.Errorf("noFast=%v perft(%d) = %d, want %d", (len(p.Cfg.Disable) > 0), d, got, want[d])
			}
		}
		if got := p.Perft(s, 0); got != 1 {
			t.Errorf("perft(0) = %d", got)
		}
	}
}

func TestRemovalTurns(t *testing.T) {
	for _, p := range both(t, leapFrog(t, 3, 3, 2, false, false), core.Config{}) {
		s := p.NewState(0)
		all := []string{"xa1", "xb1", "xc1", "xa2", "xb2", "xc2", "xa3", "xb3", "xc3"}
		wantMoves(t, p, s, all...)
		play(t, p, s, "xb2")
		wantMoves(t, p, s, "xa1", "xb1", "xc1", "xa2", "xc2", "xa3", "xb3", "xc3")
		play(t, p, s, "xa1")
		if s.CapturedBy[0] != 1 || s.CapturedBy[1] != 1 {
			t.Errorf("captured %v, want [1 1]", s.CapturedBy)
		}
		// Third ply: p1's second turn: jumps only; only a1 can be
		// reached (no cell is two steps from the centre).
		wantMoves(t, p, s, "c1-a1", "a3-a1")
		play(t, p, s, "a3-a1")
		if p.Score(s, 0) != 2 {
			t.Errorf("p1 score %d, want 2", p.Score(s, 0))
		}
	}
}

func TestChainBackOnStart(t *testing.T) {
	b := newSquare(t, 3, 3, false, "p1", "p2")
	k := b.kind("stone", "O", 0, nil)
	st := b.piece(k, ir.Neutral, 0, "")
	b.place(st, "a1", "b1", "a2", "c2", "b3")
	b.leapingRules(false, false)
	for _, p := range both(t, b, core.Config{}) {
		s := p.NewState(0)
		setTurns(s, 1)
		wantMoves(t, p, s,
			"a1-a3", "a1-a3-c3", "a1-a3-c3-c1", "a1-a3-c3-c1-a1",
			"a1-c1", "a1-c1-c3", "a1-c1-c3-a3", "a1-c1-c3-a3-a1")
		before := p.Render(s)
		var ml core.MoveList
		i, err := p.ParseMove(s, &ml, "a1-c1-c3-a3-a1")
		if err != nil {
			t.Fatal(err)
		}
		p.Apply(s, &ml, i)
		if got := p.Score(s, 0); got != 4 {
			t.Errorf("p1 captured %d after the loop, want 4", got)
		}
		if pc, ok := p.PieceAt(s, 0); !ok || pc != st {
			t.Errorf("a1 should hold the stone again")
		}
		for c := 1; c < 9; c++ {
			if _, ok := p.PieceAt(s, c); ok {
				t.Errorf("%s should be empty", p.CellName(c))
			}
		}
		st := p.Status(s)
		if !st.Over || st.Reason != "no move" || !slices.Equal(st.Winners, []int{0}) || !slices.Equal(st.Scores, []int{4, 0}) {
			t.Errorf("status %+v", st)
		}
		p.Undo(s)
		if got := p.Render(s); got != before {
			t.Errorf("undo: got\n%s\nwant\n%s", got, before)
		}
	}
}

func TestChainPrefixesAndDiagonal(t *testing.T) {
	b := newSquare(t, 5, 3, false, "p1", "p2")
	k := b.kind("stone", "O", 0, nil)
	st := b.piece(k, ir.Neutral, 0, "")
	b.place(st, "a1", "b1", "d1", "d2", "b2")
	b.leapingRules(true, false)
	for _, p := range both(t, b, core.Config{}) {
		s := p.NewState(0)
		setTurns(s, 1)
		// a1 first, directions n ne e se s sw w nw, each prefix before its
		// extensions; two loops come back to a1. Then b1 and d1.
		wantMoves(t, p, s,
			"a1-c3", "a1-c3-e1", "a1-c3-e1-c1", "a1-c3-e1-c1-a1",
			"a1-c1", "a1-c1-e3", "a1-c1-e1", "a1-c1-e1-c3", "a1-c1-e1-c3-a1", "a1-c1-a3",
			"b1-b3", "d1-d3")
	}
}

func TestFrogletFirstPlyOnly(t *testing.T) {
	for _, p := range both(t, leapFrog(t, 4, 4, 2, false, true), core.Config{}) {
		s := p.NewState(0)
		if got := legal(p, s); len(got) != 16 || got[0] != "xa1" || got[15] != "xd4" {
			t.Errorf("first ply: %v", got)
		}
		play(t, p, s, "xb2")
		// p2's first turn is already a jump, and so is every later turn.
		wantMoves(t, p, s, "d2-b2", "b4-b2")
		play(t, p, s, "d2-b2")
		wantMoves(t, p, s, "a2-c2", "c4-c2", "d4-d2")
	}
	// In Leap Frog proper both players remove on their first turn.
	p := leapFrog(t, 4, 4, 2, false, false).compile(core.Config{})
	s := p.NewState(0)
	play(t, p, s, "xb2")
	if got := legal(p, s); len(got) != 15 || got[0] != "xa1" {
		t.Errorf("second ply: %v", got)
	}
}

func TestCaptureHex(t *testing.T) {
	for _, p := range both(t, capture(t), core.Config{}) {
		s := p.NewState(0)
		wantMoves(t, p, s, "c3-e5", "e3-e5", "c5-e5", "g5-e5", "c7-e5", "e7-e5")
		play(t, p, s, "c5-e5")
		if p.Score(s, 0) != 1 {
			t.Errorf("p1 score %d", p.Score(s, 0))
		}
		// d5 was taken, c5 left: jumps onto c5 or d5 from all sides but
		// over an empty cell.
		wantMoves(t, p, s, "a3-c5", "b3-d5", "c3-c5", "d3-d5", "a5-c5", "f5-d5", "a7-c5", "b7-d5", "c7-c5", "d7-d5")
		if got := p.Perft(p.NewState(0), 3); got != 942 {
			t.Errorf("perft(3) = %d", got)
		}
	}
}

// disableAll is Config.Disable switching every accelerator off when off
// holds (the reference), none otherwise.
func disableAll(off bool) []string {
	if off {
		return []string{"all"}
	}
	return nil
}
