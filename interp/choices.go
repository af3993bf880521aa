package interp

// Program-wide choices, stored as values. Compile decides once how perft
// counts its last two plies, how the no-blockade filter is decided and
// how a playout draws its moves; the run time calls the stored value and
// the plan (vet --explain) prints its name.

import "math/rand/v2"

// lastTwoPlies counts perft's last two plies from s (perft(2)) without
// playing the last ply or the one before it.
type lastTwoPlies interface {
	name() string
	unit() accel // the accelerator that serves it
	perftTwo(p *Program, s *State, ml *MoveList) uint64
}

// wordsPerft counts each move's replies on the occupancy words after it,
// without playing it (words-perft, count.go).
type wordsPerft struct{}

func (wordsPerft) name() string { return "last two plies counted on occupancy words" }
func (wordsPerft) unit() accel  { return accelWordsPerft }

func (wordsPerft) perftTwo(p *Program, s *State, ml *MoveList) uint64 {
	p.Legal(s, ml)
	if len(ml.moves) == 0 || (p.limit > 0 && s.ply+1 >= p.limit) {
		return 0
	}
	p.nextGuards(s)
	var w [maxSlots]uint64
	var n uint64
	for _, m := range ml.moves {
		p.afterMove(s, &p.rules[m.rule], ml.arena[m.off:m.off+m.n], &w)
		n += uint64(p.countWords(s, &w))
	}
	return n
}

// mailboxPerft plays each move on the mailbox alone and counts the
// replies there (mailbox-perft, mailbox.go).
type mailboxPerft struct{}

func (mailboxPerft) name() string { return "depth 2 played on the mailbox, last ply counted there" }
func (mailboxPerft) unit() accel  { return accelMailboxPerft }

func (mailboxPerft) perftTwo(p *Program, s *State, ml *MoveList) uint64 {
	if s.end != endNone || (p.limit > 0 && s.ply+1 >= p.limit) {
		return 0
	}
	p.nextGuards(s)
	return p.mailboxPerftTwo(s)
}

// countsOnWords tells whether perft counts its last two plies on
// occupancy words (words-perft).
func (p *Program) countsOnWords() bool {
	return p.lastTwo != nil && p.lastTwo.unit() == accelWordsPerft
}

// blockadeFilter decides the no-blockade filter (ir.NoBlockade): the moves
// after which the next player has none are dropped, unless that drops
// them all. A Program without the filter stores nil.
type blockadeFilter interface {
	name() string
	unit() accel // the accelerator that serves it (accelCount: the core)
	// filter drops the moves of ml (tier t's) after which the next player
	// has no move, unless that drops them all.
	filter(p *Program, s *State, ml *MoveList, t *tier)
}

// blockadeByPlaying plays each move and asks the next player's
// candidates (existence mode), then takes it back.
type blockadeByPlaying struct{}

func (blockadeByPlaying) name() string { return "each move played, the next player's moves asked" }
func (blockadeByPlaying) unit() accel  { return accelCount }

func (blockadeByPlaying) filter(p *Program, s *State, ml *MoveList, t *tier) {
	k := 0
	for i := range ml.moves {
		p.doMove(s, ml, ml.moves[i], true)
		ok := p.candidates(s, nil, &s.ax().nested)
		p.Undo(s)
		if ok {
			ml.moves[k] = ml.moves[i]
			k++
		}
	}
	if k > 0 {
		ml.moves = ml.moves[:k]
	}
}

// blockadeOnWords decides the filter on the occupancy words after each
// move, computed from its path without playing it (blockade-words,
// count.go).
type blockadeOnWords struct{}

func (blockadeOnWords) name() string { return "decided on occupancy words" }
func (blockadeOnWords) unit() accel  { return accelBlockadeWords }

func (blockadeOnWords) filter(p *Program, s *State, ml *MoveList, t *tier) {
	p.nextGuards(s)
	if p.nextSurvives(s, t.touch(p, s, t, ml)) {
		return // no move is filtered out
	}
	p.witnesses(s)
	k := 0
	for i := range ml.moves {
		m := ml.moves[i]
		if p.keepsMove(s, &p.rules[m.rule], ml.arena[m.off:m.off+m.n]) {
			ml.moves[k] = ml.moves[i]
			k++
		}
	}
	if k > 0 {
		ml.moves = ml.moves[:k]
	}
}

// filtersOnWords tells whether the blockade filter is decided on
// occupancy words (blockade-words).
func (p *Program) filtersOnWords() bool {
	return p.blockade != nil && p.blockade.unit() == accelBlockadeWords
}

// playoutDrawer plays RandomPlayout's loop: uniformly random legal moves
// from s until the game is over or maxPlies plies have been played.
type playoutDrawer interface {
	name() string
	unit() accel // the accelerator that serves it (accelCount: the core)
	play(p *Program, s *State, rng *rand.Rand, ml *MoveList, maxPlies int) (plies int)
}

// playoutByList builds the legal moves and draws one: generating them
// once is cheaper than counting them and generating again up to the one
// drawn.
type playoutByList struct{}

func (playoutByList) name() string { return "legal list, then one drawn" }
func (playoutByList) unit() accel  { return accelCount }

func (playoutByList) play(p *Program, s *State, rng *rand.Rand, ml *MoveList, maxPlies int) (plies int) {
	for maxPlies <= 0 || plies < maxPlies {
		p.Legal(s, ml)
		if len(ml.moves) == 0 {
			break
		}
		p.Apply(s, ml, rng.IntN(len(ml.moves)))
		plies++
	}
	return plies
}

// playoutByCount counts the moves (each tier's drawer) and builds the one
// drawn (count-playouts).
type playoutByCount struct{}

func (playoutByCount) name() string { return "count, then build the one drawn" }
func (playoutByCount) unit() accel  { return accelCountPlayouts }

func (playoutByCount) play(p *Program, s *State, rng *rand.Rand, ml *MoveList, maxPlies int) (plies int) {
	for maxPlies <= 0 || plies < maxPlies {
		n, built := p.countMoves(s, ml, true)
		if n == 0 {
			break
		}
		i := rng.IntN(n)
		if !built {
			p.selectMove(s, ml, i)
			i = 0
		}
		p.Apply(s, ml, i)
		plies++
	}
	return plies
}

// countsPlayouts tells whether playouts count the moves and build the one
// drawn (count-playouts).
func (p *Program) countsPlayouts() bool {
	return p.playout != nil && p.playout.unit() == accelCountPlayouts
}
