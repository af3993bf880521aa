package conformance

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// Naive, independent generators for the two bundled games that
// conformance/oracle does not cover: Capture (docs/rules/capture.md) and
// Pyramid (docs/rules/pyramid.md). They are written straight from the rule
// book and docs/notation.md with plain maps and strings, share nothing with
// lang, ir or interp, and are slow on purpose (clarity first). They give the perft tables of those
// games an independent source and take part in the differential tests.

// naiveGame is the small interface both naive generators implement.
type naiveGame interface {
	Moves() []string // legal moves' texts (any order); nil when over
	Play(text string) error
	Undo()
	Over() bool
	Winners() []int // nil while the game goes on
	Scores() []int  // nil when the game keeps no scores
	Reason() string
}

func naivePerft(g naiveGame, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	ms := g.Moves()
	if depth == 1 {
		return uint64(len(ms))
	}
	var n uint64
	for _, m := range ms {
		if err := g.Play(m); err != nil {
			panic(err)
		}
		n += naivePerft(g, depth-1)
		g.Undo()
	}
	return n
}

// ---------------------------------------------------------------------------
// Capture: the 61-cell hexagon, rows of 5,6,7,8,9,8,7,6,5; every cell holds a
// stone but e5; a turn is a capturing short jump in one of six directions,
// optionally chained; no capture available ends the game; most captures win.

type hexPt struct{ x, y int } // x in half cells, y = row-1

type naiveCapture struct {
	players int
	cells   map[hexPt]bool // board cells
	stone   map[hexPt]bool // occupied cells
	name    map[hexPt]string
	byName  map[string]hexPt
	ply     int
	caps    []int
	hist    []captureUndo
}

type captureUndo struct {
	path  []hexPt
	taken []hexPt
}

var hexDirs = []hexPt{{2, 0}, {-2, 0}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}}

func newNaiveCapture(players int) *naiveCapture {
	g := &naiveCapture{players: players, cells: map[hexPt]bool{}, stone: map[hexPt]bool{},
		name: map[hexPt]string{}, byName: map[string]hexPt{}, caps: make([]int, players)}
	rows := []int{5, 6, 7, 8, 9, 8, 7, 6, 5}
	for y, n := range rows {
		for i := 0; i < n; i++ {
			pt := hexPt{-(n - 1) + 2*i, y}
			nm := fmt.Sprintf("%c%d", 'a'+i, y+1)
			g.cells[pt], g.name[pt], g.byName[nm] = true, nm, pt
			if nm != "e5" {
				g.stone[pt] = true
			}
		}
	}
	return g
}

func (g *naiveCapture) jumps(from hexPt) [][2]hexPt {
	var out [][2]hexPt
	for _, d := range hexDirs {
		over := hexPt{from.x + d.x, from.y + d.y}
		to := hexPt{from.x + 2*d.x, from.y + 2*d.y}
		if g.stone[over] && g.cells[to] && !g.stone[to] {
			out = append(out, [2]hexPt{over, to})
		}
	}
	return out
}

func (g *naiveCapture) chains(at hexPt, path []string, out *[]string) {
	for _, j := range g.jumps(at) {
		g.stone[at], g.stone[j[0]], g.stone[j[1]] = false, false, true
		p := append(path, g.name[j[1]])
		*out = append(*out, strings.Join(p, "-"))
		g.chains(j[1], p, out)
		g.stone[at], g.stone[j[0]], g.stone[j[1]] = true, true, false
	}
}

func (g *naiveCapture) Moves() []string {
	var from []hexPt
	for pt, ok := range g.stone {
		if ok {
			from = append(from, pt)
		}
	}
	var out []string
	for _, pt := range from {
		g.chains(pt, []string{g.name[pt]}, &out)
	}
	return out
}

func (g *naiveCapture) Play(text string) error {
	if !slices.Contains(g.Moves(), text) {
		return fmt.Errorf("naive capture: %q is not legal", text)
	}
	var u captureUndo
	for _, nm := range strings.Split(text, "-") {
		u.path = append(u.path, g.byName[nm])
	}
	for i := 1; i < len(u.path); i++ {
		a, c := u.path[i-1], u.path[i]
		b := hexPt{(a.x + c.x) / 2, (a.y + c.y) / 2}
		g.stone[a], g.stone[b], g.stone[c] = false, false, true
		u.taken = append(u.taken, b)
	}
	g.caps[g.ply%g.players] += len(u.taken)
	g.hist = append(g.hist, u)
	g.ply++
	return nil
}

func (g *naiveCapture) Undo() {
	u := g.hist[len(g.hist)-1]
	g.hist = g.hist[:len(g.hist)-1]
	g.ply--
	g.caps[g.ply%g.players] -= len(u.taken)
	for i := len(u.path) - 1; i >= 1; i-- {
		a, c := u.path[i-1], u.path[i]
		b := u.taken[i-1]
		g.stone[c], g.stone[b], g.stone[a] = false, true, true
	}
}

func (g *naiveCapture) Over() bool    { return len(g.Moves()) == 0 }
func (g *naiveCapture) Scores() []int { return slices.Clone(g.caps) }
func (g *naiveCapture) Reason() string {
	if g.Over() {
		return "no move"
	}
	return ""
}

func (g *naiveCapture) Winners() []int {
	if !g.Over() {
		return nil
	}
	return bestOf(g.caps)
}

