package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// send is call with the request's Host and headers given.
func send(t *testing.T, h http.Handler, method, path, body, host string, header map[string]string) (int, http.Header, string) {
	t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	req.Host = host
	for k, v := range header {
		req.Header.Set(k, v)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w.Code, w.Header(), w.Body.String()
}

// TestHosts: the server answers to localhost, loopback addresses, its own
// address and the names allowed; a page of another site that points its
// own name at the server (DNS rebinding) is refused.
func TestHosts(t *testing.T) {
	srv, err := New(Config{Files: []string{"testdata/tiny.rules"}, Addr: "192.168.1.5:8080", AllowHosts: []string{"MyHost.lan"}})
	if err != nil {
		t.Fatal(err)
	}
	refused := `{"error":"host %s refused: this server answers to localhost, its loopback addresses and the address it serves (start it with --allow-host NAME to add a name)"}` + "\n"
	for host, ok := range map[string]bool{
		"127.0.0.1:8080": true, "localhost": true, "LOCALHOST.:8080": true, "app.localhost:8080": true,
		"[::1]:8080": true, "127.1.2.3": true, "192.168.1.5:8080": true, "myhost.lan": true, "myhost.lan.:80": true,
		"evil.example": false, "evil.example:8080": false, "localhost.evil.example": false, "127.0.0.1.nip.io": false,
		"192.168.1.6:8080": false, "": false,
	} {
		code, _, body := send(t, srv, "GET", "/api/games", "", host, nil)
		if ok && code != http.StatusOK {
			t.Errorf("Host %q: %d %.200s", host, code, body)
		}
		if !ok && (code != http.StatusForbidden || body != strings.Replace(refused, "%s", `\"`+host+`\"`, 1)) {
			t.Errorf("Host %q: %d %s", host, code, body)
		}
	}
	// The page itself too; a long Host is cut in the message.
	if code, _, _ := send(t, srv, "GET", "/", "", "evil.example", nil); code != http.StatusForbidden {
		t.Errorf("GET / from evil.example: %d", code)
	}
	code, _, body := send(t, srv, "GET", "/", "", strings.Repeat("h", 5000)+".example", nil)
	if code != http.StatusForbidden || !strings.Contains(body, `hhh.example (5008 characters)`) || len(body) > 300 {
		t.Errorf("a long Host: %d %s", code, body)
	}
}

// TestOrigins: requests that change games are refused from another origin
// (a page of another site), allowed from the server's own page and from
// programs that send no Origin.
func TestOrigins(t *testing.T) {
	srv, _ := newTest(t, Limits{})
	create := `{"game":"tiny","seats":[{"player":"human"}]}`
	jsonType := map[string]string{"Content-Type": "application/json"}
	for _, c := range []struct {
		origin, site string
		want         int
	}{
		{"", "", http.StatusCreated},
		{"http://127.0.0.1:8080", "", http.StatusCreated},
		{"http://127.0.0.1:8080", "same-origin", http.StatusCreated},
		{"http://evil.example", "", http.StatusForbidden},
		{"http://127.0.0.1:9999", "", http.StatusForbidden},
		{"null", "", http.StatusForbidden},
		{"", "cross-site", http.StatusForbidden},
		{"http://evil.example", "cross-site", http.StatusForbidden},
	} {
		h := map[string]string{"Content-Type": "application/json"}
		if c.origin != "" {
			h["Origin"] = c.origin
		}
		if c.site != "" {
			h["Sec-Fetch-Site"] = c.site
		}
		code, _, body := send(t, srv, "POST", "/api/sessions", create, "127.0.0.1:8080", h)
		if code != c.want || code == http.StatusForbidden && !strings.HasPrefix(body, `{"error":"cross-origin request refused: only the server's own page may change its games (this one came from `) {
			t.Errorf("Origin %q, Sec-Fetch-Site %q: %d %s", c.origin, c.site, code, body)
		}
	}
	code, _, body := send(t, srv, "POST", "/api/sessions", create, "127.0.0.1:8080", map[string]string{"Origin": "http://evil.example", "Content-Type": "application/json"})
	if want := `{"error":"cross-origin request refused: only the server's own page may change its games (this one came from \"http://evil.example\")"}` + "\n"; body != want {
		t.Errorf("refused: %d %s", code, body)
	}
	// Another site can neither close a game nor move in it.
	if code, _, _ := send(t, srv, "DELETE", "/api/sessions/s1", "", "127.0.0.1:8080", map[string]string{"Origin": "http://evil.example"}); code != http.StatusForbidden {
		t.Errorf("DELETE from another site: %d", code)
	}
	if code, _, _ := send(t, srv, "POST", "/api/sessions/s1/move", `{"move":"a1-a2"}`, "127.0.0.1:8080", map[string]string{"Sec-Fetch-Site": "cross-site", "Content-Type": "application/json"}); code != http.StatusForbidden {
		t.Errorf("a move from another site: %d", code)
	}
	if code, _, body := send(t, srv, "GET", "/api/sessions/s1", "", "127.0.0.1:8080", jsonType); code != http.StatusOK || !strings.Contains(body, `"moves":[]`) {
		t.Errorf("the game after refused requests: %d %.200s", code, body)
	}
}

// TestContentTypes: JSON only as application/json and a record only as
// YAML: a page of another site can send text/plain without asking first.
func TestContentTypes(t *testing.T) {
	srv, _ := newTest(t, Limits{})
	create := `{"game":"tiny","seats":[{"player":"human"}]}`
	for ct, want := range map[string]int{
		"application/json": 201, "application/json; charset=utf-8": 201, "Application/JSON": 201,
		"text/plain": 415, "": 415, "application/x-www-form-urlencoded": 415, "multipart/form-data; boundary=x": 415,
	} {
		code, _, body := send(t, srv, "POST", "/api/sessions", create, "localhost", map[string]string{"Content-Type": ct})
		if code != want {
			t.Errorf("Content-Type %q: %d %s", ct, code, body)
		}
	}
	expectType := func(path, body, ct, want string) {
		t.Helper()
		code, _, got := send(t, srv, "POST", path, body, "localhost", map[string]string{"Content-Type": ct})
		if code != http.StatusUnsupportedMediaType || got != want+"\n" {
			t.Errorf("%s as %q: %d %s", path, ct, code, got)
		}
	}
	expectType("/api/sessions", create, "text/plain;charset=UTF-8", `{"error":"the request body must be JSON, sent with Content-Type: application/json (not Content-Type \"text/plain;charset=UTF-8\")"}`)
	expectType("/api/players", `{"game":"tiny"}`, "", `{"error":"the request body must be JSON, sent with Content-Type: application/json (not no Content-Type)"}`)
	expectType("/api/sessions", create, strings.Repeat("x", 300), `{"error":"the request body must be JSON, sent with Content-Type: application/json (not Content-Type \"xxxxxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxxxx (300 characters)\")"}`)
	expectType("/api/replay", "game: tiny\nmoves: []\n", "text/plain", `{"error":"the record must be YAML or PDN, sent with Content-Type: application/yaml or application/x-yaml or text/yaml or text/x-yaml or application/x-pdn (not Content-Type \"text/plain\")"}`)
	for _, ct := range []string{"application/yaml", "application/x-yaml", "text/yaml; charset=utf-8"} {
		if code, _, body := send(t, srv, "POST", "/api/replay", "game: tiny\nmoves: []\n", "localhost", map[string]string{"Content-Type": ct}); code != http.StatusOK {
			t.Errorf("a record as %s: %d %s", ct, code, body)
		}
	}
}

// TestBusy: heavy work that finds the memory budget full waits, then is
// answered 503 with a Retry-After; a computer move waits for a thinker.
func TestBusy(t *testing.T) {
	srv, _ := newTest(t, Limits{Memory: 64 << 20, Wait: time.Millisecond, Thinkers: 1})
	if code, body := call(t, srv, "POST", "/api/sessions", `{"game":"tiny","seats":[{"player":"random"}]}`); code != http.StatusCreated {
		t.Fatalf("create: %d %s", code, body)
	}
	share, ok := srv.work.acquire(context.Background(), 64<<20, time.Second)
	if !ok {
		t.Fatal("the budget is not free")
	}
	const full = `{"error":"the server is busy: replays, new games and computer moves under way hold its memory budget (64 MiB); try again in 5 seconds"}` + "\n"
	for _, c := range []struct{ method, path, body string }{
		{"POST", "/api/replay", "game: tiny\nmoves: []\n"},
		{"POST", "/api/sessions", `{"game":"tiny","seats":[{"player":"random"}]}`},
		{"POST", "/api/players", `{"game":"tiny"}`},
		{"POST", "/api/sessions/s1/advance", ""},
		{"POST", "/api/sessions/s1/move", `{"move":"` + strings.Repeat(" ", 5000) + `a1-a2"}`},
	} {
		code, h, body := send(t, srv, c.method, c.path, c.body, "localhost", map[string]string{"Content-Type": map[bool]string{true: "application/yaml", false: "application/json"}[c.path == "/api/replay"]})
		if code != http.StatusServiceUnavailable || h.Get("Retry-After") != "5" || body != full {
			t.Errorf("%s %s with the budget full: %d Retry-After %q %s", c.method, c.path, code, h.Get("Retry-After"), body)
		}
	}
	srv.work.release(share)
	// The thinker is busy: a computer move waits, then is refused.
	srv.thinker <- struct{}{}
	code, h, body := send(t, srv, "POST", "/api/sessions/s1/advance", "", "localhost", nil)
	if code != http.StatusServiceUnavailable || h.Get("Retry-After") != "5" || body != `{"error":"the server is busy: its thinkers (1) are all searching computer moves; try again in 5 seconds"}`+"\n" {
		t.Errorf("advance with the thinker busy: %d %q %s", code, h.Get("Retry-After"), body)
	}
	<-srv.thinker
	if code, body := call(t, srv, "POST", "/api/sessions/s1/advance", ""); code != http.StatusOK {
		t.Errorf("advance: %d %s", code, body)
	}
	share, _ = srv.work.acquire(context.Background(), 64<<20, time.Second)
	if code, body := call(t, srv, "POST", "/api/sessions/s1/move", `{"move":"nope"}`); code != http.StatusBadRequest || !strings.Contains(body, "is not a legal move") {
		t.Errorf("a small move with the budget full: %d %s", code, body)
	}
	srv.work.release(share)
	if code, body := call(t, srv, "POST", "/api/replay", "game: tiny\nmoves: []\n"); code != http.StatusOK {
		t.Errorf("replay: %d %s", code, body)
	}
	if n := srv.work.inUse(); n != 0 {
		t.Errorf("%d bytes of the budget still taken", n)
	}
}

// TestBudget: shares are granted in order while they fit; one that waits
// too long gives up its place; a share over the budget takes all of it.
func TestBudget(t *testing.T) {
	b := newBudget(100)
	ctx := context.Background()
	a, ok := b.acquire(ctx, 60, time.Second)
	if !ok || a != 60 {
		t.Fatalf("first share: %d %v", a, ok)
	}
	if _, ok := b.acquire(ctx, 50, time.Millisecond); ok {
		t.Fatal("50 more fit in 100 with 60 taken")
	}
	got := make(chan int64, 2)
	go func() { n, _ := b.acquire(ctx, 50, time.Minute); got <- n }()
	for waiting(b) != 1 {
		time.Sleep(time.Millisecond)
	}
	// A small share waits behind the one in line, though it would fit.
	go func() { n, _ := b.acquire(ctx, 10, time.Minute); got <- n }()
	for waiting(b) != 2 {
		time.Sleep(time.Millisecond)
	}
	if n := b.inUse(); n != 60 {
		t.Errorf("%d in use, want 60: the small share went ahead of the one in line", n)
	}
	b.release(60)
	if first, second := <-got, <-got; first+second != 60 {
		t.Errorf("granted %d and %d, want 50 and 10", first, second)
	}
	b.release(50)
	b.release(10)
	if n, ok := b.acquire(ctx, 1000, time.Second); !ok || n != 100 {
		t.Errorf("a share over the budget: %d %v, want the whole 100", n, ok)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, ok := b.acquire(cancelled, 1, time.Minute); ok {
		t.Error("a cancelled request got a share of a full budget")
	}
	b.release(100)
	if b.inUse() != 0 || waiting(b) != 0 {
		t.Errorf("at the end: %d in use, %d waiting", b.inUse(), waiting(b))
	}
}

func waiting(b *budget) int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.waiting)
}

