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
// leave such rules to the generic walker, saying why, but for a rule
// whose chains could not turn back anyway (leaps of one length without
// stacks: the man's capture here), which the accelerators serve as any
// other.
func TestChainNoReverseDeclines(t *testing.T) {
	stacked := "stacking: true\n" + noReverseSrc
	for _, tc := range []struct {
		src, rule, declined string
		accel               string
	}{
		{noReverseSrc, "king-capture", "long-table: chains that may not turn back (chain-dirs: no-reverse)", ""},
		{noReverseSrc, "man-capture", "", "leap-table"},
		{stacked, "man-capture", "leap-table: its chains may not turn back (chain-dirs: no-reverse), which the generic walker follows", ""},
	} {
		p := loadSrc(t, "no-reverse.rules", tc.src, core.Config{})
		found := false
		for _, r := range Explain(p).Rules {
			if r.Name != tc.rule {
				continue
			}
			found = true
			if tc.declined != "" && !slices.Contains(r.Declined, tc.declined) {
				t.Errorf("%s: declined %q, want %q", r.Name, r.Declined, tc.declined)
			}
			if tc.accel != "" && !slices.Contains(r.Accelerators, tc.accel) {
				t.Errorf("%s: accelerators %q, want %q", r.Name, r.Accelerators, tc.accel)
			}
		}
		if !found {
			t.Errorf("no rule %s", tc.rule)
		}
	}
}

// TestChainNoReverseStacks: in a game of stacks a jump takes the top
// piece alone, so a man's chain could come straight back over the piece
// left under it; no-reverse forbids that. The man on c4 takes the top of
// the stack on d4 (landing on e4) and must not come back over what
// remains (to c4); it goes on north over e5 instead.
func TestChainNoReverseStacks(t *testing.T) {
	stacked := "stacking: true\n" + noReverseSrc
	for _, noFast := range []bool{false, true} {
		g, err := lang.LoadSource("stacked.rules", []byte(stacked), nil)
		if err != nil {
			t.Fatal(err)
		}
		p, s := placed(t, g, noFast, "c4 white man", "d4 black man", "d4 black man", "e5 black man", "h8 black man")
		wantMoves(t, p, s, "c4-e4-e6")
		g, _ = lang.LoadSource("stacked.rules", []byte(strings.ReplaceAll(stacked, "no-reverse", "any")), nil)
		p, s = placed(t, g, noFast, "c4 white man", "d4 black man", "d4 black man", "e5 black man", "h8 black man")
		wantMoves(t, p, s, "c4-e4-e6", "c4-e4-c4")
	}
}

// TestChainNoReverseStacksEqualsReference plays random games of the file
// with stacks, with and without the accelerators.
func TestChainNoReverseStacksEqualsReference(t *testing.T) {
	stacked := "stacking: true\n" + noReverseSrc
	fast := loadSrc(t, "stacked.rules", stacked, core.Config{})
	slow := loadSrc(t, "stacked.rules", stacked, core.Config{Disable: disableAll(true)})
	checkEquiv(t, fast, slow, 10, 100)
}
