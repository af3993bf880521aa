package oracle

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func jumpwingsAt(t *testing.T, o JumpwingsOptions, stacks map[string][]string, ply int) *Jumpwings {
	t.Helper()
	g := NewJumpwings(o)
	if err := g.SetPosition(stacks, ply); err != nil {
		t.Fatal(err)
	}
	return g
}

// The start: the cells and their neighbours as notation.md draws them,
// each kind's jump, the frog's one-cell jump and step listed once.
func TestJumpwingsStart(t *testing.T) {
	g := NewJumpwings(JumpwingsOptions{})
	ms := g.Moves()
	if len(ms) != 38 || len(slices.Compact(sortedStrings(ms))) != 38 {
		t.Fatalf("%d moves: %v", len(ms), ms)
	}
	// a1 (x -2) jumps north-east over b2 (x -1) and c3 (x 0) to c4 (x 1);
	// the cat a2 over b3 to b4; the frog b3 to b4 (a jump and a step).
	wantMoves(t, ms, []string{"a1-c4", "a2-b4", "b3-b4", "a3-a4", "e3-d4"},
		[]string{"a1-b4", "a2-a3", "c1-c2", "b3-b5"})
	adv := NewJumpwings(JumpwingsOptions{Advanced: true})
	if n := len(adv.Moves()); n != 38 {
		t.Errorf("advanced: %d moves", n)
	}
	if adv.n != 37 || g.n != 28 {
		t.Errorf("cells: basic %d, advanced %d", g.n, adv.n)
	}
	if !slices.Equal(adv.gates[1], []int{34, 35, 36}) || adv.name[34] != "a9" {
		t.Errorf("advanced dark gates %v (%s)", adv.gates[1], adv.name[34])
	}
}

// Height limits: absolute (games.md §8) and relative to the jumper's
// level (§9); steps only from the ground, onto empty cells.
func TestJumpwingsHeights(t *testing.T) {
	// A light hare on a dark frog (level 1) at a3; b3 and d3 hold two
	// dark cats each; c3 is empty. Row 3 is a3 b3 c3 d3 e3.
	stacks := map[string][]string{"a3": {"df", "lh"}, "b3": {"dc", "dc"}, "d3": {"dc", "dc"}, "a7": {"dh"}}
	basic := jumpwingsAt(t, JumpwingsOptions{}, stacks, 0)
	relative := jumpwingsAt(t, JumpwingsOptions{Relative: true}, stacks, 0)
	// Basic: b3 (height 2) is too tall for a hare to pass; no step from
	// level 1. Relative: 2 <= 1 + 1 to pass, 2 - 1 <= 1 to land.
	wantMoves(t, basic.Moves(), nil, []string{"a3-d3", "a3-a4"})
	wantMoves(t, relative.Moves(), []string{"a3-d3"}, []string{"a3-a4"})
	// Relative: a hare at level 3 may not drop to the ground (3 - 0 > 1),
	// but may land on a stack of two.
	high := jumpwingsAt(t, JumpwingsOptions{Relative: true},
		map[string][]string{"a3": {"df", "df", "df", "lh"}, "d3": {"dc", "dc"}, "a5": {"dc"}, "a7": {"dh"}}, 0)
	ms := high.Moves()
	wantMoves(t, ms, []string{"a3-d3"}, nil)
	for _, m := range ms {
		if m != "a3-d3" && m[:2] == "a3" {
			t.Errorf("the high hare drops: %s (%v)", m, ms)
		}
	}
	// The frog on the ground steps and jumps to the same cells: one move
	// each; onto a stack of three it jumps, onto four it does not.
	frog := jumpwingsAt(t, JumpwingsOptions{},
		map[string][]string{"c3": {"lf"}, "d3": {"dc", "dc", "dc"}, "b3": {"dc", "dc", "dc", "dc"}, "a7": {"dh"}}, 0)
	wantMoves(t, frog.Moves(), []string{"c3-d3", "c3-b4", "c3-c4", "c3-b2", "c3-c2"}, []string{"c3-b3"})
}

// The short goal (after the move), the long goal (at the start of the
// turn), passes and the two-pass draw.
func TestJumpwingsEnd(t *testing.T) {
	g := jumpwingsAt(t, JumpwingsOptions{}, map[string][]string{"b6": {"lf"}, "a4": {"dh"}}, 0)
	playAll(t, g, "b6-b7")
	if !g.Over() || g.Reason() != "goal" || !slices.Equal(g.Winners(), []int{0}) {
		t.Fatalf("short goal: over %v reason %q winners %v", g.Over(), g.Reason(), g.Winners())
	}
	long := JumpwingsOptions{LongGoal: true}
	g = jumpwingsAt(t, long, map[string][]string{"a7": {"lf"}, "b7": {"lf"}, "c6": {"lf"}, "a1": {"dh"}}, 0)
	playAll(t, g, "c6-c7")
	if g.Over() {
		t.Fatalf("long goal: over before light's turn: %s", g.Reason())
	}
	playAll(t, g, "a1-b1")
	if !g.Over() || g.Reason() != "goal" || !slices.Equal(g.Winners(), []int{0}) {
		t.Fatalf("long goal: over %v reason %q winners %v", g.Over(), g.Reason(), g.Winners())
	}
	// Light's pieces all buried: light passes, dark moves.
	g = jumpwingsAt(t, JumpwingsOptions{}, map[string][]string{"d4": {"lf", "dh"}}, 0)
	checkMoves(t, g.Moves(), []string{"pass"})
	playAll(t, g, "pass")
	if g.Over() || len(g.Moves()) == 0 || g.Moves()[0] == "pass" {
		t.Fatalf("after one pass: over %v moves %v", g.Over(), g.Moves())
	}
	// An empty board: two passes in a row, a draw.
	g = jumpwingsAt(t, JumpwingsOptions{}, nil, 0)
	playAll(t, g, "pass", "pass")
	if !g.Over() || g.Reason() != "passes" || !slices.Equal(g.Winners(), []int{0, 1}) || g.Moves() != nil {
		t.Fatalf("passes: over %v reason %q winners %v moves %v", g.Over(), g.Reason(), g.Winners(), g.Moves())
	}
}

// Random games of every variant: make and unmake restore the position,
// texts are distinct.
func TestJumpwingsRandomGames(t *testing.T) {
	for _, o := range []JumpwingsOptions{{}, {Advanced: true}, {Relative: true}, {LongGoal: true}} {
		for seed := uint64(1); seed <= 10; seed++ {
			g := NewJumpwings(o)
			rng := rand.New(rand.NewPCG(seed, 6))
			for !g.Over() && g.ply < 1000 {
				ml := g.gen(nil)
				if len(slices.Compact(sortedStrings(g.Moves()))) != len(ml) {
					t.Fatalf("%+v seed %d ply %d: a text twice: %v", o, seed, g.ply, g.Moves())
				}
				before := *g
				for _, mv := range ml {
					q := g.make(mv)
					g.unmake(mv, q)
				}
				if g.stack != before.stack || g.height != before.height || g.ply != before.ply || g.passes != before.passes {
					t.Fatalf("%+v seed %d ply %d: unmake does not restore", o, seed, g.ply)
				}
				playAll(t, g, g.Moves()[rng.IntN(len(ml))])
			}
		}
	}
}
