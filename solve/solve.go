package solve

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"time"

	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/ir"
)

// Value is a position's value for the root player (the player to move
// where the solve started; package doc).
type Value uint8

const (
	Unknown Value = iota // not decided: the solve stopped before it was
	Win                  // the root player can force a win
	Loss                 // the other side can force the root player's loss
	Draw                 // neither: a draw by the rules, or endless play
)

func (v Value) String() string {
	return [...]string{"unknown", "win", "loss", "draw"}[v]
}

// DefaultMemory is Options.Memory when it is not set: 4 GiB.
const DefaultMemory = 4 << 30

// MaxThreads bounds Options.Threads.
const MaxThreads = 256

// MaxPositions bounds the positions of a solve (indices are 32 bits).
const MaxPositions = math.MaxUint32 - 1

// Options tune Solve.
type Options struct {
	// Memory bounds the bytes the solve's tables hold (0: DefaultMemory).
	Memory int64
	// Hash, when set, is the hash of a position (an incremental hash the
	// State keeps); it only decides where the table looks, so any
	// function of the position is correct (nil: a hash of the identity
	// bytes).
	Hash func(*interp.State) uint64
	// Threads is the number of threads the solve runs on (0: 1; at most
	// MaxThreads). The result does not depend on it (package doc).
	Threads int
	// Progress, when set, is called about once a second.
	Progress func(Progress)
	// Context stops the enumeration when done (Ctrl-C): what the
	// positions found decide is still solved.
	Context context.Context
	// Method: the retrograde analysis, the search, or the first then the
	// second when the positions outgrow Memory (Auto, the zero value)
	Method Method
	// Divide asks the search to value every first move while it solves
	// (the retrograde analysis values every position anyway)
	Divide bool
	// All asks the retrograde analysis for every position reachable,
	// also those reached only by passing up a win in one ply (which it
	// leaves out by default: cutToWin), so that Lookup knows them all
	All bool
	// Lookahead is the longest win (in plies, 1 to MaxLookahead; 0: 1)
	// the enumeration looks for at each position, to follow only that
	// win's first move (cutToWin): the more, the fewer positions, and
	// the more time each costs
	Lookahead int
	// Order is the search's move order (its first thread's; the helpers
	// alternate between the two)
	Order Order
	// parallelLevel: the tests' own (retro.go; 0: parallelLevel)
	parallelLevel int
	// wholePly keeps the whole ply in the identity (tests of plyCap)
	wholePly bool
}

// Progress is where a solve stands.
type Progress struct {
	Phase     string // "enumerate", "retrograde", "margin"
	Positions int64  // positions found
	Moves     int64  // moves (edges) recorded
	Fill      float64
	Bytes     int64
	Elapsed   time.Duration
}

// ErrTooBig: the positions did not fit in Options.Memory (or in
// MaxPositions).
var ErrTooBig = errors.New("the game is too big for the memory bound")

// ErrInterrupted: Options.Context was done before the enumeration ended.
var ErrInterrupted = errors.New("interrupted")

// noEdge marks a successor not reached (an interrupted enumeration).
const noEdge = math.MaxUint32

// info bits of a position
const (
	valueBits    uint8 = 7      // the Value the retrograde analysis gave
	outcomeShift       = 3      // a finished game's Value, in bits 3 and 4
	teamBit      uint8 = 1 << 7 // the root player is to move
	terminal     uint8 = 1 << 6 // the game is over
)

// Solution is a solved position: the graph of the positions reachable
// from it with each one's value for the root player.
type Solution struct {
	p       *interp.Program
	root    *interp.State // a copy of the position solved
	Player  int           // the root player
	id      identity
	hash    func(*interp.State) uint64
	threads int
	// parallelLevel: the least positions of a level of the retrograde
	// analysis taken on several threads
	parallelLevel int
	tab           *shardTable
	origin        uint32 // the index of the position solved
	// rootPacked: its index while the enumeration runs (shardTable)
	rootPacked uint32
	moves      int64   // moves (edges) recorded
	info       []uint8 // per position
	deg        []uint32
	depth      []int32 // plies to the end with best play (Win and Loss)
	margins    []int32 // per position: the margin of a finished game (scored games)
	scored     bool    // the rules have a score or a margin
	// cut: the enumeration follows only the first move of the fastest
	// win a position has within lookahead plies (cutToWin)
	cut       bool
	lookahead int
	Complete  bool  // every reachable position was enumerated
	Margin    *int  // scored games, complete solves: the margin under best play
	Stopped   error // nil, ErrTooBig or ErrInterrupted
	// srch: the search's answers, when the method was the search
	srch *searched
	// Method: the method that gave the answers
	Method Method
	// Enumerated: with Auto, when the retrograde analysis gave way to
	// the search, the positions it had found before it stopped
	Enumerated int64
	// Cycle: with Auto, the search that took over met a position that
	// repeats (Stopped is ErrTooBig)
	Cycle   bool
	Elapsed time.Duration
	limit   int64
	buf     []byte
	// the reversed edges (predecessors): preds[predStart[c]:predStart[c+1]]
	preds     []uint32
	predStart []uint64
	// the retrograde analysis's work arrays, kept for the next one
	count []uint32
	queue []uint32
}

