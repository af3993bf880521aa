package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"

	"github.com/ruleplay/ruleplay/analyze"
	"github.com/ruleplay/ruleplay/internal/inputs"
	"github.com/ruleplay/ruleplay/ir"
	"github.com/ruleplay/ruleplay/play"
	"github.com/spf13/cobra"
)

// reportFlags choose how an analysis is shown.
type reportFlags struct {
	asJSON    bool
	reportDir string
	format    string
	timing    bool
}

func (f *reportFlags) register(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.BoolVar(&f.asJSON, "json", false, "print the report as JSON")
	fl.StringVar(&f.reportDir, "report", "", "also write the report with its SVG plots to `DIR` (index.html, or report.md with --format md)")
	fl.StringVar(&f.format, "format", "html", "the --report page's `FORMAT`: html (self-contained) or md (Markdown, the plots beside it)")
	fl.BoolVar(&f.timing, "timing", true, "report the time per move and per game (--timing=false: a report that is the same on every run)")
	_ = cmd.MarkFlagDirname("report")
}

func (f *reportFlags) check() error {
	if f.format != "html" && f.format != "md" {
		return usageErrorf("--format %q: want html or md", f.format)
	}
	return nil
}

// analyzeHelp is analyze's long help, analyzeExamples its examples.
const (
	analyzeHelp = `Analyze plays --games games of each rules file between the computer
players of --players (one per seat, the seats turned round from game to
game as in 'ruleplay match'), then reports per file, side by side:

  - the results per seat and per player: wins, draws, losses, the score (a
    win 1, a draw 1/n, a win shared by k players 1/k) and its 95% interval;
    the first seat's advantage (its score minus its fair share, with a
    p-value);
  - the game length in plies: mean, median, spread, range; how many games
    --max-plies stopped;
  - the legal moves at every position where a move was chosen: mean,
    median, by phase (the first, middle and last third of each game),
    forced moves (a single legal move) and passes;
  - how games ended (the goal that decided them, no move, passes, the
    rules' limit, --max-plies) and, for scored games, the margin;
  - the time per move and per game.

With more than one file, each is compared with the first: the first seat's
score, the draw rate, the mean length and the mean legal moves, each with
the p-value of a two-sided z-test (significant below 0.05).

Game i draws its random setup (if the rules have one) from --seed plus i
divided by the number of seats, and its players' choices from --seed and
i: the same seed gives the same games, whatever --threads is, as long as
the players have playout budgets (--think is a wall-clock budget). Every
file plays the same seeds. --option applies to every file.

Output: a table on standard output (--json: the report as JSON), and with
--report DIR a page with SVG plots (the length histogram, the legal moves
by ply, the seats' scores with their intervals): DIR/index.html, one
self-contained file, or with --format md DIR/report.md with length.svg,
branching.svg and scores.svg beside it. A progress bar is drawn on
standard error when it is a terminal.

Bigger studies: --shard I/N plays only the games whose index is I mod N and
writes their records to a part file (--part, default analyze-part-I-of-N.json);
'ruleplay analyze merge PARTS...' joins the parts of every shard into the
report the whole run gives, the timing aside. --shard refuses --think.
docs/analyze.md shows how to run shards with GNU parallel or as a Kubernetes
Indexed Job (deploy/). FILE may be a bundled game's name ('ruleplay
games'; its rules: docs/rules/GAME.md).`
	analyzeExamples = `  ruleplay analyze my-game.rules --games 50 --players mcts,mcts
  ruleplay analyze base.rules variant.rules --games 100 --report report
  ruleplay analyze my-game.rules --players greedy,random --json
  ruleplay analyze my-game.rules --games 1000 --shard 0/4 --part part-0.json
  ruleplay analyze merge part-*.json --report report`
)

