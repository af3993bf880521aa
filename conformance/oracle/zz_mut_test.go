package oracle

import ("testing";"os")

func TestScratchMutPerft(t *testing.T) {
	if os.Getenv("MUTPERFT") == "" { t.Skip() }
	for name, r := range map[string]variantRules{"crownStops": {crownStops: true}, "anyLanding": {anyLanding: true}, "both": {crownStops: true, anyLanding: true}, "removal": {otherRemoval: true}, "majority": {otherMajority: true}} {
		for d := 5; d <= 8; d++ {
			t.Logf("russian %s depth %d: %d", name, d, naiveFromRussian(NewRussian(), r).perft(d))
		}
	}
	for name, r := range map[string]variantRules{"crownStops": {crownStops: true}, "turnBack": {turnBack: true}, "removal": {otherRemoval: true}, "majority": {otherMajority: true}} {
		for d := 3; d <= 6; d++ {
			t.Logf("turkish %s depth %d: %d", name, d, naiveFromTurkish(NewTurkish(), r).perft(d))
		}
	}
}
