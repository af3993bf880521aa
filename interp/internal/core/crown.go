package core

import "github.com/ruleplay/ruleplay/ir"

// Crowned in the middle of a capture, and landings that go on.
//
// A promotion at: continue (Promo.Continue, ir.Promotion.AtContinue)
// crowns a piece on any landing of a chain in the zone, and the chain
// goes on at once as the new kind. The rule it goes on with is the
// starting rule's Rule.GoesOn: a copy of the continuation rule (the one
// rule of the starting rule's priority group moving the new kind, a
// chained leap capturing the same way: lang decides it, `goes-on:`
// names it) that carries the starting rule's index and name, so that
// Emit records the starting rule and a limit names it, with no cost to
// Emit. In the generic and long walkers (playLeap: goOnFrom) the landing's
// piece is crowned, and the walk's rule, piece and directions switch to
// the continuation for the chains going on from the landing; they are
// restored on the way back. The chain policy at the crowning landing is
// the starting rule's; after it, the continuation's (chain-dirs:
// no-reverse included: the first leap after the crowning may not turn
// back on the leap that crowned). The move's path is the usual one (a
// landing and a direction per leap), and the starting rule's cells
// function (MoveLeapsCrowned) replays each leap along its direction,
// whatever its length, crowning the piece where the walk did. The
// planner keeps such a rule on the generic walker (every accelerator
// that walks chains declines it: rule tables, long table, words, mailbox,
// bulk; the makers other than the general one), and serves its
// continuation, started from a piece of the new kind, as it would.
//
// `land: where-it-continues` (LongParams.LandWhereItContinues) narrows a
// long leap's landings in one direction to those from which the chain
// goes on, when there are some (kings that must land where they go on
// capturing): longDFS asks, once per direction, whether some landing goes
// on (mayLandOn), and then of each landing (goesOnFrom: the leap made,
// the chains going on from its landing explored in existence mode, taken
// back).

// CrownTo returns the code a piece of code becomes when a chain lands it
// on cell c with a promotion at: continue, or 0.
func (p *Program) CrownTo(code uint16, c int) uint16 {
	for _, pr := range p.Promos[code] {
		if pr.Continue && pr.Zone[c] {
			return pr.To
		}
	}
	return 0
}

// goOnFrom explores, with walk, the chains going on from land after a
// leap in direction d (goOn); when the rule crowns the piece there
// (Rule.GoesOn), as the continuation rule (goOnCrowned).
func (g *Gen) goOnFrom(land, d int, walk func(int) bool) bool {
	if g.R.GoesOn != nil {
		if to := g.P.CrownTo(g.Piece, land); to != 0 {
			return g.goOnCrowned(land, d, to)
		}
	}
	return g.goOn(land, d, walk)
}

// goOnCrowned crowns the piece on land (code to) and explores the chains
// going on from there by the starting rule's continuation (Rule.GoesOn),
// then restores the piece, the rule, the piece code and the directions
// of the walk.
func (g *Gen) goOnCrowned(land, d int, to uint16) bool {
	p, s, r := g.P, g.S, g.R
	piece, dirs := g.Piece, g.Dirs
	s.pop(p, land)
	s.push(p, land, to)
	next := r.GoesOn
	g.R, g.Piece, g.Dirs = next, to, next.Dirs[g.Mover]
	walk := g.genericDFS
	if next.Long != nil {
		g.readyTaken()
		walk = g.longDFS
	}
	went := g.goOn(land, d, walk)
	g.R, g.Piece, g.Dirs = r, piece, dirs
	s.pop(p, land)
	s.push(p, land, piece)
	return went
}

// mayLandOn tells whether a leap of a rule with land: where-it-continues
// may land on x (from c, direction d): when it goes on from there, or
// when no landing of that direction does; continues caches, per
// direction, whether some landing does (-1: not asked yet).
func (g *Gen) mayLandOn(c, x, d int, continues *int) bool {
	if *continues < 0 {
		*continues = 0
		g.eachLanding(c, d, func(y int) bool {
			if g.goesOnFrom(c, y, d) {
				*continues = 1
			}
			return *continues == 1
		})
	}
	return *continues == 0 || g.goesOnFrom(c, x, d)
}

// goesOnFrom tells whether, after the leap of a long rule from c to x in
// direction d, the chain can go on: the leap is made, the chains going
// on from x are explored in existence mode, and everything is taken
// back (the generation's sink and list restored).
func (g *Gen) goesOnFrom(c, x, d int) bool {
	s, r := g.S, g.R
	if r.Chain == ir.ChainNone || (r.ChainStop != nil && g.test(r.ChainStop, x)) {
		return false
	}
	capBase, tkBase := len(s.Caps), len(s.takenCells)
	oldCapt, oldPts := s.CapturedBy[g.Mover], s.Points[g.Mover]
	if !g.longTake(c, x, d, capBase, tkBase) {
		return false
	}
	g.landPiece(c, x, d, capBase)
	sink, list, found := g.Sink, g.List, g.Found
	g.Sink, g.List, g.Found = SinkExists, nil, false
	went := !g.PromotesAt(x) && g.goOnFrom(x, d, g.longDFS)
	g.Sink, g.List, g.Found = sink, list, found
	g.leapBack(c, x, capBase, oldCapt, oldPts)
	g.untake(tkBase)
	return went
}

// MoveLeapsCrowned is the cells function of a rule whose chains may crown
// their piece mid-way (Rule.GoesOn): the piece leaves its start; on each
// leap, from the cell it is on to the landing in the leap's direction
// (of any length: the continuation's leaps may be longer), it takes what
// the rule captures, and it is crowned on a landing where a promotion
// at: continue applies; it lands on the last landing, promoted there
// when a promotion applies to what it has become.
func (p *Program) MoveLeapsCrowned(s *State, r *Rule, mover int, path []uint32) {
	pc := s.lift(p, int(path[0]))
	cur := int(path[0])
	for _, e := range path[1:] {
		land := int(e & 0xffff)
		p.takeOnLeap(s, r, mover, cur, land, int(e>>16&DirMask))
		if to := p.CrownTo(pc, land); to != 0 {
			pc = to
		}
		cur = land
	}
	if to := p.PromoteTo(pc, cur); to != 0 {
		pc = to
	}
	s.drop(p, cur, pc)
}
