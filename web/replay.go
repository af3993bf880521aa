package web

import (
	"errors"
	"io"
	"mime"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/ruleplay/ruleplay/conformance"
	"github.com/ruleplay/ruleplay/internal/safetext"
	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/record"
)

// writeRecord writes rec as YAML (docs/notation.md).
func writeRecord(w io.Writer, rec *record.Record) error { return record.Write(w, rec) }

// frame is one position of a replayed record: the cells whose stacks
// differ from the previous position's (from the board's, for the start),
// and the last move's cells. The answer grows with the record's moves, not
// with its moves times the board's cells.
type frame struct {
	Ply     int          `json:"ply"`
	Move    string       `json:"move,omitempty"` // the move that led here
	Changed []cellChange `json:"changed"`
	Last    []int        `json:"last"`
	// LastCaptured: the cells whose pieces the move captured.
	LastCaptured []int `json:"last_captured"`
	// Status: who is to move, or the result.
	Status string `json:"status"`
}

// cellChange is a cell's stack in a frame (null: the cell is empty).
type cellChange struct {
	Cell  int          `json:"cell"` // an index into the board's cells
	Stack []boardPiece `json:"stack"`
}

// replay is the answer to POST /api/replay: the check's report and the
// positions it went through (up to the first problem).
type replay struct {
	Game    string            `json:"game"`
	Options map[string]string `json:"options,omitempty"`
	Setup   map[string]string `json:"setup,omitempty"`
	// Start is the record's start position text (a game played on from
	// the replay starts there).
	Start   string              `json:"start,omitempty"`
	Title   string              `json:"title,omitempty"`
	Players []string            `json:"players,omitempty"`
	Verdict conformance.Verdict `json:"verdict"`
	// Report is `ruleplay check`'s text; Problem its first problem.
	Report  string               `json:"report"`
	Problem *conformance.Problem `json:"problem,omitempty"`
	// Board is the board of the start, and Frames every position.
	Board  *board  `json:"board,omitempty"`
	Frames []frame `json:"frames"`
	// PDN lists the games of a PDN file and says which is replayed (nil
	// for a YAML record).
	PDN *pdnFile `json:"pdn,omitempty"`
}

// replayHandler checks the record in the body (YAML, or a PDN file:
// pdn.go; ?name=FILE names it in messages, ?game=N picks a PDN file's
// game) the way `ruleplay check` does, and returns its positions.
func (s *Server) replayHandler(w http.ResponseWriter, r *http.Request) {
	if e := mediaType(r, "the record must be YAML or PDN", "application/yaml", "application/x-yaml", "text/yaml", "text/x-yaml", pdnMediaType); e != nil {
		e.write(w)
		return
	}
	release, ok := s.heavy(w, r, replayBase+replayPerByte*s.bodySize(r))
	if !ok {
		return
	}
	defer release() // once the answer is written
	data, err := io.ReadAll(r.Body)
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			(&apiError{status: http.StatusRequestEntityTooLarge, Message: "the record is over the limit of " + itoa(int(tooBig.Limit)) + " bytes"}).write(w)
			return
		}
		badRequest("cannot read the record").write(w)
		return
	}
	q := r.URL.Query()
	name := q.Get("name")
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if isPDN(name, strings.ToLower(mt), data) {
		if name == "" {
			name = "games.pdn"
		}
		name = safetext.Escape(safetext.Short(name, maxName))
		chosen := 0
		if v := q.Get("game"); v != "" {
			if chosen, err = strconv.Atoi(v); err != nil || chosen < 1 {
				badRequest("game=" + safetext.Quote(v, maxEcho) + ": the number of a game of the file (1, 2, ...)").write(w)
				return
			}
		}
		out, e := s.replayPDN(data, name, chosen)
		if e != nil {
			e.write(w)
			return
		}
		writeJSON(w, http.StatusOK, out)
		return
	}
	if name == "" {
		name = "record.yaml"
	}
	name = safetext.Escape(safetext.Short(name, maxName))
	writeJSON(w, http.StatusOK, s.replay(data, name))
}

