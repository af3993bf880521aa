package oracle

import (
	"slices"
	"strings"
	"testing"
)

func mustCC(t testing.TB, players int) *ChineseCheckers {
	t.Helper()
	g, err := NewChineseCheckers(players)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// Published figures (games.md §14): 2 players, depths 1-4.
func TestChineseCheckersPerft(t *testing.T) {
	want := []uint64{14, 196, 4760, 115600}
	g := mustCC(t, 2)
	for d, w := range want {
		if got := g.Perft(d + 1); got != w {
			t.Errorf("perft(%d) = %d, want %d", d+1, got, w)
		}
	}
}

// The star's geometry and names: 121 cells, row lengths, the ten cells of
// each point, the seats.
func TestChineseCheckersBoard(t *testing.T) {
	g := mustCC(t, 6)
	cells, per := 0, make([]int, 7)
	for m, c := range g.cell {
		if c == ccOff {
			continue
		}
		cells++
		per[c]++
		if back, ok := ccParse(ccName(m)); !ok || back != m {
			t.Errorf("cell %d named %s parses to %d", m, ccName(m), back)
		}
	}
	if cells != 121 || !slices.Equal(per, []int{61, 10, 10, 10, 10, 10, 10}) {
		t.Errorf("%d cells, per content %v", cells, per)
	}
	for _, bad := range []string{"e1", "a0", "a18", "n5", "k9", "a", "a05"} {
		if _, ok := ccParse(bad); ok {
			t.Errorf("%q parsed", bad)
		}
	}
	// p2 of six sits on the lower-left point and aims at the upper-right.
	if m, _ := ccParse("a8"); g.cell[m] != 2 {
		t.Errorf("a8 holds %d, want p2", g.cell[m])
	}
	if g.target[1] != 5 || g.target[5] != 4 {
		t.Errorf("targets %v", g.target)
	}
}

// From the start, the front row steps and the row behind jumps it; a
// chain cannot come back to its start cell.
func TestChineseCheckersStart(t *testing.T) {
	checkMoves(t, mustCC(t, 2).Moves(), strings.Fields(
		"a3-e5 a3-g5 b3-f5 b3-h5 c3-g5 c3-i5 a4-e5 a4-f5 b4-f5 b4-g5 c4-g5 c4-h5 d4-h5 d4-i5"))
}

func ccAt(t *testing.T, players, ply int, marbles map[string]int) *ChineseCheckers {
	t.Helper()
	g := mustCC(t, players)
	if err := g.SetPosition(marbles, ply); err != nil {
		t.Fatal(err)
	}
	return g
}

// The Decision: a marble in its target point when its move starts lands
// only inside the point (b14 cannot step to f13, cannot jump g13 to
// g12); a marble from outside may pass through the point and out (h12
// over h13 to c14, then over g13 out to f12).
func TestChineseCheckersTargetPoint(t *testing.T) {
	g := ccAt(t, 2, 0, map[string]int{"b14": 0, "c14": 1, "g13": 1})
	checkMoves(t, g.Moves(), strings.Fields("b14-a14 b14-a15 b14-b15 b14-d14"))
	g = ccAt(t, 2, 0, map[string]int{"h12": 0, "h13": 1, "b14": 1, "g13": 1})
	checkMoves(t, g.Moves(), strings.Fields(
		"h12-g11 h12-h11 h12-g12 h12-i12 h12-i13 h12-c14 h12-f12 h12-a14"))
}

// The tenth marble in the target point wins at once; two players who
// cannot move pass, and every player passing in a row is a draw.
func TestChineseCheckersEnd(t *testing.T) {
	pos := map[string]int{"a3": 1, "h13": 0}
	for _, c := range strings.Fields("a14 b14 c14 a15 b15 c15 a16 b16 a17") {
		pos[c] = 0
	}
	g := ccAt(t, 2, 0, pos)
	if g.Over() || !slices.Contains(g.Moves(), "h13-d14") {
		t.Fatalf("over %v moves %v", g.Over(), g.Moves())
	}
	playAll(t, g, "h13-d14")
	if g.Reason() != "goal" || !slices.Equal(g.Winners(), []int{0}) || g.Moves() != nil {
		t.Fatalf("reason %q winners %v moves %v", g.Reason(), g.Winners(), g.Moves())
	}
	// p1's a1 is walled in by p2, whose nine marbles fill the rest of
	// their target point (the bottom) and may not leave it.
	pos = map[string]int{"a1": 0}
	for _, c := range strings.Fields("a2 b2 a3 b3 c3 a4 b4 c4 d4") {
		pos[c] = 1
	}
	g = ccAt(t, 2, 0, pos)
	checkMoves(t, g.Moves(), []string{"pass"})
	playAll(t, g, "pass")
	if g.Over() {
		t.Fatal("over after one pass")
	}
	checkMoves(t, g.Moves(), []string{"pass"})
	playAll(t, g, "pass")
	if g.Reason() != "passes" || !slices.Equal(g.Winners(), []int{0, 1}) {
		t.Fatalf("reason %q winners %v", g.Reason(), g.Winners())
	}
}

// Three players: the seats bottom, upper-left, upper-right; p2 moves
// second from the upper-left point towards the lower-right.
func TestChineseCheckersThreePlayers(t *testing.T) {
	g := mustCC(t, 3)
	playAll(t, g, "a4-e5")
	// p2's front cells: d13 (row 13) and c12, b11, a10 (each row's
	// innermost cell of the point).
	for _, m := range g.Moves() {
		if from := strings.Split(m, "-")[0]; !slices.Contains(strings.Fields(ccPointCells[4]), from) {
			t.Errorf("p2 moves %s, not from the upper-left point", m)
		}
	}
	if g.Perft(1) != 14 {
		t.Errorf("p2 has %d moves, want 14 (the point's shape is the same)", g.Perft(1))
	}
}
