package lang

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/ruleplay/ruleplay/internal/suggest"
)

// Diagnostic is one problem found in a rules file.
type Diagnostic struct {
	Pos  Pos
	Msg  string
	Hint string
	// Line is the source line the position points into ("" when unknown).
	Line string
}

// String renders the diagnostic as
//
//	file:line:col: message
//	   12 |   dirs: diagnoal
//	      |         ^^^^^^^^
//	   hint: did you mean "diagonal"?
func (d *Diagnostic) String() string {
	var b strings.Builder
	if d.Pos.File != "" {
		if d.Pos.Line > 0 {
			fmt.Fprintf(&b, "%s: ", d.Pos)
		} else {
			fmt.Fprintf(&b, "%s: ", d.Pos.File)
		}
	}
	b.WriteString(d.Msg)
	if d.Pos.Line > 0 && d.Line != "" {
		num := fmt.Sprint(d.Pos.Line)
		pad := strings.Repeat(" ", len(num))
		line := printable(d.Line)
		col := max(d.Pos.Col, 1)
		n := caretWidth(line, col, d.Pos.Len)
		line, col, n = window(line, col, n)
		fmt.Fprintf(&b, "\n %s | %s", num, line)
		fmt.Fprintf(&b, "\n %s | %s%s", pad, strings.Repeat(" ", col-1), strings.Repeat("^", n))
	}
	if d.Hint != "" {
		fmt.Fprintf(&b, "\n hint: %s", d.Hint)
	}
	return b.String()
}

// Diagnostics is every problem found, in file order; it is the error Load
// returns for a bad rules file.
type Diagnostics []*Diagnostic

// Error renders the first MaxShownDiagnostics of them, then how many more
// there are.
func (ds Diagnostics) Error() string {
	n := min(len(ds), MaxShownDiagnostics)
	parts := make([]string, n, n+1)
	for i, d := range ds[:n] {
		parts[i] = d.String()
	}
	if more := len(ds) - n; more > 0 {
		parts = append(parts, fmt.Sprintf("(and %d more problems; fix these first)", more))
	}
	return strings.Join(parts, "\n")
}

// MaxShownDiagnostics is the most problems Diagnostics.Error renders.
const MaxShownDiagnostics = 50

// reporter collects diagnostics and knows the source lines of every file.
type reporter struct {
	sources  map[string][]string
	diags    Diagnostics
	warnings Diagnostics
	hints    int // did-you-mean hints computed, at most MaxHints
}

func newReporter() *reporter { return &reporter{sources: map[string][]string{}} }

func (r *reporter) addSource(file string, src []byte) {
	r.sources[file] = strings.Split(string(src), "\n")
}

// warnf records a warning: legal, but worth a look.
func (r *reporter) warnf(p Pos, hint string, format string, args ...any) {
	n := len(r.diags)
	r.errorf(p, hint, "warning: "+format, args...)
	r.warnings = append(r.warnings, r.diags[n])
	r.diags = r.diags[:n]
}

func (r *reporter) errorf(p Pos, hint string, format string, args ...any) {
	d := &Diagnostic{Pos: p, Msg: fmt.Sprintf(format, args...), Hint: hint}
	if lines, ok := r.sources[p.File]; ok && p.Line >= 1 && p.Line <= len(lines) {
		d.Line = strings.TrimRight(lines[p.Line-1], "\r")
	}
	r.diags = append(r.diags, d)
}

