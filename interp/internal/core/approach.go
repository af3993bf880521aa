package core

import "github.com/ruleplay/ruleplay/ir"

// Capture by approach and withdrawal (ir.CaptureApproach,
// ir.CaptureWithdrawal, ir.CaptureApproachOrWithdrawal): the line walker.
//
// A leap of such a rule takes a line of enemy pieces (pieces of a player
// other than the mover): by approach, the piece on the cell beyond the
// landing in the direction of travel and every enemy piece after it in
// that direction up to the first cell that is empty, holds another
// piece or leaves the board; by withdrawal, the same line starting on
// the cell behind the start, against the direction of travel. A leap is
// a move of the rule only when it takes a line; one that could take both
// ways (approach-or-withdrawal) is two moves, told apart in the path by
// FlagWithdrawal on the leap's entry (its text marks every leap: A or W,
// Program.Text). The lines leave the board at once, before the chain
// goes on (taken: at-once).
//
// The walk (lineDFS) is the generic walker's: it follows the rule
// literally, with its From/Over/Onto closures, chain policy (chain.go),
// next directions (chain-dirs: turn, no-reverse) and revisit rule; the
// make (MoveLineCaptures) replays the path's leaps and takes each leap's
// line again from the position as it is then. The planner gives such a
// rule the generic walker and the general make: the leap tables, the
// bitset, mailbox and counting walkers and the make accelerators decline
// it (compileRule, compilePlay), which `ruleplay vet --explain` shows.

// FlagWithdrawal marks the path entry of a leap that captures by
// withdrawal, in a rule capturing by approach or withdrawal (clear: by
// approach). It is a leap entry's bit, as FlagCapture is a group move's.
const FlagWithdrawal = 1 << 30

// LineCapture is what a rule capturing lines keeps (Rule.Lines).
type LineCapture struct {
	// Kinds are the entry flags of the captures each leap tries, in
	// order: 0 for approach, FlagWithdrawal for withdrawal.
	Kinds []uint32
	// Behind[d] is the direction whose vector is the opposite of d's (-1:
	// the board has none), along which a withdrawal's line runs.
	Behind []int32
}

var (
	// WalkLineCaptures walks a rule capturing by approach or withdrawal.
	WalkLineCaptures = genericWalk{"depth first, taking lines by approach or withdrawal",
		func(g *Gen, c int) { g.lineDFS(c) }}
	// WalkLineCapturesFirstDirs is WalkLineCaptures for a chain that keeps
	// its first direction.
	WalkLineCapturesFirstDirs = genericWalk{"depth first, taking lines by approach or withdrawal, one first direction at a time",
		func(g *Gen, c int) { g.eachFirstDir(c, g.lineDFS) }}
)

// lineStart is the first cell and the direction of the line a leap from
// c onto land in direction d takes by the capture kind (an entry flag),
// or -1 when there is none.
func (p *Program) lineStart(lc *LineCapture, kind uint32, c, land, d int) (first, dir int) {
	if kind&FlagWithdrawal == 0 {
		return int(p.Neighbours[land*p.NumDirs+d]), d
	}
	b := int(lc.Behind[d])
	if b < 0 {
		return -1, d
	}
	return int(p.Neighbours[c*p.NumDirs+b]), b
}

// isEnemy tells whether code is a piece of a player other than mover.
func (p *Program) isEnemy(code uint16, mover int) bool {
	return code != 0 && WhoMatch(ir.Enemy, mover, p.CodeOwner[code])
}

