package record

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

func TestReadNotationExample(t *testing.T) {
	src := `game: salta              # the stem of games/<game>.rules
options: {limit: 120}    # optional
setup:                   # optional
  a1: green
moves: [c3-d4, h8-g7, a3-b4]
result:                  # optional
  winners: [green]
  scores: {green: 0, red: 31}   # optional
`
	rec, err := Parse([]byte(src), "game.yaml")
	if err != nil {
		t.Fatal(err)
	}
	want := &Record{
		Game:    "salta",
		Options: map[string]string{"limit": "120"},
		Setup:   map[string]string{"a1": "green"},
		Moves:   []string{"c3-d4", "h8-g7", "a3-b4"},
		Result:  &Result{Winners: []string{"green"}, Scores: map[string]int{"green": 0, "red": 31}},
	}
	rec.movePos = nil
	if !reflect.DeepEqual(rec, want) {
		t.Errorf("got %+v\nwant %+v", rec, want)
	}
}

func TestOptionScalarsAsText(t *testing.T) {
	rec, err := Parse([]byte("game: g\noptions: {size: 8x8, diagonal: true, limit: 120, q: \"7\", f: 1.5}\n"), "x.yaml")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"size": "8x8", "diagonal": "true", "limit": "120", "q": "7", "f": "1.5"}
	if !reflect.DeepEqual(rec.Options, want) {
		t.Errorf("options %v, want %v", rec.Options, want)
	}
	if rec.Moves != nil || rec.Result != nil || rec.Setup != nil {
		t.Errorf("unexpected fields: %+v", rec)
	}
}

func TestMovePos(t *testing.T) {
	rec, err := Parse([]byte("game: g\nmoves:\n  - a1-b2\n  - xh8\n"), "m.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if got := rec.MovePos(1).String(); got != "m.yaml:4:5" {
		t.Errorf("MovePos(1) = %s", got)
	}
	if got := rec.MovePos(7).String(); got != "m.yaml" {
		t.Errorf("MovePos(7) = %s", got)
	}
}

func TestStrictErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"game: salta\nmoves: [a1-b2]\nmvoes: [c3-d4]\n", `game.yaml:3:1: unknown key "mvoes"; did you mean "moves"?`},
		{"game: salta\ncolour: red\n", `game.yaml:2:1: unknown key "colour" (known keys: game, options, seats, seed, date, engine, comment, setup, start, moves, result)`},
		{"moves: [a1-b2]\n", `game.yaml:1:1: missing key "game" (the stem of the rules file, e.g. game: my-game)`},
		{"game: [a, b]\n", `game.yaml:1:7: game: want the name of a game, got a list`},
		{"game: g\nmoves: {a: b}\n", `game.yaml:2:8: moves: want a list of moves like [c3-d4, h8-g7], got a mapping`},
		{"game: g\nmoves: c3-d4\n", `game.yaml:2:8: moves: want a list of moves like [c3-d4, h8-g7], got "c3-d4"`},
		{"game: g\nmoves: [a1-b2, [x], c1]\n", `game.yaml:2:16: move 2: want a move text like c3-d4, got a list`},
		{"game: g\nmoves: [a1-b2, ~]\n", `game.yaml:2:16: move 2: want a move text like c3-d4, got nothing`},
		{"game: g\noptions: [size]\n", `game.yaml:2:10: options: want a mapping (name: value, ...), got a list`},
		{"game: g\noptions: {size: [8, 8]}\n", `game.yaml:2:17: options: size: want an option value, got a list`},
		{"game: g\nsetup:\n  a1: {x: 1}\n", `game.yaml:3:7: setup: a1: want a piece name, got a mapping`},
		{"game: g\nresult: p1\n", `game.yaml:2:9: result: want a mapping (winners: [...], scores: {...}), got "p1"`},
		{"game: g\nresult:\n  winner: [p1]\n", `game.yaml:3:3: unknown key "winner" in result; did you mean "winners"?`},
		{"game: g\nresult:\n  scores: {p1: 3}\n", `game.yaml:3:3: result: missing key "winners" (the players sharing the best result)`},
		{"game: g\nresult:\n  winners: p1\n", `game.yaml:3:12: result: winners: want a list of players like [p1], got "p1"`},
		{"game: g\nresult:\n  winners: []\n", `game.yaml:3:12: result: winners: the list is empty (a draw lists every player)`},
		{"game: g\nresult:\n  winners: [p1]\n  scores: {p1: many}\n", `game.yaml:4:16: result: scores: p1: want a whole number, got "many"`},
		{"game: g\nresult:\n  winners: [p1]\n  scores: {p1: 2.5}\n", `game.yaml:4:16: result: scores: p1: want a whole number, got the number 2.5`},
		{"game: g\ngame: h\n", `game.yaml:2:1: key "game" given twice (first at line 1)`},
		{"game: g\nsetup: {a1: x, a1: y}\n", `game.yaml:2:16: key "a1" given twice (first at line 2)`},
		{"- a\n- b\n", `game.yaml:1:1: a record is a mapping (game: NAME, moves: [...]), got a list`},
		{"", `game.yaml: empty record (want at least game: NAME)`},
		{"# nothing\n", `game.yaml: empty record (want at least game: NAME)`},
		{"game: g\n---\ngame: h\n", `game.yaml:2:1: a second YAML document (a record is one document; remove the ---)`},
		{"game: g\nmoves: [a1-b2\n", `game.yaml:1: YAML syntax: did not find expected ',' or ']'`},
		{"game: g\n  moves: x\n", `game.yaml:2: YAML syntax: mapping values are not allowed in this context`},
	} {
		_, err := Parse([]byte(tc.src), "game.yaml")
		if err == nil {
			t.Errorf("%q: no error, want %s", tc.src, tc.want)
			continue
		}
		if err.Error() != tc.want {
			t.Errorf("%q:\n got %s\nwant %s", tc.src, err, tc.want)
		}
	}
}