// Solve enumerates the positions reachable from s and computes their
// values (package doc). s is left as it was. The error is a user's
// mistake or a bound of move generation (*interp.LimitError); a game too
// big for the memory bound or an interrupted solve returns a Solution
// whose Stopped says so, with what is known. The result does not depend
// on Options.Threads.
func Solve(p *interp.Program, s *interp.State, opt Options) (*Solution, error) {
	began := time.Now()
	if opt.Memory <= 0 {
		opt.Memory = DefaultMemory
	}
	if opt.Context == nil {
		opt.Context = context.Background()
	}
	sol := newSolution(p, s, &opt)
	if opt.Method == Search {
		if err := searchSolve(sol, &opt, began); err != nil {
			return nil, err
		}
		return sol, nil
	}
	if err := sol.enumerateAndAnalyse(s, &opt, began); err != nil {
		return nil, err
	}
	if opt.Method != Auto || !errors.Is(sol.Stopped, ErrTooBig) {
		return sol, nil
	}
	// too many positions for the memory: search instead, in the memory
	// the tables leave
	found := sol.Positions()
	sol = newSolution(p, s, &opt)
	sol.Enumerated = found
	runtime.GC()
	err := searchSolve(sol, &opt, began)
	if errors.Is(err, ErrCycle) {
		sol.Stopped, sol.Cycle = ErrTooBig, true
		return sol, nil
	}
	if err != nil {
		return nil, err
	}
	return sol, nil
}

// newSolution is a solve of s not yet begun.
func newSolution(p *interp.Program, s *interp.State, opt *Options) *Solution {
	sol := &Solution{
		p: p, root: s.Clone(), Player: s.Mover, id: newIdentity(p), hash: opt.Hash,
		threads: min(max(opt.Threads, 1), MaxThreads), parallelLevel: opt.parallelLevel,
		tab: newShardTable(), limit: opt.Memory,
		scored: p.ScoreFn != nil || p.Margin != nil,
		Method: Retrograde,
	}
	if sol.parallelLevel <= 0 {
		sol.parallelLevel = parallelLevel
	}
	sol.cut = !sol.scored && !opt.All
	sol.lookahead = min(max(opt.Lookahead, 1), MaxLookahead)
	if opt.wholePly {
		sol.id.plyCap = 0
	}
	if sol.id.plyCap > 0 {
		// positions the ply no longer tells apart are one: a hash that
		// reads the ply would look for them in different places
		sol.hash = nil
	}
	return sol
}

// enumerateAndAnalyse is the retrograde method: the enumeration, then
// the analysis.
func (sol *Solution) enumerateAndAnalyse(s *interp.State, opt *Options, began time.Time) error {
	recs, err := sol.enumerate(s, opt, began)
	if err != nil {
		return err
	}
	sol.tab.seal()
	sol.origin = sol.tab.dense(sol.rootPacked)
	sol.Complete = sol.Stopped == nil
	report := func(phase string) {
		if opt.Progress != nil {
			opt.Progress(sol.progress(phase, began))
		}
	}
	report("retrograde")
	sol.assemble(recs)
	recs = nil
	if sol.scored && sol.Complete {
		report("margin")
		sol.Margin = sol.bestMargin()
	}
	sol.retrograde(sol.outcomeOf)
	sol.Elapsed = time.Since(began)
	return nil
}

func (sol *Solution) progress(phase string, began time.Time) Progress {
	n := int64(sol.tab.len())
	return Progress{Phase: phase, Positions: n, Moves: sol.moves,
		Fill: sol.tab.fill(n), Bytes: sol.Bytes(), Elapsed: time.Since(began)}
}

// header is the number of words of a record before the successors.
func (sol *Solution) header() int {
	if sol.scored {
		return 4
	}
	return 3
}

// perPosition is the memory a position takes beside the table once the
// retrograde analysis has its arrays: info, moves, depth, count, queue,
// the start of its predecessors and, in a scored game, its margin.
func (sol *Solution) perPosition() int64 {
	b := int64(1 + 4 + 4 + 4 + 4 + 8)
	if sol.scored {
		b += 4
	}
	return b
}

