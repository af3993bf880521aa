package oracle

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func csAt(t testing.TB, black, white string, hand [2]int, ply int) *Conspirateurs {
	t.Helper()
	g := NewConspirateurs()
	if err := g.SetPosition(strings.Fields(black), strings.Fields(white), hand, ply); err != nil {
		t.Fatal(err)
	}
	return g
}

// The placing phase: depth d < 40 is 45 * 44 * ... (45-d+1) drops.
func TestConspirateursPerftPlacing(t *testing.T) {
	g := NewConspirateurs()
	want := uint64(1)
	for d := 1; d <= 4; d++ {
		want *= uint64(46 - d)
		if got := g.Perft(d); got != want {
			t.Errorf("perft(%d) = %d, want %d", d, got, want)
		}
	}
	ms := g.Moves()
	if len(ms) != 45 || ms[0] != "@e7" || ms[8] != "@m7" || ms[9] != "@e8" || ms[44] != "@m11" {
		t.Errorf("drops %v", ms)
	}
}

func TestConspirateursShelters(t *testing.T) {
	g := NewConspirateurs()
	n := 0
	for m, s := range g.shelter {
		if s {
			n++
			if f, r := m%csPitch-csPad, m/csPitch-csPad; f != 0 && f != 16 && r != 0 && r != 16 {
				t.Errorf("shelter %s inside the board", csName(m))
			}
		}
	}
	i17, _ := csParse("i17")
	i1, _ := csParse("i1")
	if n != 39 || !g.shelter[i17] || g.shelter[i1] {
		t.Errorf("%d shelters, i17 %v, i1 %v", n, g.shelter[i17], g.shelter[i1])
	}
}

// A man drops while it has men in hand; the other side moves.
func TestConspirateursHand(t *testing.T) {
	g := csAt(t, "", "e7", [2]int{1, 0}, 0)
	if ms := g.Moves(); len(ms) != 44 || ms[0] != "@f7" {
		t.Fatalf("drops %v", ms)
	}
	playAll(t, g, "@f7")
	// White's e7: f7 is taken: jump over it to g7.
	checkMoves(t, g.Moves(), strings.Fields("e7-d6 e7-e6 e7-f6 e7-d7 e7-d8 e7-e8 e7-f8 e7-g7"))
	playAll(t, g, "e7-g7")
	// Black's hand is empty now: f7 moves.
	checkMoves(t, g.Moves(), strings.Fields("f7-e6 f7-f6 f7-g6 f7-e7 f7-e8 f7-f8 f7-g8 f7-h7"))
}

// A chain ends on a shelter: c3 over b2 lands on a1 and cannot go on
// over a2 to a3; a2's man, on a shelter, never moves.
func TestConspirateursChainStopsOnShelter(t *testing.T) {
	g := csAt(t, "c3", "b2 a2", [2]int{}, 0)
	checkMoves(t, g.Moves(), strings.Fields("c3-c2 c3-d2 c3-b3 c3-d3 c3-b4 c3-c4 c3-d4 c3-a1"))
	g.ply = 1
	for _, m := range g.Moves() {
		if strings.HasPrefix(m, "a2") {
			t.Errorf("the man on the shelter a2 moves: %s", m)
		}
	}
}

// Moves are named by their ends: g7 is reached over e6 then f7 and over
// f5 then g6, one move; the start cell is never entered again.
func TestConspirateursReachability(t *testing.T) {
	g := csAt(t, "e5", "e6 f5 f7 g6", [2]int{}, 0)
	checkMoves(t, g.Moves(), strings.Fields("e5-d4 e5-e4 e5-f4 e5-d5 e5-d6 e5-f6 e5-g5 e5-e7 e5-g7"))
}

