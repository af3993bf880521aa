// Package rulesfs lists the rules files of an embedded folder (the
// bundled games, the standard library's modules).
package rulesfs

import (
	"io/fs"
	"sort"
	"strings"
)

// Names returns the stems of the .rules files at the top of fsys, sorted.
func Names(fsys fs.FS) []string {
	entries, _ := fs.ReadDir(fsys, ".")
	var out []string
	for _, e := range entries {
		if n, ok := strings.CutSuffix(e.Name(), ".rules"); ok {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}
