package pdn

import (
	"testing"
)

func TestParseFEN(t *testing.T) {
	for _, c := range []struct{ in, out string }{
		{"W:W31-50:B1-20", "W:W31-50:B1-20"},
		{"B:BK17,K24:W6,9,10", "B:W6,9,10:BK17,K24"},
		{" W : W 32 , 31 : B 1 , K3 . ", "W:W31,32:B1,K3"},
		{"W:W:B1", "W:W:B1"},
		{"B:WK46-K48,30:B", "B:W30,K46-48:B"},
		{"W:W1,2,4,5,6:B50", "W:W1,2,4-6:B50"},
	} {
		f, err := ParseFEN(c.in, 50)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if got := f.String(); got != c.out {
			t.Errorf("%q: %q, want %q", c.in, got, c.out)
		}
		g, err := ParseFEN(f.String(), 50)
		if err != nil || g.String() != f.String() {
			t.Errorf("%q: round trip %q, %v", c.in, g.String(), err)
		}
	}
}

func TestParseFENErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", "FEN, at character 1: a FEN starts with the side to move, W or B, then ':' (as in W:W31-50:B1-20)"},
		{"X:W1:B2", "FEN, at character 1: a FEN starts with the side to move, W or B, then ':' (as in W:W31-50:B1-20)"},
		{"W:W1", "FEN, at character 5: a FEN names both sides' pieces, W... and B... (a side may be empty: W:W:B1)"},
		{"W:W1:W2:B3", "FEN, at character 6: the side W is given twice"},
		{"W:W1,51:B2", "FEN, at character 6: square 51 is off the board (squares 1-50)"},
		{"W:W1:B1", "FEN, at character 7: square 1 is given twice"},
		{"W:W9-3:B1", "FEN, at character 4: the range \"9-3\" runs backwards"},
		{"W:Wx:B1", "FEN, at character 4: \"x\" is not a square number"},
		{"W:W1:B2:H0:F1", "FEN, at character 9: \"H0\": a side's field starts with W or B"},
		{"W::B2", "FEN, at character 3: an empty field between ':'"},
	} {
		_, err := ParseFEN(c.in, 50)
		if err == nil || err.Error() != c.want {
			t.Errorf("%q:\n got %v\nwant %s", c.in, err, c.want)
		}
	}
}

func FuzzParseFEN(f *testing.F) {
	f.Add("W:W31-50:B1-20")
	f.Add("B:BK17,K24:W6,9,10")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseFEN(s, 50)
		if err != nil {
			return
		}
		q, err := ParseFEN(p.String(), 50)
		if err != nil {
			t.Fatalf("%q -> %q: %v", s, p.String(), err)
		}
		if q.String() != p.String() {
			t.Fatalf("%q -> %q -> %q", s, p.String(), q.String())
		}
	})
}

func TestParseFENNamed(t *testing.T) {
	names := map[string]int{"a1": 29, "c1": 30, "h8": 4}
	name := func(s string) (int, bool) { n, ok := names[s]; return n, ok }
	f, err := ParseFENNamed("W:Wa1,Kc1,5:Bh8", 32, name)
	if err != nil {
		t.Fatal(err)
	}
	if got := f.String(); got != "W:W5,29,K30:B4" {
		t.Errorf("%s", got)
	}
	back := map[int]string{29: "a1", 30: "c1", 4: "h8", 5: "b7"}
	if got := f.Format(func(n int) string { return back[n] }); got != "W:Wb7,a1,Kc1:Bh8" {
		t.Errorf("%s", got)
	}
	if _, err := ParseFENNamed("W:Wz9:Bh8", 32, name); err == nil || err.Error() != `FEN, at character 4: "z9" is not a square of the board` {
		t.Errorf("%v", err)
	}
	if _, err := ParseFEN("W:Wa1:Bh8", 32); err == nil {
		t.Errorf("a name read without names")
	}
}
