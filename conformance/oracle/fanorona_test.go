package oracle

import (
	"slices"
	"testing"
)

// The published perft of Fanorona (games.md §17: sequences counted,
// approach and withdrawal apart).
func TestFanoronaPerft(t *testing.T) {
	want := []uint64{1, 5, 39, 724, 18026}
	g := NewFanorona()
	for d, w := range want {
		if got := g.Perft(d); got != w {
			t.Errorf("Perft(%d) = %d, want %d", d, got, w)
		}
	}
}

func TestFanoronaFirstMoves(t *testing.T) {
	got := NewFanorona().Moves()
	want := []string{"d2-e3A", "e2-e3A", "f2-e3A", "d3-e3A", "d3-e3W"}
	if !slices.Equal(got, want) {
		t.Errorf("moves %v, want %v", got, want)
	}
}
