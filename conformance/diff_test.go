package conformance

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ruleplay/ruleplay/conformance/oracle"
	"github.com/ruleplay/ruleplay/interp"
)

// model is an independent implementation of a game: conformance/oracle's
// generators or this package's naive ones.
type model interface {
	Moves() []string
	Play(text string) error
	Over() bool
	Winners() []int
	Scores() []int
	Margin() (int, bool)
	Reason() string
}

func (g *naiveCapture) Margin() (int, bool) { return 0, false }
func (g *naivePyramid) Margin() (int, bool) { return 0, false }

// diffCase is one family of random games played through interp (the rules
// file, fast and generic paths) and an independent model.
type diffCase struct {
	name  string
	game  string
	rules string // the rules file when not games/<game>.rules (a position of testdata/positions)
	opts  map[string]string
	games int     // seeds 1..games
	plies int     // cap on a game's length (0: to the end)
	eps   float64 // <1: greedy play with this much randomness (1: random)
	value func(p *interp.Program, s *interp.State, mover int) int
	// model builds the independent model of the start position s0.
	model func(p *interp.Program, s0 *interp.State) (model, error)
}

func leapFrogModel(w, h, players int, diag bool) func(*interp.Program, *interp.State) (model, error) {
	return func(*interp.Program, *interp.State) (model, error) {
		return oracle.NewLeapFrog(w, h, players, diag)
	}
}

func murrayModel(w, h, players int, diag bool) func(*interp.Program, *interp.State) (model, error) {
	return func(p *interp.Program, s0 *interp.State) (model, error) {
		return oracle.NewMurray(w, h, players, diag, p.Layout(s0))
	}
}

func frogletModel(p *interp.Program, s0 *interp.State) (model, error) {
	return oracle.NewFroglet(12, 12, 2, false, p.Layout(s0))
}

func saltaModel(limit int) func(*interp.Program, *interp.State) (model, error) {
	return func(*interp.Program, *interp.State) (model, error) { return oracle.NewSalta(limit), nil }
}

func ccModel(players int) func(*interp.Program, *interp.State) (model, error) {
	return func(*interp.Program, *interp.State) (model, error) { return oracle.NewChineseCheckers(players) }
}

// ccValue steers the greedy games of Chinese Checkers to their end: the
// fewer steps left to the goal (the rules' guide), the better.
func ccValue(p *interp.Program, s *interp.State, mover int) int { return -p.Guide(s, mover) }

