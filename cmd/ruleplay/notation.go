package main

import (
	"github.com/ruleplay/ruleplay/interp"
	"github.com/spf13/cobra"
)

// --notation: how the commands that print moves write them: by cell
// names (the default, docs/notation.md "Move texts") or, in a game whose
// cells are numbered, by square numbers ("Square numbers").

const (
	notationNames   = "names"
	notationNumbers = "numbers"
)

// registerNotation adds --notation to cmd.
func registerNotation(cmd *cobra.Command, notation *string) {
	cmd.Flags().StringVar(notation, "notation", notationNames, "write moves by cell `names` (c3-d4) or, in a game with square numbers, by numbers (32-28)")
}

// checkNotation refuses a --notation the game cannot write.
func checkNotation(p *interp.Program, notation string) error {
	switch notation {
	case notationNames:
		return nil
	case notationNumbers:
		if !p.Numbered() {
			return usageErrorf("--notation numbers: %s does not number its cells (numbers: in its board, docs/language.md)", p.Game().Name)
		}
		return nil
	}
	return usageErrorf("--notation %q: names or numbers", notation)
}

// moveTexts are the texts of ml's moves in notation (each move without a
// number text keeps its canonical one).
func moveTexts(p *interp.Program, ml *interp.MoveList, notation string) []string {
	texts := p.Texts(ml)
	if notation != notationNumbers {
		return texts
	}
	for i := range texts {
		if t := p.NumberText(ml, i); t != "" {
			texts[i] = t
		}
	}
	return texts
}
