package oracle

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

func mustLF(t testing.TB, w, h, players int, diag bool) *LeapFrog {
	t.Helper()
	g, err := NewLeapFrog(w, h, players, diag)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func ones(cells ...string) map[string]int {
	m := map[string]int{}
	for _, c := range cells {
		m[c] = 1
	}
	return m
}

func checkMoves(t *testing.T, got, want []string) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Fatalf("moves\n got %v\nwant %v", got, want)
	}
}

// Published figures for plain Leap Frog 8x8, 2 players (the brief).
func TestLeapFrogPerft8x8(t *testing.T) {
	want := []uint64{64, 4032, 24256, 181888, 1934480}
	g := mustLF(t, 8, 8, 2, false)
	for d, w := range want {
		if d+1 == 5 && testing.Short() {
			t.Skip("depth 5 skipped under -short")
		}
		if got := g.Perft(d + 1); got != w {
			t.Errorf("perft(%d) = %d, want %d", d+1, got, w)
		}
	}
}

// Figures of this oracle beyond the published ones; the naive generator
// confirms them (without -short). Depths 1-2 are removals only: n and n(n-1).
func TestLeapFrogPerftFigures(t *testing.T) {
	for _, c := range []struct {
		w, h  int
		diag  bool
		want  []uint64
		naive int // deepest depth checked against the naive generator
	}{
		{15, 15, false, []uint64{225, 50400, 350344}, 3},
		{8, 8, true, []uint64{64, 4032, 45984, 777200}, 4},
	} {
		g := mustLF(t, c.w, c.h, 2, c.diag)
		n := newNaiveLF(c.w, c.h, 2, c.diag, false, func(int, int) int { return 1 })
		for d, w := range c.want {
			if got := g.Perft(d + 1); got != w {
				t.Errorf("%dx%d diag=%v perft(%d) = %d, want %d", c.w, c.h, c.diag, d+1, got, w)
			}
			if !testing.Short() && d+1 >= 3 && d+1 <= c.naive {
				if got := n.perft(d + 1); got != w {
					t.Errorf("%dx%d diag=%v naive perft(%d) = %d, want %d", c.w, c.h, c.diag, d+1, got, w)
				}
			}
		}
	}
}

// Removal turns: with 3 players the first three plies are removals, so
// perft(3) = 64*63*62; the 4th ply (p1 again) is a jump turn.
func TestLeapFrogRemovalTurns(t *testing.T) {
	g := mustLF(t, 8, 8, 3, false)
	if got := g.Perft(3); got != 64*63*62 {
		t.Errorf("3 players perft(3) = %d, want %d", got, 64*63*62)
	}
	for i, mv := range []string{"xa1", "xh8", "xd4"} {
		if !g.IsRemovalTurn() || g.ToMove() != i {
			t.Fatalf("ply %d: removal=%v toMove=%d", i, g.IsRemovalTurn(), g.ToMove())
		}
		if err := g.Play(mv); err != nil {
			t.Fatal(err)
		}
	}
	if g.IsRemovalTurn() || g.ToMove() != 0 {
		t.Fatalf("ply 3: removal=%v toMove=%d", g.IsRemovalTurn(), g.ToMove())
	}
	if err := g.Play("xb2"); err == nil {
		t.Fatal("removal accepted on a jump turn")
	}
	// Empty cells a1, h8, d4: jumps into a1 from a3 and c1; into h8 from h6
	// and f8; into d4 from d2, d6, b4, f4. No chains (landing cells have no
	// empty cell two away). Lexicographic order of cell-index sequences.
	checkMoves(t, g.Moves(), []string{"c1-a1", "d2-d4", "a3-a1", "b4-d4", "f4-d4", "d6-d4", "h6-h8", "f8-h8"})
	if !slices.Equal(g.Scores(), []int{1, 1, 1}) {
		t.Fatalf("scores %v", g.Scores())
	}
}

// Froglet's rule: only ply 0 is a removal. After removing cell X, the jumps
// are those into X from two cells away: per coordinate on 8 cells 1,1,2,2,
// 2,2,1,1 orthogonal directions (sum 12), so 8*12*2 = 192 over all X; the
// diagonal option adds 4 directions * 6*6 cells = 144.
func TestFrogletRulePerft2(t *testing.T) {
	for _, c := range []struct {
		diag bool
		want uint64
	}{{false, 192}, {true, 336}} {
		g, err := NewLeapFrogVariant(LeapFrogOptions{W: 8, H: 8, Players: 2, Diagonal: c.diag, Removal: RemovalFirstPly})
		if err != nil {
			t.Fatal(err)
		}
		if got := g.Perft(2); got != c.want {
			t.Errorf("diag=%v perft(2) = %d, want %d", c.diag, got, c.want)
		}
	}
}

