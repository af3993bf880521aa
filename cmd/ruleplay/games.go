package main

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/ruleplay/ruleplay/games"
	"github.com/ruleplay/ruleplay/ir"
	"github.com/ruleplay/ruleplay/lang"
	"github.com/spf13/cobra"
)

func newGamesCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "games",
		Short: "List the bundled games and their options",
		Long: `Games lists the games bundled in ruleplay (the rules files of games/,
embedded in the program): each game's name, title and options with their
default value, the values allowed and what they do.

Every command accepts a bundled game by its name instead of a path to a
rules file (ruleplay run NAME); a file of that name in the current folder
comes first. The rules of each game are explained in docs/rules/NAME.md,
the language in docs/language.md.`,
		Example: `  ruleplay games
  ruleplay run ` + bundledExample() + `
  ruleplay rules ` + bundledExample(),
		Args: exactArgs(),
		RunE: func(cmd *cobra.Command, args []string) error {
			out := cmd.OutOrStdout()
			for i, name := range games.Names() {
				g, err := lang.LoadFS(games.FS(), name+".rules", nil)
				if err != nil {
					return fmt.Errorf("bundled game %s: %w", name, err)
				}
				if i > 0 {
					fmt.Fprintln(out)
				}
				fmt.Fprintf(out, "%-20s %s (%s, %s)\n", name, g.Title, count(len(g.Players), "player"), count(len(g.Board.Cells), "cell"))
				writeOptions(out, g, "  --option ")
			}
			fmt.Fprintln(out, "\nPlay one: ruleplay run NAME; its rules: ruleplay rules NAME, docs/rules/NAME.md")
			return nil
		},
	}
}

// bundledExample is the name of a bundled game for the help examples
// (the last in order), so that no code here names a game.
func bundledExample() string {
	names := games.Names()
	if len(names) == 0 {
		return "NAME"
	}
	return names[len(names)-1]
}

// writeOptions lists a game's options, one per line, each line starting
// with prefix.
func writeOptions(out io.Writer, g *ir.Game, prefix string) {
	w := 0
	for _, o := range g.Options {
		w = max(w, len(o.Name)+1+len(lang.OptionValueText(o)))
	}
	for _, o := range g.Options {
		nv := o.Name + "=" + lang.OptionValueText(o)
		line := fmt.Sprintf("%s%-*s  %s", prefix, w, nv, lang.OptionAllowed(o))
		if o.Doc != "" {
			line += ": " + o.Doc
		}
		fmt.Fprintln(out, line)
	}
}

func newRulesCmd() *cobra.Command {
	var gf gameFlags
	cmd := &cobra.Command{
		Use:   "rules FILE",
		Short: "Summarise a rules file: players, board, pieces, moves, ends, options",
		Long: `Rules prints a short summary of a game as the checker understood it (after
merging its bases and imports, with the options given): the board, the
players and their forward directions, the pieces and the setup, every move
rule with its conditions, the order of priority, the ends of the game, the
score, and the options.

FILE is a rules file or the name of a bundled game ('ruleplay games').
The language is explained in docs/language.md.`,
		Example: `  ruleplay rules ` + bundledExample() + `
  ruleplay rules my-game.rules
  ruleplay rules my-game.rules --option size=8x8`,
		Args:              exactArgs("FILE"),
		ValidArgsFunction: completeRulesFile,
		RunE: func(cmd *cobra.Command, args []string) error {
			gm, err := gf.load(args[0], 0)
			if err != nil {
				return err
			}
			fmt.Fprint(cmd.OutOrStdout(), summary(gm.g))
			return nil
		},
	}
	gf.register(cmd, "")
	return cmd
}

// summary describes a checked game in a few readable lines.
func summary(g *ir.Game) string {
	b := &strings.Builder{}
	d := describer{g}
	fmt.Fprintf(b, "%s (%s)\n", g.Title, g.Name)
	summaryBoard(b, g)
	summaryPlayers(b, g)
	summaryPieces(b, g)
	summarySetup(b, g)
	summaryMoves(b, g, d)
	summaryEnd(b, g, d)
	return b.String()
}

