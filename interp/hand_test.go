package interp

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/lang"
)

// Pieces in hand and drops, locks, chain stops and the end by passes
// decided by the score: Conspirateurs (games.md section 15) and small
// rules files built here.

// conspAt is Conspirateurs with its setup replaced by places ("e5 black
// man") and every hand holding hand men, toMove to move; compiled with and
// without fast paths.
func conspAt(t *testing.T, toMove, hand int, places ...string) ([]*core.Program, []*core.State) {
	t.Helper()
	progs, states := at(t, "conspirateurs.rules", nil, toMove, places...)
	for i, p := range progs {
		for _, pcs := range p.Game().Hands {
			states[i].Hand[pcs[0].Piece+1] = int32(hand)
		}
	}
	return progs, states
}

// meetingDrops: "@e7" ... "@m11" in board order, without the cells given.
func meetingDrops(without ...string) []string {
	var out []string
	for r := 7; r <= 11; r++ {
		for f := 'e'; f <= 'm'; f++ {
			c := string(f) + itoa(r)
			if !slices.Contains(without, c) {
				out = append(out, "@"+c)
			}
		}
	}
	return out
}

func itoa(n int) string {
	if n >= 10 {
		return string(rune('0'+n/10)) + string(rune('0'+n%10))
	}
	return string(rune('0' + n))
}

// TestConspirateursDrops: the placing phase. Every cell of the meeting
// place that is empty is a drop, in board order; a drop takes a man from
// the mover's hand and Undo gives it back; the moving phase starts when
// the hand is empty.
func TestConspirateursDrops(t *testing.T) {
	for _, noFast := range []bool{false, true} {
		p := load(t, "conspirateurs.rules", nil, core.Config{Disable: disableAll(noFast)})
		s := p.NewState(0)
		if got := p.HandOf(s, 0); got != 20 {
			t.Fatalf("black holds %d men, want 20", got)
		}
		wantMoves(t, p, s, meetingDrops()...)
		before := p.Render(s)
		play(t, p, s, "@e7", "@m11")
		if got := p.HandText(s); got != "in hand: black: man 19; white: man 19" {
			t.Errorf("hands after two drops: %q", got)
		}
		wantMoves(t, p, s, meetingDrops("e7", "m11")...)
		p.Undo(s)
		p.Undo(s)
		if got := p.Render(s); got != before {
			t.Errorf("undo of two drops:\n%s\nwant\n%s", got, before)
		}
		if !strings.Contains(before, "\nin hand: black: man 20; white: man 20\nto move: black\n") {
			t.Errorf("render lists no hands:\n%s", before)
		}
		// A drop elsewhere than the meeting place is illegal.
		var ml core.MoveList
		if _, err := p.ParseMove(s, &ml, "@a1"); err == nil {
			t.Error("@a1 accepted")
		}
	}
}

// TestConspirateursPhases: the forty drops fill the hands' men into the
// meeting place, then the moves are steps and jumps; perft of the start.
func TestConspirateursPhases(t *testing.T) {
	p := load(t, "conspirateurs.rules", nil, core.Config{})
	for d, want := range []uint64{45, 1980, 85140} {
		if got := p.Perft(p.NewState(0), d+1); got != want {
			t.Errorf("perft(%d) = %d, want %d", d+1, got, want)
		}
	}
	s := p.NewState(0)
	var ml core.MoveList
	for i := 0; i < 40; i++ {
		p.Legal(s, &ml)
		for _, m := range texts(p, &ml) {
			if !strings.HasPrefix(m, "@") {
				t.Fatalf("ply %d: %s during the placing phase", i+1, m)
			}
		}
		p.Apply(s, &ml, 0)
	}
	if p.HandOf(s, 0)+p.HandOf(s, 1) != 0 || count(s) != 40 {
		t.Fatalf("after 40 drops: hands %d+%d, %d men on the board", p.HandOf(s, 0), p.HandOf(s, 1), count(s))
	}
	for _, m := range legal(p, s) {
		if strings.HasPrefix(m, "@") {
			t.Fatalf("drop %s in the moving phase", m)
		}
	}
}

func count(s *core.State) int {
	n := 0
	for _, c := range s.Cells {
		if c != 0 {
			n++
		}
	}
	return n
}

// TestConspirateursLock: a man on a shelter (a1) never moves; its
// neighbour b2 steps anywhere empty, shelters included, but cannot jump
// a1 (off the board).
func TestConspirateursLock(t *testing.T) {
	progs, states := conspAt(t, 0, 0, "a1 black man", "b2 black man", "q17 white man")
	for i, p := range progs {
		wantMoves(t, p, states[i], "b2-b3", "b2-c3", "b2-c2", "b2-c1", "b2-b1", "b2-a2", "b2-a3")
	}
	// a1 next to an enemy man with an empty cell beyond: still no move.
	progs, states = conspAt(t, 0, 0, "a1 black man", "b1 white man", "a2 white man", "q17 white man")
	for i, p := range progs {
		wantMoves(t, p, states[i], "pass")
	}
}

