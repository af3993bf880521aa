package lang

import (
	"fmt"
	"strings"

	"github.com/ruleplay/ruleplay/ir"
)

var moveProps = map[string][]string{
	"step":   {"when", "piece", "from", "dirs", "onto", "capture", "text", "chain", "chain-dirs", "revisit"},
	"jump":   {"when", "piece", "from", "dirs", "length", "over", "hurdle", "onto", "capture", "taken", "chain", "chain-dirs", "chain-stop", "text", "land", "goes-on", "revisit"},
	"remove": {"when", "piece", "at"},
	"drop":   {"when", "piece", "onto"},
	"group":  {"when", "piece", "dirs", "onto", "capture"},
}

const maxLeapLength = 64

// checkMoves lowers `step NAME? {...}`, `jump NAME? {...}` and
// `remove NAME? {...}` in file order.
func (c *checker) checkMoves(entries []*Entry) {
	for _, e := range entries {
		known, isMove := moveProps[e.Key]
		if !isMove {
			continue
		}
		name := e.Key
		if len(e.Labels) > 1 {
			c.errorf(e.Labels[1].Pos, fmt.Sprintf("write %s NAME { ... }", e.Key), "a move takes at most one name")
			c.declaredBadlyAll("move", e)
			continue
		}
		if len(e.Labels) == 1 {
			name = e.Labels[0].Name
		}
		if len(e.Values) > 0 {
			c.errorf(e.Values[0].At(), fmt.Sprintf("write %s { ... }", strings.TrimSpace(e.Key+" "+labelsText(e))), "a move is described in a block")
			c.declaredBadly("move", name)
			continue
		}
		if _, dup := c.rules[name]; dup {
			c.errorf(e.Pos, fmt.Sprintf("name one of them: %s other { ... }", e.Key), "two moves are named %s", name)
			continue
		}
		ps := c.props(e, e.Key, known)
		r := ir.MoveRule{Name: name, Pos: e.Pos.String(), Piece: ir.Own}
		ok := true
		switch e.Key {
		case "step":
			r.Action, r.Length = ir.Leap, 1
		case "jump":
			r.Action, r.Length = ir.Leap, 2
		case "remove":
			r.Action, r.Piece = ir.Remove, ir.AnyPiece
		case "group":
			r.Action = ir.Group
		case "drop":
			r.Action = ir.Drop
		}
		if p, has := ps["when"]; has {
			if v, okv := c.single(p); okv {
				ex, t, okl := c.lower(v, ctxGuard)
				switch {
				case !okl:
					ok = false
				case t != tBool:
					c.errorf(v.At(), "e.g. when: turn == 1", "when needs a condition")
					ok = false
				default:
					r.When = ex
				}
			}
		}
		if p, has := ps["piece"]; has {
			if v, okv := c.single(p); okv {
				ok = c.pieceSelector(v, &r) && ok
			}
		}
		switch r.Action {
		case ir.Drop:
			ok = ok && c.dropProps(e, ps, &r)
		case ir.Leap, ir.Group:
			ok = c.leapProps(e, ps, &r) && ok
		case ir.Remove:
			if p, has := ps["at"]; has {
				r.Onto = c.cellCondProp(p, "at", "e.g. at: in corners or in centre")
				ok = r.Onto != nil && ok
			}
		}
		if !ok {
			c.declaredBadly("move", name)
			continue
		}
		c.rules[name] = len(c.g.Moves)
		c.g.Moves = append(c.g.Moves, r)
	}
}

// labelsText is e's labels as written, separated by spaces.
func labelsText(e *Entry) string {
	var names []string
	for _, l := range e.Labels {
		names = append(names, l.Name)
	}
	return strings.Join(names, " ")
}

