package oracle

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"
)

// A naive international draughts generator: (file, rank) coordinates, a
// map of pieces, every capture path enumerated with the set of pieces
// taken so far; complete chains kept, then the majority, then equal
// effects merged and texts built. It shares only the rule book with the
// oracle.

type ndPiece struct {
	side int // 0 white, 1 black
	king bool
}

type naiveDraughts struct {
	side  int // cells along the board's side
	pcs   map[[2]int]ndPiece
	ply   int
	quiet int
}

type ndMove struct {
	from, to [2]int
	taken    [][2]int // sorted by file, then rank
}

func newNaiveDraughts(g *Draughts) *naiveDraughts {
	n := &naiveDraughts{side: g.Side(), pcs: map[[2]int]ndPiece{}, ply: g.ply, quiet: g.quiet}
	for f := 0; f < n.side; f++ {
		for r := 0; r < n.side; r++ {
			x := g.cell[(r+idPad)*idPitch+f+idPad]
			if x != 0 && x != idOff {
				n.pcs[[2]int{f, r}] = ndPiece{side: int(x&idBlack) / idBlack, king: x&idKing != 0}
			}
		}
	}
	return n
}

func (n *naiveDraughts) on(c [2]int) bool {
	return c[0] >= 0 && c[0] < n.side && c[1] >= 0 && c[1] < n.side
}

var ndDiag = [][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}}

// chains appends every complete capture chain of the piece p (lifted off
// the board) standing on at, having taken the pieces in taken.
func (n *naiveDraughts) chains(p ndPiece, from, at [2]int, taken [][2]int, out *[]ndMove) {
	ext := false
	for _, d := range ndDiag {
		c := [2]int{at[0] + d[0], at[1] + d[1]}
		if p.king {
			for _, occ := n.pcs[c]; n.on(c) && !occ; _, occ = n.pcs[c] {
				c = [2]int{c[0] + d[0], c[1] + d[1]}
			}
		}
		q, occ := n.pcs[c]
		if !occ || q.side == p.side || slices.Contains(taken, c) {
			continue
		}
		for l := [2]int{c[0] + d[0], c[1] + d[1]}; n.on(l); l = [2]int{l[0] + d[0], l[1] + d[1]} {
			if _, occ := n.pcs[l]; occ {
				break
			}
			ext = true
			n.chains(p, from, l, append(slices.Clone(taken), c), out)
			if !p.king {
				break
			}
		}
	}
	if !ext && len(taken) > 0 {
		t := slices.Clone(taken)
		sort.Slice(t, func(i, j int) bool { return t[i][0] < t[j][0] || (t[i][0] == t[j][0] && t[i][1] < t[j][1]) })
		*out = append(*out, ndMove{from: from, to: at, taken: t})
	}
}

func ndName(c [2]int) string { return fmt.Sprintf("%c%d", 'a'+c[0], c[1]+1) }

func (n *naiveDraughts) moves() []ndMove {
	if n.quiet >= 50 {
		return nil
	}
	side := n.ply % 2
	var caps []ndMove
	for at, p := range n.pcs {
		if p.side == side {
			delete(n.pcs, at)
			n.chains(p, at, at, nil, &caps)
			n.pcs[at] = p
		}
	}
	if len(caps) > 0 {
		most := 0
		for _, m := range caps {
			most = max(most, len(m.taken))
		}
		var out []ndMove
		for _, m := range caps {
			if len(m.taken) == most && !slices.ContainsFunc(out, func(o ndMove) bool {
				return o.from == m.from && o.to == m.to && slices.Equal(o.taken, m.taken)
			}) {
				out = append(out, m)
			}
		}
		return out
	}
	var out []ndMove
	fwd := 1 - 2*side
	for at, p := range n.pcs {
		if p.side != side {
			continue
		}
		for _, d := range ndDiag {
			if !p.king && d[1] != fwd {
				continue
			}
			for c := [2]int{at[0] + d[0], at[1] + d[1]}; n.on(c); c = [2]int{c[0] + d[0], c[1] + d[1]} {
				if _, occ := n.pcs[c]; occ {
					break
				}
				out = append(out, ndMove{from: at, to: c})
				if !p.king {
					break
				}
			}
		}
	}
	return out
}

// texts returns the sorted texts of the moves ms.
func (n *naiveDraughts) texts(ms []ndMove) []string {
	var out []string
	for i := range ms {
		out = append(out, ndText(ms, i))
	}
	slices.Sort(out)
	return out
}

// ndText returns the text of ms[i] among the legal moves ms.
func ndText(ms []ndMove, i int) string {
	m := ms[i]
	s := ndName(m.from) + "-" + ndName(m.to)
	shared := 0
	for _, o := range ms {
		if o.from == m.from && o.to == m.to {
			shared++
		}
	}
	if shared > 1 {
		for _, c := range m.taken {
			s += "x" + ndName(c)
		}
	}
	return s
}

func (n *naiveDraughts) play(m ndMove) {
	p := n.pcs[m.from]
	if p.king && len(m.taken) == 0 {
		n.quiet++
	} else {
		n.quiet = 0
	}
	delete(n.pcs, m.from)
	for _, c := range m.taken {
		delete(n.pcs, c)
	}
	if !p.king && m.to[1] == (n.side-1)*(1-p.side) {
		p.king = true
	}
	n.pcs[m.to] = p
	n.ply++
}

