package lsp

import (
	"regexp"
	"strings"

	"github.com/ruleplay/ruleplay/docs"
)

// The hover documentation comes from the language reference,
// docs/language.md (embedded by package docs), cut into sections by its
// headings and each section into units: paragraphs, list items, table rows
// and the lines of code blocks. A key with a heading of its own (`### jump`,
// `#### dirs`) shows that section up to its first sub-heading; any other
// key or word shows the units of the right section that define it: a
// list item or table row whose first code span starts with it, or a code
// line that gives it.

type section struct {
	level  int
	title  string
	names  []string // the code spans of the title
	body   []string // units up to the first sub-heading
	all    []string // units up to the next heading of the same or a higher level
	parent *section
}

type docIndex struct {
	sections []*section
}

var codeSpan = regexp.MustCompile("`([^`]+)`")

func newDocIndex(text string) *docIndex {
	d := &docIndex{}
	var stack []*section
	var cur []*section // the sections a unit belongs to (all open ones)
	var unit []string
	inCode := false
	flush := func() {
		if len(unit) == 0 {
			return
		}
		u := strings.Join(unit, "\n")
		unit = nil
		for i, s := range cur {
			s.all = append(s.all, u)
			if i == len(cur)-1 {
				s.body = append(s.body, u)
			}
		}
	}
	for _, ln := range strings.Split(text, "\n") {
		if strings.HasPrefix(ln, "```") {
			if !inCode {
				flush()
			}
			unit = append(unit, "```")
			if inCode {
				flush()
			}
			inCode = !inCode
			continue
		}
		if inCode {
			unit = append(unit, ln)
			continue
		}
		if strings.HasPrefix(ln, "#") {
			flush()
			level := len(ln) - len(strings.TrimLeft(ln, "#"))
			s := &section{level: level, title: strings.TrimSpace(ln[level:])}
			for _, m := range codeSpan.FindAllStringSubmatch(s.title, -1) {
				s.names = append(s.names, m[1])
			}
			for len(stack) > 0 && stack[len(stack)-1].level >= level {
				stack = stack[:len(stack)-1]
			}
			if len(stack) > 0 {
				s.parent = stack[len(stack)-1]
			}
			stack = append(stack, s)
			cur = append([]*section(nil), stack...)
			d.sections = append(d.sections, s)
			continue
		}
		switch {
		case strings.TrimSpace(ln) == "":
			flush()
		case strings.HasPrefix(ln, "- ") || strings.HasPrefix(ln, "|") || (len(ln) > 1 && ln[0] >= '0' && ln[0] <= '9' && ln[1] == '.'):
			flush()
			unit = append(unit, ln)
			if strings.HasPrefix(ln, "|") {
				flush()
			}
		default:
			unit = append(unit, ln)
		}
	}
	flush()
	return d
}

var languageDocs = newDocIndex(docs.Language)

// find returns the section whose title names name, under a section titled
// under (or anywhere when under is "").
func (d *docIndex) find(name, under string, level int) *section {
	for _, s := range d.sections {
		if level != 0 && s.level != level {
			continue
		}
		if under != "" && !s.under(under) {
			continue
		}
		for _, n := range s.names {
			if n == name {
				return s
			}
		}
	}
	return nil
}

func (d *docIndex) titled(title string) *section {
	for _, s := range d.sections {
		if s.title == title {
			return s
		}
	}
	return nil
}

// entryDoc documents a top-level entry.
func (d *docIndex) entryDoc(key string) string {
	s := d.find(key, "Entries", 3)
	if s == nil {
		s = d.find(key, "Moves", 3)
	}
	if s == nil {
		return ""
	}
	return joinUnits(s.body)
}

var moveKeys = map[string]bool{"step": true, "jump": true, "remove": true, "group": true, "drop": true}

