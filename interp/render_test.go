package interp

import (
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/core"
)

func TestRenderGolden(t *testing.T) {
	saltaEnd := salta(t, 0, false).at(map[int][]string{gStar1: {"a7"}, rStar1: {"j10"}}).compile(core.Config{})
	se := saltaEnd.NewState(0)
	play(t, saltaEnd, se, "a7-b8")
	lf := leapFrog(t, 3, 3, 2, false, false).compile(core.Config{})
	ls := lf.NewState(0)
	play(t, lf, ls, "xb2")
	cases := []struct {
		name string
		p    *core.Program
		s    *core.State
		want string
	}{
		{"leapfrog", lf, ls, `` +
			" 3 O O O\n" +
			" 2 O . O\n" +
			" 1 O O O\n" +
			"   a b c\n" +
			"to move: p2\n"},
		{"salta", nil, nil, `` +
			"10    s5    s4    s3    s2    s1\n" +
			" 9 m5    m4    m3    m2    m1\n" +
			" 8    u5    u4    u3    u2    u1\n" +
			" 7 .     .     .     .     .\n" +
			" 6    .     .     .     .     .\n" +
			" 5 .     .     .     .     .\n" +
			" 4    .     .     .     .     .\n" +
			" 3 U1    U2    U3    U4    U5\n" +
			" 2    M1    M2    M3    M4    M5\n" +
			" 1 S1    S2    S3    S4    S5\n" +
			"   a  b  c  d  e  f  g  h  i  j\n" +
			"to move: green\n"},
		{"salta end", saltaEnd, se, `` +
			"10    .     .     .     .     s1\n" +
			" 9 .     .     .     .     .\n" +
			" 8    S1    .     .     .     .\n" +
			" 7 .     .     .     .     .\n" +
			" 6    .     .     .     .     .\n" +
			" 5 .     .     .     .     .\n" +
			" 4    .     .     .     .     .\n" +
			" 3 .     .     .     .     .\n" +
			" 2    .     .     .     .     .\n" +
			" 1 .     .     .     .     .\n" +
			"   a  b  c  d  e  f  g  h  i  j\n" +
			"result: green wins (goal, margin 8), scores: green 0, red 7\n"},
		{"pyramid", pyramid(t).compile(core.Config{}), nil, `` +
			" 8   m   m   m   m\n" +
			" 7 .   m   m   m\n" +
			" 6   .   m   m   .\n" +
			" 5 .   .   m   .\n" +
			" 4   .   M   .   .\n" +
			" 3 .   M   M   .\n" +
			" 2   M   M   M   .\n" +
			" 1 M   M   M   M\n" +
			"   a b c d e f g h\n" +
			"to move: white\n"},
		{"capture", capture(t).compile(core.Config{}), nil, `` +
			" 9     O O O O O\n" +
			" 8    O O O O O O\n" +
			" 7   O O O O O O O\n" +
			" 6  O O O O O O O O\n" +
			" 5 O O O O . O O O O\n" +
			" 4  O O O O O O O O\n" +
			" 3   O O O O O O O\n" +
			" 2    O O O O O O\n" +
			" 1     O O O O O\n" +
			"   (cells a, b, c, ... from the left of each row)\n" +
			"to move: p1\n"},
	}
	for _, tc := range cases {
		p, s := tc.p, tc.s
		if p == nil {
			p = salta(t, 0, true).compile(core.Config{})
		}
		if s == nil {
			s = p.NewState(0)
		}
		if got := p.Render(s); got != tc.want {
			t.Errorf("%s: got\n%s\nwant\n%s", tc.name, got, tc.want)
		}
	}
}
