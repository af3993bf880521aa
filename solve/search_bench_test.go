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

// BenchmarkSearchBreakthrough4x5 solves Breakthrough's rules on 4 files
// and 5 ranks, two rows each (a loss in 22 plies for White), by the
// search in each move order: one solve per iteration (some 20 to 40 s
// each; run with -benchtime 1x); it reports the positions searched.
func BenchmarkSearchBreakthrough4x5(b *testing.B) {
	g, err := loadFile("../conformance/testdata/solve/breakthrough-4x5.rules")
	if err != nil {
		b.Fatal(err)
	}
	if g, err = interp.WithHash(g); err != nil {
		b.Fatal(err)
	}
	for _, o := range []Order{ByReplies, ByHistory} {
		b.Run(o.String(), func(b *testing.B) {
			var sol *Solution
			for b.Loop() {
				sol, err = Solve(g, g.NewState(1), Options{Method: Search, Order: o, Hash: interp.Hash, Memory: 2 << 30})
				if err != nil {
					b.Fatal(err)
				}
			}
			if v, d := sol.Value(); v != Loss || d != 22 {
				b.Fatalf("%v in %d", v, d)
			}
			b.ReportMetric(float64(sol.Positions()), "positions/op")
		})
	}
}
