package interp

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/accel"
	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
	"github.com/ruleplay/ruleplay/lang"
)

// Group games written for the equivalence of fastGroups (strat_group.go)
// and the generic walker (groups): boards over 64 cells (two and three
// words), hex boards, lines of every length, captures with both take modes
// and When forms, kinds, cell-dependent Onto conditions.

// groupRules builds a group game: board is the board entry, group the body
// of the group rule; stones fill the first two rows or ranks of each side.
func groupRules(board, setup, group string) string {
	return fmt.Sprintf(`game: "group test"
board { %s }
player red   { forward: north }
player black { forward: south }
piece stone {}
piece crossed {}
setup red { %s }
setup black: mirror(red)
zone back {
  red: %s
  black: %s
}
zone mid: %s
promote stone {
  to: crossed
  in: back
}
group {
%s
}
end {
  lose: count(opponent, crossed) > count(own, crossed)
  no-move: draw
  plies: 200
}
`, board, setup, groupBack[board][0], groupBack[board][1], groupBack[board][2], group)
}

// groupBack: per board, red's back zone, black's, and a middle zone.
var groupBack = map[string][3]string{
	"shape: square(10x10)":                           {"ranks(10)", "ranks(1)", "ranks(4 .. 7)"},
	"shape: square(12x12)":                           {"ranks(12)", "ranks(1)", "ranks(5 .. 8)"},
	"shape: square(5x4)":                             {"ranks(4)", "ranks(1)", "ranks(2 .. 3)"},
	"shape: square(10x10); cells: dark":              {"ranks(10)", "ranks(1)", "ranks(4 .. 7)"},
	"shape: hex(5, 6, 7, 8, 9, 8, 7, 6, 5)":          {"rows(9)", "rows(1)", "rows(4 .. 6)"},
	"shape: hex(6, 7, 8, 9, 10, 11, 10, 9, 8, 7, 6)": {"rows(11)", "rows(1)", "rows(4 .. 8)"},
}

type groupCase struct {
	name, board, setup, group string
	from                      bool // From: the moving piece is a stone (set on the IR)
	noWhen                    bool // the capture's When removed from the IR (always)
	turnWhen                  bool // When or turn > 25 (set on the IR: When reads a counter)
}

func groupCases() []groupCase {
	crossings := `  piece: own stone
  dirs: all
  onto: empty
  capture {
    enemy: enemy stone
    when: run == 1 or run < size
    take: first
  }`
	return []groupCase{
		{"10x10 crossings", "shape: square(10x10)", "stone: ranks(1 .. 2)", crossings, false, false, false},
		{"12x12 take all", "shape: square(12x12)", "stone: ranks(1 .. 3)", `  piece: own stone
  dirs: all
  onto: empty
  capture {
    enemy: enemy
    when: distance > 1 and run <= size or size >= 3
    take: all
  }`, false, false, false},
		{"12x12 own any kind, From stone", "shape: square(12x12)", "stone: ranks(1 .. 2)", `  piece: own
  dirs: orthogonal
  onto: empty and not in mid
  capture {
    enemy: enemy stone
    when: run > 0
    take: first
  }`, true, true, false},
		{"hex 61", "shape: hex(5, 6, 7, 8, 9, 8, 7, 6, 5)", "stone: rows(1 .. 2)", `  piece: own stone
  dirs: all
  onto: empty
  capture {
    enemy: enemy stone
    when: not (run > 2) and distance <= size
    take: all
  }`, false, false, false},
		{"hex 91", "shape: hex(6, 7, 8, 9, 10, 11, 10, 9, 8, 7, 6)", "stone: rows(1 .. 3)", `  piece: own stone
  dirs: all
  onto: empty or in mid and empty
  capture {
    enemy: enemy stone or enemy crossed
    when: if run > 1 then size > run else distance < 3
    take: first
  }`, false, false, true},
		{"10x10 no capture, any stone", "shape: square(10x10)", "stone: ranks(1 .. 3)", `  piece: any stone
  dirs: forward, sideways
  onto: empty`, false, false, false},
		{"10x10 dark cells", "shape: square(10x10); cells: dark", "stone: ranks(1 .. 3)", `  piece: own stone
  dirs: diagonal
  onto: empty
  capture {
    enemy: enemy stone
    when: run < size
    take: first
  }`, false, false, false},
		{"5x4 long lines", "shape: square(5x4)", "stone: ranks(1)", `  piece: own stone
  dirs: all
  onto: empty
  capture {
    enemy: enemy stone
    when: size > run
    take: all
  }`, false, false, false},
	}
}

