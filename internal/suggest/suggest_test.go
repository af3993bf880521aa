package suggest

import "testing"

func TestDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"abc", "", 3}, {"", "ab", 2}, {"diagnoal", "diagonal", 2},
		{"kitten", "sitting", 3}, {"c3-d4", "c3-d4", 0}, {"h8-g8", "h8-g7", 1}, {"é", "e", 1},
	} {
		if got := Distance(tc.a, tc.b); got != tc.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestNearest(t *testing.T) {
	known := []string{"greedy", "human", "lookahead", "mcts", "random"}
	for _, tc := range []struct {
		name   string
		within int
		want   string
	}{
		{"gredy", 2, "greedy"}, {"HUMNA", 2, "human"}, {"mtcs", 2, "mcts"},
		{"alphazero", 3, ""}, {"alphazero", -1, "lookahead"}, {"mcts", 0, "mcts"},
		{"mct", 0, ""},
	} {
		if got := Nearest(tc.name, known, tc.within); got != tc.want {
			t.Errorf("Nearest(%q, %d) = %q, want %q", tc.name, tc.within, got, tc.want)
		}
	}
	if got := Nearest("x", nil, -1); got != "" {
		t.Errorf("Nearest with nothing known = %q", got)
	}
}

func TestTypo(t *testing.T) {
	legal := []string{"a3-a2", "a3-b2", "c3-b2"}
	for text, want := range map[string]string{"a3-a1": "a3-a2", "c3-b3": "c3-b2", "h8-h7": "", "zzzzz": ""} {
		if got := Typo(text, legal); got != want {
			t.Errorf("Typo(%q) = %q, want %q", text, got, want)
		}
	}
}

// DistanceWithin agrees with Distance up to the limit and says limit+1
// beyond it.
func TestDistanceWithin(t *testing.T) {
	words := []string{"", "a", "ab", "abc", "diagnoal", "diagonal", "kitten", "sitting", "é", "e", "zone12", "zone21", "z", "xyzzyxyzzy"}
	for _, a := range words {
		for _, b := range words {
			for limit := 0; limit <= 4; limit++ {
				want := min(Distance(a, b), limit+1)
				if got := DistanceWithin(a, b, limit); got != want {
					t.Errorf("DistanceWithin(%q, %q, %d) = %d, want %d", a, b, limit, got, want)
				}
			}
		}
	}
}
