package interp

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
	sets := make([][]bool, p.numPlayers)
	cells := make([][]int32, p.numPlayers)
	for pl := 0; pl < p.numPlayers; pl++ {
		m := make([]bool, p.numCells)
		for q := 0; q < p.numPlayers; q++ {
			if q == pl {
				continue
			}
			for c, in := range p.zones[z][q] {
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
func sumOthers(np int, f evalFn) evalFn {
	return func(c *ectx) int {
		own, opp := c.own, c.opp
		sum := 0
		for q := 0; q < np; q++ {
			if q == own {
				continue
			}
			c.own = q
			sum += f(c)
		}
		c.own, c.opp = own, opp
		return sum
	}
}

// zoneDistanceTable is, per player, the fewest steps along dirs on the
// empty board from each cell to the nearest of the player's cells of zone
// z (a breadth-first search from all of them at once); a cell that reaches
// none counts the number of cells. t[pl*nc+cell].
func (p *Program) zoneDistanceTable(dirs []int, z int) ([]int32, error) {
	return p.distances(fmt.Sprint("zone", z, dirs), dirs, p.numPlayers, func(pl int, add func(c int)) {
		for _, c := range p.zoneCells[z][pl] {
			add(int(c))
		}
	})
}

// zoneDistance compiles OpZoneDistance for the player c.own: the sum of
// the table over the player's pieces (top pieces), read from the owner's
// occupancy set.
func (xc *exprCompiler) zoneDistance(e *ir.Expr) (evalFn, error) {
	if err := xc.checkZone(e); err != nil {
		return nil, err
	}
	p := xc.p
	t, err := p.zoneDistanceTable(e.Dirs, e.Int)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", xc.what, err)
	}
	if xc.kind == exCell {
		// During a chain the occupancy sets are not up to date: scan the cells.
		return func(c *ectx) int {
			row := t[c.own*p.numCells : (c.own+1)*p.numCells]
			sum := 0
			for cl, code := range c.s.cells {
				if code != 0 && int(p.codeOwner[code]) == c.own {
					sum += int(row[cl])
				}
			}
			return sum
		}, nil
	}
	return func(c *ectx) int {
		s := c.s
		row := t[c.own*p.numCells : (c.own+1)*p.numCells]
		sum := 0
		for w := 0; w < s.numWords; w++ {
			word := s.occ[c.own*s.numWords+w]
			for word != 0 {
				sum += int(row[p.cellOf[w<<6|bits.TrailingZeros64(word)]])
				word &= word - 1
			}
		}
		return sum
	}, nil
}

// withSide evaluates f, a value of the player c.own, for the player of
// side sd instead (own, next, winner, loser).
func withSide(sd ir.Side, f evalFn) evalFn {
	if sd == ir.SideOwn {
		return f
	}
	return func(c *ectx) int {
		own, opp := c.own, c.opp
		c.own = c.side(sd)
		v := f(c)
		c.own, c.opp = own, opp
		return v
	}
}

// compileGuide compiles the game's guide (nil: none).
func (p *Program) compileGuide() error {
	gd := p.game.Guide
	if gd == nil {
		return nil
	}
	xc := &exprCompiler{p: p, kind: exPlayer, hasScore: p.game.Score != nil, what: "guide"}
	f, err := xc.compile(gd.Value, false)
	if err != nil {
		return err
	}
	p.guide = f
	return nil
}

// HasGuide tells whether the rules give the computer players a guide.
func (p *Program) HasGuide() bool { return p.guide != nil }

// GuideLowest tells whether the guide's lowest value is the best.
func (p *Program) GuideLowest() bool { return p.game.Guide != nil && p.game.Guide.Best == ir.Lowest }

// Guide returns the guide's value for player (0 without a guide or for a
// player out of range).
func (p *Program) Guide(s *State, player int) int {
	if p.guide == nil || player < 0 || player >= p.numPlayers {
		return 0
	}
	c := &s.ax().gctx
	*c = ectx{p: p, s: s, own: player, opp: p.after(player)}
	return p.guide(c)
}
