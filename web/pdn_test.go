package web

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// twoGames is a PDN file of two international games, the second with an
// illegal third move (28-22: the capture 28x19 is forced).
const twoGames = `[Event "Open"]
[White "Ann"]
[Black "Bob"]
[Result "1-1"]
[GameType "20"]

1. 32-28 19-23 2. 28x19 14x23 1-1

[Event "Blitz"]
[GameType "20"]

1. 32-28 19-23 2. 28-22 *
`

// A PDN file in the replay panel: its games listed, the first replayed
// by default, another by ?game=N up to its illegal move, with where and
// why.
func TestReplayPDN(t *testing.T) {
	srv, _ := newTest(t, Limits{})
	replayOf := func(path, body string) replay {
		t.Helper()
		code, got := call(t, srv, "POST", path, body)
		var r replay
		if err := json.Unmarshal([]byte(got), &r); code != http.StatusOK || err != nil {
			t.Fatalf("%s: %d %s", path, code, got)
		}
		return r
	}
	r := replayOf("/api/replay?name=two.pdn", twoGames)
	list, _ := json.Marshal(r.PDN)
	wantList := `{"games":[{"index":1,"line":1,"title":"Ann - Bob, Open","result":"1-1","moves":4},` +
		`{"index":2,"line":9,"title":"Blitz","moves":2,"problem":"two.pdn:12:19: game 2: move 3 28-22: not legal: no legal move goes this way"}],"chosen":1}`
	if string(list) != wantList {
		t.Errorf("the games of the file:\n got %s\nwant %s", list, wantList)
	}
	var moves []string
	for _, f := range r.Frames {
		if f.Ply > 0 {
			moves = append(moves, f.Move)
		}
	}
	if r.Game != "draughts-international" || r.Title != "International draughts: Ann - Bob, Open" || r.Verdict != "ok" || len(r.Frames) != 5 ||
		strings.Join(moves, " ") != "d4-e5 g7-f6 e5-g7 h8-f6" || r.Problem != nil {
		t.Errorf("game 1: %s %q %s %d frames %v %+v", r.Game, r.Title, r.Verdict, len(r.Frames), moves, r.Problem)
	}
	r = replayOf("/api/replay?name=two.pdn&game=2", twoGames)
	if r.PDN == nil || r.PDN.Chosen != 2 || r.Verdict != "disagrees" || len(r.Frames) != 3 || r.Frames[2].Move != "g7-f6" {
		t.Fatalf("game 2: %+v %s %d frames", r.PDN, r.Verdict, len(r.Frames))
	}
	if r.Problem == nil || r.Problem.Kind != "illegal-move" || r.Problem.Pos != "two.pdn:12:19" || r.Problem.Message != "game 2: move 3 28-22: not legal: no legal move goes this way" ||
		r.Problem.Move != 3 || strings.Join(r.Problem.Legal, " ") != "e5-g7" {
		t.Errorf("game 2's problem: %+v", r.Problem)
	}
	if !strings.HasPrefix(r.Report, "two.pdn:12:19: game 2: move 3 28-22: not legal: no legal move goes this way\n") || !strings.Contains(r.Report, "  legal moves (1):\n    e5-g7\n") {
		t.Errorf("game 2's report:\n%s", r.Report)
	}
	// Recognised by its content too; a game the file does not have.
	if r := replayOf("/api/replay?name=upload", twoGames); r.PDN == nil || len(r.Frames) != 5 {
		t.Errorf("a PDN file named otherwise: %+v %d frames", r.PDN, len(r.Frames))
	}
	// At most maxPDNGames games are listed; a game past them is refused.
	many := strings.Repeat("[GameType \"20\"]\n1. 32-28 *\n\n", maxPDNGames+1)
	if r := replayOf("/api/replay?name=many.pdn", many); len(r.PDN.Games) != maxPDNGames || !r.PDN.More || r.PDN.Games[maxPDNGames-1].Index != maxPDNGames || len(r.Frames) != 2 {
		t.Errorf("a file of %d games: %d listed, more %v, %d frames", maxPDNGames+1, len(r.PDN.Games), r.PDN.More, len(r.Frames))
	}
	expect(t, srv, "POST", "/api/replay?name=many.pdn&game=1001", many, http.StatusBadRequest,
		`{"error":"many.pdn: no game 1001 among the 1000 listed games of the file (1 to 1000)"}`+"\n")
	// A game that cannot be read: where and why, no positions.
	r = replayOf("/api/replay?name=bad.pdn", "[Event \"x\"]\n[GameType 20]\n\n1. 32-28 *\n")
	if r.Verdict != "cannot-check" || len(r.Frames) != 0 || r.Problem == nil || r.Problem.Pos != "bad.pdn:2:11" ||
		r.Problem.Message != `game 1: tag "GameType": its value must be a quoted string` || r.Report != "bad.pdn:2:11: "+r.Problem.Message+"\n" {
		t.Errorf("an unreadable game: %s %d frames %+v %q", r.Verdict, len(r.Frames), r.Problem, r.Report)
	}
	// A file without games.
	expect(t, srv, "POST", "/api/replay?name=empty.pdn", "{ nothing }\n", http.StatusBadRequest,
		`{"error":"empty.pdn: no game in the file (a PDN game is its tags [Name \"value\"] and its moves)"}`+"\n")
	expect(t, srv, "POST", "/api/replay?name=two.pdn&game=3", twoGames, http.StatusBadRequest,
		`{"error":"two.pdn: no game 3 among the 2 games of the file (1 to 2)"}`+"\n")
	expect(t, srv, "POST", "/api/replay?name=two.pdn&game=x", twoGames, http.StatusBadRequest,
		`{"error":"game=\"x\": the number of a game of the file (1, 2, ...)"}`+"\n")
}

