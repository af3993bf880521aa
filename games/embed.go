// Package games holds the bundled rules files, embedded in the binary so
// that a command can name a bundled game (`ruleplay run salta`) from any
// folder. The rules of each game, in words, are in docs/rules/GAME.md.
package games

import (
	"embed"
	"io/fs"

	"github.com/ruleplay/ruleplay/internal/rulesfs"
)

//go:embed *.rules
var files embed.FS

// FS returns the bundled rules files, each at the root as NAME.rules.
// A variant's `extends` names its base beside it, in the same FS; a
// variant anywhere else names a bundled game by its name
// (`extends: "draughts-international"`, package lang).
func FS() fs.FS { return files }

// Names lists the bundled games (the stems of the rules files), sorted.
func Names() []string { return rulesfs.Names(files) }

// Has reports whether name is a bundled game.
func Has(name string) bool {
	_, err := fs.Stat(files, name+".rules")
	return err == nil
}
