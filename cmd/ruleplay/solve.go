package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/solve"
	"github.com/spf13/cobra"
)

// solveJSON is what solve --json prints.
type solveJSON struct {
	Game      string   `json:"game"`
	Player    string   `json:"player"`
	Value     string   `json:"value"`
	Draw      string   `json:"draw,omitempty"`
	Plies     *int     `json:"plies"`
	Margin    *int     `json:"margin,omitempty"`
	PV        []string `json:"pv"`
	Positions int64    `json:"positions"`
	Moves     int64    `json:"moves"`
	Bytes     int64    `json:"bytes"`
	Seconds   float64  `json:"seconds"`
	Complete  bool     `json:"complete"`
	Method    string   `json:"method"`
	// Enumerated: the positions the retrograde analysis had found when
	// it gave way to the search (--method auto)
	Enumerated int64           `json:"enumerated,omitempty"`
	Paranoid   bool            `json:"paranoid,omitempty"`
	Divide     []solveMoveJSON `json:"divide,omitempty"`
}

type solveMoveJSON struct {
	Move  string `json:"move"`
	Value string `json:"value"`
	Plies *int   `json:"plies"`
}

// memory bounds accepted by --memory
const (
	minSolveMemory = 1 << 20
	maxSolveMemory = 1 << 40
)

// solveHelp is solve's --help.
const solveHelp = `Solve computes the value of the start position (or --position's, or the
position after --moves) under perfect play: win, loss or draw for the side
to move, the plies to the end with best play from both sides (the fastest
win, the slowest loss), a principal variation, and with --divide the value
of each legal move.

Two methods (--method):

retrograde: every position reachable from the start is enumerated into a
table keyed by the position's identity (every field the rules can read:
pieces, side to move, hands, counters, captures, and the ply when a rule
reads it or the rules have a ply limit), then retrograde analysis runs from
the finished games back: a position is won when one move leads to a won
position, lost when every move leads to a lost one, in order of distance
(so the plies are exact). What is never decided is a draw: the rules' own
draw, or endless play when neither side can force an end (positions that
repeat are cycles of the table: no rule of thumb). It needs every position
in memory (--memory, default 4GiB); a bigger game stops with a clear
message and what the positions found so far decide.

search: a depth-first alpha-beta search with a table of a fixed size
(within --memory) keyed by the same identity, for games whose positions
never repeat (each move takes a piece, pieces only go forward, a ply limit
is part of the position). It stores no graph, so memory only bounds what
it remembers; each score is found by tests of width one. A position
whose side to move can win at once is scored so, without searching on
or taking room in the table (not in a scored game). After the
table's best move and the moves that end the game, --order replies tries
first the moves that leave the opponent fewest replies, which suits games
of mobility; --order history tries first the moves that cut the search
off most often so far, which suits races; --order mixed (the default) is
replies on one thread and both on several. A position that
comes back on a line of play stops it: use the retrograde analysis for
such a game.

--lookahead N (1 to 3, default 1): at each position the enumeration looks
for a win the side to move can force within N plies; where it finds one,
it follows only that win's first move (the first in the rules' order),
since no other move can do better. The answers are the same; the
positions the other moves reach are left out unless another position
reaches them. More look-ahead keeps fewer positions (a pawn race on a 4x4
board: 3.2 million positions with none, 118 thousand with 1, 25 thousand
with 3) and costs more time at every position (a hunt on an 8x8 board:
five times as long with 3). Scored games are enumerated whole.

auto (the default): the retrograde analysis, and when its positions
outgrow --memory, the search in the same memory.

The rules file's own limits are part of a position; there is no
--max-plies. With more than two players the value is the paranoid one: the
side to move against all the others together. Scored games also print the
margin under best play: the largest final margin the side to move can make
sure of. A random setup is the one --seed draws. docs/solve.md says more,
with what solves on a small machine.

--threads N (default 1) shares the retrograde analysis among N threads: the
enumeration's workers share one table and hand positions over to a worker
that has none to walk; the analysis takes each distance from the end on all
of them. The value, the plies, the margin, the positions and moves and the
principal variation do not depend on N; a solve stopped early (--memory,
Ctrl-C) may have found other positions. With the search, N threads search
the same position on one shared table, each breaking ties its own way (with
--order mixed, every second helper orders by history); the first to answer a test answers it
for all: the same answers, other positions searched.

--json prints {"value", "plies", "pv", "positions", "seconds", "method",
...} (plies is null for a draw; with the search, positions counts the
positions searched). A progress line on stderr says how the solve goes
(every ten seconds when stderr is not a terminal). Ctrl-C stops the solve
and prints what is known.`

