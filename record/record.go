// Package record reads and writes recorded games: the YAML format of
// docs/notation.md (game, options, setup or start, moves, result, and the optional
// seats, seed, date, engine and comment).
//
// # Design
//
// Reading is strict and positional. The text is parsed into a yaml.Node
// tree (go.yaml.in/yaml/v3) and the tree is walked by hand rather than
// decoded into structs, so that every problem is reported at the line and
// column of the offending node, in the form
//
//	game.yaml:3:1: unknown key "mvoes"; did you mean "moves"?
//
// Unknown keys, keys given twice, a second YAML document, and values of the
// wrong shape (a mapping where a list of moves belongs, a score that is not
// a whole number, ...) are all errors. Scalars are kept as the text written,
// whatever their YAML type, so `limit: 120` and `limit: "120"` are the same
// option value "120", and a move or a player name can never be turned into a
// number or a Boolean on the way.
//
// Writing produces the layout of docs/notation.md by hand (not through the YAML
// encoder) to keep it stable and readable: options as a one-line flow
// mapping, the setup as a block mapping in natural order (a2 before a10),
// moves as a flow list wrapped at 80 columns, the result as a block with
// flow values. A scalar is written plain when that is unambiguous and
// double-quoted otherwise, so Read(Write(r)) == r for every record.
//
// The package knows nothing about games: whether a move is legal or a
// result right is for the interpreter to say.
package record

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/ruleplay/ruleplay/internal/safetext"
	"github.com/ruleplay/ruleplay/internal/suggest"
	"go.yaml.in/yaml/v3"
)

// Record is one recorded game.
type Record struct {
	// Game is the stem of the rules file (games/<game>.rules).
	Game string
	// Options are the game's options by name, as text ("120", "8x8", "true").
	Options map[string]string
	// Setup is an explicit initial layout (cell name -> piece name), for
	// games whose setup is random; nil when absent.
	Setup map[string]string
	// Start is the position the game starts from, as a position text
	// (docs/notation.md, "Position text"); "" for the rules' start (or
	// Setup). A record gives Setup or Start, not both.
	Start string
	// Moves are the plies in canonical text.
	Moves []string
	// Result is nil when the record only asks for legality.
	Result *Result

	// The optional keys, which a checker ignores: who played each seat
	// (player name -> player, e.g. "mcts"), the seed of the run, the date
	// it was played (as written, e.g. "2026-12-01"), the program that
	// wrote the record and a free comment. Empty values are left out.
	Seats   map[string]string
	Seed    *uint64
	Date    string
	Engine  string
	Comment string

	movePos  []Pos // where each move was written (Read only)
	startPos Pos   // where the start was written (Read only)
}

// Result is the recorded outcome of a finished game.
type Result struct {
	// Winners are the players sharing the best result (all, for a draw).
	Winners []string
	// Scores by player name; nil when not recorded.
	Scores map[string]int
}

// Pos is a position in a record file (Col 0: unknown column).
type Pos struct {
	File      string
	Line, Col int
}

