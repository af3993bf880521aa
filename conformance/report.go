package conformance

import (
	"fmt"
	"sort"
	"strings"

	"github.com/ruleplay/ruleplay/record"
)

// Verdict is the outcome of checking one record.
type Verdict string

const (
	// OK: every move is legal and the result (when recorded) is the game's.
	OK Verdict = "ok"
	// Disagrees: the record was replayed and disagrees with the rules (an
	// illegal move, a move after the end, a wrong result, a game not over).
	// The command line exits with status 1.
	Disagrees Verdict = "disagrees"
	// CannotCheck: the replay could not start (the record is unreadable or
	// malformed, the rules file is missing or broken, an option or the setup
	// does not fit the game). The command line exits with status 2.
	CannotCheck Verdict = "cannot-check"
)

// ExitCode is the command-line exit status of a verdict: 0, 1 or 2.
func (v Verdict) ExitCode() int {
	switch v {
	case OK:
		return 0
	case Disagrees:
		return 1
	}
	return 2
}

// Kind classifies a Problem.
type Kind string

// Problems found by replaying a record (verdict Disagrees).
const (
	IllegalMove Kind = "illegal-move" // a move is not legal where it is played
	AfterEnd    Kind = "after-end"    // a move comes after the game has ended
	WrongResult Kind = "wrong-result" // the recorded winners or scores differ
	NotOver     Kind = "not-over"     // a result is recorded but the game goes on
)

// Problems that stop the replay before it starts (verdict CannotCheck).
const (
	BadRecord  Kind = "bad-record"  // unreadable or malformed record (YAML, keys, shapes)
	BadRules   Kind = "bad-rules"   // no rules file for the game, or the rules file has errors
	BadOptions Kind = "bad-options" // an option unknown to the game or a bad value
	BadSetup   Kind = "bad-setup"   // the setup does not fit the game
	WrongGame  Kind = "wrong-game"  // the record is of a game the rules file is not, nor extends
)

// Verdict returns the verdict a problem of this kind gives.
func (k Kind) Verdict() Verdict {
	switch k {
	case IllegalMove, AfterEnd, WrongResult, NotOver:
		return Disagrees
	}
	return CannotCheck
}

// Report is the result of checking one record. Its JSON form is what
// `ruleplay check --json` prints; Text is the human form.
type Report struct {
	// File is the record's file name ("" for a record built in memory).
	File string `json:"file,omitempty"`
	// Game is the record's game, Options its options, Rules the rules file
	// it was checked against.
	Game    string            `json:"game,omitempty"`
	Options map[string]string `json:"options,omitempty"`
	Rules   string            `json:"rules,omitempty"`
	Verdict Verdict           `json:"verdict"`
	// Moves is the number of moves in the record; Checked the number of
	// them replayed and found legal.
	Moves   int `json:"moves"`
	Checked int `json:"checked"`
	// ResultRecorded: the record has a result (checked when the replay got
	// that far); without one the record is checked for legality only.
	ResultRecorded bool `json:"result_recorded"`
	// Outcome is the game's result after the last move replayed, when the
	// game is over there (nil otherwise).
	Outcome *Outcome `json:"outcome,omitempty"`
	// Problem is the first problem found; nil when the verdict is OK.
	Problem *Problem `json:"problem,omitempty"`
}

// Problem describes the first thing wrong with a record.
type Problem struct {
	Kind Kind `json:"kind"`
	// Pos is where the problem is in the record file: file:line:col of the
	// move concerned, or the file name.
	Pos string `json:"pos,omitempty"`
	// Message is the one-line description (without Pos).
	Message string `json:"message"`
	// Move is the 1-based index of the move concerned (0: none) and Text
	// the move as recorded.
	Move int    `json:"move,omitempty"`
	Text string `json:"text,omitempty"`
	// ToMove is the player to move in Position.
	ToMove string `json:"to_move,omitempty"`
	// Position is the board (interp's Render) where the problem shows:
	// before the illegal move, after the end, after the last move.
	Position string `json:"position,omitempty"`
	// Legal lists the legal moves in Position (interp's order).
	Legal []string `json:"legal,omitempty"`
	// Closest are the legal moves nearest to Text by edit distance when it
	// looks like a typo (empty when none is close).
	Closest []string `json:"closest,omitempty"`
	// Expected is the recorded result, Actual the game's (wrong-result,
	// not-over, after-end).
	Expected *Outcome `json:"expected,omitempty"`
	Actual   *Outcome `json:"actual,omitempty"`
}

