package lang

import (
	"slices"
	"testing"

	"github.com/ruleplay/ruleplay/ir"
)

// TestPreferNone: a variant drops its base's `prefer: most-captured`
// with `prefer: none`.
func TestPreferNone(t *testing.T) {
	read := (&memFiles{reads: map[string]int{}}).read
	for _, c := range []struct {
		src  string
		want []ir.Preference
	}{
		{"extends: \"draughts-international\"\n", []ir.Preference{{By: ir.PreferMostCaptured, Kind: -1}}},
		{"extends: \"draughts-international\"\nprefer: none\n", nil},
	} {
		g, err := LoadSourceWith("v/variant.rules", []byte(c.src), read, nil)
		if err != nil {
			t.Fatalf("%q: %v", c.src, err)
		}
		if !slices.Equal(g.Prefer, c.want) {
			t.Errorf("%q: prefer %v, want %v", c.src, g.Prefer, c.want)
		}
	}
}

// TestRemoveBasePieces: `KIND: []` in a variant's setup block removes the
// base's pieces of that kind; the variant's other kinds stay.
func TestRemoveBasePieces(t *testing.T) {
	src := `extends: "draughts-international"
setup white { man: []; king: d4 f2 }
setup black { man: []; king: j10 }
`
	g, err := LoadSourceWith("v/kings.rules", []byte(src), (&memFiles{reads: map[string]int{}}).read, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, pl := range g.Setup.Place {
		pc := g.Pieces[pl.Piece]
		got = append(got, g.Players[pc.Owner].Name+" "+g.Kinds[pc.Kind].Name+" "+g.Board.Cells[pl.Cell].Name)
	}
	want := []string{"white king d4", "white king f2", "black king j10"}
	if !slices.Equal(got, want) {
		t.Errorf("setup %v, want %v", got, want)
	}
}