func diffCases() []diffCase {
	sz := func(s string) map[string]string { return map[string]string{"size": s} }
	with := func(m map[string]string, k, v string) map[string]string {
		c := map[string]string{k: v}
		for a, b := range m {
			c[a] = b
		}
		return c
	}
	random := 1.0
	return []diffCase{
		{name: "leapfrog 3x3", game: "leapfrog", opts: sz("3x3"), games: 30, eps: random, model: leapFrogModel(3, 3, 2, false)},
		{name: "leapfrog 4x6 3 players", game: "leapfrog", opts: with(sz("4x6"), "players", "3"), games: 20, eps: random, model: leapFrogModel(4, 6, 3, false)},
		{name: "leapfrog 5x5 diagonal", game: "leapfrog", opts: with(sz("5x5"), "diagonal", "true"), games: 20, eps: random, model: leapFrogModel(5, 5, 2, true)},
		{name: "leapfrog 8x8", game: "leapfrog", opts: sz("8x8"), games: 12, eps: random, model: leapFrogModel(8, 8, 2, false)},
		{name: "leapfrog 8x8 greedy", game: "leapfrog", opts: sz("8x8"), games: 4, eps: 0.2, model: leapFrogModel(8, 8, 2, false)},
		{name: "leapfrog 8x8 3 players", game: "leapfrog", opts: with(sz("8x8"), "players", "3"), games: 8, eps: random, model: leapFrogModel(8, 8, 3, false)},
		{name: "leapfrog 7x9 diagonal 3 players", game: "leapfrog", opts: with(with(sz("7x9"), "diagonal", "true"), "players", "3"), games: 6, eps: random, model: leapFrogModel(7, 9, 3, true)},
		{name: "leapfrog 26x3 4 players", game: "leapfrog", opts: with(sz("26x3"), "players", "4"), games: 6, eps: random, model: leapFrogModel(26, 3, 4, false)},
		{name: "leapfrog 15x15", game: "leapfrog", games: 3, eps: random, model: leapFrogModel(15, 15, 2, false)},
		{name: "leapfrog 15x15 diagonal", game: "leapfrog", opts: map[string]string{"diagonal": "true"}, games: 2, eps: random, model: leapFrogModel(15, 15, 2, true)},
		{name: "murray 15x15", game: "leapfrog-murray", games: 3, eps: random, model: murrayModel(15, 15, 2, false)},
		{name: "murray 6x6 3 players greedy", game: "leapfrog-murray", opts: with(sz("6x6"), "players", "3"), games: 10, eps: 0.3, model: murrayModel(6, 6, 3, false)},
		{name: "murray 9x7 diagonal", game: "leapfrog-murray", opts: with(sz("9x7"), "diagonal", "true"), games: 8, eps: random, model: murrayModel(9, 7, 2, true)},
		{name: "froglet", game: "froglet", games: 6, eps: random, model: frogletModel},
		{name: "froglet greedy", game: "froglet", games: 4, eps: 0.2, model: frogletModel},
		{name: "salta", game: "salta", games: 6, plies: 400, eps: random, model: saltaModel(0)},
		{name: "salta greedy", game: "salta", games: 12, plies: 1500, eps: 0.05, model: saltaModel(0)},
		{name: "salta limit=120", game: "salta", opts: map[string]string{"limit": "120"}, games: 6, eps: 0.3, model: saltaModel(120)},
		{name: "salta limit=9", game: "salta", opts: map[string]string{"limit": "9"}, games: 20, eps: 0.5, model: saltaModel(9)},
		{name: "capture", game: "capture", games: 6, eps: random, model: func(*interp.Program, *interp.State) (model, error) { return newNaiveCapture(2), nil }},
		{name: "capture 5 players", game: "capture", opts: map[string]string{"players": "5"}, games: 4, eps: random, model: func(*interp.Program, *interp.State) (model, error) { return newNaiveCapture(5), nil }},
		{name: "chinese-checkers", game: "chinese-checkers", games: 4, plies: 300, eps: random, model: ccModel(2)},
		{name: "chinese-checkers greedy", game: "chinese-checkers", games: 4, plies: 1000, eps: 0.1, value: ccValue, model: ccModel(2)},
		{name: "chinese-checkers 3 players", game: "chinese-checkers", opts: map[string]string{"players": "3"}, games: 3, plies: 300, eps: random, model: ccModel(3)},
		{name: "chinese-checkers 4 players", game: "chinese-checkers", opts: map[string]string{"players": "4"}, games: 2, plies: 300, eps: random, model: ccModel(4)},
		{name: "chinese-checkers 6 players", game: "chinese-checkers", opts: map[string]string{"players": "6"}, games: 2, plies: 300, eps: random, model: ccModel(6)},
		{name: "chinese-checkers 6 players greedy", game: "chinese-checkers", opts: map[string]string{"players": "6"}, games: 2, plies: 2000, eps: 0.1, value: ccValue, model: ccModel(6)},
		{name: "pyramid", game: "pyramid", games: 10, eps: random, model: func(*interp.Program, *interp.State) (model, error) { return newNaivePyramid(), nil }},
		{name: "pyramid greedy", game: "pyramid", games: 30, eps: 0.1, value: pyramidValue, model: func(*interp.Program, *interp.State) (model, error) { return newNaivePyramid(), nil }},
	}
}

// diffStats counts what the differential tests saw.
type diffStats struct {
	games, positions, sameOrder int
	reasons                     map[string]int
}

// TestDifferential plays seeded games through interp and an independent
// model at once and compares, at every position: the legal moves (as sets
// of texts; interp's fast and generic paths must also give the same list in
// the same order), whether the game is over, the reason, the winners, the
// scores (every position) and the margin. It also counts the positions
// where interp and the model list the moves in the same order (logged with
// -v).
func TestDifferential(t *testing.T) {
	for _, c := range diffCases() {
		t.Run(c.name, func(t *testing.T) { runDiffCase(t, c) })
	}
}

// runDiffCase plays the seeded games of c (a quarter under -short).
func runDiffCase(t *testing.T, c diffCase) {
	games := c.games
	if testing.Short() {
		games = max(1, games/4)
	}
	rules := c.rules
	if rules == "" {
		rules = rulesPath(c.game)
	}
	fast := compileFile(t, rules, c.opts, interp.Config{})
	slow := compileFile(t, rules, c.opts, interp.Config{Disable: []string{"all"}})
	st := diffStats{reasons: map[string]int{}}
	for seed := uint64(1); seed <= uint64(games); seed++ {
		diffGame(t, c, fast, slow, seed, &st)
		if t.Failed() {
			return
		}
	}
	t.Logf("%d games, %d positions, same move order in %d (%.0f%%), endings %v",
		st.games, st.positions, st.sameOrder, 100*float64(st.sameOrder)/float64(max(1, st.positions)), st.reasons)
}

