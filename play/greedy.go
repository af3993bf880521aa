package play

import (
	"container/heap"
	"math/rand/v2"

	"github.com/ruleplay/ruleplay/interp"
)

// Greedy plays the move whose resulting position evaluates best for it
// (Eval), breaking ties uniformly at random. With Depth 2 it looks one ply
// further: after each of its moves the next player answers with the reply
// that is best for that player by Eval, and the move is worth what that
// reply leaves.
//
// A one-ply player gets stuck in games without captures: in a race, once
// the last pieces must make room for each other, every move looks equally
// bad and the player steps a piece back and forth for ever. Three generic
// remedies (they look at positions, pieces and the rules' score only, never
// at what a move means in a particular game) make such games end:
//
//   - Repetition: a move that recreates a position Greedy has already
//     produced with one of its own moves in this game ranks below every move
//     that makes a new position.
//   - Tabu: a move that puts a piece back on a cell that same piece left
//     during Greedy's last Tenure own moves ranks the same way (the
//     short-term memory of tabu search).
//   - Plans: after PlanAfter own moves in a row that did not beat the best
//     own score Greedy has reached in this game (and, while searches fail,
//     after twice as many each time), it searches its own move sequences, the others answering
//     with their first legal move, for one that beats that best score or
//     wins: a weighted best-first search (f = own moves + 3 x own score,
//     the score counted so that lower is better) over at most PlanNodes
//     positions. It then plays that plan move by move while the moves stay
//     legal and do not lose.
//
// A lost game ranks below everything else while another move exists.
// Games whose every move improves the mover's score (captures) never
// trigger a plan; games without scores never do either.
//
// A Greedy value belongs to one seat of one game at a time; it forgets its
// memory when handed another Program or an earlier ply (a new game), or on
// Reset.
type Greedy struct {
	// Depth is 1 (0 means 1) or 2 plies.
	Depth int
	// Tenure is the number of own moves a vacated (cell, piece) stays tabu;
	// 0 means DefaultTenure, negative turns the rule off.
	Tenure int
	// PlanAfter is the number of own moves without a new best own score
	// before a plan search; 0 means DefaultPlanAfter, negative turns
	// planning off.
	PlanAfter int
	// PlanNodes bounds the positions a plan search expands; 0 means
	// DefaultPlanNodes.
	PlanNodes int

	prog    *interp.Program
	lastPly int
	nmoves  int             // own moves made in this game
	seen    map[uint64]bool // positions produced by own moves
	left    map[[2]int]int  // (cell, piece) -> own move number when the piece left the cell
	before  []int           // piece per cell before the move being chosen (-1: empty)
	hasBest bool
	bestOwn int      // the best own score after an own move in this game
	stuck   int      // own moves since bestOwn last improved
	wait    int      // stuck count at which the next plan search runs
	plan    []string // own moves still to play
	replies interp.MoveList
	mine    interp.MoveList // plan search scratch
	theirs  interp.MoveList
	// tried and kept count the moves tried and the positions kept by the
	// last plan search (bounded; see planChildren and planMemory).
	tried, kept int
}

// Defaults of the Greedy remedies. In trials on a race game (greedy
// against greedy, 32 seeds) the tabu alone ended every game by its goal
// but needed up to 1,700 plies; with plans every game ended by its goal
// within 500 plies, in well under a second.
const (
	DefaultTenure    = 4
	DefaultPlanAfter = 6
	DefaultPlanNodes = 1000
	planWeight       = 3
	// A plan search tries at most planChildren positions per position it
	// expands (on average), and keeps at most planMemory bytes of
	// positions to expand: its time and memory are bounded whatever the
	// board and the number of moves.
	planChildren = 50
	planMemory   = 64 << 20
	// cloneFactor: a copy of a position (with the interpreter's scratch
	// space) takes about this many times Program.StateBytes.
	cloneFactor = 8
)