// pieceSelector reads `piece: own`, `piece: any`, `piece: own king`.
func (c *checker) pieceSelector(v Expr, r *ir.MoveRule) bool {
	words := []Expr{v}
	if ph, ok := v.(*Phrase); ok {
		words = ph.Words
	}
	whos := map[string]ir.Who{"own": ir.Own, "enemy": ir.Enemy, "neutral": ir.NeutralPieces, "any": ir.AnyPiece}
	for i, w := range words {
		n, ok := w.(*Name)
		if !ok {
			c.errorf(w.At(), "write piece: own, any, enemy or neutral, then kinds", "expected a name")
			return false
		}
		if i == 0 {
			if who, ok := whos[n.Dotted()]; ok {
				r.Piece = who
				continue
			}
		}
		if k, ok := c.kinds[n.Dotted()]; ok {
			r.Kinds = append(r.Kinds, k)
			continue
		}
		if c.isBadlyDeclared("piece", n.Dotted()) {
			return false
		}
		var sides []string
		if i == 0 {
			sides = []string{"own", "any", "enemy", "neutral"}
		}
		c.errorf(n.Pos, c.r.hintFor(n.Dotted(), "choices", sides, c.kindNames()), "unknown piece selector %q", n.Dotted())
		return false
	}
	return true
}

// leapProps checks the properties of a leap or group rule (dirs, length,
// over, onto, from, capture, chain) into r, in that order; it reports
// whether they are all good.
func (c *checker) leapProps(e *Entry, ps map[string]*Entry, r *ir.MoveRule) bool {
	ok := c.leapDirs(e, ps, r)
	ok = c.leapLength(ps, r) && ok
	ok = c.leapConds(ps, r) && ok
	if p, has := ps["capture"]; has && r.Action == ir.Group {
		ok = c.groupCapture(p, r) && ok
	} else if has {
		caps := map[string]ir.Capture{"none": ir.CaptureNone, "jumped": ir.CaptureJumped, "landing": ir.CaptureLanding,
			"approach": ir.CaptureApproach, "withdrawal": ir.CaptureWithdrawal, "approach-or-withdrawal": ir.CaptureApproachOrWithdrawal}
		cp, set, okc := choice(c, p, caps, "capture: none, jumped (the pieces passed over), landing (the piece landed on), approach, withdrawal or approach-or-withdrawal (the enemy line beyond the landing or behind the start)", "unknown capture")
		if set {
			r.Capture = cp
		}
		ok = okc && ok
	}
	ok = c.takenProp(ps, r) && ok
	if p, has := ps["text"]; has {
		texts := map[string]bool{"path": false, "ends": true}
		ends, set, okc := choice(c, p, texts, "text: path (every landing: a1-c1-c3) or ends (the first and last cells: a1-c3)", "unknown move text")
		if set {
			r.TextEnds = ends
		}
		ok = okc && ok
	}
	if p, has := ps["chain"]; has {
		chains := map[string]ir.Chain{"none": ir.ChainNone, "optional": ir.ChainOptional, "compulsory": ir.ChainCompulsory}
		ch, set, okc := choice(c, p, chains, "chain: none, optional (every prefix is a move) or compulsory (go on while possible)", "unknown chain")
		if set {
			r.Chain = ch
		}
		ok = okc && ok
	}
	ok = c.chainDirs(e, ps, r) && ok
	ok = c.lineCaptureProps(e, ps, r) && ok
	// A chain that keeps its direction is a straight line: it cannot wander
	// (nor can a chain whose every leap takes a line of pieces).
	if p, has := ps["chain"]; has && ok && r.Chain != ir.ChainNone && !passesPiece(r) && !r.Capture.Lines() &&
		!(r.TextEnds && r.Capture == ir.CaptureNone && r.Chain == ir.ChainOptional && r.ChainDirs != ir.ChainDirsTurn) && r.ChainDirs != ir.ChainDirsSame {
		c.r.warnf(p.Pos, "make every step pass over a piece (over: enemy), or write chain: none",
			"the chains of %s can grow without bound: no step needs a piece to pass over, so a chain may wander the board and their number explodes", e.Key)
	}
	ok = c.chainStop(ps, r) && ok
	ok = c.landProp(e, ps, r) && ok
	return ok
}

