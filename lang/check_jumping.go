package lang

import (
	"fmt"
	"sort"

	"github.com/ruleplay/ruleplay/ir"
)

// The jumping family's properties: long leaps (length: any, length: A ..
// B), hurdles, the timing of captures (taken:), the majority (prefer:),
// the timing of promotions (promote { at: ... }), counters and the draw
// goal.

// moveValues are the names a counter's counts may use.
var moveValues = []string{"moved KIND", "captures", "pass"}

// lengthRange reads `length: A .. B` (1 <= A <= B <= 64).
func (c *checker) lengthRange(b *Binary, r *ir.MoveRule) bool {
	lo, ok1 := c.constValue(b.L)
	hi, ok2 := c.constValue(b.R)
	if !ok1 || !ok2 {
		return false
	}
	if lo.kind != cvInt || hi.kind != cvInt || lo.i < 1 || hi.i > maxLeapLength || lo.i > hi.i {
		c.errorf(b.Pos, "write length: 2 .. 5 (the shortest, then the longest), or length: any", "a jump's lengths are a range of 1..%d cells, the shortest first", maxLeapLength)
		return false
	}
	r.Length, r.LengthTo = lo.i, hi.i
	if lo.i == hi.i {
		r.LengthTo = 0
	}
	return true
}

// takenProp reads `taken: at-once | at-end` (at-end needs capture:
// jumped).
func (c *checker) takenProp(ps map[string]*Entry, r *ir.MoveRule) bool {
	p, has := ps["taken"]
	if !has {
		return true
	}
	at, set, ok := namedChoice(c, p, []string{"at-once", "at-end"}, "captured pieces leave at once (at-once) or stay, blocking, until the move ends (at-end)", "unknown capture timing")
	if !set {
		return ok
	}
	if at == 1 && r.Capture != ir.CaptureJumped {
		c.errorf(p.Pos, "add capture: jumped, or remove taken: at-end", "taken: at-end is about the pieces a jump passes over, but this jump captures none")
		return false
	}
	r.TakenAtEnd = at == 1
	return true
}

// namedChoice reads a property whose value is one of names: i is its
// index. A misspelt name gets "did you mean"; anything else the list
// with what (after "choices: ..."). A property with no single value is
// already reported: neither set nor an error here.
func namedChoice(c *checker, p *Entry, names []string, what, msg string) (i int, set, ok bool) {
	v, okv := c.single(p)
	if !okv {
		return 0, false, true
	}
	hint := fmt.Sprintf("write %s: %s (%s)", p.Key, names[0], what)
	if len(names) > 1 {
		hint = fmt.Sprintf("%s: %s (%s)", p.Key, joinOr(names), what)
	}
	if n, _ := v.(*Name); n != nil {
		for i, x := range names {
			if x == n.Dotted() {
				return i, true, true
			}
		}
		if h := c.r.didYouMean(n.Dotted(), names); h != "" {
			hint = h
		}
		c.errorf(v.At(), hint, "%s %q", msg, n.Dotted())
		return 0, false, false
	}
	c.errorf(v.At(), hint, "%s", msg)
	return 0, false, false
}

// onlyValue is e's value when it has exactly one and no block, else nil.
func onlyValue(e *Entry) Expr {
	if len(e.Values) != 1 || e.HasBlock {
		return nil
	}
	return e.Values[0]
}

// joinOr joins names as "a, b or c".
func joinOr(names []string) string {
	out := names[0]
	for i, n := range names[1:] {
		if i == len(names)-2 {
			out += " or " + n
		} else {
			out += ", " + n
		}
	}
	return out
}

// The moments of a promotion (promote { at: ... }).
const (
	promoteAtLanding = iota
	promoteAtMoveEnd
	promoteAtContinue
)

// promoteAt reads a promotion's `at: landing | move-end | continue` (nil:
// landing).
func (c *checker) promoteAt(p *Entry) (at int, ok bool) {
	if p == nil {
		return promoteAtLanding, true
	}
	at, set, ok := namedChoice(c, p, []string{"landing", "move-end", "continue"}, "promoted on any landing in the zone, ending a chain (landing), only where the whole move ends (move-end), or on any landing, the chain going on as the new kind (continue)", "unknown promotion moment")
	if !set {
		return promoteAtLanding, ok
	}
	return at, ok
}

// preferWords are the criteria of prefer, by their first word.
var preferWords = map[string]ir.Prefer{
	"most-captured":     ir.PreferMostCaptured,
	"moved":             ir.PreferMoved,
	"earliest-captured": ir.PreferEarliestCaptured,
}

