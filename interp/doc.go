// Package interp runs a checked game description (package ir): it compiles
// an ir.Game into a Program of tables and compiled expressions, and plays
// it on compact States: Legal, Apply, Undo, Status, Perft, RandomPlayout.
//
// # The shape: a core, its accelerators, a planner
//
// The engine lives in three places, one import direction:
//
//	interp                 the planner and the exported API (this package)
//	  -> internal/accel    the accelerators, one file each
//	  -> internal/core     what the rules mean; the position; the run time
//
// The core (interp/internal/core) gives every rules file its meaning: the
// tables, what an expression reads and the compiled expressions, the
// literal walker (the reference), reachability, the chain policy, the
// position with the general make and unmake, the priority tiers, the
// goals. With every accelerator off (Config.Disable "all", `--disable
// all`) the core alone plays every rules file, and every accelerator is
// tested against it. The core never names an accelerator: it calls what
// the planner stored (a rule's strategy, a tier's runners, the makers and
// unmakes, the Program-wide choices, Program.SelectKept). A rule carries
// the accelerators' tables (Rule.Tables) and a State their scratch
// (State.Units) as values the core never reads (accel/tables.go).
//
// An accelerator (interp/internal/accel) is a faster way to compute the
// same thing for a class of patterns: one file per unit, its doc comment
// saying what class it serves and why it is faster. The planner (this
// package) is Compile: it builds the core's tables, then decides once,
// unit by unit, which accelerator serves each rule, tier and the
// Program, and stores the choice as a value the run time calls without
// deciding again; where one declines it records why. The registry
// (registry.go) lists the units in order: name, the units each needs,
// the class it serves. Config.Disable switches units off by name (closed
// under needs). Explain (plan.go) reads the stored values back, with the
// accelerators each rule and tier got and why the others declined;
// `ruleplay vet --explain` prints it.
//
// The position hash (core/hash.go, hash.go here): a Program compiled with
// Config.Hash, or whose rules count repetitions, keeps a 64-bit hash of
// each position (Hash, HashFromScratch, WithHash), equal for positions
// equal in everything the rules read; the general make keeps it (its
// cells functions and revert wrapped once, at compile time), and the make
// accelerators that write cells themselves decline such a Program. A
// Program that keeps no hash pays nothing for it.
//
// A file name may appear in all three places: mailbox.go here plans the
// mailbox (when it applies, why it declines), accel/mailbox.go runs it,
// core/mailbox.go holds the byte board the position keeps.
//
// # Reading order
//
// core/doc.go (tables, moves, the semantics decided here), core/gen.go and
// core/tier.go (the modes and the walk over the tiers), core/make.go (make
// and unmake), then here program.go (Compile), tier.go (the tier plan),
// registry.go, and accel/doc.go for the units (accel/tables.go: what a
// unit keeps per rule and per State). position_text.go reads and writes
// a State as one line of text (docs/notation.md).
//
// Evidence, in the tests (this package: they see the three places):
// every bundled game, the rules files of testdata/unseen (written for the
// tests, tuned for nothing) and small rules files generated from bytes
// (gen_rules_test.go, and a fuzz target) play the same with every
// accelerator on, with all off, and with each off alone
// (TestGeneratedAcceleratorsOff: a sample by default, the whole corpus
// with -corpus=full); each accelerator must be reached.
package interp
