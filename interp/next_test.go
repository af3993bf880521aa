package interp

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
	"github.com/ruleplay/ruleplay/lang"
)

// The bundled rules files of the rule book (docs/rules), sections 5 and 8-11 (Crossings,
// Jumpwings and its variants, English draughts, Breakthrough): stacks,
// group moves, promotions, leap lengths from piece properties, lose goals
// and zone quantifiers.

// deep tells whether the long perft depths run (RULEPLAY_DEEP=1).
func deep() bool { return os.Getenv("RULEPLAY_DEEP") == "1" }

func loadGame(t testing.TB, file string, opts map[string]string) *ir.Game {
	t.Helper()
	g, err := lang.Load("../games/"+file, opts)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return g
}

// at loads a bundled game with its setup replaced by places, each
// "cell piece-name" ("c4 light frog"); places on one cell stack in order.
// It returns the game compiled with and without fast paths, each with its
// initial state, toMove to move.
func at(t testing.TB, file string, opts map[string]string, toMove int, places ...string) ([]*core.Program, []*core.State) {
	t.Helper()
	var progs []*core.Program
	var states []*core.State
	for _, noFast := range []bool{false, true} {
		g := loadGame(t, file, opts)
		g.Setup.Place = nil
		g.Setup.Random = nil
		for _, pl := range places {
			cell, name, _ := strings.Cut(pl, " ")
			ci := -1
			for i, c := range g.Board.Cells {
				if c.Name == cell {
					ci = i
				}
			}
			pi := -1
			for i, pc := range g.Pieces {
				if pc.Name == name {
					pi = i
				}
			}
			if ci < 0 || pi < 0 {
				t.Fatalf("bad place %q", pl)
			}
			g.Setup.Place = append(g.Setup.Place, ir.Placement{Cell: ci, Piece: pi})
		}
		p, err := Compile(g, core.Config{Disable: disableAll(noFast)})
		if err != nil {
			t.Fatal(err)
		}
		s := p.NewState(0)
		s.Mover = toMove
		progs = append(progs, p)
		states = append(states, s)
	}
	return progs, states
}

// nextCases: perft of the start positions. Depths whose count exceeds a
// million are skipped with -short and for the generic walker; the deep
// ones run with RULEPLAY_DEEP=1.
type nextCase struct {
	file  string
	opts  map[string]string
	perft []uint64
	deep  []uint64 // the following depths
}

func nextCases() []nextCase {
	return []nextCase{
		{"draughts.rules", nil, []uint64{7, 49, 302, 1469, 7361, 36768, 179740}, []uint64{845931, 3963680}},
		{"draughts-international.rules", nil, []uint64{9, 81, 658, 4265, 27117, 167140}, []uint64{1049442}},
		{"breakthrough.rules", nil, []uint64{22, 484, 11132, 256036}, []uint64{6182818}},
		{"crossings.rules", nil, []uint64{60, 3600, 269358, 20073890}, []uint64{1646767740}},
		{"jumpwings.rules", nil, []uint64{38, 1444, 55042, 2081826}, []uint64{78722986}},
		{"jumpwings.rules", map[string]string{"goal": "long"}, []uint64{38, 1444, 55042, 2086038}, nil},
		{"jumpwings-advanced.rules", nil, []uint64{38, 1444, 56382, 2199570}, nil},
		{"jumpwings-relative.rules", nil, []uint64{38, 1444, 55042, 2081886}, []uint64{78730018}},
		{"konane.rules", nil, []uint64{4, 12, 28, 172, 892, 7124}, nil}, // published (games.md)
		{"chinese-checkers.rules", nil, []uint64{14, 196, 4760, 115600}, nil},
		{"chinese-checkers.rules", map[string]string{"players": "6"}, []uint64{14, 199, 2828, 40189}, nil},
	}
}

func TestNextGamesPerft(t *testing.T) {
	for _, tc := range nextCases() {
		for _, noFast := range []bool{false, true} {
			p, err := Compile(loadGame(t, tc.file, tc.opts), core.Config{Disable: disableAll(noFast)})
			if err != nil {
				t.Fatal(err)
			}
			s := p.NewState(0)
			want := tc.perft
			if deep() {
				want = append(slices.Clip(want), tc.deep...)
			}
			for d, n := range want {
				if testing.Short() && n > 1e6 {
					continue
				}
				if got := p.Perft(s, d+1); got != n {
					t.Errorf("%s %v noFast=%v: perft(%d) = %d, want %d", tc.file, tc.opts, noFast, d+1, got, n)
				}
			}
		}
	}
}