// preferHint shows the criteria.
const preferHint = "prefer: most-captured, or criteria in order: most-captured, moved KIND, most-captured KIND, earliest-captured KIND"

// checkPrefer reads the top-level `prefer: none | CRITERION, ...` (none,
// the default, lets a variant drop its base's preference; the criteria
// may be written as one list [...]): most-captured [KIND], moved KIND,
// earliest-captured KIND.
func (c *checker) checkPrefer(es []*Entry) {
	for _, e := range es {
		if len(e.Labels) > 0 || e.HasBlock || len(e.Values) == 0 {
			c.errorf(e.Pos, "write prefer: most-captured (or prefer: none)", "prefer takes a value")
			continue
		}
		if n, ok := onlyValue(e).(*Name); ok && n.Dotted() == "none" {
			c.g.Prefer = nil
			continue
		}
		items := e.Values
		if l, ok := onlyValue(e).(*List); ok {
			items = l.Items
		}
		var prefs []ir.Preference
		ok := true
		for _, v := range items {
			pr, okv := c.preference(v)
			prefs = append(prefs, pr)
			ok = okv && ok
		}
		if ok && c.preferReadable(e, prefs) {
			c.g.Prefer = prefs
		}
	}
}

// preferReadable tells whether criteria beyond most-captured can be read:
// from a move's path, so every rule that captures must be a leap or a
// removal, in a game without stacks; it reports why not at e.
func (c *checker) preferReadable(e *Entry, prefs []ir.Preference) bool {
	if len(prefs) == 1 && prefs[0] == (ir.Preference{By: ir.PreferMostCaptured, Kind: -1}) {
		return true
	}
	if c.g.Stacking {
		c.errorf(e.Pos, "keep prefer: most-captured alone in a game of stacks", "prefer: criteria beyond most-captured read the captured pieces from a move's path, which a game of stacks does not tell")
		return false
	}
	for _, m := range c.g.Moves {
		if m.GroupCapture != nil {
			c.errorf(e.Pos, "keep prefer: most-captured alone, or capture with jumps", "prefer: criteria beyond most-captured read the captured pieces from a move's path; the group move %s captures otherwise", m.Name)
			return false
		}
	}
	return true
}

// preference reads one criterion of prefer: a word, and for most-captured
// optionally, for the others necessarily, a piece kind.
func (c *checker) preference(v Expr) (ir.Preference, bool) {
	var words []Expr
	switch v := v.(type) {
	case *Name:
		words = []Expr{v}
	case *Phrase:
		words = v.Words
	}
	var word *Name
	if len(words) > 0 {
		word, _ = words[0].(*Name)
	}
	if word == nil || len(words) > 2 {
		c.errorf(v.At(), preferHint, "expected a preference")
		return ir.Preference{}, false
	}
	by, known := preferWords[word.Dotted()]
	if !known {
		hint := c.r.didYouMean(word.Dotted(), []string{"most-captured", "moved", "earliest-captured"})
		if hint == "" {
			hint = preferHint
		}
		c.errorf(word.Pos, hint, "unknown preference %q", word.Dotted())
		return ir.Preference{}, false
	}
	pr := ir.Preference{By: by, Kind: -1}
	if len(words) == 1 {
		if by != ir.PreferMostCaptured {
			c.errorf(word.Pos, fmt.Sprintf("write %s KIND (%s king)", word.Dotted(), word.Dotted()), "%s needs a piece kind", word.Dotted())
			return pr, false
		}
		return pr, true
	}
	kind, _ := words[1].(*Name)
	if kind == nil {
		c.errorf(words[1].At(), "name a piece kind", "expected a piece kind")
		return pr, false
	}
	if k, ok := c.kinds[kind.Dotted()]; ok {
		pr.Kind = k
		return pr, true
	}
	c.errorf(kind.Pos, c.r.hintFor(kind.Dotted(), "piece kinds", c.kindNames()), "unknown piece kind %q", kind.Dotted())
	return pr, false
}

