package main

import (
	"bytes"
	"context"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ruleplay/ruleplay/play"
)

// screen replays terminal output that uses only "ESC[nA" (cursor up n
// lines) and "ESC[J" (clear to the end of the screen) and returns the
// lines left on the screen.
func screen(t *testing.T, out string) []string {
	t.Helper()
	var lines []string
	cur := 0
	esc := regexp.MustCompile(`\x1b\[(\d*)([AJ])`)
	for out != "" {
		loc := esc.FindStringSubmatchIndex(out)
		text := out
		if loc != nil {
			text = out[:loc[0]]
		}
		for _, l := range strings.SplitAfter(text, "\n") {
			if l == "" {
				continue
			}
			lines = append(lines[:cur], strings.TrimSuffix(l, "\n"))
			if strings.HasSuffix(l, "\n") {
				cur++
			}
		}
		if loc == nil {
			break
		}
		switch out[loc[4]:loc[5]] {
		case "A":
			n, _ := strconv.Atoi(out[loc[2]:loc[3]])
			if n > cur {
				t.Fatalf("cursor moved above the output (%d lines up from line %d)", n, cur)
			}
			cur -= n
		case "J":
			lines = lines[:cur]
		}
		out = out[loc[1]:]
	}
	return lines
}

// On a terminal, run draws one board and redraws it in place after every
// move: what stays on the screen is the header, the last move, one board
// with coordinates on every edge and its legend, then the result.
func TestLiveRedraw(t *testing.T) {
	gf := gameFlags{accels: accelFlags{fast: true}, seed: 1}
	gm, err := gf.load(filepath.Join("..", "..", "games", "jumpwings.rules"), 6)
	if err != nil {
		t.Fatal(err)
	}
	st, err := newSeat("greedy", play.Options{Threads: 1}, false)
	if err != nil {
		t.Fatal(err)
	}
	rc := &runConfig{gm: gm, gf: &gf, pf: &playerFlags{threads: 1}, seats: []seat{st, st}, maxPlies: 6,
		start: gm.start(&gf), live: true}
	var out, errOut bytes.Buffer
	if err := runGame(context.Background(), &out, &errOut, rc); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(out.String(), "\x1b[J"); n != 6 {
		t.Errorf("%d redraws, want 6 (one per ply)", n)
	}
	lines := screen(t, out.String())
	text := strings.Join(lines, "\n")
	for _, want := range []string{
		"(?m)^Jumpwings \\(goal=short\\); light: greedy, dark: greedy; seed 1$",
		"(?m)^6\\. dark: ",
		"(?m)^ 7 .* 7  a-c$", // row numbers and letters at both ends
		"(?m)^ 5 .* 5  a-e$",
		"(?m)^ 1 .* 1  a-c$",
		"(?m)^ +a +b +c$", // the letters of the top and bottom rows
		"light: H hare, C cat, F frog; dark: h hare, c cat, f frog",
		"height of the stack",
		"(?m)^winners: light, dark \\(draw\\)$",
		"(?m)^moves: ",
	} {
		if !regexp.MustCompile(want).MatchString(text) {
			t.Errorf("screen lacks %s:\n%s", want, text)
		}
	}
	if n := strings.Count(text, "a-e"); n != 2 {
		t.Errorf("%d boards on the screen, want 1:\n%s", n/2, text)
	}
	if n := len(regexp.MustCompile(`(?m)^ +a +b +c$`).FindAllString(text, -1)); n != 2 {
		t.Errorf("%d letter lines, want 2 (above and below)", n)
	}
}

// Square boards get the file letters above and below and the rank numbers
// at both ends; numbered pieces are listed as ranges.
func TestFramedSquareBoard(t *testing.T) {
	gf := gameFlags{accels: accelFlags{fast: true}, seed: 1}
	gm, err := gf.load(filepath.Join("..", "..", "games", "salta.rules"), 0)
	if err != nil {
		t.Fatal(err)
	}
	b := framedBoard(gm.p, gm.start(&gf), false, nil)
	for _, want := range []string{
		"(?m)^   a   b   c   d   e   f   g   h   i   j\n10 .* 10$",
		"(?m)^ 1 ST1 .* 1\n   a   b   c",
		"green: ST1..5 star 1-5",
		"red: st1..5 star 1-5",
		"(?m)^to move: green$",
	} {
		if !regexp.MustCompile(want).MatchString(b) {
			t.Errorf("board lacks %q:\n%s", want, b)
		}
	}
}

// A board taller than the terminal cannot be redrawn in place: the frames
// follow one another, with no cursor movement.
func TestLiveTallerThanTerminal(t *testing.T) {
	gf := gameFlags{accels: accelFlags{fast: true}, seed: 1}
	gm, err := gf.load(filepath.Join("..", "..", "games", "jumpwings.rules"), 2)
	if err != nil {
		t.Fatal(err)
	}
	st, _ := newSeat("greedy", play.Options{Threads: 1}, false)
	rc := &runConfig{gm: gm, gf: &gf, pf: &playerFlags{threads: 1}, seats: []seat{st, st}, maxPlies: 2,
		start: gm.start(&gf), live: true, rows: 5}
	var out, errOut bytes.Buffer
	if err := runGame(context.Background(), &out, &errOut, rc); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out.String(), "\x1b[") {
		t.Errorf("cursor movement on a short terminal:\n%q", out.String())
	}
	if n := strings.Count(out.String(), "7  a-c"); n != 3 {
		t.Errorf("%d frames, want 3 (the start and two moves)", n)
	}
}
