// Package inputs opens the files a command reads so that no file can hang
// it: a named pipe without a writer reads as empty instead of blocking the
// open for ever.
package inputs

import (
	"os"
	"syscall"
)

// Open opens path for reading, without blocking on a named pipe that has
// no writer (it then reads as empty). Reads still wait for a writer's data.
func Open(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
