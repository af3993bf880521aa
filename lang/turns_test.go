package lang

import (
	"slices"
	"testing"
)

const turnsBase = `
board { shape: square(4x4) }
players: p1, p2
piece stone {}
hand p1 { stone: 8 }
hand p2: mirror(p1)
drop {}
`

// TestTurnsLowered: a turns entry is lowered to the players' indexes;
// strict alternation in the players' order is the default and leaves no
// turn order; names may be written apart, with commas or in a list.
func TestTurnsLowered(t *testing.T) {
	for _, tc := range []struct {
		turns           string
		opening, repeat []int
	}{
		{"turns { opening: p1; repeat: p2 p2 p1 p1 }", []int{0}, []int{1, 1, 0, 0}},
		{"turns { opening: p2, p2; repeat: [p1, p2] }", []int{1, 1}, []int{0, 1}},
		{"turns { repeat: p2 p1 }", nil, []int{1, 0}},
		{"turns { repeat: p1 p2 }", nil, nil},
		{"", nil, nil},
	} {
		g, err := LoadSource("t.rules", []byte(turnsBase+tc.turns), nil)
		if err != nil {
			t.Fatalf("%s: %v", tc.turns, err)
		}
		if tc.repeat == nil {
			if g.Turns != nil {
				t.Errorf("%q: turn order %+v, want none (strict alternation)", tc.turns, g.Turns)
			}
			continue
		}
		if g.Turns == nil || !slices.Equal(g.Turns.Opening, tc.opening) || !slices.Equal(g.Turns.Repeat, tc.repeat) {
			t.Errorf("%q: turn order %+v, want opening %v repeat %v", tc.turns, g.Turns, tc.opening, tc.repeat)
		}
	}
}

// TestSwapLowered: the swap of a turns entry is lowered to its ply; an
// entry giving only the swap keeps strict alternation; never, and an
// option's choice that folds to never, give no swap; with a turn order
// the swap is checked against the players of the plies around it.
func TestSwapLowered(t *testing.T) {
	const opt = "option pie: false\n"
	for _, tc := range []struct {
		src, opts string
		ply       int // 0: no swap
		order     bool
	}{
		{"turns { swap: after 1 }", "", 1, false},
		{"turns { swap: after 3 }", "", 3, false},
		{"turns { swap: never }", "", 0, false},
		{opt + "turns { swap: if pie then after 1 else never }", "", 0, false},
		{opt + "turns { swap: if pie then after 1 else never }", "true", 1, false},
		{"turns { opening: p1 p1; repeat: p2 p1; swap: after 2 }", "", 2, true},
		{"turns { repeat: p2 p1; swap: after 1 }", "", 1, true},
	} {
		var opts map[string]string
		if tc.opts != "" {
			opts = map[string]string{"pie": tc.opts}
		}
		g, err := LoadSource("t.rules", []byte(turnsBase+tc.src), opts)
		if err != nil {
			t.Fatalf("%s: %v", tc.src, err)
		}
		switch {
		case tc.ply == 0 && g.Swap != nil:
			t.Errorf("%q: swap %+v, want none", tc.src, g.Swap)
		case tc.ply > 0 && (g.Swap == nil || g.Swap.Ply != tc.ply):
			t.Errorf("%q: swap %+v, want after %d", tc.src, g.Swap, tc.ply)
		}
		if (g.Turns != nil) != tc.order {
			t.Errorf("%q: turn order %+v, want one: %v", tc.src, g.Turns, tc.order)
		}
	}
}
