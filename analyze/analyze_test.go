package analyze

import (
	"bytes"
	"encoding/xml"
	"io"
	"math"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/ir"
	"github.com/ruleplay/ruleplay/lang"
)

// subject loads a bundled rules file as a Subject.
func subject(t *testing.T, name string, opts map[string]string, maxPlies int) Subject {
	t.Helper()
	g, err := lang.Load(filepath.Join("..", "games", name+".rules"), opts)
	if err != nil {
		t.Fatal(err)
	}
	p, err := interp.Compile(g, interp.Config{MaxPlies: maxPlies})
	if err != nil {
		t.Fatal(err)
	}
	seats := make([]string, p.NumPlayers())
	for i := range seats {
		seats[i] = p.PlayerName(i)
	}
	digest, err := RulesDigest(g)
	if err != nil {
		t.Fatal(err)
	}
	return Subject{Label: name, File: name, Game: g.Name, Title: g.Title, Seats: seats, Digest: digest, Program: p}
}

// withoutTiming returns the records with their times cleared.
func withoutTiming(games [][]Game) [][]Game {
	out := make([][]Game, len(games))
	for f, gs := range games {
		out[f] = slices.Clone(gs)
		for i := range out[f] {
			out[f][i].Nanos = 0
		}
	}
	return out
}

// Merging the parts of every shard gives exactly the records, and so the
// report, of the unsharded run (the times aside), whatever the threads.
func TestShardsMergeToWhole(t *testing.T) {
	subs := []Subject{
		subject(t, "leapfrog", map[string]string{"size": "5x5"}, 200),
		subject(t, "leapfrog-murray", map[string]string{"size": "5x5"}, 200), // a random setup
	}
	su := Setup{Players: []string{"mcts:playouts=20", "greedy"}, Games: 7, Seed: 3, MaxPlies: 200}
	whole := make([][]Game, len(subs))
	for f := range subs {
		games, err := Play(&subs[f], &su, Whole, 2, nil)
		if err != nil {
			t.Fatal(err)
		}
		whole[f] = games
	}
	const n = 3
	var parts []*Part
	var names []string
	for i := n - 1; i >= 0; i-- { // in any order
		pt := &Part{Setup: su, Shard: Shard{i, n}, Subjects: subs}
		for f := range subs {
			games, err := Play(&subs[f], &su, Shard{i, n}, 1+i%2, nil)
			if err != nil {
				t.Fatal(err)
			}
			if want := len(Shard{i, n}.Indices(su.Games)); len(games) != want {
				t.Fatalf("shard %d: %d games, want %d", i, len(games), want)
			}
			pt.Games = append(pt.Games, games)
		}
		// Through the file format.
		var buf bytes.Buffer
		if err := WritePart(&buf, pt); err != nil {
			t.Fatal(err)
		}
		back, err := ReadPart(&buf)
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, back)
		names = append(names, "part"+string(rune('0'+i)))
	}
	merged, err := Merge(parts, names)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := withoutTiming(merged.Games), withoutTiming(whole); !reflect.DeepEqual(got, want) {
		t.Fatalf("merged records differ from the whole run's:\n%+v\n%+v", got, want)
	}
	plain := func(s []Subject) []Subject {
		out := slices.Clone(s)
		for i := range out {
			out[i].Program = nil
		}
		return out
	}
	a := Summarize(su, plain(subs), whole, false)
	b := Summarize(merged.Setup, merged.Subjects, merged.Games, false)
	if !reflect.DeepEqual(a, b) {
		t.Errorf("reports differ:\n%+v\n%+v", a, b)
	}
	// With times, only the times may differ.
	at := Summarize(su, plain(subs), whole, true)
	for i := range at.Files {
		if at.Files[i].Timing == nil {
			t.Fatal("no timing")
		}
		at.Files[i].Timing = nil
	}
	if !reflect.DeepEqual(at, a) {
		t.Error("timing=true changed more than the times")
	}
	// Every game is recorded in full: a branching figure per ply.
	for f, gs := range whole {
		for _, g := range gs {
			if len(g.Branching) != g.Plies || g.Ending == "" || len(g.Winners) == 0 {
				t.Errorf("%s game %d: %d plies, %d branching figures, ending %q, winners %v", subs[f].Label, g.Index, g.Plies, len(g.Branching), g.Ending, g.Winners)
			}
		}
	}
}

