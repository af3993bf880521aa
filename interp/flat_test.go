package interp

import (
	"math/rand/v2"
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/lang"
)

// TestFlatGroupUndo plays random games of a group game that compiles to a
// flat Program (no stacks, no sets per code, no targets), whose moves are
// recorded by lift and drop rather than moveLeapsFlat, and takes every move
// back: Undo (revertFlat) must restore the cells and the derived indexes.
func TestFlatGroupUndo(t *testing.T) {
	src := `game: "flat group"
board { shape: square(6x6) }
player red   { forward: north }
player black { forward: south }
piece stone {}
setup red { stone: ranks(1 .. 2) }
setup black: mirror(red)
group {
  piece: own
  dirs: all
  onto: empty
  capture {
    enemy: enemy
    when: run == 1
    take: first
  }
}
end {
  no-move: draw
  plies: 80
}
`
	g, err := lang.LoadSource("flatgroup.rules", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, cfg := range []core.Config{{}, {Disable: []string{"group-table"}}} {
		p, err := Compile(g, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if (len(cfg.Disable) > 0) && !p.MadeBy(core.AccelFlatMake) {
			// (The group table reads the sets per code, which a flat
			// Program does not keep.)
			t.Fatalf("disable %v: not flat", cfg.Disable)
		}
		s0 := p.NewState(0)
		var ml core.MoveList
		for seed := uint64(0); seed < 20; seed++ {
			s := s0.Clone()
			rng := rand.New(rand.NewPCG(seed, 7))
			n := 0
			for ; ; n++ {
				p.Legal(s, &ml)
				if ml.Len() == 0 {
					break
				}
				p.Apply(s, &ml, rng.IntN(ml.Len()))
				if !occConsistent(p, s) {
					t.Fatalf("seed %d ply %d: indexes after Apply", seed, n)
				}
			}
			for ; n > 0; n-- {
				p.Undo(s)
				if !occConsistent(p, s) {
					t.Fatalf("seed %d: indexes after Undo at ply %d", seed, n)
				}
			}
			if p.Render(s) != p.Render(s0) {
				t.Fatalf("seed %d: undo after the game:\n%s", seed, p.Render(s))
			}
		}
	}
}
