package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ruleplay/ruleplay/ir"
	"github.com/ruleplay/ruleplay/lang"
)

// optionVariants returns option settings that exercise every option of a
// game: each choice of a named option, both values of a Boolean, a small
// board for a size (keeping the game quick), the next value of a number.
func optionVariants(g *ir.Game) [][]string {
	out := [][]string{nil}
	for _, o := range g.Options {
		var v string
		switch o.Type {
		case ir.OptBool:
			v = fmt.Sprint(o.Value.Int == 0)
		case ir.OptEnum:
			for _, c := range o.Choices {
				if c != o.Value.Str {
					out = append(out, []string{"--option", o.Name + "=" + c})
				}
			}
			continue
		case ir.OptSize:
			w, h := max(o.Min.W, 5), max(o.Min.H, 5)
			if o.Max.W > 0 {
				w, h = min(w, o.Max.W), min(h, o.Max.H)
			}
			v = fmt.Sprintf("%dx%d", w, h)
		case ir.OptInt:
			n := o.Value.Int + 1
			if o.Max != (ir.Value{}) && n > o.Max.Int {
				continue
			}
			v = fmt.Sprint(n)
		}
		out = append(out, []string{"--option", o.Name + "=" + v})
	}
	return out
}

// TestRunRecordPassesCheck: for every bundled game and option, the record
// written by `run --record` passes `check`.
func TestRunRecordPassesCheck(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "games", "*.rules"))
	for _, f := range files {
		g, err := lang.Load(f, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, opts := range optionVariants(g) {
			// Keep boards small where the default is large.
			if strings.HasPrefix(g.Name, "leapfrog") && len(opts) == 0 {
				opts = []string{"--option", "size=6x6"}
			}
			name := g.Name + "/" + strings.Join(opts, " ")
			t.Run(name, func(t *testing.T) {
				rec := filepath.Join(t.TempDir(), "game.yaml")
				args := append([]string{"run", f, "--quiet", "--seed", "5", "--record", rec}, opts...)
				if code, out, errOut := runMain(args...); code != 0 {
					t.Fatalf("run: exit %d\n%s%s", code, out, errOut)
				}
				code, out, errOut := runMain("check", f, rec)
				if code != 0 || !strings.Contains(out, "1 records: 1 ok, 0 failed") {
					t.Fatalf("check: exit %d\n%s%s", code, out, errOut)
				}
			})
		}
	}
}
