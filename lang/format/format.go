// Package format lays out rules files in one canonical way, as gofmt does
// for Go: `ruleplay fmt` and the language server's formatting use it.
//
// The layout:
//
//   - Entries keep their order, their comments and their blocks; a block
//     written on one line (`player white { forward: north }`) stays on one
//     line, its entries separated by "; ", and any other block has one entry
//     per line, indented by two spaces per level, its closing brace on a line
//     of its own. An empty block is `{}`.
//   - Several entries written on one line with `;` go on lines of their own.
//   - Blank lines between entries are kept, at most one in a row; none after
//     an opening brace, before a closing one, or at the start or end of the
//     file.
//   - Tokens are separated by one space, except: none before `:` `,` `)`
//     `]` `%`, after `(` `[` or a unary minus, around the `.` of a dotted
//     name, and between a function's name and its `(`. So `1 .. 3`,
//     `a == b`, `square(8x8)`, `opponent.start`, `40%`, `-1`.
//   - A value broken over lines stays broken where it was (after a comma,
//     `and`, `or`, or inside brackets); its continuation lines are indented
//     one level more than the line that opened the innermost bracket still
//     open, or than the entry, and a line that starts with a closing
//     bracket is indented as the line of its opening one.
//   - A comment on a line of its own is indented as the entry that follows
//     it (or as the continuation line, inside a value). Trailing comments
//     are aligned: the comments of consecutive lines start in the same
//     column, column 33 (after 32 characters of code), or one space after
//     the longest line of the run when one is longer. A comment line right
//     under a trailing comment and starting in the same column continues it
//     and stays in that column.
//
// The formatter works on the tokens of the file (package lang's lexer),
// not on its AST, so that every comment keeps its place; it only changes
// spaces, line breaks and the `;` between entries, never a token, which
// the tests check together with idempotence on every bundled file. A file
// that does not parse is not formatted: Source returns its syntax error.
package format

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/ruleplay/ruleplay/lang"
)

// CommentColumn is the column (0-based) where trailing comments start
// unless a line of their run is longer.
const CommentColumn = 32

// Source returns src, the rules file at path, in the canonical layout. A
// file that cannot be parsed gives the parser's lang.Diagnostics.
func Source(path string, src []byte) ([]byte, error) {
	if _, err := lang.Parse(path, src); err != nil {
		return nil, err
	}
	var toks []lang.Token
	for _, t := range lang.Lex(path, src) {
		if t.Kind != lang.TokSpace {
			toks = append(toks, t)
		}
	}
	p := &printer{toks: toks, match: matchBraces(toks)}
	p.stack = []frame{{kind: frameBlock, level: 0, fresh: true}}
	p.run()
	return p.bytes(), nil
}

// A line of output.
type line struct {
	level   int // indentation level (two spaces each)
	code    strings.Builder
	comment string // the trailing comment, or the comment of a comment line
	blank   bool
	cont    bool // a comment line continuing the trailing comment above
	srcCol  int  // the source column of the comment
}

func (l *line) hasCode() bool { return l.code.Len() > 0 }

type frameKind int

const (
	frameBlock   frameKind = iota // a block laid out one entry per line (or the file)
	frameInline                   // a block kept on one line
	frameBracket                  // ( or [
)

type frame struct {
	kind  frameKind
	level int  // block: the level of its entries; bracket: the level of the line that opened it
	fresh bool // block: nothing in it yet
}

type printer struct {
	toks  []lang.Token
	match map[int]int // index of { -> index of its }
	stack []frame
	lines []*line

	needBreak   bool // the next token starts a new line
	pendingSemi bool // inside a one-line block: "; " before the next entry
	newlines    int  // newlines since the last token or comment
	last        *lang.Token
	lastUnary   bool // the last token is a unary minus
	lastLine    int  // source line of the last token printed
}

func matchBraces(toks []lang.Token) map[int]int {
	m := map[int]int{}
	var open []int
	for i, t := range toks {
		switch {
		case isOp(t, "{"):
			open = append(open, i)
		case isOp(t, "}") && len(open) > 0:
			m[open[len(open)-1]] = i
			open = open[:len(open)-1]
		}
	}
	return m
}

