package interp

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/accel"
	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
	"github.com/ruleplay/ruleplay/lang"
)

// playoutCases are the games RandomPlayout is checked on: the bundled
// rules files and the hand-built games of the equivalence tests.
func playoutPrograms(t *testing.T) map[string]*core.Program {
	out := map[string]*core.Program{}
	for _, tc := range equivCases(t) {
		out[tc.name] = tc.b.compile(core.Config{MaxPlies: 300})
		out[tc.name+"-generic"] = tc.b.compile(core.Config{MaxPlies: 300, Disable: []string{"all"}})
	}
	for _, f := range []struct {
		file string
		opts map[string]string
	}{
		{"leapfrog.rules", map[string]string{"size": "8x8"}},
		{"leapfrog.rules", map[string]string{"size": "6x5", "players": "3", "diagonal": "true"}},
		{"leapfrog.rules", map[string]string{"size": "8x8", "players": "9"}},
		{"leapfrog-murray.rules", map[string]string{"size": "8x8"}},
		{"froglet.rules", nil},
		{"capture.rules", nil},
		{"salta.rules", map[string]string{"limit": "120"}},
		{"salta.rules", nil},
		{"pyramid.rules", nil},
		{"draughts.rules", nil},
		{"breakthrough.rules", nil},
		{"crossings.rules", nil},
		{"jumpwings.rules", nil},
		{"jumpwings-advanced.rules", nil},
		{"jumpwings-relative.rules", nil},
		{"konane.rules", nil},
		{"konane.rules", map[string]string{"size": "12x12"}},
		{"draughts-international.rules", nil},
		{"conspirateurs.rules", nil},
		{"chinese-checkers.rules", nil},
		{"chinese-checkers.rules", map[string]string{"players": "6"}},
	} {
		p, err := Compile(loadGame(t, f.file, f.opts), core.Config{MaxPlies: 300})
		if err != nil {
			t.Fatal(err)
		}
		name := f.file
		for k, v := range f.opts {
			name += " " + k + "=" + v
		}
		out[name] = p
	}
	for name, g := range unseenGames(t) {
		for _, noFast := range []bool{false, true} {
			p, err := Compile(g, core.Config{MaxPlies: 300, Disable: disableAll(noFast)})
			if err != nil {
				t.Fatal(err)
			}
			if noFast {
				name += "-generic"
			}
			out[name] = p
		}
	}
	return out
}

// unseenGames loads the rules files of testdata/unseen: games written for
// the tests, not tuned for (bigger boards, other piece sets).
func unseenGames(t testing.TB) map[string]*ir.Game {
	files, err := filepath.Glob("testdata/unseen/*.rules")
	if err != nil || len(files) == 0 {
		t.Fatalf("no rules files in testdata/unseen: %v", err)
	}
	out := map[string]*ir.Game{}
	for _, f := range files {
		g, err := lang.Load(f, nil)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out["unseen/"+filepath.Base(f)] = g
	}
	return out
}

// TestRandomPlayoutIsLegalLoop checks that RandomPlayout plays the game of
// the loop Legal, rng.IntN, Apply with the same generator, and that Perft's
// counting agrees with Legal's lists along the way.
func TestRandomPlayoutIsLegalLoop(t *testing.T) {
	games := 6
	if testing.Short() {
		games = 2
	}
	for name, p := range playoutPrograms(t) {
		t.Run(name, func(t *testing.T) {
			for _, drawer := range []core.PlayoutDrawer{core.PlayoutByList{}, accel.PlayoutByCount{}} {
				p.Playout = drawer // both ways of playing out
				checkPlayouts(t, p, games)
			}
		})
	}
}