// chainDirs reads chain-dirs: any (the default), same or no-reverse
// (r.ChainDirs), which needs a chain.
func (c *checker) chainDirs(e *Entry, ps map[string]*Entry, r *ir.MoveRule) bool {
	p, has := ps["chain-dirs"]
	if !has {
		return true
	}
	dirs, set, ok := choice(c, p, map[string]ir.ChainDirs{"any": ir.ChainDirsAny, "same": ir.ChainDirsSame, "no-reverse": ir.ChainDirsNoReverse, "turn": ir.ChainDirsTurn},
		"chain-dirs: any (each leap in any direction), same (every leap in the first leap's direction), no-reverse (no leap straight back the way the leap before came) or turn (no leap in the direction of the leap before)", "unknown chain-dirs")
	if set && r.Chain == ir.ChainNone {
		c.errorf(p.Pos, "add chain: optional or chain: compulsory, or drop chain-dirs", "chain-dirs without a chain: the %s makes one leap a move", e.Key)
		return false
	}
	if set {
		r.ChainDirs = dirs
	}
	return ok
}

// chainStop reads `chain-stop: CELLCOND` (a chain ends on a landing cell
// where it holds); the jump must have a chain.
func (c *checker) chainStop(ps map[string]*Entry, r *ir.MoveRule) bool {
	p, has := ps["chain-stop"]
	if !has {
		return true
	}
	v, okv := c.single(p)
	if !okv {
		return false
	}
	ex, t, okl := c.lower(v, ctxCell)
	if !okl {
		return false
	}
	if t != tBool {
		c.errorf(v.At(), "e.g. chain-stop: in refuge (a zone)", "chain-stop needs a condition on the cell")
		return false
	}
	if r.Chain == ir.ChainNone {
		c.errorf(p.Pos, "add chain: optional (or compulsory), or remove chain-stop", "chain-stop ends chains, but this jump has no chain")
		return false
	}
	r.ChainStop = ex
	return true
}

// passesPiece tells whether every step of a leap passes over at least one
// cell that must hold a piece, which bounds its chains by the pieces.
func passesPiece(r *ir.MoveRule) bool {
	if r.Hurdle != nil {
		return true // every leap passes over its hurdle
	}
	if r.Length < 2 && r.LengthProp == "" {
		return false // a step of one cell passes over nothing (and so may a long jump's shortest leap)
	}
	if r.Over == nil {
		return false
	}
	switch r.Over.Op {
	case ir.OpOccupied, ir.OpOwnedBy:
		return true
	case ir.OpBool, ir.OpEmpty:
		return false
	}
	return true // a condition of its own: given the benefit of the doubt
}

// choice reads a property whose value is one of the names of m (set:
// x is it); a value that is not gets the hint and message (ok false). A
// property with no single value is already reported: neither set nor
// an error here.
func choice[T any](c *checker, p *Entry, m map[string]T, hint, msg string) (x T, set, ok bool) {
	v, okv := c.single(p)
	if !okv {
		return x, false, true
	}
	if n, _ := v.(*Name); n != nil {
		if x, has := m[n.Dotted()]; has {
			return x, true, true
		}
	}
	c.errorf(v.At(), hint, "%s", msg)
	return x, false, false
}

// leapDirs reads the rule's directions per player (all by default).
func (c *checker) leapDirs(e *Entry, ps map[string]*Entry, r *ir.MoveRule) bool {
	r.Dirs = make([][]int, len(c.g.Players))
	dirsExpr := Expr(&Name{Pos: e.Pos, Parts: []string{"all"}})
	if p, has := ps["dirs"]; has {
		if len(p.Values) > 1 {
			dirsExpr = &List{Pos: p.Values[0].At(), Items: p.Values}
		} else {
			dirsExpr = p.Values[0]
		}
	}
	for pl := range c.g.Players {
		ds, okd := c.dirSet(dirsExpr, pl)
		if !okd {
			return false
		}
		r.Dirs[pl] = ds
	}
	return true
}

