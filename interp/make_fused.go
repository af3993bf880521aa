package interp

import (
	"fmt"

	"github.com/ruleplay/ruleplay/interp/internal/core"
)

// compileSmall keeps the tables of a small board on fixed-size arrays
// (Program.small) when fused-make serves the Program (direct: direct-make
// does), or records why it does not.
func compileSmall(p *core.Program, direct bool) {
	why := smallDeclines(p, direct)
	p.DeclineFor(core.ScopeProgram, 0, core.AccelFusedMake, why)
	if why != "" {
		return
	}
	p.Small = new(core.SmallTabs)
	for c, cb := range p.CellB {
		p.Small.CellB[c] = core.SmallCell{M: cb.M, W: uint32(cb.W), Mb: uint32(cb.Slot)}
	}
	for code, o := range p.CodeOcc {
		p.Small.CodeOcc[code] = uint32(o)
	}
	copy(p.Small.CodePts[:], p.CodePoints)
	copy(p.Small.Board[:], p.BoardMask)
	for pl := 0; pl < p.Players; pl++ {
		p.Small.Next[pl], p.Small.Prev[p.After(pl)] = uint8(p.After(pl)), uint8(pl)
	}
	if mids := p.Leaps[2]; mids != nil && p.NumDirs <= core.SmallDirs {
		for c := 0; c < p.NumCells; c++ {
			for d := 0; d < p.NumDirs; d++ {
				p.Small.Mid[c*core.SmallDirs+d] = uint16(mids[(c*p.NumDirs+d)*2])
			}
		}
	}
}

// smallDeclines tells why the board's tables are not kept on fixed-size
// arrays for fused-make (Program.small; "" when they are).
func smallDeclines(p *core.Program, direct bool) string {
	switch {
	case p.Off(core.AccelFusedMake) != "":
		return p.Off(core.AccelFusedMake)
	case !direct:
		return "needs direct-make, which declined"
	case p.AlternationOnly() != "":
		return p.AlternationOnly()
	case p.NumCells >= core.SmallCells:
		return fmt.Sprintf("the board has %d cells or more", core.SmallCells)
	case p.OccLen() > core.SmallOcc || p.Players > core.SmallPlayers || p.Ncodes > core.SmallCodes || (p.KeepOccC && p.OccCLen() > core.SmallOccC):
		return "too many players, piece codes or occupancy words for the small tables"
	}
	return ""
}
