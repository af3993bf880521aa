package lang

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/ruleplay/ruleplay/ir"
)

func load(t *testing.T, name string, opts map[string]string) *ir.Game {
	t.Helper()
	g, err := Load(filepath.Join("..", "games", name+".rules"), opts)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return g
}

func cellNames(g *ir.Game, cells []int) string {
	var out []string
	for _, c := range cells {
		out = append(out, g.Board.Cells[c].Name)
	}
	return strings.Join(out, " ")
}

func TestEveryBundledGameChecks(t *testing.T) {
	files, _ := filepath.Glob("../games/*.rules")
	if len(files) < 6 {
		t.Fatalf("only %d games", len(files))
	}
	for _, f := range files {
		if _, err := Load(f, nil); err != nil {
			t.Errorf("%v", err)
		}
	}
}

func TestMurrayColourCounts(t *testing.T) {
	for _, tc := range []struct {
		size string
		want string
	}{
		{"15x15", "green 22, red 45, white 90, yellow 68"},
		{"8x8", "green 6, red 13, white 26, yellow 19"}, // 25.6->26, 19.2->19, 12.8->13, 64-58
		{"3x3", "green 0, red 2, white 4, yellow 3"},    // 3.6->4, 2.7->3, 1.8->2, 9-9
	} {
		g := load(t, "leapfrog-murray", map[string]string{"size": tc.size})
		var parts []string
		for _, pc := range g.Setup.Random.Counts {
			parts = append(parts, fmt.Sprintf("%s %d", g.Pieces[pc.Piece].Name, pc.Count))
		}
		sort.Strings(parts)
		if got := strings.Join(parts, ", "); got != tc.want {
			t.Errorf("%s: got %s, want %s", tc.size, got, tc.want)
		}
	}
}

func TestFrogletIsFixedSize(t *testing.T) {
	g := load(t, "froglet", nil)
	if len(g.Board.Cells) != 144 || len(g.Setup.Random.Cells) != 144 {
		t.Fatalf("froglet: %d cells", len(g.Board.Cells))
	}
	_, err := Load("../games/froglet.rules", map[string]string{"size": "8x8"})
	var oe *OptionError
	if !errors.As(err, &oe) || oe.Error() != "option size=8x8: out of range (allowed: 12x12..12x12)" {
		t.Fatalf("got %v", err)
	}
	// Only the game's first ply is a removal.
	for _, m := range g.Moves {
		if m.Action == ir.Remove && (m.When == nil || m.When.Args[0].Name != "ply") {
			t.Fatalf("removal guard: %+v", m.When)
		}
	}
}

func TestOptionErrors(t *testing.T) {
	for _, tc := range []struct {
		opts map[string]string
		want string
	}{
		{map[string]string{"sise": "8x8"}, `unknown option "sise" for leapfrog (options: size, players, diagonal); did you mean "size"?`},
		{map[string]string{"size": "8"}, "option size=8: want a size WxH, e.g. 8x8"},
		{map[string]string{"size": "2x2"}, "option size=2x2: out of range (allowed: 3x3..26x26)"},
		{map[string]string{"diagonal": "maybe"}, "option diagonal=maybe: want true or false"},
		{map[string]string{"players": "x"}, "option players=x: not a whole number"},
	} {
		_, err := Load("../games/leapfrog.rules", tc.opts)
		if err == nil || err.Error() != tc.want {
			t.Errorf("%v: got %v, want %s", tc.opts, err, tc.want)
		}
	}
	_, err := Load("../games/pyramid.rules", map[string]string{"size": "8x8"})
	if err == nil || err.Error() != `unknown option "size": pyramid has no options` {
		t.Errorf("pyramid: %v", err)
	}
}

func TestLeapFrogOptions(t *testing.T) {
	g := load(t, "leapfrog", map[string]string{"size": "8x6", "players": "3", "diagonal": "true"})
	if len(g.Board.Cells) != 48 || g.Board.Width != 8 || g.Board.Height != 6 {
		t.Fatalf("board %dx%d", g.Board.Width, g.Board.Height)
	}
	if len(g.Players) != 3 || g.Players[2].Name != "p3" {
		t.Fatalf("players %+v", g.Players)
	}
	for _, m := range g.Moves {
		if m.Name == "jump" && len(m.Dirs[0]) != 8 {
			t.Fatalf("diagonal jump dirs %v", m.Dirs[0])
		}
	}
	g = load(t, "leapfrog", nil)
	for _, m := range g.Moves {
		if m.Name == "jump" {
			if len(m.Dirs[1]) != 4 || m.Capture != ir.CaptureJumped || m.Chain != ir.ChainOptional || m.Piece != ir.AnyPiece {
				t.Fatalf("jump %+v", m)
			}
		}
	}
	if len(g.Board.Cells) != 225 || len(g.Setup.Place) != 225 {
		t.Fatalf("default board")
	}
}

