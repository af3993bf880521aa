package lang

import (
	"path/filepath"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/ruleplay/ruleplay/ir"
)

// TokenKind is the class of a token of a rules file.
type TokenKind int

// The token kinds, as the lexer of grammar.go names them.
const (
	TokBad     TokenKind = iota // a character with no meaning in a rules file
	TokComment                  // # to the end of the line (without the newline)
	TokNewline                  // "\n"
	TokSpace                    // spaces, tabs and carriage returns
	TokString                   // "quoted", quotes included
	TokSize                     // 8x8
	TokInt                      // 12
	TokKeyword                  // and or not if then else
	TokIdent                    // a name: man-capture, turn-start
	TokOp                       // punctuation and operators: : , ; { } ( ) [ ] . .. == + ...
)

// Token is one token of a rules file: its kind, its text and where it is
// (Pos.Col counts characters, Pos.Len bytes; Offset is the byte offset of
// its first byte).
type Token struct {
	Kind   TokenKind
	Text   string
	Pos    Pos
	Offset int
}

// Lex splits src into the tokens the parser reads, spaces and comments
// included: the texts of the tokens, in order, are src. It never fails: a
// character the language does not know is a TokBad token.
func Lex(path string, src []byte) []Token {
	if rest := stripBOM(src); len(rest) < len(src) {
		// A byte-order mark is not text: a space token before column 1.
		out := []Token{{Kind: TokSpace, Text: string(bom), Pos: Pos{File: path, Line: 1, Col: 1}}}
		for _, t := range Lex(path, rest) {
			t.Offset += len(bom)
			out = append(out, t)
		}
		return out
	}
	kinds := map[lexer.TokenType]TokenKind{}
	for name, t := range rulesLexer.Symbols() {
		switch name {
		case "Comment":
			kinds[t] = TokComment
		case "Newline":
			kinds[t] = TokNewline
		case "Whitespace":
			kinds[t] = TokSpace
		case "String":
			kinds[t] = TokString
		case "Size":
			kinds[t] = TokSize
		case "Int":
			kinds[t] = TokInt
		case "Keyword":
			kinds[t] = TokKeyword
		case "Ident":
			kinds[t] = TokIdent
		case "Op":
			kinds[t] = TokOp
		}
	}
	var out []Token
	text := string(src)
	lx, err := rulesLexer.LexString(path, text)
	if err == nil {
		for {
			t, err := lx.Next()
			if err != nil || t.EOF() {
				break
			}
			k, ok := kinds[t.Type]
			if !ok {
				k = TokBad
			}
			out = append(out, Token{Kind: k, Text: t.Value,
				Pos:    Pos{File: path, Line: t.Pos.Line, Col: t.Pos.Column, Len: len(t.Value)},
				Offset: t.Pos.Offset})
		}
	}
	// Whatever the lexer could not read (it reads everything; this is a
	// safety net) is one bad token, so that the texts still add up to src.
	end := 0
	if n := len(out); n > 0 {
		end = out[n-1].Offset + len(out[n-1].Text)
	}
	if end < len(text) {
		line := 1 + strings.Count(text[:end], "\n")
		col := 1 + len([]rune(text[strings.LastIndexByte(text[:end], '\n')+1:end]))
		out = append(out, Token{Kind: TokBad, Text: text[end:], Pos: Pos{File: path, Line: line, Col: col, Len: len(text) - end}, Offset: end})
	}
	return out
}

// Parse reads one rules file without merging its bases or checking it: the
// entries as written, with their positions. A file that cannot be parsed
// gives Diagnostics (the syntax error, with its position and a hint).
func Parse(path string, src []byte) ([]*Entry, error) {
	l := &loader{r: newReporter()}
	src = stripBOM(src)
	l.r.addSource(path, src)
	entries, ok := l.parse(path, src)
	if !ok {
		return nil, l.r.sorted([]string{path})
	}
	return entries, nil
}

// LoadSourceWith is LoadSource reading the bases named by `extends` with
// read (an editor's unsaved buffers, for instance) instead of from disk.
//
// As with VetSourceWith, a base on disk that is not a regular file is
// refused before read is called.
func LoadSourceWith(path string, src []byte, read func(path string) ([]byte, error), opts map[string]string) (*ir.Game, error) {
	return loadWith(onlyRegular(read), path, src, opts)
}

// BasePath is the file that `extends: name` names in the rules file at
// path: name beside it, with .rules added when missing.
func BasePath(path, name string) string {
	if !strings.HasSuffix(name, ".rules") {
		name += ".rules"
	}
	if filepath.IsAbs(name) {
		return name
	}
	return filepath.Join(filepath.Dir(path), name)
}