// deadlineRecorder is a ResponseRecorder that notes the write deadlines set.
type deadlineRecorder struct {
	*httptest.ResponseRecorder
	deadlines []time.Time
}

func (d *deadlineRecorder) SetWriteDeadline(t time.Time) error {
	d.deadlines = append(d.deadlines, t)
	return nil
}

// TestWriteTimeout: an answer is written within Limits.Write of its first
// byte, whatever the work before it took.
func TestWriteTimeout(t *testing.T) {
	srv, _ := newTest(t, Limits{Write: 7 * time.Second})
	w := &deadlineRecorder{ResponseRecorder: httptest.NewRecorder()}
	req := httptest.NewRequest("POST", "/api/replay", strings.NewReader("game: tiny\nmoves: [c1-c2]\n"))
	req.Host = "localhost"
	req.Header.Set("Content-Type", "application/yaml")
	before := time.Now()
	srv.ServeHTTP(w, req)
	after := time.Now()
	if w.Code != http.StatusOK || len(w.deadlines) != 1 {
		t.Fatalf("%d, deadlines %v", w.Code, w.deadlines)
	}
	if d := w.deadlines[0]; d.Before(before.Add(7*time.Second)) || d.After(after.Add(7*time.Second)) {
		t.Errorf("deadline %v, want 7s after the answer's start (between %v and %v)", d, before, after)
	}
}

