package oracle

import (
	"slices"
	"testing"
)

// fmjdAt returns the international position with FMJD's draws on.
func fmjdAt(t *testing.T, ply int, pieces map[string]string) *Draughts {
	t.Helper()
	g := draughtsAt(t, ply, pieces)
	g.SetFMJDDraws(true)
	return g
}

func pieceCount(g *Draughts) int {
	n := 0
	for _, m := range g.board.cell {
		if g.cell[m] != 0 {
			n++
		}
	}
	return n
}

// freshMove plays the first legal move (in sorted order) that captures
// nothing, leads to a position not seen before in the game, and after
// which the opponent has no capture: a quiet walk through an ending.
func freshMove(t *testing.T, g *Draughts) string {
	t.Helper()
	moves := g.Moves()
	slices.Sort(moves)
	n := pieceCount(g)
	for _, mv := range moves {
		c := g.Clone()
		playAll(t, c, mv)
		if pieceCount(c) != n || c.Repeats() != 1 {
			continue
		}
		safe := true
		for _, reply := range c.Moves() {
			r := c.Clone()
			playAll(t, r, reply)
			safe = safe && pieceCount(r) == n
		}
		if safe {
			playAll(t, g, mv)
			return mv
		}
	}
	t.Fatalf("no fresh quiet move among %v", moves)
	return ""
}

// A lone king against three kings: drawn when each side has played 16
// moves, not a ply before; against two kings, 5 moves each. With the
// option off, the same moves play on.
func TestDraughtsFMJDEndings(t *testing.T) {
	for _, c := range []struct {
		name   string
		pieces map[string]string
		moves  int
		ending int
	}{
		{"king against three", map[string]string{"a1": "W", "j2": "B", "j4": "B", "h2": "B"}, 16, 0},
		{"king against two", map[string]string{"a1": "W", "j2": "B", "h2": "B"}, 5, 1},
		{"three against a king", map[string]string{"a1": "W", "c1": "W", "e1": "w", "f10": "B"}, 16, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := fmjdAt(t, 0, c.pieces)
			for ply := 1; ply <= 2*c.moves; ply++ {
				if g.Over() {
					t.Fatalf("over before ply %d: %q", ply, g.Reason())
				}
				freshMove(t, g)
				three, two := g.Endings()
				got := [2][2]int{three, two}[c.ending]
				want := [2]int{(ply + 1) / 2, ply / 2}
				if got != want {
					t.Fatalf("ply %d: counts %v, want %v", ply, got, want)
				}
			}
			if g.Reason() != "goal" || !slices.Equal(g.Winners(), []int{0, 1}) || g.Moves() != nil || g.Perft(1) != 0 {
				t.Fatalf("after %d moves each: reason %q winners %v moves %v", c.moves, g.Reason(), g.Winners(), g.Moves())
			}
		})
	}
}

// The option off: the same walk counts nothing and plays on.
func TestDraughtsFMJDOff(t *testing.T) {
	g := fmjdAt(t, 0, map[string]string{"a1": "W", "j2": "B", "h2": "B"})
	off := draughtsAt(t, 0, map[string]string{"a1": "W", "j2": "B", "h2": "B"})
	var played []string
	for range 10 {
		played = append(played, freshMove(t, g))
	}
	if !g.Over() {
		t.Fatal("the walk does not draw with the option on")
	}
	// Replay the same moves with the option off.
	for _, mv := range played {
		playAll(t, off, mv)
	}
	three, two := off.Endings()
	if off.Over() || three != [2]int{} || two != [2]int{} {
		t.Fatalf("option off: over %v, counts %v %v", off.Over(), three, two)
	}
}

// The same position with the same player to move for the third time
// draws at once (the start being its first time); the second time does
// not. With the option off the game plays on.
func TestDraughtsFMJDRepetition(t *testing.T) {
	pieces := map[string]string{"a1": "W", "c1": "w", "e1": "w", "j6": "B", "f10": "b", "h10": "b"}
	g, off := fmjdAt(t, 0, pieces), draughtsAt(t, 0, pieces)
	cycle := []string{"a1-b2", "j6-i7", "b2-a1", "i7-j6"}
	for ply := 1; ply <= 8; ply++ {
		playAll(t, g, cycle[(ply-1)%4])
		playAll(t, off, cycle[(ply-1)%4])
		want := 1 + ply/4 // ply k+4 stands where ply k stood
		if g.Repeats() != want {
			t.Fatalf("ply %d: repeats %d, want %d", ply, g.Repeats(), want)
		}
		if g.Over() != (ply == 8) {
			t.Fatalf("ply %d: over %v (%q)", ply, g.Over(), g.Reason())
		}
	}
	if g.Reason() != "goal" || !slices.Equal(g.Winners(), []int{0, 1}) || g.Perft(1) != 0 {
		t.Fatalf("reason %q winners %v", g.Reason(), g.Winners())
	}
	if off.Over() {
		t.Fatalf("option off: over (%q)", off.Reason())
	}
	// A man's move: no earlier position can come again.
	g = fmjdAt(t, 0, pieces)
	playAll(t, g, "a1-b2", "j6-i7", "b2-a1", "i7-j6", "a1-b2", "h10-g9", "b2-a1", "j6-i7", "a1-b2", "i7-j6")
	if g.Repeats() != 2 || g.Over() {
		t.Fatalf("after a man's move: repeats %d, over %v", g.Repeats(), g.Over())
	}
	// Perft and its takebacks see the repetitions of the game: from the
	// second occurrence, the cycle's fourth ply draws: no fifth ply
	// follows it.
	g = fmjdAt(t, 0, pieces)
	playAll(t, g, cycle...)
	n := g.Perft(5)
	c := g.Clone()
	playAll(t, c, cycle...)
	if c.Perft(0) != 1 || !c.Over() || g.Repeats() != 2 {
		t.Fatalf("clone after the cycle: over %v", c.Over())
	}
	if off := draughtsAt(t, 0, pieces); off.Perft(5) <= n || g.Repeats() != 2 {
		t.Fatalf("perft(5) with the draws %d, without %d: want fewer with; repeats %d after", n, off.Perft(5), g.Repeats())
	}
}

// A capture starts the counts again, and the capturing move does not
// count: a lone king against three pieces turned into one against two
// counts the five from the next move.
func TestDraughtsFMJDCaptureRestarts(t *testing.T) {
	g := fmjdAt(t, 1, map[string]string{"a1": "W", "j2": "B", "j4": "B", "c3": "b"})
	playAll(t, g, "j2-i1") // black: the ending of three, one move
	if three, _ := g.Endings(); three != [2]int{0, 1} {
		t.Fatalf("three: %v", three)
	}
	mv := g.Moves()[0]
	playAll(t, g, mv) // white captures c3
	if three, two := g.Endings(); three != [2]int{} || two != [2]int{} || pieceCount(g) != 3 {
		t.Fatalf("after the capture %s: three %v two %v, %d pieces", mv, three, two, pieceCount(g))
	}
	freshMove(t, g)
	if _, two := g.Endings(); two != [2]int{0, 1} {
		t.Fatalf("two: %v", two)
	}
}
