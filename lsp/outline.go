package lsp

import (
	"github.com/ruleplay/ruleplay/lang"
)

// The outline is a forgiving reading of a rules file, token by token: the
// entries with their keys, labels, values and blocks, for a file that may
// be half written (the parser of package lang stops at the first syntax
// error; an editor needs the rest). Hover, completion, definitions and
// document symbols read it.
//
// Its work is bounded as the checker's is: a file over lang.MaxFileSize is
// not outlined (its diagnostic says it is too large; its tokens could take
// gigabytes), and blocks nested deeper than lang.MaxNesting are skipped,
// not read by a recursion without bound.

type file struct {
	path    string
	text    string
	module  string       // the stdlib module it is, if it is one
	toks    []lang.Token // every token but spaces and comments
	entries []*entry
}

type entry struct {
	key    lang.Token
	labels []lang.Token
	colon  *lang.Token
	values []lang.Token // the value's tokens, line ends left out
	open   *lang.Token  // the block's braces (close nil: not closed)
	close  *lang.Token
	kids   []*entry
	parent *entry
	end    int // byte offset where the entry ends (its line end, ';', '}' or the end of its block)
}

func parseFile(path, text string) *file {
	f := &file{path: path, text: text}
	if len(text) > lang.MaxFileSize {
		return f
	}
	for _, t := range lang.Lex(path, []byte(text)) {
		if t.Kind != lang.TokSpace && t.Kind != lang.TokComment {
			f.toks = append(f.toks, t)
		}
	}
	p := &outliner{f: f}
	f.entries = p.block(nil)
	return f
}

type outliner struct {
	f     *file
	i     int
	depth int // blocks open
}

func (p *outliner) peek() *lang.Token {
	if p.i < len(p.f.toks) {
		return &p.f.toks[p.i]
	}
	return nil
}

func isOp(t *lang.Token, text string) bool {
	return t != nil && t.Kind == lang.TokOp && t.Text == text
}

// block reads entries up to the '}' closing parent's block (left for the
// caller) or the end of the file.
func (p *outliner) block(parent *entry) []*entry {
	var out []*entry
	for t := p.peek(); t != nil; t = p.peek() {
		switch {
		case isOp(t, "}"):
			if parent != nil {
				return out
			}
			p.i++
		case t.Kind == lang.TokIdent:
			out = append(out, p.entry(parent))
		default:
			p.i++
		}
	}
	return out
}

func (p *outliner) entry(parent *entry) *entry {
	e := &entry{key: *p.peek(), parent: parent, end: len(p.f.text)}
	p.i++
	for t := p.peek(); t != nil && (t.Kind == lang.TokIdent || t.Kind == lang.TokString); t = p.peek() {
		e.labels = append(e.labels, *t)
		p.i++
	}
	if t := p.peek(); isOp(t, ":") {
		e.colon = t
		p.i++
		depth := 0
		var last *lang.Token
	values:
		for t := p.peek(); t != nil; t = p.peek() {
			switch {
			case isOp(t, "{") || isOp(t, "}") || isOp(t, ";"):
				break values
			case t.Kind == lang.TokNewline:
				cont := last != nil && (isOp(last, ",") || isOp(last, "(") || isOp(last, "[") ||
					(last.Kind == lang.TokKeyword && (last.Text == "and" || last.Text == "or")))
				if depth == 0 && !cont {
					break values
				}
				p.i++
				continue
			case isOp(t, "(") || isOp(t, "["):
				depth++
			case isOp(t, ")") || isOp(t, "]"):
				depth = max(depth-1, 0)
			}
			e.values = append(e.values, *t)
			last = t
			p.i++
		}
	}
	if t := p.peek(); isOp(t, "{") {
		e.open = t
		p.i++
		if p.depth < lang.MaxNesting {
			p.depth++
			e.kids = p.block(e)
			p.depth--
		} else {
			p.skipBlock()
		}
		if t := p.peek(); isOp(t, "}") {
			e.close = t
			p.i++
			e.end = t.Offset + 1
		}
		return e
	}
	if t := p.peek(); t != nil {
		e.end = t.Offset
		if t.Kind == lang.TokNewline || isOp(t, ";") {
			p.i++
		}
	}
	return e
}

// skipBlock passes the tokens of a block up to its '}' (left for the
// caller) or the end of the file, without outlining them.
func (p *outliner) skipBlock() {
	open := 0
	for t := p.peek(); t != nil; t = p.peek() {
		switch {
		case isOp(t, "{"):
			open++
		case isOp(t, "}"):
			if open == 0 {
				return
			}
			open--
		}
		p.i++
	}
}

// path returns the entries that hold the offset, outermost first, and the
// innermost's role there.
type role int

const (
	roleBlock role = iota // inside a block (or the file), between entries
	roleKey
	roleLabel
	roleValue
)

func (f *file) at(off int) (chain []*entry, r role) {
	list := f.entries
	for {
		var in *entry
		for _, e := range list {
			if off >= e.key.Offset && off <= e.end {
				in = e
			}
		}
		if in == nil {
			return chain, roleBlock
		}
		chain = append(chain, in)
		e := in
		switch {
		case off <= e.key.Offset+len(e.key.Text):
			return chain, roleKey
		case e.open != nil && off > e.open.Offset && (e.close == nil || off <= e.close.Offset):
			list = e.kids
			continue
		case e.colon != nil && off > e.colon.Offset:
			return chain, roleValue
		case e.open != nil && off > e.open.Offset:
			return chain, roleBlock
		default:
			return chain, roleLabel
		}
	}
}

// keyOf returns the key of the entry at depth len(chain)-1-up, or "".
func keyOf(chain []*entry, up int) string {
	i := len(chain) - 1 - up
	if i < 0 || i >= len(chain) {
		return ""
	}
	return chain[i].key.Text
}

// tokenAt returns the token of f that covers offset off (a token ending
// at off counts: the cursor is just after it).
func (f *file) tokenAt(off int) (int, *lang.Token) {
	for i := range f.toks {
		t := &f.toks[i]
		if t.Kind == lang.TokNewline {
			continue
		}
		if off >= t.Offset && off <= t.Offset+len(t.Text) {
			if off == t.Offset+len(t.Text) && i+1 < len(f.toks) && f.toks[i+1].Offset == off && f.toks[i+1].Kind == lang.TokIdent {
				continue // prefer the word that starts here
			}
			return i, t
		}
	}
	return -1, nil
}
