package lang

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/ruleplay/ruleplay/games"
	"github.com/ruleplay/ruleplay/internal/safetext"
	"github.com/ruleplay/ruleplay/ir"
	"github.com/ruleplay/ruleplay/stdlib"
)

// Limits on what a rules file may ask for; beyond them the checker reports an
// error instead of letting a typo exhaust memory.
const (
	// MaxFileSize is the most bytes a rules file may have.
	MaxFileSize  = 1 << 20
	maxBaseDepth = 16 // nested extends/imports
	// MaxLoadFiles is the most files (the file, its bases and modules,
	// each counted once) one load reads.
	MaxLoadFiles = 64
	// MaxLoadBytes is the most bytes one load reads, all files together.
	MaxLoadBytes = 8 << 20
	// MaxMergeEntries is the most entries one load may copy while laying
	// files over their bases: a file may name many bases, each with many
	// entries, and this bounds the work that makes.
	MaxMergeEntries = 1 << 20
	maxBoardSide    = 64 // cells along one side
	maxBoardCells   = 4096
	maxPlayers      = 26
)

// Load reads, parses and checks the rules file at path, applying the option
// values in opts (name -> text as given on a command line), and returns the
// resolved game. A bad file gives Diagnostics (every independent problem,
// with positions); an unreadable file or a bad option gives a plain error.
//
// The bases named by `extends` must be regular files (ReadBase); the file
// itself may be a pipe.
func Load(path string, opts map[string]string) (*ir.Game, error) {
	src, err := ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading rules: %w", err)
	}
	return LoadSource(path, src, opts)
}

// LoadSource is Load with the file's text given; bases named by `extends`
// are still read from disk (ReadBase), relative to path.
func LoadSource(path string, src []byte, opts map[string]string) (*ir.Game, error) {
	return loadWith(ReadBase, path, src, opts)
}

// LoadFS is Load reading from fsys (the bundled games, package games):
// path and the bases its `extends` names are files of fsys.
func LoadFS(fsys fs.FS, path string, opts map[string]string) (*ir.Game, error) {
	src, err := fs.ReadFile(fsys, path)
	if err != nil {
		return nil, fmt.Errorf("reading rules: %w", err)
	}
	read := func(name string) ([]byte, error) { return fs.ReadFile(fsys, filepath.ToSlash(filepath.Clean(name))) }
	return loadWith(read, path, src, opts)
}

func loadWith(readFile func(string) ([]byte, error), path string, src []byte, opts map[string]string) (*ir.Game, error) {
	g, _, err := vetWith(readFile, path, src, opts)
	return g, err
}

// VetSourceWith is LoadSourceWith also returning the checker's warnings
// with their positions (an editor shows them; Game.Warnings has them
// rendered).
//
// A base that exists on disk and is not a regular file (a named pipe, a
// device) is refused before read is called, so that a read function that
// falls back to the disk cannot wait on a pipe.
func VetSourceWith(path string, src []byte, read func(path string) ([]byte, error), opts map[string]string) (*ir.Game, Diagnostics, error) {
	return vetWith(onlyRegular(read), path, src, opts)
}

// onlyRegular wraps read to refuse, unread, a path that names a file on
// disk that is not a regular file.
func onlyRegular(read func(path string) ([]byte, error)) func(path string) ([]byte, error) {
	return func(path string) ([]byte, error) {
		if st, err := os.Stat(path); err == nil {
			if err := regular(path, st); err != nil {
				return nil, err
			}
		}
		return read(path)
	}
}

func vetWith(readFile func(string) ([]byte, error), path string, src []byte, opts map[string]string) (*ir.Game, Diagnostics, error) {
	l := &loader{r: newReporter(), readFile: readFile, loaded: map[string]loadedFile{}}
	entries := l.loadFile(source{key: filepath.Clean(path), path: path}, src)
	if l.fatal {
		return nil, nil, l.r.sorted(l.order)
	}
	c := newChecker(l.r, path)
	g, optErr := c.check(entries, opts)
	if optErr != nil {
		return nil, nil, optErr
	}
	if len(l.r.diags) > 0 {
		return nil, nil, l.r.sorted(l.order)
	}
	g.Bases = l.bases
	for _, w := range l.r.warnings {
		g.Warnings = append(g.Warnings, w.String())
	}
	return g, l.r.warnings, nil
}

// OptionError is a problem with an option value given by the user (not in
// the rules file).
type OptionError struct{ Msg string }

func (e *OptionError) Error() string { return e.Msg }

