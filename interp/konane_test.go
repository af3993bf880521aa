package interp

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/accel"
	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
	"github.com/ruleplay/ruleplay/lang"
)

// Konane (games/konane.rules): chains that keep their first direction
// (chain-dirs: same), removals constrained by cell sets and by the cell
// the previous ply ended on (next-to(last, ...)).

// konaneAt is at for Konane after its two removals (the ply counter set
// so that the jump rule applies: ply plies played), with change applied
// to the game before it is compiled.
func konaneAt(t *testing.T, change func(*ir.Game), toMove, ply int, places ...string) ([]*core.Program, []*core.State) {
	t.Helper()
	progs, states := at(t, "konane.rules", nil, toMove, places...)
	if change != nil {
		for i := range progs {
			g := progs[i].Game()
			change(g)
			p, err := Compile(g, core.Config{Disable: disableAll(i == 1)})
			if err != nil {
				t.Fatal(err)
			}
			s := p.NewState(0)
			s.Mover = toMove
			progs[i], states[i] = p, s
		}
	}
	for _, s := range states {
		s.PlyCount = ply
	}
	return progs, states
}

func TestKonaneChainKeepsDirection(t *testing.T) {
	// c3 jumps c4 then c6 northwards; from c5 it could turn over d5 to e5
	// or over b5 to a5, and f1's chain could turn at f3 over e3 to d3:
	// with chain-dirs: same none of these is a move. Every prefix is.
	places := []string{"c3 black stone", "f1 black stone",
		"c4 white stone", "c6 white stone", "d5 white stone", "b5 white stone",
		"f2 white stone", "f4 white stone", "e3 white stone"}
	progs, states := konaneAt(t, nil, 0, 2, places...)
	for i, p := range progs {
		wantMoves(t, p, states[i], "f1-f3", "f1-f3-f5", "c3-c5", "c3-c5-c7")
	}
	// The same position with chain-dirs: any (Leap Frog's chains).
	anyDir := func(g *ir.Game) { g.Moves[2].ChainDirs = ir.ChainDirsAny }
	progs, states = konaneAt(t, anyDir, 0, 2, places...)
	for i, p := range progs {
		wantMoves(t, p, states[i], "f1-f3", "f1-f3-f5", "f1-f3-d3", "c3-c5", "c3-c5-c7", "c3-c5-e5", "c3-c5-a5")
	}
	// White: c4 over c3 to c2 and on, south only (c2 has nothing to
	// jump); e3 over f3? empty: nothing; d5 and b5 have no black
	// neighbour.
	progs, states = konaneAt(t, nil, 1, 3, places...)
	for i, p := range progs {
		wantMoves(t, p, states[i], "c4-c2")
		play(t, p, states[i], "c4-c2")
		wantMoves(t, p, states[i], "f1-f3", "f1-f3-f5")
	}
}

func TestKonaneCompulsorySameDirection(t *testing.T) {
	// With a compulsory chain only the complete straight chains are
	// moves: c3-c5-c7 (not c3-c5, not the turn to e5).
	compulsory := func(g *ir.Game) { g.Moves[2].Chain = ir.ChainCompulsory }
	progs, states := konaneAt(t, compulsory, 0, 2,
		"c3 black stone", "c4 white stone", "c6 white stone", "d5 white stone", "a1 black stone", "b1 white stone")
	for i, p := range progs {
		wantMoves(t, p, states[i], "a1-c1", "c3-c5-c7")
	}
}

// konaneStart is the start of Konane (size option) compiled with and
// without fast paths.
func konaneStart(t *testing.T, size string) ([]*core.Program, []*core.State) {
	t.Helper()
	var progs []*core.Program
	var states []*core.State
	for _, noFast := range []bool{false, true} {
		p, err := Compile(loadGame(t, "konane.rules", map[string]string{"size": size}), core.Config{Disable: disableAll(noFast)})
		if err != nil {
			t.Fatal(err)
		}
		progs, states = append(progs, p), append(states, p.NewState(0))
	}
	return progs, states
}

