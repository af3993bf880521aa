package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/ruleplay/ruleplay/internal/inputs"
	"github.com/ruleplay/ruleplay/internal/outfile"
	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/play"
	"github.com/ruleplay/ruleplay/record"
	"github.com/spf13/cobra"
)

// runHelpPlayers is run's long help up to the list of computer players,
// runHelp the rest, runExamples the examples after the first.
const (
	runHelpPlayers = `Run plays a whole game between computer players and shows every move
("12. p1: c3-d4"), then the result: the winners, the reason the game
ended, the scores and the margin. FILE is a rules file or the name of a
bundled game ('ruleplay games'); the rules of each bundled game are
explained in docs/rules/GAME.md.

On a terminal one board is drawn and redrawn in place after every move,
each move shown for at least --delay, with coordinates on every edge and
a legend of the symbols. When the output is not a terminal (a pipe, a
file) the board after every move is printed, one after the other.

Players (--players, one per seat in turn order, cycled when fewer are given):
`
	runHelp = `
  human      you: a prompt on the terminal (see below)

A computer player may carry settings after its name, which override the
flags for that seat: mcts:playouts=N, mcts:think=DURATION,
mcts:threads=N, mcts:cutoff=N, mcts:extend=N (e.g. --players
mcts:playouts=200,mcts).

mcts searches 1000 playouts per move unless told otherwise: --playouts N
per move (the same seed gives the same game), or --think DURATION per move
(as many playouts as fit: not reproducible), or both (whichever ends
first). While a search is undecided (the most visited move has less than
1.5 times the visits of the next, and the position is neither clearly won
nor clearly lost) it goes on with the same number of playouts again, up
to 4 more times (mcts:extend=N: up to N more times; mcts:extend=0:
exactly the playouts asked for). --threads N grows N search
trees at once and adds up their votes (a playout budget is shared among
them; the game stays reproducible for a given seed and thread count). A
playout is cut off after --cutoff plies and valued by the rules' score,
or their guide where they give one (0: 40 plies, 4 with a guide, or 100
in a game with neither).

With a human player the game is interactive: before each of your moves the
board is shown and you type a move in notation (c3-d4, a1-c1-c3, xh8,
a2:a3-a5, pass), a number from the list 'moves' shows, or the start of a
move when only one legal move starts so; the computer's moves are printed
as they are made. A move that is not legal, or is ambiguous, gets a message
with the closest legal move and the legal moves, and you try again.
Commands: moves (the numbered legal moves), undo (takes back your last move
and the computer's replies after it), hint (what mcts would play), resign,
quit, help. quit ends the program with status 0; the end of the input (e.g.
Ctrl-D) also abandons the game, with a message and status 1. A resigned or
abandoned game's record (--record) has no result. --quiet has no effect in
a game with a human player.

--max-plies ends a game that goes on too long (0: no cap of your own, but
no game goes on past 1,000,000 plies); the game then
ends as the rules say it ends at a move limit (a draw unless they score
it). --record writes the game as a YAML record (docs/notation.md): the game,
the options given, the random layout if the game has one, the moves and
the result, and the seats, seed, date and engine. --svg-dir writes a
picture of every position: 000.svg for the start, 001.svg after the first
move, ...

--position TEXT starts the game from a position text (docs/notation.md;
'ruleplay position' prints one); the record then starts there (start:).

--from RECORD resumes a recorded game: the record's game (FILE may be left
out), options, setup or start, seed (unless --seed is given), seats (unless
--players is given) and moves, then the players go on. --moves plays the
given moves first (after the record's, or from the start). Writing the
record of a resumed game over its own --from file is safe.`
	runExamples = `
  ruleplay run my-game.rules --option size=8x8
  ruleplay run my-game.rules --players greedy,random --seed 7 --quiet
  ruleplay run my-game.rules --players mcts,random --playouts 500 --quiet
  ruleplay run my-game.rules --players human,mcts --think 1s
  ruleplay run my-game.rules --seed 3 --record game.yaml --svg-dir pictures
  ruleplay run --from game.yaml --players human,mcts
  ruleplay run my-game.rules --moves c3-d4,h8-g7 --quiet`
)

// runOptions are run's flags.
type runOptions struct {
	gf       gameFlags
	pf       playerFlags
	players  string
	quiet    bool
	maxPlies int
	recFile  string
	svgDir   string
	color    string
	from     string
	maxRec   int64
	played   []string
	delay    time.Duration
}

