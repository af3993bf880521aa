package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ruleplay/ruleplay/games"
)

// clock is a settable clock for the tests.
type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

// newTest makes a server over testdata/tiny.rules and testdata/broken.rules
// with ids s1, s2, ... and a clock at 2026-12-01 12:00 UTC.
func newTest(t *testing.T, lim Limits) (*Server, *clock) {
	t.Helper()
	c := &clock{time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)}
	n := 0
	srv, err := New(Config{
		Files:  []string{"testdata/tiny.rules", "testdata/broken.rules"},
		Limits: lim,
		Engine: "ruleplay test",
		Now:    c.now,
		NewID:  func() string { n++; return "s" + strconv.Itoa(n) },
	})
	if err != nil {
		t.Fatal(err)
	}
	return srv, c
}

// call sends a request as the page does (to 127.0.0.1:8080, a JSON body
// as application/json, a record as application/yaml) and returns the
// status and the body.
func call(t *testing.T, h http.Handler, method, path, body string) (int, string) {
	t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	req.Host = "127.0.0.1:8080"
	if body != "" {
		if strings.HasPrefix(path, "/api/replay") {
			req.Header.Set("Content-Type", "application/yaml")
		} else {
			req.Header.Set("Content-Type", "application/json")
		}
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w.Code, w.Body.String()
}

// expect checks a request's status and exact body.
func expect(t *testing.T, h http.Handler, method, path, body string, status int, want string) {
	t.Helper()
	code, got := call(t, h, method, path, body)
	if code != status || got != want {
		t.Errorf("%s %s %s:\n got %d %s\nwant %d %s", method, path, body, code, got, status, want)
	}
}

// tinyBoard is the board of testdata/tiny.rules at the start.
const tinyBoard = `{"hex":false,"width":3,"height":3,"cells":[{"name":"a1","x":0,"y":0,"stack":[{"owner":0,"kind":"man","label":"M"}]},{"name":"b1","x":1,"y":0},{"name":"c1","x":2,"y":0,"stack":[{"owner":0,"kind":"man","label":"M"}]},` +
	`{"name":"a2","x":0,"y":1},{"name":"b2","x":1,"y":1},{"name":"c2","x":2,"y":1},` +
	`{"name":"a3","x":0,"y":2,"stack":[{"owner":1,"kind":"man","label":"m"}]},{"name":"b3","x":1,"y":2},{"name":"c3","x":2,"y":2,"stack":[{"owner":1,"kind":"man","label":"m"}]}],"last":[],"last_captured":[],` +
	`"zones":[{"name":"start","cells":[[0,2],[8,6]],"read":"goal"}]}`

const tinyStart = `{"id":"s1","game":"tiny","title":"Tiny","seed":1,"players":["white","black"],"seats":[{"player":"human"},{"player":"human"}],"ply":0,"to_move":0,"moves":[],"legal":["a1-a2","a1-b2","c1-c2","c1-b2"],` +
	`"move_cells":[{"kind":"leap","cells":[0,3]},{"kind":"leap","cells":[0,4]},{"kind":"leap","cells":[2,5]},{"kind":"leap","cells":[2,4]}],` +
	`"board":` + tinyBoard + `,"captured":[0,0],"captures":true,"scores":null,"over":false}` + "\n"

func TestGames(t *testing.T) {
	srv, _ := newTest(t, Limits{})
	code, body := call(t, srv, "GET", "/api/games", "")
	if code != http.StatusOK {
		t.Fatalf("GET /api/games: %d %s", code, body)
	}
	var got struct {
		Games   []json.RawMessage `json:"games"`
		Players json.RawMessage   `json:"players"`
		Limits  json.RawMessage   `json:"limits"`
	}
	if err := json.Unmarshal([]byte(body), &got); err != nil {
		t.Fatal(err)
	}
	if n := len(games.Names()) + 2; len(got.Games) != n {
		t.Fatalf("%d games listed, want %d (the two files and the bundled games)", len(got.Games), n)
	}
	for i, want := range []string{
		`{"name":"tiny","title":"Tiny","source":"testdata/tiny.rules","players":["white","black"],"options":[{"name":"size","type":"size","default":"3x3","allowed":"3x3..5x5","doc":"the board"}]}`,
		`{"name":"broken","title":"broken","source":"testdata/broken.rules","options":[],"error":"testdata/broken.rules:5:14: player white has no forward direction\n 5 | step { dirs: forward diagnoal }\n   |              ^^^^^^^\n hint: add player white { forward: north }"}`,
		`{"name":"breakthrough","title":"Breakthrough","source":"bundled","players":["white","black"],"options":[{"name":"swap","type":"bool","default":"false","allowed":"true|false","doc":"the pie rule: after white's first move, black may take over white's side"}]}`,
	} {
		if string(got.Games[i]) != want {
			t.Errorf("game %d:\n got %s\nwant %s", i, got.Games[i], want)
		}
	}
	if s := string(got.Players) + " " + string(got.Limits); s != `["human","random","greedy","lookahead","mcts","ab"] {"think_ms":5000,"plies":1000}` {
		t.Errorf("players and limits: %s", s)
	}
}

func TestPlay(t *testing.T) {
	srv, _ := newTest(t, Limits{})
	expect(t, srv, "POST", "/api/sessions", `{"game":"tiny","seats":[{"player":"human"},{"player":"human"}]}`, http.StatusCreated, tinyStart)
	expect(t, srv, "GET", "/api/sessions/s1", "", http.StatusOK, tinyStart)

	// A move, then an illegal one, then the state shows the last move.
	code, body := call(t, srv, "POST", "/api/sessions/s1/move", `{"move":"c1-c2"}`)
	if code != http.StatusOK || !strings.Contains(body, `"ply":1,"to_move":1,"moves":["c1-c2"],"legal":["a3-b2","a3-a2","c3-b2"]`) || !strings.Contains(body, `"last":[2,5]`) {
		t.Errorf("after c1-c2: %d %s", code, body)
	}
	expect(t, srv, "POST", "/api/sessions/s1/move", `{"move":"a3-a1"}`, http.StatusBadRequest,
		`{"error":"\"a3-a1\" is not a legal move (black to move)","legal":["a3-b2","a3-a2","c3-b2"],"closest":"a3-a2"}`+"\n")
	expect(t, srv, "POST", "/api/sessions/s1/advance", ``, http.StatusConflict, `{"error":"black is played by a person: send a move"}`+"\n")

	// Black wins by reaching a1; the record has the result.
	for _, m := range []string{"a3-a2", "a1-b2", "a2-a1"} {
		if code, body := call(t, srv, "POST", "/api/sessions/s1/move", `{"move":"`+m+`"}`); code != http.StatusOK {
			t.Fatalf("%s: %d %s", m, code, body)
		}
	}
	code, body = call(t, srv, "GET", "/api/sessions/s1", "")
	if code != http.StatusOK || !strings.Contains(body, `"legal":[],`) || !strings.HasSuffix(body, `"captured":[0,0],"captures":true,"scores":null,"over":true,"winners":["black"],"result":"black wins (goal)"}`+"\n") {
		t.Errorf("finished game: %d %s", code, body)
	}
	expect(t, srv, "POST", "/api/sessions/s1/move", `{"move":"b2-b3"}`, http.StatusConflict, `{"error":"the game is over"}`+"\n")
	rec := httptest.NewRecorder()
	req := httptest.NewRequest("GET", "/api/sessions/s1/record", nil)
	req.Host = "localhost:8080"
	srv.ServeHTTP(rec, req)
	if h := rec.Header().Get("Content-Disposition"); h != "attachment; filename=tiny.yaml" {
		t.Errorf("record's Content-Disposition: %q", h)
	}
	expect(t, srv, "GET", "/api/sessions/s1/record", "", http.StatusOK, `game: tiny
seats: {black: human, white: human}
seed: 1
date: 2026-12-01
engine: "ruleplay test"
moves: [c1-c2, a3-a2, a1-b2, a2-a1]
result:
  winners: [black]
`)

	// Undo with two people takes back one move; restart goes to the start.
	code, body = call(t, srv, "POST", "/api/sessions/s1/undo", "")
	if code != http.StatusOK || !strings.Contains(body, `"ply":3,"to_move":1,"moves":["c1-c2","a3-a2","a1-b2"]`) {
		t.Errorf("undo: %d %s", code, body)
	}
	expect(t, srv, "POST", "/api/sessions/s1/restart", "", http.StatusOK, tinyStart)
	expect(t, srv, "POST", "/api/sessions/s1/undo", "", http.StatusConflict, `{"error":"no move to take back"}`+"\n")
	expect(t, srv, "DELETE", "/api/sessions/s1", "", http.StatusOK, `{"closed":true}`+"\n")
	expect(t, srv, "GET", "/api/sessions/s1", "", http.StatusNotFound, `{"error":"no such game: it was closed, or unused for too long; start a new one"}`+"\n")
}

func TestComputer(t *testing.T) {
	srv, _ := newTest(t, Limits{})
	if code, body := call(t, srv, "POST", "/api/sessions", `{"game":"tiny","options":{"size":"4x4"},"seats":[{"player":"human"},{"player":"greedy"}],"seed":3}`); code != http.StatusCreated || !strings.Contains(body, `"title":"Tiny (size=4x4)","options":{"size":"4x4"},"seed":3,`) {
		t.Fatalf("create: %d %s", code, body)
	}
	expect(t, srv, "POST", "/api/sessions/s1/advance", "", http.StatusConflict, `{"error":"white is played by a person: send a move"}`+"\n")
	call(t, srv, "POST", "/api/sessions/s1/move", `{"move":"a1-a2"}`)
	code, body := call(t, srv, "POST", "/api/sessions/s1/advance", "")
	if code != http.StatusOK || !strings.Contains(body, `"ply":2,"to_move":0,"moves":["a1-a2",`) {
		t.Fatalf("advance: %d %s", code, body)
	}
	// Undo takes back the computer's move and the person's before it.
	code, body = call(t, srv, "POST", "/api/sessions/s1/undo", "")
	if code != http.StatusOK || !strings.Contains(body, `"ply":0,"to_move":0,"moves":[],`) {
		t.Errorf("undo: %d %s", code, body)
	}
	// A game from a position: its moves are played first.
	code, body = call(t, srv, "POST", "/api/sessions", `{"game":"tiny","seats":[{"player":"human"}],"moves":["c1-c2","a3-a2"]}`)
	if code != http.StatusCreated || !strings.Contains(body, `"ply":2,"to_move":0,"moves":["c1-c2","a3-a2"],"legal":["a1-b2","c2-b3"],`) {
		t.Errorf("create with moves: %d %s", code, body)
	}
	expect(t, srv, "POST", "/api/sessions", `{"game":"tiny","seats":[{"player":"human"}],"moves":["c1-c2","a3-a1"]}`, http.StatusBadRequest,
		`{"error":"move 2: \"a3-a1\" is not a legal move (black to move)"}`+"\n")
	expect(t, srv, "POST", "/api/sessions", `{"game":"tiny","seats":[{"player":"human"}],"setup":{"a1":"man"}}`, http.StatusBadRequest,
		`{"error":"setup: tiny has no random setup (the rules place every piece); leave the setup out"}`+"\n")

	// One seat for two players: both are played by it.
	code, body = call(t, srv, "POST", "/api/sessions", `{"game":"tiny","seats":[{"player":"mcts","think_ms":20}]}`)
	if code != http.StatusCreated || !strings.Contains(body, `"seats":[{"player":"mcts","think_ms":20},{"player":"mcts","think_ms":20}]`) {
		t.Errorf("one seat: %d %s", code, body)
	}
	for ply := 1; ply <= 2; ply++ {
		if code, body := call(t, srv, "POST", "/api/sessions/s3/advance", ""); code != http.StatusOK || !strings.Contains(body, `"ply":`+strconv.Itoa(ply)+",") {
			t.Fatalf("advance %d: %d %s", ply, code, body)
		}
	}
}

func TestBadRequests(t *testing.T) {
	srv, _ := newTest(t, Limits{Sessions: 2, Idle: time.Hour, Plies: 100, Think: time.Second, Thinkers: 1, Body: 200})
	for _, c := range []struct {
		body   string
		status int
		want   string
	}{
		{`{"game":"nope","seats":[{"player":"human"}]}`, 404, `{"error":"unknown game \"nope\" (games: breakthrough, broken, capture, chinese-checkers, conspirateurs, crossings, draughts, draughts-brazilian, draughts-canadian, draughts-international, draughts-italian, draughts-russian, draughts-turkish, fanorona, fox-and-hounds, froglet, jumpwings, jumpwings-advanced, jumpwings-relative, konane, leapfrog, leapfrog-murray, pyramid, salta, tiny)"}`},
		{`{"game":"tiny","seats":[{"player":"humn"}]}`, 400, `{"error":"seat white: unknown player \"humn\" (known players: ab, greedy, human, lookahead, mcts, random); did you mean \"human\"?"}`},
		{`{"game":"tiny","seats":[{"player":"mcts:playouts=9"}]}`, 400, `{"error":"seat white: unknown player \"mcts:playouts=9\" (known players: ab, greedy, human, lookahead, mcts, random)"}`},
		{`{"game":"tiny","seats":[{"player":"mcts","think_ms":5000}]}`, 400, `{"error":"seat white: think_ms 5000 is over the limit of 1000"}`},
		{`{"game":"tiny","seats":[{"player":"random","think_ms":50}]}`, 400, `{"error":"seat white: only mcts and ab take think_ms"}`},
		{`{"game":"tiny","seats":[{"player":"human"},{"player":"human","think_ms":50}]}`, 400, `{"error":"seat black: only mcts and ab take think_ms"}`},
		{`{"game":"tiny","seats":[]}`, 400, `{"error":"tiny has 2 players (white, black), but 0 seats were given"}`},
		{`{"game":"tiny","options":{"size":"9x9"},"seats":[{"player":"human"}]}`, 400, `{"error":"option size=9x9: out of range (allowed: 3x3..5x5)"}`},
		{`{"game":"broken","seats":[{"player":"human"}]}`, 400, `{"error":"testdata/broken.rules:5:14: player white has no forward direction\n 5 | step { dirs: forward diagnoal }\n   |              ^^^^^^^\n hint: add player white { forward: north }"}`},
		{`{"game":"tiny","sets":[]}`, 400, `{"error":"bad request body: unknown field \"sets\""}`},
		{`{"game":"tiny"} {}`, 400, `{"error":"bad request body: one JSON object expected"}`},
		{`{"game":"tiny","seats":[{"player":"human"}],"options":{"size":"` + strings.Repeat("4", 200) + `"}}`, 413, `{"error":"the request is over the limit of 200 bytes"}`},
	} {
		expect(t, srv, "POST", "/api/sessions", c.body, c.status, c.want+"\n")
	}
	expect(t, srv, "POST", "/api/sessions/nope/move", `{"move":"a1-a2"}`, 404, `{"error":"no such game: it was closed, or unused for too long; start a new one"}`+"\n")
	expect(t, srv, "GET", "/api/sessions/nope/record", "", 404, `{"error":"no such game"}`+"\n")
	expect(t, srv, "PUT", "/api/sessions", "", 405, "Method Not Allowed\n")
}

func TestSessionLimits(t *testing.T) {
	srv, clk := newTest(t, Limits{Sessions: 2, Idle: 10 * time.Minute, Plies: 3, Think: time.Second, Thinkers: 1, Body: 1000})
	create := `{"game":"tiny","seats":[{"player":"human"}]}`
	for _, id := range []string{"s1", "s2"} {
		if code, body := call(t, srv, "POST", "/api/sessions", create); code != http.StatusCreated || !strings.HasPrefix(body, `{"id":"`+id+`"`) {
			t.Fatalf("create %s: %d %s", id, code, body)
		}
	}
	expect(t, srv, "POST", "/api/sessions", create, http.StatusServiceUnavailable, `{"error":"too many games open (2): close one, or wait until one has been unused for 10m0s"}`+"\n")
	// s1 is used again; s2 is idle past the limit and makes room.
	clk.t = clk.t.Add(6 * time.Minute)
	call(t, srv, "GET", "/api/sessions/s1", "")
	clk.t = clk.t.Add(6 * time.Minute)
	if code, body := call(t, srv, "POST", "/api/sessions", create); code != http.StatusCreated || !strings.HasPrefix(body, `{"id":"s3"`) {
		t.Fatalf("create after expiry: %d %s", code, body)
	}
	expect(t, srv, "GET", "/api/sessions/s2", "", http.StatusNotFound, `{"error":"no such game: it was closed, or unused for too long; start a new one"}`+"\n")
	// The ply cap ends the game; its record has no result.
	for _, m := range []string{"a1-a2", "a3-b2", "c1-c2"} {
		call(t, srv, "POST", "/api/sessions/s1/move", `{"move":"`+m+`"}`)
	}
	code, body := call(t, srv, "GET", "/api/sessions/s1", "")
	if code != http.StatusOK || !strings.HasSuffix(body, `"over":true,"winners":["white","black"],"result":"draw (limit)"}`+"\n") {
		t.Errorf("capped game: %d %s", code, body)
	}
	code, body = call(t, srv, "GET", "/api/sessions/s1/record", "")
	if code != http.StatusOK || !strings.HasSuffix(body, "moves: [a1-a2, a3-b2, c1-c2]\n") {
		t.Errorf("capped game's record: %d %s", code, body)
	}
}

func TestReplay(t *testing.T) {
	srv, _ := newTest(t, Limits{})
	const (
		W = `[{"owner":0,"kind":"man","label":"M"}]`
		B = `[{"owner":1,"kind":"man","label":"m"}]`
	)
	expect(t, srv, "POST", "/api/replay?name=g.yaml", "game: tiny\nmoves: [c1-c2, a3-a2]\n", http.StatusOK,
		`{"game":"tiny","title":"Tiny","players":["white","black"],"verdict":"ok","report":"g.yaml: ok: tiny, 2 moves, all legal (no result recorded; the game goes on)\n",`+
			`"board":`+tinyBoard+`,"frames":[`+
			`{"ply":0,"changed":[],"last":[],"last_captured":[],"status":"white to move"},`+
			`{"ply":1,"move":"c1-c2","changed":[{"cell":2,"stack":null},{"cell":5,"stack":`+W+`}],"last":[2,5],"last_captured":[],"status":"black to move"},`+
			`{"ply":2,"move":"a3-a2","changed":[{"cell":3,"stack":`+B+`},{"cell":6,"stack":null}],"last":[6,3],"last_captured":[],"status":"white to move"}]}`+"\n")
	// An illegal move: the positions up to it, and where and why.
	code, body := call(t, srv, "POST", "/api/replay?name=bad.yaml", "game: tiny\nmoves: [c1-c2, a3-a1]\n")
	var r replay
	if err := json.Unmarshal([]byte(body), &r); code != http.StatusOK || err != nil {
		t.Fatalf("replay of a bad record: %d %s", code, body)
	}
	if r.Verdict != "disagrees" || len(r.Frames) != 2 || r.Problem.Pos != "bad.yaml:2:16" || r.Problem.Message != `move 2, a3-a1, is not legal (black to move)` || strings.Join(r.Problem.Closest, " ") != "a3-a2" {
		t.Errorf("replay of a bad record: %+v %+v", r, r.Problem)
	}
	// A record that starts from a position text: its frames start there
	// (black to move after c1-c2, so a3-a2 is legal).
	code, body = call(t, srv, "POST", "/api/replay?name=s.yaml", "game: tiny\nstart: \"m1m/2M/M2 black ply:1\"\nmoves: [a3-a2]\n")
	r = replay{}
	if err := json.Unmarshal([]byte(body), &r); code != http.StatusOK || err != nil || r.Verdict != "ok" || len(r.Frames) != 2 || r.Frames[0].Status != "black to move" || r.Frames[1].Move != "a3-a2" {
		t.Errorf("replay from a start position: %d %s", code, body)
	}
	// A malformed record and an unknown game.
	expect(t, srv, "POST", "/api/replay?name=m.yaml", "game: tiny\nmvoes: []\n", http.StatusOK,
		`{"game":"","verdict":"cannot-check","report":"m.yaml:2:1: unknown key \"mvoes\"; did you mean \"moves\"?\n","problem":{"kind":"bad-record","pos":"m.yaml:2:1","message":"unknown key \"mvoes\"; did you mean \"moves\"?"},"frames":[]}`+"\n")
	code, body = call(t, srv, "POST", "/api/replay", "game: nope\nmoves: []\n")
	if code != http.StatusOK || !strings.Contains(body, `"verdict":"cannot-check","report":"record.yaml: cannot load the rules: unknown game \"nope\" (games: breakthrough, broken,`) {
		t.Errorf("unknown game: %d %s", code, body)
	}
}

func TestStatic(t *testing.T) {
	srv, _ := newTest(t, Limits{})
	for _, c := range []struct {
		path string
		code int
		has  string
	}{
		{"/", 200, "<title>ruleplay</title>"},
		{"/app.js", 200, `"use strict";`},
		{"/style.css", 200, ".panel"},
		{"/tiny.rules", 404, "404 page not found"},
		{"/go.mod", 404, "404 page not found"},
		{"/api/nothing", 404, "404 page not found"},
	} {
		code, body := call(t, srv, "GET", c.path, "")
		if code != c.code || !strings.Contains(body, c.has) {
			t.Errorf("GET %s: %d %.80q", c.path, code, body)
		}
	}
}

// Concurrent requests never open more games than the limit.
func TestConcurrentSessions(t *testing.T) {
	srv, _ := newTest(t, Limits{Sessions: 4, Idle: time.Hour, Plies: 100, Think: time.Second, Thinkers: 1, Body: 1000})
	codes := make(chan int, 10)
	for range 10 {
		go func() {
			code, _ := call(t, srv, "POST", "/api/sessions", `{"game":"tiny","seats":[{"player":"random"}]}`)
			codes <- code
		}()
	}
	n := map[int]int{}
	for range 10 {
		n[<-codes]++
	}
	if n[http.StatusCreated] != 4 || n[http.StatusServiceUnavailable] != 6 {
		t.Errorf("statuses: %v, want 4 created and 6 refused", n)
	}
}

// A game with a random setup, downloaded as a record, replays to the same
// position, and a game started from the record's setup and moves is the
// same game.
func TestRecordRoundTrip(t *testing.T) {
	srv, _ := newTest(t, Limits{})
	if code, body := call(t, srv, "POST", "/api/sessions", `{"game":"froglet","seats":[{"player":"random"}],"seed":5}`); code != http.StatusCreated {
		t.Fatalf("create: %d %.300s", code, body)
	}
	for range 3 {
		if code, body := call(t, srv, "POST", "/api/sessions/s1/advance", ""); code != http.StatusOK {
			t.Fatalf("advance: %d %.300s", code, body)
		}
	}
	var game state
	_, body := call(t, srv, "GET", "/api/sessions/s1", "")
	if err := json.Unmarshal([]byte(body), &game); err != nil {
		t.Fatal(err)
	}
	_, yaml := call(t, srv, "GET", "/api/sessions/s1/record", "")
	if !strings.Contains(yaml, "\nsetup:\n  a1: ") {
		t.Fatalf("the record has no setup:\n%s", yaml)
	}
	var r replay
	_, body = call(t, srv, "POST", "/api/replay?name=f.yaml", yaml)
	if err := json.Unmarshal([]byte(body), &r); err != nil {
		t.Fatal(err)
	}
	if r.Verdict != "ok" || len(r.Frames) != 4 || len(r.Setup) == 0 {
		t.Fatalf("replay: %s", body)
	}
	stacks := make([][]boardPiece, len(r.Board.Cells))
	for i, c := range r.Board.Cells {
		stacks[i] = c.Stack
	}
	for _, f := range r.Frames {
		for _, c := range f.Changed {
			stacks[c.Cell] = c.Stack
		}
	}
	last, _ := json.Marshal(stacks)
	var want [][]boardPiece
	for _, c := range game.Board.Cells {
		want = append(want, c.Stack)
	}
	if w, _ := json.Marshal(want); string(last) != string(w) {
		t.Errorf("the replay's last position differs from the game's:\n got %s\nwant %s", last, w)
	}
	req, _ := json.Marshal(newGame{Game: "froglet", Seats: []seat{{Player: Human}}, Setup: r.Setup, Moves: game.Moves})
	var again state
	_, body = call(t, srv, "POST", "/api/sessions", string(req))
	if err := json.Unmarshal([]byte(body), &again); err != nil {
		t.Fatal(err)
	}
	if g, a := fmt.Sprint(game.Board, game.Legal), fmt.Sprint(again.Board, again.Legal); g != a {
		t.Errorf("the game from the record differs:\n got %s\nwant %s", a, g)
	}
}

// TestPlayers: the seats of a game depend on its options (Capture's
// players option), and bad requests are answered as such.
func TestPlayers(t *testing.T) {
	srv, _ := newTest(t, Limits{})
	expect(t, srv, "POST", "/api/players", `{"game":"capture","options":{"players":"4"}}`, http.StatusOK,
		`{"players":["p1","p2","p3","p4"]}`+"\n")
	expect(t, srv, "POST", "/api/players", `{"game":"capture"}`, http.StatusOK,
		`{"players":["p1","p2"]}`+"\n")
	expect(t, srv, "POST", "/api/players", `{"game":"tiny","options":{"size":"4x4"}}`, http.StatusOK,
		`{"players":["white","black"]}`+"\n")
	code, body := call(t, srv, "POST", "/api/players", `{"game":"capture","options":{"players":"9"}}`)
	if code != http.StatusBadRequest || !strings.Contains(body, `players`) {
		t.Errorf("players=9: %d %s", code, body)
	}
	code, body = call(t, srv, "POST", "/api/players", `{"game":"nope"}`)
	if code != http.StatusNotFound || !strings.Contains(body, `unknown game \"nope\"`) {
		t.Errorf("unknown game: %d %s", code, body)
	}
	code, _ = call(t, srv, "POST", "/api/players", `{"game":"capture","extra":1}`)
	if code != http.StatusBadRequest {
		t.Errorf("unknown field: %d", code)
	}
}

// TestLimitError: a game whose moves cost more than the engine's bound
// (chains of steps without end) is refused with the rule's place (422),
// and no game is kept open.
func TestLimitError(t *testing.T) {
	srv, err := New(Config{Files: []string{"testdata/endless.rules"}, Engine: "ruleplay test"})
	if err != nil {
		t.Fatal(err)
	}
	code, body := call(t, srv, "POST", "/api/sessions", `{"game":"endless","seats":[{"player":"human"}]}`)
	want := `testdata/endless.rules:5:1: rule \"jump\": the moves of one position need more than`
	if code != http.StatusUnprocessableEntity || !strings.Contains(body, want) || !strings.Contains(body, `the game is closed`) {
		t.Errorf("got %d %s", code, body)
	}
	if n := openGames(srv); n != 0 {
		t.Errorf("%d games open", n)
	}
}

// TestSwapSeats: after a swap (Breakthrough's option swap) the seats play
// each other's colours: the person who had black now plays white, the
// computer black.
func TestSwapSeats(t *testing.T) {
	srv, _ := newTest(t, Limits{})
	if code, body := call(t, srv, "POST", "/api/sessions", `{"game":"breakthrough","options":{"swap":"true"},"seats":[{"player":"greedy"},{"player":"human"}],"seed":1}`); code != http.StatusCreated {
		t.Fatalf("create: %d %s", code, body)
	}
	if code, body := call(t, srv, "POST", "/api/sessions/s1/advance", ""); code != http.StatusOK || !strings.Contains(body, `"ply":1,"to_move":1,`) {
		t.Fatalf("white's first move: %d %s", code, body)
	}
	if code, body := call(t, srv, "POST", "/api/sessions/s1/move", `{"move":"swap"}`); code != http.StatusOK || !strings.Contains(body, `"ply":1,"to_move":1,`) {
		t.Fatalf("swap: %d %s", code, body)
	}
	if code, body := call(t, srv, "POST", "/api/sessions/s1/advance", ""); code != http.StatusOK || !strings.Contains(body, `"ply":2,"to_move":0,`) {
		t.Fatalf("black's move, by the computer: %d %s", code, body)
	}
	expect(t, srv, "POST", "/api/sessions/s1/advance", "", http.StatusConflict, `{"error":"white is played by a person: send a move"}`+"\n")
}
