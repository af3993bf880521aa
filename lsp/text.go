package lsp

import (
	"net/url"
	"path/filepath"
	"strings"
	"unicode/utf16"
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
		units -= len(utf16.Encode([]rune{r}))
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

func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n += len(utf16.Encode([]rune{r}))
	}
	return n
}

// rangeOf converts a lang position (line, rune column, byte length) to an
// LSP range in text.
func rangeOf(text string, p lang.Pos) protocol.Range {
	if p.Line < 1 {
		return protocol.Range{}
	}
	start := lineStart(text, p.Line-1)
	end := len(text)
	if i := strings.IndexByte(text[start:], '\n'); i >= 0 {
		end = start + i
	}
	off := start
	for col := 1; col < p.Col && off < end; col++ {
		_, w := utf8.DecodeRuneInString(text[off:])
		off += w
	}
	stop := min(off+max(p.Len, 0), end)
	return protocol.Range{Start: positionOf(text, off), End: positionOf(text, stop)}
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
