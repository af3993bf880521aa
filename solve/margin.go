package solve

import "slices"

// bestMargin is the margin under best play of the position solved (a
// complete solve of a scored game): the largest margin m such that the
// root player can force the game to end with a margin of at least m, by
// retrograde analysis with the finished positions of margin >= m won,
// bisecting over the margins the finished positions have. nil when the
// root player cannot force the game to end at all.
func (sol *Solution) bestMargin() *int {
	var margins []int32
	for i, in := range sol.info {
		if in&terminal != 0 {
			margins = append(margins, sol.margins[i])
		}
	}
	slices.Sort(margins)
	margins = slices.Compact(margins)
	forced := func(m int32) bool {
		sol.retrograde(func(i uint32) Value {
			if sol.margins[i] >= m {
				return Win
			}
			return Loss
		})
		return Value(sol.info[sol.origin]&valueBits) == Win
	}
	if len(margins) == 0 || !forced(margins[0]) {
		return nil
	}
	lo, hi := 0, len(margins)-1 // forced(margins[lo]) holds
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if forced(margins[mid]) {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	m := int(margins[lo])
	return &m
}
