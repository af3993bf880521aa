package solve

import "syscall"

// hugePages asks Linux to back b with huge pages (transparent huge
// pages in madvise mode; an error, as where they are off, changes
// nothing but the speed).
func hugePages(b []byte) {
	if len(b) >= 4<<20 {
		_ = syscall.Madvise(b, syscall.MADV_HUGEPAGE)
	}
}
