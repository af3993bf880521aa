package interp

import (
	"fmt"
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/core"
)

// TestMakersChosen checks which maker compilePlay stores on each rule
// (by the unit that chose it) as the make accelerators are switched off,
// and that every choice counts the same gen-perft as the general makers
// alone.
func TestMakersChosen(t *testing.T) {
	const general = core.AccelCount
	for _, c := range []struct {
		file    string
		disable []string
		units   []core.Accel // per rule
		small   bool         // fused-make keeps the small board's tables
	}{
		{"leapfrog.rules", nil, []core.Accel{core.AccelFusedMake, core.AccelFusedMake}, true},
		{"leapfrog.rules", []string{"fused-make"}, []core.Accel{core.AccelDirectMake, general}, false},
		{"leapfrog.rules", []string{"flat-make"}, []core.Accel{core.AccelDirectMake, general}, false},
		{"leapfrog.rules", []string{"direct-make"}, []core.Accel{general, general}, false},
		{"leapfrog.rules", []string{"all"}, []core.Accel{general, general}, false},
		{"breakthrough.rules", nil, []core.Accel{core.AccelFusedMake, core.AccelFusedMake}, true},
		// the men promote; the position keeps the sets per code
		{"draughts.rules", nil, []core.Accel{core.AccelDirectMake, core.AccelDirectMake, core.AccelDirectMake, core.AccelDirectMake}, true},
		{"crossings.rules", nil, []core.Accel{general}, true},
		// stacks
		{"salta.rules", nil, []core.Accel{general, general}, false},
	} {
		name := fmt.Sprint(c.file, " disable ", c.disable)
		g := loadGame(t, c.file, nil)
		p, err := Compile(g, core.Config{Disable: c.disable})
		if err != nil {
			t.Fatal(err)
		}
		for i, r := range p.Rules {
			if r.Play.Unit != c.units[i] {
				t.Errorf("%s: rule %s made by %d, want %d", name, r.Name, r.Play.Unit, c.units[i])
			}
		}
		if (p.Small != nil) != c.small {
			t.Errorf("%s: small board's tables %v, want %v", name, p.Small != nil, c.small)
		}
		ref, err := Compile(g, core.Config{Disable: []string{"all"}})
		if err != nil {
			t.Fatal(err)
		}
		if got, want := p.GenPerft(p.NewState(1), 2, nil), ref.GenPerft(ref.NewState(1), 2, nil); got != want {
			t.Errorf("%s: gen-perft 2 %d, the general makers %d", name, got, want)
		}
	}
}
