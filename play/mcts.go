package play

import (
	"math"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/ruleplay/ruleplay/interp"
)

// MCTS is a Monte Carlo tree search player (UCT). For every move it grows
// a search tree from the position: each iteration walks down the tree by
// the UCB1 rule, adds one new position, plays uniformly random moves from
// there for at most Cutoff plies (a playout) and scores the end of the
// playout for every player, then adds the scores up the path. The move
// played is the root move visited most. Values are kept per seat
// (participant): a node holds the value for the seat that moved into it,
// selection at a node is for the seat to move there, and a playout
// credits each seat with the value of the colour it holds at the
// playout's end (after a swap, turns { swap }, the other colour than at
// the root). A cut-off playout's gain is that colour's score difference
// over the difference of the colour the seat held at the root.
//
// A playout's value for a player is 1 for a sole win, 0.75 for a win shared
// with some but not all players, 0.5 for a draw, 0 for a loss. A playout
// cut off before the end of the game is valued by the rules' score alone
// (so games whose random playouts never end still give useful values): for
// each player the score difference of Eval (own minus the best opponent, or
// the reverse when the lowest score is best) is compared with the same
// difference at the root, and the gain d is squashed to 0.5+0.45*tanh(d/k),
// k being the mean absolute gain seen so far in this search (at least 1).
// Cut-off values therefore stay strictly between a loss and a win; in games
// without scores a cut-off playout is worth 0.5 to everyone, so their
// default cut-off is longer.
//
// Budget: Playouts iterations per move (deterministic: the same rng gives
// the same move), or, when Think > 0 and Playouts == 0, as many as fit in
// Think (not deterministic). With both set, the search stops at whichever
// comes first. A playout budget is extended while the search is undecided:
// when the most visited root move has fewer than DecisiveRatio times the
// visits of the next and the mean value of all the playouts is neither a
// clear win (ClearWin or more) nor a clear loss (1-ClearWin or less) for
// the player to move, the search goes on for
// Playouts more iterations, up to Extend times (so at most (1+Extend) x
// Playouts). Positions with a
// clear best move cost the base budget; positions where random playouts
// rarely tell the moves apart (races that random play seldom finishes) get
// more. Threads > 1 grows that many independent trees at once (root
// parallelism), each with its own random stream drawn from the rng handed
// to Choose, and adds up their root visit counts; a playout budget is
// shared among the trees, so a move is a pure function of the position,
// the rng and the settings whatever the scheduling.
//
// Before searching, a move that wins at once is played at once, and when
// there is one legal move it is played without a search.
type MCTS struct {
	// Playouts is the number of iterations per move (0: DefaultPlayouts
	// unless Think is set).
	Playouts int
	// Think is the time per move (0: none).
	Think time.Duration
	// Threads is the number of trees grown in parallel (0 or 1: one).
	Threads int
	// Cutoff is the number of random plies of a playout before it is
	// valued by the score (0: DefaultCutoff, DefaultCutoffGuide when the
	// rules give a guide, or DefaultCutoffNoScore when the game has neither
	// score nor guide; negative: no cut-off).
	Cutoff int
	// C is the UCB1 exploration constant (0: DefaultC).
	C float64
	// Extend is the number of times an undecided playout budget is
	// searched again (0: DefaultExtend; negative: never).
	Extend int
}

// Defaults of MCTS. The default budget is modest so that a match of many
// games stays quick; it beats the random player in at least 90% of the
// games of every bundled game (docs/players.md).
const (
	MaxThreads = 256       // search trees grown at once
	MaxCutoff  = 1_000_000 // plies of one playout
	MaxExtend  = 100       // extensions of an undecided search
	// MaxTreeBytes bounds the memory of the search trees of one move (all
	// threads together): a search whose trees are full stops there, with
	// the visits it has, whatever its budget of playouts or time.
	MaxTreeBytes         = 256 << 20
	DefaultPlayouts      = 1000
	DefaultExtend        = 4
	DecisiveRatio        = 1.5
	ClearWin             = 0.9
	DefaultCutoff        = 40
	DefaultCutoffNoScore = 100
	// DefaultCutoffGuide is the cut-off where the rules give a guide: an
	// evaluation written for the players is trusted after a few plies
	// rather than after random play has blurred it.
	DefaultCutoffGuide = 4
	DefaultC           = 0.7
)

