package lang

import (
	"fmt"
	"sort"
	"strings"

	"github.com/ruleplay/ruleplay/ir"
)

// Constant values: option values and literals, folded when the game is
// checked (board sizes, player counts, ply limits, if-then-else on options).

type cvKind int

const (
	cvInt cvKind = iota
	cvBool
	cvSize
	cvStr
)

type cval struct {
	kind cvKind
	i    int
	w, h int
	s    string
}

func (v cval) kindName() string {
	return [...]string{"a number", "true/false", "a size", "a name"}[v.kind]
}

// constValue evaluates an expression that must be known when the game is
// checked. It reports the problem and returns false otherwise.
func (c *checker) constValue(e Expr) (cval, bool) {
	switch x := e.(type) {
	case *Num:
		if x.Percent {
			c.errorf(x.Pos, "", "a percentage is only allowed in shuffle(...)")
			return cval{}, false
		}
		return cval{kind: cvInt, i: x.Val}, true
	case *SizeLit:
		return cval{kind: cvSize, w: x.W, h: x.H}, true
	case *Name:
		n := x.Dotted()
		switch n {
		case "true":
			return cval{kind: cvBool, i: 1}, true
		case "false":
			return cval{kind: cvBool}, true
		}
		if d, ok := c.opts[n]; ok {
			o := c.g.Options[d.index]
			switch o.Type {
			case ir.OptInt:
				return cval{kind: cvInt, i: o.Value.Int}, true
			case ir.OptBool:
				return cval{kind: cvBool, i: o.Value.Int}, true
			case ir.OptSize:
				return cval{kind: cvSize, w: o.Value.W, h: o.Value.H}, true
			default:
				return cval{kind: cvStr, s: o.Value.Str}, true
			}
		}
		if c.isChoice(n) {
			return cval{kind: cvStr, s: n}, true
		}
		if c.badOpts[n] {
			return cval{}, false // already reported at the option
		}
		c.errorf(x.Pos, c.r.hintFor(n, "options", c.optList), "unknown name %q (not an option)", n)
		return cval{}, false
	case *Unary:
		v, ok := c.constValue(x.X)
		if !ok {
			return v, false
		}
		if x.Op == "-" {
			if v.kind != cvInt {
				c.errorf(x.Pos, "", "- needs a number, not %s", v.kindName())
				return v, false
			}
			return cval{kind: cvInt, i: -v.i}, true
		}
		if v.kind != cvBool {
			c.errorf(x.Pos, "", "not needs true/false, not %s", v.kindName())
			return v, false
		}
		return cval{kind: cvBool, i: 1 - v.i}, true
	case *If:
		cond, ok := c.constValue(x.Cond)
		if !ok {
			return cond, false
		}
		if cond.kind != cvBool {
			c.errorf(x.Cond.At(), "", "if needs true/false, not %s", cond.kindName())
			return cond, false
		}
		if cond.i != 0 {
			return c.constValue(x.Then)
		}
		return c.constValue(x.Else)
	case *Binary:
		l, ok1 := c.constValue(x.L)
		r, ok2 := c.constValue(x.R)
		if !ok1 || !ok2 {
			return cval{}, false
		}
		return c.foldBinary(x, l, r)
	case *Str:
		return cval{kind: cvStr, s: x.Val}, true
	}
	c.errorf(e.At(), "", "this must be a value known when the game is checked (a number, size, option or true/false)")
	return cval{}, false
}

