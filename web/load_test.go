package web

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

var loadFlag = flag.Bool("load", false, "TestLoad: 50 connections, 20 rounds each, then 8 hostile replays at once (else 4 connections, 2 rounds)")

// TestLoad drives a server on 127.0.0.1 with a mix of requests from many
// connections at once: each connection opens a game (a person against
// mcts), and every round moves and lets the computer move; every other
// round it replays a record of 100 plies, every fourth it opens a new game. Every answer
// must be right (a 503 only with a Retry-After), and at the end no game is
// open and the memory budget is free. With -load (go test ./web -run
// TestLoad -load -v) it runs 50 connections of 20 rounds and logs requests
// per second, latencies and the peak heap (docs/serve.md has the figures),
// then sends 8 records of 1 MiB at once (each takes about 170 MB to parse:
// the memory budget lets 2 run at once) and logs the peak heap.
// The run stops after 3 minutes whatever is left, a bound for a stuck
// server, not a speed test.
func TestLoad(t *testing.T) {
	conns, rounds := 4, 2
	if *loadFlag {
		conns, rounds = 50, 20
	}
	srv, err := New(Config{Engine: "ruleplay load test"})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv) // 127.0.0.1
	defer ts.Close()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: conns, MaxConnsPerHost: conns}}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()

	// One record to replay: 100 plies of random play.
	var st state
	if code, body := do(ctx, client, ts.URL, "POST", "/api/sessions", `{"game":"chinese-checkers","seats":[{"player":"random"}],"seed":7}`); code != http.StatusCreated || json.Unmarshal([]byte(body), &st) != nil {
		t.Fatalf("create: %d %.300s", code, body)
	}
	for range 100 {
		if code, body := do(ctx, client, ts.URL, "POST", "/api/sessions/"+st.ID+"/advance", ""); code != http.StatusOK {
			t.Fatalf("advance: %d %.300s", code, body)
		}
	}
	_, record := do(ctx, client, ts.URL, "GET", "/api/sessions/"+st.ID+"/record", "")
	do(ctx, client, ts.URL, "DELETE", "/api/sessions/"+st.ID, "")

	var peak peakHeap
	peak.start()
	var mu sync.Mutex
	took := map[string][]time.Duration{}
	var problems []string
	note := func(kind string, d time.Duration, problem string) {
		mu.Lock()
		defer mu.Unlock()
		took[kind] = append(took[kind], d)
		if problem != "" && len(problems) < 10 {
			problems = append(problems, problem)
		}
	}
	// call sends a request, notes its time, and returns its answer when
	// its status is want (a 503 with a Retry-After is noted, not a problem).
	call := func(kind, method, path, body string, want int) (string, bool) {
		t0 := time.Now()
		code, answer, retry := doRetry(ctx, client, ts.URL, method, path, body)
		switch {
		case code == want:
			note(kind, time.Since(t0), "")
			return answer, true
		case code == http.StatusServiceUnavailable && retry != "":
			note(kind+" (503)", time.Since(t0), "")
		default:
			note(kind, time.Since(t0), fmt.Sprintf("%s %s: %d %.200s", method, path, code, answer))
		}
		return "", false
	}
	start := time.Now()
	var wg sync.WaitGroup
	for c := range conns {
		wg.Go(func() {
			var g state
			open := func() bool {
				if g.ID != "" {
					call("close", "DELETE", "/api/sessions/"+g.ID, "", http.StatusOK)
					g.ID = ""
				}
				body, ok := call("create", "POST", "/api/sessions", fmt.Sprintf(`{"game":"breakthrough","seats":[{"player":"human"},{"player":"mcts","think_ms":10}],"seed":%d}`, c+1), http.StatusCreated)
				return ok && json.Unmarshal([]byte(body), &g) == nil
			}
			for r := range rounds {
				if ctx.Err() != nil {
					return
				}
				if (r%4 == 0 || g.Over || g.ID == "") && !open() {
					continue
				}
				body, ok := call("move", "POST", "/api/sessions/"+g.ID+"/move", `{"move":"`+g.Legal[(c+r)%len(g.Legal)]+`"}`, http.StatusOK)
				if !ok || json.Unmarshal([]byte(body), &g) != nil || g.Over {
					continue
				}
				if body, ok := call("computer move", "POST", "/api/sessions/"+g.ID+"/advance", "", http.StatusOK); ok {
					_ = json.Unmarshal([]byte(body), &g)
				}
				if r%2 == 1 {
					continue
				}
				if body, ok := call("replay", "POST", "/api/replay", record, http.StatusOK); ok && !strings.Contains(body, `"verdict":"ok"`) {
					note("replay", 0, "replay: "+body[:min(len(body), 200)])
				}
			}
			if g.ID != "" {
				call("close", "DELETE", "/api/sessions/"+g.ID, "", http.StatusOK)
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	heap, sys := peak.stop()
	if ctx.Err() != nil {
		t.Errorf("the run was stopped after 3 minutes")
	}
	for _, p := range problems {
		t.Error(p)
	}
	if n := openGames(srv); n != 0 {
		t.Errorf("%d games open at the end", n)
	}
	if n := srv.work.inUse(); n != 0 {
		t.Errorf("%d bytes of the budget taken at the end", n)
	}
	var all []time.Duration
	kinds := slices.Sorted(func(yield func(string) bool) {
		for k := range took {
			if !yield(k) {
				return
			}
		}
	})
	for _, k := range kinds {
		all = append(all, took[k]...)
		t.Logf("%-14s %5d requests, p50 %v, p99 %v", k, len(took[k]), quantile(took[k], 0.5), quantile(took[k], 0.99))
	}
	defer func() {
		if *loadFlag {
			hostileReplays(ctx, t, client, ts.URL, 8)
		}
	}()
	t.Logf("%d connections: %d requests in %v: %.0f requests/s, p50 %v, p99 %v; peak heap %d MiB, memory from the OS %d MiB (server and clients)",
		conns, len(all), elapsed.Round(time.Millisecond), float64(len(all))/elapsed.Seconds(), quantile(all, 0.5), quantile(all, 0.99), heap>>20, sys>>20)
}

// hostileReplays sends n records of 1 MiB (one-letter moves: the most
// YAML nodes per byte) at once; each is answered (a 503 with a
// Retry-After when the budget stays full).
func hostileReplays(ctx context.Context, t *testing.T, client *http.Client, base string, n int) {
	record := "game: tiny\nmoves: [" + strings.Repeat("a,", (1<<20)/2-20) + "]\n"
	var peak peakHeap
	peak.start()
	start := time.Now()
	codes := make(chan int, n)
	for range n {
		go func() {
			code, body, retry := doRetry(ctx, client, base, "POST", "/api/replay", record)
			if code != http.StatusOK && (code != http.StatusServiceUnavailable || retry == "") {
				t.Errorf("a 1 MiB record: %d %.200s", code, body)
			}
			codes <- code
		}()
	}
	count := map[int]int{}
	for range n {
		count[<-codes]++
	}
	heap, sys := peak.stop()
	t.Logf("%d records of 1 MiB at once: statuses %v in %v; peak heap %d MiB, memory from the OS %d MiB", n, count, time.Since(start).Round(time.Millisecond), heap>>20, sys>>20)
}

// do sends a request to the server at base (a JSON body, or a YAML one
// to /api/replay) and returns the status and the answer.
func do(ctx context.Context, c *http.Client, base, method, path, body string) (int, string) {
	code, answer, _ := doRetry(ctx, c, base, method, path, body)
	return code, answer
}

// doRetry is do also returning the Retry-After header.
func doRetry(ctx context.Context, c *http.Client, base, method, path, body string) (int, string, string) {
	req, err := http.NewRequestWithContext(ctx, method, base+path, strings.NewReader(body))
	if err != nil {
		return 0, err.Error(), ""
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
		if strings.HasPrefix(path, "/api/replay") {
			req.Header.Set("Content-Type", "application/yaml")
		}
	}
	resp, err := c.Do(req)
	if err != nil {
		return 0, err.Error(), ""
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, err.Error(), ""
	}
	return resp.StatusCode, string(b), resp.Header.Get("Retry-After")
}

// quantile is the q-quantile of ds (0 for none).
func quantile(ds []time.Duration, q float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[min(len(s)-1, int(q*float64(len(s))))].Round(100 * time.Microsecond)
}

// peakHeap samples the heap every 10 ms.
type peakHeap struct {
	done      chan struct{}
	heap, sys uint64
}

func (p *peakHeap) start() {
	p.done = make(chan struct{})
	go func() {
		tick := time.NewTicker(10 * time.Millisecond)
		defer tick.Stop()
		for {
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			p.heap, p.sys = max(p.heap, m.HeapAlloc), max(p.sys, m.Sys)
			select {
			case <-p.done:
				p.done <- struct{}{}
				return
			case <-tick.C:
			}
		}
	}()
}

func (p *peakHeap) stop() (heap, sys uint64) {
	p.done <- struct{}{}
	<-p.done
	return p.heap, p.sys
}
