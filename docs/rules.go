package docs

import "embed"

// Rules holds the rules pages of the bundled games (rules/NAME.md), which
// `ruleplay serve` links each bundled game to.
//
//go:embed rules/*.md
var Rules embed.FS