// Outcome is a result: recorded (Expected) or the game's (Actual).
type Outcome struct {
	// After is the number of moves played when this is the game's result.
	After int `json:"after"`
	// Over is false for a game still going on (Actual of not-over).
	Over    bool           `json:"over"`
	Winners []string       `json:"winners,omitempty"`
	Scores  map[string]int `json:"scores,omitempty"`
	// Margin (with HasMargin) and Reason ("goal", "no move", "limit",
	// "passes") are the game's; a record carries neither.
	Margin    int    `json:"margin,omitempty"`
	HasMargin bool   `json:"has_margin,omitempty"`
	Reason    string `json:"reason,omitempty"`

	players []string // every player in turn order, for the text
}

// ExitCode returns the command-line exit status for a set of reports: the
// worst verdict's (0 when every record is OK, 2 when one cannot be checked,
// else 1 when one disagrees).
func ExitCode(reports ...*Report) int {
	code := 0
	for _, r := range reports {
		code = max(code, r.Verdict.ExitCode())
	}
	return code
}

// Text renders the report for people, stable and exact:
//
//	records/salta/limit-1.yaml: ok: salta (limit=120), 240 moves; green wins (limit, margin 4), scores: green 21, red 25
//
// or, for a problem, a first line "POS: MESSAGE" followed by indented
// details (closest moves, the position, the legal moves, the recorded and
// actual results). It always ends with a newline.
func (r *Report) Text() string {
	var b strings.Builder
	if r.Problem == nil {
		b.WriteString(prefix(r.File) + "ok: " + r.gameText() + fmt.Sprintf(", %d %s", r.Moves, plural(r.Moves, "move", "moves")))
		switch {
		case r.hasResult():
			b.WriteString("; " + r.Outcome.Text())
		case r.Outcome != nil:
			b.WriteString(", all legal (no result recorded); " + r.Outcome.Text())
		default:
			b.WriteString(", all legal (no result recorded; the game goes on)")
		}
		b.WriteByte('\n')
		return b.String()
	}
	pr := r.Problem
	b.WriteString(prefix(pr.Pos) + pr.Message + "\n")
	if len(pr.Closest) > 0 {
		b.WriteString("  did you mean " + orList(pr.Closest) + "?\n")
	}
	if pr.Expected != nil {
		b.WriteString("  recorded: " + pr.Expected.Text() + "\n")
	}
	if pr.Actual != nil {
		label := "  actual:   "
		if pr.Kind == AfterEnd {
			label = fmt.Sprintf("  result after move %d: ", pr.Actual.After)
		}
		b.WriteString(label + pr.Actual.Text() + "\n")
	}
	if pr.Position != "" {
		switch pr.Kind {
		case IllegalMove:
			fmt.Fprintf(&b, "  position before move %d:\n", pr.Move)
		case AfterEnd:
			fmt.Fprintf(&b, "  position after move %d:\n", pr.Move-1)
		default:
			fmt.Fprintf(&b, "  position after move %d:\n", r.Checked)
		}
		for _, l := range strings.Split(strings.TrimRight(pr.Position, "\n"), "\n") {
			b.WriteString(strings.TrimRight("    "+l, " ") + "\n")
		}
	}
	if pr.Kind == IllegalMove || pr.Kind == NotOver {
		fmt.Fprintf(&b, "  legal moves (%d):", len(pr.Legal))
		if len(pr.Legal) == 0 {
			b.WriteString(" none\n")
		} else {
			b.WriteString("\n" + wrap(pr.Legal, "    ", 80))
		}
	}
	return b.String()
}