// leapLength reads the rule's length: a number of cells, or piece.PROP
// (every kind's PROP must then be a valid length).
func (c *checker) leapLength(ps map[string]*Entry, r *ir.MoveRule) bool {
	p, has := ps["length"]
	if !has {
		return true
	}
	v, okv := c.single(p)
	if !okv {
		return true
	}
	if n, isName := v.(*Name); isName && len(n.Parts) == 2 && n.Parts[0] == "piece" {
		if !c.propDeclared(n.Parts[1]) {
			if !c.isBadlyDeclared("property", n.Parts[1]) {
				c.errorf(n.Pos, c.r.hintFor(n.Parts[1], "piece properties", c.propNames()), "no piece kind has a property %q", n.Parts[1])
			}
			return false
		}
		ok := true
		r.LengthProp, r.Length = n.Parts[1], 0
		for _, k := range c.g.Kinds {
			if L, has := k.Props[n.Parts[1]]; has && (L < 1 || L > maxLeapLength) {
				c.errorf(c.kindDecl[k.Name].Pos, "", "%s's %s is %d: a jump's length is 1..%d cells", k.Name, n.Parts[1], L, maxLeapLength)
				ok = false
			}
		}
		return ok
	}
	if n, isName := v.(*Name); isName && n.Dotted() == "any" && !c.isConst(v) {
		r.Length, r.LengthTo = 1, ir.LengthAny
		return true
	}
	if b, isBin := v.(*Binary); isBin && b.Op == ".." {
		return c.lengthRange(b, r)
	}
	val, okc := c.constValue(v)
	if !okc {
		return false
	}
	if val.kind != cvInt || val.i < 1 || val.i > maxLeapLength {
		c.errorf(v.At(), "", "a jump's length is 1..%d cells", maxLeapLength)
		return false
	}
	r.Length = val.i
	return true
}

// cellCondProp lowers property p (named key) as a cell condition of a
// move rule; nil when it is not one (reported, with hint).
func (c *checker) cellCondProp(p *Entry, key, hint string) *ir.Expr {
	v, okv := c.single(p)
	if !okv {
		return nil
	}
	ex, t, okl := c.lower(v, ctxCell)
	if !okl {
		return nil
	}
	if t != tBool {
		c.errorf(v.At(), hint, "%s needs a condition on the cell", key)
		return nil
	}
	return ex
}

// leapConds reads the rule's cell conditions over, onto (empty by
// default) and from.
func (c *checker) leapConds(ps map[string]*Entry, r *ir.MoveRule) bool {
	ok := true
	cond := func(key string) *ir.Expr {
		p, has := ps[key]
		if !has {
			return nil
		}
		ex := c.cellCondProp(p, key, "e.g. over: enemy")
		if ex == nil {
			ok = false
		}
		return ex
	}
	r.Over = cond("over")
	r.Onto = cond("onto")
	r.From = cond("from")
	r.Hurdle = cond("hurdle")
	if _, has := ps["onto"]; !has {
		r.Onto = &ir.Expr{Op: ir.OpEmpty}
	}
	if r.Hurdle != nil && r.Length < 2 && r.LengthProp == "" && r.LengthTo == 0 {
		c.errorf(ps["hurdle"].Pos, "a hurdle is a cell passed over: give the jump length: 2 or more, or length: any", "hurdle has no cell to test")
		ok = false
	}
	if r.Hurdle != nil && r.Over == nil {
		c.errorf(ps["hurdle"].Pos, "add over: empty (the cells passed over besides the hurdle)", "a hurdle is the one cell passed over that fails over, but every cell satisfies over")
		ok = false
	}
	if r.Over != nil && r.Length < 2 && r.LengthProp == "" && r.LengthTo == 0 {
		c.errorf(ps["over"].Pos, "a leap of one cell passes over nothing", "over has no cell to test")
		ok = false
	}
	return ok
}

func (c *checker) ruleNames() []string {
	return c.nameLists.rules.upTo(len(c.g.Moves), func(i int) string { return c.g.Moves[i].Name })
}

