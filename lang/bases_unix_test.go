//go:build unix

package lang

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestBaseNotRegular: a base that is a named pipe (held open by a writer
// that never writes) or a device is refused at once, without a read.
func TestBaseNotRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.rules")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no named pipes: %v", err)
	}
	// A silent writer: the pipe is open for writing and stays empty.
	w, err := os.OpenFile(fifo, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	cases := []struct{ base, want string }{{"fifo.rules", "is a named pipe, not a rules file (a base must be a regular file)"}}
	if _, err := os.Stat("/dev/zero"); err == nil {
		if err := os.Symlink("/dev/zero", filepath.Join(dir, "zero.rules")); err != nil {
			t.Fatal(err)
		}
		cases = append(cases, struct{ base, want string }{"zero.rules", "is a device, not a rules file (a base must be a regular file)"})
	}
	if err := os.Mkdir(filepath.Join(dir, "dir.rules"), 0o755); err != nil {
		t.Fatal(err)
	}
	cases = append(cases, struct{ base, want string }{"dir.rules", "is a directory, not a rules file"})
	for _, c := range cases {
		variant := filepath.Join(dir, "variant.rules")
		if err := os.WriteFile(variant, []byte("extends: \""+c.base+"\"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Load(variant, nil)
		want := fmt.Sprintf("variant.rules:1:10: cannot read base %q: %s %s", c.base, filepath.Join(dir, c.base), c.want)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want %q", c.base, err, want)
		}
	}
}

// TestBaseNotRegularWithRead: a read function that falls back to the disk
// (an editor's buffers, then the file) is not called for a base that is a
// named pipe.
func TestBaseNotRegularWithRead(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.rules")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no named pipes: %v", err)
	}
	w, err := os.OpenFile(fifo, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	read := func(path string) ([]byte, error) {
		t.Errorf("read(%s) called (ReadFile would wait for the silent writer)", path)
		return nil, os.ErrInvalid
	}
	variant := filepath.Join(dir, "variant.rules")
	_, _, err = VetSourceWith(variant, []byte("extends: \"fifo.rules\"\n"), read, nil)
	want := fmt.Sprintf(`cannot read base "fifo.rules": %s is a named pipe`, fifo)
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("got %v, want %q", err, want)
	}
}
