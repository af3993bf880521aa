package pdn

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
)

func readAll(t *testing.T, text string) ([]*Game, error) {
	t.Helper()
	r := NewReader(strings.NewReader(text), "t.pdn")
	var gs []*Game
	for {
		g, err := r.Next()
		if err == io.EOF {
			return gs, nil
		}
		if err != nil {
			return gs, err
		}
		gs = append(gs, g)
	}
}

const twoGames = `[Event "Club match"]
[White "A. Wit"]
[Black "B. \"Zwart\" Jansen"]
[GameType "20"]
[Result "2-0"]

1. 32-28 19-23 2. 28x19 14x23 {the usual
  exchange} 3. 37-32! (3. 33-28 10-14 (3... 9-14) 4. 39-33) 10-14 $1
4.31-26 20-24?! 5. 33-29 24x33 6. 39x28 1-0

[GameType "21"]
[FEN "B:W18,K24:BK1,5-7"]
1... 7-11 2. 24x15x8 2-0
`

func TestReadGames(t *testing.T) {
	gs, err := readAll(t, twoGames)
	if err != nil {
		t.Fatal(err)
	}
	if len(gs) != 2 {
		t.Fatalf("%d games", len(gs))
	}
	g := gs[0]
	if v, _ := g.Tag("Black"); v != `B. "Zwart" Jansen` {
		t.Errorf("Black tag %q", v)
	}
	if g.Index != 1 || g.Line != 1 || len(g.Tags) != 5 || g.Result != "1-0" || g.Variations != 1 {
		t.Errorf("game 1: index %d line %d tags %d result %q variations %d", g.Index, g.Line, len(g.Tags), g.Result, g.Variations)
	}
	var got []string
	for _, m := range g.Moves {
		s := fmt.Sprintf("%d%s %s %v x=%v", m.Number, map[bool]string{true: "...", false: "."}[m.Black], m.Text, m.Squares, m.Capture)
		if m.Annotation != "" {
			s += " " + m.Annotation
		}
		if m.Comment != "" {
			s += " {" + m.Comment + "}"
		}
		got = append(got, fmt.Sprintf("%d:%d %s", m.Line, m.Col, s))
	}
	want := []string{
		"7:4 1. 32-28 [32 28] x=false",
		"7:10 0. 19-23 [19 23] x=false",
		"7:19 2. 28x19 [28 19] x=true",
		"7:25 0. 14x23 [14 23] x=true {the usual exchange}",
		"8:16 3. 37-32 [37 32] x=false !",
		"8:61 0. 10-14 [10 14] x=false $1",
		"9:3 4. 31-26 [31 26] x=false",
		"9:9 0. 20-24 [20 24] x=false ?!",
		"9:20 5. 33-29 [33 29] x=false",
		"9:26 0. 24x33 [24 33] x=true",
		"9:35 6. 39x28 [39 28] x=true",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("moves:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	g = gs[1]
	if fen, _ := g.Tag("FEN"); fen != "B:W18,K24:BK1,5-7" || g.Index != 2 || g.Line != 11 || g.Result != "2-0" {
		t.Errorf("game 2: fen %q index %d line %d result %q", fen, g.Index, g.Line, g.Result)
	}
	if len(g.Moves) != 2 || !g.Moves[0].Black || g.Moves[0].Number != 1 || g.Moves[1].Text != "24x15x8" || len(g.Moves[1].Squares) != 3 {
		t.Errorf("game 2 moves: %+v", g.Moves)
	}
}

func TestAlgebraicAndGluedNumbers(t *testing.T) {
	gs, err := readAll(t, "1.c3-d4 f6-g5 2.d4xf6xh4* e7xg5 *")
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, m := range gs[0].Moves {
		texts = append(texts, m.Text)
	}
	if got := strings.Join(texts, " "); got != "c3-d4 f6-g5 d4xf6xh4 e7xg5" || gs[0].Result != "*" {
		t.Errorf("moves %q result %q", got, gs[0].Result)
	}
}

func TestGamesWithoutResultsOrTags(t *testing.T) {
	gs, err := readAll(t, "[Event \"a\"]\n1. 32-28\n[Event \"b\"]\n1. 33-28 {end}\n")
	if err != nil {
		t.Fatal(err)
	}
	if len(gs) != 2 || gs[0].Moves[0].Text != "32-28" || gs[1].Moves[0].Comment != "end" || gs[1].Result != "" {
		t.Errorf("%d games: %+v", len(gs), gs)
	}
	gs, err = readAll(t, "  \n{only a comment}\n")
	if err != nil || len(gs) != 0 {
		t.Errorf("a file of a comment: %d games, %v", len(gs), err)
	}
}

func TestErrors(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"[Event \"open", `t.pdn:1:1: game 1: tag "Event": its value is not closed with '"'`},
		{"[Event open]", `t.pdn:1:8: game 1: tag "Event": its value must be a quoted string`},
		{"[Event \"a\" x]", `t.pdn:1:12: game 1: tag "Event": expected ']' after its value`},
		{"[ \"a\"]", `t.pdn:1:3: game 1: a tag needs a name after '[' (as in [Event "..."])`},
		{"1. 32-28 19-0", `t.pdn:1:10: game 1: move "19-0": "0" is not a square: squares are numbers (32) or names (c3)`},
		{"1. 32-28x19", `t.pdn:1:4: game 1: move "32-28x19": not a move: a move is squares joined by '-' (32-28) or 'x' (28x19, 28x37x46)`},
		{"1. 32-28 {open", `t.pdn:1:10: game 1: a comment is not closed with '}'`},
		{"1. 32-28 (1. 33-28", `t.pdn:1:10: game 1: a variation is not closed with ')'`},
		{"1. 32-28 )", `t.pdn:1:10: game 1: ')' without a variation to close`},
		{"1. 32-28 $x", `t.pdn:1:10: game 1: "$x" is not an annotation (as $1, !, ?, !?)`},
		{"1. 32-28 2-0\n1. " + strings.Repeat("a", 50), `t.pdn:2:4: game 2: move "aaaaaaaaaaaaaaaaaaaa...aaaaaaaaaaaaaaaaaaaa (50 characters)": not a move: a move is squares joined by '-' (32-28) or 'x' (28x19, 28x37x46)`},
		{"1. 32-28 " + strings.Repeat("(", MaxDepth+1), fmt.Sprintf(`t.pdn:1:%d: game 1: variations nested more than %d deep`, 10+MaxDepth, MaxDepth)},
	} {
		_, err := readAll(t, c.text)
		if err == nil || err.Error() != c.want {
			t.Errorf("%.40q:\n got %v\nwant %s", c.text, err, c.want)
		}
		var pe *Error
		if err != nil && !errors.As(err, &pe) {
			t.Errorf("%.40q: not an *Error: %T", c.text, err)
		}
	}
}

