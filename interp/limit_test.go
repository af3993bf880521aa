package interp

import (
	"errors"
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/core"
)

// endless is a game whose chains of steps that take nothing grow without
// bound: every self-avoiding walk from a1 on 8x8 is a move.
const endless = `board { shape: square(8x8) }
players: a, b
piece p {}
setup a { p: a1 }
jump { length: 1; onto: any; chain: optional }
`

// TestMaxLeaps: past Config.MaxLeaps, move generation stops with a
// *LimitError naming the rule and its declaration, in every mode (Legal,
// Perft's counts, playouts), with and without the fast paths; Guard
// returns it and lets other panics go on.
func TestMaxLeaps(t *testing.T) {
	for _, noFast := range []bool{false, true} {
		p := loadSrc(t, "endless.rules", endless, core.Config{Disable: disableAll(noFast), MaxLeaps: 5000})
		var ml core.MoveList
		for name, f := range map[string]func(s *core.State){
			"legal":   func(s *core.State) { p.Legal(s, &ml) },
			"perft":   func(s *core.State) { p.Perft(s, 2) },
			"genperf": func(s *core.State) { p.GenPerft(s, 1, nil) },
			"playout": func(s *core.State) { p.RandomPlayout(s, nil, &ml, 10) },
		} {
			err := core.Guard(func() { f(p.NewState(0)) })
			var le *core.LimitError
			if !errors.As(err, &le) {
				t.Fatalf("noFast %v, %s: %v, want a *LimitError", noFast, name, err)
			}
			want := `endless.rules:5:1: rule "jump": the moves of one position need more than 5000 leaps explored; its chains grow without bound on this board (bound them with conditions, a capture, or chain: none)`
			if le.Rule != "jump" || le.Limit != 5000 || err.Error() != want {
				t.Errorf("noFast %v, %s: %q\nwant %q", noFast, name, err, want)
			}
		}
	}
	defer func() {
		if r := recover(); r != "other" {
			t.Errorf("Guard caught %v", r)
		}
	}()
	_ = core.Guard(func() { panic("other") })
}

// TestMaxArena: with the default leap bound, the long paths of such chains
// stop at the bound on the words of one position's move list.
func TestMaxArena(t *testing.T) {
	p := loadSrc(t, "endless.rules", endless, core.Config{})
	var ml core.MoveList
	err := core.Guard(func() { p.Legal(p.NewState(0), &ml) })
	var le *core.LimitError
	if !errors.As(err, &le) || le.What != "words of move paths" || le.Limit != core.MaxArena {
		t.Fatalf("%v", err)
	}
}

// TestMaxLeapsLong: a long leap's chains that take nothing (a rook's
// slides chained) are bounded the same way.
func TestMaxLeapsLong(t *testing.T) {
	src := `board { shape: square(8x8) }
players: a, b
piece p {}
setup a { p: a1 }
jump slide { length: any; over: empty; dirs: orthogonal; chain: optional }
`
	for _, noFast := range []bool{false, true} {
		p := loadSrc(t, "slides.rules", src, core.Config{Disable: disableAll(noFast), MaxLeaps: 5000})
		var ml core.MoveList
		err := core.Guard(func() { p.Legal(p.NewState(0), &ml) })
		var le *core.LimitError
		if !errors.As(err, &le) || le.Rule != "slide" || le.Limit != 5000 || le.Pos != "slides.rules:5:1" {
			t.Errorf("noFast %v: %v, want a *LimitError of slide", noFast, err)
		}
	}
}
