package interp

import (
	"flag"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
	"github.com/ruleplay/ruleplay/lang"
)

// corpus chooses how much of the generated rules files
// TestGeneratedAcceleratorsOff runs with each accelerator switched off
// alone: "sample" (every fourth file, the default) or "full" (every file):
//
//	go test ./interp -run Generated -corpus=full
var corpus = flag.String("corpus", "sample", "generated rules files run with each accelerator off: sample or full")

// TestRegistryNeedsClosure checks that switching an accelerator off
// switches off those that need it, transitively, and nothing else.
func TestRegistryNeedsClosure(t *testing.T) {
	cases := []struct {
		disable []string
		want    []string
	}{
		{nil, nil},
		{[]string{"kernel"}, []string{"kernel", "kernel-chains", "step-playouts"}},
		{[]string{"bulk"}, []string{"bulk", "kernel", "kernel-chains", "multiword-chains", "step-playouts"}},
		{[]string{"leap-table"}, []string{"leap-table", "shift-sets", "word-chains", "landing-count", "mailbox", "bulk", "kernel",
			"kernel-chains", "multiword-chains", "blockade-words", "words-perft", "mailbox-perft", "step-playouts"}},
		{[]string{"word-chains"}, []string{"word-chains", "kernel-chains"}},
		{[]string{"flat-make"}, []string{"flat-make", "fused-make"}},
		{[]string{"direct-make", " mailbox "}, []string{"mailbox", "mailbox-perft", "direct-make", "fused-make", "step-playouts"}},
		{[]string{"quantifier-tables", "quantifier-tables"}, []string{"quantifier-tables"}},
		{[]string{"all"}, []string{"all"}},
		{[]string{"kernel", "all"}, []string{"all"}},
	}
	g := loadGame(t, "draughts.rules", nil)
	for _, c := range cases {
		p, err := Compile(g, core.Config{Disable: c.disable})
		if err != nil {
			t.Fatalf("%q: %v", c.disable, err)
		}
		if got := p.Disabled(); !slices.Equal(got, c.want) {
			t.Errorf("Disable %q: off %q, want %q", c.disable, got, c.want)
		}
	}
	// Every accelerator a needs is listed before it, and none needs itself.
	for i, a := range registry {
		for _, n := range a.Needs {
			if int(n) >= i {
				t.Errorf("%s needs %s, listed after it", a.Name, registry[n].Name)
			}
		}
	}
}

// TestRegistryUnknownName checks the errors for names not in the
// registry, with and without a close one.
func TestRegistryUnknownName(t *testing.T) {
	known := "leap-table, shift-sets, word-chains, landing-count, mailbox, stack-table, group-table, bulk, kernel, kernel-chains, multiword-chains, " +
		"blockade-words, words-perft, mailbox-perft, count-playouts, flat-make, direct-make, fused-make, quantifier-tables, turn-guards, long-table, majority-paths, hop-table, unique-ends, hop-count, kept-components, step-playouts, word-goals, hop-draw, all"
	cases := []struct{ name, want string }{
		{"kernal", `unknown accelerator "kernal" (did you mean "kernel"?); known: ` + known},
		{"mailbx-perft", `unknown accelerator "mailbx-perft" (did you mean "mailbox-perft"?); known: ` + known},
		{"nosuch", `unknown accelerator "nosuch"; known: ` + known},
		{"ALL", `unknown accelerator "ALL"; known: ` + known},
	}
	g := loadGame(t, "draughts.rules", nil)
	for _, c := range cases {
		if err := CheckDisable([]string{"kernel", c.name}); err == nil || err.Error() != c.want {
			t.Errorf("CheckDisable %q: %v\nwant %s", c.name, err, c.want)
		}
		_, err := Compile(g, core.Config{Disable: []string{c.name}})
		if want := "compile draughts: " + c.want; err == nil || err.Error() != want {
			t.Errorf("Compile %q: %v\nwant %s", c.name, err, want)
		}
	}
	if err := CheckDisable([]string{"all", "kernel", ""}); err != nil {
		t.Errorf("CheckDisable: %v", err)
	}
}

// TestRegistryReached checks that every accelerator serves some bundled
// game, unseen rules file or generated rules file (its name in some
// plan's accelerators), and that switching it off takes it out of the
// plan, with the reason.
func TestRegistryReached(t *testing.T) {
	games := bundledAndUnseen(t)
	var names []string
	for name := range games {
		names = append(names, name)
	}
	slices.Sort(names)
	for i := uint64(0); i < 800; i += 10 {
		name := fmt.Sprintf("generated %d", i)
		g, err := lang.LoadSource("gen.rules", []byte(genRules(genData(i))), nil)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		games[name] = g
		names = append(names, name)
	}
	for i, a := range registry {
		reached := false
		for _, name := range names {
			g := games[name]
			p, err := Compile(g, core.Config{})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if slices.Contains(planAccels(Explain(p)), a.Name) {
				reached = true
				off, err := Compile(g, core.Config{Disable: []string{a.Name}})
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				pl := Explain(off)
				if slices.Contains(planAccels(pl), a.Name) {
					t.Errorf("%s: %s off, and still in the plan", name, a.Name)
				}
				want := registry[i].Name + ": disabled (--disable " + a.Name + ")"
				if !slices.Contains(planDeclines(pl), want) {
					t.Errorf("%s: %s off: the plan does not say %q", name, a.Name, want)
				}
				break
			}
		}
		if !reached {
			t.Errorf("no bundled game, unseen or generated rules file gets %s", a.Name)
		}
	}
}

