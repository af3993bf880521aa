package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/lang"
	"github.com/ruleplay/ruleplay/record"
	"github.com/spf13/cobra"
)

// TestMain registers Main as the program "ruleplay" for the scripts.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"ruleplay": func() { os.Exit(Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs testdata/script/*.txtar. Each script starts in a
// directory holding games/ (a copy of the bundled rules files). Set
// RULEPLAY_UPDATE_SCRIPTS=1 to rewrite the expected outputs in place.
func TestScripts(t *testing.T) {
	games, err := filepath.Glob(filepath.Join("..", "..", "games", "*.rules"))
	if err != nil || len(games) == 0 {
		t.Fatalf("no bundled games: %v", err)
	}
	testscript.Run(t, testscript.Params{
		Dir:           filepath.Join("testdata", "script"),
		UpdateScripts: os.Getenv("RULEPLAY_UPDATE_SCRIPTS") != "",
		Setup: func(env *testscript.Env) error {
			env.Setenv("SOURCE_DATE_EPOCH", "1796083200") // records are dated 2026-12-01
			dir := filepath.Join(env.WorkDir, "games")
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return err
			}
			for _, g := range games {
				b, err := os.ReadFile(g)
				if err != nil {
					return err
				}
				if err := os.WriteFile(filepath.Join(dir, filepath.Base(g)), b, 0o644); err != nil {
					return err
				}
			}
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"limited":  cmdLimited,
			"append":   cmdAppend,
			"waitfile": cmdWaitFile,
			// status CODE PROGRAM ARGS...: run PROGRAM and check its exit status.
			"status": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) < 2 {
					ts.Fatalf("usage: status CODE PROGRAM [ARGS...]")
				}
				want, err := strconv.Atoi(args[0])
				if err != nil {
					ts.Fatalf("status: bad code %q", args[0])
				}
				got := 0
				if err := ts.Exec(args[1], args[2:]...); err != nil {
					var ee *exec.ExitError
					if !errors.As(err, &ee) {
						ts.Fatalf("status: %v", err)
					}
					got = ee.ExitCode()
				}
				if got != want {
					ts.Fatalf("exit status %d, want %d", got, want)
				}
			},
		},
	})
}

// runMain calls Main in-process and returns its exit code and outputs.
func runMain(args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := Main(args, strings.NewReader(""), &out, &errOut)
	return code, out.String(), errOut.String()
}

// A panic anywhere becomes "internal error" and exit 3, never a stack
// trace; so does one in a worker goroutine.
func TestPanicIsInternalError(t *testing.T) {
	for _, inGoroutine := range []bool{false, true} {
		root := newRootCmd()
		root.AddCommand(&cobra.Command{
			Use: "boom",
			RunE: func(*cobra.Command, []string) error {
				if inGoroutine {
					return parallel(2, func(int) { panic("kaboom") })
				}
				var m map[string]int
				m["x"]++ // a nil map write: a real runtime panic
				return nil
			},
		})
		var out, errOut bytes.Buffer
		code := execute(root, []string{"boom"}, strings.NewReader(""), &out, &errOut)
		if code != exitInternal {
			t.Errorf("goroutine %v: exit %d, want %d", inGoroutine, code, exitInternal)
		}
		msg := errOut.String()
		if !strings.HasPrefix(msg, "ruleplay: internal error: ") || !strings.HasSuffix(msg, "please report this\n") || strings.Contains(msg, "goroutine ") {
			t.Errorf("goroutine %v: stderr %q", inGoroutine, msg)
		}
	}
}

// Every command documents itself with examples.
func TestEveryCommandHasExamples(t *testing.T) {
	for _, c := range newRootCmd().Commands() {
		if c.Name() == "help" || c.Name() == "completion" {
			continue
		}
		if strings.TrimSpace(c.Example) == "" {
			t.Errorf("%s has no Example", c.Name())
		}
		if c.RunE == nil {
			t.Errorf("%s has no RunE", c.Name())
		}
	}
}

// Main builds its command tree afresh: flags from one call do not leak
// into the next.
func TestNoStateBetweenCalls(t *testing.T) {
	game := filepath.Join("..", "..", "games", "leapfrog.rules")
	_, a, _ := runMain("perft", game, "1", "--option", "size=4x4")
	_, b, _ := runMain("perft", game, "1")
	if a != "depth 1: 16 nodes\n" || b != "depth 1: 225 nodes\n" {
		t.Errorf("got %q then %q", a, b)
	}
}

// run --record, read the record back, replay its moves through interp from
// its setup: the same result.
func TestRecordRoundTrip(t *testing.T) {
	small := map[string][][]string{
		"leapfrog":        {{"--option", "size=6x6"}, {"--option", "size=5x5", "--option", "diagonal=true", "--option", "players=3"}},
		"leapfrog-murray": {{"--option", "size=6x6"}},
		"froglet":         {nil},
		"capture":         {{"--option", "players=3"}},
		"salta":           {nil, {"--option", "limit=30"}},
		"pyramid":         {nil},
	}
	files, _ := filepath.Glob(filepath.Join("..", "..", "games", "*.rules"))
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".rules")
		for k, opts := range small[name] { // games added since are covered by their own tests
			t.Run(name+"/"+strconv.Itoa(k), func(t *testing.T) { roundTrip(t, f, name, opts) })
		}
	}
}

