package play

import (
	"math/rand/v2"

	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/ir"
)

// abEval is AB's evaluation of a Program, derived once from its rules and
// from sampled positions, with no knowledge of any game. A position
// unfinished is worth to a player p
//
//	F(p) = material(p) + goal(p) + judge(p)
//
// minus the largest F of the other players, plus a mobility term, all in
// hundredths of an average piece:
//
//   - material: the value of each of p's pieces on the board (the top
//     piece of a stack), by kind. A kind's value is estimated from
//     mobility: random games are played from the start (a fixed seed, so
//     the values are a function of the rules), and for each kind the legal
//     moves starting on a piece of that kind are counted and divided by the
//     pieces of that kind present; value = 100 x (1 + that average) / (1 +
//     the average over all kinds), clamped to 25..800. A kind seen in no
//     sampled position is worth 100.
//   - goal: for every winning goal of the rules that asks for p's pieces
//     in a zone ("some piece of mine in the zone", "every piece", "a count
//     of them", or the same said of the zone's cells) or on their targets,
//     the distance of p's pieces to that zone on an empty board, in steps
//     along every direction of the board: minus GoalSome per step of the
//     nearest piece and 2 per step of each piece for a "some" goal, minus
//     GoalEvery per step of each piece otherwise.
//   - judge: 100 x the rules' guide for p when they give one, else 100 x
//     p's score (negated where the lowest is best).
//   - mobility: MobilityWeight x (the moves of the side to move at the
//     leaf minus the moves the other team had one ply earlier), seen from
//     the side to move (abSearch.static).
//
// Where capturing rules make half the moves or more of the sampled
// positions (every move a capturing jump), the pieces taken count the
// moves made more than an advantage: the material then counts
// MaterialUsual percent, a move of mobility MobilityUsual, and there is no
// quiescence search. A finished game is exact (abSearch.terminal).
type abEval struct {
	p       *interp.Program
	np      int
	cells   int
	kindVal []int // per kind
	owner   []int // per piece index
	kind    []int // per piece index
	goals   []abGoal
	// captures: some rule captures, and in the sampled positions fewer
	// than half the moves do (where captures are the usual move, as in
	// games whose every move is a capturing jump, searching them to quiet
	// positions is the whole tree)
	captures bool
	judged   bool
	lowest   bool
	material int     // percent of the piece values counted
	mobility int     // per move of mobility
	f        []int   // per player scratch
	near     []int32 // per "some" goal and player: the nearest piece's distance (scratch)
}

// abGoal is a goal zone: per player, the distance of each cell to the
// zone's cells for that player (cells number when none is reachable).
type abGoal struct {
	some bool
	dist [][]int32 // [player][cell]
}

// Weights of abEval.
const (
	GoalSome       = 20
	GoalEvery      = 10
	MobilityWeight = 4
	// Where capturing rules make half the moves or more of the sampled
	// positions, the material counts MaterialUsual percent and a move of
	// mobility MobilityUsual.
	MaterialUsual = 25
	MobilityUsual = 20
	// abEvalMax bounds an unfinished position's value, far below a won
	// game's.
	abEvalMax = abMate / 8
	// Sampling for the piece values: random games from the start, at most
	// abSampleGames of abSamplePlies plies.
	abSampleGames = 16
	abSamplePlies = 120
)

// newABEval derives the evaluation of p.
func newABEval(p *interp.Program) *abEval {
	g := p.Game()
	e := &abEval{p: p, np: p.NumPlayers(), cells: len(g.Board.Cells), judged: judged(p), lowest: lowestIsBest(p)}
	e.f = make([]int, e.np)
	for _, pc := range g.Pieces {
		e.owner = append(e.owner, pc.Owner)
		e.kind = append(e.kind, pc.Kind)
	}
	for _, m := range g.Moves {
		if m.Capture != ir.CaptureNone || m.GroupCapture != nil {
			e.captures = true
		}
	}
	var share float64
	e.kindVal, share = sampleKindValues(p, e.owner, e.kind)
	e.material, e.mobility = 100, MobilityWeight
	if share >= 0.5 {
		// Captures are the usual move: the pieces taken count the moves
		// made more than an advantage, and the moves left decide.
		e.captures = false
		e.material, e.mobility = MaterialUsual, MobilityUsual
	}
	e.goals = goalZones(p)
	e.near = make([]int32, len(e.goals)*e.np)
	return e
}

