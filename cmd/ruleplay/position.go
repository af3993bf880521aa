package main

import (
	"fmt"

	"github.com/ruleplay/ruleplay/interp"
	"github.com/spf13/cobra"
)

func newPositionCmd() *cobra.Command {
	var (
		gf     gameFlags
		played []string
		fen    bool
	)
	cmd := &cobra.Command{
		Use:   "position FILE",
		Short: "Print the position text of the start, or after some moves",
		Long: `Position prints the position text of the game's start, or of the
position after --moves: one line holding everything of the position the
rules can read (the pieces on every cell, stacks from the bottom, the
side to move, the ply, the turns, the passes in a row, the captures and
points, the pieces in hand, the last move's cell, the counters). The
grammar is in docs/notation.md ("Position text").

--position TEXT on perft, moves, run, show, bench, match and analyze
starts from such a text; a record starts from one with start: TEXT.
Given --position, this command reads the text and prints it back in its
written form (after --moves), or names what the rules cannot hold.

In a game whose board numbers its cells, --fen prints the position as a
FEN instead (W:W31-50:B1-20: the side to move, then white's and black's
pieces by square number, kings with K), and --position accepts one.`,
		Example: `  ruleplay position my-game.rules
  ruleplay position my-game.rules --moves c3-d4,f6-e5
  ruleplay position my-game.rules --position "mmmm/mmmm/mmmm/4/4/MMMM/MMMM/MMMM white ply:1"
  ruleplay position my-game.rules --fen --moves 32-28`,
		Args:              exactArgs("FILE"),
		ValidArgsFunction: completeRulesFile,
		RunE: func(cmd *cobra.Command, args []string) error {
			gm, err := gf.load(args[0], 0)
			if err != nil {
				return err
			}
			s, err := gm.startAt(&gf)
			if err != nil {
				return err
			}
			if err := gm.replay(s, splitMoves(played)); err != nil {
				return err
			}
			if fen {
				text, err := interp.FEN(gm.p, s)
				if err != nil {
					return usageErrorf("--fen: %v", err)
				}
				fmt.Fprintln(cmd.OutOrStdout(), text)
				return nil
			}
			fmt.Fprintln(cmd.OutOrStdout(), interp.PositionText(gm.p, s))
			return nil
		},
	}
	gf.register(cmd, "seed for the random setup")
	gf.registerPosition(cmd)
	cmd.Flags().BoolVar(&fen, "fen", false, "print the position as a FEN (W:W31-50:B1-20), for games with square numbers (docs/notation.md)")
	cmd.Flags().StringSliceVarP(&played, "moves", "m", nil, "`MOVES` to play first, comma-separated (repeatable)")
	return cmd
}