// propDoc documents the property key of the entry parent ("jump",
// "board", "end", ...; "capture" for a group's capture block).
func (d *docIndex) propDoc(parent, key string) string {
	if moveKeys[parent] && !(parent == "group" && key == "capture") {
		var parts []string
		if row := d.row(d.titled("Moves"), key, true); row != "" {
			parts = append(parts, row)
		}
		if s := d.find(key, "Moves", 4); s != nil {
			parts = append(parts, joinUnits(s.body))
		}
		return strings.Join(parts, "\n\n")
	}
	var s *section
	switch parent {
	case "capture", "group":
		s = d.find("group", "Moves", 3)
	case "end label":
		return d.wordDoc("end label", key)
	default:
		s = d.find(parent, "Entries", 3)
	}
	if s == nil {
		return ""
	}
	return d.defining(s.all, key)
}

// wordDoc documents a word of a value: a cell condition, a direction, a
// function, a player value, an outcome, a choice. key is the property
// whose value holds it ("" if unknown).
func (d *docIndex) wordDoc(key, word string) string {
	places := []*section{nil}
	add := func(title string) {
		if s := d.titled(title); s != nil {
			places = append(places, s)
		}
	}
	switch key {
	case "dirs", "capture", "chain", "chain-dirs", "taken", "text", "land", "revisit":
		places[0] = d.find(key, "Moves", 4)
	case "prefer", "promote":
		places[0] = d.find(key, "Entries", 3)
	case "at":
		places[0] = d.find("promote", "Entries", 3)
	case "lock":
		places[0] = d.find("lock", "Entries", 3)
	case "no-move", "at-limit", "at-passes", "passes", "plies", "end label":
		places[0] = d.find("end", "Entries", 3)
	case "best", "value", "margin":
		places[0] = d.find("score", "Entries", 3)
	case "cells", "shape", "diagonals":
		places[0] = d.find("board", "Entries", 3)
	case "forward":
		places[0] = d.find("players", "Entries", 3)
	case "take":
		places[0] = d.find("group", "Moves", 3)
	case "forbid":
		places[0] = d.find("forbid", "Entries", 3)
	case "squares":
		places[0] = d.find("pdn", "Entries", 3)
	}
	add("Cell conditions")
	add("Goals")
	add("Player values")
	add("Names by context")
	places = append(places, d.find("setup", "Entries", 3), d.find("board", "Entries", 3), d.find("players", "Entries", 3))
	for i, s := range places {
		if s == nil {
			continue
		}
		t := d.definingOnly(s.all, word)
		if t == "" && i == 0 && key != "" {
			t = d.defining(s.all, word)
		}
		if t == "" && i == 0 && key != "" {
			t = d.rowMentioning(s.all, word)
		}
		if t != "" {
			return t
		}
	}
	return ""
}

// rowMentioning renders the first table row with a code span that starts
// with word.
func (d *docIndex) rowMentioning(units []string, word string) string {
	var header []string
	for _, u := range units {
		if !strings.HasPrefix(u, "|") {
			header = nil
			continue
		}
		cells := splitRow(u)
		if header == nil {
			header = cells
			continue
		}
		for _, c := range cells[1:] {
			if firstCellNames(c, word) {
				return "- " + renderRow(header, cells)
			}
		}
	}
	return ""
}

// joinUnits joins units with blank lines, but the rows of a table with
// line ends.
func joinUnits(units []string) string {
	var b strings.Builder
	for i, u := range units {
		if i > 0 {
			if strings.HasPrefix(u, "|") && strings.HasPrefix(units[i-1], "|") {
				b.WriteString("\n")
			} else {
				b.WriteString("\n\n")
			}
		}
		b.WriteString(u)
	}
	return b.String()
}

// row renders the table row of units whose first cell is `name` (or
// starts with it, unless exact), with the header's names:
// "**when**: step: yes · jump: yes · ...".
func (d *docIndex) row(s *section, name string, exact bool) string {
	if s == nil {
		return ""
	}
	var header []string
	for _, u := range s.body {
		if !strings.HasPrefix(u, "|") {
			header = nil
			continue
		}
		cells := splitRow(u)
		if header == nil {
			header = cells
			continue
		}
		if len(cells) == 0 || strings.HasPrefix(cells[0], "---") {
			continue
		}
		first := firstSpan(cells[0])
		if first == name || (!exact && startsWord(first, name)) {
			return renderRow(header, cells)
		}
	}
	return ""
}

