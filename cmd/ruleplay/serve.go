package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/ruleplay/ruleplay/games"
	"github.com/ruleplay/ruleplay/web"
	"github.com/spf13/cobra"
)

type serveFlags struct {
	addr   string
	limits web.Limits
}

func newServeCmd() *cobra.Command {
	f := &serveFlags{limits: web.DefaultLimits()}
	cmd := &cobra.Command{
		Use:   "serve [FILE...]",
		Short: "Serve a page to play, watch and replay games in a browser",
		Long: `Serve starts a web server (at 127.0.0.1:8080 unless --addr says otherwise)
and prints its address. Its page, built into the program and needing no
network, plays every bundled game and the rules files named here: pick a
game and its options, seat a person or a computer player (random, greedy,
lookahead, mcts) on each side, and move by clicking (a piece, then each
landing; the cells that may come next light up) or by typing a move text.
Undo, restart, watch computers play at the speed you choose, download the
game as a YAML record, and load a record to replay it step by step (a record
that fails 'ruleplay check' shows where and why). A rules file with errors
is listed with its diagnostics; it is read again for every new game, so
edits show at once.

Only the page, the bundled games and the files named here are served.
Ctrl-C stops the server (open requests are finished first). The page, the
limits and the JSON API: docs/serve.md in the repository.`,
		Example: `  ruleplay serve
  ruleplay serve my-game.rules --addr 127.0.0.1:9000
  ruleplay serve --sessions 8 --think-max 2s`,
		ValidArgsFunction: completeRulesFiles,
		RunE:              func(cmd *cobra.Command, args []string) error { return runServe(cmd, f, args) },
	}
	fl := cmd.Flags()
	fl.StringVar(&f.addr, "addr", "127.0.0.1:8080", "listen on `HOST:PORT` (port 0: any free port)")
	fl.IntVar(&f.limits.Sessions, "sessions", f.limits.Sessions, "games open at once, at most `N`")
	fl.DurationVar(&f.limits.Idle, "idle", f.limits.Idle, "close a game unused for this `DURATION`")
	fl.IntVar(&f.limits.Plies, "max-plies", f.limits.Plies, "end a game after `N` plies")
	fl.DurationVar(&f.limits.Think, "think-max", f.limits.Think, "the longest `DURATION` of thinking per move a seat may ask for")
	fl.IntVar(&f.limits.Thinkers, "thinkers", f.limits.Thinkers, "computer moves searched at once, at most `N`")
	return cmd
}

func (f *serveFlags) check() error {
	l := f.limits
	switch {
	case l.Sessions < 1 || l.Sessions > 10000:
		return usageErrorf("--sessions %d: want 1 to 10000", l.Sessions)
	case l.Idle < time.Second:
		return usageErrorf("--idle %s: want 1s or more", l.Idle)
	case l.Plies < 1 || l.Plies > 100000:
		return usageErrorf("--max-plies %d: want 1 to 100000", l.Plies)
	case l.Think < 10*time.Millisecond || l.Think > time.Minute:
		return usageErrorf("--think-max %s: want 10ms to 1m", l.Think)
	case l.Thinkers < 1 || l.Thinkers > 64:
		return usageErrorf("--thinkers %d: want 1 to 64", l.Thinkers)
	}
	return nil
}

func runServe(cmd *cobra.Command, f *serveFlags, files []string) error {
	if err := f.check(); err != nil {
		return err
	}
	var named []string // bundled games are served anyway
	for _, f := range files {
		if _, err := os.Stat(f); err != nil && !strings.ContainsAny(f, `/\`) && games.Has(strings.TrimSuffix(f, ".rules")) {
			continue
		}
		named = append(named, f)
	}
	srv, err := web.New(web.Config{Files: named, Limits: f.limits, Engine: "ruleplay " + version()})
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", f.addr)
	if err != nil {
		return usageErrorf("--addr %s: %v", f.addr, err)
	}
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: time.Minute, IdleTimeout: 2 * time.Minute, MaxHeaderBytes: 64 << 10}
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	fmt.Fprintf(cmd.OutOrStdout(), "ruleplay: serving http://%s/ (Ctrl-C to stop)\n", ln.Addr())
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	select {
	case err := <-done:
		return fmt.Errorf("serving: %w", err)
	case <-ctx.Done():
	}
	shut, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err = hs.Shutdown(shut)
	if err2 := <-done; !errors.Is(err2, http.ErrServerClosed) && err == nil {
		err = err2
	}
	if err != nil {
		return fmt.Errorf("stopping the server: %w", err)
	}
	fmt.Fprintln(cmd.OutOrStdout(), "ruleplay: stopped")
	return nil
}
