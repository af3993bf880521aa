package core

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ruleplay/ruleplay/ir"
)

// Square numbers (docs/notation.md, "Square numbers"): a game whose board
// numbers its cells (numbers: in the rules file, ir.Board.Numbers) reads
// and writes moves with numbers as well as with cell names. A quiet move
// is its start and end joined by '-' (32-28), a capture the same joined by
// 'x' (28x19); a move of a rule named by its path (text: path), or one
// whose ends another move shares, is written with every landing square
// (28x19x10). The reader takes the short and the full forms, and any of
// the landing squares between (as PDN writes only those it needs).

// Numbered reports whether the game's cells have square numbers.
func (p *Program) Numbered() bool { return len(p.Desc.Board.Numbers) > 0 }

// SquareCount returns the number of numbered squares (0: none).
func (p *Program) SquareCount() int { return len(p.Desc.Board.Numbers) }

// NumberOf returns the square number of cell c, or 0 when c has none.
func (p *Program) NumberOf(c int) int {
	for i, cell := range p.Desc.Board.Numbers {
		if cell == c {
			return i + 1
		}
	}
	return 0
}

// CellOfNumber returns the cell of square number n, or -1 when there is
// no such square.
func (p *Program) CellOfNumber(n int) int {
	if n < 1 || n > len(p.Desc.Board.Numbers) {
		return -1
	}
	return p.Desc.Board.Numbers[n-1]
}

// NumberText returns the text of move i of ml in square numbers, or ""
// when the game has no numbers or a cell of the move has none (a pass, a
// drop, a removal, a group move: those keep their Text).
func (p *Program) NumberText(ml *MoveList, i int) string {
	if !p.Numbered() || i < 0 || i >= len(ml.Moves) {
		return ""
	}
	m := ml.Moves[i]
	if m.Rule < 0 {
		return ""
	}
	r := &p.Rules[m.Rule]
	switch r.Action {
	case ir.Remove, ir.Drop, ir.Group:
		return ""
	}
	path := ml.Arena[m.Off : m.Off+m.N]
	sep := "-"
	if r.Capture != ir.CaptureNone {
		sep = "x"
	}
	cells := make([]int, 0, len(path))
	for _, e := range path {
		cells = append(cells, int(e&0xffff))
	}
	if r.NamedByEnds && m.ends == 0 {
		cells = []int{cells[0], cells[len(cells)-1]}
	}
	var b strings.Builder
	for j, c := range cells {
		n := p.NumberOf(c)
		if n == 0 {
			return ""
		}
		if j > 0 {
			b.WriteString(sep)
		}
		b.WriteString(strconv.Itoa(n))
	}
	return b.String()
}

// PathCells returns the cells of move i of ml as the generator keeps
// them: its start, then every landing cell, in order (nil for a pass; a
// move named by its ends has only those two). MoveCells gives the cells
// a player clicks.
func (p *Program) PathCells(ml *MoveList, i int) []int {
	if i < 0 || i >= len(ml.Moves) || ml.Moves[i].Rule < 0 {
		return nil
	}
	m := ml.Moves[i]
	path := ml.Arena[m.Off : m.Off+m.N]
	cells := make([]int, len(path))
	for j, e := range path {
		cells[j] = int(e & 0xffff)
	}
	return cells
}

// Captures reports whether move i of ml is made by a rule that captures.
func (p *Program) Captures(ml *MoveList, i int) bool {
	if i < 0 || i >= len(ml.Moves) || ml.Moves[i].Rule < 0 {
		return false
	}
	return p.Rules[ml.Moves[i].Rule].Capture != ir.CaptureNone
}

// MatchSquares returns the index of the one move of ml (filled by Legal)
// that starts on cells[0], ends on the last of cells and lands on the
// cells between in this order (not necessarily on every landing cell:
// PDN writes only the ones it needs); capture says the squares were
// joined by 'x', which decides between a quiet move and a capture with
// the same squares. The error says whether no move or several match.
func (p *Program) MatchSquares(ml *MoveList, cells []int, capture bool) (int, error) {
	if len(cells) < 2 {
		return -1, fmt.Errorf("a move names at least two squares")
	}
	var matches []int
	for i := range ml.Moves {
		path := p.PathCells(ml, i)
		if len(path) < 2 || path[0] != cells[0] || path[len(path)-1] != cells[len(cells)-1] {
			continue
		}
		if subsequence(cells[1:len(cells)-1], path[1:len(path)-1]) {
			matches = append(matches, i)
		}
	}
	if len(matches) > 1 {
		// the separator decides between a quiet move and a capture
		var same []int
		for _, i := range matches {
			if p.Captures(ml, i) == capture {
				same = append(same, i)
			}
		}
		if len(same) > 0 {
			matches = same
		}
	}
	switch len(matches) {
	case 0:
		return -1, fmt.Errorf("no legal move goes this way")
	case 1:
		return matches[0], nil
	}
	texts := make([]string, len(matches))
	for k, i := range matches {
		texts[k] = p.Text(ml, i)
	}
	return -1, fmt.Errorf("several legal moves go this way (%s): name the squares it lands on between", strings.Join(texts, ", "))
}

// subsequence reports whether want appears in have in order.
func subsequence(want, have []int) bool {
	j := 0
	for _, c := range have {
		if j < len(want) && want[j] == c {
			j++
		}
	}
	return j == len(want)
}

// ParseSquares reads a move written in square numbers ("32-28", "28x19",
// "28x19x10"; ':' is taken for 'x') into its cells, and says whether it
// was written as a capture. ok is false when text is not in that form
// (it may still be a cell-name text); err names a square that is not on
// the board.
func (p *Program) ParseSquares(text string) (cells []int, capture, ok bool, err error) {
	if text == "" || text[0] < '0' || text[0] > '9' || len(text) > 1000 {
		return nil, false, false, nil
	}
	text = strings.ReplaceAll(text, ":", "x")
	sep := "-"
	if strings.Contains(text, "x") {
		sep, capture = "x", true
	}
	parts := strings.Split(text, sep)
	if len(parts) < 2 {
		return nil, false, false, nil
	}
	for _, s := range parts {
		n, e := strconv.Atoi(s)
		if e != nil || s == "" || s[0] < '0' || s[0] > '9' {
			return nil, false, false, nil
		}
		c := p.CellOfNumber(n)
		if c < 0 {
			return nil, capture, true, fmt.Errorf("square %d is not on the board (squares 1-%d)", n, p.SquareCount())
		}
		cells = append(cells, c)
	}
	return cells, capture, true, nil
}