func newAnalyzeCmd() *cobra.Command {
	var (
		gf       gameFlags
		pf       playerFlags
		rf       reportFlags
		players  string
		games    int
		threads  int
		maxPlies int
		shardArg string
		partFile string
	)
	cmd := &cobra.Command{
		Use:               "analyze FILE [FILE...]",
		Short:             "Play many games of rules files and report what a designer needs to know",
		Long:              analyzeHelp,
		Example:           analyzeExamples,
		Args:              minArgs("FILE"),
		ValidArgsFunction: completeRulesFile,
		RunE: func(cmd *cobra.Command, args []string) error {
			a := &analysis{gf: &gf, pf: &pf, rf: &rf, games: games, threads: threads, maxPlies: maxPlies, players: players}
			if err := a.check(args, shardArg); err != nil {
				return err
			}
			if partFile != "" && !a.sharded {
				return usageErrorf("--part needs --shard (--shard 0/1 writes the part of the whole run)")
			}
			return a.run(cmd, args, partFile)
		},
	}
	gf.register(cmd, "seed of the analysis: the random setups and the players' random choices")
	gf.registerPosition(cmd)
	pf.register(cmd, "")
	rf.register(cmd)
	fl := cmd.Flags()
	fl.StringVar(&players, "players", "mcts,mcts", "computer `PLAYERS`, one per seat, comma-separated (known: "+strings.Join(play.Names(), ", ")+")")
	fl.IntVarP(&games, "games", "n", 20, fmt.Sprintf("play `N` games of each file (up to %d)", analyze.MaxGames))
	fl.IntVar(&threads, "threads", min(runtime.NumCPU(), analyze.MaxThreads), fmt.Sprintf("play `N` games at once (up to %d)", analyze.MaxThreads))
	fl.IntVar(&maxPlies, "max-plies", 1000, "end a game after `N` plies, as the rules end it at a move limit (0: no cap of your own; at most "+plyLimitText+")")
	fl.StringVar(&shardArg, "shard", "", "play only the games whose index is I mod N: `I/N`, and write a part file for 'analyze merge'")
	fl.StringVar(&partFile, "part", "", "--shard: write the part to `FILE` (default analyze-part-I-of-N.json)")
	_ = cmd.RegisterFlagCompletionFunc("players", completePlayers)
	_ = cmd.MarkFlagFilename("part", "json")
	cmd.AddCommand(newAnalyzeMergeCmd())
	return cmd
}

// analysis is an analyze command's settings.
type analysis struct {
	gf       *gameFlags
	pf       *playerFlags
	rf       *reportFlags
	players  string
	games    int
	threads  int
	maxPlies int
	specs    []string
	shard    analyze.Shard
	sharded  bool
}

// check validates the flags and arguments.
func (a *analysis) check(files []string, shardArg string) error {
	switch {
	case a.games < 1 || a.games > analyze.MaxGames:
		return usageErrorf("--games %d: want 1 to %d", a.games, analyze.MaxGames)
	case a.threads < 1 || a.threads > analyze.MaxThreads:
		return usageErrorf("--threads %d: want 1 to %d", a.threads, analyze.MaxThreads)
	case checkPlies(&a.maxPlies) != nil:
		return checkPlies(&a.maxPlies)
	case len(files) > analyze.MaxFiles:
		return usageErrorf("%d rules files: analyze compares up to %d", len(files), analyze.MaxFiles)
	}
	if err := a.pf.check(); err != nil {
		return err
	}
	if err := a.rf.check(); err != nil {
		return err
	}
	a.specs = splitPlayers(a.players)
	if len(a.specs) == 0 {
		return usageErrorf("--players: no player given (known: %s)", strings.Join(play.Names(), ", "))
	}
	for _, sp := range a.specs {
		st, err := newSeat(sp, a.pf.options(), false)
		if err != nil {
			return err
		}
		if st.human {
			return usageErrorf("--players: an analysis is between computer players")
		}
	}
	a.shard = analyze.Whole
	if shardArg != "" {
		sh, err := parseShard(shardArg)
		if err != nil {
			return err
		}
		a.shard, a.sharded = sh, true
		su := a.setup()
		if ok, _ := su.Reproducible(); !ok {
			return usageErrorf("--shard: a player thinks for a wall-clock time (--think), so the games cannot be reproduced and the shards would not add up to one run; give playout budgets instead (--playouts N)")
		}
		if a.rf.asJSON || a.rf.reportDir != "" {
			return usageErrorf("--shard writes a part file, not a report: 'ruleplay analyze merge PARTS... --json / --report DIR' makes the report")
		}
	}
	return nil
}

// parseShard reads --shard I/N.
func parseShard(s string) (analyze.Shard, error) {
	is, ns, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(strings.TrimSpace(is))
	n, err2 := strconv.Atoi(strings.TrimSpace(ns))
	if !ok || err1 != nil || err2 != nil {
		return analyze.Shard{}, usageErrorf("--shard %q: want I/N, e.g. --shard 0/4 (the first of four shards)", s)
	}
	if n < 1 || n > analyze.MaxParts || i < 0 || i >= n {
		return analyze.Shard{}, usageErrorf("--shard %s: want 0 <= I < N <= %d", s, analyze.MaxParts)
	}
	return analyze.Shard{Index: i, Count: n}, nil
}

