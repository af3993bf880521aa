package web

import (
	"slices"
	"testing"

	"github.com/ruleplay/ruleplay/games"
	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/lang"
)

// The page's view of a game with pieces in hand: each player's hand, and
// a drop's cell as the last move.
func TestViewHands(t *testing.T) {
	g, err := lang.LoadFS(games.FS(), "conspirateurs.rules", nil)
	if err != nil {
		t.Fatal(err)
	}
	p, err := interp.Compile(g, interp.Config{})
	if err != nil {
		t.Fatal(err)
	}
	s := p.NewState(0)
	if got := handTexts(p, s); !slices.Equal(got, []string{"man 20", "man 20"}) {
		t.Errorf("hands at the start: %q", got)
	}
	var ml interp.MoveList
	i, err := p.ParseMove(s, &ml, "@e7")
	if err != nil {
		t.Fatal(err)
	}
	played := playMove(p, s, &ml, i)
	e7, _ := p.CellIndex("e7")
	if b := drawn(p, s, &played); !slices.Equal(b.Last, []int{e7}) || played.Kind != "drop" {
		t.Errorf("last move cells of @e7: %v", b.Last)
	}
	if got := handTexts(p, s); !slices.Equal(got, []string{"man 19", "man 20"}) {
		t.Errorf("hands after @e7: %q", got)
	}
	// A game without hands has none in its view.
	g2, err := lang.LoadFS(games.FS(), "pyramid.rules", nil)
	if err != nil {
		t.Fatal(err)
	}
	p2, err := interp.Compile(g2, interp.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if got := handTexts(p2, p2.NewState(0)); got != nil {
		t.Errorf("pyramid hands: %q", got)
	}
}
