package core

// Program-wide choices, stored as values. Compile decides once how perft
// counts its last two plies, how the no-blockade filter is decided and
// how a playout draws its moves; the run time calls the stored value and
// the plan (vet --explain) prints its name.

import "math/rand/v2"

// lastTwoPlies counts perft's last two plies from s (perft(2)) without
// playing the last ply or the one before it.
type lastTwoPlies interface {
	Name() string
	Unit() Accel // the accelerator that serves it
	PerftTwo(p *Program, s *State, ml *MoveList) uint64
}

// CountsOnWords tells whether perft counts its last two plies on
// occupancy words (words-perft).
func (p *Program) CountsOnWords() bool {
	return p.LastTwo != nil && p.LastTwo.Unit() == AccelWordsPerft
}

// blockadeFilter decides the no-blockade filter (ir.NoBlockade): the moves
// after which the next player has none are dropped, unless that drops
// them all. A Program without the filter stores nil.
type blockadeFilter interface {
	Name() string
	Unit() Accel // the accelerator that serves it (accelCount: the core)
	// filter drops the moves of ml (tier t's) after which the next player
	// has no move, unless that drops them all.
	Filter(p *Program, s *State, ml *MoveList, t *Tier)
	// Prepare readies the filter for the moves of s to be counted with
	// it (the filtered sinks), or reports false: the moves must be
	// listed and filtered.
	Prepare(p *Program, s *State) bool
	// Keeps tells whether the next player has a move after the move of
	// rule r with this path (the filtered sinks, after Prepare).
	Keeps(p *Program, s *State, r *Rule, path []uint32) bool
}

// BlockadeByPlaying plays each move and asks the next player's
// candidates (existence mode), then takes it back.
type BlockadeByPlaying struct{}

func (BlockadeByPlaying) Name() string { return "each move played, the next player's moves asked" }
func (BlockadeByPlaying) Unit() Accel  { return AccelCount }

// Prepare reports false: the moves are listed, then filtered.
func (BlockadeByPlaying) Prepare(*Program, *State) bool { return false }

// Keeps is never asked (Prepare reports false).
func (BlockadeByPlaying) Keeps(*Program, *State, *Rule, []uint32) bool { return true }

func (BlockadeByPlaying) Filter(p *Program, s *State, ml *MoveList, t *Tier) {
	k := 0
	for i := range ml.Moves {
		p.DoMove(s, ml, ml.Moves[i], true)
		ok := p.Candidates(s, nil, &s.Ax().Nested)
		p.Undo(s)
		if ok {
			ml.Moves[k] = ml.Moves[i]
			k++
		}
	}
	if k > 0 {
		ml.Moves = ml.Moves[:k]
	}
}

// FiltersOnWords tells whether the blockade filter is decided on
// occupancy words (blockade-words).
func (p *Program) FiltersOnWords() bool {
	return p.Blockade != nil && p.Blockade.Unit() == AccelBlockadeWords
}

// PlayoutDrawer plays RandomPlayout's loop: uniformly random legal moves
// from s until the game is over or maxPlies plies have been played.
type PlayoutDrawer interface {
	Name() string
	Unit() Accel // the accelerator that serves it (accelCount: the core)
	Play(p *Program, s *State, rng *rand.Rand, ml *MoveList, maxPlies int) (plies int)
}

// PlayoutByList builds the legal moves and draws one: generating them
// once is cheaper than counting them and generating again up to the one
// drawn.
type PlayoutByList struct{}

func (PlayoutByList) Name() string { return "legal list, then one drawn" }
func (PlayoutByList) Unit() Accel  { return AccelCount }

func (PlayoutByList) Play(p *Program, s *State, rng *rand.Rand, ml *MoveList, maxPlies int) (plies int) {
	for maxPlies <= 0 || plies < maxPlies {
		p.Legal(s, ml)
		if len(ml.Moves) == 0 {
			break
		}
		p.Apply(s, ml, rng.IntN(len(ml.Moves)))
		plies++
	}
	return plies
}

// CountsPlayouts tells whether playouts count the moves and build the one
// drawn (count-playouts).
func (p *Program) CountsPlayouts() bool {
	return p.Playout != nil && p.Playout.Unit() == AccelCountPlayouts
}
