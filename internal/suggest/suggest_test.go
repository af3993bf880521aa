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