func TestAliases(t *testing.T) {
	rec, err := Parse([]byte("game: &g salta\nmoves: [*g]\n"), "a.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if rec.Moves[0] != "salta" {
		t.Errorf("alias not followed: %v", rec.Moves)
	}
}

func TestWriteLayout(t *testing.T) {
	rec := &Record{
		Game:    "salta",
		Options: map[string]string{"limit": "120"},
		Setup:   map[string]string{"a10": "red", "a2": "green", "b1": "green"},
		Moves:   []string{"c3-d4", "h8-g7", "a3-b4"},
		Result:  &Result{Winners: []string{"green"}, Scores: map[string]int{"red": 31, "green": 0}},
	}
	var b bytes.Buffer
	if err := Write(&b, rec); err != nil {
		t.Fatal(err)
	}
	want := `game: salta
options: {limit: 120}
setup:
  a2: green
  a10: red
  b1: green
moves: [c3-d4, h8-g7, a3-b4]
result:
  winners: [green]
  scores: {green: 0, red: 31}
`
	if b.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", b.String(), want)
	}
}

func TestWriteWrapsAndRoundTrips(t *testing.T) {
	var moves []string
	for i := 0; i < 300; i++ {
		moves = append(moves, string(rune('a'+i%26))+"1-"+string(rune('a'+(i+1)%26))+"12")
	}
	rec := &Record{
		Game: "leapfrog",
		Options: map[string]string{
			"size": "8x8", "diagonal": "true", "players": "3", "odd": "a: b", "empty": "",
			"null": "null", "num": "1e3",
		},
		Setup: map[string]string{"a1": "yes", "b1": "no", "c1": "12", "d1": "x#y", "e1": "Büttgenbach \"q\"", "f1": "- x"},
		Moves: append(moves, "pass", "a2:a3-a5", "null", "true", "-1", "x\ty"),
		Result: &Result{Winners: []string{"p1", "p3"}, Scores: map[string]int{
			"p1": 12, "p2": -3, "p3": 12, "p10": 0,
		}},
	}
	var b bytes.Buffer
	if err := Write(&b, rec); err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.Split(b.String(), "\n") {
		if len(line) > Width && strings.HasPrefix(line, "moves") {
			t.Errorf("line %d is %d columns long", i+1, len(line))
		}
	}
	if !strings.Contains(b.String(), "scores: {p1: 12, p2: -3, p3: 12, p10: 0}") {
		t.Errorf("scores not in natural order:\n%s", b.String())
	}
	got, err := Parse(b.Bytes(), "rt.yaml")
	if err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	got.movePos = nil
	if !reflect.DeepEqual(got, rec) {
		t.Errorf("round trip differs:\n got %+v\nwant %+v\n%s", got, rec, b.String())
	}
}

