package interp

import (
	"github.com/ruleplay/ruleplay/interp/internal/accel"
	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
)

// longTableDecline tells why the long-leap table does not serve long
// rule r ("" when it does).
func longTableDecline(p *core.Program, r *core.Rule, m *ir.MoveRule) string {
	switch {
	case p.Off(core.AccelLongTable) != "":
		return p.Off(core.AccelLongTable)
	case p.Stacking:
		return "the game stacks pieces: a leap reads heights and levels"
	case r.ChainStop != nil:
		return "chains stopped by chain-stop"
	case r.NextDirs != nil:
		return "chains that " + nextDirsText(m.ChainDirs)
	case r.Inside != nil:
		return "landings restricted by an inside lock"
	case m.LengthProp != "":
		return "the leap's length is the moving piece's property"
	case crownDecline(p, r, m) != "":
		return crownDecline(p, r, m)
	}
	for _, c := range []struct {
		what string
		e    *ir.Expr
	}{{"over", m.Over}, {"hurdle", m.Hurdle}, {"onto", m.Onto}, {"from", m.From}} {
		if local, _ := p.IsLocal(c.e); !local {
			return c.what + " reads " + core.DepsOf(c.e).String() + ": not a table per mover"
		}
	}
	if p.Players*(p.NumCells+1)*(p.Ncodes+1) > core.MaxTable {
		return "the condition tables would be too big"
	}
	return ""
}

// compileLongTable gives long rule r the long-leap table when it
// applies (longTableDecline): its condition tables, sources and rays.
func compileLongTable(p *core.Program, r *core.Rule, m *ir.MoveRule) {
	if why := longTableDecline(p, r, m); why != "" {
		p.DeclineFor(core.ScopeRule, r.Idx, core.AccelLongTable, why)
		return
	}
	lt := &accel.LongTable{Shortest: r.Length}
	accel.LongConds(p, lt, r, m)
	restricts := accel.LongSources(p, lt, r, m)
	accel.LongRays(p, lt, r)
	lt.Sources = accel.EverySource
	if r.Length == r.Long.MaxLength && r.Long.Hurdle == nil && lt.Stride == 0 {
		// The first leaps as a leap rule's: by bitset shifts when they
		// can be (compileShift: conditions by code alone).
		codes := p.Ncodes + 1
		r.Stride, r.TabSize = 0, codes
		accel.Tables(r).OverTab = p.CondTable(r.Over, 0, codes)
		r.OntoTab = p.CondTable(r.Onto, 0, codes)
		if r.Capture != ir.CaptureLanding {
			ontoEmptyOnly(p, r)
		}
		if compileShift(p, r); r.Shift {
			lt.Sources = accel.FirstLeapSources
		} else {
			accel.Tables(r).OverTab, r.OntoTab = nil, nil
		}
	}
	if restricts && !r.Shift {
		lt.Sources = accel.KindSources
		p.KeepOccC = true // (the State keeps the sets per code: compilePut)
	}
	lt.FirstDirs = make([][][]int32, p.Players)
	for m := range lt.FirstDirs {
		all := r.Dirs[m]
		if !r.KeepsFirstDir {
			lt.FirstDirs[m] = [][]int32{all}
			continue
		}
		for i := range all {
			lt.FirstDirs[m] = append(lt.FirstDirs[m], all[i:i+1])
		}
	}
	accel.Tables(r).LongTable = lt
	r.Gen = core.GenLongTable
}
