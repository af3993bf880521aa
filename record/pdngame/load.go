package pdngame

import (
	"errors"
	"fmt"
	"io"

	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/record"
	"github.com/ruleplay/ruleplay/record/pdn"
)

// Loaded is one game of a PDN file made a YAML record, for a caller that
// replays records (the web page's replay panel, through a server
// endpoint that takes a PDN file and answers with these).
type Loaded struct {
	// Index is the game's number in the file (from 1), Line its first
	// line.
	Index, Line int
	// Title names the game for a list: its players and event, as tagged.
	Title string
	// Record is the game as a YAML record (nil when the game could not be
	// read or played from its start); its moves stop before the first
	// illegal one.
	Record *record.Record
	// Problem is what is wrong with the game ("" when nothing is): a
	// reading error, an unknown game type, a bad start, or the first
	// illegal move, each with the file, the game, the line and the move.
	Problem string
}

// LoadFile reads at most max games of a PDN stream (file names it in
// messages) and makes each a record: replayed by the program that
// program returns for the game's GameType, looked up in types
// (typically the bundled rules file t.Game, compiled once). A broken game is passed over (Reader.Skip)
// and reported in its Loaded; the error is for the input that could not
// be read at all.
func LoadFile(r io.Reader, file string, max int, types *Types, program func(t GameType) (*interp.Program, error)) ([]Loaded, error) {
	rd := pdn.NewReader(r, file)
	var out []Loaded
	for len(out) < max {
		g, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			var pe *pdn.Error
			if !errors.As(err, &pe) {
				return out, err
			}
			out = append(out, Loaded{Index: pe.Game, Line: pe.Line, Problem: err.Error()})
			rd.Skip()
			continue
		}
		out = append(out, loadGame(file, g, types, program))
	}
	return out, nil
}

func loadGame(file string, g *pdn.Game, types *Types, program func(t GameType) (*interp.Program, error)) Loaded {
	l := Loaded{Index: g.Index, Line: g.Line, Title: title(g)}
	where := fmt.Sprintf("%s:%d:1: game %d", file, g.Line, g.Index)
	t, err := types.TypeOf(g)
	if err != nil {
		l.Problem = where + ": " + err.Error()
		return l
	}
	p, err := program(t)
	if err != nil {
		l.Problem = where + ": " + err.Error()
		return l
	}
	rp, err := Play(p, t, g)
	if err != nil {
		l.Problem = where + ": " + err.Error()
		return l
	}
	l.Record = ToRecord(p, p.Game().Name, g, rp)
	if bad := rp.Bad; bad != nil {
		l.Problem = fmt.Sprintf("%s:%d:%d: game %d: move %d %s: not legal: %s", file, bad.Move.Line, bad.Move.Col, g.Index, bad.Ply+1, bad.Move.Text, bad.Why)
	} else if rp.ResultDisagrees != "" {
		l.Problem = where + ": " + rp.ResultDisagrees
	}
	return l
}

// title is "White - Black, Event" from the tags there are.
func title(g *pdn.Game) string {
	w, _ := g.Tag("White")
	b, _ := g.Tag("Black")
	e, _ := g.Tag("Event")
	s := ""
	if w != "" || b != "" {
		s = w + " - " + b
	}
	if e != "" {
		if s != "" {
			s += ", "
		}
		s += e
	}
	if s == "" {
		s = fmt.Sprintf("game %d", g.Index)
	}
	return s
}
