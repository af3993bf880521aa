package interp

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/lang"
)

// Capture by approach and withdrawal, chain-dirs: turn and revisit:
// never, on games/fanorona.rules (and variants of it made by replacing
// a line), with hand-built positions.

// fanoronaAt compiles games/fanorona.rules, with each old line of
// replace replaced by the next, its setup replaced by places, with and
// without the accelerators.
func fanoronaAt(t *testing.T, replace []string, places ...string) []struct {
	p *core.Program
	s *core.State
} {
	t.Helper()
	data, err := os.ReadFile("../games/fanorona.rules")
	if err != nil {
		t.Fatal(err)
	}
	src := string(data)
	for i := 0; i+1 < len(replace); i += 2 {
		if !strings.Contains(src, replace[i]) {
			t.Fatalf("no %q in fanorona.rules", replace[i])
		}
		src = strings.ReplaceAll(src, replace[i], replace[i+1])
	}
	var out []struct {
		p *core.Program
		s *core.State
	}
	for _, noFast := range []bool{false, true} {
		g, err := lang.LoadSource("fanorona.rules", []byte(src), nil)
		if err != nil {
			t.Fatal(err)
		}
		var p *core.Program
		var s *core.State
		if len(places) > 0 {
			p, s = placed(t, g, noFast, places...)
		} else {
			if p, err = Compile(g, core.Config{Disable: disableAll(noFast)}); err != nil {
				t.Fatal(err)
			}
			s = p.NewState(0)
		}
		out = append(out, struct {
			p *core.Program
			s *core.State
		}{p, s})
	}
	return out
}

func TestApproachAndWithdrawalBoth(t *testing.T) {
	// The white stone on e3 steps east to f3: towards g3 (approach) and
	// away from d3 (withdrawal), two moves; no other step takes a line,
	// and neither goes on (east again is the step before's direction; f3
	// has no diagonals; the lines of f4 and f2 are empty).
	for _, at := range fanoronaAt(t, nil, "e3 white stone", "d3 black stone", "g3 black stone", "a5 black stone") {
		wantMoves(t, at.p, at.s, "e3-f3A", "e3-f3W")
	}
}

func TestApproachTakesTheWholeLine(t *testing.T) {
	// b1-c1A takes d1, e1 and f1: the line ends at the white stone on g1,
	// which stays; h1 beyond it stays too. The quiet moves (b1-b2, ...)
	// are not legal: capturing is compulsory.
	for _, at := range fanoronaAt(t, nil, "b1 white stone", "d1 black stone", "e1 black stone", "f1 black stone",
		"g1 white stone", "h1 black stone", "a5 black stone") {
		wantMoves(t, at.p, at.s, "b1-c1A")
		var ml core.MoveList
		at.p.Legal(at.s, &ml)
		at.p.Apply(at.s, &ml, 0)
		for cell, want := range map[string]string{"b1": "", "c1": "white", "d1": "", "e1": "", "f1": "", "g1": "white", "h1": "black", "a5": "black"} {
			if got := ownerOn(at.p, at.s, cell); got != want {
				t.Errorf("after b1-c1A: %s holds %q, want %q\n%s", cell, got, want, at.p.Render(at.s))
			}
		}
		at.p.Undo(at.s)
		wantMoves(t, at.p, at.s, "b1-c1A")
	}
}

func TestWithdrawalAndQuietSteps(t *testing.T) {
	// b1-c1W withdraws from a1. With no capture anywhere, the quiet steps:
	// b1 has no diagonals (file + rank odd), c1 has.
	for _, at := range fanoronaAt(t, nil, "b1 white stone", "a1 black stone", "i5 black stone") {
		wantMoves(t, at.p, at.s, "b1-c1W")
	}
	for _, at := range fanoronaAt(t, nil, "b1 white stone", "i5 black stone") {
		wantMoves(t, at.p, at.s, "b1-b2", "b1-c1", "b1-a1")
	}
	for _, at := range fanoronaAt(t, nil, "c1 white stone", "i5 black stone") {
		wantMoves(t, at.p, at.s, "c1-c2", "c1-d2", "c1-d1", "c1-b1", "c1-b2")
	}
}

func TestChainTurns(t *testing.T) {
	// b1-c1W takes a1; from c1 the stone may not go on east (c1-d1A would
	// take e1: the step before went east), but may turn north-east
	// (c1-d2A takes e3) and then north-west, withdrawing from e1
	// (d2-c3W). Every prefix is a move. With chain-dirs: any, c1-d1A too.
	places := []string{"b1 white stone", "a1 black stone", "e1 black stone", "e3 black stone", "i5 black stone"}
	for _, at := range fanoronaAt(t, nil, places...) {
		wantMoves(t, at.p, at.s, "b1-c1W", "b1-c1W-d2A", "b1-c1W-d2A-c3W")
	}
	for _, at := range fanoronaAt(t, []string{"chain-dirs: turn", "chain-dirs: any"}, places...) {
		wantMoves(t, at.p, at.s, "b1-c1W", "b1-c1W-d2A", "b1-c1W-d2A-c3W", "b1-c1W-d1A")
	}
}