// checkPlayouts compares RandomPlayout with the loop Legal, rng.IntN,
// Apply from a start position, checks countLegal at every ply, Undo back to
// the start, CopyFrom and the ply cap.
func checkPlayouts(t *testing.T, p *core.Program, games int) {
	s0 := p.NewState(3)
	var ml, ml2 core.MoveList
	s := p.NewState(0)
	for seed := uint64(0); seed < uint64(games); seed++ {
		s.CopyFrom(s0)
		n := p.RandomPlayout(s, rand.New(rand.NewPCG(seed, 9)), &ml, 0)
		ref := s0.Clone()
		rng := rand.New(rand.NewPCG(seed, 9))
		plies := 0
		for {
			p.Legal(ref, &ml2)
			if c := p.CountLegal(ref, &ml); c != ml2.Len() {
				t.Fatalf("seed %d ply %d: countLegal %d, Legal %d moves", seed, plies, c, ml2.Len())
			}
			if ml2.Len() == 0 {
				break
			}
			p.Apply(ref, &ml2, rng.IntN(ml2.Len()))
			plies++
		}
		if n != plies || p.Render(s) != p.Render(ref) || s.Ply() != ref.Ply() {
			t.Fatalf("seed %d: RandomPlayout %d plies, loop %d:\n%s\nwant\n%s", seed, n, plies, p.Render(s), p.Render(ref))
		}
		if !equalStatus(p.Status(s), p.Status(ref)) {
			t.Fatalf("seed %d: status %+v, want %+v", seed, p.Status(s), p.Status(ref))
		}
		// Undo goes back to the start.
		for i := 0; i < n; i++ {
			p.Undo(s)
		}
		if p.Render(s) != p.Render(s0) || !occConsistent(p, s) || !onTargetConsistent(p, s) {
			t.Fatalf("seed %d: undo after the playout:\n%s", seed, p.Render(s))
		}
	}
	// A cap stops the playout.
	s.CopyFrom(s0)
	if n := p.RandomPlayout(s, rand.New(rand.NewPCG(1, 1)), &ml, 3); n > 3 || s.Ply() != n {
		t.Fatalf("cap 3: %d plies, ply %d", n, s.Ply())
	}
}

// onTargetConsistent checks the on-target counters against the cells.
func onTargetConsistent(p *core.Program, s *core.State) bool {
	want := make([]int32, p.Players+1)
	for c, code := range s.Cells {
		if code != 0 && int(p.CodeTarget[code]) == c {
			want[p.CodeSlot[code]]++
		}
	}
	for i := range want {
		if want[i] != s.OnTarget[i] {
			return false
		}
	}
	return true
}

func TestRandomPlayoutNoAlloc(t *testing.T) {
	for name, p := range playoutPrograms(t) {
		p.Playout = []core.PlayoutDrawer{core.PlayoutByList{}, accel.PlayoutByCount{}}[len(name)%2] // either way, in turn
		s0 := p.NewState(3)
		s := s0.Clone()
		var ml core.MoveList
		rng := rand.New(rand.NewPCG(1, 2))
		for i := 0; i < 5; i++ { // grow the buffers
			s.CopyFrom(s0)
			p.RandomPlayout(s, rng, &ml, 0)
		}
		allocs := testing.AllocsPerRun(20, func() {
			s.CopyFrom(s0)
			p.RandomPlayout(s, rng, &ml, 40)
		})
		if allocs != 0 {
			t.Errorf("%s: %.1f allocations per playout", name, allocs)
		}
	}
}

// TestPerftFastEqualsGeneric compares perft (counting at the last plies:
// count mode, bitset chains, words after a move) with the generic walker
// from random positions of every game.
func TestPerftFastEqualsGeneric(t *testing.T) {
	fast := playoutPrograms(t)
	for name, p := range fast {
		if len(p.Cfg.Disable) > 0 {
			continue
		}
		slow, ok := fast[name+"-generic"]
		if !ok {
			var err error
			if slow, err = Compile(p.Desc, core.Config{MaxPlies: 300, Disable: []string{"all"}}); err != nil {
				t.Fatal(err)
			}
		}
		t.Run(name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(4, 4))
			var ml core.MoveList
			sf, ss := p.NewState(3), slow.NewState(3)
			for ply := 0; ply < 60; ply++ {
				if ply%7 == 0 {
					depth := 3
					if p.NumCells > 100 {
						depth = 2
					}
					if a, b := p.Perft(sf, depth), slow.Perft(ss, depth); a != b {
						t.Fatalf("ply %d: perft(%d) fast %d, generic %d\n%s", ply, depth, a, b, p.Render(sf))
					}
				}
				p.Legal(sf, &ml)
				if ml.Len() == 0 {
					break
				}
				i := rng.IntN(ml.Len())
				p.Apply(sf, &ml, i)
				slow.Apply(ss, &ml, i)
			}
		})
	}
}

