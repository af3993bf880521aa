package conformance

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/record"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata/broken")

// brokenKinds is the problem every deliberately broken record must give.
var brokenKinds = map[string]Kind{
	"after-end":            AfterEnd,
	"bad-option-value":     BadOptions,
	"illegal-drop":         IllegalMove,
	"illegal-move":         IllegalMove,
	"illegal-no-result":    IllegalMove,
	"konane-bad-size":      BadOptions,
	"majority":             IllegalMove,
	"leaves-goal":          IllegalMove,
	"not-over":             NotOver,
	"pass-not-allowed":     IllegalMove,
	"scores-without-score": WrongResult,
	"setup-counts":         BadSetup,
	"setup-missing":        BadSetup,
	"setup-not-random":     BadSetup,
	"setup-unknown-cell":   BadSetup,
	"setup-unknown-piece":  BadSetup,
	"typo-case":            IllegalMove,
	"typo-move":            IllegalMove,
	"unknown-game":         BadRules,
	"unknown-key":          BadRecord,
	"unknown-option":       BadOptions,
	"unknown-player":       WrongResult,
	"wrong-scores":         WrongResult,
	"wrong-winner":         WrongResult,
	"yaml-syntax":          BadRecord,

	// Games of issue 14 (the bad move is also checked against
	// conformance/oracle: TestBrokenRecordsAgainstOracle).
	"konane-turning-chain":                      IllegalMove,
	"draughts-international-capture-compulsory": IllegalMove,
	"draughts-italian-most-kings":               IllegalMove,
	"draughts-brazilian-majority":               IllegalMove,
	"draughts-canadian-rank-10":                 IllegalMove,
	"chinese-checkers-no-jump":                  IllegalMove,
	"conspirateurs-drop-outside":                IllegalMove,

	// One per game not covered above (also checked against the
	// independent generators: TestBrokenRecordsAgainstOracle).
	"breakthrough-straight-capture":   IllegalMove,
	"capture-wrong-scores":            WrongResult,
	"crossings-long-run":              IllegalMove,
	"draughts-capture-compulsory":     IllegalMove,
	"froglet-second-removal":          IllegalMove,
	"jumpwings-hare-over-stack":       IllegalMove,
	"jumpwings-advanced-wrong-winner": WrongResult,
	"jumpwings-relative-drop":         IllegalMove,
	"leapfrog-murray-wrong-winner":    WrongResult,
	"fox-and-hounds-hounds-first":     IllegalMove,
	"breakthrough-swap-ply2":          IllegalMove,
	"breakthrough-swap-twice":         IllegalMove,
	"breakthrough-swap-off":           IllegalMove,

	// Fanorona: compulsory capture, and the chain rules (chain-dirs:
	// turn, revisit: never).
	"fanorona-capture-compulsory":   IllegalMove,
	"fanorona-chain-same-direction": IllegalMove,
	"fanorona-chain-revisits":       IllegalMove,
}

// brokenGame returns the game of a broken record of testdata/broken when
// its rules file is missing from games/ (a game still being written),
// "" otherwise.
func brokenGame(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := record.Parse(data, path)
	if err != nil || rec.Game == "" {
		return ""
	}
	if _, err := os.Stat(rulesPath(rec.Game)); err == nil || !slices.Contains(games14, rec.Game) {
		return ""
	}
	return rec.Game
}

// games14 are the games of issue 14, whose rules files may not exist yet.
var games14 = []string{"draughts-international", "konane", "chinese-checkers", "conspirateurs"}

