package interp

import (
	"github.com/ruleplay/ruleplay/interp/internal/accel"
	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
)

// compileStack lowers rule r to genStack when it can (r.gen stays
// genGeneric otherwise).
func compileStack(p *core.Program, r *core.Rule) {
	m := &p.Desc.Moves[r.Idx]
	decline := func(why string) { p.DeclineFor(core.ScopeRule, r.Idx, core.AccelStackTable, why) }
	switch {
	case p.Off(core.AccelStackTable) != "":
		decline(p.Off(core.AccelStackTable))
		return
	case r.Action != ir.Leap:
		return
	case m.Capture != ir.CaptureNone:
		decline("it captures")
		return
	case m.Chain != ir.ChainNone:
		decline("it chains")
		return
	}
	for _, ds := range r.Dirs {
		if len(ds) > 32 {
			decline("a player has more than 32 directions")
			return
		}
	}
	st := &accel.StackRule{}
	var okF, okO, okN bool
	st.From, okF = accel.StackCondOf(p, m.From, r.From, false)
	st.Over, okO = accel.StackCondOf(p, m.Over, r.Over, false)
	st.Onto, okN = accel.StackCondOf(p, m.Onto, r.Onto, !p.Stacking)
	if !okF || !okO || !okN {
		decline("a condition reads more than the cell, its piece, heights, levels and the moving piece, or its tables would be too big")
		return
	}
	if m.From == nil {
		st.From = nil
	}
	if m.Over == nil {
		st.Over = nil
	}
	if !p.Stacking {
		st.ZeroH = make([]int32, p.NumCells+1)
	}
	r.SrcOK = make([]bool, p.Players*p.Ncodes)
	st.PathOf = make([]int32, p.Players*p.Ncodes)
	for mv := 0; mv < p.Players; mv++ {
		for code := 0; code < p.Ncodes; code++ {
			i := mv*p.Ncodes + code
			r.SrcOK[i] = code > 0 && p.Selects(r, mv, code) && r.LenCode[code] > 0
			st.PathOf[i] = -1
			if r.SrcOK[i] {
				st.PathOf[i] = accel.AddPaths(st, accel.StackPathsOf(p, r.Dirs[mv], int(r.LenCode[code])))
			}
		}
	}
	st.Plain = st.Onto.Plain && (st.Over == nil || st.Over.Plain)
	accel.SetPieces(st, p.Players, p.Ncodes)
	accel.Tables(r).Stack = st
	r.Gen = core.GenStack
}
