package accel

import "github.com/ruleplay/ruleplay/interp/internal/core"

// What the accelerators keep, beside the core.
//
// The core carries two values it never reads: a rule's Tables (what the
// units that serve the rule built for it at compile time) and a State's
// Units (the scratch they reuse from call to call). Both are this
// package's types, so a unit's data lives with the unit: the core knows
// only that a rule and a position carry something for the accelerators.
// The planner sets every rule's Tables (NewRuleTables); a State's
// scratch is made the first time a unit asks for it (ScratchOf).

// RuleTables is what the accelerators keep for one rule (core.Rule.Tables).
type RuleTables struct {
	// OverTab, EnemyTab: the leap table's Over and the group table's
	// Enemy condition, [mover*tabSize + cell*stride + code]: 1 where the
	// condition holds (the rule's OntoTab, Stride and TabSize)
	OverTab, EnemyTab []uint8
	// Rev: per cell and direction, the source of a leap of the rule's
	// length landing there (Program.Revs[length])
	Rev []int32
	// Walk: how the leap table walks the rule's moves (WalkTable, ...;
	// compileWalk, compileMailbox)
	Walk uint8
	// LongTable: the rays and condition tables of the long-leap table
	// (long_table.go; nil: another generator)
	LongTable *LongTable
	// Sets: per mover, the occupancy sets ruleSets combines (bulk tiers)
	Sets []RuleSlots
	// Stack: the stack table's conditions and paths (strat_stack.go)
	Stack *StackRule
	// the mailbox (mailbox.go): per mover, the slot offsets of the
	// directions (nil: the rule does not use the mailbox), the directions
	// as the walkers read them, and whether every piece may move
	MailboxOffsets [][]int32
	Mailbox        []MbTab
	MailboxAny     []bool
	// Group: the group table's bitset tables (strat_group.go)
	Group *GroupTab
	// Hop: the rule compiled for the hop table (strat_hop.go; nil:
	// another generator)
	Hop *HopRule
}

// How the leap table walks a rule's moves (RuleTables.Walk).
const (
	WalkTable    = iota // first leaps marked on bitsets or found per source, chains walked on the leap table (tableWalk)
	WalkWord            // short jumps on one word: chains walked and counted on the occupancy word (word-chains)
	WalkLandings        // walkTable, but counted from the landing cells when the empty cells are few (landing-count)
	WalkMailbox         // walked on the mailbox (mbLeaps)
	// walkTable for a chain that keeps its first direction: one first
	// direction at a time (tableWalk.eachFirstDir)
	WalkTableFirstDirs
)

// NewRuleTables gives rule r its (empty) tables.
func NewRuleTables(r *core.Rule) *RuleTables {
	t := &RuleTables{}
	r.Tables = t
	return t
}

// Tables returns what the accelerators keep for rule r.
func Tables(r *core.Rule) *RuleTables { return r.Tables.(*RuleTables) }

// Scratch is what the accelerators reuse in a State from call to call
// (core.State.Units).
type Scratch struct {
	// Bulk, Kept, Groups: the first leaps a bulk tier kept (firstLeaps:
	// its rules in Bulk, or the kernel's groups in Kernel), for
	// selectBulk; Kept is the rules kept in Bulk or the groups in Kernel
	// (-1: too many), KernelKept whether they are in Kernel
	Bulk       [core.MaxBulk]BulkRule
	Kernel     KernStash
	Kept       int
	KernelKept bool
	Sets       BulkSets     // firstLeaps
	Group      GroupScratch // fastGroups (strat_group.go)
	// NextOK: per rule, the next player's guard after the move;
	// Witnesses: the next player's first leaps (blockade_words.go)
	NextOK    []bool
	Witnesses []witness
	// Hop: the hop table's sets and components (strat_hop.go,
	// hop_count.go)
	Hop *HopScratch
}

// ScratchOf returns the accelerators' scratch of s, made when first asked.
func ScratchOf(s *core.State) *Scratch {
	if x, ok := s.Units.(*Scratch); ok {
		return x
	}
	x := &Scratch{}
	s.Units = x
	return x
}
