package lang

import (
	"fmt"
	"strings"

	"github.com/ruleplay/ruleplay/ir"
)

// turnsProps are the properties of the turns entry.
var turnsProps = []string{"opening", "repeat", "swap"}

// maxTurnSeats bounds the players one list of the turns entry names.
const maxTurnSeats = 100

// maxSwapPly bounds the ply of the swap (turns { swap: after N }).
const maxSwapPly = 1000

// checkTurns reads `turns { opening: P...; repeat: P...; swap: after N }`:
// who moves at each ply when it is not strict alternation in the order
// of players, and the pie rule. The players of opening move once each,
// in order; then those of repeat, over and over. repeat must name every
// player (a player it leaves out would never move again); it may be
// left out when the entry only gives the swap. A turn order that is
// strict alternation (no opening, repeat the players in their order) is
// left out of the ir: the game is the same.
func (c *checker) checkTurns(es []*Entry) {
	if len(es) == 0 || !c.playersOK {
		return
	}
	const usage = "write turns { opening: PLAYER...; repeat: PLAYER... } or turns { swap: after 1 }"
	e := es[len(es)-1]
	if len(e.Labels) > 0 {
		c.errorf(e.Labels[0].Pos, usage, "turns takes no name")
		return
	}
	if len(e.Values) > 0 || !e.HasBlock {
		c.errorf(e.Pos, usage, "turns takes a block")
		return
	}
	ps := c.props(e, "turns", turnsProps)
	order, ok := c.turnOrder(e, ps)
	if !ok {
		return
	}
	c.g.Turns = order
	if p, has := ps["swap"]; has {
		c.checkSwap(p, order)
	}
}

// turnOrder reads the opening and repeat of a turns entry (nil: strict
// alternation, which a turns entry giving only the swap keeps).
func (c *checker) turnOrder(e *Entry, ps map[string]*Entry) (*ir.TurnOrder, bool) {
	order := &ir.TurnOrder{Pos: e.Pos.String()}
	ok := true
	_, hasOpening := ps["opening"]
	if p, has := ps["opening"]; has {
		order.Opening, ok = c.turnSeats(p)
	}
	p, has := ps["repeat"]
	if !has {
		if _, swap := ps["swap"]; swap && !hasOpening {
			return nil, true // the swap alone: strict alternation
		}
		c.errorf(e.Pos, "add repeat: the players who move after the opening, in order (repeat: white black)", "turns needs repeat")
		return nil, false
	}
	seats, okRepeat := c.turnSeats(p)
	if !okRepeat {
		return nil, false
	}
	order.Repeat = seats
	moves := make([]bool, len(c.g.Players))
	for _, pl := range seats {
		moves[pl] = true
	}
	var never []string
	for pl, m := range moves {
		if !m {
			never = append(never, c.g.Players[pl].Name)
		}
	}
	if len(never) > 0 {
		c.errorf(p.Pos, fmt.Sprintf("add %s to repeat", strings.Join(never, " and ")), "repeat leaves out %s, who would never move after the opening", strings.Join(never, " and "))
		return nil, false
	}
	if !ok {
		return nil, false
	}
	if len(order.Opening) == 0 && len(seats) == len(c.g.Players) {
		alternation := true
		for i, pl := range seats {
			alternation = alternation && pl == i
		}
		if alternation {
			return nil, true // the default: strict alternation in the order of players
		}
	}
	return order, true
}

// checkSwap reads the swap of a turns entry (the pie rule): `after N`
// (N plies played, a constant: after 1 is the pie rule), `never`, or a
// choice between them on an option (`if swap then after 1 else
// never`). Only a two-player game has a swap, and the swap may not
// fall between two plies of one player (a turn of the opening, say):
// the player who would take over would be the one who just moved.
func (c *checker) checkSwap(p *Entry, order *ir.TurnOrder) {
	v, ok := c.single(p)
	if !ok {
		return
	}
	ply, ok := c.swapPly(v)
	if !ok || ply == 0 {
		return
	}
	if n := len(c.g.Players); n != 2 {
		c.errorf(p.Pos, "the pie rule is for two players: remove swap, or write swap: if players == 2 then after 1 else never", "swap exchanges the sides of two players, but this game has %d players", n)
		return
	}
	at := func(k int) int {
		if order == nil {
			return k % 2
		}
		if k < len(order.Opening) {
			return order.Opening[k]
		}
		return order.Repeat[(k-len(order.Opening))%len(order.Repeat)]
	}
	if mover := at(ply); mover == at(ply-1) {
		name := c.g.Players[mover].Name
		hint := "remove swap"
		for k := ply + 1; k <= ply+2*maxTurnSeats+2; k++ {
			if at(k) != at(k-1) {
				hint = fmt.Sprintf("write swap: after %d (when %s's turn has ended)", k, c.g.Players[at(k-1)].Name)
				break
			}
		}
		c.errorf(v.At(), hint, "swap after %d: %s plays ply %d and ply %d, so would take over its own side", ply, name, ply, ply+1)
		return
	}
	c.g.Swap = &ir.Swap{Ply: ply, Pos: p.Pos.String()}
}

