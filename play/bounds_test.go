package play

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/lang"
)

// A search without a playout budget or a deadline still ends: once its
// tree has taken its memory bound.
func TestMCTSTreeIsBounded(t *testing.T) {
	p := load(t, "salta", nil, 200)
	m := &MCTS{}
	sr := m.newSearch(p, p.NewState(1), rand.New(rand.NewPCG(1, 2)))
	sr.maxBytes = 64 << 10
	sr.run(-1, time.Time{})
	if !sr.full() || sr.bytes > sr.maxBytes+entryBytes*1000+nodeBytes {
		t.Errorf("tree of %d bytes, bound %d", sr.bytes, sr.maxBytes)
	}
	if v := sr.root.visits; v < 10 {
		t.Errorf("only %v playouts before the bound", v)
	}
}

// Greedy's plan search on a large board with many moves keeps a bounded
// number of positions and tries a bounded number of moves.
func TestGreedyPlanIsBounded(t *testing.T) {
	src := "board { shape: square(26x26) }\nplayers: a, b\npiece p {}\n" +
		"setup a { p: a1 b1 c1 d1 e1 f1 g1 h1 i1 j1 k1 l1 m1 }\n" +
		"setup b { p: a26 b26 c26 d26 e26 f26 g26 h26 i26 j26 k26 l26 m26 }\n" +
		"step { dirs: all }\njump { dirs: all; over: any }\nscore { value: count(own) }\n"
	g, err := lang.LoadSource("big.rules", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	p, err := interp.Compile(g, interp.Config{MaxPlies: 100})
	if err != nil {
		t.Fatal(err)
	}
	gr := &Greedy{}
	gr.Reset()
	s := p.NewState(1)
	gr.prog, gr.hasBest, gr.bestOwn = p, true, p.Score(s, 0)+1 // nothing reachable beats it
	if plan := gr.search(p, s, 0); plan != nil {
		t.Fatalf("a plan %v beats an unreachable score", plan)
	}
	if gr.tried > planChildren*gr.planNodes() || gr.kept > max(gr.planNodes(), planMemory/(cloneFactor*p.StateBytes())) {
		t.Errorf("tried %d, kept %d", gr.tried, gr.kept)
	}
	if gr.kept < gr.planNodes() {
		t.Errorf("kept only %d positions", gr.kept)
	}
}