func (p Pos) String() string {
	switch {
	case p.Line == 0:
		return p.File
	case p.Col == 0:
		return fmt.Sprintf("%s:%d", p.File, p.Line)
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// MovePos returns where move i (0-based) was written, for messages about a
// recorded move; the zero Pos (with only the file name) when unknown.
func (r *Record) MovePos(i int) Pos {
	if i >= 0 && i < len(r.movePos) {
		return r.movePos[i]
	}
	if len(r.movePos) > 0 {
		return Pos{File: r.movePos[0].File}
	}
	return Pos{}
}

// StartPos returns where the start was written, for messages about it;
// the zero Pos when unknown.
func (r *Record) StartPos() Pos { return r.startPos }

// Error is a problem in a record file, with its position.
type Error struct {
	Pos Pos
	Msg string
}

func (e *Error) Error() string {
	if e.Pos.File == "" && e.Pos.Line == 0 {
		return e.Msg
	}
	return e.Pos.String() + ": " + e.Msg
}

// keys of a record and of its result, in the order they are written.
var (
	recordKeys = []string{"game", "options", "seats", "seed", "date", "engine", "comment", "setup", "start", "moves", "result"}
	resultKeys = []string{"winners", "scores"}
)

// DefaultMaxBytes is the largest record Read accepts: the YAML parser
// takes about 150 times a record's size in memory (a node per move).
const DefaultMaxBytes = 1 << 20

// Read reads one record of at most DefaultMaxBytes from r; name (the file
// name) prefixes every error.
func Read(r io.Reader, name string) (*Record, error) {
	return ReadLimit(r, name, DefaultMaxBytes)
}

// ReadLimit reads one record of at most max bytes from r: a longer one
// (or one that never ends, /dev/zero) is an error once max bytes are read.
func ReadLimit(r io.Reader, name string, max int64) (*Record, error) {
	if max <= 0 {
		max = DefaultMaxBytes
	}
	data, err := io.ReadAll(io.LimitReader(r, max+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if int64(len(data)) > max {
		return nil, &Error{Pos{File: name}, fmt.Sprintf("the record is larger than %d bytes (--max-record-size raises the limit)", max)}
	}
	return Parse(data, name)
}

// Parse reads one record from data; name (the file name) prefixes every
// error.
func Parse(data []byte, name string) (rec *Record, err error) {
	defer func() {
		// The YAML library must not crash a caller on any input.
		if v := recover(); v != nil {
			rec, err = nil, &Error{Pos{File: name}, fmt.Sprintf("cannot parse the record (%v)", v)}
		}
	}()
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, &Error{Pos{File: name}, "empty record (want at least game: NAME)"}
		}
		return nil, syntaxError(name, err)
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); err == nil {
		return nil, &Error{Pos{name, extra.Line, extra.Column}, "a second YAML document (a record is one document; remove the ---)"}
	} else if !errors.Is(err, io.EOF) {
		return nil, syntaxError(name, err)
	}
	p := &parser{file: name}
	rec = p.record(&doc)
	if p.err != nil {
		return nil, p.err
	}
	return rec, nil
}

var yamlLineRE = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// syntaxError turns a YAML library error into file:line: message.
func syntaxError(name string, err error) error {
	msg := err.Error()
	if m := yamlLineRE.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		return &Error{Pos{File: name, Line: line}, "YAML syntax: " + m[2]}
	}
	return &Error{Pos{File: name}, "YAML syntax: " + strings.TrimPrefix(msg, "yaml: ")}
}

// parser walks the node tree, keeping the first error.
type parser struct {
	file string
	err  error
}

func (p *parser) pos(n *yaml.Node) Pos { return Pos{p.file, n.Line, n.Column} }

func (p *parser) errorf(n *yaml.Node, format string, args ...any) {
	if p.err == nil {
		p.err = &Error{p.pos(n), fmt.Sprintf(format, args...)}
	}
}

// resolve follows aliases.
func resolve(n *yaml.Node) *yaml.Node {
	for i := 0; n != nil && n.Kind == yaml.AliasNode && n.Alias != nil && i < 100; i++ {
		n = n.Alias
	}
	return n
}

func isNull(n *yaml.Node) bool {
	return n.Kind == yaml.ScalarNode && n.Tag == "!!null"
}

// describe names what a node is, for "want ..., got ..." messages.
func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.DocumentNode:
		return "a document"
	case yaml.ScalarNode:
		switch n.Tag {
		case "!!null":
			return "nothing"
		case "!!int", "!!float":
			return "the number " + n.Value
		case "!!bool":
			return "the Boolean " + n.Value
		}
		return strconv.Quote(n.Value)
	}
	return "something else"
}

// entries checks a mapping's keys against known and returns the values by
// key. Unknown and repeated keys are errors.
func (p *parser) entries(m *yaml.Node, what string, known []string) map[string]*yaml.Node {
	out := map[string]*yaml.Node{}
	keyNode := map[string]*yaml.Node{}
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := resolve(m.Content[i]), resolve(m.Content[i+1])
		if k.Kind != yaml.ScalarNode {
			p.errorf(k, "%s: a key must be a name, got %s", what, describe(k))
			return out
		}
		if prev, ok := keyNode[k.Value]; ok {
			p.errorf(k, "key %q given twice (first at line %d)", k.Value, prev.Line)
			return out
		}
		keyNode[k.Value] = k
		if known != nil && !contains(known, k.Value) {
			msg := fmt.Sprintf("unknown key %q", k.Value)
			if what != "" {
				msg = fmt.Sprintf("unknown key %q in %s", k.Value, what)
			}
			if near := nearest(k.Value, known); near != "" {
				msg += fmt.Sprintf("; did you mean %q?", near)
			} else {
				msg += fmt.Sprintf(" (known keys: %s)", strings.Join(known, ", "))
			}
			p.errorf(k, "%s", msg)
			return out
		}
		out[k.Value] = v
	}
	return out
}

