package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/record"
	"github.com/ruleplay/ruleplay/record/pdn"
	"github.com/ruleplay/ruleplay/record/pdngame"
	"github.com/spf13/cobra"
)

type convertFlags struct {
	game   int
	accels accelFlags
	max    int64
}

func newConvertCmd() *cobra.Command {
	f := &convertFlags{}
	cmd := &cobra.Command{
		Use:   "convert [RULES] IN OUT",
		Short: "Convert a recorded game between a YAML record and PDN",
		Long: `Convert writes the game of IN to OUT in the other format: a YAML record
(docs/notation.md, "Recorded games") to PDN (PDN 3.0: docs/notation.md,
"PDN files"), or a game of a PDN file to a YAML record. The formats are
told by the files' extensions (.yaml or .yml, .pdn).

The game is replayed by its rules on the way: RULES when given, otherwise
the record's game, or the bundled rules file whose pdn entry has the PDN's
[GameType] number. A move the rules refuse is an error naming it. --game N
picks the game of a PDN file holding several (the first by default). PDN
writes the GameType, the squares (numbers or cell names), the capture
separator and the result as the rules' pdn entry says (docs/language.md),
and a [FEN] tag when the game does not start at the rules' start. OUT is
written through a temporary file, never over IN.`,
		Example: `  ruleplay convert game.yaml game.pdn
  ruleplay convert games.pdn game3.yaml --game 3
  ruleplay convert my-game.rules game.pdn game.yaml`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) < 2 || len(args) > 3 {
				return usageErrorf("convert takes IN and OUT (and RULES first, optionally), got %d arguments: %s", len(args), useLine(cmd))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error { return runConvert(cmd, f, args) },
		ValidArgsFunction: func(cmd *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
			return []string{"yaml", "yml", "pdn", "rules"}, cobra.ShellCompDirectiveFilterFileExt
		},
	}
	cmd.Flags().IntVar(&f.game, "game", 1, "convert game `N` of a PDN file (from 1)")
	cmd.Flags().Int64Var(&f.max, "max-record-size", record.DefaultMaxBytes, "read a YAML record of at most `BYTES`")
	f.accels.register(cmd)
	return cmd
}

func isYAML(file string) bool {
	l := strings.ToLower(file)
	return strings.HasSuffix(l, ".yaml") || strings.HasSuffix(l, ".yml")
}

func runConvert(cmd *cobra.Command, f *convertFlags, args []string) error {
	disable, err := f.accels.names()
	if err != nil {
		return err
	}
	rules := ""
	if len(args) == 3 {
		rules, args = args[0], args[1:]
	}
	in, out := args[0], args[1]
	if err := notAnInput("convert: OUT", out, in); err != nil {
		return err
	}
	switch {
	case isPDN(in) && isYAML(out):
		return pdnToRecord(cmd.OutOrStdout(), rules, in, out, f.game, disable)
	case isYAML(in) && isPDN(out):
		return recordToPDN(cmd.OutOrStdout(), rules, in, out, f.max, disable)
	}
	return usageErrorf("convert %s %s: convert a YAML record (.yaml) to PDN (.pdn), or PDN to YAML", in, out)
}

// pdnToRecord writes game n of the PDN file in as a YAML record.
func pdnToRecord(w io.Writer, rules, in, out string, n int, disable []string) error {
	if n < 1 {
		return usageErrorf("--game %d: games are numbered from 1", n)
	}
	file, err := os.Open(in)
	if err != nil {
		return usageErrorf("convert: %v", err)
	}
	defer file.Close()
	rd := pdn.NewReader(bufio.NewReader(file), in)
	var g *pdn.Game
	for {
		g, err = rd.Next()
		if err == io.EOF {
			return usageErrorf("convert: --game %d: %s holds %s", n, in, count(n-1, "game")+" or fewer")
		}
		if err != nil {
			return err
		}
		if g.Index == n {
			break
		}
	}
	r := &pdnRules{disable: disable, loaded: map[string]*game{}}
	if rules != "" {
		if r.given, err = loadCompiled(rules, disable); err != nil {
			return err
		}
		r.givenT = pdngame.ForRules(r.given.g)
	}
	gm, gt, err := r.forGame(g)
	if err != nil {
		return fmt.Errorf("%s:%d: game %d: %w", in, g.Line, g.Index, err)
	}
	rp, err := pdngame.Play(gm.p, gt, g)
	if err != nil {
		return fmt.Errorf("%s:%d: game %d: %w", in, g.Line, g.Index, err)
	}
	if bad := rp.Bad; bad != nil {
		return fmt.Errorf("%s:%d:%d: game %d: move %s %s: not legal: %s", in, bad.Move.Line, bad.Move.Col, g.Index, moveNumber(gm.p, rp.Start, bad.Ply), bad.Move.Text, bad.Why)
	}
	rec := pdngame.ToRecord(gm.p, gm.g.Name, g, rp)
	if err := writeRecord(out, rec); err != nil {
		return err
	}
	fmt.Fprintf(w, "%s: game %d (%s, %s) written to %s\n", in, g.Index, gm.g.Name, count(len(rec.Moves), "move"), out)
	return nil
}

// recordToPDN writes the YAML record in as a PDN game.
func recordToPDN(w io.Writer, rules, in, out string, max int64, disable []string) error {
	fr, err := readFrom(in, max)
	if err != nil {
		return err
	}
	rec := fr.Record
	if rules == "" {
		rules = rec.Game
	}
	g, err := loadRules(rules, rec.Options)
	if err != nil {
		return err
	}
	p, err := interp.Compile(g, interp.Config{Disable: disable})
	if err != nil {
		return err
	}
	t := pdngame.ForRules(g)
	if t.Number == 0 && !p.Numbered() {
		return fmt.Errorf("convert: %s is not a PDN game type (%s), and has no square numbers", g.Name, pdnTypeList())
	}
	var s0 *interp.State
	switch {
	case rec.Start != "":
		if s0, err = interp.ParsePosition(p, rec.Start); err != nil {
			return fmt.Errorf("%s: start: %w", in, err)
		}
	case len(rec.Setup) > 0:
		if s0, err = p.NewStateFromLayout(rec.Setup); err != nil {
			return fmt.Errorf("%s: setup: %w", in, err)
		}
	default:
		s0 = p.NewState(1)
	}
	tags := pdngame.RecordTags(rec)
	err = writeAtomically(out, func(wr io.Writer) error {
		return pdngame.Write(wr, p, t, tags, s0, rec.Moves, rec.Result != nil)
	}, "writing the PDN file")
	if err != nil {
		return fmt.Errorf("%s: %w", in, err)
	}
	fmt.Fprintf(w, "%s (%s, %s) written to %s\n", in, g.Name, count(len(rec.Moves), "move"), out)
	return nil
}

// pdnTypeList lists the bundled PDN game types, for a message.
func pdnTypeList() string {
	ts, err := pdngame.Bundled()
	if err != nil {
		return err.Error()
	}
	return ts.String()
}
