package lang

import (
	"fmt"
	"testing"
)

// TestPDNEntries: the bundled games that are PDN game types say so in a
// pdn entry; a variant inherits its base's entry and overrides parts of
// it; games without the entry have none.
func TestPDNEntries(t *testing.T) {
	for _, tc := range []struct{ game, want string }{
		{"draughts-international", `20 numbers "x" ["2-0" "0-2" "1-1"]`},
		{"draughts", `21 numbers "x" ["1-0" "0-1" "1/2-1/2"]`},
		{"draughts-italian", `22 numbers "x" ["1-0" "0-1" "1/2-1/2"]`},
		{"draughts-russian", `25 names ":" ["1-0" "0-1" "1/2-1/2"]`},
		{"draughts-brazilian", `26 names "x" ["1-0" "0-1" "1/2-1/2"]`},
		{"draughts-canadian", `27 numbers "x" ["2-0" "0-2" "1-1"]`},
		{"draughts-turkish", `30 names "x" ["1-0" "0-1" "1/2-1/2"]`},
		{"salta", "none"},
	} {
		g := load(t, tc.game, nil)
		got := "none"
		if f := g.PDN; f != nil {
			squares := "names"
			if f.Numbers {
				squares = "numbers"
			}
			got = fmt.Sprintf("%d %s %q %q", f.GameType, squares, f.Capture, f.Results)
		}
		if got != tc.want {
			t.Errorf("%s: pdn %s, want %s", tc.game, got, tc.want)
		}
	}
}

// TestPDNDefaults: only game-type is required; squares follow the
// board's numbers, results may be written with commas or in a list.
func TestPDNDefaults(t *testing.T) {
	const base = "players: white, black\npiece stone {}\nsetup white { stone: a1 }\nstep {}\n"
	for _, tc := range []struct{ src, want string }{
		{"board { shape: square(4x4) }\npdn { game-type: 40 }", `40 names "x" ["1-0" "0-1" "1/2-1/2"]`},
		{"board { shape: square(4x4); numbers: all from top-left by rows }\npdn { game-type: 1 }", `1 numbers "x" ["1-0" "0-1" "1/2-1/2"]`},
		{"board { shape: square(4x4); numbers: all from top-left by rows }\npdn { game-type: 99; squares: names; capture: \":\"; results: \"2:0\", \"0:2\", \"0:0\" }", `99 names ":" ["2:0" "0:2" "0:0"]`},
		{"board { shape: square(4x4) }\npdn { game-type: 41; results: [\"2-0\", \"0-2\", \"1-1\"] }", `41 names "x" ["2-0" "0-2" "1-1"]`},
	} {
		g, err := LoadSource("t.rules", []byte(tc.src+"\n"+base), nil)
		if err != nil {
			t.Fatalf("%s: %v", tc.src, err)
		}
		f := g.PDN
		if f == nil {
			t.Fatalf("%s: no pdn", tc.src)
		}
		squares := "names"
		if f.Numbers {
			squares = "numbers"
		}
		if got := fmt.Sprintf("%d %s %q %q", f.GameType, squares, f.Capture, f.Results); got != tc.want {
			t.Errorf("%s: pdn %s, want %s", tc.src, got, tc.want)
		}
	}
}
