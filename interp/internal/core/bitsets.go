package core

import (
	"math/bits"
)

// ShiftBack returns x with bit c+sh moved to bit c (sh may be negative), for
// the bits c such that c+sh is in 0..63: it is a rotation, so the other
// bits hold garbage. Every use masks the result with cells whose shifted
// cell is on the board (the valid masks, or sources found with them).
func ShiftBack(x uint64, sh int) uint64 {
	return bits.RotateLeft64(x, -sh)
}
