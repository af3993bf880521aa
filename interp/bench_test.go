package interp

import (
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/lang"
)

// midgame plays n random plies from the start with a fixed seed.
func midgame(p *core.Program, n int, seed uint64) *core.State {
	s := p.NewState(seed)
	rng := rand.New(rand.NewPCG(seed, 1))
	var ml core.MoveList
	for i := 0; i < n; i++ {
		p.Legal(s, &ml)
		if ml.Len() == 0 {
			break
		}
		p.Apply(s, &ml, rng.IntN(ml.Len()))
	}
	return s
}

// playout plays random moves until the game ends; it returns the plies.
func playout(p *core.Program, s *core.State, rng *rand.Rand, ml *core.MoveList) int {
	n := 0
	for {
		p.Legal(s, ml)
		if ml.Len() == 0 {
			return n
		}
		p.Apply(s, ml, rng.IntN(ml.Len()))
		n++
	}
}

func benchLeapFrog(b *testing.B, noFast bool) *core.Program {
	g := leapFrog(b, 8, 8, 2, false, false)
	return g.compile(core.Config{Disable: disableAll(noFast)})
}

func BenchmarkLeapFrog8Legal(b *testing.B) {
	p := benchLeapFrog(b, false)
	s := midgame(p, 6, 3)
	var ml core.MoveList
	b.ReportAllocs()
	for b.Loop() {
		p.Legal(s, &ml)
	}
	b.ReportMetric(float64(ml.Len()), "moves")
}

func BenchmarkLeapFrog8ApplyUndo(b *testing.B) {
	p := benchLeapFrog(b, false)
	s := midgame(p, 6, 3)
	var ml core.MoveList
	p.Legal(s, &ml)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		p.Apply(s, &ml, i)
		p.Undo(s)
		i++
		if i == ml.Len() {
			i = 0
		}
	}
}

