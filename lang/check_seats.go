package lang

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/ruleplay/ruleplay/ir"
)

// Games for several players: zones whose cells each seat gets from a table
// chosen by an option (`players 3: bottom, upper-left, upper-right`), zone
// names in cell lists, the zone mirror(ZONE), numbers as an option's
// choices, and the guide (an evaluation for the computer players).

// zoneCellsHere returns the cells a zone named in a cell list stands for:
// the zone's cells when they are the same for every player, else the cells
// of c.cellPlayer (the player of the setup, zone entry or seat being read).
func (c *checker) zoneCellsHere(n *Name, zi int) ([]int, bool) {
	z := c.g.Zones[zi]
	if z.Name == "start" && !c.setupDone {
		c.errorf(n.Pos, "list the cells, or name a zone of your own", "the zone start is made by the setup and cannot be used here")
		return nil, false
	}
	if c.cellPlayer >= 0 {
		return z.Cells[c.cellPlayer], true
	}
	for _, cells := range z.Cells[1:] {
		if !slices.Equal(cells, z.Cells[0]) {
			c.errorf(n.Pos, "use it in setup PLAYER { ... } or setup each { ... }, where the player is known",
				"zone %s has different cells for each player: whose cells are meant here is not known", z.Name)
			return nil, false
		}
	}
	if len(z.Cells) == 0 {
		return nil, true
	}
	return z.Cells[0], true
}

func isMirrorCall(e Expr) bool {
	call, ok := e.(*Call)
	return ok && call.Fn == "mirror"
}

// mirrorZone reads `zone NAME: mirror(ZONE)`: each player's cells of ZONE
// mirrored through the board's centre.
func (c *checker) mirrorZone(call *Call, z *ir.Zone) bool {
	hint := "write zone NAME: mirror(ZONE), a zone defined before"
	if len(call.Args) != 1 {
		c.errorf(call.Pos, hint, "mirror takes one zone")
		return false
	}
	n, _ := call.Args[0].(*Name)
	if n == nil {
		c.errorf(call.Args[0].At(), hint, "expected a zone name")
		return false
	}
	zi, ok := c.zones[n.Dotted()]
	if !ok && c.isBadlyDeclared("zone", n.Dotted()) {
		return false
	}
	if !ok {
		if _, isPlayer := c.players[n.Dotted()]; isPlayer {
			hint = fmt.Sprintf("mirror a player's cells inside a block: zone %s { PLAYER: mirror(%s) }", z.Name, n.Dotted())
		} else if h := c.r.didYouMean(n.Dotted(), c.zoneNames()); h != "" {
			hint = h
		}
		c.errorf(n.Pos, hint, "unknown zone %q", n.Dotted())
		return false
	}
	if zi == c.zones["start"] && !c.setupDone {
		c.errorf(n.Pos, "mirror a zone of your own", "the zone start is made by the setup and cannot be used here")
		return false
	}
	for p, cells := range c.g.Zones[zi].Cells {
		for _, cl := range cells {
			m, ok := c.mirrorCell(cl)
			if !ok {
				c.errorf(call.Pos, "", "the mirror of %s is not on the board", c.g.Board.Cells[cl].Name)
				return false
			}
			z.Cells[p] = append(z.Cells[p], m)
		}
	}
	return true
}

// isSeatTable tells whether a zone block is a seat table: its entries are
// keyed by an option.
func (c *checker) isSeatTable(e *Entry) bool {
	for _, pe := range e.Block {
		if _, isOpt := c.opts[pe.Key]; isOpt {
			if _, isPlayer := c.players[pe.Key]; !isPlayer {
				return true
			}
		}
	}
	return false
}

// seatTable reads a zone whose cells each seat gets by the value of an
// option:
//
//	zone home {
//	  players 2: bottom, top
//	  players 3: bottom, upper-left, upper-right
//	}
//
// The row whose label is the option's value gives, in turn order, each
// player's cells (cells, a zone, ranks(...)); every row is checked, only
// that one is used, and it must list one item per player.
func (c *checker) seatTable(e *Entry, z *ir.Zone) bool {
	var opt string
	var chosen *Entry
	ok := true
	for _, pe := range e.Block {
		d, isOpt := c.opts[pe.Key]
		switch {
		case !isOpt:
			c.errorf(pe.Pos, fmt.Sprintf("write %s VALUE: CELLS, CELLS, ... (one per seat)", opt), "a seat table's rows are keyed by one option, not %q", pe.Key)
			ok = false
			continue
		case opt != "" && pe.Key != opt:
			c.errorf(pe.Pos, fmt.Sprintf("key every row by %s", opt), "a seat table's rows are keyed by one option (%s), not also %s", opt, pe.Key)
			ok = false
			continue
		case len(pe.Labels) != 1 || len(pe.Values) == 0 || pe.HasBlock:
			c.errorf(pe.Pos, fmt.Sprintf("write %s VALUE: CELLS, CELLS, ... (one per seat, in turn order)", pe.Key), "bad row of a seat table")
			ok = false
			continue
		}
		opt = pe.Key
		if pe.Labels[0].Name == OptionValueText(c.g.Options[d.index]) {
			chosen = pe
		}
		for i, v := range pe.Values {
			if pe == chosen && i < len(z.Cells) {
				c.cellPlayer = i
			}
			cells, okc := c.cellList(v)
			c.cellPlayer = -1
			ok = ok && okc
			if pe == chosen && i < len(z.Cells) {
				z.Cells[i] = cells
			}
		}
	}
	if !ok {
		return false
	}
	if chosen == nil {
		o := c.g.Options[c.opts[opt].index]
		c.errorf(e.Labels[0].Pos, fmt.Sprintf("add a row %s %s: CELLS, ... (one per seat)", opt, OptionValueText(o)),
			"zone %s has no row for %s = %s", z.Name, opt, OptionValueText(o))
		return false
	}
	if n := len(chosen.Values); n != len(c.g.Players) {
		c.errorf(chosen.Labels[0].Pos, "give one item per seat, in turn order", "the row %s %s lists %d seats, but the game has %d players",
			opt, chosen.Labels[0].Name, n, len(c.g.Players))
		return false
	}
	return true
}