func TestMergeRefuses(t *testing.T) {
	sub := subject(t, "leapfrog", map[string]string{"size": "4x4"}, 0)
	su := Setup{Players: []string{"random", "random"}, Games: 4, Seed: 1}
	part := func(su Setup, i, n int) *Part {
		g, err := Play(&sub, &su, Shard{i, n}, 1, nil)
		if err != nil {
			t.Fatal(err)
		}
		s := sub
		s.Program = nil
		return &Part{Format: PartFormat, Setup: su, Shard: Shard{i, n}, Subjects: []Subject{s}, Games: [][]Game{g}}
	}
	other := su
	other.Seed = 2
	for _, tc := range []struct {
		parts []*Part
		want  string
	}{
		{[]*Part{part(su, 0, 2)}, "shards [1] of 2 are missing"},
		{[]*Part{part(su, 0, 2), part(su, 0, 2)}, "a and b are both shard 0/2"},
		{[]*Part{part(su, 0, 2), part(other, 1, 2)}, "a and b are parts of different analyses (players, games, seed, budgets or --max-plies differ)"},
		{[]*Part{part(su, 0, 2), part(su, 1, 3)}, "a is shard 0/2 but b is shard 1/3"},
	} {
		_, err := Merge(tc.parts, []string{"a", "b"})
		if err == nil || err.Error() != tc.want {
			t.Errorf("Merge: %v, want %q", err, tc.want)
		}
	}
	for _, tc := range []struct{ text, want string }{
		{`{"format":"x"}`, `format "x", want "ruleplay-analyze-part/2": not a part file written by 'ruleplay analyze --shard' (of this version)`},
		{`[1]`, "not a part file written by 'ruleplay analyze --shard': json: cannot unmarshal array into Go value of type analyze.Part"},
		{`{"format":"ruleplay-analyze-part/2","setup":{"players":["a"],"games":2},"shard":{"index":0,"count":1},"subjects":[{"label":"x","seats":["p"],"digest":"sha256:` + strings.Repeat("0", 64) + `"}],"games":[[{"index":0,"ending":"e"},{"index":0,"ending":"e"}]]}`, "x: game 0 where game 1 belongs"},
		{`{"format":"ruleplay-analyze-part/2","setup":{"players":["a"],"games":1},"shard":{"index":0,"count":1},"subjects":[{"label":"x","seats":["p"],"digest":"sha256:` + strings.Repeat("0", 64) + `"}],"games":[[{"index":0,"winners":[3]}]]}`, "x: game 0: winner 3 is not a seat"},
		{`{"format":"ruleplay-analyze-part/2","setup":{"players":["a"],"games":1},"shard":{"index":2,"count":2}}`, "shard 2/2 is not a shard"},
	} {
		_, err := ReadPart(strings.NewReader(tc.text))
		if err == nil || err.Error() != tc.want {
			t.Errorf("ReadPart(%s): %v, want %q", tc.text, err, tc.want)
		}
	}
}

// Parts of two rules files that differ only in their content (the same
// name, title, seats and goals) do not merge; nor do parts of the same
// file with different options.
func TestMergeRefusesOtherRules(t *testing.T) {
	sub := subject(t, "leapfrog", map[string]string{"size": "4x4"}, 0)
	sub.Program = nil
	su := Setup{Players: []string{"random", "random"}, Games: 2, Seed: 1}
	game := func(i int) []Game {
		return []Game{{Index: i, Winners: []int{0}, Ending: "no move", Plies: 1, Branching: []int{2}}}
	}
	part := func(s Subject, i int) *Part {
		return &Part{Format: PartFormat, Setup: su, Shard: Shard{i, 2}, Subjects: []Subject{s}, Games: [][]Game{game(i)}}
	}
	if _, err := Merge([]*Part{part(sub, 0), part(sub, 1)}, []string{"a", "b"}); err != nil {
		t.Fatalf("the same rules: %v", err)
	}
	other := subject(t, "leapfrog", map[string]string{"size": "5x4"}, 0)
	other.Program, other.Title = nil, sub.Title // a 5x4 board under the same title
	withOption := sub
	withOption.Options = map[string]string{"size": "4x4"}
	want := "a and b analyse different rules files or options (leapfrog: the rules' digests differ, or their names, titles, options, seats or goals)"
	for _, s := range []Subject{other, withOption} {
		if _, err := Merge([]*Part{part(sub, 0), part(s, 1)}, []string{"a", "b"}); err == nil || err.Error() != want {
			t.Errorf("Merge: %v, want %q", err, want)
		}
	}
	if other.Digest == sub.Digest {
		t.Error("4x4 and 5x4 boards have the same digest")
	}
	// The digest does not depend on where the file is.
	again := subject(t, "leapfrog", map[string]string{"size": "4x4"}, 0)
	if again.Digest != sub.Digest {
		t.Error("the same rules loaded twice have different digests")
	}
}

