package outfile

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func text(s string) func(io.Writer) error {
	return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// A new file is created with mode 0644; a file written over keeps its mode.
func TestWriteKeepsMode(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "new.txt")
	if err := Write(f, text("one")); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(f); st.Mode().Perm() != 0o644 || read(t, f) != "one" {
		t.Errorf("new file: mode %v, text %q", st.Mode(), read(t, f))
	}
	if err := os.Chmod(f, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := Write(f, text("two")); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(f); st.Mode().Perm() != 0o600 || read(t, f) != "two" {
		t.Errorf("written over: mode %v, text %q", st.Mode(), read(t, f))
	}
	assertNoTemporary(t, dir)
}

// A symbolic link (relative, through another link, or dangling) is
// followed: its target is replaced and the link stays a link.
func TestWriteFollowsLinks(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(sub, "target.rules")
	if err := os.WriteFile(target, []byte("old"), 0o640); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.rules")
	if err := os.Symlink("sub/target.rules", link); err != nil {
		t.Fatal(err)
	}
	chain := filepath.Join(dir, "chain.rules")
	if err := os.Symlink("link.rules", chain); err != nil {
		t.Fatal(err)
	}
	for _, via := range []string{link, chain} {
		if err := Write(via, text("new via "+filepath.Base(via))); err != nil {
			t.Fatal(err)
		}
		if got := read(t, target); got != "new via "+filepath.Base(via) {
			t.Errorf("target holds %q", got)
		}
		if st, err := os.Lstat(via); err != nil || st.Mode()&os.ModeSymlink == 0 {
			t.Errorf("%s is no longer a link", via)
		}
	}
	if st, _ := os.Stat(target); st.Mode().Perm() != 0o640 {
		t.Errorf("target mode %v, want 0640", st.Mode().Perm())
	}
	dangling := filepath.Join(dir, "dangling.rules")
	if err := os.Symlink("sub/made.rules", dangling); err != nil {
		t.Fatal(err)
	}
	if err := Write(dangling, text("made")); err != nil {
		t.Fatal(err)
	}
	if read(t, filepath.Join(sub, "made.rules")) != "made" {
		t.Error("a dangling link's target was not created")
	}
	loop := filepath.Join(dir, "loop")
	if err := os.Symlink("loop", loop); err != nil {
		t.Fatal(err)
	}
	if err := Write(loop, text("x")); err == nil || !strings.Contains(err.Error(), "more than 40 symbolic links in a row") {
		t.Errorf("a link to itself: %v", err)
	}
	assertNoTemporary(t, dir)
	assertNoTemporary(t, sub)
}

// A file with another hard link, or a read-only file, is refused and left
// as it was.
func TestWriteRefuses(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "a.rules")
	if err := os.WriteFile(f, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(f, filepath.Join(dir, "b.rules")); err != nil {
		t.Skipf("no hard links: %v", err)
	}
	err := Write(f, text("new"))
	if err == nil || err.Error() != f+" has 2 hard links: replacing it would break them (the other names would keep the old text); write to another file, or remove the other links first" {
		t.Errorf("hard link: %v", err)
	}
	ro := filepath.Join(dir, "ro.rules")
	if err := os.WriteFile(ro, []byte("old"), 0o444); err != nil {
		t.Fatal(err)
	}
	err = Write(ro, text("new"))
	if err == nil || err.Error() != ro+" is read-only (mode 0444): not replaced; make it writable first, or write to another file" {
		t.Errorf("read-only: %v", err)
	}
	if read(t, f) != "old" || read(t, ro) != "old" {
		t.Error("a refused file was changed")
	}
	if err := Write(dir, text("x")); err == nil || !strings.HasSuffix(err.Error(), "is a directory") {
		t.Errorf("a directory: %v", err)
	}
	if err := Write(filepath.Join(dir, "nosuch", "x"), text("x")); err == nil || !strings.HasPrefix(err.Error(), "open "+filepath.Join(dir, "nosuch", "x")+": ") {
		t.Errorf("a missing folder: %v", err)
	}
	assertNoTemporary(t, dir)
}

func assertNoTemporary(t *testing.T, dir string) {
	t.Helper()
	tmps, _ := filepath.Glob(filepath.Join(dir, ".*.tmp"))
	if len(tmps) > 0 {
		t.Errorf("temporary files left: %v", tmps)
	}
}
