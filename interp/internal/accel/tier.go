package accel

import (
	"github.com/ruleplay/ruleplay/interp/internal/core"
)

// FirstLeapGate asks on bitsets whether some rule of a tier of shift rules
// has a first leap (hasFirstLeap): a tier of captures usually has none.
type FirstLeapGate struct{}

func (*FirstLeapGate) Name() string { return "first leaps on bitsets" }
func (*FirstLeapGate) Open(p *core.Program, s *core.State, t *core.Tier) bool {
	return hasFirstLeap(p, s, t)
}

// KernelCounter counts a bulk tier's first leaps with the one-word kernel
// (bulk1.go).
type KernelCounter struct{}

func (*KernelCounter) Name() string { return "kernel" }

func (*KernelCounter) Count(p *core.Program, s *core.State, t *core.Tier, g *core.Gen, ml *core.MoveList) (n int, built bool) {
	n, _ = kernLeaps(p, s, t, false, false)
	s.SelBulk = false // (counted without keeping: kernLeaps's stash off)
	return n, false
}

// KernelKeeper is kernelCounter keeping the first leaps for selectMove.
type KernelKeeper struct{}

func (*KernelKeeper) Name() string { return "kernel" }

func (*KernelKeeper) Count(p *core.Program, s *core.State, t *core.Tier, g *core.Gen, ml *core.MoveList) (n int, built bool) {
	occ, oc, empty := kernWords(p, s)
	if len(t.Rules) <= core.MaxBulk {
		n = kernKeep(p, s, t, occ, oc, empty)
	} else {
		n, _ = kernLeaps(p, s, t, false, true)
	}
	s.SelBulk = keeps(t)
	return n, false
}

// KernelChainsCounter builds a tier of short jumps with chains from the
// first leaps the kernel found (kernChains).
type KernelChainsCounter struct{}

func (*KernelChainsCounter) Name() string { return "kernel-chains" }

func (*KernelChainsCounter) Count(p *core.Program, s *core.State, t *core.Tier, g *core.Gen, ml *core.MoveList) (int, bool) {
	occ, oc, empty := kernWords(p, s)
	n := kernChains(p, s, t, ml, occ, oc, empty)
	s.SelBulk = false
	return n, true
}

// BulkCounter counts a bulk tier's first leaps on bitsets (firstLeaps).
// In a game with the blockade filter, when no witness of the next
// player's moves avoids the cells they touch, filtered counts them one
// by one.
type BulkCounter struct {
	Filtered core.TierRunner // nil: the game has no blockade filter
}

func (*BulkCounter) Name() string { return "bulk" }

func (c *BulkCounter) Count(p *core.Program, s *core.State, t *core.Tier, g *core.Gen, ml *core.MoveList) (int, bool) {
	n, touched := firstLeaps(p, s, t, c.Filtered != nil, false)
	if n == 0 {
		return 0, false
	}
	if c.Filtered == nil || NextSurvives(p, s, touched) {
		s.SelBulk = false // (firstLeaps's stash off)
		return n, false
	}
	return c.Filtered.Count(p, s, t, g, ml)
}

// BulkKeeper is bulkCounter keeping the first leaps for selectMove (its
// own body rather than a shared call: a call per ply costs about 1% of
// a playout).
type BulkKeeper struct {
	Filtered core.TierRunner // nil: the game has no blockade filter
}

func (*BulkKeeper) Name() string { return "bulk" }

func (c *BulkKeeper) Count(p *core.Program, s *core.State, t *core.Tier, g *core.Gen, ml *core.MoveList) (int, bool) {
	n, touched := firstLeaps(p, s, t, c.Filtered != nil, true)
	if n == 0 {
		return 0, false
	}
	if c.Filtered == nil || NextSurvives(p, s, touched) {
		s.SelBulk = keeps(t)
		return n, false
	}
	return c.Filtered.Count(p, s, t, g, ml)
}

// WordChainsCounter builds a tier of leaps with chains on several words
// from the sources of the first leaps found on the words (wordsChains).
type WordChainsCounter struct{}

func (*WordChainsCounter) Name() string { return "multiword-chains" }

func (*WordChainsCounter) Count(p *core.Program, s *core.State, t *core.Tier, g *core.Gen, ml *core.MoveList) (int, bool) {
	s.SelBulk = false
	n := wordsChains(p, s, t, g, ml)
	return n, true
}

// TouchedByFirstLeaps returns the cells the moves of a bulk tier may
// change, found with its first leaps on bitsets.
func TouchedByFirstLeaps(p *core.Program, s *core.State, t *core.Tier, ml *core.MoveList) uint64 {
	_, touched := firstLeaps(p, s, t, true, false)
	return touched
}

// keeps tells whether firstLeaps and kernLeaps, asked to keep the moves
// of tier t for SelectBulk (stash), keep them: a tier of at most
// core.MaxBulk rules (Scratch.Kept >= 0 after them).
func keeps(t *core.Tier) bool {
	return len(t.Rules) <= core.MaxBulk
}
