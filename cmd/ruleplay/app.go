package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"runtime/debug"
	"strings"

	"github.com/ruleplay/ruleplay/internal/safetext"
	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/lang"
	"github.com/spf13/cobra"
)

// Exit codes.
const (
	exitOK       = 0
	exitFailure  = 1
	exitUsage    = 2
	exitInternal = 3
)

// usageError is an error in how the command was called (exit 2).
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usageErrorf(format string, args ...any) error {
	return &usageError{fmt.Sprintf(format, args...)}
}

// internalError is a recovered panic (exit 3).
type internalError struct{ what any }

func (e *internalError) Error() string {
	return fmt.Sprintf("internal error: %v; please report this", e.what)
}

// Main runs ruleplay with args (without the program name) and returns the
// exit code. It never panics.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	out := &checkedWriter{w: stdout}
	code := execute(newRootCmd(), args, stdin, out, stderr)
	if out.err != nil && code == exitOK {
		// The output is lost (a full disk, /dev/full, a closed pipe):
		// that is a failure, not success.
		fmt.Fprintf(stderr, "ruleplay: writing the output: %v\n", out.err)
		code = exitFailure
	}
	return code
}

// checkedWriter remembers the first error of writing to w and fails every
// write after it, so that a command's output cannot be lost silently.
type checkedWriter struct {
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	if err != nil {
		c.err = err
	}
	return n, err
}

// Unwrap returns the writer written to (a terminal is still one).
func (c *checkedWriter) Unwrap() io.Writer { return c.w }

// osFile returns the file behind w, if any, looking through checkedWriter.
func osFile(w any) (*os.File, bool) {
	if c, ok := w.(*checkedWriter); ok {
		w = c.w
	}
	f, ok := w.(*os.File)
	return f, ok
}

// execute runs root with args and reports any error on stderr.
func execute(root *cobra.Command, args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	defer func() {
		if r := recover(); r != nil {
			err := panicError(r)
			fmt.Fprintf(stderr, "ruleplay: %v\n", err)
			code = exitInternal
			if _, ok := err.(*interp.LimitError); ok {
				code = exitFailure // a rules file whose moves cost too much: bad input
			}
		}
	}()
	started := false // a command's RunE was reached: later errors are failures, not usage errors
	root.PersistentPreRun = func(*cobra.Command, []string) { started = true }
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	cmd, err := root.ExecuteC()
	if err == nil {
		return exitOK
	}
	var rep *reportedError
	if errors.As(err, &rep) {
		return rep.code
	}
	text, code := classify(err, started)
	fmt.Fprintln(stderr, safeLines(text))
	if code == exitUsage && cmd != nil {
		fmt.Fprintf(stderr, "Run '%s --help' for usage.\n", cmd.CommandPath())
	}
	return code
}

// negativeArgRE matches the flag parser's error for a negative number
// given as an argument ("-1" reads as the shorthand flag -1).
var negativeArgRE = regexp.MustCompile(`^unknown shorthand flag: '[0-9]' in (-[0-9]+)$`)

// reportedError stands for errors already printed; only the exit code is
// left to give.
type reportedError struct{ code int }

func (e *reportedError) Error() string { return fmt.Sprintf("exit status %d", e.code) }

// classify renders err for the user and picks the exit code. started tells
// whether the command's RunE was reached (errors before it are usage
// errors: flags, arguments, unknown commands).
func classify(err error, started bool) (string, int) {
	var diags lang.Diagnostics
	var optErr *lang.OptionError
	var useErr *usageError
	var intErr *internalError
	msg := strings.TrimRight(err.Error(), "\n")
	switch {
	case errors.As(err, &intErr):
		return "ruleplay: " + msg, exitInternal
	case errors.As(err, &diags):
		return msg, exitFailure
	case errors.As(err, &optErr) || errors.As(err, &useErr) || !started:
		return "ruleplay: " + msg, exitUsage
	}
	return "ruleplay: " + msg, exitFailure
}