func TestStateBytes(t *testing.T) {
	for name, p := range playoutPrograms(t) {
		n := p.StateBytes()
		if n < p.NumCells*2 || n > 1<<20 {
			t.Errorf("%s: %d bytes per state for %d cells", name, n, p.NumCells)
		}
	}
}

// TestLayout checks the bit layouts: a bijection between cells and bits
// that keeps the cells' order and the words, and makes every direction it
// reports as a shift one for every pair of neighbours.
func TestLayout(t *testing.T) {
	check := func(name string, p *core.Program, wantShifts int) {
		t.Helper()
		prev := int32(-1)
		for c := 0; c < p.NumCells; c++ {
			b := p.BitOf[c]
			if b <= prev || int(b) >= p.Nbits || p.CellOf[b] != int32(c) {
				t.Fatalf("%s: cell %d has bit %d (previous %d, cellOf %d)", name, c, b, prev, p.CellOf[b])
			}
			prev = b
		}
		if p.NumWords != (p.NumCells+63)/64 {
			t.Errorf("%s: %d words for %d cells", name, p.NumWords, p.NumCells)
		}
		shifts := 0
		for d := 0; d < p.NumDirs; d++ {
			if !p.DirShiftOK[d] {
				continue
			}
			shifts++
			for c := 0; c < p.NumCells; c++ {
				if n := p.Neighbours[c*p.NumDirs+d]; n >= 0 && int(p.BitOf[n]-p.BitOf[c]) != p.DirShift[d] {
					t.Fatalf("%s: direction %d from %s: bit %d to %d, shift %d", name, d, p.CellNames[c], p.BitOf[c], p.BitOf[n], p.DirShift[d])
				}
			}
		}
		if wantShifts >= 0 && shifts != wantShifts {
			t.Errorf("%s: %d directions are shifts, want %d", name, shifts, wantShifts)
		}
	}
	for w := 3; w <= 12; w++ {
		for h := 3; h <= 12; h += 3 {
			b := newSquare(t, w, h, true, "a", "b")
			k := b.kind("man", "M", 0, nil)
			b.place(b.piece(k, 0, 0, ""), "a1")
			b.rule(ir.MoveRule{Name: "step", Action: ir.Leap, Piece: ir.Own, Dirs: b.same("ne", "nw", "se", "sw"), Length: 1, Onto: eEmpty()})
			p := b.compile(core.Config{})
			want := 4 // the diagonals, whenever they fit the words
			if (w*h+1)/2 > 64 || (w+1)*h/2 > 64 {
				want = -1
			}
			check(fmt.Sprintf("dark %dx%d", w, h), p, want)
		}
	}
	for _, f := range []struct {
		file   string
		shifts int
	}{{"draughts.rules", 4}, {"salta.rules", 4}, {"pyramid.rules", 4}, {"breakthrough.rules", 8}, {"capture.rules", 2}, {"jumpwings.rules", -1}} {
		p, err := Compile(loadGame(t, f.file, nil), core.Config{})
		if err != nil {
			t.Fatal(err)
		}
		check(f.file, p, f.shifts)
	}
}

// TestConcurrentPrograms uses one Program from several goroutines (run
// with -race): a compiled Program is read-only.
func TestConcurrentPrograms(t *testing.T) {
	for name, p := range playoutPrograms(t) {
		done := make(chan uint64, 3)
		for w := 0; w < 3; w++ {
			go func(w int) {
				s := p.NewState(3)
				var ml core.MoveList
				n := uint64(p.RandomPlayout(s, rand.New(rand.NewPCG(uint64(w), 1)), &ml, 60))
				n += p.Perft(p.NewState(3), 2)
				done <- n
			}(w)
		}
		for w := 0; w < 3; w++ {
			if <-done == 0 {
				t.Errorf("%s: nothing played", name)
			}
		}
	}
}