// hashOf is the hash of s (identity: its identity bytes).
func (sol *Solution) hashOf(s *interp.State, identity []byte) uint64 {
	if sol.hash != nil {
		return sol.hash(s)
	}
	return bytesHash(identity)
}

// outcomeOf is the value of finished position i for the root player.
func (sol *Solution) outcomeOf(i uint32) Value { return Value(sol.info[i]>>outcomeShift) & 3 }

// outcome is the value of a finished game for the root player.
func (sol *Solution) outcome(st *interp.Status) Value {
	w := st.Winners
	mine := false
	for _, x := range w {
		if x == sol.Player {
			mine = true
		}
	}
	switch {
	case !mine && len(w) > 0:
		return Loss
	case mine && len(w) == 1:
		return Win
	}
	return Draw // everyone, a shared win, or no winner
}

// marginOf is the margin of a finished game for the root player.
func (sol *Solution) marginOf(st *interp.Status) int {
	if st.HasMargin && len(st.Winners) == 1 {
		if st.Winners[0] == sol.Player {
			return st.Margin
		}
		return -st.Margin
	}
	if st.Scores == nil {
		return 0
	}
	lowest := sol.p.Best == ir.Lowest
	mine := st.Scores[sol.Player]
	best, any := 0, false
	for i, v := range st.Scores {
		if i == sol.Player {
			continue
		}
		if !any || (lowest && v < best) || (!lowest && v > best) {
			best, any = v, true
		}
	}
	if !any {
		return mine
	}
	if lowest {
		return best - mine
	}
	return mine - best
}

// index returns the index of position s in the solution, or -1 when the
// solve did not reach it.
func (sol *Solution) index(s *interp.State) int64 {
	sol.buf = sol.id.appendTo(sol.buf[:0], s)
	if len(sol.buf) > maxKey {
		return -1
	}
	return sol.tab.find(sol.buf, sol.hashOf(s, sol.buf))
}

// value is position i's value and plies for the root player (a complete
// solve's undecided positions are draws; plies is -1 unless won or lost).
func (sol *Solution) value(i uint32) (Value, int) {
	v := Value(sol.info[i] & valueBits)
	switch v {
	case Win, Loss:
		return v, int(sol.depth[i])
	case Unknown:
		if sol.Complete {
			return Draw, -1
		}
	}
	return v, -1
}

// Over tells whether the game is over in the position solved.
func (sol *Solution) Over() bool {
	if sol.srch != nil {
		return sol.srch.over
	}
	return sol.info[sol.origin]&terminal != 0
}

// Positions is the number of positions enumerated; with the search, the
// positions searched (one searched again after the table forgot it
// counts again).
func (sol *Solution) Positions() int64 {
	if sol.srch != nil {
		n, _ := sol.srch.x.total()
		return n
	}
	return int64(sol.tab.len())
}

// Moves is the number of moves (edges) recorded; with the search, the
// moves generated.
func (sol *Solution) Moves() int64 {
	if sol.srch != nil {
		_, n := sol.srch.x.total()
		return n
	}
	return sol.moves
}

// Bytes is the memory the solution holds: the table, the arrays of the
// retrograde analysis (perPosition) and the predecessors.
func (sol *Solution) Bytes() int64 {
	if sol.srch != nil {
		return sol.srch.x.tt.bytes()
	}
	return sol.tab.bytesNow() + int64(sol.tab.len())*sol.perPosition() + 4*sol.moves
}

// Value is the value of the position solved for the player to move and
// the plies to the end with best play (-1 for a draw or unknown).
func (sol *Solution) Value() (Value, int) {
	if sol.srch != nil {
		return sol.srch.value, sol.srch.plies
	}
	return sol.value(sol.origin)
}

// Lookup is the value of position s for the root player, and its plies;
// ok is false when the solve did not reach s.
func (sol *Solution) Lookup(s *interp.State) (v Value, plies int, ok bool) {
	if sol.srch != nil {
		score, err := sol.srch.at(s.Clone())
		if err != nil {
			return Unknown, -1, false
		}
		v, plies = valueOf(score)
		return v, plies, true
	}
	i := sol.index(s)
	if i < 0 {
		return Unknown, -1, false
	}
	v, plies = sol.value(uint32(i))
	return v, plies, true
}

// EndlessDraw tells whether the position solved is a draw by endless
// play: its principal variation (package doc) reaches a position seen
// before rather than a finished game the rules call a draw.
func (sol *Solution) EndlessDraw() bool {
	if sol.srch != nil {
		return false // the search solves games without cycles only
	}
	if v, _ := sol.Value(); v != Draw || !sol.Complete {
		return false
	}
	s := sol.root.Clone()
	sol.pvMoves(s)
	i := sol.index(s)
	return i < 0 || sol.info[i]&terminal == 0
}