// TestLongTexts: a 1 MiB move, option, game, player, setup or file name
// is cut in the message that names it.
func TestLongTexts(t *testing.T) {
	srv, _ := newTest(t, Limits{Body: 4 << 20})
	long := strings.Repeat("x", 1<<20)
	cut := `xxxxxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxxxx (1048576 characters)`
	if code, body := call(t, srv, "POST", "/api/sessions", `{"game":"tiny","seats":[{"player":"human"}]}`); code != http.StatusCreated {
		t.Fatalf("create: %d %s", code, body)
	}
	for _, c := range []struct {
		path, body string
		status     int
		want       string
	}{
		{"/api/sessions/s1/move", `{"move":"` + long + `"}`, 400, `{"error":"\"` + cut + `\" is not a legal move (white to move)","legal":["a1-a2","a1-b2","c1-c2","c1-b2"]}`},
		{"/api/sessions", `{"game":"` + long + `","seats":[{"player":"human"}]}`, 404, `{"error":"unknown game \"` + cut + `\" (games: `},
		{"/api/sessions", `{"game":"tiny","seats":[{"player":"` + long + `"}]}`, 400, `{"error":"seat white: unknown player \"` + cut + `\""}`},
		{"/api/sessions", `{"game":"tiny","options":{"` + long + `":"1"},"seats":[{"player":"human"}]}`, 400, `{"error":"option \"` + cut + `\": the name is over 200 bytes long"}`},
		{"/api/sessions", `{"game":"tiny","options":{"size":"` + long + `"},"seats":[{"player":"human"}]}`, 400, `{"error":"option \"size\"=\"` + cut + `\": the value is over 200 bytes long"}`},
		{"/api/players", `{"game":"tiny","options":{"size":"` + long + `"}}`, 400, `{"error":"option \"size\"=\"` + cut + `\": the value is over 200 bytes long"}`},
		{"/api/sessions", `{"game":"tiny","seats":[{"player":"human"}],"moves":["` + long + `"]}`, 400, `{"error":"move 1: \"` + cut + `\" is not a legal move (white to move)"}`},
		{"/api/sessions", `{"game":"froglet","seats":[{"player":"human"}],"setup":{"a1":"` + long + `"}}`, 400, `{"error":"setup: \"a1\": \"` + cut + `\": over 200 bytes long"}`},
	} {
		code, body := call(t, srv, "POST", c.path, c.body)
		if code != c.status || !strings.HasPrefix(body, c.want) || len(body) > 1000 {
			t.Errorf("POST %s %.60s: %d %.400s", c.path, c.body, code, body)
		}
	}
	code, body := call(t, srv, "POST", "/api/replay?name="+long, "game: tiny\nmoves: [c1-c2]\n")
	var r replay
	if err := json.Unmarshal([]byte(body), &r); err != nil || code != http.StatusOK || len(body) > 2000 || !strings.HasPrefix(r.Report, strings.Repeat("x", 100)+"...") {
		t.Errorf("replay with a long name: %d %.300s", code, body)
	}
}