// intChoices reads the choices of a number option (`choices: 2, 3, 4, 6`):
// the only values allowed. It reports whether they and the default are
// good.
func (c *checker) intChoices(o *ir.Option, p *Entry, e *Entry) bool {
	for _, v := range p.Values {
		n, ok := v.(*Num)
		if !ok || n.Percent {
			c.errorf(v.At(), "write choices: 2, 3, 4, 6", "a choice of a number option is a whole number")
			return false
		}
		o.Choices = append(o.Choices, strconv.Itoa(n.Val))
	}
	if !contains(o.Choices, strconv.Itoa(o.Value.Int)) {
		c.errorf(e.Values[0].At(), knownList("choices", o.Choices), "default %d is not one of the choices", o.Value.Int)
		return false
	}
	if o.Min != (ir.Value{}) || o.Max != (ir.Value{}) {
		c.errorf(p.Pos, "give either a range or choices", "option %s has both a range and choices", o.Name)
		return false
	}
	return true
}

// checkGuide reads guide { value: EXPR; best: highest|lowest }: a value
// per player, like a score's, that only the computer players read.
func (c *checker) checkGuide(es []*Entry) {
	if len(es) == 0 {
		return
	}
	e := es[0]
	if len(e.Values) > 0 || !e.HasBlock {
		c.errorf(e.Pos, "write guide { value: EXPR; best: lowest }", "guide takes a block")
		return
	}
	ps := c.props(e, "guide", guideProps)
	gd := &ir.Guide{}
	ok := c.guideBest(ps, gd)
	p, has := ps["value"]
	if !has {
		c.errorf(e.Pos, "add value: e.g. distance(all, goal)", "the guide has no value")
		return
	}
	v, okv := c.single(p)
	if !okv {
		return
	}
	ex, t, okv := c.lower(v, ctxValue)
	if !okv {
		return
	}
	if t != tInt {
		c.errorf(v.At(), "write a number such as distance(all, goal) or pieces", "a guide's value is a number, not a condition")
		return
	}
	gd.Value = ex
	if !ok {
		return
	}
	c.g.Guide = gd
}

// guideBest reads the guide's best: highest (the default) or lowest.
func (c *checker) guideBest(ps map[string]*Entry, gd *ir.Guide) bool {
	p, ok := ps["best"]
	if !ok {
		return true
	}
	v, ok := c.single(p)
	if !ok {
		return false
	}
	n, _ := v.(*Name)
	switch {
	case n != nil && n.Dotted() == "highest":
		return true
	case n != nil && n.Dotted() == "lowest":
		gd.Best = ir.Lowest
		return true
	}
	hint := "best: highest or best: lowest"
	if n != nil {
		if h := c.r.didYouMean(n.Dotted(), []string{"highest", "lowest"}); h != "" {
			hint = h
		}
	}
	c.errorf(v.At(), hint, "unknown best")
	return false
}

// lowerZoneDistance lowers distance(DIRS, ZONE): the sum over the player's
// pieces of the fewest steps to the player's cells of ZONE.
func (c *checker) lowerZoneDistance(x *Call, side ir.Side) (*ir.Expr, typ, bool) {
	ds, ok := c.dirSet(x.Args[0], 0)
	if !ok {
		return nil, 0, false
	}
	n, _ := x.Args[1].(*Name)
	if n == nil || strings.Contains(n.Dotted(), ".") {
		c.errorf(x.Args[1].At(), "write distance(all, goal): the player's own cells of the zone are meant", "expected a zone name")
		return nil, 0, false
	}
	zi, ok := c.zones[n.Dotted()]
	if !ok {
		if !c.isBadlyDeclared("zone", n.Dotted()) {
			c.errorf(n.Pos, c.r.hintFor(n.Dotted(), "zones", c.zoneNames()), "unknown zone %q", n.Dotted())
		}
		return nil, 0, false
	}
	return &ir.Expr{Op: ir.OpZoneDistance, Side: side, Dirs: ds, Int: zi}, tInt, true
}
