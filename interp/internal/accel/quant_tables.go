package accel

// quantifier-tables: piece quantifiers (every, some, count) outside cell
// conditions, where
// the State's derived indexes are up to date, are answered without
// visiting the pieces when what their condition reads allows it:
//
//   - a condition that reads the piece alone (its owner and kind, not
//     the cell) is a table by piece code: the answer is a sum of the
//     population counts of the State's per-code occupancy sets
//     (State.occC), a few words;
//   - a condition that reads the cell and the owner (not the kind) is a
//     set of cells per (player the quantifier is evaluated for, owner):
//     the answer is population counts of the owner's occupancy set
//     intersected with it, a few words; every and some need no count:
//     every holds when no word has a piece outside the set, some when a
//     word has one inside, and the first word that settles it ends the
//     test (a race's goal, every piece in the goal, after each move).
//
// Otherwise the core visits the selected pieces on the occupancy sets
// with the condition looked up in a table (core: quantify). The core
// asks this unit through Program.Quantifiers, which the planner sets.

import (
	"math/bits"

	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
)

// selCodes returns per player pl the piece codes that who selects
// relative to pl.
func selCodes(p *core.Program, who ir.Who) [][]uint16 {
	out := make([][]uint16, p.Players)
	for pl := range out {
		for code := 1; code < p.Ncodes; code++ {
			if core.WhoMatch(who, pl, p.CodeOwner[code]) {
				out[pl] = append(out[pl], uint16(code))
			}
		}
	}
	return out
}

// SelSlots returns per player pl the occupancy slots that who selects
// relative to pl.
func SelSlots(p *core.Program, who ir.Who) [][]int32 {
	out := make([][]int32, p.Players)
	for pl := range out {
		for sl := 0; sl <= p.Players; sl++ {
			var owner int8 = ir.Neutral
			if sl < p.Players {
				owner = int8(sl)
			}
			if core.WhoMatch(who, pl, owner) {
				out[pl] = append(out[pl], int32(sl))
			}
		}
	}
	return out
}

// quantByCode compiles a quantifier whose condition (nil: none) reads the
// piece alone; tab is the condition per (own, code) with stride 0 and
// this size (nil when there is no condition).
func quantByCode(p *core.Program, who ir.Who, op ir.Op, sd ir.Side, tab []uint8, size int) core.EvalFn {
	if tab == nil {
		return quantBySlots(p, who, op, sd)
	}
	codes := selCodes(p, who)
	nw := p.NumWords
	p.KeepOccC = true // (the State keeps the sets per code: compilePut)
	return func(c *core.Ectx) int {
		occC := c.S.OccC
		n, all := 0, 0
		var t []uint8
		if tab != nil {
			t = tab[c.Own*size : (c.Own+1)*size]
		}
		for _, code := range codes[c.Side(sd)] {
			k := 0
			for _, x := range occC[int(code)*nw : int(code)*nw+nw] {
				k += bits.OnesCount64(x)
			}
			all += k
			if t != nil {
				n += k * int(t[code])
			}
		}
		if t == nil {
			n = all
		}
		return core.QuantOp(op, n, all)
	}
}

// quantBySlots compiles a quantifier without condition: it counts the
// pieces of the owners selected, on the per-owner occupancy sets.
func quantBySlots(p *core.Program, who ir.Who, op ir.Op, sd ir.Side) core.EvalFn {
	slots := SelSlots(p, who)
	nw := p.NumWords
	if one := oneSlotEach(slots); nw == 1 && one != nil && (sd == ir.SideOwn || sd == ir.SideOpponent) {
		// One word, one owner: a population count (the side known here).
		if sd == ir.SideOwn {
			return func(c *core.Ectx) int {
				n := bits.OnesCount64(c.S.Occ[one[c.Own]])
				return core.QuantOp(op, n, n)
			}
		}
		return func(c *core.Ectx) int {
			n := bits.OnesCount64(c.S.Occ[one[c.Opp]])
			return core.QuantOp(op, n, n)
		}
	}
	return func(c *core.Ectx) int {
		occ := c.S.Occ
		n := 0
		for _, sl := range slots[c.Side(sd)] {
			for _, x := range occ[int(sl)*nw : int(sl)*nw+nw] {
				n += bits.OnesCount64(x)
			}
		}
		return core.QuantOp(op, n, n)
	}
}