// MoveValue is the value of one first move (root player's view).
type MoveValue struct {
	Move  string
	Value Value
	Plies int // to the end, this move included (-1: draw or unknown)
}

// Divide returns the value of each legal move of the position solved, in
// the order of Legal.
func (sol *Solution) Divide() []MoveValue {
	if sol.Over() {
		return nil
	}
	if sol.srch != nil {
		return sol.srch.divided()
	}
	s := sol.root.Clone()
	var ml interp.MoveList
	sol.p.Legal(s, &ml)
	out := make([]MoveValue, ml.Len())
	for i, c := range sol.successors(s, &ml) {
		out[i] = MoveValue{Move: sol.p.Text(&ml, i), Plies: -1}
		if c < 0 {
			continue
		}
		v, d := sol.value(uint32(c))
		out[i].Value = v
		if d >= 0 {
			out[i].Plies = d + 1
		}
	}
	return out
}

// PV returns a principal variation: the moves of best play from the
// position solved to the end (a win the fastest, a loss the slowest); for
// a draw, moves that keep the draw until the game ends or a position
// repeats; nil when the value is not known.
func (sol *Solution) PV() []string {
	if v, _ := sol.Value(); v == Unknown {
		return nil
	}
	if sol.srch != nil {
		return sol.srch.pv
	}
	return sol.pvMoves(sol.root.Clone())
}

// pvLimit bounds a drawn principal variation.
const pvLimit = 1000

// pvMoves plays the principal variation on s and returns its texts.
func (sol *Solution) pvMoves(s *interp.State) []string {
	var out []string
	var ml interp.MoveList
	seen := map[int64]bool{}
	for len(out) < pvLimit {
		i := sol.index(s)
		if i < 0 || seen[i] || sol.info[i]&terminal != 0 {
			break
		}
		seen[i] = true
		sol.p.Legal(s, &ml)
		k := sol.best(s.Mover == sol.Player, sol.successors(s, &ml))
		if k < 0 {
			break
		}
		out = append(out, sol.p.Text(&ml, k))
		sol.p.Apply(s, &ml, k)
	}
	return out
}

// best is the index of the best move for the player to move (team: the
// root player) among the moves whose successors are succ (the order of
// Legal): a win the fastest, else a draw (one still
// undecided before a decided draw), else the slowest loss; -1 when no
// successor is known.
func (sol *Solution) best(team bool, succ []int64) int {
	good, bad := Win, Loss
	if !team {
		good, bad = Loss, Win
	}
	pick, pickRank, pickDepth := -1, -1, 0
	for k, c := range succ {
		if c < 0 {
			continue
		}
		v, d := sol.value(uint32(c))
		rank := 0 // bad
		switch v {
		case good:
			rank = 3
		case Draw:
			rank = 2
		case Unknown:
			rank = 1
		case bad:
			rank = 0
		}
		better := rank > pickRank ||
			(rank == pickRank && rank == 3 && d < pickDepth) ||
			(rank == pickRank && rank == 0 && d > pickDepth)
		if better {
			pick, pickRank, pickDepth = k, rank, d
		}
	}
	return pick
}

// Choose returns the index among the moves of s (as Legal lists them)
// of the move perfect play picks, for the player to move in s whichever
// side it is; -1 when the solve did not reach s. With more than two
// players it plays the paranoid value: the root player against the rest.
func (sol *Solution) Choose(s *interp.State) int {
	if sol.srch != nil {
		return sol.srch.choose(s.Clone())
	}
	i := sol.index(s)
	if i < 0 || sol.info[i]&terminal != 0 {
		return -1
	}
	var ml interp.MoveList
	sol.p.Legal(s, &ml)
	return sol.best(s.Mover == sol.Player, sol.successors(s, &ml))
}

// successors returns the index of the position after each move of ml
// (the moves of s, as Legal lists them), -1 for one the solve did not
// reach: found by identity, so that the order of the moves is the one of
// s whatever the order was when the position was enumerated.
func (sol *Solution) successors(s *interp.State, ml *interp.MoveList) []int64 {
	out := make([]int64, ml.Len())
	for k := range out {
		sol.p.Apply(s, ml, k)
		out[k] = sol.index(s)
		sol.p.Undo(s)
	}
	return out
}

func (sol *Solution) String() string {
	v, d := sol.Value()
	return fmt.Sprintf("%s in %d plies, %d positions", v, d, sol.Positions())
}
