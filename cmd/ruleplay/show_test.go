package main

import (
	"bytes"
	"encoding/xml"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ruleplay/ruleplay/interp"
)

// svgShape is what TestSVGGolden checks in a picture besides the golden
// file: the cells drawn, the stacks with their heights, the last move's
// marks and the caption lines.
type svgShape struct {
	cells    int
	stacks   map[string]int // cell -> height
	lastMove int            // circles in the last-move group
	captions []string
}

func parseSVG(t *testing.T, b []byte) svgShape {
	t.Helper()
	sh := svgShape{stacks: map[string]int{}}
	dec := xml.NewDecoder(bytes.NewReader(b))
	inLast, inCaption := false, false
	for {
		tok, err := dec.Token()
		if err != nil {
			if err.Error() != "EOF" {
				t.Fatalf("not well-formed: %v", err)
			}
			return sh
		}
		switch e := tok.(type) {
		case xml.StartElement:
			attr := map[string]string{}
			for _, a := range e.Attr {
				attr[a.Name.Local] = a.Value
			}
			switch {
			case attr["class"] == "cell":
				sh.cells++
			case attr["class"] == "stack":
				h, _ := strconv.Atoi(attr["data-height"])
				sh.stacks[attr["data-cell"]] = h
			case attr["id"] == "last-move":
				inLast = true
			case inLast && e.Name.Local == "circle":
				sh.lastMove++
			case attr["class"] == "caption":
				inCaption = true
			}
		case xml.EndElement:
			if e.Name.Local == "g" {
				inLast = false
			}
			inCaption = false
		case xml.CharData:
			if inCaption {
				sh.captions = append(sh.captions, string(e))
			}
		}
	}
}

// show --svg for a square game and a hex stacking game: the structure of
// the picture, and the whole file against testdata/svg (set
// RULEPLAY_UPDATE_SCRIPTS=1 to rewrite them).
func TestSVGGolden(t *testing.T) {
	for _, tc := range []struct {
		name, game, moves string
		cells             int
		stacks            map[string]int // some of the stacks
		nstacks           int
		last              int
		caption           string
	}{
		{"draughts", "draughts", "c3-d4,f6-e5,d4-f6", 64, map[string]int{"f6": 1, "a1": 1}, 23, 2, "3. d4-f6; white to move (ply 3)"},
		{"jumpwings", "jumpwings", "b3-b4,d5-d4,c1-b4,c6-b4,c3-b4", 28, map[string]int{"b4": 4, "d4": 1, "a1": 1}, 21, 2, "5. c3-b4; dark to move (ply 5)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), tc.name+".svg")
			code, stdout, stderr := runMain("show", filepath.Join("..", "..", "games", tc.game+".rules"), "--moves", tc.moves, "--svg", out)
			if code != 0 {
				t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
			}
			b, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			sh := parseSVG(t, b)
			if sh.cells != tc.cells || len(sh.stacks) != tc.nstacks || sh.lastMove != tc.last {
				t.Errorf("cells %d, stacks %d, last-move marks %d; want %d, %d, %d", sh.cells, len(sh.stacks), sh.lastMove, tc.cells, tc.nstacks, tc.last)
			}
			for c, h := range tc.stacks {
				if sh.stacks[c] != h {
					t.Errorf("stack on %s: height %d, want %d", c, sh.stacks[c], h)
				}
			}
			if len(sh.captions) != 2 || sh.captions[1] != tc.caption {
				t.Errorf("captions %q, want the title and %q", sh.captions, tc.caption)
			}
			golden := filepath.Join("testdata", "svg", tc.name+".svg")
			if os.Getenv("RULEPLAY_UPDATE_SCRIPTS") != "" {
				if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, b, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil || !bytes.Equal(want, b) {
				t.Errorf("%s differs from %s (RULEPLAY_UPDATE_SCRIPTS=1 rewrites it)", out, golden)
			}
		})
	}
}

