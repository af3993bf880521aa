package conformance

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ruleplay/ruleplay/conformance/oracle"
	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/lang"
	"github.com/ruleplay/ruleplay/solve"
)

// The solver (package solve, on the interpreter) against an independent
// one written here: plain minimax over the game tree of a generator that
// shares no code with lang or interp (conformance/oracle's Leap Frog, and
// a Breakthrough on any small board written below), with the value for
// the first player (win, loss, draw; with more than two players the
// paranoid value: the first player against the others together), the
// plies to the end with best play (the fastest win, the slowest loss) and
// the margin under best play, on one thread and on two.

// verdict is a position's value for the first player.
type verdict struct {
	value  solve.Value
	plies  int // -1 for a draw
	margin int
}

// tree is what the independent solver needs of a game.
type tree[G any] struct {
	moves   func(G) []string
	play    func(G, string) G // the position after a move (a copy)
	over    func(G) bool
	winners func(G) []int
	toMove  func(G) int
	margin  func(G) int // the first player's margin in a finished game
	key     func(G) string
	players int
}

// minimax solves g by plain recursion (with a table of solved positions
// when t.key is set): the first player maximises, the others minimise.
func (t *tree[G]) minimax(g G, memo map[string]verdict) verdict {
	var k string
	if t.key != nil {
		k = t.key(g)
		if v, ok := memo[k]; ok {
			return v
		}
	}
	var out verdict
	if t.over(g) {
		w := t.winners(g)
		switch {
		case !slices.Contains(w, 0):
			out = verdict{solve.Loss, 0, t.margin(g)}
		case len(w) == 1:
			out = verdict{solve.Win, 0, t.margin(g)}
		default:
			out = verdict{solve.Draw, -1, t.margin(g)}
		}
	} else {
		first := t.toMove(g) == 0
		// rank: a win for the side to move best (the fastest), a draw, a loss
		// (the slowest)
		rank := func(v verdict) int {
			r := map[solve.Value]int{solve.Win: 2, solve.Draw: 1, solve.Loss: 0}[v.value]
			if !first {
				r = 2 - r
			}
			return r
		}
		for i, mv := range t.moves(g) {
			v := t.minimax(t.play(g, mv), memo)
			if v.plies >= 0 {
				v.plies++
			}
			if i == 0 {
				out = v
				continue
			}
			m := min(out.margin, v.margin)
			if first {
				m = max(out.margin, v.margin)
			}
			r, ro := rank(v), rank(out)
			good := (first && v.value == solve.Win) || (!first && v.value == solve.Loss)
			bad := (first && v.value == solve.Loss) || (!first && v.value == solve.Win)
			if r > ro || (r == ro && good && v.plies < out.plies) || (r == ro && bad && v.plies > out.plies) {
				out = v
			}
			out.margin = m
		}
	}
	if t.key != nil {
		memo[k] = out
	}
	return out
}

// ways are the ways the solver is run: the retrograde analysis on one
// thread and on two, and the search.
var ways = []struct {
	name string
	opt  solve.Options
}{
	{"1 thread", solve.Options{Threads: 1, Method: solve.Retrograde}},
	{"2 threads", solve.Options{Threads: 2, Method: solve.Retrograde}},
	{"search", solve.Options{Method: solve.Search}},
}

// solveFile solves the start of a rules file with opt.
func solveFile(t *testing.T, file string, opts map[string]string, opt solve.Options) *solve.Solution {
	t.Helper()
	g, err := lang.Load(file, opts)
	if err != nil {
		t.Fatal(err)
	}
	p, err := interp.Compile(g, interp.Config{})
	if err != nil {
		t.Fatal(err)
	}
	sol, err := solve.Solve(p, p.NewState(1), opt)
	if err != nil {
		t.Fatal(err)
	}
	return sol
}