// Name returns "mcts".
func (m *MCTS) Name() string { return "mcts" }

// node is a position of the search tree, reached by move (an index into
// its parent's legal moves) made by the seat mover (the participant, who
// plays the colour Program.SeatOf says: after a swap, turns { swap }, the
// other colour than before).
type node struct {
	move     int32
	mover    int32
	visits   float64
	value    float64 // sum of the playout values for mover's seat
	children []*node
	untried  []int32 // moves not yet expanded (nil until the node is first reached)
	expanded bool    // untried has been filled
}

// search is one tree's scratch space.
type search struct {
	p       *interp.Program
	rng     *rand.Rand
	cutoff  int
	c       float64
	root    *node
	start   *interp.State     // the root's position
	s       *interp.State     // the iterations' scratch copy (no undo records)
	mls     []interp.MoveList // per tree depth
	pml     interp.MoveList   // playout scratch
	path    []*node
	vals    []float64 // per seat values of one playout
	byColor []float64 // per colour values of a finished playout
	rootDif []int     // per seat score difference at the root (of the colour it held there)
	gainSum float64   // sum of |gain| over cut-off playouts
	gainN   float64
	hasSc   bool
	guided  bool          // the rules give a guide: it values cut-off playouts
	st      interp.Status // scratch for StatusInto
	// bytes estimates the memory of the tree; the search stops growing it
	// past maxBytes.
	bytes, maxBytes int
}

// Estimated sizes, in bytes, of a tree node and of an entry of its lists.
const (
	nodeBytes  = 96
	entryBytes = 12 // an untried move (int32) and, later, its child pointer
)

// Choose returns the move of ml that the search prefers.
func (m *MCTS) Choose(p *interp.Program, s *interp.State, ml *interp.MoveList, rng *rand.Rand) int {
	if ml.Len() == 1 {
		return 0
	}
	if i := winNow(p, s, ml); i >= 0 {
		return i
	}
	visits := m.Visits(p, s, ml.Len(), rng)
	best := 0
	for i, v := range visits {
		if v > visits[best] {
			best = i
		}
	}
	return best
}

// Visits runs the search from s, which has n legal moves, and returns the
// visit count of each root move (summed over the threads).
func (m *MCTS) Visits(p *interp.Program, s *interp.State, n int, rng *rand.Rand) []float64 {
	threads := max(1, m.Threads)
	budget := m.Playouts
	if budget <= 0 && m.Think <= 0 {
		budget = DefaultPlayouts
	}
	var deadline time.Time
	if m.Think > 0 {
		deadline = time.Now().Add(m.Think)
	}
	seeds := make([]uint64, 2*threads)
	for i := range seeds {
		seeds[i] = rng.Uint64()
	}
	trees := make([]*search, threads)
	for t := range trees {
		trees[t] = m.newSearch(p, s, rand.New(rand.NewPCG(seeds[2*t], seeds[2*t+1])))
		trees[t].maxBytes = MaxTreeBytes / threads
	}
	run := func(t int) {
		share := -1 // no playout budget: time only
		if budget > 0 {
			share = budget / threads
			if t < budget%threads {
				share++
			}
		}
		trees[t].run(share, deadline)
	}
	extend := m.Extend
	if extend == 0 {
		extend = DefaultExtend
	}
	extend = min(extend, MaxExtend)
	if budget <= 0 {
		extend = 0
	}
	visits := make([]float64, n)
	values := make([]float64, n)
	for round := 0; ; round++ {
		if threads == 1 {
			run(0)
		} else {
			var wg sync.WaitGroup
			var mu sync.Mutex
			var crash any
			for t := range trees {
				wg.Add(1)
				go func() {
					defer wg.Done()
					defer func() {
						if r := recover(); r != nil {
							mu.Lock()
							crash = r
							mu.Unlock()
						}
					}()
					run(t)
				}()
			}
			wg.Wait()
			if crash != nil {
				panic(crash)
			}
		}
		clear(visits)
		clear(values)
		for _, tr := range trees {
			for _, ch := range tr.root.children {
				visits[ch.move] += ch.visits
				values[ch.move] += ch.value
			}
		}
		full := false
		for _, tr := range trees {
			full = full || tr.full()
		}
		if round >= extend || full || decided(visits, values) || (!deadline.IsZero() && !time.Now().Before(deadline)) {
			return visits
		}
	}
}

