package interp

import (
	"errors"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/lang"
)

// numberedGames loads every bundled draughts file whose cells are
// numbered.
func numberedGames(t *testing.T) map[string]*core.Program {
	t.Helper()
	files, err := filepath.Glob("../games/draughts*.rules")
	if err != nil || len(files) == 0 {
		t.Fatal("no draughts files")
	}
	out := map[string]*core.Program{}
	for _, f := range files {
		p := load(t, filepath.Base(f), nil, core.Config{})
		if p.Numbered() {
			out[strings.TrimSuffix(filepath.Base(f), ".rules")] = p
		}
	}
	for _, want := range []string{"draughts", "draughts-international", "draughts-brazilian", "draughts-canadian", "draughts-italian"} {
		if out[want] == nil {
			t.Errorf("%s has no square numbers", want)
		}
	}
	return out
}

// TestSquareNumbersOfDraughts checks each federation's numbering: the
// corner of 1, the ends of rows, and that every cell has one number.
func TestSquareNumbersOfDraughts(t *testing.T) {
	games := numberedGames(t)
	want := map[string]map[int]string{
		"draughts-international": {1: "b10", 5: "j10", 6: "a9", 46: "a1", 50: "i1"},
		"draughts-brazilian":     {1: "b8", 4: "h8", 5: "a7", 29: "a1", 32: "g1"},
		"draughts-canadian":      {1: "b12", 6: "l12", 7: "a11", 67: "a1", 72: "k1"},
		"draughts":               {1: "g1", 4: "a1", 5: "h2", 12: "a3", 29: "h8", 32: "b8"},
		"draughts-italian":       {1: "a8", 4: "g8", 5: "b7", 29: "b1", 32: "h1"},
	}
	count := map[string]int{"draughts-international": 50, "draughts-brazilian": 32, "draughts-canadian": 72, "draughts": 32, "draughts-italian": 32}
	for name, cells := range want {
		p := games[name]
		if p == nil {
			continue
		}
		if p.SquareCount() != count[name] || p.SquareCount() != p.NumCells {
			t.Errorf("%s: %d squares, %d cells; want %d", name, p.SquareCount(), p.NumCells, count[name])
		}
		for n, cell := range cells {
			if got := p.CellName(p.CellOfNumber(n)); got != cell {
				t.Errorf("%s: square %d is %s, want %s", name, n, got, cell)
			}
			if got := p.NumberOf(p.CellIdx[cell]); got != n {
				t.Errorf("%s: %s is square %d, want %d", name, cell, got, n)
			}
		}
		seen := map[int]bool{}
		for n := 1; n <= p.SquareCount(); n++ {
			c := p.CellOfNumber(n)
			if c < 0 || seen[c] {
				t.Errorf("%s: square %d is cell %d (twice or none)", name, n, c)
			}
			seen[c] = true
		}
		if p.CellOfNumber(0) != -1 || p.CellOfNumber(p.SquareCount()+1) != -1 {
			t.Errorf("%s: squares off the board have cells", name)
		}
	}
}

// walkPositions plays random games of p and calls visit at every
// position (with its legal moves in ml).
func walkPositions(p *core.Program, games, plies int, visit func(s *core.State, ml *core.MoveList)) {
	var ml core.MoveList
	for seed := range games {
		rng := rand.New(rand.NewPCG(uint64(seed), 7))
		s := p.NewState(1)
		for range plies {
			p.Legal(s, &ml)
			if ml.Len() == 0 || p.Status(s).Over {
				break
			}
			visit(s, &ml)
			p.Legal(s, &ml)
			p.Apply(s, &ml, rng.IntN(ml.Len()))
		}
	}
}

// TestNumberTextsRoundTrip checks, on random games of every numbered
// draughts file, that every legal move has a number text of its own, and
// that its number text, its full path in numbers and its cell-name text
// are each read back as that move.
func TestNumberTextsRoundTrip(t *testing.T) {
	for name, p := range numberedGames(t) {
		positions := 0
		walkPositions(p, 12, 160, func(s *core.State, ml *core.MoveList) {
			positions++
			seen := map[string]int{}
			for i := range ml.Moves {
				text := p.NumberText(ml, i)
				if text == "" {
					t.Fatalf("%s: move %s has no number text", name, p.Text(ml, i))
				}
				if j, dup := seen[text]; dup {
					t.Fatalf("%s: moves %s and %s are both %s", name, p.Text(ml, j), p.Text(ml, i), text)
				}
				seen[text] = i
				sep := "-"
				if p.Captures(ml, i) {
					sep = "x"
				}
				var full []string
				for _, c := range p.PathCells(ml, i) {
					full = append(full, strconv.Itoa(p.NumberOf(c)))
				}
				canon := p.Text(ml, i)
				for _, form := range []string{text, strings.Join(full, sep), canon} {
					var ml2 core.MoveList
					k, err := p.ParseMove(s, &ml2, form)
					if err != nil {
						t.Fatalf("%s: %s (%s): %v", name, form, canon, err)
					}
					if got := p.Text(&ml2, k); got != canon {
						t.Fatalf("%s: %s read as %s, want %s", name, form, got, canon)
					}
				}
			}
		})
		if positions < 100 {
			t.Errorf("%s: only %d positions", name, positions)
		}
	}
}