// Hand-edited counts are refused, naming the field; escape codes in a
// part's texts are escaped.
func TestReadPartChecksCounts(t *testing.T) {
	head := `{"format":"ruleplay-analyze-part/2","setup":{"players":["a","b"],"games":1,"max_plies":1000},"shard":{"index":0,"count":1},"subjects":[{"label":"x","seats":["p","q"],"digest":"sha256:` + strings.Repeat("0", 64) + `"}],"games":[[`
	for _, tc := range []struct{ game, want string }{
		{`{"index":0,"ending":"e","plies":2,"branching":[1,1],"forced":5065}`, "x: game 0: forced 5065: want 0 to 2, the positions where a move was chosen (at most 100%)"},
		{`{"index":0,"ending":"e","plies":2,"branching":[1,1],"forced":-1}`, "x: game 0: forced -1: want 0 to 2, the positions where a move was chosen (at most 100%)"},
		{`{"index":0,"ending":"e","plies":2,"branching":[1,1],"passes":3}`, "x: game 0: passes 3: want 0 to 2, the positions left after the forced moves"},
		{`{"index":0,"ending":"e","nanos":-5}`, "x: game 0: nanos -5: a time is not negative"},
		{`{"index":0,"ending":"e","plies":1000000000}`, "x: game 0: plies 1000000000: want 0 to 1000 (the cap of the analysis)"},
		{`{"index":0,"ending":"e","scores":[1,2,3,4,5]}`, "x: game 0: 5 scores for 2 seats: want one per seat, or none"},
		{`{"index":0,"ending":"e","margin":-3}`, "x: game 0: margin -3: a margin is not negative"},
		{`{"index":0,"ending":"e","winners":[1,1]}`, "x: game 0: winners [1 1]: want each seat once, in order"},
		{`{"index":0,"ending":"e","plies":1,"branching":[0]}`, "x: game 0: branching 0 at position 1: a position where a move was chosen has at least one"},
		{`{"index":0}`, "x: game 0: no ending"},
	} {
		_, err := ReadPart(strings.NewReader(head + tc.game + "]]}"))
		if err == nil || err.Error() != tc.want {
			t.Errorf("ReadPart(%s): %v, want %q", tc.game, err, tc.want)
		}
	}
	for _, tc := range []struct{ text, want string }{
		{strings.Replace(head, `"max_plies":1000`, `"max_plies":-1`, 1) + `]]}`, "setup: max_plies -1: want 0 to 1000000"},
		{strings.Replace(head, `"games":1,`, `"games":1,"playouts":-4,`, 1) + `]]}`, "setup: playouts -4, cutoff 0, think 0: none may be negative"},
		{strings.Replace(head, "sha256:", "md5:", 1) + `{"index":0,"ending":"e"}]]}`, `x: digest "md5:` + strings.Repeat("0", 64) + `": want sha256: and 64 hexadecimal digits`},
		{strings.Replace(head, `"label":"x"`, `"label":"x\u001b[2J"`, 1) + `{"index":0}]]}`, `x\x1b[2J: game 0: no ending`},
	} {
		_, err := ReadPart(strings.NewReader(tc.text))
		if err == nil || err.Error() != tc.want {
			t.Errorf("ReadPart(%s): %v, want %q", tc.text, err, tc.want)
		}
	}
	pt, err := ReadPart(strings.NewReader(strings.Replace(head, `"seats":["p","q"]`, `"seats":["p\u001b]0;owned\u0007","q"],"title":"\u001b[31mred"`, 1) + `{"index":0,"ending":"goal: \u001b[2J"}]]}`))
	if err != nil {
		t.Fatal(err)
	}
	if got := pt.Subjects[0].Seats[0] + " " + pt.Subjects[0].Title + " " + pt.Games[0][0].Ending; got != `p\x1b]0;owned\a \x1b[31mred goal: \x1b[2J` {
		t.Errorf("texts read as %q", got)
	}
}

