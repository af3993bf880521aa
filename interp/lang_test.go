package interp

import (
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/lang"
)

// The bundled rules files of the rule book (docs/rules), sections 1-4, 6 and 7, loaded through
// the front end.

func load(t *testing.T, file string, opts map[string]string, cfg core.Config) *core.Program {
	t.Helper()
	g, err := lang.Load("../games/"+file, opts)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	p, err := Compile(g, cfg)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return p
}

type langCase struct {
	file  string
	opts  map[string]string
	perft []uint64 // from depth 1
	hand  func(t testing.TB) *gb
}

func langCases() []langCase {
	return []langCase{
		{"leapfrog.rules", map[string]string{"size": "8x8"}, []uint64{64, 4032, 24256, 181888, 1934480},
			func(t testing.TB) *gb { return leapFrog(t, 8, 8, 2, false, false) }},
		{"leapfrog.rules", nil, []uint64{225, 50400}, func(t testing.TB) *gb { return leapFrog(t, 15, 15, 2, false, false) }},
		{"leapfrog.rules", map[string]string{"size": "7x5", "players": "3", "diagonal": "true"}, []uint64{35, 1190, 39270},
			func(t testing.TB) *gb { return leapFrog(t, 7, 5, 3, true, false) }},
		{"leapfrog-murray.rules", map[string]string{"size": "8x8"}, []uint64{64, 4032, 24256, 181888}, nil},
		{"froglet.rules", nil, []uint64{144, 480, 2416}, nil},
		{"capture.rules", nil, []uint64{6, 60, 942}, capture},
		{"salta.rules", nil, []uint64{9, 81, 891}, func(t testing.TB) *gb { return salta(t, 0, true) }},
		{"salta.rules", map[string]string{"limit": "10"}, []uint64{9, 81, 891}, func(t testing.TB) *gb { return salta(t, 20, true) }},
		{"pyramid.rules", nil, []uint64{6, 38, 316}, pyramid},
	}
}

func TestLangGamesPerft(t *testing.T) {
	for _, tc := range langCases() {
		for _, noFast := range []bool{false, true} {
			p := load(t, tc.file, tc.opts, core.Config{Disable: disableAll(noFast)})
			s := p.NewState(1)
			for d, want := range tc.perft {
				if (testing.Short() || noFast) && want > 1e6 {
					continue
				}
				if got := p.Perft(s, d+1); got != want {
					t.Errorf("%s %v noFast=%v: perft(%d) = %d, want %d", tc.file, tc.opts, noFast, d+1, got, want)
				}
			}
		}
	}
}

// TestLangGamesEquiv: fast paths == generic walker on every bundled game,
// and, where a hand-built twin exists, the front end's game plays exactly
// like it (same texts, same results).
func TestLangGamesEquiv(t *testing.T) {
	games := 6
	if testing.Short() {
		games = 2
	}
	for _, tc := range langCases() {
		fast := load(t, tc.file, tc.opts, core.Config{})
		slow := load(t, tc.file, tc.opts, core.Config{Disable: []string{"all"}})
		checkEquiv(t, fast, slow, games, 120)
		if tc.hand != nil {
			checkEquiv(t, fast, tc.hand(t).compile(core.Config{}), games, 120)
		}
	}
}

func TestLangFrogletLayout(t *testing.T) {
	p := load(t, "froglet.rules", nil, core.Config{})
	s := p.NewState(7)
	l := p.Layout(s)
	count := map[string]int{}
	for _, v := range l {
		count[v]++
	}
	if len(l) != 144 || count["green"] != 66 || count["yellow"] != 51 || count["red"] != 21 || count["blue"] != 6 {
		t.Errorf("layout counts %v", count)
	}
	s2, err := p.NewStateFromLayout(l)
	if err != nil {
		t.Fatal(err)
	}
	if p.Render(s2) != p.Render(s) {
		t.Error("layout round trip")
	}
	// Only the first player's first turn is a removal.
	var ml core.MoveList
	p.Legal(s, &ml)
	p.Apply(s, &ml, 0)
	p.Legal(s, &ml)
	if ml.Len() == 0 || p.Text(&ml, 0)[0] == 'x' {
		t.Errorf("second ply should be a jump, got %d moves", ml.Len())
	}
}
