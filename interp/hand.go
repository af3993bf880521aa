package interp

import (
	"fmt"

	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
)

// compileHands checks the hands and tabulates which codes each player can
// hold (handCodes) and whether the texts of their drops name the kind.
func compileHands(p *core.Program) error {
	g := p.Desc
	if len(g.Hands) == 0 {
		return nil
	}
	if len(g.Hands) != p.Players {
		return fmt.Errorf("hands: %d hands for %d players", len(g.Hands), p.Players)
	}
	if p.Ncodes > core.DropCodeMax {
		return fmt.Errorf("hands: %d piece types, at most %d in a game with hands", p.Ncodes-1, core.DropCodeMax-1)
	}
	p.Hands = true
	p.HandCodes = make([][]uint16, p.Players)
	p.HandKind = make([]bool, p.Players)
	for pl, pcs := range g.Hands {
		kinds := map[int32]bool{}
		held := make([]bool, p.Ncodes)
		for _, pc := range pcs {
			if pc.Piece < 0 || pc.Piece >= len(g.Pieces) {
				return fmt.Errorf("hand of %s: piece %d out of range", g.Players[pl].Name, pc.Piece)
			}
			code := pc.Piece + 1
			if int(p.CodeOwner[code]) != pl || g.Pieces[pc.Piece].Number != 0 {
				return fmt.Errorf("hand of %s: piece %q is not an unnumbered piece of the player", g.Players[pl].Name, g.Pieces[pc.Piece].Name)
			}
			if pc.Count < 0 || held[code] {
				return fmt.Errorf("hand of %s: bad or repeated count of %q", g.Players[pl].Name, g.Pieces[pc.Piece].Name)
			}
			held[code] = true
			kinds[p.CodeKind[code]] = true
		}
		for code, h := range held {
			if h {
				p.HandCodes[pl] = append(p.HandCodes[pl], uint16(code))
			}
		}
		p.HandKind[pl] = len(kinds) > 1
	}
	return nil
}

// compileLocks checks the locks; a fixed lock is folded into the From of
// every leap and group rule, on a copy of the game's rules.
func compileLocks(p *core.Program) error {
	g := p.Desc
	fixed := false
	for i, l := range g.Locks {
		if l.Zone < 0 || l.Zone >= len(g.Zones) {
			return fmt.Errorf("lock %d (%s): zone %d out of range", i+1, l.Pos, l.Zone)
		}
		switch l.Kind {
		case ir.LockFixed:
			fixed = true
		case ir.LockInside:
		default:
			return fmt.Errorf("lock %d (%s): unknown kind %d", i+1, l.Pos, l.Kind)
		}
	}
	if !fixed {
		return nil
	}
	g2 := *g
	g2.Moves = append([]ir.MoveRule(nil), g.Moves...)
	for i := range g2.Moves {
		m := &g2.Moves[i]
		if m.Action != ir.Leap && m.Action != ir.Group {
			continue
		}
		for _, l := range g.Locks {
			if l.Kind != ir.LockFixed {
				continue
			}
			off := &ir.Expr{Op: ir.OpNot, Args: []*ir.Expr{{Op: ir.OpInZone, Int: l.Zone, Side: ir.SideOwn}}}
			if m.From == nil {
				m.From = off
			} else {
				m.From = &ir.Expr{Op: ir.OpAnd, Args: []*ir.Expr{m.From, off}}
			}
		}
	}
	p.Desc = &g2
	return nil
}

// compileLockRule gives a leap or group rule the cells of the inside
// locks (rule.inside) and compiles its chain stop.
func compileLockRule(p *core.Program, r *core.Rule, m *ir.MoveRule) error {
	for _, l := range p.Desc.Locks {
		if l.Kind == ir.LockInside {
			r.Inside = append(r.Inside, p.Zones[l.Zone])
		}
	}
	if m.ChainStop == nil {
		return nil
	}
	if m.Action != ir.Leap || m.Chain == ir.ChainNone {
		return fmt.Errorf("chain-stop on a rule without chain")
	}
	var err error
	r.ChainStop, err = compileCellCond(p, m.ChainStop, "chain-stop")
	return err
}

// compileDrop compiles a Drop rule: per mover the codes it may place
// (the mover's codes in hand of the kinds it selects).
func compileDrop(p *core.Program, r *core.Rule, m *ir.MoveRule) error {
	if !p.Hands {
		return fmt.Errorf("a drop rule in a game without pieces in hand")
	}
	if m.Piece != ir.Own {
		return fmt.Errorf("a drop places the mover's own pieces")
	}
	r.DropCodes = make([][]uint16, p.Players)
	for pl := 0; pl < p.Players; pl++ {
		for _, code := range p.HandCodes[pl] {
			if r.KindOK == nil || r.KindOK[p.CodeKind[code]] {
				r.DropCodes[pl] = append(r.DropCodes[pl], code)
			}
		}
	}
	r.Gen = core.GenDrop
	return nil
}
