package interp

import (
	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
)

// The position hash and the repetitions (core/hash.go): a Program keeps
// the hash when its caller asks (Config.Hash) or its rules count
// repetitions, and then the make accelerators that write cells without
// the general make's records decline it (makeDeclines), and the general
// make's cells functions and revert keep it (keepHash).

// Hash returns the position hash of s (0 when its Program keeps none:
// compile with Config.Hash). Two States of one Program have the same
// hash when their positions are equal in everything the rules can read:
// the pieces and stacks, the pieces in hand, the player to move, the
// passes in a row, the pieces each player captured and their points, the
// rules' counters, the last move's cell, and the ply and the turns when
// the rules read them or have a ply limit.
func Hash(s *State) uint64 { return s.Hash() }

// Mix64 is the mixer the position hash is made with (splitmix64's
// finaliser: a bijection of 64-bit values whose outputs look
// independent), for other hashes and salts beside it.
func Mix64(x uint64) uint64 { return core.Mix(x) }

// HashFromScratch computes the hash of s without the incremental part
// (what Hash must equal).
func HashFromScratch(p *Program, s *State) uint64 { return p.HashFromScratch(s) }

// WithHash returns p compiled again with Config.Hash (p itself when it
// keeps a hash already).
func WithHash(p *Program) (*Program, error) {
	if p.Zobrist != nil {
		return p, nil
	}
	cfg := p.Cfg
	cfg.Hash = true
	return Compile(p.Desc, cfg)
}

// compileHash gives p its hash keys when they are needed (Config.Hash, or
// a goal counting repetitions: then also Program.Repetition); the ply
// is part of the hash when something reads it or the game has a ply
// limit. It runs in compileEnd once the limit is known, before the tiers
// are planned and the makers chosen (step-playouts and the makers read
// Program.Zobrist to decline).
func compileHash(p *core.Program) {
	repeats, plyRead := false, p.Limit > 0
	ir.EachExpr(p.Desc, func(e *ir.Expr) {
		repeats = repeats || core.ReadsRepetition(e)
		plyRead = plyRead || core.ReadsPly(e)
	})
	if !p.Cfg.Hash && !repeats {
		return
	}
	p.Zobrist = core.NewHashKeys(p, plyRead)
	if repeats {
		limit := core.MaxRepetitionPlies
		if p.Limit > 0 && p.Limit < limit {
			limit = p.Limit
		}
		p.Repetition = &core.Repetition{Cap: limit + 1}
	}
}

// keepHash wraps the cells functions of p's rules and its revert so
// that the general make and unmake keep the board's hash
// (core.HashedCells), when p keeps one.
func keepHash(p *core.Program) {
	if p.Zobrist == nil {
		return
	}
	p.Revert = core.HashedRevert(p.Revert)
	for i := range p.Rules {
		p.Rules[i].Cells = core.HashedCells(p.Rules[i].Cells)
	}
}

// keepRepetitions wraps the makers and unmakes of p so that they keep
// the history of the positions (core.Repetition), when p's rules count
// repetitions; the others' Apply and Undo pay nothing.
func keepRepetitions(p *core.Program) {
	p.PassMaker = core.GeneralMaker
	rep := p.Repetition
	if rep == nil {
		return
	}
	p.PassMaker = rep.Maker(p.PassMaker)
	for i := range p.Rules {
		p.Rules[i].Play = rep.Maker(p.Rules[i].Play)
	}
	for k, u := range p.Unmakes {
		p.Unmakes[k] = rep.Unmake(u)
	}
}

// hashDeclines says why a maker that writes cells itself cannot serve p
// ("" when p keeps no hash).
func hashDeclines(p *core.Program) string {
	if p.Zobrist != nil {
		return "the position keeps a hash (repetitions, or Config.Hash), which the general make keeps"
	}
	return ""
}