// hasResult reports whether the record carried a result that was checked.
func (r *Report) hasResult() bool { return r.Outcome != nil && r.ResultRecorded }

// gameText names the game with its options: "leapfrog (diagonal=true, size=8x8)".
func (r *Report) gameText() string {
	if len(r.Options) == 0 {
		return r.Game
	}
	keys := make([]string, 0, len(r.Options))
	for k := range r.Options {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return record.NaturalLess(keys[i], keys[j]) })
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + r.Options[k]
	}
	return r.Game + " (" + strings.Join(parts, ", ") + ")"
}

// Text renders an outcome in one line, in the words of interp's Render:
// "green wins (goal, margin 8), scores: green 0, red 7", "draw (no move)",
// "p1, p3 share the win (no move), scores: p1 20, p2 18, p3 20". A recorded
// result has no reason or margin; a game not over is "not over", with the
// scores so far.
func (o *Outcome) Text() string {
	var r string
	switch {
	case !o.Over:
		r = "not over"
	case len(o.Winners) == 0:
		r = "no winners"
	case len(o.players) > 1 && sameSet(o.Winners, o.players):
		r = "draw"
	case len(o.Winners) == 1:
		r = o.Winners[0] + " wins"
	default:
		r = strings.Join(o.Winners, ", ") + " share the win"
	}
	if o.Reason != "" {
		r += " (" + o.Reason
		if o.HasMargin {
			r += fmt.Sprintf(", margin %d", o.Margin)
		}
		r += ")"
	}
	if len(o.Scores) > 0 {
		r += ", scores: " + o.scoresText()
	}
	return r
}

// scoresText lists the scores in turn order, then any other names (a record
// may name players the game does not have).
func (o *Outcome) scoresText() string {
	var parts []string
	seen := map[string]bool{}
	for _, p := range o.players {
		if v, ok := o.Scores[p]; ok {
			parts = append(parts, fmt.Sprintf("%s %d", p, v))
			seen[p] = true
		}
	}
	var rest []string
	for p := range o.Scores {
		if !seen[p] {
			rest = append(rest, p)
		}
	}
	sort.Slice(rest, func(i, j int) bool { return record.NaturalLess(rest[i], rest[j]) })
	for _, p := range rest {
		parts = append(parts, fmt.Sprintf("%s %d", p, o.Scores[p]))
	}
	return strings.Join(parts, ", ")
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	in := map[string]bool{}
	for _, x := range a {
		in[x] = true
	}
	for _, x := range b {
		if !in[x] {
			return false
		}
	}
	return len(in) == len(b)
}

func prefix(pos string) string {
	if pos == "" {
		return ""
	}
	return pos + ": "
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// orList joins names as "a", "a or b", "a, b or c".
func orList(xs []string) string {
	if len(xs) == 1 {
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " or " + xs[len(xs)-1]
}

// wrap lays words out in lines of at most width columns (a longer word
// gets a line of its own), each line starting with indent.
func wrap(words []string, indent string, width int) string {
	var b strings.Builder
	col := 0
	for _, w := range words {
		if col > 0 && col+1+len(w) > width {
			b.WriteByte('\n')
			col = 0
		}
		if col == 0 {
			b.WriteString(indent + w)
			col = len(indent) + len(w)
		} else {
			b.WriteString(" " + w)
			col += 1 + len(w)
		}
	}
	b.WriteByte('\n')
	return b.String()
}

// Summary counts a set of reports in one line, for the end of a run over
// many records: "42 records: 40 ok, 1 disagrees, 1 cannot be checked".
func Summary(reports []*Report) string {
	n := map[Verdict]int{}
	for _, r := range reports {
		n[r.Verdict]++
	}
	s := fmt.Sprintf("%d %s: %d ok", len(reports), plural(len(reports), "record", "records"), n[OK])
	if n[Disagrees] > 0 {
		s += fmt.Sprintf(", %d %s", n[Disagrees], plural(n[Disagrees], "disagrees", "disagree"))
	}
	if n[CannotCheck] > 0 {
		s += fmt.Sprintf(", %d cannot be checked", n[CannotCheck])
	}
	return s
}