func (p *parser) record(doc *yaml.Node) *Record {
	top := doc
	if top.Kind == yaml.DocumentNode && len(top.Content) > 0 {
		top = resolve(top.Content[0])
	}
	if isNull(top) {
		p.errorf(top, "empty record (want at least game: NAME)")
		return nil
	}
	if top.Kind != yaml.MappingNode {
		p.errorf(top, "a record is a mapping (game: NAME, moves: [...]), got %s", describe(top))
		return nil
	}
	p.printable(top, 0)
	es := p.entries(top, "", recordKeys)
	if p.err != nil {
		return nil
	}
	rec := &Record{}
	g, ok := es["game"]
	switch {
	case !ok:
		p.errorf(top, "missing key \"game\" (the stem of the rules file, e.g. game: my-game)")
	case g.Kind != yaml.ScalarNode || isNull(g) || strings.TrimSpace(g.Value) == "":
		p.errorf(g, "game: want the name of a game, got %s", describe(g))
	default:
		rec.Game = g.Value
	}
	if n, ok := es["options"]; ok && !isNull(n) {
		rec.Options = p.textMap(n, "options", "an option value")
	}
	if n, ok := es["setup"]; ok && !isNull(n) {
		rec.Setup = p.textMap(n, "setup", "a piece name")
	}
	if n, ok := es["start"]; ok && !isNull(n) {
		switch {
		case n.Kind != yaml.ScalarNode || strings.TrimSpace(n.Value) == "":
			p.errorf(n, "start: want a position text (docs/notation.md), got %s", describe(n))
		case strings.ContainsAny(n.Value, "\n\r\t"):
			p.errorf(n, "start: a position text is one line")
		case len(rec.Setup) > 0:
			p.errorf(n, "start: the record gives a setup too (a record starts from one or the other)")
		default:
			rec.Start, rec.startPos = n.Value, p.pos(n)
		}
	}
	if n, ok := es["seats"]; ok && !isNull(n) {
		rec.Seats = p.textMap(n, "seats", "a player such as mcts or human")
	}
	if n, ok := es["seed"]; ok && !isNull(n) {
		seed, err := strconv.ParseUint(n.Value, 10, 64)
		if n.Kind != yaml.ScalarNode || err != nil {
			p.errorf(n, "seed: want a whole number of 0 or more, got %s", describe(n))
		} else {
			rec.Seed = &seed
		}
	}
	rec.Date = p.text(es, "date", "a date such as 2026-12-01")
	rec.Engine = p.text(es, "engine", `the program's name and version, e.g. "ruleplay 0.3"`)
	rec.Comment = p.text(es, "comment", "a text")
	if n, ok := es["moves"]; ok && !isNull(n) {
		rec.Moves, rec.movePos = p.moves(n)
	}
	if n, ok := es["result"]; ok && !isNull(n) {
		rec.Result = p.result(n)
	}
	if p.err != nil {
		return nil
	}
	return rec
}

// text reads an optional scalar key as the text written.
func (p *parser) text(es map[string]*yaml.Node, key, want string) string {
	n, ok := es[key]
	if !ok || isNull(n) {
		return ""
	}
	if n.Kind != yaml.ScalarNode {
		p.errorf(n, "%s: want %s, got %s", key, want, describe(n))
		return ""
	}
	return n.Value
}

// textMap reads a mapping of names to scalar texts.
func (p *parser) textMap(n *yaml.Node, what, want string) map[string]string {
	if n.Kind != yaml.MappingNode {
		p.errorf(n, "%s: want a mapping (name: value, ...), got %s", what, describe(n))
		return nil
	}
	es := p.entries(n, what, nil)
	out := make(map[string]string, len(es))
	for i := 0; i+1 < len(n.Content) && p.err == nil; i += 2 {
		k, v := resolve(n.Content[i]), resolve(n.Content[i+1])
		if v.Kind != yaml.ScalarNode || isNull(v) {
			p.errorf(v, "%s: %s: want %s, got %s", what, k.Value, want, describe(v))
			break
		}
		out[k.Value] = v.Value
	}
	return out
}