// TestSelectSource compares selectSource with counting the moves in
// order (source, then direction), on random direction sets, with few and
// many moves (the bytewise and the binary search ways).
func TestSelectSource(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	for trial := 0; trial < 300; trial++ {
		nd := 1 + rng.IntN(32)
		var td [32]uint64
		for k := 0; k < nd; k++ {
			td[k] = rng.Uint64()
			for j := rng.IntN(7); j > 0; j-- {
				td[k] &= rng.Uint64() // sparser
			}
		}
		var srcs, idx []int
		for x := 0; x < 64; x++ {
			j := 0
			for k := 0; k < nd; k++ {
				if td[k]>>uint(x)&1 != 0 {
					srcs, idx = append(srcs, x), append(idx, j)
					j++
				}
			}
		}
		for i := range srcs {
			if x, j := accel.SelectSource(&td, nd, len(srcs), i); x != srcs[i] || j != idx[i] {
				t.Fatalf("trial %d (nd %d, n %d): move %d at source %d (%d), want %d (%d)", trial, nd, len(srcs), i, x, j, srcs[i], idx[i])
			}
		}
	}
}

// TestStatusInto: StatusInto agrees with Status and allocates nothing once
// its slices have grown, after playouts of every game.
func TestStatusInto(t *testing.T) {
	for name, p := range playoutPrograms(t) {
		s0 := p.NewState(3)
		s := s0.Clone()
		var ml core.MoveList
		var st core.Status
		for seed := uint64(0); seed < 4; seed++ {
			s.CopyFrom(s0)
			p.RandomPlayout(s, rand.New(rand.NewPCG(seed, 3)), &ml, 0)
			p.StatusInto(s, &st)
			if want := p.Status(s); !equalStatus(st, want) || !want.Over {
				t.Fatalf("%s seed %d: StatusInto %+v, Status %+v", name, seed, st, want)
			}
			if allocs := testing.AllocsPerRun(10, func() { p.StatusInto(s, &st) }); allocs != 0 {
				t.Errorf("%s: %.1f allocations per StatusInto", name, allocs)
			}
			// Mid-game: not over, no winners.
			p.Undo(s)
			if p.StatusInto(s, &st); st.Over || len(st.Winners) != 0 {
				t.Fatalf("%s seed %d: one ply before the end: %+v", name, seed, st)
			}
		}
	}
}

// TestGenPerftEqualsPerft checks that perft without shortcuts (every move
// generated, applied and undone) counts what Perft counts, and leaves the
// position as it was.
func TestGenPerftEqualsPerft(t *testing.T) {
	for name, p := range playoutPrograms(t) {
		s := p.NewState(3)
		before := p.Render(s)
		depth := 3
		if p.NumCells > 100 {
			depth = 2
		}
		var mls []core.MoveList
		for d := 0; d <= depth; d++ {
			if got, want := p.GenPerft(s, d, mls), p.Perft(s, d); got != want {
				t.Errorf("%s: GenPerft(%d) %d, Perft %d", name, d, got, want)
			}
		}
		if p.Render(s) != before {
			t.Errorf("%s: GenPerft changed the position", name)
		}
	}
}

// TestSetUndoOff: a State that records no undo information plays the same
// playouts as one that does (same final position, plies and status), and
// Undo on it does nothing, in every game.
func TestSetUndoOff(t *testing.T) {
	for name, p := range playoutPrograms(t) {
		s0 := p.NewState(5)
		logged, bare := s0.Clone(), s0.Clone()
		bare.SetUndo(false)
		var ml core.MoveList
		for seed := uint64(0); seed < 3; seed++ {
			logged.CopyFrom(s0)
			bare.CopyFrom(s0)
			n1 := p.RandomPlayout(logged, rand.New(rand.NewPCG(seed, 4)), &ml, 80)
			n2 := p.RandomPlayout(bare, rand.New(rand.NewPCG(seed, 4)), &ml, 80)
			if n1 != n2 || p.Render(logged) != p.Render(bare) || !equalStatus(p.Status(logged), p.Status(bare)) ||
				!samePosition(logged, bare) {
				t.Fatalf("%s seed %d: %d plies logged, %d without undo records; positions:\n%s\n%s", name, seed, n1, n2, p.Render(logged), p.Render(bare))
			}
			before := p.Render(bare)
			p.Undo(bare)
			if p.Render(bare) != before || bare.Ply() != n2 {
				t.Fatalf("%s: Undo changed a State without undo records", name)
			}
			for range n1 {
				p.Undo(logged)
			}
			if p.Render(logged) != p.Render(s0) {
				t.Fatalf("%s: Undo did not take the logged playout back", name)
			}
		}
	}
}
