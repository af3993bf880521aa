package web

import (
	"fmt"
	"math/rand/v2"
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

// Over random games of every bundled game, the move data agrees with the
// moves: making it leaves the position and the list alone (moveDataText
// checks), a leap starts on a piece, a move's
// captured cells hold pieces of other players, and a text that names
// captured cells ("c3-i7xb4xe9") names those the data gives.
func TestMoveDataAgrees(t *testing.T) {
	for _, name := range games.Names() {
		p := compiled(t, name+".rules")
		s := p.NewState(7)
		rng := rand.New(rand.NewPCG(7, 7))
		var ml interp.MoveList
		for ply := 0; ply < 40; ply++ {
			moveDataText(t, p, s)
			p.Legal(s, &ml)
			if ml.Len() == 0 {
				break
			}
			data := legalData(p, s, &ml, maxMoveData)
			for i, d := range data {
				text := p.Text(&ml, i)
				if d.Kind == "leap" {
					if _, ok := p.PieceAt(s, d.Cells[0]); !ok {
						t.Errorf("%s, ply %d: %s starts on %s, which holds no piece", name, ply, text, p.CellName(d.Cells[0]))
					}
				}
				var named []string
				for _, c := range d.Captured {
					if pc, ok := p.PieceAt(s, c); !ok || p.Game().Pieces[pc].Owner == s.ToMove() {
						t.Errorf("%s, ply %d: %s captures %s, which holds no piece of another player", name, ply, text, p.CellName(c))
					}
					named = append(named, p.CellName(c))
				}
				if _, caps, ok := strings.Cut(text, "x"); ok && d.Kind == "leap" {
					listed := strings.Split(caps, "x")
					slices.Sort(listed)
					slices.Sort(named)
					if !slices.Equal(listed, named) {
						t.Errorf("%s, ply %d: %s: captured cells %q", name, ply, text, named)
					}
				}
			}
			p.Apply(s, &ml, rng.IntN(ml.Len()))
		}
	}
}
