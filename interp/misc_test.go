package interp

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
)

// loop3 is a 3x3 board with stones on a1 b1 a2 c2 b3 and one jump rule.
func loop3(t *testing.T, capture ir.Capture, chain ir.Chain) *gb {
	b := newSquare(t, 3, 3, false, "p1", "p2")
	k := b.kind("stone", "O", 0, nil)
	st := b.piece(k, ir.Neutral, 0, "")
	b.place(st, "a1", "b1", "a2", "c2", "b3")
	b.rule(ir.MoveRule{Name: "jump", Action: ir.Leap, Piece: ir.AnyPiece, Dirs: b.same("n", "e", "s", "w"),
		Length: 2, Over: eOcc(), Onto: eEmpty(), Capture: capture, Chain: chain})
	b.g.End.NoMove = ir.OutcomeDraw
	return b
}

func TestNonCapturingChainNeverRevisits(t *testing.T) {
	for _, p := range both(t, loop3(t, ir.CaptureNone, ir.ChainOptional), core.Config{}) {
		// The loop cannot close: a1 (the start) is on the path.
		wantMoves(t, p, p.NewState(0), "a1-a3", "a1-a3-c3", "a1-a3-c3-c1", "a1-c1", "a1-c1-c3", "a1-c1-c3-a3")
	}
	for _, p := range both(t, loop3(t, ir.CaptureNone, ir.ChainCompulsory), core.Config{}) {
		wantMoves(t, p, p.NewState(0), "a1-a3-c3-c1", "a1-c1-c3-a3")
	}
}

func TestCompulsoryChain(t *testing.T) {
	for _, p := range both(t, loop3(t, ir.CaptureJumped, ir.ChainCompulsory), core.Config{}) {
		s := p.NewState(0)
		wantMoves(t, p, s, "a1-a3-c3-c1-a1", "a1-c1-c3-a3-a1")
	}
	for _, p := range both(t, loop3(t, ir.CaptureJumped, ir.ChainNone), core.Config{}) {
		wantMoves(t, p, p.NewState(0), "a1-a3", "a1-c1")
	}
}

func TestDedup(t *testing.T) {
	b := newSquare(t, 3, 3, false, "p1", "p2")
	k := b.kind("man", "M", 0, nil)
	w := b.piece(k, 0, 0, "")
	n := b.piece(k, ir.Neutral, 0, "")
	b.place(w, "a1")
	b.place(n, "c3")
	b.rule(ir.MoveRule{Name: "up", Action: ir.Leap, Piece: ir.Own, Dirs: b.same("n"), Length: 1, Onto: eEmpty()})
	b.rule(ir.MoveRule{Name: "any", Action: ir.Leap, Piece: ir.Own, Dirs: b.same("n", "e"), Length: 1, Onto: eEmpty()})
	b.rule(ir.MoveRule{Name: "take", Action: ir.Remove, Piece: ir.NeutralPieces})
	b.rule(ir.MoveRule{Name: "take2", Action: ir.Remove, Piece: ir.AnyPiece})
	for _, p := range both(t, b, core.Config{}) {
		if !p.Tiers[0].Merges() {
			t.Error("tier should need deduplication")
		}
		// a1-a2 comes from both leap rules, xc3 from both removals.
		wantMoves(t, p, p.NewState(0), "a1-a2", "a1-b1", "xc3", "xa1")
	}
	// Rules whose displacements differ never need it.
	p := leapFrog(t, 4, 4, 2, true, false).compile(core.Config{})
	if p.Tiers[0].Merges() {
		t.Error("leap frog tier needs no deduplication")
	}
}

