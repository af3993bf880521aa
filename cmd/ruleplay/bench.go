package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"time"

	"github.com/ruleplay/ruleplay/conformance/oracle"
	"github.com/ruleplay/ruleplay/interp"
	"github.com/spf13/cobra"
)

type benchJSON struct {
	Game    string `json:"game"`
	Threads int    `json:"threads"`
	// Disabled: the accelerators --disable (or --fast=false: "all")
	// switched off; Fast: none is
	Disabled         []string `json:"disabled"`
	Fast             bool     `json:"fast"`
	PerftDepth       int      `json:"perft_depth"`
	PerftNodes       uint64   `json:"perft_nodes"`
	PerftRuns        int      `json:"perft_runs"`
	PerftSeconds     float64  `json:"perft_seconds"`
	PerftNodesPerSec float64  `json:"perft_nodes_per_sec"`
	// The perft without shortcuts: every move of every depth generated,
	// played and taken back. Nodes are the leaf moves played in one run.
	GenPerftDepth      int     `json:"gen_perft_depth"`
	GenPerftNodes      uint64  `json:"gen_perft_nodes"`
	GenPerftRuns       int     `json:"gen_perft_runs"`
	GenPerftSeconds    float64 `json:"gen_perft_seconds"`
	GenNodesPerSec     float64 `json:"gen_nodes_per_sec"`
	Playouts           int64   `json:"playouts"`
	PlayoutSeconds     float64 `json:"playout_seconds"`
	PlayoutsPerSec     float64 `json:"playouts_per_sec"`
	AvgPlayoutPlies    float64 `json:"avg_playout_plies"`
	PlayoutPliesPerSec float64 `json:"playout_plies_per_sec"`
	StateBytes         int     `json:"state_bytes"`
	// With --compare: the hand-written generator's rates on one thread,
	// doing the same work as the interpreter for each figure, and the
	// interpreter's per-thread rates divided by them; HandcodedRatio is
	// the lowest of the three ratios.
	HandcodedPerftNodesPerSec float64 `json:"handcoded_perft_nodes_per_sec,omitempty"`
	HandcodedGenNodesPerSec   float64 `json:"handcoded_gen_nodes_per_sec,omitempty"`
	HandcodedPlayoutsPerSec   float64 `json:"handcoded_playouts_per_sec,omitempty"`
	HandcodedPerftRatio       float64 `json:"handcoded_perft_ratio,omitempty"`
	HandcodedGenRatio         float64 `json:"handcoded_gen_ratio,omitempty"`
	HandcodedPlayoutRatio     float64 `json:"handcoded_playout_ratio,omitempty"`
	HandcodedRatio            float64 `json:"handcoded_ratio,omitempty"`
}

