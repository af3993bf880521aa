package interp

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/ruleplay/ruleplay/ir"
)

// Plan is what Compile made of a game: the board's representation, and
// per rule its pattern class, what its conditions read and the strategy
// that generates its moves, with the sizes of its tables. It is made from
// the compiled Program alone, so a test or a designer (`ruleplay vet
// --explain`) sees exactly what runs.
type Plan struct {
	Board    BoardPlan
	Rules    []RulePlan
	Tiers    []TierPlan
	Playouts string // how RandomPlayout draws a move
	Perft    string // how Perft counts the last plies
	Blockade string // how the no-blockade filter is decided ("" without one)
	Make     string // how Apply and Undo make and unmake moves
	// Accelerators: the program-wide accelerators (registry.go) the
	// Program got; Declined: "name: why" for those that declined
	Accelerators []string
	Declined     []string
}

// BoardPlan describes the board's representation.
type BoardPlan struct {
	Cells, Dirs int
	Words       int    // 64-bit words of a set of cells
	Layout      string // how cells map to bits
	Shifts      int    // directions that are one constant bit shift
	Mailbox     string // the padded byte board, when some rule uses it ("" otherwise)
	StateBytes  int
}

// RulePlan describes the plan of one move rule.
type RulePlan struct {
	Name     string
	Class    string   // the pattern class, from the rule's definition
	Reads    []string // per condition, what it reads: "over: occupancy, owner"
	Strategy string   // the strategy that generates its moves
	Tables   []string // the tables built for it, with their sizes
	Notes    []string // further machinery: bitset shifts, mailbox counting...
	// Accelerators: those the rule got; Declined: "name: why" for those
	// that could concern it and declined
	Accelerators []string
	Declined     []string
}

// TierPlan is one priority tier.
type TierPlan struct {
	Rules    []string
	Dedup    bool // two rules of the tier could give one text: moves deduplicated
	Bulk     bool // counted and selected on bitsets without building moves
	CountSel bool // playouts count the moves and build the one drawn
	Precheck bool // whether it has a move is asked on bitsets first
	Kernel   bool // its first leaps are found by the flat one-word kernel (bulk1.go)
	// Pairs: the kernel's pairs of rules (a+b) whose directions are
	// shifted once for both (existence test and counting)
	Pairs []string
	// WalkChains: playouts walk the chains from the sources of the first
	// leaps found on bitsets (by the kernel on one word), which also tell
	// whether the tier has a move
	WalkChains bool
	Prefer     bool // narrowed to the moves capturing the most (built, then counted: majority-paths, or each played)
	// Accelerators: those the tier got; Declined: "name: why" for those
	// that could concern it and declined
	Accelerators []string
	Declined     []string
	// UniqueEnds: moves named by their ends, proved never to share them
	// (ends_unique.go): not merged
	UniqueEnds bool
	// Runs: what runs for the tier in each mode, named by the values
	// Compile stored (count, draw, gate, list's tidy steps)
	Runs string
}

// Plan reports what Compile chose (see Plan).
func (p *Program) Plan() Plan { return p.explain(p) }

// planOf builds the Plan of p (Program.explain).
func (p *Program) planOf() Plan {
	pl := Plan{Board: p.boardPlan()}
	for i := range p.rules {
		pl.Rules = append(pl.Rules, p.rulePlan(&p.rules[i]))
	}
	for ti, t := range p.tiers {
		tp := p.tierPlan(&t)
		tp.Declined = p.declinedBy(scopeTier, ti)
		pl.Tiers = append(pl.Tiers, tp)
	}
	_, mailboxTwo := p.lastTwo.(mailboxPerft)
	pl.Accelerators = accelNames(map[accel]bool{accelBlockadeWords: p.filtersOnWords(), accelWordsPerft: p.countsOnWords(),
		accelMailboxPerft: mailboxTwo, accelCountPlayouts: p.countsPlayouts(), accelFlatMake: p.madeBy(accelFlatMake), accelDirectMake: p.madeBy(accelDirectMake),
		accelFusedMake: p.small != nil, accelQuantifierTables: p.quantTables > 0,
		accelStepPlayouts: p.madeBy(accelStepPlayouts), accelWordGoals: p.decidesByWords()})
	pl.Declined = p.declinedBy(scopeProgram, 0)
	pl.Make = "general: each change put and recorded for Undo"
	if p.madeBy(accelFlatMake) {
		pl.Make = "flat: a leap's cells and undo records written, the occupancy sets updated once"
	}
	var fused []string
	unlogged := false
	for i := range p.rules {
		switch p.rules[i].play.unit {
		case accelFusedMake:
			fused = append(fused, p.rules[i].name)
			unlogged = unlogged || p.rules[i].action == ir.Leap
		case accelDirectMake:
			unlogged = true
		}
	}
	if len(fused) > 0 {
		pl.Make = "fused on the small board's arrays: " + strings.Join(fused, ", ") + "; others " + pl.Make
	}
	if unlogged {
		pl.Make += "; playouts play leaps without undo records"
	}
	pl.Playouts = p.playout.name()
	pl.Perft = "last ply counted by the strategies"
	if p.lastTwo != nil {
		pl.Perft = p.lastTwo.name()
	}
	if p.blockade != nil {
		pl.Blockade = p.blockade.name()
	}
	return pl
}

