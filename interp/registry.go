package interp

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ruleplay/ruleplay/internal/suggest"
	"github.com/ruleplay/ruleplay/interp/internal/core"
)

// The registry of accelerators. The core (the tables, the dependency
// analysis, the literal walker, make and unmake, the tiers, the goals)
// gives every rules file its meaning; an accelerator is a faster way to
// compute the same thing for a class of patterns. Each one is an entry
// below: the name Config.Disable and `--disable` take, the accelerators it
// needs (switching one off switches off, transitively, those that need
// it), and one line saying what class of patterns it serves. Compile
// turns Config.Disable into the set of accelerators on (Program.accels,
// closed under needs) and every decision point asks it (Program.off);
// where one declines, the reason is recorded for the plan (Program.declines,
// printed by `ruleplay vet --explain`).
//
// Adding one is one entry here, its constant in the same order, and the
// predicate at its decision point.
//
// Reachability (strat_reach.go) is not registered: it is the rule's
// meaning, not a faster path. The generic walker, path by path, with the
// moves merged by their ends (ends.go), lists the same moves in another
// order: the ends in the order the paths first meet them, where
// reachability's search meets them in its own (checked on the bundled
// games and the generated rules files with such rules: a bundled hop
// race's third ply, and 7 of the generated files, differ). And the chains
// that capture nothing have exponentially many paths (a position of a
// hop race on a star has hundreds of thousands): the walker runs into
// Config.MaxLeaps where reachability answers.

// accelerator is one entry of the registry.
type accelerator struct {
	Name   string       // as Config.Disable and --disable take it
	Needs  []core.Accel // the accelerators it cannot run without
	Serves string       // the class of patterns it serves, and how
}