// benchHelp is bench's long help, benchExamples its examples.
const (
	benchHelp = `Bench measures the interpreter on a game, in three thirds of --seconds:

  perft      iterative deepening perft from the start position: depth 1,
             2, ... while the next depth is expected to fit in the time,
             then the deepest depth again while time remains; the speed is
             that of the deepest depth's runs (perft_nodes_per_sec: leaf
             nodes per second). It takes the usual perft shortcuts: the
             moves of the last ply are counted, not played, and in some
             games those of the ply before are played on the board alone
             or counted without being played.
  gen perft  the same deepening over a perft without shortcuts: at every
             depth, the last one included, the moves are generated, and
             each is played and taken back (Legal, Apply, Undo). The
             perft's counts tell how much longer the next depth will take.
             gen_perft_nodes is the number of leaf moves played in one run
             (the perft count of that depth); gen_nodes_per_sec is the leaf
             moves played per second.
  playouts   uniformly random games from the start position, each played
             to the end the rules give it or cut at --max-plies: games per
             second (playouts_per_sec) and their average length in plies.

--threads runs that many goroutines (both perfts share the first moves;
each playout thread plays its own games). Timings vary from run to run; the
counts do not. The size of one game state in bytes is reported too.

--compare also measures the hand-written move generator of the same game
(conformance/oracle), where there is one, on one thread, doing the same
work as the interpreter for each ratio. Each third is then halved: the
first half finds the depths as above; in the second, the interpreter's
runs and the hand-written generator's alternate (which goes first
alternating too), so that both meet the same load on the machine, and
both rates printed, and their ratio, come from those alternating runs:

  perft      perft at the interpreter's perft depth; the hand-written
             generator too counts the last ply without playing it
             (handcoded_perft_ratio).
  gen        a move list at every depth, every move played and taken back,
             at the interpreter's gen perft depth (handcoded_gen_ratio).
  playouts   uniformly random games to the same end, the rules' end or
             --max-plies, in turns of a twentieth of the half
             (handcoded_playout_ratio).

A ratio is the interpreter's speed per thread divided by the hand-written
generator's (1.0: as fast; 0.5: half as fast); handcoded_ratio is the
lowest of the three. Both sides must count the same perft and gen perft
nodes, or bench gives no ratio and fails. FILE may be a bundled game's name ('ruleplay
games'; its rules: docs/rules/GAME.md).`
	benchExamples = `  ruleplay bench my-game.rules --option size=8x8
  ruleplay bench my-game.rules --seconds 4 --threads 2 --json
  ruleplay bench my-game.rules --disable kernel --max-plies 200
  ruleplay bench my-game.rules --disable all --json
  ruleplay bench my-game.rules --compare --json`
)

// benchOptions are bench's flags.
type benchOptions struct {
	gf       gameFlags
	seconds  float64
	threads  int
	maxPlies int
	asJSON   bool
	compare  bool
}

func newBenchCmd() *cobra.Command {
	o := &benchOptions{}
	cmd := &cobra.Command{
		Use:               "bench FILE",
		Short:             "Measure move generation and playout speed",
		Long:              benchHelp,
		Example:           benchExamples,
		Args:              exactArgs("FILE"),
		ValidArgsFunction: completeRulesFile,
		RunE:              o.run,
	}
	o.register(cmd)
	return cmd
}

// register adds bench's flags to cmd.
func (o *benchOptions) register(cmd *cobra.Command) {
	o.gf.register(cmd, "seed for the random setup and the playouts")
	o.gf.registerPosition(cmd)
	fl := cmd.Flags()
	fl.Float64Var(&o.seconds, "seconds", 2, "measure for `S` seconds in all: a third each for perft, gen perft and playouts (halved by --compare)")
	fl.IntVar(&o.threads, "threads", 1, "measure with `N` threads")
	fl.IntVar(&o.maxPlies, "max-plies", 1000, "end a playout after `N` plies (0: no cap of your own; at most "+plyLimitText+")")
	fl.BoolVar(&o.asJSON, "json", false, "print JSON")
	fl.BoolVar(&o.compare, "compare", false, "also measure the game's hand-written generator and print the ratios")
}

// check validates the flags.
func (o *benchOptions) check() error {
	if o.seconds <= 0 || math.IsNaN(o.seconds) || o.seconds > maxBenchSeconds {
		return usageErrorf("--seconds %v: want a positive number of seconds, at most %d", o.seconds, maxBenchSeconds)
	}
	if o.threads < 1 || o.threads > maxThreads {
		return usageErrorf("--threads %d: want 1 to %d", o.threads, maxThreads)
	}
	return checkPlies(&o.maxPlies)
}

