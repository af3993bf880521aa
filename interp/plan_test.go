package interp

import (
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/lang"
)

// planSummary is one line per rule (name: strategy) and per tier (its
// rules, bulk or not), in order.
func planSummary(pl Plan) string {
	var b strings.Builder
	for _, r := range pl.Rules {
		fmt.Fprintf(&b, "%s: %s\n", r.Name, r.Strategy)
	}
	for _, t := range pl.Tiers {
		fmt.Fprintf(&b, "tier %s bulk=%v\n", strings.Join(t.Rules, ","), t.Bulk)
	}
	fmt.Fprintf(&b, "playouts: %s\n", pl.Playouts)
	return b.String()
}

// TestPlanUnseen checks that rules files nobody tuned for (testdata/unseen:
// boards over 64 cells, other piece sets) get the strategies and the
// machinery their patterns allow, and that without fast paths every rule gets the
// reference walker.
func TestPlanUnseen(t *testing.T) {
	want := map[string]string{
		"unseen/breakthrough12.rules": `step: step table
capture: step table
tier step,capture bulk=true
playouts: count, then build the one drawn
`,
		// international rules on 8x8 and 12x12: long leaps on the
		// long-leap table
		"unseen/draughts-brazilian.rules": `man-capture: long-leap table
king-capture: long-leap table
man-step: step table
king-move: long-leap table
tier man-capture,king-capture bulk=false
tier man-step,king-move bulk=false
playouts: legal list, then one drawn
`,
		"unseen/draughts-canadian.rules": `man-capture: long-leap table
king-capture: long-leap table
man-step: step table
king-move: long-leap table
tier man-capture,king-capture bulk=false
tier man-step,king-move bulk=false
playouts: legal list, then one drawn
`,
		"unseen/draughts10.rules": `man-capture: leap table
king-capture: leap table
man-step: step table
king-step: step table
tier man-capture,king-capture bulk=false
tier man-step,king-step bulk=true
playouts: count, then build the one drawn
`,
		"unseen/draughts12.rules": `man-capture: leap table
king-capture: leap table
man-step: step table
king-step: step table
tier man-capture,king-capture bulk=false
tier man-step,king-step bulk=true
playouts: count, then build the one drawn
`,
		"unseen/fox-and-hounds.rules": `run: step table
chase: step table
tier run,chase bulk=true
playouts: steps counted, drawn and made on the occupancy word
`,
		"unseen/hex-raid.rules": `raid: step table
scout: step table
tier raid,scout bulk=true
playouts: steps counted, drawn and made on the occupancy word
`,
		"unseen/halma8.rules": `step: hop table
jump: hop table
tier step,jump bulk=false
playouts: count, then build the one drawn
`,
		"unseen/hexhop.rules": `step: step table
jump: hop table
tier step,jump bulk=false
playouts: legal list, then one drawn
`,
		"unseen/star3lock.rules": `step: hop table
jump: hop table
tier step,jump bulk=false
playouts: count, then build the one drawn
`,
		"unseen/hoppers.rules": `hop: leap table
tier hop bulk=false
playouts: legal list, then one drawn
`,
		"unseen/lords.rules": `advance: step table
take: step table
reign: step table
vault: leap table
tier advance,take,reign,vault bulk=true
playouts: count, then build the one drawn
`,
	}
	// the first rule's machinery beyond its strategy
	wantNotes := map[string][]string{
		"unseen/breakthrough12.rules": {"made and unmade fused"},
		"unseen/hoppers.rules":        {"leaps on the mailbox", "with fewer empty cells than pieces", "made and unmade fused"},
		"unseen/draughts12.rules":     {"played without undo records in playouts, each cell set with its indexes at once"},
	}
	games := unseenGames(t)
	var names []string
	for n := range games {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		p, err := Compile(games[name], core.Config{})
		if err != nil {
			t.Fatal(err)
		}
		if got := planSummary(Explain(p)); got != want[name] {
			t.Errorf("%s: plan\n%s\nwant\n%s", name, got, want[name])
		}
		for _, note := range wantNotes[name] {
			if r := Explain(p).Rules[0]; !slices.ContainsFunc(r.Notes, func(n string) bool { return strings.HasPrefix(n, note) }) {
				t.Errorf("%s: rule %s has no note %q: %q", name, r.Name, note, r.Notes)
			}
		}
		if (name == "unseen/draughts10.rules" || name == "unseen/draughts12.rules") && !Explain(p).Tiers[0].WalkChains {
			t.Errorf("%s: the tier of captures does not walk its chains from its first leaps' sources", name)
		}
		slow, err := Compile(games[name], core.Config{Disable: []string{"all"}})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range Explain(slow).Rules {
			if r.Strategy != "generic walker" && r.Strategy != "reachability" { // (reachability: the meaning of chains named by their ends)
				t.Errorf("%s without fast paths: rule %s has strategy %s", name, r.Name, r.Strategy)
			}
		}
	}
}

