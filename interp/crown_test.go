package interp

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/lang"
)

// Crowned mid-capture (promote at: continue) and landings that go on
// (land: where-it-continues), on the Russian and Turkish files, with and
// without the accelerators.

// gameAt loads games/FILE with its setup replaced by places, with and
// without the accelerators (placed).
func gameAt(t *testing.T, file string, places ...string) [2]struct {
	p *core.Program
	s *core.State
} {
	t.Helper()
	var out [2]struct {
		p *core.Program
		s *core.State
	}
	for i, noFast := range []bool{false, true} {
		out[i].p, out[i].s = placed(t, loadGame(t, file, nil), noFast, places...)
	}
	return out
}

func TestCrownContinueRussian(t *testing.T) {
	// The man on b6 jumps c7 and lands on d8, the far rank: crowned at
	// once, it goes on as a king over f6 (e7 empty), landing on g5 or h4.
	for _, at := range gameAt(t, "draughts-russian.rules", "b6 white man", "c7 black man", "f6 black man", "a1 black man") {
		wantMoves(t, at.p, at.s, "b6-g5", "b6-h4")
	}
	// Without the crowning going on (at: landing), the chain ends on d8.
	for _, noFast := range []bool{false, true} {
		src := readGame(t, "draughts-russian.rules")
		src = strings.Replace(src, "at: continue", "at: landing", 1)
		g, err := lang.LoadSource("russian-landing.rules", []byte(src), nil)
		if err != nil {
			t.Fatal(err)
		}
		p, s := placed(t, g, noFast, "b6 white man", "c7 black man", "f6 black man", "a1 black man")
		wantMoves(t, p, s, "b6-d8")
	}
	// The crowned man takes the king's way back too (the man's capture
	// came from b6, the king goes on south-east, then south-west).
	for _, at := range gameAt(t, "draughts-russian.rules", "b6 white man", "c7 black man", "f6 black man", "f2 black man", "a1 black man") {
		wantMoves(t, at.p, at.s, "b6-e1")
	}
}

func TestCrownApplyRussian(t *testing.T) {
	// The move is made as the walk found it: the man crowned on d8 ends
	// on h4 a king, having taken c7 and f6.
	for _, at := range gameAt(t, "draughts-russian.rules", "b6 white man", "c7 black man", "f6 black man", "a1 black man") {
		p, s := at.p, at.s
		var ml core.MoveList
		p.Legal(s, &ml)
		i := slices.Index(texts(p, &ml), "b6-h4")
		if i < 0 {
			t.Fatal("no b6-h4")
		}
		p.Apply(s, &ml, i)
		h4 := p.CellIdx["h4"]
		if k := p.Desc.Kinds[p.CodeKind[s.Cells[h4]]].Name; k != "king" {
			t.Errorf("h4 holds a %s, want a king", k)
		}
		for _, c := range []string{"b6", "c7", "d8", "f6"} {
			if s.Cells[p.CellIdx[c]] != 0 {
				t.Errorf("%s not empty after b6-h4", c)
			}
		}
	}
}

func TestLandWhereItContinues(t *testing.T) {
	// The king on a1 takes c3; from e5 alone it can go on (over f4 to g3
	// or h2), so it lands there and nowhere else beyond c3.
	for _, at := range gameAt(t, "draughts-russian.rules", "a1 white king", "c3 black man", "f4 black man", "h8 black man") {
		wantMoves(t, at.p, at.s, "a1-g3", "a1-h2")
	}
	// Without f4 no landing goes on: every one is a move.
	for _, at := range gameAt(t, "draughts-russian.rules", "a1 white king", "c3 black man", "h8 black man") {
		wantMoves(t, at.p, at.s, "a1-d4", "a1-e5", "a1-f6", "a1-g7")
	}
	// With land: anywhere the king may also stop after c3.
	for _, noFast := range []bool{false, true} {
		src := strings.Replace(readGame(t, "draughts-russian.rules"), "land: where-it-continues", "land: anywhere", 1)
		g, err := lang.LoadSource("russian-anywhere.rules", []byte(src), nil)
		if err != nil {
			t.Fatal(err)
		}
		p, s := placed(t, g, noFast, "a1 white king", "c3 black man", "f4 black man", "h8 black man")
		wantMoves(t, p, s, "a1-d4", "a1-g3", "a1-h2", "a1-f6", "a1-g7")
	}
}