// TestNextGamesEquiv: fast paths == generic walker along random games,
// and Undo restores every position (stacks included).
func TestNextGamesEquiv(t *testing.T) {
	games := 8
	if testing.Short() {
		games = 3
	}
	for _, tc := range nextCases() {
		t.Run(strings.TrimSuffix(tc.file, ".rules"), func(t *testing.T) {
			g := loadGame(t, tc.file, tc.opts)
			fast, err := Compile(g, core.Config{})
			if err != nil {
				t.Fatal(err)
			}
			slow, err := Compile(g, core.Config{Disable: []string{"all"}})
			if err != nil {
				t.Fatal(err)
			}
			checkEquiv(t, fast, slow, games, 300)
		})
	}
}

func TestNextGamesFastPathsChosen(t *testing.T) {
	gens := func(file string) []int {
		p, err := Compile(loadGame(t, file, nil), core.Config{})
		if err != nil {
			t.Fatal(err)
		}
		var out []int
		for _, r := range p.Rules {
			out = append(out, r.Gen)
		}
		return out
	}
	// Draughts and Breakthrough keep their table-driven generators; stacks
	// and leap lengths from properties have theirs (genStack).
	for file, want := range map[string][]int{
		"draughts.rules":     {core.GenLeap, core.GenLeap, core.GenStep, core.GenStep},
		"breakthrough.rules": {core.GenStep, core.GenStep},
		"crossings.rules":    {core.GenGroupFast},
		"jumpwings.rules":    {core.GenStack, core.GenStack},
	} {
		if got := gens(file); !slices.Equal(got, want) {
			t.Errorf("%s: generators %v, want %v", file, got, want)
		}
	}
}

// headMoves keeps the group moves whose head (the cell before "-") is head.
func headMoves(moves []string, head string) []string {
	var out []string
	for _, m := range moves {
		h, _, _ := strings.Cut(m, "-")
		if i := strings.IndexByte(h, ':'); i >= 0 {
			h = h[i+1:]
		}
		if h == head {
			out = append(out, m)
		}
	}
	if out == nil {
		out = []string{}
	}
	return out
}

func wantHead(t *testing.T, p *core.Program, s *core.State, head string, want ...string) {
	t.Helper()
	got := headMoves(legal(p, s), head)
	if want == nil {
		want = []string{}
	}
	if !slices.Equal(got, want) {
		t.Errorf("moves with head %s:\n got  %v\n want %v\n%s", head, got, want, p.Render(s))
	}
}

func TestCrossingsGroups(t *testing.T) {
	// A vertical line of four: groups of 1 to 4 stones move 1 to k cells
	// north (up to the edge) and south; each stone alone steps in the
	// other six directions.
	progs, states := at(t, "crossings.rules", nil, 0, "c3 red stone", "c4 red stone", "c5 red stone", "c6 red stone", "h8 black stone")
	for i, p := range progs {
		s := states[i]
		wantMoves(t, p, s,
			"c3-d4", "c3-d3", "c3-d2", "c3-c2", "c4:c3-c2", "c4:c3-c1", "c5:c3-c2", "c5:c3-c1", "c6:c3-c2", "c6:c3-c1", "c3-b2", "c3-b3", "c3-b4",
			"c4-d5", "c4-d4", "c4-d3", "c4-b3", "c4-b4", "c4-b5",
			"c5-d6", "c5-d5", "c5-d4", "c5-b4", "c5-b5", "c5-b6",
			"c6-c7", "c5:c6-c7", "c5:c6-c8", "c4:c6-c7", "c4:c6-c8", "c3:c6-c7", "c3:c6-c8",
			"c6-d7", "c6-d6", "c6-d5", "c6-b5", "c6-b6", "c6-b7")
		play(t, p, s, "c4:c6-c8")
		// The stones shifted together; the head crossed and is locked.
		for cell, want := range map[string]string{"c3": "red stone", "c4": "", "c5": "", "c6": "red stone", "c7": "red stone", "c8": "red crossed"} {
			c, _ := p.CellIndex(cell)
			pc, ok := p.PieceAt(s, c)
			if got := map[bool]string{true: p.Game().Pieces[pc].Name, false: ""}[ok]; got != want {
				t.Errorf("after c4:c6-c8: %s holds %q, want %q", cell, got, want)
			}
		}
	}
	// A horizontal line of three: east it is stopped by a friendly stone,
	// west by the board edge; a diagonal line of two is stopped by a
	// locked stone.
	progs, states = at(t, "crossings.rules", nil, 0,
		"b4 red stone", "c4 red stone", "d4 red stone", "f4 red stone",
		"e6 red stone", "f7 red stone", "g8 red crossed", "b1 black crossed", "h6 black stone")
	for i, p := range progs {
		s := states[i]
		wantHead(t, p, s, "d4", "d4-d5", "d4-e5", "d4-e4", "c4:d4-e4", "b4:d4-e4", "d4-e3", "d4-d3", "d4-c3", "d4-c5")
		wantHead(t, p, s, "b4", "b4-b5", "b4-c5", "b4-c3", "b4-b3", "b4-a3", "b4-a4", "c4:b4-a4", "d4:b4-a4", "b4-a5")
		// f7 faces g8 (locked): nothing north-east, not even one stone.
		wantHead(t, p, s, "f7", "f7-f8", "f7-g7", "f7-g6", "f7-f6", "f7-e7", "f7-e8")
		// e6 is the south-west end of the line e6-f7.
		// e6 is the south-west end of the line e6-f7, stopped by c4.
		wantHead(t, p, s, "e6", "e6-e7", "e6-f6", "e6-f5", "e6-e5", "e6-d5", "f7:e6-d5", "e6-d6", "e6-d7")
	}
}

