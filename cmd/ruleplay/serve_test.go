package main

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestServe starts the server on a free port, asks it for the games (by
// its address and by a name of --allow-host; a foreign name is refused),
// and stops it by cancelling its context, as Ctrl-C does.
func TestServe(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cmd := newServeCmd()
	cmd.SetArgs([]string{"--addr", "127.0.0.1:0", "--allow-host", "myhost.lan,other.lan", "../../web/testdata/tiny.rules"})
	r, w := io.Pipe()
	cmd.SetOut(w)
	done := make(chan error, 1)
	go func() {
		done <- cmd.ExecuteContext(ctx)
		w.Close()
	}()
	lines := bufio.NewScanner(r)
	if !lines.Scan() {
		t.Fatalf("no output; the command ended with %v", <-done)
	}
	first := lines.Text()
	url, ok := strings.CutPrefix(first, "ruleplay: serving ")
	url, ok2 := strings.CutSuffix(url, " (Ctrl-C to stop)")
	if !ok || !ok2 || !strings.HasPrefix(url, "http://127.0.0.1:") {
		t.Fatalf("first line: %q", first)
	}
	resp, err := http.Get(url + "api/games")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.HasPrefix(string(body), `{"games":[{"name":"tiny","title":"Tiny","source":"../../web/testdata/tiny.rules",`) {
		t.Errorf("GET /api/games: %d %.200s", resp.StatusCode, body)
	}
	for host, want := range map[string]int{"myhost.lan:80": 200, "other.lan": 200, "evil.example": 403, "127.0.0.1.evil.example": 403} {
		req, _ := http.NewRequest("GET", url+"api/games", nil)
		req.Host = host
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("GET /api/games as %s: %d %.200s", host, resp.StatusCode, body)
		}
	}
	cancel()
	var rest []string
	for lines.Scan() {
		rest = append(rest, lines.Text())
	}
	if err := <-done; err != nil {
		t.Errorf("serve ended with %v", err)
	}
	if strings.Join(rest, "\n") != "ruleplay: stopped" {
		t.Errorf("after the server stopped: %q", rest)
	}
}
