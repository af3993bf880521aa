package oracle

// The speed baselines of Russian and Turkish draughts: the stepper
// methods, GenPerft and their entries in Baseline. Random games of either
// may go on for ever (kings shuffling): their playouts stop at
// RacePlayoutCap when no cap is given.

func (g *Russian) genMoves(buf []ruMove) []ruMove {
	if g.drawn() {
		return buf[:0]
	}
	return g.gen(buf)
}
func (g *Russian) play(mv ruMove) int             { g.make(mv); return 0 }
func (g *Russian) takeBack(mv ruMove, _ int)      { g.unmake(mv) }
func (g *Turkish) genMoves(buf []tkMove) []tkMove { return g.gen(buf) }
func (g *Turkish) play(mv tkMove) int             { g.make(mv); return 0 }
func (g *Turkish) takeBack(mv tkMove, _ int)      { g.unmake(mv) }

// GenPerft: see Konane.GenPerft.
func (g *Russian) GenPerft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return genPerft(g, depth, newBufs[ruMove](depth))
}

// GenPerft: see Konane.GenPerft.
func (g *Turkish) GenPerft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return genPerft(g, depth, newBufs[tkMove](depth))
}

// baselineRussianTurkish is Baseline for Russian and Turkish draughts (by
// the stem of the rules file or the name it declares); neither has
// options.
func baselineRussianTurkish(game string, opts map[string]string) (B, bool) {
	if len(opts) > 0 {
		return nil, false
	}
	switch game {
	case "draughts-russian", "Russian draughts":
		return b14[ruMove, *Russian]{fresh: NewRussian, capped: RacePlayoutCap}, true
	case "draughts-turkish", "Turkish draughts":
		return b14[tkMove, *Turkish]{fresh: NewTurkish, capped: RacePlayoutCap}, true
	}
	return nil, false
}
