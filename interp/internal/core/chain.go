package core

import "github.com/ruleplay/ruleplay/ir"

// Chains, and the policy every walk applies.
//
// Chains are explored by the walkers of the generic, table, bitset and
// mailbox representations with one chain policy (chain.go: leapOn and
// leapOff for moves, firstLeapOn and firstLeapOff for a first leap whose
// path is emitted without the path buffer, countLeap for counts,
// visitLeap for an action per move, revisits for the rule that a leap
// taking nothing may not come back on its path). A chain that keeps
// its first direction (ir.ChainDirsSame, `chain-dirs: same`) is
// explored by the generic walker and the leap table's tableWalk, run once
// per first direction with the mover's directions narrowed to it
// (eachFirstDir); its first leaps may still be marked on bitsets
// (rule.shift), but the planner keeps it off the bitset and mailbox
// walkers and chain counters (wordChains, wordFirstChains, wordsPerft, the
// mailbox, countByLandings), which follow chains in every direction. Such leaps make
// chains grow with the board: revisits counts them against
// Config.MaxLeaps per position, and the words of one position's move
// paths are bounded too; past either bound generation stops with a
// LimitError naming the rule (api.go).

// The chain policy, written once for every strategy that explores chains
// of leaps (the generic walker, the table walkers, the bitset walker, the
// mailbox walker): each plays a leap on its own representation of the
// position, then hands the policy to leapOn and leapOff (moves) or
// countLeap (counts):
//
//   - without chain, or when the leap ends the chain (a promotion on the
//     landing cell), the path so far is a move;
//   - an optional chain: the path so far is a move, and so is every
//     longer chain going on from the landing cell;
//   - a compulsory chain: the path is a move only when no leap goes on
//     from the landing cell (complete chains only).
//
// The chain walk, "leap, recurse, take back, apply the chain policy", is
// written once, as the template of internal/chaingen, and stamped out
// into chain_walks.go for each representation of the position (go
// generate; a test checks the file is up to date): the representation
// supplies its few operations (the leaps from a position, play, unplay,
// whether the chain ends or may go on) and the walk comes in three
// modes, list (leapOn, leapOff), count (countLeap) and visit
// (visitLeap). The representations:
//
//   - tableWalk (strat_leap.go): the cells and the rule's condition
//     tables, leaps of any length;
//   - wordWalk (strat_leap.go): short jumps on one-word bitsets passed
//     by value (list and count);
//   - mailboxCount and mbVisit (mailbox.go, on mbBoard): the mailbox's
//     bytes, counted, and played for the perft's replies.
//
// Walkers apart: the mailbox's list walk (mailboxWalk.walk) is the
// template written out by hand, which measured fewer instructions per
// playout; the long-leap table's ray walk (longWalk) finds several
// landings per direction along a ray with a hurdle's state, which a set
// of direction indices does not express; the generic walker (genericDFS,
// longDFS: closures, stacks) follows the rule literally; reachability
// (strat_reach.go) and the hop table are other algorithms.
//
// A chain whose piece is crowned on a landing with a promotion at:
// continue goes on there as the starting rule's continuation (goOnFrom,
// crown.go), and a long rule with land: where-it-continues lands only
// where its chain goes on, when it can somewhere (mayLandOn): the
// generic and long walkers follow both; the planner keeps such rules off
// the other walkers.
//
// In a chain, a leap that takes nothing off the board may not land on a
// cell of its path (revisits), which keeps chains finite. A leap from
// whose landing cell no leap can go on is a move under every policy: a
// walker that knows it (the mailbox's first leaps: mbWrite, mbKeyed)
// emits it without asking the policy.
//
// A chain that keeps its first direction (ir.ChainDirsSame) is
// explored one first direction at a time (eachFirstDir): the walker runs
// from the start cell with the mover's directions narrowed to one, so
// every leap of the chain goes that way; moves come in the same order
// (direction, then a prefix before its extensions).
//
// A chain that may not turn back (ir.ChainDirsNoReverse: no leap whose
// vector is the opposite of the leap before's) goes on from each landing
// in the directions the rule lets follow the leap's (Rule.NextDirs, per
// player and direction): the generic and long walkers narrow g.Dirs to
// them for the walk from the landing (goOn, in playLeap), and widen it
// back after. The planner keeps such a rule off the leap and long-leap
// tables and everything built on them (the bitset, mailbox and counting
// walkers), which follow chains in every direction, but for a rule whose
// chains could not turn back anyway, which it compiles as chain-dirs: any
// (Rule.NextDirs nil): leaps of one length in a game without stacks,
// where the leap back would land on the cell the leap before left,
// taking nothing (what it passes over that leap emptied or found empty),
// which revisits refuses. Reachability serves only such rules.

// eachFirstDir runs walk from cell c once per direction of g.dirs, with
// g.dirs narrowed to that direction (chain-dirs: same), and restores
// g.dirs; it stops when walk found what the mode looks for.
func (g *Gen) eachFirstDir(c int, walk func(int) bool) {
	all := g.Dirs
	for i := range all {
		g.Dirs = all[i : i+1]
		walk(c)
		if g.Found {
			break
		}
	}
	g.Dirs = all
}