func (n *naiveDraughts) clone() *naiveDraughts {
	c := *n
	c.pcs = map[[2]int]ndPiece{}
	for k, v := range n.pcs {
		c.pcs[k] = v
	}
	return &c
}

func (n *naiveDraughts) perft(depth int) uint64 {
	ms := n.moves()
	if depth == 1 {
		return uint64(len(ms))
	}
	var t uint64
	for _, m := range ms {
		c := n.clone()
		c.play(m)
		t += c.perft(depth - 1)
	}
	return t
}

// Random games to the end, on the 10x10, 8x8 and 12x12 boards: at every
// position the oracle's moves equal the naive generator's (as sorted
// texts), and every 10 plies perft(2) agrees; the games must have seen
// kings and captures of several pieces (and, on 12x12, of pieces on the
// dark cells numbered from 64 on: i11 and k11).
func TestDraughtsAgainstNaive(t *testing.T) {
	for _, c := range []struct{ side, games int }{{10, 60}, {8, 100}, {12, 60}} {
		t.Run(fmt.Sprintf("%dx%d", c.side, c.side), func(t *testing.T) {
			games := c.games
			if testing.Short() {
				games = 10
			}
			kings, multi, top, plies := 0, 0, 0, 0
			for seed := uint64(1); seed <= uint64(games); seed++ {
				g, err := NewDraughtsOn(c.side)
				if err != nil {
					t.Fatal(err)
				}
				rng := rand.New(rand.NewPCG(seed, 12))
				nv := newNaiveDraughts(g) // plays its own moves from here on
				for ply := 0; !g.Over() && ply < 2000; ply++ {
					got := g.Moves()
					if now := newNaiveDraughts(g); !maps.Equal(now.pcs, nv.pcs) || now.quiet != nv.quiet {
						t.Fatalf("seed %d ply %d: the oracle's position %v, the naive generator's %v", seed, ply, now.pcs, nv.pcs)
					}
					if want := nv.texts(nv.moves()); !slices.Equal(sortedStrings(got), want) {
						t.Fatalf("seed %d ply %d %v:\noracle %v\nnaive  %v", seed, ply, nv.pcs, sortedStrings(got), want)
					}
					if ply%10 == 5 {
						if a, b := g.Perft(2), nv.perft(2); a != b {
							t.Fatalf("seed %d ply %d: perft(2) oracle %d naive %d", seed, ply, a, b)
						}
					}
					for _, p := range nv.pcs {
						if p.king {
							kings++
						}
					}
					for _, m := range nv.moves() {
						for _, x := range m.taken {
							if c.side == 12 && x[1] == 10 && x[0] >= 8 {
								top++
							}
						}
					}
					mv := got[rng.IntN(len(got))]
					if strings.Count(mv, "x") > 1 || len(nv.moves()) > 0 && len(nv.moves()[0].taken) > 1 {
						multi++
					}
					playAll(t, g, mv)
					ms := nv.moves()
					for i := range ms {
						if ndText(ms, i) == mv {
							nv.play(ms[i])
							break
						}
					}
					plies++
				}
			}
			t.Logf("%d plies, %d king-positions, %d positions with multiple captures, %d captures of i11 or k11", plies, kings, multi, top)
			if kings == 0 || multi == 0 || c.side == 12 && top == 0 {
				t.Errorf("the games saw %d king-positions, %d multiple captures and %d captures of i11 or k11", kings, multi, top)
			}
		})
	}
}

// Random positions of the 12x12 board's top ranks (6 to 12), a white king
// among black pieces, white to move: the oracle's moves equal the naive
// generator's. Captures there take the pieces on i11 and k11, whose dark
// numbers (64, 65) do not fit the captured set's word (they are kept in
// capsTop): the moves that take them, and their texts, must agree.
func TestDraughtsTopRanksAgainstNaive(t *testing.T) {
	var darks []string
	for r := 5; r < 12; r++ {
		for f := r % 2; f < 12; f += 2 {
			darks = append(darks, ndName([2]int{f, r}))
		}
	}
	apart := 0
	for seed := uint64(1); seed <= 3000; seed++ {
		rng := rand.New(rand.NewPCG(seed, 64))
		cells := slices.Clone(darks)
		rng.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
		pieces := map[string]string{cells[0]: "W"}
		for _, c := range cells[1 : 4+rng.IntN(6)] {
			pieces[c] = []string{"b", "b", "B"}[rng.IntN(3)]
		}
		g, _ := NewDraughtsOn(12)
		if err := g.SetPosition(pieces, 0, 0); err != nil {
			t.Fatal(err)
		}
		got, nv := g.Moves(), newNaiveDraughts(g)
		if want := nv.texts(nv.moves()); !slices.Equal(sortedStrings(got), want) {
			t.Fatalf("seed %d %v:\noracle %v\nnaive  %v", seed, pieces, sortedStrings(got), want)
		}
		for _, mv := range got {
			if strings.Contains(mv, "xi11") || strings.Contains(mv, "xk11") {
				apart++
			}
		}
	}
	t.Logf("%d move texts name a capture on i11 or k11", apart)
	if apart == 0 {
		t.Error("no move text names a capture on i11 or k11")
	}
}