// IsDiagnostics reports whether err holds rules-file diagnostics.
func IsDiagnostics(err error) bool {
	var d Diagnostics
	return errors.As(err, &d)
}

type loader struct {
	r        *reporter
	readFile func(string) ([]byte, error)
	stack    []source // files being loaded, for cycles
	order    []string // files in the order they were read
	bases    []string // stems of the files named by extends, in the order read
	// loaded holds every file read, by its source key: a base named by
	// several files (or several times) is read, parsed and merged from
	// once per load, so that extends cannot make the work exponential.
	loaded map[string]loadedFile
	files  int // read so far
	bytes  int // read so far, all files together
	merged int // entries copied by merges so far
	// overBound: a bound of the whole load (files, bytes, merges) was
	// passed; nothing more is read or merged.
	overBound bool
	// fatal: a file could not be read or parsed; checking the rest would
	// only report consequences. (A duplicate entry is not fatal.)
	fatal bool
}

// parse reads one file into entries, reporting a file too large, binary
// data or a syntax error (ok false).
func (l *loader) parse(path string, src []byte) (entries []*Entry, ok bool) {
	if len(src) > MaxFileSize {
		l.r.errorf(Pos{File: path}, "", "file too large (%d bytes; at most %d)", len(src), MaxFileSize)
		return nil, false
	}
	if i := strings.IndexByte(string(src), 0); i >= 0 {
		line := 1 + strings.Count(string(src[:i]), "\n")
		l.r.errorf(Pos{File: path, Line: line, Col: 1 + i - (strings.LastIndexByte(string(src[:i]), '\n') + 1), Len: 1}, "is this a rules file?", "binary data (a NUL byte) in a rules file")
		return nil, false
	}
	if !l.checkLimits(path, src) {
		return nil, false
	}
	gf, err := parse(path, src)
	if err != nil {
		l.syntaxError(path, err)
		return nil, false
	}
	return convEntries(gf.Entries), true
}

// source is a file the loader reads.
type source struct {
	// key names the file for reading it once and for finding cycles: its
	// cleaned path on disk (or in the read function's files), or for a
	// bundled game found by name "bundled:NAME", and for a module
	// "stdlib/NAME.rules".
	key string
	// path is the name diagnostics show: the path as written, or
	// games/NAME.rules, stdlib/NAME.rules.
	path string
	// bundled: the file is a bundled game read by name, whose own bases
	// are bundled games too.
	bundled bool
}

// loadedFile is a file read and merged with its bases.
type loadedFile struct {
	path    string // as source.path
	entries []*Entry
}

// loadFile parses one file and merges its bases under it.
func (l *loader) loadFile(file source, src []byte) []*Entry {
	path := file.path
	src = stripBOM(src)
	l.files++
	l.bytes += len(src)
	l.order = append(l.order, path)
	l.r.addSource(path, src)
	entries, ok := l.parse(path, src)
	if !ok {
		l.fatal = true
		return nil
	}
	if len(entries) == 0 && len(l.stack) == 0 {
		l.r.errorf(Pos{File: path}, "a rules file needs at least a board and players; see games/ for examples", "empty rules file")
		l.fatal = true
		return nil
	}
	l.stack = append(l.stack, file)
	defer func() { l.stack = l.stack[:len(l.stack)-1] }()

	var base []*Entry
	var own []*Entry
	for _, e := range entries {
		switch e.Key {
		case "import":
			for _, v := range e.Values {
				name, ok := nameOrString(v)
				if !ok {
					l.r.errorf(v.At(), knownList("modules", stdlib.Names()), "import takes module names")
					continue
				}
				msrc, mpath, err := stdlib.Open(name)
				if err != nil {
					l.r.errorf(v.At(), l.r.hintFor(name, "modules", stdlib.Names()), "unknown module %q", name)
					l.fatal = true
					continue
				}
				module := source{key: filepath.Clean(mpath), path: mpath}
				if l.inStack(module.key, mpath, v.At()) {
					continue
				}
				_, entries, ok := l.loadBase(module.key, v.At(), func() (source, []byte, error) { return module, msrc, nil })
				if !ok {
					continue
				}
				base = l.merge(base, entries)
			}
			if len(e.Values) == 0 {
				l.r.errorf(e.Pos, "write import: MODULE", "import needs a module name")
			}
		case "extends":
			if len(e.Values) != 1 {
				l.r.errorf(e.Pos, `write extends: "base.rules" (a file beside this one) or extends: NAME (a bundled game)`, "extends needs exactly one file")
				continue
			}
			name, ok := nameOrString(e.Values[0])
			if !ok {
				l.r.errorf(e.Values[0].At(), `write extends: "base.rules" (a file beside this one) or extends: NAME (a bundled game)`, "extends needs a file name")
				continue
			}
			at := e.Values[0].At()
			key, shown, read, ok := l.findBase(file, name, at)
			if !ok {
				continue
			}
			if l.inStack(key, shown, at) {
				continue
			}
			bpath, entries, ok := l.loadBase(key, at, read)
			if !ok {
				continue
			}
			if stem := strings.TrimSuffix(filepath.Base(bpath), ".rules"); !slices.Contains(l.bases, stem) {
				l.bases = append(l.bases, stem)
			}
			base = l.merge(base, entries)
		default:
			own = append(own, e)
		}
	}
	checkDuplicates(l.r, own)
	return l.merge(base, own)
}