// The figures of a report from records made by hand.
func TestSummarize(t *testing.T) {
	m := 4
	games := []Game{
		{Index: 0, Winners: []int{0}, Ending: "goal: win: x", Plies: 3, Branching: []int{3, 1, 2}, Forced: 1},
		{Index: 1, Winners: []int{0}, Ending: "goal: win: x", Plies: 6, Branching: []int{4, 4, 1, 1, 1, 1}, Passes: 4, Margin: &m},
		{Index: 2, Winners: []int{0, 1}, Ending: EndMaxPlies + ", by score", Plies: 10, Branching: []int{2, 2, 2, 2, 2, 2, 2, 2, 2, 2}},
		{Index: 3, Winners: []int{1}, Ending: EndNoMove, Plies: 1, Branching: []int{5}},
	}
	su := Setup{Players: []string{"a", "b"}, Games: 4, MaxPlies: 10}
	sub := Subject{Label: "g", Seats: []string{"white", "black"}}
	r := Summarize(su, []Subject{sub}, [][]Game{games}, false)
	f := r.Files[0]
	// Seat white won games 0 and 1, drew game 2 and lost game 3.
	wantSeats := []Result{
		{Name: "white", Wins: 2, Draws: 1, Losses: 1, Points: 2.5, Score: 0.625, CI95: [2]float64{0.219, 0.908}},
		{Name: "black", Wins: 1, Draws: 1, Losses: 2, Points: 1.5, Score: 0.375, CI95: [2]float64{0.092, 0.781}},
	}
	// The entrants take seat white in turn: a in games 0 and 2, b in 1 and 3.
	wantPlayers := []Result{
		{Name: "a", Wins: 2, Draws: 1, Losses: 1, Points: 2.5, Score: 0.625, CI95: [2]float64{0.219, 0.908}},
		{Name: "b", Wins: 1, Draws: 1, Losses: 2, Points: 1.5, Score: 0.375, CI95: [2]float64{0.092, 0.781}},
	}
	if !reflect.DeepEqual(f.Seats, wantSeats) || !reflect.DeepEqual(f.Players, wantPlayers) {
		t.Errorf("seats %+v\nplayers %+v", f.Seats, f.Players)
	}
	if f.Draws != 1 || f.FirstSeat.Excess != 0.125 || f.FirstSeat.Seat != "white" {
		t.Errorf("draws %d, first seat %+v", f.Draws, f.FirstSeat)
	}
	if d := f.Length.Dist; d.Mean != 5 || d.Median != 4.5 || d.Min != 1 || d.Max != 10 || f.Length.Capped != 1 {
		t.Errorf("length %+v", f.Length)
	}
	if want := []Bin{{0, 1, 0}, {1, 2, 1}, {2, 3, 0}, {3, 4, 1}, {4, 5, 0}, {5, 6, 0}, {6, 7, 1}, {7, 8, 0}, {8, 9, 0}, {9, 10, 0}, {10, 11, 1}}; !reflect.DeepEqual(f.Length.Histogram, want) {
		t.Errorf("histogram %v", f.Length.Histogram)
	}
	if want := []Count{{"goal: win: x", 2}, {EndMaxPlies + ", by score", 1}, {EndNoMove, 1}}; !reflect.DeepEqual(f.Endings, want) {
		t.Errorf("endings %v", f.Endings)
	}
	b := f.Branching
	// 20 positions adding up to 43; phases: game 0 {3}{1}{2}, game 1
	// {4,4}{1,1}{1,1}, game 2 {2,2,2,2}{2,2,2}{2,2,2}, game 3 {5}.
	if b.Positions != 20 || b.Mean != 2.15 || b.Median != 2 || b.Max != 5 || b.Forced != 1 || b.Passes != 4 {
		t.Errorf("branching %+v", b)
	}
	if want := [3]float64{3, 1.5, 1.67}; b.Phases != want {
		t.Errorf("phases %v, want %v", b.Phases, want)
	}
	// Plies reached by at least a quarter of the games (1): all ten.
	if want := []float64{3.5, 2.33, 1.67, 1.5, 1.5, 1.5, 2, 2, 2, 2}; !reflect.DeepEqual(b.ByPly, want) {
		t.Errorf("by ply %v, want %v", b.ByPly, want)
	}
	if f.Margin == nil || f.Margin.N != 1 || f.Margin.Mean != 4 {
		t.Errorf("margin %+v", f.Margin)
	}
}

