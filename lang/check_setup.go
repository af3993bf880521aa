package lang

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ruleplay/ruleplay/ir"
)

// --- setup -------------------------------------------------------------------

// checkSetup handles `setup { fill: KIND | shuffle(...); empty: CELLS;
// KIND: CELLS }` for neutral pieces and `setup PLAYER { KIND: CELLS }` or
// `setup PLAYER: mirror(OTHER)` for each player's pieces.
func (c *checker) checkSetup(es []*Entry) {
	g := c.g
	errorsBefore := len(c.r.diags)
	occupied := map[int]Pos{}
	var clashes setupClashes
	defer clashes.report(c)
	place := func(cell, piece int, at Pos) {
		if prev, ok := occupied[cell]; ok {
			clashes.add(prev, at, cell)
			return
		}
		occupied[cell] = at
		g.Setup.Place = append(g.Setup.Place, ir.Placement{Cell: cell, Piece: piece})
	}
	var global *Entry
	perPlayer := map[int][]ir.Placement{}
	var mirrors []*Entry
	for _, e := range es {
		if len(e.Labels) == 0 {
			global = e
			continue
		}
		if len(e.Labels) > 1 {
			c.errorf(e.Labels[1].Pos, "write setup PLAYER { ... }", "setup takes at most one player")
			continue
		}
		if _, ok := c.players[e.Labels[0].Name]; !ok && e.Labels[0].Name == "each" {
			c.setupEach(e, place)
			continue
		} else if !ok {
			if !c.isBadlyDeclared("player", e.Labels[0].Name) {
				c.errorf(e.Labels[0].Pos, c.r.hintFor(e.Labels[0].Name, "players", c.playerNames()), "unknown player %q", e.Labels[0].Name)
			}
			continue
		}
		if len(e.Values) > 0 {
			mirrors = append(mirrors, e)
			continue
		}
		p := c.players[e.Labels[0].Name]
		before := len(g.Setup.Place)
		c.placeFor(e, p, place)
		perPlayer[p] = append([]ir.Placement(nil), g.Setup.Place[before:]...)
	}
	for _, e := range mirrors {
		p := c.players[e.Labels[0].Name]
		src, ok := c.mirrorOf(e, "setup")
		if !ok {
			continue
		}
		pls, ok := perPlayer[src]
		if !ok {
			c.errorf(e.Values[0].At(), "mirror a player whose setup lists its cells", "player %s has no setup to mirror", g.Players[src].Name)
			continue
		}
		for _, pl := range pls {
			m, ok := c.mirrorCell(pl.Cell)
			if !ok {
				c.errorf(e.Values[0].At(), "", "the mirror of %s is not on the board", g.Board.Cells[pl.Cell].Name)
				break
			}
			pc := g.Pieces[pl.Piece]
			place(m, c.piece(pc.Kind, p, pc.Number), e.Values[0].At())
		}
	}
	if global != nil {
		c.globalSetup(global, occupied, place)
	}
	if len(g.Setup.Place) == 0 && g.Setup.Random == nil && len(es) > 0 && len(c.r.diags) == errorsBefore {
		c.errorf(es[0].Pos, "", "the setup places no piece")
	}
	// The zone "start" (reserved by check): each player's cells in the setup.
	start := &g.Zones[c.zones["start"]]
	for _, pl := range g.Setup.Place {
		if o := g.Pieces[pl.Piece].Owner; o != ir.Neutral {
			start.Cells[o] = append(start.Cells[o], pl.Cell)
		}
	}
}

// setupClashes gathers the cells placed twice, by the two places in the
// files that place them, so that two lists that overlap on many cells
// (a variant's setup over its base's) give one error, not one per cell.
type setupClashes struct {
	order  []setupClash
	byPair map[[2]Pos]int // index in order
}

// setupClash is the cells that first and second both place a piece on.
type setupClash struct {
	first, second Pos
	cells         []int
}

func (s *setupClashes) add(first, second Pos, cell int) {
	pair := [2]Pos{first, second}
	i, ok := s.byPair[pair]
	if !ok {
		if s.byPair == nil {
			s.byPair = map[[2]Pos]int{}
		}
		i = len(s.order)
		s.byPair[pair] = i
		s.order = append(s.order, setupClash{first: first, second: second})
	}
	s.order[i].cells = append(s.order[i].cells, cell)
}

