package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/ruleplay/ruleplay/games"
	"github.com/ruleplay/ruleplay/internal/safetext"
	"github.com/ruleplay/ruleplay/web"
	"github.com/spf13/cobra"
)

type serveFlags struct {
	addr   string
	limits web.Limits
	memory int64 // MiB
	hosts  []string
}

func newServeCmd() *cobra.Command {
	f := &serveFlags{limits: web.DefaultLimits()}
	f.memory = f.limits.Memory >> 20
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
is listed with its diagnostics; a file (and the bases it extends) is read
again when its size or time of change changes, so edits show at once.

Only the page, the bundled games and the files named here are served.
The server answers only to localhost, loopback addresses and the address
it serves (a page of another site cannot reach it by a name of its own):
--allow-host NAME[,NAME] adds the names by which other machines of a LAN
reach it (with --addr 0.0.0.0:8080, say). Requests that change games come
from the server's own page only (no other origin), and JSON is accepted
only as application/json (a record as application/yaml).

Limits (flags below): games open at once (--sessions; idle ones are closed
after --idle), plies per game and moves per replayed record (--max-plies),
thinking time per computer move (--think-max) and searches at once
(--thinkers). Heavy work (replays, new games, computer moves) holds a share
of a memory budget (--memory MiB) estimated from its request (a replay
about 200 bytes per byte of its record, a search 16 MB per second of
thinking); what does not fit waits up to --wait, then is answered 503 with
Retry-After: 5. A client has --write-timeout to read an answer. Fixed:
request bodies at most 1 MiB, headers 64 KiB, a request read within 1m
(its headers within 10s), an idle connection closed after 2m, option and
player names at most 200 bytes.

Ctrl-C stops the server (open requests are finished first). The page, the
limits and the JSON API: docs/serve.md in the repository.`,
		Example: `  ruleplay serve
  ruleplay serve my-game.rules --addr 127.0.0.1:9000
  ruleplay serve --sessions 8 --think-max 2s
  ruleplay serve --addr 0.0.0.0:8080 --allow-host myhost.lan`,
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
	fl.Int64Var(&f.memory, "memory", f.memory, "the memory budget of heavy work (replays, new games, computer moves) held at once, in `MiB`")
	fl.DurationVar(&f.limits.Wait, "wait", f.limits.Wait, "how long heavy work waits for room in the budget before a 503, at most `DURATION`")
	fl.DurationVar(&f.limits.Write, "write-timeout", f.limits.Write, "the `DURATION` a client has to read an answer")
	fl.StringSliceVar(&f.hosts, "allow-host", nil, "also answer to these host `NAME`s (besides localhost, loopback addresses and --addr's host)")
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
	case f.memory < 64 || f.memory > 1<<20:
		return usageErrorf("--memory %d: want 64 to 1048576 (MiB)", f.memory)
	case l.Wait < 100*time.Millisecond || l.Wait > 5*time.Minute:
		return usageErrorf("--wait %s: want 100ms to 5m", l.Wait)
	case l.Write < time.Second || l.Write > 10*time.Minute:
		return usageErrorf("--write-timeout %s: want 1s to 10m", l.Write)
	}
	for _, h := range f.hosts {
		name := strings.TrimSuffix(strings.TrimPrefix(h, "["), "]")
		if _, err := netip.ParseAddr(name); err == nil {
			continue
		}
		if name == "" || len(name) > 253 || strings.ContainsAny(name, ":/ \t@[]") {
			return usageErrorf("--allow-host %s: want a host name or address without a port (myhost.lan, 192.168.1.5, [fe80::1])", safetext.Quote(h, 40))
		}
	}
	f.limits.Memory = f.memory << 20
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
	srv, err := web.New(web.Config{Files: named, Limits: f.limits, Engine: "ruleplay " + version(), Addr: f.addr, AllowHosts: f.hosts})
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", f.addr)
	if err != nil {
		return usageErrorf("--addr %s: %v", f.addr, err)
	}
	// The write timeout is the server's own (web.Limits.Write, from an
	// answer's first byte): thinking and replays take their time before.
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
