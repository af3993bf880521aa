package core

import (
	"slices"
)

// Accel names an accelerator: its index in registry.
type Accel uint8

const (
	AccelLeapTable Accel = iota
	AccelShiftSets
	AccelWordChains
	AccelLandingCount
	AccelMailbox
	AccelStackTable
	AccelGroupTable
	AccelBulk
	AccelKernel
	AccelKernelChains
	AccelMultiwordChains
	AccelBlockadeWords
	AccelWordsPerft
	AccelMailboxPerft
	AccelCountPlayouts
	AccelFlatMake
	AccelDirectMake
	AccelFusedMake
	AccelQuantifierTables
	AccelTurnGuards
	AccelLongTable
	AccelMajorityPaths
	AccelHopTable
	AccelUniqueEnds
	AccelHopCount
	AccelKeptComponents
	AccelStepPlayouts
	AccelWordGoals
	AccelCount // the number of accelerators
)

// accelerator is one entry of the registry.
type accelerator struct {
	Name   string  // as Config.Disable and --disable take it
	Needs  []Accel // the accelerators it cannot run without
	Serves string  // the class of patterns it serves, and how
}

// Registry lists the accelerators, indexed by accel.
var Registry = [AccelCount]accelerator{
	AccelLeapTable: {"leap-table", nil,
		"leaps of a fixed length whose conditions read the cell and its piece: conditions tabulated per piece code (and cell), paths precomputed (step and leap tables)"},
	AccelShiftSets: {"shift-sets", []Accel{AccelLeapTable},
		"leap rules whose directions are constant bit shifts and whose Over and Onto read owners or emptiness: first leaps found for all cells at once by shifting occupancy sets"},
	AccelWordChains: {"word-chains", []Accel{AccelShiftSets},
		"short jumps in any direction that are shift rules on a board of one word: chains walked and counted on the occupancy word, without tables"},
	AccelLandingCount: {"landing-count", []Accel{AccelLeapTable},
		"short jumps onto empty cells not walked on one word: counted from the empty cells when they are fewer than the pieces"},
	AccelMailbox: {"mailbox", []Accel{AccelLeapTable},
		"leap rules whose directions are constant offsets on a padded byte board: leaps and chains walked on it"},
	AccelStackTable: {"stack-table", nil,
		"leaps without chain or capture whose conditions read heights, levels and the moving piece: conditions tabulated as height masks, paths listed per kind"},
	AccelGroupTable: {"group-table", nil,
		"group moves along a line whose conditions read the cell and its piece: runs and landings found on bitsets and tables"},
	AccelBulk: {"bulk", []Accel{AccelShiftSets},
		"priority tiers of shift rules and plain removals: first leaps of every rule found on bitsets; without chains the tier is counted and drawn by population counts, with chains whether it has a move is asked there first"},
	AccelKernel: {"kernel", []Accel{AccelBulk},
		"bulk tiers on a board of one word whose rules read few occupancy sets: flat per-mover tables, pairs of rules shifted together"},
	AccelKernelChains: {"kernel-chains", []Accel{AccelKernel, AccelWordChains},
		"tiers of short jumps with chains on one word, without the blockade filter: playouts walk the chains from the first leaps the kernel found"},
	AccelMultiwordChains: {"multiword-chains", []Accel{AccelBulk},
		"tiers of leaps with chains on a board of several words: the first leaps' sources found on the words are the existence test and what the chains start from"},
	AccelBlockadeWords: {"blockade-words", []Accel{AccelShiftSets},
		"the no-blockade filter on a board of one word whose rules are shift rules moving every piece of their owners: decided on occupancy words without playing the move"},
	AccelWordsPerft: {"words-perft", []Accel{AccelShiftSets},
		"games on one word whose every rule is a shift rule or a plain removal (chains of jumps that always take): perft's last two plies counted on occupancy words"},
	AccelMailboxPerft: {"mailbox-perft", []Accel{AccelMailbox},
		"games whose every rule is a mailbox jump of any piece or a plain removal: perft's last two plies played and counted on the mailbox"},
	AccelCountPlayouts: {"count-playouts", nil,
		"games where counting moves is cheaper than listing them (bulk or group-table tiers, the blockade filter on words): playouts count the moves and build the one drawn"},
	AccelFlatMake: {"flat-make", nil,
		"games without stacks, sets per piece code or targets: a leap move writes its cells and undo records and updates the occupancy sets once"},
	AccelDirectMake: {"direct-make", nil,
		"games without stacks or targets: playouts play leap moves without undo records"},
	AccelFusedMake: {"fused-make", []Accel{AccelFlatMake, AccelDirectMake},
		"small boards played flat: leaps, jumps and removals made and unmade fused on fixed-size arrays"},
	AccelQuantifierTables: {"quantifier-tables", nil,
		"piece quantifiers whose condition reads the cell and its piece: answered from occupancy sets per code or per owner mask"},
	AccelTurnGuards: {"turn-guards", nil,
		"guards that only compare the mover's turn number with constants: one range test instead of the expression's closures"},
	AccelLongTable: {"long-table", nil,
		"long leaps (a range of lengths, a hurdle, captures taken at the end) whose conditions read the cell and its piece: rays per cell and direction, conditions tabulated per mover, taken pieces marked with the wall code (long_table.go)"},
	AccelMajorityPaths: {"majority-paths", nil,
		"tiers narrowed to the moves capturing the most whose rules are leaps, without stacks: each move's captures read from its path instead of playing it (majority.go)"},
	AccelHopTable: {"hop-table", nil,
		"leaps that capture nothing whose conditions read the cell and its owner (chains named by their ends, leaps under an inside lock): conditions as occupancy sets made once per generation, landings from per-length tables, inside locks as landing sets (strat_hop.go, lock.go)"},
	AccelUniqueEnds: {"unique-ends", nil,
		"tiers of moves named by their ends that provably never share them (one move per landing, distinct directions, a step outside the jumps' lattice): no merge pass, and the moves can be counted (ends_unique.go)"},
	AccelHopCount: {"hop-count", []Accel{AccelHopTable},
		"tiers of the hop table whose moves never share their ends: each piece's moves counted without being written (steps by population counts, chains by hop components shared by the mover's pieces), playouts build the move drawn alone (hop_count.go)"},
	AccelKeptComponents: {"kept-components", []Accel{AccelHopCount},
		"chains counted by hop components shared by the mover's pieces: the components of the last generation kept where none of their hops came or went (hop_kept.go)"},
	AccelStepPlayouts: {"step-playouts", []Accel{AccelKernel, AccelCountPlayouts, AccelDirectMake},
		"games whose one tier is steps of one cell found by the kernel (no chains, guards, counters or the no-blockade filter): playouts count, draw and make the steps on the occupancy word in one loop (step_playout.go)"},
	AccelWordGoals: {"word-goals", nil,
		"after-move goals on a board of one word that are some piece in a zone or no piece left, of the mover or the next player: per mover a few mask tests on the occupancy words (goal_words.go; step-playouts decides its ends with them)"},
}