func TestChainNeverRevisits(t *testing.T) {
	// From the start, d3-e3A takes f3; stepping back west to d3 would take
	// c3 by approach, but d3 is the chain's start: revisit: never. So
	// would d3-e3W (c3 taken) going back to d3 withdrawing from f3. With
	// revisit: captures both are moves.
	for _, at := range fanoronaAt(t, nil) {
		wantMoves(t, at.p, at.s, "d2-e3A", "e2-e3A", "f2-e3A", "d3-e3A", "d3-e3W")
	}
	for _, at := range fanoronaAt(t, []string{"revisit: never", "revisit: captures"}) {
		wantMoves(t, at.p, at.s, "d2-e3A", "e2-e3A", "f2-e3A", "d3-e3A", "d3-e3A-d3A", "d3-e3W", "d3-e3W-d3W")
	}
}

// ownerOn is the name of the owner of the piece on cell ("" when empty).
func ownerOn(p *core.Program, s *core.State, cell string) string {
	code := s.Cells[p.CellIdx[cell]]
	if code == 0 {
		return ""
	}
	return p.Desc.Players[p.CodeOwner[code]].Name
}

func TestFanoronaEqualsReference(t *testing.T) {
	ats := fanoronaAt(t, nil)
	checkEquiv(t, ats[0].p, ats[1].p, 30, 400)
	ats = fanoronaAt(t, []string{"chain-dirs: turn", "chain-dirs: no-reverse", "revisit: never", "revisit: captures"})
	checkEquiv(t, ats[0].p, ats[1].p, 20, 400)
}

// TestApproachDeclines checks what vet --explain says of Fanorona: the
// capture is left to the line walker and the general make, the quiet
// step keeps its accelerators.
func TestApproachDeclines(t *testing.T) {
	at := fanoronaAt(t, nil)[0]
	var b strings.Builder
	if err := Explain(at.p).Write(&b); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	for _, want := range []string{
		"generic walk: depth first, taking lines by approach or withdrawal",
		"declined leap-table: it captures lines by approach or withdrawal, which the line walker follows",
		"declined direct-make: it captures lines by approach or withdrawal: the general make plays them",
		"declined fused-make: it captures lines by approach or withdrawal: the general make plays them",
		"accelerators: leap-table, shift-sets, fused-make",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("explain lacks %q:\n%s", want, text)
		}
	}
}

func TestMarkedCapturesShareNoText(t *testing.T) {
	// With the capture and the quiet step in one tier (capture not
	// compulsory), d3-e3A, d3-e3W and the quiet d3-e3 are three moves:
	// the marks make their texts differ, and deduplication reads them.
	// A capture by approach alone is not marked: its d3-e3 and the quiet
	// one share a text, so they are one move, the first rule's.
	free := []string{"priority: [capture], [move]", "priority: [capture, move]"}
	for _, at := range fanoronaAt(t, free) {
		wantMoves(t, at.p, at.s, "d2-e3A", "e2-e3A", "f2-e3A", "d3-e3A", "d3-e3W", "d2-e3", "e2-e3", "f2-e3", "d3-e3")
	}
	for _, at := range fanoronaAt(t, append(free, "capture: approach-or-withdrawal", "capture: approach")) {
		wantMoves(t, at.p, at.s, "d2-e3", "e2-e3", "f2-e3", "d3-e3")
		var ml core.MoveList
		at.p.Legal(at.s, &ml)
		at.p.Apply(at.s, &ml, 3)
		if got := ownerOn(at.p, at.s, "f3"); got != "" {
			t.Errorf("d3-e3 left f3 to %q: the capture's move should stand for the text", got)
		}
	}
}

// chain-dirs: turn on a chain that captures nothing, named by its ends:
// a stone jumps over any piece, never twice in a row in one direction.
const turnJumpSrc = `game: "Turning jumps"
board { shape: square(8x8) }
players: white, black
piece stone {}
setup white { stone: a1 }
setup black { stone: a2 a4 b3 h8 }
jump {
  piece: own
  dirs: orthogonal
  over: occupied
  chain: optional
  chain-dirs: turn
  text: ends
}
end { no-move: lose }
`

func TestChainTurnsNamedByEnds(t *testing.T) {
	// a1-a3 (over a2), then east over b3 to c3; north again over a4 to a5
	// would go on in the direction of the leap before. With chain-dirs:
	// any, a1-a5 too.
	for _, dirs := range []string{"turn", "any"} {
		src := strings.Replace(turnJumpSrc, "chain-dirs: turn", "chain-dirs: "+dirs, 1)
		want := []string{"a1-a3", "a1-c3"}
		if dirs == "any" {
			want = []string{"a1-a3", "a1-a5", "a1-c3"}
		}
		for _, noFast := range []bool{false, true} {
			g, err := lang.LoadSource("turn.rules", []byte(src), nil)
			if err != nil {
				t.Fatal(err)
			}
			p, err := Compile(g, core.Config{Disable: disableAll(noFast)})
			if err != nil {
				t.Fatal(err)
			}
			s := p.NewState(0)
			got := legal(p, s)
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Errorf("chain-dirs: %s (accelerators off: %v): moves %v, want %v", dirs, noFast, got, want)
			}
		}
	}
}
