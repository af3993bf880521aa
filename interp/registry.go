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
	for i, a := range core.Registry {
		out[i] = AccelInfo{Name: a.Name, Serves: a.Serves}
		for _, n := range a.Needs {
			out[i].Needs = append(out[i].Needs, core.Registry[n].Name)
		}
	}
	return out
}

// accelByName returns the accelerator of that name.
func accelByName(name string) (core.Accel, bool) {
	for i, a := range core.Registry {
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
		for i, a := range core.Registry {
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
	for _, a := range core.Registry {
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
		return fmt.Sprintf("disabled (--disable %s)", core.Registry[a].Name)
	}
	for _, n := range core.Registry[a].Needs {
		if why := offReason(p, n); why != "" {
			return fmt.Sprintf("needs %s, which is %s", core.Registry[n].Name, why)
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
		out[i] = core.Registry[d.Accel].Name + ": " + d.Why
	}
	return out
}

// disabledByName computes Disabled's answer from the registry.
func disabledByName(p *core.Program) []string {
	if p.Accels == 0 {
		return []string{"all"}
	}
	var out []string
	for i, a := range core.Registry {
		if !p.Accels.Has(core.Accel(i)) {
			out = append(out, a.Name)
		}
	}
	return out
}
