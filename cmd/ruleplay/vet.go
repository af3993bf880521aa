package main

import (
	"errors"
	"fmt"

	"github.com/ruleplay/ruleplay/interp"
	"github.com/spf13/cobra"
)

func newVetCmd() *cobra.Command {
	var gf gameFlags
	var explain bool
	cmd := &cobra.Command{
		Use:   "vet FILE...",
		Short: "Check rules files",
		Long: `Vet reads, checks and compiles each rules file (with the options given)
without playing. A good file gives one line:

  my-game.rules: ok (My Game: 64 cells, 2 players, 3 moves)

(cells on the board, players, move rules). A bad file gives every problem
found, each with its file:line:col, the source line, a caret under the
problem and a hint; vet then exits with status 1. A warning (legal rules
likely to misbehave: a jump whose chains no piece bounds, so that their
number explodes) is printed on stderr the same way, and the file is still
ok (status 0). The language is
explained in docs/language.md; 'ruleplay rules FILE' prints what the
checker understood.

Limits (docs/language.md#limits): a rules file has at most 1 MiB;
variants nest at most 16 deep; one game reads at most 64 files (the file,
its bases and modules, each read once however often it is named) and
8 MiB together, and merges at most 1,048,576 entries; a base named by
extends must be a regular file (a named pipe or a device is refused
unread); the first 100 unknown names get a "did you mean" hint.

With --explain, vet also prints what the interpreter compiled the file
to: the board's representation (cells, 64-bit words of a set of cells,
the bit layout, the mailbox), and per move rule its pattern class, what
each of its conditions reads, the strategy that generates its moves, its
tables with their sizes and the further machinery it uses; then the
priority tiers and how playouts and perft count moves, and how moves are
made and unmade. Each rule, tier and the program end with the
accelerators they got ("accelerators: ...") and, for each accelerator
that could concern them but declined, why ("declined kernel: the board
needs 2 words"). --disable NAME,... shows the plan with those switched
off (and those needing them); --disable all (or --fast=false) the plan of
the generic walker alone; --disable list prints the registry.`,
		Example: `  ruleplay vet games/*.rules
  ruleplay vet my-game.rules --option size=30x30
  ruleplay vet my-game.rules --explain
  ruleplay vet my-game.rules --explain --disable kernel,mailbox
  ruleplay vet my-game.rules --disable list`,
		Args:              minArgs("FILE"),
		ValidArgsFunction: completeRulesFiles,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				return vetFile(cmd, &gf, args[0], explain)
			}
			// Several files: report each problem and go on.
			worst := exitOK
			for _, file := range args {
				if err := vetFile(cmd, &gf, file, explain); err != nil {
					if rep := (*reportedError)(nil); errors.As(err, &rep) {
						return err // (--disable list: printed once)
					}
					text, code := classify(err, true)
					fmt.Fprintln(cmd.ErrOrStderr(), safeLines(text))
					worst = max(worst, code)
				}
			}
			if worst != exitOK {
				return &reportedError{worst}
			}
			return nil
		},
	}
	gf.register(cmd, "")
	cmd.Flags().BoolVar(&explain, "explain", false, "also print the compiled plan: per move rule its pattern class, strategy and tables")
	return cmd
}

// vetFile checks one file and prints its ok line.
func vetFile(cmd *cobra.Command, gf *gameFlags, file string, explain bool) error {
	gm, err := gf.load(file, 0)
	if err != nil {
		return err
	}
	g := gm.g
	for _, w := range g.Warnings {
		fmt.Fprintln(cmd.ErrOrStderr(), w)
	}
	fmt.Fprintf(cmd.OutOrStdout(), "%s: ok (%s: %s, %s, %s)\n", file, g.Title,
		count(len(g.Board.Cells), "cell"), count(len(g.Players), "player"), count(len(g.Moves), "move"))
	if explain {
		if err := interp.Explain(gm.p).Write(cmd.OutOrStdout()); err != nil {
			return fmt.Errorf("explain %s: %w", file, err)
		}
	}
	return nil
}
