package interp

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
)

// mixed is a synthetic game using every feature of the IR at once: owned,
// neutral and kind-restricted pieces with points, capture by landing,
// compulsory capturing chains, length-3 leaps with a cell-dependent
// condition (a zone), a rule whose condition is not local (generic walker
// even with fast paths), removals with a guard, two rules of one tier that
// give the same texts, goals, limits and scores.
func mixed(t testing.TB, np int) *gb {
	var names []string
	for i := 0; i < np; i++ {
		names = append(names, fmt.Sprintf("p%d", i+1))
	}
	b := newSquare(t, 6, 6, false, names...)
	ka := b.kind("ant", "A", 0, map[string]int{"points": 2})
	kb := b.kind("bee", "B", 0, map[string]int{"points": 3})
	kn := b.kind("nut", "N", 0, map[string]int{"points": 1})
	var a, bb []int
	for pl := 0; pl < np; pl++ {
		a = append(a, b.piece(ka, pl, 0, ""))
		bb = append(bb, b.piece(kb, pl, 0, ""))
	}
	nut := b.piece(kn, ir.Neutral, 0, "")
	b.place(a[0], "a1", "c1", "e1", "b2")
	b.place(bb[0], "d2", "f2")
	b.place(a[1], "b6", "d6", "f6", "e5")
	b.place(bb[1], "a5", "c5")
	if np > 2 {
		b.place(a[2], "a3", "f4")
		b.place(bb[2], "a4")
	}
	b.place(nut, "c3", "d3", "c4", "e4", "b4")
	far := ir.Zone{Name: "far", Cells: make([][]int, np)}
	for pl := 0; pl < np; pl++ {
		for i, c := range b.g.Board.Cells {
			if (pl%2 == 0 && c.Y >= 3) || (pl%2 == 1 && c.Y <= 2) {
				far.Cells[pl] = append(far.Cells[pl], i)
			}
		}
	}
	b.g.Zones = append(b.g.Zones, far)
	enemyOrNeutral := eOp(ir.OpOr, eOwned(ir.Enemy, ir.SideOwn), eOwned(ir.NeutralPieces, ir.SideOwn))
	r0 := b.rule(ir.MoveRule{Name: "bite", Action: ir.Leap, Piece: ir.Own, Kinds: []int{ka}, Dirs: b.forward("ne", "nw", "se", "sw"),
		Length: 1, Onto: eOwned(ir.Enemy, ir.SideOwn), Capture: ir.CaptureLanding})
	r1 := b.rule(ir.MoveRule{Name: "sting", Action: ir.Leap, Piece: ir.Own, Kinds: []int{kb}, Dirs: b.same("n", "ne", "e", "se", "s", "sw", "w", "nw"),
		Length: 2, Over: enemyOrNeutral, Onto: eEmpty(), Capture: ir.CaptureJumped, Chain: ir.ChainCompulsory})
	r2 := b.rule(ir.MoveRule{Name: "walk", Action: ir.Leap, Piece: ir.Own, Dirs: b.same("n", "e", "s", "w"), Length: 1, Onto: eEmpty()})
	r3 := b.rule(ir.MoveRule{Name: "fly", Action: ir.Leap, Piece: ir.Own, Dirs: b.same("ne", "se", "sw", "nw"), Length: 3,
		Onto: eOp(ir.OpAnd, eEmpty(), &ir.Expr{Op: ir.OpInZone, Int: 0, Side: ir.SideOwn}), Chain: ir.ChainOptional})
	r4 := b.rule(ir.MoveRule{Name: "dash", Action: ir.Leap, Piece: ir.Own, Dirs: b.forward("n", "s"), Length: 1, Onto: eEmpty()})
	r5 := b.rule(ir.MoveRule{Name: "pick", Action: ir.Remove, Piece: ir.NeutralPieces, When: eOp(ir.OpGt, eVar("turn"), eInt(3))})
	r6 := b.rule(ir.MoveRule{Name: "hop", Action: ir.Leap, Piece: ir.AnyPiece, Dirs: b.same("n", "e", "s", "w"), Length: 2,
		Over: eOp(ir.OpAnd, eOcc(), eOp(ir.OpGe, eSide(ir.OpCaptured, ir.SideOwn), eInt(1))), Onto: eEmpty(),
		Capture: ir.CaptureNone, Chain: ir.ChainOptional})
	r7 := b.rule(ir.MoveRule{Name: "pounce", Action: ir.Leap, Piece: ir.Own, Kinds: []int{kb}, Dirs: b.same("n", "e", "s", "w"), Length: 2,
		Onto: eOp(ir.OpOr, eEmpty(), eOwned(ir.Enemy, ir.SideOwn)), Capture: ir.CaptureLanding, Chain: ir.ChainOptional})
	b.g.Priority = [][]int{{r0, r1}, {r2, r3, r4, r5, r6, r7}}
	b.g.End = ir.End{
		Goals:   []ir.Goal{{Check: ir.AfterMove, Cond: eOp(ir.OpEq, &ir.Expr{Op: ir.OpCount, Who: ir.Enemy, Side: ir.SideOwn}, eInt(0))}},
		NoMove:  ir.OutcomeLose,
		Plies:   80,
		AtLimit: ir.OutcomeScore,
	}
	b.g.Score = &ir.Score{Value: eSide(ir.OpPoints, ir.SideOwn), Best: ir.Highest}
	return b
}

