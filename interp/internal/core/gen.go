package core

import (
	"github.com/ruleplay/ruleplay/ir"
)

// MoveList is a reusable buffer of moves, refilled by Legal. The zero value
// is ready to use; once its buffers have grown, refilling it allocates
// nothing.
type MoveList struct {
	Moves []Mv
	Arena []uint32 // paths: start cell, then landing | dir<<16 per leap
	hash  []int32  // deduplication scratch
	seen  []uint64 // deduplication of short moves (dedupShort)
}

// Mv is one move: its path is arena[off:off+n]; rule -1 is a pass,
// RuleSwap the swap (turns.go).
type Mv struct {
	Off  int32
	N    int32
	Rule int32
	ends int32 // moves named by their ends: arena offset of [k, captured cells...] appended to the text (0: none; ends.go)
}

// Len returns the number of moves in the list.
func (ml *MoveList) Len() int { return len(ml.Moves) }

func (ml *MoveList) Reset() {
	ml.Moves = ml.Moves[:0]
	ml.Arena = ml.Arena[:0]
}

// Gen is the state of one move generation run.
type Gen struct {
	P     *Program
	S     *State
	List  *MoveList // nil when only existence or the number of moves is asked
	R     *Rule
	Mover int
	// sink: what the run does with the moves it finds, chosen by its
	// caller before the run (sinkList, sinkExists, sinkCount, ...)
	Sink sink
	// found: the run is over: a move exists (sinkExists), or the move
	// selected was written (sinkSelect)
	Found bool
	// leaps counts the leaps taking nothing in chains since bind, up to
	// maxLeaps (Config.MaxLeaps: revisits stops the generation past it)
	leaps, maxLeaps int
	// sinkCount: n counts the moves; SinkCountFiltered: Passed counts
	// those after which the next player still has a move (the blockade
	// filter, checked on occupancy words: blockade-words). sinkSelect: n
	// counts the moves (sinkSelectFiltered: only those the filter keeps)
	// and move number sel is written to out, which stops the generation
	// (found); sel is -1 in the other sinks.
	N, Passed int
	Sel       int
	Out       *MoveList
	Piece     uint16
	Over      []uint8 // the rule's condition tables for the mover
	Onto      []uint8
	Stride    int
	Dirs      []int32
	ctx       *Ectx

	// one-word boards with shift rules: the bitsets of markShift (all
	// pieces, cells satisfying Over, cells satisfying Onto) and whether Over
	// and Onto accept an empty cell (oe, ee) or the moving piece (op, ep).
	WordOcc, WordOver, WordOnto uint64
	// markShift on one word: the number of first leaps (source, direction)
	// of every selected owner's piece (-1 when unknown), and per direction
	// (index into the mover's dirs) the sources of those leaps
	Firsts     int
	DirSources [32]uint64
	W          [MaxSlots]uint64 // shiftWords: the occupancy words per slot
	One        bool             // markShift ran on one word (shiftWords)
	// markShift on one word: per direction index, its shift and valid mask
	// (leaps of the rule's length)
	Nds                                        int
	Dsh                                        [32]int
	Dval                                       [32]uint64
	Lands                                      []uint64 // the rule's lands for the mover
	OverEmpty, OntoEmpty, OverPiece, OntoPiece uint64
	// mbFew: per mailbox slot, whether a chain may go on from it after a
	// first leap onto it (written for every landing cell before it is
	// read), and the first leaps found from the landing cells
	Near [MbSlots / 64]uint64
	Keys []uint64
	// pre: the sources of the rule's first leaps, found before the
	// generator runs (wordsChains): fastLeaps walks them rather than
	// finding them again (nil: not known)
	Pre []uint64
}

// Bind sets the program, state and move list of g, storing only what
// changes (a pointer store costs a write barrier while the collector runs).
func (g *Gen) Bind(p *Program, s *State, ml *MoveList) {
	g.leaps, g.maxLeaps = 0, p.MaxLeaps
	if g.P != p {
		g.P = p
	}
	if g.S != s {
		g.S = s
	}
	if g.List != ml {
		g.List = ml
	}
}

// Start readies g, bound to its list, for a run for mover that lists
// the moves (sinkList) or, without a list, stops at the first
// (sinkExists).
func (g *Gen) Start(mover int) {
	g.Mover, g.Found, g.Sel = mover, false, -1
	g.Sink = SinkExists
	if g.List != nil {
		g.Sink = sinkList
	}
}

// StartSelect readies g (bound without a list) for a run for mover that
// writes move number i to ml (among those the blockade filter keeps,
// with filtered).
func (g *Gen) StartSelect(mover, i int, ml *MoveList, filtered bool) {
	g.Mover, g.Found, g.Sel, g.Out, g.N = mover, false, i, ml, 0
	g.Sink = sinkSelect
	if filtered {
		g.Sink = sinkSelectFiltered
	}
}

// sink is what a generation run does with the moves it finds (gen.sink).
type sink uint8