func compareVerdict(t *testing.T, name string, sol *solve.Solution, want verdict, scored bool) {
	t.Helper()
	v, plies := sol.Value()
	if v != want.value || plies != want.plies {
		t.Errorf("%s: solve says %v in %d plies, the independent solver %v in %d", name, v, plies, want.value, want.plies)
	}
	if scored && (sol.Margin == nil || *sol.Margin != want.margin) {
		t.Errorf("%s: solve's margin %v, the independent solver's %d", name, sol.Margin, want.margin)
	}
}

// Leap Frog (conformance/oracle) on boards small enough for a tree
// search, with two and three players; every first move checked too.
func TestSolveLeapFrogIndependent(t *testing.T) {
	cases := []struct{ w, h, players int }{{3, 3, 2}, {3, 4, 2}, {4, 3, 2}, {3, 3, 3}}
	for _, c := range cases {
		name := fmt.Sprintf("leapfrog %dx%d, %d players", c.w, c.h, c.players)
		start, err := oracle.NewLeapFrog(c.w, c.h, c.players, false)
		if err != nil {
			t.Fatal(err)
		}
		tr := &tree[*lfNode]{
			moves:   func(n *lfNode) []string { return n.g.Moves() },
			play:    func(n *lfNode, mv string) *lfNode { return n.play(t, mv) },
			over:    func(n *lfNode) bool { return n.g.Over() },
			winners: func(n *lfNode) []int { return n.g.Winners() },
			toMove:  func(n *lfNode) int { return n.g.ToMove() },
			margin: func(n *lfNode) int {
				sc := n.g.Scores()
				return sc[0] - slices.Max(sc[1:])
			},
			key:     func(n *lfNode) string { return n.key() },
			players: c.players,
		}
		root := &lfNode{g: start, w: c.w, occ: slices.Repeat([]bool{true}, c.w*c.h)}
		memo := map[string]verdict{}
		want := tr.minimax(root, memo)
		t.Logf("%s: %d positions", name, len(memo))
		for _, way := range ways {
			name := name + ", " + way.name
			sol := solveFile(t, "../games/leapfrog.rules", map[string]string{
				"size": fmt.Sprintf("%dx%d", c.w, c.h), "players": fmt.Sprint(c.players)}, way.opt)
			compareVerdict(t, name, sol, want, true)
			for _, mv := range sol.Divide() {
				got := tr.minimax(tr.play(root, mv.Move), memo)
				if got.plies >= 0 {
					got.plies++
				}
				if mv.Value != got.value || mv.Plies != got.plies {
					t.Errorf("%s, %s: solve says %v in %d, the independent solver %v in %d", name, mv.Move, mv.Value, mv.Plies, got.value, got.plies)
				}
			}
		}
	}
}

// lfNode is a Leap Frog position of the oracle with the board kept
// beside it (read from the move texts: "xb2" removes b2, "a1-a3-c3" takes
// the stones between the landings), for the table of solved positions.
type lfNode struct {
	g   *oracle.LeapFrog
	w   int
	occ []bool
}

func (n *lfNode) play(t *testing.T, mv string) *lfNode {
	g := n.g.Clone()
	if err := g.Play(mv); err != nil {
		t.Fatal(err)
	}
	out := &lfNode{g: g, w: n.w, occ: slices.Clone(n.occ)}
	cell := func(s string) int {
		var r int
		fmt.Sscanf(s[1:], "%d", &r)
		return (r-1)*n.w + int(s[0]-'a')
	}
	if strings.HasPrefix(mv, "x") {
		out.occ[cell(mv[1:])] = false
		return out
	}
	path := strings.Split(mv, "-")
	for i := 1; i < len(path); i++ {
		a, b := cell(path[i-1]), cell(path[i])
		out.occ[(a+b)/2] = false
	}
	first, last := cell(path[0]), cell(path[len(path)-1])
	out.occ[first], out.occ[last] = false, true
	return out
}

func (n *lfNode) key() string {
	var b strings.Builder
	for _, o := range n.occ {
		if o {
			b.WriteByte('1')
		} else {
			b.WriteByte('0')
		}
	}
	fmt.Fprint(&b, n.g.Scores(), n.g.ToMove(), min(n.g.Ply(), n.g.Players()))
	return b.String()
}