func TestKonaneOpening(t *testing.T) {
	for _, tc := range []struct {
		size    string
		opening []string
		first   string   // Black's removal
		answers []string // White's, next to it
	}{
		{"8x8", []string{"xa1", "xd4", "xe5", "xh8"}, "xd4", []string{"xd3", "xc4", "xe4", "xd5"}},
		{"8x8", []string{"xa1", "xd4", "xe5", "xh8"}, "xa1", []string{"xb1", "xa2"}},
		{"8x8", []string{"xa1", "xd4", "xe5", "xh8"}, "xh8", []string{"xh7", "xg8"}},
		{"6x6", []string{"xa1", "xc3", "xd4", "xf6"}, "xc3", []string{"xc2", "xb3", "xd3", "xc4"}},
		{"10x10", []string{"xa1", "xe5", "xf6", "xj10"}, "xj10", []string{"xj9", "xi10"}},
		{"10x10", []string{"xa1", "xe5", "xf6", "xj10"}, "xf6", []string{"xf5", "xe6", "xg6", "xf7"}},
	} {
		progs, states := konaneStart(t, tc.size)
		for i, p := range progs {
			s := states[i]
			wantMoves(t, p, s, tc.opening...)
			play(t, p, s, tc.first)
			wantMoves(t, p, s, tc.answers...)
			// A copy keeps the cell the last move ended on.
			c := s.Clone()
			wantMoves(t, p, c, tc.answers...)
			var d core.State
			d.CopyFrom(s)
			wantMoves(t, p, &d, tc.answers...)
		}
	}
}

func TestKonaneThirdPly(t *testing.T) {
	// After xd4 xd5 Black jumps into d4 from d2, b4 or f4; no chain goes
	// on (d5 is empty, b4 and f4 are occupied). Undo gives White's
	// answers back, and Black's opening after a second Undo.
	progs, states := konaneStart(t, "8x8")
	for i, p := range progs {
		s := states[i]
		play(t, p, s, "xd4", "xd5")
		wantMoves(t, p, s, "d2-d4", "b4-d4", "f4-d4")
		p.Undo(s)
		wantMoves(t, p, s, "xd3", "xc4", "xe4", "xd5")
		// xe4: d2 over d3, b4 over c4, d6 over d5 into d4; nothing jumps
		// into e4, whose other neighbours e3, f4 and e5 are Black's own.
		play(t, p, s, "xe4")
		wantMoves(t, p, s, "d2-d4", "b4-d4", "d6-d4")
		p.Undo(s)
		p.Undo(s)
		wantMoves(t, p, s, "xa1", "xd4", "xe5", "xh8")
	}
}