func TestCrossingsCaptures(t *testing.T) {
	progs, states := at(t, "crossings.rules", nil, 0,
		// a line of three against a line of two: it takes the end stone
		"d2 red stone", "d3 red stone", "d4 red stone", "d7 black stone", "d8 black stone",
		// a line of two against a line of two: refused, the nearer cell
		// is still reachable
		"f3 red stone", "f4 red stone", "f6 black stone", "f7 black stone",
		// a lone stone takes a lone stone
		"h4 red stone", "h5 black stone",
		// a lone stone against a line of two: refused
		"b4 red stone", "b5 black stone", "b6 black stone",
		// a locked stone is no part of a run: a5 is alone
		"a2 red stone", "a3 red stone", "a5 black stone", "a6 black crossed",
		// and is never captured
		"g2 red stone", "g1 black crossed")
	for i, p := range progs {
		s := states[i]
		wantHead(t, p, s, "d4", "d4-d5", "d3:d4-d5", "d3:d4-d6", "d2:d4-d5", "d2:d4-d6", "d2:d4-d7", "d4-e5", "d4-e4", "d4-e3", "d4-c3", "d4-c4", "d4-c5")
		wantHead(t, p, s, "f4", "f4-f5", "f3:f4-f5", "f4-g5", "f4-g4", "f4-g3", "f4-e3", "f4-e4", "f4-e5")
		wantHead(t, p, s, "h4", "h4-h5", "h4-h3", "h4-g3", "h4-g4", "h4-g5")
		// b4 cannot take b5 (a line of two), but takes a5 (alone: the next
		// cell is off the board); it heads the diagonal line a3-b4.
		wantHead(t, p, s, "b4", "b4-c5", "a3:b4-c5", "a3:b4-d6", "b4-c4", "b4-c3", "b4-b3", "b4-a4", "b4-a5")
		// a6 is locked: the run at a5 is one stone.
		wantHead(t, p, s, "a3", "a3-a4", "a2:a3-a4", "a2:a3-a5", "a3-b3", "a3-b2")
		// g1 is locked: it blocks g2 and is never taken.
		wantHead(t, p, s, "g2", "g2-g3", "g2-h3", "g2-h2", "g2-h1", "f3:g2-h1", "g2-f1", "g2-f2")
		caps := s.CapturedBy[0]
		play(t, p, s, "d2:d4-d7")
		if s.CapturedBy[0] != caps+1 {
			t.Errorf("captured %d, want %d", s.CapturedBy[0], caps+1)
		}
		for cell, want := range map[string]string{"d2": "", "d3": "", "d4": "", "d5": "red stone", "d6": "red stone", "d7": "red stone", "d8": "black stone"} {
			c, _ := p.CellIndex(cell)
			pc, ok := p.PieceAt(s, c)
			if got := map[bool]string{true: p.Game().Pieces[pc].Name, false: ""}[ok]; got != want {
				t.Errorf("after d2:d4-d7: %s holds %q, want %q", cell, got, want)
			}
		}
		p.Undo(s)
		if s.CapturedBy[0] != caps {
			t.Errorf("undo: captured %d, want %d", s.CapturedBy[0], caps)
		}
	}
}