// summaryBoard writes the board's lines of summary.
func summaryBoard(b *strings.Builder, g *ir.Game) {
	bd := g.Board
	if bd.Shape == ir.Hex {
		rows := make([]string, len(bd.Rows))
		for i, n := range bd.Rows {
			rows[i] = strconv.Itoa(n)
		}
		fmt.Fprintf(b, "board:   hex, rows of %s cells from row 1 (%s)\n", strings.Join(rows, ", "), count(len(bd.Cells), "cell"))
	} else {
		sub := ""
		if len(bd.Cells) < bd.Width*bd.Height {
			sub = ", light cells only"
			if len(bd.Cells) > 0 && bd.Cells[0].Name == "a1" {
				sub = ", dark cells only"
			}
		}
		switch bd.Diagonals {
		case ir.DiagonalsDark:
			sub += ", diagonals through the dark cells only"
		case ir.DiagonalsLight:
			sub += ", diagonals through the light cells only"
		}
		fmt.Fprintf(b, "board:   square %dx%d%s (%s)\n", bd.Width, bd.Height, sub, count(len(bd.Cells), "cell"))
	}
	if g.Stacking {
		b.WriteString("         stacks: a cell holds a stack; only its top piece moves\n")
	}
}

// summaryPlayers writes the players' line of summary, and the turns'
// and the swap's when the game has them.
func summaryPlayers(b *strings.Builder, g *ir.Game) {
	summaryTurns(b, g)
	if sw := g.Swap; sw != nil {
		fmt.Fprintf(b, "swap:    after %s, the player to move may take over the other side (swap)\n", count(sw.Ply, "ply"))
	}
}

// summaryTurns writes the players' line of summary, and the turns' when
// the game has a turn order.
func summaryTurns(b *strings.Builder, g *ir.Game) {
	ps := make([]string, len(g.Players))
	for i, p := range g.Players {
		ps[i] = p.Name
		if f := forwardName(p); f != "" {
			ps[i] += " (forward " + f + ")"
		}
	}
	t := g.Turns
	if t == nil {
		fmt.Fprintf(b, "players: %s; %s moves first\n", strings.Join(ps, ", "), g.Players[0].Name)
		return
	}
	names := func(seats []int) string {
		out := make([]string, len(seats))
		for i, pl := range seats {
			out[i] = g.Players[pl].Name
		}
		return strings.Join(out, " ")
	}
	first := append(append([]int(nil), t.Opening...), t.Repeat...)[0]
	fmt.Fprintf(b, "players: %s; %s moves first\n", strings.Join(ps, ", "), g.Players[first].Name)
	if len(t.Opening) > 0 {
		fmt.Fprintf(b, "turns:   %s, then %s over and over\n", names(t.Opening), names(t.Repeat))
	} else {
		fmt.Fprintf(b, "turns:   %s over and over\n", names(t.Repeat))
	}
}

// summaryPieces writes the pieces' line of summary.
func summaryPieces(b *strings.Builder, g *ir.Game) {
	var ks []string
	for _, k := range g.Kinds {
		s := k.Name + " [" + k.Symbol + "]"
		var extra []string
		if k.Numbered > 0 {
			extra = append(extra, fmt.Sprintf("numbered 1-%d", k.Numbered))
		}
		props := make([]string, 0, len(k.Props))
		for p := range k.Props {
			props = append(props, p)
		}
		sort.Strings(props)
		for _, p := range props {
			extra = append(extra, fmt.Sprintf("%s %d", p, k.Props[p]))
		}
		if len(extra) > 0 {
			s += " (" + strings.Join(extra, ", ") + ")"
		}
		ks = append(ks, s)
	}
	b.WriteString(wrapList("pieces:  ", ks, "         ", 80) + "\n")
}

// summarySetup writes the setup's lines of summary.
func summarySetup(b *strings.Builder, g *ir.Game) {
	bd := g.Board
	perOwner := map[int]int{}
	for _, pl := range g.Setup.Place {
		perOwner[g.Pieces[pl.Piece].Owner]++
	}
	var su []string
	for i, p := range g.Players {
		if n := perOwner[i]; n > 0 {
			su = append(su, fmt.Sprintf("%s %s", p.Name, count(n, "piece")))
		}
	}
	if n := perOwner[ir.Neutral]; n > 0 {
		su = append(su, fmt.Sprintf("%s belonging to nobody", count(n, "piece")))
	}
	if r := g.Setup.Random; r != nil {
		var parts []string
		for _, pc := range r.Counts {
			parts = append(parts, fmt.Sprintf("%d %s", pc.Count, g.Pieces[pc.Piece].Name))
		}
		su = append(su, fmt.Sprintf("shuffled at random (seeded) over %s: %s", count(len(r.Cells), "cell"), strings.Join(parts, ", ")))
	}
	if empty := len(bd.Cells) - len(g.Setup.Place); g.Setup.Random != nil {
		empty -= len(g.Setup.Random.Cells)
		if empty > 0 {
			su = append(su, count(empty, "empty cell"))
		}
	} else if empty > 0 {
		su = append(su, count(empty, "empty cell"))
	}
	for pl, pcs := range g.Hands {
		for _, pc := range pcs {
			su = append(su, fmt.Sprintf("%s holds %d %s in hand", g.Players[pl].Name, pc.Count, g.Kinds[g.Pieces[pc.Piece].Kind].Name))
		}
	}
	b.WriteString(wrapList("setup:   ", su, "         ", 80) + "\n")
	targets := 0
	for _, pc := range g.Pieces {
		if pc.Target >= 0 {
			targets++
		}
	}
	if targets > 0 {
		fmt.Fprintf(b, "         %s have a target cell\n", count(targets, "piece"))
	}
}