func (p *Program) boardPlan() BoardPlan {
	b := BoardPlan{Cells: p.numCells, Dirs: p.numDirs, Words: p.numWords, StateBytes: p.StateBytes()}
	b.Layout = "bit = cell index"
	for c, bit := range p.bitOf {
		if int(bit) != c {
			b.Layout = fmt.Sprintf("bits by coordinates, %d bits", p.nbits)
			break
		}
	}
	for _, ok := range p.dirShiftOK {
		b.Shifts += b2i(ok)
	}
	if p.mbox != nil {
		b.Mailbox = fmt.Sprintf("%d slots", mbSlots)
	}
	return b
}

func (p *Program) rulePlan(r *rule) RulePlan {
	m := &p.game.Moves[r.idx]
	rp := RulePlan{Name: r.name, Class: patternClass(m), Strategy: r.strategy.name()}
	for _, c := range []struct {
		name string
		e    *ir.Expr
	}{{"when", m.When}, {"from", m.From}, {"over", m.Over}, {"hurdle", m.Hurdle}, {"onto", m.Onto}, {"chain-stop", m.ChainStop}} {
		if c.name == "onto" && m.Action == ir.Remove {
			c.name = "at" // the removed piece's cell
		}
		if c.e != nil {
			rp.Reads = append(rp.Reads, c.name+": "+depsOf(c.e).String())
		}
	}
	if gc := m.GroupCapture; gc != nil {
		rp.Reads = append(rp.Reads, "enemy: "+depsOf(gc.Enemy).String())
	}
	rp.Tables = p.ruleTables(r)
	rp.Notes = p.ruleNotes(r)
	rp.Accelerators = accelNames(map[accel]bool{accelLeapTable: r.gen == genStep || r.gen == genLeap, accelShiftSets: r.shift,
		accelWordChains: r.gen == genLeap && r.walk == walkWord, accelLandingCount: r.gen == genLeap && r.walk == walkLandings,
		accelMailbox: r.mbOffs != nil, accelStackTable: r.gen == genStack, accelGroupTable: r.gen == genGroupFast, accelFusedMake: r.play.unit == accelFusedMake,
		accelTurnGuards: r.guardTest.unit == accelTurnGuards, accelLongTable: r.longTable != nil, accelHopTable: r.gen == genHop,
		accelHopCount: r.hop != nil && r.hop.count != nil, accelKeptComponents: r.hop != nil && r.hop.movers[0].touch != nil})
	rp.Declined = p.declinedBy(scopeRule, r.idx)
	return rp
}

