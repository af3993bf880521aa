package interp

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/accel"
	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/lang"
)

// genMaxLeaps bounds the leaps taking nothing of one position in the
// generated games (genRules makes no wandering chain; a position past it
// is the generator's mistake, reported as such).
const genMaxLeaps = 1 << 16

// genData returns the bytes of the generated rules file number i.
func genData(i uint64) []byte {
	rng := rand.New(rand.NewPCG(i, 0x5eed))
	data := make([]byte, 256)
	for k := range data {
		data[k] = byte(rng.Uint32())
	}
	return data
}

// loadGen compiles a generated rules file with and without fast paths.
func loadGen(t testing.TB, src string) (fast, slow *core.Program) {
	t.Helper()
	var ps [2]*core.Program
	for i, noFast := range []bool{false, true} {
		g, err := lang.LoadSource("gen.rules", []byte(src), nil)
		if err != nil {
			t.Fatalf("the generated file does not load: %v\n%s", err, src)
		}
		if ps[i], err = Compile(g, core.Config{Disable: disableAll(noFast), MaxLeaps: genMaxLeaps}); err != nil {
			t.Fatalf("compile (everything off: %v): %v\n%s", noFast, err, src)
		}
	}
	return ps[0], ps[1]
}

// loadGenCapped compiles a generated rules file with fast paths, its
// games ending after plies plies (for RandomPlayout).
func loadGenCapped(t testing.TB, src string, plies int) *core.Program {
	t.Helper()
	g, err := lang.LoadSource("gen.rules", []byte(src), nil)
	if err != nil {
		t.Fatalf("the generated file does not load: %v\n%s", err, src)
	}
	p, err := Compile(g, core.Config{MaxPlies: plies, MaxLeaps: genMaxLeaps})
	if err != nil {
		t.Fatalf("compile: %v\n%s", err, src)
	}
	return p
}

// checkPerfts plays one random game of fast and slow and, at its start
// and at a few plies, checks that Perft and GenPerft of both Programs
// count the same to depth.
func checkPerfts(t *testing.T, fast, slow *core.Program, depth int) {
	t.Helper()
	sf, ss := fast.NewState(3), slow.NewState(3)
	rng := rand.New(rand.NewPCG(3, 11))
	var mf, ms core.MoveList
	for ply := 0; ply <= 12; ply++ {
		if ply%4 == 0 {
			n := []uint64{fast.Perft(sf, depth), fast.GenPerft(sf, depth, nil), slow.Perft(ss, depth), slow.GenPerft(ss, depth, nil)}
			if n[1] != n[0] || n[2] != n[0] || n[3] != n[0] {
				t.Fatalf("ply %d: perft(%d): fast %d, fast generating %d, generic %d, generic generating %d\n%s",
					ply, depth, n[0], n[1], n[2], n[3], fast.Render(sf))
			}
		}
		fast.Legal(sf, &mf)
		slow.Legal(ss, &ms)
		if mf.Len() == 0 || mf.Len() != ms.Len() {
			return
		}
		i := rng.IntN(mf.Len())
		fast.Apply(sf, &mf, i)
		slow.Apply(ss, &ms, i)
	}
}

// checkGenerated compares the fast paths with the generic walker on a
// generated rules file: checkEquiv's random games, the perfts, then
// RandomPlayout against the loop of Legal (checkPlayouts).
// It returns the LimitError a position ran into, if any.
func checkGenerated(t *testing.T, src string, games, plies int) (*core.Program, error) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("panic: %v\n%s\nrules file:\n%s", r, debug.Stack(), src)
		}
		if t.Failed() { // (also after a t.Fatal of the checks)
			t.Logf("rules file:\n%s", src)
		}
	}()
	fast, slow := loadGen(t, src)
	depth := 2
	if fast.NumCells <= 30 {
		depth = 3
	}
	capped := loadGenCapped(t, src, plies)
	err := core.Guard(func() {
		checkEquiv(t, fast, slow, games, plies)
		checkPerfts(t, fast, slow, depth)
		for _, drawer := range []core.PlayoutDrawer{core.PlayoutByList{}, accel.PlayoutByCount{}} {
			capped.Playout = drawer // both ways of playing out
			checkPlayouts(t, capped, games)
		}
	})
	return fast, err
}