// Registry lists the accelerators, indexed by core.Accel.
var registry = [core.AccelCount]accelerator{
	core.AccelLeapTable: {"leap-table", nil,
		"leaps of a fixed length whose conditions read the cell and its piece: conditions tabulated per piece code (and cell), paths precomputed (step and leap tables)"},
	core.AccelShiftSets: {"shift-sets", []core.Accel{core.AccelLeapTable},
		"leap rules whose directions are constant bit shifts and whose Over and Onto read owners or emptiness: first leaps found for all cells at once by shifting occupancy sets"},
	core.AccelWordChains: {"word-chains", []core.Accel{core.AccelShiftSets},
		"short jumps in any direction that are shift rules on a board of one word: chains walked and counted on the occupancy word, without tables"},
	core.AccelLandingCount: {"landing-count", []core.Accel{core.AccelLeapTable},
		"short jumps onto empty cells not walked on one word: counted from the empty cells when they are fewer than the pieces"},
	core.AccelMailbox: {"mailbox", []core.Accel{core.AccelLeapTable},
		"leap rules whose directions are constant offsets on a padded byte board: leaps and chains walked on it"},
	core.AccelStackTable: {"stack-table", nil,
		"leaps without chain or capture whose conditions read heights, levels and the moving piece: conditions tabulated as height masks, paths listed per kind"},
	core.AccelGroupTable: {"group-table", nil,
		"group moves along a line whose conditions read the cell and its piece: runs and landings found on bitsets and tables"},
	core.AccelBulk: {"bulk", []core.Accel{core.AccelShiftSets},
		"priority tiers of shift rules and plain removals: first leaps of every rule found on bitsets; without chains the tier is counted and drawn by population counts, with chains whether it has a move is asked there first"},
	core.AccelKernel: {"kernel", []core.Accel{core.AccelBulk},
		"bulk tiers on a board of one word whose rules read few occupancy sets: flat per-mover tables, pairs of rules shifted together"},
	core.AccelKernelChains: {"kernel-chains", []core.Accel{core.AccelKernel, core.AccelWordChains},
		"tiers of short jumps with chains on one word, without the blockade filter: playouts walk the chains from the first leaps the kernel found"},
	core.AccelMultiwordChains: {"multiword-chains", []core.Accel{core.AccelBulk},
		"tiers of leaps with chains on a board of several words: the first leaps' sources found on the words are the existence test and what the chains start from"},
	core.AccelBlockadeWords: {"blockade-words", []core.Accel{core.AccelShiftSets},
		"the no-blockade filter on a board of one word whose rules are shift rules moving every piece of their owners: decided on occupancy words without playing the move"},
	core.AccelWordsPerft: {"words-perft", []core.Accel{core.AccelShiftSets},
		"games on one word whose every rule is a shift rule or a plain removal (chains of jumps that always take): perft's last two plies counted on occupancy words"},
	core.AccelMailboxPerft: {"mailbox-perft", []core.Accel{core.AccelMailbox},
		"games whose every rule is a mailbox jump of any piece or a plain removal: perft's last two plies played and counted on the mailbox"},
	core.AccelCountPlayouts: {"count-playouts", nil,
		"games where counting moves is cheaper than listing them (bulk or group-table tiers, the blockade filter on words): playouts count the moves and build the one drawn"},
	core.AccelFlatMake: {"flat-make", nil,
		"games without stacks, sets per piece code or targets: a leap move writes its cells and undo records and updates the occupancy sets once"},
	core.AccelDirectMake: {"direct-make", nil,
		"games without stacks or targets: playouts play leap moves without undo records"},
	core.AccelFusedMake: {"fused-make", []core.Accel{core.AccelFlatMake, core.AccelDirectMake},
		"small boards played flat: leaps, jumps and removals made and unmade fused on fixed-size arrays"},
	core.AccelQuantifierTables: {"quantifier-tables", nil,
		"piece quantifiers whose condition reads the cell and its piece: answered from occupancy sets per code or per owner mask"},
	core.AccelTurnGuards: {"turn-guards", nil,
		"guards that only compare the mover's turn number with constants: one range test instead of the expression's closures"},
	core.AccelLongTable: {"long-table", nil,
		"long leaps (a range of lengths, a hurdle, captures taken at the end) whose conditions read the cell and its piece: rays per cell and direction, conditions tabulated per mover, taken pieces marked with the wall code (long_table.go)"},
	core.AccelMajorityPaths: {"majority-paths", nil,
		"tiers narrowed to the moves capturing the most whose rules are leaps, without stacks: each move's captures read from its path instead of playing it (majority.go)"},
	core.AccelHopTable: {"hop-table", nil,
		"leaps that capture nothing whose conditions read the cell and its owner (chains named by their ends, leaps under an inside lock): conditions as occupancy sets made once per generation, landings from per-length tables, inside locks as landing sets (strat_hop.go, lock.go)"},
	core.AccelUniqueEnds: {"unique-ends", nil,
		"tiers of moves named by their ends that provably never share them (one move per landing, distinct directions, a step outside the jumps' lattice): no merge pass, and the moves can be counted (ends_unique.go)"},
	core.AccelHopCount: {"hop-count", []core.Accel{core.AccelHopTable},
		"tiers of the hop table whose moves never share their ends: each piece's moves counted without being written (steps by population counts, chains by hop components shared by the mover's pieces), playouts build the move drawn alone (hop_count.go)"},
	core.AccelKeptComponents: {"kept-components", []core.Accel{core.AccelHopCount},
		"chains counted by hop components shared by the mover's pieces: the components of the last generation kept where none of their hops came or went (hop_kept.go)"},
	core.AccelStepPlayouts: {"step-playouts", []core.Accel{core.AccelKernel, core.AccelCountPlayouts, core.AccelDirectMake},
		"games whose one tier is steps of one cell found by the kernel (no chains, guards, counters or the no-blockade filter): playouts count, draw and make the steps on the occupancy word in one loop (step_playout.go)"},
	core.AccelWordGoals: {"word-goals", nil,
		"after-move goals on a board of one word that are some piece in a zone or no piece left, of the mover or the next player: per mover a few mask tests on the occupancy words (goal_words.go; step-playouts decides its ends with them)"},
	core.AccelHopDraw: {"hop-draw", []core.Accel{core.AccelHopCount, core.AccelCountPlayouts},
		"tiers of hop-count with a rule of steps, of chains counted by shared hop components, or both, moving the same pieces: playouts count both rules in one loop over the pieces, keep each piece's counts and walk only the drawn move's piece (hop_draw.go)"},
}

