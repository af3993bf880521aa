package core

import (
	"github.com/ruleplay/ruleplay/ir"
)

// QuantOp gives a quantifier's value from n, the pieces satisfying its
// condition, and all, the pieces it ranges over.
func QuantOp(op ir.Op, n, all int) int {
	switch op {
	case ir.OpEvery:
		return B2i(n == all)
	case ir.OpSome:
		return B2i(n > 0)
	}
	return n
}
