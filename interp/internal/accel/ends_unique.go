package accel

import (
	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
)

// Tiers whose moves never share their ends. A tier of rules named by
// their ends is merged after generation (mergeEnds, then dedup): of the
// moves with the same start and end only the first stays. The merge is a
// pass over the list, hashing every move, and it makes the tier a list in
// every mode. It removes nothing when the planner proves that no two moves
// of the tier have the same start and end, which this unit does for the
// tiers of races such as hop games:
//
//   - a chain found by reachability (rule.reachesOnce) gives one move per
//     piece and landing;
//   - a single leap of one fixed length (no chain) gives one move per piece
//     and direction, and the directions of a rule have distinct vectors
//     (compileDirs), so distinct landings: the neighbour table follows the
//     cells' coordinates (Program.nb), so a leap's landing is its start
//     plus its vector;
//   - two rules that never move the same piece (srcDisjoint) never share a
//     start; drops and removals never have a leap's text, and
//     tierNeedsDedup tells whether two of them may share one;
//   - a single-leap rule (length a, vectors v) and a chain rule (length b,
//     vectors w) share a move only if some a*v is a sum of b*w's, that is
//     a*v lies in b times the lattice the w's span: checked with the
//     lattice's basis (latticeBasis); and two single-leap rules only if
//     their displacements are equal.
//
// On a hex board of centred rows a step (2,0) or (1,1) (half-cell units)
// is never a sum of short jumps (4,0), (2,2), ...: the lattice of the
// jumps' vectors doubled holds no vector with x+y = 2 mod 4. Then the tier
// needs neither merge nor deduplication, and its moves can be counted
// without being built.

// LandingsApart tells whether single-leap rule a never lands where rule b
// (a single leap or a chain) does from the same start, for every mover.
func LandingsApart(p *core.Program, a, b *core.Rule) bool {
	dirs := p.Desc.Board.Dirs
	la, lb := a.Lengths[0], b.Lengths[0]
	for pl := 0; pl < p.Players; pl++ {
		var ws [][2]int
		for _, d := range b.Dirs[pl] {
			ws = append(ws, [2]int{dirs[d].DX, dirs[d].DY})
		}
		basis := LatticeBasis(ws)
		for _, d := range a.Dirs[pl] {
			x, y := dirs[d].DX*la, dirs[d].DY*la
			if b.Chain == ir.ChainNone {
				for _, w := range ws {
					if x == w[0]*lb && y == w[1]*lb {
						return false
					}
				}
				continue
			}
			if x%lb == 0 && y%lb == 0 && basis.Holds(x/lb, y/lb) {
				return false
			}
		}
	}
	return true
}

// lattice is the set of integer combinations of some plane vectors, by a
// basis in echelon form: first (a vector with the least positive x of
// the lattice, or none: has is false) and every vector with x = 0 a
// multiple of (0, step) (step 0: only the zero vector).
type lattice struct {
	has   bool
	first [2]int
	step  int
}

// LatticeBasis returns the lattice the vectors vs span.
func LatticeBasis(vs [][2]int) lattice {
	var l lattice
	for _, v := range vs {
		if v[0] == 0 {
			l.step = gcd(l.step, v[1])
			continue
		}
		if !l.has {
			l.first, l.has = v, true
			continue
		}
		// Euclid on the x coordinates, carrying the vectors along: first
		// ends with the gcd of the two x, the other with x = 0.
		a, b := l.first, v
		for b[0] != 0 {
			q := a[0] / b[0]
			a, b = b, [2]int{a[0] - q*b[0], a[1] - q*b[1]}
		}
		l.first = a
		l.step = gcd(l.step, b[1])
	}
	if l.first[0] < 0 {
		l.first = [2]int{-l.first[0], -l.first[1]}
	}
	return l
}

// Holds tells whether (x, y) is in the lattice.
func (l lattice) Holds(x, y int) bool {
	if l.has {
		if x%l.first[0] != 0 {
			return false
		}
		k := x / l.first[0]
		x, y = 0, y-k*l.first[1]
	}
	if x != 0 {
		return false
	}
	if l.step == 0 {
		return y == 0
	}
	return y%l.step == 0
}

func gcd(a, b int) int {
	if a < 0 {
		a = -a
	}
	if b < 0 {
		b = -b
	}
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
