package web

import (
	"net/http"
	"strings"
	"testing"
)

// A game started from a position text: its legal moves are the
// position's, its record starts there, and a text the rules cannot hold
// is a clear error.
func TestSessionFromPosition(t *testing.T) {
	srv, _ := newTest(t, Limits{})
	code, body := call(t, srv, "POST", "/api/sessions", `{"game":"draughts-international","seats":[{"player":"human"}],"position":"5/5/5/5/5/5/2m2/1mm1m/5/K4 white"}`)
	if code != http.StatusCreated || !strings.Contains(body, `"legal":["a1-j4xc3xe3xi3","a1-j4xc3xf4xi3"]`) {
		t.Fatalf("a game from a position: %d %.300s", code, body)
	}
	code, body = call(t, srv, "GET", "/api/sessions/s1/record", "")
	if code != http.StatusOK || !strings.Contains(body, "start: \"5/5/5/5/5/5/2m2/1mm1m/5/K4 white\"\n") || strings.Contains(body, "setup:") {
		t.Errorf("its record: %d %s", code, body)
	}
	expect(t, srv, "POST", "/api/sessions", `{"game":"draughts-international","seats":[{"player":"human"}],"position":"5/5 white"}`, http.StatusBadRequest,
		`{"error":"position: position text, column 4: the board has 10 rows, the text gives 2\n  5/5 white\n     ^"}`+"\n")
}

// A bundled game's rules page is served as text; another name is not
// found.
func TestRulesPage(t *testing.T) {
	srv, _ := newTest(t, Limits{})
	code, body := call(t, srv, "GET", "/rules/salta", "")
	if code != http.StatusOK || !strings.HasPrefix(body, "# Salta") {
		t.Errorf("salta's rules page: %d %.80q", code, body)
	}
	expect(t, srv, "GET", "/rules/nosuch", "", http.StatusNotFound, `{"error":"no rules page for \"nosuch\""}`+"\n")
}
