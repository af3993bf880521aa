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
	// Last is the last move's cells, as indices into Cells, in the order
	// it went (start, each landing, end); LastCaptured the cells whose
	// pieces it captured.
	Last         []int `json:"last"`
	LastCaptured []int `json:"last_captured"`
	// Zones are the zones the rules declare (zones.go).
	Zones []boardZone `json:"zones"`
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
	// MoveCells are the cells of each move of Legal (movedata.go); null
	// when there are more than maxMoveData legal moves.
	MoveCells []moveData `json:"move_cells"`
	Board     board      `json:"board"`
	// Captured is the number of pieces each player has taken; Captures
	// tells whether a rule of the game captures at all.
	Captured []int `json:"captured"`
	Captures bool  `json:"captures"`
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
		Moves: append([]string{}, ss.moves...), Legal: []string{}, MoveCells: []moveData{}, Captures: captures(p.Game()),
	}
	var last *moveData
	if len(ss.played) > 0 {
		last = &ss.played[len(ss.played)-1]
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
	st.MoveCells = legalData(p, s, &ss.ml, maxMoveData)
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

// drawn is the board of s; last is the move that led there (nil: none).
func drawn(p *interp.Program, s *interp.State, last *moveData) board {
	g := p.Game()
	b := board{Hex: g.Board.Shape == ir.Hex, Width: g.Board.Width, Height: g.Board.Height, Cells: []boardCell{},
		Last: []int{}, LastCaptured: []int{}, Zones: zonesOf(g)}
	if last != nil {
		b.Last = last.Cells
		if last.Captured != nil {
			b.LastCaptured = last.Captured
		}
	}
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

// title is the game's title and the values of its options that differ
// from the defaults of e (the options at their defaults are not named).
func title(p *interp.Program, e *entry) string {
	g := p.Game()
	defaults := map[string]string{}
	for _, o := range e.info().Options {
		defaults[o.Name] = o.Default
	}
	var parts []string
	for _, o := range g.Options {
		if v := lang.OptionValueText(o); v != defaults[o.Name] {
			parts = append(parts, o.Name+"="+v)
		}
	}
	if len(parts) == 0 {
		return g.Title
	}
	return g.Title + " (" + strings.Join(parts, ", ") + ")"
}

// captures tells whether a rule of g captures: a leap that takes, a
// removal, a group that may land on an enemy.
func captures(g *ir.Game) bool {
	for _, m := range g.Moves {
		if m.Action == ir.Remove || m.Action == ir.Leap && m.Capture != ir.CaptureNone || m.Action == ir.Group && m.GroupCapture != nil {
			return true
		}
	}
	return false
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
