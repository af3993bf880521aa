package pdngame

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/ruleplay/ruleplay/games"
	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/ir"
	"github.com/ruleplay/ruleplay/lang"
	"github.com/ruleplay/ruleplay/record"
	"github.com/ruleplay/ruleplay/record/pdn"
)

var (
	programs = map[string]*interp.Program{}
	types    *Types
)

// bundled returns the table of the bundled games' types.
func bundled(t testing.TB) *Types {
	t.Helper()
	if types == nil {
		ts, err := Bundled()
		if err != nil {
			t.Fatal(err)
		}
		types = ts
	}
	return types
}

// typeOf is the type the bundled rules file name says.
func typeOf(t testing.TB, name string) GameType {
	t.Helper()
	gt, ok := Of(program(t, name).Game())
	if !ok {
		t.Fatalf("%s has no pdn entry", name)
	}
	return gt
}

// program compiles the bundled rules file name.
func program(t testing.TB, name string) *interp.Program {
	t.Helper()
	if p := programs[name]; p != nil {
		return p
	}
	g, err := lang.Load(filepath.Join("..", "..", "games", name+".rules"), nil)
	if err != nil {
		t.Fatal(err)
	}
	p, err := interp.Compile(g, interp.Config{})
	if err != nil {
		t.Fatal(err)
	}
	programs[name] = p
	return p
}

// readFile reads every game of a testdata file (failing on an error).
func readFile(t *testing.T, file string) []*pdn.Game {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rd := pdn.NewReader(f, file)
	var games []*pdn.Game
	for {
		g, err := rd.Next()
		if err == io.EOF {
			return games
		}
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, g)
	}
}

// TestPublishedGames replays published games: two international games
// (Mikhalchenko - Ndjofang, FMJD World Championship 2007, and Derkx -
// Meijer 2009 with its analysis: comments, nested variations, NAGs) and
// an English one (Jordan - Tesheliet, the Double Corner Dyke), as the
// PDN 3.0 standard gives them: every move legal, the plies counted, and
// no result contradicted (the games were resigned or drawn by agreement,
// not ended by the rules).
func TestPublishedGames(t *testing.T) {
	cases := []struct {
		file  string
		plies []int
		fen   []string // the position after the last move
	}{
		{"international.pdn", []int{74, 117}, []string{
			"W:W27,33,35,40,48,50:B3,5,7,17,18,23",
			"B:W17,K18,37,38:B15,24,26,30,35",
		}},
		{"english.pdn", []int{48}, []string{"B:W13,17,18,21:B6,10,12,14,23,27"}},
	}
	for _, tc := range cases {
		games := readFile(t, tc.file)
		if len(games) != len(tc.plies) {
			t.Fatalf("%s: %d games", tc.file, len(games))
		}
		for i, g := range games {
			gt, err := bundled(t).TypeOf(g)
			if err != nil {
				t.Fatal(err)
			}
			p := program(t, gt.Game)
			r, err := Play(p, gt, g)
			if err != nil {
				t.Fatal(err)
			}
			if r.Bad != nil {
				t.Fatalf("%s game %d: move %d %s: %s (legal: %v)", tc.file, i+1, r.Bad.Ply+1, r.Bad.Move.Text, r.Bad.Why, r.Bad.Legal)
			}
			if len(r.Moves) != tc.plies[i] || r.ResultDisagrees != "" {
				t.Errorf("%s game %d: %d plies (%s)", tc.file, i+1, len(r.Moves), r.ResultDisagrees)
			}
			if fen, _ := interp.FEN(p, r.End); fen != tc.fen[i] {
				t.Errorf("%s game %d: ends at %s, want %s", tc.file, i+1, fen, tc.fen[i])
			}
		}
	}
}

