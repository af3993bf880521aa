package interp

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/core"
)

// The turn order (`turns`, core/turns.go): an opening sequence of
// players, then a cycle that repeats.

const foxHoundsRulebook = "../games/fox-and-hounds.rules"

// TestTurnsFoxHoundsPerft: Fox and Hounds as its rule books state it
// (the fox placed on the fox's first ply, moved on its second) against
// the counts of the rules' page: 4 placements; 7 first steps (b8, d8, f8
// two each, h8 one); 7 hound steps each (49); then the fox's 4, 4, 4,
// 4, 2, 2, 2, ... replies. Depths 5 and 6 are the independent
// generator's (conformance/oracle/foxhounds.go).
func TestTurnsFoxHoundsPerft(t *testing.T) {
	want := []uint64{4, 7, 49, 182, 1118, 3096}
	for _, cfg := range []core.Config{{}, {Disable: disableAll(true)}} {
		p := loadFile(t, foxHoundsRulebook, nil, cfg)
		for d, n := range want {
			if got := p.Perft(p.NewState(0), d+1); got != n {
				t.Errorf("disable %v: perft(%d) = %d, want %d", cfg.Disable, d+1, got, n)
			}
		}
	}
}

// TestTurnsFoxHoundsFirstPlies checks the exact moves of the first
// plies: the fox's player places, then moves the fox it placed, then
// the hounds move, then the fox.
func TestTurnsFoxHoundsFirstPlies(t *testing.T) {
	for _, cfg := range []core.Config{{}, {Disable: disableAll(true)}} {
		p := loadFile(t, foxHoundsRulebook, nil, cfg)
		s := p.NewState(0)
		fox, hounds := 0, 1
		steps := []struct {
			mover int
			moves []string
			play  string
		}{
			{fox, []string{"@b8", "@d8", "@f8", "@h8"}, "@d8"},
			{fox, []string{"d8-e7", "d8-c7"}, "d8-e7"},
			{hounds, []string{"a1-b2", "c1-d2", "c1-b2", "e1-f2", "e1-d2", "g1-h2", "g1-f2"}, "c1-d2"},
			{fox, []string{"e7-f8", "e7-f6", "e7-d6", "e7-d8"}, "e7-f6"},
			{hounds, []string{"a1-b2", "e1-f2", "g1-h2", "g1-f2", "d2-e3", "d2-c3"}, ""},
		}
		for ply, st := range steps {
			if s.Mover != st.mover || s.PlyCount != ply {
				t.Fatalf("ply %d: mover %d at ply %d, want %d", ply, s.Mover, s.PlyCount, st.mover)
			}
			wantMoves(t, p, s, st.moves...)
			if st.play != "" {
				play(t, p, s, st.play)
			}
		}
		if !slices.Equal(s.Turns, []int32{3, 1}) {
			t.Errorf("turns %v after the fox's three plies and the hounds' one, want [3 1]", s.Turns)
		}
		for range 4 {
			p.Undo(s)
		}
		if s.Mover != fox || s.PlyCount != 0 || !slices.Equal(s.Turns, []int32{0, 0}) {
			t.Errorf("undone to the start: mover %d, ply %d, turns %v", s.Mover, s.PlyCount, s.Turns)
		}
	}
}

