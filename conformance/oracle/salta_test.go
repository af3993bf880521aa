package oracle

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// numbered maps "c3 a1 ..." to pieces 1, 2, ... in that order.
func numbered(cells string) map[string]int {
	m := map[string]int{}
	for i, c := range strings.Fields(cells) {
		m[c] = i + 1
	}
	return m
}

func saltaAt(t *testing.T, limit int, green, red string, ply int) *Salta {
	t.Helper()
	s := NewSalta(limit)
	if err := s.SetPosition(numbered(green), numbered(red), ply); err != nil {
		t.Fatal(err)
	}
	return s
}

func checkMargin(t *testing.T, s *Salta, want int, wantOK bool) {
	t.Helper()
	if m, ok := s.Margin(); m != want || ok != wantOK {
		t.Fatalf("margin (%d, %v), want (%d, %v)", m, ok, want, wantOK)
	}
}

// Start: ranks 4-7 are empty, so no jump; Green's only steps are the suns'
// (rank 3) forward steps to the empty dark cells of rank 4; all other
// diagonal neighbours of green pieces are green or off the board. Each
// distance to goal is 15 * 7 = 105 (every target is 7 ranks ahead, at most
// one file aside).
func TestSaltaStart(t *testing.T) {
	s := NewSalta(0)
	checkMoves(t, s.Moves(), []string{
		"a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4",
		"g3-f4", "g3-h4", "i3-h4", "i3-j4",
	})
	if s.ToMove() != Green || s.Over() || s.Winners() != nil || s.Reason() != "" {
		t.Fatal("bad start state")
	}
	if !slices.Equal(s.Scores(), []int{105, 105}) {
		t.Fatalf("scores %v", s.Scores())
	}
	// Red's answer mirrors: suns on rank 8 to rank 7.
	if err := s.Play("a3-b4"); err != nil {
		t.Fatal(err)
	}
	checkMoves(t, s.Moves(), []string{
		"b8-a7", "b8-c7", "d8-c7", "d8-e7", "f8-e7",
		"f8-g7", "h8-g7", "h8-i7", "j8-i7",
	})
	if !slices.Equal(s.Scores(), []int{104, 105}) {
		t.Fatalf("scores %v", s.Scores())
	}
}

// Perft: 9 and 81 follow from the start list (the armies cannot touch in
// two plies). Depth 3 = 81 * 11: after a3-b4 Green has the 7 untouched sun
// steps plus b4-a5, b4-c5, b4-a3, b2-a3; after c3-d4, 6 plus d4-c5, d4-e5,
// d4-c3, b2-c3, d2-c3; likewise for the others. Depths 4-5 are this
// oracle's figures, cross-checked with the naive generator up to depth 4.
func TestSaltaPerft(t *testing.T) {
	want := []uint64{9, 81, 891, 9801, 124515}
	s := NewSalta(0)
	for d, w := range want {
		if got := s.Perft(d + 1); got != w {
			t.Errorf("perft(%d) = %d, want %d", d+1, got, w)
		}
	}
	n := newNaiveSalta(0)
	for d := 1; d <= 4; d++ {
		if testing.Short() && d == 4 {
			break
		}
		if got := n.perft(d); got != want[d-1] {
			t.Errorf("naive perft(%d) = %d, want %d", d, got, want[d-1])
		}
	}
}

// A jump exists: it is the only legal move (steps excluded); jumps go
// forward only.
func TestSaltaCompulsoryJump(t *testing.T) {
	// Green c3 faces red d4 with e5 empty.
	s := saltaAt(t, 0, "c3 a1", "d4 j10", 0)
	checkMoves(t, s.Moves(), []string{"c3-e5"})
	if err := s.Play("c3-b4"); err == nil {
		t.Fatal("step accepted while a jump exists")
	}
	if err := s.Play("c3-e5"); err != nil {
		t.Fatal(err)
	}
	// Red d4 now has green e5 behind it (up-right, backward for Red): no
	// jump d4-f6; Red just steps, backward too.
	checkMoves(t, s.Moves(), []string{"d4-c3", "d4-e3", "d4-c5", "j10-i9"})

	// Red forward (down) jump over green c3 to b2.
	s = saltaAt(t, 0, "c3 a1", "d4 j10", 1)
	checkMoves(t, s.Moves(), []string{"d4-b2"})
	// Two jumps available: both listed; a jump over an own piece is none.
	s = saltaAt(t, 0, "c3 g3 f2", "d4 h4", 0)
	checkMoves(t, s.Moves(), []string{"c3-e5", "g3-i5"})
	if err := s.Play("e1-g3"); err == nil {
		t.Fatal("jump from an empty cell accepted")
	}
	if err := s.Play("f2-h4"); err == nil {
		t.Fatal("jump over an own piece / onto a piece accepted")
	}
}

