package core

import "github.com/ruleplay/ruleplay/ir"

// genericLeaps: the generic walker. It follows the rule literally: every
// cell, the From/Over/Onto closures, the neighbour table one cell at a
// time, stacks pushed and popped.
func (g *Gen) genericLeaps() {
	p, s, r := g.P, g.S, g.R
	g.ctx = p.GuardCtx(s)
	g.Dirs = r.Dirs[g.Mover]
	walk := r.Generic.from
	for c := 0; c < p.NumCells; c++ {
		if !g.genericSource(c) {
			continue
		}
		s.Path = append(s.Path[:0], uint32(c))
		walk(g, c)
		s.Path = s.Path[:0]
		if g.Found {
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
	Name string
	from func(g *Gen, c int)
}

var (
	WalkDepthFirst     = genericWalk{"depth first", func(g *Gen, c int) { g.genericDFS(c) }}
	WalkDepthFirstDirs = genericWalk{"depth first, one first direction at a time",
		func(g *Gen, c int) { g.eachFirstDir(c, g.genericDFS) }}
	WalkRays = genericWalk{"rays outwards", func(g *Gen, c int) {
		g.readyTaken()
		g.longDFS(c)
	}}
	WalkRaysFirstDirs = genericWalk{"rays outwards, one first direction at a time", func(g *Gen, c int) {
		g.readyTaken()
		g.eachFirstDir(c, g.longDFS)
	}}
)

// genericSource tells whether the rule may move the piece on top of cell
// c (the mover selects it, it has a leap length, From holds there), and
// then readies g.pc and g.ctx for it.
func (g *Gen) genericSource(c int) bool {
	p, s, r := g.P, g.S, g.R
	code := s.Cells[c]
	if !p.Selects(r, g.Mover, int(code)) || r.LenCode[code] == 0 {
		return false
	}
	g.ctx.Mcode = int(code)
	if r.From != nil {
		g.ctx.Level = s.height(c) - 1
		if !g.test(r.From, c) {
			return false
		}
	}
	g.Piece = code
	return true
}

func (g *Gen) test(f EvalFn, cell int) bool {
	if f == nil {
		return true
	}
	g.ctx.Cell, g.ctx.Code = cell, int(g.S.Cells[cell])
	return f(g.ctx) != 0
}

// playLeap moves the piece g.pc from cell c onto land (direction d),
// the leap's captures already off the board in s.caps[capBase:]: it
// credits them to the mover, explores by the chain policy (stop: the
// chain ends on land whatever the rule; walk: the walker going on from
// land), and takes everything back, the mover's captures and points
// restored to oldCapt and oldPts. The generic and long walkers share it.
func (g *Gen) playLeap(c, land, d, capBase int, stop bool, oldCapt, oldPts int32, walk func(int) bool) {
	g.landPiece(c, land, d, capBase)
	more := g.LeapOn(stop || g.PromotesAt(land))
	g.LeapOff(more, more != ir.ChainNone && g.goOnFrom(land, d, walk))
	g.leapBack(c, land, capBase, oldCapt, oldPts)
}

// landPiece is playLeap's first half: the captures in s.caps[capBase:]
// credited to the mover, the piece g.pc moved from c onto land, the leap
// put on the path.
func (g *Gen) landPiece(c, land, d, capBase int) {
	p, s, mover := g.P, g.S, g.Mover
	for _, ch := range s.Caps[capBase:] {
		s.CapturedBy[mover]++
		s.Points[mover] += p.CodePoints[ch.Old]
	}
	s.pop(p, c)
	s.push(p, land, g.Piece)
	s.Path = append(s.Path, uint32(land)|uint32(d)<<16)
}

// leapBack takes back what landPiece did and the leap's captures, the
// mover's captures and points restored to oldCapt and oldPts.
func (g *Gen) leapBack(c, land, capBase int, oldCapt, oldPts int32) {
	p, s := g.P, g.S
	s.Path = s.Path[:len(s.Path)-1]
	s.pop(p, land)
	s.push(p, c, g.Piece)
	for j := len(s.Caps) - 1; j >= capBase; j-- {
		s.push(p, int(s.Caps[j].Cell), s.Caps[j].Old)
	}
	s.Caps = s.Caps[:capBase]
	s.CapturedBy[g.Mover], s.Points[g.Mover] = oldCapt, oldPts
}

// genericDFS explores the leaps of the piece g.pc on top of cell c.
func (g *Gen) genericDFS(c int) bool {
	p, s, r := g.P, g.S, g.R
	L := int(r.LenCode[g.Piece])
	level := s.height(c) - 1
	any := false
	for _, d := range g.Dirs {
		g.ctx.Mcode, g.ctx.Level = int(g.Piece), level
		x, ok := c, true
		for k := 1; k <= L; k++ {
			x = int(p.Neighbours[x*p.NumDirs+int(d)])
			if x < 0 {
				ok = false
				break
			}
			if k < L && !g.test(r.Over, x) {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		land := x
		if !g.test(r.Onto, land) {
			continue
		}
		if s.Cells[land] != 0 && r.Capture != ir.CaptureLanding && !p.Stacking {
			continue
		}
		if r.Inside != nil && g.leavesInside(int(s.Path[0]), land) {
			continue
		}
		if r.Revisit == ir.RevisitNever && s.onPath(int32(land)) {
			continue // revisit: never (which needs a chain)
		}
		stop := r.ChainStop != nil && g.test(r.ChainStop, land)
		// Take the captured pieces off, counting them for the mover.
		capBase := len(s.Caps)
		mover := g.Mover
		oldCapt, oldPts := s.CapturedBy[mover], s.Points[mover]
		if r.Capture == ir.CaptureJumped {
			y := c
			for k := 1; k < L; k++ {
				y = int(p.Neighbours[y*p.NumDirs+int(d)])
				if s.Cells[y] != 0 {
					s.Caps = append(s.Caps, Change{Cell: int32(y), Old: s.pop(p, y), Arg: opPop})
				}
			}
		}
		if r.Capture == ir.CaptureLanding && s.Cells[land] != 0 {
			s.Caps = append(s.Caps, Change{Cell: int32(land), Old: s.pop(p, land), Arg: opPop})
		}
		captured := len(s.Caps) > capBase
		if g.Revisits(captured, int32(land)) {
			continue // nothing was taken off, nothing to restore
		}
		any = true
		g.playLeap(c, land, int(d), capBase, stop, oldCapt, oldPts, g.genericDFS)
		if g.Found {
			return true
		}
	}
	return any
}