func diffGame(t *testing.T, c diffCase, fast, slow *interp.Program, seed uint64, st *diffStats) {
	s, sg := fast.NewState(seed), slow.NewState(seed)
	m, err := c.model(fast, s)
	if err != nil {
		t.Fatalf("seed %d: model: %v", seed, err)
	}
	choose := randomMove
	if c.eps < 1 {
		choose = greedy(c.eps, c.value)
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	var ml, mlg interp.MoveList
	var played []string
	where := func() string {
		return fmt.Sprintf("seed %d after %d moves %s", seed, len(played), strings.Join(tail(played, 6), " "))
	}
	st.games++
	for {
		st.positions++
		got := legalTexts(fast, s, &ml)
		if gen := legalTexts(slow, sg, &mlg); !slices.Equal(got, gen) {
			t.Fatalf("%s: fast and generic move lists differ:\nfast    %v\ngeneric %v", where(), got, gen)
		}
		want := m.Moves()
		if slices.Equal(got, want) {
			st.sameOrder++
		}
		if g, w := sortedCopy(got), sortedCopy(want); !slices.Equal(g, w) {
			t.Fatalf("%s: move sets differ\n%s\nonly interp: %v\nonly model:  %v", where(), fast.Render(s), minus(g, w), minus(w, g))
		}
		if dup := duplicates(got); len(dup) > 0 {
			t.Fatalf("%s: interp lists %v twice", where(), dup)
		}
		compareStatus(t, where, fast.Status(s), m)
		if m.Over() || (c.plies > 0 && len(played) >= c.plies) {
			st.reasons[m.Reason()]++
			return
		}
		mv := choose(fast, s, sortedCopy(got), rng)
		playText(t, fast, s, &ml, mv)
		playText(t, slow, sg, &mlg, mv)
		if err := m.Play(mv); err != nil {
			t.Fatalf("%s: model: %v", where(), err)
		}
		played = append(played, mv)
	}
}

// compareStatus compares interp's status with the model's.
func compareStatus(t *testing.T, where func() string, st interp.Status, m model) {
	t.Helper()
	if st.Over != m.Over() {
		t.Fatalf("%s: interp over=%v (%s), model over=%v (%s)", where(), st.Over, st.Reason, m.Over(), m.Reason())
	}
	if !slices.Equal(st.Scores, m.Scores()) {
		t.Fatalf("%s: scores: interp %v, model %v", where(), st.Scores, m.Scores())
	}
	if !st.Over {
		return
	}
	if st.Reason != m.Reason() {
		t.Fatalf("%s: reason: interp %q, model %q", where(), st.Reason, m.Reason())
	}
	if !slices.Equal(st.Winners, m.Winners()) {
		t.Fatalf("%s: winners: interp %v, model %v", where(), st.Winners, m.Winners())
	}
	margin, ok := m.Margin()
	switch {
	case st.HasMargin && (!ok || margin != st.Margin):
		t.Fatalf("%s: margin: interp %d, model %d (defined %v)", where(), st.Margin, margin, ok)
	case !st.HasMargin && ok && !(margin == 0 && len(st.Winners) > 1):
		// The model gives a margin where interp gives none; the one
		// accepted difference is a draw at the limit, where the model
		// reports the difference 0 and interp reports no margin.
		t.Fatalf("%s: margin: interp none, model %d", where(), margin)
	}
}

func tail(xs []string, n int) []string {
	if len(xs) > n {
		return append([]string{"..."}, xs[len(xs)-n:]...)
	}
	return xs
}

// minus returns the elements of sorted a not in sorted b.
func minus(a, b []string) []string {
	var out []string
	for _, x := range a {
		if _, ok := slices.BinarySearch(b, x); !ok {
			out = append(out, x)
		}
	}
	return out
}

func duplicates(xs []string) []string {
	seen := map[string]bool{}
	var d []string
	for _, x := range xs {
		if seen[x] {
			d = append(d, x)
		}
		seen[x] = true
	}
	return d
}

// TestMurrayCounts checks the colour counts of interp's random fill
// (the rules' "white 40%, yellow 30%, red 20%, green rest") against the
// rule book's rounding (halves up), as the oracle computes it, on every
// board size from 3x3 to 26x26 in steps.
func TestMurrayCounts(t *testing.T) {
	for w := 3; w <= 26; w += 1 {
		for h := 3; h <= 26; h += 5 {
			size := strconv.Itoa(w) + "x" + strconv.Itoa(h)
			p := compile(t, "leapfrog-murray", map[string]string{"size": size}, interp.Config{})
			got := map[string]int{}
			for _, pc := range p.Layout(p.NewState(1)) {
				got[pc]++
			}
			want := oracle.MurrayCounts(w * h)
			for k, v := range want {
				if v == 0 {
					delete(want, k)
				}
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%s: counts %v, want %v", size, got, want)
			}
		}
	}
}
