package main

import (
	"encoding/json"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/ruleplay/ruleplay/interp"
	"github.com/spf13/cobra"
)

type divideJSON struct {
	Move  string `json:"move"`
	Nodes uint64 `json:"nodes"`
}

type perftJSON struct {
	Game   string       `json:"game"`
	Depth  int          `json:"depth"`
	Nodes  uint64       `json:"nodes"`
	Divide []divideJSON `json:"divide,omitempty"`
}

func newPerftCmd() *cobra.Command {
	var (
		gf      gameFlags
		played  []string
		divide  bool
		asJSON  bool
		threads int
	)
	cmd := &cobra.Command{
		Use:   "perft FILE DEPTH",
		Short: "Count the move sequences of a given length",
		Long: `Perft counts the sequences of exactly DEPTH legal moves from the start
position, or from --position's (a position text: docs/notation.md), or
from the position after --moves: the standard check of a move generator. A finished game has no moves, so sequences that end the
game early are not counted.

--divide lists every legal move of the position with the count below it.
--json prints {"game", "depth", "nodes"} and, with --divide, "divide": a
list of {"move", "nodes"}. --threads shares the moves of the position among
that many threads. The figures of every bundled game are on its page,
docs/rules/GAME.md.`,
		Example: `  ruleplay perft my-game.rules 3 --option size=8x8
  ruleplay perft my-game.rules 4 --divide
  ruleplay perft my-game.rules 5 --json --disable all --threads 2`,
		Args:              exactArgs("FILE", "DEPTH"),
		ValidArgsFunction: completeRulesFile,
		RunE: func(cmd *cobra.Command, args []string) error {
			depth, err := strconv.Atoi(args[1])
			if err != nil || depth < 0 {
				return usageErrorf("perft: DEPTH must be a whole number, 0 or more, not %q", args[1])
			}
			if threads < 1 || threads > maxThreads {
				return usageErrorf("--threads %d: want 1 to %d", threads, maxThreads)
			}
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
			total, moves, counts, err := perft(gm.p, s, depth, threads)
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			if asJSON {
				j := perftJSON{Game: gm.g.Name, Depth: depth, Nodes: total}
				if divide {
					j.Divide = make([]divideJSON, len(moves))
					for i := range moves {
						j.Divide[i] = divideJSON{moves[i], counts[i]}
					}
				}
				b, err := json.MarshalIndent(j, "", "  ")
				if err != nil {
					return err
				}
				fmt.Fprintf(out, "%s\n", b)
				return nil
			}
			if divide {
				for i := range moves {
					fmt.Fprintf(out, "%s: %d\n", moves[i], counts[i])
				}
			}
			fmt.Fprintf(out, "depth %d: %d nodes\n", depth, total)
			return nil
		},
	}
	gf.register(cmd, "seed for the random setup")
	gf.registerPosition(cmd)
	fl := cmd.Flags()
	fl.StringSliceVarP(&played, "moves", "m", nil, "`MOVES` to play first, comma-separated (repeatable)")
	fl.BoolVar(&divide, "divide", false, "list each move with its count")
	fl.BoolVar(&asJSON, "json", false, "print JSON")
	fl.IntVar(&threads, "threads", 1, "count with `N` threads")
	return cmd
}

// perft counts the sequences of depth moves from s with up to threads
// goroutines sharing the first moves. It returns the total and, for
// depth >= 1, every first move with its count. s is left unchanged.
func perft(p *interp.Program, s *interp.State, depth, threads int) (total uint64, moves []string, counts []uint64, err error) {
	if depth == 0 {
		return 1, nil, nil, nil
	}
	var ml interp.MoveList
	p.Legal(s, &ml)
	moves = p.Texts(&ml)
	counts = make([]uint64, len(moves))
	if depth == 1 {
		for i := range counts {
			counts[i] = 1
		}
		return uint64(len(moves)), moves, counts, nil
	}
	var next atomic.Int64
	err = parallel(min(threads, len(moves)), func(int) {
		c := s.Clone()
		var wml interp.MoveList
		p.Legal(c, &wml)
		for {
			i := int(next.Add(1)) - 1
			if i >= wml.Len() {
				return
			}
			p.Apply(c, &wml, i)
			counts[i] = p.Perft(c, depth-1)
			p.Undo(c)
		}
	})
	for _, n := range counts {
		total += n
	}
	return total, moves, counts, err
}

// parallel runs f(0..n-1) on n goroutines and waits; a panic in one of them
// becomes an internal error instead of crashing the program (or, for a
// rules file whose moves cost too much, the *interp.LimitError).
func parallel(n int, f func(worker int)) error {
	if n < 1 {
		n = 1
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	var first error
	for w := 0; w < n; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				if r := recover(); r != nil {
					mu.Lock()
					if first == nil {
						first = panicError(r)
					}
					mu.Unlock()
				}
			}()
			f(w)
		}()
	}
	wg.Wait()
	return first
}

// genPerftCount is Program.GenPerft on up to threads goroutines, which share the
// first moves as perft's do. s is left unchanged.
func genPerftCount(p *interp.Program, s *interp.State, depth, threads int) (uint64, error) {
	mls := make([]interp.MoveList, max(depth, 1))
	if threads <= 1 || depth <= 1 {
		return p.GenPerft(s, depth, mls), nil
	}
	p.Legal(s, &mls[depth-1])
	first := mls[depth-1].Len()
	var next atomic.Int64
	var total atomic.Uint64
	err := parallel(min(threads, first), func(int) {
		c := s.Clone()
		wml := make([]interp.MoveList, depth)
		root := &wml[depth-1]
		p.Legal(c, root)
		var n uint64
		for {
			i := int(next.Add(1)) - 1
			if i >= root.Len() {
				break
			}
			p.Apply(c, root, i)
			n += p.GenPerft(c, depth-1, wml)
			p.Undo(c)
		}
		total.Add(n)
	})
	return total.Load(), err
}

// panicError is the error a recovered panic stands for: the
// *interp.LimitError move generation panics with, or an internal error.
func panicError(r any) error {
	if le, ok := r.(*interp.LimitError); ok {
		return le
	}
	return &internalError{r}
}
