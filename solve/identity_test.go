package solve

import (
	"fmt"
	"testing"

	"github.com/ruleplay/ruleplay/interp"
)

// TestPlyHorizon: the ply counts in a position's identity up to the
// horizon of the rules' comparisons with it, and not at all past it;
// reading the turns or having a ply limit or a turn order keeps it whole.
func TestPlyHorizon(t *testing.T) {
	for _, c := range []struct {
		name    string
		p       *interp.Program
		withPly bool
		cap     int
	}{
		{"konane", bundled(t, "konane", nil), true, 4}, // ply == 1, == 2, > 2
		{"konane-4x4", load(t, "../conformance/testdata/solve/konane-4x4.rules", nil), true, 4},
		{"leapfrog", bundled(t, "leapfrog", nil), true, 3}, // turn == 1
		{"breakthrough", bundled(t, "breakthrough", nil), false, 0},
		{"salta with its limit", bundled(t, "salta", map[string]string{"limit": "120"}), true, 0},
		{"fox-and-hounds", bundled(t, "fox-and-hounds", nil), false, 0},
	} {
		id := newIdentity(c.p)
		if id.withPly != c.withPly || id.plyCap != c.cap {
			t.Errorf("%s: withPly %v, cap %d; want %v, %d", c.name, id.withPly, id.plyCap, c.withPly, c.cap)
		}
	}
}

// TestPlyHorizonSameValue: Konane 4x4 and 5x5 (from its third ply)
// have the same values and plies, at the start and after each move,
// with the ply capped at its horizon and whole; the capped solve has no
// more positions.
func TestPlyHorizonSameValue(t *testing.T) {
	for _, c := range []struct {
		file  string
		moves []string
	}{
		{"konane-4x4.rules", nil},
		{"konane-5x5.rules", []string{"xc3", "xc2", "a3-c3", "c4-c2"}},
	} {
		p := load(t, "../conformance/testdata/solve/"+c.file, nil)
		s := p.NewState(1)
		for _, m := range c.moves {
			var ml interp.MoveList
			p.Legal(s, &ml)
			i, err := p.ParseMove(s, &ml, m)
			if err != nil {
				t.Fatalf("%s: %v", c.file, err)
			}
			p.Apply(s, &ml, i)
		}
		capped := mustSolve(t, p, s, Options{})
		whole := mustSolve(t, p, s, Options{wholePly: true})
		if capped.id.plyCap != 4 || whole.id.plyCap != 0 {
			t.Fatalf("%s: caps %d and %d, want 4 and 0", c.file, capped.id.plyCap, whole.id.plyCap)
		}
		v1, n1 := capped.Value()
		v2, n2 := whole.Value()
		if v1 != v2 || n1 != n2 {
			t.Errorf("%s: capped %v in %d, whole %v in %d", c.file, v1, n1, v2, n2)
		}
		d1, d2 := capped.Divide(), whole.Divide()
		if fmt.Sprint(d1) != fmt.Sprint(d2) {
			t.Errorf("%s: divide capped %v\nwhole %v", c.file, d1, d2)
		}
		if capped.Positions() > whole.Positions() {
			t.Errorf("%s: %d positions capped, %d whole", c.file, capped.Positions(), whole.Positions())
		}
		t.Logf("%s: %v in %d; positions %d capped, %d whole", c.file, v1, n1, capped.Positions(), whole.Positions())
	}
}