// next-to(last, ...) after a step: last is the landing cell.
func TestNextToAfterStep(t *testing.T) {
	src := `board { shape: square(5x5) }
players: a, b
piece stone {}
setup a { stone: c1 }
setup b { stone: b3 c3 d3 e5 }
step { when: ply == 1; dirs: orthogonal }
remove diag { when: ply == 2; piece: any; at: next-to(last, diagonal) }
remove orth { when: ply == 2; piece: any; at: WHICH }
`
	for which, want := range map[string][]string{
		"false":                     {"xb3", "xd3"},
		"next-to(last, orthogonal)": {"xb3", "xd3", "xc3"},
	} {
		g, err := lang.LoadSource("nextto.rules", []byte(strings.Replace(src, "WHICH", which, 1)), nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, noFast := range []bool{false, true} {
			p, err := Compile(g, core.Config{Disable: disableAll(noFast)})
			if err != nil {
				t.Fatal(err)
			}
			s := p.NewState(0)
			wantMoves(t, p, s, "c1-c2", "c1-d1", "c1-b1")
			play(t, p, s, "c1-c2")
			wantMoves(t, p, s, want...)
			play(t, p, s, "xb3")
			p.Undo(s)
			wantMoves(t, p, s, want...)
		}
	}
}

// konaneBoard is an independent model of Konane written from games.md
// section 13 (not from the IR): cells[x][y] is 0 empty, 1 Black, 2
// White; ply counts the plies played.
type konaneBoard struct {
	w, h  int
	cells [][]int
	ply   int
}

func newKonaneBoard(w, h int) *konaneBoard {
	b := &konaneBoard{w: w, h: h, cells: make([][]int, w)}
	for x := range b.cells {
		b.cells[x] = make([]int, h)
		for y := range b.cells[x] {
			b.cells[x][y] = 1 + (x+y)%2 // a1 dark: Black
		}
	}
	return b
}

// konaneFromState reads the model from an interpreter position.
func konaneFromState(p *core.Program, s *core.State) *konaneBoard {
	bd := p.Game().Board
	b := &konaneBoard{w: bd.Width, h: bd.Height, cells: make([][]int, bd.Width), ply: s.Ply()}
	for x := range b.cells {
		b.cells[x] = make([]int, bd.Height)
	}
	for c, cl := range bd.Cells {
		if pc, ok := p.PieceAt(s, c); ok {
			b.cells[cl.X][cl.Y] = 1 + p.Game().Pieces[pc].Owner
		}
	}
	return b
}

func (b *konaneBoard) name(x, y int) string { return fmt.Sprintf("%c%d", 'a'+x, y+1) }

func (b *konaneBoard) at(x, y int) int {
	if x < 0 || y < 0 || x >= b.w || y >= b.h {
		return -1
	}
	return b.cells[x][y]
}

// konaneMove is a removal (path of one cell) or a chain of jumps in one
// direction (start, then landings).
type konaneMove [][2]int

func (b *konaneBoard) text(m konaneMove) string {
	if len(m) == 1 {
		return "x" + b.name(m[0][0], m[0][1])
	}
	var parts []string
	for _, c := range m {
		parts = append(parts, b.name(c[0], c[1]))
	}
	return strings.Join(parts, "-")
}

func (b *konaneBoard) moves() []konaneMove {
	me := 1 + b.ply%2
	mid := func(n, v int) bool { return v == n/2 || v == (n-1)/2 }
	var out []konaneMove
	for x := 0; x < b.w; x++ {
		for y := 0; y < b.h; y++ {
			if b.cells[x][y] != me {
				continue
			}
			switch b.ply {
			case 0:
				corner := (x == 0 || x == b.w-1) && (y == 0 || y == b.h-1)
				if corner || (mid(b.w, x) && mid(b.h, y)) {
					out = append(out, konaneMove{{x, y}})
				}
				continue
			case 1:
				for _, d := range [][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
					if b.at(x+d[0], y+d[1]) == 0 {
						out = append(out, konaneMove{{x, y}})
					}
				}
				continue
			}
			for _, d := range [][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
				path := konaneMove{{x, y}}
				cx, cy := x, y
				// The start cell is empty once the stone has left, but a
				// straight chain never comes back to it.
				for b.at(cx+d[0], cy+d[1]) == 3-me && b.at(cx+2*d[0], cy+2*d[1]) == 0 {
					cx, cy = cx+2*d[0], cy+2*d[1]
					path = append(path, [2]int{cx, cy})
					out = append(out, append(konaneMove(nil), path...))
				}
			}
		}
	}
	return out
}

// play plays m and returns what undo needs: the cells changed, old values.
func (b *konaneBoard) play(m konaneMove) (undo [][3]int) {
	set := func(x, y, v int) {
		undo = append(undo, [3]int{x, y, b.cells[x][y]})
		b.cells[x][y] = v
	}
	if len(m) == 1 {
		set(m[0][0], m[0][1], 0)
	} else {
		me := b.cells[m[0][0]][m[0][1]]
		set(m[0][0], m[0][1], 0)
		for i := 1; i < len(m); i++ {
			set((m[i-1][0]+m[i][0])/2, (m[i-1][1]+m[i][1])/2, 0)
		}
		last := m[len(m)-1]
		set(last[0], last[1], me)
	}
	b.ply++
	return undo
}

func (b *konaneBoard) undo(u [][3]int) {
	for i := len(u) - 1; i >= 0; i-- {
		b.cells[u[i][0]][u[i][1]] = u[i][2]
	}
	b.ply--
}

func (b *konaneBoard) perft(depth int) uint64 {
	ms := b.moves()
	if depth == 1 {
		return uint64(len(ms))
	}
	var n uint64
	for _, m := range ms {
		u := b.play(m)
		n += b.perft(depth - 1)
		b.undo(u)
	}
	return n
}

// refKonane lists the legal moves of the position from the model.
func refKonane(p *core.Program, s *core.State) []string {
	b := konaneFromState(p, s)
	var out []string
	for _, m := range b.moves() {
		out = append(out, b.text(m))
	}
	return out
}

func TestReferenceKonane(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 8
	}
	checkReference(t, "konane.rules", nil, refKonane, games)
	checkReference(t, "konane.rules", map[string]string{"size": "6x6"}, refKonane, games)
	checkReference(t, "konane.rules", map[string]string{"size": "12x12"}, refKonane, games/4)
}