const (
	sinkList           sink = iota // append them to g.list
	SinkExists                     // stop at the first (found)
	SinkCount                      // count them (n)
	sinkSelect                     // count them up to number sel, written to out
	SinkCountFiltered              // sinkCount, and count in Passed those the blockade filter keeps
	sinkSelectFiltered             // sinkSelect among the moves the blockade filter keeps
)

// Counts tells whether the sink counts the moves (count or select).
func (k sink) Counts() bool { return k >= SinkCount }

// filtered tells whether the sink asks the blockade filter of each move.
func (k sink) filtered() bool { return k >= SinkCountFiltered }

// CountsAll tells whether the sink counts every move (count or select
// without the blockade filter).
func (k sink) CountsAll() bool { return k == SinkCount || k == sinkSelect }

// tally counts the move of the current path (s.path) in a counting sink;
// it reports whether it is the move selected (then found is set).
func (g *Gen) tally() bool {
	switch g.Sink {
	case SinkCount:
		g.N++
		return false
	case SinkCountFiltered:
		g.N++
		if g.P.Blockade.Keeps(g.P, g.S, g.R, g.S.Path) {
			g.Passed++
		}
		return false
	case sinkSelectFiltered:
		if !g.P.Blockade.Keeps(g.P, g.S, g.R, g.S.Path) {
			return false
		}
	}
	g.N++
	if g.N-1 == g.Sel {
		g.Found = true
		return true
	}
	return false
}

// Skip tells whether, in a counting sink without the filter, cnt moves
// can be counted without being generated one by one (sinkSelect: the
// move selected is not among them); it counts them.
func (g *Gen) Skip(cnt int) bool {
	if g.Sink.filtered() || (g.Sink == sinkSelect && g.N+cnt > g.Sel) {
		return false
	}
	g.N += cnt
	return true
}

// Emit records the current path (s.path) as a move.
func (g *Gen) Emit() {
	ml := g.List
	if ml == nil {
		if g.Sink == SinkExists {
			g.Found = true
			return
		}
		if !g.tally() {
			return
		}
		ml = g.Out
	}
	path := g.S.Path
	off, nm := len(ml.Arena), len(ml.Moves)
	if cap(ml.Arena)-off < len(path) || cap(ml.Moves) == nm {
		if off+len(path) > MaxArena {
			panic(g.limitError("words of move paths", MaxArena))
		}
		ml.Moves = append(ml.Moves, Mv{Off: int32(off), N: int32(len(path)), Rule: int32(g.R.Idx)})
		ml.Arena = append(ml.Arena, path...)
		return
	}
	// Room for both: a short path is copied word by word (no call).
	ml.Moves = ml.Moves[:nm+1]
	ml.Moves[nm] = Mv{Off: int32(off), N: int32(len(path)), Rule: int32(g.R.Idx)}
	dst := ml.Arena[off : off+len(path)]
	path = path[:len(dst)]
	for i := range dst {
		dst[i] = path[i]
	}
	ml.Arena = ml.Arena[:off+len(path)]
}

// EmitFirst is emit for the path of a first leap, start cell c and landing
// entry e, which s.path need not hold: in list mode, with room in both
// buffers, it is written in place.
func (g *Gen) EmitFirst(c, e uint32) {
	if ml := g.List; ml != nil {
		off, nm := len(ml.Arena), len(ml.Moves)
		if cap(ml.Arena)-off >= 2 && cap(ml.Moves) > nm {
			ml.Moves = ml.Moves[:nm+1]
			ml.Moves[nm] = Mv{Off: int32(off), N: 2, Rule: int32(g.R.Idx)}
			ml.Arena = ml.Arena[:off+2]
			ml.Arena[off], ml.Arena[off+1] = c, e
			return
		}
	}
	s := g.S
	s.Path = append(s.Path[:0], c, e)
	g.Emit()
}

func (p *Program) GuardCtx(s *State) *Ectx {
	c := &s.ectx
	if c.P != p { // (no write barrier when nothing changes)
		c.P = p
	}
	if c.S != s {
		c.S = s
	}
	c.Own, c.Opp = s.Mover, p.After(s.Mover)
	c.winner, c.loser = 0, 0
	c.Cell, c.Code = 0, 0
	return c
}

// TurnStartGoal tells whether a turn-start goal holds for the player to
// move (the first that holds decides), and whether it makes them lose.
func (p *Program) TurnStartGoal(s *State) (hit, lose bool) {
	if len(p.GoalsStart) == 0 {
		return false, false
	}
	c := p.GuardCtx(s)
	for _, gl := range p.GoalsStart {
		if gl.F(c) != 0 {
			return true, gl.Lose
		}
	}
	return false, false
}

