package interp

import (
	"cmp"
	"fmt"

	"github.com/ruleplay/ruleplay/interp/internal/accel"
	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
)

// mbCandidateDeclines tells why rule r's leaps do not depend on occupancy
// alone ("" when they do: r is a candidate, before the layout is
// checked).
func mbCandidateDeclines(p *core.Program, r *core.Rule) string {
	switch {
	case r.Action != ir.Leap || r.Gen != core.GenLeap:
		return "needs leap-table, which declined"
	case diagonalsDecline(p) != "":
		return diagonalsDecline(p)
	case r.Length != 2 || len(r.Lengths) != 1 || r.Lengths[0] != 2:
		return "not a jump of two cells"
	case r.Capture != ir.CaptureJumped:
		return "it does not capture what it jumps"
	case r.PromotionEndsChain:
		return "a promotion ends its chains"
	case r.KeepsFirstDir:
		return "its chains keep their first direction"
	}
	for mv := 0; mv < p.Players; mv++ {
		if !r.OntoEmpty[mv] {
			return "Onto holds on more than the empty cells"
		}
		ncell := 1
		if r.Stride != 0 {
			ncell = p.NumCells
		}
		for cell := 0; cell < ncell; cell++ {
			t := accel.Tables(r).OverTab[mv*r.TabSize+cell*r.Stride:]
			for code := 0; code <= p.Ncodes; code++ {
				piece := code > 0 && code < p.Ncodes
				if (t[code] != 0) != piece {
					return "Over holds on other than every piece"
				}
			}
		}
	}
	return ""
}

// compileMailbox chooses the mailbox layout and marks the rules that use
// it (RuleTables.MailboxOffsets), then decides whether perft counts its last two plies there (mailboxPerft).
func compileMailbox(p *core.Program) {
	var why string
	switch {
	case p.Off(core.AccelMailbox) != "":
		why = p.Off(core.AccelMailbox)
	case p.Stacking:
		why = "the game has stacks"
	case p.NumWords > 32:
		why = fmt.Sprintf("the board needs %d words (the mailbox: at most 32)", p.NumWords) // (mbKey holds bits below 1<<11)
	}
	var cands []*core.Rule
	for i := range p.Rules {
		r := &p.Rules[i]
		if r.Action != ir.Leap || r.Gen != core.GenLeap {
			continue // (a rule it does not concern)
		}
		if why != "" {
			p.DeclineFor(core.ScopeRule, i, core.AccelMailbox, why)
			continue
		}
		if p.CountsOnWords() && accel.OneWordShift(p, r) {
			p.DeclineFor(core.ScopeRule, i, core.AccelMailbox, "counted on the occupancy word (words-perft)")
			continue
		}
		if why := mbCandidateDeclines(p, r); why == "" {
			cands = append(cands, r)
		} else {
			p.DeclineFor(core.ScopeRule, i, core.AccelMailbox, why)
		}
	}
	if len(cands) == 0 {
		p.DeclineFor(core.ScopeProgram, 0, core.AccelMailboxPerft, cmp.Or(p.Off(core.AccelMailboxPerft), "needs mailbox, which declined"))
		return
	}
	xmin, xmax, ymin := p.CellX[0], p.CellX[0], p.CellY[0]
	for c := 0; c < p.NumCells; c++ {
		xmin, xmax, ymin = min(xmin, p.CellX[c]), max(xmax, p.CellX[c]), min(ymin, p.CellY[c])
	}
	w := xmax - xmin + 1
	for pitch := w + 1; pitch <= 2*w+2; pitch++ {
		if accel.TryMailbox(p, cands, pitch, xmin, ymin) {
			break
		}
	}
	for _, r := range cands {
		switch {
		case accel.Tables(r).MailboxOffsets == nil:
			p.DeclineFor(core.ScopeRule, r.Idx, core.AccelMailbox, "its leap table does not agree with constant offsets on a padded board")
		case !accel.OneWordShift(p, r): // (else the word walks it: mbOffs serve mailbox-perft)
			if accel.Tables(r).Walk == accel.WalkLandings {
				p.DeclineFor(core.ScopeRule, r.Idx, core.AccelLandingCount, "the mailbox walks it")
			}
			accel.Tables(r).Walk = accel.WalkMailbox
		}
	}
	if p.Mbox == nil {
		p.DeclineFor(core.ScopeProgram, 0, core.AccelMailboxPerft, cmp.Or(p.Off(core.AccelMailboxPerft), "needs mailbox, which declined"))
		return
	}
	compileMbPerft(p)
}

// compileMbPerft decides Program.lastTwo = mailboxPerft: every rule is a mailbox jump
// that may move any piece, or a removal of any piece without conditions;
// guards depend on the counters; no goal, blockade filter, pass, or tier
// needing deduplication.
func compileMbPerft(p *core.Program) {
	why := mailboxPerftDeclines(p)
	p.DeclineFor(core.ScopeProgram, 0, core.AccelMailboxPerft, why)
	if why == "" && p.LastTwo == nil {
		p.LastTwo = accel.MailboxPerft{}
	}
}

// mailboxPerftDeclines tells why perft does not count on the mailbox (""
// when it does: mailboxPerft).
func mailboxPerftDeclines(p *core.Program) string {
	if why := cmp.Or(p.Off(core.AccelMailboxPerft), plainTurnsDeclines(p)); why != "" {
		return why
	}
	for i := range p.Rules {
		r := &p.Rules[i]
		for mv := 0; mv < p.Players; mv++ {
			switch {
			case r.PlainRemoval():
				for code := 1; code < p.Ncodes; code++ {
					if !p.Selects(r, mv, code) {
						return fmt.Sprintf("removal %s does not remove every piece", r.Name)
					}
				}
			case accel.Tables(r).MailboxOffsets != nil:
				if !accel.Tables(r).MailboxAny[mv] {
					return fmt.Sprintf("rule %s does not move every piece", r.Name)
				}
			default:
				return fmt.Sprintf("needs mailbox, which declined rule %s", r.Name)
			}
		}
	}
	return ""
}