// findBase resolves `extends: name` in file: the key the base is read
// once by, the path to show in a cycle, and how to read it (the read
// reports its own error).
//
//   - In a bundled game, name is another bundled game (NAME or
//     NAME.rules).
//   - Elsewhere, name is a file beside the file (.rules added when
//     missing); a bare name (no .rules, no folder) not found there is the
//     bundled game of that name.
func (l *loader) findBase(file source, name string, at Pos) (key, shown string, read func() (source, []byte, error), ok bool) {
	short := safetext.Short(name, 60)
	if file.bundled {
		stem := strings.TrimSuffix(name, ".rules")
		if strings.ContainsAny(stem, `/\`) || !games.Has(stem) {
			l.r.errorf(at, "a bundled game's base is a bundled game", "no bundled game %q", short)
			l.fatal = true
			return "", "", nil, false
		}
		b := bundledGame(stem)
		return b.key, b.path, func() (source, []byte, error) { return readBundled(b) }, true
	}
	bpath := BasePath(file.path, name)
	bare := !strings.HasSuffix(name, ".rules") && !strings.ContainsAny(name, `/\`)
	read = func() (source, []byte, error) {
		beside := source{key: filepath.Clean(bpath), path: bpath}
		src, err := l.readFile(bpath)
		if err == nil {
			return beside, src, nil
		}
		missing := errors.Is(err, fs.ErrNotExist)
		switch {
		case missing && bare && games.Has(name):
			return readBundled(bundledGame(name))
		case missing && bare:
			l.r.errorf(at, l.r.hintFor(name, "bundled games", games.Names()), "cannot read base %q: no file %s beside this file, and no bundled game of that name", short, bpath)
		case missing:
			hint := "a name with .rules or a folder names a file, looked for beside this file"
			if stem := strings.TrimSuffix(name, ".rules"); games.Has(stem) {
				hint = fmt.Sprintf("for the bundled game, write extends: %q (without .rules)", stem)
			}
			l.r.errorf(at, hint, "cannot read base %q: no file %s", short, bpath)
		default:
			l.r.errorf(at, "the base is looked for beside this file", "cannot read base %q: %v", short, unwrapPathError(err))
		}
		return beside, nil, err
	}
	return filepath.Clean(bpath), bpath, read, true
}

// bundledGame is the source of the bundled game stem (a name games.Has).
func bundledGame(stem string) source {
	return source{key: "bundled:" + stem, path: "games/" + stem + ".rules", bundled: true}
}

// readBundled reads the bundled game b.
func readBundled(b source) (source, []byte, error) {
	src, err := fs.ReadFile(games.FS(), strings.TrimPrefix(b.path, "games/"))
	return b, src, err
}

// loadBase returns the path and entries of the base or module known by
// key, named at at: read (by read, which reports its own error and says
// which file it read) and loaded the first time, remembered after. It
// refuses, as fatal errors, a base nested deeper than maxBaseDepth, and a
// load over MaxLoadFiles files or MaxLoadBytes bytes (after which no
// other base is read).
func (l *loader) loadBase(key string, at Pos, read func() (source, []byte, error)) (string, []*Entry, bool) {
	if f, ok := l.loaded[key]; ok {
		return f.path, f.entries, true
	}
	if l.overBound {
		return "", nil, false
	}
	if len(l.stack) > maxBaseDepth {
		l.r.errorf(at, "a variant of a variant of ...: make the chain shorter", "variants nested more than %d deep", maxBaseDepth)
		l.fatal = true
		return "", nil, false
	}
	if l.files >= MaxLoadFiles {
		l.r.errorf(at, "a rules file, its bases and its modules are read together", "more than %d files to read for one game (extends and import)", MaxLoadFiles)
		l.fatal, l.overBound = true, true
		return "", nil, false
	}
	file, src, err := read()
	if err != nil {
		l.fatal = true
		return "", nil, false
	}
	if l.bytes+len(src) > MaxLoadBytes {
		l.r.errorf(at, "a rules file, its bases and its modules are read together", "more than %d bytes to read for one game (extends and import)", MaxLoadBytes)
		l.fatal, l.overBound = true, true
		return "", nil, false
	}
	if file.key != key && l.inStack(file.key, file.path, at) {
		return "", nil, false
	}
	entries := l.loadFile(file, src)
	l.loaded[key] = loadedFile{path: file.path, entries: entries}
	l.loaded[file.key] = l.loaded[key]
	return file.path, entries, true
}

// merge is merge(l.r, base, over), counting the entries it copies against
// MaxMergeEntries; over the bound it reports a fatal error once and
// returns base.
func (l *loader) merge(base, over []*Entry) []*Entry {
	l.merged += len(base) + len(over)
	if l.merged > MaxMergeEntries {
		if !l.overBound {
			l.r.errorf(Pos{File: l.order[0]}, "a file that names the same large base many times, or many bases", "more than %d entries to merge for one game (extends and import)", MaxMergeEntries)
			l.fatal, l.overBound = true, true
		}
		return base
	}
	return merge(l.r, base, over)
}

func unwrapPathError(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// inStack reports (as a fatal error at at) whether the file known by key
// (shown as path) is being loaded: a cycle of bases.
func (l *loader) inStack(key, path string, at Pos) bool {
	for i, f := range l.stack {
		if f.key == key {
			var chain []string
			for _, g := range l.stack[i:] {
				chain = append(chain, g.path)
			}
			chain = append(chain, path)
			l.r.errorf(at, "a variant cannot be its own base", "cycle of bases: %s", strings.Join(chain, " -> "))
			l.fatal = true
			return true
		}
	}
	return false
}

func nameOrString(e Expr) (string, bool) {
	switch v := e.(type) {
	case *Str:
		return v.Val, true
	case *Name:
		return v.Dotted(), true
	}
	return "", false
}

// checkDuplicates reports entries given twice in one list (one file).
func checkDuplicates(r *reporter, es []*Entry) {
	seen := map[string]*Entry{}
	for _, e := range es {
		id := e.ID()
		if prev, ok := seen[id]; ok {
			r.errorf(e.Pos, fmt.Sprintf("the first is at line %d; merge them", prev.Pos.Line), "%s is given twice", describeID(id))
			continue
		}
		seen[id] = e
		if e.HasBlock {
			checkDuplicates(r, e.Block)
		}
	}
}

func describeID(id string) string {
	if strings.Contains(id, " ") {
		return fmt.Sprintf("%q", id)
	}
	return id
}

// merge lays over on top of base: an entry with the same key and labels
// replaces the base's value and merges its block entry by entry; new
// entries are appended. Positions stay those of the file that gave each
// part, so diagnostics point into the right file.
func merge(r *reporter, base, over []*Entry) []*Entry {
	out := append([]*Entry(nil), base...)
	index := map[string]int{}
	for i, e := range out {
		index[e.ID()] = i
	}
	for _, e := range over {
		i, ok := index[e.ID()]
		if !ok {
			index[e.ID()] = len(out)
			out = append(out, e)
			continue
		}
		old := out[i]
		m := *e
		if len(m.Values) == 0 && !(e.HasBlock && isMirror(old.Values)) {
			// A block keeps the base's value, except a base's mirror(...),
			// which the block replaces (setup red { ... } over setup red:
			// mirror(green)).
			m.Values = old.Values
		}
		switch {
		case e.HasBlock && old.HasBlock:
			m.Block = merge(r, old.Block, e.Block)
		case !e.HasBlock && old.HasBlock && len(e.Values) == 0:
			m.Block, m.HasBlock = old.Block, true
		case !e.HasBlock && old.HasBlock:
			// A value replaces a block entry (setup red: mirror(green)).
		}
		out[i] = &m
	}
	return out
}

// isMirror reports whether values is the single value mirror(...).
func isMirror(values []Expr) bool {
	if len(values) != 1 {
		return false
	}
	c, ok := values[0].(*Call)
	return ok && c.Fn == "mirror"
}

// syntaxError turns a parser error into a diagnostic.
func (l *loader) syntaxError(path string, err error) {
	var perr participle.Error
	if !errors.As(err, &perr) {
		l.r.errorf(Pos{File: path}, "", "syntax error: %v", err)
		return
	}
	p := perr.Position()
	pos := Pos{File: path, Line: p.Line, Col: p.Column, Len: 1}
	msg, hint := perr.Message(), ""
	var ut *participle.UnexpectedTokenError
	if errors.As(err, &ut) {
		tok := ut.Unexpected
		pos.Len = max(1, len(tok.Value))
		expected := expectedText(ut.Message())
		switch {
		case expected != "" && tok.EOF():
			msg = "unexpected end of file, expected " + expected
			hint = "a bracket or block is not closed"
			pos.Len = 1
		case expected != "":
			what := fmt.Sprintf("%q", tok.Value)
			if tok.Value == "\n" {
				what = "end of line"
			}
			msg = fmt.Sprintf("unexpected %s, expected %s", what, expected)
			hint = "a bracket is not closed, or a value is missing"
			if h := syntaxHint(tok.Value); strings.HasPrefix(h, "this character") {
				hint = h
			}
		case tok.EOF():
			msg = "unexpected end of file"
			hint = "a block opened with { is not closed, or an expression is unfinished"
			pos.Len = 1
		case tok.Value == "\n":
			msg = "unexpected end of line"
			hint = "the entry is unfinished: a value or a closing bracket is missing"
		default:
			msg = fmt.Sprintf("unexpected %q", tok.Value)
			hint = syntaxHint(tok.Value)
		}
		if keywords[tok.Value] && l.startsEntry(path, p.Line, p.Column, tok.Value) {
			hint = fmt.Sprintf("%s is a word of expressions (and, or, not, if ... then ... else): it cannot name an entry or a property", tok.Value)
		}
		if tok.Value == `"` {
			msg = "unterminated string"
			hint = `close the string with " on the same line`
		}
	} else {
		msg = cleanParserMessage(msg)
	}
	l.r.errorf(pos, hint, "syntax error: %s", msg)
}

