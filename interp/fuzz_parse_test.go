package interp_test

import (
	"strings"
	"testing"

	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/lang"
)

// FuzzParseMove feeds arbitrary move texts to ParseMove in the start
// positions of several games (and after one move): it must either find a
// legal move whose text is the input (trimmed) or return an error, never
// panic.
func FuzzParseMove(f *testing.F) {
	var progs []*interp.Program
	for _, name := range []string{"leapfrog", "salta", "capture", "crossings", "jumpwings", "draughts"} {
		opts := map[string]string(nil)
		if name == "leapfrog" {
			opts = map[string]string{"size": "6x6"}
		}
		g, err := lang.Load("../games/"+name+".rules", opts)
		if err != nil {
			f.Fatal(err)
		}
		p, err := interp.Compile(g, interp.Config{})
		if err != nil {
			f.Fatal(err)
		}
		progs = append(progs, p)
	}
	for _, s := range []string{"c3-d4", "xa1", "a2:a3-a5", "pass", " b2-c3 ", "a1-c1-c3", "", "-", "x", "j10-i9", "a1-", ":", "zz99-a1"} {
		f.Add(s, uint8(0), false)
	}
	f.Fuzz(func(t *testing.T, text string, game uint8, afterOne bool) {
		p := progs[int(game)%len(progs)]
		s := p.NewState(1)
		var ml interp.MoveList
		if afterOne {
			p.Legal(s, &ml)
			if ml.Len() > 0 {
				p.Apply(s, &ml, 0)
			}
		}
		i, err := p.ParseMove(s, &ml, text)
		if err != nil {
			if i >= 0 {
				t.Fatalf("error %v with index %d", err, i)
			}
			return
		}
		if got := p.Text(&ml, i); got != strings.TrimSpace(text) {
			t.Fatalf("ParseMove(%q) gave move %q", text, got)
		}
	})
}