// accelNames names the accelerators set in got, in registry order.
func accelNames(got map[accel]bool) []string {
	var out []string
	for i := range registry {
		if got[accel(i)] {
			out = append(out, registry[i].name)
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
	if m.ChainSame {
		parts = append(parts, "keeping its first direction")
	}
	if m.TextEnds {
		parts = append(parts, "named by its ends")
	}
	return strings.Join(parts, ", ")
}

// ruleTables lists the tables of rule r with their sizes in entries.
func (p *Program) ruleTables(r *rule) []string {
	var t []string
	add := func(name string, n int) {
		if n > 0 {
			t = append(t, fmt.Sprintf("%s: %d entries", name, n))
		}
	}
	if r.leap != nil {
		add(fmt.Sprintf("leap paths (length %d)", len(r.leap)/(p.numCells*p.numDirs)), len(r.leap))
	}
	if lt := r.longTable; lt != nil {
		add("rays", len(lt.rays))
		add("over", len(lt.over))
		add("hurdle", len(lt.hurdle))
		add("onto", len(lt.onto))
		add("source", len(lt.source))
		add("first leaps' over (bitset slots)", len(r.overTab))
		add("first leaps' onto (bitset slots)", len(r.ontoTab))
		return t
	}
	add("over", len(r.overTab))
	add("onto", len(r.ontoTab))
	add("enemy", len(r.enemyTab))
	add("source", len(r.srcOK))
	if r.grp != nil && r.gwhen != nil {
		add("when (sizes per run and distance)", len(r.grp.whenSizes))
	}
	if st := r.stk; st != nil {
		for _, c := range []struct {
			name string
			c    *stackCond
		}{{"from (height masks)", st.from}, {"over (height masks)", st.over}, {"onto (height masks)", st.onto}} {
			if c.c != nil {
				add(c.name, len(c.c.w))
			}
		}
		n := 0
		for _, ps := range st.paths {
			for _, c := range ps.cell {
				n += len(c)
			}
		}
		add("stack leap paths", n)
	}
	if h := r.hop; h != nil {
		n := 0
		for _, l := range h.leaps {
			n += len(l)
		}
		add("hop leaps (per mover)", n)
		add("hop condition sets (words)", len(h.over)+len(h.onto))
		if h.locks != nil {
			add("lock landing sets", len(h.locks.sets))
		}
	}
	return t
}

// ruleNotes lists the machinery rule r uses beside its strategy.
func (p *Program) ruleNotes(r *rule) []string {
	var n []string
	if r.long != nil && r.longTable == nil {
		n = append(n, "a long rule (lengths, hurdle or captures taken at the end): the generic walker alone")
	}
	if r.longTable != nil {
		n = append(n, "a long rule (lengths, hurdle or captures taken at the end): rays per cell and direction, conditions tabulated per mover")
	}
	if r.hop != nil && r.hop.count != nil {
		n = append(n, "moves counted per piece without being written: "+r.hop.countHow)
	}
	if r.inside != nil && r.gen != genReach && r.gen != genHop {
		n = append(n, "landings restricted by an inside lock: followed by the generic walkers")
	}
	if r.chainStop != nil && r.gen != genReach && r.gen != genHop {
		n = append(n, "chains stopped by chain-stop: followed by the generic walker")
	}
	if r.shift {
		n = append(n, fmt.Sprintf("first leaps by bitset shifts (%d word%s)", p.numWords, plural(p.numWords)))
	}
	if r.alwaysTakes {
		n = append(n, "every leap takes a piece")
	}
	if r.keepsFirstDir {
		n = append(n, "chains walked one first direction at a time on the leap table (not on the bitset or mailbox walkers)")
	}
	for _, offs := range r.mbOffs {
		if offs != nil {
			n = append(n, "leaps on the mailbox")
			if !p.oneWordShift(r) { // (else the bitset walker lists them: fastLeaps)
				n = append(n, "with fewer empty cells than pieces (and, for a rule with shifts, fewer than 4 a word), first leaps "+
					"found from their landing cells; a first leap onto a cell with no leap is a move without being played")
			}
			break
		}
	}
	if r.stride == 0 && r.overTab != nil {
		n = append(n, "conditions tabulated by piece code alone")
	}
	if r.gen == genGeneric {
		n = append(n, "generic walk: "+r.generic.name)
	}
	switch r.play.unit {
	case accelFusedMake:
		n = append(n, "made and unmade fused on the small board's arrays")
	case accelDirectMake:
		n = append(n, "played without undo records in playouts, each cell set with its indexes at once")
	}
	return n
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// Write prints the plan as text, one rule after another.
func (pl Plan) Write(w io.Writer) error {
	var b strings.Builder
	bd := pl.Board
	fmt.Fprintf(&b, "board: %d cells, %d directions; sets of %d word%s (%s; %d of %d directions are bit shifts)",
		bd.Cells, bd.Dirs, bd.Words, plural(bd.Words), bd.Layout, bd.Shifts, bd.Dirs)
	if bd.Mailbox != "" {
		fmt.Fprintf(&b, "; mailbox of %s", bd.Mailbox)
	}
	fmt.Fprintf(&b, "; %d bytes a position\n", bd.StateBytes)
	for _, r := range pl.Rules {
		fmt.Fprintf(&b, "rule %s: %s\n  strategy: %s\n", r.Name, r.Class, r.Strategy)
		for _, x := range r.Reads {
			fmt.Fprintf(&b, "  reads %s\n", x)
		}
		for _, x := range r.Tables {
			fmt.Fprintf(&b, "  table %s\n", x)
		}
		for _, x := range r.Notes {
			fmt.Fprintf(&b, "  %s\n", x)
		}
		writeAccels(&b, "  ", r.Accelerators, r.Declined)
	}
	for i, t := range pl.Tiers {
		fmt.Fprintf(&b, "tier %d: %s", i+1, strings.Join(t.Rules, ", "))
		switch {
		case t.Bulk:
			b.WriteString(" (bulk: counted and drawn on bitsets)")
		case t.CountSel:
			b.WriteString(" (counted, then the one drawn built)")
		}
		if t.Precheck {
			b.WriteString(" (first leaps asked on bitsets first)")
		}
		if t.Kernel {
			b.WriteString(" (one-word kernel")
			if len(t.Pairs) > 0 {
				b.WriteString("; pairs shifted together: " + strings.Join(t.Pairs, ", "))
			}
			b.WriteString(")")
		}
		if t.WalkChains {
			b.WriteString(" (playouts walk the chains from its first leaps' sources)")
		}
		if t.Dedup {
			b.WriteString(" (deduplicated)")
		}
		if t.Prefer {
			how := "each move played and taken back to count its captures"
			if slices.Contains(t.Accelerators, registry[accelMajorityPaths].name) {
				how = "captures counted from the paths"
			}
			b.WriteString(" (most captures only: moves built, " + how + ")")
		}
		b.WriteByte('\n')
		fmt.Fprintf(&b, "  %s\n", t.Runs)
		writeAccels(&b, "  ", t.Accelerators, t.Declined)
	}
	fmt.Fprintf(&b, "playouts: %s\nperft: %s\n", pl.Playouts, pl.Perft)
	if pl.Blockade != "" {
		fmt.Fprintf(&b, "no-blockade filter: %s\n", pl.Blockade)
	}
	if pl.Make != "" {
		fmt.Fprintf(&b, "make and unmake: %s\n", pl.Make)
	}
	writeAccels(&b, "", pl.Accelerators, pl.Declined)
	_, err := io.WriteString(w, b.String())
	return err
}

// writeAccels prints the accelerators got and those declined, with their
// reasons, each line after indent.
func writeAccels(b *strings.Builder, indent string, got, declined []string) {
	if len(got) > 0 {
		fmt.Fprintf(b, "%saccelerators: %s\n", indent, strings.Join(got, ", "))
	}
	for _, d := range declined {
		fmt.Fprintf(b, "%sdeclined %s\n", indent, d)
	}
}

// tierPlan describes tier t from what runs for it: its gate, counter,
// drawer and tidy steps, and its kernel.
func (p *Program) tierPlan(t *tier) TierPlan {
	tp := TierPlan{Precheck: t.gate != nil, Kernel: t.kernel != nil, Dedup: t.merges(), Runs: t.runs()}
	for _, ri := range t.rules {
		tp.Rules = append(tp.Rules, p.rules[ri].name)
	}
	tp.Pairs = p.kernPairs(t)
	got := map[accel]bool{accelKernel: t.kernel != nil}
	merged := false
	for _, st := range t.tidy {
		switch st := st.(type) {
		case *narrowStep:
			tp.Prefer = true
			got[accelMajorityPaths] = st.how == "majority-paths"
		case *mergeEndsStep:
			merged = true
		}
	}
	tp.UniqueEnds = !merged && p.endsTier(t.rules)
	got[accelUniqueEnds] = tp.UniqueEnds
	switch t.run[modeCount].(type) {
	case *bulkCounter, *kernelCounter, *bulkKeeper, *kernelKeeper:
		tp.Bulk = true
	}
	switch t.run[modeDraw].(type) {
	case *kernelChainsCounter:
		tp.WalkChains = true
		got[accelKernelChains] = true
	case *wordChainsCounter:
		tp.WalkChains = true
		got[accelMultiwordChains] = true
	case *bulkKeeper, *kernelKeeper, *filteredWalkCounter, *walkCounter:
		tp.CountSel = p.countsPlayouts()
	}
	got[accelBulk] = tp.Bulk || tp.Precheck || tp.Kernel || tp.WalkChains
	tp.Accelerators = accelNames(got)
	return tp
}

// kernPairs names the pairs of the one-word kernel of tier t (a+b), for
// any mover.
func (p *Program) kernPairs(t *tier) []string {
	var pairs []string
	for _, gs := range t.kernelPairs {
		for _, g := range gs {
			if !g.pair {
				continue
			}
			name := p.rules[g.ri[0]].name + "+" + p.rules[g.ri[1]].name
			if !slices.Contains(pairs, name) {
				pairs = append(pairs, name)
			}
		}
	}
	return pairs
}
