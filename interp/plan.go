package interp

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ruleplay/ruleplay/interp/internal/accel"
	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
)

// Explain returns what Compile chose for p, as `ruleplay vet --explain`
// prints it: the very values stored in p, read back.
func Explain(p *Program) Plan {
	pl := Plan{Board: boardPlan(p)}
	for i := range p.Rules {
		pl.Rules = append(pl.Rules, rulePlan(p, &p.Rules[i]))
	}
	for ti, t := range p.Tiers {
		tp := tierPlan(p, &t)
		tp.Declined = declinedBy(p, core.ScopeTier, ti)
		pl.Tiers = append(pl.Tiers, tp)
	}
	_, mailboxTwo := p.LastTwo.(accel.MailboxPerft)
	pl.Accelerators = accelNames(map[core.Accel]bool{core.AccelBlockadeWords: p.FiltersOnWords(), core.AccelWordsPerft: p.CountsOnWords(),
		core.AccelMailboxPerft: mailboxTwo, core.AccelCountPlayouts: p.CountsPlayouts(), core.AccelFlatMake: p.MadeBy(core.AccelFlatMake), core.AccelDirectMake: p.MadeBy(core.AccelDirectMake),
		core.AccelFusedMake: p.Small != nil, core.AccelQuantifierTables: p.QuantTables > 0,
		core.AccelStepPlayouts: p.MadeBy(core.AccelStepPlayouts), core.AccelWordGoals: accel.DecidesByWords(p)})
	pl.Declined = declinedBy(p, core.ScopeProgram, 0)
	pl.Make = "general: each change put and recorded for Undo"
	if p.MadeBy(core.AccelFlatMake) {
		pl.Make = "flat: a leap's cells and undo records written, the occupancy sets updated once"
	}
	var fused []string
	unlogged := false
	for i := range p.Rules {
		switch p.Rules[i].Play.Unit {
		case core.AccelFusedMake:
			fused = append(fused, p.Rules[i].Name)
			unlogged = unlogged || p.Rules[i].Action == ir.Leap
		case core.AccelDirectMake:
			unlogged = true
		}
	}
	if len(fused) > 0 {
		pl.Make = "fused on the small board's arrays: " + strings.Join(fused, ", ") + "; others " + pl.Make
	}
	if unlogged {
		pl.Make += "; playouts play leaps without undo records"
	}
	pl.Playouts = p.Playout.Name()
	pl.Perft = "last ply counted by the strategies"
	if p.LastTwo != nil {
		pl.Perft = p.LastTwo.Name()
	}
	if p.Blockade != nil {
		pl.Blockade = p.Blockade.Name()
	}
	return pl
}

func boardPlan(p *core.Program) BoardPlan {
	b := BoardPlan{Cells: p.NumCells, Dirs: p.NumDirs, Words: p.NumWords, StateBytes: p.StateBytes()}
	b.Layout = "bit = cell index"
	for c, bit := range p.BitOf {
		if int(bit) != c {
			b.Layout = fmt.Sprintf("bits by coordinates, %d bits", p.Nbits)
			break
		}
	}
	for _, ok := range p.DirShiftOK {
		b.Shifts += core.B2i(ok)
	}
	if p.Mbox != nil {
		b.Mailbox = fmt.Sprintf("%d slots", core.MbSlots)
	}
	return b
}

