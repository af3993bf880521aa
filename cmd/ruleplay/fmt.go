package main

import (
	"bytes"
	"fmt"
	"io"

	"github.com/ruleplay/ruleplay/lang"
	"github.com/ruleplay/ruleplay/lang/format"
	"github.com/spf13/cobra"
)

func newFmtCmd() *cobra.Command {
	var write, check bool
	cmd := &cobra.Command{
		Use:   "fmt [FILE...]",
		Short: "Lay out rules files in the canonical way",
		Long: `Fmt prints each rules file in the one canonical layout: two spaces of
indentation a level, one space between tokens (none inside brackets or
before a colon or comma), one entry a line (a block written on one line
stays on one line), at most one blank line in a row, and the trailing
comments of consecutive lines aligned (from column 33). Entries keep
their order and every comment its place; only spaces, line breaks and the
';' between entries change, and formatting twice changes nothing more.

Without a file, fmt formats its standard input. -w writes the files in
place instead of printing them; --check prints nothing but the names of the
files that are not formatted, and exits with status 1 when there is any
(for CI). A file with a syntax error is reported and left as it is. -w
replaces a file through a temporary file renamed over it: a symbolic
link's target is replaced (the link stays), the file's mode is kept, and a
read-only file or one with other hard links is refused (exit 1).

The layout is described in docs/editing.md and the
language in docs/language.md.`,
		Example: `  ruleplay fmt my-game.rules
  ruleplay fmt -w games/*.rules
  ruleplay fmt --check games/*.rules`,
		ValidArgsFunction: completeRulesFiles,
		RunE: func(cmd *cobra.Command, args []string) error {
			if write && check {
				return usageErrorf("fmt: -w and --check do not go together")
			}
			out := cmd.OutOrStdout()
			if len(args) == 0 || (len(args) == 1 && args[0] == "-") {
				if write {
					return usageErrorf("fmt -w needs files")
				}
				src, err := io.ReadAll(io.LimitReader(cmd.InOrStdin(), lang.MaxFileSize+1))
				if err != nil {
					return err
				}
				if len(src) > lang.MaxFileSize {
					return fmt.Errorf("fmt: the input is larger than %d bytes, the most a rules file may have", lang.MaxFileSize)
				}
				res, err := format.Source("<stdin>", src)
				if err != nil {
					return err
				}
				if check {
					if !bytes.Equal(res, src) {
						fmt.Fprintln(out, "<stdin>")
						return &reportedError{exitFailure}
					}
					return nil
				}
				_, err = out.Write(res)
				return err
			}
			worst, unformatted := exitOK, false
			for _, file := range args {
				changed, err := fmtFile(out, file, write, check)
				if err != nil {
					text, code := classify(err, true)
					fmt.Fprintln(cmd.ErrOrStderr(), safeLines(text))
					worst = max(worst, code)
				}
				unformatted = unformatted || changed
			}
			if check && unformatted {
				worst = max(worst, exitFailure)
			}
			if worst != exitOK {
				return &reportedError{worst}
			}
			return nil
		},
	}
	cmd.Flags().BoolVarP(&write, "write", "w", false, "write the result to each file instead of printing it")
	cmd.Flags().BoolVar(&check, "check", false, "print the names of the files that are not formatted, and exit 1 if any")
	return cmd
}

// fmtFile formats one file: printed, written in place, or only checked.
// It reports whether the file was not formatted.
func fmtFile(out io.Writer, file string, write, check bool) (bool, error) {
	src, err := lang.ReadFile(file)
	if err != nil {
		return false, fmt.Errorf("reading rules: %w", err)
	}
	res, err := format.Source(file, src)
	if err != nil {
		return false, err
	}
	changed := !bytes.Equal(res, src)
	switch {
	case check:
		if changed {
			fmt.Fprintln(out, file)
		}
	case write:
		if changed {
			// Through a temporary file renamed over the file (a failure
			// half-way leaves the file as it was): a symbolic link's
			// target is replaced, a hard-linked or read-only file refused,
			// the mode kept.
			if err := writeAtomically(file, func(w io.Writer) error { _, err := w.Write(res); return err }, "fmt -w"); err != nil {
				return changed, err
			}
		}
	default:
		_, err = out.Write(res)
	}
	return changed, err
}