func (a *analysis) setup() analyze.Setup {
	return analyze.Setup{Players: a.specs, Playouts: a.pf.playouts, Cutoff: a.pf.cutoff, Think: a.pf.think,
		Games: a.games, Seed: a.gf.seed, MaxPlies: a.maxPlies, Position: a.gf.position}
}

// run loads the files, plays the games and writes the part or the report.
func (a *analysis) run(cmd *cobra.Command, files []string, partFile string) error {
	subjects, err := a.subjects(files)
	if err != nil {
		return err
	}
	su := a.setup()
	if a.sharded && partFile == "" {
		partFile = fmt.Sprintf("analyze-part-%d-of-%d.json", a.shard.Index, a.shard.Count)
	}
	var outputs []string
	if partFile != "" {
		outputs = append(outputs, partFile)
	}
	outputs = append(outputs, a.rf.outputs()...)
	if err := notOverInputs(outputs, files); err != nil {
		return err
	}
	per := len(a.shard.Indices(a.games))
	bar := newProgress(cmd.ErrOrStderr(), per*len(subjects))
	pt := &analyze.Part{Engine: "ruleplay " + version(), Setup: su, Shard: a.shard}
	for i := range subjects {
		games, err := analyze.Play(&subjects[i], &su, a.shard, a.threads, bar.step)
		if err != nil {
			bar.done()
			return playError(subjects[i].File, err)
		}
		pt.Subjects = append(pt.Subjects, subjects[i])
		pt.Games = append(pt.Games, games)
	}
	bar.done()
	if partFile != "" {
		if err := writeShared(partFile, func(w io.Writer) error { return analyze.WritePart(w, pt) }, "writing the part"); err != nil {
			return err
		}
		fmt.Fprintf(cmd.OutOrStdout(), "%s: shard %d/%d, %s of each of %s\n", partFile, a.shard.Index, a.shard.Count, count(per, "game"), count(len(subjects), "rules file"))
		return nil
	}
	return a.rf.write(cmd.OutOrStdout(), pt)
}

// playError reports a failure while playing.
func playError(file string, err error) error {
	var pe *analyze.PanicError
	if errors.As(err, &pe) {
		return &internalError{fmt.Sprintf("%s: %v", file, pe)}
	}
	return fmt.Errorf("%s: %w", file, err)
}

// subjects loads every rules file.
func (a *analysis) subjects(files []string) ([]analyze.Subject, error) {
	var out []analyze.Subject
	labels := map[string]int{}
	for _, file := range files {
		gm, err := a.gf.load(file, a.maxPlies)
		if err != nil {
			return nil, err
		}
		np := gm.p.NumPlayers()
		if len(a.specs) != np {
			return nil, usageErrorf("--players: %s given, but %s has %s: give one player per seat", count(len(a.specs), "player"), gm.g.Title, count(np, "seat"))
		}
		if _, err := gm.startAt(a.gf); err != nil {
			return nil, fmt.Errorf("%s: %w", file, err)
		}
		digest, err := analyze.RulesDigest(gm.g)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", file, err)
		}
		sub := analyze.Subject{Label: gm.g.Name, File: file, Game: gm.g.Name, Title: gm.title(), Options: gm.givenOptions(),
			Seats: playerNames(gm.p, seq(np)), Goals: goalTexts(gm.g), Digest: digest, Program: gm.p}
		labels[sub.Label]++
		if n := labels[sub.Label]; n > 1 {
			sub.Label = fmt.Sprintf("%s#%d", sub.Label, n)
		}
		out = append(out, sub)
	}
	return out, nil
}