// randomGame plays a random game of p from its start, of at most plies
// plies, and returns the moves' texts.
func randomGame(p *interp.Program, seed uint64, plies int) []string {
	rng := rand.New(rand.NewPCG(seed, 3))
	s := p.NewState(1)
	var ml interp.MoveList
	var moves []string
	for range plies {
		p.Legal(s, &ml)
		if ml.Len() == 0 || p.Status(s).Over {
			break
		}
		k := rng.IntN(ml.Len())
		moves = append(moves, p.Text(&ml, k))
		p.Apply(s, &ml, k)
	}
	return moves
}

// TestWriteReadRoundTrip writes random games of every bundled game type
// as PDN, reads them back and replays them: the same moves, the same
// result.
func TestWriteReadRoundTrip(t *testing.T) {
	for _, gt := range bundled(t).List() {
		if _, err := os.Stat(filepath.Join("..", "..", "games", gt.Game+".rules")); err != nil {
			continue // not bundled (yet)
		}
		p := program(t, gt.Game)
		var buf bytes.Buffer
		var want [][]string
		for seed := range uint64(6) {
			moves := randomGame(p, seed, 400)
			want = append(want, moves)
			tags := []pdn.Tag{{Name: "Event", Value: fmt.Sprintf(`round "%d"`, seed)}}
			if err := Write(&buf, p, gt, tags, p.NewState(1), moves, true); err != nil {
				t.Fatalf("%s: %v", gt.Game, err)
			}
		}
		text := buf.String()
		rd := pdn.NewReader(strings.NewReader(text), gt.Game+".pdn")
		for i := range want {
			g, err := rd.Next()
			if err != nil {
				t.Fatalf("%s: game %d: %v\n%s", gt.Game, i+1, err, text)
			}
			back, err := bundled(t).TypeOf(g)
			if err != nil || back.Game != gt.Game {
				t.Fatalf("%s: read as %s (%v)", gt.Game, back.Game, err)
			}
			if v, _ := g.Tag("Event"); v != fmt.Sprintf(`round "%d"`, i) {
				t.Errorf("%s: Event %q", gt.Game, v)
			}
			r, err := Play(p, gt, g)
			if err != nil || r.Bad != nil {
				t.Fatalf("%s: game %d: %v %+v", gt.Game, i+1, err, r.Bad)
			}
			if strings.Join(r.Moves, " ") != strings.Join(want[i], " ") {
				t.Fatalf("%s: game %d read back differently", gt.Game, i+1)
			}
			if r.ResultDisagrees != "" || (r.Status.Over && g.Result != ResultText(p, gt, r.Status)) {
				t.Errorf("%s: game %d: result %s (%s)", gt.Game, i+1, g.Result, r.ResultDisagrees)
			}
			for _, m := range g.Moves {
				sq := m.Squares[0]
				if isDigit := sq[0] >= '0' && sq[0] <= '9'; isDigit == gt.Algebraic {
					t.Fatalf("%s: move %s: squares not in the type's notation", gt.Game, m.Text)
				}
			}
		}
		if _, err := rd.Next(); err != io.EOF {
			t.Errorf("%s: more games: %v", gt.Game, err)
		}
	}
}

// TestWriteFromFEN writes a game that starts from a FEN: the [FEN] tag,
// "1..." before black's first move, and the game read back from there.
func TestWriteFromFEN(t *testing.T) {
	p := program(t, "draughts-international")
	gt := typeOf(t, "draughts-international")
	s0, err := interp.ParseFEN(p, "B:W27,28,K46:B17,18")
	if err != nil {
		t.Fatal(err)
	}
	var moves []string
	s := s0.Clone()
	var ml interp.MoveList
	for range 3 {
		p.Legal(s, &ml)
		moves = append(moves, p.Text(&ml, 0))
		p.Apply(s, &ml, 0)
	}
	var buf bytes.Buffer
	if err := Write(&buf, p, gt, nil, s0, moves, false); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "[FEN \"B:W27,28,K46:B17,18\"]\n\n1... ") {
		t.Errorf("written:\n%s", buf.String())
	}
	g, err := pdn.NewReader(&buf, "x.pdn").Next()
	if err != nil {
		t.Fatal(err)
	}
	if fen, _ := g.Tag("FEN"); fen != "B:W27,28,K46:B17,18" {
		t.Errorf("FEN %q", fen)
	}
	if !g.Moves[0].Black || g.Moves[0].Number != 1 || g.Moves[1].Number != 2 {
		t.Errorf("numbers: %+v", g.Moves[:2])
	}
	r, err := Play(p, gt, g)
	if err != nil || r.Bad != nil || len(r.Moves) != 3 {
		t.Fatalf("%v %+v", err, r)
	}
}

