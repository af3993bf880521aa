package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/ruleplay/ruleplay/conformance"
	"github.com/ruleplay/ruleplay/games"
	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/record"
	"github.com/spf13/cobra"
	"golang.org/x/term"
)

type checkFlags struct {
	dir    string
	games  string
	json   bool
	accels accelFlags
	max    int64
	// variations: PDN files' variations are checked too
	variations bool
}

func newCheckCmd() *cobra.Command {
	f := &checkFlags{}
	cmd := &cobra.Command{
		Use:   "check [FILE] [RECORD.yaml... | FILE.pdn...]",
		Short: "Replay recorded games against a rules file",
		Long: `check replays recorded games (the YAML records of docs/notation.md) and reports,
for each, OK or the first problem: an illegal move (its index, the position,
the legal moves and the closest one), a game that ended before the record
did, a result that differs, or a malformed record.

With FILE and records, every record is checked against FILE, which must be
the rules of the record's game or of a variant that extends them (a record
of another game cannot be checked). With --dir,
every *.yaml under DIR is checked against games/<game>.rules (--games sets
that folder; without --games, a game missing there is taken from the
bundled games) or, when FILE is given, against FILE.

FILE may be the name of a bundled game ('ruleplay games'). A record without
a result is checked for legality only; the optional keys (seats, seed,
date, engine, comment) are accepted and ignored. A record larger than
--max-record-size is refused. Exit status: 0 when every record agrees, 1
when one disagrees, 2 for usage or file errors.

PDN files (FILE.pdn, PDN 3.0: docs/notation.md, "PDN files") are checked
game by game, read one at a time: by FILE when given (written as its pdn
entry says), otherwise by the bundled rules file whose pdn entry has the
game's [GameType] number, from its [FEN] or the start. Each game's first
illegal move is reported with its place, its move number and the legal
moves there; a broken game is reported and the games after it are read;
a summary ends each file. Variations are skipped, or checked with
--variations.`,
		Example: `  ruleplay check games/my-game.rules game1.yaml game2.yaml
  ruleplay check games.pdn --variations
  ruleplay check my-game.rules games.pdn
  ruleplay check --dir conformance/records
  ruleplay check --dir conformance/records --games games --json`,
		RunE: func(cmd *cobra.Command, args []string) error { return runCheck(cmd, f, args) },
		ValidArgsFunction: func(cmd *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
			if len(args) == 0 && f.dir == "" {
				return []string{"rules"}, cobra.ShellCompDirectiveFilterFileExt
			}
			return []string{"yaml", "yml", "pdn"}, cobra.ShellCompDirectiveFilterFileExt
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.dir, "dir", "", "check every *.yaml record under `DIR`")
	fl.StringVar(&f.games, "games", "games", "with --dir: the `DIR` holding <game>.rules")
	fl.BoolVar(&f.json, "json", false, "print the reports as JSON")
	fl.Int64Var(&f.max, "max-record-size", record.DefaultMaxBytes, "read records of at most `BYTES` each")
	fl.BoolVar(&f.variations, "variations", false, "PDN files: check the moves of the variations too (skipped otherwise)")
	f.accels.register(cmd)
	_ = cmd.MarkFlagDirname("dir")
	_ = cmd.MarkFlagDirname("games")
	return cmd
}

func runCheck(cmd *cobra.Command, f *checkFlags, args []string) error {
	if f.max < 1 {
		return usageErrorf("--max-record-size %d: want 1 or more bytes", f.max)
	}
	disable, err := f.accels.names()
	if err != nil {
		return err
	}
	if len(args) > 0 && f.dir == "" && (isPDN(args[0]) || len(args) > 1 && isPDN(args[1])) {
		if f.json {
			return usageErrorf("check --json reports YAML records; PDN files are reported as text")
		}
		return runCheckPDN(cmd.OutOrStdout(), cmd.ErrOrStderr(), disable, f.variations, args) // pdn.go
	}
	c := &conformance.Checker{Games: f.games, Config: interp.Config{Disable: disable}, Load: loadRules, MaxRecordBytes: f.max}
	if !cmd.Flags().Changed("games") {
		c.Bundled = games.Has // without --games, a game missing from ./games is a bundled one
	}
	var records []string
	switch {
	case f.dir != "":
		if len(args) > 1 {
			return usageErrorf("check --dir takes at most a rules file, not records: ruleplay check [FILE] --dir DIR")
		}
		if len(args) == 1 {
			c.Rules = args[0]
		}
		if st, err := os.Stat(f.dir); err != nil || !st.IsDir() {
			return usageErrorf("check --dir %s: not a directory", f.dir)
		}
		_ = filepath.WalkDir(f.dir, func(path string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(d.Name(), ".yaml") {
				records = append(records, path)
			}
			return nil
		})
		if len(records) == 0 {
			return usageErrorf("check --dir %s: no *.yaml records there", f.dir)
		}
	case len(args) < 2:
		return usageErrorf("check needs a rules file and records: ruleplay check FILE RECORD.yaml... (or --dir DIR)")
	default:
		c.Rules, records = args[0], args[1:]
		if _, err := os.Stat(c.Rules); err != nil && !games.Has(strings.TrimSuffix(c.Rules, ".rules")) {
			return usageErrorf("check: cannot read rules file %s (nor is it a bundled game: 'ruleplay games' lists them)", c.Rules)
		}
	}
	out := cmd.OutOrStdout()
	bar := newProgress(cmd.ErrOrStderr(), len(records))
	reports := make([]*conformance.Report, 0, len(records))
	for _, path := range records {
		rep := c.File(path)
		reports = append(reports, rep)
		bar.step()
		if !f.json {
			bar.clear()
			fmt.Fprint(out, rep.Text())
		}
	}
	bar.done()
	ok := 0
	for _, r := range reports {
		if r.Verdict == conformance.OK {
			ok++
		}
	}
	if f.json {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		if err := enc.Encode(struct {
			Records int                   `json:"records"`
			OK      int                   `json:"ok"`
			Failed  int                   `json:"failed"`
			Reports []*conformance.Report `json:"reports"`
		}{len(reports), ok, len(reports) - ok, reports}); err != nil {
			return err
		}
	} else {
		fmt.Fprintf(out, "%d records: %d ok, %d failed\n", len(reports), ok, len(reports)-ok)
	}
	if code := conformance.ExitCode(reports...); code != 0 {
		return &reportedError{code: code}
	}
	return nil
}

// progress draws a one-line bar on w when w is a terminal, for long runs;
// elsewhere it draws nothing.
type progress struct {
	w          io.Writer
	total, n   int
	active     bool
	lastFilled int
}

func newProgress(w io.Writer, total int) *progress {
	return &progress{w: w, total: total, active: isTerminal(w) && total > 1, lastFilled: -1}
}

func (p *progress) step() {
	p.n++
	if !p.active {
		return
	}
	const width = 30
	filled := p.n * width / p.total
	if filled == p.lastFilled && p.n != p.total {
		return
	}
	p.lastFilled = filled
	fmt.Fprintf(p.w, "\r[%s%s] %d/%d", strings.Repeat("#", filled), strings.Repeat(".", width-filled), p.n, p.total)
}

// clear wipes the bar so that a line of output can be printed.
func (p *progress) clear() {
	if p.active {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.lastFilled = -1
	}
}

func (p *progress) done() { p.clear() }

// terminalRows is the height of the terminal w (0 when w is not one or
// its size is unknown).
func terminalRows(w io.Writer) int {
	f, ok := osFile(w)
	if !ok {
		return 0
	}
	_, rows, err := term.GetSize(int(f.Fd()))
	if err != nil {
		return 0
	}
	return rows
}

// isTerminal reports whether w is a terminal (not a file, a pipe or
// /dev/null).
func isTerminal(w io.Writer) bool {
	f, ok := osFile(w)
	return ok && term.IsTerminal(int(f.Fd()))
}