// lineDFS explores the leaps of the piece g.Piece on cell c that take a
// line, and the chains going on from them.
func (g *Gen) lineDFS(c int) bool {
	p, s, r := g.P, g.S, g.R
	L := int(r.LenCode[g.Piece])
	nd := p.NumDirs
	any := false
	for _, d := range g.Dirs {
		g.ctx.Mcode, g.ctx.Level = int(g.Piece), 0
		x, ok := c, true
		for k := 1; k <= L && ok; k++ {
			x = int(p.Neighbours[x*nd+int(d)])
			ok = x >= 0 && (k == L || g.test(r.Over, x))
		}
		if !ok || !g.test(r.Onto, x) || s.Cells[x] != 0 {
			continue
		}
		land := x
		if r.Inside != nil && g.leavesInside(int(s.Path[0]), land) {
			continue
		}
		if r.Revisit == ir.RevisitNever && r.Chain != ir.ChainNone && s.onPath(int32(land)) {
			continue
		}
		stop := r.ChainStop != nil && g.test(r.ChainStop, land)
		for _, kind := range r.Lines.Kinds {
			first, dir := p.lineStart(r.Lines, kind, c, land, int(d))
			capBase := len(s.Caps)
			oldCapt, oldPts := s.CapturedBy[g.Mover], s.Points[g.Mover]
			for y := first; y >= 0 && p.isEnemy(s.Cells[y], g.Mover); y = int(p.Neighbours[y*nd+dir]) {
				s.Caps = append(s.Caps, Change{Cell: int32(y), Old: s.pop(p, y), Arg: opPop})
			}
			if len(s.Caps) == capBase {
				continue
			}
			any = true
			g.playLineLeap(c, land, int(d), kind, capBase, stop, oldCapt, oldPts)
			if g.Found {
				return true
			}
		}
	}
	return any
}

// playLineLeap is playLeap for a leap taking a line: the path entry
// carries the capture kind.
func (g *Gen) playLineLeap(c, land, d int, kind uint32, capBase int, stop bool, oldCapt, oldPts int32) {
	p, s, mover := g.P, g.S, g.Mover
	for _, ch := range s.Caps[capBase:] {
		s.CapturedBy[mover]++
		s.Points[mover] += p.CodePoints[ch.Old]
	}
	s.pop(p, c)
	s.push(p, land, g.Piece)
	s.Path = append(s.Path, uint32(land)|uint32(d)<<16|kind)
	more := g.LeapOn(stop || g.PromotesAt(land))
	g.LeapOff(more, more != ir.ChainNone && g.goOn(land, d, g.lineDFS))
	s.Path = s.Path[:len(s.Path)-1]
	s.pop(p, land)
	s.push(p, c, g.Piece)
	for j := len(s.Caps) - 1; j >= capBase; j-- {
		s.push(p, int(s.Caps[j].Cell), s.Caps[j].Old)
	}
	s.Caps = s.Caps[:capBase]
	s.CapturedBy[mover], s.Points[mover] = oldCapt, oldPts
}

// MoveLineCaptures is the cells function of a rule capturing lines
// (rule.cells): the piece leaves its start; on each leap it takes the
// line its entry names from the position as it is then, and it lands
// on the last landing, promoted there when a promotion applies.
func (p *Program) MoveLineCaptures(s *State, r *Rule, mover int, path []uint32) {
	start := int(path[0])
	pc := s.lift(p, start)
	cur, nd := start, p.NumDirs
	for _, e := range path[1:] {
		land, d := int(e&0xffff), int(e>>16&DirMask)
		first, dir := p.lineStart(r.Lines, e&FlagWithdrawal, cur, land, d)
		for y := first; y >= 0 && p.isEnemy(s.Cells[y], mover); y = int(p.Neighbours[y*nd+dir]) {
			p.take(s, mover, y)
		}
		cur = land
	}
	if len(p.Promos[pc]) > 0 {
		if to := p.PromoteTo(pc, cur); to != 0 {
			pc = to
		}
	}
	s.drop(p, cur, pc)
}

// marksCapture tells whether the texts of the rule's moves mark each
// leap's capture kind (lineMark): a move of such a rule never shares
// its text with a move of a rule that does not (dedup.go).
func (r *Rule) marksCapture() bool { return r.Capture == ir.CaptureApproachOrWithdrawal }

// lineMark is the mark of a leap entry's capture kind in a move's text,
// for a rule that may capture either way: "A" (approach) or "W"
// (withdrawal); "" for every other rule.
func (r *Rule) lineMark(e uint32) string {
	switch {
	case !r.marksCapture():
		return ""
	case e&FlagWithdrawal != 0:
		return "W"
	}
	return "A"
}
