package play

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/lang"
)

// fuzzRules builds a small rules file from data: board, setups, and a step
// and a jump rule with their conditions chosen by the bytes.
func fuzzRules(data []byte) string {
	at := func(i int) int {
		if len(data) == 0 {
			return 0
		}
		return int(data[i%len(data)])
	}
	w, h := 2+at(0)%6, 2+at(1)%6
	cell := func(i int) string { return fmt.Sprintf("%c%d", 'a'+i%w, 1+(i/w)%h) }
	pick := func(i int, xs ...string) string { return xs[at(i)%len(xs)] }
	var b strings.Builder
	fmt.Fprintf(&b, "board { shape: square(%dx%d) }\nplayers: a, b\npiece p {}\n", w, h)
	used := map[string]bool{}
	for pl, name := range []string{"a", "b"} {
		var cells []string
		for k := 0; k < 1+at(2+pl)%4; k++ {
			c := cell(at(4+4*pl+k) + pl*w*(h-1))
			if !used[c] {
				used[c] = true
				cells = append(cells, c)
			}
		}
		if len(cells) > 0 {
			fmt.Fprintf(&b, "setup %s { p: %s }\n", name, strings.Join(cells, " "))
		}
	}
	if at(12)%2 == 0 {
		fmt.Fprintf(&b, "step { dirs: %s; onto: %s }\n", pick(13, "all", "forward", "diagonal", "orthogonal"), pick(14, "empty", "any", "enemy"))
	}
	fmt.Fprintf(&b, "jump { dirs: %s; over: %s; onto: %s; capture: %s; chain: %s }\n",
		pick(15, "all", "forward", "diagonal"), pick(16, "enemy", "occupied", "any", "own"),
		pick(17, "empty", "any"), pick(18, "none", "jumped", "landing"), pick(19, "none", "optional", "compulsory"))
	fmt.Fprintf(&b, "end { plies: %d }\n", 1+at(20)%60)
	return b.String()
}

// FuzzPlay drives Legal and Apply on generated small games for a bounded
// number of plies, with a small budget of leaps per position: nothing may
// panic but with the budget's *interp.LimitError, every move is in range
// and has a text that parses back to a legal move.
func FuzzPlay(f *testing.F) {
	f.Add([]byte{3, 3, 1, 1, 0, 1, 2, 3, 0, 1, 2, 3, 0, 0, 0, 0, 0, 0, 1, 1, 20})
	f.Add([]byte{5, 5, 3, 3, 7, 9, 11, 13, 2, 4, 6, 8, 1, 2, 0, 1, 0, 0, 1, 2, 40})
	f.Add([]byte("every byte counts"))
	f.Fuzz(func(t *testing.T, data []byte) {
		src := fuzzRules(data)
		g, err := lang.LoadSource("fuzz.rules", []byte(src), nil)
		if err != nil {
			if !lang.IsDiagnostics(err) {
				t.Fatalf("%s\nnot diagnostics: %v", src, err)
			}
			return
		}
		p, err := interp.Compile(g, interp.Config{MaxPlies: 60, MaxLeaps: 20000})
		if err != nil {
			t.Fatalf("%s\ncompile: %v", src, err)
		}
		// A position over the budget stops with its error (Guard), which
		// is then the outcome; any other panic fails.
		_ = interp.Guard(func() { playFuzz(t, src, p, data) })
	})
}

// playFuzz plays up to 60 random plies of p (FuzzPlay).
func playFuzz(t *testing.T, src string, p *interp.Program, data []byte) {
	s := p.NewState(uint64(len(data)))
	rng := rand.New(rand.NewPCG(uint64(len(data)), 7))
	var ml, again interp.MoveList
	for ply := 0; ply < 60; ply++ {
		p.Legal(s, &ml)
		if ml.Len() == 0 {
			if st := p.Status(s); !st.Over {
				t.Fatalf("%s\nno legal move, but the game is not over", src)
			}
			return
		}
		i := rng.IntN(ml.Len())
		text := p.Text(&ml, i)
		if _, err := p.ParseMove(s, &again, text); err != nil {
			t.Fatalf("%s\nmove %q does not parse back: %v", src, text, err)
		}
		p.Apply(s, &ml, i)
	}
}
