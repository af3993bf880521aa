package interp

import (
	"slices"
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/lang"
)

// endsGame compiles a rules source with and without fast paths.
func endsGame(t *testing.T, src string) []*core.Program {
	t.Helper()
	var ps []*core.Program
	for _, noFast := range []bool{false, true} {
		g, err := lang.LoadSource("ends.rules", []byte(src), nil)
		if err != nil {
			t.Fatal(err)
		}
		p, err := Compile(g, core.Config{Disable: disableAll(noFast)})
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
	}
	return ps
}

func sortedLegal(p *core.Program, s *core.State) []string {
	m := legal(p, s)
	slices.Sort(m)
	return m
}

// A capturing chain named by its ends: two chains with the same ends and
// captured pieces are one move (the loop c1-a3-c5-e3-c1 and its reverse);
// chains with the same ends but other captured pieces carry them.
func TestEndsCapturingChains(t *testing.T) {
	src := `
board { shape: square(5x5) }
players: black, white
piece man {}
setup black { man: c1 }
setup white { man: b2 d2 b4 d4 }
jump { piece: own man; dirs: diagonal; over: enemy; capture: jumped; chain: optional; text: ends }
`
	want := []string{"c1-a3xb2", "c1-a3xb4xd2xd4", "c1-c1", "c1-c5xb2xb4", "c1-c5xd2xd4", "c1-e3xb2xb4xd4", "c1-e3xd2"}
	for _, p := range endsGame(t, src) {
		s := p.NewState(0)
		if got := sortedLegal(p, s); !slices.Equal(got, want) {
			t.Errorf("fast=%v: got %v\nwant %v", (len(p.Cfg.Disable) == 0), got, want)
		}
		checkCountSelect(t, p, s, 0)
		play(t, p, s, "c1-c5xd2xd4")
		if got := pieceName(p, s, "c5"); got != "black man" {
			t.Errorf("c5 holds %q", got)
		}
		for _, c := range []string{"d2", "d4"} {
			if got := pieceName(p, s, c); got != "" {
				t.Errorf("%s holds %q after the capture", c, got)
			}
		}
		p.Undo(s)
		play(t, p, s, "c1-c1")
		if got := legal(p, s); len(got) != 0 {
			t.Errorf("white has moves %v after losing every man", got)
		}
	}
}

// A compulsory chain named by its ends: only complete chains, merged.
func TestEndsCompulsoryLoop(t *testing.T) {
	src := `
board { shape: square(5x5) }
players: black, white
piece man {}
setup black { man: c1 }
setup white { man: b2 d2 b4 d4 }
jump { piece: own man; dirs: diagonal; over: enemy; capture: jumped; chain: compulsory; text: ends }
`
	for _, p := range endsGame(t, src) {
		wantMoves(t, p, p.NewState(0), "c1-c1")
	}
}

// Chains that capture nothing are found by reachability: one move per
// cell reached, however many paths lead there, and a step and a chain
// to the same cell would be one move.
func TestEndsReachability(t *testing.T) {
	src := `
board { shape: square(6x6) }
players: black, white
piece man {}
setup black { man: a1 c3 }
setup white { man: b2 b4 d2 d4 }
step { piece: own man; dirs: all; text: ends }
jump { piece: own man; dirs: all; over: occupied; chain: optional; text: ends }
`
	ps := endsGame(t, src)
	for _, p := range ps {
		s := p.NewState(0)
		// a1: steps a2 b1; jumps over b2 to c3? occupied (own). c3:
		// steps b3 c2 c4 d3; jumps over b2 a1? occupied; over b4 to a5,
		// over d4 to e5, over d2 to e1; from a5, e5, e1 nothing more but
		// back (visited) and from e5 over d4 is c3 (the start, empty: a
		// cell already reached)... c3 itself is the start: never a move.
		want := []string{"a1-a2", "a1-b1", "c3-a5", "c3-b3", "c3-c2", "c3-c4", "c3-d3", "c3-e1", "c3-e5"}
		if got := sortedLegal(p, s); !slices.Equal(got, want) {
			t.Errorf("got %v\nwant %v\n%s", got, want, p.Render(s))
		}
		checkCountSelect(t, p, s, 0)
		if plan := Explain(p); plan.Rules[1].Strategy != "reachability" && plan.Rules[1].Strategy != "hop table" {
			t.Errorf("jump: strategy %q", plan.Rules[1].Strategy) // (the hop table: reachability on occupancy sets)
		}
	}
}

// A ring of pieces: every landing inside is reached by many paths, but
// each is one move.
func TestEndsReachManyPaths(t *testing.T) {
	src := `
board { shape: square(7x7) }
players: black, white
piece man {}
setup black { man: a1 }
setup white { man: b1 a2 b2 d1 d2 a4 b4 d4 c2 b3 d3 c4 }
jump { piece: own man; dirs: all; over: occupied; chain: optional; text: ends }
`
	for _, p := range endsGame(t, src) {
		s := p.NewState(0)
		want := []string{"a1-a3", "a1-a5", "a1-c1", "a1-c3", "a1-c5", "a1-e1", "a1-e3", "a1-e5"}
		if got := sortedLegal(p, s); !slices.Equal(got, want) {
			t.Errorf("got %v\nwant %v\n%s", got, want, p.Render(s))
		}
	}
}