// loadGroupGame loads a case, with places ("cell piece") instead of its
// setup when places is not nil.
func loadGroupGame(t *testing.T, tc groupCase, places []string) *ir.Game {
	t.Helper()
	g, err := lang.LoadSource(tc.name+".rules", []byte(groupRules(tc.board, tc.setup, tc.group)), nil)
	if err != nil {
		t.Fatalf("%s: %v", tc.name, err)
	}
	for i := range g.Moves {
		if tc.from {
			g.Moves[i].From = &ir.Expr{Op: ir.OpKindIs, Int: 0} // stones only
		}
		if gc := g.Moves[i].GroupCapture; gc != nil && tc.noWhen {
			gc.When = nil
		}
		if gc := g.Moves[i].GroupCapture; gc != nil && tc.turnWhen {
			turn := &ir.Expr{Op: ir.OpGt, Args: []*ir.Expr{{Op: ir.OpVar, Name: "turn"}, {Op: ir.OpInt, Int: 25}}}
			gc.When = &ir.Expr{Op: ir.OpOr, Args: []*ir.Expr{gc.When, turn}}
		}
	}
	if places != nil {
		g.Setup.Place = nil
		for _, pl := range places {
			cell, name, _ := strings.Cut(pl, " ")
			ci := slices.IndexFunc(g.Board.Cells, func(c ir.Cell) bool { return c.Name == cell })
			pi := slices.IndexFunc(g.Pieces, func(pc ir.Piece) bool { return pc.Name == name })
			if ci < 0 || pi < 0 {
				t.Fatalf("bad place %q", pl)
			}
			g.Setup.Place = append(g.Setup.Place, ir.Placement{Cell: ci, Piece: pi})
		}
	}
	return g
}

// compileGroup compiles g with fast paths (checking that the group rule
// is table driven) and without.
func compileGroup(t *testing.T, g *ir.Game) (fast, slow *core.Program) {
	t.Helper()
	var err error
	if fast, err = Compile(g, core.Config{}); err != nil {
		t.Fatal(err)
	}
	if slow, err = Compile(g, core.Config{Disable: []string{"all"}}); err != nil {
		t.Fatal(err)
	}
	for _, r := range fast.Rules {
		if r.Action == ir.Group && r.Gen != core.GenGroupFast {
			t.Fatalf("group rule %s: generator %d, want genGroupFast", r.Name, r.Gen)
		}
	}
	return fast, slow
}

// sameGroupMoves checks that two programs give the same moves (paths, not
// only texts) in s, and the same counts, selections and existence.
func sameGroupMoves(t *testing.T, fast, slow *core.Program, sf, ss *core.State, where string) {
	t.Helper()
	var mf, ms core.MoveList
	fast.Legal(sf, &mf)
	slow.Legal(ss, &ms)
	if !slices.Equal(texts(fast, &mf), texts(slow, &ms)) {
		t.Fatalf("%s:\nfast    %v\ngeneric %v\n%s", where, texts(fast, &mf), texts(slow, &ms), fast.Render(sf))
	}
	for i := range mf.Moves {
		a, b := mf.Moves[i], ms.Moves[i]
		if a.Rule != b.Rule || !slices.Equal(mf.Arena[a.Off:a.Off+a.N], ms.Arena[b.Off:b.Off+b.N]) {
			t.Fatalf("%s: move %d (%s): path %x, generic %x", where, i, fast.Text(&mf, i),
				mf.Arena[a.Off:a.Off+a.N], ms.Arena[b.Off:b.Off+b.N])
		}
	}
	checkCountSelect(t, fast, sf, 25)
	// Select every move by path, with the counts of countMoves kept and
	// without them (counted again).
	var one core.MoveList
	for i, j := 0, 0; i < len(mf.Moves); i, j = i+1+len(mf.Moves)/12, j+1 {
		if n, built := fast.CountRuleMoves(sf, &one, true); built || n != len(mf.Moves) {
			t.Fatalf("%s: countMoves %d (built %v), want %d", where, n, built, len(mf.Moves))
		}
		if j%2 == 1 {
			accel.ScratchOf(sf).Group.KeyOK = false
		}
		fast.SelectMove(sf, &one, i)
		a, b := one.Moves[0], mf.Moves[i]
		if one.Len() != 1 || !slices.Equal(one.Arena[a.Off:a.Off+a.N], mf.Arena[b.Off:b.Off+b.N]) {
			t.Fatalf("%s: selectMove(%d) path %x, Legal's %x", where, i, one.Arena[a.Off:a.Off+a.N], mf.Arena[b.Off:b.Off+b.N])
		}
	}
	if got := fast.CountLegal(sf, &mf); got != len(ms.Moves) {
		t.Fatalf("%s: countLegal %d, want %d", where, got, len(ms.Moves))
	}
	if sf.End == core.EndNone {
		if hit, _ := fast.TurnStartGoal(sf); !hit {
			if got := fast.Candidates(sf, nil, &sf.Ax().Nested); got != (len(ms.Moves) > 0) {
				t.Fatalf("%s: a move exists: %v, want %v", where, got, len(ms.Moves) > 0)
			}
		}
	}
}