func TestWriteMinimal(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, &Record{Game: "capture"}); err != nil {
		t.Fatal(err)
	}
	if b.String() != "game: capture\nmoves: []\n" {
		t.Errorf("got %q", b.String())
	}
	if err := Write(&b, &Record{}); err == nil {
		t.Error("a record without a game was written")
	}
}

func TestNaturalLess(t *testing.T) {
	in := []string{"p10", "p2", "a10", "a2", "b1", "a1", "p1", "a02"}
	want := []string{"a1", "a2", "a02", "a10", "b1", "p1", "p2", "p10"}
	m := map[string]int{}
	for _, s := range in {
		m[s] = 0
	}
	if got := sortedKeys(m); !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

// The optional keys of docs/notation.md are read, written and read back.
func TestOptionalKeys(t *testing.T) {
	src := `game: salta
options: {limit: 120}
seats: {green: mcts, red: human}
seed: 7
date: 2026-12-01
engine: "ruleplay 0.3"
comment: "a quiet game: \"draw\" at 120"
moves: [c3-d4]
`
	rec, err := Parse([]byte(src), "game.yaml")
	if err != nil {
		t.Fatal(err)
	}
	seven := uint64(7)
	want := &Record{Game: "salta", Options: map[string]string{"limit": "120"}, Moves: []string{"c3-d4"},
		Seats: map[string]string{"green": "mcts", "red": "human"}, Seed: &seven, Date: "2026-12-01",
		Engine: "ruleplay 0.3", Comment: `a quiet game: "draw" at 120`}
	rec.movePos = nil
	if !reflect.DeepEqual(rec, want) {
		t.Fatalf("got %+v\nwant %+v", rec, want)
	}
	var b bytes.Buffer
	if err := Write(&b, rec); err != nil {
		t.Fatal(err)
	}
	if b.String() != src {
		t.Errorf("written:\n%s\nwant:\n%s", b.String(), src)
	}
	for _, bad := range []struct{ src, msg string }{
		{"game: g\nseed: -1\n", `game.yaml:2:7: seed: want a whole number of 0 or more, got the number -1`},
		{"game: g\nseed: soon\n", `game.yaml:2:7: seed: want a whole number of 0 or more, got "soon"`},
		{"game: g\nseats: [mcts]\n", `game.yaml:2:8: seats: want a mapping (name: value, ...), got a list`},
		{"game: g\ncomment: {a: b}\n", `game.yaml:2:10: comment: want a text, got a mapping`},
	} {
		if _, err := Parse([]byte(bad.src), "game.yaml"); err == nil || err.Error() != bad.msg {
			t.Errorf("%q: got %v, want %s", bad.src, err, bad.msg)
		}
	}
}

// A record may start from a position text (start:), written quoted and
// read back; it gives a setup or a start, not both.
func TestStart(t *testing.T) {
	src := `game: draughts
start: "mmmm/mmmm/mmmm/4/4/MMMM/MMMM/MMMM white ply:1"
moves: [c3-d4]
`
	rec, err := Parse([]byte(src), "game.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if rec.Start != "mmmm/mmmm/mmmm/4/4/MMMM/MMMM/MMMM white ply:1" || rec.StartPos().String() != "game.yaml:2:8" {
		t.Fatalf("start %q at %s", rec.Start, rec.StartPos())
	}
	var b bytes.Buffer
	if err := Write(&b, rec); err != nil {
		t.Fatal(err)
	}
	if b.String() != src {
		t.Errorf("written:\n%s\nwant:\n%s", b.String(), src)
	}
	for _, bad := range []struct{ src, msg string }{
		{"game: g\nsetup: {a1: x}\nstart: \"4 black\"\n", `game.yaml:3:8: start: the record gives a setup too (a record starts from one or the other)`},
		{"game: g\nstart: [a]\n", `game.yaml:2:8: start: want a position text (docs/notation.md), got a list`},
		{"game: g\nstart: \"4 black\\nply:2\"\n", `game.yaml:2:8: start: a position text is one line`},
		{"game: g\nstrat: \"4 black\"\n", `game.yaml:2:1: unknown key "strat"; did you mean "start"?`},
	} {
		if _, err := Parse([]byte(bad.src), "game.yaml"); err == nil || err.Error() != bad.msg {
			t.Errorf("%q: got %v, want %s", bad.src, err, bad.msg)
		}
	}
}
