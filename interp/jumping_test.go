package interp

import (
	"strings"
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
)

// International draughts (games/draughts-international.rules): long
// leaps, hurdles, captures taken at the end, the majority, promotion at
// the move's end, the quiet-move counter and its draw. Every position is
// checked with and without the fast paths (at), in list, count and select
// modes (wantMoves).

const intl = "draughts-international.rules"

func TestFlyingKingCaptureLandings(t *testing.T) {
	// The king on a1 takes d4 and may land on any empty cell beyond it;
	// capturing is compulsory, so the king's quiet moves are not legal.
	progs, states := at(t, intl, nil, 0, "a1 white king", "d4 black man", "j2 black man")
	for i, p := range progs {
		s := states[i]
		wantMoves(t, p, s, "a1-e5", "a1-f6", "a1-g7", "a1-h8", "a1-i9", "a1-j10")
		play(t, p, s, "a1-g7")
		if pieceName(p, s, "d4") != "" || pieceName(p, s, "g7") != "white king" || s.CapturedBy[0] != 1 {
			t.Errorf("after a1-g7:\n%s", p.Render(s))
		}
		p.Undo(s)
		if pieceName(p, s, "d4") != "black man" || pieceName(p, s, "a1") != "white king" || s.CapturedBy[0] != 0 {
			t.Errorf("after undo:\n%s", p.Render(s))
		}
	}
	// A second enemy piece right behind the first stops the ray: no
	// landing, no capture; the king slides.
	progs, states = at(t, intl, nil, 0, "a1 white king", "d4 black man", "e5 black man")
	for i, p := range progs {
		wantMoves(t, p, states[i], "a1-b2", "a1-c3")
	}
}

func TestMajorityShortOrLongChain(t *testing.T) {
	// c3 takes b4 (one piece) or d4 then f6 (two): only the longer chain
	// is legal; g3's capture of h4 (one piece) is dropped too.
	progs, states := at(t, intl, nil, 0, "c3 white man", "g3 white man",
		"b4 black man", "d4 black man", "f6 black man", "h4 black man")
	for i, p := range progs {
		s := states[i]
		wantMoves(t, p, s, "c3-g7")
		play(t, p, s, "c3-g7")
		if s.CapturedBy[0] != 2 || pieceName(p, s, "d4") != "" || pieceName(p, s, "f6") != "" || pieceName(p, s, "b4") != "black man" {
			t.Errorf("after c3-g7:\n%s", p.Render(s))
		}
	}
	// Equal captures: both stay, kings and men counting alike.
	progs, states = at(t, intl, nil, 0, "c3 white man", "b4 black king", "d4 black man", "j10 black man")
	for i, p := range progs {
		wantMoves(t, p, states[i], "c3-e5", "c3-a5")
	}
}

func TestManPassesFarRankMidCapture(t *testing.T) {
	// f8 takes g9 landing on h10 (the far rank) and goes on, still a man,
	// taking i9 backwards: the only move, and it ends a man on j8.
	progs, states := at(t, intl, nil, 0, "f8 white man", "g9 black man", "i9 black man", "a9 black man")
	for i, p := range progs {
		s := states[i]
		wantMoves(t, p, s, "f8-j8")
		play(t, p, s, "f8-j8")
		if got := pieceName(p, s, "j8"); got != "white man" {
			t.Errorf("j8 holds %q, want a white man", got)
		}
	}
	// A move that ends on the far rank crowns the man.
	progs, states = at(t, intl, nil, 0, "f8 white man", "g9 black man", "a9 black man")
	for i, p := range progs {
		s := states[i]
		wantMoves(t, p, s, "f8-h10")
		play(t, p, s, "f8-h10")
		if got := pieceName(p, s, "h10"); got != "white king" {
			t.Errorf("h10 holds %q, want a white king", got)
		}
		p.Undo(s)
		if got := pieceName(p, s, "f8"); got != "white man" {
			t.Errorf("after undo f8 holds %q", got)
		}
	}
}