func isOp(t lang.Token, text string) bool { return t.Kind == lang.TokOp && t.Text == text }

func (p *printer) top() *frame { return &p.stack[len(p.stack)-1] }

// block returns the innermost block frame (one-line or not).
func (p *printer) block() *frame {
	for i := len(p.stack) - 1; i >= 0; i-- {
		if p.stack[i].kind != frameBracket {
			return &p.stack[i]
		}
	}
	return &p.stack[0]
}

func (p *printer) cur() *line {
	if len(p.lines) == 0 {
		return nil
	}
	return p.lines[len(p.lines)-1]
}

func (p *printer) run() {
	for i, t := range p.toks {
		switch t.Kind {
		case lang.TokNewline:
			if p.top().kind != frameInline {
				p.newlines++
				p.needBreak = true
			}
		case lang.TokComment:
			p.comment(t)
			p.newlines = 0
		default:
			p.token(i, t)
			p.newlines = 0
		}
	}
}

// continues reports whether the entry goes on after the last token (a
// comma, and, or) although the line ends.
func (p *printer) continues() bool {
	if p.last == nil {
		return false
	}
	t := *p.last
	return isOp(t, ",") || (t.Kind == lang.TokKeyword && (t.Text == "and" || t.Text == "or"))
}

// nextLevel is the level of a line that starts now, and whether it starts
// an entry (and may follow a blank line). closing: the line starts with a
// closing bracket.
func (p *printer) nextLevel(closing bool) (level int, entry bool) {
	if f := p.top(); f.kind == frameBracket {
		if closing {
			return f.level, false
		}
		return f.level + 1, false
	}
	if p.continues() {
		return p.block().level + 1, false
	}
	return p.block().level, true
}

// newLine starts a line at level, after a blank line when the source had
// one and one may stand there.
func (p *printer) newLine(level int, entry bool) *line {
	if entry && p.newlines >= 2 && !p.block().fresh && len(p.lines) > 0 {
		p.lines = append(p.lines, &line{blank: true})
	}
	l := &line{level: level}
	p.lines = append(p.lines, l)
	p.needBreak = false
	return l
}

func (p *printer) comment(t lang.Token) {
	text := strings.TrimRight(t.Text, " \t\r")
	prev := p.cur()
	if prev != nil && p.lastLine == t.Pos.Line {
		prev.comment, prev.srcCol = text, t.Pos.Col
		return
	}
	// A comment on a line of its own.
	cont := prev != nil && p.newlines == 1 && prev.comment != "" && (prev.hasCode() || prev.cont) && prev.srcCol == t.Pos.Col
	var l *line
	if cont {
		l = &line{cont: true}
		p.lines = append(p.lines, l)
	} else {
		level, entry := p.nextLevel(false)
		l = p.newLine(level, entry)
	}
	l.comment, l.srcCol = text, t.Pos.Col
	p.block().fresh = false
	p.needBreak = true
	p.lastLine = t.Pos.Line
}

func (p *printer) token(i int, t lang.Token) {
	f := p.top()
	switch {
	case isOp(t, ";"):
		if f.kind == frameInline {
			p.pendingSemi = true
		} else {
			p.needBreak = true
		}
		return
	case isOp(t, "}"):
		p.closeBlock(t)
		return
	}
	closing := isOp(t, ")") || isOp(t, "]")
	var l *line
	switch {
	case p.needBreak || p.cur() == nil:
		level, entry := p.nextLevel(closing)
		l = p.newLine(level, entry)
		p.pendingSemi = false
	default:
		l = p.cur()
		if p.pendingSemi {
			if p.last != nil && !isOp(*p.last, "{") {
				l.code.WriteString(";")
			}
			p.pendingSemi = false
			l.code.WriteString(" ")
		} else if p.space(t) {
			l.code.WriteString(" ")
		}
	}
	unary := isOp(t, "-") && !p.operandEnds()
	l.code.WriteString(t.Text)
	p.block().fresh = false
	p.last, p.lastUnary, p.lastLine = &p.toks[i], unary, t.Pos.Line
	switch {
	case isOp(t, "{"):
		if p.inline(i) {
			p.stack = append(p.stack, frame{kind: frameInline})
		} else {
			p.stack = append(p.stack, frame{kind: frameBlock, level: p.block().level + 1, fresh: true})
			p.needBreak = true
		}
	case isOp(t, "(") || isOp(t, "["):
		p.stack = append(p.stack, frame{kind: frameBracket, level: l.level})
	case closing:
		if p.top().kind == frameBracket {
			p.stack = p.stack[:len(p.stack)-1]
		}
	}
}