// Chains: every prefix is a move, and a chain may land back on its start
// cell (empty since the first jump).
//
//	3 . b3 .  .  .      pieces a1 b1 c2 b3 a2 on 5x5
//	2 a2 . c2 .  .
//	1 a1 b1 .  .  .
//	  a  b  c  d  e
func TestLeapFrogChainsAndReturnToStart(t *testing.T) {
	g := mustLF(t, 5, 5, 2, false)
	if err := g.SetPosition(ones("a1", "b1", "c2", "b3", "a2"), 2, []int{1, 1}); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"a1-c1", "a1-c1-c3", "a1-c1-c3-a3", "a1-c1-c3-a3-a1",
		"a1-a3", "a1-a3-c3", "a1-a3-c3-c1", "a1-a3-c3-c1-a1",
	}
	checkMoves(t, g.Moves(), want)
	if g.NumMoves() != len(want) || g.Perft(1) != uint64(len(want)) {
		t.Fatalf("NumMoves %d Perft(1) %d", g.NumMoves(), g.Perft(1))
	}
	before := g.Clone()
	for _, bad := range []string{"a1-c3", "a1-a3-a1", "a1-c1-c3-c1", "a1", "a1-", "b1-b3", "a0-a2", "f1-d1", "xa1", "a1-c1-c3-a3-a1-a3"} {
		if err := g.Play(bad); err == nil {
			t.Errorf("illegal %q accepted", bad)
		}
		checkMoves(t, g.Moves(), want)
		if !slices.Equal(g.Scores(), before.Scores()) || g.Ply() != before.Ply() {
			t.Fatalf("state changed by rejected %q", bad)
		}
	}
	if err := g.Play("a1-c1-c3-a3-a1"); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(g.Scores(), []int{5, 1}) {
		t.Fatalf("scores %v, want [5 1]", g.Scores())
	}
	if !g.Over() || len(g.Moves()) != 0 || g.Reason() != "no move" {
		t.Fatal("game should be over: only a1 is left")
	}
	if w := g.Winners(); !slices.Equal(w, []int{0}) {
		t.Fatalf("winners %v", w)
	}
	if _, ok := g.Margin(); ok {
		t.Fatal("Leap Frog has no margin")
	}
	// The clone is independent.
	checkMoves(t, before.Moves(), want)
}

// Diagonal option on 3x3: pieces a1 b1 b2.
func TestLeapFrogDiagonal(t *testing.T) {
	pos := ones("a1", "b1", "b2")
	g := mustLF(t, 3, 3, 2, false)
	if err := g.SetPosition(pos, 2, nil); err != nil {
		t.Fatal(err)
	}
	checkMoves(t, g.Moves(), []string{"a1-c1", "b1-b3"})
	d := mustLF(t, 3, 3, 2, true)
	if err := d.SetPosition(pos, 2, nil); err != nil {
		t.Fatal(err)
	}
	// a1-c1 (over b1) continues NW over b2 to a3; a1-c3 over b2.
	checkMoves(t, d.Moves(), []string{"a1-c1", "a1-c1-a3", "a1-c3", "b1-b3"})
	if err := d.Play("a1-c1-a3"); err != nil {
		t.Fatal(err)
	}
	if !d.Over() || !slices.Equal(d.Scores(), []int{2, 0}) || !slices.Equal(d.Winners(), []int{0}) {
		t.Fatalf("over %v scores %v winners %v", d.Over(), d.Scores(), d.Winners())
	}
	if err := g.Play("a1-c3"); err == nil {
		t.Fatal("diagonal jump accepted without diagonal=true")
	}
}

// Ties share the win; the game is not over while a move exists.
func TestLeapFrogWinners(t *testing.T) {
	g := mustLF(t, 4, 4, 3, false)
	if err := g.SetPosition(ones("a1", "c3"), 7, []int{4, 2, 4}); err != nil {
		t.Fatal(err)
	}
	if !g.Over() || !slices.Equal(g.Winners(), []int{0, 2}) {
		t.Fatalf("over %v winners %v", g.Over(), g.Winners())
	}
	if err := g.SetPosition(ones("a1", "b1"), 7, []int{4, 2, 4}); err != nil {
		t.Fatal(err)
	}
	if g.Over() || g.Winners() != nil || g.ToMove() != 1 {
		t.Fatal("game with a move available reported over")
	}
	if err := g.Play("a1-c1"); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(g.Winners(), []int{0, 2}) || !slices.Equal(g.Scores(), []int{4, 3, 4}) {
		t.Fatalf("winners %v scores %v", g.Winners(), g.Scores())
	}
}

