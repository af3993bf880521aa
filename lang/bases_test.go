package lang

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// memFiles is a read function over files held in memory that counts the
// reads of each.
type memFiles struct {
	files map[string]string
	reads map[string]int
}

func (m *memFiles) read(path string) ([]byte, error) {
	m.reads[path]++
	src, ok := m.files[path]
	if !ok {
		return nil, &os.PathError{Op: "open", Path: path, Err: os.ErrNotExist}
	}
	return []byte(src), nil
}

func loadMem(files map[string]string, root string) (*memFiles, error) {
	m := &memFiles{files: files, reads: map[string]int{}}
	_, err := LoadSourceWith(root, []byte(files[root]), m.read, nil)
	return m, err
}

// TestBaseReadOnce: eight files of 16 extends lines each naming the next
// (16^7 base loads when every line loads its base again) read each base
// once and load the game.
func TestBaseReadOnce(t *testing.T) {
	files := map[string]string{"l7.rules": tinyGame}
	for i := 6; i >= 0; i-- {
		files[fmt.Sprintf("l%d.rules", i)] = strings.Repeat(fmt.Sprintf("extends: \"l%d.rules\"\n", i+1), 16)
	}
	m, err := loadMem(files, "l0.rules")
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= 7; i++ {
		if n := m.reads[fmt.Sprintf("l%d.rules", i)]; n != 1 {
			t.Errorf("l%d.rules read %d times, want 1", i, n)
		}
	}
}

// TestBaseChainTooDeep: a chain of 200 variants reports only that it is
// nested too deep (no "the game has no board" before it).
func TestBaseChainTooDeep(t *testing.T) {
	files := map[string]string{"v0.rules": tinyGame}
	for i := 1; i <= 200; i++ {
		files[fmt.Sprintf("v%d.rules", i)] = fmt.Sprintf("extends: \"v%d.rules\"\n", i-1)
	}
	_, err := loadMem(files, "v200.rules")
	ds, ok := err.(Diagnostics)
	if !ok || len(ds) != 1 || ds[0].Msg != "variants nested more than 16 deep" {
		t.Fatalf("got %v, want one diagnostic: variants nested more than 16 deep", err)
	}
	if ds[0].Pos.File != "v184.rules" || ds[0].Pos.Line != 1 {
		t.Errorf("at %v, want v184.rules:1", ds[0].Pos)
	}
}

// TestLoadBounds: one load reads at most MaxLoadFiles files and
// MaxLoadBytes bytes, and merges at most MaxMergeEntries entries.
func TestLoadBounds(t *testing.T) {
	// Files: a root naming MaxLoadFiles bases.
	files := map[string]string{}
	var root strings.Builder
	for i := range MaxLoadFiles {
		fmt.Fprintf(&root, "extends: \"b%d.rules\"\n", i)
		files[fmt.Sprintf("b%d.rules", i)] = fmt.Sprintf("zone z%d: a1\n", i)
	}
	root.WriteString(tinyGame)
	files["root.rules"] = root.String()
	m, err := loadMem(files, "root.rules")
	want := fmt.Sprintf("root.rules:%d:10: more than %d files to read for one game (extends and import)", MaxLoadFiles, MaxLoadFiles)
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("files: got %v, want %q", err, want)
	}
	if n := len(m.reads); n != MaxLoadFiles-1 {
		t.Errorf("files: %d bases read, want %d", n, MaxLoadFiles-1)
	}

	// Bytes: bases of comments, each under MaxFileSize, together over
	// MaxLoadBytes.
	comment := strings.Repeat("# "+strings.Repeat("x", 98)+"\n", MaxFileSize/100-1)
	files = map[string]string{}
	root.Reset()
	for i := range MaxLoadBytes/len(comment) + 1 {
		fmt.Fprintf(&root, "extends: \"c%d.rules\"\n", i)
		files[fmt.Sprintf("c%d.rules", i)] = comment
	}
	root.WriteString(tinyGame)
	files["root.rules"] = root.String()
	_, err = loadMem(files, "root.rules")
	want = fmt.Sprintf("more than %d bytes to read for one game (extends and import)", MaxLoadBytes)
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("bytes: got %v, want %q", err, want)
	}

	// Merges: one base of 20,000 entries named 100 times.
	var base strings.Builder
	base.WriteString(tinyGame)
	for i := range 20000 {
		fmt.Fprintf(&base, "zone z%d: a1\n", i)
	}
	files = map[string]string{"base.rules": base.String(), "root.rules": strings.Repeat("extends: \"base.rules\"\n", 100)}
	_, err = loadMem(files, "root.rules")
	want = fmt.Sprintf("root.rules: more than %d entries to merge for one game (extends and import)", MaxMergeEntries)
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("merges: got %v, want %q", err, want)
	}
}

// TestHexRowsBound: a hex board of 100,000 rows is refused by its row
// count while the tokens are scanned, before the parser builds anything;
// 64 rows are accepted.
func TestHexRowsBound(t *testing.T) {
	rows := func(n int) string {
		return "board { shape: hex(" + strings.TrimSuffix(strings.Repeat("3, ", n), ", ") + ") }\nplayers: a, b\npiece p {}\n"
	}
	// An unclosed block after it: the parser never runs, so only the
	// rows are reported.
	_, err := LoadSource("hex.rules", []byte(rows(100000)+"piece q {\n"), nil)
	want := "hex.rules:1:16: a hex board has at most 64 rows; this one has 100000"
	ds, ok := err.(Diagnostics)
	if !ok || len(ds) != 1 || !strings.HasPrefix(ds.Error(), want) {
		t.Errorf("got %v, want only %q", err, want)
	}
	if _, err := LoadSource("hex.rules", []byte(rows(64)), nil); err != nil {
		t.Errorf("64 rows: %v", err)
	}
}

// TestHintsBounded: 2,000 unknown zones among 2,500 known get at most
// MaxHints "did you mean" hints, the first of them right.
func TestHintsBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString("board { shape: square(8x8) }\nplayers: a, b\npiece p {}\n")
	for i := range 2500 {
		fmt.Fprintf(&b, "zone zone%d: a1\n", i)
	}
	b.WriteString("end { win: some(own, in zonx0)")
	for i := 1; i < 2000; i++ {
		fmt.Fprintf(&b, " or some(own, in zonx%d)", i)
	}
	b.WriteString(" }\n")
	_, err := LoadSource("zones.rules", []byte(b.String()), nil)
	ds, ok := err.(Diagnostics)
	if !ok {
		t.Fatalf("got %v, want diagnostics", err)
	}
	hints := 0
	for _, d := range ds {
		if strings.HasPrefix(d.Hint, "did you mean") {
			hints++
		}
	}
	if len(ds) != 2000 || hints == 0 || hints > MaxHints {
		t.Errorf("%d diagnostics, %d did-you-mean hints; want 2000, 1 to %d hints", len(ds), hints, MaxHints)
	}
	var first *Diagnostic
	for _, d := range ds {
		if strings.HasPrefix(d.Msg, "unknown zone") {
			first = d
			break
		}
	}
	if first == nil || first.Msg != `unknown zone "zonx0"` || first.Hint != `did you mean "zone0"?` {
		t.Errorf("first unknown zone: %+v", first)
	}
}
