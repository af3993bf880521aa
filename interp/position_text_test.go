package interp

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/lang"
)

// positionDiff names the first part of the positions of a and b that
// differs ("" when none does): the cells and stacks, every derived index,
// the counters, the hands and how the game stands.
func positionDiff(p *core.Program, a, b *core.State) string {
	switch {
	case !slices.Equal(a.CellsW, b.CellsW):
		return "cells"
	case !slices.Equal(a.Hgt, b.Hgt):
		return "stack heights"
	case !slices.Equal(a.Occ, b.Occ):
		return "occupancy sets"
	case !slices.Equal(a.OccC, b.OccC):
		return "occupancy sets per code"
	case !slices.Equal(a.OnTarget, b.OnTarget):
		return "pieces on target"
	case (a.Mailbox == nil) != (b.Mailbox == nil) || a.Mailbox != nil && *a.Mailbox != *b.Mailbox:
		return "mailbox"
	case (a.Small == nil) != (b.Small == nil):
		return "small position"
	case a.Mover != b.Mover || a.PlyCount != b.PlyCount || a.Passes != b.Passes || a.Last != b.Last:
		return fmt.Sprintf("mover, ply, passes, last: %d %d %d %d, %d %d %d %d", a.Mover, a.PlyCount, a.Passes, a.Last, b.Mover, b.PlyCount, b.Passes, b.Last)
	case !slices.Equal(a.Turns, b.Turns) || !slices.Equal(a.CapturedBy, b.CapturedBy) || !slices.Equal(a.Points, b.Points):
		return fmt.Sprintf("turns, captured, points: %v %v %v, %v %v %v", a.Turns, a.CapturedBy, a.Points, b.Turns, b.CapturedBy, b.Points)
	case !slices.Equal(a.Ctr, b.Ctr) || !slices.Equal(a.Hand, b.Hand):
		return fmt.Sprintf("counters, hand: %v %v, %v %v", a.Ctr, a.Hand, b.Ctr, b.Hand)
	case a.End != b.End || a.Winner != b.Winner && a.End != core.EndNone:
		return fmt.Sprintf("end: %d %d, %d %d", a.End, a.Winner, b.End, b.Winner)
	}
	if a.Hgt != nil {
		for c := range a.Cells {
			if !slices.Equal(p.Stack(a, c), p.Stack(b, c)) {
				return "stack on " + p.CellName(c)
			}
		}
	}
	return ""
}

// checkRead reads text and checks it gives the position of want back,
// consistent, and written as text again.
func checkRead(t *testing.T, p *core.Program, text string, want *core.State) *core.State {
	t.Helper()
	got, err := ParsePosition(p, text)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	if d := positionDiff(p, want, got); d != "" {
		t.Fatalf("%s: read back, the %s differ", text, d)
	}
	if !occConsistent(p, got) || !onTargetConsistent(p, got) {
		t.Fatalf("%s: indexes inconsistent", text)
	}
	if again := PositionText(p, got); again != text {
		t.Fatalf("written again:\n%s\nwant\n%s", again, text)
	}
	return got
}

// TestPositionTextRoundTrip writes the positions of random games of
// every bundled game (with and without accelerators) and reads them
// back: the same position, indexes and all, the same legal moves and
// the same status.
func TestPositionTextRoundTrip(t *testing.T) {
	games := bundledAndUnseen(t)
	names := make([]string, 0, len(games))
	for n := range games {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		for _, off := range []bool{false, true} {
			p, err := Compile(games[name], core.Config{Disable: disableAll(off)})
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(7, uint64(len(name))))
			var ml, ml2 core.MoveList
			for game := 0; game < 3; game++ {
				s := p.NewState(uint64(game))
				for ply := 0; ply < 400; ply++ {
					text := PositionText(p, s)
					if strings.Contains(text, " turns:") {
						t.Fatalf("%s: %s: a game played in turn from the start has the default turns", name, text)
					}
					got := checkRead(t, p, text, s)
					p.Legal(s, &ml)
					p.Legal(got, &ml2)
					if !slices.Equal(p.Texts(&ml), p.Texts(&ml2)) {
						t.Fatalf("%s: %s: moves differ", name, text)
					}
					if st, st2 := p.Status(s), p.Status(got); !equalStatus(st, st2) {
						t.Fatalf("%s: %s: status %+v, read %+v", name, text, st, st2)
					}
					if p.Status(s).Over || len(ml.Moves) == 0 {
						break
					}
					p.Apply(s, &ml, rng.IntN(len(ml.Moves)))
				}
			}
		}
	}
}

