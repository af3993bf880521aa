package oracle

// Deliberately slow, straightforward re-implementations of the same rules
// (coordinates, board copies, no bit tricks) used only to cross-check the
// fast oracles' mechanics on random positions. The Salta start cells and
// targets are derived here by formula from the rule text ("7 ranks further
// forward in the same order"), not from the oracle's tables.

import (
	"fmt"
	"slices"
	"strings"
)

func sqName(f, r int) string { return fmt.Sprintf("%c%d", 'a'+f, r+1) }

// ---------------------------------------------------------------- Leap Frog

type naiveLF struct {
	w, h, players int
	diag          bool
	firstOnly     bool
	b             [][]int // b[f][r]: piece value, 0 empty
	ply           int
	score         []int
}

type naiveLFMove struct {
	seq    []int // cell indices r*w+f
	text   string
	board  [][]int // the board after the move; nil for a removal
	gained int
}

func newNaiveLF(w, h, players int, diag, firstOnly bool, values func(f, r int) int) *naiveLF {
	n := &naiveLF{w: w, h: h, players: players, diag: diag, firstOnly: firstOnly, score: make([]int, players)}
	n.b = make([][]int, w)
	for f := range w {
		n.b[f] = make([]int, h)
		for r := range h {
			n.b[f][r] = values(f, r)
		}
	}
	return n
}

func copyBoard(b [][]int) [][]int {
	c := make([][]int, len(b))
	for i := range b {
		c[i] = slices.Clone(b[i])
	}
	return c
}

func (n *naiveLF) removal() bool {
	if n.firstOnly {
		return n.ply == 0
	}
	return n.ply < n.players
}