// Name returns "greedy" or, with Depth 2, "lookahead".
func (g *Greedy) Name() string {
	if g.Depth >= 2 {
		return "lookahead"
	}
	return "greedy"
}

// Reset forgets the current game.
func (g *Greedy) Reset() {
	g.prog, g.lastPly, g.nmoves = nil, -1, 0
	g.seen = map[uint64]bool{}
	g.left = map[[2]int]int{}
	g.hasBest, g.stuck, g.wait, g.plan = false, 0, 0, nil
}

// rank orders candidate moves: a higher tier first, then a higher value.
type rank struct {
	tier  int // 0: a lost game; 1: repeats an own position or is tabu; 2: fine
	value int
}

func (a rank) less(b rank) bool {
	if a.tier != b.tier {
		return a.tier < b.tier
	}
	return a.value < b.value
}

// Choose returns the move of ml that Greedy plays in s.
func (g *Greedy) Choose(p *interp.Program, s *interp.State, ml *interp.MoveList, rng *rand.Rand) int {
	if g.seen == nil || g.prog != p || s.Ply() <= g.lastPly {
		g.Reset()
		g.prog = p
	}
	me := s.ToMove()
	seat := p.SeatOf(s, me)
	g.before = snapshot(p, s, g.before[:0])
	choice := g.follow(p, s, ml, seat)
	if choice < 0 {
		var best rank
		ties := 0
		for i := 0; i < ml.Len(); i++ {
			r := g.rank(p, s, ml, i, seat)
			switch {
			case i == 0 || best.less(r):
				best, choice, ties = r, i, 1
			case !r.less(best): // equal: reservoir sampling keeps each tie with equal chance
				ties++
				if rng.IntN(ties) == 0 {
					choice = i
				}
			}
		}
		if n := g.planAfter(); n > 0 && g.stuck >= max(n, g.wait) && judged(p) {
			// A failed search doubles the wait before the next one.
			g.wait = 2 * g.stuck
			if plan := g.search(p, s, me); plan != nil {
				for i := 0; i < ml.Len(); i++ {
					if p.Text(ml, i) == plan[0] {
						choice, g.plan = i, plan[1:]
						break
					}
				}
			}
		}
	}
	g.remember(p, s, ml, choice, seat)
	return choice
}

// rank evaluates move i of ml for seat, the participant to move: by the
// colour seat holds after the move (after a swap, turns { swap }, the
// other colour than before).
func (g *Greedy) rank(p *interp.Program, s *interp.State, ml *interp.MoveList, i, seat int) rank {
	p.Apply(s, ml, i)
	defer p.Undo(s)
	r := rank{tier: 2}
	if g.seen[PositionKey(p, s)] || g.tabu(p, s) {
		r.tier = 1
	}
	if g.Depth >= 2 {
		r.value = g.replyValue(p, s, seat)
	} else {
		r.value = Eval(p, s, colourOf(p, s, seat))
	}
	if r.value <= -Win/2 {
		r.tier = 0
	}
	return r
}

// remember records what move i does: the position it makes, the cells it
// vacates, and whether it beats the best own score (of the colour seat
// holds after the move; a swap starts the count again).
func (g *Greedy) remember(p *interp.Program, s *interp.State, ml *interp.MoveList, i, seat int) {
	swapped := s.Swapped
	p.Apply(s, ml, i)
	me := colourOf(p, s, seat)
	if s.Swapped != swapped {
		g.hasBest = false
	}
	g.seen[PositionKey(p, s)] = true
	g.nmoves++
	for c, old := range g.before {
		if pc, ok := p.PieceAt(s, c); old >= 0 && (!ok || pc != old) {
			g.left[[2]int{c, old}] = g.nmoves
		}
	}
	if judged(p) {
		if own := judge(p, s, me); !g.hasBest || better(p, own, g.bestOwn) {
			g.hasBest, g.bestOwn, g.stuck, g.wait = true, own, 0, 0
		} else {
			g.stuck++
		}
	}
	p.Undo(s)
	g.lastPly = s.Ply()
}

