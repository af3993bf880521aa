package main

import (
	"io"

	"github.com/ruleplay/ruleplay/lsp"
	"github.com/spf13/cobra"
)

func newLspCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "lsp",
		Short: "Serve the Language Server Protocol for rules files (for editors)",
		Long: `Lsp is a language server for rules files: an editor starts it and speaks
the Language Server Protocol with it on its standard input and output. It
gives the checker's diagnostics as you type (across extends and import),
hover documentation for every key and property from the language
reference (docs/language.md), completion of keys, properties, piece kinds,
zones, players and options, go to definition (into a base file or a stdlib
module), document symbols, and formatting as 'ruleplay fmt' does it.

docs/editing.md shows how to set it up in VS Code and
Neovim.`,
		Example: `  ruleplay lsp            # started by the editor, not by hand
  # VS Code (Generic LSP Client): "glspc.server.command": "ruleplay",
  #   "glspc.server.commandArguments": ["lsp"]
  # Neovim: vim.lsp.config("ruleplay", { cmd = { "ruleplay", "lsp" }, filetypes = { "ruleplay" } })`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			s := lsp.New(lsp.Options{Version: version()})
			return s.Serve(cmd.Context(), stdio{cmd.InOrStdin(), cmd.OutOrStdout()})
		},
	}
}

// stdio is the command's standard input and output as one stream.
type stdio struct {
	io.Reader
	io.Writer
}

func (stdio) Close() error { return nil }
