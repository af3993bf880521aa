package web

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/ruleplay/ruleplay/games"
	"github.com/ruleplay/ruleplay/internal/safetext"
	"github.com/ruleplay/ruleplay/ir"
	"github.com/ruleplay/ruleplay/lang"
)

// entry is one game the server offers: a bundled game or a rules file named
// on the command line (its files are read again when they change, so that a
// designer's edits show in the next game).
type entry struct {
	name   string // the rules file's stem: the game's name in records
	source string // "bundled", or the path of the file
	// read loads the game with options; note (when not nil) is told the
	// stamp of every file read.
	read func(opts map[string]string, note func(stamp)) (*ir.Game, error)

	mu     sync.Mutex
	cached *gameInfo // info with the default options
	from   []stamp   // the files cached was made from (see fresh)
}

// load loads the game with the option values opts.
func (e *entry) load(opts map[string]string) (*ir.Game, error) {
	if err := checkOptions(opts); err != nil {
		return nil, err
	}
	return e.read(opts, nil)
}

// checkOptions refuses option names and values too long to be real (they
// would come back whole in the messages about them).
func checkOptions(opts map[string]string) error {
	if len(opts) > maxOptions {
		return fmt.Errorf("%d options given, over the limit of %d", len(opts), maxOptions)
	}
	for k, v := range opts {
		if len(k) > maxName {
			return fmt.Errorf("option %s: the name is over %d bytes long", safetext.Quote(k, maxEcho), maxName)
		}
		if len(v) > maxName {
			return fmt.Errorf("option %s=%s: the value is over %d bytes long", safetext.Quote(k, maxEcho), safetext.Quote(v, maxEcho), maxName)
		}
	}
	return nil
}

// maxOptions is the most options a request may set.
const maxOptions = 64

// catalog is the list of games, files first, then the bundled games whose
// names no file takes.
type catalog struct {
	entries []*entry
	byName  map[string]*entry
}

// newCatalog lists the files (each must exist and be readable) and the
// bundled games.
func newCatalog(files []string) (*catalog, error) {
	c := &catalog{byName: map[string]*entry{}}
	for _, f := range files {
		st, err := os.Stat(f)
		if err != nil {
			return nil, fmt.Errorf("rules file %s: %w", f, errors.Unwrap(err))
		}
		if st.IsDir() {
			return nil, fmt.Errorf("rules file %s: is a folder", f)
		}
		name := strings.TrimSuffix(filepath.Base(f), ".rules")
		if prev, ok := c.byName[name]; ok {
			return nil, fmt.Errorf("rules files %s and %s have the same name %q (a record names its game by it)", prev.source, f, name)
		}
		path, fc := f, &fileCache{files: map[string]cachedFile{}}
		e := &entry{name: name, source: f, read: func(opts map[string]string, note func(stamp)) (*ir.Game, error) {
			read := func(p string) ([]byte, error) { return fc.read(p, note) }
			src, err := read(path)
			if err != nil {
				return nil, fmt.Errorf("reading rules: %w", err)
			}
			return lang.LoadSourceWith(path, src, read, opts)
		}}
		c.add(e)
	}
	for _, name := range games.Names() {
		if _, ok := c.byName[name]; ok {
			continue
		}
		file := name + ".rules"
		c.add(&entry{name: name, source: "bundled", read: func(opts map[string]string, _ func(stamp)) (*ir.Game, error) {
			return lang.LoadFS(games.FS(), file, opts)
		}})
	}
	return c, nil
}

// fileCache keeps the rules files an entry read (the file and the bases it
// extends or imports) with their size and time of change: a file is read
// again only when one of them changes.
type fileCache struct {
	mu    sync.Mutex
	files map[string]cachedFile
}

type cachedFile struct {
	stamp
	src []byte
}

// stamp is a file as last seen: its path, size and time of change (in
// nanoseconds since 1970).
type stamp struct {
	path string
	size int64
	mod  int64
}

// stampOf is the file's stamp now (a file that cannot be looked at has
// only its path).
func stampOf(path string) (stamp, error) {
	st, err := os.Stat(path)
	if err != nil {
		return stamp{path: path}, err
	}
	return stamp{path, st.Size(), st.ModTime().UnixNano()}, nil
}