// TestPlanText checks the text of a plan (vet --explain) on a small game.
func TestPlanText(t *testing.T) {
	g := unseenGames(t)["unseen/breakthrough12.rules"]
	p, err := Compile(g, core.Config{})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := Explain(p).Write(&b); err != nil {
		t.Fatal(err)
	}
	want := `board: 144 cells, 8 directions; sets of 3 words (bit = cell index; 8 of 8 directions are bit shifts); 438 bytes a position
rule step: step
  strategy: step table
  reads onto: occupancy
  table leap paths (length 1): 1152 entries
  table over: 8 entries
  table onto: 8 entries
  table source: 6 entries
  first leaps by bitset shifts (3 words)
  conditions tabulated by piece code alone
  made and unmade fused on the small board's arrays
  accelerators: leap-table, shift-sets, fused-make
rule capture: step, capturing by landing
  strategy: step table
  reads onto: owner
  table leap paths (length 1): 1152 entries
  table over: 8 entries
  table onto: 8 entries
  table source: 6 entries
  first leaps by bitset shifts (3 words)
  every leap takes a piece
  conditions tabulated by piece code alone
  made and unmade fused on the small board's arrays
  accelerators: leap-table, shift-sets, fused-make
tier 1: step, capture (bulk: counted and drawn on bitsets)
  count: bulk; draw: bulk
  accelerators: bulk
  declined kernel: the board needs 3 words
playouts: count, then build the one drawn
perft: last ply counted by the strategies
make and unmake: fused on the small board's arrays: step, capture; others flat: a leap's cells and undo records written, the occupancy sets updated once; playouts play leaps without undo records
accelerators: count-playouts, flat-make, direct-make, fused-make, quantifier-tables
declined words-perft: the board needs 3 words
declined mailbox-perft: needs mailbox, which declined
declined step-playouts: needs kernel, which declined
`
	if b.String() != want {
		t.Errorf("plan text\n%s\nwant\n%s", b.String(), want)
	}
}

// TestPlanBundled checks that no rule of a bundled game falls back to the
// reference walkers when fast paths are on, but the long rules (lengths,
// hurdles, captures taken at the end) and the rules whose chains may
// crown their piece and go on as another rule's, which only the generic
// walker serves and whose plan says so (the steps of a game with an
// inside lock, Chinese Checkers' goal, get the hop table), and the
// captures by approach or withdrawal (Fanorona), which the core's line
// walker alone serves.
func TestPlanBundled(t *testing.T) {
	files, err := filepath.Glob("../games/*.rules")
	if err != nil || len(files) == 0 {
		t.Fatalf("no rules files: %v", err)
	}
	for _, f := range files {
		g, err := lang.Load(f, nil)
		if err != nil {
			t.Fatal(err)
		}
		p, err := Compile(g, core.Config{})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range Explain(p).Rules {
			long := len(r.Notes) > 0 && (strings.HasPrefix(r.Notes[0], "a long rule") || strings.HasPrefix(r.Notes[0], "crowned mid-chain") || strings.HasPrefix(r.Notes[0], "a rule capturing lines"))
			if (r.Strategy == "generic walker" && !long) || r.Strategy == "group walker" {
				t.Errorf("%s: rule %s falls back to the %s", f, r.Name, r.Strategy)
			}
		}
	}
}

// TestPlanPairs checks which tiers the one-word kernel runs with rules
// paired (those that differ only in the pieces they move and their
// directions): both tiers of the 10x10 draughts file nobody tuned for,
// none on a board of several words or where the rules read other sets.
func TestPlanPairs(t *testing.T) {
	games := unseenGames(t)
	want := map[string][][]string{
		"unseen/draughts10.rules":     {{"man-capture+king-capture"}, {"man-step+king-step"}},
		"unseen/draughts12.rules":     {nil, nil},
		"unseen/breakthrough12.rules": {nil},
	}
	for name, tiers := range want {
		p, err := Compile(games[name], core.Config{})
		if err != nil {
			t.Fatal(err)
		}
		pl := Explain(p)
		if len(pl.Tiers) != len(tiers) {
			t.Fatalf("%s: %d tiers, want %d", name, len(pl.Tiers), len(tiers))
		}
		for i, tp := range pl.Tiers {
			if !slices.Equal(tp.Pairs, tiers[i]) {
				t.Errorf("%s: tier %d pairs %v, want %v", name, i+1, tp.Pairs, tiers[i])
			}
		}
	}
	g, err := lang.Load("../games/breakthrough.rules", nil)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Compile(g, core.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if tp := Explain(p).Tiers[0]; !tp.Kernel || len(tp.Pairs) != 0 {
		t.Errorf("breakthrough: kernel %v, pairs %v; want the kernel without pairs", tp.Kernel, tp.Pairs)
	}
}