func TestCrownContinueTurkish(t *testing.T) {
	// The man on c6 jumps c7 to c8, crowned, and goes on as a flying
	// king east over f8 (landing g8 or h8); it may not turn straight
	// back south over the emptied c7 (no-reverse: the man's leap went
	// north). The majority keeps the two-piece captures.
	for _, at := range gameAt(t, "draughts-turkish.rules", "c6 white man", "c7 black man", "f8 black man", "c4 black man", "a1 black man") {
		wantMoves(t, at.p, at.s, "c6-g8", "c6-h8")
	}
	// A king's chain in Turkish never turns straight back: the king on
	// d4 takes d6, and the man on d2 behind its start stays out of reach.
	for _, at := range gameAt(t, "draughts-turkish.rules", "d4 white king", "d6 black man", "d2 black man", "h8 black man") {
		got := legal(at.p, at.s)
		for _, m := range got {
			if strings.Contains(m, "x") || strings.Count(m, "-") > 1 {
				t.Errorf("unexpected move %s", m)
			}
		}
	}
}

func TestCrownGamesEqualReference(t *testing.T) {
	for _, file := range []string{"draughts-russian.rules", "draughts-turkish.rules"} {
		g := loadGame(t, file, nil)
		fast, err := Compile(g, core.Config{})
		if err != nil {
			t.Fatal(err)
		}
		slow, err := Compile(g, core.Config{Disable: disableAll(true)})
		if err != nil {
			t.Fatal(err)
		}
		checkEquiv(t, fast, slow, 30, 200)
	}
}

// TestCrownDeclines: the accelerators that walk chains leave a crowning
// rule and a rule landing where it goes on to the generic walker, and
// say why.
func TestCrownDeclines(t *testing.T) {
	for _, tc := range []struct{ file, rule, declined string }{
		{"draughts-russian.rules", "man-capture", "long-table: its chains go on as king-capture after a crowning (promote at: continue), which the generic walker follows"},
		{"draughts-russian.rules", "king-capture", "long-table: it lands only where its chain goes on (land: where-it-continues), which the generic walker follows"},
		{"draughts-turkish.rules", "man-capture", "leap-table: its chains go on as king-capture after a crowning (promote at: continue), which the generic walker follows"},
	} {
		p, err := Compile(loadGame(t, tc.file, nil), core.Config{})
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, r := range Explain(p).Rules {
			if r.Name == tc.rule {
				found = true
				if !slices.Contains(r.Declined, tc.declined) {
					t.Errorf("%s %s: declined %q, want %q", tc.file, r.Name, r.Declined, tc.declined)
				}
			}
		}
		if !found {
			t.Errorf("%s: no rule %s", tc.file, tc.rule)
		}
	}
}

// readGame is the text of games/FILE.
func readGame(t *testing.T, file string) string {
	t.Helper()
	b, err := os.ReadFile("../games/" + file)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestRussianPublishedPerft: Russian draughts from the start, with and
// without the accelerators, against the published figures (the Russian
// Shashki forum's perft thread, also in Rein Halbersma's dctl tests and
// the damforum.nl thread "Perft for all recognized draughts variants"):
// 7, 49, 302, 1469, 7482, 37986, 190146, 929899, 4570586, 22444032.
// Depth 8 is the first where a man crowned mid-capture goes on (pool
// checkers, which stops it, has 929896 there).
func TestRussianPublishedPerft(t *testing.T) {
	want := []uint64{7, 49, 302, 1469, 7482, 37986, 190146, 929899}
	for _, noFast := range []bool{false, true} {
		p, err := Compile(loadGame(t, "draughts-russian.rules", nil), core.Config{Disable: disableAll(noFast)})
		if err != nil {
			t.Fatal(err)
		}
		for d, n := range want {
			if got := p.Perft(p.NewState(1), d+1); uint64(got) != n {
				t.Errorf("noFast %v: perft(%d) = %d, want %d", noFast, d+1, got, n)
			}
		}
	}
}

// TestGoesOnChecked: a game built otherwise than by lang gets an error,
// not a panic, for a continuation that cannot go on.
func TestGoesOnChecked(t *testing.T) {
	for _, tc := range []struct {
		goesOn int
		want   string
	}{
		{99, "out of range"},
		{2, "not a chained leap"}, // man-step
		{0, "does not move a king"},
	} {
		g := loadGame(t, "draughts-russian.rules", nil)
		g.Moves[0].GoesOn = tc.goesOn // man-capture
		_, err := Compile(g, core.Config{})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("goes-on %d: %v, want %q", tc.goesOn, err, tc.want)
		}
	}
}
