package record

import (
	"bufio"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
)

// Width is the column at which Write wraps the list of moves.
const Width = 80

// Write writes rec in the layout of docs/notation.md:
//
//	game: my-game
//	options: {limit: 120}
//	seats: {green: mcts, red: human}
//	seed: 7
//	date: 2026-12-01
//	engine: ruleplay (devel)
//	comment: "..."
//	setup:
//	  a1: gold
//	start: "mmmm/mmmm/mmmm/4/4/MMMM/MMMM/MMMM black"
//	moves: [c3-d4, h8-g7, a3-b4]
//	result:
//	  winners: [p1]
//	  scores: {p1: 0, p2: 31}
//
// Empty options, seats, setup and result, and the optional keys not set,
// are left out; moves are always written. The start, a position text, is
// always double-quoted.
func Write(w io.Writer, rec *Record) error {
	if rec == nil {
		return fmt.Errorf("record: nothing to write")
	}
	if rec.Game == "" {
		return fmt.Errorf("record: no game name")
	}
	b := bufio.NewWriter(w)
	fmt.Fprintf(b, "game: %s\n", scalar(rec.Game, false))
	if len(rec.Options) > 0 {
		parts := make([]string, 0, len(rec.Options))
		for _, k := range sortedKeys(rec.Options) {
			parts = append(parts, scalar(k, false)+": "+scalar(rec.Options[k], true))
		}
		fmt.Fprintf(b, "options: {%s}\n", strings.Join(parts, ", "))
	}
	if len(rec.Seats) > 0 {
		parts := make([]string, 0, len(rec.Seats))
		for _, k := range sortedKeys(rec.Seats) {
			parts = append(parts, scalar(k, false)+": "+scalar(rec.Seats[k], false))
		}
		fmt.Fprintf(b, "seats: {%s}\n", strings.Join(parts, ", "))
	}
	if rec.Seed != nil {
		fmt.Fprintf(b, "seed: %d\n", *rec.Seed)
	}
	for _, kv := range [][2]string{{"date", rec.Date}, {"engine", rec.Engine}, {"comment", rec.Comment}} {
		if kv[1] != "" {
			fmt.Fprintf(b, "%s: %s\n", kv[0], scalar(kv[1], kv[0] == "date"))
		}
	}
	if len(rec.Setup) > 0 {
		b.WriteString("setup:\n")
		for _, k := range sortedKeys(rec.Setup) {
			fmt.Fprintf(b, "  %s: %s\n", scalar(k, false), scalar(rec.Setup[k], false))
		}
	}
	if rec.Start != "" {
		fmt.Fprintf(b, "start: %s\n", strconv.Quote(rec.Start))
	}
	items := make([]string, len(rec.Moves))
	for i, m := range rec.Moves {
		items[i] = scalar(m, false)
	}
	b.WriteString(flowList("moves: ", items, "  "))
	if r := rec.Result; r != nil {
		b.WriteString("result:\n")
		ws := make([]string, len(r.Winners))
		for i, x := range r.Winners {
			ws[i] = scalar(x, false)
		}
		b.WriteString(flowList("  winners: ", ws, "    "))
		if len(r.Scores) > 0 {
			parts := make([]string, 0, len(r.Scores))
			for _, k := range sortedKeys(r.Scores) {
				parts = append(parts, scalar(k, false)+": "+strconv.Itoa(r.Scores[k]))
			}
			fmt.Fprintf(b, "  scores: {%s}\n", strings.Join(parts, ", "))
		}
	}
	return b.Flush()
}

// flowList writes prefix + [a, b, c] and a newline, wrapping at Width with
// continuation lines indented by indent.
func flowList(prefix string, items []string, indent string) string {
	if len(items) == 0 {
		return prefix + "[]\n"
	}
	var b strings.Builder
	b.WriteString(prefix + "[")
	col := len(prefix) + 1
	for i, it := range items {
		sep := ""
		if i > 0 {
			sep = " "
		}
		tail := ","
		if i == len(items)-1 {
			tail = "]"
		}
		if i > 0 && col+len(sep)+len(it)+len(tail) > Width {
			b.WriteString("\n" + indent)
			col, sep = len(indent), ""
		}
		b.WriteString(sep + it + tail)
		col += len(sep) + len(it) + len(tail)
	}
	b.WriteByte('\n')
	return b.String()
}

var (
	plainRE = regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9_.+/-]*$`)
	// Words and numbers that YAML readers (1.1 or 1.2) take for something
	// other than a string.
	specialRE = regexp.MustCompile(`^(?i:y|n|yes|no|on|off|true|false|null|~|\.inf|\.nan)$`)
	numberRE  = regexp.MustCompile(`^[-+]?(0[box]?)?[0-9_.]*([eE][-+]?[0-9]+)?[0-9a-fA-F_:]*$`)
)

// scalar renders s as a YAML scalar: plain when that reads back as the same
// text and as a string (typed: also when it is a number or a Boolean, for
// option values whose YAML type does not matter), double-quoted otherwise.
func scalar(s string, typed bool) string {
	if plainRE.MatchString(s) && strings.ToLower(s) != "null" {
		if typed || (!specialRE.MatchString(s) && !looksNumeric(s)) {
			return s
		}
	}
	return strconv.Quote(s)
}

// looksNumeric reports whether a YAML reader might take s for a number.
func looksNumeric(s string) bool {
	if s == "" {
		return false
	}
	if _, err := strconv.ParseFloat(strings.ReplaceAll(s, "_", ""), 64); err == nil {
		return true
	}
	if _, err := strconv.ParseInt(strings.ReplaceAll(s, "_", ""), 0, 64); err == nil {
		return true
	}
	return isDigit(s[0]) && numberRE.MatchString(s)
}