func benchPerft(b *testing.B, noFast bool, depth int) {
	p := benchLeapFrog(b, noFast)
	s := p.NewState(0)
	var nodes uint64
	b.ReportAllocs()
	for b.Loop() {
		nodes += p.Perft(s, depth)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkLeapFrog8Perft4(b *testing.B)        { benchPerft(b, false, 4) }
func BenchmarkLeapFrog8Perft5(b *testing.B)        { benchPerft(b, false, 5) }
func BenchmarkLeapFrog8Perft4Generic(b *testing.B) { benchPerft(b, true, 4) }

// benchPlayout measures RandomPlayout from the start, the state reset
// with CopyFrom (the loop of the CLI's bench).
func benchPlayout(b *testing.B, p *core.Program) {
	s0 := p.NewState(0)
	s := s0.Clone()
	s.SetUndo(false)
	rng := rand.New(rand.NewPCG(1, 2))
	var ml core.MoveList
	plies := 0
	b.ReportAllocs()
	for b.Loop() {
		s.CopyFrom(s0)
		plies += p.RandomPlayout(s, rng, &ml, 0)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
	b.ReportMetric(float64(plies)/float64(b.N), "plies/playout")
}

// benchPlayoutLegal measures the plain loop: a clone of the start, then
// Legal, a random index, Apply.
func benchPlayoutLegal(b *testing.B, p *core.Program) {
	s0 := p.NewState(0)
	rng := rand.New(rand.NewPCG(1, 2))
	var ml core.MoveList
	plies := 0
	b.ReportAllocs()
	for b.Loop() {
		s := s0.Clone()
		plies += playout(p, s, rng, &ml)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
	b.ReportMetric(float64(plies)/float64(b.N), "plies/playout")
}

func BenchmarkLeapFrog8Playout(b *testing.B)        { benchPlayout(b, benchLeapFrog(b, false)) }
func BenchmarkLeapFrog8PlayoutGeneric(b *testing.B) { benchPlayout(b, benchLeapFrog(b, true)) }

func BenchmarkSaltaLegal(b *testing.B) {
	p := salta(b, 0, true).compile(core.Config{})
	s := midgame(p, 20, 3)
	var ml core.MoveList
	b.ReportAllocs()
	for b.Loop() {
		p.Legal(s, &ml)
	}
	b.ReportMetric(float64(ml.Len()), "moves")
}

func BenchmarkSaltaPlayout200(b *testing.B) {
	p := salta(b, 100, true).compile(core.Config{})
	benchPlayout(b, p)
}

func BenchmarkCapturePerft4(b *testing.B) {
	p := capture(b).compile(core.Config{})
	s := p.NewState(0)
	var nodes uint64
	for b.Loop() {
		nodes += p.Perft(s, 4)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkLeapFrog15Playout(b *testing.B) {
	benchPlayout(b, leapFrog(b, 15, 15, 2, false, false).compile(core.Config{}))
}

func benchGame(b *testing.B, file string, opts map[string]string, cfg core.Config) *core.Program {
	p, err := Compile(loadGame(b, file, opts), cfg)
	if err != nil {
		b.Fatal(err)
	}
	return p
}

func benchPerftOf(b *testing.B, p *core.Program, depth int) {
	s := p.NewState(0)
	var nodes uint64
	b.ReportAllocs()
	for b.Loop() {
		nodes += p.Perft(s, depth)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// Draughts playouts stop after 300 plies (kings can shuffle forever).
func BenchmarkDraughtsPerft7(b *testing.B) {
	benchPerftOf(b, benchGame(b, "draughts.rules", nil, core.Config{}), 7)
}
func BenchmarkDraughtsPerft7Generic(b *testing.B) {
	benchPerftOf(b, benchGame(b, "draughts.rules", nil, core.Config{Disable: []string{"all"}}), 7)
}
func BenchmarkDraughtsPlayout(b *testing.B) {
	benchPlayout(b, benchGame(b, "draughts.rules", nil, core.Config{MaxPlies: 300}))
}
func BenchmarkDraughtsPlayoutGeneric(b *testing.B) {
	benchPlayout(b, benchGame(b, "draughts.rules", nil, core.Config{MaxPlies: 300, Disable: []string{"all"}}))
}
func BenchmarkBreakthroughPerft4(b *testing.B) {
	benchPerftOf(b, benchGame(b, "breakthrough.rules", nil, core.Config{}), 4)
}
func BenchmarkBreakthroughPerft4Generic(b *testing.B) {
	benchPerftOf(b, benchGame(b, "breakthrough.rules", nil, core.Config{Disable: []string{"all"}}), 4)
}
func BenchmarkBreakthroughPlayout(b *testing.B) {
	benchPlayout(b, benchGame(b, "breakthrough.rules", nil, core.Config{}))
}
func BenchmarkBreakthroughPlayoutGeneric(b *testing.B) {
	benchPlayout(b, benchGame(b, "breakthrough.rules", nil, core.Config{Disable: []string{"all"}}))
}
func BenchmarkCrossingsPerft3(b *testing.B) {
	benchPerftOf(b, benchGame(b, "crossings.rules", nil, core.Config{}), 3)
}
func BenchmarkCrossingsPlayout(b *testing.B) {
	benchPlayout(b, benchGame(b, "crossings.rules", nil, core.Config{MaxPlies: 300}))
}
func BenchmarkJumpwingsPerft4(b *testing.B) {
	benchPerftOf(b, benchGame(b, "jumpwings.rules", nil, core.Config{}), 4)
}
func BenchmarkJumpwingsPlayout(b *testing.B) {
	benchPlayout(b, benchGame(b, "jumpwings.rules", nil, core.Config{MaxPlies: 300}))
}

// The bundled rules files, as the CLI's bench runs them (compare with the
// oracles' benchmarks in conformance/oracle).
func BenchmarkRulesLeapFrog8Perft5(b *testing.B) {
	benchPerftOf(b, benchGame(b, "leapfrog.rules", map[string]string{"size": "8x8"}, core.Config{}), 5)
}
func BenchmarkRulesLeapFrog8Playout(b *testing.B) {
	benchPlayout(b, benchGame(b, "leapfrog.rules", map[string]string{"size": "8x8"}, core.Config{}))
}
func BenchmarkRulesSaltaPerft5(b *testing.B) {
	benchPerftOf(b, benchGame(b, "salta.rules", nil, core.Config{}), 5)
}
func BenchmarkRulesSaltaPlayout120(b *testing.B) {
	benchPlayout(b, benchGame(b, "salta.rules", map[string]string{"limit": "120"}, core.Config{}))
}
func BenchmarkRulesLeapFrog8PlayoutLegal(b *testing.B) {
	benchPlayoutLegal(b, benchGame(b, "leapfrog.rules", map[string]string{"size": "8x8"}, core.Config{}))
}
func BenchmarkRulesSaltaPlayout120Legal(b *testing.B) {
	benchPlayoutLegal(b, benchGame(b, "salta.rules", map[string]string{"limit": "120"}, core.Config{}))
}
func BenchmarkDraughtsPlayoutLegal(b *testing.B) {
	benchPlayoutLegal(b, benchGame(b, "draughts.rules", nil, core.Config{MaxPlies: 300}))
}
func BenchmarkBreakthroughPlayoutLegal(b *testing.B) {
	benchPlayoutLegal(b, benchGame(b, "breakthrough.rules", nil, core.Config{}))
}
func BenchmarkRulesLeapFrog15Perft3(b *testing.B) {
	benchPerftOf(b, benchGame(b, "leapfrog.rules", nil, core.Config{}), 3)
}
func BenchmarkRulesLeapFrog15Playout(b *testing.B) {
	benchPlayout(b, benchGame(b, "leapfrog.rules", nil, core.Config{}))
}
func BenchmarkRulesLeapFrog15Perft5(b *testing.B) {
	benchPerftOf(b, benchGame(b, "leapfrog.rules", nil, core.Config{}), 5)
}
func BenchmarkRulesFrogletPerft6(b *testing.B) {
	benchPerftOf(b, benchGame(b, "froglet.rules", nil, core.Config{}), 6)
}

// BenchmarkGames measures every bundled rules file with its default
// options, in the position after 10 random plies (seed 3): Legal, Apply
// then Undo of each legal move in turn, perft 3 from there, and random
// playouts from the start (capped at 300 plies for games that can go on
// forever). For example:
//
//	go test -bench 'Games/salta' -run '^$' ./interp
func BenchmarkGames(b *testing.B) {
	files, err := filepath.Glob("../games/*.rules")
	if err != nil || len(files) == 0 {
		b.Fatalf("no rules files: %v", err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".rules")
		p := benchGame(b, filepath.Base(f), nil, core.Config{MaxPlies: 300})
		s := midgame(p, 10, 3)
		b.Run(name+"/legal", func(b *testing.B) {
			var ml core.MoveList
			b.ReportAllocs()
			for b.Loop() {
				p.Legal(s, &ml)
			}
			b.ReportMetric(float64(ml.Len()), "moves")
		})
		b.Run(name+"/apply-undo", func(b *testing.B) {
			var ml core.MoveList
			p.Legal(s, &ml)
			if ml.Len() == 0 {
				b.Skip("no legal move")
			}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				p.Apply(s, &ml, i)
				p.Undo(s)
				if i++; i == ml.Len() {
					i = 0
				}
			}
		})
		b.Run(name+"/perft3", func(b *testing.B) {
			var nodes uint64
			b.ReportAllocs()
			for b.Loop() {
				nodes += p.Perft(s, 3)
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
		b.Run(name+"/playout", func(b *testing.B) { benchPlayout(b, p) })
	}
}

// BenchmarkGenPerft measures gen perft (every move generated, applied
// and undone, leaves included) from the start: Leap Frog 15x15 depths 3
// and 4 (`ruleplay bench` reaches depth 4 in under a second), Salta
// depth 4, draughts depth 6, Breakthrough depth 4.
func BenchmarkGenPerft(b *testing.B) {
	for _, c := range []struct {
		name, file string
		opts       map[string]string
		depth      int
	}{
		{"leapfrog15", "leapfrog.rules", nil, 3},
		{"leapfrog15d4", "leapfrog.rules", nil, 4},
		{"leapfrog8", "leapfrog.rules", map[string]string{"size": "8x8"}, 4},
		{"salta", "salta.rules", nil, 4},
		{"draughts", "draughts.rules", nil, 6},
		{"breakthrough", "breakthrough.rules", nil, 4},
	} {
		p := benchGame(b, c.file, c.opts, core.Config{})
		b.Run(c.name, func(b *testing.B) {
			s := p.NewState(0)
			mls := make([]core.MoveList, c.depth)
			var nodes uint64
			b.ReportAllocs()
			for b.Loop() {
				nodes += p.GenPerft(s, c.depth, mls)
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// BenchmarkPlayout measures RandomPlayout (capped at 300 plies) from the
// start of each bundled rules file and of each file of testdata/unseen,
// loading only the game it runs, for example:
//
//	go test -bench 'Playout/(draughts|unseen-breakthrough12)$' -run '^$' ./interp
func BenchmarkPlayout(b *testing.B) {
	bundled, _ := filepath.Glob("../games/*.rules")
	unseen, _ := filepath.Glob("testdata/unseen/*.rules")
	for _, f := range append(bundled, unseen...) {
		name := strings.TrimSuffix(filepath.Base(f), ".rules")
		if strings.HasPrefix(f, "testdata") {
			name = "unseen-" + name
		}
		b.Run(name, func(b *testing.B) {
			g, err := lang.Load(f, nil)
			if err != nil {
				b.Fatal(err)
			}
			p, err := Compile(g, core.Config{MaxPlies: 300})
			if err != nil {
				b.Fatal(err)
			}
			benchPlayout(b, p)
		})
	}
}