// planFeatures names what the plan of p uses: its rules' strategies and
// notes, its tiers' machinery, how it counts and draws moves and decides
// the blockade filter, and its board's words and layout.
func planFeatures(pl Plan) []string {
	digits := regexp.MustCompile(`[0-9]+`)
	var fs []string
	for _, r := range pl.Rules {
		fs = append(fs, "strategy: "+r.Strategy)
		for _, n := range r.Notes {
			fs = append(fs, "note: "+digits.ReplaceAllString(n, "N"))
		}
	}
	for _, t := range pl.Tiers {
		for name, on := range map[string]bool{"bulk": t.Bulk, "count and select": t.CountSel, "precheck": t.Precheck,
			"one-word kernel": t.Kernel, "deduplicated": t.Dedup, "most captured": t.Prefer, "walk chains": t.WalkChains} {
			if on {
				fs = append(fs, "tier: "+name)
			}
		}
	}
	fs = append(fs, "perft: "+pl.Perft, "playouts: "+pl.Playouts)
	if pl.Blockade != "" {
		fs = append(fs, "blockade: "+pl.Blockade)
	}
	words := "one word"
	if pl.Board.Words > 1 {
		words = "several words"
	}
	fs = append(fs, "board: "+words, "layout: "+digits.ReplaceAllString(pl.Board.Layout, "N"))
	if pl.Board.Mailbox != "" {
		fs = append(fs, "board: mailbox")
	}
	return fs
}

// genWanted is the machinery beside the strategies that the generated
// files must reach.
var genWanted = []string{
	"note: first leaps by bitset shifts (N word)",
	"note: first leaps by bitset shifts (N words)",
	"note: leaps on the mailbox",
	"note: a long rule (lengths, hurdle or captures taken at the end): the generic walker alone",
	"note: a long rule (lengths, hurdle or captures taken at the end): rays per cell and direction, conditions tabulated per mover",
	"note: chains walked one first direction at a time on the leap table (not on the bitset or mailbox walkers)",
	"note: every leap takes a piece",
	"tier: bulk", "tier: one-word kernel", "tier: precheck", "tier: deduplicated", "tier: most captured", "tier: count and select",
	"tier: walk chains", "playouts: count, then build the one drawn",
	"perft: last two plies counted on occupancy words",
	"perft: depth 2 played on the mailbox, last ply counted there",
	"blockade: decided on occupancy words",
	"blockade: each move played, the next player's moves asked",
	"board: several words", "layout: bits by coordinates, N bits",
}

// TestGeneratedFastEqualsGeneric compares, on generated rules files,
// the fast strategies with the generic walker (moves in order, counts,
// selections, results, undo, perft; playouts with the Legal loop), and
// checks that the files reach every strategy the planner has and (in
// full mode) the machinery of genWanted.
func TestGeneratedFastEqualsGeneric(t *testing.T) {
	n, games, plies := 800, 2, 60
	if testing.Short() {
		n, games, plies = 100, 1, 30
	}
	var mu sync.Mutex
	reached := map[string]int{}
	t.Run("files", func(t *testing.T) {
		for i := 0; i < n; i++ {
			src := genRules(genData(uint64(i)))
			t.Run(fmt.Sprint(i), func(t *testing.T) {
				t.Parallel()
				p, err := checkGenerated(t, src, games, plies)
				if err != nil {
					t.Fatalf("%v\n%s", err, src)
				}
				mu.Lock()
				defer mu.Unlock()
				for _, f := range planFeatures(Explain(p)) {
					reached[f]++
				}
			})
		}
	})
	var all []string
	for k := range reached {
		all = append(all, k)
	}
	sort.Strings(all)
	for _, k := range all {
		t.Logf("%5d %s", reached[k], k)
	}
	var missing []string
	for _, s := range strategies {
		if reached["strategy: "+s.Name()] == 0 {
			missing = append(missing, s.Name())
		}
	}
	if len(missing) > 0 {
		t.Errorf("no generated file reaches the strategies %s", strings.Join(missing, ", "))
	}
	missing = missing[:0]
	for _, f := range genWanted {
		if reached[f] == 0 {
			missing = append(missing, f)
		}
	}
	if len(missing) > 0 && !testing.Short() {
		t.Errorf("no generated file reaches:\n%s", strings.Join(missing, "\n"))
	}
}

// FuzzFastEqualsGeneric is TestGeneratedFastEqualsGeneric on the files
// genRules makes of the fuzzer's bytes, then each accelerator switched
// off alone (checkAcceleratorsOff). A position past the leap bound is
// skipped.
func FuzzFastEqualsGeneric(f *testing.F) {
	for i := uint64(0); i < 8; i++ {
		f.Add(genData(i))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		src := genRules(data)
		if _, err := checkGenerated(t, src, 1, 20); err != nil {
			t.Skip(err)
		}
		checkAcceleratorsOff(t, src, 1, 20)
	})
}