// summaryMoves writes the moves of summary, by priority tier.
func summaryMoves(b *strings.Builder, g *ir.Game, d describer) {
	b.WriteString("moves:\n")
	for t, tier := range g.Priority {
		for _, ri := range tier {
			prefix := "  "
			if len(g.Priority) > 1 {
				prefix = fmt.Sprintf("  %d. ", t+1)
			}
			b.WriteString(wrapWords(prefix, strings.Fields(d.move(g.Moves[ri])), "       ", 80) + "\n")
		}
	}
	if len(g.Priority) > 1 {
		b.WriteString("  (priority: the first numbered group with a legal move is the only one allowed)\n")
	}
	for _, f := range g.Filters {
		if f.Kind == ir.NoBlockade {
			b.WriteString("  forbidden: a move after which the opponent has no move, unless every move is such\n")
		}
	}
	for i, pr := range g.Prefer {
		what := "capturing the most pieces"
		switch {
		case pr.By == ir.PreferMostCaptured && pr.Kind >= 0:
			what = "capturing the most " + g.Kinds[pr.Kind].Name + "s"
		case pr.By == ir.PreferMoved:
			what = "made by a " + g.Kinds[pr.Kind].Name
		case pr.By == ir.PreferEarliestCaptured:
			what = "capturing " + g.Kinds[pr.Kind].Name + "s earliest"
		}
		if i == 0 {
			b.WriteString("  (of the moves allowed, only those " + what + ")\n")
		} else {
			b.WriteString("  (of those, only those " + what + ")\n")
		}
	}
	for _, pr := range g.Promotions {
		when := "(a chain ends there)"
		if pr.AtMoveEnd {
			when = "(only where its whole move ends)"
		}
		fmt.Fprintf(b, "  promotion: a %s ending a move in %s becomes a %s %s\n", g.Kinds[pr.Kind].Name, g.Zones[pr.Zone].Name, g.Kinds[pr.To].Name, when)
	}
	for _, ct := range g.Counters {
		b.WriteString(wrapWords("  ", strings.Fields(fmt.Sprintf("counter %s: the plies in a row where %s", ct.Name, d.expr(ct.Counts))), "    ", 80) + "\n")
	}
	for _, l := range g.Locks {
		what := "a piece there never moves again"
		if l.Kind == ir.LockInside {
			what = "a piece that starts a move there lands only there"
		}
		fmt.Fprintf(b, "  lock %s: %s\n", g.Zones[l.Zone].Name, what)
	}
}

// summaryEnd writes the end, score and options of summary.
func summaryEnd(b *strings.Builder, g *ir.Game, d describer) {
	b.WriteString("end:\n")
	for _, goal := range g.End.Goals {
		when := "after a move, the mover"
		if goal.Check == ir.TurnStart {
			when = "at the start of a turn, the player to move"
		}
		verb := "wins"
		if goal.Lose {
			verb = "loses"
		}
		line := fmt.Sprintf("%s %s when %s", when, verb, d.expr(goal.Cond))
		if goal.Draw {
			line = "after a move, the game is drawn when " + d.expr(goal.Cond)
		}
		b.WriteString(wrapWords("  ", strings.Fields(line), "    ", 80) + "\n")
	}
	fmt.Fprintf(b, "  a player with no move: %s\n", outcomeText(g.End.NoMove))
	if g.End.Passes > 0 {
		fmt.Fprintf(b, "  %s in a row: %s\n", count(g.End.Passes, "pass"), outcomeText(g.End.AtPasses))
	}
	if g.End.Plies > 0 {
		fmt.Fprintf(b, "  after %s: %s\n", count(g.End.Plies, "ply"), outcomeText(g.End.AtLimit))
	}
	if s := g.Score; s != nil {
		best := "highest"
		if s.Best == ir.Lowest {
			best = "lowest"
		}
		fmt.Fprintf(b, "score:   %s; the %s wins, equal scores share\n", d.expr(s.Value), best)
		if s.Margin != nil {
			fmt.Fprintf(b, "         margin: %s\n", d.expr(s.Margin))
		}
	}
	if len(g.Options) > 0 {
		b.WriteString("options:\n")
		var ob strings.Builder
		writeOptions(&ob, g, "  ")
		b.WriteString(ob.String())
	}
}

