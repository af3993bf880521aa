package conformance

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/ruleplay/ruleplay/internal/inputs"
	"github.com/ruleplay/ruleplay/internal/safetext"
	"github.com/ruleplay/ruleplay/internal/suggest"
	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/ir"
	"github.com/ruleplay/ruleplay/lang"
	"github.com/ruleplay/ruleplay/record"
)

// CheckRecord replays rec against the rules file at path rules (its
// options applied) and reports the first problem, or OK. See Checker.
func CheckRecord(rec *record.Record, rules string, cfg interp.Config) *Report {
	c := &Checker{Config: cfg}
	return c.Record(rec, rules)
}

// CheckFile reads the record at path and checks it against
// <games>/<game>.rules. A record that cannot be read or parsed gives a
// report with verdict CannotCheck carrying package record's message
// (file:line:col: ...).
func CheckFile(path, games string, cfg interp.Config) *Report {
	c := &Checker{Games: games, Config: cfg}
	return c.File(path)
}

// CheckDir checks every *.yaml file under dir (recursively, in lexical
// order of their paths), each against <games>/<game>.rules. The error is
// for a directory that cannot be walked; problems in records are in the
// reports.
func CheckDir(dir, games string, cfg interp.Config) ([]*Report, error) {
	c := &Checker{Games: games, Config: cfg}
	return c.Dir(dir)
}

// Checker checks records; it keeps the compiled programs it has built, by
// rules file and options, so that checking many records of one game loads
// the rules once. The zero value works for Record (Games is only needed to
// find rules files by game name). A Checker is not safe for concurrent use.
type Checker struct {
	// Games is the directory of the rules files (games/<game>.rules).
	Games string
	// Rules, when set, is the rules file every record is checked against,
	// whatever its game (`ruleplay check --rules FILE`); Games is then
	// not used.
	Rules string
	// Config is passed to interp.Compile (Disable, MaxPlies).
	Config interp.Config
	// Load reads a rules file (Rules, or one found in Games) with options;
	// nil means lang.Load. A command sets it to accept the names of bundled
	// games as well as paths.
	Load func(rules string, opts map[string]string) (*ir.Game, error)
	// Bundled, when set, tells whether a game missing from Games is one
	// Load knows by name (a game built into the program); RulesFor then
	// returns the name itself.
	Bundled func(game string) bool

	// MaxRecordBytes is the largest record File reads (0:
	// record.DefaultMaxBytes).
	MaxRecordBytes int64

	progs map[string]loaded
}

type loaded struct {
	p   *interp.Program
	err *Problem
}