// pieceName is the name of the top piece on a cell ("" when empty).
func pieceName(p *core.Program, s *core.State, cell string) string {
	c, ok := p.CellIndex(cell)
	if !ok {
		return "?"
	}
	if pc, ok := p.PieceAt(s, c); ok {
		return p.Game().Pieces[pc].Name
	}
	return ""
}

func wantStatus(t *testing.T, p *core.Program, s *core.State, over bool, reason string, winners ...int) {
	t.Helper()
	st := p.Status(s)
	if st.Over != over || st.Reason != reason || (over && !slices.Equal(st.Winners, winners)) {
		t.Errorf("status %+v, want over=%v reason %q winners %v\n%s", st, over, reason, winners, p.Render(s))
	}
}

func TestCrossingsCrossing(t *testing.T) {
	// A crossing not answered by a crossing: the crosser wins.
	progs, states := at(t, "crossings.rules", nil, 0, "b7 red stone", "d2 red stone", "c2 black stone", "g5 black stone")
	for i, p := range progs {
		s := states[i]
		play(t, p, s, "b7-b8")
		if got := pieceName(p, s, "b8"); got != "red crossed" {
			t.Errorf("b8 holds %q", got)
		}
		wantStatus(t, p, s, false, "")
		play(t, p, s, "g5-g4")
		wantStatus(t, p, s, true, "goal", 0)
	}
	// Answered: the game goes on; both crossed stones are locked: they
	// never move and are never taken.
	progs, states = at(t, "crossings.rules", nil, 0, "b7 red stone", "d2 red stone", "c2 black stone", "g5 black stone")
	for i, p := range progs {
		s := states[i]
		play(t, p, s, "b7-b8", "c2-c1")
		if got := pieceName(p, s, "c1"); got != "black crossed" {
			t.Errorf("c1 holds %q", got)
		}
		wantStatus(t, p, s, false, "")
		wantHead(t, p, s, "b8")
		wantHead(t, p, s, "d2", "d2-d3", "d2-e3", "d2-e2", "d2-e1", "d2-d1", "d2-c2", "d2-c3")
		play(t, p, s, "d2-d1")
		wantHead(t, p, s, "c1")
		wantStatus(t, p, s, false, "")
	}
	// No legal move: a draw.
	progs, states = at(t, "crossings.rules", nil, 0, "a8 red crossed", "a1 black crossed", "h5 black stone")
	for i, p := range progs {
		wantMoves(t, p, states[i])
		wantStatus(t, p, states[i], true, "no move", 0, 1)
	}
}

func TestGroupCaptureAll(t *testing.T) {
	// With GroupCapture.All the whole enemy run is taken.
	g := loadGame(t, "crossings.rules", nil)
	g.Moves[0].GroupCapture.All = true
	cell := func(n string) int {
		for i, c := range g.Board.Cells {
			if c.Name == n {
				return i
			}
		}
		t.Fatalf("no cell %s", n)
		return 0
	}
	g.Setup.Place = []ir.Placement{{Cell: cell("d2"), Piece: 0}, {Cell: cell("d3"), Piece: 0}, {Cell: cell("d4"), Piece: 0},
		{Cell: cell("d6"), Piece: 1}, {Cell: cell("d7"), Piece: 1}, {Cell: cell("a8"), Piece: 1}}
	for _, noFast := range []bool{false, true} {
		p, err := Compile(g, core.Config{Disable: disableAll(noFast)})
		if err != nil {
			t.Fatal(err)
		}
		s := p.NewState(0)
		// Two against two: refused; three against two: the run is taken.
		wantHead(t, p, s, "d4", "d4-d5", "d3:d4-d5", "d2:d4-d5", "d2:d4-d6", "d4-e5", "d4-e4", "d4-e3", "d4-c3", "d4-c4", "d4-c5")
		play(t, p, s, "d2:d4-d6")
		if s.CapturedBy[0] != 2 || pieceName(p, s, "d7") != "" || pieceName(p, s, "d6") != "red stone" || pieceName(p, s, "d4") != "red stone" || pieceName(p, s, "d3") != "" {
			t.Errorf("captured %d\n%s", s.CapturedBy[0], p.Render(s))
		}
		p.Undo(s)
		if s.CapturedBy[0] != 0 || pieceName(p, s, "d7") != "black stone" || pieceName(p, s, "d3") != "red stone" {
			t.Errorf("undo\n%s", p.Render(s))
		}
	}
}