func seq(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// goalTexts describes each goal of g: "win: some(opponent.gates, own)".
func goalTexts(g *ir.Game) []string {
	d := describer{g}
	out := make([]string, len(g.End.Goals))
	for i, goal := range g.End.Goals {
		key := "win"
		if goal.Lose {
			key = "lose"
		} else if goal.Draw {
			key = "draw"
		}
		if goal.Check == ir.TurnStart {
			key += " turn-start"
		}
		out[i] = key + ": " + d.expr(goal.Cond)
	}
	return out
}

// outputs are the files --report writes.
func (f *reportFlags) outputs() []string {
	if f.reportDir == "" {
		return nil
	}
	page := "index.html"
	if f.format == "md" {
		page = "report.md"
	}
	out := []string{filepath.Join(f.reportDir, page)}
	for _, name := range []string{"length", "branching", "scores"} {
		out = append(out, filepath.Join(f.reportDir, name+".svg"))
	}
	return out
}

// notOverInputs refuses outputs that are one of the inputs.
func notOverInputs(outputs, inputs []string) error {
	for _, o := range outputs {
		so, err := os.Stat(o)
		if err != nil {
			continue
		}
		for _, in := range inputs {
			if si, err := os.Stat(in); err == nil && os.SameFile(so, si) {
				return usageErrorf("%s is an input: the output would write over it", o)
			}
		}
	}
	return nil
}

// write summarises the records and prints the table or JSON, and writes
// the --report page and plots.
func (f *reportFlags) write(out io.Writer, pt *analyze.Part) error {
	r := analyze.Summarize(pt.Setup, pt.Subjects, pt.Games, f.timing)
	if f.reportDir != "" {
		if err := f.writeReport(r); err != nil {
			return err
		}
	}
	if f.asJSON {
		b, err := json.MarshalIndent(r, "", "  ")
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(out, "%s\n", b)
		return err
	}
	return analyze.WriteText(out, r)
}

// writeReport writes the page and the plots into the --report folder.
func (f *reportFlags) writeReport(r *analyze.Report) error {
	if err := os.MkdirAll(f.reportDir, 0o755); err != nil {
		return fmt.Errorf("--report: %w", err)
	}
	for _, p := range analyze.Plots(r) {
		if err := writeShared(filepath.Join(f.reportDir, p.Name+".svg"), p.Write, "writing the report"); err != nil {
			return err
		}
	}
	page := f.outputs()[0]
	write := func(w io.Writer) error { return analyze.WriteHTML(w, r) }
	if f.format == "md" {
		write = func(w io.Writer) error { return analyze.WriteMarkdown(w, r) }
	}
	return writeShared(page, write, "writing the report")
}

// writeShared writes an output of analyze (a page to publish, a part for
// another machine to merge): a new file is readable by everyone (0644), a
// file written over keeps its mode.
func writeShared(file string, write func(io.Writer) error, what string) error {
	return writeAtomically(file, write, what)
}

func newAnalyzeMergeCmd() *cobra.Command {
	var rf reportFlags
	cmd := &cobra.Command{
		Use:   "merge PART [PART...]",
		Short: "Join the part files of a sharded analysis into its report",
		Long: `Merge reads the part files written by 'ruleplay analyze --shard I/N', one
per shard, and reports as the unsharded analysis does (the same figures;
the times are those the shards measured). The parts must come from the
same analysis (the same rules files, options, players, budgets, --games,
--seed and --max-plies) and cover every shard once; anything else is
refused with the reason. Each part carries the digest of every rules file
as checked: parts of files that differ in anything do not merge. A part
over 256 MiB is refused by its size before it is read, and so are parts
over 512 MiB together; every count of a part must be possible (no
negative count or time, forced moves within the positions, plies within
the cap, one score per seat); control characters in a part's texts are
shown escaped. See 'ruleplay analyze --help' and docs/analyze.md (docs/
has the rules language).`,
		Example: `  ruleplay analyze merge part-0.json part-1.json part-2.json
  ruleplay analyze merge parts/*.json --report report --format md`,
		Args: minArgs("PART"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := rf.check(); err != nil {
				return err
			}
			if len(args) > analyze.MaxParts {
				return usageErrorf("%d parts: merge joins up to %d", len(args), analyze.MaxParts)
			}
			if err := notOverInputs(rf.outputs(), args); err != nil {
				return err
			}
			parts := make([]*analyze.Part, len(args))
			total := int64(0)
			for i, file := range args {
				pt, err := readPart(file, &total)
				if err != nil {
					return err
				}
				parts[i] = pt
			}
			whole, err := analyze.Merge(parts, args)
			if err != nil {
				return err
			}
			return rf.write(cmd.OutOrStdout(), whole)
		},
	}
	rf.register(cmd)
	return cmd
}

// readPart reads one part file, refusing by its size, before reading it,
// a file over analyze.MaxPartBytes or one that would take the parts read
// (*total bytes so far) over analyze.MaxMergeBytes.
func readPart(file string, total *int64) (*analyze.Part, error) {
	f, err := inputs.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return nil, fmt.Errorf("%s: a directory, not a part file", file)
	}
	if st.Mode().IsRegular() {
		if st.Size() > analyze.MaxPartBytes {
			return nil, fmt.Errorf("%s: %d MiB, larger than a part may be (%d MiB): not a part file, or use more shards", file, st.Size()>>20, analyze.MaxPartBytes>>20)
		}
		if *total += st.Size(); *total > analyze.MaxMergeBytes {
			return nil, fmt.Errorf("%s: the parts take more than %d MiB together, more than merge reads (an analysis of fewer games or plies fits)", file, analyze.MaxMergeBytes>>20)
		}
	}
	pt, err := analyze.ReadPart(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return pt, nil
}
