//go:build unix

package outfile

import (
	"io/fs"
	"os"
	"syscall"
)

// hardLinks returns how many names the file of st has.
func hardLinks(st fs.FileInfo) int {
	if s, ok := st.Sys().(*syscall.Stat_t); ok {
		return int(s.Nlink)
	}
	return 1
}

// writable reports whether this process may write path (the super-user
// may write any file: Write also looks at the mode).
func writable(path string) bool {
	return syscall.Access(path, 2 /* W_OK */) == nil
}

// keepOwner gives f the owner and group of the file it replaces, when this
// process may (the super-user may; others get EPERM and keep theirs).
func keepOwner(f *os.File, st fs.FileInfo) {
	if s, ok := st.Sys().(*syscall.Stat_t); ok {
		_ = f.Chown(int(s.Uid), int(s.Gid))
	}
}
