package lang

import (
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
)

// Pos is a place in a rules file: 1-based line and column, and the length
// of the text it covers (for the caret line of diagnostics).
type Pos struct {
	File      string
	Line, Col int
	Len       int
}

func (p Pos) String() string {
	return p.File + ":" + strconv.Itoa(p.Line) + ":" + strconv.Itoa(p.Col)
}

func posOf(p lexer.Position, end lexer.Position) Pos {
	n := end.Offset - p.Offset
	if end.Line != p.Line || n < 1 {
		n = 1
	}
	return Pos{File: p.Filename, Line: p.Line, Col: p.Column, Len: n}
}

// Entry is one entry of a rules file: `key label...: values { block }`.
type Entry struct {
	Pos      Pos // of the key
	Key      string
	Labels   []Label
	Values   []Expr
	Block    []*Entry
	HasBlock bool
}

// ID is the entry's identity for merging: key and labels.
func (e *Entry) ID() string {
	var b strings.Builder
	b.WriteString(e.Key)
	for _, l := range e.Labels {
		b.WriteByte(' ')
		b.WriteString(l.Name)
	}
	return b.String()
}

// Label is a name after an entry's key.
type Label struct {
	Pos    Pos
	Name   string
	Quoted bool
	Number bool // written as a whole number (`players 3: ...` in a zone block)
}

// Expr is an expression node.
type Expr interface{ At() Pos }

type (
	// Num is an integer literal, possibly a percentage ("40%").
	Num struct {
		Pos     Pos
		Val     int
		Percent bool
	}
	// SizeLit is a WxH literal.
	SizeLit struct {
		Pos  Pos
		W, H int
	}
	// Str is a string literal (unquoted).
	Str struct {
		Pos Pos
		Val string
	}
	// Name is a name, possibly dotted ("opponent.start").
	Name struct {
		Pos   Pos
		Parts []string
	}
	// Call is f(args).
	Call struct {
		Pos  Pos
		Fn   string
		Args []Expr
	}
	// List is [a, b, c].
	List struct {
		Pos   Pos
		Items []Expr
	}
	// Phrase is a juxtaposition of two or more terms ("forward diagonal").
	Phrase struct {
		Pos   Pos
		Words []Expr
	}
	// Binary is L op R.
	Binary struct {
		Pos  Pos
		Op   string
		L, R Expr
	}
	// Unary is op X ("-" or "not").
	Unary struct {
		Pos Pos
		Op  string
		X   Expr
	}
	// If is if Cond then Then else Else.
	If struct {
		Pos              Pos
		Cond, Then, Else Expr
	}
)

func (e *Num) At() Pos     { return e.Pos }
func (e *SizeLit) At() Pos { return e.Pos }
func (e *Str) At() Pos     { return e.Pos }
func (e *Name) At() Pos    { return e.Pos }
func (e *Call) At() Pos    { return e.Pos }
func (e *List) At() Pos    { return e.Pos }
func (e *Phrase) At() Pos  { return e.Pos }
func (e *Binary) At() Pos  { return e.Pos }
func (e *Unary) At() Pos   { return e.Pos }
func (e *If) At() Pos      { return e.Pos }

// Dotted returns a name's text ("opponent.start").
func (e *Name) Dotted() string { return strings.Join(e.Parts, ".") }

// span covers a and b (same line), for carets under whole expressions.
func span(a, b Pos) Pos {
	if a.Line == b.Line && b.Col+b.Len > a.Col {
		a.Len = b.Col + b.Len - a.Col
	}
	return a
}

// The conversion from grammar structs to the AST.

func convEntries(gs []*gEntry) []*Entry {
	out := make([]*Entry, 0, len(gs))
	for _, g := range gs {
		out = append(out, convEntry(g))
	}
	return out
}

func convEntry(g *gEntry) *Entry {
	e := &Entry{Key: g.Key}
	e.Pos = Pos{File: g.Pos.Filename, Line: g.Pos.Line, Col: g.Pos.Column, Len: len(g.Key)}
	for _, l := range g.Labels {
		name, quoted := l.Name, false
		if strings.HasPrefix(name, `"`) {
			name, quoted = unquote(name), true
		}
		number := name != "" && !quoted && name[0] >= '0' && name[0] <= '9'
		e.Labels = append(e.Labels, Label{Pos: Pos{File: l.Pos.Filename, Line: l.Pos.Line, Col: l.Pos.Column, Len: len(l.Name)}, Name: name, Quoted: quoted, Number: number})
	}
	for _, v := range g.Values {
		e.Values = append(e.Values, convExpr(v))
	}
	if g.Block != nil {
		e.HasBlock = true
		e.Block = convEntries(g.Block.Entries)
	}
	return e
}

