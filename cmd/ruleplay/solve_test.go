package main

import (
	"bytes"
	"testing"
	"time"

	"github.com/ruleplay/ruleplay/solve"
)

// solve's progress line names the game with its options; into a log it
// writes a line every ten seconds, on a terminal it rewrites one line.
func TestSolveProgressLine(t *testing.T) {
	at := func(s int) solve.Progress {
		return solve.Progress{Phase: "search", Positions: int64(1000 * s), Moves: int64(3000 * s),
			Fill: 0.5, Bytes: 1 << 20, Elapsed: time.Duration(s) * time.Second}
	}
	var log bytes.Buffer
	show := progressLine(&log, false, "Konane (size=8x8)")
	for _, s := range []int{5, 12, 15, 23} {
		show(at(s))
	}
	want := "solve: Konane (size=8x8): search: 12000 positions, 36000 moves, table 50% full, 1000 positions/s, 1.0 MiB\n" +
		"solve: Konane (size=8x8): search: 23000 positions, 69000 moves, table 50% full, 1000 positions/s, 1.0 MiB\n"
	if log.String() != want {
		t.Errorf("log:\n%s\nwant:\n%s", log.String(), want)
	}
	var term bytes.Buffer
	progressLine(&term, true, "Konane")(at(2))
	if want := "\rsolve: Konane: search: 2000 positions, 6000 moves, table 50% full, 1000 positions/s, 1.0 MiB\033[K"; term.String() != want {
		t.Errorf("terminal: %q, want %q", term.String(), want)
	}
}