// TestTurnsFoxHoundsPositionText writes and reads back the positions of
// random games through the opening and after it: the same position, the
// same moves; the side to move is the ply's, other sides are refused.
func TestTurnsFoxHoundsPositionText(t *testing.T) {
	p := loadFile(t, foxHoundsRulebook, nil, core.Config{})
	want := []string{
		"4/4/4/4/4/4/4/hhhh fox hand:F",
		"1F2/4/4/4/4/4/4/hhhh fox ply:1",
		"4/1F2/4/4/4/4/4/hhhh hounds ply:2",
		"4/1F2/4/4/4/4/1h2/h1hh fox ply:3",
	}
	s := p.NewState(0)
	var ml, ml2 core.MoveList
	for ply, text := range want {
		if got := PositionText(p, s); got != text {
			t.Errorf("ply %d: %s, want %s", ply, got, text)
		}
		checkRead(t, p, PositionText(p, s), s)
		play(t, p, s, []string{"@d8", "d8-c7", "c1-d2", "c7-d6"}[ply])
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for game := 0; game < 20; game++ {
		s := p.NewState(0)
		for !p.Status(s).Over {
			got := checkRead(t, p, PositionText(p, s), s)
			p.Legal(s, &ml)
			p.Legal(got, &ml2)
			if !slices.Equal(p.Texts(&ml), p.Texts(&ml2)) {
				t.Fatalf("%s: moves differ", PositionText(p, s))
			}
			p.Apply(s, &ml, rng.IntN(len(ml.Moves)))
		}
	}
	for _, tc := range []struct {
		text string
		col  int
		msg  string
	}{
		{"4/4/4/4/4/4/4/hhhh hounds hand:F", 20, "the game's turns give ply 0 to fox, not hounds (hounds moves at ply 2: set ply:2)"},
		{"1F2/4/4/4/4/4/4/hhhh hounds ply:1", 22, "the game's turns give ply 1 to fox, not hounds (hounds moves at ply 2: set ply:2)"},
		{"4/1F2/4/4/4/4/1h2/h1hh hounds ply:3", 24, "the game's turns give ply 3 to fox, not hounds (hounds moves at ply 4: set ply:4)"},
	} {
		_, err := ParsePosition(p, tc.text)
		var pe *PositionError
		if !errors.As(err, &pe) {
			t.Fatalf("%q: error %v, want a PositionError", tc.text, err)
		}
		if pe.Col != tc.col || pe.Msg != tc.msg {
			t.Errorf("%q: column %d: %s\nwant column %d: %s", tc.text, pe.Col, pe.Msg, tc.col, tc.msg)
		}
	}
}

// TestTurnsFoxHoundsEqualsGeneric plays random games with and without
// accelerators: the same moves, counts, selections, results.
func TestTurnsFoxHoundsEqualsGeneric(t *testing.T) {
	fast := loadFile(t, foxHoundsRulebook, nil, core.Config{})
	slow := loadFile(t, foxHoundsRulebook, nil, core.Config{Disable: disableAll(true)})
	checkEquiv(t, fast, slow, 20, 100)
	for seed := uint64(0); seed < 20; seed++ {
		if a, b := playoutTrace(fast, seed), playoutTrace(slow, seed); a != b {
			t.Errorf("seed %d: playout fast %s, generic %s", seed, a, b)
		}
	}
}

// oneThenTwo is a placing game with Connect6's turn order: p1 places
// one stone, then each side places two in a row. p1 places on ranks 1
// and 2 (8 cells), p2 on rank 3 (4 cells), one stone a ply.
const oneThenTwo = `
board { shape: square(4x4) }
players: p1, p2
turns {
  opening: p1
  repeat: p2 p2 p1 p1
}
piece stone {}
hand p1 { stone: 8 }
hand p2 { stone: 4 }
zone mine {
  p1: ranks(1 .. 2)
  p2: ranks(3)
}
drop { onto: in mine }
end { no-move: lose }
`

// TestTurnsOneThenTwo counts the placing game by hand: the players of
// the plies are p1, p2, p2, p1, p1, p2, p2, p1; each places on one of
// its free cells: 8, 4, 3, 7, 6, 2, 1, 5, so perft is the running
// product 8, 32, 96, 672, 4032, 8064, 8064, 40320. (Strict alternation
// would give 8, 32, 224 from the third ply.) The ninth ply is p1's
// again: 4 free cells; the tenth p2's, who has none left.
func TestTurnsOneThenTwo(t *testing.T) {
	want := []uint64{8, 32, 96, 672, 4032, 8064, 8064, 40320, 161280, 0}
	for _, cfg := range []core.Config{{}, {Disable: disableAll(true)}} {
		p := loadSrc(t, "one-then-two.rules", oneThenTwo, cfg)
		for d, n := range want {
			if got := p.Perft(p.NewState(0), d+1); got != n {
				t.Errorf("disable %v: perft(%d) = %d, want %d", cfg.Disable, d+1, got, n)
			}
		}
		s := p.NewState(0)
		var movers []int
		var ml core.MoveList
		for range 9 {
			movers = append(movers, s.Mover)
			p.Legal(s, &ml)
			p.Apply(s, &ml, 0)
		}
		if want := []int{0, 1, 1, 0, 0, 1, 1, 0, 0}; !slices.Equal(movers, want) {
			t.Errorf("movers %v, want %v", movers, want)
		}
		if st := p.Status(s); !st.Over || !slices.Equal(st.Winners, []int{0}) {
			t.Errorf("p2 without a cell: %+v, want p1 wins", st)
		}
	}
}

// TestTurnsOrderAt checks the compiled order against the ply formula,
// and the turns before a ply against a count ply by ply.
func TestTurnsOrderAt(t *testing.T) {
	p := loadSrc(t, "one-then-two.rules", oneThenTwo, core.Config{})
	o := p.Order
	want := []int{0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1}
	count := []int32{0, 0}
	got := make([]int32, 2)
	for ply, pl := range want {
		if o.At(ply) != pl {
			t.Errorf("ply %d: player %d, want %d", ply, o.At(ply), pl)
		}
		o.TurnsBefore(ply, got)
		if !slices.Equal(got, count) {
			t.Errorf("turns before ply %d: %v, want %v", ply, got, count)
		}
		count[pl]++
	}
}
