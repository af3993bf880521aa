package main

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/ir"
	"github.com/ruleplay/ruleplay/picture"
	"github.com/spf13/cobra"
)

// showHelp is show's long help, showExamples its examples.
const (
	showHelp = `Show prints the game's title with its option values, then the board after
the given moves (the start position without --moves) and whose turn it is
or the result. For a game with a random setup it names the seed that drew
the layout.

On a terminal the board is coloured: pieces in their owner's colour (the
colour a player or a neutral kind is named after when it is a colour name),
empty cells dimmed and the cells of the last move highlighted. --color
never, or the NO_COLOR environment variable, or output that is not a
terminal gives the plain board; --color always colours it anyway.

--stacks also lists, for every cell that holds pieces, its whole stack from
the bottom to the top (one piece per cell in games without stacking), by
the pieces' board symbols: upper case for the first player, lower case for
the second.

--svg FILE also writes the position as an SVG picture: the board, the
pieces with their symbols, stacks with their heights, the last move's cells
joined by an arrow, and whose turn it is or the result.

Cell names and move texts are explained in docs/notation.md.`
	showExamples = `  ruleplay show my-game.rules
  ruleplay show my-game.rules --option size=6x6 --moves xc3,c5-c3
  ruleplay show my-game.rules --seed 9
  ruleplay show my-stacking-game.rules --moves b3-b4,e7-e6 --stacks --svg position.svg`
)

// showOptions are show's flags.
type showOptions struct {
	gf     gameFlags
	played []string
	stacks bool
	svg    string
	color  string
}

func newShowCmd() *cobra.Command {
	o := &showOptions{}
	cmd := &cobra.Command{
		Use:               "show FILE",
		Short:             "Draw the position after some moves",
		Long:              showHelp,
		Example:           showExamples,
		Args:              exactArgs("FILE"),
		ValidArgsFunction: completeRulesFile,
		RunE:              o.run,
	}
	o.register(cmd)
	return cmd
}

// register adds show's flags to cmd.
func (o *showOptions) register(cmd *cobra.Command) {
	o.gf.register(cmd, "seed for the random setup")
	o.gf.registerPosition(cmd)
	fl := cmd.Flags()
	fl.StringSliceVarP(&o.played, "moves", "m", nil, "`MOVES` to play first, comma-separated (repeatable)")
	fl.BoolVar(&o.stacks, "stacks", false, "list every occupied cell's stack, bottom to top")
	fl.StringVar(&o.svg, "svg", "", "also write the position as an SVG picture to `FILE`")
	fl.StringVar(&o.color, "color", "auto", "colour the board: `WHEN` is auto (on a terminal, unless NO_COLOR is set), always or never")
	_ = cmd.MarkFlagFilename("svg", "svg")
}

// run draws the position of the game of args[0] after --moves.
func (o *showOptions) run(cmd *cobra.Command, args []string) error {
	colour, err := colourMode(o.color, cmd.OutOrStdout())
	if err != nil {
		return err
	}
	if err := notAnInput("--svg", o.svg, args[0]); err != nil {
		return err
	}
	gm, err := o.gf.load(args[0], 0)
	if err != nil {
		return err
	}
	s, err := gm.startAt(&o.gf)
	if err != nil {
		return err
	}
	moves := splitMoves(o.played)
	if err := gm.replay(s, moves); err != nil {
		return err
	}
	last := ""
	if len(moves) > 0 {
		last = strings.TrimSpace(moves[len(moves)-1])
	}
	out := cmd.OutOrStdout()
	fmt.Fprintln(out, gm.title())
	switch {
	case o.gf.position != "":
		fmt.Fprintln(out, "from the position given (--position)")
	case gm.random():
		fmt.Fprintf(out, "random setup, seed %d\n", o.gf.seed)
	}
	if len(moves) > 0 {
		fmt.Fprintln(out, wrapWords("moves: ", moves, "  ", 80))
	}
	fmt.Fprint(out, board(gm.p, s, colour, moveCells(gm.p, last)))
	if o.stacks {
		fmt.Fprint(out, stacksText(gm.p, s))
	}
	if o.svg != "" {
		return writeSVG(o.svg, gm, s, last)
	}
	return nil
}