func TestTurnStartGoalAndLose(t *testing.T) {
	b := newSquare(t, 3, 3, false, "p1", "p2")
	k := b.kind("man", "M", 0, nil)
	w := b.piece(k, 0, 0, "a3")
	bl := b.piece(k, 1, 0, "c1")
	b.place(w, "a1")
	b.place(bl, "c3")
	b.rule(ir.MoveRule{Name: "step", Action: ir.Leap, Piece: ir.Own, Dirs: b.forward("n", "s"), Length: 1, Onto: eEmpty()})
	onTarget := &ir.Expr{Op: ir.OpEvery, Who: ir.Own, Side: ir.SideOwn, Args: []*ir.Expr{{Op: ir.OpOnTarget}}}
	b.g.End = ir.End{Goals: []ir.Goal{{Check: ir.TurnStart, Cond: onTarget}}, NoMove: ir.OutcomeLose}
	for _, p := range both(t, b, core.Config{}) {
		s := p.NewState(0)
		play(t, p, s, "a1-a2", "c3-c2", "a2-a3")
		// p1 is on target, but the goal is tested at the start of p1's turn.
		if st := p.Status(s); st.Over {
			t.Errorf("over too early: %+v", st)
		}
		wantMoves(t, p, s, "c2-c1")
		play(t, p, s, "c2-c1")
		st := p.Status(s)
		if !st.Over || st.Reason != "goal" || !slices.Equal(st.Winners, []int{0}) || st.Scores != nil {
			t.Errorf("status %+v, want p1 wins by goal", st)
		}
		wantMoves(t, p, s)
	}
	// Without the goal, p1 on a3 cannot move: p1 loses.
	b.g.End.Goals = nil
	for _, p := range both(t, b, core.Config{}) {
		s := p.NewState(0)
		play(t, p, s, "a1-a2", "c3-c2", "a2-a3", "c2-c1")
		st := p.Status(s)
		if !st.Over || st.Reason != "no move" || !slices.Equal(st.Winners, []int{1}) {
			t.Errorf("status %+v, want p2 wins", st)
		}
	}
}

func TestScoreTiesShare(t *testing.T) {
	b := newSquare(t, 3, 3, false, "p1", "p2", "p3")
	k := b.kind("stone", "O", 0, nil)
	b.place(b.piece(k, ir.Neutral, 0, ""), "b2")
	b.leapingRules(false, false)
	p := b.compile(core.Config{})
	s := p.NewState(0)
	setTurns(s, 1)
	copy(s.CapturedBy, []int32{2, 2, 1})
	st := p.Status(s)
	want := core.Status{Over: true, Winners: []int{0, 1}, Scores: []int{2, 2, 1}, Reason: "no move"}
	if !equalStatus(st, want) {
		t.Errorf("status %+v, want %+v", st, want)
	}
	if got := p.Render(s); !strings.HasSuffix(got, "result: p1, p2 share the win (no move), scores: p1 2, p2 2, p3 1\n") {
		t.Errorf("render:\n%s", got)
	}
	// Lowest best: p3 alone.
	b.g.Score.Best = ir.Lowest
	p = b.compile(core.Config{})
	s = p.NewState(0)
	setTurns(s, 1)
	copy(s.CapturedBy, []int32{2, 2, 1})
	if st := p.Status(s); !slices.Equal(st.Winners, []int{2}) {
		t.Errorf("lowest: winners %v", st.Winners)
	}
	// No score at all: OutcomeScore is a draw.
	b.g.Score = nil
	p = b.compile(core.Config{})
	s = p.NewState(0)
	setTurns(s, 1)
	if st := p.Status(s); !slices.Equal(st.Winners, []int{0, 1, 2}) || st.Scores != nil {
		t.Errorf("no score: %+v", st)
	}
}

func murray(t *testing.T) *gb {
	b := newSquare(t, 3, 3, false, "p1", "p2")
	var pcs []int
	for _, k := range []struct {
		n string
		v int
	}{{"green", 4}, {"red", 3}, {"white", 1}} {
		pcs = append(pcs, b.piece(b.kind(k.n, strings.ToUpper(k.n[:1]), 0, map[string]int{"points": k.v}), ir.Neutral, 0, ""))
	}
	var cells []int
	for i := range b.g.Board.Cells {
		cells = append(cells, i)
	}
	b.g.Setup.Random = &ir.RandomFill{Cells: cells, Counts: []ir.PieceCount{{Piece: pcs[0], Count: 2}, {Piece: pcs[1], Count: 3}, {Piece: pcs[2], Count: 4}}}
	b.leapingRules(false, false)
	b.g.Score.Value = eSide(ir.OpPoints, ir.SideOwn)
	return b
}

