package solve

import (
	"context"
	"errors"
	"fmt"
	"math"
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
	// Progress, when set, is called about once a second.
	Progress func(Progress)
	// Context stops the enumeration when done (Ctrl-C): what the
	// positions found decide is still solved.
	Context context.Context
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
	p        *interp.Program
	root     *interp.State // a copy of the position solved
	Player   int           // the root player
	id       identity
	hash     func(*interp.State) uint64
	tab      *table
	start    []uint64 // start[i]..start[i+1]: the successors of position i in edges
	edges    []uint32
	info     []uint8
	depth    []int32 // plies to the end with best play (Win and Loss)
	margins  []int32 // per position: the margin of a finished game (scored games)
	scored   bool    // the rules have a score or a margin
	Complete bool    // every reachable position was enumerated
	Margin   *int    // scored games, complete solves: the margin under best play
	Stopped  error   // nil, ErrTooBig or ErrInterrupted
	Elapsed  time.Duration
	limit    int64
	buf      []byte
	// walkBytes: an estimate of the depth-first walk's own memory (its
	// frames with their move lists, the position's undo records), which
	// in a game with cycles can be as deep as the positions are many
	walkBytes int64
	// the reversed edges (predecessors), made by the first retrograde
	preds     []uint32
	predStart []uint64
}

// Solve enumerates the positions reachable from s and computes their
// values (package doc). s is left as it was. The error is a user's
// mistake or a bound of move generation (*interp.LimitError); a game too
// big for the memory bound or an interrupted solve returns a Solution
// whose Stopped says so, with what is known.
func Solve(p *interp.Program, s *interp.State, opt Options) (sol *Solution, err error) {
	began := time.Now()
	if opt.Memory <= 0 {
		opt.Memory = DefaultMemory
	}
	if opt.Context == nil {
		opt.Context = context.Background()
	}
	sol = &Solution{
		p: p, root: s.Clone(), Player: s.Mover, id: newIdentity(p), hash: opt.Hash,
		tab: newTable(), limit: opt.Memory,
		scored: p.ScoreFn != nil || p.Margin != nil,
	}
	w := s.Clone()
	err = interp.Guard(func() { sol.enumerate(w, &opt, began) })
	if err != nil {
		return nil, err
	}
	sol.Complete = sol.Stopped == nil
	report := func(phase string) {
		if opt.Progress != nil {
			opt.Progress(sol.progress(phase, began))
		}
	}
	report("retrograde")
	if sol.scored && sol.Complete {
		report("margin")
		sol.Margin = sol.bestMargin()
	}
	sol.retrograde(sol.outcomeOf)
	sol.Elapsed = time.Since(began)
	return sol, nil
}

func (sol *Solution) progress(phase string, began time.Time) Progress {
	return Progress{Phase: phase, Positions: int64(sol.tab.len()), Moves: int64(len(sol.edges)),
		Fill: sol.tab.fill(), Bytes: sol.bytes(), Elapsed: time.Since(began)}
}

// bytes is the memory the enumeration holds now.
func (sol *Solution) bytes() int64 {
	return sol.walkBytes + sol.tab.bytes() + 8*int64(cap(sol.start)) + 4*int64(cap(sol.edges)) + int64(cap(sol.info)) + 4*int64(cap(sol.margins))
}

// projected is the memory the solve will hold once the retrograde
// analysis has its arrays: per position a depth, a count, a queue entry
// and the start of its predecessors; per move a predecessor.
func (sol *Solution) projected() int64 {
	n, e := int64(sol.tab.len()), int64(len(sol.edges))
	return sol.bytes() + n*(4+4+4+8) + 4*e
}

// frameBytes estimates the memory of a frame of the walk with its move
// list and the undo records of its move.
const frameBytes = 1024

// frame is a position of the walk being expanded: its index, its moves
// and the next move to try.
type frame struct {
	node uint32
	ml   interp.MoveList
	next int
}