func (p *printer) closeBlock(t lang.Token) {
	f := *p.top()
	if len(p.stack) > 1 {
		p.stack = p.stack[:len(p.stack)-1]
	}
	var l *line
	if f.kind == frameInline {
		l = p.cur()
		if !isOp(*p.last, "{") {
			l.code.WriteString(" ")
		}
		p.pendingSemi = false
	} else {
		l = p.newLine(f.level-1, false)
	}
	l.code.WriteString(t.Text)
	p.last, p.lastUnary, p.lastLine = &t, false, t.Pos.Line
	// The entry that holds the block ends here.
	if p.top().kind == frameInline {
		p.pendingSemi = true
	} else {
		p.needBreak = true
	}
}

// inline reports whether the block opened at i stays on one line: it holds
// no comment, and it is written on one line or holds no entry.
func (p *printer) inline(i int) bool {
	j, ok := p.match[i]
	if !ok {
		return false
	}
	empty := true
	for _, t := range p.toks[i+1 : j] {
		switch {
		case t.Kind == lang.TokComment:
			return false
		case t.Kind != lang.TokNewline && !isOp(t, ";"):
			empty = false
		}
	}
	return empty || p.toks[i].Pos.Line == p.toks[j].Pos.Line
}

// operandEnds reports whether the last token ends an operand (so that a
// minus after it is binary).
func (p *printer) operandEnds() bool {
	if p.last == nil {
		return false
	}
	t := *p.last
	switch t.Kind {
	case lang.TokIdent, lang.TokInt, lang.TokSize, lang.TokString:
		return true
	case lang.TokOp:
		return t.Text == ")" || t.Text == "]" || t.Text == "%"
	}
	return false
}

// space reports whether a space goes between the last token and t on a
// line.
func (p *printer) space(t lang.Token) bool {
	if p.last == nil {
		return false
	}
	a := *p.last
	if t.Kind == lang.TokOp {
		switch t.Text {
		case ",", ":", ";", ")", "]", "%", ".":
			return false
		case "(":
			if a.Kind == lang.TokIdent {
				return false
			}
		case "}":
			return !isOp(a, "{")
		}
	}
	if a.Kind == lang.TokOp {
		switch a.Text {
		case "(", "[", ".":
			return false
		case "-":
			return !p.lastUnary
		}
	}
	return true
}

// bytes lays the lines out, aligning the trailing comments.
func (p *printer) bytes() []byte {
	lines := p.lines
	for len(lines) > 0 && lines[len(lines)-1].blank {
		lines = lines[:len(lines)-1]
	}
	width := func(l *line) int { return 2*l.level + utf8.RuneCountInString(l.code.String()) }
	col := make([]int, len(lines))
	for i := 0; i < len(lines); {
		l := lines[i]
		if !l.hasCode() || l.comment == "" {
			i++
			continue
		}
		j, c := i, CommentColumn
		for ; j < len(lines) && ((lines[j].hasCode() && lines[j].comment != "") || (lines[j].cont && j > i)); j++ {
			if lines[j].hasCode() {
				c = max(c, width(lines[j])+1)
			}
		}
		for k := i; k < j; k++ {
			col[k] = c
		}
		i = j
	}
	var b bytes.Buffer
	for i, l := range lines {
		switch {
		case l.blank:
		case l.cont:
			b.WriteString(strings.Repeat(" ", col[i]))
			b.WriteString(l.comment)
		case !l.hasCode():
			b.WriteString(strings.Repeat("  ", l.level))
			b.WriteString(l.comment)
		default:
			b.WriteString(strings.Repeat("  ", l.level))
			b.WriteString(l.code.String())
			if l.comment != "" {
				b.WriteString(strings.Repeat(" ", col[i]-width(l)))
				b.WriteString(l.comment)
			}
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}