func TestRandomSetupAndLayout(t *testing.T) {
	p := murray(t).compile(core.Config{})
	s1, s2, s3 := p.NewState(42), p.NewState(42), p.NewState(43)
	if p.Render(s1) != p.Render(s2) {
		t.Error("same seed, different layouts")
	}
	l1, l3 := p.Layout(s1), p.Layout(s3)
	if maps.Equal(l1, l3) {
		t.Error("seeds 42 and 43 give the same layout (unlikely)")
	}
	count := map[string]int{}
	for _, v := range l1 {
		count[v]++
	}
	if len(l1) != 9 || count["green"] != 2 || count["red"] != 3 || count["white"] != 4 {
		t.Errorf("layout %v", l1)
	}
	s4, err := p.NewStateFromLayout(l1)
	if err != nil {
		t.Fatal(err)
	}
	if p.Render(s4) != p.Render(s1) {
		t.Error("layout round trip differs")
	}
	// Points: removing a green piece scores 4.
	var ml core.MoveList
	for c, v := range l1 {
		if v == "green" {
			i, err := p.ParseMove(s4, &ml, " x"+c+" ")
			if err != nil {
				t.Fatal(err)
			}
			p.Apply(s4, &ml, i)
			break
		}
	}
	if p.Score(s4, 0) != 4 || p.Score(s4, 1) != 0 || p.Score(s4, 7) != 0 {
		t.Errorf("scores %d %d", p.Score(s4, 0), p.Score(s4, 1))
	}
	bad := []struct {
		edit func(map[string]string)
		msg  string
	}{
		{func(m map[string]string) { delete(m, "a1") }, "cell a1 has no piece"},
		{func(m map[string]string) { m["z9"] = "red" }, `unknown cell "z9"`},
		{func(m map[string]string) { m["a1"] = "blue" }, `unknown piece "blue"`},
		{func(m map[string]string) {
			for c, v := range m {
				if v == "white" {
					m[c] = "green"
					return
				}
			}
		}, "3 pieces \"green\", the setup has 2"},
	}
	for _, tc := range bad {
		m := maps.Clone(l1)
		tc.edit(m)
		if _, err := p.NewStateFromLayout(m); err == nil || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("error %v, want %q", err, tc.msg)
		}
	}
	lf := leapFrog(t, 3, 3, 2, false, false).compile(core.Config{})
	if lf.Layout(lf.NewState(0)) != nil {
		t.Error("no random setup: nil layout")
	}
	if _, err := lf.NewStateFromLayout(map[string]string{"a1": "stone"}); err == nil {
		t.Error("layout accepted for a game without random setup")
	}
	if _, err := lf.NewStateFromLayout(nil); err != nil {
		t.Error(err)
	}
}

func TestParseMoveAndAccessors(t *testing.T) {
	p := leapFrog(t, 3, 3, 2, false, false).compile(core.Config{})
	s := p.NewState(0)
	var ml core.MoveList
	if _, err := p.ParseMove(s, &ml, "a1-a3"); err == nil || !strings.Contains(err.Error(), "not legal") {
		t.Errorf("err %v", err)
	}
	if p.NumPlayers() != 2 || p.PlayerName(1) != "p2" || p.PlayerName(5) != "" || p.CellName(8) != "c3" || p.CellName(9) != "" {
		t.Error("accessors")
	}
	if c, ok := p.CellIndex("b2"); !ok || c != 4 {
		t.Error("CellIndex")
	}
	if p.Text(&ml, 99) != "" {
		t.Error("Text out of range")
	}
	p.Apply(s, &ml, 99) // ignored
	p.Undo(s)           // nothing to undo
	if s.Ply() != 0 {
		t.Error("state changed")
	}
	c := s.Clone()
	play(t, p, c, "xa1")
	if _, ok := p.PieceAt(s, 0); !ok {
		t.Error("clone shares cells")
	}
	if _, ok := p.PieceAt(c, 0); ok {
		t.Error("clone not changed")
	}
	if p.Game().Name != "test" {
		t.Error("Game")
	}
}