func rulePlan(p *core.Program, r *core.Rule) RulePlan {
	m := &p.Desc.Moves[r.Idx]
	rp := RulePlan{Name: r.Name, Class: patternClass(m), Strategy: r.Strategy.Name()}
	for _, c := range []struct {
		name string
		e    *ir.Expr
	}{{"when", m.When}, {"from", m.From}, {"over", m.Over}, {"hurdle", m.Hurdle}, {"onto", m.Onto}, {"chain-stop", m.ChainStop}} {
		if c.name == "onto" && m.Action == ir.Remove {
			c.name = "at" // the removed piece's cell
		}
		if c.e != nil {
			rp.Reads = append(rp.Reads, c.name+": "+core.DepsOf(c.e).String())
		}
	}
	if gc := m.GroupCapture; gc != nil {
		rp.Reads = append(rp.Reads, "enemy: "+core.DepsOf(gc.Enemy).String())
	}
	rp.Tables = ruleTables(p, r)
	rp.Notes = ruleNotes(p, r)
	rp.Accelerators = accelNames(map[core.Accel]bool{core.AccelLeapTable: r.Gen == core.GenStep || r.Gen == core.GenLeap, core.AccelShiftSets: r.Shift,
		core.AccelWordChains: r.Gen == core.GenLeap && accel.Tables(r).Walk == accel.WalkWord, core.AccelLandingCount: r.Gen == core.GenLeap && accel.Tables(r).Walk == accel.WalkLandings,
		core.AccelMailbox: accel.Tables(r).MailboxOffsets != nil, core.AccelStackTable: r.Gen == core.GenStack, core.AccelGroupTable: r.Gen == core.GenGroupFast, core.AccelFusedMake: r.Play.Unit == core.AccelFusedMake,
		core.AccelTurnGuards: r.GuardTest.Unit == core.AccelTurnGuards, core.AccelLongTable: accel.Tables(r).LongTable != nil, core.AccelHopTable: r.Gen == core.GenHop,
		core.AccelHopCount: accel.Tables(r).Hop != nil && accel.Tables(r).Hop.Count != nil, core.AccelKeptComponents: accel.Tables(r).Hop != nil && accel.Tables(r).Hop.Movers[0].SpansAt != nil})
	rp.Declined = declinedBy(p, core.ScopeRule, r.Idx)
	return rp
}

// accelNames names the accelerators set in got, in registry order.
func accelNames(got map[core.Accel]bool) []string {
	var out []string
	for i := range registry {
		if got[core.Accel(i)] {
			out = append(out, registry[i].Name)
		}
	}
	return out
}

// patternClass names the class of a rule's pattern.
func patternClass(m *ir.MoveRule) string {
	switch m.Action {
	case ir.Remove:
		return "removal"
	case ir.Drop:
		return "drop from the hand"
	case ir.Group:
		if m.GroupCapture != nil {
			return "group move, capturing"
		}
		return "group move"
	}
	var parts []string
	switch {
	case m.LengthTo == ir.LengthAny:
		parts = append(parts, fmt.Sprintf("long leap (lengths %d and up)", m.Length))
	case m.LengthTo != 0:
		parts = append(parts, fmt.Sprintf("long leap (lengths %d .. %d)", m.Length, m.LengthTo))
	case m.LengthProp != "":
		parts = append(parts, "leap of length piece."+m.LengthProp)
	case m.Length == 1:
		parts = append(parts, "step")
	case m.Length == 2:
		parts = append(parts, "short jump")
	default:
		parts = append(parts, fmt.Sprintf("leap of length %d", m.Length))
	}
	if m.Hurdle != nil {
		parts = append(parts, "over one hurdle")
	}
	switch m.Capture {
	case ir.CaptureJumped:
		parts = append(parts, "capturing the jumped pieces")
	case ir.CaptureLanding:
		parts = append(parts, "capturing by landing")
	case ir.CaptureApproach:
		parts = append(parts, "capturing a line by approach")
	case ir.CaptureWithdrawal:
		parts = append(parts, "capturing a line by withdrawal")
	case ir.CaptureApproachOrWithdrawal:
		parts = append(parts, "capturing a line by approach or withdrawal")
	}
	if m.TakenAtEnd {
		parts = append(parts, "taken at the end")
	}
	switch m.Chain {
	case ir.ChainOptional:
		parts = append(parts, "optional chain")
	case ir.ChainCompulsory:
		parts = append(parts, "compulsory chain")
	}
	switch m.ChainDirs {
	case ir.ChainDirsSame:
		parts = append(parts, "keeping its first direction")
	case ir.ChainDirsNoReverse:
		parts = append(parts, "never turning straight back")
	case ir.ChainDirsTurn:
		parts = append(parts, "never twice in one direction")
	}
	if m.Revisit == ir.RevisitNever {
		parts = append(parts, "never revisiting a cell")
	}
	if m.TextEnds {
		parts = append(parts, "named by its ends")
	}
	return strings.Join(parts, ", ")
}