// report gives one error per clash, at the place in the file being
// checked when one of the two is there (the other may be in a base),
// else at the second; the hint names the other place, with its file when
// it is in another.
func (s *setupClashes) report(c *checker) {
	const shown = 8
	for _, k := range s.order {
		at, other, verb := k.second, k.first, "already"
		if k.first.File == c.path && k.second.File != c.path {
			at, other, verb = k.first, k.second, "also"
		}
		slices.Sort(k.cells)
		var names []string
		for _, cell := range k.cells[:min(len(k.cells), shown)] {
			names = append(names, c.g.Board.Cells[cell].Name)
		}
		what := names[0]
		if len(k.cells) > 1 {
			what = fmt.Sprintf("each of %d cells: %s", len(k.cells), strings.Join(names, " "))
			if len(k.cells) > shown {
				what += fmt.Sprintf(" (and %d more)", len(k.cells)-shown)
			}
		}
		where := fmt.Sprintf("line %d", other.Line)
		if other.File != at.File {
			where = fmt.Sprintf("%s:%d", other.File, other.Line)
		}
		them := "it is"
		if len(k.cells) > 1 {
			them = "they are"
		}
		c.errorf(at, fmt.Sprintf("%s %s placed at %s", them, verb, where), "two pieces on %s", what)
	}
}

// setupEach reads `setup each { KIND: CELLS }`: every player gets pieces
// on the cells listed, a per-player zone standing for that player's cells
// (`stone: home`). A mistake is reported once, for the first player.
func (c *checker) setupEach(e *Entry, place func(cell, piece int, at Pos)) {
	g := c.g
	if len(e.Values) > 0 {
		c.errorf(e.Values[0].At(), "write setup each { KIND: ZONE }", "setup each takes a block")
		return
	}
	for p := range g.Players {
		before := len(c.r.diags)
		c.placeFor(e, p, place)
		if len(c.r.diags) > before {
			return
		}
	}
}

// placeFor places the pieces of the setup block e for player p (cell
// names and zones read as p's: checker.cellPlayer), numbering the pieces
// of numbered kinds in the order listed.
func (c *checker) placeFor(e *Entry, p int, place func(cell, piece int, at Pos)) {
	c.cellPlayer = p
	defer func() { c.cellPlayer = -1 }()
	c.kindLists(e, func(kind, idx, cell int, at Pos) {
		num := 0
		if c.g.Kinds[kind].Numbered > 0 {
			num = idx + 1
		}
		place(cell, c.piece(kind, p, num), at)
	})
}

// mirrorOf reads `: mirror(PLAYER)`.
func (c *checker) mirrorOf(e *Entry, what string) (int, bool) {
	hint := fmt.Sprintf("write %s %s: mirror(OTHER), or list the cells in a block", what, e.Labels[0].Name)
	if len(e.Values) != 1 || e.HasBlock {
		c.errorf(e.Pos, hint, "%s %s: give either a block or mirror(...)", what, e.Labels[0].Name)
		return 0, false
	}
	call, ok := e.Values[0].(*Call)
	if !ok || call.Fn != "mirror" || len(call.Args) != 1 {
		c.errorf(e.Values[0].At(), hint, "expected mirror(PLAYER)")
		return 0, false
	}
	n, ok := call.Args[0].(*Name)
	if !ok {
		c.errorf(call.Args[0].At(), hint, "expected a player name")
		return 0, false
	}
	p, ok := c.players[n.Dotted()]
	if !ok {
		if !c.isBadlyDeclared("player", n.Dotted()) {
			c.errorf(n.Pos, c.r.hintFor(n.Dotted(), "players", c.playerNames()), "unknown player %q", n.Dotted())
		}
		return 0, false
	}
	return p, true
}

