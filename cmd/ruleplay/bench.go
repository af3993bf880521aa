package main

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"sync/atomic"
	"time"

	"github.com/ruleplay/ruleplay/conformance/oracle"
	"github.com/ruleplay/ruleplay/interp"
	"github.com/spf13/cobra"
)

type benchJSON struct {
	Game               string  `json:"game"`
	Threads            int     `json:"threads"`
	Fast               bool    `json:"fast"`
	PerftDepth         int     `json:"perft_depth"`
	PerftNodes         uint64  `json:"perft_nodes"`
	PerftRuns          int     `json:"perft_runs"`
	PerftSeconds       float64 `json:"perft_seconds"`
	PerftNodesPerSec   float64 `json:"perft_nodes_per_sec"`
	Playouts           int64   `json:"playouts"`
	PlayoutSeconds     float64 `json:"playout_seconds"`
	PlayoutsPerSec     float64 `json:"playouts_per_sec"`
	AvgPlayoutPlies    float64 `json:"avg_playout_plies"`
	PlayoutPliesPerSec float64 `json:"playout_plies_per_sec"`
	StateBytes         int     `json:"state_bytes"`
	// With --compare: the hand-written generator's rates on one thread and
	// the interpreter's per-thread rates divided by them.
	HandcodedPerftNodesPerSec float64 `json:"handcoded_perft_nodes_per_sec,omitempty"`
	HandcodedPlayoutsPerSec   float64 `json:"handcoded_playouts_per_sec,omitempty"`
	HandcodedPerftRatio       float64 `json:"handcoded_perft_ratio,omitempty"`
	HandcodedPlayoutRatio     float64 `json:"handcoded_playout_ratio,omitempty"`
	HandcodedRatio            float64 `json:"handcoded_ratio,omitempty"`
}

func newBenchCmd() *cobra.Command {
	var (
		gf       gameFlags
		seconds  float64
		threads  int
		maxPlies int
		asJSON   bool
		compare  bool
	)
	cmd := &cobra.Command{
		Use:   "bench FILE",
		Short: "Measure move generation and playout speed",
		Long: `Bench measures the interpreter on a game, in two halves of --seconds:

  perft     iterative deepening perft from the start position: depth 1, 2,
            ... while the next depth is expected to fit in the time, then
            the deepest depth again while time remains; the speed is that
            of the deepest depth's runs (leaf nodes per second).
  playouts  uniformly random games from the start position, each ended by
            the rules or by --max-plies: games per second and their average
            length in plies.

--threads runs that many goroutines (perft shares the first moves; each
playout thread plays its own games). Timings vary from run to run; the
counts do not.

--compare then measures the hand-written move generator of the same game
(conformance/oracle), where there is one, on one thread for the same time
(perft at the same depth, for as long), and prints the interpreter's speed per thread
as a ratio of it (1.0: as fast; 0.5: half as fast). The size of one game
state in bytes is reported too. FILE may be a bundled game's name
('ruleplay games'; its rules: docs/rules/GAME.md).`,
		Example: `  ruleplay bench my-game.rules --option size=8x8
  ruleplay bench my-game.rules --seconds 4 --threads 2 --json
  ruleplay bench my-game.rules --fast=false --max-plies 200
  ruleplay bench my-game.rules --compare --json`,
		Args:              exactArgs("FILE"),
		ValidArgsFunction: completeRulesFile,
		RunE: func(cmd *cobra.Command, args []string) error {
			if seconds <= 0 || math.IsNaN(seconds) || math.IsInf(seconds, 0) {
				return usageErrorf("--seconds %v: want a positive number", seconds)
			}
			if threads < 1 {
				return usageErrorf("--threads %d: want 1 or more", threads)
			}
			if maxPlies < 0 {
				return usageErrorf("--max-plies %d: want 0 (no cap) or more", maxPlies)
			}
			gm, err := gf.load(args[0], maxPlies)
			if err != nil {
				return err
			}
			budget := time.Duration(seconds * float64(time.Second) / 2)
			r := benchJSON{Game: gm.g.Name, Threads: threads, Fast: gf.fast, StateBytes: gm.p.StateBytes()}
			var base oracle.B
			if compare {
				var ok bool
				if base, ok = oracle.Baseline(gm.g.Name, gm.opts); !ok {
					return fmt.Errorf("bench --compare: no hand-written generator for %s with these options", gm.g.Name)
				}
				budget /= 2
			}
			if err := benchPerft(gm.p, gm.start(&gf), budget, threads, &r); err != nil {
				return err
			}
			if err := benchPlayouts(gm.p, gm.start(&gf), budget, threads, gf.seed, &r); err != nil {
				return err
			}
			if base != nil {
				compareBaseline(base, budget, gf.seed, maxPlies, &r)
			}
			out := cmd.OutOrStdout()
			if asJSON {
				b, err := json.MarshalIndent(r, "", "  ")
				if err != nil {
					return err
				}
				fmt.Fprintf(out, "%s\n", b)
				return nil
			}
			fmt.Fprintf(out, "%s, %s, fast paths %s\n", gm.title(), count(threads, "thread"), onOff(gf.fast))
			fmt.Fprintf(out, "perft:    depth %d, %d nodes, %s in %.2fs: %s nodes/s\n", r.PerftDepth, r.PerftNodes, count(r.PerftRuns, "run"), r.PerftSeconds, human(r.PerftNodesPerSec))
			fmt.Fprintf(out, "playouts: %d in %.2fs: %s playouts/s, %.1f plies each (%s plies/s)\n",
				r.Playouts, r.PlayoutSeconds, human(r.PlayoutsPerSec), r.AvgPlayoutPlies, human(r.PlayoutPliesPerSec))
			fmt.Fprintf(out, "state:    %d bytes\n", r.StateBytes)
			if base != nil {
				fmt.Fprintf(out, "hand-written: perft %s nodes/s, %s playouts/s (one thread)\n", human(r.HandcodedPerftNodesPerSec), human(r.HandcodedPlayoutsPerSec))
				fmt.Fprintf(out, "ratio (interpreter per thread / hand-written): perft %.2f, playouts %.2f\n", r.HandcodedPerftRatio, r.HandcodedPlayoutRatio)
			}
			return nil
		},
	}
	gf.register(cmd, "seed for the random setup and the playouts")
	fl := cmd.Flags()
	fl.Float64Var(&seconds, "seconds", 2, "measure for `S` seconds in all, shared by perft and playouts")
	fl.IntVar(&threads, "threads", 1, "measure with `N` threads")
	fl.IntVar(&maxPlies, "max-plies", 1000, "end a playout after `N` plies (0: no cap)")
	fl.BoolVar(&asJSON, "json", false, "print JSON")
	fl.BoolVar(&compare, "compare", false, "also measure the game's hand-written generator and print the ratio")
	return cmd
}

