package accel

import (
	"math/rand/v2"

	"github.com/ruleplay/ruleplay/interp/internal/core"
)

// WordsPerft counts each move's replies on the occupancy words after it,
// without playing it (words-perft, count.go).
type WordsPerft struct{}

func (WordsPerft) Name() string     { return "last two plies counted on occupancy words" }
func (WordsPerft) Unit() core.Accel { return core.AccelWordsPerft }

func (WordsPerft) PerftTwo(p *core.Program, s *core.State, ml *core.MoveList) uint64 {
	p.Legal(s, ml)
	if len(ml.Moves) == 0 || (p.Limit > 0 && s.PlyCount+1 >= p.Limit) {
		return 0
	}
	NextGuards(p, s)
	var w [core.MaxSlots]uint64
	var n uint64
	for _, m := range ml.Moves {
		AfterMove(p, s, &p.Rules[m.Rule], ml.Arena[m.Off:m.Off+m.N], &w)
		n += uint64(countWords(p, s, &w))
	}
	return n
}

// MailboxPerft plays each move on the mailbox alone and counts the
// replies there (mailbox-perft, mailbox.go).
type MailboxPerft struct{}

func (MailboxPerft) Name() string     { return "depth 2 played on the mailbox, last ply counted there" }
func (MailboxPerft) Unit() core.Accel { return core.AccelMailboxPerft }

func (MailboxPerft) PerftTwo(p *core.Program, s *core.State, ml *core.MoveList) uint64 {
	if s.End != core.EndNone || (p.Limit > 0 && s.PlyCount+1 >= p.Limit) {
		return 0
	}
	NextGuards(p, s)
	return mailboxPerftTwo(p, s)
}

// BlockadeOnWords decides the filter on the occupancy words after each
// move, computed from its path without playing it (blockade-words,
// blockade_words.go).
type BlockadeOnWords struct{}

func (BlockadeOnWords) Name() string     { return "decided on occupancy words" }
func (BlockadeOnWords) Unit() core.Accel { return core.AccelBlockadeWords }

// Prepare evaluates the next player's guards after the move: the moves
// can be counted with the filter (the filtered sinks ask Keeps).
func (BlockadeOnWords) Prepare(p *core.Program, s *core.State) bool {
	NextGuards(p, s)
	return true
}

// Keeps tells whether the next player has a move after the move of rule
// r with this path (KeepsMove).
func (BlockadeOnWords) Keeps(p *core.Program, s *core.State, r *core.Rule, path []uint32) bool {
	return KeepsMove(p, s, r, path)
}

func (BlockadeOnWords) Filter(p *core.Program, s *core.State, ml *core.MoveList, t *core.Tier) {
	NextGuards(p, s)
	if NextSurvives(p, s, t.Touch(p, s, t, ml)) {
		return // no move is filtered out
	}
	Witnesses(p, s)
	k := 0
	for i := range ml.Moves {
		m := ml.Moves[i]
		if KeepsMove(p, s, &p.Rules[m.Rule], ml.Arena[m.Off:m.Off+m.N]) {
			ml.Moves[k] = ml.Moves[i]
			k++
		}
	}
	if k > 0 {
		ml.Moves = ml.Moves[:k]
	}
}

// PlayoutByCount counts the moves (each tier's drawer) and builds the one
// drawn (count-playouts); at the ply where the swap is offered it lists
// them (Legal), the swap among them.
type PlayoutByCount struct{}

func (PlayoutByCount) Name() string     { return "count, then build the one drawn" }
func (PlayoutByCount) Unit() core.Accel { return core.AccelCountPlayouts }

func (PlayoutByCount) Play(p *core.Program, s *core.State, rng *rand.Rand, ml *core.MoveList, maxPlies int) (plies int) {
	for maxPlies <= 0 || plies < maxPlies {
		n, built := 0, true
		if p.SwapPly != 0 && p.SwapOffered(s) {
			p.Legal(s, ml) // the swap's ply: the list, with the swap last
			n = len(ml.Moves)
		} else {
			n, built = p.CountRuleMoves(s, ml, true)
		}
		if n == 0 {
			break
		}
		i := rng.IntN(n)
		if !built {
			p.SelectMove(s, ml, i)
			i = 0
		}
		p.Apply(s, ml, i)
		plies++
	}
	return plies
}
