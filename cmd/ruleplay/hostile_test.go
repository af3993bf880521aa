package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/ruleplay/ruleplay/analyze"
	"github.com/ruleplay/ruleplay/lang"
)

// The hostile-input scripts (testdata/script/hostile*.txtar) run the risky
// commands with these bounds: a command that passes them, or dies of a Go
// fatal error (out of memory, a stack overflow), fails the test.
const (
	limitedMemoryKiB = 2 << 20 // address space of the child: 2 GiB
	limitedSeconds   = 300     // a hang guard, far above any normal run
)

// cmdLimited is the script command
//
//	limited CODE PROGRAM [ARGS...]
//
// which runs PROGRAM in a child process with an address-space limit
// (ulimit -v) and a hang guard, then checks its exit status and that its
// stderr holds no Go fatal error or stack trace.
func cmdLimited(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: limited CODE PROGRAM [ARGS...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("limited: bad code %q", args[0])
	}
	if _, err := exec.LookPath("timeout"); err != nil {
		ts.Fatalf("limited: no timeout program: %v", err)
	}
	script := fmt.Sprintf(`ulimit -v %d && exec timeout %d "$0" "$@"`, limitedMemoryKiB, limitedSeconds)
	got := 0
	if err := ts.Exec("sh", append([]string{"-c", script}, args[1:]...)...); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			ts.Fatalf("limited: %v", err)
		}
		got = ee.ExitCode()
	}
	stderr := ts.ReadFile("stderr")
	for _, bad := range []string{"fatal error:", "goroutine ", "panic:", "runtime: out of memory"} {
		if strings.Contains(stderr, bad) {
			ts.Fatalf("a Go fatal error or trace (%q) in stderr", bad)
		}
	}
	if got == 124 {
		ts.Fatalf("still running after %d seconds: a hang", limitedSeconds)
	}
	if got != want {
		ts.Fatalf("exit status %d, want %d", got, want)
	}
}

// cmdAppend is the script command
//
//	append FILE TEXT [N]
//
// which appends TEXT (a Go string without its quotes: \n is a newline) N
// times (once by default) to FILE, to build inputs too large to write out.
func cmdAppend(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 || len(args) > 3 {
		ts.Fatalf("usage: append FILE TEXT [N]")
	}
	text, err := strconv.Unquote(`"` + args[1] + `"`)
	if err != nil {
		ts.Fatalf("append: bad text %q: %v", args[1], err)
	}
	n := 1
	if len(args) == 3 {
		if n, err = strconv.Atoi(args[2]); err != nil || n < 0 {
			ts.Fatalf("append: bad count %q", args[2])
		}
	}
	f, err := os.OpenFile(ts.MkAbs(args[0]), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	ts.Check(err)
	_, err = f.WriteString(strings.Repeat(text, n))
	ts.Check(err)
	ts.Check(f.Close())
}

// cmdWaitFile is the script command
//
//	waitfile FILE
//
// which waits until FILE exists (for a background command to get going).
func cmdWaitFile(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: waitfile FILE")
	}
	for i := 0; i < limitedSeconds*10; i++ {
		if _, err := os.Stat(ts.MkAbs(args[0])); err == nil {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	ts.Fatalf("waitfile: no %s after %d seconds", args[0], limitedSeconds)
}

// failingWriter fails every write, as /dev/full does.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// A command whose output cannot be written fails (exit 1) and says so,
// instead of exiting 0 with the output lost.
func TestFailedOutputIsFailure(t *testing.T) {
	for _, args := range [][]string{{"games"}, {"rules", "salta"}, {"perft", "salta", "1"}} {
		var errOut bytes.Buffer
		code := Main(args, strings.NewReader(""), failingWriter{}, &errOut)
		if code != exitFailure || errOut.String() != "ruleplay: writing the output: no space left on device\n" {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut.String())
		}
	}
}

// Terminal escapes in an argument (a file name, a move) are escaped in
// messages, never written raw to the terminal.
func TestEscapesInMessages(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"vet", "evil\x1b[2J.rules"}, "ruleplay: reading rules: open evil\\x1b[2J.rules: no such file or directory\n"},
		{[]string{"moves", "salta", "--moves", "\x1b]0;pwned\x07"}, `ruleplay: move 1 "\x1b]0;pwned\a" is not legal`},
	} {
		code, _, stderr := runMain(c.args...)
		if code != exitFailure || !strings.HasPrefix(stderr, c.want) || strings.ContainsAny(stderr, "\x1b\x07") {
			t.Errorf("%q: exit %d, stderr %q, want it to start with %q", c.args, code, stderr, c.want)
		}
	}
}

// The bounds of a load are stated, with their values, in vet --help and
// in docs/language.md.
func TestLoadLimitsStated(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "language.md"))
	if err != nil {
		t.Fatal(err)
	}
	help := strings.Join(strings.Fields(newVetCmd().Long), " ")
	for _, c := range []struct{ help, doc string }{
		{fmt.Sprintf("at most %d files", lang.MaxLoadFiles), fmt.Sprintf("| %d |", lang.MaxLoadFiles)},
		{fmt.Sprintf("%d MiB together", lang.MaxLoadBytes>>20), fmt.Sprintf("| %d MiB |", lang.MaxLoadBytes>>20)},
		{fmt.Sprintf("at most %s entries", thousands(lang.MaxMergeEntries)), fmt.Sprintf("| %s |", thousands(lang.MaxMergeEntries))},
		{fmt.Sprintf("the first %d unknown names", lang.MaxHints), fmt.Sprintf("the first %d unknown", lang.MaxHints)},
	} {
		if !strings.Contains(help, c.help) {
			t.Errorf("vet --help does not say %q", c.help)
		}
		if !strings.Contains(strings.Join(strings.Fields(string(doc)), " "), c.doc) {
			t.Errorf("docs/language.md does not say %q", c.doc)
		}
	}
}

// thousands writes n with commas: 1,048,576.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// The bounds of analyze merge are stated, with their values, in its help.
func TestMergeLimitsStated(t *testing.T) {
	merge, _, err := newAnalyzeCmd().Find([]string{"merge"})
	if err != nil {
		t.Fatal(err)
	}
	help := strings.Join(strings.Fields(merge.Long), " ")
	for _, want := range []string{fmt.Sprintf("over %d MiB is refused", analyze.MaxPartBytes>>20), fmt.Sprintf("over %d MiB together", analyze.MaxMergeBytes>>20)} {
		if !strings.Contains(help, want) {
			t.Errorf("analyze merge --help does not say %q", want)
		}
	}
}
