package core

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

type Tier struct {
	Rules []int // indices into Program.rules, ascending
	// tidy: what list mode does, in order, once the generators filled
	// the tier's list (empty: nothing); a tier with a tidy step is
	// listed in every mode
	Tidy []listStep
	// gate: asked before the tier's generators run, it tells that the
	// tier has no move (nil: none)
	Gate TierGate
	// run: per mode, what runs for the tier in countMoves: the counter
	// (perft's last ply), the drawer (when a playout will draw one); in
	// list and existence mode every tier runs listTier
	Run [modes]TierRunner
	// Touch returns the cells the moves of ml (the tier's) may change,
	// for the blockade filter on words (accel.TouchedByMoves, or by the first
	// leaps on bitsets: touchedByFirstLeaps)
	Touch func(p *Program, s *State, t *Tier, ml *MoveList) uint64
	// kernel: the tier's rules flattened per mover for the one-word
	// kernel (bulk1.go); nil when some rule does not fit it
	Kernel [][]KernGroup
	// kernelPairs: kernel with the rules that can be made pairs paired
	// (bulk1.go), for the existence test and counting without keeping
	// the moves
	KernelPairs [][]KernGroup
}

// listStep is a step of list mode after a tier's generators ran.
type listStep interface {
	name() string
	apply(p *Program, s *State, ml *MoveList)
}

// TierGate tells, before a tier's generators run, whether it may have a
// move.
type TierGate interface {
	Name() string
	Open(p *Program, s *State, t *Tier) bool
}

// mode is what a walk over the tiers asks each (candidates, countMoves).
type mode uint8

const (
	ModeCount mode = iota // the number of moves (list and existence mode: listTier)
	ModeDraw              // their number, keeping what selectMove needs
	modes                 // the number of modes
)

// TierRunner runs one mode for tier t and the player to move in s: n the
// number of moves (0: the tier has none, the next tier is asked), built
// when they are built in ml (Legal's list). Unless built, s.selBulk and
// s.SelFiltered tell selectMove where the moves are.
type TierRunner interface {
	Name() string
	Count(p *Program, s *State, t *Tier, g *Gen, ml *MoveList) (n int, built bool)
}

// listTier is list (ml nil: existence) mode for tier t, with g bound by
// the caller (candidates): the gate, the rules' generators in g's mode,
// then, when ml has moves, the tidy steps (narrowed before the merge:
// texts carry captured cells only where legal moves share ends). It
// tells whether the tier has a move. Every tier lists this way: the
// accelerators serve the gate, the generators and counting.
func (p *Program) listTier(s *State, t *Tier, g *Gen, ml *MoveList) bool {
	if t.Gate != nil && !t.Gate.Open(p, s, t) {
		return false
	}
	if p.RunTier(s, t, g) {
		return true // (existence)
	}
	if ml == nil || len(ml.Moves) == 0 {
		return false
	}
	for _, st := range t.Tidy {
		st.apply(p, s, ml)
	}
	return true
}

// Listed tells whether the tier's moves are built as a list in every mode
// (it has a tidy step).
func (t *Tier) Listed() bool { return len(t.Tidy) > 0 }

// Merges tells whether the tier's list is merged by ends or deduplicated
// (a tidy step other than the narrowing to the most captures).
func (t *Tier) Merges() bool {
	for _, st := range t.Tidy {
		if _, ok := st.(*NarrowStep); !ok {
			return true
		}
	}
	return false
}

// tidyNames names the tier's tidy steps.
func (t *Tier) tidyNames() []string {
	out := make([]string, len(t.Tidy))
	for i, st := range t.Tidy {
		out[i] = st.name()
	}
	return out
}

// NarrowStep keeps the moves capturing the most (majority.go, jumping.go).
type NarrowStep struct {
	How  string
	Keep func(p *Program, s *State, ml *MoveList)
}