// No blockade: h10-i9 would leave red j10 without a move (i9 taken, h8
// occupied so no jump), so it is filtered; the other steps stand.
func TestSaltaBlockadeFilter(t *testing.T) {
	s := saltaAt(t, 0, "h10 h8", "j10", 0)
	checkMoves(t, s.Moves(), []string{"h8-g7", "h8-i7", "h8-g9", "h8-i9", "h10-g9"})
	if err := s.Play("h10-i9"); err == nil {
		t.Fatal("blockading move accepted")
	}
	// h8-i9 frees h8: red may then jump j10-h8 (compulsory).
	if err := s.Play("h8-i9"); err != nil {
		t.Fatal(err)
	}
	checkMoves(t, s.Moves(), []string{"j10-h8"})
}

// Fallback: every candidate blockades red j10 (i9 and h8 are frozen green
// pieces), so the unfiltered candidates stand; after one of them Red has no
// move: draw, no margin.
func TestSaltaBlockadeFallback(t *testing.T) {
	s := saltaAt(t, 0, "i9 h8 j8 h10 g7 g9 i7", "j10", 0)
	checkMoves(t, s.Moves(), []string{"g7-f6", "g7-h6", "g7-f8", "i7-h6", "i7-j6", "g9-f8", "g9-f10"})
	if err := s.Play("g7-f6"); err != nil {
		t.Fatal(err)
	}
	if !s.Over() || s.Reason() != "no move" || len(s.Moves()) != 0 {
		t.Fatalf("over %v reason %q moves %v", s.Over(), s.Reason(), s.Moves())
	}
	if !slices.Equal(s.Winners(), []int{0, 1}) {
		t.Fatalf("winners %v", s.Winners())
	}
	checkMargin(t, s, 0, false)
	if s.Perft(1) != 0 {
		t.Fatal("perft from a finished game")
	}
}

// Green pieces on their targets except star 1 (target b8) on a7; red star 1
// two steps from its target i3. a7-b8 wins; margin = red's distance 2 + 1.
func TestSaltaGoalGreen(t *testing.T) {
	greenTargets := "b8 d8 f8 h8 j8 a9 c9 e9 g9 i9 b10 d10 f10 h10 j10"
	s := saltaAt(t, 0, strings.Replace(greenTargets, "b8", "a7", 1), "i5", 0)
	if !slices.Equal(s.Scores(), []int{1, 2}) {
		t.Fatalf("scores %v", s.Scores())
	}
	if err := s.Play("a7-b8"); err != nil {
		t.Fatalf("%v (moves %v)", err, s.Moves())
	}
	if !s.Over() || s.Reason() != "goal" || !slices.Equal(s.Winners(), []int{Green}) {
		t.Fatalf("over %v reason %q winners %v", s.Over(), s.Reason(), s.Winners())
	}
	if !slices.Equal(s.Scores(), []int{0, 2}) {
		t.Fatalf("scores %v", s.Scores())
	}
	checkMargin(t, s, 3, true)
	if len(s.Moves()) != 0 || s.Play("i5-h4") == nil {
		t.Fatal("moves after the goal")
	}
}

// Red wins by goal: margin = Green's distance, no +1. Green star 1 on a5 is
// max(1, 3) = 3 from b8.
func TestSaltaGoalRed(t *testing.T) {
	redTargets := "i3 g3 e3 c3 a3 j2 h2 f2 d2 b2 i1 g1 e1 c1 a1"
	s := saltaAt(t, 0, "a5", strings.Replace(redTargets, "i3", "h4", 1), 1)
	if err := s.Play("h4-i3"); err != nil {
		t.Fatalf("%v (moves %v)", err, s.Moves())
	}
	if s.Reason() != "goal" || !slices.Equal(s.Winners(), []int{Red}) {
		t.Fatalf("reason %q winners %v", s.Reason(), s.Winners())
	}
	checkMargin(t, s, 3, true)
}

