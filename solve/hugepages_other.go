//go:build !linux

package solve

// hugePages does nothing where the system offers no advice on pages.
func hugePages([]byte) {}
