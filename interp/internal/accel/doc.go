// Package accel holds the accelerators: each a faster way to compute what
// the core (interp/internal/core) computes, for a class of patterns, in a
// file of its own whose doc comment says what class it serves and why it
// is faster. The planner (package interp) decides when each applies and
// stores it in the Program; the registry (interp/registry.go) lists them
// with what each needs. The units and their files:
//
//   - leap-table: strat_step.go, strat_leap.go (steps and leaps on tables
//     of cells and condition tables per piece code);
//   - shift-sets, word-chains, landing-count: bitsets.go, strat_leap.go
//     (first leaps of all pieces at once on occupancy words; short jumps
//     on one word passed by value; leaps found from their landing cells);
//   - mailbox, mailbox-perft: mailbox.go (short jumps on a padded byte
//     board);
//   - stack-table: strat_stack.go, dedup.go (stacks: heights and levels as
//     masks); group-table: strat_group.go (group moves on bitsets);
//     long-table: long_table.go (long leaps and hurdles on rays);
//   - hop-table, hop-count, kept-components, unique-ends, hop-draw:
//     strat_hop.go, hop_count.go, hop_kept.go, ends_unique.go,
//     hop_draw.go (chains that capture nothing: hops as bit tests,
//     counted by components, a race's steps and chains counted in one
//     loop and the move drawn walked alone);
//   - bulk, kernel, kernel-chains, multiword-chains: bulk.go, bulk1.go,
//     tier.go (whole tiers counted and drawn on occupancy words);
//   - majority-paths: majority.go; words-perft, count-playouts:
//     choices.go, count.go; blockade-words: blockade_words.go,
//     choices.go; step-playouts and word-goals: step_playout.go,
//     goal_words.go (small step games played on words);
//   - flat-make, direct-make, fused-make: make_flat.go, make_direct.go,
//     make_fused.go (make and unmake for flat positions and small boards);
//   - quantifier-tables: quant_tables.go (piece quantifiers as population
//     counts, every and some as mask tests; the core's expression
//     compiler asks it through Program.Quantifiers).
//
// One unit is a test inside the core's guard and stays there:
// turn-guards (core/gen.go: a guard that compares turn numbers with
// constants is one range test).
//
// What a unit keeps is its own: a rule's tables (RuleTables, in
// core.Rule.Tables) and a State's scratch (Scratch, in core.State.Units),
// both in tables.go; the core carries them and never reads them.
//
// The chain walks of the leap table, the one-word sets and the mailbox's
// counts are stamped from one template (chain_walks.go, by
// internal/chaingen).
package accel

//go:generate go run ../chaingen
