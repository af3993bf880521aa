// Package docs holds the user documentation of ruleplay (the Markdown
// pages of this folder) and embeds the language reference, so that the
// language server (package lsp) can show it as hover documentation.
package docs

import _ "embed"

// Language is docs/language.md, the reference of the rules language.
//
//go:embed language.md
var Language string
