package main

import (
	"encoding/json"
	"fmt"

	"github.com/ruleplay/ruleplay/interp"
	"github.com/spf13/cobra"
)

// movesJSON is the --json output of moves.
type movesJSON struct {
	Game    string         `json:"game"`
	Ply     int            `json:"ply"`
	ToMove  string         `json:"to_move"`
	Moves   []string       `json:"moves"`
	Over    bool           `json:"over"`
	Winners []string       `json:"winners,omitempty"`
	Reason  string         `json:"reason,omitempty"`
	Scores  map[string]int `json:"scores,omitempty"`
	Margin  *int           `json:"margin,omitempty"`
}

func newMovesCmd() *cobra.Command {
	var (
		gf       gameFlags
		played   []string
		asJSON   bool
		notation string
	)
	cmd := &cobra.Command{
		Use:   "moves FILE",
		Short: "List the legal moves after some moves",
		Long: `Moves plays the given moves from the start of the game (or from
--position's, a position text: docs/notation.md), then lists the legal
moves of the position reached, one per line, in the interpreter's
order. When the game is over it says so instead.

An illegal move stops with an error naming its number and text, the legal
moves at that point, and the closest legal move when the text looks like a
typo. Move texts are explained in docs/notation.md.

--json prints {"game", "ply", "to_move", "moves", "over"} and, when the game
is over, "winners" and "reason"; "scores" when the game has scores ("to_move"
is "" when the game is over).

--notation numbers lists the moves by square numbers (32-28, 28x19) in a
game whose board numbers its cells (numbers: in its board,
docs/language.md); --moves takes both.`,
		Example: `  ruleplay moves my-game.rules
  ruleplay moves my-game.rules --option size=8x8 --moves xd4,d6-d4
  ruleplay moves my-game.rules --moves c3-d4 --moves f6-e5 --json`,
		Args:              exactArgs("FILE"),
		ValidArgsFunction: completeRulesFile,
		RunE: func(cmd *cobra.Command, args []string) error {
			gm, err := gf.load(args[0], 0)
			if err != nil {
				return err
			}
			p := gm.p
			if err := checkNotation(p, notation); err != nil {
				return err
			}
			s, err := gm.startAt(&gf)
			if err != nil {
				return err
			}
			if err := gm.replay(s, splitMoves(played)); err != nil {
				return err
			}
			var ml interp.MoveList
			p.Legal(s, &ml)
			st := p.Status(s)
			out := cmd.OutOrStdout()
			if asJSON {
				j := movesJSON{Game: gm.g.Name, Ply: s.Ply(), Moves: moveTexts(p, &ml, notation), Over: st.Over}
				if !st.Over {
					j.ToMove = p.PlayerName(s.ToMove())
				} else {
					j.Winners, j.Reason = playerNames(p, st.Winners), st.Reason
					if m, ok := margin(p, st); ok {
						j.Margin = &m
					}
				}
				if st.Scores != nil {
					j.Scores = map[string]int{}
					for i, v := range st.Scores {
						j.Scores[p.PlayerName(i)] = v
					}
				}
				b, err := json.MarshalIndent(j, "", "  ")
				if err != nil {
					return err
				}
				fmt.Fprintf(out, "%s\n", b)
				return nil
			}
			if st.Over {
				fmt.Fprintf(out, "game over: %s\n", resultLine(p, st))
				return nil
			}
			for _, t := range moveTexts(p, &ml, notation) {
				fmt.Fprintln(out, t)
			}
			return nil
		},
	}
	gf.register(cmd, "seed for the random setup")
	gf.registerPosition(cmd)
	cmd.Flags().StringSliceVarP(&played, "moves", "m", nil, "`MOVES` to play first, comma-separated (repeatable)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	registerNotation(cmd, &notation)
	return cmd
}
