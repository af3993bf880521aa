package web

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/ruleplay/ruleplay/games"
	"github.com/ruleplay/ruleplay/ir"
	"github.com/ruleplay/ruleplay/lang"
)

// entry is one game the server offers: a bundled game or a rules file named
// on the command line (read again on every load, so that a designer's edits
// show in the next game).
type entry struct {
	name   string // the rules file's stem: the game's name in records
	source string // "bundled", or the path of the file
	load   func(opts map[string]string) (*ir.Game, error)
}

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
		path := f
		e := &entry{name: name, source: f, load: func(opts map[string]string) (*ir.Game, error) { return lang.Load(path, opts) }}
		c.add(e)
	}
	for _, name := range games.Names() {
		if _, ok := c.byName[name]; ok {
			continue
		}
		file := name + ".rules"
		c.add(&entry{name: name, source: "bundled", load: func(opts map[string]string) (*ir.Game, error) {
			return lang.LoadFS(games.FS(), file, opts)
		}})
	}
	return c, nil
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
	return nil, fmt.Errorf("unknown game %q (games: %s)", name, strings.Join(names, ", "))
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

// info loads e with its default options and describes it.
func (e *entry) info() gameInfo {
	gi := gameInfo{Name: e.name, Title: e.name, Source: e.source, Options: []optionInfo{}}
	g, err := e.load(nil)
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