func (p *parser) moves(n *yaml.Node) ([]string, []Pos) {
	if n.Kind != yaml.SequenceNode {
		p.errorf(n, "moves: want a list of moves like [c3-d4, h8-g7], got %s", describe(n))
		return nil, nil
	}
	moves := make([]string, 0, len(n.Content))
	pos := make([]Pos, 0, len(n.Content))
	for i, m := range n.Content {
		m = resolve(m)
		if m.Kind != yaml.ScalarNode || isNull(m) || strings.TrimSpace(m.Value) == "" {
			p.errorf(m, "move %d: want a move text like c3-d4, got %s", i+1, describe(m))
			return nil, nil
		}
		moves = append(moves, m.Value)
		pos = append(pos, p.pos(m))
	}
	return moves, pos
}

func (p *parser) result(n *yaml.Node) *Result {
	if n.Kind != yaml.MappingNode {
		p.errorf(n, "result: want a mapping (winners: [...], scores: {...}), got %s", describe(n))
		return nil
	}
	es := p.entries(n, "result", resultKeys)
	if p.err != nil {
		return nil
	}
	res := &Result{}
	w, ok := es["winners"]
	switch {
	case !ok || isNull(w):
		p.errorf(n, "result: missing key \"winners\" (the players sharing the best result)")
		return nil
	case w.Kind != yaml.SequenceNode:
		p.errorf(w, "result: winners: want a list of players like [p1], got %s", describe(w))
		return nil
	case len(w.Content) == 0:
		p.errorf(w, "result: winners: the list is empty (a draw lists every player)")
		return nil
	}
	for _, x := range w.Content {
		x = resolve(x)
		if x.Kind != yaml.ScalarNode || isNull(x) || x.Value == "" {
			p.errorf(x, "result: winners: want a player name, got %s", describe(x))
			return nil
		}
		res.Winners = append(res.Winners, x.Value)
	}
	if s, ok := es["scores"]; ok && !isNull(s) {
		if s.Kind != yaml.MappingNode {
			p.errorf(s, "result: scores: want a mapping (player: score, ...), got %s", describe(s))
			return nil
		}
		p.entries(s, "result.scores", nil)
		res.Scores = map[string]int{}
		for i := 0; i+1 < len(s.Content) && p.err == nil; i += 2 {
			k, v := resolve(s.Content[i]), resolve(s.Content[i+1])
			var x int
			if v.Kind != yaml.ScalarNode || v.Tag != "!!int" || v.Decode(&x) != nil {
				p.errorf(v, "result: scores: %s: want a whole number, got %s", k.Value, describe(v))
				break
			}
			res.Scores[k.Value] = x
		}
	}
	return res
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// nearest returns the known name closest to name, or "" when none is close.
func nearest(name string, known []string) string {
	return suggest.Nearest(name, known, max(1, (len(name)+2)/3))
}

// NaturalLess orders strings with embedded numbers by value: "a2" < "a10",
// "p2" < "p10".
func NaturalLess(a, b string) bool {
	for a != "" && b != "" {
		da, db := isDigit(a[0]), isDigit(b[0])
		switch {
		case da && db:
			na, ra := digits(a)
			nb, rb := digits(b)
			ta, tb := strings.TrimLeft(na, "0"), strings.TrimLeft(nb, "0")
			if len(ta) != len(tb) {
				return len(ta) < len(tb)
			}
			if ta != tb {
				return ta < tb
			}
			if na != nb {
				return len(na) < len(nb)
			}
			a, b = ra, rb
		case a[0] != b[0]:
			return a[0] < b[0]
		default:
			a, b = a[1:], b[1:]
		}
	}
	return len(a) < len(b)
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func digits(s string) (string, string) {
	i := 0
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	return s[:i], s[i:]
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return NaturalLess(keys[i], keys[j]) })
	return keys
}

// printable reports the first text of the record holding a control
// character (a terminal escape, say): every text of a record is printed
// by some command. A comment may hold line breaks and tabs.
func (p *parser) printable(n *yaml.Node, depth int) {
	if n == nil || depth > 100 || p.err != nil {
		return
	}
	if n.Kind == yaml.ScalarNode {
		v := strings.NewReplacer("\n", " ", "\t", " ", "\r", " ").Replace(n.Value)
		if !safetext.Clean(v) {
			p.errorf(n, "a control character in %s (texts in a record are printable)", safetext.Quote(n.Value, 40))
		}
		return
	}
	for _, c := range n.Content {
		p.printable(c, depth+1)
	}
}
