package interp

import (
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
)

// Preferences in order (ir.Game.Prefer, core.PreferInOrder), on Italian
// draughts (games/draughts-italian.rules): the most pieces, then moved by
// a king, then the most kings, then the kings captured earliest; and men
// that may not capture kings (over: enemy man). Every position is checked
// with and without the accelerators, in list, count and select modes.

const italian = "draughts-italian.rules"

// italianAt is at for Italian draughts with its preference replaced by
// prefer (nil: the file's).
func italianAt(t *testing.T, prefer []ir.Preference, places ...string) ([]*core.Program, []*core.State) {
	t.Helper()
	var progs []*core.Program
	var states []*core.State
	for _, noFast := range []bool{false, true} {
		g := loadGame(t, italian, nil)
		if prefer != nil {
			g.Prefer = prefer
		}
		p, s := placed(t, g, noFast, places...)
		progs, states = append(progs, p), append(states, s)
	}
	return progs, states
}

func TestItalianManTakesNoKing(t *testing.T) {
	// The man on b3 may not take the king on c4: it steps.
	progs, states := italianAt(t, nil, "b3 white man", "c4 black king", "g8 black man")
	for i, p := range progs {
		wantMoves(t, p, states[i], "b3-a4")
	}
	// A man on c4 it takes.
	progs, states = italianAt(t, nil, "b3 white man", "c4 black man", "g8 black man")
	for i, p := range progs {
		wantMoves(t, p, states[i], "b3-d5")
	}
}

func TestItalianPreferKingMoves(t *testing.T) {
	// The man on b3 and the king on f3 each take one man: the king must.
	places := []string{"b3 white man", "c4 black man", "f3 white king", "g4 black man"}
	progs, states := italianAt(t, nil, places...)
	for i, p := range progs {
		wantMoves(t, p, states[i], "f3-h5")
	}
	// With most-captured alone both stay.
	progs, states = italianAt(t, []ir.Preference{{By: ir.PreferMostCaptured, Kind: -1}}, places...)
	for i, p := range progs {
		wantMoves(t, p, states[i], "b3-d5", "f3-h5")
	}
}

func TestItalianPreferMostKings(t *testing.T) {
	// The king on f3 takes the man on g4 or the king on e4: the king.
	progs, states := italianAt(t, nil, "f3 white king", "g4 black man", "e4 black king")
	for i, p := range progs {
		wantMoves(t, p, states[i], "f3-d5")
	}
}

func TestItalianPreferEarliestKing(t *testing.T) {
	// The king on e2 takes two pieces, one of them a king, either way:
	// d3 (a man) then b5 (a king), or f3 (a king) then f5 (a man). The
	// king met first decides.
	places := []string{"e2 white king", "d3 black man", "b5 black king", "f3 black king", "f5 black man"}
	progs, states := italianAt(t, nil, places...)
	for i, p := range progs {
		wantMoves(t, p, states[i], "e2-e6")
	}
	// Without the last criterion both stay.
	progs, states = italianAt(t, []ir.Preference{{By: ir.PreferMostCaptured, Kind: -1}, {By: ir.PreferMoved, Kind: 1}, {By: ir.PreferMostCaptured, Kind: 1}}, places...)
	for i, p := range progs {
		wantMoves(t, p, states[i], "e2-e6", "e2-a6")
	}
}

func TestItalianEqualsReference(t *testing.T) {
	g := loadGame(t, italian, nil)
	fast, err := Compile(g, core.Config{})
	if err != nil {
		t.Fatal(err)
	}
	slow, err := Compile(g, core.Config{Disable: disableAll(true)})
	if err != nil {
		t.Fatal(err)
	}
	checkEquiv(t, fast, slow, 30, 200)
}
