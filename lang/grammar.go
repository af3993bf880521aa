package lang

import (
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

var rulesLexer = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "Comment", Pattern: `#[^\n]*`},
	{Name: "Newline", Pattern: `\n`},
	{Name: "Whitespace", Pattern: `[ \t\r]+`},
	{Name: "String", Pattern: `"(\\.|[^"\\\n])*"`},
	{Name: "Size", Pattern: `[0-9]+x[0-9]+`},
	{Name: "Int", Pattern: `[0-9]+`},
	{Name: "Keyword", Pattern: `(and|or|not|if|then|else)\b`},
	{Name: "Ident", Pattern: `[\pL_][\pL\pN_]*(-\pL[\pL\pN_]*)*`},
	{Name: "Op", Pattern: `==|!=|<=|>=|\.\.|[-+*/<>(){}\[\],:;.%]`},
	// Anything else is one bad character, reported by the parser with its
	// position instead of a lexer failure.
	{Name: "Bad", Pattern: `.`},
})

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
	Name string `parser:"@Ident | @String"`
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
