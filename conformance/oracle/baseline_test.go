package oracle

import "testing"

func TestBaseline(t *testing.T) {
	for _, tc := range []struct {
		game  string
		opts  map[string]string
		ok    bool
		perft []uint64 // from depth 1
	}{
		{"leapfrog", map[string]string{"size": "8x8"}, true, []uint64{64, 4032, 24256, 181888}},
		{"leapfrog", nil, true, []uint64{225}},
		{"leapfrog", map[string]string{"size": "5x4", "players": "3", "diagonal": "true"}, true, nil},
		{"leapfrog-murray", map[string]string{"size": "8x8"}, true, []uint64{64, 4032, 24256, 181888}},
		{"froglet", nil, true, []uint64{144}},
		{"froglet", map[string]string{"size": "8x8"}, false, nil},
		{"salta", map[string]string{"limit": "120"}, true, nil},
		{"salta", nil, true, nil},
		{"salta", map[string]string{"size": "8x8"}, false, nil},
		{"salta", map[string]string{"limit": "x"}, false, nil},
		{"leapfrog", map[string]string{"size": "2x8"}, false, nil},
		{"leapfrog", map[string]string{"limit": "3"}, false, nil},
		{"leapfrog", map[string]string{"diagonal": "maybe"}, false, nil},
		{"draughts", nil, true, []uint64{7, 49, 302, 1469, 7361}},
		{"draughts", map[string]string{"size": "10x10"}, false, nil},
		{"crossings", nil, true, []uint64{60, 3600, 269358}},
		{"Crossings", map[string]string{"limit": "3"}, false, nil},
		{"jumpwings", nil, true, []uint64{38, 1444, 55042}},
		{"Jumpwings", map[string]string{"goal": "long"}, true, []uint64{38, 1444, 55042, 2086038}},
		{"jumpwings", map[string]string{"goal": "far"}, false, nil},
		{"Jumpwings (advanced)", nil, true, []uint64{38, 1444, 56382}},
		{"games/jumpwings-relative.rules", nil, true, []uint64{38, 1444, 55042, 2081886}},
		{"breakthrough", nil, true, []uint64{22, 484, 11132}},
		{"Breakthrough", map[string]string{"size": "6x6"}, false, nil},
		{"games/leapfrog.rules", map[string]string{"size": "8x8"}, true, []uint64{64, 4032}},
		{"Leap Frog", map[string]string{"size": "8x8"}, true, []uint64{64, 4032}},
		{"Leap Frog (Murray's variant)", map[string]string{"size": "8x8"}, true, []uint64{64}},
		{"Froglet", nil, true, []uint64{144}},
		{"Salta", nil, true, []uint64{}},
		{"English draughts", nil, true, []uint64{7}},
		{"konane", nil, true, []uint64{4, 12, 28, 172, 892}},
		{"Konane", map[string]string{"size": "6x6"}, true, []uint64{4, 12}},
		{"konane", map[string]string{"size": "7x7"}, false, nil},
		{"konane", map[string]string{"size": "8x10"}, false, nil},
		{"konane", map[string]string{"players": "3"}, false, nil},
		{"games/draughts-international.rules", nil, true, []uint64{9, 81, 658, 4265}},
		{"International draughts", map[string]string{"size": "8x8"}, false, nil},
		{"games/draughts-brazilian.rules", nil, true, []uint64{7, 49, 302, 1469}},
		{"Canadian draughts", nil, true, []uint64{11, 121, 1222}},
		{"chinese-checkers", nil, true, []uint64{14, 196, 4760}},
		{"Chinese Checkers", map[string]string{"players": "6"}, true, []uint64{14}},
		{"chinese-checkers", map[string]string{"players": "5"}, false, nil},
		{"conspirateurs", nil, true, []uint64{45, 1980}},
		{"Conspirateurs", map[string]string{"limit": "3"}, false, nil},
	} {
		b, ok := Baseline(tc.game, tc.opts)
		if ok != tc.ok {
			t.Errorf("%s %v: ok %v, want %v", tc.game, tc.opts, ok, tc.ok)
			continue
		}
		if !ok {
			continue
		}
		for d, want := range tc.perft {
			if got := b.Perft(d + 1); got != want {
				t.Errorf("%s %v: perft(%d) = %d, want %d", tc.game, tc.opts, d+1, got, want)
			}
			if got := b.GenPerft(d + 1); got != want {
				t.Errorf("%s %v: GenPerft(%d) = %d, want %d", tc.game, tc.opts, d+1, got, want)
			}
		}
		// Perft does not change the start; playouts are reproducible and
		// honour the cap.
		if got, want := b.Perft(1), b.Perft(1); got != want {
			t.Errorf("%s: perft(1) changed from %d to %d", tc.game, want, got)
		}
		p1, p2 := b.RandomPlayouts(3, 7, 0), b.RandomPlayouts(3, 7, 0)
		if p1 != p2 || p1 == 0 {
			t.Errorf("%s %v: playouts %d then %d plies", tc.game, tc.opts, p1, p2)
		}
		if p := b.RandomPlayouts(4, 1, 5); p > 20 || p == 0 {
			t.Errorf("%s %v: 4 playouts capped at 5 plies: %d plies", tc.game, tc.opts, p)
		}
	}
	// Salta with the 120-move rule: every random game reaches the limit or
	// ends before it.
	b, _ := Baseline("salta", map[string]string{"limit": "120"})
	if p := b.RandomPlayouts(5, 3, 0); p > 5*240 {
		t.Errorf("salta limit=120: %d plies in 5 games", p)
	}
	if got, want := b.Perft(3), NewSalta(0).Perft(3); got != want {
		t.Errorf("salta perft(3) = %d, want %d", got, want)
	}
	if got, want := b.GenPerft(3), NewSalta(0).Perft(3); got != want {
		t.Errorf("salta GenPerft(3) = %d, want %d", got, want)
	}
}
