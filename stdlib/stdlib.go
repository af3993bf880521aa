// Package stdlib holds rules-language modules shared by several games,
// embedded in the binary. A rules file imports one by name
// (`import: leaping`); its entries are merged under the importing file's own,
// exactly as a variant's base file is.
package stdlib

import (
	"embed"
	"fmt"
	"io/fs"

	"github.com/ruleplay/ruleplay/internal/rulesfs"
)

//go:embed *.rules
var files embed.FS

// Open returns the source of module name and its display path
// ("stdlib/name.rules").
func Open(name string) (src []byte, path string, err error) {
	src, err = fs.ReadFile(files, name+".rules")
	if err != nil {
		return nil, "", fmt.Errorf("no stdlib module %q", name)
	}
	return src, "stdlib/" + name + ".rules", nil
}

// Names lists the modules, sorted.
func Names() []string { return rulesfs.Names(files) }