// ruleTables lists the tables of rule r with their sizes in entries.
func ruleTables(p *core.Program, r *core.Rule) []string {
	var t []string
	add := func(name string, n int) {
		if n > 0 {
			t = append(t, fmt.Sprintf("%s: %d entries", name, n))
		}
	}
	if r.Leap != nil {
		add(fmt.Sprintf("leap paths (length %d)", len(r.Leap)/(p.NumCells*p.NumDirs)), len(r.Leap))
	}
	if lt := accel.Tables(r).LongTable; lt != nil {
		add("rays", len(lt.Rays))
		add("over", len(lt.Over))
		add("hurdle", len(lt.Hurdle))
		add("onto", len(lt.Onto))
		add("source", len(lt.Source))
		add("first leaps' over (bitset slots)", len(accel.Tables(r).OverTab))
		add("first leaps' onto (bitset slots)", len(r.OntoTab))
		return t
	}
	add("over", len(accel.Tables(r).OverTab))
	add("onto", len(r.OntoTab))
	add("enemy", len(accel.Tables(r).EnemyTab))
	add("source", len(r.SrcOK))
	if accel.Tables(r).Group != nil && r.Gwhen != nil {
		add("when (sizes per run and distance)", len(accel.Tables(r).Group.WhenSizes))
	}
	if st := accel.Tables(r).Stack; st != nil {
		for _, c := range []struct {
			name string
			c    *accel.StackCond
		}{{"from (height masks)", st.From}, {"over (height masks)", st.Over}, {"onto (height masks)", st.Onto}} {
			if c.c != nil {
				add(c.name, len(c.c.W))
			}
		}
		n := 0
		for _, ps := range st.Paths {
			for _, c := range ps.Cell {
				n += len(c)
			}
		}
		add("stack leap paths", n)
	}
	if h := accel.Tables(r).Hop; h != nil {
		n := 0
		for _, l := range h.Leaps {
			n += len(l)
		}
		add("hop leaps (per mover)", n)
		add("hop condition sets (words)", len(h.Over)+len(h.Onto))
		if h.Locks != nil {
			add("lock landing sets", len(h.Locks.Sets))
		}
	}
	return t
}

// ruleNotes lists the machinery rule r uses beside its strategy.
func ruleNotes(p *core.Program, r *core.Rule) []string {
	var n []string
	if r.GoesOn != nil {
		n = append(n, "crowned mid-chain, its chains go on as "+p.Rules[p.Desc.Moves[r.Idx].GoesOn].Name+"'s: the generic walker alone")
	}
	if r.Lines != nil {
		n = append(n, "a rule capturing lines by approach or withdrawal: the line walker alone (no accelerator serves such captures)")
	}
	if r.Long != nil && accel.Tables(r).LongTable == nil {
		n = append(n, "a long rule (lengths, hurdle or captures taken at the end): the generic walker alone")
	}
	if accel.Tables(r).LongTable != nil {
		n = append(n, "a long rule (lengths, hurdle or captures taken at the end): rays per cell and direction, conditions tabulated per mover")
	}
	if accel.Tables(r).Hop != nil && accel.Tables(r).Hop.Count != nil {
		n = append(n, "moves counted per piece without being written: "+accel.Tables(r).Hop.CountHow)
	}
	if r.Inside != nil && r.Gen != core.GenReach && r.Gen != core.GenHop {
		n = append(n, "landings restricted by an inside lock: followed by the generic walkers")
	}
	if r.ChainStop != nil && r.Gen != core.GenReach && r.Gen != core.GenHop {
		n = append(n, "chains stopped by chain-stop: followed by the generic walker")
	}
	if r.Shift {
		n = append(n, fmt.Sprintf("first leaps by bitset shifts (%d word%s)", p.NumWords, plural(p.NumWords)))
	}
	if r.AlwaysTakes {
		n = append(n, "every leap takes a piece")
	}
	if r.KeepsFirstDir {
		n = append(n, "chains walked one first direction at a time on the leap table (not on the bitset or mailbox walkers)")
	}
	for _, offs := range accel.Tables(r).MailboxOffsets {
		if offs != nil {
			n = append(n, "leaps on the mailbox")
			if !accel.OneWordShift(p, r) { // (else the bitset walker lists them: fastLeaps)
				n = append(n, "with fewer empty cells than pieces (and, for a rule with shifts, fewer than 4 a word), first leaps "+
					"found from their landing cells; a first leap onto a cell with no leap is a move without being played")
			}
			break
		}
	}
	if r.Stride == 0 && accel.Tables(r).OverTab != nil {
		n = append(n, "conditions tabulated by piece code alone")
	}
	if r.Gen == core.GenGeneric {
		n = append(n, "generic walk: "+r.Generic.Name)
	}
	switch r.Play.Unit {
	case core.AccelFusedMake:
		n = append(n, "made and unmade fused on the small board's arrays")
	case core.AccelDirectMake:
		n = append(n, "played without undo records in playouts, each cell set with its indexes at once")
	}
	return n
}