// kindLists walks `KIND: CELLS` entries of a block, calling f for every cell
// with its order in the list.
func (c *checker) kindLists(e *Entry, f func(kind, idx, cell int, at Pos)) {
	for _, p := range e.Block {
		k, ok := c.kinds[p.Key]
		if !ok {
			if !c.isBadlyDeclared("piece", p.Key) {
				c.errorf(p.Pos, c.r.hintFor(p.Key, "piece kinds", c.kindNames()), "unknown piece kind %q", p.Key)
			}
			continue
		}
		if len(p.Values) != 1 || len(p.Labels) > 0 || p.HasBlock {
			c.errorf(p.Pos, fmt.Sprintf("write %s: a1 c1 e1", p.Key), "list the cells after %s:", p.Key)
			continue
		}
		cells, ok := c.cellList(p.Values[0])
		if !ok {
			continue
		}
		if n := c.g.Kinds[k].Numbered; n > 0 && len(cells) > n {
			c.errorf(p.Values[0].At(), "", "%d cells for %s, numbered only 1..%d", len(cells), p.Key, n)
			continue
		}
		for i, cell := range cells {
			f(k, i, cell, p.Values[0].At())
		}
	}
}

func (c *checker) globalSetup(e *Entry, occupied map[int]Pos, place func(cell, piece int, at Pos)) {
	g := c.g
	empty := map[int]bool{}
	var fill *Entry
	for _, p := range e.Block {
		switch p.Key {
		case "fill":
			fill = p
		case "empty":
			if len(p.Values) != 1 {
				c.errorf(p.Pos, "write empty: e5", "empty lists cells")
				continue
			}
			cells, _ := c.cellList(p.Values[0])
			for _, cl := range cells {
				empty[cl] = true
			}
		default:
			if _, isKind := c.kinds[p.Key]; !isKind && !c.isBadlyDeclared("piece", p.Key) {
				c.errorf(p.Pos, c.r.hintFor(p.Key, "setup entries", setupProps, c.kindNames()), "unknown setup entry %q", p.Key)
			}
		}
	}
	// Neutral pieces on listed cells.
	kindOnly := &Entry{Block: nil}
	for _, p := range e.Block {
		if _, isKind := c.kinds[p.Key]; isKind {
			kindOnly.Block = append(kindOnly.Block, p)
		}
	}
	c.kindLists(kindOnly, func(kind, idx, cell int, at Pos) {
		num := 0
		if g.Kinds[kind].Numbered > 0 {
			num = idx + 1
		}
		place(cell, c.piece(kind, ir.Neutral, num), at)
	})
	if fill == nil {
		return
	}
	var cells []int
	for i := range g.Board.Cells {
		if _, taken := occupied[i]; !taken && !empty[i] {
			cells = append(cells, i)
		}
	}
	if len(fill.Values) != 1 {
		c.errorf(fill.Pos, "write fill: KIND or fill: shuffle(white 40%, green rest)", "fill takes one value")
		return
	}
	switch v := fill.Values[0].(type) {
	case *Name:
		k, ok := c.lookupKind(v)
		if !ok {
			return
		}
		if c.g.Kinds[k].Numbered > 0 {
			c.errorf(v.Pos, "", "cannot fill the board with numbered pieces")
			return
		}
		pc := c.piece(k, ir.Neutral, 0)
		for _, cl := range cells {
			place(cl, pc, v.Pos)
		}
	case *Call:
		if v.Fn != "shuffle" {
			c.errorf(v.Pos, "write fill: shuffle(white 40%, yellow 30%, green rest)", "unknown fill %s(...)", v.Fn)
			return
		}
		c.shuffle(v, cells)
	default:
		c.errorf(v.At(), "write fill: KIND or fill: shuffle(...)", "bad fill")
	}
}