// swapPly reads the value of swap: the plies played before the swap is
// offered (0: never).
func (c *checker) swapPly(v Expr) (int, bool) {
	const usage = "write swap: after 1 (the pie rule: after the first ply), never, or if OPTION then after 1 else never"
	switch x := v.(type) {
	case *If:
		cond, ok := c.constValue(x.Cond)
		if !ok {
			return 0, false
		}
		if cond.kind != cvBool {
			c.errorf(x.Cond.At(), "", "if needs true/false, not %s", cond.kindName())
			return 0, false
		}
		if cond.i != 0 {
			return c.swapPly(x.Then)
		}
		return c.swapPly(x.Else)
	case *Name:
		if x.Dotted() == "never" {
			return 0, true
		}
	case *Phrase:
		if w, ok := x.Words[0].(*Name); ok && w.Dotted() == "after" && len(x.Words) == 2 {
			n, ok := c.constValue(x.Words[1])
			if !ok {
				return 0, false
			}
			if n.kind != cvInt || n.i < 1 || n.i > maxSwapPly {
				what := fmt.Sprint(n.i)
				if n.kind != cvInt {
					what = n.kindName()
				}
				c.errorf(x.Words[1].At(), "write swap: after 1 (the pie rule: the second player may take over the first player's side after its first move)", "swap after %s: the swap needs a number of plies from 1 to %d (a side to take over)", what, maxSwapPly)
				return 0, false
			}
			return n.i, true
		}
	}
	c.errorf(v.At(), usage, "swap takes after N (the plies played before the swap is offered) or never")
	return 0, false
}

// turnSeats reads the players of a turns property: names, written one
// after the other (`a a`), separated by commas or in a list.
func (c *checker) turnSeats(p *Entry) ([]int, bool) {
	var names []*Name
	ok := true
	var flatten func(v Expr)
	flatten = func(v Expr) {
		switch x := v.(type) {
		case *Name:
			names = append(names, x)
		case *Phrase:
			for _, w := range x.Words {
				flatten(w)
			}
		case *List:
			for _, w := range x.Items {
				flatten(w)
			}
		default:
			c.errorf(v.At(), fmt.Sprintf("write %s: PLAYER PLAYER ... (players' names, in the order they move)", p.Key), "%s takes players' names", p.Key)
			ok = false
		}
	}
	if p.HasBlock {
		c.errorf(p.Pos, fmt.Sprintf("write %s: PLAYER PLAYER ...", p.Key), "%s takes players' names, not a block", p.Key)
		return nil, false
	}
	for _, v := range p.Values {
		flatten(v)
	}
	if !ok {
		return nil, false
	}
	if len(names) == 0 {
		c.errorf(p.Pos, fmt.Sprintf("write %s: PLAYER PLAYER ...", p.Key), "%s names no player", p.Key)
		return nil, false
	}
	if len(names) > maxTurnSeats {
		c.errorf(names[maxTurnSeats].Pos, "", "%s names more than %d players", p.Key, maxTurnSeats)
		return nil, false
	}
	seats := make([]int, 0, len(names))
	for _, n := range names {
		name := n.Dotted()
		pl, known := c.players[name]
		if !known {
			if !c.isBadlyDeclared("player", name) {
				c.errorf(n.Pos, c.r.hintFor(name, "players", c.playerNames()), "unknown player %q in %s", name, p.Key)
			}
			ok = false
			continue
		}
		seats = append(seats, pl)
	}
	return seats, ok
}