func (s *Server) replay(data []byte, name string) replay {
	out := replay{Frames: []frame{}}
	rec, err := record.Parse(data, name)
	if err != nil {
		rep := &conformance.Report{File: name, Verdict: conformance.CannotCheck}
		rep.Problem = &conformance.Problem{Kind: conformance.BadRecord, Pos: name, Message: err.Error()}
		var re *record.Error
		if errors.As(err, &re) {
			rep.Problem.Pos, rep.Problem.Message = re.Pos.String(), re.Msg
		}
		out.Verdict, out.Report, out.Problem = rep.Verdict, rep.Text(), rep.Problem
		return out
	}
	s.replayRecord(rec, name, &out)
	return out
}

// replayRecord checks rec (read from the file name) and fills out with
// the report and the positions, up to the first problem; it returns the
// program and the last position shown (nil when the record's game or
// start could not be made).
func (s *Server) replayRecord(rec *record.Record, name string, out *replay) (*interp.Program, *interp.State) {
	out.Game, out.Options, out.Setup, out.Start = rec.Game, rec.Options, rec.Setup, rec.Start
	if len(rec.Moves) > s.cfg.Limits.Plies {
		out.Verdict = conformance.CannotCheck
		out.Problem = &conformance.Problem{Kind: conformance.BadRecord, Pos: name, Message: "the record has " + itoa(len(rec.Moves)) + " moves, over this server's limit of " + itoa(s.cfg.Limits.Plies)}
		out.Report = name + ": " + out.Problem.Message + "\n"
		return nil, nil
	}
	c := &conformance.Checker{Load: s.games.loadRules}
	rep := c.Record(rec, rec.Game)
	rep.File = name
	if rep.Problem != nil && rep.Problem.Pos == "" {
		rep.Problem.Pos = name
	}
	out.Verdict, out.Report, out.Problem = rep.Verdict, rep.Text(), rep.Problem
	e, err := s.games.lookup(rec.Game)
	if err != nil {
		return nil, nil
	}
	g, err := e.load(rec.Options)
	if err != nil {
		return nil, nil
	}
	p, err := interp.Compile(g, interp.Config{})
	if err != nil {
		return nil, nil
	}
	out.Title, out.Players = title(p, e), playerNames(p)
	st := p.NewState(0)
	switch {
	case rec.Start != "":
		if st, err = interp.ParsePosition(p, rec.Start); err != nil {
			return nil, nil
		}
	case g.Setup.Random != nil:
		if st, err = p.NewStateFromLayout(rec.Setup); err != nil {
			return nil, nil
		}
	}
	start := drawn(p, st, nil)
	out.Board = &start
	prev := start
	out.Frames = append(out.Frames, newFrame(p, st, 0, "", nil, &prev))
	var ml interp.MoveList
	for k, text := range rec.Moves[:rep.Checked] {
		i, err := p.ParseMove(st, &ml, text)
		if err != nil {
			break
		}
		played := playMove(p, st, &ml, i)
		out.Frames = append(out.Frames, newFrame(p, st, k+1, text, &played, &prev))
	}
	return p, st
}

// newFrame is the position s after ply plies, the last one move (whose
// cells are played), as its changes from prev (the previous position's
// board, which becomes s's).
func newFrame(p *interp.Program, s *interp.State, ply int, move string, played *moveData, prev *board) frame {
	b := drawn(p, s, played)
	f := frame{Ply: ply, Move: move, Changed: []cellChange{}, Last: b.Last, LastCaptured: b.LastCaptured, Status: statusText(p, s)}
	for i, c := range b.Cells {
		if !slices.Equal(c.Stack, prev.Cells[i].Stack) {
			f.Changed = append(f.Changed, cellChange{Cell: i, Stack: c.Stack})
		}
	}
	*prev = b
	return f
}

// statusText: "green to move", or the result.
func statusText(p *interp.Program, s *interp.State) string {
	st := p.Status(s)
	if st.Over {
		return "result: " + p.ResultText(st)
	}
	return p.PlayerName(s.ToMove()) + " to move"
}

func itoa(n int) string { return strconv.Itoa(n) }
