package lsp

import (
	"net/url"
	"path/filepath"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ruleplay/ruleplay/lang"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// Positions: the language server protocol counts lines from 0 and
// characters in UTF-16 code units; package lang counts lines and
// characters (runes) from 1 and lengths in bytes. These convert between
// them and byte offsets, on the text of a file.

// lineStart returns the byte offset of line (0-based) in text, or len(text).
func lineStart(text string, line int) int {
	off := 0
	for i := 0; i < line; i++ {
		j := strings.IndexByte(text[off:], '\n')
		if j < 0 {
			return len(text)
		}
		off += j + 1
	}
	return off
}

// offsetOf converts an LSP position to a byte offset in text.
func offsetOf(text string, p protocol.Position) int {
	off := lineStart(text, int(p.Line))
	units := int(p.Character)
	for off < len(text) && units > 0 {
		r, w := utf8.DecodeRuneInString(text[off:])
		if r == '\n' {
			break
		}
		units -= utf16Units(r)
		off += w
	}
	return off
}

// positionOf converts a byte offset in text to an LSP position.
func positionOf(text string, off int) protocol.Position {
	off = min(max(off, 0), len(text))
	line := strings.Count(text[:off], "\n")
	start := strings.LastIndexByte(text[:off], '\n') + 1
	return protocol.Position{Line: uint32(line), Character: uint32(utf16Len(text[start:off]))}
}

// utf16Units is how many UTF-16 code units encode r: two for a rune
// beyond the Basic Multilingual Plane, else one.
func utf16Units(r rune) int {
	if r >= 0x10000 && r <= unicode.MaxRune {
		return 2
	}
	return 1
}

func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n += utf16Units(r)
	}
	return n
}

// lines indexes the starts of the lines of a text once, so that a
// position is found by a binary search and a scan of its own line up to
// it, never by scanning the text from its start (a document with 70,000
// diagnostics would make that quadratic); and a conversion after the
// previous one on the same line goes on from it, so that positions in
// text order (the checker's diagnostics are sorted) cost the text's
// length in all, even on one long line.
type lines struct {
	text   string
	starts []int // the byte offset of each line

	// The previous conversions, that the next on the same line goes on
	// from: position's, and rangeOf's column.
	posLine, posOff, posChar int
	colLine, col, colOff     int
}

func newLines(text string) *lines {
	x := &lines{text: text, starts: []int{0}, posLine: -1, colLine: -1}
	for i := 0; ; {
		j := strings.IndexByte(text[i:], '\n')
		if j < 0 {
			break
		}
		i += j + 1
		x.starts = append(x.starts, i)
	}
	return x
}

// position converts a byte offset to an LSP position.
func (x *lines) position(off int) protocol.Position {
	off = min(max(off, 0), len(x.text))
	line := sort.SearchInts(x.starts, off+1) - 1 // the last line starting at or before off
	from, char := x.starts[line], 0
	if line == x.posLine && off >= x.posOff {
		from, char = x.posOff, x.posChar
	}
	char += utf16Len(x.text[from:off])
	x.posLine, x.posOff, x.posChar = line, off, char
	return protocol.Position{Line: uint32(line), Character: uint32(char)}
}

// rangeOf converts a lang position (line, rune column, byte length) to an
// LSP range.
func (x *lines) rangeOf(p lang.Pos) protocol.Range {
	if p.Line < 1 {
		return protocol.Range{}
	}
	l := p.Line - 1
	if l >= len(x.starts) {
		end := x.position(len(x.text))
		return protocol.Range{Start: end, End: end}
	}
	start, end := x.starts[l], len(x.text)
	if l+1 < len(x.starts) {
		end = x.starts[l+1] - 1
	}
	off, col := start, 1
	if x.colLine == l && p.Col >= x.col {
		off, col = x.colOff, x.col
	}
	for ; col < p.Col && off < end; col++ {
		_, w := utf8.DecodeRuneInString(x.text[off:])
		off += w
	}
	x.colLine, x.col, x.colOff = l, col, off
	stop := min(off+max(p.Len, 0), end)
	return protocol.Range{Start: x.position(off), End: x.position(stop)}
}

// tokenRange is the LSP range of a token.
func (x *lines) tokenRange(t lang.Token) protocol.Range {
	return protocol.Range{Start: x.position(t.Offset), End: x.position(t.Offset + len(t.Text))}
}

// tokenRange is the LSP range of a token.
func tokenRange(text string, t lang.Token) protocol.Range {
	return protocol.Range{Start: positionOf(text, t.Offset), End: positionOf(text, t.Offset+len(t.Text))}
}

// URIs: documents are files (file:///abs/path).

func pathOf(uri string) string {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" {
		return uri
	}
	return filepath.FromSlash(u.Path)
}

func uriOf(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String()
}
