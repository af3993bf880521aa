package interp

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/core"
)

// samePosition tells whether two positions of one Program are equal in
// everything Apply changes and Undo restores.
func samePosition(a, b *core.State) bool {
	if (a.Mailbox == nil) != (b.Mailbox == nil) || (a.Mailbox != nil && *a.Mailbox != *b.Mailbox) {
		return false
	}
	return slices.Equal(a.CellsW, b.CellsW) && slices.Equal(a.Occ, b.Occ) && slices.Equal(a.OccC, b.OccC) &&
		slices.Equal(a.OnTarget, b.OnTarget) && slices.Equal(a.Turns, b.Turns) &&
		slices.Equal(a.CapturedBy, b.CapturedBy) && slices.Equal(a.Points, b.Points) &&
		slices.Equal(a.Hand, b.Hand) && slices.Equal(a.Ctr, b.Ctr) &&
		sameStacks(a, b) &&
		a.Mover == b.Mover && a.PlyCount == b.PlyCount && a.Passes == b.Passes && a.Last == b.Last &&
		a.End == b.End && a.Winner == b.Winner && a.Swapped == b.Swapped
}

// sameStacks compares the stacks of a and b (what lies above a stack's
// top is not part of the position).
func sameStacks(a, b *core.State) bool {
	if !slices.Equal(a.Hgt, b.Hgt) {
		return false
	}
	if a.Hgt == nil {
		return true
	}
	for c, h := range a.Hgt[:len(a.Cells)] {
		if !slices.Equal(a.Stk[c*a.Scap:c*a.Scap+int(h)], b.Stk[c*b.Scap:c*b.Scap+int(h)]) {
			return false
		}
	}
	return true
}

// TestApplyUndoRoundTrip plays random games and, at every ply, applies
// each legal move and takes it back: the position must be exactly what
// it was (every derived index included), and the moves applied along
// the game must all be taken back to the start. Every kind of frame
// (each unmake of unmakes) must be met: the general records, a drop's,
// the fused chains, the fused leaps both with the counters in their
// frames (the Programs of playoutPrograms have a ply limit) and without
// (quiet rules: games of leaping rules compiled without a ply limit),
// the fused removals and the swap's.
func TestApplyUndoRoundTrip(t *testing.T) {
	seen := map[uint8]bool{}
	progs := playoutPrograms(t)
	for _, f := range []struct {
		file string
		opts map[string]string
	}{
		{"leapfrog.rules", map[string]string{"size": "8x8"}},
		{"leapfrog.rules", map[string]string{"size": "6x5", "players": "3", "diagonal": "true"}},
		{"froglet.rules", nil},
		{"capture.rules", nil},
		{"konane.rules", nil},
		{"breakthrough.rules", map[string]string{"swap": "true"}}, // the swap's frame
	} {
		p, err := Compile(loadGame(t, f.file, f.opts), core.Config{})
		if err != nil {
			t.Fatal(err)
		}
		progs[fmt.Sprint("unlimited ", f.file, f.opts)] = p
		// A ply limit reached within the round trip: the moves that
		// reach it end the game, and Undo must take that back too.
		if p, err = Compile(loadGame(t, f.file, f.opts), core.Config{MaxPlies: 9}); err != nil {
			t.Fatal(err)
		}
		progs[fmt.Sprint("limit 9 ", f.file, f.opts)] = p
	}
	for name, g := range unseenGames(t) {
		p, err := Compile(g, core.Config{})
		if err != nil {
			t.Fatal(err)
		}
		progs["unlimited "+name] = p
	}
	for name, p := range progs {
		roundTrip(t, name, p, seen)
	}
	all := core.CoreUnmakes
	for kind, u := range fusedUnmakes {
		all[kind] = u
	}
	for kind, unmake := range all {
		if unmake != nil && !seen[uint8(kind)] {
			t.Errorf("no move left a frame of kind %d", kind)
		}
	}
}

// roundTrip is TestApplyUndoRoundTrip for one Program; it marks the
// kinds of frames its moves left in seen.
func roundTrip(t *testing.T, name string, p *core.Program, seen map[uint8]bool) {
	s0 := p.NewState(5)
	for seed := uint64(0); seed < 3; seed++ {
		s := s0.Clone()
		ref := s0.Clone()
		rng := rand.New(rand.NewPCG(seed, 13))
		var ml core.MoveList
		plies := 0
		for ; plies < 60; plies++ {
			p.Legal(s, &ml)
			if ml.Len() == 0 {
				break
			}
			for i := range ml.Len() {
				p.Apply(s, &ml, i)
				seen[s.Frames[len(s.Frames)-1].Kind] = true
				if !occConsistent(p, s) {
					t.Fatalf("%s seed %d ply %d: indexes wrong after move %s", name, seed, plies, p.Text(&ml, i))
				}
				p.Undo(s)
				if !samePosition(s, ref) {
					t.Fatalf("%s seed %d ply %d: move %s not taken back exactly", name, seed, plies, p.Text(&ml, i))
				}
			}
			i := rng.IntN(ml.Len())
			p.Apply(s, &ml, i)
			p.Apply(ref, &ml, i)
		}
		for ; plies > 0; plies-- {
			p.Undo(s)
		}
		if !samePosition(s, s0) {
			t.Fatalf("%s seed %d: the game not taken back to the start", name, seed)
		}
	}
}