// Two passes in a row end the game: more men on shelters wins; all
// twenty on shelters wins at once.
func TestConspirateursEnd(t *testing.T) {
	g := csAt(t, "a1 b1", "d1", [2]int{}, 0)
	checkMoves(t, g.Moves(), []string{"pass"})
	playAll(t, g, "pass", "pass")
	if g.Reason() != "passes" || !slices.Equal(g.Winners(), []int{0}) || g.Moves() != nil {
		t.Fatalf("reason %q winners %v", g.Reason(), g.Winners())
	}
	g = csAt(t, "a1 b1", "d1 f1 h1", [2]int{}, 1)
	playAll(t, g, "pass", "pass")
	if !slices.Equal(g.Winners(), []int{1}) {
		t.Fatalf("winners %v", g.Winners())
	}
	g = csAt(t, "a1", "d1", [2]int{}, 0)
	playAll(t, g, "pass", "pass")
	if !slices.Equal(g.Winners(), []int{0, 1}) {
		t.Fatalf("equal shelters: winners %v", g.Winners())
	}
	sh := strings.Fields(CsShelters)
	g = csAt(t, strings.Join(sh[:19], " ")+" p9", "i9", [2]int{}, 0)
	if !slices.Equal(g.Sheltered(), []int{19, 0}) || g.Over() {
		t.Fatalf("sheltered %v over %v", g.Sheltered(), g.Over())
	}
	playAll(t, g, "p9-q9")
	if g.Reason() != "goal" || !slices.Equal(g.Winners(), []int{0}) {
		t.Fatalf("reason %q winners %v", g.Reason(), g.Winners())
	}
}

// ---------------------------------------------------------------------
// A naive generator: coordinates, a map of men, every simple path of
// jumps enumerated (no visited set across paths), destinations collected
// in a set. It shares only the rule book with the oracle.

type naiveCs struct {
	men     map[[2]int]int // (file, rank) 0-based -> player
	hand    [2]int
	ply     int
	passes  int
	shelter map[[2]int]bool
	budget  int // path steps left; below zero the enumeration gave up
}

func newNaiveCs(g *Conspirateurs) *naiveCs {
	n := &naiveCs{men: map[[2]int]int{}, hand: g.hand, ply: g.ply, passes: g.passes, shelter: map[[2]int]bool{}}
	for _, s := range strings.Fields(CsShelters) {
		n.shelter[[2]int{int(s[0] - 'a'), atoi(s[1:]) - 1}] = true
	}
	for f := 0; f < 17; f++ {
		for r := 0; r < 17; r++ {
			if x := g.cell[csMb(f, r)]; x == 1 || x == 2 {
				n.men[[2]int{f, r}] = int(x) - 1
			}
		}
	}
	return n
}

func atoi(s string) int {
	var v int
	fmt.Sscan(s, &v)
	return v
}

func nm(c [2]int) string { return fmt.Sprintf("%c%d", 'a'+c[0], c[1]+1) }

func in17(c [2]int) bool { return c[0] >= 0 && c[0] < 17 && c[1] >= 0 && c[1] < 17 }

func (n *naiveCs) moves() []string {
	p := n.ply % 2
	if n.passes >= 2 || n.won() >= 0 {
		return nil
	}
	set := map[string]bool{}
	if n.hand[p] > 0 {
		for f := 4; f <= 12; f++ {
			for r := 6; r <= 10; r++ {
				if _, ok := n.men[[2]int{f, r}]; !ok {
					set["@"+nm([2]int{f, r})] = true
				}
			}
		}
		return sortedKeys(set)
	}
	for at, o := range n.men {
		if o != p || n.shelter[at] {
			continue
		}
		delete(n.men, at)
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				to := [2]int{at[0] + df, at[1] + dr}
				if _, occ := n.men[to]; (df != 0 || dr != 0) && in17(to) && !occ {
					set[nm(at)+"-"+nm(to)] = true
				}
			}
		}
		n.paths(at, at, map[[2]int]bool{at: true}, set)
		n.men[at] = p
	}
	if len(set) == 0 {
		return []string{"pass"}
	}
	return sortedKeys(set)
}

func (n *naiveCs) paths(start, at [2]int, visited map[[2]int]bool, set map[string]bool) {
	if n.budget--; n.budget < 0 {
		return
	}
	for df := -1; df <= 1; df++ {
		for dr := -1; dr <= 1; dr++ {
			over := [2]int{at[0] + df, at[1] + dr}
			to := [2]int{at[0] + 2*df, at[1] + 2*dr}
			_, hurdle := n.men[over]
			_, occ := n.men[to]
			if !hurdle || occ || !in17(to) || visited[to] {
				continue
			}
			set[nm(start)+"-"+nm(to)] = true
			if !n.shelter[to] {
				visited[to] = true
				n.paths(start, to, visited, set)
				delete(visited, to)
			}
		}
	}
}

