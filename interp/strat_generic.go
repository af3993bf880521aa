package interp

import "github.com/ruleplay/ruleplay/ir"

// genericLeaps: the generic walker. It follows the rule literally: every
// cell, the From/Over/Onto closures, the neighbour table one cell at a
// time, stacks pushed and popped.
func (g *gen) genericLeaps() {
	p, s, r := g.p, g.s, g.r
	g.ctx = p.guardCtx(s)
	g.dirs = r.dirs[g.mover]
	walk := r.generic.from
	for c := 0; c < p.numCells; c++ {
		if !g.genericSource(c) {
			continue
		}
		s.path = append(s.path[:0], uint32(c))
		walk(g, c)
		s.path = s.path[:0]
		if g.found {
			return
		}
	}
}

// genericWalk is how the generic walker walks a rule's moves from a
// source cell (rule.generic, chosen by compileGenericWalk): the depth
// first search over the leap lengths, or a long rule's rays walked
// outwards; every direction at once, or, for a chain that keeps its first
// direction, one first direction at a time (eachFirstDir).
type genericWalk struct {
	name string
	from func(g *gen, c int)
}

var (
	walkDepthFirst     = genericWalk{"depth first", func(g *gen, c int) { g.genericDFS(c) }}
	walkDepthFirstDirs = genericWalk{"depth first, one first direction at a time",
		func(g *gen, c int) { g.eachFirstDir(c, g.genericDFS) }}
	walkRays = genericWalk{"rays outwards", func(g *gen, c int) {
		g.readyTaken()
		g.longDFS(c)
	}}
	walkRaysFirstDirs = genericWalk{"rays outwards, one first direction at a time", func(g *gen, c int) {
		g.readyTaken()
		g.eachFirstDir(c, g.longDFS)
	}}
)

// compileGenericWalk chooses how the generic walker walks rule r's moves
// (rule.generic): by its leaps' kind (long or not) and whether its chains
// keep their first direction.
func (p *Program) compileGenericWalk(r *rule) {
	switch {
	case r.long != nil && r.keepsFirstDir:
		r.generic = walkRaysFirstDirs
	case r.long != nil:
		r.generic = walkRays
	case r.keepsFirstDir:
		r.generic = walkDepthFirstDirs
	default:
		r.generic = walkDepthFirst
	}
}

// genericSource tells whether the rule may move the piece on top of cell
// c (the mover selects it, it has a leap length, From holds there), and
// then readies g.pc and g.ctx for it.
func (g *gen) genericSource(c int) bool {
	p, s, r := g.p, g.s, g.r
	code := s.cells[c]
	if !p.selects(r, g.mover, int(code)) || r.lenCode[code] == 0 {
		return false
	}
	g.ctx.mcode = int(code)
	if r.from != nil {
		g.ctx.level = s.height(c) - 1
		if !g.test(r.from, c) {
			return false
		}
	}
	g.piece = code
	return true
}

func (g *gen) test(f evalFn, cell int) bool {
	if f == nil {
		return true
	}
	g.ctx.cell, g.ctx.code = cell, int(g.s.cells[cell])
	return f(g.ctx) != 0
}

// playLeap moves the piece g.pc from cell c onto land (direction d),
// the leap's captures already off the board in s.caps[capBase:]: it
// credits them to the mover, explores by the chain policy (stop: the
// chain ends on land whatever the rule; walk: the walker going on from
// land), and takes everything back, the mover's captures and points
// restored to oldCapt and oldPts. The generic and long walkers share it.
func (g *gen) playLeap(c, land, d, capBase int, stop bool, oldCapt, oldPts int32, walk func(int) bool) {
	p, s, mover := g.p, g.s, g.mover
	for _, ch := range s.caps[capBase:] {
		s.captured[mover]++
		s.points[mover] += p.codePoints[ch.old]
	}
	s.pop(p, c)
	s.push(p, land, g.piece)
	s.path = append(s.path, uint32(land)|uint32(d)<<16)
	more := g.leapOn(stop || g.promotesAt(land))
	g.leapOff(more, more != ir.ChainNone && walk(land))
	s.path = s.path[:len(s.path)-1]
	s.pop(p, land)
	s.push(p, c, g.piece)
	for j := len(s.caps) - 1; j >= capBase; j-- {
		s.push(p, int(s.caps[j].cell), s.caps[j].old)
	}
	s.caps = s.caps[:capBase]
	s.captured[mover], s.points[mover] = oldCapt, oldPts
}

// genericDFS explores the leaps of the piece g.pc on top of cell c.
func (g *gen) genericDFS(c int) bool {
	p, s, r := g.p, g.s, g.r
	L := int(r.lenCode[g.piece])
	level := s.height(c) - 1
	any := false
	for _, d := range g.dirs {
		g.ctx.mcode, g.ctx.level = int(g.piece), level
		x, ok := c, true
		for k := 1; k <= L; k++ {
			x = int(p.neighbours[x*p.numDirs+int(d)])
			if x < 0 {
				ok = false
				break
			}
			if k < L && !g.test(r.over, x) {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		land := x
		if !g.test(r.onto, land) {
			continue
		}
		if s.cells[land] != 0 && r.capture != ir.CaptureLanding && !p.stacking {
			continue
		}
		if r.inside != nil && g.leavesInside(int(s.path[0]), land) {
			continue
		}
		stop := r.chainStop != nil && g.test(r.chainStop, land)
		// Take the captured pieces off, counting them for the mover.
		capBase := len(s.caps)
		mover := g.mover
		oldCapt, oldPts := s.captured[mover], s.points[mover]
		if r.capture == ir.CaptureJumped {
			y := c
			for k := 1; k < L; k++ {
				y = int(p.neighbours[y*p.numDirs+int(d)])
				if s.cells[y] != 0 {
					s.caps = append(s.caps, change{cell: int32(y), old: s.pop(p, y), arg: opPop})
				}
			}
		}
		if r.capture == ir.CaptureLanding && s.cells[land] != 0 {
			s.caps = append(s.caps, change{cell: int32(land), old: s.pop(p, land), arg: opPop})
		}
		captured := len(s.caps) > capBase
		if g.revisits(captured, int32(land)) {
			continue // nothing was taken off, nothing to restore
		}
		any = true
		g.playLeap(c, land, int(d), capBase, stop, oldCapt, oldPts, g.genericDFS)
		if g.found {
			return true
		}
	}
	return any
}
