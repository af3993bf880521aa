package safetext

import (
	"strings"
	"testing"
)

func TestShort(t *testing.T) {
	for _, c := range []struct {
		in   string
		max  int
		want string
	}{
		{"abc", 10, "abc"},
		{"abcdefghij", 4, "ab...ij (10 characters)"},
		{"ééééé", 5, "ééééé"}, // characters, not bytes
		{"éééééé", 4, "éé...éé (6 characters)"},
	} {
		if got := Short(c.in, c.max); got != c.want {
			t.Errorf("Short(%q, %d) = %q, want %q", c.in, c.max, got, c.want)
		}
	}
	if got := Quote("a\"b", 10); got != `"a\"b"` {
		t.Errorf("Quote = %s", got)
	}
}

func TestEscape(t *testing.T) {
	for in, want := range map[string]string{
		"plain text, weiß <&>": "plain text, weiß <&>",
		"red \x1b[31m":         `red \x1b[31m`,
		"bell\a and \"q\"":     `bell\a and "q"`,
		"nul\x00 bad\xff":      `nul\x00 bad\xff`,
		"tab\there":            `tab\there`,
	} {
		if got := Escape(in); got != want {
			t.Errorf("Escape(%q) = %q, want %q", in, got, want)
		}
		if !Clean(Escape(in)) {
			t.Errorf("Escape(%q) is not clean", in)
		}
	}
}

func TestShortWords(t *testing.T) {
	long := strings.Repeat("x", 100000)
	for _, c := range []struct{ in, want string }{
		{"short words stay", "short words stay"},
		{`unknown player "` + long + `" given`, `unknown player "xxxxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxxx" (100002 characters) given`},
		{strings.Repeat("word ", 100), strings.Repeat("word ", 100)},
		{long + "\n" + strings.Repeat("y", LongWord), "xxxxxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxxxx (100000 characters)\n" + strings.Repeat("y", LongWord)},
	} {
		if got := ShortWords(c.in, 40); got != c.want {
			t.Errorf("ShortWords(%.60q...) = %.200q, want %.200q", c.in, got, c.want)
		}
	}
}