func newRunCmd() *cobra.Command {
	o := &runOptions{}
	cmd := &cobra.Command{
		Use:               "run FILE",
		Short:             "Play a whole game between computer players",
		Long:              runHelpPlayers + playerHelp() + runHelp,
		Example:           `  ruleplay run ` + bundledExample() + runExamples,
		Args:              o.args,
		ValidArgsFunction: completeRulesFile,
		RunE:              o.run,
	}
	o.register(cmd)
	return cmd
}

// register adds run's flags to cmd.
func (o *runOptions) register(cmd *cobra.Command) {
	o.gf.register(cmd, "seed for the random setup and the players' random choices")
	o.gf.registerPosition(cmd)
	o.pf.register(cmd, "mcts: grow `N` search trees at once per move")
	fl := cmd.Flags()
	fl.StringVar(&o.players, "players", "greedy", "`PLAYERS`, one per seat in turn order, comma-separated, cycled when fewer (known: "+strings.Join(play.Names(), ", ")+", human)")
	fl.BoolVarP(&o.quiet, "quiet", "q", false, "print only the moves and the result, not the boards")
	fl.IntVar(&o.maxPlies, "max-plies", 1000, "end the game after `N` plies, as the rules end it at a move limit (0: no cap of your own; at most "+plyLimitText+")")
	fl.StringVar(&o.recFile, "record", "", "write the game as a YAML record to `FILE` (as PDN when FILE ends in .pdn, for games with square numbers)")
	fl.StringVar(&o.svgDir, "svg-dir", "", "write an SVG picture of every position to `DIR` (000.svg: the start, 001.svg: after move 1, ...)")
	fl.StringVar(&o.color, "color", "auto", "colour the boards: `WHEN` is auto (on a terminal, unless NO_COLOR is set), always or never")
	fl.DurationVar(&o.delay, "delay", 100*time.Millisecond, "on a terminal, show each move for at least `DURATION` (the board is redrawn in place)")
	fl.StringVar(&o.from, "from", "", "resume the game recorded in `RECORD` (a YAML record): its options, setup, seed, seats and moves")
	fl.StringSliceVarP(&o.played, "moves", "m", nil, "play `MOVES` first (after --from's), comma-separated, then let the players go on")
	fl.Int64Var(&o.maxRec, "max-record-size", record.DefaultMaxBytes, "--from: read a record of at most `BYTES`")
	_ = cmd.RegisterFlagCompletionFunc("players", completePlayers)
	_ = cmd.MarkFlagFilename("from", "yaml", "yml")
	_ = cmd.MarkFlagFilename("record", "yaml", "yml")
	_ = cmd.MarkFlagDirname("svg-dir")
}

// args checks run's arguments: FILE, which --from may leave out.
func (o *runOptions) args(cmd *cobra.Command, args []string) error {
	if o.from != "" && len(args) == 0 {
		return nil // the record names its game
	}
	return exactArgs("FILE")(cmd, args)
}

// check validates the flags that need no game; it returns whether the
// boards are coloured.
func (o *runOptions) check(out io.Writer) (bool, error) {
	if err := checkPlies(&o.maxPlies); err != nil {
		return false, err
	}
	if o.delay < 0 {
		return false, usageErrorf("--delay %v: want a duration of 0 or more, e.g. 200ms", o.delay)
	}
	if err := o.pf.check(); err != nil {
		return false, err
	}
	colour, err := colourMode(o.color, out)
	if err != nil {
		return false, err
	}
	if o.maxRec < 1 {
		return false, usageErrorf("--max-record-size %d: want 1 or more bytes", o.maxRec)
	}
	return colour, nil
}