// TestGroupFastEquivGames: along random games of each case, fastGroups
// gives the generic walker's moves, paths and counts, for each player; a
// second fast program whose directions are no bit shifts (as on a board
// where none is), stepped by the shifts of their steps or (every other
// direction) cell by cell, too.
func TestGroupFastEquivGames(t *testing.T) {
	games := 4
	if testing.Short() {
		games = 2
	}
	for _, tc := range groupCases() {
		t.Run(tc.name, func(t *testing.T) {
			g := loadGroupGame(t, tc, nil)
			fast, slow := compileGroup(t, g)
			cells, _ := compileGroup(t, g)
			for i := range cells.Rules {
				if r := &cells.Rules[i]; accel.Tables(r).Group != nil {
					accel.Tables(r).Group.ShOK = make([]bool, len(accel.Tables(r).Group.ShOK))
					for d := range accel.Tables(r).Group.Msh { // by its shifts or cell by cell
						accel.Tables(r).Group.Msh[d] = nil
						if d%2 == 0 {
							accel.Tables(r).Group.Msh[d] = accel.GroupShifts(cells, d)
						}
					}
				}
			}
			t.Logf("%d cells, %d words", fast.NumCells, fast.NumWords)
			for seed := uint64(0); seed < uint64(games); seed++ {
				rng := rand.New(rand.NewPCG(seed, 11))
				sf, ss, sc := fast.NewState(seed), slow.NewState(seed), cells.NewState(seed)
				var ml core.MoveList
				for ply := 0; ply < 200; ply++ {
					where := fmt.Sprintf("seed %d ply %d", seed, ply)
					sameGroupMoves(t, fast, slow, sf, ss, where)
					sameGroupMoves(t, cells, slow, sc, ss, where+" (no shift directions)")
					slow.Legal(ss, &ml)
					if ml.Len() == 0 {
						break
					}
					i := rng.IntN(ml.Len())
					for _, p := range []*core.Program{fast, slow, cells} {
						s := map[*core.Program]*core.State{fast: sf, slow: ss, cells: sc}[p]
						p.Legal(s, &ml)
						p.Apply(s, &ml, i)
					}
				}
			}
		})
	}
}

// TestGroupFastEquivPositions: random positions, dense and sparse, with
// stones and locked stones of both sides, either side to move: lines of
// every length up to a whole row, runs of enemies of every length.
func TestGroupFastEquivPositions(t *testing.T) {
	positions := 25
	if testing.Short() {
		positions = 8
	}
	for _, tc := range groupCases() {
		t.Run(tc.name, func(t *testing.T) {
			g0 := loadGroupGame(t, tc, nil)
			rng := rand.New(rand.NewPCG(uint64(len(tc.name)), 5))
			for i := 0; i < positions; i++ {
				density := []float64{0.2, 0.5, 0.8, 0.95}[i%4]
				var places []string
				for _, c := range g0.Board.Cells {
					if rng.Float64() >= density {
						continue
					}
					pc := []string{"red stone", "black stone", "red stone", "black stone", "red crossed", "black crossed"}[rng.IntN(6)]
					places = append(places, c.Name+" "+pc)
				}
				fast, slow := compileGroup(t, loadGroupGame(t, tc, places))
				for mover := 0; mover < 2; mover++ {
					sf, ss := fast.NewState(0), slow.NewState(0)
					sf.Mover, ss.Mover = mover, mover
					sameGroupMoves(t, fast, slow, sf, ss, fmt.Sprintf("position %d, player %d to move", i, mover))
				}
			}
		})
	}
}

// TestGroupFastLargeBoards: boards over groupMaxWords words keep the
// generic walker.
func TestGroupFastLargeBoards(t *testing.T) {
	src := groupRules("shape: square(10x10)", "stone: ranks(1 .. 2)", "  piece: own stone\n  dirs: all\n  onto: empty")
	src = "option size: 24x24 { range: 3x3 .. 26x26 }\n" + src
	src = replaceOnce(src, "shape: square(10x10)", "shape: square(size)")
	src = replaceOnce(src, "ranks(10)", "ranks(24)")
	g, err := lang.LoadSource("large.rules", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Compile(g, core.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if p.NumWords <= accel.GroupMaxWords || p.Rules[0].Gen != core.GenGroup {
		t.Fatalf("%d words: generator %d, want the generic walker", p.NumWords, p.Rules[0].Gen)
	}
}

func replaceOnce(s, old, new string) string {
	i := 0
	for ; i+len(old) <= len(s); i++ {
		if s[i:i+len(old)] == old {
			return s[:i] + new + s[i+len(old):]
		}
	}
	return s
}
