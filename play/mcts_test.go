package play

import (
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/lang"
)

func TestNewWithSettings(t *testing.T) {
	pl, err := NewWith("mcts:playouts=300:cutoff=12:threads=3:think=50ms:extend=0", Options{Playouts: 5, Cutoff: 7})
	if err != nil {
		t.Fatal(err)
	}
	m := pl.(*MCTS)
	if *m != (MCTS{Playouts: 300, Cutoff: 12, Threads: 3, Think: 50 * time.Millisecond, Extend: -1}) {
		t.Errorf("settings: %+v", *m)
	}
	pl, _ = NewWith("mcts", Options{Playouts: 5, Cutoff: 7, Threads: 2})
	if m := pl.(*MCTS); *m != (MCTS{Playouts: 5, Cutoff: 7, Threads: 2}) {
		t.Errorf("options: %+v", *m)
	}
	for spec, want := range map[string]string{
		"mcts:playouts=-1":    `player "mcts:playouts=-1": playouts=-1: want a number of playouts, 0 or more`,
		"mcts:threads=0":      `player "mcts:threads=0": threads=0: want a number of threads, 1 to 256`,
		"mcts:threads=257":    `player "mcts:threads=257": threads=257: want a number of threads, 1 to 256`,
		"mcts:extend=101":     `player "mcts:extend=101": extend=101: want a number of extensions, 0 (none) to 100`,
		"mcts:cutoff=1000001": `player "mcts:cutoff=1000001": cutoff=1000001: want a number of plies, 0 (the default) to 1000000`,
		"mcts:think=fast":     `player "mcts:think=fast": think=fast: want a duration such as 200ms or 1s`,
		"mcts:playout=3":      `player "mcts:playout=3": unknown setting "playout" (mcts settings: playouts, think, threads, cutoff, extend); did you mean "playouts"?`,
		"mcts:":               `player "mcts:": bad setting "": want KEY=VALUE, e.g. playouts=500`,
		"greedy:playouts=3":   `player "greedy:playouts=3": greedy has no settings (only mcts has: playouts, think, threads, cutoff, extend; and ab: depth, think, tt)`,
	} {
		if _, err := New(spec); err == nil || err.Error() != want {
			t.Errorf("New(%q) = %v, want %s", spec, err, want)
		}
	}
}

// With a playout budget a move is a function of the position and the
// random stream, on one thread or several.
func TestMCTSDeterministic(t *testing.T) {
	p := load(t, "leapfrog", map[string]string{"size": "6x6"}, 0)
	q := load(t, "jumpwings", nil, 200)
	for _, pr := range []*interp.Program{p, q} {
		for _, threads := range []int{1, 3} {
			game := func() []string {
				var moves []string
				seats := []Player{&MCTS{Playouts: 150, Threads: threads}, Random{}}
				Game(pr, pr.NewState(1), seats, rand.New(rand.NewPCG(3, 4)), func(_ int, m string, _ *interp.State) {
					moves = append(moves, m)
				})
				return moves
			}
			a, b := game(), game()
			if !slices.Equal(a, b) {
				t.Errorf("%s, %d threads: two runs differ:\n%v\n%v", pr.Game().Name, threads, a, b)
			}
		}
	}
}

// A time budget stops the search; the visits add up to what was searched.
func TestMCTSThink(t *testing.T) {
	p := load(t, "leapfrog", map[string]string{"size": "6x6"}, 0)
	s := p.NewState(1)
	var ml interp.MoveList
	p.Legal(s, &ml)
	m := &MCTS{Think: 20 * time.Millisecond, Threads: 2}
	v := m.Visits(p, s, ml.Len(), rand.New(rand.NewPCG(1, 1)))
	total := 0.0
	for _, x := range v {
		total += x
	}
	if total < float64(ml.Len()) {
		t.Errorf("%v visits in all for %d moves", total, ml.Len())
	}
	// A playout budget is shared among the threads.
	m = &MCTS{Playouts: 101, Threads: 4, Extend: -1}
	v = m.Visits(p, s, ml.Len(), rand.New(rand.NewPCG(1, 1)))
	total = 0
	for _, x := range v {
		total += x
	}
	if total != 101 {
		t.Errorf("%v visits in all, want 101", total)
	}
}

// A move that wins at once is played at once.
func TestMCTSWinsNow(t *testing.T) {
	p := load(t, "pyramid", nil, 0)
	// Play random games until a position where the mover can win at once.
	var ml interp.MoveList
	for seed := uint64(1); seed < 200; seed++ {
		s := p.NewState(seed)
		rng := rand.New(rand.NewPCG(seed, 9))
		for {
			p.Legal(s, &ml)
			if ml.Len() == 0 {
				break
			}
			if i := winNow(p, s, &ml); i >= 0 {
				m := &MCTS{Playouts: 10}
				if got := m.Choose(p, s, &ml, rng); got != i {
					t.Fatalf("seed %d ply %d: mcts chose %s, not the winning %s", seed, s.Ply(), p.Text(&ml, got), p.Text(&ml, i))
				}
				return
			}
			p.Apply(s, &ml, rng.IntN(ml.Len()))
		}
	}
	t.Fatal("no position with a winning move found")
}

// mctsOptions are the options that keep the bundled games short (Salta's
// 120-move rule, shortened further here).
var mctsOptions = map[string]map[string]string{
	"leapfrog":        {"size": "8x8"},
	"leapfrog-murray": {"size": "8x8"},
	"salta":           {"limit": "60"},
}

// heavy games take several seconds a game: one game each, none with
// -short.
var heavy = map[string]bool{"froglet": true, "crossings": true, "capture": true, "conspirateurs": true, "draughts-international": true}