// mixedPromo is mixed with promotions (a bee ending a move in the far zone
// becomes an ant and an ant a bee: chains of the shift, table and generic
// generators end there) and a local From condition (walk: not ants).
func mixedPromo(t testing.TB, np int) *gb {
	b := mixed(t, np)
	far := len(b.g.Zones) - 1
	b.g.Promotions = []ir.Promotion{{Kind: 1, To: 0, Zone: far}, {Kind: 0, To: 1, Zone: far}}
	b.g.Moves[2].From = eOp(ir.OpNot, &ir.Expr{Op: ir.OpKindIs, Int: 0})
	return b
}

// mixedStack is mixed with two more rules of the second tier for genStack
// without stacks: a leap whose length is a kind property ("reach": ants 2,
// bees 3, nuts none) and a step whose From is cell-dependent (a zone).
func mixedStack(t testing.TB, np int) *gb {
	b := mixed(t, np)
	for i := range b.g.Kinds {
		b.g.Kinds[i].Props = map[string]int{"points": b.g.Kinds[i].Props["points"], "reach": []int{2, 3, 0}[i]}
	}
	far := len(b.g.Zones) - 1
	r8 := b.rule(ir.MoveRule{Name: "vault", Action: ir.Leap, Piece: ir.Own, Dirs: b.same("n", "e", "s", "w"), LengthProp: "reach",
		Over: eOcc(), Onto: eEmpty()})
	r9 := b.rule(ir.MoveRule{Name: "edge", Action: ir.Leap, Piece: ir.Own, Dirs: b.same("ne", "sw"), Length: 1,
		From: &ir.Expr{Op: ir.OpInZone, Int: far, Side: ir.SideOwn}, Onto: eEmpty()})
	b.g.Priority[1] = append(b.g.Priority[1], r8, r9)
	return b
}

type equivCase struct {
	name  string
	b     *gb
	plies int
}

func equivCases(t *testing.T) []equivCase {
	return []equivCase{
		{"leapfrog8", leapFrog(t, 8, 8, 2, false, false), 200},
		{"leapfrog7x5-3p-diag", leapFrog(t, 7, 5, 3, true, false), 200},
		{"leapfrog15", leapFrog(t, 15, 15, 2, false, false), 40},
		{"leapfrog-19x9-diag", leapFrog(t, 19, 9, 2, true, false), 40},
		{"froglet6", leapFrog(t, 6, 6, 2, false, true), 200},
		{"capture", capture(t), 200},
		{"salta", salta(t, 0, true), 150},
		{"salta-limit", salta(t, 30, true), 150},
		{"pyramid", pyramid(t), 200},
		{"step-take", stepTake(t), 60},
		// few pieces: the blockade filter often drops moves
		{"salta-sparse", salta(t, 0, false).at(map[int][]string{gStar1: {"h8"}, gStar2: {"c3"}, rStar1: {"j10"}}), 150},
		{"salta-sparse2", salta(t, 0, false).at(map[int][]string{gStar1: {"g7"}, gStar2: {"e1"}, rStar1: {"j10"}, rStar2: {"a1"}}), 150},
		{"mixed2", mixed(t, 2), 200},
		{"mixed3", mixed(t, 3), 200},
		{"mixed2-promo", mixedPromo(t, 2), 200},
		{"mixed2-stack", mixedStack(t, 2), 200},
		{"mixed3-stack", mixedStack(t, 3), 200},
		{"mixed3-promo", mixedPromo(t, 3), 200},
	}
}

// TestFastEqualsGeneric plays random games and checks that the fast paths
// and the generic walker give the same moves, the same results and the same
// positions after Undo.
func TestFastEqualsGeneric(t *testing.T) {
	games := 8
	if testing.Short() {
		games = 2
	}
	for _, tc := range equivCases(t) {
		t.Run(tc.name, func(t *testing.T) {
			progs := both(t, tc.b, core.Config{})
			checkEquiv(t, progs[0], progs[1], games, tc.plies)
		})
	}
}

