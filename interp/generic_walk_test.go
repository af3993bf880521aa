package interp

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/core"
)

// konaneRays is Konane with long jumps: a stone flies over empty cells
// to jump the first enemy (the hurdle), and chains keep their first
// direction: a long rule whose chains keep their first direction.
func konaneRays(t *testing.T) string {
	t.Helper()
	src, err := os.ReadFile("../games/konane.rules")
	if err != nil {
		t.Fatal(err)
	}
	old := "  over: enemy\n  capture: jumped\n  chain: optional\n  chain-dirs: same\n"
	if !strings.Contains(string(src), old) {
		t.Fatal("konane.rules: the jump rule changed")
	}
	return strings.Replace(string(src), old,
		"  length: any\n  over: empty\n  hurdle: enemy\n  capture: jumped\n  chain: optional\n  chain-dirs: same\n", 1)
}

// TestGenericWalkChosen checks the generic walker's walk stored per rule
// (rule.generic): by whether the rule is long and whether its chains keep
// their first direction; the plan names it; and each walk gives the
// moves of the fast strategies (perft).
func TestGenericWalkChosen(t *testing.T) {
	for _, c := range []struct {
		file, src, rule, walk string
		depth                 int
	}{
		{file: "draughts.rules", rule: "man-capture", walk: core.WalkDepthFirst.Name, depth: 4},
		{file: "konane.rules", rule: "jump", walk: core.WalkDepthFirstDirs.Name, depth: 5},
		{file: "draughts-international.rules", rule: "king-capture", walk: core.WalkRays.Name, depth: 4},
		{file: "konane-rays", src: konaneRays(t), rule: "jump", walk: core.WalkRaysFirstDirs.Name, depth: 5},
	} {
		var ref, fast *core.Program
		for _, off := range []bool{true, false} {
			var p *core.Program
			if c.src != "" {
				p = loadSrc(t, c.file, c.src, core.Config{Disable: disableAll(off)})
			} else {
				p = load(t, c.file, nil, core.Config{Disable: disableAll(off)})
			}
			if off {
				ref = p
			} else {
				fast = p
			}
		}
		i := slices.IndexFunc(ref.Rules, func(r core.Rule) bool { return r.Name == c.rule })
		if i < 0 {
			t.Fatalf("%s: no rule %s", c.file, c.rule)
		}
		if r := &ref.Rules[i]; r.Gen != core.GenGeneric || r.Generic.Name != c.walk {
			t.Errorf("%s: rule %s: generator %d, walk %q; want the generic walker, %q", c.file, c.rule, r.Gen, r.Generic.Name, c.walk)
		}
		if notes := Explain(ref).Rules[i].Notes; !slices.Contains(notes, "generic walk: "+c.walk) {
			t.Errorf("%s: rule %s: the plan's notes %q do not name the walk %q", c.file, c.rule, notes, c.walk)
		}
		if got, want := ref.Perft(ref.NewState(0), c.depth), fast.Perft(fast.NewState(0), c.depth); got != want {
			t.Errorf("%s: perft(%d) %d with the generic walker, %d with the fast strategies", c.file, c.depth, got, want)
		}
	}
}
