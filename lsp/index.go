package lsp

import (
	"sort"
	"strconv"
	"strings"

	"github.com/ruleplay/ruleplay/lang"
	"github.com/ruleplay/ruleplay/stdlib"
)

// The names a file declares, with those of its bases (`extends`) and the
// modules it imports, read from their outlines, so that they are known
// while the file is being written: piece kinds, their properties, zones,
// options and their choices, players, move rules.

type declKind int

const (
	declKind_ declKind = iota
	declProp
	declZone
	declOption
	declChoice
	declPlayer
	declRule
)

var declWhat = map[declKind]string{
	declKind_: "piece kind", declProp: "piece property", declZone: "zone", declOption: "option",
	declChoice: "option choice", declPlayer: "player", declRule: "move rule",
}

type decl struct {
	kind  declKind
	name  string
	file  *file
	at    lang.Token // the name where it is declared
	entry *entry     // the entry that declares it
}

type index struct {
	files []*file // the document first, then its bases and modules
	decls []*decl
}

// lookup returns the declarations of name (of any kind when kinds is
// empty), the document's own first.
func (ix *index) lookup(name string, kinds ...declKind) []*decl {
	var out []*decl
	for _, d := range ix.decls {
		if d.name != name {
			continue
		}
		if len(kinds) > 0 && !containsKind(kinds, d.kind) {
			continue
		}
		out = append(out, d)
	}
	return out
}

func containsKind(ks []declKind, k declKind) bool {
	for _, x := range ks {
		if x == k {
			return true
		}
	}
	return false
}

// names returns the distinct names of the given kind, sorted.
func (ix *index) names(k declKind) []string {
	seen := map[string]bool{}
	var out []string
	for _, d := range ix.decls {
		if d.kind == k && !seen[d.name] {
			seen[d.name] = true
			out = append(out, d.name)
		}
	}
	sort.Strings(out)
	return out
}

// buildIndex reads the document and, recursively, its bases and modules.
// read returns a file's text (an editor's buffer or the disk); module
// returns a stdlib module's path and text.
func buildIndex(doc *file, read func(path string) (string, bool), module func(name string) (string, string, bool), base func(path, name string) string) *index {
	ix := &index{}
	seen := map[string]bool{}
	var add func(f *file, depth int)
	add = func(f *file, depth int) {
		if seen[f.path] || depth > 16 {
			return
		}
		seen[f.path] = true
		ix.files = append(ix.files, f)
		ix.declare(f)
		for _, e := range f.entries {
			for _, v := range e.values {
				name := strings.Trim(v.Text, `"`)
				switch {
				case e.key.Text == "extends" && (v.Kind == lang.TokString || v.Kind == lang.TokIdent):
					p := base(f.path, name)
					if text, ok := read(p); ok {
						add(parseFile(p, text), depth+1)
					}
				case e.key.Text == "import" && v.Kind == lang.TokIdent:
					if p, text, ok := module(name); ok {
						m := parseFile(p, text)
						m.module = name
						add(m, depth+1)
					}
				}
			}
		}
	}
	add(doc, 0)
	return ix
}

func (ix *index) declare(f *file) {
	add := func(k declKind, t lang.Token, e *entry) {
		ix.decls = append(ix.decls, &decl{kind: k, name: strings.Trim(t.Text, `"`), file: f, at: t, entry: e})
	}
	for _, e := range f.entries {
		switch e.key.Text {
		case "option":
			if len(e.labels) > 0 {
				add(declOption, e.labels[0], e)
			}
			for _, p := range e.kids {
				if p.key.Text == "choices" {
					for _, v := range p.values {
						if v.Kind == lang.TokIdent {
							add(declChoice, v, p)
						}
					}
				}
			}
		case "piece":
			if len(e.labels) > 0 {
				add(declKind_, e.labels[0], e)
			}
			for _, p := range e.kids {
				if p.key.Text != "symbol" && p.key.Text != "numbered" {
					add(declProp, p.key, p)
				}
			}
		case "zone":
			if len(e.labels) > 0 {
				add(declZone, e.labels[0], e)
			}
		case "player":
			if len(e.labels) > 0 {
				add(declPlayer, e.labels[0], e)
			}
		case "players":
			for i, v := range e.values {
				switch {
				case v.Kind == lang.TokIdent && v.Text == "numbered" && i+2 < len(e.values):
					n := ix.constInt(e.values[i+2])
					for k := 1; k <= n && k <= 26; k++ {
						ix.decls = append(ix.decls, &decl{kind: declPlayer, name: "p" + strconv.Itoa(k), file: f, at: v, entry: e})
					}
				case v.Kind == lang.TokIdent && (i == 0 || isOp(&e.values[i-1], ",")):
					add(declPlayer, v, e)
				}
			}
		case "step", "jump", "remove", "group", "drop":
			if len(e.labels) > 0 {
				add(declRule, e.labels[0], e)
			} else {
				add(declRule, e.key, e)
			}
		}
	}
}

// constInt reads a number, or an option's default number, or 0.
func (ix *index) constInt(t lang.Token) int {
	if t.Kind == lang.TokInt {
		n, _ := strconv.Atoi(t.Text)
		return n
	}
	for _, d := range ix.decls {
		if d.kind == declOption && d.name == t.Text && len(d.entry.values) == 1 && d.entry.values[0].Kind == lang.TokInt {
			n, _ := strconv.Atoi(d.entry.values[0].Text)
			return n
		}
	}
	return 0
}

// stdlibModule returns a module's source; dir is where the server keeps
// copies of the embedded modules for the editor to open.
func stdlibModule(dir func() string) func(name string) (string, string, bool) {
	return func(name string) (string, string, bool) {
		src, _, err := stdlib.Open(name)
		if err != nil {
			return "", "", false
		}
		return modulePath(dir(), name), string(src), true
	}
}
