package solve

import (
	"errors"
	"time"

	"github.com/ruleplay/ruleplay/interp"
)

// This file is the search's side of a Solution (search.go is the
// search): the value, the principal variation, the first moves' values
// and the margin it computes, and the answers a Solution gives from it.

// searched is what the search found: a Solution's answers when its
// method was the search.
type searched struct {
	x      *searcher
	value  Value
	plies  int
	pv     []string
	divide []MoveValue
	over   bool
	// the table's scores are margins (the last pass), not values
	margins bool
}

// searchSolve solves s by the search (package doc, search.go). The error
// is a user's mistake, a bound of move generation, or ErrCycle.
func searchSolve(sol *Solution, opt *Options, began time.Time) error {
	sol.tab = nil
	sol.Method = Search
	x := newSearcher(sol, sol.root.Clone(), opt, began)
	r := &searched{x: x, value: Unknown, plies: -1}
	sol.srch = r
	sol.Complete = false
	err := r.run(opt.Divide)
	sol.Elapsed = time.Since(began)
	switch {
	case errors.Is(err, ErrInterrupted):
		sol.Stopped = ErrInterrupted
		return nil
	case err != nil:
		return err
	}
	sol.Complete = true
	return nil
}

// run computes the value (with each first move's when divide), the
// principal variation and, in a scored game, the margin.
func (r *searched) run(divide bool) error {
	x := r.x
	sol := x.sol
	x.sol.p.StatusInto(x.s, &x.st)
	if x.st.Over {
		r.over = true
		r.value, r.plies = valueOf(x.leaf(&x.st))
		if r.value != Draw {
			r.plies = 0
		}
	} else {
		bounds := [2]int32{-infScore, infScore}
		if !divide {
			x.bounds = &bounds
		}
		v, err := r.root(divide)
		x.bounds = nil
		if err != nil {
			r.known(bounds)
			return err
		}
		r.value, r.plies = valueOf(v)
		if r.pv, err = r.line(v); err != nil {
			return err
		}
	}
	if !sol.scored {
		return nil
	}
	x.tt.reset()
	x.by, r.margins = byMargin, true
	m, err := x.exact()
	if err != nil {
		return err
	}
	margin := int(m)
	sol.Margin = &margin
	return nil
}

// known sets the value an interrupted search has proved from the
// bounds of the score (the plies stay unknown).
func (r *searched) known(b [2]int32) {
	switch {
	case b[0] > 0:
		r.value = Win
	case b[1] < 0:
		r.value = Loss
	case b[0] == 0 && b[1] == 0:
		r.value = Draw
	}
}

// line is the principal variation from the position solved, of score v:
// at each position the first move, in the order of Legal, that keeps the
// score (the retrograde analysis's choice too).
func (r *searched) line(v int32) ([]string, error) {
	x := r.x
	p := x.sol.p
	s := x.s
	played := 0
	defer func() {
		for ; played > 0; played-- {
			p.Undo(s)
		}
	}()
	var out []string
	var ml interp.MoveList
	for len(out) < pvLimit {
		p.StatusInto(s, &x.st)
		if x.st.Over {
			break
		}
		p.Legal(s, &ml)
		k, err := r.keeps(&ml, v)
		if err != nil || k < 0 {
			return out, err
		}
		out = append(out, p.Text(&ml, k))
		p.Apply(s, &ml, k)
		played++
		v = x.unshift(v)
	}
	return out, nil
}

// keeps is the first move of ml (the moves of x.s) that leads to a
// position scoring unshift(v), or -1.
func (r *searched) keeps(ml *interp.MoveList, v int32) (int, error) {
	x := r.x
	p, s := x.sol.p, x.s
	want := x.unshift(v)
	for k := 0; k < ml.Len(); k++ {
		p.Apply(s, ml, k)
		ok, err := x.equals(want)
		p.Undo(s)
		if err != nil || ok {
			return k, err
		}
	}
	return -1, nil
}

// root is the score of the position solved; with divide, every first
// move's value too (in r.divide, each as it is known).
func (r *searched) root(divide bool) (int32, error) {
	x := r.x
	if !divide {
		return x.exact()
	}
	var ml interp.MoveList
	x.sol.p.Legal(x.s, &ml)
	r.divide = firstMoves(x.sol.p, &ml)
	pick, best, err := r.best(&ml, func(i int, v int32) {
		r.divide[i].Value, r.divide[i].Plies = valueOf(v)
	})
	if pick < 0 {
		return 0, err // no move: a draw, as a position with none is
	}
	return best, err
}

// firstMoves is a MoveValue, value unknown, per move of ml.
func firstMoves(p *interp.Program, ml *interp.MoveList) []MoveValue {
	out := make([]MoveValue, ml.Len())
	for i := range out {
		out[i] = MoveValue{Move: p.Text(ml, i), Plies: -1}
	}
	return out
}

// best scores every move of ml (the moves of the position x.s stands
// at), handing each score (the move's: its position's moved a ply) to
// each, and returns the first best move for the side to move with its
// score (-1 when there is none).
func (r *searched) best(ml *interp.MoveList, each func(i int, v int32)) (pick int, best int32, err error) {
	x := r.x
	p, s := x.sol.p, x.s
	team := s.Mover == x.sol.Player
	pick = -1
	for i := 0; i < ml.Len(); i++ {
		p.Apply(s, ml, i)
		v, err := x.exact()
		p.Undo(s)
		if err != nil {
			return pick, best, err
		}
		v = x.shift(v)
		each(i, v)
		if pick < 0 || team && v > best || !team && v < best {
			pick, best = i, v
		}
	}
	return pick, best, nil
}

// on runs f with the search standing at s, by value and not to be
// interrupted (Lookup, Choose, Divide after the solve).
func (r *searched) on(s *interp.State, f func() error) error {
	x := r.x
	if r.margins {
		x.tt.reset()
		x.by, r.margins = byValue, false
	}
	kept, ctx := x.s, x.ctx
	x.s, x.ctx = s, nil
	defer func() { x.s, x.ctx = kept, ctx }()
	return f()
}

// at is the score of position s by value, searched on the table kept.
func (r *searched) at(s *interp.State) (v int32, err error) {
	err = r.on(s, func() (err error) {
		v, err = r.x.exact()
		return err
	})
	return v, err
}

// divided is every first move's value: the ones the solve found with
// Options.Divide, else searched now on the table kept.
func (r *searched) divided() []MoveValue {
	if r.divide != nil {
		return r.divide
	}
	p := r.x.sol.p
	s := r.x.sol.root.Clone()
	var ml interp.MoveList
	p.Legal(s, &ml)
	out := firstMoves(p, &ml)
	_ = r.on(s, func() error {
		_, _, err := r.best(&ml, func(i int, v int32) {
			out[i].Value, out[i].Plies = valueOf(v)
		})
		return err
	})
	return out
}

// choose is the index of the move perfect play picks in s (Choose).
func (r *searched) choose(s *interp.State) int {
	x := r.x
	x.sol.p.StatusInto(s, &x.st)
	if x.st.Over {
		return -1
	}
	var ml interp.MoveList
	x.sol.p.Legal(s, &ml)
	pick := -1
	err := r.on(s, func() (err error) {
		pick, _, err = r.best(&ml, func(int, int32) {})
		return err
	})
	if err != nil {
		return -1
	}
	return pick
}