func (g *Greedy) tenure() int {
	if g.Tenure == 0 {
		return DefaultTenure
	}
	return g.Tenure
}

func (g *Greedy) planAfter() int {
	if g.PlanAfter == 0 {
		return DefaultPlanAfter
	}
	return g.PlanAfter
}

func (g *Greedy) planNodes() int {
	if g.PlanNodes <= 0 {
		return DefaultPlanNodes
	}
	return g.PlanNodes
}

// tabu tells whether the move just applied to s (from g.before) puts a
// piece back on a cell it left within the last tenure own moves.
func (g *Greedy) tabu(p *interp.Program, s *interp.State) bool {
	t := g.tenure()
	if t <= 0 {
		return false
	}
	for c, old := range g.before {
		pc, ok := p.PieceAt(s, c)
		if !ok || pc == old {
			continue
		}
		if l, ok := g.left[[2]int{c, pc}]; ok && g.nmoves-l < t {
			return true
		}
	}
	return false
}

// replyValue is the value for seat of s after the participant to move
// answers with the reply best for itself by Eval (the first of equals);
// each is valued by the colour it holds after the reply (turns { swap }).
func (g *Greedy) replyValue(p *interp.Program, s *interp.State, seat int) int {
	st := p.Status(s)
	if st.Over {
		return evalStatus(p, s, st, colourOf(p, s, seat))
	}
	them := p.SeatOf(s, s.ToMove())
	ml := &g.replies
	p.Legal(s, ml)
	bestThem, value := 0, 0
	for j := 0; j < ml.Len(); j++ {
		p.Apply(s, ml, j)
		st := p.Status(s)
		vThem := evalStatus(p, s, st, colourOf(p, s, them))
		if j == 0 || vThem > bestThem {
			bestThem, value = vThem, evalStatus(p, s, st, colourOf(p, s, seat))
		}
		p.Undo(s)
	}
	return value
}

// follow returns the index of the plan's next move, or -1 (dropping the
// plan) when there is no plan or its next move is not legal or loses.
func (g *Greedy) follow(p *interp.Program, s *interp.State, ml *interp.MoveList, seat int) int {
	if len(g.plan) == 0 {
		return -1
	}
	next := g.plan[0]
	g.plan = g.plan[1:]
	for i := 0; i < ml.Len(); i++ {
		if p.Text(ml, i) == next {
			if g.rank(p, s, ml, i, seat).tier == 0 {
				break
			}
			return i
		}
	}
	g.plan = nil
	return -1
}

// better tells whether own score a is better than b.
func better(p *interp.Program, a, b int) bool {
	if lowestIsBest(p) {
		return a < b
	}
	return a > b
}

// cost is a score counted so that lower is better.
func cost(p *interp.Program, score int) int {
	if lowestIsBest(p) {
		return score
	}
	return -score
}

// planNode is a position in the plan search: after an own move and the
// others' answers, so that me is to move again.
type planNode struct {
	s    *interp.State
	g, f int
	path []string // own moves from the root
}

type planQueue []*planNode

func (q planQueue) Len() int { return len(q) }
func (q planQueue) Less(i, j int) bool {
	return q[i].f < q[j].f || (q[i].f == q[j].f && q[i].g > q[j].g)
}
func (q planQueue) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *planQueue) Push(x any)   { *q = append(*q, x.(*planNode)) }
func (q *planQueue) Pop() any {
	old := *q
	x := old[len(old)-1]
	*q = old[:len(old)-1]
	return x
}

