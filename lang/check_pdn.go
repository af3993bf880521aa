package lang

import (
	"fmt"
	"strings"

	"github.com/ruleplay/ruleplay/ir"
)

// How a game's records are written in PDN files (PDN 3.0):
//
//	pdn { game-type: 20; squares: numbers; capture: "x"; results: "2-0" "0-2" "1-1" }
//
// game-type is the number of the game's [GameType] tag (PDN's table of
// games, 1 to 99); squares says whether a move's squares are the board's
// numbers or cell names; capture joins the squares of a capture; results
// are the texts of a win of White, a win of Black and a draw (PDN names
// the sides White and Black: the players white and black). Only
// game-type is required: squares follow the board (numbers when it
// numbers its cells), capture is "x", the results 1-0, 0-1, 1/2-1/2. A
// variant (`extends`) inherits the entry and may override any property,
// game-type first: two games of one type would be ambiguous. The checker
// lowers it to ir.Game.PDN; package record/pdngame builds its table of
// game types from it.

// pdnProps are the properties of the pdn entry.
var pdnProps = []string{"game-type", "squares", "capture", "results"}

// pdnSquares are the choices of squares:, pdnCaptures those of capture:
// (the separators the PDN reader reads back).
var (
	pdnSquares  = []string{"numbers", "names"}
	pdnCaptures = []string{"x", ":"}
)

// pdnResults are the result texts PDN readers know, by meaning: a win of
// White, a win of Black, a draw.
var pdnResults = [3][]string{
	{"2-0", "1-0", "2:0"},
	{"0-2", "0-1", "0:2"},
	{"1-1", "1/2-1/2", "1:1", "0-0", "0:0"},
}

// maxPDNGameType is the largest GameType number (PDN numbers them with
// two digits).
const maxPDNGameType = 99

const pdnUsage = `write pdn { game-type: 20; squares: numbers; capture: "x"; results: "2-0" "0-2" "1-1" }`

// checkPDN reads the pdn entry into c.g.PDN, once the board and the
// players are known.
func (c *checker) checkPDN(es []*Entry) {
	if len(es) == 0 {
		return
	}
	e := es[len(es)-1]
	if len(e.Labels) > 0 {
		c.errorf(e.Labels[0].Pos, pdnUsage, "pdn takes no name")
		return
	}
	if len(e.Values) > 0 || !e.HasBlock {
		c.errorf(e.Pos, pdnUsage, "pdn takes a block")
		return
	}
	ps := c.props(e, "pdn", pdnProps)
	f := &ir.PDN{Capture: "x", Results: [3]string{"1-0", "0-1", "1/2-1/2"}, Numbers: len(c.g.Board.Numbers) > 0}
	ok := c.pdnSides(e)
	if p, has := ps["game-type"]; has {
		f.GameType = c.pdnGameType(p)
		ok = ok && f.GameType > 0
	} else {
		c.errorf(e.Pos, fmt.Sprintf("add game-type: N, the number of the [GameType] tag of the game's PDN files (1 to %d)", maxPDNGameType), "pdn needs game-type")
		ok = false
	}
	if p, has := ps["squares"]; has {
		numbers, good := c.pdnSquaresOf(p)
		f.Numbers, ok = numbers, ok && good
	}
	if p, has := ps["capture"]; has {
		s, good := c.pdnChoice(p, pdnCaptures, `write capture: "x" (or ":")`)
		f.Capture, ok = s, ok && good
	}
	if p, has := ps["results"]; has {
		res, good := c.pdnResultsOf(p)
		f.Results, ok = res, ok && good
	}
	if ok {
		c.g.PDN = f
	}
}

// pdnSides checks that the game has PDN's two sides, the players white
// and black (it is not reported when the players were).
func (c *checker) pdnSides(e *Entry) bool {
	if !c.playersOK {
		return false
	}
	_, w := c.players["white"]
	_, b := c.players["black"]
	if len(c.g.Players) == 2 && w && b {
		return true
	}
	c.errorf(e.Pos, "name the two players white and black, or leave pdn out", "PDN records games between White and Black: the game needs two players, white and black")
	return false
}

