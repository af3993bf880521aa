package interp

import (
	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
)

// fillPromoSlots sets r.promotionEndsChain (some promotion applies to a piece the
// rule moves) and r.srcSlots (per mover, the occupancy slots whose pieces
// the rule selects by owner).
func fillPromoSlots(p *core.Program, r *core.Rule) {
	for code := 1; code < p.Ncodes; code++ {
		if r.KindOK == nil || r.KindOK[p.CodeKind[code]] {
			for _, pr := range p.Promos[code] {
				r.PromotionEndsChain = r.PromotionEndsChain || !pr.AtEnd && !pr.Continue
			}
		}
	}
	r.SrcSlots = make([]uint64, p.Players)
	for mv := 0; mv < p.Players; mv++ {
		for sl := 0; sl <= p.Players; sl++ {
			owner := int8(sl)
			if sl == p.Players {
				owner = ir.Neutral
			}
			if core.WhoMatch(r.Who, mv, owner) {
				r.SrcSlots[mv] |= 1 << uint(sl)
			}
		}
	}
}

// ontoEmptyOnly clears r.ontoTab on every piece code: the rule lands on
// empty cells only.
func ontoEmptyOnly(p *core.Program, r *core.Rule) {
	for mv := 0; mv < p.Players; mv++ {
		for cell := 0; cell <= p.NumCells; cell++ {
			for code := 1; code < p.Ncodes; code++ {
				r.OntoTab[mv*r.TabSize+cell*r.Stride+code] = 0
			}
			if r.Stride == 0 {
				break
			}
		}
	}
}

// fillOntoEmpty sets r.ontoEmpty: per mover, whether r.ontoTab holds
// exactly on the empty cells of the board.
func fillOntoEmpty(p *core.Program, r *core.Rule) {
	r.OntoEmpty = make([]bool, p.Players)
	for mv := 0; mv < p.Players; mv++ {
		ok := true
		for cell := 0; cell < p.NumCells && ok; cell++ {
			for code := 0; code < p.Ncodes; code++ {
				if (r.OntoTab[mv*r.TabSize+cell*r.Stride+code] != 0) != (code == 0) {
					ok = false
					break
				}
			}
			if r.Stride == 0 {
				break
			}
		}
		r.OntoEmpty[mv] = ok
	}
}

// condSlots turns a condition table of rule r that does not depend on the
// cell into per mover the occupancy slots it holds on (bit i for slot i,
// bit np+1 for an empty cell); ok is false when two codes of one slot
// differ.
func condSlots(p *core.Program, r *core.Rule, tab []uint8) (slots []uint64, ok bool) {
	out := make([]uint64, p.Players)
	for mv := 0; mv < p.Players; mv++ {
		t := tab[mv*r.TabSize:]
		var m uint64
		if t[0] != 0 {
			m |= 1 << uint(p.Players+1)
		}
		seen := make([]int, p.Players+1)
		for code := 1; code < p.Ncodes; code++ {
			sl := p.CodeSlot[code]
			v := int(t[code]) + 1
			if seen[sl] != 0 && seen[sl] != v {
				return nil, false // two kinds of one owner differ
			}
			seen[sl] = v
			if t[code] != 0 {
				m |= 1 << uint(sl)
			}
		}
		out[mv] = m
	}
	return out, true
}

// fillLands tabulates, per mover and bit, the landing cells of shift rule
// r's leaps from that bit: r.lands on one word, r.landsW on several.
func fillLands(p *core.Program, r *core.Rule) {
	if p.NumWords == 1 {
		r.Lands = make([][]uint64, p.Players)
		for mv := 0; mv < p.Players; mv++ {
			r.Lands[mv] = make([]uint64, 64)
			for c := 0; c < p.NumCells; c++ {
				b := int(p.BitOf[c])
				for _, d := range r.Dirs[mv] {
					if r.ValidL[d]>>uint(b)&1 != 0 {
						r.Lands[mv][b] |= 1 << uint(b+r.Length*p.DirShift[d])
					}
				}
			}
		}
		return
	}
	if p.NumWords > 1 {
		r.LandsW = make([][]uint64, p.Players)
		for mv := 0; mv < p.Players; mv++ {
			r.LandsW[mv] = make([]uint64, p.NumWords*64*p.NumWords)
			for c := 0; c < p.NumCells; c++ {
				b := int(p.BitOf[c])
				for _, d := range r.Dirs[mv] {
					if r.ValidL[int(d)*p.NumWords+b>>6]>>uint(b&63)&1 != 0 {
						l := b + r.Length*p.DirShift[d]
						r.LandsW[mv][b*p.NumWords+l>>6] |= 1 << uint(l&63)
					}
				}
			}
		}
	}
}

