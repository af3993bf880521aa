// Package pdn reads PDN files (PDN 3.0, the FMJD's notation for recorded
// games on numbered squares) and FEN position strings.
//
// # Design
//
// A PDN file is a sequence of games; each game is a tag section (`[Event
// "..."]`, `[GameType "20"]`, `[FEN "W:W31-50:B1-20"]`) followed by movetext:
// move numbers (`1.`, `1...`), moves (`32-28`, captures `28x19` or the full
// path `28x37x46`; algebraic squares such as `c3-d4` where a game type uses
// them), comments in braces, variations in parentheses (nested), numeric and
// symbolic annotations (`$1`, `!`, `?!`), and a result (`2-0`, `0-2`, `1-1`,
// `0-0`, `*`; `1-0`, `0-1` and `1/2-1/2` are read too).
//
// Reader reads one game at a time from a stream (Next), so a file of many
// thousands of games is read in bounded memory; every bound (the size of a
// game, the length of a token, the number of moves, tags and nested
// variations) is a named constant, and going past one is an error, not a
// truncation. Errors name the file, the game number, the line and column
// and, within movetext, the move (*Error).
//
// The package knows the notation, not the rules: whether a move is legal,
// what a square number means on a board, or which rules file a GameType
// names is for its callers to say. Variations are skipped (counted in
// Game.Variations); comments are kept with the move they follow.
package pdn

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/ruleplay/ruleplay/internal/safetext"
)

// Bounds on what one game may hold.
const (
	// MaxGameBytes bounds the text of one game (tags, movetext, comments).
	MaxGameBytes = 1 << 20
	// MaxMoves bounds the moves of one game's main line.
	MaxMoves = 10000
	// MaxTags bounds the tag pairs of one game.
	MaxTags = 200
	// MaxToken bounds one tag name, tag value, comment or move.
	MaxToken = 64 << 10
	// MaxDepth bounds the nesting of variations.
	MaxDepth = 64
)

// Tag is one tag pair, as written.
type Tag struct {
	Name, Value string
	Line, Col   int
}

// Move is one ply of a game's main line.
type Move struct {
	// Text is the move as written, without annotations ("32-28", "28x19").
	Text string
	// Squares are the squares of the move in order (at least two), as
	// written: numbers ("32") or algebraic names ("c3").
	Squares []string
	// Capture says the move was written with 'x'.
	Capture bool
	// Number is the move number written before it (0 when none was), and
	// Black says it was written as the second ply of that number ("1...").
	Number int
	Black  bool
	// Annotation is a symbolic or numeric annotation ("!", "?!", "$3").
	Annotation string
	// Comment is the text of a comment written right after the move.
	Comment   string
	Line, Col int
}

// Game is one game of a PDN file.
type Game struct {
	// Index is the game's number in the file, from 1.
	Index int
	// Line is the line where the game starts.
	Line int
	Tags []Tag
	// Moves is the main line.
	Moves []Move
	// Result is the result token that ends the game ("2-0", "*"), or "".
	Result string
	// Variations counts the variations of the main line (skipped, or kept
	// in Lines).
	Variations int
	// Lines are the main line's variations when the Reader keeps them
	// (KeepVariations), in the order written.
	Lines []Variation
}

// Variation is a line written in parentheses: moves that replace move
// At of the line it is written in (the move it follows), from the
// position before that move, with its own variations.
type Variation struct {
	At        int
	Moves     []Move
	Lines     []Variation
	Line, Col int
}

// Tag returns the value of the first tag called name (case-sensitive, as
// PDN's tag names are), and whether there is one.
func (g *Game) Tag(name string) (string, bool) {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value, true
		}
	}
	return "", false
}

// Error is a problem in a PDN file, at a place.
type Error struct {
	File      string
	Game      int // from 1; 0 when outside a game
	Line, Col int
	Move      string // the move being read, "" when none
	Msg       string
}

func (e *Error) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s:%d:%d: ", e.File, e.Line, e.Col)
	if e.Game > 0 {
		fmt.Fprintf(&b, "game %d: ", e.Game)
	}
	if e.Move != "" {
		fmt.Fprintf(&b, "move %s: ", safetext.Quote(e.Move, 40))
	}
	b.WriteString(e.Msg)
	return b.String()
}

// Reader reads the games of a PDN file one at a time.
type Reader struct {
	in   *bufio.Reader
	file string
	line int
	col  int
	// the rune read back by unread, if any
	back     rune
	hasBack  bool
	backLine int
	backCol  int
	games    int
	gameSize int
	err      error
	// KeepVariations: read variations into Game.Lines instead of skipping
	// them (set before the first Next).
	KeepVariations bool
	// moves counts the moves of the game being read, variations included
	// (MaxMoves bounds them all)
	moves int
}