// bestOf returns the indices of the highest values.
func bestOf(v []int) []int {
	best := slices.Max(v)
	var w []int
	for i, x := range v {
		if x == best {
			w = append(w, i)
		}
	}
	return w
}

// ---------------------------------------------------------------------------
// Pyramid: 8 x 8 dark cells (a1 dark); White (0) moves north, Black (1)
// south; a step diagonally forward to an empty cell, or a chain of jumps
// diagonally forward over enemy pieces to empty cells (every prefix a move;
// nothing captured); no move: pass; two passes in a row: draw; a player
// whose pieces are exactly on the opponent's ten start cells after moving
// wins.

type sq struct{ f, r int } // 0-based file and rank

type naivePyramid struct {
	owner  map[sq]int // occupied cells -> side
	start  [2]map[sq]bool
	ply    int
	passes int
	won    int // -1 none
	hist   []pyramidUndo
}

type pyramidUndo struct {
	from, to sq
	pass     bool
	passes   int
	won      int
}

func newNaivePyramid() *naivePyramid {
	g := &naivePyramid{owner: map[sq]int{}, won: -1}
	for side := range 2 {
		g.start[side] = map[sq]bool{}
	}
	for _, nm := range strings.Fields("a1 c1 e1 g1 b2 d2 f2 c3 e3 d4") {
		w := parseSq(nm)
		b := sq{7 - w.f, 7 - w.r} // the point mirror
		g.owner[w], g.owner[b] = 0, 1
		g.start[0][w], g.start[1][b] = true, true
	}
	return g
}

func parseSq(s string) sq {
	var f, r int
	fmt.Sscanf(s[1:], "%d", &r)
	f = int(s[0] - 'a')
	return sq{f, r - 1}
}

func (s sq) String() string { return fmt.Sprintf("%c%d", 'a'+s.f, s.r+1) }

func onBoard8(s sq) bool { return s.f >= 0 && s.f < 8 && s.r >= 0 && s.r < 8 }

func (g *naivePyramid) toMove() int { return g.ply % 2 }

func (g *naivePyramid) ended() bool { return g.won >= 0 || g.passes >= 2 }

func (g *naivePyramid) pieceMoves() []string {
	side := g.toMove()
	fwd := 1
	if side == 1 {
		fwd = -1
	}
	var out []string
	var mine []sq
	for at, o := range g.owner {
		if o == side {
			mine = append(mine, at)
		}
	}
	var jump func(at sq, path string)
	jump = func(at sq, path string) {
		for _, df := range []int{-1, 1} {
			over := sq{at.f + df, at.r + fwd}
			to := sq{at.f + 2*df, at.r + 2*fwd}
			if o, ok := g.owner[over]; ok && o != side && onBoard8(to) {
				if _, occ := g.owner[to]; !occ {
					p := path + "-" + to.String()
					out = append(out, p)
					jump(to, p) // forward only: the path never comes back
				}
			}
		}
	}
	for _, at := range mine {
		for _, df := range []int{-1, 1} {
			to := sq{at.f + df, at.r + fwd}
			if _, occ := g.owner[to]; onBoard8(to) && !occ {
				out = append(out, at.String()+"-"+to.String())
			}
		}
		// The moving piece leaves its cell: irrelevant here, as forward
		// jumps never return to it.
		jump(at, at.String())
	}
	return out
}

func (g *naivePyramid) Moves() []string {
	if g.ended() {
		return nil
	}
	if ms := g.pieceMoves(); len(ms) > 0 {
		return ms
	}
	return []string{"pass"}
}

func (g *naivePyramid) Play(text string) error {
	if !slices.Contains(g.Moves(), text) {
		return fmt.Errorf("naive pyramid: %q is not legal", text)
	}
	side := g.toMove()
	u := pyramidUndo{passes: g.passes, won: g.won}
	if text == "pass" {
		u.pass = true
		g.passes++
	} else {
		cells := strings.Split(text, "-")
		u.from, u.to = parseSq(cells[0]), parseSq(cells[len(cells)-1])
		delete(g.owner, u.from)
		g.owner[u.to] = side
		g.passes = 0
		all := true
		for at, o := range g.owner {
			if o == side && !g.start[1-side][at] {
				all = false
			}
		}
		if all {
			g.won = side
		}
	}
	g.hist = append(g.hist, u)
	g.ply++
	return nil
}

func (g *naivePyramid) Undo() {
	u := g.hist[len(g.hist)-1]
	g.hist = g.hist[:len(g.hist)-1]
	g.ply--
	if !u.pass {
		delete(g.owner, u.to)
		g.owner[u.from] = g.toMove()
	}
	g.passes, g.won = u.passes, u.won
}

func (g *naivePyramid) Over() bool    { return g.ended() }
func (g *naivePyramid) Scores() []int { return nil }

func (g *naivePyramid) Reason() string {
	switch {
	case g.won >= 0:
		return "goal"
	case g.passes >= 2:
		return "passes"
	}
	return ""
}

func (g *naivePyramid) Winners() []int {
	switch {
	case g.won >= 0:
		return []int{g.won}
	case g.passes >= 2:
		return []int{0, 1}
	}
	return nil
}

// sortedCopy returns xs sorted, for comparing move sets.
func sortedCopy(xs []string) []string {
	c := slices.Clone(xs)
	sort.Strings(c)
	return c
}