// TestConspirateursChainStop: f5 jumps e4 to d3, then d2 to d1 or e2 to
// f1, two shelters where the chain ends: the jump on from d1 over e2 to
// f3 is not a move.
func TestConspirateursChainStop(t *testing.T) {
	progs, states := conspAt(t, 0, 0, "f5 black man", "e4 white man", "d2 white man", "e2 white man")
	for i, p := range progs {
		wantMoves(t, p, states[i],
			"f5-f6", "f5-g6", "f5-g5", "f5-g4", "f5-f4", "f5-e5", "f5-e6",
			"f5-d3", "f5-f1", "f5-d1")
	}
}

// TestConspirateursEndByPasses: neither side can move (every man is on a
// shelter or walled in): black passes, white passes, and the score
// decides: black has 2 men on shelters, white 1.
func TestConspirateursEndByPasses(t *testing.T) {
	progs, states := conspAt(t, 0, 0, "a1 black man", "q1 black man", "a17 white man")
	for i, p := range progs {
		s := states[i]
		wantMoves(t, p, s, "pass")
		play(t, p, s, "pass")
		if st := p.Status(s); st.Over {
			t.Fatalf("over after one pass: %+v", st)
		}
		wantMoves(t, p, s, "pass")
		play(t, p, s, "pass")
		st := p.Status(s)
		if !st.Over || st.Reason != "passes" || !slices.Equal(st.Winners, []int{0}) || !slices.Equal(st.Scores, []int{2, 1}) {
			t.Errorf("after two passes: %+v", st)
		}
		p.Undo(s)
		if st := p.Status(s); st.Over {
			t.Errorf("undo of the second pass: %+v", st)
		}
	}
	// Equal shelters: a draw.
	progs, states = conspAt(t, 1, 0, "a1 black man", "a17 white man")
	for i, p := range progs {
		play(t, p, states[i], "pass", "pass")
		if st := p.Status(states[i]); !slices.Equal(st.Winners, []int{0, 1}) || st.Reason != "passes" {
			t.Errorf("equal shelters: %+v", st)
		}
	}
	// The twentieth man sheltered wins at once.
	var men []string
	for _, c := range strings.Fields("a1 b1 d1 f1 h1 j1 l1 n1 p1 q1 a2 q2 a4 q4 a6 q6 a8 q8 a9 a11") {
		men = append(men, c+" black man")
	}
	progs, states = conspAt(t, 0, 0, append(men, "h9 white man")...)
	for i, p := range progs {
		play(t, p, states[i], "a11-a10")
		if st := p.Status(states[i]); !st.Over || st.Reason != "goal" || !slices.Equal(st.Winners, []int{0}) {
			t.Errorf("all sheltered: %+v", st)
		}
	}
}

// TestConspirateursEquiv: fast paths == generic walker along random
// games (drops, then moves), Undo restoring hands and cells.
func TestConspirateursEquiv(t *testing.T) {
	g := loadGame(t, "conspirateurs.rules", nil)
	fast, err := Compile(g, core.Config{})
	if err != nil {
		t.Fatal(err)
	}
	slow, err := Compile(g, core.Config{Disable: []string{"all"}})
	if err != nil {
		t.Fatal(err)
	}
	checkEquiv(t, fast, slow, 2, 120)
}

// handRules is a small game for the generic walker: two kinds in hand
// (texts name the kind), a drop guarded by the hand, locks, and a jump
// whose texts list every landing (text: path) with a chain stop.
const handRules = `
board { shape: square(5x5) }
players: red, blue
piece man {}
piece king {}
hand red { man: 2; king: 1 }
hand blue: mirror(red)
zone corner: a1 b1 a2 b2
zone edge: e1 e2 e3 e4 e5
lock corner: inside
lock edge: fixed
drop { when: hand > 0; piece: man king; onto: empty and not in edge }
step { when: hand == 0 }
jump { when: hand == 0; over: occupied; chain: optional; chain-stop: in edge }
end { no-move: pass; passes: 2 }
`

