package record

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzRead feeds arbitrary bytes to Read: it must return a record or an
// error that names the file, never panic; a record read must survive a
// Write/Read round trip unchanged.
func FuzzRead(f *testing.F) {
	seeds, _ := filepath.Glob("../conformance/records/*/*.yaml")
	broken, _ := filepath.Glob("../conformance/testdata/broken/*.yaml")
	for _, s := range append(seeds[:min(len(seeds), 12)], broken...) {
		if b, err := os.ReadFile(s); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte("game: x\nmoves: [a1-b2]\nresult: {winners: [p1], scores: {p1: 3}}\n"))
	f.Add([]byte("game: draughts\nstart: \"mmmm/mmmm/mmmm/4/4/MMMM/MMMM/[white man]MMM white ply:1\"\nmoves: []\n"))
	// Huge numbers, deep nesting, control characters.
	f.Add([]byte("game: x\nseed: 99999999999999999999999\nresult: {winners: [p1], scores: {p1: 1e999}}\n"))
	f.Add([]byte("game: x\nmoves: " + strings.Repeat("[", 5000) + strings.Repeat("]", 5000) + "\n"))
	f.Add([]byte("game: \"x\\x1b[2J\"\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := Read(bytes.NewReader(data), "fuzz.yaml")
		if err != nil {
			var re *Error
			if errors.As(err, &re) && re.Pos.File != "fuzz.yaml" {
				t.Fatalf("error names %q: %v", re.Pos.File, err)
			}
			if !bytes.Contains([]byte(err.Error()), []byte("fuzz.yaml")) {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		var buf bytes.Buffer
		if err := Write(&buf, rec); err != nil {
			t.Fatalf("write: %v", err)
		}
		again, err := Read(bytes.NewReader(buf.Bytes()), "again.yaml")
		if err != nil {
			t.Fatalf("re-read of written record failed: %v\n%s", err, buf.Bytes())
		}
		var buf2 bytes.Buffer
		if err := Write(&buf2, again); err != nil || !bytes.Equal(buf.Bytes(), buf2.Bytes()) {
			t.Fatalf("round trip changed the record:\n%s\n---\n%s", buf.Bytes(), buf2.Bytes())
		}
	})
}