// run plays the game of args[0] (or of the --from record).
func (o *runOptions) run(cmd *cobra.Command, args []string) error {
	colour, err := o.check(cmd.OutOrStdout())
	if err != nil {
		return err
	}
	rec, err := readFrom(o.from, o.maxRec)
	if err != nil {
		return err
	}
	file := ""
	if len(args) > 0 {
		file = args[0]
	} else {
		file = rec.Game
	}
	// --record over --from is allowed: the record is replaced
	// whole, once the game is played.
	if err := notAnInput("--record", o.recFile, file); err != nil {
		return err
	}
	if err := rec.applyOptions(&o.gf, cmd.Flags().Changed("seed")); err != nil {
		return err
	}
	specs, err := o.playerSpecs(rec, cmd.Flags().Changed("players"))
	if err != nil {
		return err
	}
	gm, err := o.gf.load(file, o.maxPlies)
	if err != nil {
		return err
	}
	start, prefix, err := rec.position(gm, &o.gf, splitMoves(o.played))
	if err != nil {
		return err
	}
	startText := "" // the start as a position text, when it was given as one
	if o.gf.position != "" || rec != nil && rec.Start != "" {
		startText = interp.PositionText(gm.p, start)
	}
	seats, err := o.seats(gm, rec, specs)
	if err != nil {
		return err
	}
	if o.svgDir != "" {
		if err := os.MkdirAll(o.svgDir, 0o755); err != nil {
			return fmt.Errorf("--svg-dir: %w", err)
		}
	}
	rc := &runConfig{gm: gm, gf: &o.gf, pf: &o.pf, seats: seats, quiet: o.quiet, maxPlies: o.maxPlies, recFile: o.recFile, svgDir: o.svgDir, inputs: []string{file, o.from}, colour: colour,
		start: start, startText: startText, prefix: prefix, live: !o.quiet && isTerminal(cmd.OutOrStdout()), delay: o.delay,
		rows: terminalRows(cmd.OutOrStdout())}
	for _, st := range seats {
		if st.human {
			return playInteractive(cmd, rc)
		}
	}
	ctx, stop := interruptible(cmd)
	defer stop()
	return runGame(ctx, cmd.OutOrStdout(), cmd.ErrOrStderr(), rc)
}

// playerSpecs returns the players of --players, each checked; with a
// --from record whose seats --players does not override, --players
// becomes "" and the specs a placeholder until the game is loaded (see
// seats).
func (o *runOptions) playerSpecs(rec *fromRecord, playersGiven bool) ([]string, error) {
	if rec != nil && len(rec.Seats) > 0 && !playersGiven {
		o.players = "" // the record's seats, once the game's players are known
	}
	specs := splitPlayers(o.players)
	if len(specs) == 0 && o.players == "" && rec != nil {
		specs = []string{"greedy"} // checked here, replaced by the seats below
	}
	if len(specs) == 0 {
		return nil, usageErrorf("--players: no player given (known: %s, human)", strings.Join(play.Names(), ", "))
	}
	return specs, o.checkSpecs(specs)
}

// checkSpecs makes a player of every spec, to report the first mistake.
func (o *runOptions) checkSpecs(specs []string) error {
	for _, sp := range specs {
		if _, err := newSeat(sp, o.pf.options(), true); err != nil {
			return err
		}
	}
	return nil
}

// seats makes one player per seat of gm from specs (cycled), or from the
// record's seats when --players was left to them.
func (o *runOptions) seats(gm *game, rec *fromRecord, specs []string) ([]seat, error) {
	if o.players == "" && rec != nil {
		specs = rec.seatSpecs(gm)
		if err := o.checkSpecs(specs); err != nil {
			return nil, fmt.Errorf("%s: seats: %s", o.from, strings.TrimPrefix(err.Error(), "--players: ")) // the record's mistake: exit 1
		}
	}
	np := gm.p.NumPlayers()
	if len(specs) > np {
		return nil, usageErrorf("--players: %d players given, but %s has %s", len(specs), gm.g.Title, count(np, "seat"))
	}
	// One player value per seat, so that each keeps its own memory.
	seats := make([]seat, np)
	for i := range seats {
		seats[i], _ = newSeat(specs[i%len(specs)], o.pf.options(), true)
	}
	return seats, nil
}

// playerFlags tune the computer players (mcts).
type playerFlags struct {
	think    time.Duration
	playouts int
	threads  int
	cutoff   int
}

// register adds --think, --playouts, --cutoff and, when threadsDoc is not
// empty, --threads.
func (f *playerFlags) register(cmd *cobra.Command, threadsDoc string) {
	fl := cmd.Flags()
	fl.DurationVar(&f.think, "think", 0, "mcts and ab: think for `DURATION` per move, e.g. 200ms (not reproducible)")
	fl.IntVar(&f.playouts, "playouts", 0, fmt.Sprintf("mcts: `N` playouts per move, more while undecided (default %d unless --think is given)", play.DefaultPlayouts))
	fl.IntVar(&f.cutoff, "cutoff", 0, fmt.Sprintf("mcts: value a playout by the rules' score (or guide) after `N` random plies (0: %d, %d with a guide, or %d in a game with neither)", play.DefaultCutoff, play.DefaultCutoffGuide, play.DefaultCutoffNoScore))
	f.threads = 1
	if threadsDoc != "" {
		fl.IntVar(&f.threads, "threads", 1, threadsDoc)
	}
}

