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
	AccelHopDraw
	AccelCount // the number of accelerators
)

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