// benchPerft runs perft at depth 1, 2, ... while the next depth is expected
// to end within budget; then it repeats the deepest depth while the budget
// lasts (so that a shallow depth is not timed on one short run) and keeps
// that depth's figures: nodes of one run, runs, and their time.
func benchPerft(p *interp.Program, s *interp.State, budget time.Duration, threads int, r *benchJSON) error {
	start := time.Now()
	var prevNodes uint64
	var prevTime, last time.Duration
	for depth := 1; depth <= 64; depth++ {
		if depth > 1 {
			// Expect the time to grow like the node count did.
			growth := 1.0
			if prevNodes > 0 && r.PerftNodes > 0 {
				growth = max(float64(r.PerftNodes)/float64(prevNodes), 1)
			}
			if time.Since(start)+time.Duration(float64(prevTime)*growth) > budget {
				break
			}
		}
		t0 := time.Now()
		n, err := perftCount(p, s, depth, threads)
		if err != nil {
			return err
		}
		el := time.Since(t0)
		prevNodes, prevTime = r.PerftNodes, el
		if depth == 1 {
			prevNodes = 1
		}
		r.PerftDepth, r.PerftNodes, last = depth, n, el
		if n == 0 {
			break
		}
	}
	runs, total := 1, last
	for r.PerftNodes > 0 && time.Since(start)+last < budget {
		t0 := time.Now()
		if _, err := perftCount(p, s, r.PerftDepth, threads); err != nil {
			return err
		}
		total += time.Since(t0)
		runs++
	}
	r.PerftRuns, r.PerftSeconds = runs, total.Seconds()
	if r.PerftSeconds > 0 {
		r.PerftNodesPerSec = float64(r.PerftNodes) * float64(runs) / r.PerftSeconds
	}
	return nil
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
	var games, plies atomic.Int64
	deadline := time.Now().Add(budget)
	t0 := time.Now()
	err := parallel(threads, func(w int) {
		rng := rand.New(rand.NewPCG(seed, uint64(w)+1))
		var ml interp.MoveList
		s := s0.Clone()
		for first := true; first || time.Now().Before(deadline); first = false {
			s.CopyFrom(s0)
			n := p.RandomPlayout(s, rng, &ml, 0) // the program ends games at --max-plies
			games.Add(1)
			plies.Add(int64(n))
		}
	})
	if err != nil {
		return err
	}
	el := time.Since(t0).Seconds()
	r.Playouts, r.PlayoutSeconds = games.Load(), el
	if el > 0 {
		r.PlayoutsPerSec = float64(r.Playouts) / el
		r.PlayoutPliesPerSec = float64(plies.Load()) / el
	}
	if r.Playouts > 0 {
		r.AvgPlayoutPlies = float64(plies.Load()) / float64(r.Playouts)
	}
	return nil
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

// compareBaseline measures the hand-written generator on one thread: perft
// at the depth the interpreter reached, then playouts for budget.
func compareBaseline(b oracle.B, budget time.Duration, seed uint64, maxPlies int, r *benchJSON) {
	if r.PerftDepth > 0 {
		// As long as the interpreter's runs took, at least once.
		t0 := time.Now()
		var n uint64
		for n == 0 || time.Since(t0).Seconds() < r.PerftSeconds {
			n += b.Perft(r.PerftDepth)
		}
		if el := time.Since(t0).Seconds(); el > 0 {
			r.HandcodedPerftNodesPerSec = float64(n) / el
		}
	}
	t0 := time.Now()
	games := 0
	for batch := 0; games == 0 || time.Since(t0) < budget; batch++ {
		b.RandomPlayouts(16, seed+uint64(batch), maxPlies)
		games += 16
	}
	if el := time.Since(t0).Seconds(); el > 0 {
		r.HandcodedPlayoutsPerSec = float64(games) / el
	}
	th := float64(max(r.Threads, 1))
	if r.HandcodedPerftNodesPerSec > 0 {
		r.HandcodedPerftRatio = r.PerftNodesPerSec / th / r.HandcodedPerftNodesPerSec
	}
	if r.HandcodedPlayoutsPerSec > 0 {
		r.HandcodedPlayoutRatio = r.PlayoutsPerSec / th / r.HandcodedPlayoutsPerSec
	}
	r.HandcodedRatio = min(r.HandcodedPerftRatio, r.HandcodedPlayoutRatio)
}