// btBoard is a Breakthrough position on a w x h board written for this
// test: cells[y*w+x] is 0 empty, 1 the first player's pawn (moving up),
// 2 the second's (moving down).
type btBoard struct {
	w, h  int
	cells []byte
	mover int
}

func btStart(w, h, rows int) *btBoard {
	b := &btBoard{w: w, h: h, cells: make([]byte, w*h)}
	for y := 0; y < rows; y++ {
		for x := 0; x < w; x++ {
			b.cells[y*w+x] = 1
			b.cells[(h-1-y)*w+x] = 2
		}
	}
	return b
}

func (b *btBoard) name(i int) string { return fmt.Sprintf("%c%d", 'a'+i%b.w, i/b.w+1) }

// moves in the interpreter's order does not matter: the test compares
// values and plies, never the order.
func (b *btBoard) moves() []string {
	var out []string
	me := byte(b.mover + 1)
	dy := 1
	if b.mover == 1 {
		dy = -1
	}
	for i, c := range b.cells {
		if c != me {
			continue
		}
		x, y := i%b.w, i/b.w
		for dx := -1; dx <= 1; dx++ {
			nx, ny := x+dx, y+dy
			if nx < 0 || nx >= b.w || ny < 0 || ny >= b.h {
				continue
			}
			to := b.cells[ny*b.w+nx]
			if to == 0 || (dx != 0 && to != me) {
				out = append(out, b.name(i)+"-"+b.name(ny*b.w+nx))
			}
		}
	}
	return out
}

func (b *btBoard) play(mv string) *btBoard {
	from, to, _ := strings.Cut(mv, "-")
	idx := func(s string) int {
		var x, y int
		fmt.Sscanf(s[1:], "%d", &y)
		x = int(s[0] - 'a')
		return (y-1)*b.w + x
	}
	n := &btBoard{w: b.w, h: b.h, cells: slices.Clone(b.cells), mover: 1 - b.mover}
	n.cells[idx(to)] = n.cells[idx(from)]
	n.cells[idx(from)] = 0
	return n
}

// winner is the player who has won (-1: nobody yet): a pawn on the far
// rank, or no enemy pawn left; the player to move with no move loses.
func (b *btBoard) winner() int {
	count := [3]int{}
	for i, c := range b.cells {
		count[c]++
		if c == 1 && i/b.w == b.h-1 {
			return 0
		}
		if c == 2 && i/b.w == 0 {
			return 1
		}
	}
	if count[1] == 0 {
		return 1
	}
	if count[2] == 0 {
		return 0
	}
	if len(b.moves()) == 0 {
		return 1 - b.mover
	}
	return -1
}

// Breakthrough's rules on small boards, solved by the interpreter's
// rules (the bundled file with another board) and by the board above.
func TestSolveBreakthroughIndependent(t *testing.T) {
	src, err := os.ReadFile("../games/breakthrough.rules")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct{ w, h, rows int }{{3, 3, 1}, {3, 4, 1}, {4, 3, 1}, {3, 4, 2}}
	for _, c := range cases {
		name := fmt.Sprintf("breakthrough %dx%d, %d rows", c.w, c.h, c.rows)
		text := strings.NewReplacer("square(8x8)", fmt.Sprintf("square(%dx%d)", c.w, c.h),
			"ranks(8)", fmt.Sprintf("ranks(%d)", c.h), "ranks(1 .. 2)", fmt.Sprintf("ranks(1 .. %d)", c.rows)).Replace(string(src))
		file := filepath.Join(t.TempDir(), "bt.rules")
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		tr := &tree[*btBoard]{
			moves:   func(b *btBoard) []string { return b.moves() },
			play:    func(b *btBoard, mv string) *btBoard { return b.play(mv) },
			over:    func(b *btBoard) bool { return b.winner() >= 0 },
			winners: func(b *btBoard) []int { return []int{b.winner()} },
			toMove:  func(b *btBoard) int { return b.mover },
			margin:  func(*btBoard) int { return 0 },
			key:     func(b *btBoard) string { return string(b.cells) + string(rune('0'+b.mover)) },
			players: 2,
		}
		memo := map[string]verdict{}
		want := tr.minimax(btStart(c.w, c.h, c.rows), memo)
		t.Logf("%s: %d positions", name, len(memo))
		for _, way := range ways {
			compareVerdict(t, name+", "+way.name, solveFile(t, file, nil, way.opt), want, false)
		}
	}
}

