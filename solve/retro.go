package solve

import (
	"sync"
	"sync/atomic"
)

// assemble turns the workers' records into the solve's arrays (after
// shardTable.seal): each position's info, number of moves and margin,
// and the reversed edges. A position found but never expanded (an
// enumeration stopped early) keeps no moves and stays undecided.
func (sol *Solution) assemble(recs []*records) {
	n := sol.tab.len()
	tab := sol.tab
	sol.info = make([]uint8, n)
	sol.deg = make([]uint32, n)
	if sol.scored {
		sol.margins = make([]int32, n)
	}
	// predStart[c] counts c's predecessors, then (summed) ends them;
	// the second pass fills each range from its end, leaving
	// predStart[c] at its start
	predStart := make([]uint64, n+1)
	hdr := sol.header()
	for _, r := range recs {
		r.each(hdr, false, func(node, info uint32, margin int32, succ []uint32) {
			g := tab.dense(node)
			sol.info[g] = uint8(info)
			sol.deg[g] = uint32(len(succ))
			if sol.scored {
				sol.margins[g] = margin
			}
			for _, c := range succ {
				if c != noEdge {
					predStart[tab.dense(c)]++
				}
			}
		})
	}
	for i := 1; i < n; i++ {
		predStart[i] += predStart[i-1]
	}
	if n > 0 {
		predStart[n] = predStart[n-1]
	}
	preds := make([]uint32, predStart[n])
	for _, r := range recs {
		r.each(hdr, true, func(node, _ uint32, _ int32, succ []uint32) {
			g := tab.dense(node)
			for _, c := range succ {
				if c != noEdge {
					d := tab.dense(c)
					predStart[d]--
					preds[predStart[d]] = g
				}
			}
		})
	}
	sol.preds, sol.predStart = preds, predStart
}

// count words of the retrograde analysis: a position's moves not yet
// known to be bad for its player to move, whether the root player is to
// move, whether the position is decided
const (
	decided   uint32 = 1 << 31
	teamFlag  uint32 = 1 << 30
	countMask        = teamFlag - 1
)

// parallelLevel: a level of the retrograde analysis with fewer positions
// is taken on one thread (Options.parallelLevel for the tests); the
// threads take up to maxGrain positions at a time.
const (
	parallelLevel = 4096
	maxGrain      = 512
)

// retrograde computes the value and depth of every position from the
// values of the finished ones (leaf gives each finished position's
// value; Unknown for the others). It goes level by level: the positions
// decided at distance d from the end, in any order (on several threads),
// decide those at distance d+1. A position is decided once: by its first
// good successor (an atomic or on its count word), or by its last bad one
// (an atomic decrement to zero); it cannot have both, since a good
// successor is never counted out. Values and depths are therefore the
// same on any number of threads.
func (sol *Solution) retrograde(leaf func(uint32) Value) {
	n := uint32(sol.tab.len())
	if sol.depth == nil {
		sol.depth = make([]int32, n)
		sol.count = make([]uint32, n)
		sol.queue = make([]uint32, 0, n)
	}
	queue := sol.queue[:0]
	for i := uint32(0); i < n; i++ {
		sol.depth[i] = 0
		in := sol.info[i] &^ valueBits
		c := sol.deg[i]
		if in&teamBit != 0 {
			c |= teamFlag
		}
		if in&terminal != 0 {
			v := leaf(i)
			in |= uint8(v)
			c |= decided
			if v == Win || v == Loss {
				queue = append(queue, i)
			}
		}
		sol.info[i] = in
		sol.count[i] = c
	}
	for lo := 0; lo < len(queue); {
		hi := len(queue)
		queue = sol.level(queue, lo, hi)
		lo = hi
	}
	sol.queue = queue[:0]
}

// level decides from the positions queue[lo:hi] (one level) the ones
// they decide, appended to the queue.
func (sol *Solution) level(queue []uint32, lo, hi int) []uint32 {
	if sol.threads == 1 || hi-lo < sol.parallelLevel {
		for _, c := range queue[lo:hi] {
			queue = sol.relax(c, queue)
		}
		return queue
	}
	grain := min(maxGrain, max(1, (hi-lo)/(8*sol.threads)))
	var next atomic.Int64
	next.Store(int64(lo))
	outs := make([][]uint32, sol.threads)
	var wg sync.WaitGroup
	for t := range outs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var out []uint32
			for {
				a := int(next.Add(int64(grain))) - grain
				if a >= hi {
					break
				}
				for _, c := range queue[a:min(a+grain, hi)] {
					out = sol.relax(c, out)
				}
			}
			outs[t] = out
		}()
	}
	wg.Wait()
	for _, out := range outs {
		queue = append(queue, out...)
	}
	return queue
}

// relax passes decided position c's value to its predecessors and
// appends those it decides to out.
func (sol *Solution) relax(c uint32, out []uint32) []uint32 {
	v := Value(sol.info[c] & valueBits)
	d := sol.depth[c] + 1
	for _, q := range sol.preds[sol.predStart[c]:sol.predStart[c+1]] {
		w := &sol.count[q]
		x := atomic.LoadUint32(w)
		if x&decided != 0 {
			continue
		}
		if good := (x&teamFlag != 0) == (v == Win); good {
			if atomic.OrUint32(w, decided)&decided != 0 {
				continue
			}
		} else if atomic.AddUint32(w, ^uint32(0))&(decided|countMask) != 0 {
			continue // decided meanwhile, or other moves left
		} else {
			atomic.OrUint32(w, decided)
		}
		sol.info[q] |= uint8(v)
		sol.depth[q] = d
		out = append(out, q)
	}
	return out
}