// shuffle reads shuffle(KIND COUNT, KIND PERCENT%, KIND rest): counts, or
// percentages of the cells to fill rounded half up, and at most one rest.
func (c *checker) shuffle(v *Call, cells []int) {
	n := len(cells)
	counts := []ir.PieceCount{}
	rest := -1
	sum := 0
	ok := true
	for _, a := range v.Args {
		ph, isPh := a.(*Phrase)
		if !isPh || len(ph.Words) != 2 {
			c.errorf(a.At(), "each part is KIND COUNT, KIND PERCENT% or KIND rest", "bad shuffle part")
			ok = false
			continue
		}
		kn, isName := ph.Words[0].(*Name)
		if !isName {
			c.errorf(ph.Words[0].At(), "", "expected a piece kind")
			ok = false
			continue
		}
		k, found := c.lookupKind(kn)
		if !found {
			ok = false
			continue
		}
		pc := c.piece(k, ir.Neutral, 0)
		switch q := ph.Words[1].(type) {
		case *Num:
			cnt := q.Val
			if q.Percent && q.Val > 100 {
				c.errorf(q.Pos, "percentages in shuffle are of the cells to fill: 0% to 100%", "percentage %d%% is over 100%%", q.Val)
				ok = false
				continue
			}
			if q.Percent {
				cnt = (2*n*q.Val + 100) / 200
			}
			counts = append(counts, ir.PieceCount{Piece: pc, Count: cnt})
			sum += cnt
		case *Name:
			if q.Dotted() != "rest" || rest >= 0 {
				c.errorf(q.Pos, "one kind may take the rest", "expected a count, a percentage or rest")
				ok = false
				continue
			}
			rest = len(counts)
			counts = append(counts, ir.PieceCount{Piece: pc})
		default:
			c.errorf(q.At(), "", "expected a count, a percentage or rest")
			ok = false
		}
	}
	if !ok {
		return
	}
	if rest >= 0 && sum > n {
		c.errorf(v.Pos, "the counts must leave some cells to the rest, or drop rest", "shuffle makes %d pieces before rest, for %d cells", sum, n)
		return
	}
	if rest >= 0 {
		counts[rest].Count = n - sum
		sum = n
	}
	if sum != n || (rest >= 0 && counts[rest].Count < 0) {
		c.errorf(v.Pos, "the counts must add up to the cells to fill", "shuffle makes %d pieces for %d cells", sum, n)
		return
	}
	c.g.Setup.Random = &ir.RandomFill{Cells: cells, Counts: counts}
}

// --- targets -----------------------------------------------------------------

// playerEntries reads entries `KEY PLAYER { ... }` and `KEY PLAYER:
// mirror(OTHER)` (usage: what the block holds): a bad or unknown player
// is reported, each block is handed to block with its player, and the
// mirror entries are returned for the caller to read once every block is
// known.
func (c *checker) playerEntries(es []*Entry, key, usage string, block func(e *Entry, pl int)) (mirrors []*Entry) {
	for _, e := range es {
		if len(e.Labels) != 1 {
			c.errorf(e.Pos, fmt.Sprintf("write %s PLAYER { %s }", key, usage), "%s takes one player", key)
			continue
		}
		pl, ok := c.players[e.Labels[0].Name]
		if !ok {
			if !c.isBadlyDeclared("player", e.Labels[0].Name) {
				c.errorf(e.Labels[0].Pos, c.r.hintFor(e.Labels[0].Name, "players", c.playerNames()), "unknown player %q", e.Labels[0].Name)
			}
			continue
		}
		if len(e.Values) > 0 {
			mirrors = append(mirrors, e)
			continue
		}
		block(e, pl)
	}
	return mirrors
}

// checkTargets handles `target PLAYER { KIND: CELLS }` (numbered pieces in
// order) and `target PLAYER: mirror(OTHER)`.
func (c *checker) checkTargets(es []*Entry) {
	g := c.g
	set := map[int]bool{}
	mirrors := c.playerEntries(es, "target", "KIND: CELLS", func(e *Entry, p int) {
		c.kindLists(e, func(kind, idx, cell int, at Pos) {
			num := 0
			if g.Kinds[kind].Numbered > 0 {
				num = idx + 1
			} else if idx > 0 {
				if !c.isBadlyDeclared("piece", g.Kinds[kind].Name) { // (not a bad numbered:)
					c.errorf(at, "give targets to numbered pieces, or one cell per kind", "%s pieces are not numbered: one target only", g.Kinds[kind].Name)
				}
				return
			}
			pi, exists := c.pieceIdx[[3]int{kind, p, num}]
			if !exists {
				c.errorf(at, "", "player %s has no %s%s in the setup", g.Players[p].Name, g.Kinds[kind].Name, numText(num))
				return
			}
			g.Pieces[pi].Target = cell
			set[pi] = true
		})
	})
	for _, e := range mirrors {
		p := c.players[e.Labels[0].Name]
		src, ok := c.mirrorOf(e, "target")
		if !ok {
			continue
		}
		for pi := range g.Pieces {
			pc := g.Pieces[pi]
			if pc.Owner != src || pc.Target < 0 {
				continue
			}
			m, ok := c.mirrorCell(pc.Target)
			if !ok {
				c.errorf(e.Values[0].At(), "", "the mirror of %s is not on the board", g.Board.Cells[pc.Target].Name)
				break
			}
			qi, exists := c.pieceIdx[[3]int{pc.Kind, p, pc.Number}]
			if !exists {
				c.errorf(e.Values[0].At(), "", "player %s has no %s%s in the setup", g.Players[p].Name, g.Kinds[pc.Kind].Name, numText(pc.Number))
				continue
			}
			g.Pieces[qi].Target = m
		}
	}
}