// TestBrokenRecords checks every record of testdata/broken against its
// golden report: NAME.txt (Report.Text) and NAME.json (the JSON form).
// go test -run TestBrokenRecords -update rewrites them.
func TestBrokenRecords(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "broken", "*.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != len(brokenKinds) {
		t.Errorf("%d broken records, %d expected kinds", len(files), len(brokenKinds))
	}
	for _, path := range files {
		name := strings.TrimSuffix(filepath.Base(path), ".yaml")
		t.Run(name, func(t *testing.T) {
			if g := brokenGame(t, path); g != "" {
				t.Skipf("no %s yet: the record of %s cannot be checked", rulesPath(g), g)
			}
			for _, cfg := range []interp.Config{{}, {Disable: []string{"all"}}} {
				r := CheckFile(path, gamesDir, cfg)
				want, ok := brokenKinds[name]
				switch {
				case !ok:
					t.Errorf("no expected kind for %s", name)
				case r.Problem == nil:
					t.Fatalf("no problem found:\n%s", r.Text())
				case r.Problem.Kind != want:
					t.Errorf("kind %s, want %s", r.Problem.Kind, want)
				}
				if r.Verdict != r.Problem.Kind.Verdict() || ExitCode(r) != r.Verdict.ExitCode() {
					t.Errorf("verdict %s, exit code %d for a problem of kind %s", r.Verdict, ExitCode(r), r.Problem.Kind)
				}
				js, err := json.MarshalIndent(r, "", "  ")
				if err != nil {
					t.Fatal(err)
				}
				golden(t, path, ".txt", []byte(r.Text()))
				golden(t, path, ".json", append(js, '\n'))
			}
		})
	}
}

// TestBrokenRecordsPerGame: every bundled game has at least one broken
// record that the checker rejects for what was played (an illegal move,
// a wrong result, a move after the end, a result before it: the verdict
// "disagrees").
func TestBrokenRecordsPerGame(t *testing.T) {
	have := map[string]bool{}
	for name, kind := range brokenKinds {
		path := filepath.Join("testdata", "broken", name+".yaml")
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if rec, err := record.Parse(data, path); err == nil && kind.Verdict() == Disagrees {
			have[rec.Game] = true
		}
	}
	games, _ := filepath.Glob(filepath.Join(gamesDir, "*.rules"))
	for _, g := range games {
		if name := strings.TrimSuffix(filepath.Base(g), ".rules"); !have[name] {
			t.Errorf("%s: no broken record of a move or a result in testdata/broken", name)
		}
	}
}

