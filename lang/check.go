package lang

import (
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/ruleplay/ruleplay/internal/safetext"
	"github.com/ruleplay/ruleplay/ir"
)

// The checker walks the merged entries of a game in a fixed order (options,
// board, players, pdn, pieces, setup, targets, zones, moves, priority, filters,
// end, score), resolving every name and lowering everything to ir. It
// reports problems and goes on, so that independent errors all show; a part
// that failed is left out of later checks rather than reported again.

type checker struct {
	r    *reporter
	path string
	g    *ir.Game

	opts    map[string]*optDecl
	consts  map[Expr]bool // isConst, remembered per node
	optList []string
	badOpts map[string]bool // declared with a bad default: uses are not reported again

	players  map[string]int
	kinds    map[string]int
	kindDecl map[string]*Entry
	cells    map[string]int
	dirs     map[string]int
	zones    map[string]int
	rules    map[string]int
	pieceIdx map[[3]int]int
	counters map[string]int // counter names -> index in g.Counters
	// badlyDeclared holds the names whose declaration had errors, by what
	// they name ("move king-capture", "zone far", "piece king", "player
	// white"): the error was reported at the declaration, so a use of the
	// name fails without a report of its own (an "unknown move" there
	// would be a follow-on error, its hint pointing at the wrong fix).
	badlyDeclared map[string]bool

	// nameLists are the names of what has been declared so far, for hints.
	nameLists    struct{ cells, kinds, zones, rules, props nameList }
	propsOfKinds int // the kinds whose properties nameLists.props lists

	boardOK   bool
	playersOK bool
	setupDone bool // the zone start holds the setup's cells
	// cellPlayer is the player whose cells a per-player zone named in a
	// cell list stands for (-1: none; the zone must be the same for all).
	cellPlayer int
}

type optDecl struct {
	entry *Entry
	index int // in g.Options
}

func newChecker(r *reporter, path string) *checker {
	return &checker{r: r, path: path,
		opts: map[string]*optDecl{}, badOpts: map[string]bool{}, players: map[string]int{}, kinds: map[string]int{},
		kindDecl: map[string]*Entry{}, cells: map[string]int{}, dirs: map[string]int{},
		zones: map[string]int{}, rules: map[string]int{}, pieceIdx: map[[3]int]int{}, cellPlayer: -1,
		badlyDeclared: map[string]bool{}}
}

// declaredBadly records that the declaration of name, a what ("move",
// "zone", "piece", "property" or "player"; "hand" and "score" with no
// name: the hands, the score), had errors, reported there.
func (c *checker) declaredBadly(what, name string) {
	c.badlyDeclared[what+" "+name] = true
}

// isBadlyDeclared reports whether name, a what, was declared with errors:
// a use of the name that fails for that reason is not reported.
func (c *checker) isBadlyDeclared(what, name string) bool {
	return c.badlyDeclared[what+" "+name]
}

// declaredBadlyAll records every label of e as a what declared with
// errors (a declaration with too many names: which one was meant is not
// known).
func (c *checker) declaredBadlyAll(what string, e *Entry) {
	for _, l := range e.Labels {
		c.declaredBadly(what, l.Name)
	}
}

var topKeys = []string{"game", "option", "board", "players", "player", "piece", "setup", "target",
	"zone", "step", "jump", "remove", "group", "priority", "forbid", "end", "score", "import", "extends",
	"stacking", "promote", "prefer", "counter", "guide", "hand", "lock", "drop", "turns", "pdn"}

func (c *checker) errorf(p Pos, hint, format string, args ...any) {
	c.r.errorf(p, hint, format, args...)
}

