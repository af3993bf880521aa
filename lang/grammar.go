package lang

import (
	"io"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The grammar is deliberately small: a rules file is a list of entries,
// each a keyword with optional labels, an optional value and an optional
// block of nested entries. What the keywords mean is decided by the checker,
// which can then say "unknown property ovr in jump; did you mean over?"
// instead of a parser's "unexpected token".
//
//	file    = { entry | sep }
//	entry   = Ident { label } [ ":" values ] [ block ] sep
//	block   = "{" { entry | sep } "}"
//	values  = expr { "," expr }
//	expr    = or-expression with and, not, comparisons (== != < <= > >= ..),
//	          + - * /, unary -, and juxtaposition ("forward diagonal")
//	term    = Int ["%"] | Size | String | Ident { "." Ident } | call | list
//	          | "(" expr ")" | "if" expr "then" expr "else" expr

// rulesLexer is the lexer of rules files. Keywords are the names among
// the identifiers (a regular expression's \b would cut "andré" into "and"
// and "ré": it knows ASCII letters only).
var rulesLexer = newKeywordLexer(lexer.MustSimple([]lexer.SimpleRule{
	{Name: "Comment", Pattern: `#[^\n]*`},
	{Name: "Newline", Pattern: `\n`},
	{Name: "Whitespace", Pattern: `[ \t\r]+`},
	{Name: "String", Pattern: `"(\\.|[^"\\\n])*"`},
	{Name: "Size", Pattern: `[0-9]+x[0-9]+`},
	{Name: "Int", Pattern: `[0-9]+`},
	{Name: "Ident", Pattern: `[\pL_][\pL\pN_]*(-\pL[\pL\pN_]*)*`},
	// Never matched (Ident comes first): the type keywordLexer gives to
	// the identifiers that are keywords.
	{Name: "Keyword", Pattern: `(and|or|not|if|then|else)\b`},
	{Name: "Op", Pattern: `==|!=|<=|>=|\.\.|[-+*/<>(){}\[\],:;.%]`},
	// Anything else is one bad character, reported by the parser with its
	// position instead of a lexer failure.
	{Name: "Bad", Pattern: `.`},
}))

var keywords = map[string]bool{"and": true, "or": true, "not": true, "if": true, "then": true, "else": true}

// keywordLexer is a lexer definition that types the identifiers that are
// keywords as Keyword.
type keywordLexer struct {
	*lexer.StatefulDefinition
	ident, keyword lexer.TokenType
}

func newKeywordLexer(d *lexer.StatefulDefinition) *keywordLexer {
	s := d.Symbols()
	return &keywordLexer{d, s["Ident"], s["Keyword"]}
}

// LexString lexes s.
func (k *keywordLexer) LexString(filename, s string) (lexer.Lexer, error) {
	l, err := k.StatefulDefinition.LexString(filename, s)
	if err != nil {
		return nil, err
	}
	return &keywordTokens{l, k}, nil
}

// LexBytes lexes b.
func (k *keywordLexer) LexBytes(filename string, b []byte) (lexer.Lexer, error) {
	return k.LexString(filename, string(b))
}

// Lex lexes what r holds.
func (k *keywordLexer) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return k.LexString(filename, string(b))
}

type keywordTokens struct {
	lexer.Lexer
	k *keywordLexer
}

func (t *keywordTokens) Next() (lexer.Token, error) {
	tok, err := t.Lexer.Next()
	if err == nil && tok.Type == t.k.ident && keywords[tok.Value] {
		tok.Type = t.k.keyword
	}
	return tok, err
}

var rulesParser = participle.MustBuild[gFile](
	participle.Lexer(rulesLexer),
	participle.Elide("Comment", "Whitespace"),
	participle.UseLookahead(2),
)

type gFile struct {
	Pos     lexer.Position
	Entries []*gEntry `parser:"( @@ | Newline | ';' )*"`
}

type gEntry struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Key    string    `parser:"@Ident"`
	Labels []*gLabel `parser:"@@*"`
	Values []*gExpr  `parser:"( ':' @@ ( ',' Newline* @@ )* )?"`
	Block  *gBlock   `parser:"@@?"`
	End    string    `parser:"( @Newline | @';' )?"`
}

type gLabel struct {
	Pos  lexer.Position
	Name string `parser:"@Ident | @String | @Int"`
}

type gBlock struct {
	Pos     lexer.Position
	Entries []*gEntry `parser:"'{' ( @@ | Newline | ';' )* '}'"`
}

type gExpr struct {
	Pos  lexer.Position
	Left *gAnd   `parser:"@@"`
	Rest []*gAnd `parser:"( 'or' Newline* @@ )*"`
}

type gAnd struct {
	Pos  lexer.Position
	Left *gNot   `parser:"@@"`
	Rest []*gNot `parser:"( 'and' Newline* @@ )*"`
}

type gNot struct {
	Pos lexer.Position
	Not *gNot `parser:"  'not' @@"`
	Cmp *gCmp `parser:"| @@"`
}

type gCmp struct {
	Pos   lexer.Position
	Left  *gSum  `parser:"@@"`
	Op    string `parser:"( @( '==' | '!=' | '<=' | '>=' | '<' | '>' | '..' )"`
	Right *gSum  `parser:"  @@ )?"`
}

type gSum struct {
	Pos  lexer.Position
	Left *gProd    `parser:"@@"`
	Rest []*gSumOp `parser:"@@*"`
}

type gSumOp struct {
	Pos   lexer.Position
	Op    string `parser:"@( '+' | '-' )"`
	Right *gProd `parser:"@@"`
}

type gProd struct {
	Pos  lexer.Position
	Left *gUnary    `parser:"@@"`
	Rest []*gProdOp `parser:"@@*"`
}

type gProdOp struct {
	Pos   lexer.Position
	Op    string  `parser:"@( '*' | '/' )"`
	Right *gUnary `parser:"@@"`
}

type gUnary struct {
	Pos    lexer.Position
	Neg    *gUnary  `parser:"  '-' @@"`
	Phrase []*gTerm `parser:"| @@+"`
}

type gTerm struct {
	Pos     lexer.Position
	EndPos  lexer.Position
	If      *gIf     `parser:"  @@"`
	Call    *gCall   `parser:"| @@"`
	Size    string   `parser:"| @Size"`
	Int     string   `parser:"| @Int"`
	Percent bool     `parser:"  @'%'?"`
	Str     string   `parser:"| @String"`
	Name    []string `parser:"| @Ident ( '.' @Ident )*"`
	List    *gList   `parser:"| @@"`
	Paren   *gExpr   `parser:"| '(' Newline* @@ Newline* ')'"`
}

type gIf struct {
	Cond *gExpr `parser:"'if' @@"`
	Then *gExpr `parser:"'then' @@"`
	Else *gExpr `parser:"'else' @@"`
}

type gCall struct {
	Name string   `parser:"@Ident '('"`
	Args []*gExpr `parser:"Newline* ( @@ ( ',' Newline* @@ )* )? Newline* ')'"`
}

type gList struct {
	Items []*gExpr `parser:"'[' Newline* ( @@ ( ',' Newline* @@ )* )? Newline* ']'"`
}
