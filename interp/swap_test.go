package interp

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/lang"
)

// The swap (the pie rule, `turns { swap: after N }`, core/turns.go): at
// the swap's ply the player to move has one move more, "swap", which
// moves nothing, keeps the player to move and exchanges the seats.

// swapSrc is a small game with the swap after the first ply: two white
// pawns, one black pawn, steps forward (straight or diagonally) onto
// empty cells.
const swapSrc = `
board { shape: square(3x3) }
player white { forward: north }
player black { forward: south }
piece pawn {}
setup white { pawn: a1 c1 }
setup black { pawn: b3 }
zone home { white: ranks(3); black: ranks(1) }
step { dirs: forward }
turns { swap: after 1 }
end { win: some(own, in home); no-move: lose }
`

func loadSwap(t *testing.T, cfg core.Config) *core.Program {
	t.Helper()
	g, err := lang.LoadSource("swap.rules", []byte(swapSrc), nil)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Compile(g, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestSwapLegalMoves: the exact moves of the first plies, with every
// accelerator on and off: no swap at ply 0; after white's first move
// black's two steps and then "swap"; after the swap black is still to
// move, at the same ply, without the swap, the seats exchanged; Undo
// takes the swap back; from ply 2 on there is no swap.
func TestSwapLegalMoves(t *testing.T) {
	for _, cfg := range []core.Config{{}, {Disable: disableAll(true)}} {
		p := loadSwap(t, cfg)
		s := p.NewState(0)
		wantMoves(t, p, s, "a1-a2", "a1-b2", "c1-c2", "c1-b2")
		play(t, p, s, "a1-a2")
		wantMoves(t, p, s, "b3-c2", "b3-b2", "swap")
		play(t, p, s, "swap")
		if s.Mover != 1 || s.PlyCount != 1 || !s.Swapped {
			t.Fatalf("after the swap: mover %d ply %d swapped %v, want black (1) at ply 1, swapped", s.Mover, s.PlyCount, s.Swapped)
		}
		if p.SeatOf(s, 0) != 1 || p.SeatOf(s, 1) != 0 {
			t.Errorf("after the swap: white played by seat %d, black by seat %d; want 1 and 0", p.SeatOf(s, 0), p.SeatOf(s, 1))
		}
		wantMoves(t, p, s, "b3-c2", "b3-b2")
		p.Undo(s)
		if s.Swapped || s.Mover != 1 || s.PlyCount != 1 || p.SeatOf(s, 0) != 0 {
			t.Fatalf("undo of the swap: mover %d ply %d swapped %v", s.Mover, s.PlyCount, s.Swapped)
		}
		wantMoves(t, p, s, "b3-c2", "b3-b2", "swap")
		play(t, p, s, "swap", "b3-c2")
		wantMoves(t, p, s, "c1-b2", "a2-a3", "a2-b3")
		p.Undo(s)
		p.Undo(s)
		play(t, p, s, "b3-b2")
		wantMoves(t, p, s, "c1-c2", "a2-a3", "a2-b3")
	}
}

// TestSwapRefused: "swap" where it is not offered is refused with the
// reason.
func TestSwapRefused(t *testing.T) {
	p := loadSwap(t, core.Config{})
	var ml core.MoveList
	for _, tc := range []struct {
		before []string
		want   string
	}{
		{nil, `move "swap" is not legal here: the swap is offered after ply 1 only, once, and 0 plies have been played`},
		{[]string{"a1-a2", "swap"}, `move "swap" is not legal here: the swap was made already`},
		{[]string{"a1-a2", "b3-b2"}, `move "swap" is not legal here: the swap is offered after ply 1 only, once, and 2 plies have been played`},
	} {
		s := p.NewState(0)
		play(t, p, s, tc.before...)
		if _, err := p.ParseMove(s, &ml, "swap"); err == nil || err.Error() != tc.want {
			t.Errorf("after %v: %v, want %s", tc.before, err, tc.want)
		}
	}
	bt := load(t, "breakthrough.rules", nil, core.Config{})
	s := bt.NewState(0)
	play(t, bt, s, "a2-a3")
	want := `move "swap" is not legal here: the rules have no swap (turns { swap })`
	if _, err := bt.ParseMove(s, &ml, "swap"); err == nil || err.Error() != want {
		t.Errorf("breakthrough without the option: %v, want %s", err, want)
	}
}

// TestSwapBreakthroughPerft: Breakthrough with the option swap. White's
// 8 pawns on rank 2 have 3 steps each, 2 on the a- and h-files: 22
// moves; black's are the mirror image and no move of the first plies
// reaches the other side, so black has 22 replies to each, and after
// either first move and its reply white has 23 moves (the pawn moved
// has 3 or 2 steps, as many as the rank-2 pawns lose to the cell it
// took, and the rank-1 pawns gain the 2 or 3 steps into the cell it
// left, as many as it had: 22 - k + k + 1). The swap is offered after
// each of the 22 first moves and leaves black to move with its 22
// replies: perft(1) = 22; perft(2) = 22*22 + 22 = 506; perft(3) =
// 22*22*23 + 22*22 = 11616. Without the option, 22, 484, 11132.
func TestSwapBreakthroughPerft(t *testing.T) {
	for _, cfg := range []core.Config{{}, {Disable: disableAll(true)}} {
		for _, tc := range []struct {
			opts map[string]string
			want []uint64
		}{
			{map[string]string{"swap": "true"}, []uint64{22, 22*22 + 22, 22*22*23 + 22*22}},
			{nil, []uint64{22, 22 * 22, 22 * 22 * 23}},
		} {
			p := load(t, "breakthrough.rules", tc.opts, cfg)
			for d, n := range tc.want {
				if got := p.Perft(p.NewState(0), d+1); got != n {
					t.Errorf("options %v, disable %v: perft(%d) = %d, want %d", tc.opts, cfg.Disable, d+1, got, n)
				}
				if got := p.GenPerft(p.NewState(0), d+1, nil); got != n {
					t.Errorf("options %v, disable %v: GenPerft(%d) = %d, want %d", tc.opts, cfg.Disable, d+1, got, n)
				}
			}
		}
	}
}

// TestSwapDeclines: the accelerators that count or play plies without
// Legal and CountLegal decline a game with a swap, and say why.
func TestSwapDeclines(t *testing.T) {
	p := load(t, "breakthrough.rules", map[string]string{"swap": "true"}, core.Config{})
	plain := load(t, "breakthrough.rules", nil, core.Config{})
	const why = "the game has a swap (turns { swap }), a move of no piece"
	wants := map[core.Accel]string{
		core.AccelWordsPerft:   why,
		core.AccelStepPlayouts: why,
	}
	for a, why := range wants {
		got := ""
		for _, d := range p.Declines {
			if d.Scope == core.ScopeProgram && d.Accel == a {
				got = d.Why
			}
		}
		if got != why {
			t.Errorf("accelerator %d: declined %q, want %q", a, got, why)
		}
		for _, d := range plain.Declines {
			if d.Scope == core.ScopeProgram && d.Accel == a && d.Why == why {
				t.Errorf("accelerator %d declined a game without swap: %q", a, d.Why)
			}
		}
	}
}

// TestSwapPlayouts: random playouts of Breakthrough with the swap are
// the same games with every accelerator on and off (the counted
// playouts draw the swap as Legal lists it), and some of them swap.
func TestSwapPlayouts(t *testing.T) {
	opts := map[string]string{"swap": "true"}
	fast := load(t, "breakthrough.rules", opts, core.Config{})
	slow := load(t, "breakthrough.rules", opts, core.Config{Disable: disableAll(true)})
	swaps := 0
	for seed := uint64(0); seed < 100; seed++ {
		var ml core.MoveList
		sf, ss := fast.NewState(0), slow.NewState(0)
		nf := fast.RandomPlayout(sf, rand.New(rand.NewPCG(seed, 1)), &ml, 0)
		ns := slow.RandomPlayout(ss, rand.New(rand.NewPCG(seed, 1)), &ml, 0)
		tf, ts := PositionText(fast, sf), PositionText(slow, ss)
		if nf != ns || tf != ts {
			t.Fatalf("seed %d: fast %d plies %s, generic %d plies %s", seed, nf, tf, ns, ts)
		}
		if sf.Swapped {
			swaps++
			if !strings.Contains(tf, " swapped:yes") {
				t.Fatalf("seed %d: swapped, but the position text %q does not say so", seed, tf)
			}
		}
	}
	if swaps == 0 || swaps == 100 {
		t.Errorf("%d of 100 playouts swapped", swaps)
	}
	checkEquiv(t, fast, slow, 6, 200)
}

// TestSwapPositionText: the swap made is the position text's swapped:
// field, read back to the same position (no swap offered); a field the
// position cannot hold is refused.
func TestSwapPositionText(t *testing.T) {
	p := loadSwap(t, core.Config{})
	s := p.NewState(0)
	play(t, p, s, "a1-a2", "swap")
	const want = "1p1/P2/2P black ply:1 swapped:yes"
	if got := PositionText(p, s); got != want {
		t.Fatalf("position text %q, want %q", got, want)
	}
	r, err := ParsePosition(p, want)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Swapped || !slices.Equal(legal(p, r), []string{"b3-c2", "b3-b2"}) {
		t.Errorf("read back: swapped %v, moves %v", r.Swapped, legal(p, r))
	}
	for _, tc := range []struct{ text, want string }{
		{"1p1/3/P1P white swapped:yes", "the swap is offered after ply 1, but this is ply 0"},
		{"1p1/P2/2P black ply:1 swapped:maybe", "swapped:maybe: want yes or no"},
	} {
		if _, err := ParsePosition(p, tc.text); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.text, err, tc.want)
		}
	}
	bt := load(t, "breakthrough.rules", nil, core.Config{})
	text := PositionText(bt, bt.NewState(0)) + " swapped:yes"
	if _, err := ParsePosition(bt, text); err == nil || !strings.Contains(err.Error(), "the rules have no swap (turns { swap }): no swapped: field") {
		t.Errorf("breakthrough without the option: %v", err)
	}
}