// TestBrokenFile checks what each broken game of a file says, and that
// the games after a broken one are read.
func TestBrokenFile(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "broken.pdn"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rd := pdn.NewReader(f, "broken.pdn")
	var got []string
	for {
		g, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			var pe *pdn.Error
			if !errors.As(err, &pe) {
				t.Fatal(err)
			}
			got = append(got, err.Error())
			rd.Skip()
			continue
		}
		gt, err := bundled(t).TypeOf(g)
		if err != nil {
			t.Fatal(err)
		}
		r, err := Play(program(t, gt.Game), gt, g)
		if err != nil {
			t.Fatal(err)
		}
		if r.Bad != nil {
			got = append(got, fmt.Sprintf("game %d line %d: ply %d %s: %s; legal %v", g.Index, r.Bad.Move.Line, r.Bad.Ply+1, r.Bad.Move.Text, r.Bad.Why, r.Bad.Legal))
		} else {
			got = append(got, fmt.Sprintf("game %d: ok", g.Index))
		}
	}
	want := []string{
		"game 1: ok",
		`broken.pdn:7:11: game 2: tag "GameType": its value must be a quoted string`,
		"game 3 line 14: ply 3 28-22: no legal move goes this way; legal [28x19]",
		`broken.pdn:18:10: game 4: move "19-2q3": "2q3" is not a square: squares are numbers (32) or names (c3)`,
		"game 5: ok",
		`broken.pdn:25:1: game 6: tag "White": its value runs past the end of the line`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestResultDisagrees checks a game the rules end with another result
// than its PDN's.
func TestResultDisagrees(t *testing.T) {
	p := program(t, "draughts-international")
	text := `[GameType "20"]
[FEN "W:W28:B23"]
1. 28x19 1-1
`
	g, err := pdn.NewReader(strings.NewReader(text), "x.pdn").Next()
	if err != nil {
		t.Fatal(err)
	}
	gt, _ := bundled(t).TypeOf(g)
	r, err := Play(p, gt, g)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(r.ResultDisagrees, "with the result 2-0, not 1-1") {
		t.Errorf("%q", r.ResultDisagrees)
	}
}

// TestGameTypes checks the GameType tag's forms and errors.
func TestGameTypes(t *testing.T) {
	for _, tc := range []struct{ tag, game, err string }{
		{"", "draughts-international", ""},
		{"21", "draughts", ""},
		{"20,W,10,10,N2,0", "draughts-international", ""},
		{"22,W,8,8,N2,1", "draughts-italian", ""},
		{"27", "draughts-canadian", ""},
		{"26", "draughts-brazilian", ""},
		{"0", "", "no bundled rules file plays it"},
		{"x", "", "the type is a number"},
	} {
		g := &pdn.Game{}
		if tc.tag != "" {
			g.Tags = []pdn.Tag{{Name: "GameType", Value: tc.tag}}
		}
		gt, err := bundled(t).TypeOf(g)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: %v", tc.tag, err)
			}
			continue
		}
		if err != nil || gt.Game != tc.game {
			t.Errorf("%q: %s %v", tc.tag, gt.Game, err)
		}
	}
	// a variant inherits its base's pdn entry
	g, err := lang.LoadSource("my-draughts.rules", []byte(`extends: "draughts-brazilian"`+"\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if gt, ok := Of(g); !ok || gt.Number != 26 || gt.Game != "my-draughts" || !gt.Algebraic {
		t.Errorf("a variant of Brazilian: %+v %v", gt, ok)
	}
}

