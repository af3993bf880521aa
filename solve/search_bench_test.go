package solve

import (
	"testing"

	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/lang"
)

// BenchmarkSearchKonane5x5 solves Konane 5x5 by the search (a win in 15
// plies for the first player): one solve per iteration; it reports the
// positions searched.
func BenchmarkSearchKonane5x5(b *testing.B) {
	g, err := loadFile("../conformance/testdata/solve/konane-5x5.rules")
	if err != nil {
		b.Fatal(err)
	}
	var sol *Solution
	for b.Loop() {
		sol, err = Solve(g, g.NewState(1), Options{Method: Search})
		if err != nil {
			b.Fatal(err)
		}
	}
	if v, d := sol.Value(); v != Win || d != 15 {
		b.Fatalf("%v in %d", v, d)
	}
	b.ReportMetric(float64(sol.Positions()), "positions/op")
}

func loadFile(file string) (*interp.Program, error) {
	g, err := lang.Load(file, nil)
	if err != nil {
		return nil, err
	}
	return interp.Compile(g, interp.Config{})
}
