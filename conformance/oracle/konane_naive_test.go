package oracle

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// A naive Konane generator: a 2-D slice of colours, texts built from
// coordinates, a board copy per move. It shares only the rule book with
// the oracle.

type naiveKn struct {
	n    int
	b    [][]int // b[f][r]: 0 empty, 1 black, 2 white
	ply  int
	last [2]int // the cell black removed on ply 0
}

func newNaiveKn(n int) *naiveKn {
	k := &naiveKn{n: n, b: make([][]int, n)}
	for f := range n {
		k.b[f] = make([]int, n)
		for r := range n {
			k.b[f][r] = 1 + (f+r)%2 // a1 dark: black
		}
	}
	return k
}

func (k *naiveKn) clone() *naiveKn {
	c := *k
	c.b = make([][]int, k.n)
	for f := range k.n {
		c.b[f] = slices.Clone(k.b[f])
	}
	return &c
}

func (k *naiveKn) moves() []string {
	me := 1 + k.ply%2
	var out []string
	for f := range k.n {
		for r := range k.n {
			if k.b[f][r] != me {
				continue
			}
			c := k.n / 2
			switch {
			case k.ply == 0:
				edge := func(x int) bool { return x == 0 || x == k.n-1 }
				mid := func(x int) bool { return x == c-1 || x == c }
				if (edge(f) && edge(r)) || (mid(f) && mid(r)) {
					out = append(out, "x"+sqName(f, r))
				}
			case k.ply == 1:
				if d := abs(f-k.last[0]) + abs(r-k.last[1]); d == 1 {
					out = append(out, "x"+sqName(f, r))
				}
			default:
				for _, d := range [][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}} {
					text := sqName(f, r)
					for j := 1; ; j++ {
						of, or := f+(2*j-1)*d[0], r+(2*j-1)*d[1]
						lf, lr := f+2*j*d[0], r+2*j*d[1]
						if lf < 0 || lr < 0 || lf >= k.n || lr >= k.n || k.b[of][or] != 3-me || k.b[lf][lr] != 0 {
							break
						}
						text += "-" + sqName(lf, lr)
						out = append(out, text)
					}
				}
			}
		}
	}
	slices.Sort(out)
	return out
}

func (k *naiveKn) play(m string) {
	me := 1 + k.ply%2
	k.ply++
	if m[0] == 'x' {
		var f, r int
		fmt.Sscanf(m[2:], "%d", &r)
		f, r = int(m[1]-'a'), r-1
		k.b[f][r] = 0
		k.last = [2]int{f, r}
		return
	}
	cells := strings.Split(m, "-")
	pos := make([][2]int, len(cells))
	for i, c := range cells {
		var r int
		fmt.Sscanf(c[1:], "%d", &r)
		pos[i] = [2]int{int(c[0] - 'a'), r - 1}
	}
	for i := 1; i < len(pos); i++ {
		a, c := pos[i-1], pos[i]
		k.b[a[0]][a[1]] = 0
		k.b[(a[0]+c[0])/2][(a[1]+c[1])/2] = 0
		k.b[c[0]][c[1]] = me
	}
}

func (k *naiveKn) perft(depth int) uint64 {
	ms := k.moves()
	if depth == 1 {
		return uint64(len(ms))
	}
	var t uint64
	for _, m := range ms {
		c := k.clone()
		c.play(m)
		t += c.perft(depth - 1)
	}
	return t
}

// Perft from the start on every size to depth 5 (4 under -short), and move
// lists along random games to the end, against the naive generator.
func TestKonaneAgainstNaive(t *testing.T) {
	for size := 6; size <= 16; size += 2 {
		g, nv := mustKonane(t, size), newNaiveKn(size)
		deepest := 4
		if !testing.Short() {
			deepest = 5
		}
		for d := 1; d <= deepest; d++ {
			if a, b := g.Perft(d), nv.perft(d); a != b {
				t.Errorf("%dx%d perft(%d): oracle %d naive %d", size, size, d, a, b)
			}
		}
		rng := rand.New(rand.NewPCG(uint64(size), 13))
		for !g.Over() {
			got := g.Moves()
			if want := nv.moves(); !slices.Equal(sortedStrings(got), want) {
				t.Fatalf("%dx%d ply %d: oracle %v naive %v", size, size, g.ply, sortedStrings(got), want)
			}
			m := got[rng.IntN(len(got))]
			playAll(t, g, m)
			nv.play(m)
		}
		if len(nv.moves()) != 0 {
			t.Errorf("%dx%d: the oracle's game is over, the naive one has moves %v", size, size, nv.moves())
		}
	}
}