// TestFilesReadOnce: a named rules file (and the base it extends) is read
// once, and again when its size or time of change changes.
func TestFilesReadOnce(t *testing.T) {
	dir := t.TempDir()
	tiny, err := os.ReadFile("testdata/tiny.rules")
	if err != nil {
		t.Fatal(err)
	}
	base, variant := filepath.Join(dir, "base.rules"), filepath.Join(dir, "variant.rules")
	write := func(path, text string, mod time.Time) {
		t.Helper()
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(path, mod, mod); err != nil {
			t.Fatal(err)
		}
	}
	then := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	write(base, string(tiny), then)
	write(variant, "extends: \"base\"\ngame: \"Variant\"\n", then)
	srv, err := New(Config{Files: []string{variant}})
	if err != nil {
		t.Fatal(err)
	}
	title := func() string {
		t.Helper()
		code, body := call(t, srv, "GET", "/api/games", "")
		var got struct{ Games []gameInfo }
		if err := json.Unmarshal([]byte(body), &got); code != http.StatusOK || err != nil {
			t.Fatalf("GET /api/games: %d %.200s", code, body)
		}
		if got.Games[0].Error != "" {
			return "error: " + strings.SplitN(got.Games[0].Error, "\n", 2)[0]
		}
		return got.Games[0].Title
	}
	if got := title(); got != "Variant" {
		t.Fatalf("title: %q", got)
	}
	// Same size, same time: not read again.
	write(variant, "extends: \"base\"\ngame: \"Vxxxxxx\"\n", then)
	if got := title(); got != "Variant" {
		t.Errorf("after an edit that keeps size and time: %q, want the file not read again", got)
	}
	write(variant, "extends: \"base\"\ngame: \"Vxxxxxx\"\n", then.Add(time.Second))
	if got := title(); got != "Vxxxxxx" {
		t.Errorf("after an edit: %q", got)
	}
	// The base changes: read again.
	write(base, strings.Replace(string(tiny), "player black { forward: south }", "player black { forward: sout }", 1), then.Add(2*time.Second))
	if got := title(); !strings.HasPrefix(got, "error: "+base+":11:") {
		t.Errorf("after the base broke: %q", got)
	}
	// A new game reads the files as they are.
	write(base, string(tiny), then.Add(3*time.Second))
	if code, body := call(t, srv, "POST", "/api/sessions", `{"game":"variant","seats":[{"player":"human"}]}`); code != http.StatusCreated || !strings.Contains(body, `"title":"Vxxxxxx"`) {
		t.Errorf("a new game: %d %.200s", code, body)
	}
}