// colourMode decides whether to colour the board written to out.
func colourMode(when string, out io.Writer) (bool, error) {
	switch when {
	case "always":
		return true, nil
	case "never":
		return false, nil
	case "auto", "":
		return os.Getenv("NO_COLOR") == "" && isTerminal(out), nil
	}
	return false, usageErrorf("--color %q: want auto, always or never", when)
}

// moveCells returns the cells a move's text names, in order (nil for a
// pass or an unknown text): the path of a leap, the removed cell, or
// TAIL, HEAD, DEST of a group move.
func moveCells(p *interp.Program, text string) []int {
	text = strings.TrimPrefix(strings.TrimSpace(text), "x")
	if i := strings.IndexByte(text, '@'); i >= 0 {
		text = text[i+1:] // a drop: KIND@CELL
	}
	if text == "" || text == "pass" {
		return nil
	}
	var out []int
	for _, name := range strings.FieldsFunc(text, func(r rune) bool { return r == '-' || r == ':' }) {
		c, ok := p.CellIndex(name)
		if !ok {
			return nil
		}
		out = append(out, c)
	}
	return out
}

func stacksText(p *interp.Program, s *interp.State) string {
	g := p.Game()
	var b strings.Builder
	b.WriteString("stacks, bottom to top:\n")
	n := 0
	for c := range g.Board.Cells {
		st := p.Stack(s, c)
		if len(st) == 0 {
			continue
		}
		syms := make([]string, len(st))
		for i, pc := range st {
			syms[i] = p.PieceSymbol(pc)
		}
		fmt.Fprintf(&b, "  %-4s %s\n", p.CellName(c), strings.Join(syms, " "))
		n++
	}
	if n == 0 {
		b.WriteString("  (no pieces)\n")
	}
	return b.String()
}

// ansiColour is the ANSI colour of a colour name ("" when name is not one),
// for players and neutral kinds named after a colour.
func ansiColour(name string) string {
	switch strings.ToLower(name) {
	case "red":
		return "31"
	case "green":
		return "32"
	case "yellow", "orange", "brown":
		return "33"
	case "blue":
		return "34"
	case "magenta", "purple":
		return "35"
	case "cyan":
		return "36"
	case "white":
		return "97"
	case "black":
		return "90"
	case "grey", "gray":
		return "37"
	case "pink":
		return "95"
	}
	return ""
}

// pieceColour is the ANSI colour of a piece: its owner's (the colour the
// player is named after, else red, blue, green, magenta, cyan, yellow in
// turn order), or for a neutral piece its kind's when the kind is named
// after a colour (else none).
func pieceColour(g *ir.Game, piece int) string {
	pc := g.Pieces[piece]
	if pc.Owner == ir.Neutral {
		return ansiColour(g.Kinds[pc.Kind].Name)
	}
	if c := ansiColour(g.Players[pc.Owner].Name); c != "" {
		return c
	}
	return [...]string{"31", "34", "32", "35", "36", "33"}[pc.Owner%6]
}

// board draws s: interp's plain text board, or with colour the same text
// with ANSI colours (pieces by owner, empty cells dimmed, the cells of last
// in reverse video). Stripped of its escape sequences, the coloured board
// is the plain one.
func board(p *interp.Program, s *interp.State, colour bool, last []int) string {
	if !colour {
		return p.Render(s)
	}
	return drawBoard(p, s, colour, last, false)
}

// framedBoard draws s for a person at a terminal: coordinates on every
// edge (file letters above and below, rank numbers left and right; on a
// hex board the letters of the top and bottom rows, and each row's number
// and letters at both ends) and a legend of the symbols under the board.
func framedBoard(p *interp.Program, s *interp.State, colour bool, last []int) string {
	return drawBoard(p, s, colour, last, true)
}