func TestStatistics(t *testing.T) {
	for _, tc := range []struct{ points, n, lo, hi float64 }{
		{10, 20, 0.2993, 0.7007}, {20, 20, 0.8389, 1}, {0, 20, 0, 0.1611}, {45, 50, 0.7864, 0.9565},
	} {
		lo, hi := Wilson(tc.points, tc.n)
		if math.Abs(lo-tc.lo) > 1e-4 || math.Abs(hi-tc.hi) > 1e-4 {
			t.Errorf("Wilson(%v, %v) = %.4f-%.4f, want %.4f-%.4f", tc.points, tc.n, lo, hi, tc.lo, tc.hi)
		}
	}
	// 60 of 100 against 40 of 100: z = 0.2 / sqrt(0.25 * 0.02) = 2.828.
	if p := pProportions(60, 100, 40, 100); math.Abs(p-0.004678) > 1e-5 {
		t.Errorf("pProportions = %v", p)
	}
	if p := pShare(60, 100, 0.5); math.Abs(p-0.0455) > 1e-4 {
		t.Errorf("pShare = %v", p)
	}
	if p := pMeans([]float64{1, 2, 3, 4}, []float64{1, 2, 3, 4}); p != 1 {
		t.Errorf("pMeans of equal samples = %v", p)
	}
	for top, want := range map[int]int{0: 1, 19: 1, 20: 2, 39: 2, 40: 5, 99: 5, 100: 10, 1000: 100} {
		if got := binWidth(top, 20); got != want {
			t.Errorf("binWidth(%d) = %d, want %d", top, got, want)
		}
	}
	if d := distOf([]float64{4, 1, 3, 2}); d.Median != 2.5 || d.P10 != 1.3 || d.SD != 1.291 {
		t.Errorf("distOf = %+v", d)
	}
	if got := PlayerKeys([]string{"mcts", "random", "mcts"}); !slices.Equal(got, []string{"mcts", "random", "mcts#2"}) {
		t.Errorf("PlayerKeys = %v", got)
	}
}

// The goal that ended a game is named when only one goal could have.
func TestEndingNamesTheGoal(t *testing.T) {
	sub := subject(t, "breakthrough", nil, 0)
	sub.Goals = []string{"win: the goal"}
	su := Setup{Players: []string{"greedy", "random"}, Games: 2, Seed: 1}
	games, err := Play(&sub, &su, Whole, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range games {
		if g.Ending != "goal: win: the goal" {
			t.Errorf("game %d ended by %q", g.Index, g.Ending)
		}
	}
}

// Every plot is well-formed XML with a mark per figure.
func TestPlots(t *testing.T) {
	sub := subject(t, "leapfrog", map[string]string{"size": "4x4"}, 0)
	su := Setup{Players: []string{"greedy", "random"}, Games: 4, Seed: 1}
	games, err := Play(&sub, &su, Whole, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	sub.Program = nil
	r := Summarize(su, []Subject{sub, sub}, [][]Game{games, games}, false)
	for _, p := range Plots(r) {
		var buf bytes.Buffer
		if err := p.Write(&buf); err != nil {
			t.Fatal(err)
		}
		marks := map[string]int{}
		dec := xml.NewDecoder(&buf)
		for {
			tok, err := dec.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%s: %v", p.Name, err)
			}
			if se, ok := tok.(xml.StartElement); ok {
				marks[se.Name.Local]++
			}
		}
		switch p.Name {
		case "scores":
			if marks["circle"] != 4 { // 2 files x 2 seats
				t.Errorf("scores: %d circles", marks["circle"])
			}
		case "length":
			bars := 0
			for _, b := range r.Files[0].Length.Histogram {
				if b.Count > 0 {
					bars += 2
				}
			}
			if marks["rect"] != 1+bars+2 { // background, bars, legend
				t.Errorf("length: %d rects, want %d", marks["rect"], 1+bars+2)
			}
		}
	}
	var page bytes.Buffer
	if err := WriteHTML(&page, r); err != nil {
		t.Fatal(err)
	}
	if s := page.String(); strings.Count(s, "<svg ") != 3 || strings.Contains(s, "http://") && !strings.Contains(s, `xmlns="http://www.w3.org/2000/svg"`) || strings.Contains(s, "<script") || strings.Contains(s, "src=") {
		t.Errorf("the page is not self-contained with three plots:\n%s", s)
	}
}

func TestWhichGoal(t *testing.T) {
	g := &ir.Game{Players: make([]ir.Player, 2)}
	g.End.Goals = []ir.Goal{{Check: ir.AfterMove}, {Check: ir.TurnStart}}
	// Player 0 moved, player 1 is to move.
	if k := whichGoal(g, []int{0}, 1, 0); k != 0 {
		t.Errorf("the mover won: goal %d, want 0", k)
	}
	if k := whichGoal(g, []int{1}, 1, 0); k != 1 {
		t.Errorf("the player to move won: goal %d, want 1", k)
	}
	g.End.Goals[1].Lose = true // the player to move loses: the mover wins, as by goal 0
	if k := whichGoal(g, []int{0}, 1, 0); k != -1 {
		t.Errorf("two goals give the mover the win: goal %d, want -1", k)
	}
}

func TestSpark(t *testing.T) {
	if got := spark([]Bin{{0, 1, 0}, {1, 2, 4}, {2, 3, 1}, {3, 4, 3}}); got != "| █▂▆|" {
		t.Errorf("spark = %q", got)
	}
}