// allAccels has every accelerator.
const allAccels = core.AccelSet(1)<<core.AccelCount - 1

// AccelInfo describes one accelerator of the registry (Accelerators).
type AccelInfo struct {
	Name   string
	Needs  []string
	Serves string
}

// Accelerators lists the registry, in order: the names Config.Disable
// takes, what each needs and what it serves.
func Accelerators() []AccelInfo {
	out := make([]AccelInfo, core.AccelCount)
	for i, a := range registry {
		out[i] = AccelInfo{Name: a.Name, Serves: a.Serves}
		for _, n := range a.Needs {
			out[i].Needs = append(out[i].Needs, registry[n].Name)
		}
	}
	return out
}

// accelByName returns the accelerator of that name.
func accelByName(name string) (core.Accel, bool) {
	for i, a := range registry {
		if a.Name == name {
			return core.Accel(i), true
		}
	}
	return 0, false
}

// CheckDisable tells whether every name is an accelerator of the registry
// or "all" (the error Compile would give).
func CheckDisable(names []string) error {
	_, _, err := disabledSet(names)
	return err
}

// disabledSet turns Config.Disable into the accelerators switched off:
// those named (named), and those that need one of them, transitively
// (off). An unknown name is an error listing the known ones.
func disabledSet(names []string) (named, off core.AccelSet, err error) {
	for _, n := range names {
		n = strings.TrimSpace(n)
		if n == "" {
			continue
		}
		if n == "all" {
			named |= allAccels
			continue
		}
		a, ok := accelByName(n)
		if !ok {
			return 0, 0, unknownAccel(n)
		}
		named |= 1 << a
	}
	return named, closeOff(named), nil
}

// closeOff adds to off every accelerator that needs one in it.
func closeOff(off core.AccelSet) core.AccelSet {
	for changed := true; changed; {
		changed = false
		for i, a := range registry {
			if off.Has(core.Accel(i)) {
				continue
			}
			for _, n := range a.Needs {
				if off.Has(n) {
					off |= 1 << i
					changed = true
					break
				}
			}
		}
	}
	return off
}

// unknownAccel is the error for a name not in the registry: the known
// names, and the closest one when it is close (within two edits).
func unknownAccel(name string) error {
	names := make([]string, 0, core.AccelCount+1)
	for _, a := range registry {
		names = append(names, a.Name)
	}
	hint := ""
	if best := suggest.Nearest(name, names, 2); best != "" {
		hint = fmt.Sprintf(" (did you mean %q?)", best)
	}
	names = append(names, "all")
	return fmt.Errorf("unknown accelerator %q%s; known: %s", name, hint, strings.Join(names, ", "))
}

// offReason says why accelerator a is off ("" when it is on), from the
// registry (Compile stores it in Program.offWhy).
func offReason(p *core.Program, a core.Accel) string {
	if p.Accels.Has(a) {
		return ""
	}
	if p.DisabledSet.Has(a) {
		if p.DisabledSet == allAccels {
			return "disabled (--disable all)"
		}
		return fmt.Sprintf("disabled (--disable %s)", registry[a].Name)
	}
	for _, n := range registry[a].Needs {
		if why := offReason(p, n); why != "" {
			return fmt.Sprintf("needs %s, which is %s", registry[n].Name, why)
		}
	}
	return "disabled"
}

// declinedBy returns, in registry order, "name: why" for each
// accelerator that declined in this scope.
func declinedBy(p *core.Program, scope, index int) []string {
	var ds []core.Decline
	for _, d := range p.Declines {
		if d.Scope == scope && d.Index == index {
			ds = append(ds, d)
		}
	}
	slices.SortStableFunc(ds, func(a, b core.Decline) int { return int(a.Accel) - int(b.Accel) })
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = registry[d.Accel].Name + ": " + d.Why
	}
	return out
}

// disabledByName computes Disabled's answer from the registry.
func disabledByName(p *core.Program) []string {
	if p.Accels == 0 {
		return []string{"all"}
	}
	var out []string
	for i, a := range registry {
		if !p.Accels.Has(core.Accel(i)) {
			out = append(out, a.Name)
		}
	}
	return out
}
