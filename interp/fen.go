package interp

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/record/pdn"
)

// FEN positions (docs/notation.md, "FEN"): the position string of PDN
// files, "W:W31-50:B1-20" (the side to move, then each colour's pieces
// by square number, kings with K), for games whose cells are numbered
// (numbers: in the rules file), whose players are called white and black
// (W and B, whoever moves first) and whose pieces are of two kinds, one
// promoted to the other (the man, written as its number, and the king,
// written with K).

// fenGame is what a FEN needs of a game: the players of W and B, and
// the piece code of each (player, man or king).
type fenGame struct {
	white, black int
	code         [2][2]uint16 // [white 0 / black 1][man 0 / king 1]
}

// fenGameOf says whether p's positions can be written as FEN, and why not.
func fenGameOf(p *core.Program) (*fenGame, error) {
	g := p.Desc
	if !p.Numbered() {
		return nil, fmt.Errorf("FEN needs square numbers, and %s does not number its cells (numbers: in its board, docs/language.md)", g.Name)
	}
	fg := &fenGame{white: -1, black: -1}
	for i, pl := range g.Players {
		switch pl.Name {
		case "white":
			fg.white = i
		case "black":
			fg.black = i
		}
	}
	if len(g.Players) != 2 || fg.white < 0 || fg.black < 0 {
		return nil, fmt.Errorf("FEN names the players W and B: %s needs two players called white and black", g.Name)
	}
	if len(g.Kinds) != 2 || len(g.Promotions) == 0 {
		return nil, fmt.Errorf("FEN writes men and kings: %s needs two kinds of piece, one promoted to the other", g.Name)
	}
	man, king := g.Promotions[0].Kind, g.Promotions[0].To
	for _, pr := range g.Promotions {
		if pr.Kind != man || pr.To != king {
			return nil, fmt.Errorf("FEN writes men and kings: %s promotes more than one way", g.Name)
		}
	}
	for side, player := range []int{fg.white, fg.black} {
		for rank, kind := range []int{man, king} {
			for i, pc := range g.Pieces {
				if pc.Owner == player && pc.Kind == kind && pc.Number == 0 {
					fg.code[side][rank] = uint16(i + 1)
				}
			}
			if fg.code[side][rank] == 0 {
				return nil, fmt.Errorf("FEN: %s has no %s %s", g.Name, g.Players[player].Name, g.Kinds[kind].Name)
			}
		}
	}
	return fg, nil
}

// FENError is a FEN the rules cannot hold, or one that is not well
// formed: what is wrong and the column (1-based) where it is.
type FENError struct {
	Text string
	Col  int
	Msg  string
}

func (e *FENError) Error() string {
	text := (&PositionError{Text: e.Text, Col: e.Col, Msg: e.Msg}).Error()
	return "FEN" + strings.TrimPrefix(text, "position text")
}

// LooksLikeFEN says whether text is written as a FEN (it starts with W
// or B and a colon), so that a caller taking both position texts and FEN
// knows which to read.
func LooksLikeFEN(text string) bool {
	t := strings.TrimSpace(text)
	return len(t) >= 2 && (t[0] == 'W' || t[0] == 'B') && t[1] == ':'
}

// ParseFEN reads a FEN into a new State of p: the pieces on their squares
// and the side to move, the rest as at the start (ply 0, or 1 when the
// side to move is not the first player). The error is a *FENError.
func ParseFEN(p *core.Program, text string) (*core.State, error) {
	fg, err := fenGameOf(p)
	if err != nil {
		return nil, &FENError{Text: text, Col: 1, Msg: err.Error()}
	}
	byName := func(name string) (int, bool) {
		c, ok := p.CellIdx[name]
		if !ok || p.NumberOf(c) == 0 {
			return 0, false
		}
		return p.NumberOf(c), true
	}
	f, err := pdn.ParseFENNamed(text, p.SquareCount(), byName)
	if err != nil {
		col := 1
		if fe, ok := err.(*pdn.FENError); ok {
			col, err = fe.Offset+1, fmt.Errorf("%s", fe.Msg)
		}
		return nil, &FENError{Text: text, Col: col, Msg: err.Error()}
	}
	// the position text of the same position, read by ParsePosition
	pc := codecOf(p)
	at := make(map[int]uint16)
	for side, list := range [][]pdn.Piece{f.White, f.Black} {
		for _, pce := range list {
			rank := 0
			if pce.King {
				rank = 1
			}
			at[p.CellOfNumber(pce.Square)] = fg.code[side][rank]
		}
	}
	var b strings.Builder
	for i, row := range pc.rows {
		if i > 0 {
			b.WriteByte('/')
		}
		empty := 0
		for _, c := range row {
			code, ok := at[c]
			if !ok {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			b.WriteString(pc.token[code])
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
		}
	}
	mover := fg.white
	if f.ToMove == 'B' {
		mover = fg.black
	}
	b.WriteString(" " + p.PlayerName(mover))
	if mover != 0 {
		b.WriteString(" ply:1")
	}
	s, err := ParsePosition(p, b.String())
	if err != nil {
		return nil, &FENError{Text: text, Col: 1, Msg: "the rules cannot hold this position: " + err.Error()}
	}
	return s, nil
}

// FEN writes the position of s as a FEN (the pieces and the side to
// move: a FEN holds nothing else). The error says why the game's
// positions cannot be written so, or names a piece off the numbered
// squares.
func FEN(p *core.Program, s *core.State) (string, error) {
	f, err := fenOf(p, s)
	if err != nil {
		return "", err
	}
	return f.String(), nil
}

// FENByNames is FEN with the squares written by their cell names, as
// the game types with algebraic notation write it ("W:Wa1,c1:Bh8");
// ParseFEN reads both.
func FENByNames(p *core.Program, s *core.State) (string, error) {
	f, err := fenOf(p, s)
	if err != nil {
		return "", err
	}
	return f.Format(func(n int) string { return p.CellNames[p.CellOfNumber(n)] }), nil
}

func fenOf(p *core.Program, s *core.State) (pdn.FEN, error) {
	var f pdn.FEN
	fg, err := fenGameOf(p)
	if err != nil {
		return f, err
	}
	f.ToMove = 'W'
	if s.Mover == fg.black {
		f.ToMove = 'B'
	}
	for c := 0; c < p.NumCells; c++ {
		code := s.Cells[c]
		if code == 0 {
			continue
		}
		n := p.NumberOf(c)
		found := false
		for side := range fg.code {
			for rank, want := range fg.code[side] {
				if code != want {
					continue
				}
				if n == 0 {
					return f, fmt.Errorf("FEN: a piece on %s, which has no square number", p.CellNames[c])
				}
				pce := pdn.Piece{Square: n, King: rank == 1}
				if side == 0 {
					f.White = append(f.White, pce)
				} else {
					f.Black = append(f.Black, pce)
				}
				found = true
			}
		}
		if !found {
			return f, fmt.Errorf("FEN: the piece on %s is neither a man nor a king of white or black", p.CellNames[c])
		}
	}
	sortPieces(f.White)
	sortPieces(f.Black)
	return f, nil
}

func sortPieces(ps []pdn.Piece) {
	for i := 1; i < len(ps); i++ {
		for j := i; j > 0 && ps[j].Square < ps[j-1].Square; j-- {
			ps[j], ps[j-1] = ps[j-1], ps[j]
		}
	}
}