// limit=2: 4 plies. Green goes a3-b4-a3 (back to 105), Red j8-i7-h6 (sun 1,
// target i1: 7 -> 6 -> 5, total 103): Red wins by 2.
func TestSaltaLimit(t *testing.T) {
	s := NewSalta(2)
	for _, m := range []string{"a3-b4", "j8-i7", "b4-a3", "i7-h6"} {
		if s.Over() {
			t.Fatal("over before the limit")
		}
		if err := s.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	if !s.Over() || s.Reason() != "limit" || len(s.Moves()) != 0 || s.Perft(1) != 0 {
		t.Fatalf("over %v reason %q", s.Over(), s.Reason())
	}
	if !slices.Equal(s.Scores(), []int{105, 103}) || !slices.Equal(s.Winners(), []int{Red}) {
		t.Fatalf("scores %v winners %v", s.Scores(), s.Winners())
	}
	checkMargin(t, s, 2, true)
	if err := s.Play("c3-d4"); err == nil {
		t.Fatal("move accepted after the limit")
	}

	// limit=1: one step each, 104 against 104: draw with margin 0.
	s = NewSalta(1)
	for _, m := range []string{"a3-b4", "j8-i7"} {
		if err := s.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	if s.Reason() != "limit" || !slices.Equal(s.Winners(), []int{0, 1}) {
		t.Fatalf("reason %q winners %v", s.Reason(), s.Winners())
	}
	checkMargin(t, s, 0, true)
	// Perft stops at the limit.
	if got := NewSalta(1).Perft(3); got != 0 {
		t.Fatalf("limit 1 perft(3) = %d, want 0", got)
	}
	if got := NewSalta(1).Perft(2); got != 81 {
		t.Fatalf("limit 1 perft(2) = %d, want 81", got)
	}
}

func TestSaltaSetPositionErrors(t *testing.T) {
	s := NewSalta(0)
	for _, c := range []struct{ g, r map[string]int }{
		{map[string]int{"b1": 1}, map[string]int{"j10": 1}},                 // light cell
		{map[string]int{"a1": 1}, map[string]int{"a1": 1}},                  // same cell
		{map[string]int{"a1": 1, "c1": 1}, map[string]int{"j10": 1}},        // repeated number
		{map[string]int{"a1": 16}, map[string]int{"j10": 1}},                // bad number
		{map[string]int{}, map[string]int{"j10": 1}},                        // no piece
		{map[string]int{"b8": 1}, map[string]int{"i3": 1}},                  // both home
		{map[string]int{"k1": 1}, map[string]int{"j10": 1}},                 // off board
		{map[string]int{"a11": 1}, map[string]int{"j10": 1}},                // off board
		{map[string]int{"a01": 1, "c1": 2}, map[string]int{"j10": 1}},       // malformed
		{map[string]int{"A1": 1, "c1": 2}, map[string]int{"j10": 1}},        // malformed
		{map[string]int{"a1": 1, "c1": 2}, map[string]int{"j10": 0}},        // bad number
		{map[string]int{"a1": 1, "c1": 2}, map[string]int{"j10x": 1}},       // malformed
		{map[string]int{"a1": 1, "c1": 2}, map[string]int{"j10": 1, "": 2}}, // malformed
	} {
		if err := s.SetPosition(c.g, c.r, 0); err == nil {
			t.Errorf("SetPosition(%v, %v) accepted", c.g, c.r)
		}
	}
	if !slices.Equal(s.Moves(), NewSalta(0).Moves()) {
		t.Fatal("failed SetPosition changed the state")
	}
}

// Differential check against the naive generator over random games, with
// and without a limit: identical move lists (order included), scores, end,
// winners and margin; perft(2) at every ply of the first games.
func TestSaltaAgainstNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	games, maxPlies := 30, 600
	if testing.Short() {
		games, maxPlies = 3, 300
	}
	for i := range games {
		limit := []int{0, 40, 120}[i%3]
		s, n := NewSalta(limit), newNaiveSalta(limit)
		for ply := 0; ply < maxPlies; ply++ {
			mv := s.Moves()
			if want := n.texts(); !slices.Equal(mv, want) {
				t.Fatalf("game %d ply %d: moves\n got %v\nwant %v", i, ply, mv, want)
			}
			if !slices.Equal(s.Scores(), []int{n.dist(0), n.dist(1)}) {
				t.Fatalf("game %d ply %d: scores %v, naive %d %d", i, ply, s.Scores(), n.dist(0), n.dist(1))
			}
			over, w, m, mok := n.result()
			gm, gok := s.Margin()
			if s.Over() != over || !slices.Equal(s.Winners(), w) || gm != m || gok != mok {
				t.Fatalf("game %d ply %d: over %v winners %v margin %d %v; naive %v %v %d %v",
					i, ply, s.Over(), s.Winners(), gm, gok, over, w, m, mok)
			}
			if s.NumMoves() != len(mv) || s.Perft(1) != uint64(len(mv)) {
				t.Fatalf("game %d ply %d: counts", i, ply)
			}
			if i < 3 && ply%16 == 0 && s.Perft(2) != n.perft(2) {
				t.Fatalf("game %d ply %d: perft(2) %d, naive %d", i, ply, s.Perft(2), n.perft(2))
			}
			if len(mv) == 0 {
				break
			}
			x := mv[rng.IntN(len(mv))]
			if err := s.Play(x); err != nil || !n.play(x) {
				t.Fatalf("play %s: %v", x, err)
			}
		}
	}
}

// Random positions near contact: both armies crowded into the middle ranks
// so that jumps, forced jumps and blockades are frequent.
func TestSaltaCrowdedAgainstNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	positions := 400
	if testing.Short() {
		positions = 80
	}
	var dark []string
	for r := 2; r <= 7; r++ {
		for f := range 10 {
			if (f+r)%2 == 0 {
				dark = append(dark, sqName(f, r))
			}
		}
	}
	for i := range positions {
		cells := slices.Clone(dark)
		rng.Shuffle(len(cells), func(a, b int) { cells[a], cells[b] = cells[b], cells[a] })
		ng, nr := 1+rng.IntN(15), 1+rng.IntN(15)
		green, red := map[string]int{}, map[string]int{}
		nums := rng.Perm(15)
		for k := range ng {
			green[cells[k]] = nums[k] + 1
		}
		nums = rng.Perm(15)
		for k := range nr {
			red[cells[ng+k]] = nums[k] + 1
		}
		s := NewSalta(0)
		if err := s.SetPosition(green, red, rng.IntN(2)); err != nil {
			continue // e.g. both sides already home
		}
		n := &naiveSalta{ply: s.Ply()}
		for c, k := range green {
			f, r, _ := parseSquare(c, 10, 10)
			n.b[f][r] = k
		}
		for c, k := range red {
			f, r, _ := parseSquare(c, 10, 10)
			n.b[f][r] = -k
		}
		for ply := 0; ply < 30; ply++ {
			mv := s.Moves()
			if want := n.texts(); !slices.Equal(mv, want) {
				t.Fatalf("position %d ply %d: moves\n got %v\nwant %v", i, ply, mv, want)
			}
			over, w, m, mok := n.result()
			gm, gok := s.Margin()
			if s.Over() != over || !slices.Equal(s.Winners(), w) || gm != m || gok != mok ||
				!slices.Equal(s.Scores(), []int{n.dist(0), n.dist(1)}) {
				t.Fatalf("position %d ply %d: result mismatch", i, ply)
			}
			if ply == 0 && s.Perft(2) != n.perft(2) {
				t.Fatalf("position %d: perft(2) %d, naive %d", i, s.Perft(2), n.perft(2))
			}
			if len(mv) == 0 {
				break
			}
			x := mv[rng.IntN(len(mv))]
			if err := s.Play(x); err != nil || !n.play(x) {
				t.Fatalf("play %s: %v", x, err)
			}
		}
	}
}

func TestSaltaRandomPlayout(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	s := NewSalta(120)
	c := s.Clone()
	plies, w := c.RandomPlayout(rng)
	if plies > 240 || !c.Over() || !slices.Equal(w, c.Winners()) || c.Ply() != plies {
		t.Fatalf("plies %d over %v winners %v", plies, c.Over(), w)
	}
	if s.Ply() != 0 || s.NumMoves() != 9 {
		t.Fatal("playout on a clone changed the original")
	}
	// Without a limit the playout stops at the cap.
	c = NewSalta(0)
	plies, _ = c.RandomPlayout(rng)
	if plies > SaltaPlayoutCap {
		t.Fatalf("plies %d beyond the cap", plies)
	}
}
