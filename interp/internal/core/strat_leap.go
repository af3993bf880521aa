package core

// onPath tells whether cell is on the current path (start or a landing).
func (s *State) onPath(cell int32) bool {
	for _, e := range s.Path {
		if int32(e&0xffff) == cell {
			return true
		}
	}
	return false
}

// CountOne counts one move (countByLandings: a first leap that is a move
// by the chain policy).
func (g *Gen) CountOne() { g.N++ }