// NewReader reads PDN from r; file names it in messages.
func NewReader(r io.Reader, file string) *Reader {
	return &Reader{in: bufio.NewReader(r), file: file, line: 1, col: 1}
}

// errEOF is the end of the input inside the lexer.
var errEOF = errors.New("end of input")

// next reads one character.
func (r *Reader) next() (rune, error) {
	if r.hasBack {
		r.hasBack = false
		r.line, r.col = r.backLine, r.backCol
		r.advance(r.back)
		return r.back, nil
	}
	c, _, err := r.in.ReadRune()
	if err == io.EOF {
		return 0, errEOF
	}
	if err != nil {
		return 0, err
	}
	r.gameSize++
	if r.gameSize > MaxGameBytes {
		return 0, r.errorf(r.line, r.col, "", "a game longer than %d bytes", MaxGameBytes)
	}
	r.backLine, r.backCol = r.line, r.col
	r.advance(c)
	return c, nil
}

func (r *Reader) advance(c rune) {
	if c == '\n' {
		r.line++
		r.col = 1
	} else {
		r.col++
	}
}

// unread puts back c, the last character read.
func (r *Reader) unread(c rune) {
	r.back, r.hasBack = c, true
	r.line, r.col = r.backLine, r.backCol
}

func (r *Reader) errorf(line, col int, move, format string, args ...any) *Error {
	g := r.games
	return &Error{File: r.file, Game: g, Line: line, Col: col, Move: move, Msg: fmt.Sprintf(format, args...)}
}

// skipSpace skips white space (and a byte-order mark); it returns the next
// character, unread.
func (r *Reader) skipSpace() (rune, error) {
	for {
		c, err := r.next()
		if err != nil {
			return 0, err
		}
		switch c {
		case ' ', '\t', '\n', '\r', '\f', '\v', '\uFEFF':
			continue
		}
		r.unread(c)
		return c, nil
	}
}

// Next returns the next game, or io.EOF after the last one. After an error
// the Reader stops: every later call returns the same error, unless Skip
// passes over the broken game.
func (r *Reader) Next() (*Game, error) {
	if r.err != nil {
		return nil, r.err
	}
	g, err := r.game()
	if err != nil {
		r.err = err
		return nil, err
	}
	return g, nil
}

// Skip passes over the rest of the game that Next stopped at with an
// *Error, so that the games after a broken one can be read: it reads up
// to the next line that starts with '[' after an empty line (where a PDN
// file starts its games; the tags of the broken game, not preceded by an
// empty line, are passed over), and the next call of Next reads the game
// there (or returns io.EOF). After an error that is not an *Error (the
// input could not be read) Skip does nothing and Next keeps returning it.
func (r *Reader) Skip() {
	var pe *Error
	if r.err == nil || !errors.As(r.err, &pe) {
		return
	}
	r.err = nil
	lineEmpty, sawEmpty := false, false
	for {
		r.gameSize = 0
		c, err := r.next()
		if err != nil {
			if err != errEOF {
				r.err = r.wrap(err)
			}
			return
		}
		switch c {
		case '\n':
			sawEmpty = lineEmpty
			lineEmpty = true
		case ' ', '\t', '\r', '\f', '\v', '\uFEFF':
		case '[':
			if lineEmpty && sawEmpty {
				r.unread(c)
				return
			}
			lineEmpty, sawEmpty = false, false
		default:
			lineEmpty, sawEmpty = false, false
		}
	}
}

// Games returns the number of games started so far (the one being read,
// or that an error stopped, included).
func (r *Reader) Games() int { return r.games }

// game reads one game.
func (r *Reader) game() (*Game, error) {
	r.gameSize = 0
	_, err := r.skipSpace()
	if err == errEOF {
		return nil, io.EOF
	}
	if err != nil {
		return nil, r.wrap(err)
	}
	r.games++
	r.moves = 0
	g := &Game{Index: r.games, Line: r.line}
	if err := r.tags(g); err != nil {
		return nil, err
	}
	if err := r.movetext(g); err != nil {
		return nil, err
	}
	if len(g.Tags) == 0 && len(g.Moves) == 0 && g.Result == "" {
		// only comments or variations after the last game
		r.games--
		return nil, io.EOF
	}
	return g, nil
}

