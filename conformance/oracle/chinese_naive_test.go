package oracle

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// A naive Chinese Checkers generator: (x, y) half-cell coordinates from
// notation.md, a map of marbles, every simple jump path enumerated. Only
// the rule book's names and point lists are shared with the oracle.

type naiveCC struct {
	players int
	name    map[[2]int]string
	at      map[string][2]int
	marble  map[[2]int]int
	target  []map[[2]int]bool
	ply     int
}

var ccHexDirs = [][2]int{{2, 0}, {-2, 0}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}}

func newNaiveCC(g *ChineseCheckers) *naiveCC {
	n := &naiveCC{players: g.players, name: map[[2]int]string{}, at: map[string][2]int{},
		marble: map[[2]int]int{}, ply: g.ply}
	for y, k := range []int{1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1} {
		for i := 0; i < k; i++ {
			c := [2]int{-(k - 1) + 2*i, y}
			nm := fmt.Sprintf("%c%d", 'a'+i, y+1)
			n.name[c], n.at[nm] = nm, c
		}
	}
	for m, x := range g.cell {
		if x != 0 && x != ccOff {
			n.marble[n.at[ccName(m)]] = int(x) - 1
		}
	}
	// Seats and opposite points from games.md §14, by name.
	points := map[string]string{
		"bottom": "a1 a2 b2 a3 b3 c3 a4 b4 c4 d4", "top": "a14 b14 c14 d14 a15 b15 c15 a16 b16 a17",
		"lower-left": "a5 b5 c5 d5 a6 b6 c6 a7 b7 a8", "lower-right": "j5 k5 l5 m5 j6 k6 l6 j7 k7 j8",
		"upper-left": "a10 a11 b11 a12 b12 c12 a13 b13 c13 d13", "upper-right": "j10 j11 k11 j12 k12 l12 j13 k13 l13 m13",
	}
	opposite := map[string]string{"bottom": "top", "top": "bottom", "lower-left": "upper-right",
		"upper-right": "lower-left", "lower-right": "upper-left", "upper-left": "lower-right"}
	seats := map[int]string{2: "bottom top", 3: "bottom upper-left upper-right",
		4: "bottom lower-left top upper-right", 6: "bottom lower-left upper-left top upper-right lower-right"}
	for _, seat := range strings.Fields(seats[g.players]) {
		t := map[[2]int]bool{}
		for _, nm := range strings.Fields(points[opposite[seat]]) {
			t[n.at[nm]] = true
		}
		n.target = append(n.target, t)
	}
	return n
}

func (n *naiveCC) moves() []string {
	p := n.ply % n.players
	set := map[string]bool{}
	for from, o := range n.marble {
		if o != p {
			continue
		}
		inside := n.target[p][from]
		ok := func(c [2]int) bool {
			_, cell := n.name[c]
			_, occ := n.marble[c]
			return cell && !occ && (!inside || n.target[p][c])
		}
		delete(n.marble, from)
		for _, d := range ccHexDirs {
			if c := [2]int{from[0] + d[0], from[1] + d[1]}; ok(c) {
				set[n.name[from]+"-"+n.name[c]] = true
			}
		}
		var walk func(at [2]int, seen map[[2]int]bool)
		walk = func(at [2]int, seen map[[2]int]bool) {
			for _, d := range ccHexDirs {
				over := [2]int{at[0] + d[0], at[1] + d[1]}
				to := [2]int{at[0] + 2*d[0], at[1] + 2*d[1]}
				if _, h := n.marble[over]; !h || !ok(to) || seen[to] {
					continue
				}
				set[n.name[from]+"-"+n.name[to]] = true
				seen[to] = true
				walk(to, seen)
				delete(seen, to)
			}
		}
		walk(from, map[[2]int]bool{from: true})
		n.marble[from] = p
	}
	if len(set) == 0 {
		return []string{"pass"}
	}
	return sortedKeys(set)
}

// Random and forward-leaning games of 2, 3, 4 and 6 players: at every
// position the oracle's moves equal the naive generator's (as sets).
func TestChineseCheckersAgainstNaive(t *testing.T) {
	plies := 400
	if testing.Short() {
		plies = 100
	}
	inTarget := 0
	for _, players := range []int{2, 3, 4, 6} {
		g := mustCC(t, players)
		rng := rand.New(rand.NewPCG(uint64(players), 14))
		for ply := 0; ply < plies && !g.Over(); ply++ {
			got := g.Moves()
			nv := newNaiveCC(g)
			if want := nv.moves(); !slices.Equal(sortedStrings(got), want) {
				t.Fatalf("%d players ply %d:\noracle %v\nnaive  %v", players, ply, sortedStrings(got), want)
			}
			inTarget += g.inGoal[g.ToMove()]
			playAll(t, g, ccForward(g, got, rng))
		}
	}
	t.Logf("marbles already in their target point at the positions seen: %d", inTarget)
	if inTarget == 0 {
		t.Error("no marble ever reached its target point")
	}
}

// ccForward picks, 3 times in 4, a move that gets nearest the mover's
// target point (by rows and half cells), else a random one.
func ccForward(g *ChineseCheckers, ms []string, rng *rand.Rand) string {
	if rng.IntN(4) == 0 || ms[0] == "pass" {
		return ms[rng.IntN(len(ms))]
	}
	var goal [2]int // a cell of the target point
	for m := range g.cell {
		if g.point[m] == g.target[g.ToMove()] {
			goal = [2]int{m % ccPitch, m / ccPitch}
		}
	}
	best, bd := ms[0], 1<<30
	for _, mv := range ms {
		_, to, _ := strings.Cut(mv, "-")
		m, _ := ccParse(to)
		dx, dy := m%ccPitch-goal[0], m/ccPitch-goal[1]
		if d := dx*dx + 3*dy*dy; d < bd || (d == bd && rng.IntN(2) == 0) {
			best, bd = mv, d
		}
	}
	return best
}
