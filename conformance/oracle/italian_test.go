package oracle

import (
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// italianTable reads the counts and ci depth of the perft table of
// Italian draughts (conformance/perft/draughts-italian.yaml).
func italianTable(t *testing.T) (counts []uint64, ci int) {
	t.Helper()
	b, err := os.ReadFile("../perft/draughts-italian.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^\s*ci: (\d+)\s*\n\s*counts: \[([0-9, ]+)\]`).FindSubmatch(b)
	if m == nil {
		t.Fatal("draughts-italian.yaml: no ci and counts")
	}
	ci, _ = strconv.Atoi(string(m[1]))
	for _, f := range strings.Split(string(m[2]), ",") {
		n, err := strconv.ParseUint(strings.TrimSpace(f), 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		counts = append(counts, n)
	}
	return counts, ci
}

func TestItalianPerft(t *testing.T) {
	counts, ci := italianTable(t)
	if testing.Short() {
		ci = min(ci, 5)
	}
	g := NewItalian()
	for d := 1; d <= ci; d++ {
		if got := g.Perft(d); got != counts[d-1] {
			t.Errorf("depth %d: %d, table %d", d, got, counts[d-1])
		}
	}
}

func italianAt(t *testing.T, ply int, pieces map[string]string) *Italian {
	t.Helper()
	g := NewItalian()
	if err := g.SetPosition(pieces, ply); err != nil {
		t.Fatal(err)
	}
	return g
}

func wantItalian(t *testing.T, g *Italian, want ...string) {
	t.Helper()
	got := slices.Clone(g.Moves())
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("moves %v, want %v", got, want)
	}
}

func TestItalianStart(t *testing.T) {
	wantItalian(t, NewItalian(), "b3-a4", "b3-c4", "d3-c4", "d3-e4", "f3-e4", "f3-g4", "h3-g4")
}

func TestItalianManTakesNoKing(t *testing.T) {
	wantItalian(t, italianAt(t, 0, map[string]string{"b3": "white man", "c4": "black king", "g8": "black man"}), "b3-a4")
	wantItalian(t, italianAt(t, 0, map[string]string{"b3": "white man", "c4": "black man", "g8": "black man"}), "b3-d5")
}

func TestItalianCriteria(t *testing.T) {
	// A king's capture before a man's.
	wantItalian(t, italianAt(t, 0, map[string]string{"b3": "white man", "c4": "black man", "f3": "white king", "g4": "black man"}), "f3-h5")
	// The most kings.
	wantItalian(t, italianAt(t, 0, map[string]string{"f3": "white king", "g4": "black man", "e4": "black king"}), "f3-d5")
	// The king met first.
	wantItalian(t, italianAt(t, 0, map[string]string{"e2": "white king", "d3": "black man", "b5": "black king", "f3": "black king", "f5": "black man"}), "e2-e6")
	// The most pieces first of all: two men rather than one king.
	wantItalian(t, italianAt(t, 0, map[string]string{"e2": "white king", "d3": "black king", "f3": "black man", "f5": "black man"}), "e2-e6")
}

func TestItalianPromotionEndsMove(t *testing.T) {
	// The man on c6 takes d7 and is crowned on e8: the move ends there,
	// though the new king could take f7.
	g := italianAt(t, 0, map[string]string{"c6": "white man", "d7": "black man", "f7": "black man"})
	wantItalian(t, g, "c6-e8")
	if err := g.Play("c6-e8"); err != nil {
		t.Fatal(err)
	}
	if g.board[7*8+4] != 2 || g.board[6*8+3] != 0 || g.ToMove() != 1 {
		t.Errorf("after c6-e8: %v", g.board)
	}
}