// decided tells whether a search is decided: the most visited move has at
// least DecisiveRatio times the visits of the next, or the mean value of
// all the playouts is at least ClearWin (the game is won whatever) or at
// most 1-ClearWin (lost whatever). values are the sums of the values of
// the visits, for the player to move.
func decided(visits, values []float64) bool {
	first, second, total, value := 0.0, 0.0, 0.0, 0.0
	for i, v := range visits {
		total += v
		value += values[i]
		switch {
		case v > first:
			first, second = v, first
		case v > second:
			second = v
		}
	}
	if total > 0 {
		if mean := value / total; mean >= ClearWin || mean <= 1-ClearWin {
			return true
		}
	}
	return first >= DecisiveRatio*second
}

// winNow returns a move of ml after which the mover (the seat to move,
// by the colour it then holds) is the sole winner, or -1.
func winNow(p *interp.Program, s *interp.State, ml *interp.MoveList) int {
	seat := p.SeatOf(s, s.ToMove())
	for i := 0; i < ml.Len(); i++ {
		p.Apply(s, ml, i)
		st := p.Status(s)
		me := colourOf(p, s, seat)
		p.Undo(s)
		if st.Over && len(st.Winners) == 1 && st.Winners[0] == me && p.NumPlayers() > 1 {
			return i
		}
	}
	return -1
}

func (m *MCTS) newSearch(p *interp.Program, s *interp.State, rng *rand.Rand) *search {
	sr := &search{p: p, rng: rng, c: m.C, start: s.Clone(), s: s.Clone(), hasSc: judged(p), guided: p.HasGuide()}
	sr.s.SetUndo(false) // each iteration starts from a copy of start
	if sr.c <= 0 {
		sr.c = DefaultC
	}
	sr.cutoff = m.Cutoff
	if sr.cutoff == 0 {
		sr.cutoff = DefaultCutoff
		switch {
		case sr.guided:
			sr.cutoff = DefaultCutoffGuide
		case !sr.hasSc:
			sr.cutoff = DefaultCutoffNoScore
		}
	}
	np := p.NumPlayers()
	sr.vals = make([]float64, np)
	sr.byColor = make([]float64, np)
	sr.rootDif = make([]int, np)
	if sr.hasSc {
		scores := make([]int, np)
		for i := range scores {
			scores[i] = judge(p, s, i)
		}
		for i := range sr.rootDif {
			sr.rootDif[i] = scoreDiff(p, scores, colourOf(p, s, i))
		}
	}
	// The root's mover is the seat before the one to move; it only
	// matters for the bookkeeping of the root's own (unused) value.
	sr.root = &node{move: -1, mover: int32((p.SeatOf(s, s.ToMove()) + np - 1) % np)}
	return sr
}

// run performs playouts iterations (-1: unbounded) until the deadline (zero:
// none), checking the clock every few iterations.
func (sr *search) run(playouts int, deadline time.Time) {
	timed := !deadline.IsZero()
	for i := 0; playouts < 0 || i < playouts; i++ {
		if timed && i%8 == 0 && !time.Now().Before(deadline) && i > 0 {
			return
		}
		if sr.full() {
			return
		}
		sr.iterate()
	}
}

// full tells whether the tree has reached its memory bound.
func (sr *search) full() bool { return sr.maxBytes > 0 && sr.bytes >= sr.maxBytes }