// TestSwapHash: at the swap's ply the swap made is part of the hash (the
// swap is no longer offered); after the next ply the positions with and
// without the swap are the same. The incremental hash is the one from
// scratch.
func TestSwapHash(t *testing.T) {
	p := loadSwap(t, core.Config{Hash: true})
	a, b := p.NewState(0), p.NewState(0)
	play(t, p, a, "a1-a2")
	play(t, p, b, "a1-a2", "swap")
	if a.Hash() == b.Hash() {
		t.Errorf("at the swap's ply: the same hash with and without the swap")
	}
	play(t, p, a, "b3-b2")
	play(t, p, b, "b3-b2")
	if a.Hash() != b.Hash() {
		t.Errorf("after the next ply: hashes differ with and without the swap")
	}
	for _, s := range []*core.State{a, b} {
		if s.Hash() != p.HashFromScratch(s) {
			t.Errorf("hash %x, from scratch %x", s.Hash(), p.HashFromScratch(s))
		}
	}
}

// TestSwapEveryGame adds the swap after the first ply to every bundled
// game of two players that has no turns entry and checks, with every
// accelerator on and with all off, that perft(3) is perft(3) + perft(2)
// of the game without it (the swap is offered after each first move
// that leaves the game going on, and black then has the moves it had:
// the count of each first move's two-ply continuations, which is 0
// when that move ended the game), and that random games play the same
// both ways (checkEquiv: lists, counts, selected moves, undo).
func TestSwapEveryGame(t *testing.T) {
	files, err := filepath.Glob("../games/*.rules")
	if err != nil || len(files) == 0 {
		t.Fatalf("no bundled games: %v", err)
	}
	tried := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(src), "\nturns") {
			continue
		}
		g0, err := lang.LoadSource(f, src, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(g0.Players) != 2 || g0.Turns != nil {
			continue
		}
		g, err := lang.LoadSource(f, append(src, "\nturns { swap: after 1 }\n"...), nil)
		if err != nil {
			t.Fatalf("%s with the swap: %v", f, err)
		}
		tried++
		base, err := Compile(g0, core.Config{})
		if err != nil {
			t.Fatal(err)
		}
		want := base.Perft(base.NewState(1), 3) + base.Perft(base.NewState(1), 2)
		var progs []*core.Program
		for _, cfg := range []core.Config{{}, {Disable: disableAll(true)}} {
			p, err := Compile(g, cfg)
			if err != nil {
				t.Fatal(err)
			}
			if got := p.Perft(p.NewState(1), 3); got != want {
				t.Errorf("%s, disable %v: perft(3) with the swap %d, want %d", f, cfg.Disable, got, want)
			}
			progs = append(progs, p)
		}
		checkEquiv(t, progs[0], progs[1], 2, 40)
	}
	if tried < 10 {
		t.Errorf("only %d games tried", tried)
	}
}
