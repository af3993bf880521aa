package interp

// Priority tiers and what runs for each: the plan is the program.
//
// A tier is a set of rules of equal priority: the legal moves are those of
// the first tier that has any. Compile decides once, per tier, how each
// mode of generation serves it, and stores the choice as a value the run
// time calls without deciding again:
//
//   - list (Legal): the rules' generators, then the tier's tidy steps in
//     order (narrowed to the most captures, merged by ends, deduplicated);
//   - exists: a gate asked before the generators (nil: none), which tells
//     on bitsets that the tier has no move;
//   - count (perft's last ply): the tier's counter;
//   - select (RandomPlayout with count-playouts): the tier's drawer, which
//     counts the moves and keeps what selectMove needs, or builds them.
//
// Each stored value has a name, printed by `vet --explain` (Plan), so the
// explanation is read from what runs. Calls through these values are per
// tier, never per move.

import "strings"

type tier struct {
	rules []int // indices into Program.rules, ascending
	// tidy: what list mode does, in order, once the generators filled
	// the tier's list (empty: nothing); a tier with a tidy step is
	// listed in every mode
	tidy []listStep
	// gate: asked before the tier's generators run, it tells that the
	// tier has no move (nil: none)
	gate tierGate
	// run: per mode, what runs for the tier in countMoves: the counter
	// (perft's last ply), the drawer (when a playout will draw one); in
	// list and existence mode every tier runs listTier
	run [modes]tierRunner
	// touch returns the cells the moves of ml (the tier's) may change,
	// for the blockade filter on words (touchedByMoves, or by the first
	// leaps on bitsets: touchedByFirstLeaps)
	touch func(p *Program, s *State, t *tier, ml *MoveList) uint64
	// kernel: the tier's rules flattened per mover for the one-word
	// kernel (bulk1.go); nil when some rule does not fit it
	kernel [][]kernGroup
	// kernelPairs: kernel with the rules that can be made pairs paired
	// (bulk1.go), for the existence test and counting without keeping
	// the moves
	kernelPairs [][]kernGroup
}

// listStep is a step of list mode after a tier's generators ran.
type listStep interface {
	name() string
	apply(p *Program, s *State, ml *MoveList)
}

// tierGate tells, before a tier's generators run, whether it may have a
// move.
type tierGate interface {
	name() string
	open(p *Program, s *State, t *tier) bool
}

// mode is what a walk over the tiers asks each (candidates, countMoves).
type mode uint8

const (
	modeCount mode = iota // the number of moves (list and existence mode: listTier)
	modeDraw              // their number, keeping what selectMove needs
	modes                 // the number of modes
)

// tierRunner runs one mode for tier t and the player to move in s: n the
// number of moves (0: the tier has none, the next tier is asked), built
// when they are built in ml (Legal's list). Unless built, s.selBulk and
// s.selFilt tell selectMove where the moves are.
type tierRunner interface {
	name() string
	count(p *Program, s *State, t *tier, g *gen, ml *MoveList) (n int, built bool)
}

// listTier is list (ml nil: existence) mode for tier t, with g bound by
// the caller (candidates): the gate, the rules' generators in g's mode,
// then, when ml has moves, the tidy steps (narrowed before the merge:
// texts carry captured cells only where legal moves share ends). It
// tells whether the tier has a move. Every tier lists this way: the
// accelerators serve the gate, the generators and counting.
func (p *Program) listTier(s *State, t *tier, g *gen, ml *MoveList) bool {
	if t.gate != nil && !t.gate.open(p, s, t) {
		return false
	}
	if p.runTier(s, t, g) {
		return true // (existence)
	}
	if ml == nil || len(ml.moves) == 0 {
		return false
	}
	for _, st := range t.tidy {
		st.apply(p, s, ml)
	}
	return true
}

// listed tells whether the tier's moves are built as a list in every mode
// (it has a tidy step).
func (t *tier) listed() bool { return len(t.tidy) > 0 }

// merges tells whether the tier's list is merged by ends or deduplicated
// (a tidy step other than the narrowing to the most captures).
func (t *tier) merges() bool {
	for _, st := range t.tidy {
		if _, ok := st.(*narrowStep); !ok {
			return true
		}
	}
	return false
}

// tidyNames names the tier's tidy steps.
func (t *tier) tidyNames() []string {
	out := make([]string, len(t.tidy))
	for i, st := range t.tidy {
		out[i] = st.name()
	}
	return out
}

// narrowStep keeps the moves capturing the most (majority.go, jumping.go).
type narrowStep struct {
	how  string
	keep func(p *Program, s *State, ml *MoveList)
}