// check lowers the merged entries. The error it returns is an *OptionError
// (a bad user option); file problems go to the reporter.
func (c *checker) check(entries []*Entry, userOpts map[string]string) (*ir.Game, error) {
	stem := strings.TrimSuffix(filepath.Base(c.path), filepath.Ext(c.path))
	c.g = &ir.Game{Name: stem, Title: stem, File: c.path}
	by := map[string][]*Entry{}
	for _, e := range entries {
		if !contains(topKeys, e.Key) {
			c.errorf(e.Pos, c.r.hintFor(e.Key, "known entries", topKeys), "unknown entry %q", e.Key)
			continue
		}
		if len(e.Labels) > 0 && e.Labels[0].Number {
			c.errorf(e.Labels[0].Pos, fmt.Sprintf("write %s NAME: a name starts with a letter", e.Key), "%s needs a name, not the number %s", e.Key, e.Labels[0].Name)
			continue
		}
		by[e.Key] = append(by[e.Key], e)
	}
	for _, e := range by["game"] {
		if s, ok := c.onlyString(e); ok {
			c.g.Title = s
		}
	}
	c.checkOptions(by["option"])
	if err := c.applyUserOptions(userOpts); err != nil {
		return nil, err
	}
	c.checkBoard(by["board"])
	c.checkPlayers(by["players"], by["player"])
	c.checkPDN(by["pdn"])
	c.checkPieces(by["piece"])
	c.checkTurns(by["turns"])
	if c.boardOK && c.playersOK {
		// The zone start is the setup's cells: it is reserved first (zone
		// 0), the zones are read before the setup (a setup may place pieces
		// on a zone's cells), and the setup fills start.
		c.zones["start"] = len(c.g.Zones)
		c.g.Zones = append(c.g.Zones, ir.Zone{Name: "start", Cells: make([][]int, len(c.g.Players))})
		c.checkZones(by["zone"])
		c.checkSetup(by["setup"])
		c.setupDone = true
		c.checkHands(by["hand"])
		c.checkTargets(by["target"])
		c.checkLocks(by["lock"])
		c.checkStacking(by["stacking"])
		c.checkPromotions(by["promote"])
		c.checkMoves(entries)
		c.checkPriority(by["priority"])
		c.checkForbid(by["forbid"])
		c.checkPrefer(by["prefer"])
		c.checkGoesOn(entries, by["promote"])
		c.checkPreferLines(by["prefer"])
		c.checkScore(by["score"])
		c.checkCounters(by["counter"])
		c.checkGuide(by["guide"])
		c.checkEnd(by["end"])
	}
	return c.g, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// onlyString reads `key: "text"`.
func (c *checker) onlyString(e *Entry) (string, bool) {
	if len(e.Values) != 1 || e.HasBlock || len(e.Labels) > 0 {
		c.errorf(e.Pos, `write game: "Title"`, "%s takes one string", e.Key)
		return "", false
	}
	s, ok := e.Values[0].(*Str)
	if !ok {
		c.errorf(e.Values[0].At(), `write game: "Title"`, "%s takes a string", e.Key)
		return "", false
	}
	return s.Val, true
}

// props returns a block's entries by key, reporting unknown keys and keys
// given labels or blocks where they take a value.
func (c *checker) props(e *Entry, what string, known []string) map[string]*Entry {
	out := map[string]*Entry{}
	for _, p := range e.Block {
		if !contains(known, p.Key) {
			c.errorf(p.Pos, c.r.hintFor(p.Key, "known properties", known), "unknown property %q in %s", p.Key, what)
			continue
		}
		if len(p.Labels) > 0 {
			c.errorf(p.Labels[0].Pos, fmt.Sprintf("write %s: value", p.Key), "unexpected %q after %s", p.Labels[0].Name, p.Key)
			continue
		}
		if len(p.Values) == 0 && !p.HasBlock {
			c.errorf(p.Pos, fmt.Sprintf("write %s: value", p.Key), "%s needs a value", p.Key)
			continue
		}
		out[p.Key] = p
	}
	return out
}

// single returns the one value of a property entry.
func (c *checker) single(p *Entry) (Expr, bool) {
	if len(p.Values) == 0 {
		c.errorf(p.Pos, fmt.Sprintf("write %s: VALUE", p.Key), "%s needs a value", p.Key)
		return nil, false
	}
	if len(p.Values) != 1 {
		c.errorf(p.Values[1].At(), "", "%s takes one value", p.Key)
		return nil, false
	}
	if p.HasBlock {
		c.errorf(p.Pos, "", "%s takes a value, not a block", p.Key)
		return nil, false
	}
	return p.Values[0], true
}

// --- options ---------------------------------------------------------------

func (c *checker) checkOptions(es []*Entry) {
	for _, e := range es {
		if len(e.Labels) != 1 {
			c.errorf(e.Pos, "write option NAME: DEFAULT", "an option needs one name")
			continue
		}
		name := e.Labels[0].Name
		if len(e.Values) != 1 {
			c.errorf(e.Labels[0].Pos, "write option NAME: DEFAULT", "option %s needs one default value", name)
			continue
		}
		o, ok := c.optionDefault(name, e.Values[0])
		if !ok {
			c.badOpts[name] = true
			continue
		}
		ps := c.props(e, "option "+name, optionProps)
		if p, ok := ps["doc"]; ok {
			if v, ok := c.single(p); ok {
				if s, ok := v.(*Str); ok {
					o.Doc = s.Val
				} else {
					c.errorf(v.At(), `write doc: "text"`, "doc takes a string")
				}
			}
		}
		if p, ok := ps["range"]; ok {
			c.optionRange(&o, p)
		}
		c.optionConstraints(&o, ps)
		if ok, bad := c.optionChoices(&o, ps, e); !ok {
			if bad {
				c.badOpts[name] = true
			}
			continue
		}
		if _, dup := c.opts[name]; dup {
			continue
		}
		if why := optionViolation(o, o.Value); why != "" {
			msg := fmt.Sprintf("default of option %s is outside its range %s", name, rangeText(o))
			if why != "outside its range" {
				msg = fmt.Sprintf("default of option %s is %s (allowed: %s)", name, why, rangeText(o))
			}
			c.errorf(e.Values[0].At(), "", "%s", msg)
			c.badOpts[name] = true
			continue
		}
		c.opts[name] = &optDecl{entry: e, index: len(c.g.Options)}
		c.optList = append(c.optList, name)
		c.g.Options = append(c.g.Options, o)
	}
}

// optionDefault reads the default value of option name, which gives the
// option its type.
func (c *checker) optionDefault(name string, val Expr) (ir.Option, bool) {
	o := ir.Option{Name: name}
	switch v := val.(type) {
	case *Num:
		if v.Percent {
			c.errorf(v.Pos, "write the number without %", "option %s: a percentage is not an option value", name)
			return o, false
		}
		o.Type, o.Value.Int = ir.OptInt, v.Val
	case *SizeLit:
		o.Type, o.Value.W, o.Value.H = ir.OptSize, v.W, v.H
	case *Name:
		switch v.Dotted() {
		case "true":
			o.Type, o.Value.Int = ir.OptBool, 1
		case "false":
			o.Type = ir.OptBool
		default:
			o.Type, o.Value.Str = ir.OptEnum, v.Dotted()
		}
	default:
		hint := "an option's default is a number, a size (8x8), true/false or a name"
		if ph, isPh := v.(*Phrase); isPh && len(ph.Words) == 3 {
			if x, isX := ph.Words[1].(*Name); isX && x.Dotted() == "x" {
				hint = "write a size without spaces: 12x12"
			}
		}
		c.errorf(val.At(), hint, "bad default for option %s", name)
		return o, false
	}
	return o, true
}

// optionChoices reads the choices of option o (declared by e): numbers
// for a number option, names for a named one, which needs them. It
// reports whether the option is good, and when not, whether it is to be
// remembered as bad (its uses then raise no second error).
func (c *checker) optionChoices(o *ir.Option, ps map[string]*Entry, e *Entry) (ok, bad bool) {
	p, has := ps["choices"]
	switch {
	case !has && o.Type == ir.OptEnum:
		c.errorf(e.Values[0].At(), "add choices: a, b, ... in a block after the default, or use a number, size or true/false", "option %s: %q is not a value", o.Name, o.Value.Str)
		return false, false
	case !has:
		return true, false
	case o.Type == ir.OptInt:
		good := c.intChoices(o, p, e)
		return good, !good
	case o.Type != ir.OptEnum:
		c.errorf(p.Pos, "", "choices are for options whose values are names or numbers")
		return true, false
	}
	for _, v := range p.Values {
		if n, ok := v.(*Name); ok {
			o.Choices = append(o.Choices, n.Dotted())
		} else {
			c.errorf(v.At(), "", "a choice is a name")
		}
	}
	if !contains(o.Choices, o.Value.Str) {
		c.errorf(e.Values[0].At(), "choices: "+someOf(o.Choices, ", "), "default %q is not one of the choices", safetext.Short(o.Value.Str, 40))
		return false, true
	}
	return true, false
}

func (c *checker) optionRange(o *ir.Option, p *Entry) {
	v, ok := c.single(p)
	if !ok {
		return
	}
	b, isBin := v.(*Binary)
	if !isBin || b.Op != ".." {
		c.errorf(v.At(), "write range: MIN .. MAX", "a range is MIN .. MAX")
		return
	}
	switch o.Type {
	case ir.OptInt:
		lo, ok1 := b.L.(*Num)
		hi, ok2 := b.R.(*Num)
		if !ok1 || !ok2 {
			c.errorf(v.At(), "write range: 2 .. 8", "the range of a number option is two numbers")
			return
		}
		o.Min.Int, o.Max.Int = lo.Val, hi.Val
	case ir.OptSize:
		lo, ok1 := b.L.(*SizeLit)
		hi, ok2 := b.R.(*SizeLit)
		if !ok1 || !ok2 {
			c.errorf(v.At(), "write range: 3x3 .. 26x26", "the range of a size option is two sizes")
			return
		}
		o.Min.W, o.Min.H, o.Max.W, o.Max.H = lo.W, lo.H, hi.W, hi.H
	default:
		c.errorf(v.At(), "", "only number and size options have a range")
	}
}

// optionConstraints reads an option's step: N (number and size options
// with a range: the value is MIN plus a multiple of N, on both sides of
// a size) and square: true (size options: width equals height).
func (c *checker) optionConstraints(o *ir.Option, ps map[string]*Entry) {
	if p, ok := ps["step"]; ok {
		v, okv := c.single(p)
		n, isNum := v.(*Num)
		switch {
		case !okv:
		case o.Type != ir.OptInt && o.Type != ir.OptSize:
			c.errorf(p.Pos, "", "only number and size options have a step")
		case !isNum || n.Percent || n.Val < 1:
			c.errorf(v.At(), "write step: 2", "a step is a whole number of at least 1")
		case o.Max == (ir.Value{}):
			c.errorf(p.Pos, "add range: MIN .. MAX: the steps count from MIN", "a step needs a range")
		default:
			o.Step = n.Val
		}
	}
	if p, ok := ps["square"]; ok {
		v, okv := c.single(p)
		n, isName := v.(*Name)
		switch {
		case !okv:
		case o.Type != ir.OptSize:
			c.errorf(p.Pos, "", "only size options can be square")
		case !isName || (n.Dotted() != "true" && n.Dotted() != "false"):
			c.errorf(v.At(), "write square: true", "square takes true or false")
		default:
			o.Square = n.Dotted() == "true"
		}
	}
}

// optionViolation says why v is not a value of option o ("" when it is).
func optionViolation(o ir.Option, v ir.Value) string {
	if !inRange(o, v) {
		return "outside its range"
	}
	if o.Square && v.W != v.H {
		return "not square: width and height must be equal"
	}
	if o.Step > 1 {
		off := []int{v.Int - o.Min.Int}
		if o.Type == ir.OptSize {
			off = []int{v.W - o.Min.W, v.H - o.Min.H}
		}
		for _, d := range off {
			if d%o.Step != 0 {
				return fmt.Sprintf("not in steps of %d from %s", o.Step, minText(o))
			}
		}
	}
	return ""
}

func minText(o ir.Option) string {
	if o.Type == ir.OptSize {
		return fmt.Sprintf("%dx%d", o.Min.W, o.Min.H)
	}
	return strconv.Itoa(o.Min.Int)
}

func inRange(o ir.Option, v ir.Value) bool {
	switch o.Type {
	case ir.OptInt:
		if len(o.Choices) > 0 {
			return contains(o.Choices, strconv.Itoa(v.Int))
		}
		if o.Min == (ir.Value{}) && o.Max == (ir.Value{}) {
			return true
		}
		return v.Int >= o.Min.Int && v.Int <= o.Max.Int
	case ir.OptSize:
		if o.Max.W == 0 {
			return true
		}
		return v.W >= o.Min.W && v.W <= o.Max.W && v.H >= o.Min.H && v.H <= o.Max.H
	case ir.OptEnum:
		return contains(o.Choices, v.Str)
	}
	return true
}

func rangeText(o ir.Option) string {
	var extra string
	if o.Square {
		extra += ", square"
	}
	if o.Step > 1 {
		extra += fmt.Sprintf(", in steps of %d", o.Step)
	}
	switch o.Type {
	case ir.OptInt:
		if len(o.Choices) > 0 {
			return someOf(o.Choices, "|")
		}
		return fmt.Sprintf("%d..%d", o.Min.Int, o.Max.Int) + extra
	case ir.OptSize:
		return fmt.Sprintf("%dx%d..%dx%d", o.Min.W, o.Min.H, o.Max.W, o.Max.H) + extra
	case ir.OptEnum:
		return someOf(o.Choices, "|")
	}
	return "true|false"
}

// maxListed is how many names a message lists (choices, options) before
// "... and N more".
const maxListed = 12

// someOf joins the first maxListed of names with sep, each cut to a few
// dozen characters, and says how many more there are: a message never
// repeats a list of 120,000 choices.
func someOf(names []string, sep string) string {
	var b strings.Builder
	for i, n := range names[:min(len(names), maxListed)] {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(safetext.Escape(safetext.Short(n, 40)))
	}
	if more := len(names) - maxListed; more > 0 {
		fmt.Fprintf(&b, "%s... and %d more", sep, more)
	}
	return b.String()
}

// OptionValueText renders an option's value as it is written.
func OptionValueText(o ir.Option) string {
	switch o.Type {
	case ir.OptInt:
		return strconv.Itoa(o.Value.Int)
	case ir.OptBool:
		return strconv.FormatBool(o.Value.Int != 0)
	case ir.OptSize:
		return fmt.Sprintf("%dx%d", o.Value.W, o.Value.H)
	}
	return o.Value.Str
}

func (c *checker) applyUserOptions(user map[string]string) error {
	names := make([]string, 0, len(user))
	for k := range user {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, fullName := range names {
		text := strings.TrimSpace(user[fullName])
		d, ok := c.opts[fullName]
		// name is the option's name as messages show it: cut to a few
		// dozen characters, control characters escaped.
		name := safetext.Escape(safetext.Short(fullName, 40))
		if !ok {
			if len(c.optList) == 0 {
				return &OptionError{fmt.Sprintf("unknown option %q: %s has no options", name, c.g.Name)}
			}
			msg := fmt.Sprintf("unknown option %q for %s (options: %s)", name, c.g.Name, someOf(c.optList, ", "))
			if h := c.r.didYouMean(fullName, c.optList); h != "" {
				msg += "; " + h
			}
			return &OptionError{msg}
		}
		o := &c.g.Options[d.index]
		var v ir.Value
		shown := safetext.Escape(safetext.Short(text, 40))
		tooBig := &OptionError{fmt.Sprintf("option %s=%s: out of range (numbers are at most %d)", name, shown, MaxNumber)}
		switch o.Type {
		case ir.OptInt:
			n, err := strconv.Atoi(text)
			if errors.Is(err, strconv.ErrRange) || n > MaxNumber || n < -MaxNumber {
				return tooBig
			}
			if err != nil {
				return &OptionError{fmt.Sprintf("option %s=%s: not a whole number", name, shown)}
			}
			v.Int = n
		case ir.OptBool:
			switch strings.ToLower(text) {
			case "true", "yes", "on", "1":
				v.Int = 1
			case "false", "no", "off", "0":
			default:
				return &OptionError{fmt.Sprintf("option %s=%s: want true or false", name, shown)}
			}
		case ir.OptSize:
			w, h, ok := strings.Cut(strings.ToLower(text), "x")
			wi, err1 := strconv.Atoi(w)
			hi, err2 := strconv.Atoi(h)
			if ok && (errors.Is(err1, strconv.ErrRange) || errors.Is(err2, strconv.ErrRange) || wi > MaxNumber || hi > MaxNumber) {
				return tooBig
			}
			if !ok || err1 != nil || err2 != nil {
				return &OptionError{fmt.Sprintf("option %s=%s: want a size WxH, e.g. 8x8", name, shown)}
			}
			v.W, v.H = wi, hi
		case ir.OptEnum:
			v.Str = text
		}
		if why := optionViolation(*o, v); why == "outside its range" && o.Type == ir.OptInt && len(o.Choices) > 0 {
			return &OptionError{fmt.Sprintf("option %s=%s: not one of its choices (allowed: %s)", name, shown, someOf(o.Choices, ", "))}
		} else if why == "outside its range" {
			return &OptionError{fmt.Sprintf("option %s=%s: out of range (allowed: %s)", name, shown, rangeText(*o))}
		} else if why != "" {
			return &OptionError{fmt.Sprintf("option %s=%s: %s (allowed: %s)", name, shown, why, rangeText(*o))}
		}
		o.Value = v
	}
	return nil
}

// --- board -----------------------------------------------------------------

var squareDirs = []ir.Dir{
	{Name: "n", DX: 0, DY: 1}, {Name: "ne", DX: 1, DY: 1}, {Name: "e", DX: 1, DY: 0}, {Name: "se", DX: 1, DY: -1},
	{Name: "s", DX: 0, DY: -1}, {Name: "sw", DX: -1, DY: -1}, {Name: "w", DX: -1, DY: 0}, {Name: "nw", DX: -1, DY: 1},
}

var hexDirs = []ir.Dir{
	{Name: "e", DX: 2, DY: 0}, {Name: "ne", DX: 1, DY: 1}, {Name: "nw", DX: -1, DY: 1},
	{Name: "w", DX: -2, DY: 0}, {Name: "sw", DX: -1, DY: -1}, {Name: "se", DX: 1, DY: -1},
}

func (c *checker) checkBoard(es []*Entry) {
	if len(es) == 0 {
		c.errorf(Pos{File: c.path}, "add board { shape: square(8x8) }", "the game has no board")
		return
	}
	e := es[0]
	ps := c.props(e, "board", boardProps)
	sp, ok := ps["shape"]
	if !ok {
		c.errorf(e.Pos, "add shape: square(8x8) or shape: hex(3, 4, 5, 4, 3)", "the board has no shape")
		return
	}
	v, ok := c.single(sp)
	if !ok {
		return
	}
	call, ok := v.(*Call)
	if !ok || (call.Fn != "square" && call.Fn != "hex") {
		c.errorf(v.At(), "write square(WxH) or hex(ROW1, ROW2, ...)", "unknown board shape")
		return
	}
	subset := c.cellSubset(ps)
	switch call.Fn {
	case "square":
		ok = c.squareBoard(call, subset)
	case "hex":
		if subset != "all" {
			c.errorf(ps["cells"].Pos, "", "hex boards have no colour subsets")
			return
		}
		ok = c.hexBoard(call)
	}
	if !ok {
		return
	}
	c.boardDiagonals(ps, call.Fn)
	b := &c.g.Board
	if len(b.Cells) == 0 {
		at := v.At()
		if e := ps["cells"]; e != nil {
			at = e.Pos
		}
		c.errorf(at, "this subset keeps no cell of the board: make it larger, or keep cells: all", "the board has no cells")
		return
	}
	if len(b.Cells) > maxBoardCells {
		c.errorf(v.At(), "", "board has %d cells; at most %d", len(b.Cells), maxBoardCells)
		return
	}
	for i, cell := range b.Cells {
		c.cells[cell.Name] = i
	}
	for i, d := range b.Dirs {
		c.dirs[d.Name] = i
	}
	c.boardOK = true
	c.checkNumbers(ps["numbers"])
}

// cellSubset returns the board's cells property: all, dark or light
// (all when absent or wrong, with a diagnostic for a wrong one).
func (c *checker) cellSubset(ps map[string]*Entry) string {
	p, ok := ps["cells"]
	if !ok {
		return "all"
	}
	v, ok := c.single(p)
	if !ok {
		return "all"
	}
	subsets := []string{"all", "dark", "light"}
	n, isName := v.(*Name)
	switch {
	case !isName:
		c.errorf(v.At(), "cells: all, dark (a1 and every cell of the same colour) or light", "expected a cell subset")
	case !contains(subsets, n.Dotted()):
		hint := c.r.didYouMean(n.Dotted(), subsets)
		if hint == "" {
			hint = "cells: all, dark (a1 and every cell of the same colour) or light"
		}
		c.errorf(v.At(), hint, "unknown cell subset %q", n.Dotted())
	default:
		return n.Dotted()
	}
	return "all"
}

// squareBoard lays out square(WxH), keeping the cells of subset (all,
// dark: a1's colour, or light); it reports whether the board is good.
func (c *checker) squareBoard(call *Call, subset string) bool {
	if len(call.Args) != 1 {
		c.errorf(call.Pos, "write square(8x8) or square(size)", "square takes one size")
		return false
	}
	val, ok := c.constValue(call.Args[0])
	if !ok {
		return false
	}
	if val.kind != cvSize {
		c.errorf(call.Args[0].At(), "write square(8x8) or square(size)", "square needs a size WxH")
		return false
	}
	if val.w < 1 || val.h < 1 || val.w > maxBoardSide || val.h > maxBoardSide || val.w > 26 {
		c.errorf(call.Args[0].At(), "files are lettered a..z: at most 26 wide, 64 high", "board %dx%d is too large or empty", val.w, val.h)
		return false
	}
	b := &c.g.Board
	b.Shape, b.Width, b.Height = ir.Square, val.w, val.h
	for y := 0; y < val.h; y++ {
		for x := 0; x < val.w; x++ {
			dark := (x+y)%2 == 0
			if (subset == "dark" && !dark) || (subset == "light" && dark) {
				continue
			}
			b.Cells = append(b.Cells, ir.Cell{Name: fmt.Sprintf("%c%d", 'a'+x, y+1), X: x, Y: y})
		}
	}
	b.Dirs = squareDirs
	return true
}

// hexBoard lays out hex(ROW1, ROW2, ...), rows centred; it reports
// whether the board is good.
func (c *checker) hexBoard(call *Call) bool {
	if len(call.Args) == 0 {
		c.errorf(call.Pos, "write hex(5, 6, 7, 8, 9, 8, 7, 6, 5): the cells of each row", "hex takes the number of cells in each row")
		return false
	}
	if len(call.Args) > maxBoardSide {
		c.errorf(call.Pos, "write hex(5, 6, 7, 8, 9, 8, 7, 6, 5): the cells of each row", "a hex board has at most %d rows; this one has %d", maxBoardSide, len(call.Args))
		return false
	}
	b := &c.g.Board
	for _, a := range call.Args {
		val, ok := c.constValue(a)
		if !ok {
			return false
		}
		if val.kind != cvInt || val.i < 1 || val.i > 26 {
			c.errorf(a.At(), "rows have 1 to 26 cells", "bad row length")
			return false
		}
		b.Rows = append(b.Rows, val.i)
		b.Width = max(b.Width, val.i)
	}
	b.Shape, b.Height = ir.Hex, len(b.Rows)
	for y, n := range b.Rows {
		for i := 0; i < n; i++ {
			b.Cells = append(b.Cells, ir.Cell{Name: fmt.Sprintf("%c%d", 'a'+i, y+1), X: -(n - 1) + 2*i, Y: y})
		}
	}
	b.Dirs = hexDirs
	return true
}

func (c *checker) cellNames() []string {
	return c.nameLists.cells.upTo(len(c.g.Board.Cells), func(i int) string { return c.g.Board.Cells[i].Name })
}

// nameList is a list of names kept between calls: a hint over the known
// names of a kind costs no copy of them (a file may name 20,000 unknown
// zones among 25,000).
type nameList []string

// upTo returns the names of the first n things, name(i) for each, adding
// only those not listed yet (things are only ever added). The caller must
// not change the slice.
func (l *nameList) upTo(n int, name func(int) string) []string {
	if len(*l) > n {
		*l = (*l)[:0]
	}
	for i := len(*l); i < n; i++ {
		*l = append(*l, name(i))
	}
	return *l
}

// cellAt finds the cell at board coordinates.
func (c *checker) cellAt(x, y int) (int, bool) {
	for i, cl := range c.g.Board.Cells {
		if cl.X == x && cl.Y == y {
			return i, true
		}
	}
	return 0, false
}

// mirrorCell is the point mirror of a cell through the board's centre.
func (c *checker) mirrorCell(i int) (int, bool) {
	b := c.g.Board
	cl := b.Cells[i]
	if b.Shape == ir.Square {
		return c.cellAt(b.Width-1-cl.X, b.Height-1-cl.Y)
	}
	return c.cellAt(-cl.X, b.Height-1-cl.Y)
}

// --- players ---------------------------------------------------------------

func (c *checker) checkPlayers(list, blocks []*Entry) {
	g := c.g
	add := func(name string, at Pos) {
		if _, dup := c.players[name]; dup {
			c.errorf(at, "", "player %s is named twice", name)
			return
		}
		c.players[name] = len(g.Players)
		g.Players = append(g.Players, ir.Player{Name: name})
	}
	if len(list) > 0 {
		e := list[0]
		for _, v := range e.Values {
			switch x := v.(type) {
			case *Call:
				if x.Fn != "numbered" || len(x.Args) != 1 {
					c.errorf(x.Pos, "write players: numbered(N) for p1..pN, or players: red, black", "unknown player list %s(...)", x.Fn)
					return
				}
				val, ok := c.constValue(x.Args[0])
				if !ok {
					return
				}
				if val.kind != cvInt {
					c.errorf(x.Args[0].At(), "write numbered(2)", "numbered needs a number, not %s", val.kindName())
					return
				}
				if val.i < 1 || val.i > maxPlayers {
					c.errorf(x.Args[0].At(), "", "between 1 and %d players", maxPlayers)
					return
				}
				for i := 1; i <= val.i; i++ {
					add(fmt.Sprintf("p%d", i), x.Pos)
				}
			case *Name:
				add(x.Dotted(), x.Pos)
			default:
				c.errorf(v.At(), "write players: red, black or players: numbered(N)", "bad player list")
				return
			}
		}
	}
	for _, e := range blocks {
		if len(e.Labels) != 1 {
			c.errorf(e.Pos, "write player NAME { forward: north }", "a player needs one name")
			c.declaredBadlyAll("player", e)
			continue
		}
		name := e.Labels[0].Name
		if len(list) == 0 {
			add(name, e.Labels[0].Pos)
		}
		pi, ok := c.players[name]
		if !ok {
			c.errorf(e.Labels[0].Pos, c.r.hintFor(name, "players", c.playerNames()), "unknown player %q", name)
			continue
		}
		ps := c.props(e, "player "+name, playerProps)
		if p, ok := ps["forward"]; ok {
			if v, ok := c.single(p); ok {
				n, isName := v.(*Name)
				vec := map[string][2]int{"north": {0, 1}, "south": {0, -1}, "east": {1, 0}, "west": {-1, 0}}
				if !isName {
					c.errorf(v.At(), "forward: north, south, east or west", "bad forward direction")
					c.declaredBadly("player", name)
					continue
				}
				f, ok := vec[n.Dotted()]
				if !ok {
					c.errorf(v.At(), c.r.hintFor(n.Dotted(), "forward", []string{"north", "south", "east", "west"}), "unknown forward direction %q", n.Dotted())
					c.declaredBadly("player", name)
					continue
				}
				g.Players[pi].FX, g.Players[pi].FY = f[0], f[1]
			}
		}
	}
	if len(g.Players) == 0 {
		c.errorf(Pos{File: c.path}, "add players: red, black (or player red { forward: north })", "the game has no players")
		return
	}
	c.playersOK = true
}

func (c *checker) playerNames() []string {
	out := make([]string, len(c.g.Players))
	for i, p := range c.g.Players {
		out[i] = p.Name
	}
	return out
}

// --- pieces ----------------------------------------------------------------

func (c *checker) checkPieces(es []*Entry) {
	for _, e := range es {
		if len(e.Labels) != 1 || len(e.Values) > 0 {
			c.errorf(e.Pos, "write piece NAME { ... }", "a piece kind needs one name")
			c.declaredBadlyAll("piece", e)
			continue
		}
		name := e.Labels[0].Name
		k := ir.Kind{Name: name, Props: map[string]int{}}
		errorsBefore := len(c.r.diags)
		for _, p := range e.Block {
			if len(p.Values) != 1 || len(p.Labels) > 0 || p.HasBlock {
				c.errorf(p.Pos, fmt.Sprintf("write %s: VALUE", p.Key), "a piece property takes one value")
				continue
			}
			switch p.Key {
			case "symbol":
				s, ok := p.Values[0].(*Str)
				if !ok || len(s.Val) < 1 || len(s.Val) > 2 {
					c.errorf(p.Values[0].At(), `write symbol: "S"`, "a symbol is one or two characters in quotes")
					continue
				}
				k.Symbol = s.Val
			default:
				val, ok := c.constValue(p.Values[0])
				if !ok {
					c.declaredBadly("property", p.Key)
					continue
				}
				if val.kind != cvInt {
					c.errorf(p.Values[0].At(), "piece properties are whole numbers", "property %s of %s is not a number", p.Key, name)
					c.declaredBadly("property", p.Key)
					continue
				}
				if p.Key == "numbered" {
					if val.i < 1 || val.i > 99 {
						c.errorf(p.Values[0].At(), "numbered: N numbers the kind's pieces 1 to N", "numbered takes 1..99")
						continue
					}
					k.Numbered = val.i
					continue
				}
				k.Props[p.Key] = val.i
			}
		}
		if len(c.r.diags) > errorsBefore {
			c.declaredBadly("piece", name) // (the kind is declared; checks of what was wrong in it are not repeated)
		}
		c.kinds[name] = len(c.g.Kinds)
		c.kindDecl[name] = e
		c.g.Kinds = append(c.g.Kinds, k)
	}
	// Default symbols: the first letter, upper case; two letters where two
	// kinds share a first letter.
	first := map[string]int{}
	for _, k := range c.g.Kinds {
		if k.Symbol == "" {
			first[strings.ToUpper(k.Name[:1])]++
		}
	}
	for i := range c.g.Kinds {
		k := &c.g.Kinds[i]
		if k.Symbol != "" {
			continue
		}
		s := strings.ToUpper(k.Name[:1])
		if first[s] > 1 && len(k.Name) > 1 {
			s += strings.ToLower(k.Name[1:2])
		}
		k.Symbol = s
	}
}

func (c *checker) kindNames() []string {
	return c.nameLists.kinds.upTo(len(c.g.Kinds), func(i int) string { return c.g.Kinds[i].Name })
}

// piece returns the index of the piece type, creating it on first use.
func (c *checker) piece(kind, owner, number int) int {
	key := [3]int{kind, owner, number}
	if i, ok := c.pieceIdx[key]; ok {
		return i
	}
	k := c.g.Kinds[kind]
	name := k.Name
	if number > 0 {
		name += strconv.Itoa(number)
	}
	if owner != ir.Neutral {
		name = c.g.Players[owner].Name + " " + name
	}
	i := len(c.g.Pieces)
	c.pieceIdx[key] = i
	c.g.Pieces = append(c.g.Pieces, ir.Piece{Kind: kind, Owner: owner, Number: number, Name: name, Target: -1})
	return i
}

func (c *checker) lookupKind(n *Name) (int, bool) {
	k, ok := c.kinds[n.Dotted()]
	if !ok && !c.isBadlyDeclared("piece", n.Dotted()) {
		c.errorf(n.Pos, c.r.hintFor(n.Dotted(), "piece kinds", c.kindNames()), "unknown piece kind %q", n.Dotted())
	}
	return k, ok
}

// OptionAllowed renders the values an option accepts: "3x3..26x26",
// "2..6", "short|long", "true|false", or "any whole number".
func OptionAllowed(o ir.Option) string {
	if o.Type == ir.OptInt && o.Min == (ir.Value{}) && o.Max == (ir.Value{}) {
		return "any whole number"
	}
	if o.Type == ir.OptSize && o.Max.W == 0 {
		return "any size WxH"
	}
	return rangeText(o)
}