// TestNumberTextsOfMoves checks the texts of known moves: quiet moves,
// captures by their ends, English captures by their path.
func TestNumberTextsOfMoves(t *testing.T) {
	games := numberedGames(t)
	cases := []struct {
		game  string
		moves []string // played first, in numbers
		want  []string // the number texts then, sorted
	}{
		{"draughts-international", nil, []string{"31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30"}},
		{"draughts-international", []string{"32-28", "19-23"}, []string{"28x19"}},
		{"draughts-international", []string{"32-28", "19-23", "28x19"}, []string{"13x24", "14x23"}},
		{"draughts", nil, []string{"10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"}},
		{"draughts", []string{"11-15", "22-18"}, []string{"15x22"}},
		// the Old Fourteenth
		{"draughts", []string{"11-15", "23-19", "8-11", "22-17", "4-8", "17-13", "15-18", "24-20", "11-15", "28-24", "8-11", "26-23", "9-14", "31-26"}, []string{"11-16", "12-16", "14-17", "18-22", "3-8", "5-9", "6-9"}},
		{"draughts-italian", nil, []string{"21-17", "21-18", "22-18", "22-19", "23-19", "23-20", "24-20"}},
		{"draughts-italian", []string{"22-19", "10-14"}, []string{"19x10"}},
	}
	for _, tc := range cases {
		p := games[tc.game]
		s := p.NewState(1)
		var ml core.MoveList
		for _, m := range tc.moves {
			k, err := p.ParseMove(s, &ml, m)
			if err != nil {
				t.Fatalf("%s %v: %v", tc.game, tc.moves, err)
			}
			p.Apply(s, &ml, k)
		}
		if tc.want == nil {
			continue // the line is legal
		}
		p.Legal(s, &ml)
		var got []string
		for i := range ml.Moves {
			got = append(got, p.NumberText(&ml, i))
		}
		sortStrings(got)
		if strings.Join(got, " ") != strings.Join(tc.want, " ") {
			t.Errorf("%s after %v: %v, want %v", tc.game, tc.moves, got, tc.want)
		}
	}
}

func sortStrings(a []string) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// TestNumberMoveErrors checks what a numbered move that is not legal
// says.
func TestNumberMoveErrors(t *testing.T) {
	p := numberedGames(t)["draughts-international"]
	cases := []struct{ text, want string }{
		{"32-27x", `move "32-27x" is not legal here`},
		{"32-51", `move "32-51" is not legal here: square 51 is not on the board (squares 1-50)`},
		{"32-26", `move "32-26" is not legal here: no legal move goes this way`},
		{"19-23", `move "19-23" is not legal here: no legal move goes this way`},
	}
	for _, tc := range cases {
		s := p.NewState(1)
		var ml core.MoveList
		_, err := p.ParseMove(s, &ml, tc.text)
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s: %v, want %s", tc.text, err, tc.want)
		}
	}
}

// TestNumberPathTexts checks that a capture of a rule written by its path
// (English draughts) is written with every landing square, and read so.
func TestNumberPathTexts(t *testing.T) {
	p := numberedGames(t)["draughts"]
	s, err := ParseFEN(p, "B:W18,27:B14")
	if err != nil {
		t.Fatal(err)
	}
	var ml core.MoveList
	p.Legal(s, &ml)
	if ml.Len() != 1 || p.NumberText(&ml, 0) != "14x23x32" {
		t.Fatalf("moves %v", legal(p, s))
	}
	for _, form := range []string{"14x23x32", "14x32", "14-23-32"} {
		if _, err := p.ParseMove(s, &ml, form); err != nil {
			t.Errorf("%s: %v", form, err)
		}
	}
	if _, err := p.ParseMove(s, &ml, "14x22x32"); err == nil {
		t.Errorf("14x22x32 read")
	}
	// international draughts writes a capture by its ends (text: ends)
	ip := numberedGames(t)["draughts-international"]
	s, err = ParseFEN(ip, "W:W28:B23,13")
	if err != nil {
		t.Fatal(err)
	}
	ip.Legal(s, &ml)
	if ml.Len() != 1 || ip.NumberText(&ml, 0) != "28x8" {
		t.Fatalf("moves %v", legal(ip, s))
	}
	for _, form := range []string{"28x8", "28x19x8", "28x19x8"} {
		if _, err := ip.ParseMove(s, &ml, form); err != nil {
			t.Errorf("%s: %v", form, err)
		}
	}
}

