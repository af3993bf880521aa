package interp

import (
	"cmp"
	"fmt"

	"github.com/ruleplay/ruleplay/interp/internal/accel"
	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
)

// compileBlockFast decides whether Program.blockade is blockadeOnWords (after the rules and the end
// are compiled).
func compileBlockFast(p *core.Program) {
	if p.Blockade == nil {
		return
	}
	why := blockadeWordsDeclines(p)
	p.DeclineFor(core.ScopeProgram, 0, core.AccelBlockadeWords, why)
	if why != "" {
		return
	}
	// Existence is asked rule by rule, the last tier's first (ordinary
	// moves are the likeliest).
	p.BlockRules = p.BlockRules[:0]
	for t := len(p.Tiers) - 1; t >= 0; t-- {
		p.BlockRules = append(p.BlockRules, p.Tiers[t].Rules...)
	}
	p.Blockade = accel.BlockadeOnWords{}
}

// blockadeWordsDeclines tells why the blockade filter is not decided on
// occupancy words ("" when it is).
func blockadeWordsDeclines(p *core.Program) string {
	if why := cmp.Or(wordsDeclines(p, core.AccelBlockadeWords), p.AlternationOnly()); why != "" {
		return why
	}
	for i := range p.Rules {
		r := &p.Rules[i]
		m := &p.Desc.Moves[i]
		if m.When != nil && !core.MoveIndependent(m.When) {
			return fmt.Sprintf("the guard of rule %s reads more than the counters", r.Name)
		}
		if why := wordsRuleDeclines(p, r); why != "" {
			return why
		}
	}
	return ""
}

// wordsDeclines tells why the Program cannot run accelerator a, which
// reads the position on occupancy words of one word ("" when it can).
func wordsDeclines(p *core.Program, a core.Accel) string {
	switch {
	case p.Off(a) != "":
		return p.Off(a)
	case p.NumWords != 1:
		return fmt.Sprintf("the board needs %d words", p.NumWords)
	case p.Players+1 > core.MaxSlots:
		return fmt.Sprintf("more than %d players", core.MaxSlots-1)
	case p.Stacking:
		return "the game has stacks"
	}
	return ""
}

// wordsRuleDeclines tells why rule r does not fit the counts on
// occupancy words: a removal without conditions, or a shift rule moving
// every piece of its owners ("" when it fits).
func wordsRuleDeclines(p *core.Program, r *core.Rule) string {
	if why := shiftRuleDeclines(p, r); why != "" {
		return why
	}
	if r.Action == ir.Leap {
		for pl := 0; pl < p.Players; pl++ {
			if !r.SrcAll[pl] {
				return fmt.Sprintf("rule %s does not move every piece of its owners", r.Name)
			}
		}
	}
	return ""
}

// compileWordsCount decides whether Program.lastTwo is wordsPerft: the number of moves of a
// position can be counted from its occupancy words and the turn counters
// alone. Every rule is a removal without conditions or a shift rule on
// one word selecting every piece of its owners, without chain or with
// optional chains of short jumps that always take a piece (no promotion);
// guards depend on the counters; no goal, blockade filter, pass or tier
// needing deduplication.
func compileWordsCount(p *core.Program) {
	why := wordsPerftDeclines(p)
	p.DeclineFor(core.ScopeProgram, 0, core.AccelWordsPerft, why)
	if why == "" {
		p.LastTwo = accel.WordsPerft{}
	}
}

// wordsPerftDeclines tells why moves cannot be counted on occupancy
// words ("" when they can: wordsPerft).
func wordsPerftDeclines(p *core.Program) string {
	if why := wordsDeclines(p, core.AccelWordsPerft); why != "" {
		return why
	}
	if why := plainTurnsDeclines(p); why != "" {
		return why
	}
	for i := range p.Rules {
		r := &p.Rules[i]
		if why := wordsRuleDeclines(p, r); why != "" {
			return why
		}
		if r.Action == ir.Leap && r.Chain != ir.ChainNone && (r.Chain != ir.ChainOptional || r.Length != 2 || !r.AlwaysTakes || r.PromotionEndsChain || r.KeepsFirstDir) {
			return fmt.Sprintf("rule %s chains other than optional short jumps that always take", r.Name)
		}
		if r.Action == ir.Leap && r.Chain != ir.ChainNone && accel.Tables(r).Walk != accel.WalkWord {
			return fmt.Sprintf("needs word-chains, which declined rule %s", r.Name)
		}
	}
	return ""
}

// plainTurnsDeclines tells why a move may change what the next player
// may do otherwise than through the cells and the turn counters ("" when
// it cannot: no goal, blockade filter, pass or swap, no tier needing
// deduplication, and guards that depend on the counters alone, so that
// the replies to a move can be counted from the cells after it).
func plainTurnsDeclines(p *core.Program) string {
	switch {
	case p.AlternationOnly() != "":
		return p.AlternationOnly()
	case p.SwapDeclines() != "":
		return p.SwapDeclines()
	case p.Blockade != nil:
		return "the game has the no-blockade filter"
	case len(p.GoalsAfter) > 0 || len(p.GoalsStart) > 0:
		return "the game has goals"
	case p.NoMove == ir.OutcomePass:
		return "a player without a move passes"
	}
	for ti := range p.Tiers {
		if p.Tiers[ti].Listed() {
			return "a tier is deduplicated or narrowed to the most captures"
		}
	}
	for i := range p.Rules {
		if !core.MoveIndependent(p.Desc.Moves[i].When) {
			return fmt.Sprintf("the guard of rule %s reads more than the counters", p.Rules[i].Name)
		}
	}
	return ""
}