// TestPositionTextPerft: perft from a read position equals perft from
// the position the moves reached, with and without accelerators.
func TestPositionTextPerft(t *testing.T) {
	for _, tc := range []struct {
		file  string
		plies int
		depth int
	}{
		{"draughts.rules", 12, 4},
		{"jumpwings.rules", 9, 3},
		{"chinese-checkers.rules", 6, 2},
		{"conspirateurs.rules", 5, 2},
		{"draughts-international.rules", 20, 3},
	} {
		g := loadGame(t, tc.file, nil)
		var texts []string
		var want []uint64
		for _, off := range []bool{false, true} {
			p, err := Compile(g, core.Config{Disable: disableAll(off)})
			if err != nil {
				t.Fatal(err)
			}
			s := p.NewState(1)
			rng := rand.New(rand.NewPCG(3, 4))
			var ml core.MoveList
			for i := 0; i < tc.plies; i++ {
				p.Legal(s, &ml)
				p.Apply(s, &ml, rng.IntN(len(ml.Moves)))
			}
			text := PositionText(p, s)
			read, err := ParsePosition(p, text)
			if err != nil {
				t.Fatal(err)
			}
			texts = append(texts, text)
			want = append(want, p.Perft(s, tc.depth), p.Perft(read, tc.depth))
		}
		if texts[0] != texts[1] || want[0] != want[1] || want[0] != want[2] || want[0] != want[3] {
			t.Errorf("%s: texts %q, perft %v (moved, read; then without accelerators)", tc.file, texts, want)
		}
	}
}

// TestPositionTextStarts pins the texts of three starts of different
// board shapes: a square board of dark cells only, a star of hex rows,
// a hex board with stacks; and a game with pieces in hand.
func TestPositionTextStarts(t *testing.T) {
	for _, tc := range []struct{ file, want string }{
		// English draughts: 8 rows of 4 dark cells, from rank 8 down;
		// black's men (M) on ranks 1-3, black to move
		{"draughts.rules", "mmmm/mmmm/mmmm/4/4/MMMM/MMMM/MMMM black"},
		// the star: rows of 1, 2, 3, 4, then 13 down to 9 and back, then
		// 4, 3, 2, 1 cells; p1's marbles (M) in the bottom point
		{"chinese-checkers.rules", "m/mm/mmm/mmmm/13/12/11/10/9/10/11/12/13/MMMM/MMM/MM/M p1"},
		// rows of 3, 4, 5, 4, 5, 4, 3 cells; each piece a stack of one
		{"jumpwings.rules", "hhh/cccc/fffff/4/FFFFF/CCCC/HHH light"},
		// an empty 17x17 board, 20 men in each hand
		{"conspirateurs.rules", "17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17 black hand:20M,20m"},
	} {
		p, err := Compile(loadGame(t, tc.file, nil), core.Config{})
		if err != nil {
			t.Fatal(err)
		}
		s := p.NewState(0)
		if got := PositionText(p, s); got != tc.want {
			t.Errorf("%s: %s\nwant %s", tc.file, got, tc.want)
		}
		checkRead(t, p, PositionText(p, s), s)
	}
}

