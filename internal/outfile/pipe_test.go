//go:build unix

package outfile

import (
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// A named pipe (as /dev/stdout may be) is written to, not replaced.
func TestWritePipe(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no named pipes: %v", err)
	}
	r, err := os.OpenFile(fifo, os.O_RDWR, 0) // a reader, so that opening to write does not wait
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if err := Write(fifo, text("through")); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 7)
	if _, err := io.ReadFull(r, buf); err != nil || string(buf) != "through" {
		t.Fatalf("read %q, %v", buf, err)
	}
	if st, err := os.Lstat(fifo); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		t.Fatalf("the pipe was replaced: %v", err)
	}
}