// pipeListener serves connections made by net.Pipe: nothing is buffered
// between the server and its client, so an answer the client does not read
// blocks the server at once.
type pipeListener struct {
	conns chan net.Conn
	done  chan struct{}
	once  sync.Once
}

func (l *pipeListener) Accept() (net.Conn, error) {
	select {
	case c := <-l.conns:
		return c, nil
	case <-l.done:
		return nil, net.ErrClosed
	}
}

func (l *pipeListener) Close() error {
	l.once.Do(func() { close(l.done) })
	return nil
}

func (l *pipeListener) Addr() net.Addr { return pipeAddr{} }

type pipeAddr struct{}

func (pipeAddr) Network() string { return "pipe" }
func (pipeAddr) String() string  { return "pipe" }

// TestClientThatDoesNotRead: a client that asks for a replay and never
// reads the answer holds the replay's share of the memory budget only until
// the write timeout.
func TestClientThatDoesNotRead(t *testing.T) {
	srv, _ := newTest(t, Limits{Write: 100 * time.Millisecond})
	// A record whose answer is larger than the connection's buffer.
	if code, body := call(t, srv, "POST", "/api/sessions", `{"game":"chinese-checkers","seats":[{"player":"random"}]}`); code != http.StatusCreated {
		t.Fatalf("create: %d %.200s", code, body)
	}
	for range 40 {
		call(t, srv, "POST", "/api/sessions/s1/advance", "")
	}
	_, record := call(t, srv, "GET", "/api/sessions/s1/record", "")
	l := &pipeListener{conns: make(chan net.Conn), done: make(chan struct{})}
	hs := &http.Server{Handler: srv}
	go hs.Serve(l)
	defer hs.Close()
	client, server := net.Pipe()
	defer client.Close()
	l.conns <- server
	go fmt.Fprintf(client, "POST /api/replay HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/yaml\r\nContent-Length: %d\r\n\r\n%s", len(record), record)
	// Bounds for a stuck server, not a speed test.
	poll := func(what string, ok func() bool) {
		t.Helper()
		for deadline := time.Now().Add(10 * time.Second); !ok(); time.Sleep(time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("after 10 s, still not %s", what)
			}
		}
	}
	poll("replaying", func() bool { return srv.work.inUse() > 0 })
	poll("done: the budget is still held for a client that does not read", func() bool { return srv.work.inUse() == 0 })
}
