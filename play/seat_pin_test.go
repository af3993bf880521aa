package play

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoSwapPinned: in games without a swap every computer player plays
// exactly the moves it played before it judged moves by seat (the moves
// of fixed-seed games, recorded in testdata/noswap.golden by the players
// as they were before the swap was known to them). Set
// RULEPLAY_UPDATE_PINS=1 to write the file again.
func TestNoSwapPinned(t *testing.T) {
	cases := []struct {
		game    string
		opts    map[string]string
		max     int
		seed    uint64
		players []string
	}{
		{"breakthrough", nil, 0, 1, []string{"greedy", "lookahead"}},
		{"breakthrough", nil, 0, 2, []string{"mcts:playouts=200", "ab:depth=3"}},
		{"leapfrog", map[string]string{"size": "6x6"}, 0, 3, []string{"ab:depth=3", "mcts:playouts=200"}},
		{"fox-and-hounds", nil, 200, 4, []string{"ab:depth=4", "mcts:playouts=200"}},
		{"fox-and-hounds", nil, 200, 5, []string{"mcts:playouts=200", "lookahead"}},
		{"capture", nil, 200, 6, []string{"greedy", "mcts:playouts=200"}},
		{"salta", nil, 120, 7, []string{"mcts:playouts=200", "lookahead"}},
		{"salta", nil, 120, 8, []string{"ab:depth=2", "greedy"}},
		{"leapfrog-murray", map[string]string{"size": "6x6"}, 200, 9, []string{"mcts:playouts=200", "ab:depth=3"}},
	}
	var b strings.Builder
	for _, c := range cases {
		p := load(t, c.game, c.opts, c.max)
		moves, st, _ := playGame(t, p, c.seed, c.players...)
		fmt.Fprintf(&b, "%s seed %d %s: winners %v\n%s\n", c.game, c.seed, strings.Join(c.players, ","), st.Winners, strings.Join(moves, " "))
	}
	file := filepath.Join("testdata", "noswap.golden")
	if os.Getenv("RULEPLAY_UPDATE_PINS") != "" {
		if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if got := b.String(); got != string(want) {
		t.Errorf("the games differ from %s:\n%s", file, got)
	}
}
