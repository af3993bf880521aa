package main

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ruleplay/ruleplay/interp"
)

// genPerft plays every move the perft counts, so it counts what
// Program.Perft counts with its shortcuts: on bundled games at depths 1-3,
// from the start and from positions of random games (captures, chains,
// promotions, the Salta move limit ending the game inside the perft), with
// the fast paths and without, on one thread and on two; and it leaves the
// position as it found it.
func TestGenPerftMatchesPerft(t *testing.T) {
	cases := []struct {
		file string
		opts []string
	}{
		{"salta", nil},
		{"salta", []string{"limit=1"}},
		{"salta", []string{"limit=30"}},
		{"draughts", nil},
		{"breakthrough", nil},
		{"jumpwings", nil},
		{"jumpwings-advanced", nil},
		{"leapfrog", []string{"size=6x6"}},
		{"leapfrog", []string{"size=5x5", "players=3", "diagonal=true"}},
		{"froglet", nil},
		{"capture", nil},
		{"crossings", nil},
		{"pyramid", nil},
		{"konane", nil},
		{"konane", []string{"size=6x6"}},
	}
	for _, c := range cases {
		for _, fast := range []bool{true, false} {
			name := c.file + "/" + strings.Join(c.opts, ",") + "/fast=" + onOff(fast)
			t.Run(name, func(t *testing.T) {
				gf := gameFlags{options: c.opts, accels: accelFlags{fast: fast}, seed: 1}
				gm, err := gf.load(filepath.Join("..", "..", "games", c.file+".rules"), 0)
				if err != nil {
					t.Fatal(err)
				}
				s := gm.start(&gf)
				rng := rand.New(rand.NewPCG(2, 3))
				var ml interp.MoveList
				for ply := 0; ply <= 40; ply++ {
					if ply%10 == 0 {
						checkGenPerft(t, gm.p, s, ply)
					}
					gm.p.Legal(s, &ml)
					if ml.Len() == 0 {
						checkGenPerft(t, gm.p, s, ply)
						break
					}
					gm.p.Apply(s, &ml, rng.IntN(ml.Len()))
				}
			})
		}
	}
}

// checkGenPerft compares genPerft (one and two threads) with Perft at
// depths 1-3 from s, and checks that s is unchanged.
func checkGenPerft(t *testing.T, p *interp.Program, s *interp.State, ply int) {
	t.Helper()
	before, moves := p.Render(s), legalTexts(p, s)
	for depth := 1; depth <= 3; depth++ {
		want := p.Perft(s, depth)
		got := p.GenPerft(s, depth, nil)
		got2, err := genPerftCount(p, s, depth, 2)
		if err != nil {
			t.Fatal(err)
		}
		if got != want || got2 != want {
			t.Errorf("ply %d depth %d: genPerft %d, on two threads %d, Perft %d", ply, depth, got, got2, want)
		}
	}
	if after := p.Render(s); after != before || !slices.Equal(legalTexts(p, s), moves) {
		t.Errorf("ply %d: genPerft changed the position:\n%s\nthen\n%s", ply, before, after)
	}
}

func legalTexts(p *interp.Program, s *interp.State) []string {
	var ml interp.MoveList
	p.Legal(s, &ml)
	return p.Texts(&ml)
}