// AccelSet is a set of accelerators: bit a for accel a.
type AccelSet uint32

func (s AccelSet) Has(a Accel) bool { return s>>a&1 != 0 }

// Off returns why accelerator a is switched off by Config.Disable ("" when
// it is on).
func (p *Program) Off(a Accel) string { return p.OffWhy[a] }

// Where an accelerator declined: a rule, a tier, or the whole Program.
const (
	ScopeProgram = iota
	ScopeRule
	ScopeTier
)

// Decline records why accelerator a declined (a rule, a tier or the
// Program: scope and index), for the plan.
type Decline struct {
	Scope, Index int
	Accel        Accel
	Why          string
}

// DeclineFor records that accelerator a declined, and why.
func (p *Program) DeclineFor(scope, index int, a Accel, why string) {
	if why == "" {
		return
	}
	i := slices.IndexFunc(p.Declines, func(d Decline) bool { return d.Scope == scope && d.Index == index && d.Accel == a })
	if i >= 0 {
		p.Declines[i].Why = why // (the last decision stands)
		return
	}
	p.Declines = append(p.Declines, Decline{scope, index, a, why})
}

// Disabled names the accelerators switched off, in registry order (those
// Config.Disable names and those that need them); ["all"] when every one
// is; nil when none is.
func (p *Program) Disabled() []string { return p.DisabledNames }