// read is lang.ReadFile, from the cache while the file is unchanged; note
// (when not nil) is told the file's stamp.
func (fc *fileCache) read(path string, note func(stamp)) ([]byte, error) {
	now, err := stampOf(path)
	if note != nil {
		note(now) // a file that cannot be read is looked at again, too
	}
	if err == nil {
		fc.mu.Lock()
		c, ok := fc.files[path]
		fc.mu.Unlock()
		if ok && c.stamp == now {
			return c.src, nil
		}
	}
	src, err := lang.ReadFile(path)
	if err != nil {
		return nil, err
	}
	fc.mu.Lock()
	fc.files[path] = cachedFile{now, src}
	fc.mu.Unlock()
	return src, nil
}

// fresh tells whether every file of stamps is unchanged.
func fresh(stamps []stamp) bool {
	for _, s := range stamps {
		if now, _ := stampOf(s.path); now != s {
			return false
		}
	}
	return true
}

func (c *catalog) add(e *entry) {
	c.entries = append(c.entries, e)
	c.byName[e.name] = e
}

// lookup returns the entry of a game name, or an error naming the games.
func (c *catalog) lookup(name string) (*entry, error) {
	if e, ok := c.byName[name]; ok {
		return e, nil
	}
	names := make([]string, len(c.entries))
	for i, e := range c.entries {
		names[i] = e.name
	}
	sort.Strings(names)
	return nil, fmt.Errorf("unknown game %s (games: %s)", safetext.Quote(name, maxEcho), strings.Join(names, ", "))
}

// loadRules is a conformance.Checker's Load: rules is a game name of the
// catalog.
func (c *catalog) loadRules(rules string, opts map[string]string) (*ir.Game, error) {
	e, err := c.lookup(rules)
	if err != nil {
		return nil, err
	}
	return e.load(opts)
}

// gameInfo is a game in the list the page shows.
type gameInfo struct {
	Name    string       `json:"name"`
	Title   string       `json:"title"`
	Source  string       `json:"source"`
	Players []string     `json:"players,omitempty"`
	Options []optionInfo `json:"options"`
	// Error is the rules file's diagnostics when it does not load.
	Error string `json:"error,omitempty"`
}

// optionInfo describes an option for the page's form.
type optionInfo struct {
	Name    string   `json:"name"`
	Type    string   `json:"type"` // int, bool, size, choice
	Default string   `json:"default"`
	Allowed string   `json:"allowed"`
	Doc     string   `json:"doc,omitempty"`
	Choices []string `json:"choices,omitempty"`
}

// info describes e with its default options, loaded once, and again
// when one of its files changes.
func (e *entry) info() gameInfo {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.cached != nil && fresh(e.from) {
		return *e.cached
	}
	var used []stamp
	g, err := e.read(nil, func(s stamp) { used = append(used, s) })
	gi := e.describe(g, err)
	e.cached, e.from = &gi, used
	return gi
}

// describe is the gameInfo of g, or of the error loading it.
func (e *entry) describe(g *ir.Game, err error) gameInfo {
	gi := gameInfo{Name: e.name, Title: e.name, Source: e.source, Options: []optionInfo{}}
	if err != nil {
		gi.Error = err.Error()
		return gi
	}
	gi.Title = g.Title
	for _, p := range g.Players {
		gi.Players = append(gi.Players, p.Name)
	}
	for _, o := range g.Options {
		gi.Options = append(gi.Options, optionInfo{
			Name: o.Name, Type: optionType(o.Type), Default: lang.OptionValueText(o),
			Allowed: lang.OptionAllowed(o), Doc: o.Doc, Choices: o.Choices,
		})
	}
	return gi
}

func optionType(t ir.OptionType) string {
	switch t {
	case ir.OptBool:
		return "bool"
	case ir.OptSize:
		return "size"
	case ir.OptEnum:
		return "choice"
	}
	return "int"
}

// staticFS is the page: index.html, app.js and style.css.
func staticFS() fs.FS {
	sub, err := fs.Sub(static, "static")
	if err != nil {
		panic(err) // the embedded folder is part of the build
	}
	return sub
}