func TestJumpwingsHeights(t *testing.T) {
	// A cat (jump 2, height 2): d3 (3 high) is too tall to pass, b5 (3
	// high) too tall to land on; c4 and d5 (2 high) are fine. The light
	// frog under d3 is covered: it cannot move. Steps go to empty cells
	// only (never up onto a stack).
	progs, states := at(t, "jumpwings.rules", nil, 0,
		"c3 light cat",
		"d3 light frog", "d3 dark frog", "d3 dark cat",
		"c4 dark hare", "c4 dark frog",
		"d5 dark frog", "d5 dark hare",
		"b5 dark cat", "b5 dark cat", "b5 dark frog",
		"b3 dark hare")
	for i, p := range progs {
		wantMoves(t, p, states[i], "c3-d5", "c3-a3", "c3-a1", "c3-c1", "c3-b4", "c3-b2", "c3-c2")
	}
	// Hares (jump 3, height 1): b3's jump east passes d3 (2 high), its jump
	// north-east lands on c6 (2 high): both refused; c1's jump passes and
	// lands on single pieces.
	progs, states = at(t, "jumpwings.rules", nil, 0,
		"b3 light hare", "c1 light hare",
		"c2 dark frog", "c3 dark frog", "b4 dark cat",
		"c6 dark frog", "c6 dark frog", "d3 dark cat", "d3 dark cat")
	for i, p := range progs {
		wantMoves(t, p, states[i], "c1-b4", "c1-d2", "c1-b1", "b3-a4", "b3-a3", "b3-a2", "b3-b2")
	}
	// A frog (jump 1, height 3) lands on stacks up to 3 high, not on c4 (4
	// high); its jump to an empty cell and its step there are one move.
	progs, states = at(t, "jumpwings.rules", nil, 0,
		"c3 light frog",
		"d3 dark frog", "d3 dark frog", "d3 dark frog",
		"c4 dark cat", "c4 dark cat", "c4 dark hare", "c4 dark hare",
		"b3 dark hare", "b2 dark cat", "b2 dark cat")
	for i, p := range progs {
		wantMoves(t, p, states[i], "c3-d3", "c3-b4", "c3-b3", "c3-b2", "c3-c2")
		play(t, p, states[i], "c3-d3")
		d3, _ := p.CellIndex("d3")
		if got := p.Stack(states[i], d3); len(got) != 4 || p.Game().Pieces[got[3]].Name != "light frog" {
			t.Errorf("stack on d3: %v", got)
		}
	}
	// A cat on top of a stack jumps from there but never steps down.
	progs, states = at(t, "jumpwings.rules", nil, 0, "c3 dark frog", "c3 light cat", "a7 dark hare")
	for i, p := range progs {
		wantMoves(t, p, states[i], "c3-e3", "c3-d5", "c3-b5", "c3-a3", "c3-a1", "c3-c1")
	}
}

func TestJumpwingsRelative(t *testing.T) {
	// A hare two pieces up: the basic rules let it drop to the ground but
	// not land on c6 (2 high); relative heights allow the level landing
	// and forbid the drop of two.
	places := []string{"b3 dark frog", "b3 dark frog", "b3 light hare", "c6 dark cat", "c6 dark frog", "a7 dark hare"}
	progs, states := at(t, "jumpwings.rules", nil, 0, places...)
	for i, p := range progs {
		wantMoves(t, p, states[i], "b3-e3")
	}
	progs, states = at(t, "jumpwings-relative.rules", nil, 0, places...)
	for i, p := range progs {
		wantMoves(t, p, states[i], "b3-c6")
	}
}

