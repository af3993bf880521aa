package oracle

import (
	"math/rand/v2"
	"strconv"
	"strings"
)

// RacePlayoutCap bounds a random playout of Chinese Checkers or
// Conspirateurs when no ply cap is given: random play in a race game
// seldom ends.
const RacePlayoutCap = 2000

// stepper is what the issue-14 oracles share for the speed baseline: the
// legal moves into a buffer (none once the game is over; a pass is a
// move), playing a move (returning what taking it back needs) and taking
// it back.
type stepper[M any] interface {
	genMoves(buf []M) []M
	play(mv M) int
	takeBack(mv M, undo int)
}

// genPerft generates, plays and takes back every move at every depth, the
// last ply included. bufs holds one move list per depth.
func genPerft[M any, G stepper[M]](g G, depth int, bufs [][]M) uint64 {
	ml := g.genMoves(bufs[depth-1])
	bufs[depth-1] = ml
	var n uint64
	for _, mv := range ml {
		u := g.play(mv)
		if depth == 1 {
			n++
		} else {
			n += genPerft(g, depth-1, bufs)
		}
		g.takeBack(mv, u)
	}
	return n
}

func newBufs[M any](depth int) [][]M {
	bufs := make([][]M, max(depth, 0))
	for i := range bufs {
		bufs[i] = make([]M, 0, 128)
	}
	return bufs
}

// randomPlayouts plays n games of uniformly random moves from fresh
// copies of the start, each until it is over or maxPlies (<= 0:
// capped) plies have been played; it returns the plies played.
func randomPlayouts[M any, G stepper[M]](fresh func() G, n int, seed uint64, maxPlies, capped int) (plies int) {
	rng := rand.New(rand.NewPCG(seed, 1))
	if maxPlies <= 0 {
		maxPlies = capped
	}
	var buf []M
	for i := 0; i < n; i++ {
		g := fresh()
		for p := 0; p < maxPlies; p++ {
			buf = g.genMoves(buf)
			if len(buf) == 0 {
				break
			}
			g.play(buf[rng.IntN(len(buf))])
			plies++
		}
	}
	return plies
}

func (g *Konane) genMoves(buf []knMove) []knMove { return g.gen(buf) }
func (g *Konane) play(mv knMove) int             { g.make(mv); return 0 }
func (g *Konane) takeBack(mv knMove, _ int)      { g.unmake(mv) }

func (g *Draughts) genMoves(buf []idMove) []idMove {
	if g.drawn() {
		return buf[:0]
	}
	return g.gen(buf)
}
func (g *Draughts) play(mv idMove) int                    { return g.make(mv) }
func (g *Draughts) takeBack(mv idMove, q int)             { g.unmake(mv, q) }
func (g *ChineseCheckers) genMoves(buf []ccMove) []ccMove { return g.gen(buf) }
func (g *ChineseCheckers) play(mv ccMove) int             { return g.make(mv) }
func (g *ChineseCheckers) takeBack(mv ccMove, p int)      { g.unmake(mv, p) }
func (g *Conspirateurs) genMoves(buf []csMove) []csMove   { return g.gen(buf) }
func (g *Conspirateurs) play(mv csMove) int               { return g.make(mv) }
func (g *Conspirateurs) takeBack(mv csMove, p int)        { g.unmake(mv, p) }

// GenPerft counts the same sequences as Perft, generating, playing and
// taking back every move at every depth (the last ply included).
func (g *Konane) GenPerft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return genPerft(g, depth, newBufs[knMove](depth))
}

// GenPerft: see Konane.GenPerft.
func (g *Draughts) GenPerft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return genPerft(g, depth, newBufs[idMove](depth))
}

// GenPerft: see Konane.GenPerft.
func (g *ChineseCheckers) GenPerft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return genPerft(g, depth, newBufs[ccMove](depth))
}

// GenPerft: see Konane.GenPerft.
func (g *Conspirateurs) GenPerft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return genPerft(g, depth, newBufs[csMove](depth))
}

// b14 is the baseline of an issue-14 game: perft and playouts from copies
// of start.
type b14[M any, G interface {
	stepper[M]
	Perft(int) uint64
	GenPerft(int) uint64
}] struct {
	fresh  func() G
	capped int // the playouts' cap when none is given
}

func (b b14[M, G]) Perft(depth int) uint64    { return b.fresh().Perft(depth) }
func (b b14[M, G]) GenPerft(depth int) uint64 { return b.fresh().GenPerft(depth) }
func (b b14[M, G]) RandomPlayouts(n int, seed uint64, maxPlies int) int {
	return randomPlayouts[M](b.fresh, n, seed, maxPlies, b.capped)
}

// baseline14 is Baseline for the games of issue 14.
func baseline14(game string, opts map[string]string) (B, bool) {
	switch game {
	case "konane":
		size := 8
		for k, v := range opts {
			a, b, ok := strings.Cut(strings.ToLower(strings.TrimSpace(v)), "x")
			n, err := strconv.Atoi(a)
			if k != "size" || !ok || a != b || err != nil || n < 6 || n > knMaxSide || n%2 != 0 {
				return nil, false
			}
			size = n
		}
		return b14[knMove, *Konane]{fresh: func() *Konane { g, _ := NewKonane(size); return g }, capped: 1 << 30}, true
	case "draughts-international", "draughts-brazilian", "draughts-canadian":
		if len(opts) > 0 {
			return nil, false
		}
		side := map[string]int{"draughts-international": 10, "draughts-brazilian": 8, "draughts-canadian": 12}[game]
		return b14[idMove, *Draughts]{fresh: func() *Draughts { g, _ := NewDraughtsOn(side); return g }, capped: 1 << 30}, true
	case "chinese-checkers":
		players := 2
		for k, v := range opts {
			n, err := strconv.Atoi(strings.TrimSpace(v))
			if _, ok := ccSeats[n]; k != "players" || err != nil || !ok {
				return nil, false
			}
			players = n
		}
		return b14[ccMove, *ChineseCheckers]{fresh: func() *ChineseCheckers { g, _ := NewChineseCheckers(players); return g },
			capped: RacePlayoutCap}, true
	case "conspirateurs":
		if len(opts) > 0 {
			return nil, false
		}
		return b14[csMove, *Conspirateurs]{fresh: NewConspirateurs, capped: RacePlayoutCap}, true
	}
	return nil, false
}