// TestFENRoundTrip writes the positions of random games as FEN and reads
// them back: the same pieces and side to move, and the same FEN.
func TestFENRoundTrip(t *testing.T) {
	for name, p := range numberedGames(t) {
		walkPositions(p, 8, 200, func(s *core.State, _ *core.MoveList) {
			fen, err := FEN(p, s)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			got, err := ParseFEN(p, fen)
			if err != nil {
				t.Fatalf("%s: %s: %v", name, fen, err)
			}
			if !equalCells(got.Cells, s.Cells) || got.Mover != s.Mover {
				t.Fatalf("%s: %s read back as %s", name, PositionText(p, s), PositionText(p, got))
			}
			if again, _ := FEN(p, got); again != fen {
				t.Fatalf("%s: %s written again as %s", name, fen, again)
			}
			named, err := FENByNames(p, s)
			if err != nil {
				t.Fatal(err)
			}
			if back, err := ParseFEN(p, named); err != nil || !equalCells(back.Cells, s.Cells) || back.Mover != s.Mover {
				t.Fatalf("%s: %s read back as another position (%v)", name, named, err)
			}
		})
	}
}

func equalCells(a, b []uint16) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestFENStarts checks that each game's FEN of the start is the start.
func TestFENStarts(t *testing.T) {
	games := numberedGames(t)
	for name, fen := range map[string]string{
		"draughts-international": "W:W31-50:B1-20",
		"draughts":               "B:W21-32:B1-12",
		"draughts-italian":       "W:W21-32:B1-12",
		"draughts-brazilian":     "W:W21-32:B1-12",
		"draughts-canadian":      "W:W43-72:B1-30",
	} {
		p := games[name]
		s0 := p.NewState(1)
		if got, err := FEN(p, s0); err != nil || got != fen {
			t.Errorf("%s: FEN of the start %q (%v), want %q", name, got, err, fen)
		}
		s, err := ParseFEN(p, fen)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if d := positionDiff(p, s, s0); d != "" {
			t.Errorf("%s: %s differs from the start in %s", name, fen, d)
		}
	}
	// the side to move that does not move first
	p := games["draughts-international"]
	s, err := ParseFEN(p, "B:W31-50:B1-20")
	if err != nil {
		t.Fatal(err)
	}
	if p.PlayerName(s.Mover) != "black" || s.Ply() != 1 {
		t.Errorf("B: mover %s ply %d", p.PlayerName(s.Mover), s.Ply())
	}
	if got := strings.Join(legal(p, s), " "); !strings.Contains(got, "a7-b6") {
		t.Errorf("black's moves: %s", got)
	}
}

// TestFENErrors checks the messages and columns of FENs the game cannot
// hold or that are not FEN.
func TestFENErrors(t *testing.T) {
	games := numberedGames(t)
	p := games["draughts-international"]
	cases := []struct {
		fen  string
		col  int
		want string
	}{
		{"X:W31:B1", 1, "a FEN starts with the side to move"},
		{"W:W31,31:B1-20", 7, "square 31 is given twice"},
		{"W:W31-55:B1-20", 4, "square 55 is off the board (squares 1-50)"},
		{"W:W31:W32", 7, "the side W is given twice"},
		{"W:W31", 6, "a FEN names both sides' pieces"},
		{"W:W3x:B1", 4, `"3x" is not a square number`},
		{"W:W35-31:B1", 4, "runs backwards"},
		{"W:W31:B1:H0", 10, "a side's field starts with W or B"},
		{"W:Wb1:Bb10", 4, `"b1" is not a square of the board`},
	}
	for _, tc := range cases {
		_, err := ParseFEN(p, tc.fen)
		var fe *FENError
		if !errors.As(err, &fe) {
			t.Errorf("%s: %v, want a FENError", tc.fen, err)
			continue
		}
		if fe.Col != tc.col || !strings.Contains(fe.Msg, tc.want) {
			t.Errorf("%s: column %d %q, want column %d %q", tc.fen, fe.Col, fe.Msg, tc.col, tc.want)
		}
		if !strings.HasPrefix(err.Error(), "FEN, column ") || !strings.Contains(err.Error(), "^") {
			t.Errorf("%s: rendered %q", tc.fen, err)
		}
	}
	// games that cannot have FEN
	np := load(t, "breakthrough.rules", nil, core.Config{})
	if _, err := ParseFEN(np, "W:W1:B2"); err == nil || !strings.Contains(err.Error(), "does not number its cells") {
		t.Errorf("breakthrough: %v", err)
	}
	if _, err := FEN(np, np.NewState(1)); err == nil {
		t.Errorf("breakthrough has a FEN")
	}
}

// FuzzFEN reads arbitrary text as a FEN of international draughts: never
// a panic, and what is read is written back and read again as itself.
func FuzzFEN(f *testing.F) {
	for _, s := range []string{"W:W31-50:B1-20", "B:BK17,K24:W6,9,10", "W:W:B1", "W:WK1-K5:B50.", "B:W1-", ":::", "W:W0:B51"} {
		f.Add(s)
	}
	g, err := lang.Load("../games/draughts-international.rules", nil)
	if err != nil {
		f.Fatal(err)
	}
	p, err := Compile(g, core.Config{})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s, err := ParseFEN(p, text)
		if err != nil {
			return
		}
		fen, err := FEN(p, s)
		if err != nil {
			t.Fatalf("%q: read, but not written: %v", text, err)
		}
		s2, err := ParseFEN(p, fen)
		if err != nil || !equalCells(s2.Cells, s.Cells) || s2.Mover != s.Mover {
			t.Fatalf("%q written as %q, read back differently (%v)", text, fen, err)
		}
	})
}
