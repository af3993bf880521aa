package core

import (
	"fmt"
	"strings"

	"github.com/ruleplay/ruleplay/ir"
)

// Render draws the board as text, then a line "to move: <player>" or
// "result: ..." when the game is over, and in a game with counters a line
// "counters: NAME VALUE, ...".
//
// Square boards: one line per rank from the top down: the rank number
// right-aligned in 2 characters, a space, then one column per file of width
// (widest symbol + 1): "." for an empty cell, blank for a cell that is not
// on the board, the piece symbol otherwise; the last line has the file
// letters under the columns. Hex boards: one line per row from the top down,
// the row number then the row's cells centred (half a column per half-cell
// step), and a note line on how the cells of a row are lettered.
//
// A piece symbol is its kind's symbol followed by its number for numbered
// kinds; upper case for the first player, lower case for the second, upper
// case for the others, neutral pieces as given. In a stacking game an
// occupied cell shows the symbol of its top piece followed by the height of
// its stack ("F2": a piece of kind F on top of a stack of two; "f1": a
// lone piece of the second player), with a "/" between them when some kind is
// numbered ("S3/2"); Stack lists a whole stack. In a game with pieces in
// hand, the line HandText comes before the last line.
func (p *Program) Render(s *State) string {
	sym, widest := p.cellSymbols(s)
	var b strings.Builder
	if p.Desc.Board.Shape == ir.Hex {
		p.renderHex(&b, sym, widest)
	} else {
		p.renderSquare(&b, sym, widest)
	}
	if h := p.HandText(s); h != "" {
		writeLine(&b, h)
	}
	st := p.Status(s)
	if !st.Over {
		writeLine(&b, "to move: "+p.PlayerName(s.Mover))
	} else {
		writeLine(&b, "result: "+p.ResultText(st))
	}
	if len(s.Ctr) > 0 {
		var parts []string
		for i, r := range p.Counters {
			if r.At >= 0 { // (a counter that never counts is not shown)
				parts = append(parts, p.Desc.Counters[i].Name+" "+p.CounterText(s, i))
			}
		}
		writeLine(&b, "counters: "+strings.Join(parts, ", "))
	}
	return b.String()
}

// cellSymbols returns what Render shows on each cell of s ("." when empty;
// with the stack height in a stacking game) and the width of the widest
// symbol (of the cells, and of every piece without stacks).
func (p *Program) cellSymbols(s *State) (sym func(c int) string, widest int) {
	syms := make([]string, p.Ncodes)
	sep := ""
	for code := 1; code < p.Ncodes; code++ {
		syms[code] = p.Symbol(uint16(code))
		if p.Desc.Kinds[p.CodeKind[code]].Numbered > 0 {
			sep = "/"
		}
	}
	sym = func(c int) string {
		code := s.Cells[c]
		if code == 0 {
			return "."
		}
		if s.Hgt != nil {
			return syms[code] + sep + fmt.Sprint(s.Hgt[c])
		}
		return syms[code]
	}
	widest = 1
	for c := 0; c < p.NumCells; c++ {
		widest = max(widest, len([]rune(sym(c))))
	}
	if s.Hgt == nil {
		for code := 1; code < p.Ncodes; code++ {
			widest = max(widest, len([]rune(syms[code])))
		}
	}
	return sym, widest
}

// writeLine appends l, without its trailing spaces, and a newline to b.
func writeLine(b *strings.Builder, l string) {
	b.WriteString(strings.TrimRight(l, " "))
	b.WriteByte('\n')
}

// renderHex draws a hex board: one line per row from the top down, the row
// number then the row's cells centred (half a column per half-cell step),
// then a note on how the cells of a row are lettered.
func (p *Program) renderHex(b *strings.Builder, sym func(c int) string, widest int) {
	w := widest + 1
	if w%2 == 1 {
		w++
	}
	half := w / 2
	minX, maxX, maxY := 0, 0, 0
	for c := 0; c < p.NumCells; c++ {
		minX, maxX, maxY = min(minX, p.CellX[c]), max(maxX, p.CellX[c]), max(maxY, p.CellY[c])
	}
	for y := maxY; y >= 0; y-- {
		row := []rune(strings.Repeat(" ", (maxX-minX)*half+w))
		for c := 0; c < p.NumCells; c++ {
			if p.CellY[c] != y {
				continue
			}
			pos := (p.CellX[c] - minX) * half
			for i, r := range []rune(sym(c)) {
				row[pos+i] = r
			}
		}
		writeLine(b, fmt.Sprintf("%2d ", y+1)+string(row))
	}
	writeLine(b, "   (cells a, b, c, ... from the left of each row)")
}

// renderSquare draws a square board: one line per rank from the top down,
// the rank number then one column per file (blank where there is no
// cell), then the file letters under the columns.
func (p *Program) renderSquare(b *strings.Builder, sym func(c int) string, widest int) {
	w := widest + 1
	maxX, maxY := 0, 0
	for c := 0; c < p.NumCells; c++ {
		maxX, maxY = max(maxX, p.CellX[c]), max(maxY, p.CellY[c])
	}
	for y := maxY; y >= 0; y-- {
		var l strings.Builder
		fmt.Fprintf(&l, "%2d ", y+1)
		for x := 0; x <= maxX; x++ {
			t := " "
			if c := p.CellAt(x, y); c >= 0 {
				t = sym(int(c))
			}
			l.WriteString(t + strings.Repeat(" ", w-len([]rune(t))))
		}
		writeLine(b, l.String())
	}
	var l strings.Builder
	l.WriteString("   ")
	for x := 0; x <= maxX; x++ {
		l.WriteString(fileName(x) + strings.Repeat(" ", w-len(fileName(x))))
	}
	writeLine(b, l.String())
}

// fileName is the letter of file x (a, b, ..., z, then aa, ab, ...).
func fileName(x int) string {
	if x < 26 {
		return string(rune('a' + x))
	}
	return fileName(x/26-1) + string(rune('a'+x%26))
}

// ResultText describes a finished game's result in one line: "green wins
// (goal)", "draw (limit)", "p1, p2 share the win (no move)", with the
// margin and the scores when there are.
func (p *Program) ResultText(st Status) string {
	names := make([]string, len(st.Winners))
	for i, w := range st.Winners {
		names[i] = p.PlayerName(w)
	}
	var r string
	switch {
	case len(st.Winners) == p.Players && p.Players > 1:
		r = "draw"
	case len(st.Winners) == 1:
		r = names[0] + " wins"
	default:
		r = strings.Join(names, ", ") + " share the win"
	}
	r += " (" + st.Reason
	if st.HasMargin {
		r += fmt.Sprintf(", margin %d", st.Margin)
	}
	r += ")"
	if st.Scores != nil {
		parts := make([]string, len(st.Scores))
		for i, v := range st.Scores {
			parts[i] = fmt.Sprintf("%s %d", p.PlayerName(i), v)
		}
		r += ", scores: " + strings.Join(parts, ", ")
	}
	return r
}
