package oracle

import (
	"slices"
	"testing"
)

// Published figures (games.md §12), depths 1-7.
func TestDraughtsPerft(t *testing.T) {
	want := []uint64{9, 81, 658, 4265, 27117, 167140, 1049442}
	g := NewDraughts()
	for d, w := range want {
		if got := g.Perft(d + 1); got != w {
			t.Errorf("perft(%d) = %d, want %d", d+1, got, w)
		}
	}
}

// The same rules on other boards: Brazilian draughts (8x8, 12 men each)
// agrees with the published figures to depth 7 (Rein Halbersma, 2010);
// Canadian draughts (12x12, 30 men each) with interp's counts of
// games/draughts-canadian.rules (conformance/perft/draughts-canadian.yaml
// checks deeper).
func TestDraughtsOnPerft(t *testing.T) {
	for _, c := range []struct {
		side int
		want []uint64
	}{
		{8, []uint64{7, 49, 302, 1469, 7473, 37628, 187302}},
		{12, []uint64{11, 121, 1222, 10053, 79049}},
	} {
		g, err := NewDraughtsOn(c.side)
		if err != nil {
			t.Fatal(err)
		}
		for d, w := range c.want {
			if got := g.Perft(d + 1); got != w {
				t.Errorf("%dx%d: perft(%d) = %d, want %d", c.side, c.side, d+1, got, w)
			}
		}
	}
}

// The men fill the (side-2)/2 nearest ranks; far ranks follow the side.
func TestDraughtsOnStart(t *testing.T) {
	g, _ := NewDraughtsOn(8)
	checkMoves(t, g.Moves(), []string{"a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"})
	g, _ = NewDraughtsOn(12)
	playAll(t, g, "a5-b6")
	checkMoves(t, g.Moves(), []string{"b8-a7", "b8-c7", "d8-c7", "d8-e7", "f8-e7", "f8-g7", "h8-g7",
		"h8-i7", "j8-i7", "j8-k7", "l8-k7"})
	// A man ending on rank 10 of the 12x12 board stays a man; on rank 12
	// it is crowned.
	g = sizedAt(t, 12, map[string]string{"e9": "w", "f10": "b", "l6": "b"})
	playAll(t, g, "e9-g11")
	playAll(t, g, "l6-k5")
	checkMoves(t, g.Moves(), []string{"g11-f12", "g11-h12"})
	playAll(t, g, "g11-h12")
	playAll(t, g, "k5-j4")
	checkSorted(t, g.Moves(), []string{"h12-g11", "h12-f10", "h12-e9", "h12-d8", "h12-c7", "h12-b6", "h12-a5",
		"h12-i11", "h12-j10", "h12-k9", "h12-l8"})
	for _, side := range []int{2, 7, 14} {
		if _, err := NewDraughtsOn(side); err == nil {
			t.Errorf("NewDraughtsOn(%d): no error", side)
		}
	}
}

func sizedAt(t *testing.T, side int, pieces map[string]string) *Draughts {
	t.Helper()
	g, err := NewDraughtsOn(side)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.SetPosition(pieces, 0, 0); err != nil {
		t.Fatal(err)
	}
	return g
}

func draughtsAt(t *testing.T, ply int, pieces map[string]string) *Draughts {
	t.Helper()
	g := NewDraughts()
	if err := g.SetPosition(pieces, ply, 0); err != nil {
		t.Fatal(err)
	}
	return g
}

func checkSorted(t *testing.T, got, want []string) {
	t.Helper()
	checkMoves(t, sortedStrings(got), sortedStrings(want))
}

func sortedStrings(xs []string) []string {
	c := slices.Clone(xs)
	slices.Sort(c)
	return c
}

// White's men step diagonally forward from rank 4 (SW, SE, NW, NE order
// per start cell: the NW step first).
func TestDraughtsStart(t *testing.T) {
	checkMoves(t, NewDraughts().Moves(), []string{"b4-a5", "b4-c5", "d4-c5", "d4-e5", "f4-e5",
		"f4-g5", "h4-g5", "h4-i5", "j4-i5"})
	g := NewDraughts()
	playAll(t, g, "b4-a5")
	// Black's men step south from rank 7.
	checkMoves(t, g.Moves(), []string{"a7-b6", "c7-b6", "c7-d6", "e7-d6", "e7-f6", "g7-f6",
		"g7-h6", "i7-h6", "i7-j6"})
}

// A flying king takes c3 (passing b2) and may land on any empty cell
// beyond it; a9 cannot be taken (nothing beyond it on the board).
func TestDraughtsFlyingKingLandings(t *testing.T) {
	g := draughtsAt(t, 0, map[string]string{"a1": "W", "c3": "b", "a9": "b"})
	checkMoves(t, g.Moves(), []string{"a1-d4", "a1-e5", "a1-f6", "a1-g7", "a1-h8", "a1-i9", "a1-j10"})
}