// roundTrip runs one game with --record and replays the record.
func roundTrip(t *testing.T, f, name string, opts []string) {
	out := filepath.Join(t.TempDir(), name+".yaml")
	args := append([]string{"run", f, "--quiet", "--seed", "4", "--record", out}, opts...)
	code, stdout, stderr := runMain(args...)
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	fh, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	rec, err := record.Read(fh, out)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Game != name || rec.Result == nil {
		t.Fatalf("record: game %q, result %v", rec.Game, rec.Result)
	}
	g, err := lang.Load(filepath.Join("..", "..", "games", rec.Game+".rules"), rec.Options)
	if err != nil {
		t.Fatal(err)
	}
	if (rec.Setup != nil) != (g.Setup.Random != nil) {
		t.Errorf("setup in the record: %v, random setup: %v", rec.Setup != nil, g.Setup.Random != nil)
	}
	p, err := interp.Compile(g, interp.Config{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := p.NewStateFromLayout(rec.Setup)
	if err != nil {
		t.Fatal(err)
	}
	var ml interp.MoveList
	for k, m := range rec.Moves {
		i, err := p.ParseMove(s, &ml, m)
		if err != nil {
			t.Fatalf("%s: move %d: %v", rec.MovePos(k), k+1, err)
		}
		p.Apply(s, &ml, i)
	}
	st := p.Status(s)
	if !st.Over {
		t.Fatal("the replayed game is not over")
	}
	var winners []string
	for _, w := range st.Winners {
		winners = append(winners, p.PlayerName(w))
	}
	if !slices.Equal(winners, rec.Result.Winners) {
		t.Errorf("winners %v, record %v", winners, rec.Result.Winners)
	}
	for i, v := range st.Scores {
		if got, ok := rec.Result.Scores[p.PlayerName(i)]; !ok || got != v {
			t.Errorf("score of %s: %d, record %d (%v)", p.PlayerName(i), v, got, ok)
		}
	}
	if len(st.Scores) != len(rec.Result.Scores) {
		t.Errorf("scores %v, record %v", st.Scores, rec.Result.Scores)
	}
	if !strings.Contains(stdout, "winners: "+strings.Join(winners, ", ")) {
		t.Errorf("run printed other winners:\n%s", stdout)
	}
	for k, v := range rec.Options {
		if !slices.Contains(opts, k+"="+v) {
			t.Errorf("option %s=%s in the record, not given", k, v)
		}
	}
}

// The help texts and the README send the reader to docs/ in the
// repository, never to files outside it; every docs/ file they name
// exists.
func TestHelpAndReadmeLinkToDocs(t *testing.T) {
	outside := regexp.MustCompile(`shared[/]spec|(^|[^/\w])(games|notation|language)\.md`)
	named := regexp.MustCompile(`docs/[\w./-]*\w`)
	root := filepath.Join("..", "..")
	check := func(where, text string) {
		if m := outside.FindString(text); m != "" {
			t.Errorf("%s names %q, outside docs/", where, m)
		}
		for _, f := range named.FindAllString(text, -1) {
			if strings.Contains(f, "GAME") || strings.Contains(f, "NAME") {
				continue
			}
			if _, err := os.Stat(filepath.Join(root, strings.SplitN(f, "#", 2)[0])); err != nil {
				t.Errorf("%s names %s, which does not exist", where, f)
			}
		}
	}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		check("ruleplay "+c.Name()+" --help", c.Long+c.Example)
		if c.Name() != "help" && c.Name() != "completion" && c.Parent() != nil && c.Parent().Name() == "ruleplay" && !strings.Contains(c.Long, "docs/") {
			t.Errorf("ruleplay %s --help does not point to docs/", c.Name())
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	root0 := newRootCmd()
	walk(root0)
	if !strings.Contains(root0.Long, "docs/language.md") {
		t.Error("ruleplay --help does not point to docs/language.md")
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	check("README.md", string(readme))
	for _, want := range []string{"docs/language.md", "docs/notation.md", "docs/rules/"} {
		if !strings.Contains(string(readme), want) {
			t.Errorf("README.md does not link to %s", want)
		}
	}
	// The README opens with exactly two one-line commands.
	first := strings.SplitN(string(readme), "```", 3)
	if len(first) < 3 || first[0] != "" {
		t.Fatal("README.md does not open with a code block")
	}
	lines := strings.Split(strings.TrimSpace(strings.TrimPrefix(first[1], "sh")), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "go run ./cmd/ruleplay run ") || lines[1] != "go test ./..." {
		t.Errorf("README.md's opening commands: %q", lines)
	}
}