// check validates the flags.
func (f *playerFlags) check() error {
	switch {
	case f.think < 0:
		return usageErrorf("--think %v: want a duration of 0 or more, e.g. 200ms", f.think)
	case f.playouts < 0:
		return usageErrorf("--playouts %d: want 0 (the default) or more", f.playouts)
	case f.cutoff < 0:
		return usageErrorf("--cutoff %d: want 0 (the default) or more", f.cutoff)
	case f.cutoff > play.MaxCutoff:
		return usageErrorf("--cutoff %d: at most %d", f.cutoff, play.MaxCutoff)
	case f.threads < 1 || f.threads > maxThreads:
		return usageErrorf("--threads %d: want 1 to %d", f.threads, maxThreads)
	}
	return nil
}

func (f *playerFlags) options() play.Options {
	return play.Options{Playouts: f.playouts, Think: f.think, Threads: f.threads, Cutoff: f.cutoff}
}

// seat is one seat's player as given on the command line.
type seat struct {
	spec  string      // as given, e.g. "mcts:playouts=200"
	human bool        // a person at the terminal
	pl    play.Player // nil for a human
}

// humanName is the --players name of a person at the terminal.
const humanName = "human"

// newSeat makes the player of a spec; humanOK: a person may take the
// seat (an unknown name is then also compared with "human").
func newSeat(spec string, o play.Options, humanOK bool) (seat, error) {
	spec = strings.TrimSpace(spec)
	if spec == humanName {
		return seat{spec: spec, human: true}, nil
	}
	pl, err := play.NewWith(spec, o)
	if err != nil {
		var unknown *play.UnknownError
		if humanOK && errors.As(err, &unknown) {
			return seat{}, usageErrorf("--players: %s", play.UnknownMessage(unknown.Name, append(play.Names(), humanName)))
		}
		return seat{}, usageErrorf("--players: %v", err)
	}
	return seat{spec: spec, pl: pl}, nil
}

// splitPlayers splits --players on commas, dropping empty names.
func splitPlayers(list string) []string {
	var out []string
	for _, s := range strings.Split(list, ",") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

func playerHelp() string {
	var b strings.Builder
	for i, in := range play.Known() {
		if i > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "  %-10s %s", in.Name, in.Doc)
	}
	return b.String()
}

// runConfig is what a run needs besides its streams.
type runConfig struct {
	gm       *game
	gf       *gameFlags
	pf       *playerFlags
	seats    []seat
	quiet    bool
	maxPlies int
	recFile  string
	svgDir   string
	inputs   []string // the command's input files, which --svg-dir may not write over
	colour   bool
	start    *interp.State // the initial position
	// startText: the initial position as a position text, when it was
	// given as one (--position, a record's start:); "" otherwise
	startText string
	prefix    []string      // moves already played (--from, --moves), all legal
	live      bool          // stdout is a terminal: one board, redrawn in place
	delay     time.Duration // live: the least time each move is shown
	rows      int           // live: the terminal's height (0: unknown)
}

// maxSVGs bounds the pictures --svg-dir writes for one game (a few KiB
// each): a game of a million plies would fill a disk.
const maxSVGs = 10_000

// svg writes the picture of position s (after the move last) as
// NNN.svg, NNN being the ply, when --svg-dir is given.
func (rc *runConfig) svg(s *interp.State, last string) error {
	if rc.svgDir == "" {
		return nil
	}
	if s.Ply() >= maxSVGs {
		return fmt.Errorf("--svg-dir: more than %d positions to draw; end the game sooner with --max-plies", maxSVGs)
	}
	out := filepath.Join(rc.svgDir, fmt.Sprintf("%03d.svg", s.Ply()))
	if err := notAnInput("--svg-dir", out, rc.inputs...); err != nil {
		return err
	}
	return writeSVG(out, rc.gm, s, last)
}

