package oracle

import "testing"

// The issue-14 oracles' Perft allocates nothing once its buffers have
// grown (the first call grows them).
func TestPerftAllocFree14(t *testing.T) {
	kn := mustKonane(t, 8)
	cc := mustCC(t, 6)
	cs := csAt(t, "e7 f8 g9 a3 c5", "f7 g8 h9 b2 b4", [2]int{}, 0)
	for name, perft := range map[string]func(int) uint64{
		"konane": kn.Perft, "draughts": NewDraughts().Perft, "chinese checkers": cc.Perft, "conspirateurs": cs.Perft,
	} {
		perft(3)
		if a := testing.AllocsPerRun(3, func() { perft(3) }); a != 0 {
			t.Errorf("%s: %.0f allocations per Perft(3)", name, a)
		}
	}
}
