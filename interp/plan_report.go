package interp

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/ruleplay/ruleplay/interp/internal/core"
)

// Plan is what Compile made of a game: the board's representation, and
// per rule its pattern class, what its conditions read and the strategy
// that generates its moves, with the sizes of its tables. It is made from
// the compiled Program alone, so a test or a designer (`ruleplay vet
// --explain`) sees exactly what runs.
type Plan struct {
	Board    BoardPlan
	Rules    []RulePlan
	Tiers    []TierPlan
	Playouts string // how RandomPlayout draws a move
	Perft    string // how Perft counts the last plies
	Blockade string // how the no-blockade filter is decided ("" without one)
	Make     string // how Apply and Undo make and unmake moves
	// Accelerators: the program-wide accelerators (registry.go) the
	// Program got; Declined: "name: why" for those that declined
	Accelerators []string
	Declined     []string
}

// BoardPlan describes the board's representation.
type BoardPlan struct {
	Cells, Dirs int
	Words       int    // 64-bit words of a set of cells
	Layout      string // how cells map to bits
	Shifts      int    // directions that are one constant bit shift
	Mailbox     string // the padded byte board, when some rule uses it ("" otherwise)
	StateBytes  int
}

// RulePlan describes the plan of one move rule.
type RulePlan struct {
	Name     string
	Class    string   // the pattern class, from the rule's definition
	Reads    []string // per condition, what it reads: "over: occupancy, owner"
	Strategy string   // the strategy that generates its moves
	Tables   []string // the tables built for it, with their sizes
	Notes    []string // further machinery: bitset shifts, mailbox counting...
	// Accelerators: those the rule got; Declined: "name: why" for those
	// that could concern it and declined
	Accelerators []string
	Declined     []string
}

// TierPlan is one priority tier.
type TierPlan struct {
	Rules    []string
	Dedup    bool // two rules of the tier could give one text: moves deduplicated
	Bulk     bool // counted and selected on bitsets without building moves
	CountSel bool // playouts count the moves and build the one drawn
	Precheck bool // whether it has a move is asked on bitsets first
	Kernel   bool // its first leaps are found by the flat one-word kernel (bulk1.go)
	// Pairs: the kernel's pairs of rules (a+b) whose directions are
	// shifted once for both (existence test and counting)
	Pairs []string
	// WalkChains: playouts walk the chains from the sources of the first
	// leaps found on bitsets (by the kernel on one word), which also tell
	// whether the tier has a move
	WalkChains bool
	Prefer     bool   // narrowed to the moves capturing the most (built, then counted: majority-paths, or each played)
	PreferHow  string // how (the narrowing step's name: "majority-paths", "each move played", ...)
	// Accelerators: those the tier got; Declined: "name: why" for those
	// that could concern it and declined
	Accelerators []string
	Declined     []string
	// UniqueEnds: moves named by their ends, proved never to share them
	// (ends_unique.go): not merged
	UniqueEnds bool
	// Runs: what runs for the tier in each mode, named by the values
	// Compile stored (count, draw, gate, list's tidy steps)
	Runs string
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// Write prints the plan as text, one rule after another.
func (pl Plan) Write(w io.Writer) error {
	var b strings.Builder
	bd := pl.Board
	fmt.Fprintf(&b, "board: %d cells, %d directions; sets of %d word%s (%s; %d of %d directions are bit shifts)",
		bd.Cells, bd.Dirs, bd.Words, plural(bd.Words), bd.Layout, bd.Shifts, bd.Dirs)
	if bd.Mailbox != "" {
		fmt.Fprintf(&b, "; mailbox of %s", bd.Mailbox)
	}
	fmt.Fprintf(&b, "; %d bytes a position\n", bd.StateBytes)
	for _, r := range pl.Rules {
		fmt.Fprintf(&b, "rule %s: %s\n  strategy: %s\n", r.Name, r.Class, r.Strategy)
		for _, x := range r.Reads {
			fmt.Fprintf(&b, "  reads %s\n", x)
		}
		for _, x := range r.Tables {
			fmt.Fprintf(&b, "  table %s\n", x)
		}
		for _, x := range r.Notes {
			fmt.Fprintf(&b, "  %s\n", x)
		}
		writeAccels(&b, "  ", r.Accelerators, r.Declined)
	}
	for i, t := range pl.Tiers {
		fmt.Fprintf(&b, "tier %d: %s", i+1, strings.Join(t.Rules, ", "))
		switch {
		case t.Bulk:
			b.WriteString(" (bulk: counted and drawn on bitsets)")
		case t.CountSel:
			b.WriteString(" (counted, then the one drawn built)")
		}
		if t.Precheck {
			b.WriteString(" (first leaps asked on bitsets first)")
		}
		if t.Kernel {
			b.WriteString(" (one-word kernel")
			if len(t.Pairs) > 0 {
				b.WriteString("; pairs shifted together: " + strings.Join(t.Pairs, ", "))
			}
			b.WriteString(")")
		}
		if t.WalkChains {
			b.WriteString(" (playouts walk the chains from its first leaps' sources)")
		}
		if t.Dedup {
			b.WriteString(" (deduplicated)")
		}
		if t.Prefer {
			switch {
			case slices.Contains(t.Accelerators, registry[core.AccelMajorityPaths].Name):
				b.WriteString(" (most captures only: moves built, captures counted from the paths)")
			case t.PreferHow == "each move played":
				b.WriteString(" (most captures only: moves built, each move played and taken back to count its captures)")
			default:
				b.WriteString(" (preferred moves only: moves built, " + t.PreferHow + ")")
			}
		}
		b.WriteByte('\n')
		fmt.Fprintf(&b, "  %s\n", t.Runs)
		writeAccels(&b, "  ", t.Accelerators, t.Declined)
	}
	fmt.Fprintf(&b, "playouts: %s\nperft: %s\n", pl.Playouts, pl.Perft)
	if pl.Blockade != "" {
		fmt.Fprintf(&b, "no-blockade filter: %s\n", pl.Blockade)
	}
	if pl.Make != "" {
		fmt.Fprintf(&b, "make and unmake: %s\n", pl.Make)
	}
	writeAccels(&b, "", pl.Accelerators, pl.Declined)
	_, err := io.WriteString(w, b.String())
	return err
}

// writeAccels prints the accelerators got and those declined, with their
// reasons, each line after indent.
func writeAccels(b *strings.Builder, indent string, got, declined []string) {
	if len(got) > 0 {
		fmt.Fprintf(b, "%saccelerators: %s\n", indent, strings.Join(got, ", "))
	}
	for _, d := range declined {
		fmt.Fprintf(b, "%sdeclined %s\n", indent, d)
	}
}
