package core

import (
	"math/bits"

	"github.com/ruleplay/ruleplay/ir"
)

// Piece quantifiers (every, some, count) outside cell conditions, where
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
//     intersected with it, a few words.
//
// Otherwise the selected pieces are visited on the occupancy sets with
// the condition looked up in a table (quantify).

// quantOp gives a quantifier's value from n, the pieces satisfying its
// condition, and all, the pieces it ranges over.
func quantOp(op ir.Op, n, all int) int {
	switch op {
	case ir.OpEvery:
		return B2i(n == all)
	case ir.OpSome:
		return B2i(n > 0)
	}
	return n
}

// selCodes returns per player pl the piece codes that who selects
// relative to pl.
func (p *Program) selCodes(who ir.Who) [][]uint16 {
	out := make([][]uint16, p.Players)
	for pl := range out {
		for code := 1; code < p.Ncodes; code++ {
			if WhoMatch(who, pl, p.CodeOwner[code]) {
				out[pl] = append(out[pl], uint16(code))
			}
		}
	}
	return out
}

// SelSlots returns per player pl the occupancy slots that who selects
// relative to pl.
func (p *Program) SelSlots(who ir.Who) [][]int32 {
	out := make([][]int32, p.Players)
	for pl := range out {
		for sl := 0; sl <= p.Players; sl++ {
			var owner int8 = ir.Neutral
			if sl < p.Players {
				owner = int8(sl)
			}
			if WhoMatch(who, pl, owner) {
				out[pl] = append(out[pl], int32(sl))
			}
		}
	}
	return out
}

// quantByCode compiles a quantifier whose condition (nil: none) reads the
// piece alone; tab is the condition per (own, code) with stride 0 and
// this size (nil when there is no condition).
func (p *Program) quantByCode(who ir.Who, op ir.Op, sd ir.Side, tab []uint8, size int) EvalFn {
	if tab == nil {
		return p.quantBySlots(who, op, sd)
	}
	codes := p.selCodes(who)
	nw := p.NumWords
	p.KeepOccC = true // (the State keeps the sets per code: compilePut)
	return func(c *Ectx) int {
		occC := c.S.OccC
		n, all := 0, 0
		var t []uint8
		if tab != nil {
			t = tab[c.Own*size : (c.Own+1)*size]
		}
		for _, code := range codes[c.side(sd)] {
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
		return quantOp(op, n, all)
	}
}

// quantBySlots compiles a quantifier without condition: it counts the
// pieces of the owners selected, on the per-owner occupancy sets.
func (p *Program) quantBySlots(who ir.Who, op ir.Op, sd ir.Side) EvalFn {
	slots := p.SelSlots(who)
	nw := p.NumWords
	if one := oneSlotEach(slots); nw == 1 && one != nil && (sd == ir.SideOwn || sd == ir.SideOpponent) {
		// One word, one owner: a population count (the side known here).
		if sd == ir.SideOwn {
			return func(c *Ectx) int {
				n := bits.OnesCount64(c.S.Occ[one[c.Own]])
				return quantOp(op, n, n)
			}
		}
		return func(c *Ectx) int {
			n := bits.OnesCount64(c.S.Occ[one[c.Opp]])
			return quantOp(op, n, n)
		}
	}
	return func(c *Ectx) int {
		occ := c.S.Occ
		n := 0
		for _, sl := range slots[c.side(sd)] {
			for _, x := range occ[int(sl)*nw : int(sl)*nw+nw] {
				n += bits.OnesCount64(x)
			}
		}
		return quantOp(op, n, n)
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
func (p *Program) ownerMasks(tab []uint8, stride, size int) ([][]uint64, bool) {
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
func (p *Program) quantByMask(who ir.Who, op ir.Op, sd ir.Side, masks [][]uint64) EvalFn {
	slots := p.SelSlots(who)
	nw := p.NumWords
	if nw == 1 && op == ir.OpSome {
		return func(c *Ectx) int {
			occ, m := c.S.Occ, masks[c.Own]
			for _, sl := range slots[c.side(sd)] {
				if occ[sl]&m[sl] != 0 {
					return 1
				}
			}
			return 0
		}
	}
	return func(c *Ectx) int {
		occ := c.S.Occ
		m := masks[c.Own]
		n, all := 0, 0
		for _, sl := range slots[c.side(sd)] {
			base := int(sl) * nw
			for w := 0; w < nw; w++ {
				word := occ[base+w]
				all += bits.OnesCount64(word)
				n += bits.OnesCount64(word & m[base+w])
			}
		}
		return quantOp(op, n, all)
	}
}

// quantFast compiles a piece quantifier outside cell conditions by
// quantByCode or quantByMask when its condition (cond, compiled to arg;
// both nil for none) allows; it returns nil otherwise.
func (p *Program) quantFast(who ir.Who, op ir.Op, sd ir.Side, cond *ir.Expr, arg EvalFn) EvalFn {
	if cond == nil {
		return p.quantByCode(who, op, sd, nil, 0)
	}
	local, cellDep := p.IsLocal(cond)
	if !local {
		return nil
	}
	if !cellDep {
		size := p.Ncodes + 1
		return p.quantByCode(who, op, sd, p.CondTable(arg, 0, size), size)
	}
	stride := p.Ncodes + 1
	size := (p.NumCells + 1) * stride
	if p.Players*size > MaxTable {
		return nil
	}
	masks, ok := p.ownerMasks(p.CondTable(arg, stride, size), stride, size)
	if !ok {
		return nil
	}
	return p.quantByMask(who, op, sd, masks)
}
