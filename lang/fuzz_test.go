package lang

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzLoad feeds arbitrary text to the parser and checker: nothing may
// panic, and every failure must be diagnostics naming the file (or an
// option error), never anything else.
func FuzzLoad(f *testing.F) {
	seeds, _ := filepath.Glob("../games/*.rules")
	more, _ := filepath.Glob("testdata/diag/*.rules")
	for _, s := range append(seeds, more...) {
		if b, err := os.ReadFile(s); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte("board { shape: hex(1, 2, 1) }\nplayers: numbered(2)\n"))
	// The limits: nesting far past MaxNesting, numbers past MaxNumber and
	// past 64 bits, a BOM and Unicode names, control characters.
	head := "board { shape: square(4x4) }\nplayers: a, b\npiece p { v: 1 }\n"
	f.Add([]byte(head + "end { win: " + strings.Repeat("(", 20000) + "true" + strings.Repeat(")", 20000) + " }\n"))
	f.Add([]byte(head + "end { win: " + strings.Repeat("not ", 20000) + "true }\n"))
	f.Add([]byte(head + "end { win: " + strings.Repeat("- ", 20000) + "1 == 1 }\n"))
	f.Add([]byte(head + "end { win: " + strings.Repeat("if true then ", 5000) + "true" + strings.Repeat(" else false", 5000) + " }\n"))
	f.Add([]byte(head + "piece q { v: 99999999999999999999999999 }\n"))
	f.Add([]byte("board { shape: square(1000000001x18446744073709551617) }\nplayers: a, b\n"))
	f.Add([]byte("\uFEFF" + head + "piece läufer {}\n"))
	f.Add([]byte(head + "game: \"\x1b[2J\"\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		const path = "testdata/fuzz.rules"
		g, err := LoadSource(path, src, nil)
		if err == nil {
			if g == nil || len(g.Board.Cells) == 0 || len(g.Players) == 0 {
				t.Fatalf("accepted a game without board or players")
			}
			return
		}
		var ds Diagnostics
		var oe *OptionError
		switch {
		case errors.As(err, &ds):
			if len(ds) == 0 {
				t.Fatal("empty diagnostics")
			}
			for _, d := range ds {
				if d.Pos.File == "" || d.Msg == "" {
					t.Fatalf("diagnostic without file or message: %+v", d)
				}
			}
			if !strings.Contains(err.Error(), ".rules") {
				t.Fatalf("rendered diagnostics name no file: %s", err)
			}
		case errors.As(err, &oe):
		default:
			t.Fatalf("unexpected error type %T: %v", err, err)
		}
	})
}