// run measures the game of args[0] and prints the figures.
func (o *benchOptions) run(cmd *cobra.Command, args []string) error {
	if err := o.check(); err != nil {
		return err
	}
	gm, err := o.gf.load(args[0], o.maxPlies)
	if err != nil {
		return err
	}
	budget := time.Duration(o.seconds * float64(time.Second) / 3)
	var base oracle.B
	if o.compare {
		var ok bool
		if base, ok = oracle.Baseline(gm.g.Name, gm.opts); !ok {
			return fmt.Errorf("bench --compare: no hand-written generator for %s with these options", gm.g.Name)
		}
		budget /= 2
	}
	r, err := o.measure(gm, budget)
	if err != nil {
		return err
	}
	if base != nil {
		if err := o.compareBaseline(gm, base, budget, &r); err != nil {
			return err
		}
	}
	if o.asJSON {
		b, err := json.MarshalIndent(r, "", "  ")
		if err != nil {
			return fmt.Errorf("bench: %w", err)
		}
		fmt.Fprintf(cmd.OutOrStdout(), "%s\n", b)
		return nil
	}
	o.write(cmd.OutOrStdout(), gm, &r, base != nil)
	return nil
}

// measure runs the interpreter's perft, gen perft and playouts on gm for
// budget each.
func (o *benchOptions) measure(gm *game, budget time.Duration) (benchJSON, error) {
	disabled := gm.p.Disabled()
	r := benchJSON{Game: gm.g.Name, Threads: o.threads, Disabled: disabled, Fast: len(disabled) == 0, StateBytes: gm.p.StateBytes()}
	s, err := gm.startAt(&o.gf)
	if err != nil {
		return r, err
	}
	pr, err := benchDeepening(budget, nil, func(depth int) (uint64, error) { return perftCount(gm.p, s, depth, o.threads) })
	if err != nil {
		return r, fmt.Errorf("bench: perft: %w", err)
	}
	r.PerftDepth, r.PerftNodes, r.PerftRuns, r.PerftSeconds, r.PerftNodesPerSec = pr.depth, pr.nodes, pr.runs, pr.seconds, pr.rate
	gr, err := benchDeepening(budget, pr.counts, func(depth int) (uint64, error) { return genPerftCount(gm.p, s, depth, o.threads) })
	if err != nil {
		return r, fmt.Errorf("bench: gen perft: %w", err)
	}
	r.GenPerftDepth, r.GenPerftNodes, r.GenPerftRuns, r.GenPerftSeconds, r.GenNodesPerSec = gr.depth, gr.nodes, gr.runs, gr.seconds, gr.rate
	if err := benchPlayouts(gm.p, s.Clone(), budget, o.threads, o.gf.seed, &r); err != nil {
		return r, fmt.Errorf("bench: playouts: %w", err)
	}
	return r, nil
}

// write prints the figures as text; compared: with the hand-written
// generator's.
func (o *benchOptions) write(out io.Writer, gm *game, r *benchJSON, compared bool) {
	accels := "accelerators on"
	if len(r.Disabled) > 0 {
		accels = "accelerators off: " + strings.Join(r.Disabled, ", ")
	}
	fmt.Fprintf(out, "%s, %s, %s\n", gm.title(), count(o.threads, "thread"), accels)
	fmt.Fprintf(out, "perft:     depth %d, %d nodes, %s in %.2fs: %s nodes/s (last ply counted)\n",
		r.PerftDepth, r.PerftNodes, count(r.PerftRuns, "run"), r.PerftSeconds, human(r.PerftNodesPerSec))
	fmt.Fprintf(out, "gen perft: depth %d, %d nodes, %s in %.2fs: %s gen nodes/s (every move played)\n",
		r.GenPerftDepth, r.GenPerftNodes, count(r.GenPerftRuns, "run"), r.GenPerftSeconds, human(r.GenNodesPerSec))
	fmt.Fprintf(out, "playouts:  %d in %.2fs: %s playouts/s, %.1f plies each (%s plies/s)\n",
		r.Playouts, r.PlayoutSeconds, human(r.PlayoutsPerSec), r.AvgPlayoutPlies, human(r.PlayoutPliesPerSec))
	fmt.Fprintf(out, "state:     %d bytes\n", r.StateBytes)
	if compared {
		fmt.Fprintf(out, "hand-written: perft %s nodes/s, gen perft %s gen nodes/s, %s playouts/s (one thread)\n",
			human(r.HandcodedPerftNodesPerSec), human(r.HandcodedGenNodesPerSec), human(r.HandcodedPlayoutsPerSec))
		fmt.Fprintf(out, "ratio (interpreter per thread / hand-written): perft %.2f, gen %.2f, playouts %.2f\n",
			r.HandcodedPerftRatio, r.HandcodedGenRatio, r.HandcodedPlayoutRatio)
	}
}

