package interp

import (
	"math/bits"

	"github.com/ruleplay/ruleplay/ir"
)

// Leaps in stacking games and leaps whose length is a kind property
// (genStack).
//
// A leap rule without chain and without capture whose cell conditions
// depend only on the cell, the top piece on it, its height, the moving
// piece (its kind properties) and the moving piece's level is table
// driven: per mover, each condition is tabulated over the dimensions it
// uses among (moving piece code, level, height, top code, cell), the
// others collapsed. The generator walks the owner's top pieces (bitsets),
// looks the From condition up at the start cell, and per direction the
// Over condition on the cells passed over and Onto on the landing cell,
// reading the heights; nothing is changed while generating. It gives the
// generic walker's moves in the same order: start cell, then direction.

// stackTab is a tabulated cell condition: tab[mv*sMv + mcode*sM +
// level*sL + height*sH + cell*sX + code], a stride being 0 for a
// dimension the condition does not use. code ncodes is the wall of the
// sentinel cell nc, where nothing holds.
type stackTab struct {
	tab                 []uint8
	sMv, sM, sL, sH, sX int
}

func (t *stackTab) at(mv, mcode, level, h, cell, code int) bool {
	return t.tab[mv*t.sMv+mcode*t.sM+level*t.sL+h*t.sH+cell*t.sX+code] != 0
}

// stackDeps tells whether e is a condition genStack can tabulate, and what
// it depends on.
type stackDeps struct {
	ok, cell, height, level, mcode bool
}

func (p *Program) stackDeps(e *ir.Expr) stackDeps {
	d := depsOf(e)
	if d&^(localDeps|depHeight|depLevel|depMover) != 0 {
		return stackDeps{}
	}
	return stackDeps{ok: true, cell: d&depCell != 0, height: d&depHeight != 0, level: d&depLevel != 0, mcode: d&depMover != 0}
}

// compileStack lowers rule r to genStack when it can (r.gen stays
// genGeneric otherwise).
func (p *Program) compileStack(r *rule) {
	m := &p.g.Moves[r.idx]
	if r.action != ir.Leap || m.Capture != ir.CaptureNone || m.Chain != ir.ChainNone {
		return
	}
	for _, ds := range r.dirs {
		if len(ds) > 32 {
			return
		}
	}
	dOver, dOnto, dFrom := p.stackDeps(m.Over), p.stackDeps(m.Onto), p.stackDeps(m.From)
	if !dOver.ok || !dOnto.ok || !dFrom.ok {
		return
	}
	over, okO := p.stackTable(r.over, dOver, false)
	onto, okN := p.stackTable(r.onto, dOnto, !p.stacking)
	from, okF := p.stackTable(r.from, dFrom, false)
	if !okO || !okN || !okF {
		return
	}
	r.stOver, r.stOnto, r.stFrom = over, onto, from
	r.srcOK = make([]bool, p.np*p.ncodes)
	for mv := 0; mv < p.np; mv++ {
		for code := 1; code < p.ncodes; code++ {
			r.srcOK[mv*p.ncodes+code] = p.selects(r, mv, code) && r.lenCode[code] > 0
		}
	}
	r.gen = genStack
}

// stackTable tabulates a cell condition over the dimensions it depends on;
// emptyOnly also requires an empty cell (landings without stacks or
// capture). ok is false when the table would be too large.
func (p *Program) stackTable(f evalFn, d stackDeps, emptyOnly bool) (*stackTab, bool) {
	codes := p.ncodes + 1
	nh, nl := 2, 1 // heights 0..1, level 0 without stacks
	if p.stacking {
		nh, nl = p.scap+1, p.scap
	}
	t := &stackTab{}
	size := codes
	if d.cell {
		t.sX, size = size, size*(p.nc+1)
	}
	if d.height {
		t.sH, size = size, size*nh
	}
	if d.level {
		t.sL, size = size, size*nl
	}
	if d.mcode {
		t.sM, size = size, size*p.ncodes
	}
	t.sMv, size = size, size*p.np
	if size > maxTable {
		return nil, false
	}
	t.tab = make([]uint8, size)
	s := p.newEmptyState()
	c := &ectx{p: p, s: s}
	dims := func(on bool, n int) int {
		if on {
			return n
		}
		return 1
	}
	ncell, nhd, nld, nmd := dims(d.cell, p.nc), dims(d.height, nh), dims(d.level, nl), dims(d.mcode, p.ncodes)
	for mv := 0; mv < p.np; mv++ {
		c.own, c.opp = mv, (mv+1)%p.np
		for mc := 0; mc < nmd; mc++ {
			for lv := 0; lv < nld; lv++ {
				for h := 0; h < nhd; h++ {
					for cell := 0; cell < ncell; cell++ {
						for code := 0; code < p.ncodes; code++ {
							if emptyOnly && code != 0 {
								continue
							}
							if d.height && p.stacking {
								s.hgt[cell] = int32(h)
							}
							if d.height && !p.stacking && (h == 0) != (code == 0) {
								continue // without stacks the height is the occupancy
							}
							ok := true
							if f != nil {
								c.cell, c.code, c.mcode, c.level = cell, code, mc, lv
								ok = f(c) != 0
							}
							if ok {
								t.tab[mv*t.sMv+mc*t.sM+lv*t.sL+h*t.sH+cell*t.sX+code] = 1
							}
						}
					}
				}
			}
		}
	}
	return t, true
}

// fastStack generates the moves of a genStack rule.
func (g *gen) fastStack() {
	p, s, r := g.p, g.s, g.r
	pl := g.mover
	nd, nc := p.nd, p.nc
	cells := s.cellsW
	hgt := s.hgt
	if hgt == nil {
		hgt = s.occH()
	}
	dirs := r.dirs[pl]
	srcOK := r.srcOK[pl*p.ncodes : (pl+1)*p.ncodes]
	over, onto, from := r.stOver, r.stOnto, r.stFrom
	oT, nT := over.tab, onto.tab
	for w := 0; w < s.nw; w++ {
		for word := g.srcWord(w); word != 0; word &= word - 1 {
			c := int(p.cellOf[w<<6|bits.TrailingZeros64(word)])
			code := int(cells[c])
			if !srcOK[code] {
				continue
			}
			hc := int(hgt[c])
			level := 0
			if p.stacking {
				level = hc - 1
			}
			if !from.at(pl, code, level, hc, c, code) {
				continue
			}
			// The dimensions fixed for this piece.
			ob := pl*over.sMv + code*over.sM + level*over.sL
			nb := pl*onto.sMv + code*onto.sM + level*onto.sL
			L := int(r.lenCode[code])
			leap := r.leapCode[code]
			for _, d := range dirs {
				base := (c*nd + int(d)) * L
				land := int(leap[base+L-1])
				if land == nc {
					continue // off the board
				}
				if nT[nb+int(hgt[land])*onto.sH+land*onto.sX+int(cells[land])] == 0 {
					continue
				}
				ok := true
				for j := 0; j < L-1; j++ {
					x := int(leap[base+j])
					if oT[ob+int(hgt[x])*over.sH+x*over.sX+int(cells[x])] == 0 {
						ok = false
						break
					}
				}
				if !ok {
					continue
				}
				e := uint32(land) | uint32(d)<<16
				if ml := g.ml; ml != nil {
					ml.moves = append(ml.moves, mv{off: int32(len(ml.arena)), n: 2, rule: int32(r.idx)})
					ml.arena = append(ml.arena, uint32(c), e)
					continue
				}
				s.path = append(s.path[:0], uint32(c), e)
				g.emit()
				if g.found {
					return
				}
			}
		}
	}
}
