package interp

import "testing"

// Regressions found by the generated rules files (gen_rules_test.go).

// A stacking game whose setup places nothing has no piece code: the stack
// table of a condition reading the owner tabulated an occupied cell with
// a code that does not exist (Compile panicked).
func TestGenStackingWithoutPieces(t *testing.T) {
	src := `
board { shape: square(4x4) }
players: red, blue
piece man { jump: 3; height: 2 }
stacking: true
step { onto: own or empty }
end { no-move: lose }
`
	for _, p := range endsGame(t, src) {
		s := p.NewState(1)
		wantMoves(t, p, s)
		if st := p.Status(s); !st.Over || st.Reason != "no move" || len(st.Winners) != 1 || st.Winners[0] != 1 {
			t.Errorf("status %+v, want blue winning: red has no move", st)
		}
	}
}