// fillAlwaysTakes sets r.alwaysTakes: for every mover, each leap of shift
// rule r takes a piece (it captures the jumped piece and Over excludes
// empty cells, or captures by landing and Onto excludes empty cells).
func fillAlwaysTakes(p *core.Program, r *core.Rule) {
	r.AlwaysTakes = true
	for mv := 0; mv < p.Players; mv++ {
		empty := uint64(1) << uint(p.Players+1)
		switch {
		case r.Capture == ir.CaptureJumped && r.Length == 2 && r.OverSlots[mv]&empty == 0:
		case r.Capture == ir.CaptureLanding && r.OntoSlots[mv]&empty == 0:
		default:
			r.AlwaysTakes = false
		}
	}
}

// tierNeedsDedup tells whether two rules of a tier could yield the same
// move text: two removals, two drops, two leaps sharing a displacement vector for
// some player (with every leap length a rule can give), or a group move
// of one stone (HEAD-DEST) whose displacement another leap or group rule
// of the tier can also give.
func tierNeedsDedup(p *core.Program, rs []int) bool {
	dirs := p.Desc.Board.Dirs
	for a := 0; a < len(rs); a++ {
		for b := a + 1; b < len(rs); b++ {
			ra, rb := &p.Rules[rs[a]], &p.Rules[rs[b]]
			if (ra.Action == ir.Remove) != (rb.Action == ir.Remove) || (ra.Action == ir.Drop) != (rb.Action == ir.Drop) {
				continue
			}
			if ra.Action == ir.Remove || ra.Action == ir.Drop {
				return true
			}
			if ra.Action == ir.Group && rb.Action == ir.Group {
				return true
			}
			if rb.Action == ir.Group {
				ra, rb = rb, ra
			}
			if (ra.NamedByEnds && ra.Chain != ir.ChainNone || rb.NamedByEnds && rb.Chain != ir.ChainNone) && !srcDisjoint(p, ra, rb) {
				return true // a chain named by its ends may end anywhere
			}
			for pl := 0; pl < p.Players; pl++ {
				for _, da := range ra.Dirs[pl] {
					va := dirs[da]
					for _, db := range rb.Dirs[pl] {
						vb := dirs[db]
						for _, lb := range rb.Lengths {
							bx, by := vb.DX*lb, vb.DY*lb
							if ra.Action == ir.Group {
								if positiveMultiple(bx, by, va.DX, va.DY) {
									return true
								}
								continue
							}
							for _, la := range ra.Lengths {
								if va.DX*la == bx && va.DY*la == by && !srcDisjoint(p, ra, rb) && !ontoDisjoint(p, ra, rb) {
									return true
								}
							}
						}
					}
				}
			}
		}
	}
	return false
}

// srcDisjoint tells whether no piece can be moved by both rules (their
// moves never start from the same piece).
func srcDisjoint(p *core.Program, ra, rb *core.Rule) bool {
	for mv := 0; mv < p.Players; mv++ {
		for code := 1; code < p.Ncodes; code++ {
			if p.Selects(ra, mv, code) && p.Selects(rb, mv, code) {
				return false
			}
		}
	}
	return true
}

// ontoDisjoint tells whether no cell can be landed on by both leap rules
// in one position (their Onto conditions are local and never both hold),
// so that their moves never share a text.
func ontoDisjoint(p *core.Program, ra, rb *core.Rule) bool {
	ma, mb := &p.Desc.Moves[ra.Idx], &p.Desc.Moves[rb.Idx]
	la, da := p.IsLocal(ma.Onto)
	lb, db := p.IsLocal(mb.Onto)
	if !la || !lb || ma.Onto == nil || mb.Onto == nil || p.Stacking {
		return false
	}
	stride, size := 0, p.Ncodes+1
	if da || db {
		stride, size = p.Ncodes+1, (p.NumCells+1)*(p.Ncodes+1)
	}
	if p.Players*size > core.MaxTable {
		return false
	}
	ta, tb := p.CondTable(ra.Onto, stride, size), p.CondTable(rb.Onto, stride, size)
	for mv := 0; mv < p.Players; mv++ {
		for cell := 0; cell < p.NumCells; cell++ {
			for code := 0; code < p.Ncodes; code++ {
				i := mv*size + cell*stride + code
				// Without capture by landing a leap lands on empty cells.
				a := ta[i] != 0 && (code == 0 || ra.Capture == ir.CaptureLanding)
				b := tb[i] != 0 && (code == 0 || rb.Capture == ir.CaptureLanding)
				if a && b {
					return false
				}
			}
			if stride == 0 {
				break
			}
		}
	}
	return true
}

// positiveMultiple tells whether (x, y) = s*(dx, dy) for some s >= 1.
func positiveMultiple(x, y, dx, dy int) bool {
	var s int
	switch {
	case dx != 0:
		if x%dx != 0 {
			return false
		}
		s = x / dx
	case dy != 0:
		if y%dy != 0 {
			return false
		}
		s = y / dy
	default:
		return false
	}
	return s >= 1 && x == s*dx && y == s*dy
}