// drawBoard draws s as board or framedBoard do (frame: with coordinates
// on every edge and the legend).
func drawBoard(p *interp.Program, s *interp.State, colour bool, last []int, frame bool) string {
	plain, paint, widest := cellTexts(p, s, colour, last)
	b := &boardText{plain: plain, paint: paint, frame: frame}
	if p.Game().Board.Shape == ir.Hex {
		b.hexRows(p, widest)
	} else {
		b.squareRows(p.Game(), widest)
	}
	if frame {
		b.WriteString(legend(p))
	}
	b.WriteString(boardFooter(p, s))
	return b.String()
}

// boardText is a board being drawn row by row.
type boardText struct {
	strings.Builder
	plain, paint []string // each cell's text, plain and painted (cellTexts)
	frame        bool     // with coordinates on every edge
	rightAt      int      // the column where a row's right-hand text starts
}

// span is a cell's text in a row: plain text at column pos, and its
// painted form.
type span struct {
	pos   int
	plain string
	paint string
}

// plainSpans are spans at the same places in plain text (labels).
func plainSpans(spans []span) []span {
	out := make([]span, len(spans))
	for i, sp := range spans {
		out[i] = span{sp.pos, sp.plain, sp.plain}
	}
	return out
}

// line writes a row given as cells of plain text (with their painted
// form), trimming trailing blanks as Render does; right, when not empty,
// is written from column rightAt.
func (b *boardText) line(prefix string, spans []span, right string) {
	if len(spans) == 0 && right == "" {
		b.WriteString(strings.TrimRight(prefix, " ") + "\n")
		return
	}
	b.WriteString(prefix)
	at := 0
	for _, sp := range spans {
		b.WriteString(strings.Repeat(" ", max(0, sp.pos-at)))
		b.WriteString(sp.paint)
		at = sp.pos + len([]rune(sp.plain))
	}
	if right != "" {
		b.WriteString(strings.Repeat(" ", max(1, b.rightAt-len(prefix)-at)) + right)
	}
	b.WriteByte('\n')
}

// boardExtent returns the least and greatest x and the greatest y of the
// board's cells (0 at least).
func boardExtent(g *ir.Game) (minX, maxX, maxY int) {
	for _, c := range g.Board.Cells {
		minX, maxX, maxY = min(minX, c.X), max(maxX, c.X), max(maxY, c.Y)
	}
	return minX, maxX, maxY
}

// hexRows writes a hex board's rows, each cell at half a cell's width
// from its neighbours; widest is the widest cell text.
func (b *boardText) hexRows(p *interp.Program, widest int) {
	g := p.Game()
	minX, maxX, maxY := boardExtent(g)
	w := widest + 1
	if w%2 == 1 {
		w++
	}
	half := w / 2
	b.rightAt = 3 + (maxX-minX)*half + w + 1
	rowSpans := func(y int, letters bool) []span {
		var spans []span
		for c, cell := range g.Board.Cells {
			if cell.Y == y {
				if letters {
					l := p.CellName(c)[:1]
					spans = append(spans, span{(cell.X - minX) * half, l, l})
				} else {
					spans = append(spans, span{(cell.X - minX) * half, b.plain[c], b.paint[c]})
				}
			}
		}
		slices.SortFunc(spans, func(a, b span) int { return a.pos - b.pos })
		return spans
	}
	if b.frame {
		b.line("   ", plainSpans(rowSpans(maxY, true)), "")
	}
	for y := maxY; y >= 0; y-- {
		spans := rowSpans(y, false)
		right := ""
		if b.frame {
			right = fmt.Sprintf("%d  a-%c", y+1, 'a'+len(spans)-1)
			if len(spans) == 1 {
				right = fmt.Sprintf("%d  a", y+1)
			}
		}
		b.line(fmt.Sprintf("%2d ", y+1), spans, right)
	}
	if b.frame {
		b.line("   ", plainSpans(rowSpans(0, true)), "")
	} else {
		b.WriteString("   (cells a, b, c, ... from the left of each row)\n")
	}
}