func TestJumpwingsGoals(t *testing.T) {
	// Short goal: topping an opposing gate, here on a stack, wins at once.
	progs, states := at(t, "jumpwings.rules", nil, 0, "b6 light frog", "a7 dark hare", "c3 dark cat")
	for i, p := range progs {
		s := states[i]
		play(t, p, s, "b6-a7")
		wantStatus(t, p, s, true, "goal", 0)
		a7, _ := p.CellIndex("a7")
		if got := p.Stack(s, a7); len(got) != 2 {
			t.Errorf("a7 stack %v", got)
		}
	}
	// Long goal: holding all three gates counts at the start of the turn.
	places := []string{"a7 dark hare", "a7 light frog", "b7 dark hare", "b7 light frog", "c7 dark hare", "c6 light frog", "a3 dark cat"}
	progs, states = at(t, "jumpwings.rules", map[string]string{"goal": "long"}, 0, places...)
	for i, p := range progs {
		s := states[i]
		play(t, p, s, "c6-c7")
		wantStatus(t, p, s, false, "")
		play(t, p, s, "a3-c3")
		wantStatus(t, p, s, true, "goal", 0)
		wantMoves(t, p, s)
	}
	// ... unless the opponent takes a gate back in between.
	progs, states = at(t, "jumpwings.rules", map[string]string{"goal": "long"}, 0, append(places, "a6 dark frog")...)
	for i, p := range progs {
		s := states[i]
		play(t, p, s, "c6-c7", "a6-a7")
		wantStatus(t, p, s, false, "")
	}
	// With the short goal the same move wins at once.
	progs, states = at(t, "jumpwings.rules", nil, 0, places...)
	for i, p := range progs {
		play(t, p, states[i], "c6-c7")
		wantStatus(t, p, states[i], true, "goal", 0)
	}
}

func TestJumpwingsPasses(t *testing.T) {
	// Six stacks topped by hares whose only jumps land on another of the
	// stacks: no top can move. Gates are topped by their owner.
	stuck := []string{
		"a1 dark frog", "a1 light hare", "c1 dark frog", "c1 light hare", "c4 dark frog", "c4 light hare",
		"a7 light frog", "a7 dark hare", "c7 light frog", "c7 dark hare", "b4 light frog", "b4 dark hare",
	}
	progs, states := at(t, "jumpwings.rules", nil, 0, append(stuck, "e3 dark frog")...)
	for i, p := range progs {
		s := states[i]
		wantMoves(t, p, s, "pass")
		play(t, p, s, "pass")
		wantStatus(t, p, s, false, "")
		if len(legal(p, s)) < 2 {
			t.Errorf("dark should have moves: %v", legal(p, s))
		}
	}
	progs, states = at(t, "jumpwings.rules", nil, 0, stuck...)
	for i, p := range progs {
		s := states[i]
		play(t, p, s, "pass")
		wantMoves(t, p, s, "pass")
		play(t, p, s, "pass")
		wantStatus(t, p, s, true, "passes", 0, 1)
	}
}

func TestJumpwingsRenderAndStack(t *testing.T) {
	progs, states := at(t, "jumpwings.rules", nil, 0, "c3 dark frog", "c3 light cat", "c3 dark hare", "a1 light hare", "a7 dark frog")
	p, s := progs[0], states[0]
	want := "" +
		" 7     f1  .   .\n" +
		" 6   .   .   .   .\n" +
		" 5 .   .   .   .   .\n" +
		" 4   .   .   .   .\n" +
		" 3 .   .   h3  .   .\n" +
		" 2   .   .   .   .\n" +
		" 1     H1  .   .\n" +
		"   (cells a, b, c, ... from the left of each row)\n" +
		"to move: light\n"
	if got := p.Render(s); got != want {
		t.Errorf("render:\n%s\nwant\n%s", got, want)
	}
	c3, _ := p.CellIndex("c3")
	var names []string
	for _, pc := range p.Stack(s, c3) {
		names = append(names, p.Game().Pieces[pc].Name)
	}
	if strings.Join(names, ",") != "dark frog,light cat,dark hare" || p.Height(s, c3) != 3 {
		t.Errorf("stack %v height %d", names, p.Height(s, c3))
	}
	if pc, ok := p.PieceAt(s, c3); !ok || p.Game().Pieces[pc].Name != "dark hare" {
		t.Errorf("PieceAt: top should be the dark hare")
	}
	// The clone has its own stacks.
	c := s.Clone()
	play(t, p, s, "a1-b1")
	if p.Render(c) != want || p.Height(c, c3) != 3 {
		t.Errorf("clone changed")
	}
}