func newSolveCmd() *cobra.Command {
	var (
		gf      gameFlags
		played  []string
		divide  bool
		asJSON  bool
		threads int
		memory  string
		method  string
		order   string
		ahead   int
	)
	cmd := &cobra.Command{
		Use:   "solve FILE",
		Short: "Compute the value of a position under perfect play",
		Long:  solveHelp,
		Example: `  ruleplay solve my-game.rules --option size=4x4
  ruleplay solve my-game.rules --divide --memory 8GiB
  ruleplay solve my-game.rules --moves c3-c5 --json`,
		Args:              exactArgs("FILE"),
		ValidArgsFunction: completeRulesFile,
		RunE: func(cmd *cobra.Command, args []string) error {
			opt, err := solveOptions(threads, memory, method, order, ahead)
			if err != nil {
				return err
			}
			limit := opt.Memory
			gm, err := gf.load(args[0], 0)
			if err != nil {
				return err
			}
			// the table is located by the incremental position hash
			// that make/unmake keep (interp.Hash); the identity bytes
			// decide equality
			if gm.p, err = interp.WithHash(gm.p); err != nil {
				return fmt.Errorf("%s: %w", args[0], err)
			}
			s, err := gm.startAt(&gf)
			if err != nil {
				return err
			}
			if err := gm.replay(s, splitMoves(played)); err != nil {
				return err
			}
			// the tables are a few large arrays that grow by doubling:
			// collect the old ones before the process outgrows the bound
			defer debug.SetMemoryLimit(debug.SetMemoryLimit(limit + limit/8))
			ctx, stop := interruptible(cmd)
			defer stop()
			errw := cmd.ErrOrStderr()
			bar := isTerminal(errw)
			opt.Context, opt.Divide, opt.Progress = ctx, divide, progressLine(errw, bar, gm.title())
			sol, err := solve.Solve(gm.p, s, opt)
			if bar {
				fmt.Fprint(errw, "\r\033[K")
			}
			if errors.Is(err, solve.ErrCycle) {
				return fmt.Errorf("solve --method search: %w; use --method retrograde (or auto)", err)
			}
			if err != nil {
				return err
			}
			if err := printSolution(cmd.OutOrStdout(), gm, sol, divide, asJSON); err != nil {
				return err
			}
			switch {
			case errors.Is(sol.Stopped, solve.ErrTooBig) && sol.Cycle:
				return fmt.Errorf("solve: the game is too big for --memory %s: %d positions found and more to come; the search could not take over, since positions repeat (it solves games without cycles only). Give more memory, or solve a later position (--moves, --position)",
					bytesText(limit), sol.Enumerated)
			case errors.Is(sol.Stopped, solve.ErrTooBig):
				return fmt.Errorf("solve: the game is too big for --memory %s: %d positions found and more to come (%s); the values above are what those decide. Give more memory, or solve a later position (--moves, --position)",
					bytesText(limit), sol.Positions(), bytesText(sol.Bytes()))
			case errors.Is(sol.Stopped, solve.ErrInterrupted):
				return fmt.Errorf("solve: interrupted after %d positions; the values above are what those decide", sol.Positions())
			}
			return nil
		},
	}
	gf.register(cmd, "seed for the random setup")
	gf.registerPosition(cmd)
	fl := cmd.Flags()
	fl.StringSliceVarP(&played, "moves", "m", nil, "`MOVES` to play first, comma-separated (repeatable)")
	fl.BoolVar(&divide, "divide", false, "list each legal move with its value")
	fl.BoolVar(&asJSON, "json", false, "print JSON")
	fl.IntVar(&threads, "threads", 1, fmt.Sprintf("solve with `N` threads (1 to %d; the result is the same)", maxThreads))
	fl.StringVar(&memory, "memory", "4GiB", "bound the solve's tables to `SIZE` (e.g. 512MiB, 4GiB)")
	fl.StringVar(&method, "method", "auto", "`METHOD`: retrograde, search, or auto (retrograde, then search when the positions outgrow --memory)")
	fl.IntVar(&ahead, "lookahead", 1, fmt.Sprintf("the retrograde analysis follows only the first move of a win it finds within `N` plies (1 to %d)", solve.MaxLookahead))
	fl.StringVar(&order, "order", "mixed", "the search's move `ORDER`: replies (fewest replies first), history (most cut-offs first), or mixed (replies; with --threads, every second helper history)")
	return cmd
}

