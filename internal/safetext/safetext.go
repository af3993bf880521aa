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