// tierPlan describes tier t from what runs for it: its gate, counter,
// drawer and tidy steps, and its kernel.
func tierPlan(p *core.Program, t *core.Tier) TierPlan {
	tp := TierPlan{Precheck: t.Gate != nil, Kernel: t.Kernel != nil, Dedup: t.Merges(), Runs: t.Runs()}
	for _, ri := range t.Rules {
		tp.Rules = append(tp.Rules, p.Rules[ri].Name)
	}
	tp.Pairs = kernPairs(p, t)
	got := map[core.Accel]bool{core.AccelKernel: t.Kernel != nil}
	merged := false
	for _, st := range t.Tidy {
		switch st := st.(type) {
		case *core.NarrowStep:
			tp.Prefer, tp.PreferHow = true, st.How
			got[core.AccelMajorityPaths] = st.How == "majority-paths"
		case *core.MergeEndsStep:
			merged = true
		}
	}
	tp.UniqueEnds = !merged && p.EndsTier(t.Rules)
	got[core.AccelUniqueEnds] = tp.UniqueEnds
	switch t.Run[core.ModeCount].(type) {
	case *accel.BulkCounter, *accel.KernelCounter, *accel.BulkKeeper, *accel.KernelKeeper:
		tp.Bulk = true
	}
	switch t.Run[core.ModeDraw].(type) {
	case *accel.KernelChainsCounter:
		tp.WalkChains = true
		got[core.AccelKernelChains] = true
	case *accel.WordChainsCounter:
		tp.WalkChains = true
		got[core.AccelMultiwordChains] = true
	case *accel.BulkKeeper, *accel.KernelKeeper, *accel.FilteredWalkCounter, *core.WalkCounter:
		tp.CountSel = p.CountsPlayouts()
	case *accel.HopDrawer:
		tp.CountSel = p.CountsPlayouts()
		got[core.AccelHopDraw] = true
	}
	got[core.AccelBulk] = tp.Bulk || tp.Precheck || tp.Kernel || tp.WalkChains
	tp.Accelerators = accelNames(got)
	return tp
}

// kernPairs names the pairs of the one-word kernel of tier t (a+b), for
// any mover.
func kernPairs(p *core.Program, t *core.Tier) []string {
	var pairs []string
	for _, gs := range t.KernelPairs {
		for _, g := range gs {
			if !g.Pair {
				continue
			}
			name := p.Rules[g.Ri[0]].Name + "+" + p.Rules[g.Ri[1]].Name
			if !slices.Contains(pairs, name) {
				pairs = append(pairs, name)
			}
		}
	}
	return pairs
}