// squareRows writes a square board's rows between its file letters;
// widest is the widest cell text.
func (b *boardText) squareRows(g *ir.Game, widest int) {
	_, maxX, maxY := boardExtent(g)
	w := widest + 1
	b.rightAt = 3 + (maxX+1)*w
	at := map[[2]int]int{}
	for c, cell := range g.Board.Cells {
		at[[2]int{cell.X, cell.Y}] = c
	}
	var l strings.Builder
	l.WriteString("   ")
	for x := 0; x <= maxX; x++ {
		f := fileLetters(x)
		l.WriteString(f + strings.Repeat(" ", max(0, w-len(f))))
	}
	files := strings.TrimRight(l.String(), " ") + "\n"
	if b.frame {
		b.WriteString(files)
	}
	for y := maxY; y >= 0; y-- {
		var spans []span
		for x := 0; x <= maxX; x++ {
			if c, ok := at[[2]int{x, y}]; ok {
				spans = append(spans, span{x * w, b.plain[c], b.paint[c]})
			}
		}
		right := ""
		if b.frame {
			right = fmt.Sprint(y + 1)
		}
		b.line(fmt.Sprintf("%2d ", y+1), spans, right)
	}
	b.WriteString(files)
}

// cellTexts returns each cell's text on the board (plain) and the same
// with colour (paint: bold pieces in their owner's colour, the cells of
// the last move reversed; plain text again without colour), and the
// widest a cell text can be.
func cellTexts(p *interp.Program, s *interp.State, colour bool, last []int) (plain, paint []string, widest int) {
	g := p.Game()
	nc := len(g.Board.Cells)
	sep := ""
	if numberedKinds(g) {
		sep = "/"
	}
	plain = make([]string, nc)
	paint = make([]string, nc)
	for c := 0; c < nc; c++ {
		pc, ok := p.PieceAt(s, c)
		var code string
		if !ok {
			plain[c], code = ".", "2"
		} else {
			plain[c] = p.PieceSymbol(pc)
			if g.Stacking {
				plain[c] += sep + fmt.Sprint(p.Height(s, c))
			}
			code = "1"
			if col := pieceColour(g, pc); col != "" {
				code += ";" + col
			}
		}
		if slices.Contains(last, c) {
			code += ";7"
		}
		paint[c] = plain[c]
		if colour {
			paint[c] = "\x1b[" + code + "m" + plain[c] + "\x1b[0m"
		}
	}
	widest = 1
	for c := 0; c < nc; c++ {
		widest = max(widest, len([]rune(plain[c])))
	}
	if !g.Stacking {
		for pc := range g.Pieces {
			widest = max(widest, len([]rune(p.PieceSymbol(pc))))
		}
	}
	return plain, paint, widest
}

// boardFooter is what follows the board: the pieces in hand, and the last
// lines of Render (whose turn, or the result, and the rules' counters).
func boardFooter(p *interp.Program, s *interp.State) string {
	var b strings.Builder
	if h := p.HandText(s); h != "" {
		b.WriteString(h + "\n")
	}
	lines := strings.Split(strings.TrimSuffix(p.Render(s), "\n"), "\n")
	k := len(lines) - 1
	for k > 0 && !strings.HasPrefix(lines[k], "to move: ") && !strings.HasPrefix(lines[k], "result: ") {
		k--
	}
	b.WriteString(strings.Join(lines[k:], "\n") + "\n")
	return b.String()
}

func numberedKinds(g *ir.Game) bool {
	for _, k := range g.Kinds {
		if k.Numbered > 0 {
			return true
		}
	}
	return false
}

