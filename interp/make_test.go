package interp

import (
	"fmt"
	"testing"
)

// TestMakersChosen checks which maker compilePlay stores on each rule
// (by the unit that chose it) as the make accelerators are switched off,
// and that every choice counts the same gen-perft as the general makers
// alone.
func TestMakersChosen(t *testing.T) {
	const general = accelCount
	for _, c := range []struct {
		file    string
		disable []string
		units   []accel // per rule
		small   bool    // fused-make keeps the small board's tables
	}{
		{"leapfrog.rules", nil, []accel{accelFusedMake, accelFusedMake}, true},
		{"leapfrog.rules", []string{"fused-make"}, []accel{accelDirectMake, general}, false},
		{"leapfrog.rules", []string{"flat-make"}, []accel{accelDirectMake, general}, false},
		{"leapfrog.rules", []string{"direct-make"}, []accel{general, general}, false},
		{"leapfrog.rules", []string{"all"}, []accel{general, general}, false},
		{"breakthrough.rules", nil, []accel{accelFusedMake, accelFusedMake}, true},
		// the men promote; the position keeps the sets per code
		{"draughts.rules", nil, []accel{accelDirectMake, accelDirectMake, accelDirectMake, accelDirectMake}, true},
		{"crossings.rules", nil, []accel{general}, true},
		// stacks
		{"salta.rules", nil, []accel{general, general}, false},
	} {
		name := fmt.Sprint(c.file, " disable ", c.disable)
		g := loadGame(t, c.file, nil)
		p, err := Compile(g, Config{Disable: c.disable})
		if err != nil {
			t.Fatal(err)
		}
		for i, r := range p.rules {
			if r.play.unit != c.units[i] {
				t.Errorf("%s: rule %s made by %d, want %d", name, r.name, r.play.unit, c.units[i])
			}
		}
		if (p.small != nil) != c.small {
			t.Errorf("%s: small board's tables %v, want %v", name, p.small != nil, c.small)
		}
		ref, err := Compile(g, Config{Disable: []string{"all"}})
		if err != nil {
			t.Fatal(err)
		}
		if got, want := p.GenPerft(p.NewState(1), 2, nil), ref.GenPerft(ref.NewState(1), 2, nil); got != want {
			t.Errorf("%s: gen-perft 2 %d, the general makers %d", name, got, want)
		}
	}
}
