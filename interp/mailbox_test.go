package interp

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/accel"
	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
)

// TestMailboxChoice checks which bundled games count on the mailbox, and
// which of them also count perft's depth 2 there.
func TestMailboxChoice(t *testing.T) {
	cases := []struct {
		file        string
		opts        map[string]string
		mbox, perft bool
	}{
		{"leapfrog.rules", nil, true, true},
		{"leapfrog.rules", map[string]string{"diagonal": "true", "players": "3"}, true, true},
		{"leapfrog.rules", map[string]string{"size": "8x8"}, false, false}, // counted on one word
		{"leapfrog-murray.rules", nil, true, true},
		{"froglet.rules", nil, true, true},
		{"capture.rules", nil, true, true}, // a hex board
		{"salta.rules", nil, false, false}, // jumps over enemies only
		{"crossings.rules", nil, false, false},
		{"jumpwings.rules", nil, false, false},
		{"draughts.rules", nil, false, false},
		{"breakthrough.rules", nil, false, false},
	}
	for _, c := range cases {
		p, err := Compile(loadGame(t, c.file, c.opts), core.Config{})
		if err != nil {
			t.Fatal(err)
		}
		if got := p.Mbox != nil; got != c.mbox {
			t.Errorf("%s %v: mailbox %v, want %v", c.file, c.opts, got, c.mbox)
		}
		if (p.LastTwo == accel.MailboxPerft{}) != c.perft {
			t.Errorf("%s %v: mailbox perft %v, want %v", c.file, c.opts, (p.LastTwo == accel.MailboxPerft{}), c.perft)
		}
		slow, err := Compile(loadGame(t, c.file, c.opts), core.Config{Disable: []string{"all"}})
		if err != nil {
			t.Fatal(err)
		}
		if slow.Mbox != nil || (slow.LastTwo == accel.MailboxPerft{}) {
			t.Errorf("%s: mailbox without fast paths", c.file)
		}
	}
}

// checkMailbox fails unless s.mb holds 1 on every occupied cell's slot, 0
// on every empty one and the wall everywhere else.
func checkMailbox(t *testing.T, p *core.Program, s *core.State, when string) {
	t.Helper()
	want := make([]uint8, core.MbSlots)
	for i := range want {
		want[i] = core.MbWall
	}
	for c, k := range p.Mbox.Key {
		want[k] = uint8(core.B2i(s.Cells[c] != 0))
	}
	for i := range want {
		if s.Mailbox[i] != want[i] {
			t.Fatalf("%s: slot %d (cell %d) holds %#x, want %#x", when, i, p.Mbox.SlotCell[i], s.Mailbox[i], want[i])
		}
	}
}

// TestMailboxTracksCells plays random games with Apply and Undo, clones
// and copies, and checks the mailbox against the cells at every step.
func TestMailboxTracksCells(t *testing.T) {
	for _, c := range []struct {
		file string
		opts map[string]string
	}{{"leapfrog.rules", nil}, {"capture.rules", map[string]string{"players": "3"}}, {"froglet.rules", nil}} {
		p, err := Compile(loadGame(t, c.file, c.opts), core.Config{})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(7, 7))
		var ml core.MoveList
		for game := 0; game < 3; game++ {
			s := p.NewState(uint64(game))
			checkMailbox(t, p, s, "start")
			for ply := 0; ; ply++ {
				p.Legal(s, &ml)
				if ml.Len() == 0 {
					break
				}
				i := rng.IntN(ml.Len())
				if rng.IntN(3) == 0 {
					p.Apply(s, &ml, i)
					p.Undo(s)
					checkMailbox(t, p, s, fmt.Sprintf("%s game %d ply %d: undo", c.file, game, ply))
				}
				p.Apply(s, &ml, i)
				checkMailbox(t, p, s, fmt.Sprintf("%s game %d ply %d", c.file, game, ply))
			}
			checkMailbox(t, p, s.Clone(), "clone")
			var cp core.State
			cp.CopyFrom(s)
			checkMailbox(t, p, &cp, "copy")
		}
	}
}