// A game started from a draughts FEN: the position is the FEN's, and its
// record starts there with the position text.
func TestSessionFromFEN(t *testing.T) {
	srv, _ := newTest(t, Limits{})
	code, body := call(t, srv, "POST", "/api/sessions", `{"game":"draughts-international","seats":[{"player":"human"}],"position":"W:WK46:B37,38,28"}`)
	if code != http.StatusCreated || !strings.Contains(body, `"legal":["a1-f6","a1-g7","a1-h8","a1-i9","a1-j10","a1-f2","a1-g1"]`) {
		t.Fatalf("a game from a FEN: %d %.300s", code, body)
	}
	code, body = call(t, srv, "GET", "/api/sessions/s1/record", "")
	if code != http.StatusOK || !strings.Contains(body, "start: \"5/5/5/5/5/2m2/5/1mm2/5/K4 white\"\n") {
		t.Errorf("its record: %d %s", code, body)
	}
	expect(t, srv, "POST", "/api/sessions", `{"game":"draughts-international","seats":[{"player":"human"}],"position":"W:WK46:B37,99"}`, http.StatusBadRequest,
		`{"error":"position: FEN, column 12: square 99 is off the board (squares 1-50)\n  W:WK46:B37,99\n             ^"}`+"\n")
	// A game without square numbers reads a position text only.
	expect(t, srv, "POST", "/api/sessions", `{"game":"tiny","seats":[{"player":"human"}],"position":"W:W1:B3"}`, http.StatusBadRequest,
		`{"error":"position: position text, column 1: the game has no piece \"W\" (pieces: M white man, m black man)\n  W:W1:B3\n  ^"}`+"\n")
}

// isPDN tells PDN files from YAML records by name, media type and content.
func TestIsPDN(t *testing.T) {
	for _, c := range []struct {
		name, media, data string
		want              bool
	}{
		{"g.pdn", "application/yaml", "game: tiny\n", true},
		{"G.PDN", "", "", true},
		{"g", pdnMediaType, "", true},
		{"g", "application/yaml", "\ufeff\n  [Event \"x\"]\n1. 32-28 *", true},
		{"g", "application/yaml", "1. 32-28 19-23 *", true},
		{"g.yaml", "application/yaml", "game: tiny\nmoves: []\n", false},
		{"g.yaml", "application/yaml", "{game: tiny, moves: []}\n", false},
		{"g.yaml", "application/yaml", "12: x\n", false},
		{"g.yaml", "application/yaml", "   \n", false},
	} {
		if got := isPDN(c.name, c.media, []byte(c.data)); got != c.want {
			t.Errorf("isPDN(%q, %q, %q) = %v, want %v", c.name, c.media, c.data, got, c.want)
		}
	}
}