// checkPriority reads `priority: jump, step`: tiers, most urgent first; a
// tier may group moves in brackets; moves not named form a last tier.
func (c *checker) checkPriority(es []*Entry) {
	g := c.g
	listed := map[int]bool{}
	if len(es) > 0 {
		e := es[0]
		for _, v := range e.Values {
			items := []Expr{v}
			if l, ok := v.(*List); ok {
				items = l.Items
			}
			var tier []int
			for _, it := range items {
				n, ok := it.(*Name)
				if !ok {
					c.errorf(it.At(), "write priority: jump, step", "expected a move name")
					continue
				}
				ri, ok := c.rules[n.Dotted()]
				if !ok && c.isBadlyDeclared("move", n.Dotted()) {
					continue
				}
				if !ok {
					c.errorf(n.Pos, c.r.hintFor(n.Dotted(), "moves", c.ruleNames()), "unknown move %q", n.Dotted())
					continue
				}
				if listed[ri] {
					c.errorf(n.Pos, "", "move %s is listed twice", n.Dotted())
					continue
				}
				listed[ri] = true
				tier = append(tier, ri)
			}
			if len(tier) > 0 {
				g.Priority = append(g.Priority, tier)
			}
		}
	}
	var rest []int
	for i := range g.Moves {
		if !listed[i] {
			rest = append(rest, i)
		}
	}
	if len(rest) > 0 {
		g.Priority = append(g.Priority, rest)
	}
}

func (c *checker) checkForbid(es []*Entry) {
	for _, e := range es {
		for _, v := range e.Values {
			n, ok := v.(*Name)
			if !ok || n.Dotted() != "blockade" {
				c.errorf(v.At(), "forbid: blockade (a move that leaves the opponent no move, unless every move does)", "unknown rule to forbid")
				continue
			}
			c.g.Filters = append(c.g.Filters, ir.Filter{Kind: ir.NoBlockade, Pos: v.At().String()})
		}
	}
}

var outcomes = map[string]ir.Outcome{"score": ir.OutcomeScore, "draw": ir.OutcomeDraw, "lose": ir.OutcomeLose, "pass": ir.OutcomePass}

func (c *checker) outcome(p *Entry, allowed ...string) (ir.Outcome, bool) {
	v, ok := c.single(p)
	if !ok {
		return 0, false
	}
	n, _ := v.(*Name)
	if n == nil {
		c.errorf(v.At(), knownList("choices", allowed), "%s needs an outcome", p.Key)
		return 0, false
	}
	if !contains(allowed, n.Dotted()) {
		c.errorf(v.At(), c.r.hintFor(n.Dotted(), "choices", allowed), "unknown outcome %q for %s", n.Dotted(), p.Key)
		return 0, false
	}
	if n.Dotted() == "score" && c.g.Score == nil {
		if !c.isBadlyDeclared("score", "") {
			c.errorf(v.At(), "add a score { value: ...; best: highest } block, or choose draw", "the game has no score")
		}
		return 0, false
	}
	return outcomes[n.Dotted()], true
}