// sorted returns the diagnostics ordered by file appearance, line and column,
// without exact duplicates.
func (r *reporter) sorted(fileOrder []string) Diagnostics {
	rank := map[string]int{}
	for i, f := range fileOrder {
		if _, ok := rank[f]; !ok {
			rank[f] = i
		}
	}
	ds := append(Diagnostics(nil), r.diags...)
	sort.SliceStable(ds, func(i, j int) bool {
		a, b := ds[i].Pos, ds[j].Pos
		if a.File != b.File {
			return rank[a.File] < rank[b.File]
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	out := ds[:0]
	// Two diagnostics are the same when their place, message and hint
	// are (the line shown follows from the place): rendering each one,
	// its line with it, would cost a long line's length per diagnostic.
	type key struct {
		pos       Pos
		msg, hint string
	}
	seen := map[key]bool{}
	for _, d := range ds {
		k := key{d.Pos, d.Msg, d.Hint}
		if !seen[k] {
			seen[k] = true
			out = append(out, d)
		}
	}
	return out
}

// MaxHints is how many "did you mean" hints one load computes. Each costs
// an edit distance per known name; past the bound an unknown name gets the
// list of known names only, so that a file of 20,000 unknown names among
// 25,000 known ones is not checked in quadratic time.
const MaxHints = 100

// didYouMean returns a hint naming the closest of the known names (in
// known and then more) to name, or "". Only names whose length is within
// the allowed distance of name's are compared, and no more than MaxHints
// hints are computed per load.
func (r *reporter) didYouMean(name string, known []string, more ...[]string) string {
	if r.hints >= MaxHints {
		return ""
	}
	r.hints++
	limit := max(1, (len(name)+2)/3)
	lower := strings.ToLower(name)
	length := utf8.RuneCountInString(lower)
	best, bestD := "", limit+1
	for _, list := range append([][]string{known}, more...) {
		for _, k := range list {
			if n := utf8.RuneCountInString(k); n < length-limit || n > length+limit {
				continue // too long or too short to be within limit edits
			}
			d := suggest.DistanceWithin(lower, strings.ToLower(k), limit)
			if d < bestD || (d == bestD && k < best) {
				best, bestD = k, d
			}
		}
	}
	if best == "" || bestD > limit {
		return ""
	}
	return fmt.Sprintf("did you mean %q?", best)
}

// knownList renders a hint listing the known names.
func knownList(what string, known []string) string {
	if len(known) == 0 {
		return ""
	}
	return what + ": " + strings.Join(known, ", ")
}

// hintFor prefers "did you mean", else lists what is known (the first 12
// of known and then more).
func (r *reporter) hintFor(name string, what string, known []string, more ...[]string) string {
	if h := r.didYouMean(name, known, more...); h != "" {
		return h
	}
	var first []string
	for _, list := range append([][]string{known}, more...) {
		first = append(first, list[:min(len(list), 13-len(first))]...)
	}
	if len(first) > 12 {
		first = append(first[:12], "...")
	}
	return knownList(what, first)
}

// printable replaces tabs by spaces and other control characters by '?', so
// that the caret line stays aligned and the terminal is not disturbed.
func printable(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\t':
			return ' '
		case r < 0x20 || r == 0x7f || r == 0xfffd:
			return '?'
		}
		return r
	}, s)
}

// caretWidth is how many characters the Len bytes from character col of
// line cover: at least 1, at most what is left of the line.
func caretWidth(line string, col, nbytes int) int {
	r := []rune(line)
	if col-1 >= len(r) {
		return 1
	}
	rest := r[col-1:]
	n, size := 0, 0
	for n < len(rest) && size < nbytes {
		size += utf8.RuneLen(rest[n])
		n++
	}
	return max(n, 1)
}

// maxShown is the most characters of a source line a diagnostic shows.
const maxShown = 120

// window cuts a long line down to maxShown characters around the caret
// (col, n characters), marking the cuts with "...", and returns the caret's
// place in what is left.
func window(line string, col, n int) (string, int, int) {
	r := []rune(line)
	if len(r) <= maxShown {
		return line, col, n
	}
	n = min(n, maxShown/2)
	start := max(0, min(col-1-maxShown/3, len(r)-maxShown))
	end := min(len(r), start+maxShown)
	out := string(r[start:end])
	if start > 0 {
		out = "..." + out
		col = col - start + 3
	}
	if end < len(r) {
		out += "..."
	}
	return out, col, n
}
