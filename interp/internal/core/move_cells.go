package core

import "github.com/ruleplay/ruleplay/ir"

// The cells of a move, in the order a player names them on a board (the
// page of `ruleplay serve` lights them and takes them as clicks): a leap's
// start and each landing, its end last; a removal's or a drop's cell; a
// group move's tail (when the group has more than one piece), head and
// destination. A move named by its ends whose path the generator does not
// keep (found by reachability, strat_reach.go: the path is [start, end])
// is given one path it stands for: the fewest leaps from its start to its
// end, found again by the same leaps.

// MoveCells appends to buf the cells of move i of ml (the legal moves of
// s), in the order above; a pass has none. s is used as scratch space
// for a move found by reachability and restored before MoveCells returns.
func (p *Program) MoveCells(s *State, ml *MoveList, i int, buf []int) []int {
	if i < 0 || i >= len(ml.Moves) {
		return buf
	}
	m := ml.Moves[i]
	if m.Rule < 0 {
		return buf
	}
	path := ml.Arena[m.Off : m.Off+m.N]
	r := &p.Rules[m.Rule]
	switch r.Action {
	case ir.Remove, ir.Drop:
		return append(buf, int(path[0]&0xffff))
	case ir.Group:
		if len(path) == 3 {
			buf = append(buf, int(path[2]&0xffff))
		}
		return append(buf, int(path[0]), int(path[1]&0xffff))
	}
	if r.ReachesOnce() && len(path) == 2 {
		return p.reachPath(s, r, int(path[0]), int(path[1]&0xffff), buf)
	}
	for _, e := range path {
		buf = append(buf, int(e&0xffff))
	}
	return buf
}

// reachPath appends the cells of the fewest leaps of rule r from start
// to end in s (for the player to move), start and end included: a
// breadth-first search over the landings the reachability strategy
// explores (the same leaps, locks and chain stops). When it finds none
// (it always should) the path is start and end.
func (p *Program) reachPath(s *State, r *Rule, start, end int, buf []int) []int {
	var g Gen
	g.Bind(p, s, nil)
	g.Start(s.Mover)
	g.R = r
	g.ctx = p.GuardCtx(s)
	g.Dirs = r.Dirs[g.Mover]
	if !g.genericSource(start) {
		return append(buf, start, end)
	}
	from := make([]int32, p.NumCells)
	for k := range from {
		from[k] = -1
	}
	from[start] = int32(start)
	code := s.pop(p, start)
	queue := []int{start}
	for len(queue) > 0 && from[end] < 0 {
		x := queue[0]
		queue = queue[1:]
		if x != start && (r.Chain == ir.ChainNone || g.PromotesAt(x) || (r.ChainStop != nil && g.test(r.ChainStop, x))) {
			continue
		}
		for _, d := range g.Dirs {
			land := g.leapTo(x, int(d))
			if land < 0 || from[land] >= 0 || (r.Inside != nil && g.leavesInside(start, land)) {
				continue
			}
			from[land] = int32(x)
			queue = append(queue, land)
		}
	}
	s.push(p, start, code)
	if from[end] < 0 {
		return append(buf, start, end)
	}
	n0 := len(buf)
	for c := end; c != start; c = int(from[c]) {
		buf = append(buf, c)
	}
	buf = append(buf, start)
	for a, b := n0, len(buf)-1; a < b; a, b = a+1, b-1 {
		buf[a], buf[b] = buf[b], buf[a]
	}
	return buf
}
