package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a bytes.Buffer safe for one writer and one reader.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// TestInterruptAtPrompt: Ctrl-C while a person is at the prompt (the
// command's context done, as signal.NotifyContext makes it) stops the game
// with the moves played shown and recorded without a result, exit 1; the
// input stays open, as a terminal's does.
func TestInterruptAtPrompt(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "game.yaml")
	in, feed := io.Pipe()
	defer feed.Close()
	var out, errOut syncBuffer
	root := newRootCmd()
	root.SetArgs([]string{"run", "../../games/salta.rules", "--players", "human,random", "--record", rec})
	root.SetIn(in)
	root.SetOut(&out)
	root.SetErr(&errOut)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- root.ExecuteContext(ctx) }()
	go func() { _, _ = io.WriteString(feed, "c3-d4\n") }()
	for deadline := time.Now().Add(20 * time.Second); strings.Count(out.String(), "green> ") < 2; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no second prompt:\n%s", out.String())
		}
	}
	cancel()
	var err error
	select {
	case err = <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("the prompt did not stop")
	}
	if err == nil || err.Error() != "interrupted after 2 plies" {
		t.Fatalf("error %v, want interrupted after 2 plies", err)
	}
	if !strings.Contains(out.String(), "\nmoves: c3-d4 ") {
		t.Errorf("moves not shown:\n%s", out.String())
	}
	data, rerr := os.ReadFile(rec)
	if rerr != nil {
		t.Fatal(rerr)
	}
	if !strings.Contains(string(data), "moves: [c3-d4, ") || strings.Contains(string(data), "result") {
		t.Errorf("record:\n%s", data)
	}
	if want := "the game was interrupted, so " + rec + " has no result"; !strings.Contains(errOut.String(), want) {
		t.Errorf("stderr %q, want the note %q", errOut.String(), want)
	}
}