// Legal fills ml with the legal moves of s (empty when the game is over).
// Order is deterministic: rule order within the chosen priority tier, then
// the moving piece's cell index, then direction order, then chain DFS (a
// prefix before its extensions). Identical texts are one move. When the
// rules' NoMove outcome is OutcomePass and there is no other move, the list
// holds the single move "pass". Where the swap is offered (turns.go) and
// the list is not empty, the move "swap" comes last.
func (p *Program) Legal(s *State, ml *MoveList) {
	ml.Reset()
	if s.End != EndNone {
		return
	}
	if hit, _ := p.TurnStartGoal(s); hit {
		return
	}
	p.Candidates(s, ml, &s.Gen)
	switch {
	case len(ml.Moves) == 0:
		if p.NoMove != ir.OutcomePass {
			return
		}
		ml.Moves = append(ml.Moves, Mv{Rule: -1})
	case p.Blockade != nil:
		p.Blockade.Filter(p, s, ml, &p.Tiers[s.tier])
	}
	if p.SwapOffered(s) {
		ml.Moves = append(ml.Moves, Mv{Rule: RuleSwap})
	}
}

// Candidates fills ml with the moves of the first tier that has any (ml ==
// nil: only tells whether there is one), with g in list (or existence)
// mode; s.tier is that tier when ml is filled.
//
// The walk over the priority tiers, in order, until one has a move: in
// list and existence mode listTier (the tier's gate, its generators,
// then its tidy steps); countMoves walks the same way with each tier's
// stored counter or drawer (tier.run). The loop is written in both
// rather than called: a call per ply costs about 1% of a playout on
// the bundled games of captures and races. The other walk over the
// tiers, firstTierCount, counts positions that are not in a State (the
// occupancy words after a move not played, the mailbox), which the
// runners cannot read.
func (p *Program) Candidates(s *State, ml *MoveList, g *Gen) bool {
	g.Bind(p, s, ml)
	g.Start(s.Mover)
	for ti := range p.Tiers {
		t := &p.Tiers[ti]
		if p.listTier(s, t, g, ml) {
			if ml != nil {
				s.tier = ti
			}
			return true
		}
	}
	return false
}

// RunTier runs the generators of the rules of tier t whose guard holds,
// in rule order, in g's mode; it reports whether g found what it looks
// for (a move, in existence mode; the move selected, in select mode).
// Every walk over the priority tiers goes through it.
func (p *Program) RunTier(s *State, t *Tier, g *Gen) bool {
	for _, ri := range t.Rules {
		r := &p.Rules[ri]
		if !p.GuardOK(s, r) {
			continue
		}
		g.R = r
		p.RunGen(g)
		if g.Found {
			return true
		}
	}
	return false
}

// FirstTierCount is the priority walk of counters that see the position
// in a representation of their own (occupancy words after a move not
// played, the mailbox): it walks the tiers in order and returns the
// first nonzero total of count over the rules of a tier whose guard
// holds (guard tells).
func (p *Program) FirstTierCount(guard func(ri int) bool, count func(r *Rule) int) int {
	for ti := range p.Tiers {
		n := 0
		for _, ri := range p.Tiers[ti].Rules {
			if guard(ri) {
				n += count(&p.Rules[ri])
			}
		}
		if n > 0 {
			return n
		}
	}
	return 0
}

// Path entry flags of group moves: the capture flag on the destination
// entry, the tail flag on the third entry (groups of more than one stone).
const (
	FlagCapture = 1 << 30
	FlagTail    = 1 << 31
	DirMask     = 1<<14 - 1
)

// GuardOK tells whether rule r's guard (rule.when) allows its moves in s.
func (p *Program) GuardOK(s *State, r *Rule) bool {
	return r.When == nil || p.GuardHolds(s, r)
}

// GuardHolds evaluates rule r's guard in s (rule.guardTest).
func (p *Program) GuardHolds(s *State, r *Rule) bool {
	return r.GuardTest.holds(p, s, r)
}

// ruleGuard is how a rule's guard is decided (rule.guardTest).
type ruleGuard struct {
	holds func(p *Program, s *State, r *Rule) bool
	// unit: the accelerator that chose it (accelCount: the core's)
	Unit Accel
}

var (
	// GuardByExpr evaluates the guard's compiled expression.
	GuardByExpr = ruleGuard{holds: func(p *Program, s *State, r *Rule) bool {
		return r.When(p.GuardCtx(s)) != 0
	}, Unit: AccelCount}
	// guardByTurns: a guard on the turn number alone is a range test,
	// without the expression's closures (turn-guards).
	GuardByTurns = ruleGuard{holds: func(p *Program, s *State, r *Rule) bool {
		return uint32(s.Turns[s.Mover]+1-r.TurnLo) <= r.TurnSpan
	}, Unit: AccelTurnGuards}
)

// Ends returns the start cell and the last landing cell of move i (-1,
// -1 for a pass): with the rule, what tells the moves of a position
// apart for the heuristics of a search.
func (ml *MoveList) Ends(i int) (from, to int) {
	m := ml.Moves[i]
	if m.Rule < 0 || m.N == 0 {
		return -1, -1
	}
	return int(ml.Arena[m.Off] & 0xffff), int(ml.Arena[m.Off+m.N-1] & 0xffff)
}

// Keep leaves move i alone in the list, as move 0.
func (ml *MoveList) Keep(i int) {
	ml.Moves[0] = ml.Moves[i]
	ml.Moves = ml.Moves[:1]
}
