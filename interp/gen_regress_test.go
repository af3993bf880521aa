package interp

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

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

// A counter reading moved KIND in a game with drops: the drop's path
// entry (cell | code<<16) was read as a cell (Apply panicked). A drop
// moves the piece it places.
func TestGenCounterMovedByDrop(t *testing.T) {
	src := `
board { shape: square(3x3) }
players: red, blue
piece man {}
piece king {}
hand red { man: 2; king: 1 }
hand blue: mirror(red)
drop { piece: man king }
counter placed { counts: moved man }
end { draw: placed >= 2; no-move: draw }
`
	for _, p := range endsGame(t, src) {
		s := p.NewState(1)
		play(t, p, s, "man@a1")
		if st := p.Status(s); st.Over {
			t.Fatalf("over after one drop: %+v", st)
		}
		wantMoves(t, p, s, "man@b1", "king@b1", "man@c1", "king@c1", "man@a2", "king@a2", "man@b2", "king@b2",
			"man@c2", "king@c2", "man@a3", "king@a3", "man@b3", "king@b3", "man@c3", "king@c3")
		play(t, p, s, "king@b1", "man@c1") // a king resets the counter
		if st := p.Status(s); st.Over {
			t.Fatalf("over after man, king, man: %+v", st)
		}
		play(t, p, s, "man@a2")
		if st := p.Status(s); !st.Over || st.Reason != "goal" || len(st.Winners) != 2 {
			t.Errorf("status %+v, want a draw by the counter after two men in a row", st)
		}
		for range 4 {
			p.Undo(s)
		}
		wantMoves(t, p, s, "man@a1", "king@a1", "man@b1", "king@b1", "man@c1", "king@c1", "man@a2", "king@a2", "man@b2", "king@b2",
			"man@c2", "king@c2", "man@a3", "king@a3", "man@b3", "king@b3", "man@c3", "king@c3")
	}
}

// Drops add pieces to a stacking game: the stack storage per cell held
// only the setup's pieces, so a stack built by drops overflowed into the
// next cell's, and the stack table, tabulating heights up to the setup's
// pieces, lost the landings on a higher stack (the fast step lost a1-b2).
func TestGenStackGrowsByDrops(t *testing.T) {
	src := `
board { shape: square(3x3) }
players: red, blue
piece man {}
stacking: true
setup red { man: a1 }
setup blue { man: c3 }
hand red { man: 2 }
hand blue: mirror(red)
zone mid: b2
drop { when: hand > 0; onto: in mid }
step { when: hand == 0; onto: any }
end { no-move: lose }
`
	for _, p := range endsGame(t, src) {
		s := p.NewState(1)
		play(t, p, s, "@b2", "@b2", "@b2", "@b2")
		wantMoves(t, p, s, "a1-a2", "a1-b2", "a1-b1")
		b2, _ := p.CellIndex("b2")
		c2, _ := p.CellIndex("c2")
		play(t, p, s, "a1-b2")
		if got := p.Stack(s, b2); !slices.Equal(got, []int{0, 1, 0, 1, 0}) {
			t.Errorf("b2 holds %v, want red, blue, red, blue, red from the bottom", got)
		}
		if got := p.Stack(s, c2); got != nil {
			t.Errorf("c2 holds %v, want nothing", got)
		}
		wantMoves(t, p, s, "c3-c2", "c3-b2", "c3-b3")
	}
}

// Counting from the landing cells (countByLandings: a dense board of more
// than 64 cells, a rule without a mailbox because it promotes) stops a
// chain where the piece is promoted: b7-d9 promotes on the far rank, so
// the leap on over e8 to f7 is no move (the generated files rarely make
// such a board; this position does).
func TestCountByLandingsPromotion(t *testing.T) {
	var red, blue []string
	for r := 1; r <= 9; r++ {
		for f := 'a'; f <= 'i'; f++ {
			c := fmt.Sprintf("%c%d", f, r)
			switch {
			case c == "d9" || c == "f7":
			case c == "b7" || r <= 2:
				red = append(red, c)
			default:
				blue = append(blue, c)
			}
		}
	}
	src := `
board { shape: square(9x9) }
player red { forward: north }
player blue { forward: south }
piece man {}
piece king {}
setup red { man: ` + strings.Join(red, " ") + ` }
setup blue { man: ` + strings.Join(blue, " ") + ` }
zone far {
  red: ranks(9)
  blue: ranks(1)
}
promote man { to: king; in: far }
jump { piece: own man; dirs: diagonal; over: enemy; capture: jumped; chain: optional }
end { no-move: lose }
`
	for _, p := range endsGame(t, src) {
		s := p.NewState(1)
		wantMoves(t, p, s, "b7-d9")
		if n := p.Perft(s, 1); n != 1 { // (counted, not listed)
			t.Errorf("perft(1) = %d, want 1 (b7-d9)", n)
		}
	}
}
