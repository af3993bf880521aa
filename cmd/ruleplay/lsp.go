package main

import (
	"fmt"
	"io"
	"strconv"

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

Documents are checked apart from the answers to the editor, once the
changes pause for ` + lsp.CheckDelay.String() + `: a burst of changes gives one check of the
latest text, and a document whose text and bases did not change is not
checked again. At most ` + strconv.Itoa(lsp.MaxDiagnostics) + ` diagnostics are sent for a document (one
more says how many were left out); a check still running after ` + lsp.SlowCheck.String() + ` is
reported on its document.

Limits of the input: a message's content is at most ` + strconv.Itoa(lsp.MaxMessageSize>>20) + ` MiB
(` + strconv.Itoa(lsp.MaxMessageSize) + ` bytes), its header at most ` + strconv.Itoa(lsp.MaxHeaderSize) + ` bytes; the ranged changes of
one message are applied until they have copied ` + strconv.Itoa(lsp.MaxChangeWork>>20) + ` MiB (the document is
then out of sync until the editor sends its whole text).

A message that is not JSON gets a Parse error (-32700) answer and the
server goes on; input that is not framed as the protocol frames it (no
Content-Length, a length over the limit, header lines ended by \n alone,
an HTTP request) ends the server with a message on standard error and exit
status 1. So does exit without shutdown, or the end of the input before
shutdown; exit after shutdown gives status 0.

docs/editing.md shows how to set it up in VS Code and
Neovim.`,
		Example: `  ruleplay lsp            # started by the editor, not by hand
  # VS Code (Generic LSP Client): "glspc.server.command": "ruleplay",
  #   "glspc.server.commandArguments": ["lsp"]
  # Neovim: vim.lsp.config("ruleplay", { cmd = { "ruleplay", "lsp" }, filetypes = { "ruleplay" } })`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			s := lsp.New(lsp.Options{Version: version(), Log: cmd.ErrOrStderr()})
			err := s.Serve(cmd.Context(), stdio{cmd.InOrStdin(), cmd.OutOrStdout()})
			if err != nil {
				return fmt.Errorf("lsp: %w", err)
			}
			return nil
		},
	}
}

// stdio is the command's standard input and output as one stream.
type stdio struct {
	io.Reader
	io.Writer
}

func (stdio) Close() error { return nil }