func (r *Reader) wrap(err error) error {
	var pe *Error
	if errors.As(err, &pe) {
		return err
	}
	if err == errEOF {
		return r.errorf(r.line, r.col, "", "unexpected end of the file")
	}
	return fmt.Errorf("%s: %w", r.file, err)
}

// tags reads the tag section.
func (r *Reader) tags(g *Game) error {
	for {
		c, err := r.skipSpace()
		if err == errEOF {
			return nil
		}
		if err != nil {
			return r.wrap(err)
		}
		if c != '[' {
			return nil
		}
		line, col := r.line, r.col
		r.next()
		t, err := r.tag(line, col)
		if err != nil {
			return err
		}
		if len(g.Tags) == MaxTags {
			return r.errorf(line, col, "", "more than %d tags in one game", MaxTags)
		}
		g.Tags = append(g.Tags, t)
	}
}

// tag reads `Name "value"]` after the '['.
func (r *Reader) tag(line, col int) (Tag, error) {
	t := Tag{Line: line, Col: col}
	if _, err := r.skipSpace(); err != nil {
		return t, r.wrap(err)
	}
	var name strings.Builder
	for {
		c, err := r.next()
		if err != nil {
			return t, r.wrap(err)
		}
		if isNameChar(c) {
			if name.Len() >= MaxToken {
				return t, r.errorf(line, col, "", "a tag name longer than %d bytes", MaxToken)
			}
			name.WriteRune(c)
			continue
		}
		r.unread(c)
		break
	}
	if name.Len() == 0 {
		return t, r.errorf(r.line, r.col, "", "a tag needs a name after '[' (as in [Event \"...\"])")
	}
	t.Name = name.String()
	c, err := r.skipSpace()
	if err != nil {
		return t, r.wrap(err)
	}
	if c != '"' {
		return t, r.errorf(r.line, r.col, "", "tag %s: its value must be a quoted string", safetext.Quote(t.Name, 40))
	}
	r.next()
	var val strings.Builder
	for {
		c, err := r.next()
		if err != nil {
			if err == errEOF {
				return t, r.errorf(line, col, "", "tag %s: its value is not closed with '\"'", safetext.Quote(t.Name, 40))
			}
			return t, r.wrap(err)
		}
		if c == '"' {
			break
		}
		if c == '\\' {
			if c, err = r.next(); err != nil {
				return t, r.wrap(err)
			}
		}
		if c == '\n' {
			return t, r.errorf(line, col, "", "tag %s: its value runs past the end of the line", safetext.Quote(t.Name, 40))
		}
		if val.Len() >= MaxToken {
			return t, r.errorf(line, col, "", "tag %s: a value longer than %d bytes", safetext.Quote(t.Name, 40), MaxToken)
		}
		val.WriteRune(c)
	}
	t.Value = val.String()
	c, err = r.skipSpace()
	if err != nil {
		return t, r.wrap(err)
	}
	if c != ']' {
		return t, r.errorf(r.line, r.col, "", "tag %s: expected ']' after its value", safetext.Quote(t.Name, 40))
	}
	r.next()
	return t, nil
}

