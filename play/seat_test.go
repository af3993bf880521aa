package play

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/lang"
)

// The swap (turns { swap: after 1 }): the players judge a move for the
// participant who makes it, by the colour that participant holds after
// the move. pieSrc is a game decided by white's first move: white scores
// 3 with its pawn on a2, else nothing; black scores 1 (the stone on a3)
// and 1 more with its pawn on c2; the game ends after three plies (the
// swap is no ply), the higher score winning. So b1-a2 wins for white and
// b1-b2 and b1-c2 lose; after b1-a2 black's best is c3-c2 (it loses by
// 1, not 2). The participant to move after white's first move must swap
// exactly after b1-a2. Without the swap as a change of sides, greedy
// and mcts take c3-c2 there (the swap looks like doing nothing), and ab
// values the swap as a loss.
const pieSrc = `
board { shape: square(3x3) }
player white { forward: north }
player black { forward: south }
piece pawn {}
piece runner {}
piece stone {}
setup white { pawn: b1; runner: c1 }
setup black { pawn: c3; stone: a3 b3 }
zone gold { white: a2; black: c1 }
zone plain { white: a3; black: a3 c2 }
step advance { piece: pawn; dirs: forward }
step shuffle { piece: runner; dirs: sideways }
turns { swap: after 1 }
end { plies: 3; at-limit: score }
score { value: 3 * count(own, in gold) + count(own, in plain) }
`

func loadPie(t *testing.T) *interp.Program {
	t.Helper()
	g, err := lang.LoadSource("pie.rules", []byte(pieSrc), nil)
	if err != nil {
		t.Fatal(err)
	}
	p, err := interp.Compile(g, interp.Config{})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// pieReplies are the moves the second participant must choose after
// each first move: swap exactly when the first move wins for white, else
// the one move that moves black's pawn.
var pieReplies = []struct{ first, want string }{
	{"b1-a2", "swap"},
	{"b1-b2", "c3-c2"},
	{"b1-c2", "c3-b2"},
}

// seatSpecs are the players tested, each with several seeds.
var seatSpecs = []string{"greedy", "lookahead", "ab", "ab:depth=1", "ab:depth=2", "mcts:playouts=200", "mcts:playouts=100:threads=2"}

// TestSwapBySeat: every computer player swaps exactly when the position
// after the first move is won for white, whatever the seed.
func TestSwapBySeat(t *testing.T) {
	p := loadPie(t)
	var ml interp.MoveList
	for _, spec := range seatSpecs {
		for seed := uint64(1); seed <= 8; seed++ {
			for _, r := range pieReplies {
				pl, err := New(spec)
				if err != nil {
					t.Fatal(err)
				}
				s := p.NewState(0)
				i, err := p.ParseMove(s, &ml, r.first)
				if err != nil {
					t.Fatal(err)
				}
				p.Apply(s, &ml, i)
				p.Legal(s, &ml)
				got := p.Text(&ml, pl.Choose(p, s, &ml, rand.New(rand.NewPCG(seed, 2))))
				if got != r.want {
					t.Errorf("%s seed %d after %s: chose %s, want %s", spec, seed, r.first, got, r.want)
				}
			}
		}
	}
}

// TestABSwapValue: ab's value of the position after white's first move,
// for the participant to move, is a win in each case (the rules give no
// margin): by the swap after b1-a2 (then a ply each: a win at the third
// ply of the search), by black's pawn otherwise (at the second).
func TestABSwapValue(t *testing.T) {
	p := loadPie(t)
	var ml interp.MoveList
	want := map[string]int{"b1-a2": abMate - 3, "b1-b2": abMate - 2, "b1-c2": abMate - 2}
	for _, r := range pieReplies {
		a := &AB{Depth: 4}
		s := p.NewState(0)
		i, err := p.ParseMove(s, &ml, r.first)
		if err != nil {
			t.Fatal(err)
		}
		p.Apply(s, &ml, i)
		p.Legal(s, &ml)
		a.Choose(p, s, &ml, rand.New(rand.NewPCG(1, 2)))
		if a.LastValue != want[r.first] {
			t.Errorf("after %s: value %d, want %d", r.first, a.LastValue, want[r.first])
		}
	}
}

// script plays the given moves in order, then the first legal move.
type script struct {
	moves []string
	next  int
}

func (sc *script) Name() string { return "script" }

func (sc *script) Choose(p *interp.Program, s *interp.State, ml *interp.MoveList, _ *rand.Rand) int {
	if sc.next < len(sc.moves) {
		sc.next++
		for i := 0; i < ml.Len(); i++ {
			if p.Text(ml, i) == sc.moves[sc.next-1] {
				return i
			}
		}
		panic(fmt.Sprintf("script: %s is not legal", sc.moves[sc.next-1]))
	}
	return 0
}

// TestSwapGame: in whole games (Game picks the player by seat), the
// second participant wins against either first move, as white after the
// swap or as black.
func TestSwapGame(t *testing.T) {
	p := loadPie(t)
	for _, spec := range seatSpecs {
		for _, r := range pieReplies {
			pl, err := New(spec)
			if err != nil {
				t.Fatal(err)
			}
			s := p.NewState(0)
			st := Game(p, s, []Player{&script{moves: []string{r.first}}, pl}, rand.New(rand.NewPCG(3, 4)), nil)
			if len(st.Winners) != 1 || p.SeatOf(s, st.Winners[0]) != 1 || s.Swapped != (r.want == "swap") {
				t.Errorf("%s after %s: winners %v, swapped %v; want the second seat to win, swapped %v", spec, r.first, st.Winners, s.Swapped, r.want == "swap")
			}
		}
	}
}

// TestLookaheadReplyBySeat: lookahead's value of the swap after b1-a2 is
// the second participant's, now white's: the first participant, now
// black, answers with its best reply c3-c2 (black 2 against white 3:
// -1 for black), which leaves white 1 ahead.
func TestLookaheadReplyBySeat(t *testing.T) {
	p := loadPie(t)
	s := p.NewState(0)
	var ml interp.MoveList
	for _, text := range []string{"b1-a2", "swap"} {
		i, err := p.ParseMove(s, &ml, text)
		if err != nil {
			t.Fatal(err)
		}
		p.Apply(s, &ml, i)
	}
	g := &Greedy{Depth: 2}
	if v := g.replyValue(p, s, 1); v != 1 {
		t.Errorf("the swap's value for the second seat: %d, want 1", v)
	}
	if v := g.replyValue(p, s, 0); v != -1 {
		t.Errorf("the swap's value for the first seat: %d, want -1", v)
	}
}