// TestMailboxPerftVariants compares Perft with and without fast paths on
// rules the mailbox counts differently: chains none, optional and
// compulsory; rules that move only the mover's pieces (the codes read
// from the cells); a hex board on several words; and a board too large
// for the mailbox.
func TestMailboxPerftVariants(t *testing.T) {
	type tc struct {
		name        string
		b           *gb
		mbox, perft bool
	}
	var cases []tc
	for _, ch := range []ir.Chain{ir.ChainNone, ir.ChainCompulsory} {
		b := leapFrog(t, 11, 9, 2, true, false)
		for i := range b.g.Moves {
			if b.g.Moves[i].Action == ir.Leap {
				b.g.Moves[i].Chain = ch
			}
		}
		cases = append(cases, tc{fmt.Sprintf("leapfrog11x9-chain%d", ch), b, true, true})
	}
	// Two players' pieces, alternating; each jumps only its own pieces,
	// over any piece.
	own := newSquare(t, 10, 10, false, "p1", "p2")
	k := own.kind("man", "M", 0, nil)
	a, b := own.piece(k, 0, 0, ""), own.piece(k, 1, 0, "")
	for i, c := range own.g.Board.Cells {
		if c.Name != "a1" && c.Name != "e5" && c.Name != "f7" && c.Name != "j10" {
			own.g.Setup.Place = append(own.g.Setup.Place, ir.Placement{Cell: i, Piece: []int{a, b}[(c.X+c.Y)%2]})
		}
	}
	own.rule(ir.MoveRule{Name: "jump", Action: ir.Leap, Piece: ir.Own, Dirs: own.same("n", "e", "s", "w"),
		Length: 2, Over: eOcc(), Onto: eEmpty(), Capture: ir.CaptureJumped, Chain: ir.ChainOptional})
	own.g.End.NoMove = ir.OutcomeScore
	own.g.Score = &ir.Score{Value: eSide(ir.OpCaptured, ir.SideOwn), Best: ir.Highest}
	cases = append(cases, tc{"own-pieces", own, true, false})
	// A hex board of 127 cells, 7 a side.
	hex := newHex(t, []int{7, 8, 9, 10, 11, 12, 13, 12, 11, 10, 9, 8, 7}, "p1", "p2", "p3")
	st := hex.piece(hex.kind("stone", "O", 0, nil), ir.Neutral, 0, "")
	hex.fill(st)
	hex.leapingRules(false, false)
	cases = append(cases, tc{"hex127", hex, true, true})
	cases = append(cases, tc{"leapfrog32", leapFrog(t, 32, 32, 2, true, false), false, false})
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			progs := both(t, c.b, core.Config{})
			fast, slow := progs[0], progs[1]
			if got := fast.Mbox != nil; got != c.mbox || (fast.LastTwo == accel.MailboxPerft{}) != c.perft {
				t.Fatalf("mailbox %v perft %v, want %v %v", got, (fast.LastTwo == accel.MailboxPerft{}), c.mbox, c.perft)
			}
			plies := []int{0, 3, 8, 30, 70}
			if c.name == "leapfrog32" {
				plies = []int{4}
			}
			for _, n := range plies {
				sf, ss := midgame(fast, n, uint64(n)+1), midgame(slow, n, uint64(n)+1)
				for depth := 1; depth <= 3; depth++ {
					a, b := fast.Perft(sf, depth), slow.Perft(ss, depth)
					if testing.Verbose() {
						t.Logf("after %d plies, perft %d: %d", n, depth, a)
					}
					if a != b {
						t.Fatalf("after %d plies, perft %d: fast %d generic %d\n%s", n, depth, a, b, fast.Render(sf))
					}
				}
			}
		})
	}
}

// TestMailboxLegalVariants compares Legal, counting, selecting and Status
// move by move with and without fast paths on mailbox rules whose first
// leaps are found from the landing cells: chains none, optional and
// compulsory; directions that do not come in opposite pairs; a direction
// twice another (a chain may then land where the first leap jumped); the
// mover's own pieces only; and eight directions on four words (more first
// leaps than mbFew keeps).
func TestMailboxLegalVariants(t *testing.T) {
	type tc struct {
		name      string
		b         *gb
		plies     int
		sym, half bool // the jump's mailbox table
	}
	var cases []tc
	withRule := func(b *gb, f func(m *ir.MoveRule)) *gb {
		for i := range b.g.Moves {
			if b.g.Moves[i].Action == ir.Leap {
				f(&b.g.Moves[i])
			}
		}
		return b
	}
	for _, ch := range []ir.Chain{ir.ChainNone, ir.ChainOptional, ir.ChainCompulsory} {
		cases = append(cases, tc{fmt.Sprintf("chain%d", ch), withRule(leapFrog(t, 9, 8, 2, false, false),
			func(m *ir.MoveRule) { m.Chain = ch }), 40, true, false})
		b := leapFrog(t, 9, 8, 2, false, false)
		cases = append(cases, tc{fmt.Sprintf("north-east-chain%d", ch), withRule(b,
			func(m *ir.MoveRule) { m.Chain, m.Dirs = ch, b.same("n", "e") }), 40, false, false})
		b = leapFrog(t, 9, 8, 2, false, false)
		b.g.Board.Dirs = append(b.g.Board.Dirs, ir.Dir{Name: "nn", DX: 0, DY: 2})
		cases = append(cases, tc{fmt.Sprintf("half-chain%d", ch), withRule(b,
			func(m *ir.MoveRule) { m.Chain, m.Dirs = ch, b.same("n", "e", "s", "w", "nn") }), 40, false, true})
	}
	own := newSquare(t, 9, 8, false, "p1", "p2")
	k := own.kind("man", "M", 0, nil)
	a, b := own.piece(k, 0, 0, ""), own.piece(k, 1, 0, "")
	for i, c := range own.g.Board.Cells {
		if c.Name != "a1" && c.Name != "e5" {
			own.g.Setup.Place = append(own.g.Setup.Place, ir.Placement{Cell: i, Piece: []int{a, b}[(c.X+c.Y)%2]})
		}
	}
	own.rule(ir.MoveRule{Name: "jump", Action: ir.Leap, Piece: ir.Own, Dirs: own.same("n", "e", "s", "w"),
		Length: 2, Over: eOcc(), Onto: eEmpty(), Capture: ir.CaptureJumped, Chain: ir.ChainOptional})
	own.g.End.NoMove = ir.OutcomeScore
	own.g.Score = &ir.Score{Value: eSide(ir.OpCaptured, ir.SideOwn), Best: ir.Highest}
	cases = append(cases, tc{"own-pieces", own, 40, true, false}, tc{"diagonal15", leapFrog(t, 15, 15, 2, true, false), 24, true, false})
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			progs := both(t, c.b, core.Config{})
			r := &progs[0].Rules[len(progs[0].Rules)-1]
			if accel.Tables(r).MailboxOffsets == nil {
				t.Fatal("the jump is not on the mailbox")
			}
			if mt := accel.Tables(r).Mailbox[0]; mt.Sym != c.sym || mt.Half != c.half {
				t.Fatalf("mailbox table: sym %v half %v, want %v %v", mt.Sym, mt.Half, c.sym, c.half)
			}
			checkEquiv(t, progs[0], progs[1], 3, c.plies)
		})
	}
}