func TestBounds(t *testing.T) {
	var b strings.Builder
	for i := 0; i <= MaxMoves; i++ {
		b.WriteString("32-28 ")
	}
	_, err := readAll(t, b.String())
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("more than %d moves in one game", MaxMoves)) {
		t.Errorf("too many moves: %v", err)
	}
	_, err = readAll(t, "{"+strings.Repeat("x", MaxGameBytes)+"}")
	if err == nil || !strings.Contains(err.Error(), "a comment longer than") {
		t.Errorf("long comment: %v", err)
	}
	_, err = readAll(t, strings.Repeat("32-28 {"+strings.Repeat("x", 1000)+"} ", MaxGameBytes/1000))
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("a game longer than %d bytes", MaxGameBytes)) {
		t.Errorf("long game: %v", err)
	}
}

// TestManyGames reads 10,000 games one at a time.
func TestManyGames(t *testing.T) {
	text := strings.Repeat("[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 1-1\n", 10000)
	r := NewReader(strings.NewReader(text), "many.pdn")
	n, moves := 0, 0
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		n++
		moves += len(g.Moves)
		if g.Index != n || g.Line != 2*n-1 {
			t.Fatalf("game %d: index %d line %d", n, g.Index, g.Line)
		}
	}
	if n != 10000 || moves != 40000 {
		t.Errorf("%d games, %d moves", n, moves)
	}
}

func FuzzReader(f *testing.F) {
	f.Add(twoGames)
	f.Add("1. 32-28 (2. 1-5 {x} (3... 4-5)) $3 *")
	f.Add("[FEN \"W:W31-50:B1-20\"]")
	f.Fuzz(func(t *testing.T, text string) {
		r := NewReader(strings.NewReader(text), "f.pdn")
		for i := 0; ; i++ {
			g, err := r.Next()
			if err != nil {
				if err != io.EOF && !strings.HasPrefix(err.Error(), "f.pdn:") {
					t.Fatalf("message without its place: %v", err)
				}
				if err == io.EOF || i > len(text) {
					return
				}
				r.Skip() // on to the game after the broken one
				continue
			}
			for _, m := range g.Moves {
				if len(m.Squares) < 2 {
					t.Fatalf("move %q with %d squares", m.Text, len(m.Squares))
				}
			}
			if i > len(text) {
				t.Fatal("more games than bytes")
			}
		}
	})
}
