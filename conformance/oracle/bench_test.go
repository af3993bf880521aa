package oracle

import (
	"math/rand/v2"
	"testing"
)

// Speed baseline. Perft figures are reported as leaves (move sequences of
// the full depth) per second: Perft with bulk counting at the last ply,
// GenPerft playing every move, leaves included; playouts as games per
// second from the start position (uniformly random moves).
//
//	go test -run '^$' -bench . ./conformance/oracle

func benchPerft(b *testing.B, perft func(int) uint64, depth int) {
	var leaves uint64
	for b.Loop() {
		leaves += perft(depth)
	}
	b.ReportMetric(float64(leaves)/b.Elapsed().Seconds(), "leaves/s")
}

func BenchmarkLeapFrogPerft8x8D5(b *testing.B) {
	benchPerft(b, mustLF(b, 8, 8, 2, false).Perft, 5)
}

func BenchmarkLeapFrogPerft8x8DiagD4(b *testing.B) {
	benchPerft(b, mustLF(b, 8, 8, 2, true).Perft, 4)
}

func BenchmarkLeapFrogPerft15x15D3(b *testing.B) {
	benchPerft(b, mustLF(b, 15, 15, 2, false).Perft, 3)
}

func BenchmarkSaltaPerftD5(b *testing.B) {
	benchPerft(b, NewSalta(0).Perft, 5)
}

func BenchmarkLeapFrogGenPerft8x8D4(b *testing.B) {
	benchPerft(b, mustLF(b, 8, 8, 2, false).GenPerft, 4)
}

func BenchmarkLeapFrogGenPerft15x15D3(b *testing.B) {
	benchPerft(b, mustLF(b, 15, 15, 2, false).GenPerft, 3)
}

func BenchmarkLeapFrogGenPerft15x15D4(b *testing.B) {
	benchPerft(b, mustLF(b, 15, 15, 2, false).GenPerft, 4)
}

func BenchmarkSaltaGenPerftD4(b *testing.B) {
	benchPerft(b, NewSalta(0).GenPerft, 4)
}

func benchPlayouts(b *testing.B, playout func(*rand.Rand) int) {
	rng := rand.New(rand.NewPCG(1, 1))
	plies := 0
	for b.Loop() {
		plies += playout(rng)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
	b.ReportMetric(float64(plies)/float64(b.N), "plies/playout")
}

func lfPlayout(b *testing.B, w, h int, diag bool) {
	start := mustLF(b, w, h, 2, diag)
	benchPlayouts(b, func(rng *rand.Rand) int {
		g := start.Clone()
		n, _ := g.RandomPlayout(rng)
		return n
	})
}

func BenchmarkLeapFrogPlayout8x8(b *testing.B)     { lfPlayout(b, 8, 8, false) }
func BenchmarkLeapFrogPlayout8x8Diag(b *testing.B) { lfPlayout(b, 8, 8, true) }
func BenchmarkLeapFrogPlayout15x15(b *testing.B)   { lfPlayout(b, 15, 15, false) }

func BenchmarkSaltaPlayout120(b *testing.B) {
	start := NewSalta(120)
	benchPlayouts(b, func(rng *rand.Rand) int {
		s := start.Clone()
		n, _ := s.RandomPlayout(rng)
		return n
	})
}

// The registry's baselines, as the CLI's bench --compare runs them.
func benchBaselinePlayouts(b *testing.B, game string, opts map[string]string) {
	bl, ok := Baseline(game, opts)
	if !ok {
		b.Fatal("no baseline")
	}
	plies, seed := 0, uint64(0)
	for b.Loop() {
		seed++
		plies += bl.RandomPlayouts(1, seed, 0)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
	b.ReportMetric(float64(plies)/float64(b.N), "plies/playout")
}

func BenchmarkBaselineLeapFrog8x8Playout(b *testing.B) {
	benchBaselinePlayouts(b, "leapfrog", map[string]string{"size": "8x8"})
}

func BenchmarkBaselineSaltaPlayout120(b *testing.B) {
	benchBaselinePlayouts(b, "salta", map[string]string{"limit": "120"})
}

func BenchmarkKonanePerftD6(b *testing.B) {
	benchPerft(b, mustKonane(b, 8).Perft, 6)
}

func BenchmarkDraughtsPerftD6(b *testing.B) {
	benchPerft(b, NewDraughts().Perft, 6)
}

func BenchmarkChineseCheckersPerftD3(b *testing.B) {
	benchPerft(b, mustCC(b, 2).Perft, 3)
}

func BenchmarkConspirateursPerftD3(b *testing.B) {
	benchPerft(b, NewConspirateurs().Perft, 3)
}

func BenchmarkDraughtsGenPerftD5(b *testing.B) {
	benchPerft(b, NewDraughts().GenPerft, 5)
}
