package interp

import (
	"github.com/ruleplay/ruleplay/interp/internal/accel"
	"github.com/ruleplay/ruleplay/interp/internal/core"
)

// compilePut decides which derived indexes State.put keeps: the
// occupancy sets per code only when something reads them (a quantifier
// counting pieces by code, a rule whose pieces are selected by code and
// not by owner alone), the pieces on target only when pieces have
// targets; and it records each cell's mailbox slot.
func compilePut(p *core.Program) {
	for i := range p.Rules {
		r := &p.Rules[i]
		for pl := range r.SrcAll {
			if r.SrcOK != nil && !r.SrcAll[pl] {
				p.KeepOccC = true
			}
		}
		for _, ss := range accel.Tables(r).Sets {
			if len(ss.Codes) > 0 {
				p.KeepOccC = true
			}
		}
		if r.Gen == core.GenGroupFast {
			p.KeepOccC = true // the group table's sets come from the sets per code
		}
	}
	if p.Mbox != nil {
		for c := range p.CellB {
			p.CellB[c].Slot = uint16(p.Mbox.Key[c] & core.MbMask)
		}
	}
}