var ansi = regexp.MustCompile("\x1b\\[[0-9;]*m")

// The coloured board, stripped of its colours, is interp's plain board,
// in every bundled game, along a random game; the last move is marked.
func TestColourBoard(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "games", "*.rules"))
	for _, f := range files {
		gf := gameFlags{accels: accelFlags{fast: true}}
		gm, err := gf.load(f, 300)
		if err != nil {
			t.Fatal(err)
		}
		p := gm.p
		s := p.NewState(1)
		rng := rand.New(rand.NewPCG(1, 2))
		var ml interp.MoveList
		last := ""
		for ply := 0; ; ply++ {
			col := board(p, s, true, moveCells(p, last))
			if got, want := ansi.ReplaceAllString(col, ""), p.Render(s); got != want {
				t.Fatalf("%s ply %d: coloured board without colours:\n%s\nplain:\n%s", gm.g.Name, ply, got, want)
			}
			if last != "" && len(moveCells(p, last)) > 0 && !strings.Contains(col, ";7m") {
				t.Fatalf("%s ply %d: the last move %s is not marked", gm.g.Name, ply, last)
			}
			p.Legal(s, &ml)
			if ml.Len() == 0 || ply > 60 {
				break
			}
			i := rng.IntN(ml.Len())
			last = p.Text(&ml, i)
			p.Apply(s, &ml, i)
		}
	}
}

func TestMoveCells(t *testing.T) {
	gf := gameFlags{accels: accelFlags{fast: true}}
	gm, err := gf.load(filepath.Join("..", "..", "games", "crossings.rules"), 0)
	if err != nil {
		t.Fatal(err)
	}
	p := gm.p
	name := func(cs []int) string {
		var out []string
		for _, c := range cs {
			out = append(out, p.CellName(c))
		}
		return strings.Join(out, " ")
	}
	for text, want := range map[string]string{
		"a1-c3-e5": "a1 c3 e5", "xh8": "h8", "a2:a3-a5": "a2 a3 a5", "pass": "", "": "", "zz9-a1": "",
	} {
		if got := name(moveCells(p, text)); got != want {
			t.Errorf("moveCells(%q) = %q, want %q", text, got, want)
		}
	}
}

func TestMatchMove(t *testing.T) {
	legal := []string{"c3-d4", "c3-b4", "e3-f4", "e3-f4-g5", "a1-c3-e5", "xh8", "pass"}
	for _, tc := range []struct {
		entry   string
		want    int
		matches []string
	}{
		{"c3-d4", 0, nil},
		{" C3 - d4 ", -1, nil}, // lower-casing is the caller's
		{"c3 - d4", 0, nil},
		{"c3", -1, []string{"c3-d4", "c3-b4"}},
		{"e3-f4", 2, nil}, // exact before prefix
		{"e3", -1, []string{"e3-f4", "e3-f4-g5"}},
		{"a1", 4, nil},
		{"a1-c3", 4, nil},
		{"a1-c", -1, nil}, // not at a cell boundary
		{"xh8", 5, nil},
		{"pass", 6, nil},
		{"zz", -1, nil},
	} {
		got, matches := matchMove(tc.entry, legal)
		if got != tc.want || !slices.Equal(matches, tc.matches) {
			t.Errorf("matchMove(%q) = %d %v, want %d %v", tc.entry, got, matches, tc.want, tc.matches)
		}
	}
}

func TestNumbered(t *testing.T) {
	var moves []string
	for i := 0; i < 12; i++ {
		moves = append(moves, "m"+strconv.Itoa(i))
	}
	got := numbered(moves, 40)
	want := "   1. m0    2. m1    3. m2    4. m3\n   5. m4    6. m5    7. m6    8. m7\n   9. m8   10. m9   11. m10  12. m11\n"
	if got != want {
		t.Errorf("numbered:\n%s\nwant:\n%s", got, want)
	}
}
