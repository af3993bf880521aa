package lang

import (
	"fmt"
	"strings"

	"github.com/ruleplay/ruleplay/ir"
)

// turnsProps are the properties of the turns entry.
var turnsProps = []string{"opening", "repeat"}

// maxTurnSeats bounds the players one list of the turns entry names.
const maxTurnSeats = 100

// checkTurns reads `turns { opening: P...; repeat: P... }`: who moves at
// each ply when it is not strict alternation in the order of players.
// The players of opening move once each, in order; then those of repeat,
// over and over. repeat must name every player (a player it leaves out
// would never move again). A turn order that is strict alternation
// (no opening, repeat the players in their order) is left out of the ir:
// the game is the same.
func (c *checker) checkTurns(es []*Entry) {
	if len(es) == 0 || !c.playersOK {
		return
	}
	const usage = "write turns { opening: PLAYER...; repeat: PLAYER... }"
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
	order := &ir.TurnOrder{Pos: e.Pos.String()}
	ok := true
	if p, has := ps["opening"]; has {
		order.Opening, ok = c.turnSeats(p)
	}
	p, has := ps["repeat"]
	if !has {
		c.errorf(e.Pos, "add repeat: the players who move after the opening, in order (repeat: white black)", "turns needs repeat")
		return
	}
	seats, okRepeat := c.turnSeats(p)
	if !okRepeat {
		return
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
		return
	}
	if !ok {
		return
	}
	if len(order.Opening) == 0 && len(seats) == len(c.g.Players) {
		alternation := true
		for i, pl := range seats {
			alternation = alternation && pl == i
		}
		if alternation {
			return // the default: strict alternation in the order of players
		}
	}
	c.g.Turns = order
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