func runGame(ctx context.Context, out, errOut io.Writer, rc *runConfig) error {
	gm, gf := rc.gm, rc.gf
	p := gm.p
	s0 := rc.start
	s := s0.Clone()
	if err := gm.replay(s, rc.prefix); err != nil {
		return err
	}
	// The players draw from their own stream, apart from the setup's.
	rng := rand.New(rand.NewPCG(gf.seed, 0x5eed))
	moves := append([]string(nil), rc.prefix...)
	lines := 0 // live: the lines of the frame on the screen
	switch {
	case rc.live:
		fmt.Fprintf(out, "%s\n\n", rc.header(s))
		first := "the start"
		if len(rc.prefix) > 0 {
			first = fmt.Sprintf("%d. %s", s.Ply(), rc.last())
		}
		frame := first + "\n" + framedBoard(p, s, rc.colour, moveCells(p, rc.last()))
		fmt.Fprint(out, frame)
		lines = strings.Count(frame, "\n")
	case !rc.quiet:
		fmt.Fprintf(out, "%s\n\n", rc.header(s))
		if len(rc.prefix) > 0 {
			fmt.Fprintf(out, "%d. %s\n", s.Ply(), rc.last())
		}
		fmt.Fprint(out, board(p, s, rc.colour, moveCells(p, rc.last())))
	}
	if err := rc.svg(s, ""); err != nil {
		return err
	}
	players := make([]play.Player, len(rc.seats))
	for i, st := range rc.seats {
		players[i] = st.pl
	}
	var svgErr error
	st, stopped := play.GameContext(ctx, p, s, players, rng, func(mover int, move string, s *interp.State) {
		moves = append(moves, move)
		said := move
		if move == "swap" {
			said += " (now " + rc.seatsText(s) + ")"
		}
		if rc.live {
			// Back to the top of the last frame, clear below, draw again.
			time.Sleep(rc.delay)
			frame := fmt.Sprintf("%d. %s: %s\n", s.Ply(), p.PlayerName(mover), said) + framedBoard(p, s, rc.colour, moveCells(p, move))
			if rc.rows > 0 && lines >= rc.rows {
				// Taller than the terminal: the cursor cannot go back up
				// to its top, so the frames follow one another.
				fmt.Fprintf(out, "\n%s", frame)
			} else {
				fmt.Fprintf(out, "\x1b[%dA\x1b[J%s", lines, frame)
			}
			lines = strings.Count(frame, "\n")
		} else if !rc.quiet {
			fmt.Fprintf(out, "\n%d. %s: %s\n", s.Ply(), p.PlayerName(mover), said)
			fmt.Fprint(out, board(p, s, rc.colour, moveCells(p, move)))
		}
		if svgErr == nil {
			svgErr = rc.svg(s, move)
		}
	})
	if svgErr != nil {
		return svgErr
	}
	if stopped != nil {
		// Interrupted: what was played is shown and recorded.
		fmt.Fprintln(out)
		fmt.Fprintln(out, wrapWords("moves: ", moves, "  ", 80))
		if err := rc.record(errOut, s0, moves, st, false, "interrupted"); err != nil {
			return err
		}
		return fmt.Errorf("interrupted after %s", count(s.Ply(), "ply"))
	}
	capped := rc.capped(st, s)
	if rc.quiet || rc.live {
		fmt.Fprintln(out, wrapWords("moves: ", moves, "  ", 80))
	} else {
		fmt.Fprintln(out)
	}
	writeResult(out, p, st, capped, rc.maxPlies, s.Ply())
	rc.writeSwapped(out, s)
	return rc.record(errOut, s0, moves, st, capped, "")
}

// header is the first line of a run from s: the game, its options, who
// plays each seat, the seed, how many moves were played before and,
// when they swapped sides (turns { swap }), who plays each colour now.
func (rc *runConfig) header(s *interp.State) string {
	p := rc.gm.p
	var who []string
	for i := 0; i < p.NumPlayers(); i++ {
		who = append(who, p.PlayerName(i)+": "+rc.seats[i].spec)
	}
	h := fmt.Sprintf("%s; %s; seed %d", rc.gm.title(), strings.Join(who, ", "), rc.gf.seed)
	if n := len(rc.prefix); n > 0 {
		h += fmt.Sprintf("; resumed after %s", count(n, "move"))
	}
	if s.Swapped {
		h += "; swapped: now " + rc.seatsText(s)
	}
	return h
}

