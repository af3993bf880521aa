package interp

import (
	"slices"
	"strings"
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/lang"
)

// chain-dirs: no-reverse (ir.ChainDirsNoReverse): no leap of a chain goes
// straight back the way the leap before came. Men step and capture
// forward or sideways, kings fly orthogonally; captured pieces leave at
// once, so a flying king could otherwise come back over the emptied
// cells to a piece behind its start.
const noReverseSrc = `game: "No reverse"
board {
  shape: square(8x8)
}
player white { forward: north }
player black { forward: south }
piece man {}
piece king {}
setup white {
  man: ranks(2 .. 3)
}
setup black: mirror(white)
zone far {
  white: ranks(8)
  black: ranks(1)
}
promote man {
  to: king
  in: far
}
jump man-capture {
  piece: own man
  dirs: [forward, sideways]
  over: enemy
  capture: jumped
  chain: compulsory
  chain-dirs: no-reverse
}
jump king-capture {
  piece: own king
  dirs: orthogonal
  length: any
  over: empty
  hurdle: enemy
  capture: jumped
  chain: compulsory
  chain-dirs: no-reverse
}
step man-step {
  piece: own man
  dirs: [forward, sideways]
}
jump king-move {
  piece: own king
  dirs: orthogonal
  length: any
  over: empty
}
priority: [man-capture, king-capture], [man-step, king-move]
end {
  no-move: lose
}
`

// noReverseAt compiles noReverseSrc (with chain-dirs replaced by dirs
// when dirs is not "") with its setup replaced by places, with and
// without the accelerators.
func noReverseAt(t *testing.T, dirs string, places ...string) []struct {
	p *core.Program
	s *core.State
} {
	t.Helper()
	src := noReverseSrc
	if dirs != "" {
		src = strings.ReplaceAll(src, "chain-dirs: no-reverse", "chain-dirs: "+dirs)
	}
	var out []struct {
		p *core.Program
		s *core.State
	}
	for _, noFast := range []bool{false, true} {
		g, err := lang.LoadSource("no-reverse.rules", []byte(src), nil)
		if err != nil {
			t.Fatal(err)
		}
		p, s := placed(t, g, noFast, places...)
		out = append(out, struct {
			p *core.Program
			s *core.State
		}{p, s})
	}
	return out
}

func TestChainNoReverseKing(t *testing.T) {
	// The king on d1 takes f1 (landing on g1 or h1) or b1 (landing on
	// a1). Taken at once, each leaves the rank open for a leap straight
	// back over the other: d1-g1-a1 with chain-dirs: any, refused with
	// no-reverse, where each capture ends the chain.
	places := []string{"d1 white king", "b1 black man", "f1 black man", "h8 black man"}
	for _, at := range noReverseAt(t, "", places...) {
		wantMoves(t, at.p, at.s, "d1-g1", "d1-h1", "d1-a1")
	}
	for _, at := range noReverseAt(t, "any", places...) {
		wantMoves(t, at.p, at.s, "d1-g1-a1", "d1-h1-a1", "d1-a1-g1", "d1-a1-h1")
	}
}

func TestChainNoReverseSideways(t *testing.T) {
	// A quarter turn is allowed: the king on d1 takes f1, and from g1 it
	// must go on north over g3; from h1 it cannot (the chain ends there).
	for _, at := range noReverseAt(t, "", "d1 white king", "f1 black man", "g3 black man", "h8 black man") {
		wantMoves(t, at.p, at.s, "d1-g1-g4", "d1-g1-g5", "d1-g1-g6", "d1-g1-g7", "d1-g1-g8", "d1-h1")
	}
	// The man on c4 takes d4 eastwards, then e5 northwards, then d6
	// westwards: a quarter turn each time.
	for _, at := range noReverseAt(t, "", "c4 white man", "d4 black man", "e5 black man", "d6 black man", "h8 black man") {
		wantMoves(t, at.p, at.s, "c4-e4-e6-c6")
	}
}

func TestChainNoReverseEqualsReference(t *testing.T) {
	g, err := lang.LoadSource("no-reverse.rules", []byte(noReverseSrc), nil)
	if err != nil {
		t.Fatal(err)
	}
	fast, err := Compile(g, core.Config{})
	if err != nil {
		t.Fatal(err)
	}
	slow, err := Compile(g, core.Config{Disable: disableAll(true)})
	if err != nil {
		t.Fatal(err)
	}
	checkEquiv(t, fast, slow, 30, 150)
}

// TestChainNoReverseDeclines checks that the leap and long-leap tables
// leave such rules to the generic walker, saying why.
func TestChainNoReverseDeclines(t *testing.T) {
	p := loadSrc(t, "no-reverse.rules", noReverseSrc, core.Config{})
	want := map[string]string{
		"man-capture":  "leap-table: its chains may not turn back (chain-dirs: no-reverse), which the generic walker follows",
		"king-capture": "long-table: chains that may not turn back (chain-dirs: no-reverse)",
	}
	for _, r := range Explain(p).Rules {
		if why, ok := want[r.Name]; ok && !slices.Contains(r.Declined, why) {
			t.Errorf("%s: declined %q, want %q", r.Name, r.Declined, why)
		}
	}
}
