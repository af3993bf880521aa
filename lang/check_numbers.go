package lang

import (
	"fmt"
	"strings"

	"github.com/ruleplay/ruleplay/ir"
)

// Square numbers: the board's numbers: property says how the cells are
// numbered, so that moves and positions can be read and written with
// numbers (32-28, W:W31-50:B1-20) as well as with cell names:
//
//	numbers: dark from top-left by rows
//
// the cells numbered (all, dark or light, as cells: says them), the
// corner where number 1 is (top-left, top-right, bottom-left or
// bottom-right, as the board is drawn: rank 1 at the bottom, file a on the
// left), and the order (rows: along the row away from the corner, then the
// next row; columns: along the file, then the next file). The checker
// lowers it to ir.Board.Numbers, the cell of each number.

const numbersForm = "write numbers: dark from top-left by rows (the cells numbered, the corner of number 1, rows or columns)"

var (
	numberSubsets = []string{"all", "dark", "light"}
	numberCorners = []string{"top-left", "top-right", "bottom-left", "bottom-right"}
	numberOrders  = []string{"rows", "columns"}
)

// checkNumbers reads the board's numbers: property (p may be nil) once
// the board's cells are laid out.
func (c *checker) checkNumbers(p *Entry) {
	if p == nil {
		return
	}
	v, ok := c.single(p)
	if !ok {
		return
	}
	words, ok := c.numbersWords(v)
	if !ok {
		return
	}
	b := &c.g.Board
	if b.Width == 0 || len(b.Rows) > 0 {
		c.errorf(v.At(), "number the cells of a square board, or leave numbers: out", "only square boards are numbered")
		return
	}
	if numbers, ok := c.numberCells(v, words); ok {
		b.Numbers = numbers
	}
}

// numbersWords checks the five words of numbers: (SUBSET from CORNER by
// ORDER) and returns them.
func (c *checker) numbersWords(v Expr) ([]string, bool) {
	ph, isPhrase := v.(*Phrase)
	if !isPhrase || len(ph.Words) != 5 {
		c.errorf(v.At(), numbersForm, "numbers: takes five words")
		return nil, false
	}
	words := make([]string, 5)
	for i, w := range ph.Words {
		n, isName := w.(*Name)
		if !isName {
			c.errorf(w.At(), numbersForm, "expected a word")
			return nil, false
		}
		words[i] = n.Dotted()
	}
	word := func(i int, want []string, what string) bool {
		if contains(want, words[i]) {
			return true
		}
		hint := c.r.didYouMean(words[i], want)
		if hint == "" {
			hint = fmt.Sprintf("the %s is one of %s", what, strings.Join(want, ", "))
		}
		c.errorf(ph.Words[i].At(), hint, "unknown %s %q", what, words[i])
		return false
	}
	if !word(0, numberSubsets, "cell subset") {
		return nil, false
	}
	if words[1] != "from" {
		c.errorf(ph.Words[1].At(), numbersForm, "expected from, not %q", words[1])
		return nil, false
	}
	if !word(2, numberCorners, "corner") {
		return nil, false
	}
	if words[3] != "by" {
		c.errorf(ph.Words[3].At(), numbersForm, "expected by, not %q", words[3])
		return nil, false
	}
	if !word(4, numberOrders, "order") {
		return nil, false
	}
	return words, true
}

// numberCells lists the board's cells in the order the words number
// them (cell indices), or reports a numbered cell the board lacks.
func (c *checker) numberCells(v Expr, words []string) ([]int, bool) {
	b := &c.g.Board
	at := map[[2]int]int{}
	for i, cell := range b.Cells {
		at[[2]int{cell.X, cell.Y}] = i
	}
	top, right := strings.HasPrefix(words[2], "top"), strings.HasSuffix(words[2], "right")
	order := func(n int, backwards bool) []int {
		out := make([]int, n)
		for i := range out {
			out[i] = i
			if backwards {
				out[i] = n - 1 - i
			}
		}
		return out
	}
	ys, xs := order(b.Height, top), order(b.Width, right)
	var numbers []int
	visit := func(x, y int) bool {
		dark := (x+y)%2 == 0
		if words[0] == "dark" && !dark || words[0] == "light" && dark {
			return true
		}
		i, on := at[[2]int{x, y}]
		if !on {
			c.errorf(v.At(), fmt.Sprintf("number the cells the board keeps: numbers: %s from %s by %s", cellsWord(b.Cells), words[2], words[4]),
				"numbers: %s numbers %c%d, a cell the board does not have", words[0], 'a'+x, y+1)
			return false
		}
		numbers = append(numbers, i)
		return true
	}
	if words[4] == "rows" {
		for _, y := range ys {
			for _, x := range xs {
				if !visit(x, y) {
					return nil, false
				}
			}
		}
	} else {
		for _, x := range xs {
			for _, y := range ys {
				if !visit(x, y) {
					return nil, false
				}
			}
		}
	}
	return numbers, true
}

// cellsWord names the colour subset the cells are (dark, light or all).
func cellsWord(cells []ir.Cell) string {
	dark, light := false, false
	for _, cell := range cells {
		if (cell.X+cell.Y)%2 == 0 {
			dark = true
		} else {
			light = true
		}
	}
	switch {
	case dark && !light:
		return "dark"
	case light && !dark:
		return "light"
	}
	return "all"
}
