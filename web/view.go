package web

import (
	"fmt"
	"strings"

	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/ir"
	"github.com/ruleplay/ruleplay/lang"
)

// board is a position as the page draws it: the same data as a
// picture.View, which the page's script draws the same way.
type board struct {
	Hex    bool        `json:"hex"`
	Width  int         `json:"width"`
	Height int         `json:"height"`
	Cells  []boardCell `json:"cells"`
	// Last is the last move's cells, as indices into Cells.
	Last []int `json:"last"`
}

type boardCell struct {
	Name  string       `json:"name"`
	X     int          `json:"x"`
	Y     int          `json:"y"`
	Stack []boardPiece `json:"stack,omitempty"`
}

type boardPiece struct {
	Owner int    `json:"owner"` // player index, -1 for a neutral piece
	Kind  string `json:"kind"`
	Label string `json:"label"`
}

// state is a session as the page sees it.
type state struct {
	ID      string            `json:"id"`
	Game    string            `json:"game"`
	Title   string            `json:"title"`
	Options map[string]string `json:"options,omitempty"`
	Seed    uint64            `json:"seed"`
	Players []string          `json:"players"`
	Seats   []seat            `json:"seats"`
	Ply     int               `json:"ply"`
	ToMove  int               `json:"to_move"`
	Moves   []string          `json:"moves"`
	Legal   []string          `json:"legal"`
	Board   board             `json:"board"`
	// Captured is the number of pieces each player has taken.
	Captured []int `json:"captured"`
	// Hand lists per player the pieces held in hand ("man 20"; "" for
	// none); absent in a game without pieces in hand.
	Hand []string `json:"hand,omitempty"`
	// Scores are the rules' scores (nil for a game without).
	Scores []int `json:"scores"`
	Over   bool  `json:"over"`
	// Winners and Result describe a finished game.
	Winners []string `json:"winners,omitempty"`
	Result  string   `json:"result,omitempty"`
}

// view describes the session now.
func (ss *session) view() state {
	p, s := ss.p, ss.s
	st := state{
		ID: ss.id, Game: ss.entry.name, Title: ss.title, Options: ss.givenOptions(), Seed: ss.seed,
		Players: playerNames(p), Seats: ss.seats, Ply: s.Ply(), ToMove: s.ToMove(),
		Moves: append([]string{}, ss.moves...), Legal: []string{},
	}
	last := ""
	if len(ss.moves) > 0 {
		last = ss.moves[len(ss.moves)-1]
	}
	st.Board = drawn(p, s, last)
	for i := range st.Players {
		st.Captured = append(st.Captured, s.Captured(i))
	}
	st.Hand = handTexts(p, s)
	status := p.Status(s)
	st.Scores = status.Scores
	if status.Over {
		st.Over = true
		st.Winners = pick(p, status.Winners)
		st.Result = p.ResultText(status)
		return st
	}
	p.Legal(s, &ss.ml)
	st.Legal = p.Texts(&ss.ml)
	return st
}

// handTexts lists per player the pieces held in hand in s ("man 20",
// kinds by name; "" when none), or nil in a game without hands.
func handTexts(p *interp.Program, s *interp.State) []string {
	if p.HandText(s) == "" {
		return nil
	}
	g := p.Game()
	out := make([]string, p.NumPlayers())
	for pl := range out {
		var parts []string
		for _, pc := range p.InHand(s, pl) {
			parts = append(parts, fmt.Sprintf("%s %d", g.Kinds[g.Pieces[pc.Piece].Kind].Name, pc.Count))
		}
		out[pl] = strings.Join(parts, ", ")
	}
	return out
}

// drawn is the board of s; last is the text of the move that led there.
func drawn(p *interp.Program, s *interp.State, last string) board {
	g := p.Game()
	b := board{Hex: g.Board.Shape == ir.Hex, Width: g.Board.Width, Height: g.Board.Height, Cells: []boardCell{}, Last: moveCells(p, last)}
	for c, cell := range g.Board.Cells {
		bc := boardCell{Name: p.CellName(c), X: cell.X, Y: cell.Y}
		for _, piece := range p.Stack(s, c) {
			gp := g.Pieces[piece]
			bc.Stack = append(bc.Stack, boardPiece{Owner: gp.Owner, Kind: g.Kinds[gp.Kind].Name, Label: p.PieceSymbol(piece)})
		}
		b.Cells = append(b.Cells, bc)
	}
	return b
}

// moveCells returns the cells a move's text names, in order (empty for a
// pass): the path of a leap, the removed cell, or TAIL, HEAD, DEST of a
// group move.
func moveCells(p *interp.Program, text string) []int {
	out := []int{}
	text = strings.TrimPrefix(strings.TrimSpace(text), "x")
	if i := strings.IndexByte(text, '@'); i >= 0 {
		text = text[i+1:] // a drop: KIND@CELL
	}
	if text == "" || text == "pass" {
		return out
	}
	for _, name := range strings.FieldsFunc(text, func(r rune) bool { return r == '-' || r == ':' }) {
		if c, ok := p.CellIndex(name); ok {
			out = append(out, c)
		}
	}
	return out
}

// title is the game's title and its option values.
func title(p *interp.Program) string {
	g := p.Game()
	if len(g.Options) == 0 {
		return g.Title
	}
	parts := make([]string, len(g.Options))
	for i, o := range g.Options {
		parts[i] = o.Name + "=" + lang.OptionValueText(o)
	}
	return g.Title + " (" + strings.Join(parts, ", ") + ")"
}

func playerNames(p *interp.Program) []string {
	out := make([]string, p.NumPlayers())
	for i := range out {
		out[i] = p.PlayerName(i)
	}
	return out
}

// pick returns the names of players ps.
func pick(p *interp.Program, ps []int) []string {
	out := make([]string, len(ps))
	for i, x := range ps {
		out[i] = p.PlayerName(x)
	}
	return out
}