// solveOptions checks solve's flags and turns them into the solve's
// options (Memory is the bound in bytes).
func solveOptions(threads int, memory, method, order string, ahead int) (solve.Options, error) {
	if threads < 1 || threads > maxThreads {
		return solve.Options{}, usageErrorf("--threads %d: want 1 to %d", threads, maxThreads)
	}
	limit, err := parseMemory(memory)
	if err != nil {
		return solve.Options{}, err
	}
	how, err := parseMethod(method)
	if err != nil {
		return solve.Options{}, err
	}
	by, err := parseOrder(order)
	if err != nil {
		return solve.Options{}, err
	}
	if ahead < 1 || ahead > solve.MaxLookahead {
		return solve.Options{}, usageErrorf("--lookahead %d: want 1 to %d", ahead, solve.MaxLookahead)
	}
	return solve.Options{Memory: limit, Hash: interp.Hash, Threads: threads, Method: how, Order: by, Lookahead: ahead}, nil
}

// progressLine prints solve's progress on errw: a line rewritten in
// place on a terminal (bar), else a line every ten seconds. Each names
// the game solved (title: with its options, which a long solve's log
// should not leave to be guessed).
func progressLine(errw io.Writer, bar bool, title string) func(solve.Progress) {
	var shown time.Duration
	return func(pr solve.Progress) {
		rate := float64(pr.Positions) / max(pr.Elapsed.Seconds(), 1e-9)
		line := fmt.Sprintf("solve: %s: %s: %d positions, %d moves, table %.0f%% full, %.0f positions/s, %s",
			title, pr.Phase, pr.Positions, pr.Moves, 100*pr.Fill, rate, bytesText(pr.Bytes))
		switch {
		case bar:
			fmt.Fprintf(errw, "\r%s\033[K", line)
		case pr.Elapsed-shown >= 10*time.Second:
			// not a terminal (a log): a line every ten seconds
			shown = pr.Elapsed
			fmt.Fprintln(errw, line)
		}
	}
}

// parseMethod reads --method.
func parseMethod(text string) (solve.Method, error) {
	for _, m := range []solve.Method{solve.Auto, solve.Retrograde, solve.Search} {
		if text == m.String() {
			return m, nil
		}
	}
	return 0, usageErrorf("--method %q: want auto, retrograde or search", text)
}

// parseOrder reads --order.
func parseOrder(text string) (solve.Order, error) {
	for _, o := range []solve.Order{solve.Mixed, solve.ByReplies, solve.ByHistory} {
		if text == o.String() {
			return o, nil
		}
	}
	return 0, usageErrorf("--order %q: want mixed, replies or history", text)
}

// parseMemory reads a size: a number of bytes with an optional unit
// (KiB, MiB, GiB, TiB; K, M, G, T and KB, MB, GB, TB are read as the
// same powers of 1024).
func parseMemory(text string) (int64, error) {
	t := strings.TrimSpace(text)
	units := []struct {
		suffix string
		shift  uint
	}{{"KiB", 10}, {"MiB", 20}, {"GiB", 30}, {"TiB", 40}, {"KB", 10}, {"MB", 20}, {"GB", 30}, {"TB", 40}, {"K", 10}, {"M", 20}, {"G", 30}, {"T", 40}, {"B", 0}}
	shift := uint(0)
	for _, u := range units {
		if strings.HasSuffix(strings.ToUpper(t), strings.ToUpper(u.suffix)) {
			t, shift = strings.TrimSpace(t[:len(t)-len(u.suffix)]), u.shift
			break
		}
	}
	n, err := strconv.ParseFloat(t, 64)
	if err != nil || n <= 0 || n != n {
		return 0, usageErrorf("--memory %q: want a size such as 512MiB or 4GiB", text)
	}
	b := n * float64(uint64(1)<<shift)
	if b < minSolveMemory || b > maxSolveMemory {
		return 0, usageErrorf("--memory %q: want 1MiB to 1TiB", text)
	}
	return int64(b), nil
}