func TestCaptureBoard(t *testing.T) {
	g := load(t, "capture", nil)
	if len(g.Board.Cells) != 61 || len(g.Setup.Place) != 60 {
		t.Fatalf("%d cells, %d placed", len(g.Board.Cells), len(g.Setup.Place))
	}
	for _, pl := range g.Setup.Place {
		if g.Board.Cells[pl.Cell].Name == "e5" {
			t.Fatal("e5 is not empty")
		}
	}
	if c := g.Board.Cells[30]; c.Name != "e5" || c.X != 0 || c.Y != 4 {
		t.Fatalf("centre %+v", c)
	}
	if len(g.Moves[0].Dirs[0]) != 6 {
		t.Fatalf("dirs %v", g.Moves[0].Dirs[0])
	}
}

func TestSaltaSetupAndTargets(t *testing.T) {
	g := load(t, "salta", nil)
	if len(g.Board.Cells) != 50 || len(g.Pieces) != 30 {
		t.Fatalf("%d cells, %d pieces", len(g.Board.Cells), len(g.Pieces))
	}
	at := map[string]string{}
	for _, pl := range g.Setup.Place {
		at[g.Board.Cells[pl.Cell].Name] = g.Pieces[pl.Piece].Name
	}
	for cell, want := range map[string]string{"a1": "green star1", "i1": "green star5", "j2": "green moon5",
		"j10": "red star1", "b10": "red star5", "a9": "red moon5", "j8": "red sun1"} {
		if at[cell] != want {
			t.Errorf("%s holds %q, want %q", cell, at[cell], want)
		}
	}
	target := map[string]string{}
	for _, pc := range g.Pieces {
		target[pc.Name] = g.Board.Cells[pc.Target].Name
	}
	for piece, want := range map[string]string{"green star1": "b8", "green sun5": "j10", "red star1": "i3", "red star5": "a3", "red moon1": "j2", "red sun5": "a1"} {
		if target[piece] != want {
			t.Errorf("%s aims for %s, want %s", piece, target[piece], want)
		}
	}
	if g.End.Plies != 0 {
		t.Errorf("no limit by default")
	}
	g = load(t, "salta", map[string]string{"limit": "120"})
	if g.End.Plies != 240 || g.End.AtLimit != ir.OutcomeScore || g.Score.Best != ir.Lowest {
		t.Errorf("limit: %+v", g.End)
	}
	if len(g.Priority) != 2 || g.Moves[g.Priority[0][0]].Name != "jump" || len(g.Filters) != 1 {
		t.Errorf("priority %v filters %v", g.Priority, g.Filters)
	}
	jump := g.Moves[g.Priority[0][0]]
	if d := jump.Dirs; len(d[0]) != 2 || len(d[1]) != 2 || g.Board.Dirs[d[0][0]].DY != 1 || g.Board.Dirs[d[1][0]].DY != -1 {
		t.Errorf("forward diagonal dirs %v", d)
	}
}

func TestPyramidZones(t *testing.T) {
	g := load(t, "pyramid", nil)
	if g.Zones[0].Name != "start" {
		t.Fatal("no start zone")
	}
	if got := cellNames(g, g.Zones[0].Cells[1]); got != "h8 f8 d8 b8 g7 e7 c7 f6 d6 e5" {
		t.Errorf("black start %s", got)
	}
	if g.End.NoMove != ir.OutcomePass || g.End.Passes != 2 || len(g.End.Goals) != 1 {
		t.Errorf("end %+v", g.End)
	}
}