func TestLeapFrogConstructorErrors(t *testing.T) {
	for _, c := range [][3]int{{2, 8, 2}, {8, 27, 2}, {8, 8, 1}} {
		if _, err := NewLeapFrog(c[0], c[1], c[2], false); err == nil {
			t.Errorf("NewLeapFrog%v accepted", c)
		}
	}
	if _, err := NewLeapFrog(26, 26, 2, true); err != nil {
		t.Fatal(err)
	}
	g := mustLF(t, 26, 3, 2, false)
	if err := g.Play("xz3"); err != nil {
		t.Fatal(err)
	}
	if err := g.Play("xz4"); err == nil {
		t.Fatal("off-board removal accepted")
	}
	// File x: "x1-v1" is a jump, not a removal.
	if err := g.SetPosition(ones("w1", "x1"), 2, nil); err != nil {
		t.Fatal(err)
	}
	checkMoves(t, g.Moves(), []string{"w1-y1", "x1-v1"})
	if err := g.Play("x1-v1"); err != nil {
		t.Fatal(err)
	}
}

func TestMurrayCounts(t *testing.T) {
	got := MurrayCounts(225)
	want := map[string]int{"green": 22, "red": 45, "yellow": 68, "white": 90}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("15x15 %s = %d, want %d", k, got[k], v)
		}
	}
	n := 0
	for _, v := range FrogletCounts {
		n += v
	}
	if n != 144 {
		t.Errorf("Froglet counts sum %d, want 144", n)
	}
}

// Murray on 3x3: the jumping piece keeps its colour; scores are points.
//
//	3 W W W
//	2 W W Y
//	1 G R W
func TestMurrayScoring(t *testing.T) {
	layout := map[string]string{
		"a1": "green", "b1": "red", "c1": "white",
		"a2": "white", "b2": "white", "c2": "yellow",
		"a3": "white", "b3": "white", "c3": "white",
	}
	g, err := NewMurray(3, 3, 2, false, layout)
	if err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		move   string
		scores []int
	}{
		{"xc1", []int{1, 0}},
		{"xb2", []int{1, 1}},
		{"a1-c1", []int{4, 1}}, // captures red; green now on c1
		{"a3-a1", []int{4, 2}},
		{"c3-a3", []int{5, 2}},
		{"c1-c3", []int{5, 4}}, // captures yellow
	}
	for _, s := range steps {
		if err := g.Play(s.move); err != nil {
			t.Fatalf("%s: %v (moves %v)", s.move, err, g.Moves())
		}
		if !slices.Equal(g.Scores(), s.scores) {
			t.Fatalf("after %s scores %v, want %v", s.move, g.Scores(), s.scores)
		}
	}
	if !g.Over() || !slices.Equal(g.Winners(), []int{0}) {
		t.Fatalf("over %v winners %v moves %v", g.Over(), g.Winners(), g.Moves())
	}
	if _, err := NewMurray(3, 3, 2, false, map[string]string{"a1": "pink"}); err == nil {
		t.Fatal("unknown colour accepted")
	}
	if _, err := NewMurray(3, 3, 2, false, map[string]string{"a1": "green"}); err == nil {
		t.Fatal("incomplete layout accepted")
	}
}

func TestFroglet(t *testing.T) {
	layout := map[string]string{}
	cols := []string{"green", "yellow", "red", "blue"}
	for r := range 12 {
		for f := range 12 {
			layout[sqName(f, r)] = cols[(f+r)%4]
		}
	}
	g, err := NewFroglet(12, 12, 2, false, layout)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Play("xc1"); err != nil { // c1: (2+0)%4 = red, 3 points
		t.Fatal(err)
	}
	if g.IsRemovalTurn() || g.ToMove() != 1 {
		t.Fatal("ply 1 of Froglet must be a jump turn")
	}
	if err := g.Play("xd1"); err == nil {
		t.Fatal("second removal accepted in Froglet")
	}
	checkMoves(t, g.Moves(), []string{"a1-c1", "e1-c1", "c3-c1"})
	if err := g.Play("c3-c1"); err != nil { // captures c2: (2+1)%4 = blue, 4
		t.Fatal(err)
	}
	if !slices.Equal(g.Scores(), []int{3, 4}) {
		t.Fatalf("scores %v", g.Scores())
	}
}

