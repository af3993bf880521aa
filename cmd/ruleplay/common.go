package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"

	"github.com/ruleplay/ruleplay/analyze"
	"github.com/ruleplay/ruleplay/games"
	"github.com/ruleplay/ruleplay/internal/safetext"
	"github.com/ruleplay/ruleplay/internal/suggest"
	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/ir"
	"github.com/ruleplay/ruleplay/lang"
	"github.com/ruleplay/ruleplay/play"
	"github.com/spf13/cobra"
)

// gameFlags are the flags every command that loads a game shares.
type gameFlags struct {
	options  []string
	accels   accelFlags
	seed     uint64
	position string // --position: a position text to start from ("": the start)
}

// accelFlags are --disable and its older alias --fast=false.
type accelFlags struct {
	fast    bool
	disable []string
	out     func() io.Writer // where --disable list prints the registry
}

// register adds --disable and --fast to cmd.
func (a *accelFlags) register(cmd *cobra.Command) {
	var names []string
	for _, x := range interp.Accelerators() {
		names = append(names, x.Name)
	}
	fl := cmd.Flags()
	fl.StringSliceVar(&a.disable, "disable", nil, "switch the interpreter's accelerators `NAME[,NAME...]` off (all: the generic walker only; list: print them with what each serves): "+
		strings.Join(names, ", "))
	fl.BoolVar(&a.fast, "fast", true, "use the interpreter's accelerators (--fast=false is an alias of --disable all)")
	a.out = cmd.OutOrStdout
}

// names returns interp.Config.Disable, or an error naming a bad name; with
// --disable list it prints the registry and returns a reportedError
// (status 0).
func (a *accelFlags) names() ([]string, error) {
	names := slices.Clone(a.disable)
	if !a.fast {
		names = append(names, "all")
	}
	if slices.Contains(names, "list") {
		w := a.out()
		for _, x := range interp.Accelerators() {
			needs := ""
			if len(x.Needs) > 0 {
				needs = " (needs " + strings.Join(x.Needs, ", ") + ")"
			}
			fmt.Fprintf(w, "%s%s: %s\n", x.Name, needs, x.Serves)
		}
		return nil, &reportedError{exitOK}
	}
	if err := interp.CheckDisable(names); err != nil {
		return nil, usageErrorf("--disable: %v", err)
	}
	return names, nil
}

// register adds --option, --disable and --fast, and --seed (documented
// by seedDoc) unless seedDoc is empty.
func (f *gameFlags) register(cmd *cobra.Command, seedDoc string) {
	fl := cmd.Flags()
	fl.StringArrayVarP(&f.options, "option", "o", nil, "set a game option to `NAME=VALUE` (repeatable), e.g. --option size=8x8")
	f.accels.register(cmd)
	if seedDoc != "" {
		fl.Uint64Var(&f.seed, "seed", 1, strings.Replace(seedDoc, "seed", "seed `N`", 1))
	}
	_ = cmd.RegisterFlagCompletionFunc("option", completeOption)
}

// optionMap parses the --option flags.
func (f *gameFlags) optionMap() (map[string]string, error) {
	return parseOptions(f.options)
}

func parseOptions(list []string) (map[string]string, error) {
	m := map[string]string{}
	for _, o := range list {
		name, value, ok := strings.Cut(o, "=")
		name = strings.TrimSpace(name)
		if !ok || name == "" || strings.ContainsAny(name, " \t") {
			return nil, usageErrorf("bad --option %s: want NAME=VALUE, e.g. --option size=8x8", safetext.Quote(o, 40))
		}
		if _, dup := m[name]; dup {
			return nil, usageErrorf("--option %s is given twice", safetext.Escape(safetext.Short(name, 40)))
		}
		m[name] = strings.TrimSpace(value)
	}
	return m, nil
}

// game is a loaded rules file.
type game struct {
	file string
	g    *ir.Game
	p    *interp.Program
	opts map[string]string // the options given on the command line
}

// load reads, checks and compiles a rules file with the flags' options.
// maxPlies is interp.Config.MaxPlies (0: none).
func (f *gameFlags) load(file string, maxPlies int) (*game, error) {
	opts, err := f.optionMap()
	if err != nil {
		return nil, err
	}
	disable, err := f.accels.names()
	if err != nil {
		return nil, err
	}
	g, err := loadRules(file, opts)
	if err != nil {
		return nil, err
	}
	p, err := interp.Compile(g, interp.Config{Disable: disable, MaxPlies: maxPlies})
	if err != nil {
		return nil, err
	}
	return &game{file: file, g: g, p: p, opts: opts}, nil
}