// Fox and Hounds (games/fox-and-hounds.rules): a loss for the fox in 45
// plies, by solve on one thread and on two and by the independent solver
// over conformance/oracle's generator (written from the rules page
// alone), every placement included; the figures docs/solve.md and
// docs/rules/fox-and-hounds.md give.
func TestSolveFoxHoundsIndependent(t *testing.T) {
	if testing.Short() {
		t.Skip("895364 positions: left out with -short")
	}
	tr := &tree[*fhNode]{
		moves:   func(n *fhNode) []string { return n.g.Moves() },
		play:    func(n *fhNode, mv string) *fhNode { return n.play(t, mv) },
		over:    func(n *fhNode) bool { return n.g.Over() },
		winners: func(n *fhNode) []int { return n.g.Winners() },
		toMove:  func(n *fhNode) int { return n.g.ToMove() },
		margin:  func(*fhNode) int { return 0 },
		key:     func(n *fhNode) string { return n.key() },
		players: 2,
	}
	root := &fhNode{g: oracle.NewFoxHounds(), fox: "", hounds: []string{"a1", "c1", "e1", "g1"}}
	memo := map[string]verdict{}
	want := tr.minimax(root, memo)
	t.Logf("fox and hounds: %d positions", len(memo))
	if want != (verdict{solve.Loss, 45, 0}) {
		t.Errorf("the independent solver: %+v, the docs say a loss in 45 plies", want)
	}
	for _, way := range ways {
		name := "fox and hounds, " + way.name
		sol := solveFile(t, "../games/fox-and-hounds.rules", nil, way.opt)
		compareVerdict(t, name, sol, want, false)
		for _, mv := range sol.Divide() {
			got := tr.minimax(tr.play(root, mv.Move), memo)
			if mv.Value != got.value || mv.Plies != got.plies+1 {
				t.Errorf("%s, %s: solve says %v in %d, the independent solver %v in %d", name, mv.Move, mv.Value, mv.Plies, got.value, got.plies+1)
			}
		}
	}
}

// fhNode is a Fox and Hounds position of the oracle with the pieces kept
// beside it (read from the move texts), for the table of solved
// positions: the hounds are alike, so the key sorts them.
type fhNode struct {
	g      *oracle.FoxHounds
	fox    string // "" while in hand
	hounds []string
	ply    int
}

func (n *fhNode) play(t *testing.T, mv string) *fhNode {
	g := n.g.Clone()
	if err := g.Play(mv); err != nil {
		t.Fatal(err)
	}
	out := &fhNode{g: g, fox: n.fox, hounds: slices.Clone(n.hounds), ply: n.ply + 1}
	if strings.HasPrefix(mv, "@") {
		out.fox = mv[1:]
		return out
	}
	from, to, _ := strings.Cut(mv, "-")
	if from == n.fox {
		out.fox = to
		return out
	}
	out.hounds[slices.Index(out.hounds, from)] = to
	return out
}

// key: the fox, the hounds sorted, and the part of the turn order the
// ply gives (the fox's two opening plies, then whose turn).
func (n *fhNode) key() string {
	h := slices.Clone(n.hounds)
	slices.Sort(h)
	phase := min(n.ply, 2) + n.ply%2*3
	return fmt.Sprintf("%s %v %d", n.fox, h, phase)
}