// checkEnd reads the end block: win (after a move, or with the label
// turn-start at the start of the player's turn), no-move, passes, plies,
// at-limit.
func (c *checker) checkEnd(es []*Entry) {
	g := c.g
	g.End.NoMove = ir.OutcomeDraw
	if len(es) == 0 {
		return
	}
	e := es[0]
	for _, p := range e.Block {
		switch p.Key {
		case "draw":
			c.drawGoal(p)
		case "win", "lose":
			check := ir.AfterMove
			if len(p.Labels) == 1 && contains(endMoments, p.Labels[0].Name) {
				if p.Labels[0].Name == "turn-start" {
					check = ir.TurnStart
				}
			} else if len(p.Labels) > 0 {
				c.errorf(p.Labels[0].Pos, p.Key+" after-move: ... (the default) or "+p.Key+" turn-start: ...", "unknown moment %q", p.Labels[0].Name)
				continue
			}
			v, ok := c.single(p)
			if !ok {
				continue
			}
			ex, t, ok := c.lower(v, ctxGoal)
			if !ok {
				continue
			}
			if t != tBool {
				c.errorf(v.At(), "e.g. win: every(own, on target)", "win needs a condition")
				continue
			}
			if ex.Op == ir.OpBool && ex.Int == 0 {
				continue // decided by an option: never
			}
			g.End.Goals = append(g.End.Goals, ir.Goal{Check: check, Cond: ex, Lose: p.Key == "lose", Pos: v.At().String()})
		case "no-move":
			if o, ok := c.outcome(p, "score", "draw", "lose", "pass"); ok {
				g.End.NoMove = o
			}
		case "at-limit":
			if o, ok := c.outcome(p, "score", "draw"); ok {
				g.End.AtLimit = o
			}
		case "at-passes":
			if o, ok := c.outcome(p, "score", "draw"); ok {
				g.End.AtPasses = o
			}
		case "passes", "plies":
			v, ok := c.single(p)
			if !ok {
				continue
			}
			val, ok := c.constValue(v)
			if !ok {
				continue
			}
			if val.kind != cvInt || val.i < 0 {
				c.errorf(v.At(), "", "%s needs a whole number (0: none)", p.Key)
				continue
			}
			if p.Key == "passes" {
				g.End.Passes = val.i
			} else {
				g.End.Plies = val.i
			}
		default:
			c.errorf(p.Pos, c.r.hintFor(p.Key, "end entries", endProps), "unknown end entry %q", p.Key)
		}
	}
	for _, p := range e.Block {
		switch {
		case p.Key == "passes" && g.End.Passes > 0 && g.End.NoMove != ir.OutcomePass:
			c.errorf(p.Pos, "add no-move: pass", "passes counts passes, but a player with no move does not pass")
		case p.Key == "at-passes" && g.End.Passes == 0:
			c.errorf(p.Pos, "add passes: 2 (the passes in a row that end the game)", "at-passes says how passes end the game, but no number of passes does")
		}
	}
}

// checkScore reads score { value: EXPR; best: highest|lowest; margin: EXPR }.
func (c *checker) checkScore(es []*Entry) {
	if len(es) == 0 {
		return
	}
	e := es[0]
	ps := c.props(e, "score", scoreProps)
	s := &ir.Score{}
	valueOK := false
	if p, ok := ps["value"]; !ok {
		c.errorf(e.Pos, "add value: captured (or points, distance(...))", "the score has no value")
	} else if v, ok := c.single(p); ok {
		if ex, t, ok := c.lower(v, ctxValue); ok {
			if t != tInt {
				c.errorf(v.At(), "write a number such as captured or points", "a score is a number, not a condition")
			} else {
				s.Value, valueOK = ex, true
			}
		}
	}
	if p, ok := ps["best"]; ok {
		if v, ok := c.single(p); ok {
			n, _ := v.(*Name)
			switch {
			case n != nil && n.Dotted() == "highest":
				s.Best = ir.Highest
			case n != nil && n.Dotted() == "lowest":
				s.Best = ir.Lowest
			default:
				c.errorf(v.At(), "best: highest or best: lowest", "unknown best")
			}
		}
	}
	c.g.Score = s
	defer func() {
		if !valueOK {
			c.g.Score = nil
			c.declaredBadly("score", "") // (its value's error is reported: its uses report nothing)
		}
	}()
	if p, ok := ps["margin"]; ok {
		if v, ok := c.single(p); ok {
			if ex, t, ok := c.lower(v, ctxMargin); ok {
				if t != tInt {
					c.errorf(v.At(), "", "a margin is a number")
				} else {
					s.Margin = ex
				}
			}
		}
	}
}