// goOn explores, with walk, the chains going on from land after a leap
// in direction d: in the mover's directions, or in those the rule lets
// follow d (Rule.NextDirs: chain-dirs: no-reverse), which it narrows
// g.Dirs to for the walk.
func (g *Gen) goOn(land, d int, walk func(int) bool) bool {
	next := g.R.NextDirs
	if next == nil {
		return walk(land)
	}
	dirs := g.Dirs
	g.Dirs = next[g.Mover][d]
	went := walk(land)
	g.Dirs = dirs
	return went
}

// LeapOn applies the chain policy's first half once the walker has put
// a leap on the path: it emits the path when it is a move whatever
// follows, and tells what remains to do (ChainNone: nothing; otherwise
// the walker explores the chains going on from the landing cell). ends
// tells that the chain ends there whatever the rule. The walker then
// calls leapOff with what it found, and takes the leap off the path:
//
//	s.path = append(s.path, land|d<<16)
//	more := g.leapOn(ends)
//	g.leapOff(more, more != ir.ChainNone && g.walk(land))
//	s.path = s.path[:len(s.path)-1]
func (g *Gen) LeapOn(ends bool) (more ir.Chain) {
	more = g.R.Chain
	if more != ir.ChainCompulsory || ends {
		g.Emit()
		if ends || g.Found {
			more = ir.ChainNone
		}
	}
	return more
}

// FirstLeapOn is leapOn for a first leap from cell c, with landing entry e,
// that a walker plays without putting it on s.path (emitFirst emits it); the
// walker puts the path there before exploring the chains going on from
// the landing cell, then calls firstLeapOff.
func (g *Gen) FirstLeapOn(c, e uint32) (more ir.Chain) {
	more = g.R.Chain
	if more != ir.ChainCompulsory {
		g.EmitFirst(c, e)
		if g.Found {
			more = ir.ChainNone
		}
	}
	return more
}

// FirstLeapOff is leapOff after firstLeapOn.
func (g *Gen) FirstLeapOff(more ir.Chain, wentOn bool, c, e uint32) {
	if more == ir.ChainCompulsory && !wentOn {
		g.EmitFirst(c, e)
	}
}

// tooManyLeaps stops a generation that explored more than Config.MaxLeaps
// leaps (LimitError).
func (g *Gen) tooManyLeaps() {
	panic(g.limitError("leaps explored", g.maxLeaps))
}

// limitError is the LimitError of the rule being explored.
func (g *Gen) limitError(what string, limit int) *LimitError {
	return &LimitError{Rule: g.R.Name, Pos: g.P.Desc.Moves[g.R.Idx].Pos, What: what, Limit: limit}
}

// LeapOff ends what leapOn began: wentOn tells whether a leap went on
// from the landing cell; a compulsory chain's path is a move when none
// did.
func (g *Gen) LeapOff(more ir.Chain, wentOn bool) {
	if more == ir.ChainCompulsory && !wentOn {
		g.Emit()
	}
}

// CountLeap is leapOn and leapOff for counting: more counts the moves of the chains
// going on from the landing cell (0: no leap goes on); countLeap returns
// the moves the leap begins.
func CountLeap(chain ir.Chain, ends bool, more func() int) int {
	switch {
	case chain == ir.ChainNone || ends:
		return 1
	case chain == ir.ChainOptional:
		return 1 + more()
	}
	if k := more(); k > 0 {
		return k
	}
	return 1
}

// VisitLeap is leapOn and leapOff for walkers that act on each move
// rather than list it (mbVisit plays the replies to each): visit is
// called once per move that ends with the leap just made; more explores
// the chains going on from the landing cell and reports whether a leap
// went on.
func VisitLeap(chain ir.Chain, ends bool, visit func(), more func() bool) {
	switch {
	case chain == ir.ChainNone || ends:
		visit()
	case chain == ir.ChainOptional:
		visit()
		more()
	default:
		if !more() {
			visit()
		}
	}
}

// Revisits tells whether a leap onto land that took nothing (took false)
// comes back on the path of a chain, which is not allowed. Such leaps are
// what lets chains grow with the board rather than with the pieces: each
// is counted against Config.MaxLeaps (leaps that take a piece are bounded
// by the pieces, and the moves' paths by the bound on their words).
func (g *Gen) Revisits(took bool, land int32) bool {
	if took || g.R.Chain == ir.ChainNone {
		return false
	}
	if g.leaps++; g.leaps > g.maxLeaps {
		g.tooManyLeaps()
	}
	return g.S.onPath(land)
}

// PromotesAt tells whether the moving piece is promoted on cell c, which
// ends its chain.
func (g *Gen) PromotesAt(c int) bool {
	return g.R.PromotionEndsChain && g.P.StopsAt(g.Piece, c)
}