// TestBundledTypes: the bundled rules files' pdn entries make the table
// of game types, each with its notation and results.
func TestBundledTypes(t *testing.T) {
	var got []string
	for _, gt := range bundled(t).List() {
		got = append(got, fmt.Sprintf("%d %s %v %s %q", gt.Number, gt.Game, gt.Algebraic, gt.Capture, gt.WinLoss))
	}
	want := []string{
		`20 draughts-international false x ["2-0" "0-2" "1-1"]`,
		`21 draughts false x ["1-0" "0-1" "1/2-1/2"]`,
		`22 draughts-italian false x ["1-0" "0-1" "1/2-1/2"]`,
		`25 draughts-russian true : ["1-0" "0-1" "1/2-1/2"]`,
		`26 draughts-brazilian true x ["1-0" "0-1" "1/2-1/2"]`,
		`27 draughts-canadian false x ["2-0" "0-2" "1-1"]`,
		`30 draughts-turkish true x ["1-0" "0-1" "1/2-1/2"]`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// a game type given by two games is refused
	base := program(t, "draughts-international").Game()
	variant := *base
	variant.Name = "my-draughts"
	if _, err := NewTypes([]*ir.Game{base, &variant}); err == nil || err.Error() != "draughts-international and my-draughts both say pdn { game-type: 20 }: give the variant a game-type of its own" {
		t.Errorf("two games of type 20: %v", err)
	}
	// a rules file without a pdn entry is written the default way
	if gt := ForRules(program(t, "salta").Game()); gt.Number != 0 || gt.Game != "salta" || !gt.Algebraic || gt.WinLoss[2] != "1/2-1/2" {
		t.Errorf("salta: %+v", gt)
	}
}

// TestRecordConversion converts a PDN game to a YAML record and back.
func TestRecordConversion(t *testing.T) {
	p := program(t, "draughts")
	games := readFile(t, "english.pdn")
	gt, _ := bundled(t).TypeOf(games[0])
	r, err := Play(p, gt, games[0])
	if err != nil || r.Bad != nil {
		t.Fatal(err)
	}
	rec := ToRecord(p, "draughts", games[0], r)
	var buf bytes.Buffer
	if err := record.Write(&buf, rec); err != nil {
		t.Fatal(err)
	}
	back, err := record.Parse(buf.Bytes(), "x.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if back.Game != "draughts" || len(back.Moves) != 48 || back.Result != nil || !strings.Contains(back.Comment, "White: Tesheliet,F") {
		t.Errorf("record: %+v", back)
	}
	buf.Reset()
	if err := Write(&buf, p, gt, RecordTags(back), p.NewState(1), back.Moves, back.Result != nil); err != nil {
		t.Fatal(err)
	}
	g, err := pdn.NewReader(&buf, "y.pdn").Next()
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range g.Moves {
		if m.Text != games[0].Moves[i].Text && strings.ReplaceAll(games[0].Moves[i].Text, " ", "") != m.Text {
			if i != 46 { // 7x23 is written with its path, 7x16x23 (English captures are named by their path)
				t.Errorf("move %d: %s, was %s", i+1, m.Text, games[0].Moves[i].Text)
			}
		}
	}
}

// TestManyGames streams a file of 10,000 games: every game is checked,
// and the memory held does not grow with the games read.
func TestManyGames(t *testing.T) {
	if testing.Short() {
		t.Skip("10,000 games")
	}
	p := program(t, "draughts-international")
	gt := typeOf(t, "draughts-international")
	file := filepath.Join(t.TempDir(), "many.pdn")
	out, err := os.Create(file)
	if err != nil {
		t.Fatal(err)
	}
	const n = 10000
	for i := range uint64(n) {
		moves := randomGame(p, i, 12)
		if err := Write(out, p, gt, []pdn.Tag{{Name: "Round", Value: fmt.Sprint(i + 1)}}, p.NewState(1), moves, false); err != nil {
			t.Fatal(err)
		}
	}
	out.Close()
	in, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	rd := pdn.NewReader(in, "many.pdn")
	var heapAt1000 uint64
	ok := 0
	for {
		g, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		r, err := Play(p, gt, g)
		if err == nil && r.Bad == nil && len(r.Moves) == len(g.Moves) {
			ok++
		}
		if g.Index == 1000 {
			heapAt1000 = heapInUse()
		}
	}
	if ok != n {
		t.Errorf("%d of %d games ok", ok, n)
	}
	if grown := int64(heapInUse()) - int64(heapAt1000); grown > 4<<20 {
		t.Errorf("the heap grew by %d bytes from game 1,000 to game 10,000", grown)
	}
}

func heapInUse() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}