func TestDraughtsRules(t *testing.T) {
	// Captures are compulsory: only the capture is legal.
	progs, states := at(t, "draughts.rules", nil, 0, "c3 black man", "g3 black man", "d4 white man", "h8 white man")
	for i, p := range progs {
		wantMoves(t, p, states[i], "c3-e5")
	}
	// A king's chain changes direction and branches: every complete chain.
	progs, states = at(t, "draughts.rules", nil, 0, "b2 black king", "c3 white man", "e3 white man", "c5 white man")
	for i, p := range progs {
		s := states[i]
		wantMoves(t, p, s, "b2-d4-f2", "b2-d4-b6")
		play(t, p, s, "b2-d4-f2")
		if s.CapturedBy[0] != 2 || pieceName(p, s, "c3") != "" || pieceName(p, s, "e3") != "" || pieceName(p, s, "f2") != "black king" {
			t.Errorf("after b2-d4-f2:\n%s", p.Render(s))
		}
	}
	// A man reaching the far rank is crowned.
	progs, states = at(t, "draughts.rules", nil, 0, "b6 black man", "c7 white man", "e7 white man", "a3 white man")
	for i, p := range progs {
		s := states[i]
		wantMoves(t, p, s, "b6-d8")
		play(t, p, s, "b6-d8")
		if got := pieceName(p, s, "d8"); got != "black king" {
			t.Errorf("d8 holds %q", got)
		}
		p.Undo(s)
		if got := pieceName(p, s, "b6"); got != "black man" || pieceName(p, s, "c7") != "white man" || pieceName(p, s, "d8") != "" {
			t.Errorf("undo: b6 holds %q\n%s", got, p.Render(s))
		}
	}
	// No move is a loss: the black man is blocked, and so is one without
	// pieces.
	progs, states = at(t, "draughts.rules", nil, 0, "b2 black man", "a3 white man", "c3 white man", "d4 white man")
	for i, p := range progs {
		wantMoves(t, p, states[i])
		wantStatus(t, p, states[i], true, "no move", 1)
	}
	progs, states = at(t, "draughts.rules", nil, 0, "b2 white man")
	for i, p := range progs {
		wantStatus(t, p, states[i], true, "no move", 1)
	}
}

func TestPromotionEndsChain(t *testing.T) {
	// With rank 6 in black's promotion zone, a black man's chain b4-d6
	// stops on d6 (crowned) although d6-f8 would go on.
	for _, noFast := range []bool{false, true} {
		g := loadGame(t, "draughts.rules", nil)
		z := g.Promotions[0].Zone
		for i, c := range g.Board.Cells {
			if c.Y == 5 {
				g.Zones[z].Cells[0] = append(g.Zones[z].Cells[0], i)
			}
		}
		place := func(cell string, piece int) ir.Placement {
			for i, c := range g.Board.Cells {
				if c.Name == cell {
					return ir.Placement{Cell: i, Piece: piece}
				}
			}
			t.Fatalf("no cell %s", cell)
			return ir.Placement{}
		}
		g.Setup.Place = []ir.Placement{place("b4", 0), place("c5", 1), place("e7", 1), place("a7", 1)}
		p, err := Compile(g, core.Config{Disable: disableAll(noFast)})
		if err != nil {
			t.Fatal(err)
		}
		s := p.NewState(0)
		wantMoves(t, p, s, "b4-d6")
		play(t, p, s, "b4-d6")
		if got := pieceName(p, s, "d6"); got != "black king" {
			t.Errorf("d6 holds %q", got)
		}
		// Unmodified: the chain goes on (the man stays a man).
		p2, s2 := func() (*core.Program, *core.State) {
			g := loadGame(t, "draughts.rules", nil)
			g.Setup.Place = []ir.Placement{place("b4", 0), place("c5", 1), place("e7", 1), place("a7", 1)}
			p, err := Compile(g, core.Config{Disable: disableAll(noFast)})
			if err != nil {
				t.Fatal(err)
			}
			return p, p.NewState(0)
		}()
		wantMoves(t, p2, s2, "b4-d6-f8")
	}
}

