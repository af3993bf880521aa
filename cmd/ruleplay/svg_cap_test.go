package main

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/ruleplay/ruleplay/interp"
)

// TestSVGDirCap: --svg-dir draws at most maxSVGs positions of one game
// (a game of a million plies would fill a disk): past it, the run stops
// with the error, and no picture is written.
func TestSVGDirCap(t *testing.T) {
	dir := t.TempDir()
	rules := filepath.Join(dir, "forever.rules")
	src := "board { shape: square(4x4) }\nplayers: a, b\npiece p {}\nsetup a { p: a1 }\nsetup b { p: d4 }\nstep { dirs: all }\n"
	if err := os.WriteFile(rules, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	g, err := loadRules(rules, nil)
	if err != nil {
		t.Fatal(err)
	}
	p, err := interp.Compile(g, interp.Config{})
	if err != nil {
		t.Fatal(err)
	}
	s := p.NewState(0)
	s.SetUndo(false)
	var ml interp.MoveList
	rng := rand.New(rand.NewPCG(1, 2))
	for s.Ply() < maxSVGs {
		p.Legal(s, &ml)
		p.Apply(s, &ml, rng.IntN(ml.Len()))
	}
	pics := filepath.Join(dir, "pics")
	rc := &runConfig{gm: &game{file: rules, g: g, p: p}, svgDir: pics, inputs: []string{rules}}
	err = rc.svg(s, "")
	if want := "--svg-dir: more than 10000 positions to draw; end the game sooner with --max-plies"; err == nil || err.Error() != want {
		t.Fatalf("error %v, want %q", err, want)
	}
	if _, err := os.Stat(pics); !os.IsNotExist(err) {
		t.Errorf("pictures written: %v", err)
	}
}