func TestTakenPiecesBlock(t *testing.T) {
	// Four black men around d4; the king on b2 takes c3 landing on d4
	// (e5 behind it stops the ray), then one more. c3, still on the board
	// until the move ends, blocks: from f2 the king may not pass e3 (taken)
	// to take c5, and nothing goes back over c3. Every chain takes two.
	places := []string{"b2 white king", "c3 black man", "e3 black man", "e5 black man", "c5 black man"}
	want := []string{"b2-f6", "b2-g7", "b2-h8", "b2-i9", "b2-j10", "b2-f2", "b2-g1", "b2-b6", "b2-a7"}
	progs, states := at(t, intl, nil, 0, places...)
	for i, p := range progs {
		s := states[i]
		wantMoves(t, p, s, want...)
		play(t, p, s, "b2-f2")
		if s.CapturedBy[0] != 2 || pieceName(p, s, "c3") != "" || pieceName(p, s, "e3") != "" ||
			pieceName(p, s, "e5") != "black man" || pieceName(p, s, "f2") != "white king" {
			t.Errorf("after b2-f2:\n%s", p.Render(s))
		}
	}
	// With captures taken at once the same king passes an emptied cell
	// (e3 from f2 or g1, c5 from b6 or a7) and takes a third piece: only
	// those chains stay (the majority); the chains with the same ends and
	// captures (b2-d4-f2-b6 and b2-d4-g1-b6) are one move.
	for _, noFast := range []bool{false, true} {
		g := loadGame(t, intl, nil)
		for i := range g.Moves {
			g.Moves[i].TakenAtEnd = false
		}
		p, s := placed(t, g, noFast, places...)
		wantMoves(t, p, s, "b2-b6", "b2-a7", "b2-f2", "b2-g1")
	}
}

// placed compiles g with its setup replaced by places ("cell piece").
func placed(t *testing.T, g *ir.Game, noFast bool, places ...string) (*core.Program, *core.State) {
	t.Helper()
	g.Setup.Place = nil
	for _, pl := range places {
		var cell, name string
		for j := range pl {
			if pl[j] == ' ' {
				cell, name = pl[:j], pl[j+1:]
				break
			}
		}
		ci, pi := -1, -1
		for i, c := range g.Board.Cells {
			if c.Name == cell {
				ci = i
			}
		}
		for i, pc := range g.Pieces {
			if pc.Name == name {
				pi = i
			}
		}
		if ci < 0 || pi < 0 {
			t.Fatalf("bad place %q", pl)
		}
		g.Setup.Place = append(g.Setup.Place, ir.Placement{Cell: ci, Piece: pi})
	}
	p, err := Compile(g, core.Config{Disable: disableAll(noFast)})
	if err != nil {
		t.Fatal(err)
	}
	return p, p.NewState(0)
}

func TestKingQuietSlide(t *testing.T) {
	// The king on c3 slides along its four diagonals up to the edge or a
	// piece; the man on g7 (own) stops the long diagonal. Men first (rule
	// order), then the king by direction (ne, se, sw, nw) and distance.
	progs, states := at(t, intl, nil, 0, "c3 white king", "g7 white man", "a9 black man")
	for i, p := range progs {
		wantMoves(t, p, states[i], "g7-h8", "g7-f8",
			"c3-d4", "c3-e5", "c3-f6", "c3-d2", "c3-e1", "c3-b2", "c3-a1", "c3-b4", "c3-a5")
	}
}