// sampleKindValues estimates the value of each piece kind from its
// mobility in random games (see abEval); it also returns the share of the
// legal moves sampled that capturing rules make.
func sampleKindValues(p *interp.Program, owner, kind []int) ([]int, float64) {
	nk := len(p.Game().Kinds)
	moves, pieces := make([]int, nk), make([]int, nk)
	all, takes := 0, 0
	rng := rand.New(rand.NewPCG(1, 2))
	var ml interp.MoveList
	for range abSampleGames {
		s := p.NewState(rng.Uint64())
		for ply := 0; ply < abSamplePlies; ply++ {
			p.Legal(s, &ml)
			if ml.Len() == 0 {
				break
			}
			countMobility(p, s, &ml, owner, kind, moves, pieces)
			all += ml.Len()
			for i := 0; i < ml.Len(); i++ {
				if p.Captures(&ml, i) {
					takes++
				}
			}
			p.Apply(s, &ml, rng.IntN(ml.Len()))
		}
	}
	tm, tp := 0, 0
	for k := range nk {
		tm += moves[k]
		tp += pieces[k]
	}
	vals := make([]int, nk)
	for k := range vals {
		vals[k] = 100
		if pieces[k] > 0 && tp > 0 {
			avg, avgAll := float64(moves[k])/float64(pieces[k]), float64(tm)/float64(tp)
			vals[k] = min(800, max(25, int(100*(1+avg)/(1+avgAll)+0.5)))
		}
	}
	return vals, float64(takes) / float64(max(1, all))
}

// countMobility adds the mover's legal moves of s by the kind of the piece
// they start on, and the mover's pieces by kind.
func countMobility(p *interp.Program, s *interp.State, ml *interp.MoveList, owner, kind, moves, pieces []int) {
	me := s.ToMove()
	for c := range len(p.Game().Board.Cells) {
		if pc, ok := p.PieceAt(s, c); ok && owner[pc] == me {
			pieces[kind[pc]]++
		}
	}
	for i := 0; i < ml.Len(); i++ {
		path := p.PathCells(ml, i)
		if len(path) == 0 {
			continue
		}
		if pc, ok := p.PieceAt(s, path[0]); ok && owner[pc] == me {
			moves[kind[pc]]++
		}
	}
}

// goalZones finds the zones the rules' winning goals ask a player's
// pieces to reach, with their distance tables.
func goalZones(p *interp.Program) []abGoal {
	g := p.Game()
	var out []abGoal
	seen := map[[2]int]bool{}
	for _, gl := range g.End.Goals {
		if gl.Lose || gl.Draw {
			continue
		}
		walkGoal(gl.Cond, func(zone int, side ir.Side, some bool) {
			k := [2]int{zone, int(side)}
			if seen[k] {
				return
			}
			seen[k] = true
			out = append(out, abGoal{some: some, dist: zoneDistances(p, zone, side)})
		})
	}
	return out
}

// walkGoal calls found for every "own pieces in a zone" condition of a
// goal: zone -1 stands for the pieces' own targets.
func walkGoal(e *ir.Expr, found func(zone int, side ir.Side, some bool)) {
	if e == nil {
		return
	}
	switch e.Op {
	case ir.OpSome, ir.OpEvery, ir.OpCount:
		if e.Who == ir.Own && e.Side == ir.SideOwn && len(e.Args) > 0 {
			walkCond(e.Args[0], func(a *ir.Expr) {
				switch a.Op {
				case ir.OpInZone:
					found(a.Int, a.Side, e.Op == ir.OpSome)
				case ir.OpOnTarget:
					found(-1, ir.SideOwn, e.Op == ir.OpSome)
				}
			})
		}
	case ir.OpSomeCell, ir.OpEveryCell, ir.OpCountCell:
		if len(e.Args) > 0 {
			walkCond(e.Args[0], func(a *ir.Expr) {
				if a.Op == ir.OpOwnedBy && a.Who == ir.Own && a.Side == ir.SideOwn {
					found(e.Int, e.Side, e.Op == ir.OpSomeCell)
				}
			})
		}
	}
	for _, a := range e.Args {
		walkGoal(a, found)
	}
}