// seatsText says who plays each colour in s: the seats' players, which
// a swap (turns { swap }) exchanged ("white: human, black: random").
func (rc *runConfig) seatsText(s *interp.State) string {
	p := rc.gm.p
	var who []string
	for i := 0; i < p.NumPlayers(); i++ {
		who = append(who, p.PlayerName(i)+": "+rc.seats[p.SeatOf(s, i)].spec)
	}
	return strings.Join(who, ", ")
}

// writeSwapped says, after the result of a game in which the seats
// swapped, who played each colour in the end.
func (rc *runConfig) writeSwapped(out io.Writer, s *interp.State) {
	if s.Swapped {
		fmt.Fprintf(out, "swapped: %s\n", rc.seatsText(s))
	}
}

// last is the last move played before the players take over ("" for none).
func (rc *runConfig) last() string {
	if n := len(rc.prefix); n > 0 {
		return rc.prefix[n-1]
	}
	return ""
}

// capped tells whether the game st ended by --max-plies rather than by the
// rules.
func (rc *runConfig) capped(st interp.Status, s *interp.State) bool {
	return st.Reason == "limit" && rc.maxPlies > 0 && s.Ply() >= rc.maxPlies && (rc.gm.g.End.Plies == 0 || s.Ply() < rc.gm.g.End.Plies)
}

// record writes the --record file: with the result when the rules ended
// the game, without it when --max-plies stopped the game or why is not ""
// (a resigned or abandoned game).
func (rc *runConfig) record(errOut io.Writer, s0 *interp.State, moves []string, st interp.Status, capped bool, why string) error {
	if rc.recFile == "" {
		return nil
	}
	p := rc.gm.p
	seed := rc.gf.seed
	rec := &record.Record{
		Game:    rc.gm.g.Name,
		Options: rc.gm.givenOptions(),
		Setup:   p.Layout(s0),
		Start:   rc.startText,
		Moves:   moves,
		Seats:   map[string]string{},
		Seed:    &seed,
		Date:    today(),
		Engine:  "ruleplay " + version(),
	}
	if rec.Start != "" {
		rec.Setup = nil // the start holds the layout
	}
	for i, st := range rc.seats {
		rec.Seats[p.PlayerName(i)] = st.spec
	}
	switch {
	case capped:
		fmt.Fprintf(errOut, "ruleplay: note: the game was stopped by --max-plies %d, so %s has no result\n", rc.maxPlies, rc.recFile)
	case why != "":
		fmt.Fprintf(errOut, "ruleplay: note: the game was %s, so %s has no result\n", why, rc.recFile)
	default:
		rec.Result = &record.Result{Winners: playerNames(p, st.Winners)}
		if st.Scores != nil {
			rec.Result.Scores = map[string]int{}
			for i, v := range st.Scores {
				rec.Result.Scores[p.PlayerName(i)] = v
			}
		}
	}
	if isPDN(rc.recFile) {
		return writePDNRecord(rc.recFile, rc.gm, s0, rec) // pdn.go
	}
	return writeRecord(rc.recFile, rec)
}

// writeResult prints the result block.
func writeResult(out io.Writer, p *interp.Program, st interp.Status, capped bool, maxPlies, plies int) {
	names := playerNames(p, st.Winners)
	w := strings.Join(names, ", ")
	switch {
	case len(st.Winners) == p.NumPlayers() && p.NumPlayers() > 1:
		w += " (draw)"
	case len(st.Winners) > 1:
		w += " (shared)"
	}
	fmt.Fprintf(out, "winners: %s\n", w)
	reason := st.Reason
	if capped {
		reason = fmt.Sprintf("limit (--max-plies %d)", maxPlies)
	}
	fmt.Fprintf(out, "reason: %s after %s\n", reason, count(plies, "ply"))
	if st.Scores != nil {
		fmt.Fprintf(out, "scores: %s\n", scoresText(p, st.Scores))
	}
	if m, ok := margin(p, st); ok {
		fmt.Fprintf(out, "margin: %d\n", m)
	}
}

// writeRecord writes rec to file through a temporary file in the same
// folder, renamed over file once complete: an interrupted write leaves no
// half record, and a record given to --from may be written over safely.
func writeRecord(file string, rec *record.Record) error {
	return writeAtomically(file, func(w io.Writer) error { return record.Write(w, rec) }, "writing the record")
}