// checkCounters reads `counter NAME { counts: CONDITION }`, in file order.
func (c *checker) checkCounters(es []*Entry) {
	c.counters = map[string]int{}
	for _, e := range es {
		if len(e.Labels) != 1 || len(e.Values) > 0 || !e.HasBlock {
			c.errorf(e.Pos, "write counter NAME { counts: moved king and captures == 0 }", "a counter takes a name and a block")
			continue
		}
		name := e.Labels[0].Name
		if _, dup := c.counters[name]; dup {
			c.errorf(e.Labels[0].Pos, "", "two counters are named %s", name)
			continue
		}
		if c.isReserved(name) {
			c.errorf(e.Labels[0].Pos, "choose another name", "%q is already a name of the language", name)
			continue
		}
		c.counters[name] = -1 // a bad counter: its uses are not reported again
		ps := c.props(e, "counter", counterProps)
		ct := ir.Counter{Name: name, Pos: e.Pos.String()}
		if !c.counterShape(ps, &ct) {
			continue
		}
		p, has := ps["counts"]
		if !has && ct.While == nil {
			c.errorf(e.Pos, "add counts: moved king and captures == 0", "the counter has no condition")
			continue
		}
		if has {
			v, ok := c.single(p)
			if !ok {
				continue
			}
			ex, t, ok := c.lower(v, ctxCounts)
			if !ok {
				continue
			}
			if t != tBool {
				c.errorf(v.At(), "e.g. counts: moved king and captures == 0", "counts needs a condition on the move")
				continue
			}
			ct.Counts = ex
		}
		c.counters[name] = len(c.g.Counters)
		c.g.Counters = append(c.g.Counters, ct)
	}
}

// isReserved tells whether a counter's name would hide a name of goals.
func (c *checker) isReserved(n string) bool {
	_, opt := c.opts[n]
	return opt || contains(playerValues, n) || contains(cellWords, n) || n == "own" || n == "opponent" || n == "repetition"
}

// lowerMoveValue lowers a name in a counter's counts: captures, pass.
func (c *checker) lowerMoveValue(x *Name) (*ir.Expr, typ, bool) {
	switch x.Dotted() {
	case "captures":
		return &ir.Expr{Op: ir.OpCaptures}, tInt, true
	case "pass":
		return &ir.Expr{Op: ir.OpPass}, tBool, true
	case "moved":
		c.errorf(x.Pos, "write moved KIND, e.g. moved king", "moved needs a piece kind")
		return nil, 0, false
	}
	c.errorf(x.Pos, c.r.hintFor(x.Dotted(), "move values", []string{"moved", "captures", "pass"}), "unknown move value %q", x.Dotted())
	return nil, 0, false
}

// lowerMoved lowers `moved KIND` in a counter's counts.
func (c *checker) lowerMoved(x *Phrase) (*ir.Expr, typ, bool) {
	first, _ := x.Words[0].(*Name)
	if first == nil || first.Dotted() != "moved" || len(x.Words) != 2 {
		c.errorf(x.Pos, c.ctxHint(ctxCounts), "unknown move value")
		return nil, 0, false
	}
	kn, _ := x.Words[1].(*Name)
	if kn == nil {
		c.errorf(x.Words[1].At(), "write moved KIND, e.g. moved king", "expected a piece kind")
		return nil, 0, false
	}
	k, ok := c.lookupKind(kn)
	if !ok {
		return nil, 0, false
	}
	return &ir.Expr{Op: ir.OpMoved, Int: k}, tBool, true
}

// drawGoal reads `draw: CONDITION` in the end block: after a move, the
// game ends as a draw when it holds.
func (c *checker) drawGoal(p *Entry) {
	if len(p.Labels) > 0 {
		c.errorf(p.Labels[0].Pos, "write draw: CONDITION (tested after every move)", "unexpected %q after draw", p.Labels[0].Name)
		return
	}
	v, ok := c.single(p)
	if !ok {
		return
	}
	ex, t, ok := c.lower(v, ctxGoal)
	if !ok {
		return
	}
	if t != tBool {
		c.errorf(v.At(), "e.g. draw: quiet >= 50", "draw needs a condition")
		return
	}
	if ex.Op == ir.OpBool && ex.Int == 0 {
		return
	}
	c.g.End.Goals = append(c.g.End.Goals, ir.Goal{Check: ir.AfterMove, Cond: ex, Draw: true, Pos: fmt.Sprint(v.At())})
}

// valueNames lists the player values, and the counters where goals and
// scores may read them (for hints).
func (c *checker) valueNames(ctx exprCtx) []string {
	names := playerValues
	if ctx == ctxGoal || ctx == ctxValue {
		names = append([]string(nil), names...)
		for n := range c.counters {
			names = append(names, n)
		}
		if ctx == ctxGoal {
			names = append(names, "repetition")
		}
		sort.Strings(names[len(playerValues):])
	}
	return names
}
