package oracle

import "strings"

// The speed baselines of Crossings, Jumpwings (basic, advanced, relative
// height), English draughts and Breakthrough: the stepper methods, GenPerft
// and their entries in Baseline.

func (g *Crossings) genMoves(buf []crMove) []crMove       { return g.gen(buf) }
func (g *Crossings) play(mv crMove) int                   { return g.make(mv) }
func (g *Crossings) takeBack(mv crMove, undo int)         { g.unmake(mv, undo) }
func (g *Jumpwings) genMoves(buf []jwMove) []jwMove       { return g.gen(buf) }
func (g *Jumpwings) play(mv jwMove) int                   { return g.make(mv) }
func (g *Jumpwings) takeBack(mv jwMove, passes int)       { g.unmake(mv, passes) }
func (g *EnglishDraughts) genMoves(buf []ckMove) []ckMove { return g.gen(buf) }
func (g *EnglishDraughts) play(mv ckMove) int             { return g.make(mv) }
func (g *EnglishDraughts) takeBack(mv ckMove, undo int)   { g.unmake(mv, undo) }
func (g *Breakthrough) genMoves(buf []btMove) []btMove    { return g.gen(buf) }
func (g *Breakthrough) play(mv btMove) int                { return int(g.make(mv)) }
func (g *Breakthrough) takeBack(mv btMove, old int)       { g.unmake(mv, uint8(old)) }

// GenPerft: see Konane.GenPerft.
func (g *Crossings) GenPerft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return genPerft(g, depth, newBufs[crMove](depth))
}

// GenPerft: see Konane.GenPerft.
func (g *Jumpwings) GenPerft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return genPerft(g, depth, newBufs[jwMove](depth))
}

// GenPerft: see Konane.GenPerft.
func (g *EnglishDraughts) GenPerft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return genPerft(g, depth, newBufs[ckMove](depth))
}

// GenPerft: see Konane.GenPerft.
func (g *Breakthrough) GenPerft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return genPerft(g, depth, newBufs[btMove](depth))
}

// baselineMore is Baseline for Crossings, the Jumpwings files, English
// draughts and Breakthrough. Random games of Crossings, Jumpwings and
// English draughts may go on for ever: their playouts stop at
// RacePlayoutCap when no cap is given.
func baselineMore(game string, opts map[string]string) (B, bool) {
	switch game {
	case "crossings":
		if len(opts) > 0 {
			return nil, false
		}
		return b14[crMove, *Crossings]{fresh: NewCrossings, capped: RacePlayoutCap}, true
	case "jumpwings", "jumpwings-advanced", "jumpwings-relative":
		o := JumpwingsOptions{Advanced: game == "jumpwings-advanced", Relative: game == "jumpwings-relative"}
		for k, v := range opts {
			switch v = strings.TrimSpace(v); {
			case k != "goal" || (v != "short" && v != "long"):
				return nil, false
			default:
				o.LongGoal = v == "long"
			}
		}
		return b14[jwMove, *Jumpwings]{fresh: func() *Jumpwings { return NewJumpwings(o) }, capped: RacePlayoutCap}, true
	case "draughts":
		if len(opts) > 0 {
			return nil, false
		}
		return b14[ckMove, *EnglishDraughts]{fresh: NewEnglishDraughts, capped: RacePlayoutCap}, true
	case "breakthrough":
		if len(opts) > 0 {
			return nil, false
		}
		return b14[btMove, *Breakthrough]{fresh: NewBreakthrough, capped: 1 << 30}, true
	}
	return baselineRussianTurkish(game, opts)
}