func isNameChar(c rune) bool {
	return c == '_' || c == '-' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// movetext reads moves up to a result, the next game's tags or the end.
func (r *Reader) movetext(g *Game) error {
	number, black := 0, false
	for {
		c, err := r.skipSpace()
		if err == errEOF {
			return nil
		}
		if err != nil {
			return r.wrap(err)
		}
		line, col := r.line, r.col
		switch {
		case c == '[':
			// the next game's tags, without a result before them
			return nil
		case c == '{':
			r.next()
			text, err := r.comment(line, col)
			if err != nil {
				return err
			}
			if n := len(g.Moves); n > 0 {
				m := &g.Moves[n-1]
				if m.Comment != "" {
					m.Comment += " "
				}
				m.Comment += text
			}
		case c == '(':
			r.next()
			if r.KeepVariations {
				v, err := r.keptVariation(line, col, len(g.Moves)-1, 1)
				if err != nil {
					return err
				}
				g.Lines = append(g.Lines, v)
			} else if err := r.variation(line, col, 1); err != nil {
				return err
			}
			g.Variations++
		case c == ')':
			return r.errorf(line, col, "", "')' without a variation to close")
		case c == '$' || c == '!' || c == '?':
			tok, err := r.token()
			if err != nil {
				return err
			}
			if !isAnnotation(tok) {
				return r.errorf(line, col, "", "%s is not an annotation (as $1, !, ?, !?)", safetext.Quote(tok, 40))
			}
			if n := len(g.Moves); n > 0 && g.Moves[n-1].Annotation == "" {
				g.Moves[n-1].Annotation = tok
			}
		default:
			tok, err := r.token()
			if err != nil {
				return err
			}
			if isResult(tok) {
				g.Result = tok
				return nil
			}
			if n, dots, ok := moveNumber(tok); ok {
				number, black = n, dots >= 3
				continue
			}
			m, err := r.move(tok, line, col)
			if err != nil {
				return err
			}
			if len(g.Moves) == MaxMoves {
				return r.errorf(line, col, tok, "more than %d moves in one game", MaxMoves)
			}
			m.Number, m.Black = number, black
			number, black = 0, false
			g.Moves = append(g.Moves, m)
		}
	}
}

// token reads a run of characters up to white space or a bracket; a move
// number's dots end it ("1.32-28" is a number and a move).
func (r *Reader) token() (string, error) {
	var b strings.Builder
	for {
		c, err := r.next()
		if err == errEOF {
			return b.String(), nil
		}
		if err != nil {
			return "", r.wrap(err)
		}
		switch c {
		case ' ', '\t', '\n', '\r', '\f', '\v', '{', '}', '(', ')', '[', ']':
			r.unread(c)
			return b.String(), nil
		}
		if b.Len() >= MaxToken {
			return "", r.errorf(r.line, r.col, "", "a token longer than %d bytes", MaxToken)
		}
		b.WriteRune(c)
		if c == '.' {
			// the dots of a move number end it: "12." "12..." then the move
			s := b.String()
			if allDigitsDots(s) {
				d, err := r.next()
				if err == nil {
					r.unread(d)
					if d != '.' {
						return s, nil
					}
				}
			}
		}
		if s := b.String(); (c == '!' || c == '?') && len(s) > 1 && !isAnnotation(s) && !strings.HasPrefix(s, "!") && !strings.HasPrefix(s, "?") {
			// an annotation glued to a move ("32-28!"): the move ends here
			r.unread(c)
			return s[:len(s)-1], nil
		}
	}
}

func allDigitsDots(s string) bool {
	seen := false
	for i := 0; i < len(s); i++ {
		switch {
		case '0' <= s[i] && s[i] <= '9':
			if seen {
				return false
			}
		case s[i] == '.':
			seen = true
		default:
			return false
		}
	}
	return s != "" && s[0] != '.'
}

// moveNumber reads "12." or "12..." (any number of dots after digits).
func moveNumber(tok string) (n, dots int, ok bool) {
	i := 0
	for i < len(tok) && '0' <= tok[i] && tok[i] <= '9' {
		i++
	}
	if i == 0 || i == len(tok) || i > 6 {
		return 0, 0, false
	}
	for j := i; j < len(tok); j++ {
		if tok[j] != '.' {
			return 0, 0, false
		}
	}
	n, err := strconv.Atoi(tok[:i])
	if err != nil {
		return 0, 0, false
	}
	return n, len(tok) - i, true
}

// isResult says whether tok is a result token.
func isResult(tok string) bool {
	switch tok {
	case "2-0", "0-2", "1-1", "0-0", "*", "1-0", "0-1", "1/2-1/2", "2:0", "0:2", "1:1", "0:0":
		return true
	}
	return false
}

// isAnnotation says whether tok is a NAG ($n) or a symbolic annotation.
func isAnnotation(tok string) bool {
	switch tok {
	case "!", "?", "!!", "??", "!?", "?!":
		return true
	}
	if len(tok) >= 2 && len(tok) <= 4 && tok[0] == '$' {
		_, err := strconv.Atoi(tok[1:])
		return err == nil
	}
	return false
}

// move reads a move token: squares separated by '-' (a quiet move) or 'x'
// (a capture), with a trailing annotation or '*' (forced) allowed.
func (r *Reader) move(tok string, line, col int) (Move, error) {
	m := Move{Line: line, Col: col}
	text := tok
	for _, a := range []string{"!!", "??", "!?", "?!", "!", "?"} {
		if strings.HasSuffix(text, a) && len(text) > len(a) {
			text, m.Annotation = text[:len(text)-len(a)], a
			break
		}
	}
	text = strings.TrimSuffix(text, "*")
	sep := byte('-')
	if strings.ContainsAny(text, "x:") {
		sep = 'x'
		m.Capture = true
		text = strings.ReplaceAll(text, ":", "x")
	}
	parts := strings.Split(text, string(sep))
	if len(parts) < 2 || (sep == 'x' && strings.Contains(text, "-")) {
		return m, r.errorf(line, col, tok, "not a move: a move is squares joined by '-' (32-28) or 'x' (28x19, 28x37x46)")
	}
	for _, p := range parts {
		if !isSquare(p) {
			return m, r.errorf(line, col, tok, "%s is not a square: squares are numbers (32) or names (c3)", safetext.Quote(p, 40))
		}
	}
	m.Text, m.Squares = text, parts
	return m, nil
}

// isSquare says whether s is a square number (1-9999) or an algebraic name
// (a letter and a number).
func isSquare(s string) bool {
	if s == "" || len(s) > 5 {
		return false
	}
	i := 0
	if 'a' <= s[0] && s[0] <= 'z' {
		i = 1
	}
	if i == len(s) || s[i] == '0' {
		return false
	}
	for ; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// keptVariation reads a variation after its '(', as a line replacing
// move at of the line it is in, nested variations kept too.
func (r *Reader) keptVariation(line, col, at, depth int) (Variation, error) {
	v := Variation{At: at, Line: line, Col: col}
	if depth > MaxDepth {
		return v, r.errorf(line, col, "", "variations nested more than %d deep", MaxDepth)
	}
	if at < 0 {
		return v, r.errorf(line, col, "", "a variation before any move: a variation follows the move it replaces")
	}
	number, black := 0, false
	for {
		c, err := r.skipSpace()
		if err == errEOF {
			return v, r.errorf(line, col, "", "a variation is not closed with ')'")
		}
		if err != nil {
			return v, r.wrap(err)
		}
		l, k := r.line, r.col
		switch {
		case c == ')':
			r.next()
			return v, nil
		case c == '[':
			return v, r.errorf(line, col, "", "a variation is not closed with ')' before the next game's tags")
		case c == '{':
			r.next()
			text, err := r.comment(l, k)
			if err != nil {
				return v, err
			}
			if n := len(v.Moves); n > 0 {
				m := &v.Moves[n-1]
				if m.Comment != "" {
					m.Comment += " "
				}
				m.Comment += text
			}
		case c == '(':
			r.next()
			inner, err := r.keptVariation(l, k, len(v.Moves)-1, depth+1)
			if err != nil {
				return v, err
			}
			v.Lines = append(v.Lines, inner)
		case c == '$' || c == '!' || c == '?':
			tok, err := r.token()
			if err != nil {
				return v, err
			}
			if !isAnnotation(tok) {
				return v, r.errorf(l, k, "", "%s is not an annotation (as $1, !, ?, !?)", safetext.Quote(tok, 40))
			}
			if n := len(v.Moves); n > 0 && v.Moves[n-1].Annotation == "" {
				v.Moves[n-1].Annotation = tok
			}
		default:
			tok, err := r.token()
			if err != nil {
				return v, err
			}
			if isResult(tok) {
				continue // a variation may end with the result it leads to
			}
			if n, dots, ok := moveNumber(tok); ok {
				number, black = n, dots >= 3
				continue
			}
			m, err := r.move(tok, l, k)
			if err != nil {
				return v, err
			}
			if r.moves++; r.moves > MaxMoves {
				return v, r.errorf(l, k, tok, "more than %d moves in one game", MaxMoves)
			}
			m.Number, m.Black = number, black
			number, black = 0, false
			v.Moves = append(v.Moves, m)
		}
	}
}

// comment reads a comment after its '{'.
func (r *Reader) comment(line, col int) (string, error) {
	var b strings.Builder
	for {
		c, err := r.next()
		if err == errEOF {
			return "", r.errorf(line, col, "", "a comment is not closed with '}'")
		}
		if err != nil {
			return "", r.wrap(err)
		}
		if c == '}' {
			return strings.Join(strings.Fields(b.String()), " "), nil
		}
		if b.Len() >= MaxToken {
			return "", r.errorf(line, col, "", "a comment longer than %d bytes", MaxToken)
		}
		b.WriteRune(c)
	}
}

// variation skips a variation after its '(', nested ones and comments
// included.
func (r *Reader) variation(line, col, depth int) error {
	if depth > MaxDepth {
		return r.errorf(line, col, "", "variations nested more than %d deep", MaxDepth)
	}
	for {
		c, err := r.next()
		if err == errEOF {
			return r.errorf(line, col, "", "a variation is not closed with ')'")
		}
		if err != nil {
			return r.wrap(err)
		}
		switch c {
		case ')':
			return nil
		case '(':
			if err := r.variation(r.backLine, r.backCol, depth+1); err != nil {
				return err
			}
		case '{':
			if _, err := r.comment(r.backLine, r.backCol); err != nil {
				return err
			}
		}
	}
}