func (n *narrowStep) name() string                             { return "most captures (" + n.how + ")" }
func (n *narrowStep) apply(p *Program, s *State, ml *MoveList) { n.keep(p, s, ml) }

// mergeEndsStep merges the moves named by their ends (ends.go).
type mergeEndsStep struct{}

func (*mergeEndsStep) name() string                             { return "merged by ends" }
func (*mergeEndsStep) apply(p *Program, s *State, ml *MoveList) { p.mergeEnds(s, ml) }

// dedupStep drops the moves whose text an earlier one has (dedup.go).
type dedupStep struct{}

func (*dedupStep) name() string                             { return "deduplicated" }
func (*dedupStep) apply(p *Program, s *State, ml *MoveList) { p.dedup(ml) }

// planTidy decides the tidy steps of tier ti (its rules rs): narrowed to
// the most captures when the game prefers them and a rule captures, then
// merged by ends when its moves are named by them (unless they provably
// never share them: unique-ends), then deduplicated when two of its rules
// could give one text.
func (p *Program) planTidy(ti int, t *tier) {
	rs := t.rules
	dedup := p.tierNeedsDedup(rs)
	if dedup {
		dedup = p.planDedup(rs)
	}
	ends := p.endsTier(rs)
	if ends || dedup {
		if why := p.uniqueEndsDecline(rs); why == "" {
			ends, dedup = false, false // no two moves share their ends (ends_unique.go)
		} else if ends {
			p.declineFor(scopeTier, ti, accelUniqueEnds, why)
		}
	}
	t.tidy = nil
	if p.tierPrefers(rs) {
		keep := p.tierNarrowing(ti, rs)
		how := "each move played"
		if p.majorityDecline(rs) == "" {
			how = "majority-paths"
		}
		t.tidy = append(t.tidy, &narrowStep{how, keep})
	}
	if ends {
		t.tidy = append(t.tidy, &mergeEndsStep{})
	}
	if ends || dedup {
		t.tidy = append(t.tidy, &dedupStep{})
	}
}

// firstLeapGate asks on bitsets whether some rule of a tier of shift rules
// has a first leap (hasFirstLeap): a tier of captures usually has none.
type firstLeapGate struct{}

func (*firstLeapGate) name() string                            { return "first leaps on bitsets" }
func (*firstLeapGate) open(p *Program, s *State, t *tier) bool { return p.hasFirstLeap(s, t) }

// listCounter builds the tier's list (Legal) and counts it: its moves are
// tidied in list mode.
type listCounter struct{}

func (*listCounter) name() string { return "listed" }

func (*listCounter) count(p *Program, s *State, t *tier, g *gen, ml *MoveList) (int, bool) {
	p.Legal(s, ml)
	return len(ml.moves), true
}

// checkedListCounter is listCounter asking Legal only when the tier's
// generators find a move (a tier narrowed to the most captures, whose
// list is never empty when they do).
type checkedListCounter struct{}

func (*checkedListCounter) name() string { return "listed when it has a move" }

func (*checkedListCounter) count(p *Program, s *State, t *tier, g *gen, ml *MoveList) (int, bool) {
	if !p.tierHasMove(s, t) {
		return 0, false
	}
	p.Legal(s, ml)
	return len(ml.moves), true
}

// kernelCounter counts a bulk tier's first leaps with the one-word kernel
// (bulk1.go).
type kernelCounter struct{}

func (*kernelCounter) name() string { return "kernel" }

func (*kernelCounter) count(p *Program, s *State, t *tier, g *gen, ml *MoveList) (n int, built bool) {
	n, _ = p.kernLeaps(s, t, false, false)
	s.selBulk = s.nbulk >= 0
	return n, false
}

// kernelKeeper is kernelCounter keeping the first leaps for selectMove.
type kernelKeeper struct{}

func (*kernelKeeper) name() string { return "kernel" }

func (*kernelKeeper) count(p *Program, s *State, t *tier, g *gen, ml *MoveList) (n int, built bool) {
	occ, oc, empty := p.kernWords(s)
	if len(t.rules) <= maxBulk {
		n = p.kernKeep(s, t, occ, oc, empty)
	} else {
		n, _ = p.kernLeaps(s, t, false, true)
	}
	s.selBulk = s.nbulk >= 0
	return n, false
}

// kernelChainsCounter builds a tier of short jumps with chains from the
// first leaps the kernel found (kernChains).
type kernelChainsCounter struct{}

