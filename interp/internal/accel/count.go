package accel

import (
	"math/bits"

	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
)

// selectLeap returns the source (bit) and the direction (index in td) of
// leap i of n whose sources per direction are td[:nd], in the order
// source then direction. A few leaps are found by walking the sources in
// order, more by selectSource's counts per byte.
func selectLeap(td *[32]uint64, nd, n, i int) (x, k int) {
	if n > core.WalkLeaps {
		x, i = core.SelectSource(td, nd, n, i)
		return x, bulkDir(td, nd, x, i)
	}
	var u uint64
	for _, t := range td[:nd] {
		u |= t
	}
	for ; u != 0; u &= u - 1 {
		x = bits.TrailingZeros64(u)
		for k = range td[:nd] {
			if td[k]>>uint(x)&1 != 0 {
				if i == 0 {
					return x, k
				}
				i--
			}
		}
	}
	panic("interp: selectLeap: move out of range")
}

// countWords returns the number of moves of the next player with the
// occupancy words w after a move of the player to move in s (words-perft,
// after nextGuards).
func countWords(p *core.Program, s *core.State, w *[core.MaxSlots]uint64) int {
	np := p.Players
	next := p.After(s.Mover)
	g := &s.Ax().Nested
	g.Bind(p, s, g.List)
	g.Mover = next
	return p.FirstTierCount(func(ri int) bool { return s.NextOK[ri] }, func(r *core.Rule) int {
		if r.Action == ir.Remove {
			src, _, _ := r.RuleWords(w[:], np, next, 0)
			return bits.OnesCount64(src)
		}
		g.R = r
		g.W = *w
		if shiftWords(g, false) == 0 {
			return 0
		}
		if r.Chain == ir.ChainNone {
			return g.Firsts
		}
		g.OverEmpty = r.OverSlots[next] >> uint(np+1) & 1
		g.OntoEmpty = r.OntoSlots[next] >> uint(np+1) & 1
		return wordFirstChains(g)
	})
}