// iterate is one selection, expansion, playout and backpropagation.
func (sr *search) iterate() {
	p, s := sr.p, sr.s
	s.CopyFrom(sr.start)
	n := sr.root
	sr.path = append(sr.path[:0], n)
	depth := 0
	for {
		if depth == len(sr.mls) {
			sr.mls = append(sr.mls, interp.MoveList{})
		}
		ml := &sr.mls[depth]
		p.Legal(s, ml)
		if !n.expanded {
			n.expanded = true
			n.untried = make([]int32, ml.Len())
			sr.bytes += entryBytes * ml.Len()
			for i := range n.untried {
				n.untried[i] = int32(i)
			}
		}
		if ml.Len() == 0 {
			break // the game is over here
		}
		if len(n.untried) > 0 {
			k := sr.rng.IntN(len(n.untried))
			mv := n.untried[k]
			n.untried[k] = n.untried[len(n.untried)-1]
			n.untried = n.untried[:len(n.untried)-1]
			ch := &node{move: mv, mover: int32(p.SeatOf(s, s.ToMove()))}
			n.children = append(n.children, ch)
			sr.bytes += nodeBytes
			p.Apply(s, ml, int(mv))
			sr.path = append(sr.path, ch)
			break
		}
		n = sr.selectChild(n)
		p.Apply(s, ml, int(n.move))
		sr.path = append(sr.path, n)
		depth++
	}
	p.RandomPlayout(s, sr.rng, &sr.pml, sr.cutoff)
	sr.value()
	for _, nd := range sr.path {
		nd.visits++
		nd.value += sr.vals[nd.mover]
	}
}

// selectChild picks the child of n with the best UCB1 bound.
func (sr *search) selectChild(n *node) *node {
	logN := math.Log(n.visits)
	var best *node
	bestU := math.Inf(-1)
	for _, ch := range n.children {
		u := ch.value/ch.visits + sr.c*math.Sqrt(logN/ch.visits)
		if u > bestU {
			best, bestU = ch, u
		}
	}
	return best
}

// value fills sr.vals with every seat's value of the position s: the
// value of the colour the seat holds in s (SeatOf: after a swap the
// other colour than at the root).
func (sr *search) value() {
	p, s := sr.p, sr.s
	p.StatusInto(s, &sr.st)
	st := &sr.st
	if st.Over {
		if !s.Swapped {
			outcomeValues(p.NumPlayers(), st.Winners, sr.vals)
			return
		}
		outcomeValues(p.NumPlayers(), st.Winners, sr.byColor)
		for i := range sr.vals {
			sr.vals[i] = sr.byColor[colourOf(p, s, i)]
		}
		return
	}
	if !sr.hasSc {
		for i := range sr.vals {
			sr.vals[i] = 0.5
		}
		return
	}
	// Cut off: the gain of each seat's score difference since the root
	// (of the colour it holds now over the colour it held there), scaled
	// by the mean absolute gain seen so far.
	for i := range sr.vals {
		c := colourOf(p, s, i)
		var g float64
		if sr.guided {
			g = float64(guideDiff(p, s, c) - sr.rootDif[i])
		} else {
			g = float64(scoreDiff(p, st.Scores, c) - sr.rootDif[i])
		}
		sr.vals[i] = g
		sr.gainSum += math.Abs(g)
		sr.gainN++
	}
	k := max(1, sr.gainSum/sr.gainN)
	for i, g := range sr.vals {
		sr.vals[i] = 0.5 + 0.45*math.Tanh(g/k)
	}
}

// outcomeValues fills vals with the values of a finished game: 1 for a
// sole winner, 0.75 for a winner among some but not all players, 0.5 for
// everyone in a draw, 0 for a loser.
func outcomeValues(np int, winners []int, vals []float64) {
	w := 0.0
	switch {
	case len(winners) == 1:
		w = 1
	case len(winners) >= np:
		w = 0.5
	default:
		w = 0.75
	}
	for i := range vals {
		vals[i] = 0
	}
	for _, x := range winners {
		vals[x] = w
	}
}
