package interp

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/core"
)

// Independent move generators for Crossings and Jumpwings, written from
// the rule book (docs/rules) alone (not from the IR), checked against the interpreter along
// random games: the same set of move texts in every position.

// refCrossings lists the legal moves of games.md section 5.
func refCrossings(p *core.Program, s *core.State) []string {
	const (
		empty = iota
		stone
		locked
	)
	var kind, owner [8][8]int
	for c := 0; c < 64; c++ {
		x, y := c%8, c/8
		if pc, ok := p.PieceAt(s, c); ok {
			name := p.Game().Pieces[pc].Name
			owner[x][y] = map[bool]int{true: 0, false: 1}[strings.HasPrefix(name, "red")]
			kind[x][y] = map[bool]int{true: stone, false: locked}[strings.HasSuffix(name, "stone")]
		}
	}
	me := s.ToMove()
	in := func(x, y int) bool { return x >= 0 && x < 8 && y >= 0 && y < 8 }
	mine := func(x, y int) bool { return in(x, y) && kind[x][y] == stone && owner[x][y] == me }
	theirs := func(x, y int) bool { return in(x, y) && kind[x][y] == stone && owner[x][y] != me }
	name := func(x, y int) string { return fmt.Sprintf("%c%d", 'a'+x, y+1) }
	var out []string
	for y := 0; y < 8; y++ {
		for x := 0; x < 8; x++ {
			if !mine(x, y) {
				continue
			}
			for _, d := range [][2]int{{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}} {
				if mine(x+d[0], y+d[1]) {
					continue
				}
				n := 1
				for mine(x-n*d[0], y-n*d[1]) {
					n++
				}
				for k := 1; k <= n; k++ {
					tail := ""
					if k > 1 {
						tail = name(x-(k-1)*d[0], y-(k-1)*d[1]) + ":"
					}
					for st := 1; st <= k; st++ {
						cx, cy := x+st*d[0], y+st*d[1]
						if !in(cx, cy) {
							break
						}
						text := tail + name(x, y) + "-" + name(cx, cy)
						if kind[cx][cy] == empty {
							out = append(out, text)
							continue
						}
						if theirs(cx, cy) {
							r := 0
							for theirs(cx+r*d[0], cy+r*d[1]) {
								r++
							}
							if r == 1 || r < k {
								out = append(out, text)
							}
						}
						break
					}
				}
			}
		}
	}
	return out
}

// refJumpwings lists the legal moves of the rule book (docs/rules), sections 8 and 9.
func refJumpwings(p *core.Program, s *core.State, relative bool) []string {
	g := p.Game()
	cellAt := map[[2]int]int{}
	for i, c := range g.Board.Cells {
		cellAt[[2]int{c.X, c.Y}] = i
	}
	set := map[string]bool{}
	for c, cell := range g.Board.Cells {
		st := p.Stack(s, c)
		if len(st) == 0 || g.Pieces[st[len(st)-1]].Owner != s.ToMove() {
			continue
		}
		z := len(st) - 1
		kind := g.Kinds[g.Pieces[st[len(st)-1]].Kind].Name
		L, H := map[string]int{"hare": 3, "cat": 2, "frog": 1}[kind], map[string]int{"hare": 1, "cat": 2, "frog": 3}[kind]
		for _, d := range [][2]int{{2, 0}, {1, 1}, {-1, 1}, {-2, 0}, {-1, -1}, {1, -1}} {
			ok := true
			land := -1
			for k := 1; k <= L && ok; k++ {
				x, found := cellAt[[2]int{cell.X + k*d[0], cell.Y + k*d[1]}]
				if !found {
					ok = false
					break
				}
				h := p.Height(s, x)
				switch {
				case k < L && relative:
					ok = h <= z+H
				case k < L:
					ok = h <= H
				case relative:
					ok = h-z <= H && z-h <= H
				default:
					ok = h <= H
				}
				land = x
			}
			if ok {
				set[cell.Name+"-"+g.Board.Cells[land].Name] = true
			}
			if x, found := cellAt[[2]int{cell.X + d[0], cell.Y + d[1]}]; found && z == 0 && p.Height(s, x) == 0 {
				set[cell.Name+"-"+g.Board.Cells[x].Name] = true
			}
		}
	}
	var out []string
	for m := range set {
		out = append(out, m)
	}
	if len(out) == 0 {
		out = []string{"pass"}
	}
	return out
}

func checkReference(t *testing.T, file string, opts map[string]string, ref func(*core.Program, *core.State) []string, games int) {
	t.Helper()
	g := loadGame(t, file, opts)
	for _, noFast := range []bool{false, true} {
		p, err := Compile(g, core.Config{Disable: disableAll(noFast)})
		if err != nil {
			t.Fatal(err)
		}
		positions := 0
		for seed := uint64(0); seed < uint64(games); seed++ {
			rng := rand.New(rand.NewPCG(seed, 11))
			s := p.NewState(seed)
			var ml core.MoveList
			for ply := 0; ply < 200; ply++ {
				p.Legal(s, &ml)
				if ml.Len() == 0 {
					break
				}
				got := texts(p, &ml)
				want := ref(p, s)
				slices.Sort(got)
				slices.Sort(want)
				if !slices.Equal(got, want) {
					t.Fatalf("%s seed %d ply %d:\n got  %v\n want %v\n%s", file, seed, ply, got, want, p.Render(s))
				}
				positions++
				p.Apply(s, &ml, rng.IntN(ml.Len()))
			}
		}
		if positions < games*10 {
			t.Errorf("%s: only %d positions checked", file, positions)
		}
	}
}

func TestReferenceCrossings(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 8
	}
	checkReference(t, "crossings.rules", nil, refCrossings, games)
}

func TestReferenceJumpwings(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 8
	}
	basic := func(p *core.Program, s *core.State) []string { return refJumpwings(p, s, false) }
	relative := func(p *core.Program, s *core.State) []string { return refJumpwings(p, s, true) }
	checkReference(t, "jumpwings.rules", nil, basic, games)
	checkReference(t, "jumpwings.rules", map[string]string{"goal": "long"}, basic, games)
	checkReference(t, "jumpwings-advanced.rules", nil, basic, games)
	checkReference(t, "jumpwings-relative.rules", nil, relative, games)
}
