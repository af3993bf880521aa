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
		x, i = SelectSource(td, nd, n, i)
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
	return p.FirstTierCount(func(ri int) bool { return ScratchOf(s).NextOK[ri] }, func(r *core.Rule) int {
		if r.Action == ir.Remove {
			src, _, _ := RuleWords(r, w[:], np, next, 0)
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

// SelectSource returns the source (bit) of move i of n leaps whose
// sources per direction are td[:nd], in the order source then direction,
// and the index of the move among that source's leaps.
func SelectSource(td *[32]uint64, nd, n, i int) (int, int) {
	if nd <= 16 && n <= 127 {
		return selectSourceSWAR(td, nd, i)
	}
	// below(x): the moves from the sources on bits below x.
	below := func(x int) int {
		m := ^uint64(0)
		if x < 64 {
			m = uint64(1)<<uint(x) - 1
		}
		c := 0
		for k := 0; k < nd; k++ {
			c += bits.OnesCount64(td[k&31] & m)
		}
		return c
	}
	x := 0
	if nd <= 31 && n <= 255 {
		// The moves per byte of sources (at most 8*31), summed over the
		// directions, then running sums over the bytes (at most n): the
		// byte of the source is the first whose running sum passes i.
		const m1, m2, m4, h01 = 0x5555555555555555, 0x3333333333333333, 0x0f0f0f0f0f0f0f0f, 0x0101010101010101
		var bc uint64
		for k := 0; k < nd; k++ {
			t := td[k&31]
			t -= t >> 1 & m1
			t = t&m2 + t>>2&m2
			bc += (t + t>>4) & m4
		}
		run := bc * h01
		j := 0
		for j < 7 && int(run>>uint(8*j)&0xff) <= i {
			j++
		}
		if j > 0 {
			i -= int(run >> uint(8*(j-1)) & 0xff)
		}
		x = 8 * j
	} else {
		// The source: the largest x with below(x) <= i.
		for step := 32; step > 0; step >>= 1 {
			if below(x+step) <= i {
				x += step
			}
		}
		i -= below(x)
	}
	// The sources from bit x on, in order.
	var u uint64
	for k := 0; k < nd; k++ {
		u |= td[k&31]
	}
	for u &= ^uint64(0) << uint(x); u != 0; u &= u - 1 {
		b := bits.TrailingZeros64(u)
		c := 0
		for k := 0; k < nd; k++ {
			c += int(td[k&31] >> uint(b) & 1)
		}
		if i < c {
			return b, i
		}
		i -= c
	}
	panic("interp: selectSource: move out of range")
}

// selectSourceSWAR is selectSource for at most 127 moves in at most 16
// directions, without data-dependent branches: the moves per byte of
// sources, their running sums, and the byte of the source is the number
// of running sums not above i (the sums are bytes below 128, so that
// setting their top bit and subtracting i+1 from every byte at once
// borrows across no byte); then the same within that byte, its bits
// spread one to a byte.
func selectSourceSWAR(td *[32]uint64, nd, i int) (int, int) {
	const m1, m2, m4 = 0x5555555555555555, 0x3333333333333333, 0x0f0f0f0f0f0f0f0f
	const l8 = 0x0101010101010101
	var bc uint64
	for k := range td[:nd] {
		t := td[k]
		t -= t >> 1 & m1
		t = t&m2 + t>>2&m2
		bc += (t + t>>4) & m4
	}
	j := bytesAtMost(bc*l8, i)
	i -= int((bc * l8) << 8 >> uint(8*j) & 0xff)
	// The moves per bit of byte j, spread to bytes.
	var pc uint64
	for k := range td[:nd] {
		y := (td[k] >> uint(8*j) & 0xff * l8) & 0x8040201008040201
		pc += (y + 0x7f7f7f7f7f7f7f7f) >> 7 & l8
	}
	b := bytesAtMost(pc*l8, i)
	i -= int((pc * l8) << 8 >> uint(8*b) & 0xff)
	return 8*j + b, i
}

// bytesAtMost returns how many of the seven low bytes of run (running
// sums, each below 128) are at most i (0 <= i < 127).
func bytesAtMost(run uint64, i int) int {
	const l8, h7 = 0x0101010101010101, 0x0080808080808080
	above := ((run | h7) - uint64(i+1)*l8) & h7
	return 7 - bits.OnesCount64(above)
}
