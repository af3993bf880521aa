package oracle

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// lfSnapshot is what GenPerft must leave as it found it.
type lfSnapshot struct {
	moves  []string
	scores []int
	ply    int
}

func lfSnap(g *LeapFrog) lfSnapshot { return lfSnapshot{g.Moves(), g.Scores(), g.Ply()} }

func (a lfSnapshot) equal(b lfSnapshot) bool {
	return slices.Equal(a.moves, b.moves) && slices.Equal(a.scores, b.scores) && a.ply == b.ply
}

// GenPerft, which plays every move, counts what Perft counts with its bulk
// counting: from the start of every variant, and at every ply of random
// games on small boards (chains, both enumerations of the first jump,
// removal turns, several players, point values).
func TestLeapFrogGenPerft(t *testing.T) {
	starts := []struct {
		name  string
		o     LeapFrogOptions
		depth int
	}{
		{"8x8", LeapFrogOptions{W: 8, H: 8, Players: 2}, 4},
		{"8x8 diagonal", LeapFrogOptions{W: 8, H: 8, Players: 2, Diagonal: true}, 3},
		{"15x15", LeapFrogOptions{W: 15, H: 15, Players: 2}, 3},
		{"5x4 3 players diagonal", LeapFrogOptions{W: 5, H: 4, Players: 3, Diagonal: true}, 4},
		{"4x4 first ply only", LeapFrogOptions{W: 4, H: 4, Players: 2, Removal: RemovalFirstPly}, 4},
	}
	if testing.Short() {
		starts[0].depth, starts[2].depth = 3, 2
	}
	for _, c := range starts {
		g, err := NewLeapFrogVariant(c.o)
		if err != nil {
			t.Fatal(err)
		}
		before := lfSnap(g)
		for d := 0; d <= c.depth; d++ {
			if got, want := g.GenPerft(d), g.Perft(d); got != want {
				t.Errorf("%s: GenPerft(%d) = %d, Perft %d", c.name, d, got, want)
			}
		}
		if !lfSnap(g).equal(before) {
			t.Errorf("%s: GenPerft changed the position", c.name)
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	games := 20
	if testing.Short() {
		games = 5
	}
	for i := range games {
		w, h := 3+rng.IntN(4), 3+rng.IntN(4)
		o := LeapFrogOptions{W: w, H: h, Players: 2 + rng.IntN(2), Diagonal: rng.IntN(2) == 0}
		if rng.IntN(3) == 0 {
			o.Removal = RemovalFirstPly
		}
		if rng.IntN(2) == 0 {
			o.Points = map[string]int{}
			for r := range h {
				for f := range w {
					o.Points[sqName(f, r)] = 1 + rng.IntN(4)
				}
			}
		}
		g, err := NewLeapFrogVariant(o)
		if err != nil {
			t.Fatal(err)
		}
		for {
			before := lfSnap(g)
			for d := 1; d <= 3; d++ {
				if got, want := g.GenPerft(d), g.Perft(d); got != want {
					t.Fatalf("game %d %+v ply %d: GenPerft(%d) = %d, Perft %d", i, o, g.Ply(), d, got, want)
				}
			}
			if !lfSnap(g).equal(before) {
				t.Fatalf("game %d ply %d: GenPerft changed the position", i, g.Ply())
			}
			if len(before.moves) == 0 {
				break
			}
			if err := g.Play(before.moves[rng.IntN(len(before.moves))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// Salta: GenPerft counts what Perft counts, from the start (with and
// without the move limit, which stops both) and along random games and
// crowded positions where jumps and blockades are frequent.
func TestSaltaGenPerft(t *testing.T) {
	depth := 5
	if testing.Short() {
		depth = 4
	}
	for _, limit := range []int{0, 1, 2} {
		s := NewSalta(limit)
		for d := 0; d <= depth; d++ {
			if got, want := s.GenPerft(d), s.Perft(d); got != want {
				t.Errorf("limit %d: GenPerft(%d) = %d, Perft %d", limit, d, got, want)
			}
		}
	}
	check := func(what string, s *Salta) {
		t.Helper()
		moves, scores, ply := s.Moves(), s.Scores(), s.Ply()
		for d := 1; d <= 3; d++ {
			if got, want := s.GenPerft(d), s.Perft(d); got != want {
				t.Fatalf("%s: GenPerft(%d) = %d, Perft %d", what, d, got, want)
			}
		}
		if !slices.Equal(moves, s.Moves()) || !slices.Equal(scores, s.Scores()) || ply != s.Ply() {
			t.Fatalf("%s: GenPerft changed the position", what)
		}
	}
	rng := rand.New(rand.NewPCG(11, 12))
	for i := range 4 {
		s := NewSalta([]int{0, 40}[i%2])
		for ply := 0; ply < 400; ply++ {
			if ply%5 == 0 {
				check("game", s)
			}
			mv := s.Moves()
			if len(mv) == 0 {
				break
			}
			if err := s.Play(mv[rng.IntN(len(mv))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	var dark []string
	for r := 2; r <= 7; r++ {
		for f := range 10 {
			if (f+r)%2 == 0 {
				dark = append(dark, sqName(f, r))
			}
		}
	}
	for range 60 {
		cells := slices.Clone(dark)
		rng.Shuffle(len(cells), func(a, b int) { cells[a], cells[b] = cells[b], cells[a] })
		ng, nr := 1+rng.IntN(15), 1+rng.IntN(15)
		green, red := map[string]int{}, map[string]int{}
		for k, num := range rng.Perm(15)[:ng] {
			green[cells[k]] = num + 1
		}
		for k, num := range rng.Perm(15)[:nr] {
			red[cells[ng+k]] = num + 1
		}
		s := NewSalta(0)
		if err := s.SetPosition(green, red, rng.IntN(2)); err != nil {
			continue
		}
		check("crowded position", s)
	}
}