func (n *naiveLF) moves() []naiveLFMove {
	var out []naiveLFMove
	if n.removal() {
		for r := range n.h {
			for f := range n.w {
				if n.b[f][r] > 0 {
					out = append(out, naiveLFMove{seq: []int{r*n.w + f}, text: "x" + sqName(f, r), gained: n.b[f][r]})
				}
			}
		}
		return out
	}
	dirs := [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	if n.diag {
		dirs = append(dirs, [2]int{1, 1}, [2]int{1, -1}, [2]int{-1, 1}, [2]int{-1, -1})
	}
	on := func(f, r int) bool { return f >= 0 && f < n.w && r >= 0 && r < n.h }
	var dfs func(b [][]int, f, r int, seq []int, names []string, gained int)
	dfs = func(b [][]int, f, r int, seq []int, names []string, gained int) {
		for _, d := range dirs {
			bf, br, cf, cr := f+d[0], r+d[1], f+2*d[0], r+2*d[1]
			if !on(cf, cr) || b[bf][br] == 0 || b[cf][cr] != 0 {
				continue
			}
			nb := copyBoard(b)
			nb[cf][cr] = nb[f][r]
			nb[f][r] = 0
			nb[bf][br] = 0
			s := append(slices.Clone(seq), cr*n.w+cf)
			nm := append(slices.Clone(names), sqName(cf, cr))
			out = append(out, naiveLFMove{seq: s, text: strings.Join(nm, "-"), board: nb, gained: gained + b[bf][br]})
			dfs(nb, cf, cr, s, nm, gained+b[bf][br])
		}
	}
	for f := range n.w {
		for r := range n.h {
			if n.b[f][r] > 0 {
				dfs(n.b, f, r, []int{r*n.w + f}, []string{sqName(f, r)}, 0)
			}
		}
	}
	slices.SortFunc(out, func(a, b naiveLFMove) int { return slices.Compare(a.seq, b.seq) })
	return out
}

func (n *naiveLF) texts() []string {
	var t []string
	for _, m := range n.moves() {
		t = append(t, m.text)
	}
	return t
}

func (n *naiveLF) play(text string) bool {
	for _, m := range n.moves() {
		if m.text == text {
			n.apply(m)
			return true
		}
	}
	return false
}

func (n *naiveLF) apply(m naiveLFMove) {
	if m.board == nil {
		n.b = copyBoard(n.b)
		n.b[m.seq[0]%n.w][m.seq[0]/n.w] = 0
	} else {
		n.b = m.board
	}
	n.score[n.ply%n.players] += m.gained
	n.ply++
}

func (n *naiveLF) clone() *naiveLF {
	c := *n
	c.b = copyBoard(n.b)
	c.score = slices.Clone(n.score)
	return &c
}

func (n *naiveLF) perft(depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var t uint64
	ms := n.moves()
	if depth == 1 {
		return uint64(len(ms))
	}
	for _, m := range ms {
		c := n.clone()
		c.apply(m)
		t += c.perft(depth - 1)
	}
	return t
}

// -------------------------------------------------------------------- Salta

type naiveSalta struct {
	b     [10][10]int // b[f][r]: 0 empty, +k green piece k (1..15), -k red piece k
	ply   int
	limit int
}

// naiveSaltaCell returns piece k's (1..15) start or target cell for side.
// Green: rank index 0,1,2 for stars, moons, suns, k-th dark cell from the
// left; target 7 ranks up. Red: rank index 9,8,7, counted from the right;
// target 7 ranks down.
func naiveSaltaCell(side, k int, target bool) (f, r int) {
	row, pos := (k-1)/5, (k-1)%5
	if side == 0 {
		r = row
		if target {
			r += 7
		}
		return 2*pos + r%2, r
	}
	r = 9 - row
	if target {
		r -= 7
	}
	right := 8
	if r%2 == 1 {
		right = 9
	}
	return right - 2*pos, r
}

func newNaiveSalta(limit int) *naiveSalta {
	n := &naiveSalta{limit: limit}
	for k := 1; k <= 15; k++ {
		f, r := naiveSaltaCell(0, k, false)
		n.b[f][r] = k
		f, r = naiveSaltaCell(1, k, false)
		n.b[f][r] = -k
	}
	return n
}

func (n *naiveSalta) owner(f, r int) int {
	switch {
	case n.b[f][r] > 0:
		return 0
	case n.b[f][r] < 0:
		return 1
	}
	return -1
}

func (n *naiveSalta) dist(side int) int {
	d := 0
	for f := range 10 {
		for r := range 10 {
			if n.owner(f, r) == side {
				k := max(n.b[f][r], -n.b[f][r])
				tf, tr := naiveSaltaCell(side, k, true)
				d += max(abs(f-tf), abs(r-tr))
			}
		}
	}
	return d
}

func (n *naiveSalta) atGoal(side int) bool {
	found := false
	for f := range 10 {
		for r := range 10 {
			if n.owner(f, r) == side {
				found = true
				k := max(n.b[f][r], -n.b[f][r])
				tf, tr := naiveSaltaCell(side, k, true)
				if tf != f || tr != r {
					return false
				}
			}
		}
	}
	return found
}

type naiveSaltaMove struct{ ff, fr, tf, tr int }

// candidates: the jumps if any, else the steps, for side.
func (n *naiveSalta) candidates(side int) []naiveSaltaMove {
	on := func(f, r int) bool { return f >= 0 && f < 10 && r >= 0 && r < 10 }
	fwd := 1
	if side == 1 {
		fwd = -1
	}
	var jumps, steps []naiveSaltaMove
	for f := range 10 {
		for r := range 10 {
			if n.owner(f, r) != side {
				continue
			}
			for _, df := range []int{-1, 1} {
				if on(f+2*df, r+2*fwd) && n.owner(f+df, r+fwd) == 1-side && n.owner(f+2*df, r+2*fwd) == -1 {
					jumps = append(jumps, naiveSaltaMove{f, r, f + 2*df, r + 2*fwd})
				}
				for _, dr := range []int{-1, 1} {
					if on(f+df, r+dr) && n.owner(f+df, r+dr) == -1 {
						steps = append(steps, naiveSaltaMove{f, r, f + df, r + dr})
					}
				}
			}
		}
	}
	if len(jumps) > 0 {
		return jumps
	}
	return steps
}

func (n *naiveSalta) ended() bool {
	return n.atGoal(0) || n.atGoal(1) || (n.limit > 0 && n.ply >= 2*n.limit)
}

func (n *naiveSalta) moves() []naiveSaltaMove {
	if n.ended() {
		return nil
	}
	side := n.ply % 2
	cand := n.candidates(side)
	var keep []naiveSaltaMove
	for _, m := range cand {
		c := *n
		c.b[m.tf][m.tr], c.b[m.ff][m.fr] = c.b[m.ff][m.fr], 0
		if len(c.candidates(1-side)) > 0 {
			keep = append(keep, m)
		}
	}
	if len(keep) == 0 {
		keep = cand
	}
	slices.SortFunc(keep, func(a, b naiveSaltaMove) int {
		return (a.fr*10+a.ff)*100 + a.tr*10 + a.tf - ((b.fr*10+b.ff)*100 + b.tr*10 + b.tf)
	})
	return keep
}

func (n *naiveSalta) texts() []string {
	var t []string
	for _, m := range n.moves() {
		t = append(t, sqName(m.ff, m.fr)+"-"+sqName(m.tf, m.tr))
	}
	return t
}

func (n *naiveSalta) play(text string) bool {
	for _, m := range n.moves() {
		if sqName(m.ff, m.fr)+"-"+sqName(m.tf, m.tr) == text {
			n.b[m.tf][m.tr], n.b[m.ff][m.fr] = n.b[m.ff][m.fr], 0
			n.ply++
			return true
		}
	}
	return false
}

// result: over, winners, margin, margin defined.
func (n *naiveSalta) result() (bool, []int, int, bool) {
	d0, d1 := n.dist(0), n.dist(1)
	switch {
	case n.atGoal(0):
		return true, []int{0}, d1 + 1, true
	case n.atGoal(1):
		return true, []int{1}, d0, true
	case n.limit > 0 && n.ply >= 2*n.limit:
		switch {
		case d0 < d1:
			return true, []int{0}, d1 - d0, true
		case d1 < d0:
			return true, []int{1}, d0 - d1, true
		}
		return true, []int{0, 1}, 0, true
	case len(n.moves()) == 0:
		return true, []int{0, 1}, 0, false
	}
	return false, nil, 0, false
}

func (n *naiveSalta) perft(depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var t uint64
	for _, s := range n.texts() {
		c := *n
		c.play(s)
		t += c.perft(depth - 1)
	}
	return t
}
