// Package safetext makes texts that come from the user (move texts, names,
// titles) safe to put in a message or on a terminal: Short cuts a long
// text down to its start and end, Escape writes control characters (and
// with them terminal escape sequences) as Go escapes.
package safetext

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// Short returns s when it has at most max characters; otherwise its first
// and last characters around "...", and its length: "aaaa...zzzz (1048576
// characters)".
func Short(s string, max int) string {
	if len(s) <= max {
		return s
	}
	r := []rune(s)
	if len(r) <= max {
		return s
	}
	half := max / 2
	return fmt.Sprintf("%s...%s (%d characters)", string(r[:half]), string(r[len(r)-half:]), len(r))
}

// LongWord is the length in bytes over which ShortWords cuts a word.
const LongWord = 200

// ShortWords returns s with every word (a run of characters without a
// space) longer than LongWord bytes cut by Short to about max characters:
// a message that quotes a huge input (a 100 KB option name, a path, a
// move) keeps its shape and says how long the input was.
func ShortWords(s string, max int) string {
	if len(s) <= LongWord {
		return s
	}
	var b strings.Builder
	start := -1 // the start of the current word, or -1 between words
	flush := func(end int) {
		if start >= 0 {
			if end-start > LongWord {
				b.WriteString(Short(s[start:end], max))
			} else {
				b.WriteString(s[start:end])
			}
			start = -1
		}
	}
	for i, r := range s {
		if r == ' ' || r == '\n' || r == '\t' {
			flush(i)
			b.WriteRune(r)
		} else if start < 0 {
			start = i
		}
	}
	flush(len(s))
	return b.String()
}

// Quote is strconv.Quote of Short(s, max).
func Quote(s string, max int) string {
	if len(s) > max {
		return strconv.Quote(Short(s, max))
	}
	return strconv.Quote(s)
}

// Escape returns s with every character that is not printable (control
// characters such as ESC, which starts terminal escape sequences, and
// invalid UTF-8) written as a Go escape; printable text, Unicode letters
// included, is unchanged.
func Escape(s string) string {
	if Clean(s) {
		return s
	}
	q := strconv.QuoteToGraphic(s)
	q = q[1 : len(q)-1]
	// QuoteToGraphic also escapes quotes and backslashes, which are
	// printable; keep them as they were.
	q = strings.ReplaceAll(q, `\"`, `"`)
	return q
}

// Clean reports whether every character of s is printable (a space is).
func Clean(s string) bool {
	for _, r := range s {
		if r == unicode.ReplacementChar || !unicode.IsGraphic(r) {
			return false
		}
	}
	return true
}