func TestQuietCounterDraw(t *testing.T) {
	// Kings shuttle without capturing: the 50th such ply in a row draws.
	// A man's move at ply 21 starts the count again.
	progs, states := at(t, intl, nil, 0, "a1 white king", "a3 white man", "b10 black king")
	shuttle := []string{"a1-b2", "b10-a9", "b2-a1", "a9-b10"}
	for i, p := range progs {
		s := states[i]
		for k := 0; k < 20; k++ {
			play(t, p, s, shuttle[k%4])
		}
		if s.Ctr[0] != 20 {
			t.Errorf("counter after 20 king plies = %d", s.Ctr[0])
		}
		play(t, p, s, "a3-b4")
		if s.Ctr[0] != 0 {
			t.Errorf("counter after a man's move = %d", s.Ctr[0])
		}
		// Black to move from b10 now.
		seq := []string{"b10-a9", "a1-b2", "a9-b10", "b2-a1"}
		for k := 0; k < 49; k++ {
			play(t, p, s, seq[k%4])
		}
		wantStatus(t, p, s, false, "")
		c := s.Clone()
		if c.Ctr[0] != 49 {
			t.Errorf("clone's counter = %d, want 49", c.Ctr[0])
		}
		play(t, p, s, seq[49%4])
		wantStatus(t, p, s, true, "goal", 0, 1)
		if s.Ctr[0] != 50 {
			t.Errorf("counter = %d, want 50", s.Ctr[0])
		}
		if r := p.Render(s); !strings.HasSuffix(r, "result: draw (goal)\ncounters: quiet 50\n") {
			t.Errorf("render ends:\n%s", r)
		}
		p.Undo(s)
		wantStatus(t, p, s, false, "")
		if s.Ctr[0] != 49 {
			t.Errorf("after undo counter = %d, want 49", s.Ctr[0])
		}
		c.CopyFrom(s)
		if c.Ctr[0] != 49 {
			t.Errorf("CopyFrom's counter = %d, want 49", c.Ctr[0])
		}
	}
}

func TestSameEndsDifferentCaptures(t *testing.T) {
	// The king on g1 takes three pieces in two ways that both end on j4:
	// f2, g5, i5 (g1-e3-h6-j4) or f2, d8, i5 (g1-b6-e9-j4). Named by
	// their ends, each text carries its captured cells (by file, then
	// rank).
	progs, states := at(t, intl, nil, 0, "g1 white king", "d8 black man", "g5 black man", "f2 black man", "i5 black man")
	for i, p := range progs {
		s := states[i]
		wantMoves(t, p, s, "g1-j4xf2xg5xi5", "g1-j4xd8xf2xi5")
		play(t, p, s, "g1-j4xd8xf2xi5")
		if pieceName(p, s, "g5") != "black man" || pieceName(p, s, "d8") != "" || pieceName(p, s, "j4") != "white king" {
			t.Errorf("after g1-j4xd8xf2xi5:\n%s", p.Render(s))
		}
	}
}

func TestLengthRangeAndHurdleWithoutCapture(t *testing.T) {
	// A range of lengths walks the ray until a cell fails over (a3 stops
	// the northward walk: no a3, no a4); a fixed length with a hurdle
	// passes exactly one piece (a3) among the cells passed over.
	src := `
board { shape: square(5x5) }
players: black, white
piece stone {}
setup black { stone: a1 }
setup white { stone: a3 e5 }
jump range { piece: own; dirs: n, e; length: 2 .. 3; over: empty }
jump cannon { piece: own; dirs: n, e; length: 3; over: empty; hurdle: occupied }
`
	for _, p := range endsGame(t, src) {
		s := p.NewState(0)
		wantMoves(t, p, s, "a1-c1", "a1-d1", "a1-a4")
		play(t, p, s, "a1-a4")
		if pieceName(p, s, "a3") != "white stone" || pieceName(p, s, "a4") != "black stone" {
			t.Errorf("after a1-a4:\n%s", p.Render(s))
		}
	}
}

func TestPassCounterDraw(t *testing.T) {
	// Nobody can move: each player passes; the third pass in a row draws
	// by the counter.
	src := `
board { shape: square(2x1) }
players: black, white
piece stone {}
setup black { stone: a1 }
setup white { stone: b1 }
step { dirs: e, w }
counter idle { counts: pass and captures == 0 }
end { no-move: pass; draw: idle >= 3 }
`
	for _, p := range endsGame(t, src) {
		s := p.NewState(0)
		wantMoves(t, p, s, "pass")
		play(t, p, s, "pass", "pass")
		wantStatus(t, p, s, false, "")
		play(t, p, s, "pass")
		wantStatus(t, p, s, true, "goal", 0, 1)
		p.Undo(s)
		if s.Ctr[0] != 2 {
			t.Errorf("after undo the counter is %d, want 2", s.Ctr[0])
		}
	}
}