// golden compares got with the file next to path with extension ext, or
// writes it under -update.
func golden(t *testing.T, path, ext string, got []byte) {
	t.Helper()
	gpath := strings.TrimSuffix(path, ".yaml") + ext
	if *update {
		if err := os.WriteFile(gpath, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(gpath)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (run with -update to accept):\n--- got\n%s--- want\n%s", gpath, got, want)
	}
}

// TestCheckRecordInMemory checks records built in memory (no file, no
// positions) and the exit codes.
func TestCheckRecordInMemory(t *testing.T) {
	rules := rulesPath("salta")
	ok := CheckRecord(&record.Record{Game: "salta", Options: map[string]string{"limit": "1"},
		Moves:  []string{"g3-h4", "f8-g7"},
		Result: &record.Result{Winners: []string{"red", "green"}, Scores: map[string]int{"red": 104}}}, rules, interp.Config{})
	if ok.Verdict != OK || ok.Outcome == nil || ok.Checked != 2 || ExitCode(ok) != 0 {
		t.Errorf("want OK (winners compared as a set, scores only those given):\n%s", ok.Text())
	}
	if got, want := ok.Text(), "ok: salta (limit=1), 2 moves; draw (limit), scores: green 104, red 104\n"; got != want {
		t.Errorf("text %q, want %q", got, want)
	}
	bad := CheckRecord(&record.Record{Game: "salta", Moves: []string{"c3-d4", "c3-d4"}}, rules, interp.Config{})
	if bad.Problem == nil || bad.Problem.Kind != IllegalMove || bad.Problem.Move != 2 || bad.Problem.Pos != "" || ExitCode(ok, bad) != 1 {
		t.Errorf("want an illegal move 2 without a position:\n%s", bad.Text())
	}
	if !strings.HasPrefix(bad.Text(), "move 2, c3-d4, is not legal (red to move)\n") {
		t.Errorf("text:\n%s", bad.Text())
	}
	none := CheckRecord(&record.Record{Game: "salta"}, filepath.Join(gamesDir, "nothing.rules"), interp.Config{})
	if none.Verdict != CannotCheck || ExitCode(ok, bad, none) != 2 {
		t.Errorf("want cannot-check:\n%s", none.Text())
	}
	// A ply limit from the configuration ends the game (a draw in Leap
	// Frog's terms: the scores decide).
	lim := CheckRecord(&record.Record{Game: "leapfrog", Options: map[string]string{"size": "3x3"},
		Moves: []string{"xb2", "xa1", "a2-c2"}}, rulesPath("leapfrog"), interp.Config{MaxPlies: 2})
	if lim.Problem == nil || lim.Problem.Kind != AfterEnd || lim.Problem.Move != 3 {
		t.Errorf("want move 3 after the end:\n%s", lim.Text())
	}
}

// TestCheckDir checks a directory with good and bad records, the order of
// the reports and the exit code.
func TestCheckDir(t *testing.T) {
	reports, err := CheckDir(filepath.Join("testdata", "broken"), gamesDir, interp.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if len(reports) != len(brokenKinds) {
		t.Errorf("%d reports, want %d", len(reports), len(brokenKinds))
	}
	for i := 1; i < len(reports); i++ {
		if reports[i-1].File >= reports[i].File {
			t.Errorf("reports out of order: %s before %s", reports[i-1].File, reports[i].File)
		}
	}
	// The expected verdicts follow from brokenKinds; a record of an
	// issue-14 game whose rules file is missing cannot be checked.
	n := map[Verdict]int{}
	for name, kind := range brokenKinds {
		if brokenGame(t, filepath.Join("testdata", "broken", name+".yaml")) != "" {
			n[CannotCheck]++
		} else {
			n[kind.Verdict()]++
		}
	}
	want := fmt.Sprintf("%d records: %d ok, %d disagree, %d cannot be checked", len(brokenKinds), n[OK], n[Disagrees], n[CannotCheck])
	if got := Summary(reports); got != want {
		t.Errorf("summary %q, want %q", got, want)
	}
	if code := ExitCode(reports...); code != 2 {
		t.Errorf("exit code %d, want 2", code)
	}
	if _, err := CheckDir(filepath.Join("testdata", "no-such-dir"), gamesDir, interp.Config{}); err == nil {
		t.Error("no error for a missing directory")
	}
	nofile := CheckFile(filepath.Join("testdata", "no-such-file.yaml"), gamesDir, interp.Config{})
	if nofile.Verdict != CannotCheck || nofile.Problem.Kind != BadRecord {
		t.Errorf("missing file:\n%s", nofile.Text())
	}
}

// TestClosest pins the typo rule.
func TestClosest(t *testing.T) {
	legal := []string{"a3-b4", "c3-b4", "c3-d4", "e3-d4", "xa1", "a1-a3-c3"}
	for _, c := range []struct {
		in   string
		want string
	}{
		{"a3-b5", "a3-b4"},
		{"C3-D4", "c3-d4"},
		{"c3 - d4", "c3-d4"},
		{"c3d4", "c3-d4"},
		{"xa2", "xa1"},
		{"a1", "xa1"},
		{"a1-a3-c4", "a1-a3-c3"},
		{"j10-a1", ""},
		{"pass", ""},
		{"e3-b4", "a3-b4 c3-b4 e3-d4"},
		{"b3-d4", "c3-d4 e3-d4"},
		{"a3-b44", "a3-b4"},
	} {
		if got := strings.Join(closest(c.in, legal, 3), " "); got != c.want {
			t.Errorf("closest(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestCheckerRules checks records against one rules file given outright:
// a record of another game is refused; a record of the base game of a
// variant is checked against the variant.
func TestCheckerRules(t *testing.T) {
	c := &Checker{Rules: rulesPath("salta")}
	r := c.File(filepath.Join("testdata", "broken", "unknown-game.yaml"))
	want := `testdata/broken/unknown-game.yaml: the record is of "saltaa", but ` + rulesPath("salta") + ` is salta; check it against the rules of saltaa or of a variant that extends them` + "\n"
	if r.Verdict != CannotCheck || r.Problem.Kind != WrongGame || r.Text() != want {
		t.Errorf("game saltaa checked against salta.rules:\n%s\nwant:\n%s", r.Text(), want)
	}
	for _, game := range []string{"jumpwings", "jumpwings-advanced"} {
		r = c.Record(&record.Record{Game: game}, rulesPath("jumpwings-advanced"))
		if r.Verdict != OK {
			t.Errorf("record of %s against jumpwings-advanced.rules:\n%s", game, r.Text())
		}
	}
	r = c.Record(&record.Record{Game: "jumpwings-advanced"}, rulesPath("jumpwings"))
	if r.Verdict != CannotCheck || !strings.Contains(r.Text(), `the record is of "jumpwings-advanced", but ../games/jumpwings.rules is jumpwings;`) {
		t.Errorf("a variant's record against its base:\n%s", r.Text())
	}
}