func (c *checker) foldBinary(x *Binary, l, r cval) (cval, bool) {
	switch x.Op {
	case "and", "or":
		if l.kind != cvBool || r.kind != cvBool {
			c.errorf(x.Pos, "", "%s needs true/false on both sides", x.Op)
			return cval{}, false
		}
		if x.Op == "and" {
			return cval{kind: cvBool, i: l.i & r.i}, true
		}
		return cval{kind: cvBool, i: l.i | r.i}, true
	case "==", "!=":
		if l.kind != r.kind {
			c.errorf(x.Pos, "", "cannot compare %s with %s", l.kindName(), r.kindName())
			return cval{}, false
		}
		eq := l == r
		if x.Op == "!=" {
			eq = !eq
		}
		return cval{kind: cvBool, i: b2i(eq)}, true
	case "..":
		c.errorf(x.Pos, "", "a range is only allowed in an option's range")
		return cval{}, false
	}
	if l.kind != cvInt || r.kind != cvInt {
		c.errorf(x.Pos, "", "%s needs numbers on both sides", x.Op)
		return cval{}, false
	}
	switch x.Op {
	case "+":
		return cval{kind: cvInt, i: l.i + r.i}, true
	case "-":
		return cval{kind: cvInt, i: l.i - r.i}, true
	case "*":
		return cval{kind: cvInt, i: l.i * r.i}, true
	case "/":
		if r.i == 0 {
			c.errorf(x.Pos, "", "division by zero")
			return cval{}, false
		}
		return cval{kind: cvInt, i: l.i / r.i}, true
	case "<":
		return cval{kind: cvBool, i: b2i(l.i < r.i)}, true
	case "<=":
		return cval{kind: cvBool, i: b2i(l.i <= r.i)}, true
	case ">":
		return cval{kind: cvBool, i: b2i(l.i > r.i)}, true
	case ">=":
		return cval{kind: cvBool, i: b2i(l.i >= r.i)}, true
	}
	c.errorf(x.Pos, "", "unknown operator %s", x.Op)
	return cval{}, false
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// isConst reports whether e mentions only literals and options.
func (c *checker) isConst(e Expr) bool {
	// Remembered per node: lower asks at every level of an expression,
	// which would make a long chain (a and b and c ...) quadratic.
	if v, ok := c.consts[e]; ok {
		return v
	}
	v := c.isConstNode(e)
	if c.consts == nil {
		c.consts = map[Expr]bool{}
	}
	c.consts[e] = v
	return v
}

func (c *checker) isConstNode(e Expr) bool {
	switch x := e.(type) {
	case *Num, *SizeLit, *Str:
		return true
	case *Name:
		n := x.Dotted()
		_, opt := c.opts[n]
		return opt || n == "true" || n == "false" || c.isChoice(n) || c.badOpts[n]
	case *Unary:
		return c.isConst(x.X)
	case *Binary:
		return c.isConst(x.L) && c.isConst(x.R)
	case *If:
		return c.isConst(x.Cond) && c.isConst(x.Then) && c.isConst(x.Else)
	}
	return false
}

// --- cell lists --------------------------------------------------------------

// cellList reads cells written as `a1 c1 e1`, `[a1, c1]` or one name.
func (c *checker) cellList(e Expr) ([]int, bool) {
	var items []Expr
	switch x := e.(type) {
	case *Phrase:
		items = x.Words
	case *List:
		items = x.Items
	default:
		items = []Expr{e}
	}
	var out []int
	ok := true
	for _, it := range items {
		if call, isCall := it.(*Call); isCall && (call.Fn == "ranks" || call.Fn == "rows") {
			cells, okr := c.ranks(call)
			ok = ok && okr
			out = append(out, cells...)
			continue
		}
		n, isName := it.(*Name)
		if !isName {
			c.errorf(it.At(), "cells are written a1 c1 e1", "expected a cell name")
			ok = false
			continue
		}
		if contains(cellSetNames, n.Dotted()) {
			cells, oks := c.cellSet(n)
			ok = ok && oks
			out = append(out, cells...)
			continue
		}
		ci, found := c.cells[n.Dotted()]
		if zi, isZone := c.zones[n.Dotted()]; !found && isZone {
			cells, okz := c.zoneCellsHere(n, zi)
			ok = ok && okz
			out = append(out, cells...)
			continue
		}
		if !found && c.isBadlyDeclared("zone", n.Dotted()) {
			ok = false
			continue
		}
		if !found {
			hint := c.r.didYouMean(n.Dotted(), c.cellNames())
			if hint == "" {
				hint = c.r.didYouMean(n.Dotted(), cellSetNames)
			}
			if hint == "" {
				hint = c.boardExtent()
			}
			c.errorf(n.Pos, hint, "no cell %q on this board", n.Dotted())
			ok = false
			continue
		}
		out = append(out, ci)
	}
	return out, ok
}

// cellSetNames are the sets of cells a name gives wherever cells are
// listed and after `in`.
var cellSetNames = []string{"all", "dark", "light", "corners", "centre"}

// cellSet returns the cells of the set named n (one of cellSetNames) on
// this board, in board order: every cell, the dark cells (a1 dark: file
// index plus rank index even), the light ones, the corners of a square
// board that are on it, the 1, 2 or 4 central cells of a square board
// (the middle file or two, times the middle rank or two). A set other
// than all on a hex board, or a set with no cell on the board, is an
// error at n.
func (c *checker) cellSet(n *Name) ([]int, bool) {
	b := &c.g.Board
	name := n.Dotted()
	if b.Shape == ir.Hex && name != "all" {
		c.errorf(n.Pos, "list the cells, or use all or rows(...)", "a hex board has no %s: %s is a set of square boards", name, name)
		return nil, false
	}
	mid := func(w, v int) bool { return v == (w-1)/2 || v == w/2 }
	var out []int
	for i, cl := range b.Cells {
		var in bool
		switch name {
		case "all":
			in = true
		case "dark":
			in = (cl.X+cl.Y)%2 == 0
		case "light":
			in = (cl.X+cl.Y)%2 == 1
		case "corners":
			in = (cl.X == 0 || cl.X == b.Width-1) && (cl.Y == 0 || cl.Y == b.Height-1)
		default: // centre
			in = mid(b.Width, cl.X) && mid(b.Height, cl.Y)
		}
		if in {
			out = append(out, i)
		}
	}
	if len(out) == 0 {
		c.errorf(n.Pos, "this board keeps cells of one colour only (board { cells: ... })", "no %s cell on this board", name)
		return nil, false
	}
	return out, true
}

// setZone returns the zone that stands for cell set n after `in` or as a
// quantifier's cells, added to the game's zones (the same cells for every
// player) when first used.
func (c *checker) setZone(n *Name) (int, bool) {
	if zi, ok := c.zones[n.Dotted()]; ok {
		return zi, true
	}
	cells, ok := c.cellSet(n)
	if !ok {
		return 0, false
	}
	z := ir.Zone{Name: n.Dotted(), Cells: make([][]int, len(c.g.Players))}
	for p := range z.Cells {
		z.Cells[p] = cells
	}
	c.zones[z.Name] = len(c.g.Zones)
	c.g.Zones = append(c.g.Zones, z)
	return c.zones[z.Name], true
}

// --- directions --------------------------------------------------------------

var dirSetNames = []string{"all", "orthogonal", "diagonal", "forward", "backward", "sideways"}

// dirSet resolves a direction expression for player p: a set name (all,
// orthogonal, diagonal), a direction name (n, ne, ...), a list of them, or a
// phrase with forward/backward/sideways in front ("forward diagonal").
func (c *checker) dirSet(e Expr, p int) ([]int, bool) {
	switch x := e.(type) {
	case *If:
		cond, ok := c.constValue(x.Cond)
		if !ok {
			return nil, false
		}
		if cond.kind != cvBool {
			c.errorf(x.Cond.At(), "", "if needs true/false, not %s", cond.kindName())
			return nil, false
		}
		if cond.i != 0 {
			return c.dirSet(x.Then, p)
		}
		return c.dirSet(x.Else, p)
	case *List:
		var out []int
		for _, it := range x.Items {
			ds, ok := c.dirSet(it, p)
			if !ok {
				return nil, false
			}
			out = append(out, ds...)
		}
		return dedupInts(out), true
	case *Phrase:
		return c.dirPhrase(x.Words, p)
	}
	return c.dirPhrase([]Expr{e}, p)
}

// dirPhrase resolves the words of a direction phrase for player p: a set
// or direction name after any of forward, backward and sideways, which
// keep the directions that go so relative to the player's forward (at the
// end of the phrase: of all the directions).
func (c *checker) dirPhrase(words []Expr, p int) ([]int, bool) {
	pl := c.g.Players[p]
	var sel func(d ir.Dir) bool
	var set []int
	for wi, w := range words {
		n, ok := w.(*Name)
		if !ok {
			c.errorf(w.At(), knownList("directions", append(dirSetNames, c.dirNames()...)), "expected a direction")
			return nil, false
		}
		name := n.Dotted()
		last := wi == len(words)-1
		switch name {
		case "forward", "backward", "sideways":
			if pl.FX == 0 && pl.FY == 0 {
				if c.isBadlyDeclared("player", pl.Name) {
					return nil, false
				}
				c.errorf(n.Pos, fmt.Sprintf("add player %s { forward: north }", pl.Name), "player %s has no forward direction", pl.Name)
				return nil, false
			}
			sel = relativeDirs(sel, name, pl.FX, pl.FY)
			if last {
				set = c.allDirs()
			}
		case "all":
			set = c.allDirs()
		case "orthogonal", "diagonal":
			if c.g.Board.Shape == ir.Hex {
				c.errorf(n.Pos, "hex boards have six directions: say all, or name them (e, ne, nw, w, sw, se)", "%s has no meaning on a hex board", name)
				return nil, false
			}
			for i, d := range c.g.Board.Dirs {
				diag := d.DX != 0 && d.DY != 0
				if diag == (name == "diagonal") {
					set = append(set, i)
				}
			}
		default:
			di, ok := c.dirs[name]
			if !ok {
				c.errorf(n.Pos, c.r.hintFor(name, "directions", append(dirSetNames, c.dirNames()...)), "unknown direction %q", name)
				return nil, false
			}
			set = []int{di}
		}
		if !last && set != nil {
			c.errorf(words[wi+1].At(), "write e.g. forward diagonal", "unexpected word after a direction set")
			return nil, false
		}
	}
	var out []int
	for _, d := range set {
		if sel == nil || sel(c.g.Board.Dirs[d]) {
			out = append(out, d)
		}
	}
	return out, true
}

// relativeDirs narrows the selection prev (nil: every direction) to the
// directions that go forward, backward or sideways (name) of the forward
// direction (fx, fy).
func relativeDirs(prev func(ir.Dir) bool, name string, fx, fy int) func(ir.Dir) bool {
	f := func(d ir.Dir) bool {
		dot := d.DX*fx + d.DY*fy
		switch name {
		case "forward":
			return dot > 0
		case "backward":
			return dot < 0
		}
		return dot == 0
	}
	if prev != nil {
		return func(d ir.Dir) bool { return prev(d) && f(d) }
	}
	return f
}

func (c *checker) allDirs() []int {
	out := make([]int, len(c.g.Board.Dirs))
	for i := range out {
		out[i] = i
	}
	return out
}

func (c *checker) dirNames() []string {
	out := make([]string, len(c.g.Board.Dirs))
	for i, d := range c.g.Board.Dirs {
		out[i] = d.Name
	}
	return out
}

func dedupInts(xs []int) []int {
	seen := map[int]bool{}
	out := xs[:0]
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// --- run-time expressions ------------------------------------------------------

// exprCtx says which names an expression may use.
type exprCtx int

const (
	ctxCell   exprCtx = iota // over/onto: a condition on one cell
	ctxGuard                 // when: turn, ply
	ctxGoal                  // win: predicates on the position for a player
	ctxValue                 // score value: a number for a player
	ctxMargin                // margin: winner.*, loser.*
	ctxGroup                 // group capture: size, run, distance
	ctxCounts                // a counter's counts: moved KIND, captures, pass
)

type typ int

const (
	tInt typ = iota
	tBool
)

var cellWords = []string{"empty", "occupied", "own", "friend", "enemy", "neutral", "any"}
var playerValues = []string{"captured", "points", "moves", "pieces", "score", "hand"}

// lower compiles a run-time expression to ir, checking names and types.
func (c *checker) lower(e Expr, ctx exprCtx) (*ir.Expr, typ, bool) {
	if c.isConst(e) {
		v, ok := c.constValue(e)
		if !ok {
			return nil, 0, false
		}
		switch v.kind {
		case cvInt:
			return &ir.Expr{Op: ir.OpInt, Int: v.i}, tInt, true
		case cvBool:
			return &ir.Expr{Op: ir.OpBool, Int: v.i}, tBool, true
		}
		c.errorf(e.At(), "", "%s has no meaning here", v.kindName())
		return nil, 0, false
	}
	switch x := e.(type) {
	case *Name:
		return c.lowerName(x, ctx)
	case *Phrase:
		if ctx == ctxCell || ctx == ctxGoal {
			return c.lowerCellPhrase(x, ctx)
		}
		if ctx == ctxCounts {
			return c.lowerMoved(x)
		}
	case *Unary:
		a, t, ok := c.lower(x.X, ctx)
		if !ok {
			return nil, 0, false
		}
		if x.Op == "not" {
			if t != tBool {
				c.errorf(x.Pos, "", "not needs a condition")
				return nil, 0, false
			}
			return &ir.Expr{Op: ir.OpNot, Args: []*ir.Expr{a}}, tBool, true
		}
		if t != tInt {
			c.errorf(x.Pos, "", "- needs a number")
			return nil, 0, false
		}
		return &ir.Expr{Op: ir.OpNeg, Args: []*ir.Expr{a}}, tInt, true
	case *Binary:
		return c.lowerBinary(x, ctx)
	case *If:
		cond, ct, ok1 := c.lower(x.Cond, ctx)
		th, tt, ok2 := c.lower(x.Then, ctx)
		el, et, ok3 := c.lower(x.Else, ctx)
		if !ok1 || !ok2 || !ok3 {
			return nil, 0, false
		}
		if ct != tBool || tt != et {
			c.errorf(x.Pos, "", "if needs a condition and two branches of the same type")
			return nil, 0, false
		}
		return &ir.Expr{Op: ir.OpIf, Args: []*ir.Expr{cond, th, el}}, tt, true
	case *Call:
		return c.lowerCall(x, ctx)
	}
	c.errorf(e.At(), c.ctxHint(ctx), "this has no meaning here")
	return nil, 0, false
}

func (c *checker) ctxHint(ctx exprCtx) string {
	switch ctx {
	case ctxCell:
		return knownList("cell conditions", cellWords) + ", with and/or/not"
	case ctxGuard:
		return "use turn (the mover's own turn number), ply (the game's) and hand (the mover's pieces in hand), e.g. turn == 1"
	case ctxGoal:
		return "e.g. every(own, on target), some(own, in opponent.start), count(opponent) == 0"
	case ctxValue:
		return knownList("player values", playerValues) + ", distance(DIRECTIONS), count(own)"
	case ctxCounts:
		return knownList("move values", moveValues) + ", e.g. moved king and captures == 0"
	}
	return "use winner.score, loser.score, winner.moves, loser.moves"
}

func (c *checker) lowerName(x *Name, ctx exprCtx) (*ir.Expr, typ, bool) {
	n := x.Dotted()
	switch ctx {
	case ctxCell:
		if ex := cellWord(n, ir.SideOwn); ex != nil {
			return ex, tBool, true
		}
		switch {
		case n == "height":
			return &ir.Expr{Op: ir.OpHeight}, tInt, true
		case n == "level":
			return &ir.Expr{Op: ir.OpLevel}, tInt, true
		case len(x.Parts) == 2 && x.Parts[0] == "piece":
			if !c.propDeclared(x.Parts[1]) {
				if c.isBadlyDeclared("property", x.Parts[1]) {
					return nil, 0, false
				}
				c.errorf(x.Pos, c.r.hintFor(x.Parts[1], "piece properties", c.propNames()), "no piece kind has a property %q", x.Parts[1])
				return nil, 0, false
			}
			return &ir.Expr{Op: ir.OpProp, Name: x.Parts[1]}, tInt, true
		}
		if k, ok := c.kinds[n]; ok {
			return &ir.Expr{Op: ir.OpKindIs, Int: k}, tBool, true
		}
		if c.isBadlyDeclared("piece", n) {
			return nil, 0, false
		}
		c.errorf(x.Pos, c.r.hintFor(n, "cell conditions", append(append([]string{}, cellWords...), "height", "level", "piece.PROPERTY")), "unknown cell condition %q", n)
		return nil, 0, false
	case ctxGroup:
		if n == "size" || n == "run" || n == "distance" {
			return &ir.Expr{Op: ir.OpVar, Name: n}, tInt, true
		}
		c.errorf(x.Pos, c.r.hintFor(n, "names", []string{"size", "run", "distance"}), "unknown name %q", n)
		return nil, 0, false
	case ctxCounts:
		return c.lowerMoveValue(x)
	case ctxGuard:
		if n == "turn" || n == "ply" {
			return &ir.Expr{Op: ir.OpVar, Name: n}, tInt, true
		}
		if n == "hand" {
			return c.handValue(x, ir.SideOwn)
		}
		c.errorf(x.Pos, c.r.hintFor(n, "names", []string{"turn", "ply", "hand"}, c.optList), "unknown name %q", n)
		return nil, 0, false
	}
	if i, ok := c.counters[n]; ok && (ctx == ctxGoal || ctx == ctxValue) {
		return &ir.Expr{Op: ir.OpCounter, Int: i}, tInt, i >= 0 // (a bad counter is reported at its entry)
	}
	if ex, named, ok := c.repetitionName(x, ctx); named {
		return ex, tInt, ok
	}
	if i, ok := c.counters[x.Parts[len(x.Parts)-1]]; ok && len(x.Parts) == 2 && (ctx == ctxGoal || ctx == ctxValue) {
		if side, ok := c.sideName(x.Parts[0], ctx); ok {
			return c.counterOf(x, i, side)
		}
	}
	side, field := ir.SideOwn, n
	if len(x.Parts) == 2 {
		var ok bool
		side, ok = c.sideName(x.Parts[0], ctx)
		if !ok {
			c.errorf(x.Pos, c.ctxHint(ctx), "unknown player %q", x.Parts[0])
			return nil, 0, false
		}
		field = x.Parts[1]
	} else if len(x.Parts) > 2 || ctx == ctxMargin {
		c.errorf(x.Pos, c.ctxHint(ctx), "unknown name %q", n)
		return nil, 0, false
	}
	op, ok := map[string]ir.Op{"captured": ir.OpCaptured, "points": ir.OpPoints, "moves": ir.OpMoves, "score": ir.OpScore}[field]
	if field == "pieces" {
		if side == ir.SideOthers { // the pieces of every other player
			return &ir.Expr{Op: ir.OpCount, Side: ir.SideOwn, Who: ir.Enemy}, tInt, true
		}
		return &ir.Expr{Op: ir.OpCount, Side: side, Who: ir.Own}, tInt, true
	}
	if field == "hand" {
		return c.handValue(x, side)
	}
	if !ok || (op == ir.OpScore && ctx != ctxMargin && ctx != ctxGoal) {
		c.errorf(x.Pos, c.r.hintFor(field, "player values", c.valueNames(ctx)), "unknown name %q", n)
		return nil, 0, false
	}
	if op == ir.OpScore && c.g.Score == nil {
		if !c.isBadlyDeclared("score", "") {
			c.errorf(x.Pos, "add a score { value: ... } block", "the game has no score")
		}
		return nil, 0, false
	}
	return &ir.Expr{Op: op, Side: side}, tInt, true
}

// handValue lowers `hand` (the pieces a player holds in hand); the game
// must give some player pieces in hand.
func (c *checker) handValue(x *Name, side ir.Side) (*ir.Expr, typ, bool) {
	if len(c.g.Hands) == 0 {
		if !c.isBadlyDeclared("hand", "") {
			c.errorf(x.Pos, "add hand PLAYER { KIND: N }, e.g. hand black { man: 20 }", "no player holds pieces in hand")
		}
		return nil, 0, false
	}
	return &ir.Expr{Op: ir.OpHand, Side: side}, tInt, true
}

func (c *checker) sideName(s string, ctx exprCtx) (ir.Side, bool) {
	switch s {
	case "own":
		return ir.SideOwn, ctx != ctxMargin
	case "opponent", "next":
		return ir.SideOpponent, ctx != ctxMargin
	case "others":
		return ir.SideOthers, ctx != ctxMargin
	case "winner":
		return ir.SideWinner, ctx == ctxMargin
	case "loser":
		return ir.SideLoser, ctx == ctxMargin
	}
	return 0, false
}

func cellWord(n string, side ir.Side) *ir.Expr {
	switch n {
	case "empty":
		return &ir.Expr{Op: ir.OpEmpty}
	case "occupied", "any":
		if n == "any" {
			return &ir.Expr{Op: ir.OpBool, Int: 1}
		}
		return &ir.Expr{Op: ir.OpOccupied}
	case "own", "friend":
		return &ir.Expr{Op: ir.OpOwnedBy, Who: ir.Own, Side: side}
	case "enemy":
		return &ir.Expr{Op: ir.OpOwnedBy, Who: ir.Enemy, Side: side}
	case "neutral":
		return &ir.Expr{Op: ir.OpOwnedBy, Who: ir.NeutralPieces, Side: side}
	}
	return nil
}

// lowerCellPhrase handles `on target`, `in ZONE`, `in opponent.ZONE` and
// `own KIND` / `enemy KIND` / `neutral KIND`.
func (c *checker) lowerCellPhrase(x *Phrase, ctx exprCtx) (*ir.Expr, typ, bool) {
	first, _ := x.Words[0].(*Name)
	if first != nil && len(x.Words) == 2 {
		if owner := cellWord(first.Dotted(), ir.SideOwn); owner != nil && owner.Op == ir.OpOwnedBy {
			kn, _ := x.Words[1].(*Name)
			if kn == nil {
				c.errorf(x.Words[1].At(), "write own KIND", "expected a piece kind")
				return nil, 0, false
			}
			k, ok := c.lookupKind(kn)
			if !ok {
				return nil, 0, false
			}
			return &ir.Expr{Op: ir.OpAnd, Args: []*ir.Expr{owner, {Op: ir.OpKindIs, Int: k}}}, tBool, true
		}
	}
	if first == nil || len(x.Words) != 2 {
		c.errorf(x.Pos, "write on target, or in ZONE", "unknown condition")
		return nil, 0, false
	}
	second, _ := x.Words[1].(*Name)
	if second == nil {
		c.errorf(x.Words[1].At(), "", "expected a name")
		return nil, 0, false
	}
	switch first.Dotted() {
	case "on":
		if second.Dotted() != "target" {
			c.errorf(second.Pos, "write on target", "unknown place %q", second.Dotted())
			return nil, 0, false
		}
		return &ir.Expr{Op: ir.OpOnTarget}, tBool, true
	case "in":
		side, zone := ir.SideOwn, second.Dotted()
		if len(second.Parts) == 2 {
			s, ok := c.sideName(second.Parts[0], ctx)
			if !ok {
				c.errorf(second.Pos, "write in opponent.start or in own.start", "unknown player %q", second.Parts[0])
				return nil, 0, false
			}
			side, zone = s, second.Parts[1]
		}
		zi, ok := c.zones[zone]
		if !ok && len(second.Parts) == 1 && contains(cellSetNames, zone) {
			if zi, ok = c.setZone(second); !ok {
				return nil, 0, false
			}
		}
		if !ok && c.isBadlyDeclared("zone", zone) {
			return nil, 0, false
		}
		if !ok {
			hint := c.r.didYouMean(zone, c.zoneNames())
			if hint == "" {
				hint = c.r.didYouMean(zone, cellSetNames)
			}
			if hint == "" {
				hint = c.r.hintFor(zone, "zones", c.zoneNames())
			}
			c.errorf(second.Pos, hint, "unknown zone %q", zone)
			return nil, 0, false
		}
		return &ir.Expr{Op: ir.OpInZone, Int: zi, Side: side}, tBool, true
	}
	c.errorf(first.Pos, "write on target, or in ZONE", "unknown condition %q", first.Dotted())
	return nil, 0, false
}

// zoneNames returns the names of the zones declared so far.
func (c *checker) zoneNames() []string {
	return c.nameLists.zones.upTo(len(c.g.Zones), func(i int) string { return c.g.Zones[i].Name })
}

func (c *checker) lowerBinary(x *Binary, ctx exprCtx) (*ir.Expr, typ, bool) {
	a, ta, ok1 := c.lower(x.L, ctx)
	b, tb, ok2 := c.lower(x.R, ctx)
	if !ok1 || !ok2 {
		return nil, 0, false
	}
	ops := map[string]ir.Op{"and": ir.OpAnd, "or": ir.OpOr, "==": ir.OpEq, "!=": ir.OpNe, "<": ir.OpLt,
		"<=": ir.OpLe, ">": ir.OpGt, ">=": ir.OpGe, "+": ir.OpAdd, "-": ir.OpSub, "*": ir.OpMul, "/": ir.OpDiv}
	op, ok := ops[x.Op]
	if !ok {
		c.errorf(x.Pos, "", "%s has no meaning here", x.Op)
		return nil, 0, false
	}
	out := &ir.Expr{Op: op, Args: []*ir.Expr{a, b}}
	switch x.Op {
	case "and", "or":
		if ta != tBool || tb != tBool {
			c.errorf(x.Pos, "", "%s needs a condition on both sides", x.Op)
			return nil, 0, false
		}
		return simplifyLogic(out), tBool, true
	case "==", "!=":
		if ta != tb {
			c.errorf(x.Pos, "", "cannot compare a number with a condition")
			return nil, 0, false
		}
		return out, tBool, true
	}
	if ta != tInt || tb != tInt {
		c.errorf(x.Pos, "", "%s needs numbers on both sides", x.Op)
		return nil, 0, false
	}
	if strings.ContainsAny(x.Op, "<>") {
		return out, tBool, true
	}
	return out, tInt, true
}

var goalCalls = []string{"every", "some", "count", "distance"}

func (c *checker) lowerCall(x *Call, ctx exprCtx) (*ir.Expr, typ, bool) {
	switch x.Fn {
	case "next-to":
		return c.nextTo(x, ctx)
	case "distance":
		if ctx != ctxValue && ctx != ctxGoal {
			break
		}
		if len(x.Args) == 2 {
			return c.lowerZoneDistance(x, ir.SideOwn)
		}
		if len(x.Args) != 1 {
			c.errorf(x.Pos, "write distance(diagonal) (to the pieces' targets) or distance(all, goal) (to a zone)", "distance takes a set of directions and, optionally, a zone")
			return nil, 0, false
		}
		ds, ok := c.dirSet(x.Args[0], 0)
		if !ok {
			return nil, 0, false
		}
		return &ir.Expr{Op: ir.OpDistance, Side: ir.SideOwn, Dirs: ds}, tInt, true
	case "every", "some", "count":
		if ctx != ctxValue && ctx != ctxGoal {
			break
		}
		if len(x.Args) < 1 || len(x.Args) > 2 || (x.Fn != "count" && len(x.Args) != 2) {
			c.errorf(x.Pos, fmt.Sprintf("write %s(own, on target)", x.Fn), "%s takes a side and a condition", x.Fn)
			return nil, 0, false
		}
		sideName, ok := x.Args[0].(*Name)
		var side ir.Side
		var out *ir.Expr
		if ok && len(sideName.Parts) == 1 && contains(cellSetNames, sideName.Dotted()) {
			if _, okz := c.setZone(sideName); !okz {
				return nil, 0, false // reported (a set this board lacks)
			}
		}
		if ok {
			side, ok = c.sideName(sideName.Dotted(), ctx)
			out = &ir.Expr{Op: map[string]ir.Op{"every": ir.OpEvery, "some": ir.OpSome, "count": ir.OpCount}[x.Fn], Side: side, Who: ir.Own}
			if side == ir.SideOthers { // the pieces of every other player
				out.Side, out.Who = ir.SideOwn, ir.Enemy
			}
			if !ok {
				out, ok = c.zoneRef(sideName, ctx)
				if ok {
					out.Op = map[string]ir.Op{"every": ir.OpEveryCell, "some": ir.OpSomeCell, "count": ir.OpCountCell}[x.Fn]
				}
			}
		}
		if !ok {
			c.errorf(x.Args[0].At(), "the pieces of own, next (or opponent) or others, or the cells of a zone (next.gates)", "expected own, next, others or a zone")
			return nil, 0, false
		}
		if len(x.Args) == 2 {
			cond, t, ok := c.lowerPieceCond(x.Args[1])
			if !ok {
				return nil, 0, false
			}
			if t != tBool {
				c.errorf(x.Args[1].At(), "", "expected a condition")
				return nil, 0, false
			}
			out.Args = []*ir.Expr{cond}
		}
		if x.Fn == "count" {
			return out, tInt, true
		}
		return out, tBool, true
	}
	c.errorf(x.Pos, c.r.hintFor(x.Fn, "functions", goalCalls), "unknown function %s here", x.Fn)
	return nil, 0, false
}

// nextTo lowers next-to(last, DIRS), a cell condition of move rules: the
// cell is a neighbour, in one of DIRS, of the cell the previous ply ended
// on. DIRS must be the same for every player.
func (c *checker) nextTo(x *Call, ctx exprCtx) (*ir.Expr, typ, bool) {
	if ctx != ctxCell {
		c.errorf(x.Pos, "use it in a move's cell condition: at, onto, over or from", "next-to(last, ...) is a condition on a move's cells, not allowed here")
		return nil, 0, false
	}
	if len(x.Args) != 2 {
		c.errorf(x.Pos, "write next-to(last, orthogonal)", "next-to takes the cell last and a set of directions")
		return nil, 0, false
	}
	if n, ok := x.Args[0].(*Name); !ok || n.Dotted() != "last" {
		c.errorf(x.Args[0].At(), "write next-to(last, orthogonal): last is the cell the previous move ended on", "next-to's first argument must be last")
		return nil, 0, false
	}
	var ds []int
	for pl := range c.g.Players {
		d, ok := c.dirSet(x.Args[1], pl)
		if !ok {
			return nil, 0, false
		}
		if pl > 0 && fmt.Sprint(d) != fmt.Sprint(ds) {
			c.errorf(x.Args[1].At(), "name the directions (orthogonal, n, ...), not forward or backward", "next-to needs the same directions for every player")
			return nil, 0, false
		}
		ds = d
	}
	return &ir.Expr{Op: ir.OpNextTo, Dirs: ds}, tBool, true
}

// lowerPieceCond lowers the condition of a quantifier: cell words and
// `on target` / `in ZONE`.
func (c *checker) lowerPieceCond(e Expr) (*ir.Expr, typ, bool) {
	switch x := e.(type) {
	case *Phrase:
		return c.lowerCellPhrase(x, ctxGoal)
	case *Name:
		if ex := cellWord(x.Dotted(), ir.SideOwn); ex != nil {
			return ex, tBool, true
		}
		if k, ok := c.kinds[x.Dotted()]; ok {
			return &ir.Expr{Op: ir.OpKindIs, Int: k}, tBool, true
		}
		if c.isBadlyDeclared("piece", x.Dotted()) {
			return nil, 0, false
		}
		c.errorf(x.Pos, "write on target, in ZONE, a piece kind or a cell condition", "unknown condition %q", x.Dotted())
		return nil, 0, false
	case *Unary:
		if x.Op == "not" {
			a, t, ok := c.lowerPieceCond(x.X)
			if !ok {
				return nil, 0, false
			}
			return &ir.Expr{Op: ir.OpNot, Args: []*ir.Expr{a}}, t, true
		}
	case *Binary:
		if x.Op == "and" || x.Op == "or" {
			a, _, ok1 := c.lowerPieceCond(x.L)
			b, _, ok2 := c.lowerPieceCond(x.R)
			if !ok1 || !ok2 {
				return nil, 0, false
			}
			op := ir.OpAnd
			if x.Op == "or" {
				op = ir.OpOr
			}
			return &ir.Expr{Op: op, Args: []*ir.Expr{a, b}}, tBool, true
		}
	}
	if x, ok := e.(*Call); ok && x.Fn == "next-to" {
		return c.nextTo(x, ctxGoal)
	}
	c.errorf(e.At(), "write on target, in ZONE, or a cell condition", "unknown condition")
	return nil, 0, false
}

// boardExtent describes the cell names of the board, for hints.
func (c *checker) boardExtent() string {
	b := c.g.Board
	if b.Shape == ir.Hex {
		return fmt.Sprintf("rows 1..%d, cells lettered from a in each row", b.Height)
	}
	h := fmt.Sprintf("files a..%c, ranks 1..%d", 'a'+b.Width-1, b.Height)
	if len(b.Cells) < b.Width*b.Height {
		h += ", cells of one colour only"
	}
	return h
}

// isChoice reports whether n is one of the choices of an option with named
// values (goal == short).
func (c *checker) isChoice(n string) bool {
	for _, o := range c.g.Options {
		if o.Type == ir.OptEnum && contains(o.Choices, n) {
			return true
		}
	}
	return false
}

// ranks reads ranks(N), ranks(A .. B) (rows(...) on hex boards): every cell
// on those ranks, in board order.
func (c *checker) ranks(x *Call) ([]int, bool) {
	if len(x.Args) != 1 {
		c.errorf(x.Pos, "write ranks(1) or ranks(1 .. 3)", "%s takes one rank or a range", x.Fn)
		return nil, false
	}
	lo, hi := 0, 0
	if b, ok := x.Args[0].(*Binary); ok && b.Op == ".." {
		l, ok1 := c.constValue(b.L)
		h, ok2 := c.constValue(b.R)
		if !ok1 || !ok2 || l.kind != cvInt || h.kind != cvInt {
			c.errorf(b.Pos, "write ranks(1 .. 3)", "a range of ranks is two numbers")
			return nil, false
		}
		lo, hi = l.i, h.i
	} else {
		v, ok := c.constValue(x.Args[0])
		if !ok || v.kind != cvInt {
			if ok {
				c.errorf(x.Args[0].At(), "write ranks(1)", "a rank is a number")
			}
			return nil, false
		}
		lo, hi = v.i, v.i
	}
	if lo < 1 || hi > c.g.Board.Height || lo > hi {
		c.errorf(x.Args[0].At(), fmt.Sprintf("the board has %s 1..%d", x.Fn, c.g.Board.Height), "no %s %d..%d on this board", x.Fn, lo, hi)
		return nil, false
	}
	var out []int
	for i, cl := range c.g.Board.Cells {
		if cl.Y+1 >= lo && cl.Y+1 <= hi {
			out = append(out, i)
		}
	}
	return out, true
}

// zoneRef reads ZONE, own.ZONE or opponent.ZONE without reporting.
func (c *checker) zoneRef(n *Name, ctx exprCtx) (*ir.Expr, bool) {
	side, zone := ir.SideOwn, n.Dotted()
	if len(n.Parts) == 2 {
		s, ok := c.sideName(n.Parts[0], ctx)
		if !ok {
			return nil, false
		}
		side, zone = s, n.Parts[1]
	}
	zi, ok := c.zones[zone]
	if !ok && len(n.Parts) == 1 && contains(cellSetNames, zone) {
		if zi, ok = c.setZone(n); !ok {
			return nil, false
		}
	}
	if !ok {
		return nil, false
	}
	return &ir.Expr{Int: zi, Side: side}, true
}

// propNames returns the properties of the piece kinds, sorted: built again
// only when kinds were added (properties are read with their kind).
func (c *checker) propNames() []string {
	if c.nameLists.props != nil && c.propsOfKinds == len(c.g.Kinds) {
		return c.nameLists.props
	}
	c.propsOfKinds = len(c.g.Kinds)
	seen := map[string]bool{}
	out := nameList{}
	for _, k := range c.g.Kinds {
		for p := range k.Props {
			if !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
		}
	}
	sort.Strings(out)
	c.nameLists.props = out
	return out
}

func (c *checker) propDeclared(name string) bool {
	for _, k := range c.g.Kinds {
		if _, ok := k.Props[name]; ok {
			return true
		}
	}
	return false
}

// simplifyLogic folds and/or with a constant side (options decided when the
// game was checked: goal == short and ...).
func simplifyLogic(e *ir.Expr) *ir.Expr {
	a, b := e.Args[0], e.Args[1]
	for _, pair := range [][2]*ir.Expr{{a, b}, {b, a}} {
		k, other := pair[0], pair[1]
		if k.Op != ir.OpBool {
			continue
		}
		switch {
		case e.Op == ir.OpAnd && k.Int == 0, e.Op == ir.OpOr && k.Int == 1:
			return k
		default:
			return other
		}
	}
	return e
}