func TestCompileErrors(t *testing.T) {
	cases := []struct {
		name string
		edit func(b *gb)
		msg  string
	}{
		{"owner", func(b *gb) { b.g.Pieces[0].Owner = 5 }, "owner 5 out of range"},
		{"kind", func(b *gb) { b.g.Pieces[0].Kind = 3 }, "kind 3 out of range"},
		{"dirs", func(b *gb) { b.g.Moves[1].Dirs = b.g.Moves[1].Dirs[:1] }, "1 direction lists for 2 players"},
		{"dir index", func(b *gb) { b.g.Moves[1].Dirs = [][]int{{9}, {0}} }, "direction 9 out of range"},
		{"length", func(b *gb) { b.g.Moves[1].Length = 0 }, "leap length 0"},
		{"tier", func(b *gb) { b.g.Priority = [][]int{{0}} }, `rule "jump" is in no tier`},
		{"tier twice", func(b *gb) { b.g.Priority = [][]int{{0, 1}, {1}} }, "more than one tier"},
		{"var", func(b *gb) { b.g.Score.Value = eVar("turn") }, "may only be used in a move guard"},
		{"cell cond", func(b *gb) { b.g.Score.Value = eEmpty() }, "no cell"},
		{"zone", func(b *gb) { b.g.Moves[1].Onto = &ir.Expr{Op: ir.OpInZone, Int: 4} }, "zone index 4"},
		{"args", func(b *gb) { b.g.Moves[1].Over = &ir.Expr{Op: ir.OpAnd} }, "needs 2 operands"},
		{"winner", func(b *gb) { b.g.Score.Value = eSide(ir.OpCaptured, ir.SideWinner) }, "winner/loser"},
		{"self score", func(b *gb) { b.g.Score.Value = eSide(ir.OpScore, ir.SideOwn) }, "refer to itself"},
		{"op", func(b *gb) { b.g.Moves[1].Over = &ir.Expr{Op: 99} }, "unknown operator"},
		{"cells", func(b *gb) { b.g.Board.Cells = nil; b.g.Setup.Place = nil }, "no cells"},
		{"dup cell", func(b *gb) { b.g.Board.Cells[1].Name = "a1" }, `"a1" used twice`},
		{"setup", func(b *gb) { b.g.Setup.Place[0].Piece = 7 }, "piece 7 on a1 out of range"},
		{"random", func(b *gb) {
			b.g.Setup.Random = &ir.RandomFill{Cells: []int{0, 1}, Counts: []ir.PieceCount{{Piece: 0, Count: 3}}}
		}, "3 random pieces for 2 cells"},
		{"outcome", func(b *gb) { b.g.End.NoMove = 17 }, "unknown outcome"},
		{"filter", func(b *gb) { b.g.Filters = []ir.Filter{{Kind: 5}} }, "unknown kind 5"},
		{"promotion kind", func(b *gb) { b.g.Promotions = []ir.Promotion{{Kind: 7}} }, "kind out of range"},
		{"promotion zone", func(b *gb) { b.g.Promotions = []ir.Promotion{{Kind: 0, To: 0, Zone: 9}} }, "zone 9 out of range"},
		{"promotion piece", func(b *gb) {
			b.g.Kinds = append(b.g.Kinds, ir.Kind{Name: "king"})
			b.g.Zones = append(b.g.Zones, ir.Zone{Name: "z", Cells: [][]int{{0}, {0}}})
			b.g.Pieces[0].Owner = 0
			b.g.Promotions = []ir.Promotion{{Kind: 0, To: 1, Zone: 0}}
		}, "no piece type king of p1"},
		{"group enemy", func(b *gb) {
			b.g.Moves[1].Action = ir.Group
			b.g.Moves[1].GroupCapture = &ir.GroupCapture{}
		}, "without an enemy condition"},
		{"group var", func(b *gb) {
			b.g.Moves[1].Action = ir.Group
			b.g.Moves[1].GroupCapture = &ir.GroupCapture{Enemy: eOcc(), When: eVar("width")}
		}, `unknown variable "width"`},
		{"size outside groups", func(b *gb) { b.g.Moves[1].When = eVar("size") }, `unknown variable "size"`},
		{"level in goal", func(b *gb) { b.g.Score.Value = &ir.Expr{Op: ir.OpLevel} }, "level may only be used"},
		{"kindis", func(b *gb) { b.g.Moves[1].Onto = &ir.Expr{Op: ir.OpKindIs, Int: 5} }, "kind 5 out of range"},
		{"zone quantifier", func(b *gb) { b.g.Score.Value = &ir.Expr{Op: ir.OpCountCell, Int: 0} }, "zone index 0 out of range"},
		{"length prop", func(b *gb) {
			b.g.Kinds[0].Props = map[string]int{"jump": 99}
			b.g.Moves[1].LengthProp = "jump"
		}, "leap length 99 too long"},
		{"nil", nil, "no game"},
	}
	for _, tc := range cases {
		var g *ir.Game
		if tc.edit != nil {
			b := leapFrog(t, 3, 3, 2, false, false)
			b.g.Priority = [][]int{{0, 1}}
			tc.edit(b)
			g = b.g
		}
		_, err := Compile(g, core.Config{})
		if err == nil || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.msg)
		}
	}
}

func TestNoAllocSteadyState(t *testing.T) {
	for _, tc := range []struct {
		name string
		b    *gb
	}{{"leapfrog", leapFrog(t, 8, 8, 2, false, false)}, {"salta", salta(t, 0, true)}, {"pyramid", pyramid(t)}, {"mixed", mixed(t, 2)}} {
		for _, p := range both(t, tc.b, core.Config{}) {
			s := midgame(p, 6, 5)
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
			if allocs != 0 {
				t.Errorf("%s noFast=%v: %.1f allocations per Legal+Apply+Undo", tc.name, (len(p.Cfg.Disable) > 0), allocs)
			}
		}
	}
}