// Dir checks every *.yaml file under dir; see CheckDir.
func (c *Checker) Dir(dir string) ([]*Report, error) {
	var paths []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(d.Name(), ".yaml") {
			paths = append(paths, path)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(paths)
	reports := make([]*Report, len(paths))
	for i, p := range paths {
		reports[i] = c.File(p)
	}
	return reports, nil
}

// File reads the record at path and checks it against the rules file of
// its game in c.Games (or c.Rules); see CheckFile.
func (c *Checker) File(path string) *Report {
	rep := &Report{File: path}
	f, err := inputs.Open(path)
	if err != nil {
		return rep.fail(&Problem{Kind: BadRecord, Pos: path, Message: "cannot read the record: " + pathErr(err)})
	}
	rec, err := record.ReadLimit(f, path, c.MaxRecordBytes)
	f.Close()
	if err != nil {
		var re *record.Error
		if errors.As(err, &re) {
			return rep.fail(&Problem{Kind: BadRecord, Pos: re.Pos.String(), Message: re.Msg})
		}
		return rep.fail(&Problem{Kind: BadRecord, Pos: path, Message: err.Error()})
	}
	rules, pr := c.Rules, (*Problem)(nil)
	if rules == "" {
		rules, pr = c.RulesFor(rec.Game)
	}
	if pr != nil {
		rep.Game, rep.Options, rep.Moves = rec.Game, rec.Options, len(rec.Moves)
		rep.ResultRecorded = rec.Result != nil
		pr.Pos = path
		return rep.fail(pr)
	}
	rep = c.Record(rec, rules)
	rep.File = path
	if rep.Problem != nil && rep.Problem.Pos == "" {
		rep.Problem.Pos = path
	}
	return rep
}

var gameNameRE = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]*$`)

// RulesFor returns the path of the rules file of game in c.Games, or a
// BadRules problem naming the games that exist (with the closest one).
func (c *Checker) RulesFor(game string) (string, *Problem) {
	if !gameNameRE.MatchString(game) || strings.Contains(game, "..") {
		return "", &Problem{Kind: BadRules, Message: fmt.Sprintf("game: %q is not the name of a game (the stem of a rules file, e.g. salta)", game)}
	}
	path := filepath.Join(c.Games, game+".rules")
	if _, err := os.Stat(path); err == nil {
		return path, nil
	}
	if c.Bundled != nil && c.Bundled(game) {
		return game, nil
	}
	var known []string
	if ents, err := os.ReadDir(c.Games); err == nil {
		for _, e := range ents {
			if n, ok := strings.CutSuffix(e.Name(), ".rules"); ok && !e.IsDir() {
				known = append(known, n)
			}
		}
	}
	msg := fmt.Sprintf("unknown game %q: no %s", game, path)
	if near := closest(game, known, 1); len(near) > 0 {
		msg += fmt.Sprintf("; did you mean %s?", near[0])
	} else if len(known) > 0 {
		msg += " (games: " + strings.Join(known, ", ") + ")"
	}
	return "", &Problem{Kind: BadRules, Message: msg}
}

// Record replays rec against the rules file at path rules with the
// record's options, from the record's setup, and reports the first
// problem:
//
//   - an option the game does not know or a bad value (CannotCheck);
//   - a setup given for a game whose setup is not random, a random setup
//     not given, unknown cells or pieces, piece counts that do not fit
//     (CannotCheck);
//   - a move that is not legal: its index, text, the position, the legal
//     moves there and the closest legal moves when it looks like a typo;
//   - a move after the end of the game, with the result at the end;
//   - a recorded result while the game is not over after the last move;
//   - recorded winners (compared as sets) or scores (each one recorded;
//     only when given) that differ from the game's.
//
// A record without a result is checked for legality only.
func (c *Checker) Record(rec *record.Record, rules string) *Report {
	if rec == nil {
		return (&Report{Rules: rules}).fail(&Problem{Kind: BadRecord, Message: "no record to check"})
	}
	rep := &Report{
		File: rec.MovePos(0).File, Game: rec.Game, Options: rec.Options, Rules: rules,
		Moves: len(rec.Moves), ResultRecorded: rec.Result != nil,
	}
	p, pr := c.program(rules, rec.Options)
	if pr != nil {
		pr.Pos = rep.File
		return rep.fail(pr)
	}
	if pr := sameGame(p.Game(), rec.Game, rules); pr != nil {
		pr.Pos = rep.File
		return rep.fail(pr)
	}
	s, pr := initialState(p, rec)
	if pr != nil {
		pr.Pos = rep.File
		if rec.Start != "" && rec.StartPos().Line > 0 {
			pr.Pos = rec.StartPos().String()
		}
		return rep.fail(pr)
	}
	var ml interp.MoveList
	for i, text := range rec.Moves {
		idx, err := p.ParseMove(s, &ml, text)
		if err == nil {
			p.Apply(s, &ml, idx)
			rep.Checked++
			continue
		}
		pos := rec.MovePos(i).String()
		if pos == "" {
			pos = rep.File
		}
		if st := p.Status(s); st.Over {
			return rep.fail(&Problem{
				Kind: AfterEnd, Pos: pos, Move: i + 1, Text: safetext.Short(text, 200),
				Message:  fmt.Sprintf("move %d, %s: the game is already over after move %d", i+1, quoteMove(text), i),
				Actual:   outcome(p, st, i),
				Position: p.Render(s),
			})
		}
		legal := texts(p, &ml)
		player := p.PlayerName(s.ToMove())
		msg := fmt.Sprintf("move %d, %s, is not legal (%s to move)", i+1, quoteMove(text), player)
		if why := p.SwapWhyNot(s); text == "swap" && why != "" {
			msg += ": " + why
		}
		return rep.fail(&Problem{
			Kind: IllegalMove, Pos: pos, Move: i + 1, Text: safetext.Short(text, 200), ToMove: player,
			Message:  msg,
			Position: p.Render(s),
			Legal:    legal,
			Closest:  closest(text, legal, 3),
		})
	}
	st := p.Status(s)
	if st.Over {
		rep.Outcome = outcome(p, st, len(rec.Moves))
	}
	if rec.Result == nil {
		rep.Verdict = OK
		return rep
	}
	want := &Outcome{After: len(rec.Moves), Over: true, Winners: rec.Result.Winners, Scores: rec.Result.Scores, players: players(p)}
	if !st.Over {
		p.Legal(s, &ml)
		actual := outcome(p, st, len(rec.Moves))
		player := p.PlayerName(s.ToMove())
		return rep.fail(&Problem{
			Kind: NotOver, Pos: rep.File, ToMove: player,
			Message: fmt.Sprintf("a result is recorded, but the game is not over after move %d (%s to move)",
				len(rec.Moves), player),
			Expected: want, Actual: actual,
			Position: p.Render(s),
			Legal:    texts(p, &ml),
		})
	}
	if msg := compareResult(p, rec.Result, st, len(rec.Moves)); msg != "" {
		return rep.fail(&Problem{Kind: WrongResult, Pos: rep.File, Message: msg, Expected: want, Actual: rep.Outcome})
	}
	rep.Verdict = OK
	return rep
}

func (r *Report) fail(pr *Problem) *Report {
	r.Problem = pr
	r.Verdict = pr.Kind.Verdict()
	return r
}

// program loads and compiles the rules with the options, once per Checker.
func (c *Checker) program(rules string, opts map[string]string) (*interp.Program, *Problem) {
	keys := make([]string, 0, len(opts))
	for k := range opts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	key := rules
	for _, k := range keys {
		key += "\x00" + k + "=" + opts[k]
	}
	if l, ok := c.progs[key]; ok {
		return l.p, l.err.copy()
	}
	p, pr := c.load(rules, opts)
	if c.progs == nil {
		c.progs = map[string]loaded{}
	}
	c.progs[key] = loaded{p, pr}
	return p, pr.copy()
}

func (pr *Problem) copy() *Problem {
	if pr == nil {
		return nil
	}
	c := *pr
	return &c
}

func (c *Checker) load(rules string, opts map[string]string) (*interp.Program, *Problem) {
	load := c.Load
	if load == nil {
		load = lang.Load
	}
	g, err := load(rules, opts)
	if err != nil {
		var oe *lang.OptionError
		var ds lang.Diagnostics
		switch {
		case errors.As(err, &oe):
			return nil, &Problem{Kind: BadOptions, Message: "options: " + oe.Msg}
		case errors.As(err, &ds):
			return nil, &Problem{Kind: BadRules, Message: fmt.Sprintf("the rules file %s has errors:\n%s", rules, indent(ds.Error(), "  "))}
		}
		return nil, &Problem{Kind: BadRules, Message: "cannot load the rules: " + pathErr(err)}
	}
	p, err := interp.Compile(g, c.Config)
	if err != nil {
		return nil, &Problem{Kind: BadRules, Message: fmt.Sprintf("cannot compile %s: %v", rules, err)}
	}
	return p, nil
}

// initialState builds the start position: the record's start (a position
// text), the rules' own setup, or the record's explicit layout for a game
// whose setup is random.
func initialState(p *interp.Program, rec *record.Record) (*interp.State, *Problem) {
	if rec.Start != "" {
		s, err := interp.ParsePosition(p, rec.Start)
		if err != nil {
			return nil, &Problem{Kind: BadSetup, Message: "start: " + err.Error()}
		}
		return s, nil
	}
	g := p.Game()
	r := g.Setup.Random
	bad := func(format string, args ...any) (*interp.State, *Problem) {
		return nil, &Problem{Kind: BadSetup, Message: "setup: " + fmt.Sprintf(format, args...)}
	}
	if r == nil {
		if len(rec.Setup) > 0 {
			return bad("%s has no random setup (the rules place every piece); remove the setup", g.Name)
		}
		return p.NewState(0), nil
	}
	if len(rec.Setup) == 0 {
		return bad("%s lays its pieces at random: the record must list the layout (setup: cell: piece, one per line)", g.Name)
	}
	// The same checks as interp's NewStateFromLayout, reported with every
	// offender and the names that would do.
	inFill := map[string]bool{}
	for _, c := range r.Cells {
		inFill[p.CellName(c)] = true
	}
	want := map[string]int{}
	var pieceNames []string
	for _, pc := range r.Counts {
		n := g.Pieces[pc.Piece].Name
		if _, ok := want[n]; !ok {
			pieceNames = append(pieceNames, n)
		}
		want[n] += pc.Count
	}
	cells := make([]string, 0, len(rec.Setup))
	for c := range rec.Setup {
		cells = append(cells, c)
	}
	sort.Slice(cells, func(i, j int) bool { return record.NaturalLess(cells[i], cells[j]) })
	var unknown, fixed []string
	for _, c := range cells {
		if _, ok := p.CellIndex(c); !ok {
			unknown = append(unknown, c)
		} else if !inFill[c] {
			fixed = append(fixed, c)
		}
	}
	if len(unknown) > 0 {
		return bad("%s %s not on the board of %s", plural(len(unknown), "cell", "cells"), first(unknown, 8)+isAre(len(unknown)), g.Name)
	}
	if len(fixed) > 0 {
		return bad("%s %s not laid at random (the rules place %s)", plural(len(fixed), "cell", "cells"), first(fixed, 8)+isAre(len(fixed)), plural(len(fixed), "its piece", "their pieces"))
	}
	got := map[string]int{}
	for _, c := range cells {
		n := rec.Setup[c]
		if _, ok := want[n]; !ok {
			msg := fmt.Sprintf("%s: unknown piece %q (pieces: %s)", c, n, strings.Join(pieceNames, ", "))
			if near := closest(n, pieceNames, 1); len(near) > 0 {
				msg += fmt.Sprintf("; did you mean %s?", near[0])
			}
			return bad("%s", msg)
		}
		got[n]++
	}
	var missing []string
	for _, c := range r.Cells {
		if _, ok := rec.Setup[p.CellName(c)]; !ok {
			missing = append(missing, p.CellName(c))
		}
	}
	if len(missing) > 0 {
		return bad("%d %s no piece: %s", len(missing), plural(len(missing), "cell has", "cells have"), first(missing, 8))
	}
	var diff []string
	for _, n := range pieceNames {
		if got[n] != want[n] {
			diff = append(diff, fmt.Sprintf("%d %s (want %d)", got[n], n, want[n]))
		}
	}
	if len(diff) > 0 {
		return bad("the piece counts do not fit %s: %s", g.Name, strings.Join(diff, ", "))
	}
	s, err := p.NewStateFromLayout(rec.Setup)
	if err != nil {
		return bad("%s", strings.TrimPrefix(err.Error(), "layout: "))
	}
	return s, nil
}

func isAre(n int) string {
	if n == 1 {
		return " is"
	}
	return " are"
}

// first lists up to n names, then "and K more".
func first(xs []string, n int) string {
	if len(xs) <= n {
		return strings.Join(xs, ", ")
	}
	return strings.Join(xs[:n], ", ") + fmt.Sprintf(" and %d more", len(xs)-n)
}

// compareResult compares a recorded result with a finished game's status;
// "" when they agree.
func compareResult(p *interp.Program, want *record.Result, st interp.Status, after int) string {
	names := players(p)
	var unknown []string
	for _, w := range want.Winners {
		if !slices.Contains(names, w) && !slices.Contains(unknown, w) {
			unknown = append(unknown, w)
		}
	}
	scoreNames := make([]string, 0, len(want.Scores))
	for k := range want.Scores {
		scoreNames = append(scoreNames, k)
	}
	sort.Slice(scoreNames, func(i, j int) bool { return record.NaturalLess(scoreNames[i], scoreNames[j]) })
	for _, k := range scoreNames {
		if !slices.Contains(names, k) && !slices.Contains(unknown, k) {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) > 0 {
		q := make([]string, len(unknown))
		for i, u := range unknown {
			q[i] = fmt.Sprintf("%q", u)
		}
		return fmt.Sprintf("the recorded result names %s %s that %s does not have (players: %s)",
			plural(len(unknown), "a player", "players"), strings.Join(q, ", "), p.Game().Name, strings.Join(names, ", "))
	}
	var got []string
	for _, w := range st.Winners {
		got = append(got, p.PlayerName(w))
	}
	winnersDiffer := !sameSet(uniq(want.Winners), got)
	scoresDiffer := false
	if len(want.Scores) > 0 {
		if st.Scores == nil {
			return fmt.Sprintf("the recorded result has scores, but %s keeps none", p.Game().Name)
		}
		for i, v := range st.Scores {
			if w, ok := want.Scores[p.PlayerName(i)]; ok && w != v {
				scoresDiffer = true
			}
		}
	}
	switch {
	case winnersDiffer && scoresDiffer:
		return fmt.Sprintf("the recorded winners and scores differ from the game's after move %d", after)
	case winnersDiffer:
		return fmt.Sprintf("the recorded winners differ from the game's after move %d", after)
	case scoresDiffer:
		return fmt.Sprintf("the recorded scores differ from the game's after move %d", after)
	}
	return ""
}

func uniq(xs []string) []string {
	var out []string
	for _, x := range xs {
		if !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	return out
}

func players(p *interp.Program) []string {
	names := make([]string, p.NumPlayers())
	for i := range names {
		names[i] = p.PlayerName(i)
	}
	return names
}

// outcome converts a status after `after` moves.
func outcome(p *interp.Program, st interp.Status, after int) *Outcome {
	o := &Outcome{After: after, Over: st.Over, Margin: st.Margin, HasMargin: st.HasMargin, Reason: st.Reason, players: players(p)}
	if st.Over {
		for _, w := range st.Winners {
			o.Winners = append(o.Winners, p.PlayerName(w))
		}
	}
	if st.Scores != nil {
		o.Scores = make(map[string]int, len(st.Scores))
		for i, v := range st.Scores {
			o.Scores[p.PlayerName(i)] = v
		}
	}
	return o
}

func texts(p *interp.Program, ml *interp.MoveList) []string {
	out := make([]string, ml.Len())
	for i := range out {
		out[i] = p.Text(ml, i)
	}
	return out
}

// quoteMove shows a recorded move: plain when it is a simple word,
// quoted when it has spaces or odd characters.
func quoteMove(s string) string {
	if len(s) <= 80 && moveWordRE.MatchString(s) {
		return s
	}
	return safetext.Quote(s, 80)
}

var moveWordRE = regexp.MustCompile(`^[A-Za-z0-9:-]+$`)

// closest returns the candidates nearest to s by edit distance (ignoring
// case and spaces), when s looks like a typo of them: the distance is at
// most 2 and at most a third of the text's length (at least 1). At most
// limit candidates are returned, in their given order; when more tie, none
// is (nothing stands out).
func closest(s string, candidates []string, limit int) []string {
	norm := func(x string) string { return strings.ToLower(strings.Join(strings.Fields(x), "")) }
	ns := norm(s)
	best := min(2, max(1, (len(ns)+2)/3)) // the largest distance accepted
	var out []string
	for _, c := range candidates {
		if len(ns) > len(c)+2*best+8 {
			continue // too long to be a typo of c; spare the distance
		}
		d := suggest.Distance(ns, norm(c))
		switch {
		case d < best:
			best, out = d, []string{c}
		case d == best:
			out = append(out, c)
		}
	}
	if len(out) > limit {
		return nil
	}
	return out
}

// pathErr shortens *fs.PathError messages to "open X: no such file or
// directory" without Go's wrapping prefixes.
func pathErr(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Op + " " + pe.Path + ": " + pe.Err.Error()
	}
	return err.Error()
}

func indent(s, in string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(in+l, " ")
	}
	return strings.Join(lines, "\n")
}

// sameGame tells whether a record of game may be checked against g: g is
// that game, or a variant that extends it (notation.md).
func sameGame(g *ir.Game, game, rules string) *Problem {
	if game == "" || game == g.Name || slices.Contains(g.Bases, game) {
		return nil
	}
	what := g.Name
	if len(g.Bases) > 0 {
		what += " (a variant of " + strings.Join(g.Bases, ", ") + ")"
	}
	return &Problem{Kind: WrongGame, Message: fmt.Sprintf("the record is of %q, but %s is %s; check it against the rules of %s or of a variant that extends them",
		safetext.Short(game, 60), rules, what, safetext.Short(game, 60))}
}