func unquote(s string) string {
	if u, err := strconv.Unquote(s); err == nil {
		return u
	}
	return strings.Trim(s, `"`)
}

func convExpr(g *gExpr) Expr {
	x := convAnd(g.Left)
	for _, r := range g.Rest {
		y := convAnd(r)
		x = &Binary{Pos: span(x.At(), y.At()), Op: "or", L: x, R: y}
	}
	return x
}

func convAnd(g *gAnd) Expr {
	x := convNot(g.Left)
	for _, r := range g.Rest {
		y := convNot(r)
		x = &Binary{Pos: span(x.At(), y.At()), Op: "and", L: x, R: y}
	}
	return x
}

func convNot(g *gNot) Expr {
	if g.Not != nil {
		x := convNot(g.Not)
		p := Pos{File: g.Pos.Filename, Line: g.Pos.Line, Col: g.Pos.Column, Len: 3}
		return &Unary{Pos: span(p, x.At()), Op: "not", X: x}
	}
	return convCmp(g.Cmp)
}

func convCmp(g *gCmp) Expr {
	x := convSum(g.Left)
	if g.Right != nil {
		y := convSum(g.Right)
		return &Binary{Pos: span(x.At(), y.At()), Op: g.Op, L: x, R: y}
	}
	return x
}

func convSum(g *gSum) Expr {
	x := convProd(g.Left)
	for _, r := range g.Rest {
		y := convProd(r.Right)
		x = &Binary{Pos: span(x.At(), y.At()), Op: r.Op, L: x, R: y}
	}
	return x
}

func convProd(g *gProd) Expr {
	x := convUnary(g.Left)
	for _, r := range g.Rest {
		y := convUnary(r.Right)
		x = &Binary{Pos: span(x.At(), y.At()), Op: r.Op, L: x, R: y}
	}
	return x
}

func convUnary(g *gUnary) Expr {
	if g.Neg != nil {
		x := convUnary(g.Neg)
		p := Pos{File: g.Pos.Filename, Line: g.Pos.Line, Col: g.Pos.Column, Len: 1}
		return &Unary{Pos: span(p, x.At()), Op: "-", X: x}
	}
	if len(g.Phrase) == 1 {
		return convTerm(g.Phrase[0])
	}
	ph := &Phrase{}
	for _, t := range g.Phrase {
		ph.Words = append(ph.Words, convTerm(t))
	}
	ph.Pos = span(ph.Words[0].At(), ph.Words[len(ph.Words)-1].At())
	return ph
}

func convTerm(g *gTerm) Expr {
	p := posOf(g.Pos, g.EndPos)
	switch {
	case g.If != nil:
		return &If{Pos: p, Cond: convExpr(g.If.Cond), Then: convExpr(g.If.Then), Else: convExpr(g.If.Else)}
	case g.Call != nil:
		c := &Call{Pos: p, Fn: g.Call.Name}
		for _, a := range g.Call.Args {
			c.Args = append(c.Args, convExpr(a))
		}
		return c
	case g.Size != "":
		w, h, _ := strings.Cut(g.Size, "x")
		return &SizeLit{Pos: p, W: atoiSat(w), H: atoiSat(h)}
	case g.Int != "":
		return &Num{Pos: p, Val: atoiSat(g.Int), Percent: g.Percent}
	case g.Str != "":
		return &Str{Pos: p, Val: unquote(g.Str)}
	case g.Name != nil:
		return &Name{Pos: p, Parts: g.Name}
	case g.List != nil:
		l := &List{Pos: p}
		for _, it := range g.List.Items {
			l.Items = append(l.Items, convExpr(it))
		}
		return l
	case g.Paren != nil:
		return convExpr(g.Paren)
	}
	return &Name{Pos: p, Parts: []string{"?"}}
}

// atoiSat converts decimal digits, saturating at a large bound instead of
// overflowing (absurd numbers are then rejected by range checks).
func atoiSat(s string) int {
	const limit = 1 << 40
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
		if n > limit {
			return limit
		}
	}
	return n
}