// legend explains the board's symbols: each side's pieces by symbol and
// kind ("white: A ant, B bee"), numbered pieces as a range ("A1..5 ant
// 1-5"), what "." is and, in a stacking game, the height after a symbol.
func legend(p *interp.Program) string {
	g := p.Game()
	type item struct {
		kind, max int
		sym       string
	}
	byOwner := map[int][]item{}
	for i, pc := range g.Pieces {
		items := byOwner[pc.Owner]
		found := false
		for j := range items {
			if items[j].kind == pc.Kind {
				found = true
				if pc.Number > items[j].max {
					items[j].max = pc.Number
				}
				if pc.Number == 1 {
					items[j].sym = p.PieceSymbol(i)
				}
			}
		}
		if !found {
			items = append(items, item{kind: pc.Kind, max: pc.Number, sym: p.PieceSymbol(i)})
		}
		byOwner[pc.Owner] = items
	}
	var parts []string
	owners := make([]int, 0, len(g.Players)+1)
	for i := range g.Players {
		owners = append(owners, i)
	}
	owners = append(owners, ir.Neutral)
	for _, o := range owners {
		items := byOwner[o]
		if len(items) == 0 {
			continue
		}
		slices.SortFunc(items, func(a, b item) int { return a.kind - b.kind })
		var names []string
		for _, it := range items {
			t := it.sym + " " + g.Kinds[it.kind].Name
			if it.max > 1 {
				t = fmt.Sprintf("%s..%d %s 1-%d", it.sym, it.max, g.Kinds[it.kind].Name, it.max)
			}
			names = append(names, t)
		}
		who := "nobody's"
		if o != ir.Neutral {
			who = g.Players[o].Name
		}
		parts = append(parts, who+": "+strings.Join(names, ", "))
	}
	text := strings.Join(parts, "; ") + "; . empty"
	if g.Stacking {
		sep := ""
		if numberedKinds(g) {
			sep = "/"
		}
		ex := "a piece"
		for i, pc := range g.Pieces {
			if pc.Owner == 0 {
				ex = p.PieceSymbol(i) + sep + "2: " + g.Players[0].Name + "'s " + g.Kinds[pc.Kind].Name
				break
			}
		}
		text += "; the number after a symbol is the height of the stack (" + ex + " on top of a stack of 2)"
	}
	return wrapWords("   ", strings.Fields(text), "   ", 80) + "\n"
}

// fileLetters is the letter of file x (a, b, ..., z, then aa, ab, ...).
func fileLetters(x int) string {
	if x < 26 {
		return string(rune('a' + x))
	}
	return fileLetters(x/26-1) + string(rune('a'+x%26))
}

// view fills a picture.View with the position s; last is the text of the
// move that led to it ("" for none).
func view(gm *game, s *interp.State, last string) picture.View {
	p := gm.p
	g := p.Game()
	v := picture.View{
		Title:  gm.title(),
		Hex:    g.Board.Shape == ir.Hex,
		Width:  g.Board.Width,
		Height: g.Board.Height,
		Last:   moveCells(p, last),
	}
	for _, pl := range g.Players {
		v.Players = append(v.Players, pl.Name)
	}
	for c, cell := range g.Board.Cells {
		pc := picture.Cell{Name: p.CellName(c), X: cell.X, Y: cell.Y}
		for _, piece := range p.Stack(s, c) {
			gp := g.Pieces[piece]
			pc.Stack = append(pc.Stack, picture.Piece{Owner: gp.Owner, Kind: g.Kinds[gp.Kind].Name, Label: gm.p.PieceSymbol(piece)})
		}
		v.Cells = append(v.Cells, pc)
	}
	st := p.Status(s)
	if st.Over {
		v.Caption = "result: " + resultLine(p, st)
	} else {
		v.Caption = fmt.Sprintf("%s to move (ply %d)", p.PlayerName(s.ToMove()), s.Ply())
	}
	if last != "" {
		v.Caption = fmt.Sprintf("%d. %s; %s", s.Ply(), last, v.Caption)
	}
	if h := p.HandText(s); h != "" {
		v.Caption += "; " + h
	}
	return v
}

// writeSVG writes the picture of s to file (through a temporary file
// renamed over it).
func writeSVG(file string, gm *game, s *interp.State, last string) error {
	return writeAtomically(file, func(w io.Writer) error { return picture.SVG(w, view(gm, s, last)) }, "writing the picture")
}