// Differential check against the naive implementation over random games:
// identical move lists (order included), scores and end, for several sizes,
// player counts, the diagonal option, both removal rules and point values.
func TestLeapFrogAgainstNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	games := 60
	if testing.Short() {
		games = 15
	}
	for i := range games {
		w, h := 3+rng.IntN(5), 3+rng.IntN(5)
		if i%10 == 9 { // wide and tall boards: several bitset words
			w, h = [][2]int{{26, 4}, {4, 26}, {11, 9}}[i/10%3][0], [][2]int{{26, 4}, {4, 26}, {11, 9}}[i/10%3][1]
		}
		players := 2 + rng.IntN(3)
		diag := rng.IntN(2) == 0
		firstOnly := rng.IntN(3) == 0
		vals := map[string]int{}
		for r := range h {
			for f := range w {
				vals[sqName(f, r)] = 1 + rng.IntN(4)
			}
		}
		if rng.IntN(2) == 0 {
			for k := range vals {
				vals[k] = 1
			}
		}
		removal := RemovalEachPlayer
		if firstOnly {
			removal = RemovalFirstPly
		}
		g, err := NewLeapFrogVariant(LeapFrogOptions{W: w, H: h, Players: players, Diagonal: diag, Removal: removal, Points: vals})
		if err != nil {
			t.Fatal(err)
		}
		n := newNaiveLF(w, h, players, diag, firstOnly, func(f, r int) int { return vals[sqName(f, r)] })
		if w*h <= 25 {
			for d := 1; d <= 3; d++ {
				if a, b := g.Perft(d), n.perft(d); a != b {
					t.Fatalf("game %d %dx%d p%d diag=%v first=%v: perft(%d) %d, naive %d", i, w, h, players, diag, firstOnly, d, a, b)
				}
			}
		}
		for {
			mv := g.Moves()
			want := n.texts()
			if !slices.Equal(mv, want) {
				t.Fatalf("game %d ply %d: moves\n got %v\nwant %v", i, g.Ply(), mv, want)
			}
			if g.NumMoves() != len(mv) || g.Perft(1) != uint64(len(mv)) {
				t.Fatalf("game %d ply %d: counts %d %d vs %d", i, g.Ply(), g.NumMoves(), g.Perft(1), len(mv))
			}
			if !n.removal() && g.Perft(2) != n.perft(2) {
				t.Fatalf("game %d ply %d: perft(2) mismatch", i, g.Ply())
			}
			if len(mv) == 0 {
				break
			}
			m := mv[rng.IntN(len(mv))]
			if err := g.Play(m); err != nil || !n.play(m) {
				t.Fatalf("play %s: %v", m, err)
			}
			if !slices.Equal(g.Scores(), n.score) {
				t.Fatalf("game %d: scores %v, naive %v", i, g.Scores(), n.score)
			}
		}
		if !g.Over() || g.Winners() == nil {
			t.Fatal("ended game not over")
		}
	}
}

// RandomPlayout must end in a finished game with consistent winners, and
// leave the state consistent with its perft/move generation (Perft(1) after
// the playout is 0).
func TestLeapFrogRandomPlayout(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, diag := range []bool{false, true} {
		g := mustLF(t, 8, 8, 2, diag)
		c := g.Clone()
		plies, w := c.RandomPlayout(rng)
		if !c.Over() || !slices.Equal(w, c.Winners()) || c.Ply() != plies || c.Perft(1) != 0 {
			t.Fatalf("playout: plies %d over %v winners %v/%v", plies, c.Over(), w, c.Winners())
		}
		total := 0
		for _, s := range c.Scores() {
			total += s
		}
		if total != 64-c.pieces {
			t.Fatalf("captures %d, pieces left %d", total, c.pieces)
		}
		if g.Ply() != 0 || g.NumMoves() != 64 {
			t.Fatal("playout on a clone changed the original")
		}
	}
}

// The playout's move selection (selectJump(r) for r = 0..n-1) must reach
// exactly the positions of the legal moves, as a multiset (two texts may
// give the same position: a loop run both ways).
func TestLeapFrogSelectionCoversMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	sig := func(g *LeapFrog) string {
		return fmt.Sprint(g.cell[:], g.empty[:], g.pieces, g.score)
	}
	for i := range 40 {
		w, h := 3+rng.IntN(6), 3+rng.IntN(6)
		g := mustLF(t, w, h, 2, i%2 == 0)
		for g.NumMoves() > 0 {
			if !g.IsRemovalTurn() {
				var viaText, viaSelect []string
				for _, m := range g.Moves() {
					c := g.Clone()
					if err := c.Play(m); err != nil {
						t.Fatal(err)
					}
					c.ply--
					viaText = append(viaText, sig(c))
				}
				for r := range uint64(g.NumMoves()) {
					c := g.Clone()
					c.selectJump(r)
					viaSelect = append(viaSelect, sig(c))
				}
				slices.Sort(viaText)
				slices.Sort(viaSelect)
				if !slices.Equal(viaText, viaSelect) {
					t.Fatalf("game %d ply %d: selection differs from move list", i, g.Ply())
				}
			}
			mv := g.Moves()
			if err := g.Play(mv[rng.IntN(len(mv))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}