func (*kernelChainsCounter) name() string { return "kernel-chains" }

func (*kernelChainsCounter) count(p *Program, s *State, t *tier, g *gen, ml *MoveList) (int, bool) {
	occ, oc, empty := p.kernWords(s)
	n := p.kernChains(s, t, ml, occ, oc, empty)
	s.selBulk = false
	return n, true
}

// bulkCounter counts a bulk tier's first leaps on bitsets (firstLeaps).
// In a game with the blockade filter, when no witness of the next
// player's moves avoids the cells they touch, filtered counts them one
// by one.
type bulkCounter struct {
	filtered tierRunner // nil: the game has no blockade filter
}

func (*bulkCounter) name() string { return "bulk" }

func (c *bulkCounter) count(p *Program, s *State, t *tier, g *gen, ml *MoveList) (int, bool) {
	n, touched := p.firstLeaps(s, t, c.filtered != nil, false)
	if n == 0 {
		return 0, false
	}
	if c.filtered == nil || p.nextSurvives(s, touched) {
		s.selBulk = s.nbulk >= 0
		return n, false
	}
	return c.filtered.count(p, s, t, g, ml)
}

// bulkKeeper is bulkCounter keeping the first leaps for selectMove (its
// own body rather than a shared call: a call per ply costs about 1% of
// a playout).
type bulkKeeper struct {
	filtered tierRunner // nil: the game has no blockade filter
}

func (*bulkKeeper) name() string { return "bulk" }

func (c *bulkKeeper) count(p *Program, s *State, t *tier, g *gen, ml *MoveList) (int, bool) {
	n, touched := p.firstLeaps(s, t, c.filtered != nil, true)
	if n == 0 {
		return 0, false
	}
	if c.filtered == nil || p.nextSurvives(s, touched) {
		s.selBulk = s.nbulk >= 0
		return n, false
	}
	return c.filtered.count(p, s, t, g, ml)
}

// wordChainsCounter builds a tier of leaps with chains on several words
// from the sources of the first leaps found on the words (wordsChains).
type wordChainsCounter struct{}

func (*wordChainsCounter) name() string { return "multiword-chains" }

func (*wordChainsCounter) count(p *Program, s *State, t *tier, g *gen, ml *MoveList) (int, bool) {
	s.selBulk = false
	n := p.wordsChains(s, t, g, ml)
	return n, true
}

// walkCounter runs the tier's generators in count mode (after its gate).
type walkCounter struct{ gate tierGate }

func (*walkCounter) name() string { return "generators (count)" }

func (c *walkCounter) count(p *Program, s *State, t *tier, g *gen, ml *MoveList) (int, bool) {
	s.selBulk = false
	if c.gate != nil && !c.gate.open(p, s, t) {
		return 0, false
	}
	g.bind(p, s, nil)
	g.mover, g.found, g.sink, g.sel, g.n = s.toMove, false, sinkCount, -1, 0
	p.runTier(s, t, g)
	return g.n, false
}

// filteredWalkCounter runs the tier's generators in count mode (after
// its gate) in a game with the blockade filter, counting the moves it
// keeps (or all of them when it keeps none).
type filteredWalkCounter struct{ gate tierGate }

func (*filteredWalkCounter) name() string {
	return "generators (count, blockade filter on words)"
}

func (c *filteredWalkCounter) count(p *Program, s *State, t *tier, g *gen, ml *MoveList) (int, bool) {
	s.selBulk = false
	if c.gate != nil && !c.gate.open(p, s, t) {
		return 0, false
	}
	g.bind(p, s, nil)
	g.mover, g.found, g.sink, g.sel = s.toMove, false, sinkCountFiltered, -1
	g.n, g.npass = 0, 0
	p.witnesses(s)
	p.runTier(s, t, g)
	switch {
	case g.n == 0:
		return 0, false
	case g.npass > 0:
		s.selFilt = g.npass < g.n
		return g.npass, false
	}
	return g.n, false
}

// walkLister runs the tier's generators in list mode (after its gate):
// building the moves once is cheaper than counting them, then generating
// again up to the one drawn.
type walkLister struct{ gate tierGate }

func (*walkLister) name() string { return "generators (list)" }

func (c *walkLister) count(p *Program, s *State, t *tier, g *gen, ml *MoveList) (int, bool) {
	s.selBulk = false
	if c.gate != nil && !c.gate.open(p, s, t) {
		return 0, false
	}
	ml.reset()
	g.bind(p, s, ml)
	g.start(s.toMove)
	p.runTier(s, t, g)
	return len(ml.moves), true
}