// TestBundledAcceleratorsOff compares, on every bundled game and unseen
// rules file, each accelerator switched off alone with the reference
// (everything off): moves in order, counts, results, perft.
func TestBundledAcceleratorsOff(t *testing.T) {
	games := bundledAndUnseen(t)
	names := make([]string, 0, len(games))
	for name := range games {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		g := games[name]
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ref, err := Compile(g, core.Config{Disable: []string{"all"}, MaxLeaps: genMaxLeaps})
			if err != nil {
				t.Fatal(err)
			}
			on, err := Compile(g, core.Config{})
			if err != nil {
				t.Fatal(err)
			}
			for _, a := range registry {
				if !slices.Contains(planAccels(Explain(on)), a.Name) {
					continue // (the plan without it is the plan with it)
				}
				p, err := Compile(g, core.Config{Disable: []string{a.Name}, MaxLeaps: genMaxLeaps})
				if err != nil {
					t.Fatal(err)
				}
				t.Run(a.Name, func(t *testing.T) {
					checkEquiv(t, p, ref, 1, 40)
					checkPerfts(t, p, ref, 2)
				})
			}
		})
	}
}

// bundledAndUnseen loads the bundled games and the unseen rules files
// with their default options.
func bundledAndUnseen(t *testing.T) map[string]*ir.Game {
	t.Helper()
	out := unseenGames(t)
	files, err := filepath.Glob("../games/*.rules")
	if err != nil || len(files) == 0 {
		t.Fatalf("no rules files: %v", err)
	}
	for _, f := range files {
		out[filepath.Base(f)] = loadGame(t, filepath.Base(f), nil)
	}
	return out
}

// planAccels lists every accelerator the plan names as got, with
// repeats.
func planAccels(pl Plan) []string {
	out := slices.Clone(pl.Accelerators)
	for _, r := range pl.Rules {
		out = append(out, r.Accelerators...)
	}
	for _, t := range pl.Tiers {
		out = append(out, t.Accelerators...)
	}
	return out
}

// planDeclines lists every "name: why" of the plan.
func planDeclines(pl Plan) []string {
	out := slices.Clone(pl.Declined)
	for _, r := range pl.Rules {
		out = append(out, r.Declined...)
	}
	for _, t := range pl.Tiers {
		out = append(out, t.Declined...)
	}
	return out
}

// planWithoutDeclines is the plan's text without the lines saying why an
// accelerator declined: two Programs of one game with the same such text
// run the same code.
func planWithoutDeclines(p *core.Program) string {
	var b strings.Builder
	if err := Explain(p).Write(&b); err != nil {
		panic(err)
	}
	var keep []string
	for _, l := range strings.Split(b.String(), "\n") {
		if !strings.HasPrefix(strings.TrimSpace(l), "declined ") {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}

// TestGeneratedAcceleratorsOff compares, on the generated rules files
// (every fourth, or all with -corpus=full), each accelerator switched off
// alone with the reference (everything off), where switching it off
// changes the plan: moves in order, counts, selections, results, undo,
// perft.
func TestGeneratedAcceleratorsOff(t *testing.T) {
	n, step, games, plies := 800, 4, 1, 40
	switch {
	case *corpus == "full":
		step, games, plies = 1, 2, 60
	case *corpus != "sample":
		t.Fatalf("-corpus=%s: want sample or full", *corpus)
	case testing.Short():
		step = 40
	}
	var mu sync.Mutex
	tried := map[string]int{}
	t.Run("files", func(t *testing.T) {
		for i := 0; i < n; i += step {
			src := genRules(genData(uint64(i)))
			t.Run(fmt.Sprint(i), func(t *testing.T) {
				t.Parallel()
				defer func() {
					if t.Failed() {
						t.Logf("rules file:\n%s", src)
					}
				}()
				for _, name := range checkAcceleratorsOff(t, src, games, plies) {
					mu.Lock()
					tried[name]++
					mu.Unlock()
				}
			})
		}
	})
	for _, a := range registry {
		t.Logf("%5d files with %s off", tried[a.Name], a.Name)
	}
}

// checkAcceleratorsOff compares, on a generated rules file, each
// accelerator switched off alone with the reference (everything off),
// where switching it off changes the plan: moves in order, counts,
// selections, results, undo, perft, playouts. It returns the names
// tried (a position past the leap bound ends the comparison).
func checkAcceleratorsOff(t *testing.T, src string, games, plies int) (tried []string) {
	t.Helper()
	on, ref := loadGen(t, src)
	onPlan := planWithoutDeclines(on)
	for _, a := range registry {
		g, err := lang.LoadSource("gen.rules", []byte(src), nil)
		if err != nil {
			t.Fatal(err)
		}
		p, err := Compile(g, core.Config{Disable: []string{a.Name}, MaxLeaps: genMaxLeaps})
		if err != nil {
			t.Fatalf("compile (%s off): %v", a.Name, err)
		}
		if planWithoutDeclines(p) == onPlan {
			continue // it did not apply
		}
		tried = append(tried, a.Name)
		capped, err := Compile(g, core.Config{Disable: []string{a.Name}, MaxLeaps: genMaxLeaps, MaxPlies: plies})
		if err != nil {
			t.Fatalf("compile (%s off): %v", a.Name, err)
		}
		err = core.Guard(func() {
			checkEquiv(t, p, ref, games, plies)
			checkPerfts(t, p, ref, 2)
			checkPlayouts(t, capped, games)
		})
		if err != nil {
			return tried // (the generator's mistake: TestGeneratedFastEqualsGeneric reports it)
		}
		if t.Failed() {
			t.Fatalf("%s off differs from the reference", a.Name)
		}
	}
	return tried
}
