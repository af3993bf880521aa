package interp

import "github.com/ruleplay/ruleplay/interp/internal/core"

// The exported API. The types live in the core (interp/internal/core),
// where the accelerators can reach them; these names keep them where
// their users (play, web, analyze, conformance, the CLI) import them.

// Program is a compiled game: immutable after Compile, safe to share
// between goroutines, each with its own States and MoveLists.
type Program = core.Program

// State is a position with its history (undo frames) and the scratch
// space of move generation; one goroutine uses it at a time.
type State = core.State

// MoveList is a reusable buffer of moves, refilled by Legal.
type MoveList = core.MoveList

// Status is how a game stands: going on, or over with its winners.
type Status = core.Status

// Config tunes Compile: accelerators switched off (Disable), the bound on
// the leaps of a chain (MaxLeaps).
type Config = core.Config

// LimitError reports a bound of move generation run into (Config.MaxLeaps).
type LimitError = core.LimitError

// DefaultMaxLeaps is Config.MaxLeaps when it is not set.
const DefaultMaxLeaps = core.DefaultMaxLeaps

// Guard runs f and returns the *LimitError that move generation in f
// panicked with, if any (other panics go on).
func Guard(f func()) error { return core.Guard(f) }