// tierShape is what the planner learns of a tier while deciding (compile
// time only).
type tierShape struct {
	shifts bool // every rule a shift rule or a plain removal (bulk.go)
	bulk   bool // shifts without chains nor merge: the moves are the first leaps
	// walkChains: kernel-chains or multiword-chains serve it when a
	// playout draws
	kernelChains, wordChains bool
	groups                   bool // every rule a table-driven group rule, or a hop race counted per piece (hop-count)
}

// planTiers decides, for each tier, its gate, runners and touch
// (after the rules, the end and the blockade filter are compiled).
func (p *Program) planTiers() {
	shapes := make([]tierShape, len(p.tiers))
	p.compileBulk(shapes)
	// Playouts walk the chains of a tier from the first leaps the one-word
	// kernel found (a tier with the kernel, not bulk, whose every rule is
	// a short jump with chains not kept in one direction, without the
	// blockade filter), or from those found on several words.
	p.compileChainWalks(shapes, accelKernelChains, (*Program).kernelChainsDeclines, func(sh *tierShape, on bool) { sh.kernelChains = on })
	p.compileChainWalks(shapes, accelMultiwordChains, (*Program).multiwordChainsDeclines, func(sh *tierShape, on bool) { sh.wordChains = on })
	filtered := p.blockade != nil
	countOff := p.off(accelCountPlayouts)
	counts := p.filtersOnWords()
	for ti := range p.tiers {
		t, sh := &p.tiers[ti], &shapes[ti]
		sh.groups = p.groupTier(t) || p.hopCountTier(t)
		if countOff == "" && (sh.bulk || sh.groups) {
			counts = true
		}
		t.gate = nil
		if sh.shifts && !sh.bulk && ti+1 < len(p.tiers) {
			t.gate = &firstLeapGate{}
		}
		t.touch = touchedByMoves
		if sh.bulk {
			t.touch = touchedByFirstLeaps
		}
		var blockade tierRunner
		if filtered {
			blockade = &filteredWalkCounter{}
		}
		counter, drawer := &t.run[modeCount], &t.run[modeDraw]
		switch {
		case t.listed():
			*counter = &listCounter{}
			if !t.merges() {
				*counter = &checkedListCounter{}
			}
			*drawer = *counter
		case sh.bulk && t.kernel != nil && !filtered:
			*counter, *drawer = &kernelCounter{}, &kernelKeeper{}
			if p.selectKept == nil { // (selectBulk serves kernel and bulk tiers)
				p.selectKept = (*Program).selectBulkK
			}
		case sh.bulk:
			*counter, *drawer = &bulkCounter{filtered: blockade}, &bulkKeeper{filtered: blockade}
			p.selectKept = (*Program).selectBulk
		default:
			*counter = &walkCounter{gate: t.gate}
			if filtered {
				*counter = &filteredWalkCounter{gate: t.gate}
			}
			switch {
			case sh.kernelChains:
				*drawer = &kernelChainsCounter{}
			case sh.wordChains && !filtered:
				*drawer = &wordChainsCounter{}
			case filtered || (countOff == "" && sh.groups):
				*drawer = *counter
			default:
				*drawer = &walkLister{gate: t.gate}
			}
		}
	}
	p.playout = playoutByList{}
	if countOff != "" {
		p.declineFor(scopeProgram, 0, accelCountPlayouts, countOff)
	} else if counts {
		p.playout = playoutByCount{}
	}
	p.compileStepPlayouts()
}

// touchedByMoves returns the cells the moves of ml may change.
func touchedByMoves(p *Program, s *State, t *tier, ml *MoveList) uint64 {
	var touched uint64
	for _, m := range ml.moves {
		touched |= p.touched(&p.rules[m.rule], ml.arena[m.off:m.off+m.n])
	}
	return touched
}

// touchedByFirstLeaps returns the cells the moves of a bulk tier may
// change, found with its first leaps on bitsets.
func touchedByFirstLeaps(p *Program, s *State, t *tier, ml *MoveList) uint64 {
	_, touched := p.firstLeaps(s, t, true, false)
	return touched
}

// runs names what runs for tier t in each mode, for the plan.
func (t *tier) runs() string {
	var b strings.Builder
	b.WriteString("count: " + t.run[modeCount].name() + "; draw: " + t.run[modeDraw].name())
	if t.gate != nil {
		b.WriteString("; gate: " + t.gate.name())
	}
	if t.listed() {
		b.WriteString("; tidy: " + strings.Join(t.tidyNames(), ", "))
	}
	return b.String()
}