// walkCond calls f on every node of a cell condition.
func walkCond(e *ir.Expr, f func(*ir.Expr)) {
	if e == nil {
		return
	}
	f(e)
	for _, a := range e.Args {
		walkCond(a, f)
	}
}

// zoneDistances returns, per player, the steps on an empty board (every
// direction of the board) from each cell to the nearest cell of the zone
// as side names it for that player (zone -1: that player's pieces'
// targets).
func zoneDistances(p *interp.Program, zone int, side ir.Side) [][]int32 {
	g := p.Game()
	nc := len(g.Board.Cells)
	out := make([][]int32, p.NumPlayers())
	for pl := range out {
		var targets []int
		switch {
		case zone < 0:
			for _, pc := range g.Pieces {
				if pc.Owner == pl && pc.Target >= 0 && pc.Target < nc {
					targets = append(targets, pc.Target)
				}
			}
		case zone < len(g.Zones):
			who := pl
			if side == ir.SideOpponent {
				who = (pl + 1) % p.NumPlayers()
			}
			if who < len(g.Zones[zone].Cells) {
				targets = g.Zones[zone].Cells[who]
			}
		}
		out[pl] = bfs(p, targets)
	}
	return out
}

// bfs returns the steps from every cell to the nearest of targets along
// the board's directions (the number of cells when none is reachable).
func bfs(p *interp.Program, targets []int) []int32 {
	g := p.Game()
	nc := len(g.Board.Cells)
	dist := make([]int32, nc)
	for i := range dist {
		dist[i] = -1
	}
	queue := make([]int, 0, nc)
	for _, c := range targets {
		if c >= 0 && c < nc && dist[c] < 0 {
			dist[c] = 0
			queue = append(queue, c)
		}
	}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		for _, d := range g.Board.Dirs {
			n := int(p.CellAt(p.CellX[c]+d.DX, p.CellY[c]+d.DY))
			if n >= 0 && n < nc && dist[n] < 0 {
				dist[n] = dist[c] + 1
				queue = append(queue, n)
			}
		}
	}
	for i := range dist {
		if dist[i] < 0 {
			dist[i] = int32(nc)
		}
	}
	return dist
}

// value returns the evaluation of the unfinished position s for player
// me (before the mobility term).
func (e *abEval) value(s *interp.State, me int) int {
	p := e.p
	f := e.f
	for pl := range f {
		f[pl] = 0
		if e.judged {
			v := 100 * judge(p, s, pl)
			if e.lowest {
				v = -v
			}
			f[pl] = v
		}
	}
	e.addPieces(s, f)
	v := f[me]
	if e.np > 1 {
		best, first := 0, true
		for pl, x := range f {
			if pl != me && (first || x > best) {
				best, first = x, false
			}
		}
		v -= best
	}
	return min(abEvalMax, max(-abEvalMax, v))
}

// addPieces adds material and goal distances of every player to f.
func (e *abEval) addPieces(s *interp.State, f []int) {
	p := e.p
	for i := range e.near {
		e.near[i] = int32(e.cells)
	}
	for c := 0; c < e.cells; c++ {
		pc, ok := p.PieceAt(s, c)
		if !ok {
			continue
		}
		pl := e.owner[pc]
		if pl < 0 || pl >= e.np {
			continue
		}
		f[pl] += e.kindVal[e.kind[pc]] * e.material / 100
		for gi, g := range e.goals {
			d := g.dist[pl][c]
			if g.some {
				f[pl] -= 2 * int(d)
				if k := gi*e.np + pl; d < e.near[k] {
					e.near[k] = d
				}
			} else {
				f[pl] -= GoalEvery * int(d)
			}
		}
	}
	for gi, g := range e.goals {
		if g.some {
			for pl := range f {
				f[pl] -= GoalSome * int(e.near[gi*e.np+pl])
			}
		}
	}
}
