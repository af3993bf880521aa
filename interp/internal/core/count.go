package core

import (
	"github.com/ruleplay/ruleplay/ir"
)

// Counting and selecting moves.
//
// Perft's last ply only needs the number of moves, and a random playout
// only one move drawn among them. Generators have a count mode (the
// sink counts what emit gives) and a select mode (it counts and keeps
// move i alone); both give Legal's numbers and order exactly. Each tier
// runs the counter and the drawer the planner stored for it (Tier.Run):
// the core's own run the tier's generators in count mode
// (WalkCounter), or list the moves once (WalkLister, CheckedListCounter)
// where a tidy step (dedup, merge by ends, the majority) needs them
// built; the accelerators' count on occupancy words, tables or the
// mailbox without building moves (interp/internal/accel: bulk.go,
// bulk1.go, strat_group.go, hop_count.go, mailbox.go, each file opening
// with the class it serves). RandomPlayout draws with the Program's
// stored playout drawer; either way it plays the game of the loop Legal,
// rng.IntN, Apply for the same generator. Counters that see the position
// in a representation of their own (the occupancy words after a move not
// played, the mailbox) walk the tiers with firstTierCount.
//
// The blockade filter (ir.NoBlockade) asks, for every candidate, whether
// the next player has a candidate move afterwards. The core plays the
// move, asks the next player's candidates (existence mode) and takes it
// back (BlockadeByPlaying); the Program's stored filter may instead count
// the moves with it (Prepare, then Keeps per move in the filtered sinks:
// blockade-words, accel/blockade_words.go).

// MaxSlots bounds the occupancy slots (players + neutral) of blockade-words.
const MaxSlots = 8

// walkLeaps: selectLeap walks the sources of at most this many leaps.
const WalkLeaps = 12

// PlainRemoval tells whether a removal rule has no condition but whose
// pieces it takes (Who).
func (r *Rule) PlainRemoval() bool {
	return r.Action == ir.Remove && r.KindOK == nil && r.From == nil && r.Onto == nil
}

// CountLegal returns the number of legal moves of s (Legal's length),
// building them in ml only when it must. Where the swap is offered
// (turns.go) and there is a move, the swap is counted last (and, when
// the moves were built, is the last move of ml, as in Legal's list).
func (p *Program) CountLegal(s *State, ml *MoveList) int {
	n, built := p.CountRuleMoves(s, ml, false)
	if p.SwapPly != 0 && n > 0 && p.SwapOffered(s) {
		switch {
		case !built:
			n++
		case ml.Moves[n-1].Rule != RuleSwap: // (Legal's list has it)
			ml.Moves = append(ml.Moves, Mv{Rule: RuleSwap})
			n++
		}
	}
	return n
}

// CountRuleMoves returns the number of legal moves of s, the swap left
// out where the moves are not built (the count-playouts drawer lists the
// moves of the swap's ply instead); built tells that they had to
// be built: ml holds Legal's list. Otherwise s.tier is the tier of the
// moves (-1: the one move is a pass) and s.SelFiltered tells whether the
// blockade filter drops some of them; selecting keeps what SelectMove
// needs, and builds the moves of a tier that is not bulk (building them
// once is cheaper than counting them, then generating again up to the
// one drawn).
func (p *Program) CountRuleMoves(s *State, ml *MoveList, selecting bool) (n int, built bool) {
	if s.End != EndNone {
		return 0, false
	}
	if len(p.GoalsStart) > 0 {
		if hit, _ := p.TurnStartGoal(s); hit {
			return 0, false
		}
	}
	if p.Blockade != nil && !p.Blockade.Prepare(p, s) {
		p.Legal(s, ml)
		return len(ml.Moves), true
	}
	s.SelFiltered = false
	m := ModeCount
	if selecting {
		m = ModeDraw
	}
	// (candidates' walk over the tiers, with the counters or drawers)
	for ti := range p.Tiers {
		t := &p.Tiers[ti]
		if n, built = t.Run[m].Count(p, s, t, &s.Gen, ml); n > 0 {
			s.tier = ti
			return n, built
		}
	}
	return p.noTierMove(s)
}

// noTierMove is countMoves when no tier has a move: a pass, or none.
func (p *Program) noTierMove(s *State) (n int, built bool) {
	s.tier = -1
	if p.NoMove == ir.OutcomePass {
		return 1, false
	}
	return 0, false
}

// SelectMove fills ml with move i alone of the moves countMoves counted
// (not built) in s, in Legal's order.
func (p *Program) SelectMove(s *State, ml *MoveList, i int) {
	ml.Reset()
	if s.tier < 0 {
		ml.Moves = append(ml.Moves, Mv{Rule: -1})
		return
	}
	if s.SelBulk {
		p.SelectKept(p, s, ml, i)
		return
	}
	g := &s.Gen
	g.Bind(p, s, nil)
	g.StartSelect(s.Mover, i, ml, s.SelFiltered)
	p.RunTier(s, &p.Tiers[s.tier], g)
	g.Out = nil
}
