package web

import (
	"bytes"
	"net/http"
	"strconv"
	"strings"

	"github.com/ruleplay/ruleplay/conformance"
	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/record/pdngame"
)

// PDN files in the replay panel (docs/serve.md): POST /api/replay takes a
// PDN file as well as a YAML record. Its games are read by the shared
// reader (pdngame.LoadFile, as `ruleplay check` reads them), each made a
// YAML record and replayed by the bundled rules file its GameType names;
// the answer lists the games (title, result, problem) and replays the one
// asked for (?game=N, the first by default).

// maxPDNGames is the most games of a PDN file the replay panel lists
// (the body's limit bounds the moves).
const maxPDNGames = 1000

// pdnGame is one game of a PDN file in the replay's list.
type pdnGame struct {
	Index int    `json:"index"` // its number in the file, from 1
	Line  int    `json:"line"`
	Title string `json:"title"`
	// Result is the PDN's result ("2-0", "1/2-1/2"), when it gives one.
	Result string `json:"result,omitempty"`
	// Moves are the moves that can be replayed (up to the first illegal
	// one); -1 when the game could not be read or played at all.
	Moves   int    `json:"moves"`
	Problem string `json:"problem,omitempty"`
}

// pdnFile is what the replay answer says of a PDN file: its games, the
// one replayed, and whether it has more games than are listed.
type pdnFile struct {
	Games  []pdnGame `json:"games"`
	Chosen int       `json:"chosen"`
	More   bool      `json:"more,omitempty"`
}

// isPDN says whether a replayed file is PDN: by its name (.pdn), by its
// media type, or by its content: a tag "[" or a move number "1." first
// (a YAML record is a mapping, which starts with neither; a PDN comment
// "{" is not taken as PDN: a YAML mapping may be written "{game: ...}").
func isPDN(name, mediaType string, data []byte) bool {
	if strings.HasSuffix(strings.ToLower(name), ".pdn") || mediaType == pdnMediaType {
		return true
	}
	t := bytes.TrimLeft(data, " \t\r\n\ufeff")
	if len(t) == 0 {
		return false
	}
	switch c := t[0]; {
	case c == '[':
		return true
	case c >= '0' && c <= '9':
		// "1. 32-28", not "1: x" (a YAML key)
		i := 0
		for i < len(t) && t[i] >= '0' && t[i] <= '9' {
			i++
		}
		return i < len(t) && t[i] == '.'
	}
	return false
}

// pdnMediaType is the Content-Type the page sends a PDN file with.
const pdnMediaType = "application/x-pdn"

// replayPDN reads the games of a PDN file (name names it in messages) and
// replays game number chosen (0: the first listed).
func (s *Server) replayPDN(data []byte, name string, chosen int) (replay, *apiError) {
	out := replay{Frames: []frame{}}
	programs := map[string]*interp.Program{}
	program := func(t pdngame.GameType) (*interp.Program, error) {
		if p, ok := programs[t.Game]; ok {
			return p, nil
		}
		e, err := s.games.lookup(t.Game)
		if err != nil {
			return nil, err
		}
		g, err := e.load(nil)
		if err != nil {
			return nil, err
		}
		p, err := interp.Compile(g, interp.Config{})
		if err != nil {
			return nil, err
		}
		programs[t.Game] = p
		return p, nil
	}
	types, err := pdngame.Bundled()
	if err != nil {
		return out, &apiError{status: http.StatusInternalServerError, Message: err.Error()}
	}
	loaded, err := pdngame.LoadFile(bytes.NewReader(data), name, maxPDNGames+1, types, program)
	if err != nil {
		return out, badRequest(err.Error())
	}
	file := &pdnFile{Games: []pdnGame{}}
	if len(loaded) > maxPDNGames {
		loaded, file.More = loaded[:maxPDNGames], true
	}
	if len(loaded) == 0 {
		return out, badRequest(name + ": no game in the file (a PDN game is its tags [Name \"value\"] and its moves)")
	}
	pick := -1
	for i, l := range loaded {
		moves := -1
		if l.Record != nil {
			moves = len(l.Record.Moves)
		}
		file.Games = append(file.Games, pdnGame{Index: l.Index, Line: l.Line, Title: l.Title, Result: pdnResult(l), Moves: moves, Problem: l.Problem})
		if l.Index == chosen || (chosen == 0 && i == 0) {
			pick = i
		}
	}
	if pick < 0 {
		more := ""
		if file.More {
			more = " listed"
		}
		return out, badRequest(name + ": no game " + strconv.Itoa(chosen) + " among the " + strconv.Itoa(len(loaded)) + more + " games of the file (1 to " + strconv.Itoa(loaded[len(loaded)-1].Index) + ")")
	}
	l := loaded[pick]
	file.Chosen = l.Index
	if l.Record == nil {
		pr := &conformance.Problem{Kind: conformance.BadRecord}
		pr.Pos, pr.Message = splitPos(name, l.Problem)
		rep := &conformance.Report{File: name, Verdict: conformance.CannotCheck, Problem: pr}
		out.Verdict, out.Report, out.Problem = rep.Verdict, rep.Text(), pr
		out.Title = l.Title
		out.PDN = file
		return out, nil
	}
	p, st := s.replayRecord(l.Record, name, &out)
	out.PDN = file
	if out.Title != "" && l.Title != "" {
		out.Title += ": " + l.Title
	}
	if l.Problem == "" || out.Problem != nil {
		return out, nil // the check's own problem comes first
	}
	pr := &conformance.Problem{Kind: conformance.WrongResult}
	pr.Pos, pr.Message = splitPos(name, l.Problem)
	if strings.Contains(l.Record.Comment, "stopped before the illegal move") && p != nil && st != nil {
		// the legal moves where the illegal one was played
		var ml interp.MoveList
		p.Legal(st, &ml)
		pr.Kind, pr.Move, pr.ToMove, pr.Position = conformance.IllegalMove, len(l.Record.Moves)+1, p.PlayerName(st.ToMove()), p.Render(st)
		pr.Legal = make([]string, ml.Len())
		for i := range pr.Legal {
			pr.Legal[i] = p.Text(&ml, i)
		}
	}
	rep := &conformance.Report{File: name, Verdict: conformance.Disagrees, Problem: pr, Checked: len(l.Record.Moves)}
	out.Verdict, out.Report, out.Problem = rep.Verdict, rep.Text(), pr
	return out, nil
}

// splitPos splits a problem of the PDN reader, "FILE:LINE:COL: what", into
// its position and its message.
func splitPos(file, problem string) (string, string) {
	rest, ok := strings.CutPrefix(problem, file+":")
	if !ok {
		return file, problem
	}
	parts := strings.SplitN(rest, ": ", 2)
	if len(parts) != 2 {
		return file, problem
	}
	return file + ":" + parts[0], parts[1]
}

// pdnResult is the result the PDN gives for a game, as the record notes
// it ("PDN result: 2-0"), or "".
func pdnResult(l pdngame.Loaded) string {
	if l.Record == nil {
		return ""
	}
	const note = "PDN result: "
	i := strings.LastIndex(l.Record.Comment, note)
	if i < 0 {
		return ""
	}
	r, _, _ := strings.Cut(l.Record.Comment[i+len(note):], ";")
	return strings.TrimSpace(r)
}