func handGame(t *testing.T, noFast bool) *core.Program {
	t.Helper()
	g, err := lang.LoadSource("hand.rules", []byte(handRules), nil)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Compile(g, core.Config{Disable: disableAll(noFast)})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestDropKinds: with two kinds in hand a drop's text names the kind;
// onto excludes the locked edge; the hand empties kind by kind.
func TestDropKinds(t *testing.T) {
	for _, noFast := range []bool{false, true} {
		p := handGame(t, noFast)
		s := p.NewState(0)
		ml := legal(p, s)
		if len(ml) != 2*20 || ml[0] != "man@a1" || ml[1] != "king@a1" || ml[2] != "man@b1" || ml[39] != "king@d5" {
			t.Fatalf("drops: %v", ml)
		}
		play(t, p, s, "king@c3", "man@a1", "man@b1") // red, blue, red
		var want []string
		for _, c := range strings.Fields("c1 d1 a2 b2 c2 d2 a3 b3 d3 a4 b4 c4 d4 a5 b5 c5 d5") {
			want = append(want, "man@"+c, "king@"+c)
		}
		wantMoves(t, p, s, want...) // blue holds both kinds
		play(t, p, s, "king@d5")
		want = want[:0]
		for _, c := range strings.Fields("c1 d1 a2 b2 c2 d2 a3 b3 d3 a4 b4 c4 d4 a5 b5 c5") {
			want = append(want, "man@"+c)
		}
		wantMoves(t, p, s, want...) // red holds one man
		if got := p.HandText(s); got != "in hand: red: man 1; blue: man 1" {
			t.Errorf("hands: %q", got)
		}
	}
}

// TestLockInsideAndChainStop: the generic walker (text: path). A piece
// that starts in the corner zone lands only in it; chains end on the
// fixed edge, whose pieces never move.
func TestLockInsideAndChainStop(t *testing.T) {
	for _, noFast := range []bool{false, true} {
		p := handGame(t, noFast)
		s := p.NewState(0)
		// red: men a1 (in the corner), d4, king c3; blue: men b2 (in the
		// corner), b5, king d3.
		play(t, p, s, "man@a1", "man@b2", "king@c3", "king@d3", "man@d4", "man@b5")
		// a1 stays in the corner (over b2 lands on c3: taken). c3 jumps d4
		// to e5 and d3 to e3, the edge: the chains stop there (not
		// c3-e3-c5 over d4). d4 jumps d3 to d2, then c3 to b4.
		wantMoves(t, p, s, "a1-a2", "a1-b1",
			"c3-c4", "c3-d2", "c3-c2", "c3-b3", "c3-b4",
			"d4-d5", "d4-e5", "d4-e4", "d4-e3", "d4-c4", "d4-c5",
			"c3-e5", "c3-e3", "d4-d2", "d4-d2-b4")
		// Blue: b2 starts in the corner and stays there (b1, a2); d3 starts
		// outside and may end in it (d3-b3-b1).
		s.Mover = 1
		wantMoves(t, p, s, "b2-b1", "b2-a2",
			"d3-e4", "d3-e3", "d3-e2", "d3-d2", "d3-c2", "d3-c4",
			"b5-c5", "b5-c4", "b5-b4", "b5-a4", "b5-a5",
			"d3-d5", "d3-b3", "d3-b3-b1")
	}
}

// TestHandPlayouts: random games of Conspirateurs end (two passes or a
// goal) or reach the cap, and a clone carries the hands.
func TestHandPlayouts(t *testing.T) {
	p := load(t, "conspirateurs.rules", nil, core.Config{})
	s := p.NewState(0)
	play(t, p, s, "@i9")
	c := s.Clone()
	if p.HandText(c) != p.HandText(s) || p.HandOf(c, 0) != 19 {
		t.Fatalf("clone hands %q", p.HandText(c))
	}
	var ml core.MoveList
	rng := rand.New(rand.NewPCG(3, 4))
	n := p.RandomPlayout(c, rng, &ml, 300)
	if n < 39 || p.HandOf(c, 0)+p.HandOf(c, 1) != 0 {
		t.Errorf("playout of %d plies, hands %s", n, p.HandText(c))
	}
	if p.HandOf(s, 0) != 19 {
		t.Errorf("the playout changed the original's hand")
	}
}

// TestLocksOnGroups: a group move honours the locks: with `inside` every
// stone of the group that starts in the zone ends in it (a1:b1-d1 would
// take b1 out); with `fixed` the stones of the zone do not move at all.
func TestLocksOnGroups(t *testing.T) {
	src := `
board { shape: square(4x4) }
players: red, blue
piece stone {}
setup red { stone: a1 b1 }
setup blue { stone: d4 }
zone home: a1 b1 c1 a2 b2 c2
lock home: LOCK
group { piece: own stone; dirs: [n, e]; onto: empty }
`
	for _, tc := range []struct {
		lock string
		want []string
	}{
		{"inside", []string{"a1-a2", "b1-b2", "b1-c1", "a1:b1-c1"}},
		{"fixed", nil},
	} {
		g, err := lang.LoadSource("groups.rules", []byte(strings.Replace(src, "LOCK", tc.lock, 1)), nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, noFast := range []bool{false, true} {
			p, err := Compile(g, core.Config{Disable: disableAll(noFast)})
			if err != nil {
				t.Fatal(err)
			}
			wantMoves(t, p, p.NewState(0), tc.want...)
		}
	}
}