func forwardName(p ir.Player) string {
	switch [2]int{p.FX, p.FY} {
	case [2]int{0, 1}:
		return "north"
	case [2]int{0, -1}:
		return "south"
	case [2]int{1, 0}:
		return "east"
	case [2]int{-1, 0}:
		return "west"
	}
	return ""
}

func outcomeText(o ir.Outcome) string {
	switch o {
	case ir.OutcomeScore:
		return "the game ends, decided by the score"
	case ir.OutcomeLose:
		return "loses"
	case ir.OutcomePass:
		return "passes"
	}
	return "a draw"
}

// whoText is the rules-language word for whose pieces w selects.
func whoText(w ir.Who) string {
	return map[ir.Who]string{ir.Own: "own", ir.Enemy: "enemy", ir.NeutralPieces: "neutral", ir.AnyPiece: "any"}[w]
}

// describer renders parts of a game as rules-language text.
type describer struct{ g *ir.Game }

// move describes a move rule: its name, what it does, and its conditions,
// captures and chains.
func (d describer) move(r ir.MoveRule) string {
	var b strings.Builder
	b.WriteString(r.Name + ": " + d.action(r))
	if r.When != nil {
		b.WriteString("; when " + d.expr(r.When))
	}
	cell := func(e *ir.Expr) string { // a condition that always holds is "any" cell
		if e.Op == ir.OpBool && e.Int != 0 {
			return "any"
		}
		return d.expr(e)
	}
	if r.From != nil {
		b.WriteString("; from " + cell(r.From))
	}
	if r.Over != nil {
		b.WriteString("; over " + cell(r.Over))
	}
	if r.Hurdle != nil {
		b.WriteString("; over exactly one hurdle " + cell(r.Hurdle))
	}
	if r.Action != ir.Remove && r.Onto != nil {
		b.WriteString("; onto " + cell(r.Onto))
	}
	if r.Action == ir.Remove && r.Onto != nil {
		b.WriteString("; at " + cell(r.Onto))
	}
	switch r.Capture {
	case ir.CaptureJumped:
		b.WriteString("; captures the pieces jumped")
		if r.TakenAtEnd {
			b.WriteString(" (they stay, blocking, until the move ends)")
		}
	case ir.CaptureLanding:
		b.WriteString("; captures the piece landed on")
	case ir.CaptureApproach:
		b.WriteString("; captures the enemy line beyond the landing (approach)")
	case ir.CaptureWithdrawal:
		b.WriteString("; captures the enemy line behind the start (withdrawal)")
	case ir.CaptureApproachOrWithdrawal:
		b.WriteString("; captures the enemy line beyond the landing (approach) or behind the start (withdrawal)")
	}
	switch r.Chain {
	case ir.ChainOptional:
		b.WriteString("; may go on jumping (every prefix is a move)")
	case ir.ChainCompulsory:
		b.WriteString("; must go on jumping while it can")
	}
	switch r.ChainDirs {
	case ir.ChainDirsSame:
		b.WriteString(", in the direction of its first jump")
	case ir.ChainDirsNoReverse:
		b.WriteString(", never turning straight back")
	case ir.ChainDirsTurn:
		b.WriteString(", never in the direction of the jump before")
	}
	if r.Revisit == ir.RevisitNever {
		b.WriteString(", never back on a cell it has visited")
	}
	if r.ChainStop != nil {
		b.WriteString("; a chain ends on " + cell(r.ChainStop))
	}
	if gc := r.GroupCapture; gc != nil {
		take := "the first"
		if gc.All {
			take = "the whole run"
		}
		fmt.Fprintf(&b, "; may land on %s when %s, taking %s", d.expr(gc.Enemy), d.expr(gc.When), take)
	}
	return b.String()
}