// deepening is what benchDeepening measured: the deepest depth, its node
// count for one run, the runs of that depth, their time in seconds and
// nodes per second over them; counts[d-1] is the node count of depth d.
type deepening struct {
	depth         int
	nodes         uint64
	runs          int
	seconds, rate float64
	counts        []uint64
}

// benchDeepening runs count at depth 1, 2, ... while the next depth is
// expected to end within budget; then it repeats the deepest depth while
// the budget lasts (so that a shallow depth is not timed on one short run)
// and keeps that depth's figures. The time of the next depth is expected to
// grow like its node count: known[d-1], where given, is the node count of
// depth d (from an earlier count of the same sequences); otherwise the
// growth is taken to be that of the last depth. A depth's time per run is
// the fastest of the runs made in its first hundredth of the budget, so
// that one run of a few microseconds slowed by the scheduler does not stop
// the deepening.
func benchDeepening(budget time.Duration, known []uint64, count func(depth int) (uint64, error)) (deepening, error) {
	var r deepening
	start := time.Now()
	var perRun, total time.Duration
	for depth := 1; depth <= 64; depth++ {
		if depth > 1 && time.Since(start)+time.Duration(float64(perRun)*nextGrowth(r.counts, known)) > budget {
			break
		}
		r.runs, total, perRun = 0, 0, 0
		for r.runs == 0 || total < budget/100 {
			t0 := time.Now()
			n, err := count(depth)
			if err != nil {
				return r, fmt.Errorf("depth %d: %w", depth, err)
			}
			el := time.Since(t0)
			if r.runs == 0 {
				r.depth, r.nodes = depth, n
				r.counts = append(r.counts, n)
				perRun = el
			}
			r.runs++
			total += el
			perRun = min(perRun, el)
			if n == 0 {
				break
			}
		}
		if r.nodes == 0 {
			break
		}
	}
	for r.nodes > 0 && time.Since(start)+perRun < budget {
		t0 := time.Now()
		if _, err := count(r.depth); err != nil {
			return r, fmt.Errorf("depth %d: %w", r.depth, err)
		}
		total += time.Since(t0)
		r.runs++
	}
	r.seconds = total.Seconds()
	if r.seconds > 0 {
		r.rate = float64(r.nodes) * float64(r.runs) / r.seconds
	}
	return r, nil
}

// nextGrowth is the expected ratio of the next depth's node count to the
// last one's (at least 1), counts being those of depths 1, 2, ... so far.
func nextGrowth(counts, known []uint64) float64 {
	d := len(counts) // the last depth run
	last := counts[d-1]
	next := 0.0
	switch {
	case d < len(known):
		next = float64(known[d])
	case d >= 2 && counts[d-2] > 0:
		next = float64(last) * float64(last) / float64(counts[d-2])
	default:
		next = float64(last) * float64(last) // from depth 1: the moves of the start, squared
	}
	if last == 0 {
		return 1
	}
	return max(next/float64(last), 1)
}

// perftCount returns perft(depth) of s: on one thread by Perft alone, on
// several by sharing the first moves.
func perftCount(p *interp.Program, s *interp.State, depth, threads int) (uint64, error) {
	if threads <= 1 {
		return p.Perft(s, depth), nil
	}
	n, _, _, err := perft(p, s, depth, threads)
	return n, err
}

// benchPlayouts plays uniformly random games from s0 for budget.
func benchPlayouts(p *interp.Program, s0 *interp.State, budget time.Duration, threads int, seed uint64, r *benchJSON) error {
	t0 := time.Now()
	games, plies, err := playoutRun(p, s0, budget, threads, seed)
	if err != nil {
		return err
	}
	setPlayouts(r, games, plies, time.Since(t0).Seconds())
	return nil
}

