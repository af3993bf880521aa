// Package pdngame plays the games of PDN files (record/pdn) by the rules
// of a game: it maps a PDN GameType to the rules file that plays it,
// replays a game's moves from its start (the [FEN] tag, or the rules'
// start) and reports its first illegal move with the legal moves there,
// and writes a game as PDN; it converts between PDN games and YAML
// records (record.Record). `ruleplay check`, `ruleplay convert`,
// `ruleplay run --record FILE.pdn` and the web page's PDN replays use it.
//
// No game is named here: a rules file says how its games are written in
// PDN with a pdn entry (package lang, lowered to ir.Game.PDN): the
// GameType number (PDN GameType 20, say), squares written as the board's
// numbers or as cell names, the capture separator and the result texts.
// Types is the table of those entries, built from loaded games (Bundled:
// the bundled rules files); a rules file given by hand is played by its
// own entry (ForRules), or the default way when it has none. A move is
// read by its squares, numbers or cell names whatever the type writes,
// the short form (start and end) or the full path, or as the engine's
// own text: ends does.
package pdngame

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/record/pdn"
)

// Illegal is a game's first move that the rules refuse.
type Illegal struct {
	// Ply is the move's index in the main line, from 0.
	Ply  int
	Move pdn.Move
	// Why is the engine's reason.
	Why string
	// Legal are the legal moves there, in the type's notation.
	Legal []string
}

// Replay is a game played through by the rules.
type Replay struct {
	Start *interp.State // the start (the [FEN], or the rules' start)
	End   *interp.State // the position after the last legal move
	// Moves are the moves played, as the engine writes them (Text).
	Moves []string
	// Bad is the first illegal move, nil when every move is legal.
	Bad *Illegal
	// Status is how the game stands after the moves played.
	Status interp.Status
	// ResultDisagrees says the game is over by the rules with another
	// result than the PDN's (it is "" when they agree or cannot be
	// compared).
	ResultDisagrees string
}

// StartOf returns g's start: its [FEN] tag read by the rules, or the
// rules' start (seed 1).
func StartOf(p *interp.Program, g *pdn.Game) (*interp.State, error) {
	if fen, ok := g.Tag("FEN"); ok {
		s, err := interp.ParseFEN(p, fen)
		if err != nil {
			return nil, fmt.Errorf("[FEN]: %w", err)
		}
		return s, nil
	}
	return p.NewState(1), nil
}

// Play replays g's main line by p, as GameType t writes squares.
func Play(p *interp.Program, t GameType, g *pdn.Game) (*Replay, error) {
	s0, err := StartOf(p, g)
	if err != nil {
		return nil, err
	}
	r := &Replay{Start: s0}
	s := s0.Clone()
	var ml interp.MoveList
	for i, m := range g.Moves {
		p.Legal(s, &ml)
		k, why := match(p, t, &ml, m)
		if k < 0 {
			r.Bad = &Illegal{Ply: i, Move: m, Why: why, Legal: Texts(p, t, &ml)}
			break
		}
		r.Moves = append(r.Moves, p.Text(&ml, k))
		p.Apply(s, &ml, k)
	}
	r.End = s
	r.Status = p.Status(s)
	if r.Bad == nil && r.Status.Over && g.Result != "" && g.Result != "*" {
		if want := ResultText(p, t, r.Status); want != "*" && normal(g.Result) != normal(want) {
			r.ResultDisagrees = fmt.Sprintf("the game is over by the rules (%s), with the result %s, not %s", r.Status.Reason, want, g.Result)
		}
	}
	return r, nil
}

// normal writes the results of one meaning alike.
func normal(res string) string {
	switch res {
	case "2-0", "1-0", "2:0":
		return "white"
	case "0-2", "0-1", "0:2":
		return "black"
	case "1-1", "1/2-1/2", "1:1", "0-0", "0:0":
		return "draw"
	}
	return res
}

// match finds the legal move of ml that m writes: by its squares, or by
// the engine's own text.
func match(p *interp.Program, t GameType, ml *interp.MoveList, m pdn.Move) (int, string) {
	if ml.Len() == 0 {
		return -1, "the game is over"
	}
	for i := range ml.Moves {
		if p.Text(ml, i) == m.Text {
			return i, ""
		}
	}
	cells := make([]int, 0, len(m.Squares))
	for _, sq := range m.Squares {
		c, ok := cellOf(p, sq)
		if !ok {
			return -1, fmt.Sprintf("square %s is not on the board", sq)
		}
		cells = append(cells, c)
	}
	k, err := p.MatchSquares(ml, cells, m.Capture)
	if err != nil {
		return -1, err.Error()
	}
	return k, ""
}

// cellOf reads a square: a number, or a cell name.
func cellOf(p *interp.Program, sq string) (int, bool) {
	if sq != "" && sq[0] >= '0' && sq[0] <= '9' {
		n, err := strconv.Atoi(sq)
		if err != nil {
			return -1, false
		}
		c := p.CellOfNumber(n)
		return c, c >= 0
	}
	c, ok := p.CellIdx[sq]
	return c, ok
}

// MoveText writes move i of ml as type t's PDN writes it: the start and
// the end (every landing square when the ends are shared by another
// move, or the rule is named by its path), joined by '-' or the capture
// separator.
func MoveText(p *interp.Program, t GameType, ml *interp.MoveList, i int) string {
	if !t.Algebraic && p.Numbered() {
		if s := p.NumberText(ml, i); s != "" {
			return s
		}
		return p.Text(ml, i)
	}
	cells := p.PathCells(ml, i)
	if len(cells) < 2 {
		return p.Text(ml, i)
	}
	sep := "-"
	if p.Captures(ml, i) {
		sep = t.Capture
	}
	short := []int{cells[0], cells[len(cells)-1]}
	if k, err := p.MatchSquares(ml, short, p.Captures(ml, i)); err != nil || k != i {
		short = cells
	}
	names := make([]string, len(short))
	for j, c := range short {
		names[j] = p.CellNames[c]
	}
	return strings.Join(names, sep)
}

// Texts are the moves of ml in type t's notation, sorted.
func Texts(p *interp.Program, t GameType, ml *interp.MoveList) []string {
	out := make([]string, ml.Len())
	for i := range out {
		out[i] = MoveText(p, t, ml, i)
	}
	sort.Slice(out, func(a, b int) bool { return lessSquares(out[a], out[b]) })
	return out
}

// lessSquares orders move texts by their numbers where they have them.
func lessSquares(a, b string) bool {
	na, ea := strconv.Atoi(leadingDigits(a))
	nb, eb := strconv.Atoi(leadingDigits(b))
	if ea == nil && eb == nil && na != nb {
		return na < nb
	}
	return a < b
}

func leadingDigits(s string) string {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return s[:i]
}

// ResultText is the PDN result of a game standing so: a win of white
// or of black, a draw, or "*" while it goes on.
func ResultText(p *interp.Program, t GameType, st interp.Status) string {
	if !st.Over {
		return "*"
	}
	if len(st.Winners) == 1 {
		switch p.PlayerName(st.Winners[0]) {
		case "white":
			return t.WinLoss[0]
		case "black":
			return t.WinLoss[1]
		}
		return "*"
	}
	if len(st.Winners) == p.NumPlayers() {
		return t.WinLoss[2]
	}
	return "*"
}