// mctsBudgets are the searches of the games whose default budget takes
// minutes a game (Conspirateurs: hundreds of plies of crowded jump
// chains); the match table of docs/players.md states them.
var mctsBudgets = map[string]*MCTS{
	"conspirateurs":          {Playouts: 400, Extend: -1, Cutoff: 2},
	"draughts-international": {Playouts: 300},
}

// unmatched games are left to the match table of docs/players.md: a game of Chinese
// Checkers lasts some 600 plies of searches (minutes), and a stray marble
// walled in a goal can stall it into a draw by the ply limit.
var unmatched = map[string]bool{"chinese-checkers": true}

// MCTS with its default budget beats the random player in every bundled
// game: one game per seat each (one game, the seat alternating from game
// to game, for the heavy games; with -short for all, the heavy games
// skipped). It must never lose, and may draw at most one game in all. The match table of docs/players.md
// measures the rate over 40 games each with 'ruleplay match'.
func TestMCTSBeatsRandom(t *testing.T) {
	files, _ := filepath.Glob("../games/*.rules")
	var mu sync.Mutex
	played, wins := 0, 0
	t.Run("games", func(t *testing.T) {
		for n, f := range files {
			name := strings.TrimSuffix(filepath.Base(f), ".rules")
			seats := []int{0, 1}
			switch {
			case unmatched[name], testing.Short() && heavy[name]:
				continue
			case testing.Short() || heavy[name]:
				seats = []int{n % 2}
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				g, err := lang.Load(f, mctsOptions[name])
				if err != nil {
					t.Fatal(err)
				}
				p, err := interp.Compile(g, interp.Config{MaxPlies: 1000})
				if err != nil {
					t.Fatal(err)
				}
				for _, me := range seats {
					m := &MCTS{}
					if b := mctsBudgets[name]; b != nil {
						m = &MCTS{Playouts: b.Playouts, Extend: b.Extend, Cutoff: b.Cutoff}
					}
					players := []Player{m, Random{}}
					if me == 1 {
						players[0], players[1] = players[1], players[0]
					}
					st := Game(p, p.NewState(1), players, rand.New(rand.NewPCG(uint64(n), 11)), nil)
					won := len(st.Winners) == 1 && st.Winners[0] == me
					switch {
					case won:
					case len(st.Winners) == 1:
						t.Errorf("mcts (seat %d) lost: %s, scores %v", me, st.Reason, st.Scores)
					default:
						t.Logf("mcts (seat %d) drew: %s, scores %v", me, st.Reason, st.Scores)
					}
					mu.Lock()
					played++
					if won {
						wins++
					}
					mu.Unlock()
				}
			})
		}
	})
	t.Logf("mcts won %d of %d games", wins, played)
	if wins < played-1 {
		t.Errorf("mcts won %d of %d games", wins, played)
	}
}

// An undecided playout budget is searched again, up to Extend times.
func TestMCTSExtend(t *testing.T) {
	half := func(v []float64) []float64 {
		out := make([]float64, len(v))
		for i, x := range v {
			out[i] = x / 2
		}
		return out
	}
	for _, tc := range []struct {
		visits, values []float64
		want           bool
	}{
		{[]float64{3, 2, 0}, nil, true},
		{[]float64{5, 4, 1}, nil, false},
		{[]float64{0, 7}, nil, true},
		{[]float64{5, 4, 1}, []float64{4.6, 3.7, 0.9}, true}, // a clear win
		{[]float64{5, 4, 1}, []float64{0.4, 0.3, 0.2}, true}, // a clear loss
		{[]float64{5, 4, 1}, []float64{5, 0, 0}, false},
	} {
		if tc.values == nil {
			tc.values = half(tc.visits)
		}
		if got := decided(tc.visits, tc.values); got != tc.want {
			t.Errorf("decided(%v, %v) = %v", tc.visits, tc.values, got)
		}
	}
	p := load(t, "leapfrog", map[string]string{"size": "6x6"}, 0)
	s := p.NewState(1)
	var ml interp.MoveList
	p.Legal(s, &ml)
	sum := func(v []float64) (t float64) {
		for _, x := range v {
			t += x
		}
		return t
	}
	// 36 removals that random playouts hardly tell apart: every extension.
	v := (&MCTS{Playouts: 100, Extend: 2}).Visits(p, s, ml.Len(), rand.New(rand.NewPCG(1, 1)))
	if got := sum(v); got != 300 {
		t.Errorf("%v visits in all, want 300 after two extensions", got)
	}
	v = (&MCTS{Playouts: 100, Extend: -1}).Visits(p, s, ml.Len(), rand.New(rand.NewPCG(1, 1)))
	if got := sum(v); got != 100 {
		t.Errorf("%v visits in all, want 100 without extensions", got)
	}
}

// With three players every player's playout value is its own.
func TestMCTSThreePlayers(t *testing.T) {
	p := load(t, "leapfrog", map[string]string{"size": "6x6", "players": "3"}, 0)
	wins := 0
	for seat := 0; seat < 3; seat++ {
		players := []Player{Random{}, Random{}, Random{}}
		players[seat] = &MCTS{Playouts: 200}
		st := Game(p, p.NewState(1), players, rand.New(rand.NewPCG(uint64(seat), 5)), nil)
		if len(st.Winners) == 1 && st.Winners[0] == seat {
			wins++
		} else {
			t.Logf("seat %d: winners %v, scores %v", seat, st.Winners, st.Scores)
		}
	}
	if wins < 2 {
		t.Errorf("mcts won %d of 3 games against two random players", wins)
	}
}