// loadRules reads and checks a rules file: FILE is a path, or the name of
// a bundled game (NAME, or NAME.rules) when no such file exists. This is
// the one place where a command's FILE argument is resolved.
func loadRules(file string, opts map[string]string) (*ir.Game, error) {
	if st, err := os.Stat(file); err == nil && !st.IsDir() {
		return lang.Load(file, opts)
	}
	name := strings.TrimSuffix(file, ".rules")
	bare := !strings.ContainsAny(file, `/\`)
	if bare && games.Has(name) {
		return lang.LoadFS(games.FS(), name+".rules", opts)
	}
	if !bare || strings.HasSuffix(file, ".rules") {
		_, err := lang.Load(file, opts)
		return nil, err
	}
	msg := fmt.Sprintf("no rules file %q, and no bundled game of that name", file)
	if near := suggest.Nearest(name, games.Names(), max(1, (len(name)+1)/3)); near != "" {
		msg += fmt.Sprintf("; did you mean %q?", near)
	}
	return nil, fmt.Errorf("%s\n(bundled games: %s; 'ruleplay games' lists them)", msg, strings.Join(games.Names(), ", "))
}

// registerPosition adds --position to cmd (the commands that play from a
// position).
func (f *gameFlags) registerPosition(cmd *cobra.Command) {
	cmd.Flags().StringVar(&f.position, "position", "", "start from the position `TEXT` (a position text, docs/notation.md; 'ruleplay position' prints one; or a FEN such as W:W31-50:B1-20 in a game with square numbers) instead of the start")
}

// start returns the initial position for the flags' seed.
func (gm *game) start(f *gameFlags) *interp.State {
	return gm.p.NewState(f.seed)
}

// startAt returns the position the flags start from: --position's, or
// the initial position for the flags' seed.
func (gm *game) startAt(f *gameFlags) (*interp.State, error) {
	if f.position == "" {
		return gm.start(f), nil
	}
	parse := interp.ParsePosition
	if gm.p.Numbered() && interp.LooksLikeFEN(f.position) {
		parse = interp.ParseFEN // a FEN (docs/notation.md, "FEN")
	}
	s, err := parse(gm.p, f.position)
	if err != nil {
		return nil, fmt.Errorf("--position: %w", err)
	}
	return s, nil
}

// random tells whether the game's setup is drawn at random.
func (gm *game) random() bool { return gm.g.Setup.Random != nil }

// title is the game's title and its option values, e.g.
// "My Game (size=8x8, players=2)".
// Control characters are escaped: the title goes to a terminal.
func (gm *game) title() string {
	if len(gm.g.Options) == 0 {
		return safetext.Escape(gm.g.Title)
	}
	parts := make([]string, len(gm.g.Options))
	for i, o := range gm.g.Options {
		parts[i] = o.Name + "=" + lang.OptionValueText(o)
	}
	return safetext.Escape(gm.g.Title + " (" + strings.Join(parts, ", ") + ")")
}

// givenOptions returns the options given on the command line with their
// values as the game resolved them (normalised text, e.g. "8x8").
func (gm *game) givenOptions() map[string]string {
	if len(gm.opts) == 0 {
		return nil
	}
	m := map[string]string{}
	for _, o := range gm.g.Options {
		if _, ok := gm.opts[o.Name]; ok {
			m[o.Name] = lang.OptionValueText(o)
		}
	}
	return m
}

// replay plays the move texts from s, failing on the first illegal one with
// a message naming it, the legal moves there and the closest legal move.
func (gm *game) replay(s *interp.State, moves []string) error {
	var ml interp.MoveList
	p := gm.p
	for k, text := range moves {
		text = strings.TrimSpace(text)
		i, err := p.ParseMove(s, &ml, text)
		if err == nil {
			p.Apply(s, &ml, i)
			continue
		}
		if ml.Len() == 0 {
			return fmt.Errorf("move %d %s: the game is already over after %s (%s)", k+1, safetext.Quote(text, 80), count(k, "move"), resultLine(p, p.Status(s)))
		}
		legal := p.Texts(&ml)
		why := ""
		if text == "swap" {
			why = ": " + p.SwapWhyNot(s) // (the pie rule: turns { swap })
		}
		if p.Numbered() && text != "" && text[0] >= '0' && text[0] <= '9' {
			// written in square numbers: the moves listed so, and why not
			legal = moveTexts(p, &ml, notationNumbers)
			if _, reason, ok := strings.Cut(err.Error(), "is not legal here: "); ok {
				why = ": " + reason
			}
		}
		var b strings.Builder
		fmt.Fprintf(&b, "move %d %s is not legal%s (%s to move after %s)\n", k+1, safetext.Quote(text, 80), why, p.PlayerName(s.ToMove()), count(k, "move"))
		b.WriteString(wrapList("legal moves: ", legal, "  ", 80))
		if near := suggest.Typo(text, legal); near != "" {
			fmt.Fprintf(&b, "\ndid you mean %q?", near)
		}
		return fmt.Errorf("%s", b.String())
	}
	return nil
}

// splitMoves splits --moves values on commas and spaces.
func splitMoves(list []string) []string {
	var out []string
	for _, m := range list {
		for _, f := range strings.FieldsFunc(m, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' }) {
			out = append(out, f)
		}
	}
	return out
}

// wrapList renders prefix + items joined by ", " wrapped at width, with
// continuation lines starting with indent; no trailing newline.
func wrapList(prefix string, items []string, indent string, width int) string {
	return wrapJoined(prefix, items, true, indent, width)
}

// wrapWords is wrapList with items separated by spaces only.
func wrapWords(prefix string, items []string, indent string, width int) string {
	return wrapJoined(prefix, items, false, indent, width)
}

func wrapJoined(prefix string, items []string, comma bool, indent string, width int) string {
	var b strings.Builder
	b.WriteString(prefix)
	col := len(prefix)
	for i, it := range items {
		s := it
		if comma && i < len(items)-1 {
			s += ","
		}
		if i > 0 {
			if col+1+len(s) > width {
				b.WriteString("\n" + indent)
				col = len(indent)
			} else {
				b.WriteByte(' ')
				col++
			}
		}
		b.WriteString(s)
		col += len(s)
	}
	return b.String()
}

// playerNames returns the names of players in ps.
func playerNames(p *interp.Program, ps []int) []string {
	out := make([]string, len(ps))
	for i, x := range ps {
		out[i] = p.PlayerName(x)
	}
	return out
}

// resultLine describes a finished game in one line:
// "p2 wins (no move), scores: p1 30, p2 32".
func resultLine(p *interp.Program, st interp.Status) string {
	r := winnersText(p, st) + " (" + st.Reason
	if m, ok := margin(p, st); ok {
		r += fmt.Sprintf(", margin %d", m)
	}
	r += ")"
	if st.Scores != nil {
		r += ", scores: " + scoresText(p, st.Scores)
	}
	return r
}

// winnersText: "p2 wins", "draw", "p1 and p3 share the win".
func winnersText(p *interp.Program, st interp.Status) string {
	names := playerNames(p, st.Winners)
	switch {
	case len(st.Winners) == p.NumPlayers() && p.NumPlayers() > 1:
		return "draw"
	case len(names) == 1:
		return names[0] + " wins"
	}
	return strings.Join(names, ", ") + " share the win"
}

func scoresText(p *interp.Program, scores []int) string {
	parts := make([]string, len(scores))
	for i, v := range scores {
		parts[i] = fmt.Sprintf("%s %d", p.PlayerName(i), v)
	}
	return strings.Join(parts, ", ")
}

// margin is the rules' margin when they define one; otherwise, when the
// game has scores and a decided result, the difference between the
// winners' score and the best of the others.
func margin(p *interp.Program, st interp.Status) (int, bool) { return analyze.Margin(p, st) }

// maxThreads caps every --threads (and mcts:threads=): each thread costs
// memory, and no machine has more cores to give.
const maxThreads = play.MaxThreads

// notAnInput refuses an output file (flag names it) that is one of the
// command's input files: writing it would destroy what was read. Inputs
// that do not exist as files (bundled games) are skipped.
func notAnInput(flag, out string, inputs ...string) error {
	if out == "" {
		return nil
	}
	ost, err := os.Stat(out)
	if err != nil {
		return nil // not there yet: it cannot be an input
	}
	for _, in := range inputs {
		if ist, err := os.Stat(in); err == nil && os.SameFile(ost, ist) {
			return usageErrorf("%s %s would write over the input file %s; choose another file", flag, out, in)
		}
	}
	return nil
}

// maxPliesLimit is the most plies any game or playout is played: a game
// that never ends is stopped there (as the rules end it at a move limit),
// so that every command ends and runs in bounded memory.
const maxPliesLimit = 1_000_000

const plyLimitText = "1,000,000"

// checkPlies checks --max-plies; 0 (no cap asked) becomes maxPliesLimit.
func checkPlies(n *int) error {
	switch {
	case *n < 0:
		return usageErrorf("--max-plies %d: want 0 (no cap) or more", *n)
	case *n > maxPliesLimit:
		return usageErrorf("--max-plies %d: at most %d (0 also means %d)", *n, maxPliesLimit, maxPliesLimit)
	case *n == 0:
		*n = maxPliesLimit
	}
	return nil
}

// interruptible returns the command's context, done once the user presses
// Ctrl-C (SIGINT): a long command then stops after the move being chosen
// and keeps what it has done.
func interruptible(cmd *cobra.Command) (context.Context, context.CancelFunc) {
	ctx := cmd.Context()
	if ctx == nil {
		ctx = context.Background()
	}
	return signal.NotifyContext(ctx, os.Interrupt)
}