// search returns a sequence of own moves from s (the others answering with
// their first legal move) after which me's score beats g.bestOwn or me has
// won, or nil. It is a weighted best-first search over at most planNodes
// expanded positions; positions are told apart by me's pieces.
func (g *Greedy) search(p *interp.Program, s *interp.State, me int) []string {
	q := &planQueue{{s: s.Clone(), f: planWeight * cost(p, judge(p, s, me))}}
	seen := map[uint64]bool{g.ownKey(p, s, me): true}
	tries := planChildren * g.planNodes()                                     // children tried, at most
	keep := max(g.planNodes(), planMemory/max(1, cloneFactor*p.StateBytes())) // positions kept, at most
	g.tried, g.kept = 0, 1
	for n := 0; q.Len() > 0 && n < g.planNodes(); n++ {
		nd := heap.Pop(q).(*planNode)
		p.Legal(nd.s, &g.mine)
		for i := 0; i < g.mine.Len(); i++ {
			if g.tried == tries {
				return nil
			}
			g.tried++
			path, child, won := g.expand(p, nd, i, me)
			if won {
				return path
			}
			if child == nil {
				continue
			}
			if better(p, judge(p, child.s, me), g.bestOwn) {
				return path
			}
			if k := g.ownKey(p, child.s, me); !seen[k] && g.kept < keep {
				seen[k] = true
				heap.Push(q, child)
				g.kept++
			}
		}
	}
	return nil
}

// expand plays own move i of g.mine from nd and the others' first moves.
// It returns the path, and the new node (nil when the game ended there);
// won tells that the game ended with me winning.
func (g *Greedy) expand(p *interp.Program, nd *planNode, i, me int) (path []string, child *planNode, won bool) {
	c := nd.s.Clone()
	p.Apply(c, &g.mine, i)
	path = append(append(make([]string, 0, len(nd.path)+1), nd.path...), p.Text(&g.mine, i))
	if c.Swapped != nd.s.Swapped {
		return path, nil, false // a swap (turns { swap }) is no step of a plan
	}
	for c.ToMove() != me {
		p.Legal(c, &g.theirs)
		if g.theirs.Len() == 0 {
			st := p.Status(c)
			return path, nil, st.Over && evalStatus(p, c, st, me) >= Win/2
		}
		p.Apply(c, &g.theirs, 0)
	}
	sc := judge(p, c, me)
	return path, &planNode{s: c, g: nd.g + 1, f: nd.g + 1 + planWeight*cost(p, sc), path: path}, false
}

// ownKey hashes the cells of me's pieces (the whole position when me owns
// no piece).
func (g *Greedy) ownKey(p *interp.Program, s *interp.State, me int) uint64 {
	const prime = 1099511628211
	h := uint64(14695981039346656037)
	pieces := p.Game().Pieces
	mine := false
	for c := range len(p.Game().Board.Cells) {
		v := uint64(0)
		if pc, ok := p.PieceAt(s, c); ok && pieces[pc].Owner == me {
			v, mine = uint64(pc)+1, true
		}
		h = (h ^ v) * prime
		h = (h ^ v>>8) * prime
	}
	if !mine {
		return PositionKey(p, s)
	}
	return h
}

// PositionKey is a 64-bit hash (FNV-1a) of the position: the piece on every
// cell and the player to move. Captured counts and move counters are not
// part of it.
func PositionKey(p *interp.Program, s *interp.State) uint64 {
	const prime = 1099511628211
	h := uint64(14695981039346656037)
	for c := range len(p.Game().Board.Cells) {
		v := uint64(0)
		if pc, ok := p.PieceAt(s, c); ok {
			v = uint64(pc) + 1
		}
		h = (h ^ v) * prime
		h = (h ^ v>>8) * prime
	}
	h = (h ^ uint64(s.ToMove())) * prime
	return h
}

// snapshot appends the piece on every cell of s (-1: empty) to buf.
func snapshot(p *interp.Program, s *interp.State, buf []int) []int {
	for c := range len(p.Game().Board.Cells) {
		v := -1
		if pc, ok := p.PieceAt(s, c); ok {
			v = pc
		}
		buf = append(buf, v)
	}
	return buf
}
