package web

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/ruleplay/ruleplay/games"
	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/lang"
)

// compiled compiles a bundled game with its default options.
func compiled(t *testing.T, file string) *interp.Program {
	t.Helper()
	g, err := lang.LoadFS(games.FS(), file, nil)
	if err != nil {
		t.Fatal(err)
	}
	p, err := interp.Compile(g, interp.Config{})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// moveDataText lists the legal moves of s with their move data: "TEXT
// KIND cells CELL... [captured CELL...]", one a line. It checks that
// making the data leaves the position and the list as they were.
func moveDataText(t *testing.T, p *interp.Program, s *interp.State) string {
	t.Helper()
	var ml interp.MoveList
	p.Legal(s, &ml)
	texts, pos := p.Texts(&ml), interp.PositionText(p, s)
	data := legalData(p, s, &ml, maxMoveData)
	if got := p.Texts(&ml); !slices.Equal(got, texts) {
		t.Errorf("the legal moves changed while their data was made: %q, was %q", got, texts)
	}
	if got := interp.PositionText(p, s); got != pos {
		t.Errorf("the position changed while the moves' data was made: %q, was %q", got, pos)
	}
	names := func(cs []int) string {
		var out []string
		for _, c := range cs {
			out = append(out, p.CellName(c))
		}
		return strings.Join(out, " ")
	}
	var b strings.Builder
	for i, d := range data {
		fmt.Fprintf(&b, "%s %s cells %s", texts[i], d.Kind, names(d.Cells))
		if d.Captured != nil {
			fmt.Fprintf(&b, " captured %s", names(d.Captured))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// playTexts plays moves from s, by their texts.
func playTexts(t *testing.T, p *interp.Program, s *interp.State, moves ...string) {
	t.Helper()
	var ml interp.MoveList
	for _, m := range moves {
		i, err := p.ParseMove(s, &ml, m)
		if err != nil {
			t.Fatalf("%s: %v", m, err)
		}
		p.Apply(s, &ml, i)
	}
}

// Two king captures of international draughts end on one cell: each has
// its own path (start, each landing, end) and its own captured cells, as
// its text names them.
func TestMoveDataKingCaptures(t *testing.T) {
	p := compiled(t, "draughts-international.rules")
	s, err := interp.ParsePosition(p, "5/5/5/5/5/5/2m2/1mm1m/5/K4 white")
	if err != nil {
		t.Fatal(err)
	}
	want := "a1-j4xc3xe3xi3 leap cells a1 d4 g1 j4 captured c3 e3 i3\n" +
		"a1-j4xc3xf4xi3 leap cells a1 e5 h2 j4 captured c3 i3 f4\n"
	if got := moveDataText(t, p, s); got != want {
		t.Errorf("king captures:\n%s\nwant\n%s", got, want)
	}
}

// A Chinese Checkers move named by its ends is found by reachability
// (its path is only its ends): its cells are a path of hops it stands
// for, the fewest.
func TestMoveDataHopChain(t *testing.T) {
	p := compiled(t, "chinese-checkers.rules")
	s := p.NewState(1)
	playTexts(t, p, s, "a4-f5", "a14-e13", "a2-f6", "c14-d12", "a3-e7")
	got := moveDataText(t, p, s)
	for _, line := range []string{
		"b15-d11 leap cells b15 f13 d13 d11\n", // three hops
		"b15-f13 leap cells b15 f13\n",         // one hop
	} {
		if !strings.Contains(got, line) {
			t.Errorf("Chinese Checkers moves: want %q in\n%s", line, got)
		}
	}
}

// A Crossings group move is clicked tail, head, destination; a single
// stone's move head, destination; a removal and a capture name what they
// take.
func TestMoveDataGroupsAndCaptures(t *testing.T) {
	p := compiled(t, "crossings.rules")
	got := moveDataText(t, p, p.NewState(1))
	for _, line := range []string{"a1:a2-a4 group cells a1 a2 a4\n", "a2-a3 group cells a2 a3\n"} {
		if !strings.Contains(got, line) {
			t.Errorf("Crossings moves: want %q in\n%s", line, got)
		}
	}
	lf := compiled(t, "leapfrog.rules")
	s := lf.NewState(1)
	got = moveDataText(t, lf, s)
	if !strings.Contains(got, "xa1 remove cells a1 captured a1\n") {
		t.Errorf("Leap Frog removals:\n%s", got)
	}
}

// A position with more moves than the bound has no move data (the page
// offers the list of moves and typing).
func TestMoveDataBound(t *testing.T) {
	p := compiled(t, "leapfrog.rules")
	s := p.NewState(1)
	var ml interp.MoveList
	p.Legal(s, &ml)
	if d := legalData(p, s, &ml, ml.Len()); len(d) != ml.Len() {
		t.Errorf("%d moves' data within the bound, want %d", len(d), ml.Len())
	}
	if d := legalData(p, s, &ml, ml.Len()-1); d != nil {
		t.Errorf("%d moves' data past the bound, want none", len(d))
	}
}
