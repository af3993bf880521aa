package play

import (
	"math/rand/v2"
	"path/filepath"
	"testing"
	"time"

	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/lang"
)

func TestABSettings(t *testing.T) {
	pl, err := NewWith("ab:depth=6:think=50ms:tt=2MiB", Options{Think: time.Second, Playouts: 9})
	if err != nil {
		t.Fatal(err)
	}
	if a := pl.(*AB); a.Depth != 6 || a.Think != 50*time.Millisecond || a.TT != 2<<20 {
		t.Errorf("settings: depth %d think %v tt %d", a.Depth, a.Think, a.TT)
	}
	pl, _ = NewWith("ab", Options{Think: time.Second})
	if a := pl.(*AB); a.Depth != 0 || a.Think != time.Second || a.TT != 0 {
		t.Errorf("options: depth %d think %v tt %d", a.Depth, a.Think, a.TT)
	}
	for spec, want := range map[string]string{
		"ab:depth=0":       `player "ab:depth=0": depth=0: want a number of plies, 1 to 64`,
		"ab:depth=65":      `player "ab:depth=65": depth=65: want a number of plies, 1 to 64`,
		"ab:depth=six":     `player "ab:depth=six": depth=six: want a number of plies, 1 to 64`,
		"ab:think=-1s":     `player "ab:think=-1s": think=-1s: want a duration such as 200ms or 1s`,
		"ab:think=fast":    `player "ab:think=fast": think=fast: want a duration such as 200ms or 1s`,
		"ab:tt=512KiB":     `player "ab:tt=512KiB": tt=512KiB: want a size from 1MiB to 4GiB, e.g. 64MiB`,
		"ab:tt=5GiB":       `player "ab:tt=5GiB": tt=5GiB: want a size from 1MiB to 4GiB, e.g. 64MiB`,
		"ab:tt=64 parsecs": `player "ab:tt=64 parsecs": tt=64 parsecs: want a size from 1MiB to 4GiB, e.g. 64MiB`,
		"ab:dept=3":        `player "ab:dept=3": unknown setting "dept" (ab settings: depth, think, tt); did you mean "depth"?`,
		"ab:playouts=3":    `player "ab:playouts=3": unknown setting "playouts" (ab settings: depth, think, tt)`,
		"ab:depth":         `player "ab:depth": bad setting "depth": want KEY=VALUE, e.g. depth=6`,
	} {
		if _, err := New(spec); err == nil || err.Error() != want {
			t.Errorf("New(%q) = %v, want %s", spec, err, want)
		}
	}
}

func TestParseBytes(t *testing.T) {
	for text, want := range map[string]int64{"0": 0, "100": 100, "7B": 7, "3KiB": 3 << 10, "64MiB": 64 << 20, "64M": 64 << 20, "2gb": 2 << 30, " 1 GiB ": 1 << 30} {
		if got, err := ParseBytes(text); err != nil || got != want {
			t.Errorf("ParseBytes(%q) = %d, %v; want %d", text, got, err, want)
		}
	}
	for _, text := range []string{"", "MiB", "-1MiB", "1.5GiB", "3TiB", "99999999999999999999", "9000000000GiB"} {
		if got, err := ParseBytes(text); err == nil {
			t.Errorf("ParseBytes(%q) = %d, want an error", text, got)
		}
	}
}

// minimax is the value of the position at ply for its side to move by
// plain negamax over the two teams to depth, then the quiescence search
// with the full window: the search without its pruning, table,
// windows or ordering.
func minimax(sr *abSearch, depth, ply int) int {
	p, s := sr.p, sr.s
	p.StatusInto(s, &sr.st)
	if sr.st.Over {
		return sr.terminal(ply)
	}
	if depth <= 0 {
		return sr.quiesce(ply, 0, -abInf, abInf)
	}
	ml := &sr.mls[ply]
	p.Legal(s, ml)
	sr.movers[ply], sr.colours[ply], sr.nmoves[ply] = sr.seatToMove(), s.ToMove(), ml.Len()
	best := -abInf
	for i := 0; i < ml.Len(); i++ {
		p.Apply(s, ml, i)
		v := minimax(sr, depth-1, ply+1)
		if sr.team(sr.seatToMove()) != sr.team(sr.movers[ply]) {
			v = -v
		}
		p.Undo(s)
		best = max(best, v)
	}
	return best
}