// pdnGameType reads game-type: a number from 1 to maxPDNGameType (0 when
// it is not one, reported once).
func (c *checker) pdnGameType(p *Entry) int {
	v, ok := c.single(p)
	if !ok {
		return 0
	}
	n, isNum := v.(*Num)
	if !isNum || n.Percent {
		c.errorf(v.At(), "write game-type: N, the number of the [GameType] tag", "game-type takes a number")
		return 0
	}
	if n.Val < 1 || n.Val > maxPDNGameType {
		c.errorf(v.At(), fmt.Sprintf("PDN's game types are numbered from 1 to %d", maxPDNGameType), "game-type %d is out of range", n.Val)
		return 0
	}
	return n.Val
}

// pdnSquaresOf reads squares: numbers or names; numbers needs the
// board's numbers.
func (c *checker) pdnSquaresOf(p *Entry) (numbers, ok bool) {
	v, ok := c.single(p)
	if !ok {
		return false, false
	}
	n, isName := v.(*Name)
	if !isName || !contains(pdnSquares, n.Dotted()) {
		hint := "write squares: numbers (the board's square numbers) or squares: names (cell names)"
		if isName {
			if near := c.r.didYouMean(n.Dotted(), pdnSquares); near != "" {
				hint = near
			}
		}
		c.errorf(v.At(), hint, "squares takes numbers or names")
		return false, false
	}
	if n.Dotted() == "names" {
		return false, true
	}
	if len(c.g.Board.Numbers) == 0 {
		if c.boardOK {
			c.errorf(v.At(), "number the board's cells (board { numbers: dark from top-left by rows }), or write squares: names", "squares: numbers, but the board does not number its cells")
		}
		return false, false
	}
	return true, true
}

// pdnChoice reads a property whose value is one of a few strings.
func (c *checker) pdnChoice(p *Entry, choices []string, hint string) (string, bool) {
	v, ok := c.single(p)
	if !ok {
		return "", false
	}
	s, isStr := v.(*Str)
	if !isStr {
		c.errorf(v.At(), hint, "%s takes a string", p.Key)
		return "", false
	}
	if !contains(choices, s.Val) {
		c.errorf(v.At(), hint, "%s %q is not one of %s", p.Key, s.Val, quoteAll(choices))
		return "", false
	}
	return s.Val, true
}

// pdnResultsOf reads results: three strings (written one after the
// other, separated by commas or in a list): White's win, Black's win, a
// draw, each one of the texts PDN readers know for it.
func (c *checker) pdnResultsOf(p *Entry) ([3]string, bool) {
	const usage = `write results: "2-0" "0-2" "1-1" (a win of White, a win of Black, a draw)`
	var out [3]string
	if p.HasBlock {
		c.errorf(p.Pos, usage, "results takes three strings, not a block")
		return out, false
	}
	var strs []*Str
	var flatten func(v Expr) bool
	flatten = func(v Expr) bool {
		switch x := v.(type) {
		case *Str:
			strs = append(strs, x)
		case *Phrase:
			for _, w := range x.Words {
				if !flatten(w) {
					return false
				}
			}
		case *List:
			for _, w := range x.Items {
				if !flatten(w) {
					return false
				}
			}
		default:
			c.errorf(v.At(), usage, "results takes strings")
			return false
		}
		return true
	}
	for _, v := range p.Values {
		if !flatten(v) {
			return out, false
		}
	}
	if len(strs) != 3 {
		c.errorf(p.Pos, usage, "results takes three strings, not %d", len(strs))
		return out, false
	}
	what := [3]string{"a win of White", "a win of Black", "a draw"}
	for i, s := range strs {
		if !contains(pdnResults[i], s.Val) {
			c.errorf(s.Pos, fmt.Sprintf("%s is written %s", what[i], quoteAll(pdnResults[i])), "result %q is not %s", s.Val, what[i])
			return out, false
		}
		out[i] = s.Val
	}
	return out, true
}

// quoteAll writes choices quoted, joined by commas and a final "or".
func quoteAll(choices []string) string {
	q := make([]string, len(choices))
	for i, s := range choices {
		q[i] = fmt.Sprintf("%q", s)
	}
	if len(q) < 2 {
		return strings.Join(q, "")
	}
	return strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1]
}
