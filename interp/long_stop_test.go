package interp

import (
	"fmt"
	"slices"
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/core"
)

// A long rule's chains end on a landing where its chain-stop holds, and a
// piece that starts in an inside lock's zone lands only in it, as for
// leaps of a fixed length (the generic walker's longDFS follows both).
func TestLongRuleChainStopAndLock(t *testing.T) {
	const src = `board { shape: square(8x8) }
players: a, b
piece king {}
setup a { king: a1 }
setup b { king: b2 d4 }
%s
jump {
  piece: own king
  dirs: diagonal
  length: any
  over: empty
  hurdle: enemy
  capture: jumped
  chain: compulsory
%s}
`
	for _, tc := range []struct {
		name, extra, prop string
		want              []string
	}{
		{"plain", "", "", []string{"a1-c3-e5", "a1-c3-f6", "a1-c3-g7", "a1-c3-h8"}},
		{"chain-stop", "zone stop: c3", "  chain-stop: in stop\n", []string{"a1-c3"}},
		{"inside lock", "zone home: a1 b2 c3\nlock home: inside", "", []string{"a1-c3"}},
	} {
		for _, off := range []bool{false, true} {
			p := loadSrc(t, tc.name, fmt.Sprintf(src, tc.extra, tc.prop), core.Config{Disable: disableAll(off)})
			var ml core.MoveList
			p.Legal(p.NewState(0), &ml)
			if got := p.Texts(&ml); !slices.Equal(got, tc.want) {
				t.Errorf("%s (accelerators off: %v): %q, want %q", tc.name, off, got, tc.want)
			}
		}
	}
}