func numText(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprint(" ", n)
}

// --- zones -------------------------------------------------------------------

// checkZones handles `zone NAME: CELLS` (the same for everyone) and
// `zone NAME { PLAYER: CELLS; OTHER: mirror(PLAYER) }`.
func (c *checker) checkZones(es []*Entry) {
	g := c.g
	for _, e := range es {
		if len(e.Labels) != 1 {
			c.errorf(e.Pos, "write zone NAME: CELLS", "a zone needs one name")
			c.declaredBadlyAll("zone", e)
			continue
		}
		name := e.Labels[0].Name
		if _, dup := c.zones[name]; dup {
			c.errorf(e.Labels[0].Pos, "", "zone %s is already defined", name)
			continue
		}
		if contains(cellSetNames, name) {
			c.errorf(e.Labels[0].Pos, "choose another name, e.g. my-"+name+"; the set "+name+" is there without a zone",
				"zone %s: %s already names a set of cells", name, name)
			continue
		}
		z := ir.Zone{Name: name, Cells: make([][]int, len(g.Players))}
		switch {
		case len(e.Values) == 1 && !e.HasBlock && isMirrorCall(e.Values[0]):
			if !c.mirrorZone(e.Values[0].(*Call), &z) {
				c.declaredBadly("zone", name)
				continue
			}
		case len(e.Values) == 0 && e.HasBlock && c.isSeatTable(e):
			if !c.seatTable(e, &z) {
				c.declaredBadly("zone", name)
				continue
			}
		case len(e.Values) == 1 && !e.HasBlock:
			cells, ok := c.cellList(e.Values[0])
			if !ok {
				c.declaredBadly("zone", name)
				continue
			}
			for p := range z.Cells {
				z.Cells[p] = cells
			}
		case len(e.Values) == 0 && e.HasBlock:
			done := map[int]bool{}
			for _, pe := range e.Block {
				p, ok := c.players[pe.Key]
				if !ok {
					if !c.isBadlyDeclared("player", pe.Key) {
						c.errorf(pe.Pos, c.r.hintFor(pe.Key, "players", c.playerNames()), "unknown player %q", pe.Key)
					}
					continue
				}
				if len(pe.Values) != 1 {
					c.errorf(pe.Pos, "", "list the cells")
					continue
				}
				if call, ok := pe.Values[0].(*Call); ok && call.Fn == "mirror" && len(call.Args) == 1 {
					src, _ := call.Args[0].(*Name)
					if src == nil {
						c.errorf(call.Pos, "", "expected mirror(PLAYER)")
						continue
					}
					sp, ok := c.players[src.Dotted()]
					if !ok || !done[sp] {
						c.errorf(src.Pos, "mirror a player listed before", "no cells of %q to mirror", src.Dotted())
						continue
					}
					for _, cl := range z.Cells[sp] {
						if m, ok := c.mirrorCell(cl); ok {
							z.Cells[p] = append(z.Cells[p], m)
						}
					}
				} else {
					c.cellPlayer = p
					cells, ok := c.cellList(pe.Values[0])
					c.cellPlayer = -1
					if !ok {
						continue
					}
					z.Cells[p] = cells
				}
				done[p] = true
			}
		default:
			c.errorf(e.Pos, "write zone NAME: CELLS or zone NAME { PLAYER: CELLS }", "bad zone")
			c.declaredBadly("zone", name)
			continue
		}
		c.zones[name] = len(g.Zones)
		g.Zones = append(g.Zones, z)
	}
}