// The majority rule: c3 x b4 (one piece, ending on a5) is not legal
// since c3 x d4 x f6 takes two.
func TestDraughtsMajority(t *testing.T) {
	g := draughtsAt(t, 0, map[string]string{"c3": "w", "b4": "b", "d4": "b", "f6": "b", "j10": "b"})
	checkMoves(t, g.Moves(), []string{"c3-g7"})
	playAll(t, g, "c3-g7")
	// Both pieces are gone at the end of the move; b4 and j10 step south.
	checkMoves(t, g.Moves(), []string{"b4-a3", "b4-c3", "j10-i9"})
}

// A man reaching the far rank in the middle of a capture goes on (men
// capture backwards) and stays a man; ending there promotes it.
func TestDraughtsPromotionAtMoveEnd(t *testing.T) {
	g := draughtsAt(t, 0, map[string]string{"b8": "w", "c9": "b", "e9": "b"})
	checkMoves(t, g.Moves(), []string{"b8-f8"})
	playAll(t, g, "b8-f8")
	if m, _ := g.parse("f8"); g.cell[m] != idMan {
		t.Fatalf("f8 holds %#x, want a white man", g.cell[m])
	}
	if !g.Over() || !slices.Equal(g.Winners(), []int{0}) || g.Reason() != "no move" {
		t.Fatalf("black has no piece: over %v winners %v reason %q", g.Over(), g.Winners(), g.Reason())
	}
	g = draughtsAt(t, 0, map[string]string{"b8": "w", "c9": "b", "j2": "b"})
	playAll(t, g, "b8-d10")
	// A king now: black's j2-i1 then the king flies.
	playAll(t, g, "j2-i1")
	checkSorted(t, g.Moves(), []string{"d10-c9", "d10-b8", "d10-a7", "d10-e9", "d10-f8", "d10-g7",
		"d10-h6", "d10-i5", "d10-j4"})
}

// A king going round a diamond of four pieces ends where it likes beyond
// the last one, its start cell included (it left it when the move
// began); both ways round take the same four pieces: c3-c3 is one move.
func TestDraughtsKingLoop(t *testing.T) {
	g := draughtsAt(t, 0, map[string]string{"c3": "W", "b4": "b", "b6": "b", "d4": "b", "d6": "b"})
	checkMoves(t, g.Moves(), []string{"c3-c3", "c3-b2", "c3-a1", "c3-d2", "c3-e1"})
	playAll(t, g, "c3-c3")
	if !g.Over() || !slices.Equal(g.Winners(), []int{0}) {
		t.Fatalf("black has no piece left: over %v, winners %v", g.Over(), g.Winners())
	}
}

// Two chains of the king with the same ends and different captures:
// a9 x b8 x e7 x h6 x h4 (via d6, f8, i5) and a9 x b8 x f6 x h6 x h4
// (via e5, g7, i5) both end on g3, f2 or e1; a9 x b8 x h4 x h6 x f6 ends
// on e5..a1, a9 x b8 x h4 x h6 x e7 on d6, c5, b4 (a3 stops it). a3, on
// the edge, cannot be taken; no chain takes five.
func TestDraughtsCapturedCellsInText(t *testing.T) {
	g := draughtsAt(t, 0, map[string]string{"a9": "W", "a3": "b", "b8": "b", "e7": "b", "f6": "b", "h4": "b", "h6": "b"})
	checkSorted(t, g.Moves(), []string{
		"a9-g3xb8xe7xh4xh6", "a9-f2xb8xe7xh4xh6", "a9-e1xb8xe7xh4xh6",
		"a9-g3xb8xf6xh4xh6", "a9-f2xb8xf6xh4xh6", "a9-e1xb8xf6xh4xh6",
		"a9-e5", "a9-d4", "a9-c3", "a9-b2", "a9-a1", "a9-d6", "a9-c5", "a9-b4"})
	playAll(t, g, "a9-f2xb8xf6xh4xh6")
	// The four pieces are gone: e7 may step to f6.
	checkMoves(t, g.Moves(), []string{"a3-b2", "e7-d6", "e7-f6"})
}

// The 50th quiet king ply in a row draws at once; a man move or a
// capture resets the count.
func TestDraughtsQuietDraw(t *testing.T) {
	g := NewDraughts()
	if err := g.SetPosition(map[string]string{"a3": "W", "j10": "B", "e1": "w"}, 0, 48); err != nil {
		t.Fatal(err)
	}
	playAll(t, g, "a3-b4") // 49
	if g.Over() || g.Quiet() != 49 {
		t.Fatalf("over %v quiet %d", g.Over(), g.Quiet())
	}
	c := g.Clone()
	playAll(t, g, "j10-i9") // 50
	if g.Reason() != "goal" || !slices.Equal(g.Winners(), []int{0, 1}) || g.Moves() != nil {
		t.Fatalf("reason %q winners %v moves %v", g.Reason(), g.Winners(), g.Moves())
	}
	playAll(t, c, "j10-i9")
	if c.Quiet() != 50 {
		t.Fatalf("clone quiet %d", c.Quiet())
	}
	g = NewDraughts()
	if err := g.SetPosition(map[string]string{"a3": "W", "j10": "B", "e1": "w"}, 0, 48); err != nil {
		t.Fatal(err)
	}
	playAll(t, g, "e1-f2")
	if g.Quiet() != 0 {
		t.Fatalf("a man's move: quiet %d", g.Quiet())
	}
}
