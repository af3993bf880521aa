package interp

import (
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/core"
)

// twoEach: each side moves its king twice in a row. After p1's first
// step of a pair and after a pair that went round a triangle, the board
// and the player to move can be the same while the next player is not
// (p1 again, or p2): the place in the turn order is part of the position.
const twoEach = `
board { shape: square(3x3) }
players: p1, p2
turns { repeat: p1 p1 p2 p2 }
piece king {}
setup p1 { king: a1 }
setup p2 { king: c3 }
step go { dirs: all }
end { no-move: lose }
`

func TestHashTurnSlot(t *testing.T) {
	p := loadSrc(t, "two-each.rules", twoEach, core.Config{Hash: true})
	s := p.NewState(0)
	var ml core.MoveList
	play := func(text string) {
		t.Helper()
		p.Legal(s, &ml)
		i, err := p.ParseMove(s, &ml, text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		p.Apply(s, &ml, i)
	}
	play("a1-b1") // ply 1: p1 to move again, its second step
	first, firstKey := Hash(s), s.RepetitionKey()
	// p1 b1-b2, p2 c3-c2 and back, p1 round the triangle b2-a1-b1, p2
	// out and back: p1 on b1 with p1 to move at ply 8, the first step of
	// its pair
	for _, m := range []string{"b1-b2", "c3-c2", "c2-c3", "b2-a1", "a1-b1", "c3-c2", "c2-c3"} {
		play(m)
	}
	if s.Mover != 0 {
		t.Fatalf("mover %d, want p1", s.Mover)
	}
	if p.Order.Slot(s.PlyCount) == p.Order.Slot(1) {
		t.Fatalf("ply %d is at the same place in the order as ply 1", s.PlyCount)
	}
	if Hash(s) == first || s.RepetitionKey() == firstKey {
		t.Errorf("same board and mover at another place in the turn order: hash %x and key %x unchanged", Hash(s), s.RepetitionKey())
	}
	if Hash(s) != HashFromScratch(p, s) {
		t.Errorf("hash %x, from scratch %x", Hash(s), HashFromScratch(p, s))
	}
}