// groupCapture reads a group move's capture block:
//
//	capture { enemy: CELL-COND; when: COND on size, run, distance; take: first | all }
func (c *checker) groupCapture(p *Entry, r *ir.MoveRule) bool {
	if len(p.Values) > 0 || !p.HasBlock {
		c.errorf(p.Pos, "write capture { enemy: enemy; when: run < size; take: first }", "a group's capture is a block")
		return false
	}
	gc := &ir.GroupCapture{Enemy: &ir.Expr{Op: ir.OpOwnedBy, Who: ir.Enemy}}
	ok := true
	ps := c.props(p, "capture", groupCaptureProps)
	if q, has := ps["enemy"]; has {
		if v, okv := c.single(q); okv {
			ex, t, okl := c.lower(v, ctxCell)
			if !okl || t != tBool {
				if okl {
					c.errorf(v.At(), "e.g. enemy: enemy stone", "enemy needs a cell condition")
				}
				ok = false
			} else {
				gc.Enemy = ex
			}
		}
	}
	q, has := ps["when"]
	if !has {
		c.errorf(p.Pos, "add when: run < size (run: the enemy pieces in a row, size: the moving group)", "the capture has no condition")
		return false
	}
	if v, okv := c.single(q); okv {
		ex, t, okl := c.lower(v, ctxGroup)
		if !okl || t != tBool {
			if okl {
				c.errorf(v.At(), "e.g. when: run < size", "when needs a condition")
			}
			ok = false
		} else {
			gc.When = ex
		}
	}
	if q, has := ps["take"]; has {
		if v, okv := c.single(q); okv {
			n, _ := v.(*Name)
			switch {
			case n != nil && n.Dotted() == "first":
			case n != nil && n.Dotted() == "all":
				gc.All = true
			default:
				c.errorf(v.At(), "take: first (the piece landed on) or all (the whole enemy run)", "unknown take")
				ok = false
			}
		}
	}
	r.GroupCapture = gc
	return ok
}

// checkPromotions reads promote KIND { to: KIND; in: ZONE }.
func (c *checker) checkPromotions(es []*Entry) {
	for _, e := range es {
		if len(e.Labels) != 1 || len(e.Values) > 0 {
			c.errorf(e.Pos, "write promote KIND { to: KIND; in: ZONE }", "promote takes one piece kind and a block")
			continue
		}
		from, ok := c.lookupKind(&Name{Pos: e.Labels[0].Pos, Parts: []string{e.Labels[0].Name}})
		if !ok {
			continue
		}
		ps := c.props(e, "promote", promoteProps)
		to, in := ps["to"], ps["in"]
		if to == nil || in == nil {
			c.errorf(e.Pos, "write promote KIND { to: KIND; in: ZONE }", "promote needs to: and in:")
			continue
		}
		tv, ok1 := c.single(to)
		iv, ok2 := c.single(in)
		if !ok1 || !ok2 {
			continue
		}
		tn, _ := tv.(*Name)
		zn, _ := iv.(*Name)
		if tn == nil || zn == nil {
			c.errorf(e.Pos, "write promote KIND { to: KIND; in: ZONE }", "to: takes a kind and in: a zone")
			continue
		}
		k, ok := c.lookupKind(tn)
		if !ok {
			continue
		}
		z, ok := c.zones[zn.Dotted()]
		if !ok && c.isBadlyDeclared("zone", zn.Dotted()) {
			continue
		}
		if !ok {
			c.errorf(zn.Pos, c.r.hintFor(zn.Dotted(), "zones", c.zoneNames()), "unknown zone %q", zn.Dotted())
			continue
		}
		if k == from {
			c.errorf(tn.Pos, "", "a kind cannot be promoted to itself")
			continue
		}
		at, okAt := c.promoteAt(ps["at"])
		if !okAt {
			continue
		}
		c.g.Promotions = append(c.g.Promotions, ir.Promotion{Kind: from, To: k, Zone: z, AtMoveEnd: at == promoteAtMoveEnd, AtContinue: at == promoteAtContinue, Pos: e.Pos.String()})
		// Pieces of the new kind may appear for every owner that has the old one.
		for pi := 0; pi < len(c.g.Pieces); pi++ {
			pc := c.g.Pieces[pi]
			if pc.Kind == from {
				c.piece(k, pc.Owner, pc.Number)
			}
		}
	}
}

// checkStacking reads stacking: true|false.
func (c *checker) checkStacking(es []*Entry) {
	for _, e := range es {
		v, ok := c.single(e)
		if !ok {
			continue
		}
		if n, isName := v.(*Name); isName && !c.isConst(v) {
			c.errorf(v.At(), "write stacking: true", "stacking is true or false, not %q", n.Dotted())
			continue
		}
		val, ok := c.constValue(v)
		if !ok {
			continue
		}
		if val.kind != cvBool {
			c.errorf(v.At(), "write stacking: true", "stacking is true or false")
			continue
		}
		c.g.Stacking = val.i != 0
	}
}