// bench --json reports the gen perft figures beside perft's and the
// playouts', with consistent counts; with --compare the three ratios, the
// lowest of them as handcoded_ratio.
func TestBenchJSONFields(t *testing.T) {
	game := filepath.Join("..", "..", "games", "salta.rules")
	code, out, errOut := runMain("bench", game, "--seconds", "0.3", "--json", "--compare", "--option", "limit=20")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var r map[string]any
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, k := range []string{
		"perft_depth", "perft_nodes", "perft_nodes_per_sec",
		"gen_perft_depth", "gen_perft_nodes", "gen_perft_runs", "gen_perft_seconds", "gen_nodes_per_sec",
		"playouts", "playouts_per_sec", "avg_playout_plies",
		"handcoded_perft_nodes_per_sec", "handcoded_gen_nodes_per_sec", "handcoded_playouts_per_sec",
		"handcoded_perft_ratio", "handcoded_gen_ratio", "handcoded_playout_ratio", "handcoded_ratio",
	} {
		v, ok := r[k].(float64)
		if !ok || v <= 0 {
			t.Errorf("%s: %v, want a positive number", k, r[k])
		}
	}
	// The gen perft's nodes are the perft count of its depth.
	depth := int(r["gen_perft_depth"].(float64))
	gf := gameFlags{options: []string{"limit=20"}, accels: accelFlags{fast: true}, seed: 1}
	gm, err := gf.load(game, 0)
	if err != nil {
		t.Fatal(err)
	}
	if want := gm.p.Perft(gm.start(&gf), depth); uint64(r["gen_perft_nodes"].(float64)) != want {
		t.Errorf("gen_perft_nodes %v at depth %d, perft %d", r["gen_perft_nodes"], depth, want)
	}
	if lowest := min(r["handcoded_perft_ratio"].(float64), r["handcoded_gen_ratio"].(float64), r["handcoded_playout_ratio"].(float64)); r["handcoded_ratio"] != lowest {
		t.Errorf("handcoded_ratio %v, lowest ratio %v", r["handcoded_ratio"], lowest)
	}
	if r["avg_playout_plies"].(float64) > 40 {
		t.Errorf("avg_playout_plies %v beyond the 40 plies of limit=20", r["avg_playout_plies"])
	}
}

// The next depth's growth comes from known counts where there are some (a
// removal ply followed by jump plies grows unlike the plies before), else
// from the last depth's growth.
func TestNextGrowth(t *testing.T) {
	for _, c := range []struct {
		counts, known []uint64
		want          float64
	}{
		{[]uint64{225}, nil, 225},
		{[]uint64{225, 50400}, nil, 224},
		{[]uint64{225, 50400}, []uint64{225, 50400, 350344, 3054968}, 350344.0 / 50400},
		{[]uint64{225, 50400, 350344, 3054968}, []uint64{225, 50400, 350344, 3054968}, 3054968.0 / 350344},
		{[]uint64{9, 3}, nil, 1},
	} {
		if got := nextGrowth(c.counts, c.known); got != c.want {
			t.Errorf("nextGrowth(%v, %v) = %v, want %v", c.counts, c.known, got, c.want)
		}
	}
}

// alternate gives both sides turns in alternation, which side goes first
// alternating from round to round, adds up each side's work, stops on the
// first error, and gives one round at least when the budget is gone.
func TestAlternate(t *testing.T) {
	var order []int
	tr, err := alternate(0, func(side int) (float64, error) {
		order = append(order, side)
		return float64(10 + side), nil
	})
	if err != nil || tr.turns != 1 || !slices.Equal(order, []int{0, 1}) || tr.work != [2]float64{10, 11} {
		t.Errorf("budget 0: turns %d, order %v, work %v, err %v; want 1 round, [0 1], [10 11]", tr.turns, order, tr.work, err)
	}
	order = nil
	tr, err = alternate(time.Hour, func(side int) (float64, error) {
		order = append(order, side)
		if len(order) == 6 {
			return 0, errors.New("stop")
		}
		return 1, nil
	})
	if err == nil || !slices.Equal(order, []int{0, 1, 1, 0, 0, 1}) || tr.work != [2]float64{3, 2} {
		t.Errorf("order %v, work %v, err %v; want [0 1 1 0 0 1], [3 2], an error", order, tr.work, err)
	}
}

// TestComparePerftCounts checks that bench --compare gives no ratio when
// the interpreter and the hand-written generator count different nodes,
// and one when they agree.
func TestComparePerftCounts(t *testing.T) {
	count := func(int) (uint64, error) { return 100, nil }
	_, err := comparePerft(time.Millisecond, 3, func(int) uint64 { return 99 }, count)
	want := "depth 3: the interpreter counted 100 nodes, the hand-written generator 99: no ratio"
	if err == nil || err.Error() != want {
		t.Errorf("different counts: %v, want %s", err, want)
	}
	tr, err := comparePerft(time.Millisecond, 3, func(int) uint64 { return 100 }, count)
	if err != nil || tr.work[0] != tr.work[1] || tr.work[0] == 0 {
		t.Errorf("the same counts: %+v, %v", tr, err)
	}
}
