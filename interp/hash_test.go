package interp

import (
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/core"
)

// TestHashIncremental plays random games of every bundled and unseen
// game with the hash kept, and checks at every ply, after Apply and
// after Undo, that the incremental hash equals the hash from scratch,
// that Undo gives back the hash before the move, and that the position
// read back from its text has the same hash.
func TestHashIncremental(t *testing.T) {
	games := bundledAndUnseen(t)
	names := make([]string, 0, len(games))
	for n := range games {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		p, err := Compile(games[name], core.Config{Hash: true})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(11, uint64(len(name))))
		var ml core.MoveList
		texts := map[string]uint64{}
		for game := 0; game < 2; game++ {
			s := p.NewState(uint64(game))
			var hashes []uint64
			for ply := 0; ply <= 300; ply++ {
				h := Hash(s)
				if h == 0 || h != HashFromScratch(p, s) {
					t.Fatalf("%s: game %d ply %d: hash %x, from scratch %x", name, game, ply, h, HashFromScratch(p, s))
				}
				text := PositionText(p, s)
				if old, ok := texts[text]; ok && old != h {
					t.Fatalf("%s: %s: two hashes %x and %x", name, text, old, h)
				}
				texts[text] = h
				if ply%7 == 0 {
					got, err := ParsePosition(p, text)
					if err != nil {
						t.Fatalf("%s: %s: %v", name, text, err)
					}
					if Hash(got) != h {
						t.Fatalf("%s: %s: read back, hash %x, want %x", name, text, Hash(got), h)
					}
				}
				hashes = append(hashes, h)
				p.Legal(s, &ml)
				if p.Status(s).Over || len(ml.Moves) == 0 || ply == 300 {
					break
				}
				p.Apply(s, &ml, rng.IntN(len(ml.Moves)))
			}
			for i := len(hashes) - 2; i >= 0; i-- {
				p.Undo(s)
				if h := Hash(s); h != hashes[i] || h != HashFromScratch(p, s) {
					t.Fatalf("%s: game %d: undone to ply %d: hash %x, want %x (from scratch %x)", name, game, i, h, hashes[i], HashFromScratch(p, s))
				}
			}
			// A playout without undo records keeps the hash too.
			s.SetUndo(false)
			p.RandomPlayout(s, rng, &ml, 300)
			if Hash(s) != HashFromScratch(p, s) {
				t.Fatalf("%s: game %d: after a playout without records: hash %x, from scratch %x", name, game, Hash(s), HashFromScratch(p, s))
			}
		}
	}
}

// TestHashOffByDefault: a Program compiled without Config.Hash, whose
// rules count no repetitions, keeps no hash.
func TestHashOffByDefault(t *testing.T) {
	p, err := Compile(loadGame(t, "draughts.rules", nil), core.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if p.Zobrist != nil || Hash(p.NewState(0)) != 0 {
		t.Fatal("a hash is kept")
	}
	q, err := WithHash(p)
	if err != nil {
		t.Fatal(err)
	}
	if Hash(q.NewState(0)) == 0 {
		t.Fatal("WithHash keeps no hash")
	}
}

// TestRepetitionPlayouts: random playouts of international draughts with
// FMJD's draws, recorded and not (SetUndo), with and without
// accelerators, end in the same position; and the hash kept by a game
// that counts repetitions equals the hash from scratch where they end.
func TestRepetitionPlayouts(t *testing.T) {
	g := loadGame(t, "draughts-international.rules", map[string]string{"fmjd-draws": "true"})
	var ends []string
	var draws int
	for _, off := range []bool{false, true} {
		p, err := Compile(g, core.Config{Disable: disableAll(off)})
		if err != nil {
			t.Fatal(err)
		}
		if p.Repetition == nil || p.Zobrist == nil {
			t.Fatal("FMJD's draws keep no history of positions")
		}
		for _, logged := range []bool{false, true} {
			var ml core.MoveList
			for seed := uint64(0); seed < 20; seed++ {
				s := p.NewState(0)
				s.SetUndo(logged)
				p.RandomPlayout(s, rand.New(rand.NewPCG(seed, 3)), &ml, 3000)
				if Hash(s) != HashFromScratch(p, s) {
					t.Fatalf("seed %d: hash %x, from scratch %x", seed, Hash(s), HashFromScratch(p, s))
				}
				text := PositionText(p, s)
				if k := int(seed); len(ends) <= k {
					ends = append(ends, text)
					if st := p.Status(s); st.Over && len(st.Winners) == 2 && s.Ctr[0] < 50 {
						draws++ // (FMJD's, not the fifty plies')
					}
				} else if ends[k] != text {
					t.Fatalf("seed %d (accelerators off %v, recorded %v): ends at\n%s\nwant\n%s", seed, off, logged, text, ends[k])
				}
			}
		}
	}
	if draws == 0 {
		t.Error("no playout ended by FMJD's draws")
	}
}
