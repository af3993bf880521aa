package accel

import (
	"github.com/ruleplay/ruleplay/interp/internal/core"
)

// DropStackDups leaves out of rb's lists the leaps whose text a leap of ra
// (an earlier rule of the tier, without guard) always gives too: same
// piece, same displacement, and rb's conditions imply ra's. It reports
// whether no other leap of rb can have the text of one of ra.
func DropStackDups(p *core.Program, ra, rb *core.Rule) bool {
	sa, sb := Tables(ra).Stack, Tables(rb).Stack
	dirs := p.Desc.Board.Dirs
	all := true
	for pl := 0; pl < p.Players; pl++ {
		for code := 1; code < p.Ncodes; code++ {
			i := pl*p.Ncodes + code
			if sa.PathOf[i] < 0 || sb.PathOf[i] < 0 {
				continue // ra or rb does not move this piece
			}
			La, Lb := int(ra.LenCode[code]), int(rb.LenCode[code])
			match := map[int]int{} // a direction of rb: ra's with the same displacement
			for _, db := range rb.Dirs[pl] {
				for _, da := range ra.Dirs[pl] {
					if dirs[da].DX*La == dirs[db].DX*Lb && dirs[da].DY*La == dirs[db].DY*Lb {
						match[int(db)] = int(da)
					}
				}
			}
			if len(match) == 0 {
				continue
			}
			implied := map[bool]bool{}
			drop := func(c, db int) bool {
				da, ok := match[db]
				if !ok || int(ra.LeapCode[code][(c*p.NumDirs+da)*La+La-1]) == p.NumCells {
					return false // ra has no leap to that cell
				}
				same := da == db
				if _, done := implied[same]; !done {
					implied[same] = stackImplies(p, ra, rb, pl, code, same)
				}
				all = all && implied[same]
				return implied[same]
			}
			sb.PathOf[i] = AddPaths(sb, filterPaths(p, &sb.Paths[sb.PathOf[i]], drop))
		}
	}
	SetPieces(sb, p.Players, p.Ncodes)
	return all
}
