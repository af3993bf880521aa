package interp

import (
	"strings"
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/core"
)

// fmjd compiles international draughts with FMJD's draws, with and
// without accelerators.
func fmjd(t *testing.T, on string) []*core.Program {
	t.Helper()
	var out []*core.Program
	for _, off := range []bool{false, true} {
		p, err := Compile(loadGame(t, "draughts-international.rules", map[string]string{"fmjd-draws": on}), core.Config{Disable: disableAll(off)})
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, p)
	}
	return out
}

// playOn plays moves from the position text, checking after each that
// the game is over exactly after the last one when over is true.
func playOn(t *testing.T, p *core.Program, text string, over bool, moves ...string) *core.State {
	t.Helper()
	s, err := ParsePosition(p, text)
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range moves {
		if st := p.Status(s); st.Over {
			t.Fatalf("%s: over before move %d (%s): %s", text, i+1, m, p.ResultText(st))
		}
		play(t, p, s, m)
	}
	st := p.Status(s)
	if st.Over != over {
		t.Fatalf("%s, %s: over %v, want %v\n%s", text, strings.Join(moves, " "), st.Over, over, p.Render(s))
	}
	if over && (len(st.Winners) != p.Players || st.Reason != "goal") {
		t.Fatalf("%s: result %s, want a draw by the goal", text, p.ResultText(st))
	}
	return s
}

// TestRepetitionThirdTime: the same position with the same player to
// move drawn at its third occurrence, not its second (the position read
// from the text is the first).
func TestRepetitionThirdTime(t *testing.T) {
	const start = "3kk/5/5/5/5/5/5/5/5/1KK2 white"
	round := []string{"c1-d2", "h10-g9", "d2-c1", "g9-h10"}
	twice := append(append([]string{}, round...), round...)
	for _, p := range fmjd(t, "true") {
		s := playOn(t, p, start, false, round...)
		if n := s.Repetitions(); n != 2 {
			t.Fatalf("after one round: %d repetitions, want 2", n)
		}
		playOn(t, p, start, false, twice[:7]...)
		s = playOn(t, p, start, true, twice...)
		if n := s.Repetitions(); n != 3 {
			t.Fatalf("after two rounds: %d repetitions, want 3", n)
		}
		// Undo takes the history back: the position stands twice again.
		p.Undo(s)
		p.Undo(s)
		var ml core.MoveList
		p.Legal(s, &ml)
		play(t, p, s, "d2-c1")
		if st := p.Status(s); st.Over {
			t.Fatal("over after undo and replay of the seventh ply")
		}
	}
	for _, p := range fmjd(t, "false") {
		playOn(t, p, start, false, twice...)
		if p.Zobrist != nil {
			t.Fatal("the default rules keep a hash")
		}
	}
}

// TestCountedEndings: FMJD's counted endings drawn exactly when each side
// has played its count, and a capture starting the count again.
func TestCountedEndings(t *testing.T) {
	for _, p := range fmjd(t, "true") {
		// A lone king against a king and a man: 5 moves each.
		two := "2m1k/5/5/5/5/5/5/5/5/1K3 white ply:8 counters:king-against-two=4/4"
		s := playOn(t, p, two, false, "c1-d2")
		if got := p.CounterText(s, 2); got != "5/4" {
			t.Fatalf("king-against-two after white's fifth move: %s, want 5/4", got)
		}
		playOn(t, p, two, true, "c1-d2", "j10-i9")
		playOn(t, p, "2m1k/5/5/5/5/5/5/5/5/1K3 white ply:8 counters:king-against-two=3/3", false, "c1-d2", "j10-i9")
		// A lone king against three pieces, a king among them: 16 each.
		three := "1mm1k/5/5/5/5/5/5/5/5/1K3 white ply:30 counters:king-against-three=15/15"
		playOn(t, p, three, false, "c1-d2")
		playOn(t, p, three, true, "c1-d2", "j10-i9")
		// The lone king captures: the ending changes, and both counts
		// start again.
		s = playOn(t, p, "2m1k/5/5/5/5/5/5/5/1m3/1K3 white ply:40 counters:king-against-three=15/15", false, "c1-e3")
		if a, b := p.CounterText(s, 1), p.CounterText(s, 2); a != "0/0" || b != "0/0" {
			t.Fatalf("after the capture: king-against-three %s, king-against-two %s, want 0/0 and 0/0", a, b)
		}
		play(t, p, s, "j10-i9")
		if got := p.CounterText(s, 2); got != "0/1" {
			t.Fatalf("king-against-two after black's first move: %s, want 0/1", got)
		}
		text := PositionText(p, s)
		if !strings.Contains(text, ",king-against-two=0/1") {
			t.Fatalf("position text %q does not give the counter per player", text)
		}
		if back, err := ParsePosition(p, text); err != nil || p.CounterText(back, 2) != "0/1" {
			t.Fatalf("%s read back: %v", text, err)
		}
	}
	// Without the option the counters stay at 0, the position keeps
	// none of them, and nothing is drawn.
	for _, p := range fmjd(t, "false") {
		s := playOn(t, p, "1mm1k/5/5/5/5/5/5/5/5/1K3 white ply:30", false, "c1-d2", "j10-i9")
		if len(s.Ctr) != 1 || p.CounterText(s, 1) != "0/0" {
			t.Fatalf("counters kept: %v", s.Ctr)
		}
		if _, err := ParsePosition(p, "1mm1k/5/5/5/5/5/5/5/5/1K3 white ply:30 counters:king-against-three=15/15"); err == nil || !strings.Contains(err.Error(), "never counts") {
			t.Fatalf("a value of a counter that never counts: %v", err)
		}
	}
}