// enumerate walks every position reachable from s (depth first, Apply
// and Undo on s) and records each one's successors or outcome.
func (sol *Solution) enumerate(s *interp.State, opt *Options, began time.Time) {
	p := sol.p
	var stack []*frame
	var st interp.Status
	nextCheck := 1024
	lastReport := began
	// visit records the position s is at; a new unfinished one is pushed
	visit := func(depth int) (uint32, bool) {
		sol.buf = sol.id.appendTo(sol.buf[:0], s)
		var h uint64
		if sol.hash != nil {
			h = sol.hash(s)
		} else {
			h = bytesHash(sol.buf)
		}
		idx, added := sol.tab.insert(sol.buf, h)
		if !added {
			return idx, false
		}
		in := uint8(0)
		if s.Mover == sol.Player {
			in |= teamBit
		}
		sol.start = append(sol.start, uint64(len(sol.edges)))
		if sol.scored {
			sol.margins = append(sol.margins, 0)
		}
		p.StatusInto(s, &st)
		if st.Over {
			in |= terminal | uint8(sol.outcome(&st))<<outcomeShift
			if sol.scored {
				sol.margins[idx] = int32(sol.marginOf(&st))
			}
			sol.info = append(sol.info, in)
			return idx, true
		}
		sol.info = append(sol.info, in)
		if depth >= len(stack) {
			stack = append(stack, &frame{})
			sol.walkBytes = int64(len(stack)) * frameBytes
		}
		f := stack[depth]
		f.node, f.next = idx, 0
		p.Legal(s, &f.ml)
		for range f.ml.Len() {
			sol.edges = append(sol.edges, noEdge)
		}
		return idx, true
	}
	if _, added := visit(0); !added || sol.info[0]&terminal != 0 {
		sol.start = append(sol.start, uint64(len(sol.edges)))
		return
	}
	depth := 1 // frames in use
	for depth > 0 {
		f := stack[depth-1]
		if f.next == f.ml.Len() {
			depth--
			if depth > 0 {
				p.Undo(s)
			}
			continue
		}
		i := f.next
		f.next++
		p.Apply(s, &f.ml, i)
		child, added := visit(depth)
		sol.edges[sol.start[f.node]+uint64(i)] = child
		if added && sol.info[child]&terminal == 0 {
			depth++
		} else {
			p.Undo(s)
		}
		if sol.tab.len() >= nextCheck {
			nextCheck += 1024
			if sol.projected() > sol.limit || sol.tab.len() >= MaxPositions-1 {
				sol.Stopped = ErrTooBig
				break
			}
			select {
			case <-opt.Context.Done():
				sol.Stopped = ErrInterrupted
			default:
			}
			if sol.Stopped != nil {
				break
			}
			if opt.Progress != nil && time.Since(lastReport) >= time.Second {
				lastReport = time.Now()
				opt.Progress(sol.progress("enumerate", began))
			}
		}
	}
	sol.start = append(sol.start, uint64(len(sol.edges)))
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

// retrograde computes the value and depth of every position from the
// values of the finished ones (leaf gives each finished position's
// value; Unknown for the others).
func (sol *Solution) retrograde(leaf func(uint32) Value) {
	n := uint32(sol.tab.len())
	if sol.depth == nil {
		sol.depth = make([]int32, n)
	}
	if sol.predStart == nil {
		sol.preds, sol.predStart = sol.predecessors()
	}
	preds, predStart := sol.preds, sol.predStart
	count := make([]uint32, n)
	queue := make([]uint32, 0, 1024)
	for i := uint32(0); i < n; i++ {
		sol.depth[i] = 0
		in := sol.info[i] &^ valueBits
		if in&terminal != 0 {
			v := leaf(i)
			in |= uint8(v)
			if v == Win || v == Loss {
				queue = append(queue, i)
			}
		} else {
			count[i] = uint32(sol.start[i+1] - sol.start[i])
		}
		sol.info[i] = in
	}
	for qi := 0; qi < len(queue); qi++ {
		c := queue[qi]
		v := Value(sol.info[c] & valueBits)
		d := sol.depth[c] + 1
		for _, q := range preds[predStart[c]:predStart[c+1]] {
			in := sol.info[q]
			if in&valueBits != 0 {
				continue
			}
			good := (in&teamBit != 0) == (v == Win)
			if !good {
				count[q]--
				if count[q] != 0 {
					continue
				}
			}
			sol.info[q] = in | uint8(v)
			sol.depth[q] = d
			queue = append(queue, q)
		}
	}
}

// predecessors returns the reversed edges: preds[predStart[c]:predStart[c+1]]
// are the positions with a move to c (once per move).
func (sol *Solution) predecessors() (preds []uint32, predStart []uint64) {
	n := sol.tab.len()
	predStart = make([]uint64, n+1)
	for _, c := range sol.edges {
		if c != noEdge {
			predStart[c+1]++
		}
	}
	for i := 1; i <= n; i++ {
		predStart[i] += predStart[i-1]
	}
	preds = make([]uint32, predStart[n])
	fill := make([]uint64, n)
	copy(fill, predStart[:n])
	for q := 0; q < n; q++ {
		for _, c := range sol.edges[sol.start[q]:sol.start[q+1]] {
			if c != noEdge {
				preds[fill[c]] = uint32(q)
				fill[c]++
			}
		}
	}
	return preds, predStart
}

// index returns the index of position s in the solution, or -1 when the
// solve did not reach it.
func (sol *Solution) index(s *interp.State) int64 {
	sol.buf = sol.id.appendTo(sol.buf[:0], s)
	var h uint64
	if sol.hash != nil {
		h = sol.hash(s)
	} else {
		h = bytesHash(sol.buf)
	}
	return sol.tab.find(sol.buf, h)
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
func (sol *Solution) Over() bool { return sol.info[0]&terminal != 0 }

// Positions is the number of positions enumerated.
func (sol *Solution) Positions() int64 { return int64(sol.tab.len()) }

// Moves is the number of moves (edges) recorded.
func (sol *Solution) Moves() int64 { return int64(len(sol.edges)) }

// Bytes is the memory the solution holds.
func (sol *Solution) Bytes() int64 { return sol.projected() }

// Value is the value of the position solved for the player to move and
// the plies to the end with best play (-1 for a draw or unknown).
func (sol *Solution) Value() (Value, int) { return sol.value(0) }

// Lookup is the value of position s for the root player, and its plies;
// ok is false when the solve did not reach s.
func (sol *Solution) Lookup(s *interp.State) (v Value, plies int, ok bool) {
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
	if sol.info[0]&terminal != 0 {
		return nil
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
		k := sol.best(uint32(i), sol.successors(s, &ml))
		if k < 0 {
			break
		}
		out = append(out, sol.p.Text(&ml, k))
		sol.p.Apply(s, &ml, k)
	}
	return out
}

// best is the index of the best move of position i for its player to
// move (the order of Legal): a win the fastest, else a draw (one still
// undecided before a decided draw), else the slowest loss; -1 when no
// successor is known.
func (sol *Solution) best(i uint32, succ []int64) int {
	team := sol.info[i]&teamBit != 0
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
	i := sol.index(s)
	if i < 0 || sol.info[i]&terminal != 0 {
		return -1
	}
	var ml interp.MoveList
	sol.p.Legal(s, &ml)
	return sol.best(uint32(i), sol.successors(s, &ml))
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