func syntaxHint(tok string) string {
	switch tok {
	case "}":
		return "a } without a matching {, or a value is missing before it"
	case "{":
		return "a block follows a key: key label... { ... }"
	case ":":
		return "entries are `key: value`; a value cannot start with :"
	case "=":
		return "write key: value (a colon, not =)"
	case ")", "]":
		return "a closing bracket without its opening one"
	}
	if len(tok) == 1 && !strings.ContainsAny(tok, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_\"") {
		return "this character has no meaning in a rules file"
	}
	return "each entry is `key: value` or `key { ... }` on its own line"
}

func cleanParserMessage(msg string) string {
	msg = strings.ReplaceAll(msg, "\n", " ")
	if i := strings.Index(msg, "invalid input text"); i >= 0 {
		return "invalid character"
	}
	return msg
}

// parse runs the parser, turning a panic inside the parser library into an
// error so that no input can crash a command.
func parse(path string, src []byte) (gf *gFile, err error) {
	defer func() {
		if r := recover(); r != nil {
			gf, err = nil, fmt.Errorf("the parser failed on this input (%v)", r)
		}
	}()
	return rulesParser.ParseBytes(path, src)
}

// expectedText pulls a plain expected token out of participle's message
// ("... (expected \")\")" -> ")"), or "a value" for an expression.
func expectedText(msg string) string {
	i := strings.LastIndex(msg, "(expected ")
	if i < 0 {
		return ""
	}
	exp := strings.TrimSuffix(msg[i+len("(expected "):], ")")
	if u, err := strconv.Unquote(exp); err == nil && len(u) <= 2 {
		return fmt.Sprintf("%q", u)
	}
	if strings.HasPrefix(exp, "GExpr") || strings.HasPrefix(exp, "GTerm") {
		return "a value"
	}
	return ""
}

// startsEntry tells whether word, at line:col of path, starts its line
// and is followed by a colon or a block: written where an entry's key
// goes.
func (l *loader) startsEntry(path string, line, col int, word string) bool {
	lines := l.r.sources[path]
	if line < 1 || line > len(lines) || col < 1 || col > len(lines[line-1])+1 {
		return false
	}
	before, after := lines[line-1][:col-1], strings.TrimLeft(strings.TrimPrefix(lines[line-1][col-1:], word), " \t")
	return strings.TrimSpace(before) == "" && (strings.HasPrefix(after, ":") || strings.HasPrefix(after, "{"))
}