func (n *NarrowStep) name() string                             { return "most captures (" + n.How + ")" }
func (n *NarrowStep) apply(p *Program, s *State, ml *MoveList) { n.Keep(p, s, ml) }

// MergeEndsStep merges the moves named by their ends (ends.go).
type MergeEndsStep struct{}

func (*MergeEndsStep) name() string                             { return "merged by ends" }
func (*MergeEndsStep) apply(p *Program, s *State, ml *MoveList) { p.mergeEnds(s, ml) }

// DedupStep drops the moves whose text an earlier one has (dedup.go).
type DedupStep struct{}

func (*DedupStep) name() string                             { return "deduplicated" }
func (*DedupStep) apply(p *Program, s *State, ml *MoveList) { p.dedup(ml) }

// ListCounter builds the tier's list (Legal) and counts it: its moves are
// tidied in list mode.
type ListCounter struct{}

func (*ListCounter) Name() string { return "listed" }

func (*ListCounter) Count(p *Program, s *State, t *Tier, g *Gen, ml *MoveList) (int, bool) {
	p.Legal(s, ml)
	return len(ml.Moves), true
}

// CheckedListCounter is listCounter asking Legal only when the tier's
// generators find a move (a tier narrowed to the most captures, whose
// list is never empty when they do).
type CheckedListCounter struct{}

func (*CheckedListCounter) Name() string { return "listed when it has a move" }

func (*CheckedListCounter) Count(p *Program, s *State, t *Tier, g *Gen, ml *MoveList) (int, bool) {
	if !p.tierHasMove(s, t) {
		return 0, false
	}
	p.Legal(s, ml)
	return len(ml.Moves), true
}

// WalkCounter runs the tier's generators in count mode (after its gate).
type WalkCounter struct{ Gate TierGate }

func (*WalkCounter) Name() string { return "generators (count)" }

func (c *WalkCounter) Count(p *Program, s *State, t *Tier, g *Gen, ml *MoveList) (int, bool) {
	s.SelBulk = false
	if c.Gate != nil && !c.Gate.Open(p, s, t) {
		return 0, false
	}
	g.Bind(p, s, nil)
	g.Mover, g.Found, g.Sink, g.Sel, g.N = s.Mover, false, SinkCount, -1, 0
	p.RunTier(s, t, g)
	return g.N, false
}

// WalkLister runs the tier's generators in list mode (after its gate):
// building the moves once is cheaper than counting them, then generating
// again up to the one drawn.
type WalkLister struct{ Gate TierGate }

func (*WalkLister) Name() string { return "generators (list)" }

func (c *WalkLister) Count(p *Program, s *State, t *Tier, g *Gen, ml *MoveList) (int, bool) {
	s.SelBulk = false
	if c.Gate != nil && !c.Gate.Open(p, s, t) {
		return 0, false
	}
	ml.Reset()
	g.Bind(p, s, ml)
	g.Start(s.Mover)
	p.RunTier(s, t, g)
	return len(ml.Moves), true
}

// TierShape is what the planner learns of a tier while deciding (compile
// time only).
type TierShape struct {
	Shifts bool // every rule a shift rule or a plain removal (bulk.go)
	Bulk   bool // shifts without chains nor merge: the moves are the first leaps
	// walkChains: kernel-chains or multiword-chains serve it when a
	// playout draws
	KernelChains, WordChains bool
	Groups                   bool // every rule a table-driven group rule, or a hop race counted per piece (hop-count)
}

// Runs names what runs for tier t in each mode, for the plan.
func (t *Tier) Runs() string {
	var b strings.Builder
	b.WriteString("count: " + t.Run[ModeCount].Name() + "; draw: " + t.Run[ModeDraw].Name())
	if t.Gate != nil {
		b.WriteString("; gate: " + t.Gate.Name())
	}
	if t.Listed() {
		b.WriteString("; tidy: " + strings.Join(t.tidyNames(), ", "))
	}
	return b.String()
}