// Perft of every size against the model's, to depth 6 (5 with -short),
// with and without fast paths.
func TestKonanePerftSizes(t *testing.T) {
	depth := 6
	if testing.Short() {
		depth = 5
	}
	// The model agrees with the published figures (games.md).
	published := []uint64{4, 12, 28, 172, 892, 7124}
	for d, want := range published {
		if got := newKonaneBoard(8, 8).perft(d + 1); got != want {
			t.Fatalf("model: perft(%d) on 8x8 is %d, published %d", d+1, got, want)
		}
	}
	for n := 6; n <= 16; n += 2 {
		size := fmt.Sprintf("%dx%d", n, n)
		want := newKonaneBoard(n, n).perft(depth)
		for _, noFast := range []bool{false, true} {
			p, err := Compile(loadGame(t, "konane.rules", map[string]string{"size": size}), core.Config{Disable: disableAll(noFast)})
			if err != nil {
				t.Fatal(err)
			}
			if got := p.Perft(p.NewState(0), depth); got != want {
				t.Errorf("%s noFast=%v: perft(%d) %d, model %d", size, noFast, depth, got, want)
			}
		}
	}
}

// The leap table's straight chains and the generic walker agree along
// random games (moves, counts, selections, results, undo) on three sizes.
func TestKonaneFastEqualsGeneric(t *testing.T) {
	games := 8
	if testing.Short() {
		games = 3
	}
	for _, size := range []string{"6x6", "8x8", "12x12"} {
		g := loadGame(t, "konane.rules", map[string]string{"size": size})
		fast, err := Compile(g, core.Config{})
		if err != nil {
			t.Fatal(err)
		}
		slow, err := Compile(g, core.Config{Disable: []string{"all"}})
		if err != nil {
			t.Fatal(err)
		}
		if jump := fast.Rules[2]; jump.Gen != core.GenLeap || !jump.Shift || accel.Tables(&jump).MailboxOffsets != nil || !jump.KeepsFirstDir || fast.CountsOnWords() {
			t.Errorf("%s: jump rule: gen %d shift %v mailbox %v; words count %v", size, jump.Gen, jump.Shift, accel.Tables(&jump).MailboxOffsets != nil, fast.CountsOnWords())
		}
		checkEquiv(t, fast, slow, games, 400)
	}
}

// A straight chain that captures nothing, named by its ends: the walkers
// follow it (not reachability), one move per start, direction and end.
func TestChainSameTextEnds(t *testing.T) {
	src := `board { shape: square(5x5) }
players: a, b
piece stone {}
setup a { stone: a1 }
setup b { stone: a2 a4 b1 b2 b3 d4 }
jump { dirs: all; over: occupied; chain: optional; chain-dirs: DIRS; text: ends }
`
	for dirs, want := range map[string][]string{
		// n: a3, a5 (over a2, a4); ne: c3, e5 (over b2, d4); e: c1.
		"same": {"a1-a3", "a1-a5", "a1-c3", "a1-e5", "a1-c1"},
		// Chains that turn are found by reachability (strat_reach.go, or
		// the hop table's search with fast paths).
		"any": nil,
	} {
		g, err := lang.LoadSource("straight.rules", []byte(strings.Replace(src, "DIRS", dirs, 1)), nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, noFast := range []bool{false, true} {
			p, err := Compile(g, core.Config{Disable: disableAll(noFast)})
			if err != nil {
				t.Fatal(err)
			}
			if p.Rules[0].ReachesOnce() != (dirs == "any") {
				t.Errorf("chain-dirs: %s: strategy %s", dirs, strategies[p.Rules[0].Gen].Name())
			}
			if want != nil {
				wantMoves(t, p, p.NewState(0), want...)
			}
		}
	}
}

// After a pass there is no last cell: next-to(last, ...) holds nowhere.
func TestNextToAfterPass(t *testing.T) {
	src := `board { shape: square(3x3) }
players: a, b
piece stone {}
setup a { stone: a1 }
setup b { stone: b3 c3 }
step { when: ply == 1; dirs: n }
remove { when: ply == 3; piece: any; at: next-to(last, all) or in corners }
end { no-move: pass }
`
	g, err := lang.LoadSource("pass.rules", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, noFast := range []bool{false, true} {
		p, err := Compile(g, core.Config{Disable: disableAll(noFast)})
		if err != nil {
			t.Fatal(err)
		}
		s := p.NewState(0)
		play(t, p, s, "a1-a2", "pass")
		// b3 is next to a2, where the move before the pass ended.
		wantMoves(t, p, s, "xc3")
		p.Undo(s)
		wantMoves(t, p, s, "pass")
	}
}