// action describes what a move rule does with its piece ("an own piece
// steps one cell (n)").
func (d describer) action(r ir.MoveRule) string {
	piece := d.piece(r)
	switch r.Action {
	case ir.Remove:
		return fmt.Sprintf("remove %s", piece)
	case ir.Group:
		return fmt.Sprintf("the k pieces at the end of a line (%s) move 1..k cells %s", strings.TrimPrefix(strings.TrimPrefix(piece, "an "), "a "), d.dirs(r.Dirs))
	case ir.Drop:
		return fmt.Sprintf("drop %s from the hand", piece)
	}
	length := strconv.Itoa(r.Length)
	switch {
	case r.LengthProp != "":
		length = "piece." + r.LengthProp
	case r.LengthTo == ir.LengthAny:
		length = "any number of"
	case r.LengthTo != 0:
		length = fmt.Sprintf("%d..%d", r.Length, r.LengthTo)
	}
	if length == "1" {
		return fmt.Sprintf("%s steps one cell %s", piece, d.dirs(r.Dirs))
	}
	return fmt.Sprintf("%s leaps %s cells %s", piece, length, d.dirs(r.Dirs))
}

// piece names the pieces a move rule moves ("an own piece", "an enemy
// KIND/KIND", "any piece").
func (d describer) piece(r ir.MoveRule) string {
	who := whoText(r.Piece)
	var kinds []string
	for _, k := range r.Kinds {
		kinds = append(kinds, d.g.Kinds[k].Name)
	}
	piece := who + " piece"
	if len(kinds) > 0 {
		piece = who + " " + strings.Join(kinds, "/")
	}
	switch r.Piece {
	case ir.Own, ir.Enemy:
		piece = "an " + piece
	case ir.NeutralPieces:
		piece = "a " + piece
	}
	return piece
}

// dirs names a rule's directions: once when every player has the same,
// per player otherwise.
func (d describer) dirs(per [][]int) string {
	name := func(ds []int) string {
		if len(ds) == len(d.g.Board.Dirs) {
			return "in any direction"
		}
		return "(" + strings.Join(d.dirNames(ds), " ") + ")"
	}
	same := true
	for _, ds := range per[1:] {
		if name(ds) != name(per[0]) {
			same = false
		}
	}
	if same {
		return name(per[0])
	}
	parts := make([]string, len(per))
	for i, ds := range per {
		parts[i] = d.g.Players[i].Name + " " + name(ds)
	}
	return strings.Join(parts, ", ")
}

// opText is the text of a binary operator ("" for another op).
func opText(op ir.Op) string {
	switch op {
	case ir.OpAnd:
		return "and"
	case ir.OpOr:
		return "or"
	case ir.OpEq:
		return "=="
	case ir.OpNe:
		return "!="
	case ir.OpLt:
		return "<"
	case ir.OpLe:
		return "<="
	case ir.OpGt:
		return ">"
	case ir.OpGe:
		return ">="
	case ir.OpAdd:
		return "+"
	case ir.OpSub:
		return "-"
	case ir.OpMul:
		return "*"
	case ir.OpDiv:
		return "/"
	}
	return ""
}

// precedence of binary operators, loosest first (0: not binary).
func precedence(op ir.Op) int {
	switch op {
	case ir.OpOr:
		return 1
	case ir.OpAnd:
		return 2
	case ir.OpEq, ir.OpNe, ir.OpLt, ir.OpLe, ir.OpGt, ir.OpGe:
		return 3
	case ir.OpAdd, ir.OpSub:
		return 4
	case ir.OpMul, ir.OpDiv:
		return 5
	}
	return 0
}

func (d describer) side(s ir.Side) string {
	return [...]string{"own", "opponent", "winner", "loser", "others"}[s]
}

// expr renders an expression in the rules language.
func (d describer) expr(e *ir.Expr) string {
	if e == nil {
		return "any"
	}
	switch e.Op {
	case ir.OpNot:
		return "not " + d.arg(e, 0)
	case ir.OpNeg:
		return "-" + d.arg(e, 0)
	case ir.OpIf:
		return "if " + d.expr(e.Args[0]) + " then " + d.expr(e.Args[1]) + " else " + d.expr(e.Args[2])
	case ir.OpAnd:
		if a, k := e.Args[0], e.Args[1]; a.Op == ir.OpOwnedBy && a.Side == ir.SideOwn && k.Op == ir.OpKindIs {
			return d.expr(a) + " " + d.expr(k) // own KIND
		}
	case ir.OpEvery, ir.OpSome, ir.OpCount, ir.OpEveryCell, ir.OpSomeCell, ir.OpCountCell:
		return d.quantifier(e)
	case ir.OpDistance, ir.OpNextTo, ir.OpZoneDistance:
		return d.distance(e)
	}
	if op := opText(e.Op); op != "" {
		return d.arg(e, 0) + " " + op + " " + d.arg(e, 1)
	}
	return d.leaf(e)
}