// bytesText writes a size in MiB or GiB.
func bytesText(b int64) string {
	if b >= 10<<30 {
		return fmt.Sprintf("%.0f GiB", float64(b)/(1<<30))
	}
	if b >= 1<<30 {
		return fmt.Sprintf("%.1f GiB", float64(b)/(1<<30))
	}
	return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20))
}

// printSolution prints a solution as text or JSON.
func printSolution(out io.Writer, gm *game, sol *solve.Solution, divide, asJSON bool) error {
	p := gm.p
	v, plies := sol.Value()
	pv := sol.PV()
	if pv == nil {
		pv = []string{}
	}
	j := solveJSON{
		Game: gm.g.Name, Player: p.PlayerName(sol.Player), Value: v.String(), Margin: sol.Margin, PV: pv,
		Positions: sol.Positions(), Moves: sol.Moves(), Bytes: sol.Bytes(),
		Seconds: float64(sol.Elapsed.Milliseconds()) / 1000, Complete: sol.Complete,
		Paranoid: p.NumPlayers() > 2, Method: sol.Method.String(), Enumerated: sol.Enumerated,
	}
	if plies >= 0 {
		j.Plies = &plies
	}
	if v == solve.Draw && sol.Over() {
		j.Draw = "the game is over"
	} else if v == solve.Draw {
		j.Draw = "rules"
		if sol.EndlessDraw() {
			j.Draw = "endless play"
		}
	}
	if divide {
		for _, mv := range sol.Divide() {
			m := solveMoveJSON{Move: mv.Move, Value: mv.Value.String()}
			if mv.Plies >= 0 {
				n := mv.Plies
				m.Plies = &n
			}
			j.Divide = append(j.Divide, m)
		}
	}
	if asJSON {
		b, err := json.MarshalIndent(j, "", "  ")
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(out, "%s\n", b)
		return err
	}
	if divide {
		for _, m := range j.Divide {
			fmt.Fprintf(out, "%s: %s\n", m.Move, valueText(m.Value, m.Plies, ""))
		}
	}
	who := j.Player + " to move"
	if j.Paranoid {
		who += ", against all the others together (paranoid)"
	}
	fmt.Fprintf(out, "%s: %s (%s)\n", gm.title(), valueText(j.Value, j.Plies, j.Draw), who)
	if j.Margin != nil {
		fmt.Fprintf(out, "margin: %+d under best play\n", *j.Margin)
	}
	if len(pv) > 0 {
		fmt.Fprintln(out, wrapWords("principal variation: ", pv, "  ", 78))
	}
	if sol.Method == solve.Search {
		if j.Enumerated > 0 {
			fmt.Fprintf(out, "the retrograde analysis found more than %d positions, more than --memory holds: searched instead\n", j.Enumerated)
		}
		fmt.Fprintf(out, "search: %d positions searched, %d moves, table %s, %.1f s\n", j.Positions, j.Moves, bytesText(j.Bytes), j.Seconds)
		return nil
	}
	fmt.Fprintf(out, "%d positions, %d moves, %s, %.1f s\n", j.Positions, j.Moves, bytesText(j.Bytes), j.Seconds)
	return nil
}

// valueText is "win in 7 plies", "loss in 4 plies", "draw (endless
// play)" or "unknown".
func valueText(v string, plies *int, draw string) string {
	switch {
	case plies != nil && *plies == 0:
		return v + " (the game is over)"
	case plies != nil && *plies == 1:
		return v + " in 1 ply"
	case plies != nil:
		return fmt.Sprintf("%s in %d plies", v, *plies)
	case draw == "the game is over":
		return v + " (" + draw + ")"
	case draw != "" && draw != "rules":
		return v + ": " + draw
	}
	return v
}