func compileFile(t *testing.T, file string) *interp.Program {
	t.Helper()
	g, err := lang.Load(file, nil)
	if err != nil {
		t.Fatal(err)
	}
	p, err := interp.Compile(g, interp.Config{})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// The value of the search at depth d (with its null windows, aspiration
// windows, move ordering, quiescence and table) is the minimax value of
// depth d, in positions of random games of tiny boards, and the move it
// plays is worth that value. The table's cut-offs are checked where they
// cannot graft a deeper result: the rules have a ply limit (so the ply is
// part of the hash) and the table is emptied before each search.
func TestABIsMinimax(t *testing.T) {
	files := []string{
		filepath.Join("..", "conformance", "testdata", "solve", "konane-4x4.rules"),
		filepath.Join("..", "conformance", "testdata", "solve", "breakthrough-4x4.rules"),
		filepath.Join("..", "solve", "testdata", "catch.rules"),
		filepath.Join("testdata", "breakthrough-4x4-swap.rules"),
	}
	checked := 0
	for _, file := range files {
		g, err := lang.Load(file, nil)
		if err != nil {
			t.Fatal(err)
		}
		p, err := interp.Compile(g, interp.Config{MaxPlies: 100})
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range []*AB{{noCuts: true}, {}} {
			var ml interp.MoveList
			for game := range 4 {
				rng := rand.New(rand.NewPCG(uint64(game), 3))
				s := p.NewState(1)
				for ply := 0; ply < 12; ply++ {
					p.Legal(s, &ml)
					if ml.Len() == 0 {
						break
					}
					for d := 1; d <= 4 && ml.Len() > 1; d++ {
						checkMinimax(t, a, p, s, &ml, d, rng)
						checked++
					}
					p.Apply(s, &ml, rng.IntN(ml.Len()))
				}
			}
		}
	}
	t.Logf("%d searches checked", checked)
}

// checkMinimax compares a's search of s to depth d with minimax.
func checkMinimax(t *testing.T, a *AB, p *interp.Program, s *interp.State, ml *interp.MoveList, d int, rng *rand.Rand) {
	t.Helper()
	if err := a.prepare(p); err != nil {
		t.Fatal(err)
	}
	a.table.clear()
	a.Depth = d
	i := a.Choose(p, s, ml, rng)
	ref := &abSearch{}
	hs, _ := a.copyState(p, s)
	ref.reset(a.hashed, hs, a.eval, newABTable(MinABTable), time.Time{})
	want := minimax(ref, d, 0)
	// the move chosen is worth that value
	me, seat := s.ToMove(), p.SeatOf(s, s.ToMove())
	p.Apply(s, ml, i)
	hs, _ = a.copyState(p, s)
	p.Undo(s)
	ref.s = hs
	ref.movers[0], ref.colours[0], ref.nmoves[0] = seat, me, ml.Len()
	got := minimax(ref, d-1, 1)
	if ref.team(ref.seatToMove()) != ref.team(seat) {
		got = -got
	}
	mate := want > abMateBand || want < -abMateBand
	if a.LastValue != want || got != want || a.LastDepth > d || (a.LastDepth < d && !mate) {
		t.Errorf("%s: depth %d (cut-offs %v): ab %d (depth %d), its move %s %d, minimax %d", interp.PositionText(p, s), d, !a.noCuts, a.LastValue, a.LastDepth, p.Text(ml, i), got, want)
	}
}

// The quiescence search plays captures out: a capture that wins is
// found, one that is taken back (and loses the last piece) is not made.
func TestABQuiescence(t *testing.T) {
	p := compileFile(t, filepath.Join("..", "games", "breakthrough.rules"))
	a := &AB{}
	if err := a.prepare(p); err != nil {
		t.Fatal(err)
	}
	if !a.eval.captures {
		t.Fatal("breakthrough: no captures to search")
	}
	for _, tc := range []struct {
		pos  string
		want string // "win", "static" (no capture pays), "more" (a capture pays)
	}{
		{"8/8/8/3p4/4P3/8/8/8 black", "win"},          // d5xe4 takes white's last pawn
		{"8/8/8/3p4/4P3/5P2/8/8 black", "static"},     // f3xe4 would take black's last
		{"8/8/8/3p4/8/4P3/8/8 black", "static"},       // nothing to take
		{"8/8/8/2ppp3/3P4/8/8/8 white", "more"},       // d4xc5 wins a pawn: nothing takes it back
		{"8/8/1p6/2ppp3/3P4/8/8/8 white", "more"},     // d4xe5 still does
		{"8/8/1p3p2/2ppp3/3P4/8/8/8 white", "static"}, // every capture is taken back
	} {
		s, err := interp.ParsePosition(a.hashed, tc.pos)
		if err != nil {
			t.Fatal(err)
		}
		sr := &abSearch{}
		sr.reset(a.hashed, s, a.eval, newABTable(MinABTable), time.Time{})
		got := sr.quiesce(0, 0, -abInf, abInf)
		static := sr.static(0)
		if tc.want == "win" && got != abMate-1 || tc.want == "static" && got != static || tc.want == "more" && got <= static {
			t.Errorf("%s: quiescence %d, static %d; want %s", tc.pos, got, static, tc.want)
		}
	}
}

// The table holds at most its size, a power of two of buckets; the first
// entry of a bucket keeps the deeper result of a search, the second takes
// the others; a new search's results replace an old one's.
func TestABTable(t *testing.T) {
	for size, want := range map[int64]int64{1 << 20: 1 << 20 * 3 / 4, 5 << 20: 3 << 20, 100: 1 << 20 * 3 / 4, 8 << 30: 3 << 30} {
		if got := tableBuckets(size) * 2 * abEntryBytes; got != want {
			t.Errorf("a table of %d bytes: %d bytes, want %d", size, got, want)
		}
	}
	if got := newABTable(5 << 20).bytes(); got != 3<<20 {
		t.Errorf("newABTable(5MiB): %d bytes", got)
	}
	tt := newABTable(MinABTable)
	tt.newSearch()
	buckets := tt.mask + 1
	a, b, c := uint64(5), 5+buckets, 5+2*buckets // one bucket
	tt.store(a, 10, 6, 3, abExact)
	tt.store(b, 20, 2, 4, abLower) // shallower: the second entry
	tt.store(c, 30, 1, 5, abUpper) // replaces the second entry
	if e, ok := tt.probe(a); !ok || e.value != 10 || e.depth != 6 || e.move != 3 || e.flag != abExact {
		t.Errorf("a: %+v %v", e, ok)
	}
	if _, ok := tt.probe(b); ok {
		t.Errorf("b still there")
	}
	if e, ok := tt.probe(c); !ok || e.value != 30 || e.move != 5 || e.flag != abUpper {
		t.Errorf("c: %+v %v", e, ok)
	}
	tt.newSearch()
	tt.store(b, 40, 1, -1, abExact) // an old search's entry gives way
	if e, ok := tt.probe(b); !ok || e.value != 40 || e.move != -1 {
		t.Errorf("b: %+v %v", e, ok)
	}
	if _, ok := tt.probe(a); ok {
		t.Errorf("a still there")
	}
	tt.store(b, 41, 1, 7, abExact) // the same position: replaced, keeping a move
	tt.store(b, 42, 0, -1, abUpper)
	if e, _ := tt.probe(b); e.value != 42 || e.move != 7 || e.flag != abUpper {
		t.Errorf("b: %+v", e)
	}
}

// A time budget stops the deepening (a nanosecond still gives a legal
// move); with a depth as well, the depth bounds it.
func TestABBudget(t *testing.T) {
	p := load(t, "breakthrough", nil, 0)
	s := p.NewState(1)
	var ml interp.MoveList
	p.Legal(s, &ml)
	rng := rand.New(rand.NewPCG(1, 2))
	a := &AB{Think: time.Nanosecond}
	if i := a.Choose(p, s, &ml, rng); i < 0 || i >= ml.Len() || a.LastDepth >= MaxABDepth {
		t.Errorf("think 1ns: move %d of %d, depth %d", i, ml.Len(), a.LastDepth)
	}
	a = &AB{Think: time.Hour, Depth: 2}
	if i := a.Choose(p, s, &ml, rng); i < 0 || i >= ml.Len() || a.LastDepth != 2 {
		t.Errorf("think 1h, depth 2: move %d of %d, depth %d", i, ml.Len(), a.LastDepth)
	}
	a = &AB{}
	if a.Choose(p, s, &ml, rng); a.LastDepth != DefaultABDepth {
		t.Errorf("default: depth %d, want %d", a.LastDepth, DefaultABDepth)
	}
}