// writeAtomically writes file with write through outfile.Write (a
// temporary file renamed over it; a symbolic link followed, a hard-linked
// or read-only file refused, the mode kept), what naming the output in
// messages.
func writeAtomically(file string, write func(io.Writer) error, what string) error {
	if err := outfile.Write(file, write); err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	return nil
}

// today is the date a record is written, in UTC (SOURCE_DATE_EPOCH, in
// seconds, fixes it for reproducible outputs).
func today() string {
	t := time.Now()
	if v := os.Getenv("SOURCE_DATE_EPOCH"); v != "" {
		if secs, err := strconv.ParseInt(v, 10, 64); err == nil {
			t = time.Unix(secs, 0)
		}
	}
	return t.UTC().Format("2006-01-02")
}

// fromRecord is the record given to run --from (nil: none).
type fromRecord struct {
	*record.Record
	file string
}

// readFrom reads the record of --from ("" : nil).
func readFrom(file string, max int64) (*fromRecord, error) {
	if file == "" {
		return nil, nil
	}
	f, err := inputs.Open(file)
	if err != nil {
		return nil, fmt.Errorf("--from: %w", err)
	}
	defer f.Close()
	rec, err := record.ReadLimit(f, file, max)
	if err != nil {
		return nil, err
	}
	return &fromRecord{rec, file}, nil
}

// applyOptions adds the record's options to the --option flags (a flag
// that gives another value is an error) and takes the record's seed
// unless --seed was given.
func (r *fromRecord) applyOptions(gf *gameFlags, seedGiven bool) error {
	if r == nil {
		return nil
	}
	given, err := gf.optionMap()
	if err != nil {
		return err
	}
	for _, k := range sortedNames(r.Options) {
		v := r.Options[k]
		if g, ok := given[k]; ok {
			if !strings.EqualFold(g, v) {
				return usageErrorf("--option %s=%s: the game in %s was played with %s=%s", k, g, r.file, k, v)
			}
			continue
		}
		gf.options = append(gf.options, k+"="+v)
	}
	if r.Seed != nil && !seedGiven {
		gf.seed = *r.Seed
	}
	return nil
}

func sortedNames(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// position returns the initial position and the moves to play before the
// players take over: the record's (its setup, or its seed's, and its
// moves) then extra, all checked legal.
func (r *fromRecord) position(gm *game, gf *gameFlags, extra []string) (*interp.State, []string, error) {
	if r == nil {
		s0, err := gm.startAt(gf)
		if err != nil {
			return nil, nil, err
		}
		if err := gm.replay(s0.Clone(), extra); err != nil {
			return nil, nil, err
		}
		return s0, extra, nil
	}
	if r.Game != gm.g.Name {
		return nil, nil, fmt.Errorf("%s is a record of %q, not of %s (%s)", r.file, r.Game, gm.g.Name, gm.file)
	}
	var s0 *interp.State
	switch {
	case r.Start != "" && gf.position != "":
		return nil, nil, usageErrorf("--position: the game of %s starts from the position its record gives (start:)", r.file)
	case r.Start != "":
		s, err := interp.ParsePosition(gm.p, r.Start)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: start: %w", r.file, err)
		}
		s0 = s
	case len(r.Setup) > 0 && gf.position != "":
		return nil, nil, usageErrorf("--position: the game of %s starts from the setup its record gives", r.file)
	case len(r.Setup) > 0:
		s, err := gm.p.NewStateFromLayout(r.Setup)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: setup: %v", r.file, err)
		}
		s0 = s
	case gm.random() && r.Seed == nil && gf.position == "":
		return nil, nil, fmt.Errorf("%s: the game's setup is random, but the record has neither its setup nor its seed", r.file)
	default:
		s, err := gm.startAt(gf)
		if err != nil {
			return nil, nil, err
		}
		s0 = s
	}
	moves := append(append([]string(nil), r.Moves...), extra...)
	if err := gm.replay(s0.Clone(), moves); err != nil {
		return nil, nil, fmt.Errorf("%s: %w", r.file, err)
	}
	return s0, moves, nil
}

// seatSpecs are the record's seats in turn order; a seat it does not name
// gets greedy.
func (r *fromRecord) seatSpecs(gm *game) []string {
	out := make([]string, gm.p.NumPlayers())
	for i := range out {
		out[i] = "greedy"
		if sp, ok := r.Seats[gm.p.PlayerName(i)]; ok && strings.TrimSpace(sp) != "" {
			out[i] = sp
		}
	}
	return out
}