// playoutRun plays uniformly random games from s0 on threads goroutines
// (at least one game each) until budget has passed, thread w drawing from
// a generator seeded by (seed, w+1); it returns the games and the plies
// played.
func playoutRun(p *interp.Program, s0 *interp.State, budget time.Duration, threads int, seed uint64) (games, plies int64, err error) {
	var ng, np atomic.Int64
	deadline := time.Now().Add(budget)
	err = parallel(threads, func(w int) {
		rng := rand.New(rand.NewPCG(seed, uint64(w)+1))
		var ml interp.MoveList
		s := s0.Clone()
		s.SetUndo(false) // played forward only
		for first := true; first || time.Now().Before(deadline); first = false {
			s.CopyFrom(s0)
			n := p.RandomPlayout(s, rng, &ml, 0) // the program ends games at --max-plies
			ng.Add(1)
			np.Add(int64(n))
		}
	})
	return ng.Load(), np.Load(), err
}

// setPlayouts sets r's playout figures: games of plies plies in all,
// played in secs seconds.
func setPlayouts(r *benchJSON, games, plies int64, secs float64) {
	r.Playouts, r.PlayoutSeconds = games, secs
	r.PlayoutsPerSec, r.PlayoutPliesPerSec, r.AvgPlayoutPlies = 0, 0, 0
	if secs > 0 {
		r.PlayoutsPerSec = float64(games) / secs
		r.PlayoutPliesPerSec = float64(plies) / secs
	}
	if games > 0 {
		r.AvgPlayoutPlies = float64(plies) / float64(games)
	}
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

// human renders a rate with a k/M/G suffix.
func human(v float64) string {
	switch {
	case v >= 1e9:
		return fmt.Sprintf("%.2fG", v/1e9)
	case v >= 1e6:
		return fmt.Sprintf("%.2fM", v/1e6)
	case v >= 1e4:
		return fmt.Sprintf("%.1fk", v/1e3)
	}
	return fmt.Sprintf("%.1f", v)
}

// compareBaseline measures the interpreter (on r.Threads threads) and the
// hand-written generator (on one) doing the same work, their runs
// alternating for budget per figure so that both meet the same machine:
// perft at the interpreter's perft depth (last ply counted), gen perft at
// its gen perft depth (every move played), then playouts with the same
// ply cap in turns of a twentieth of budget. The interpreter's figures in
// r are replaced by those of its alternating runs, so that each ratio is
// the quotient of the two rates printed.
func (o *benchOptions) compareBaseline(gm *game, b oracle.B, budget time.Duration, r *benchJSON) error {
	s, err := gm.startAt(&o.gf)
	if err != nil {
		return err
	}
	perft, err := comparePerft(budget, r.PerftDepth, b.Perft, func(depth int) (uint64, error) {
		return perftCount(gm.p, s, depth, o.threads)
	})
	if err != nil {
		return fmt.Errorf("bench: perft: %w", err)
	}
	r.PerftRuns, r.PerftSeconds, r.PerftNodesPerSec = perft.turns, perft.secs[0], perft.rate(0)
	gen, err := comparePerft(budget, r.GenPerftDepth, b.GenPerft, func(depth int) (uint64, error) {
		return genPerftCount(gm.p, s, depth, o.threads)
	})
	if err != nil {
		return fmt.Errorf("bench: gen perft: %w", err)
	}
	r.GenPerftRuns, r.GenPerftSeconds, r.GenNodesPerSec = gen.turns, gen.secs[0], gen.rate(0)
	play, plies, err := o.comparePlayouts(gm, b, budget)
	if err != nil {
		return fmt.Errorf("bench: playouts: %w", err)
	}
	setPlayouts(r, int64(play.work[0]), plies, play.secs[0])
	r.HandcodedPerftNodesPerSec, r.HandcodedGenNodesPerSec, r.HandcodedPlayoutsPerSec = perft.rate(1), gen.rate(1), play.rate(1)
	th := float64(max(r.Threads, 1))
	ratio := func(interp, hand float64) float64 {
		if hand <= 0 {
			return 0
		}
		return interp / th / hand
	}
	r.HandcodedPerftRatio = ratio(r.PerftNodesPerSec, r.HandcodedPerftNodesPerSec)
	r.HandcodedGenRatio = ratio(r.GenNodesPerSec, r.HandcodedGenNodesPerSec)
	r.HandcodedPlayoutRatio = ratio(r.PlayoutsPerSec, r.HandcodedPlayoutsPerSec)
	r.HandcodedRatio = min(r.HandcodedPerftRatio, r.HandcodedGenRatio, r.HandcodedPlayoutRatio)
	return nil
}

// comparePerft alternates, for budget, a perft of depth by the
// interpreter (count) with one by the hand-written generator (hand). Both
// must count the same nodes, or no ratio is given: an error says so.
func comparePerft(budget time.Duration, depth int, hand func(int) uint64, count func(int) (uint64, error)) (turns, error) {
	var nodes [2]uint64
	var counted [2]bool
	return alternate(budget, func(side int) (float64, error) {
		var n uint64
		var err error
		if side == 1 {
			n = hand(depth)
		} else if n, err = count(depth); err != nil {
			return 0, err
		}
		nodes[side], counted[side] = n, true
		if counted[0] && counted[1] && nodes[0] != nodes[1] {
			return 0, fmt.Errorf("depth %d: the interpreter counted %d nodes, the hand-written generator %d: no ratio", depth, nodes[0], nodes[1])
		}
		return float64(n), nil
	})
}

// comparePlayouts alternates the interpreter's random playouts (each
// turn seeded anew from --seed) with the hand-written generator's, in
// turns of a twentieth of budget (batches of 16 games for the latter);
// it returns the games and time of each side, and the interpreter's plies.
func (o *benchOptions) comparePlayouts(gm *game, b oracle.B, budget time.Duration) (turns, int64, error) {
	s0, err := gm.startAt(&o.gf)
	if err != nil {
		return turns{}, 0, err
	}
	slice := max(budget/20, time.Millisecond)
	var plies int64
	round := uint64(0)
	t, err := alternate(budget, func(side int) (float64, error) {
		round++
		seed := o.gf.seed + round
		if side == 0 {
			n, np, err := playoutRun(gm.p, s0, slice, o.threads, seed)
			plies += np
			return float64(n), err
		}
		games := 0
		for t0 := time.Now(); games == 0 || time.Since(t0) < slice; games += 16 {
			b.RandomPlayouts(16, seed+uint64(games), o.maxPlies)
		}
		return float64(games), nil
	})
	return t, plies, err
}

// turns is what alternate measured: per side (0 the interpreter, 1 the
// hand-written generator), the work done (nodes or games) and its time in
// seconds, and the turns each side had.
type turns struct {
	work, secs [2]float64
	turns      int
}

// rate is side's work per second (0 without time).
func (t *turns) rate(side int) float64 {
	if t.secs[side] <= 0 {
		return 0
	}
	return t.work[side] / t.secs[side]
}

// alternate calls turn for both sides in turn, which side goes first
// alternating from round to round, until budget has passed (one round at
// least), and adds up each side's work and time.
func alternate(budget time.Duration, turn func(side int) (float64, error)) (turns, error) {
	var t turns
	start := time.Now()
	for t.turns == 0 || time.Since(start) < budget {
		for k := range 2 {
			side := (t.turns + k) % 2
			t0 := time.Now()
			w, err := turn(side)
			if err != nil {
				return t, err
			}
			t.work[side] += w
			t.secs[side] += time.Since(t0).Seconds()
		}
		t.turns++
	}
	return t, nil
}

// maxBenchSeconds is the longest bench (a day): beyond it a duration
// overflows, and no one waits that long.
const maxBenchSeconds = 24 * 60 * 60