// TestPositionTextErrors: what the rules cannot hold is an error naming
// it and its column.
func TestPositionTextErrors(t *testing.T) {
	for _, tc := range []struct {
		file, text string
		col        int
		msg        string
	}{
		{"draughts.rules", "", 1, `the text is empty: want the board's rows, then the side to move`},
		{"draughts.rules", "mmmm/mmmm/mmmm/4/4/MMMM/MMMM/MMMM", 34, `the side to move is missing (players: black, white)`},
		{"draughts.rules", "mmmm/mmmm/mmmm/4/4/MMMM/MMMM/MMMM red", 35, `no player "red" to move (players: black, white)`},
		{"draughts.rules", "mmmm/mmmm/mmm/4/4/MMMM/MMMM/MMMM black", 14, `row 6 (the text's row 3) has 4 cells, the text gives 3`},
		{"draughts.rules", "mmmm/mmmm/mmmmm/4/4/MMMM/MMMM/MMMM black", 15, `row 6 (the text's row 3) has only 4 cells`},
		{"draughts.rules", "mmmm/mmmm/mm3/4/4/MMMM/MMMM/MMMM black", 13, `3 empty cells run past the end of row 6 (the text's row 3): it has 4 cells, 2 given before`},
		{"draughts.rules", "mmmm/mmmm/mmmm/4/4/MMMM/MMMM black", 29, `the board has 8 rows, the text gives 7`},
		{"draughts.rules", "mmmm/mmmm/mmmm/4/4/MMMM/MMMM/MMMM/4 black", 34, `the board has 8 rows, the text gives more`},
		{"draughts.rules", "mmmm/mmmm/mmmm/4/4/MQMM/MMMM/MMMM black", 21, `the game has no piece "Q" (pieces: M black man, m white man, K black king, k white king)`},
		{"draughts.rules", "mmmm/mmmm/mmmm/4/4/(MK)MMM/MMMM/MMMM black", 20, `cell a3: 2 pieces, but the game has no stacks (one piece a cell)`},
		{"draughts.rules", "mmmm/mmmm/mmmm/4/4/MMMM/MMMM/MMMM black ply:-1", 45, `ply: want a whole number from 0 to 1073741823, not "-1"`},
		{"draughts.rules", "mmmm/mmmm/mmmm/4/4/MMMM/MMMM/MMMM black ply:4 turns:1,2", 53, `the turns add up to 3 plies, the ply is 4`},
		{"draughts.rules", "mmmm/mmmm/mmmm/4/4/MMMM/MMMM/MMMM black captured:1", 50, `captured: want 2 numbers, one per player (black, white), not 1`},
		{"draughts.rules", "mmmm/mmmm/mmmm/4/4/MMMM/MMMM/MMMM black colour:red", 41, `unknown field "colour:red": want one of ply, turns, passes, swapped, captured, points, hand, last, counters, each KEY:VALUE`},
		{"draughts.rules", "mmmm/mmmm/mmmm/4/4/MMMM/MMMM/MMMM black hand:M", 46, `the game has no pieces in hand`},
		{"draughts.rules", "mmmm/mmmm/mmmm/4/4/MMMM/MMMM/MMMM black last:a1", 46, `the rules do not read the last move's cell: no last: field`},
		{"draughts.rules", "mmmm/mmmm/mmmm/4/4/MMMM/MMMM/[white queen]MMM black", 30, `the game has no piece "white queen" (pieces: M black man, m white man, K black king, k white king)`},
		{"draughts-international.rules", "5/5/5/5/5/5/5/5/5/K4 white counters:quiet=3", 43, `counter quiet is 3, but it goes up by one a ply at most and 0 plies were played (set ply: too)`},
		{"draughts-international.rules", "5/5/5/5/5/5/5/5/5/K4 white counters:queens=3", 37, `counters: want NAME=VALUE items, the names quiet, king-against-three, king-against-two; not "queens=3"`},
		{"jumpwings.rules", "hhh/cccc/fffff/4/FFFFF/CCCC/(HHHHHHHHHHHHHHHHHHHHHHHHHHHHHH)HH light", 29, `cell a1: a stack of more than 24 pieces, the most the game's pieces make`},
		{"jumpwings.rules", "hhh/cccc/fffff/4/FFFFF/CCCC/()HH light", 29, `cell a1: an empty stack '()': an empty cell is written as a count`},
		{"jumpwings.rules", "hhh/cccc/fffff/4/FFFFF/CCCC/(HH light", 29, `a stack with no closing ')'`},
		{"conspirateurs.rules", "17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17 black hand:20M,0m", 67, `hand: a count of 0 (leave the piece out)`},
		{"conspirateurs.rules", "17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17 black hand:20M,20m,M", 71, `hand: black man given twice`},
		{"draughts.rules", "mmmm/mmmm/mmmm/4/4/MMMM/MMMM/MMMM black passes:3", 48, `3 passes in a row, more than the 0 plies played`},
		{"draughts.rules", "mmmm/mmmm/mmmm/4/4/MMMM/MMMM/MMMM black ply:2 ply:3", 47, `field ply given twice`},
		{"draughts.rules", "mmmm/mmmm/mmmm/4/4/MMMM/MMMM/MMMM black captured:-1,0", 50, `captured of black: want a whole number from 0 to 1073741823, not "-1"`},
		{"draughts.rules", "mmmm/mmmm/mmmm/4/4/MMMM/MMMM/MMMM black ply:99999999999999999999", 45, `ply: want a whole number from 0 to 1073741823, not "99999999999999999999"`},
		{"konane.rules", "sSsSsSsS/SsSsSsSs/sSsSsSsS/SsSsSsSs/sSs1sSsS/SsSsSsSs/sSsSsSsS/SsSsSsSs white ply:1 last:z9", 90, `no cell "z9"`},
		{"konane.rules", "sSsSsSsS/SsSsSsSs/sSsSsSsS/SsSsSsSs/sSs1sSsS/SsSsSsSs/sSsSsSsS/SsSsSsSs white last:d4", 84, `a last move's cell at ply 0`},
		{"draughts-international.rules", "5/5/5/5/5/5/5/5/5/K4 white ply:4 counters:quiet=1,quiet=2", 51, `counters: quiet given twice`},
		{"conspirateurs.rules", "17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17 black hand:3", 64, `hand: a piece expected after the count (pieces: M black man, m white man)`},
		{"conspirateurs.rules", "17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17 black hand:3Mm", 65, `hand: want COUNT PIECE items separated by ',', e.g. 3M,m`},
	} {
		p, err := Compile(loadGame(t, tc.file, nil), core.Config{})
		if err != nil {
			t.Fatal(err)
		}
		_, err = ParsePosition(p, tc.text)
		var pe *PositionError
		if !errors.As(err, &pe) {
			t.Fatalf("%s %q: error %v, want a PositionError", tc.file, tc.text, err)
		}
		if pe.Col != tc.col || pe.Msg != tc.msg {
			t.Errorf("%s %q: column %d: %s\nwant column %d: %s", tc.file, tc.text, pe.Col, pe.Msg, tc.col, tc.msg)
		}
	}
	// the whole message: the line and a caret under the column
	p, err := Compile(loadGame(t, "draughts.rules", nil), core.Config{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = ParsePosition(p, "mmmm/mmmm/mmmm/4/4/MQMM/MMMM/MMMM black")
	want := "position text, column 21: the game has no piece \"Q\" (pieces: M black man, m white man, K black king, k white king)\n" +
		"  mmmm/mmmm/mmmm/4/4/MQMM/MMMM/MMMM black\n" +
		"                      ^"
	if err == nil || err.Error() != want {
		t.Errorf("got\n%v\nwant\n%s", err, want)
	}
}

// FuzzPositionText: any text reads or gets an error, never a panic; what
// reads is written back to a text that reads to the same position, and
// moves can be generated from it.
func FuzzPositionText(f *testing.F) {
	files := []string{"draughts.rules", "jumpwings.rules", "conspirateurs.rules", "salta.rules", "chinese-checkers.rules", "draughts-international.rules"}
	var progs []*core.Program
	for _, file := range files {
		p, err := Compile(loadGame(f, file, nil), core.Config{})
		if err != nil {
			f.Fatal(err)
		}
		progs = append(progs, p)
		s := p.NewState(0)
		f.Add(uint8(len(progs)-1), PositionText(p, s))
		rng := rand.New(rand.NewPCG(1, 2))
		var ml core.MoveList
		for i := 0; i < 30; i++ {
			if p.Legal(s, &ml); len(ml.Moves) == 0 {
				break
			}
			p.Apply(s, &ml, rng.IntN(len(ml.Moves)))
		}
		f.Add(uint8(len(progs)-1), PositionText(p, s))
	}
	f.Add(uint8(1), "hhh/cccc/ffff1/4/FF(Ff)FF/CCCC/HHH dark ply:3 turns:1,2 captured:0,4 last:c2")
	f.Add(uint8(2), "17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17 black hand:3M,m ply:9")
	f.Add(uint8(5), "5/5/5/5/5/5/5/5/5/K4 white ply:30 counters:quiet=30")
	f.Fuzz(func(t *testing.T, which uint8, text string) {
		p := progs[int(which)%len(progs)]
		s, err := ParsePosition(p, text)
		if err != nil {
			var pe *PositionError
			if !errors.As(err, &pe) {
				t.Fatalf("%q: error %v is no PositionError", text, err)
			}
			if !strings.Contains(err.Error(), "^") {
				t.Fatalf("%q: error without a caret: %v", text, err)
			}
			return
		}
		again := PositionText(p, s)
		s2, err := ParsePosition(p, again)
		if err != nil {
			t.Fatalf("%q written as %q: %v", text, again, err)
		}
		if d := positionDiff(p, s, s2); d != "" {
			t.Fatalf("%q written as %q: the %s differ", text, again, d)
		}
		if !occConsistent(p, s) || !onTargetConsistent(p, s) {
			t.Fatalf("%q: indexes inconsistent", text)
		}
		var ml core.MoveList
		if err := Guard(func() { p.Legal(s, &ml) }); err != nil {
			return
		}
		p.Status(s)
	})
}

// randomPositionText makes a position text of p at random, every piece
// by its name: each cell empty or holding a piece (a stack of up to three
// in a game with stacks, within the room the game has), any player to
// move, and every field the game has with values the rules allow.
func randomPositionText(p *core.Program, rng *rand.Rand) string {
	g := p.Game()
	byRow := map[int][]int{}
	var ys []int
	for c := 0; c < p.NumCells; c++ {
		y := p.CellY[c]
		if byRow[y] == nil {
			ys = append(ys, y)
		}
		byRow[y] = append(byRow[y], c)
	}
	sort.Sort(sort.Reverse(sort.IntSlice(ys)))
	room := p.Scap
	if g.Stacking {
		room -= 3 // kept for the hand
	}
	var b strings.Builder
	for i, y := range ys {
		if i > 0 {
			b.WriteByte('/')
		}
		empty := 0 // empty cells not written yet: a run is one number
		for range byRow[y] {
			n := 0
			if rng.IntN(2) == 0 {
				n = 1
				if g.Stacking && rng.IntN(3) == 0 {
					n = 1 + rng.IntN(3)
				}
			}
			if g.Stacking && n > room {
				n = 0
			}
			room -= n
			if n == 0 {
				empty++
				continue
			}
			if empty > 0 {
				fmt.Fprint(&b, empty)
				empty = 0
			}
			if n > 1 {
				b.WriteByte('(')
			}
			for k := 0; k < n; k++ {
				b.WriteString("[" + g.Pieces[rng.IntN(len(g.Pieces))].Name + "]")
			}
			if n > 1 {
				b.WriteByte(')')
			}
		}
		if empty > 0 {
			fmt.Fprint(&b, empty)
		}
	}
	np := p.NumPlayers()
	mover := rng.IntN(np)
	ply := rng.IntN(200)
	if p.Limit > 0 {
		ply = rng.IntN(p.Limit + 1)
	}
	if p.Order != nil {
		mover = p.Order.At(ply) // a turn order: the ply's player moves
	}
	b.WriteString(" " + g.Players[mover].Name)
	turns := make([]string, np)
	left := ply
	for i := range turns {
		t := left
		if i < np-1 {
			t = rng.IntN(left + 1)
		}
		left -= t
		turns[i] = fmt.Sprint(t)
	}
	fmt.Fprintf(&b, " turns:%s passes:%d", strings.Join(turns, ","), rng.IntN(min(ply, 3)+1))
	captured, points := make([]string, np), make([]string, np)
	for i := range captured {
		captured[i], points[i] = fmt.Sprint(rng.IntN(20)), fmt.Sprint(rng.IntN(41)-20)
	}
	fmt.Fprintf(&b, " captured:%s points:%s", strings.Join(captured, ","), strings.Join(points, ","))
	if p.Hands {
		var held []string
		for _, pcs := range g.Hands {
			for _, pc := range pcs {
				if n := rng.IntN(3); n > 0 && !g.Stacking {
					held = append(held, fmt.Sprintf("%d[%s]", n, g.Pieces[pc.Piece].Name))
				}
			}
		}
		if len(held) > 0 {
			b.WriteString(" hand:" + strings.Join(held, ","))
		}
	}
	if p.KeepLast && ply > 0 {
		b.WriteString(" last:" + p.CellName(rng.IntN(p.NumCells)))
	}
	if len(g.Counters) > 0 {
		var cs []string
		for k, c := range g.Counters {
			if p.Counters[k].At < 0 {
				continue // (never counts: an option turned it off)
			}
			values := []string{fmt.Sprint(rng.IntN(ply + 1))}
			for c.PerPlayer && len(values) < p.Players {
				values = append(values, fmt.Sprint(rng.IntN(ply+1)))
			}
			cs = append(cs, c.Name+"="+strings.Join(values, "/"))
		}
		if len(cs) > 0 {
			b.WriteString(" counters:" + strings.Join(cs, ","))
		}
	}
	return b.String()
}

// TestPositionTextRandom reads random position texts of every bundled
// game (positions no game may reach: any piece anywhere, any side to
// move, any counts): each reads, writes back to a text that reads to the
// same position, and its moves to depth 2 are those the generic walker
// finds.
func TestPositionTextRandom(t *testing.T) {
	games := bundledAndUnseen(t)
	names := make([]string, 0, len(games))
	for n := range games {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		// a low bound on the quiet leaps of a chain: random positions open
		// chains that cross a board of pieces many ways
		fast, err := Compile(games[name], core.Config{MaxLeaps: 500})
		if err != nil {
			t.Fatal(err)
		}
		ref, err := Compile(games[name], core.Config{Disable: disableAll(true), MaxLeaps: 500})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(11, uint64(len(name))))
		for i := 0; i < 10; i++ {
			text := randomPositionText(fast, rng)
			s, err := ParsePosition(fast, text)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			written := PositionText(fast, s)
			checkRead(t, fast, written, s)
			r, err := ParsePosition(ref, written)
			if err != nil {
				t.Fatalf("%s: without accelerators: %v", name, err)
			}
			checkRead(t, ref, written, r)
			var a, b uint64
			depth := 2
			err = Guard(func() {
				if fast.Perft(s, 1) > 300 {
					depth = 1 // a random board of hoppers has its million replies
				}
				a, b = fast.Perft(s, depth), ref.Perft(r, depth)
			})
			if err != nil {
				continue // chains that grow past the bound of move generation (a LimitError)
			}
			if a != b {
				t.Errorf("%s: %s: perft %d: %d, without accelerators %d", name, written, depth, a, b)
			}
		}
	}
}

// TestPositionTextSharedSymbols: pieces that share a symbol are written
// by their names.
func TestPositionTextSharedSymbols(t *testing.T) {
	src := `game: "Two P"
board { shape: square(4x4) }
player white { forward: north }
player black { forward: south }
piece pawn { symbol: "P" }
piece prince { symbol: "P" }
setup white {
  pawn: ranks(1)
  prince: a2
}
setup black: mirror(white)
step { dirs: forward }
end { no-move: lose }
`
	g, err := lang.LoadSource("twop.rules", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Compile(g, core.Config{})
	if err != nil {
		t.Fatal(err)
	}
	s := p.NewState(0)
	want := "[black pawn][black pawn][black pawn][black pawn]/3[black prince]/[white prince]3/[white pawn][white pawn][white pawn][white pawn] white"
	if got := PositionText(p, s); got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	checkRead(t, p, want, s)
	if _, err := ParsePosition(p, "4/4/4/P3 white"); err == nil || !strings.Contains(err.Error(), `column 7: the game has no piece "P"`) {
		t.Errorf("a shared symbol read: %v", err)
	}
}

// TestPositionErrorCaret: the caret stands under the column, also where
// a long text is cut around it.
func TestPositionErrorCaret(t *testing.T) {
	for _, tc := range []struct {
		file, from, to string
		under          byte
	}{
		{"leapfrog.rules", " p1", " p3", 'p'},
		{"salta.rules", "[SU1]", "[SU9]", '['},
		{"draughts.rules", " black", " blue", 'b'},
	} {
		p, err := Compile(loadGame(t, tc.file, nil), core.Config{})
		if err != nil {
			t.Fatal(err)
		}
		text := strings.Replace(PositionText(p, p.NewState(0)), tc.from, tc.to, 1)
		_, err = ParsePosition(p, text)
		if err == nil {
			t.Fatalf("%s: %s read", tc.file, text)
		}
		lines := strings.Split(err.Error(), "\n")
		if len(lines) != 3 {
			t.Fatalf("%s: %q", tc.file, err)
		}
		at := strings.IndexByte(lines[2], '^')
		if at < 0 || at >= len(lines[1]) || lines[1][at] != tc.under || len(lines[1]) > 2+3+120 {
			t.Errorf("%s: the caret is not under %q:\n%s", tc.file, tc.under, err)
		}
		var pe *PositionError
		if errors.As(err, &pe); text[pe.Col-1] != tc.under {
			t.Errorf("%s: column %d holds %q", tc.file, pe.Col, text[pe.Col-1])
		}
	}
}