func splitRow(u string) []string {
	u = strings.TrimSpace(u)
	u = strings.TrimPrefix(strings.TrimSuffix(u, "|"), "|")
	// A | inside a code span (`a \| b`) is escaped.
	u = strings.ReplaceAll(u, `\|`, "\x00")
	var cells []string
	for _, c := range strings.Split(u, "|") {
		cells = append(cells, strings.ReplaceAll(strings.TrimSpace(c), "\x00", "|"))
	}
	return cells
}

func renderRow(header, cells []string) string {
	var parts []string
	for i, c := range cells {
		if i == 0 || c == "" {
			continue
		}
		if i < len(header) && header[i] != "" {
			parts = append(parts, header[i]+": "+c)
		} else {
			parts = append(parts, c)
		}
	}
	return cells[0] + ": " + strings.Join(parts, "; ")
}

func firstSpan(s string) string {
	m := codeSpan.FindStringSubmatch(s)
	if m == nil {
		return ""
	}
	return m[1]
}

// startsWord reports whether text starts with word followed by the end, a
// space, a colon, a bracket or a dot.
func startsWord(text, word string) bool {
	if !strings.HasPrefix(text, word) {
		return false
	}
	rest := text[len(word):]
	return rest == "" || strings.ContainsAny(rest[:1], " :(.[")
}

// defining returns the units that define key: list items and table rows
// whose first code span starts with it, and code lines that give it; else
// the first paragraph that mentions it in a code span.
func (d *docIndex) defining(units []string, key string) string {
	t := d.definingOnly(units, key)
	if t != "" && !strings.HasPrefix(t, "```") {
		return t
	}
	for _, u := range units {
		if strings.HasPrefix(u, "```") || strings.HasPrefix(u, "|") {
			continue
		}
		for _, m := range codeSpan.FindAllStringSubmatch(u, -1) {
			if hasWord(m[1], key) {
				return strings.TrimPrefix(t+"\n\n"+u, "\n\n")
			}
		}
	}
	return t
}

func (d *docIndex) definingOnly(units []string, key string) string {
	var out []string
	var header []string
	for _, u := range units {
		switch {
		case strings.HasPrefix(u, "|"):
			cells := splitRow(u)
			if header == nil {
				header = cells
				continue
			}
			if len(cells) > 0 && strings.HasPrefix(cells[0], "`") && firstCellNames(cells[0], key) {
				out = append(out, "- "+renderRow(header, cells))
			}
			continue
		case strings.HasPrefix(u, "- "):
			if strings.HasPrefix(u, "- `") && startsWord(firstSpan(u), key) {
				out = append(out, u)
			}
		case strings.HasPrefix(u, "```"):
			var lines []string
			for _, ln := range strings.Split(u, "\n") {
				if code := strings.TrimSpace(ln); startsWord(code, key) && strings.Contains(code, ":") {
					lines = append(lines, code)
				}
			}
			if len(lines) > 0 {
				out = append(out, "```\n"+strings.Join(lines, "\n")+"\n```")
			}
		}
		header = nil
	}
	return strings.Join(out, "\n")
}

// firstCellNames reports whether a table's first cell names key: one of
// its code spans starts with it.
func firstCellNames(cell, key string) bool {
	for _, m := range codeSpan.FindAllStringSubmatch(cell, -1) {
		if startsWord(m[1], key) {
			return true
		}
	}
	return false
}

// hasWord reports whether key is one of the words of text.
func hasWord(text, key string) bool {
	for _, w := range strings.FieldsFunc(text, func(r rune) bool {
		return !(r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
	}) {
		if w == key {
			return true
		}
	}
	return false
}

// under reports whether a section is inside the section titled title.
func (s *section) under(title string) bool {
	for p := s.parent; p != nil; p = p.parent {
		if p.title == title {
			return true
		}
	}
	return false
}