// FuzzPlay reads arbitrary text as a PDN file and replays its games by
// international draughts: errors, never a panic.
func FuzzPlay(f *testing.F) {
	for _, s := range []string{
		"1. 32-28 19-23 2. 28x19 14x23 *",
		"[FEN \"W:W28:B23\"]\n1. 28x19 2-0",
		"[GameType \"20\"] 1. c3-d4 *",
		"1. 32-28 (1. 31-27 {x}) 17-21 $1 1-1",
		"[FEN \"B:W1:B50\"] 1... 50-45",
	} {
		f.Add(s)
	}
	p := program(f, "draughts-international")
	gt := typeOf(f, "draughts-international")
	f.Fuzz(func(t *testing.T, text string) {
		rd := pdn.NewReader(strings.NewReader(text), "fuzz.pdn")
		for range 20 {
			g, err := rd.Next()
			if err != nil {
				return
			}
			r, err := Play(p, gt, g)
			if err != nil || r.Bad != nil {
				continue
			}
			var buf bytes.Buffer
			if err := Write(&buf, p, gt, g.Tags, r.Start, r.Moves, true); err != nil {
				t.Fatalf("%q: replayed, but not written: %v", text, err)
			}
		}
	})
}

// TestLoadFile makes the games of a file records, broken games reported.
func TestLoadFile(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "broken.pdn"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	loaded, err := LoadFile(f, "broken.pdn", 100, bundled(t), func(gt GameType) (*interp.Program, error) { return program(t, gt.Game), nil })
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range loaded {
		moves := -1
		if l.Record != nil {
			moves = len(l.Record.Moves)
		}
		got = append(got, fmt.Sprintf("%d %q %d %s", l.Index, l.Title, moves, l.Problem))
	}
	want := []string{
		`1 "good" 4 `,
		`2 "" -1 broken.pdn:7:11: game 2: tag "GameType": its value must be a quoted string`,
		`3 "wrong move" 2 broken.pdn:14:19: game 3: move 3 28-22: not legal: no legal move goes this way`,
		`4 "" -1 broken.pdn:18:10: game 4: move "19-2q3": "2q3" is not a square: squares are numbers (32) or names (c3)`,
		`5 "good again" 1 `,
		`6 "" -1 broken.pdn:25:1: game 6: tag "White": its value runs past the end of the line`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// at most max games
	f.Seek(0, io.SeekStart)
	if loaded, _ := LoadFile(f, "broken.pdn", 2, bundled(t), func(gt GameType) (*interp.Program, error) { return program(t, gt.Game), nil }); len(loaded) != 2 {
		t.Errorf("%d games for max 2", len(loaded))
	}
}

// TestAlgebraicFEN checks that a game type with algebraic notation
// (Brazilian) writes its [FEN] and moves with cell names, read back.
func TestAlgebraicFEN(t *testing.T) {
	p := program(t, "draughts-brazilian")
	gt := typeOf(t, "draughts-brazilian")
	s0, err := interp.ParseFEN(p, "W:Wc3,e3:Bd6,Kh8")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := Write(&buf, p, gt, nil, s0, []string{"c3-d4"}, false); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "[FEN \"W:Wc3,e3:BKh8,d6\"]") || !strings.Contains(buf.String(), "1. c3-d4 *") {
		t.Errorf("written:\n%s", buf.String())
	}
	g, err := pdn.NewReader(&buf, "b.pdn").Next()
	if err != nil {
		t.Fatal(err)
	}
	r, err := Play(p, gt, g)
	if err != nil || r.Bad != nil || len(r.Moves) != 1 {
		t.Fatalf("%v %+v", err, r)
	}
}