func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:   "ruleplay",
		Short: "Play, explore and measure games written as rules files",
		Long: `ruleplay plays board games described by declarative rules files.

Every command takes a rules file, or the name of a bundled game ('ruleplay
games' lists them: ruleplay run NAME), and the game's options (--option
NAME=VALUE, repeatable; 'ruleplay games' and 'ruleplay rules FILE' show
them).

Documentation, in the repository's docs/ folder:
  docs/language.md      the rules language, every entry and condition
  docs/notation.md      cell names, move texts, recorded games
  docs/rules/GAME.md    the rules of each bundled game, in words`,
		Example: `  ruleplay games
  ruleplay run ` + bundledExample() + `
  ruleplay rules ` + bundledExample() + `
  ruleplay vet my-game.rules
  ruleplay run my-game.rules --option size=8x8 --seed 7
  ruleplay moves my-game.rules --moves c3-d4,h8-g7
  ruleplay perft my-game.rules 3 --option size=8x8
  ruleplay bench my-game.rules --seconds 1`,
		SilenceUsage:  true,
		SilenceErrors: true,
		Version:       version(),
	}
	root.SetVersionTemplate("ruleplay {{.Version}}\n")
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		if m := negativeArgRE.FindStringSubmatch(err.Error()); m != nil {
			return usageErrorf("%s %s: a negative number is not accepted here (want 0 or more)", c.Name(), m[1])
		}
		return usageErrorf("%v", err)
	})
	root.AddCommand(
		newRunCmd(),
		newMovesCmd(),
		newPerftCmd(),
		newPositionCmd(),
		newBenchCmd(),
		newVetCmd(),
		newShowCmd(),
		newMatchCmd(),
		newAnalyzeCmd(),
		newCheckCmd(),
		newGamesCmd(),
		newRulesCmd(),
		newFmtCmd(),
		newLspCmd(),
		newServeCmd(),
		newConvertCmd(),
		newSolveCmd(),
	)
	return root
}

// version is the module version of the build ("(devel)" for a build from
// a source tree), with the VCS revision and its state when they were
// recorded: "(devel) 17c0cf3a9b21 2026-12-01T15:05:00Z modified".
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown)"
	}
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev, at, modified string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = "modified"
			}
		}
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	return strings.Join(strings.Fields(strings.Join([]string{v, rev, at, modified}, " ")), " ")
}

// exactArgs accepts exactly the named positional arguments.
func exactArgs(names ...string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) == len(names) {
			return nil
		}
		if len(args) < len(names) {
			return usageErrorf("%s needs %s: %s", cmd.Name(), describeArgs(names[len(args):]), useLine(cmd))
		}
		return usageErrorf("%s takes %d argument%s (%s), got %d: %s", cmd.Name(), len(names), plural(len(names)), strings.Join(names, " "), len(args), useLine(cmd))
	}
}

// minArgs accepts one or more of the named argument.
func minArgs(name string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) == 0 {
			return usageErrorf("%s needs %s: %s", cmd.Name(), describeArgs([]string{name}), useLine(cmd))
		}
		return nil
	}
}

// useLine is the command's path and its arguments: "ruleplay analyze merge
// PART [PART...]".
func useLine(cmd *cobra.Command) string {
	return strings.TrimSuffix(cmd.CommandPath(), cmd.Name()) + cmd.Use
}

func describeArgs(names []string) string {
	var parts []string
	for _, n := range names {
		switch n {
		case "FILE":
			parts = append(parts, "a rules file")
		case "DEPTH":
			parts = append(parts, "a depth")
		case "PART":
			parts = append(parts, "a part file")
		default:
			parts = append(parts, n)
		}
	}
	return strings.Join(parts, " and ")
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// count renders "1 move", "3 moves", "2 plies".
func count(n int, what string) string {
	if n != 1 && strings.HasSuffix(what, "s") {
		return fmt.Sprintf("%d %ses", n, what)
	}
	if n != 1 && strings.HasSuffix(what, "y") {
		return fmt.Sprintf("%d %sies", n, strings.TrimSuffix(what, "y"))
	}
	return fmt.Sprintf("%d %s%s", n, what, plural(n))
}

// safeLines escapes the control characters of a message (a file name or
// an argument may hold terminal escapes), line by line, and cuts every
// word over safetext.LongWord bytes (an argument of 100 KB) to its start
// and end and its length.
func safeLines(text string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		parts := strings.Split(l, "\t") // tabs are harmless: kept
		for j, p := range parts {
			parts[j] = safetext.Escape(safetext.ShortWords(p, 40))
		}
		lines[i] = strings.Join(parts, "\t")
	}
	return strings.Join(lines, "\n")
}