func checkEquiv(t *testing.T, fast, slow *core.Program, games, plies int) {
	t.Helper()
	for seed := uint64(0); seed < uint64(games); seed++ {
		rng := rand.New(rand.NewPCG(seed, 7))
		sf, ss := fast.NewState(seed), slow.NewState(seed)
		var mf, ms core.MoveList
		var renders []string
		for ply := 0; ply < plies; ply++ {
			fast.Legal(sf, &mf)
			slow.Legal(ss, &ms)
			tf, ts := texts(fast, &mf), texts(slow, &ms)
			checkCountSelect(t, fast, sf, 6)
			checkCountSelect(t, slow, ss, 3)
			if !slices.Equal(tf, ts) {
				t.Fatalf("seed %d ply %d:\nfast    %v\ngeneric %v\n%s", seed, ply, tf, ts, fast.Render(sf))
			}
			stf, sts := fast.Status(sf), slow.Status(ss)
			if !equalStatus(stf, sts) {
				t.Fatalf("seed %d ply %d: status fast %+v generic %+v", seed, ply, stf, sts)
			}
			if stf.Over != (mf.Len() == 0) {
				t.Fatalf("seed %d ply %d: over=%v with %d moves", seed, ply, stf.Over, mf.Len())
			}
			if mf.Len() == 0 {
				break
			}
			renders = append(renders, fast.Render(sf))
			i := rng.IntN(mf.Len())
			fast.Apply(sf, &mf, i)
			slow.Apply(ss, &ms, i)
		}
		if seed == 0 {
			t.Logf("seed 0: %d plies, status %+v", len(renders), fast.Status(sf))
		}
		// Undo everything: the same positions again, back to the start.
		for j := len(renders) - 1; j >= 0; j-- {
			fast.Undo(sf)
			if got := fast.Render(sf); got != renders[j] {
				t.Fatalf("seed %d: undo to ply %d:\n%s\nwant\n%s", seed, j, got, renders[j])
			}
			if !occConsistent(fast, sf) || !onTargetConsistent(fast, sf) {
				t.Fatalf("seed %d: bitsets inconsistent after undo to ply %d", seed, j)
			}
		}
		if sf.Ply() != 0 || sf.ToMove() != fast.FirstMover() {
			t.Fatalf("seed %d: after undoing everything: ply %d to move %d", seed, sf.Ply(), sf.ToMove())
		}
	}
}

// occConsistent checks the occupancy bitsets against the cells (those
// per code when the Program keeps them; otherwise that they are absent),
// and the mailbox.
func occConsistent(p *core.Program, s *core.State) bool {
	if !p.KeepOccC && s.OccC != nil {
		return false
	}
	for c, code := range s.Cells {
		b := int(p.BitOf[c])
		for sl := 0; sl <= p.Players; sl++ {
			bit := s.Occ[sl*s.NumWords+b>>6]>>(uint(b)&63)&1 != 0
			if bit != (code != 0 && int(p.CodeSlot[code]) == sl) {
				return false
			}
		}
		if s.Mailbox != nil && s.Mailbox[p.Mbox.Key[c]] != uint8(core.B2i(code != 0)) {
			return false
		}
		for k := 1; k < p.Ncodes && p.KeepOccC; k++ {
			bit := s.OccC[k*s.NumWords+b>>6]>>(uint(b)&63)&1 != 0
			if bit != (int(code) == k) {
				return false
			}
		}
	}
	return true
}

func TestFastPathsChosen(t *testing.T) {
	// Fast generators are picked from move patterns.
	p := mixed(t, 2).compile(core.Config{})
	gens := map[string]int{}
	for _, r := range p.Rules {
		gens[r.Name] = r.Gen
	}
	want := map[string]int{"bite": core.GenStep, "sting": core.GenLeap, "walk": core.GenStep, "fly": core.GenLeap, "dash": core.GenStep, "pick": core.GenRemove, "hop": core.GenGeneric, "pounce": core.GenLeap}
	for n, g := range want {
		if gens[n] != g {
			t.Errorf("rule %s: generator %d, want %d", n, gens[n], g)
		}
	}
	if !p.Rules[1].Shift || !p.Rules[7].Shift || p.Rules[3].Stride == 0 || p.Rules[3].Shift {
		t.Errorf("sting should use shifts, fly a cell-dependent table")
	}
	if p.Tiers[0].Merges() || !p.Tiers[1].Merges() {
		t.Errorf("dedup: tier 1 %v (want false), tier 2 %v (want true)", p.Tiers[0].Merges(), p.Tiers[1].Merges())
	}
	q := mixed(t, 2).compile(core.Config{Disable: []string{"all"}})
	for _, r := range q.Rules {
		if r.Gen != core.GenGeneric && r.Gen != core.GenRemove {
			t.Errorf("Disable all: rule %s uses generator %d", r.Name, r.Gen)
		}
	}
	mp := mixedPromo(t, 2).compile(core.Config{})
	if mp.Rules[2].Gen != core.GenStep || mp.Rules[2].From == nil || !mp.Rules[1].PromotionEndsChain || !mp.Rules[1].Shift {
		t.Errorf("mixedPromo: walk should stay a fast step with its From folded; sting a shift rule with promotions")
	}
	lf := leapFrog(t, 8, 8, 2, false, false).compile(core.Config{})
	if !lf.Rules[1].Shift {
		t.Error("leap frog jumps should use shifts")
	}
	if c := capture(t).compile(core.Config{}); c.Rules[0].Gen != core.GenLeap || c.Rules[0].Shift {
		t.Error("capture: table-driven jumps without shifts (hex rows)")
	}
}