func TestCrossingsConcepts(t *testing.T) {
	g := load(t, "crossings", nil)
	if len(g.Moves) != 1 || g.Moves[0].Action != ir.Group || g.Moves[0].GroupCapture == nil {
		t.Fatalf("moves %+v", g.Moves)
	}
	if len(g.Promotions) != 1 || g.Kinds[g.Promotions[0].To].Name != "crossed" {
		t.Fatalf("promotions %+v", g.Promotions)
	}
	if z := g.Zones[g.Promotions[0].Zone]; cellNames(g, z.Cells[0]) != "a8 b8 c8 d8 e8 f8 g8 h8" || cellNames(g, z.Cells[1]) != "a1 b1 c1 d1 e1 f1 g1 h1" {
		t.Fatalf("back ranks %v", z.Cells)
	}
	if len(g.End.Goals) != 1 || !g.End.Goals[0].Lose || g.End.NoMove != ir.OutcomeDraw {
		t.Fatalf("end %+v", g.End)
	}
	if len(g.Setup.Place) != 32 {
		t.Fatalf("%d stones", len(g.Setup.Place))
	}
}

func TestJumpwingsVariants(t *testing.T) {
	basic := load(t, "jumpwings", nil)
	if !basic.Stacking || len(basic.Board.Cells) != 28 || len(basic.Setup.Place) != 24 {
		t.Fatalf("basic: stacking %v, %d cells, %d pieces", basic.Stacking, len(basic.Board.Cells), len(basic.Setup.Place))
	}
	adv := load(t, "jumpwings-advanced", nil)
	if len(adv.Board.Cells) != 37 || adv.Title != "Jumpwings (advanced)" {
		t.Fatalf("advanced: %d cells", len(adv.Board.Cells))
	}
	rel := load(t, "jumpwings-relative", nil)
	for _, g := range []*ir.Game{basic, rel} {
		for _, m := range g.Moves {
			if m.Name == "jump" && (m.LengthProp != "jump" || m.Length != 0) {
				t.Fatalf("jump length %+v", m)
			}
		}
	}
	// Only the jump's conditions differ between basic and relative.
	if fmt.Sprint(basic.Moves[0].Over) == fmt.Sprint(rel.Moves[0].Over) {
		t.Fatal("relative variant did not override over")
	}
	long := load(t, "jumpwings", map[string]string{"goal": "long"})
	if len(long.End.Goals) != 1 || long.End.Goals[0].Check != ir.TurnStart {
		t.Fatalf("long goal %+v", long.End.Goals)
	}
	if len(basic.End.Goals) != 1 || basic.End.Goals[0].Check != ir.AfterMove {
		t.Fatalf("short goal %+v", basic.End.Goals)
	}
}

func TestDraughtsAndBreakthrough(t *testing.T) {
	d := load(t, "draughts", nil)
	if len(d.Board.Cells) != 32 || len(d.Setup.Place) != 24 || len(d.Priority) != 2 || len(d.Priority[0]) != 2 {
		t.Fatalf("draughts: %d cells, %d men, priority %v", len(d.Board.Cells), len(d.Setup.Place), d.Priority)
	}
	if d.End.NoMove != ir.OutcomeLose || len(d.Promotions) != 1 {
		t.Fatalf("draughts end %+v", d.End)
	}
	b := load(t, "breakthrough", nil)
	if len(b.Setup.Place) != 32 || len(b.Moves) != 2 || b.Moves[1].Capture != ir.CaptureLanding {
		t.Fatalf("breakthrough %+v", b.Moves)
	}
	if got := len(b.Moves[0].Dirs[0]); got != 3 {
		t.Fatalf("forward = %d directions", got)
	}
}

// A variant's block replaces the base's `setup P: mirror(Q)`; a block
// without a value otherwise keeps the base's value.
func TestVariantBlockReplacesMirror(t *testing.T) {
	dir := t.TempDir()
	base := `board { shape: square(4x4) }
player white { forward: north }
player black { forward: south }
piece man {}
setup white { man: a1 b1 }
setup black: mirror(white)
step { dirs: forward }
`
	variant := `extends: "base.rules"
setup black { man: a4 }
`
	if err := os.WriteFile(filepath.Join(dir, "base.rules"), []byte(base), 0o644); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "variant.rules")
	if err := os.WriteFile(path, []byte(variant), 0o644); err != nil {
		t.Fatal(err)
	}
	g, err := Load(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	var black []string
	for _, pl := range g.Setup.Place {
		if g.Pieces[pl.Piece].Owner == 1 {
			black = append(black, g.Board.Cells[pl.Cell].Name)
		}
	}
	if len(black) != 1 || black[0] != "a4" {
		t.Errorf("black's setup %v, want [a4]", black)
	}
}
