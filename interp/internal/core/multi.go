package core

import (
	"fmt"
	"math/bits"

	"github.com/ruleplay/ruleplay/ir"
)

// Several players and the guide.
//
// Expressions name players relative to the one they are evaluated for:
// own, next (ir.SideOpponent: the next player in turn order) and others
// (ir.SideOthers: every other player together). The checker writes a
// piece quantifier over the others as one over enemy pieces; a player
// value of the others is compiled as the value of own summed over the
// other players (sumOthers), and a zone of the others as the union of
// their cells, built per player at compile time (othersZone, multi.go).
// distance(DIRS, ZONE) (ir.OpZoneDistance) reads a table per player of
// the fewest steps from each cell to that player's cells of the zone (a
// breadth-first search from all of them at once, on the empty board)
// and sums it over the player's occupancy set. The guide (ir.Game.Guide)
// is compiled like a score and evaluated only on request (Guide): the
// computer players of package play judge positions by it where the
// rules give one; nothing in generation, Apply or Status reads it. With
// more than two players a piece's symbol carries its owner's seat
// number. None of this is compiled for rules that do not use it.

// Several players: the side "others" (every player but own, taken
// together), the distance of a player's pieces to a zone, and the guide.
// All of it is compiled only for the expressions that use it: nothing
// here is on the path of a game that does not.

// othersZone returns, for zone z, per player the union of every other
// player's cells: as a set and in ascending order.
func (p *Program) othersZone(z int) ([][]bool, [][]int32) {
	sets := make([][]bool, p.Players)
	cells := make([][]int32, p.Players)
	for pl := 0; pl < p.Players; pl++ {
		m := make([]bool, p.NumCells)
		for q := 0; q < p.Players; q++ {
			if q == pl {
				continue
			}
			for c, in := range p.Zones[z][q] {
				m[c] = m[c] || in
			}
		}
		sets[pl] = m
		for c, in := range m {
			if in {
				cells[pl] = append(cells[pl], int32(c))
			}
		}
	}
	return sets, cells
}

// sumOthers turns a player value f of the player in c.own into the sum of
// that value over every other player.
func sumOthers(np int, f EvalFn) EvalFn {
	return func(c *Ectx) int {
		own, opp := c.Own, c.Opp
		sum := 0
		for q := 0; q < np; q++ {
			if q == own {
				continue
			}
			c.Own = q
			sum += f(c)
		}
		c.Own, c.Opp = own, opp
		return sum
	}
}

// zoneDistanceTable is, per player, the fewest steps along dirs on the
// empty board from each cell to the nearest of the player's cells of zone
// z (a breadth-first search from all of them at once); a cell that reaches
// none counts the number of cells. t[pl*nc+cell].
func (p *Program) zoneDistanceTable(dirs []int, z int) ([]int32, error) {
	return p.distances(fmt.Sprint("zone", z, dirs), dirs, p.Players, func(pl int, add func(c int)) {
		for _, c := range p.ZoneCells[z][pl] {
			add(int(c))
		}
	})
}

// zoneDistance compiles OpZoneDistance for the player c.own: the sum of
// the table over the player's pieces (top pieces), read from the owner's
// occupancy set.
func (xc *ExprCompiler) zoneDistance(e *ir.Expr) (EvalFn, error) {
	if err := xc.checkZone(e); err != nil {
		return nil, err
	}
	p := xc.P
	t, err := p.zoneDistanceTable(e.Dirs, e.Int)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", xc.What, err)
	}
	if xc.Kind == ExCell {
		// During a chain the occupancy sets are not up to date: scan the cells.
		return func(c *Ectx) int {
			row := t[c.Own*p.NumCells : (c.Own+1)*p.NumCells]
			sum := 0
			for cl, code := range c.S.Cells {
				if code != 0 && int(p.CodeOwner[code]) == c.Own {
					sum += int(row[cl])
				}
			}
			return sum
		}, nil
	}
	return func(c *Ectx) int {
		s := c.S
		row := t[c.Own*p.NumCells : (c.Own+1)*p.NumCells]
		sum := 0
		for w := 0; w < s.NumWords; w++ {
			word := s.Occ[c.Own*s.NumWords+w]
			for word != 0 {
				sum += int(row[p.CellOf[w<<6|bits.TrailingZeros64(word)]])
				word &= word - 1
			}
		}
		return sum
	}, nil
}

// withSide evaluates f, a value of the player c.own, for the player of
// side sd instead (own, next, winner, loser).
func withSide(sd ir.Side, f EvalFn) EvalFn {
	if sd == ir.SideOwn {
		return f
	}
	return func(c *Ectx) int {
		own, opp := c.Own, c.Opp
		c.Own = c.Side(sd)
		v := f(c)
		c.Own, c.Opp = own, opp
		return v
	}
}

// HasGuide tells whether the rules give the computer players a guide.
func (p *Program) HasGuide() bool { return p.GuideFn != nil }

// GuideLowest tells whether the guide's lowest value is the best.
func (p *Program) GuideLowest() bool { return p.Desc.Guide != nil && p.Desc.Guide.Best == ir.Lowest }

// Guide returns the guide's value for player (0 without a guide or for a
// player out of range).
func (p *Program) Guide(s *State, player int) int {
	if p.GuideFn == nil || player < 0 || player >= p.Players {
		return 0
	}
	c := &s.Ax().gctx
	*c = Ectx{P: p, S: s, Own: player, Opp: p.After(player)}
	return p.GuideFn(c)
}