func (n *naiveCs) won() int {
	for p := 0; p < 2; p++ {
		c := 0
		for at, o := range n.men {
			if o == p && n.shelter[at] {
				c++
			}
		}
		if c == csMen {
			return p
		}
	}
	return -1
}

func (n *naiveCs) play(m string) {
	p := n.ply % 2
	n.ply++
	if m == "pass" {
		n.passes++
		return
	}
	n.passes = 0
	if m[0] == '@' {
		n.hand[p]--
		n.men[[2]int{int(m[1] - 'a'), atoi(m[2:]) - 1}] = p
		return
	}
	a, b, _ := strings.Cut(m, "-")
	delete(n.men, [2]int{int(a[0] - 'a'), atoi(a[1:]) - 1})
	n.men[[2]int{int(b[0] - 'a'), atoi(b[1:]) - 1}] = p
}

func (n *naiveCs) clone() *naiveCs {
	c := *n
	c.men = map[[2]int]int{}
	for k, v := range n.men {
		c.men[k] = v
	}
	return &c
}

func (n *naiveCs) perft(depth int) uint64 {
	ms := n.moves()
	if depth == 1 {
		return uint64(len(ms))
	}
	var t uint64
	for _, m := range ms {
		c := n.clone()
		c.play(m)
		t += c.perft(depth - 1)
		n.budget = c.budget
	}
	return t
}

func sortedKeys(set map[string]bool) []string {
	var out []string
	for k := range set {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// Random games (placing, then moving with a bias towards the edges so that
// shelters fill and chains meet them): at every position where the naive
// path enumeration stays within its budget (the number of simple paths
// explodes in crowded positions), the oracle's moves equal the naive
// generator's as sets; at some positions perft(2) agrees too.
func TestConspirateursAgainstNaive(t *testing.T) {
	games, plies := 3, 300
	if testing.Short() {
		games = 2
	}
	checked, compared, skipped := 0, 0, 0
	for seed := uint64(1); seed <= uint64(games); seed++ {
		g := NewConspirateurs()
		rng := rand.New(rand.NewPCG(seed, 5))
		for ply := 0; ply < plies && !g.Over(); ply++ {
			got := g.Moves()
			nv := newNaiveCs(g)
			nv.budget = 20000
			want := nv.moves()
			if nv.budget < 0 {
				skipped++
				playAll(t, g, csPick(got, rng))
				continue
			}
			if !slices.Equal(sortedStrings(got), want) {
				t.Fatalf("seed %d ply %d: oracle %v\nnaive %v", seed, ply, sortedStrings(got), want)
			}
			compared++
			if ply >= 40 && ply%25 == 0 {
				nv.budget = 400000
				if a, b := g.Perft(2), nv.perft(2); nv.budget >= 0 && a != b {
					t.Fatalf("seed %d ply %d: perft(2) oracle %d naive %d", seed, ply, a, b)
				} else if nv.budget >= 0 {
					checked++
				}
			}
			playAll(t, g, csPick(got, rng))
		}
	}
	t.Logf("%d positions compared, %d over the naive budget, %d perft(2) compared", compared, skipped, checked)
	if checked == 0 || compared < 4*skipped {
		t.Fatalf("too few comparisons: %d positions (%d skipped), %d perft", compared, skipped, checked)
	}
}

// csPick picks a random move, preferring (2 in 3) the one that ends
// nearest an edge.
func csPick(ms []string, rng *rand.Rand) string {
	if rng.IntN(3) == 0 {
		return ms[rng.IntN(len(ms))]
	}
	best, bd := ms[0], 99
	for _, m := range ms {
		_, to, ok := strings.Cut(m, "-")
		if !ok {
			continue
		}
		f, r := int(to[0]-'a'), atoi(to[1:])-1
		if d := min(f, r, 16-f, 16-r); d < bd || (d == bd && rng.IntN(2) == 0) {
			best, bd = m, d
		}
	}
	return best
}