// oneSlotEach returns, when every player's list holds exactly one slot,
// that slot per player (nil otherwise).
func oneSlotEach(slots [][]int32) []int32 {
	one := make([]int32, len(slots))
	for pl, l := range slots {
		if len(l) != 1 {
			return nil
		}
		one[pl] = l[0]
	}
	return one
}

// ownerMasks turns a condition tabulated per (own, cell, code) into sets
// of cells per (own, slot): the cells where it holds for a piece of that
// slot. It fails when two codes of one slot differ somewhere (the
// condition reads the kind).
func ownerMasks(p *core.Program, tab []uint8, stride, size int) ([][]uint64, bool) {
	nw := p.NumWords
	out := make([][]uint64, p.Players)
	for own := range out {
		m := make([]uint64, (p.Players+1)*nw)
		t := tab[own*size : (own+1)*size]
		for cell := 0; cell < p.NumCells; cell++ {
			seen := make([]int8, p.Players+1) // 0 unseen, 1 false, 2 true
			for code := 1; code < p.Ncodes; code++ {
				sl := p.CodeSlot[code]
				v := int8(1 + t[cell*stride+code])
				if seen[sl] != 0 && seen[sl] != v {
					return nil, false
				}
				seen[sl] = v
				if v == 2 {
					b := p.BitOf[cell]
					m[int(sl)*nw+int(b>>6)] |= 1 << (uint(b) & 63)
				}
			}
		}
		out[own] = m
	}
	return out, true
}

// quantByMask compiles a quantifier whose condition reads the cell and
// the owner of the piece, with the sets of ownerMasks.
func quantByMask(p *core.Program, who ir.Who, op ir.Op, sd ir.Side, masks [][]uint64) core.EvalFn {
	slots := SelSlots(p, who)
	nw := p.NumWords
	if nw == 1 && op == ir.OpSome {
		return func(c *core.Ectx) int {
			occ, m := c.S.Occ, masks[c.Own]
			for _, sl := range slots[c.Side(sd)] {
				if occ[sl]&m[sl] != 0 {
					return 1
				}
			}
			return 0
		}
	}
	switch op {
	case ir.OpEvery: // (no piece outside the mask: no count)
		return func(c *core.Ectx) int {
			occ, m := c.S.Occ, masks[c.Own]
			for _, sl := range slots[c.Side(sd)] {
				for w := int(sl) * nw; w < int(sl+1)*nw; w++ {
					if occ[w]&^m[w] != 0 {
						return 0
					}
				}
			}
			return 1
		}
	case ir.OpSome: // (a piece in the mask: no count)
		return func(c *core.Ectx) int {
			occ, m := c.S.Occ, masks[c.Own]
			for _, sl := range slots[c.Side(sd)] {
				for w := int(sl) * nw; w < int(sl+1)*nw; w++ {
					if occ[w]&m[w] != 0 {
						return 1
					}
				}
			}
			return 0
		}
	}
	return func(c *core.Ectx) int {
		occ := c.S.Occ
		m := masks[c.Own]
		n, all := 0, 0
		for _, sl := range slots[c.Side(sd)] {
			base := int(sl) * nw
			for w := 0; w < nw; w++ {
				word := occ[base+w]
				all += bits.OnesCount64(word)
				n += bits.OnesCount64(word & m[base+w])
			}
		}
		return core.QuantOp(op, n, all)
	}
}

// QuantifierTables compiles a piece quantifier outside cell conditions by
// quantByCode or quantByMask when its condition (cond, compiled to arg;
// both nil for none) allows; it returns nil otherwise.
func QuantifierTables(p *core.Program, who ir.Who, op ir.Op, sd ir.Side, cond *ir.Expr, arg core.EvalFn) core.EvalFn {
	if cond == nil {
		return quantByCode(p, who, op, sd, nil, 0)
	}
	local, cellDep := p.IsLocal(cond)
	if !local {
		return nil
	}
	if !cellDep {
		size := p.Ncodes + 1
		return quantByCode(p, who, op, sd, p.CondTable(arg, 0, size), size)
	}
	stride := p.Ncodes + 1
	size := (p.NumCells + 1) * stride
	if p.Players*size > core.MaxTable {
		return nil
	}
	masks, ok := ownerMasks(p, p.CondTable(arg, stride, size), stride, size)
	if !ok {
		return nil
	}
	return quantByMask(p, who, op, sd, masks)
}