// arg renders e's argument i, in parentheses where the operators'
// precedence needs them.
func (d describer) arg(e *ir.Expr, i int) string {
	a := e.Args[i]
	s := d.expr(a)
	pa, pe := precedence(a.Op), precedence(e.Op)
	if pa > 0 && pe > 0 && (pa < pe || (pa == pe && i == 1 && a.Op != e.Op) || (pa == pe && pa == 3)) {
		return "(" + s + ")"
	}
	return s
}

// sidePrefix is "SIDE." before a quantity of another side than the
// mover's, "" for the mover's.
func (d describer) sidePrefix(e *ir.Expr) string {
	if e.Side != ir.SideOwn {
		return d.side(e.Side) + "."
	}
	return ""
}

// quantifier renders every, some and count over a side's pieces or a
// zone's cells.
func (d describer) quantifier(e *ir.Expr) string {
	var s string
	switch e.Op {
	case ir.OpEvery, ir.OpSome, ir.OpCount:
		fn := map[ir.Op]string{ir.OpEvery: "every", ir.OpSome: "some", ir.OpCount: "count"}[e.Op]
		s = fn + "(" + d.side(e.Side)
	default:
		fn := map[ir.Op]string{ir.OpEveryCell: "every", ir.OpSomeCell: "some", ir.OpCountCell: "count"}[e.Op]
		s = fn + "(" + d.sidePrefix(e) + d.g.Zones[e.Int].Name
	}
	if len(e.Args) > 0 {
		s += ", " + d.expr(e.Args[0])
	}
	return s + ")"
}

// distance renders the functions over directions: distance, next-to and
// the distance to a zone.
func (d describer) distance(e *ir.Expr) string {
	ns := strings.Join(d.dirNames(e.Dirs), " ")
	switch e.Op {
	case ir.OpDistance:
		return "distance(" + ns + ")"
	case ir.OpNextTo:
		return "next-to(last, " + ns + ")"
	}
	return d.sidePrefix(e) + "distance(" + ns + ", " + d.g.Zones[e.Int].Name + ")"
}

// dirNames are the names of the board's directions ds.
func (d describer) dirNames(ds []int) []string {
	ns := make([]string, len(ds))
	for i, x := range ds {
		ns[i] = d.g.Board.Dirs[x].Name
	}
	return ns
}

// leaf renders an expression of no arguments: a value, a word, a name or
// a quantity of a side ("?" for an operator it does not know).
func (d describer) leaf(e *ir.Expr) string {
	switch e.Op {
	case ir.OpInt:
		return strconv.Itoa(e.Int)
	case ir.OpBool:
		return strconv.FormatBool(e.Int != 0)
	case ir.OpVar:
		return e.Name
	case ir.OpEmpty:
		return "empty"
	case ir.OpOccupied:
		return "occupied"
	case ir.OpOwnedBy:
		return whoText(e.Who)
	case ir.OpOnTarget:
		return "on target"
	case ir.OpInZone:
		return "in " + d.sidePrefix(e) + d.g.Zones[e.Int].Name
	case ir.OpCaptured:
		return d.sidePrefix(e) + "captured"
	case ir.OpPoints:
		return d.sidePrefix(e) + "points"
	case ir.OpMoves:
		return d.sidePrefix(e) + "moves"
	case ir.OpHand:
		return d.sidePrefix(e) + "hand"
	case ir.OpScore:
		return d.sidePrefix(e) + "score"
	case ir.OpHeight:
		return "height"
	case ir.OpLevel:
		return "level"
	case ir.OpProp:
		return "piece." + e.Name
	case ir.OpKindIs:
		return d.g.Kinds[e.Int].Name
	case ir.OpCounter:
		return d.g.Counters[e.Int].Name
	case ir.OpMoved:
		return "moved " + d.g.Kinds[e.Int].Name
	case ir.OpCaptures:
		return "captures"
	case ir.OpPass:
		return "pass"
	}
	return "?"
}
