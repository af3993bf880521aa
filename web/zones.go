package web

import "github.com/ruleplay/ruleplay/ir"

// boardZone is a zone the rules file declares (ir.Zone), as the page
// draws it: its cells per player (indices into the board's cells) and
// what reads it. The page draws the zones a goal or a lock reads (the
// shelters of a race, the rows to reach), with a legend; the others are
// data only.
type boardZone struct {
	Name  string  `json:"name"`
	Cells [][]int `json:"cells"` // per player
	// Read says what reads the zone: "goal", "lock", or "" (drawn only
	// when not "").
	Read string `json:"read,omitempty"`
}

// zonesOf returns the zones of g, each with what reads it.
func zonesOf(g *ir.Game) []boardZone {
	read := map[int]string{}
	for _, gl := range g.End.Goals {
		zonesIn(gl.Cond, func(z int) { read[z] = "goal" })
	}
	for _, l := range g.Locks {
		if _, ok := read[l.Zone]; !ok {
			read[l.Zone] = "lock"
		}
	}
	out := make([]boardZone, len(g.Zones))
	for i, z := range g.Zones {
		// a zone given for some players only has no cells for the
		// others: an empty list each, never null, in the page's data
		cells := make([][]int, len(z.Cells))
		for p, cs := range z.Cells {
			cells[p] = cs
			if cs == nil {
				cells[p] = []int{}
			}
		}
		out[i] = boardZone{Name: z.Name, Cells: cells, Read: read[i]}
	}
	return out
}

// zonesIn calls f with the index of every zone e reads.
func zonesIn(e *ir.Expr, f func(int)) {
	if e == nil {
		return
	}
	switch e.Op {
	case ir.OpInZone, ir.OpEveryCell, ir.OpSomeCell, ir.OpCountCell, ir.OpZoneDistance:
		f(e.Int)
	}
	for _, a := range e.Args {
		zonesIn(a, f)
	}
}