func TestBreakthroughRules(t *testing.T) {
	// Straight ahead only to an empty cell; captures only diagonally.
	progs, states := at(t, "breakthrough.rules", nil, 0, "d4 white pawn", "d5 black pawn", "c5 black pawn", "e5 black pawn", "a8 black pawn")
	for i, p := range progs {
		wantMoves(t, p, states[i], "d4-e5", "d4-c5")
	}
	// Reaching the home rank wins.
	progs, states = at(t, "breakthrough.rules", nil, 0, "g7 white pawn", "a7 black pawn", "b7 black pawn")
	for i, p := range progs {
		s := states[i]
		play(t, p, s, "g7-g8")
		wantStatus(t, p, s, true, "goal", 0)
	}
	// Capturing every enemy piece wins; so does Black reaching rank 1.
	progs, states = at(t, "breakthrough.rules", nil, 0, "d4 white pawn", "e5 black pawn", "a3 white pawn")
	for i, p := range progs {
		s := states[i]
		play(t, p, s, "d4-e5")
		wantStatus(t, p, s, true, "goal", 0)
	}
	progs, states = at(t, "breakthrough.rules", nil, 1, "d4 white pawn", "b2 black pawn")
	for i, p := range progs {
		s := states[i]
		play(t, p, s, "b2-b1")
		wantStatus(t, p, s, true, "goal", 1)
	}
}

func TestTurnStartLose(t *testing.T) {
	// A turn-start Lose goal: the player to move loses when it holds.
	g := loadGame(t, "breakthrough.rules", nil)
	g.End.Goals = []ir.Goal{{Check: ir.TurnStart, Lose: true,
		Cond: eOp(ir.OpLt, &ir.Expr{Op: ir.OpCount, Who: ir.Own, Side: ir.SideOwn}, eInt(16))}}
	for _, noFast := range []bool{false, true} {
		p, err := Compile(g, core.Config{Disable: disableAll(noFast)})
		if err != nil {
			t.Fatal(err)
		}
		s := p.NewState(0)
		play(t, p, s, "d2-d3", "e7-e6", "d3-d4", "e6-e5", "d4-e5")
		wantStatus(t, p, s, true, "goal", 0)
		wantMoves(t, p, s)
	}
}

func TestNextGamesNoAlloc(t *testing.T) {
	for _, tc := range nextCases() {
		g := loadGame(t, tc.file, tc.opts)
		for _, noFast := range []bool{false, true} {
			p, err := Compile(g, core.Config{Disable: disableAll(noFast)})
			if err != nil {
				t.Fatal(err)
			}
			s := midgame(p, 8, 5)
			var ml core.MoveList
			p.Legal(s, &ml) // grow the buffers
			for i := 0; i < ml.Len(); i++ {
				p.Apply(s, &ml, i)
				p.Undo(s)
			}
			allocs := testing.AllocsPerRun(50, func() {
				p.Legal(s, &ml)
				for i := 0; i < ml.Len(); i++ {
					p.Apply(s, &ml, i)
					p.Undo(s)
				}
			})
			if allocs != 0 || ml.Len() == 0 {
				t.Errorf("%s noFast=%v: %.1f allocations per Legal+Apply+Undo (%d moves)", tc.file, noFast, allocs, ml.Len())
			}
		}
	}
}

func TestZoneCount(t *testing.T) {
	// countcell: a goal on the number of opposing gates the mover tops.
	g := loadGame(t, "jumpwings.rules", nil)
	gates := -1
	for i, z := range g.Zones {
		if z.Name == "gates" {
			gates = i
		}
	}
	g.End.Goals = []ir.Goal{{Check: ir.AfterMove, Cond: eOp(ir.OpEq,
		&ir.Expr{Op: ir.OpCountCell, Int: gates, Side: ir.SideOpponent, Args: []*ir.Expr{eOwned(ir.Own, ir.SideOwn)}}, eInt(3))}}
	place := func(cell string, piece int) ir.Placement {
		for i, c := range g.Board.Cells {
			if c.Name == cell {
				return ir.Placement{Cell: i, Piece: piece}
			}
		}
		t.Fatalf("no cell %s", cell)
		return ir.Placement{}
	}
	const lightFrog, darkHare, darkCat = 2, 3, 4
	g.Setup.Place = []ir.Placement{place("a7", darkHare), place("a7", lightFrog), place("b7", darkHare), place("b7", lightFrog),
		place("c7", darkHare), place("c6", lightFrog), place("a3", darkCat)}
	p, err := Compile(g, core.Config{})
	if err != nil {
		t.Fatal(err)
	}
	s := p.NewState(0)
	play(t, p, s, "c6-c5")
	wantStatus(t, p, s, false, "")
	p.Undo(s)
	play(t, p, s, "c6-c7")
	wantStatus(t, p, s, true, "goal", 0)
}