// TestVariations checks the variations of the published analysis (all
// legal) and of a game whose variations hold illegal moves, nested ones
// included.
func TestVariations(t *testing.T) {
	read := func(text string) *pdn.Game {
		rd := pdn.NewReader(strings.NewReader(text), "v.pdn")
		rd.KeepVariations = true
		g, err := rd.Next()
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	p := program(t, "draughts-international")
	gt := typeOf(t, "draughts-international")
	data, err := os.ReadFile(filepath.Join("testdata", "international.pdn"))
	if err != nil {
		t.Fatal(err)
	}
	rd := pdn.NewReader(bytes.NewReader(data), "international.pdn")
	rd.KeepVariations = true
	rd.Next()
	g, err := rd.Next()
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Lines) != 5 || g.Variations != 5 {
		t.Fatalf("%d lines", len(g.Lines))
	}
	bad, err := Variations(p, gt, g)
	if err != nil || len(bad) != 0 {
		t.Fatalf("published variations: %v %+v", err, bad)
	}
	if r, err := Play(p, gt, g); err != nil || r.Bad != nil || len(r.Moves) != 117 {
		t.Fatalf("the main line with variations kept: %v", err)
	}
	g = read("1. 32-28 19-23 (1... 19-24 2. 28-22 (2. 28-23 (2. 31-26 17-21 3. 26-22) 18x29) 16-21) 2. 28x19 (2. 28x17) *")
	bad, err = Variations(p, gt, g)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, b := range bad {
		got = append(got, fmt.Sprintf("ply %d %s", b.Ply+1, b.Move.Text))
	}
	// 1... 19-24 2. 28-22 is legal, 16-21 is not (a capture is
	// compulsory); 2. 28-23 18x29 is legal; in 2. 31-26 17-21 3. 26-22
	// the last is not (a5 does not touch d6); 2. 28x17 is not
	want := "ply 4 16-21, ply 5 26-22, ply 3 28x17"
	if strings.Join(got, ", ") != want {
		t.Errorf("got %s, want %s", strings.Join(got, ", "), want)
	}
	// a variation before any move, and one not closed
	for _, text := range []string{"(1. 32-28) 1. 31-27 *", "1. 32-28 (1. 31-27 *"} {
		rd := pdn.NewReader(strings.NewReader(text), "v.pdn")
		rd.KeepVariations = true
		if _, err := rd.Next(); err == nil {
			t.Errorf("%q read", text)
		}
	}
}

// TestBundledMentionPDN: Bundled loads only the bundled files that
// mention pdn; every bundled game with a pdn entry (its own or a base's)
// is one of them.
func TestBundledMentionPDN(t *testing.T) {
	for _, name := range games.Names() {
		src, err := fs.ReadFile(games.FS(), name+".rules")
		if err != nil {
			t.Fatal(err)
		}
		g, err := lang.LoadFS(games.FS(), name+".rules", nil)
		if err != nil {
			t.Fatal(err)
		}
		if g.PDN != nil && !bytes.Contains(src, []byte("pdn")) {
			t.Errorf("%s has a pdn entry (game-type %d) its file does not mention: Bundled passes it over", name, g.PDN.GameType)
		}
	}
}
