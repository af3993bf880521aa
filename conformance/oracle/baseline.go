package oracle

import (
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"
)

// B is a speed baseline for one game and its options: the hand-written
// generator's perft, full-generation perft and uniformly random playouts
// from the start position.
type B interface {
	// Perft counts the sequences of exactly depth legal moves from the
	// start, counting the moves of the last ply without playing them (bulk
	// counting).
	Perft(depth int) uint64
	// GenPerft counts the same sequences by generating, playing and taking
	// back every move at every depth, the last ply included.
	GenPerft(depth int) uint64
	// RandomPlayouts plays n games of uniformly random legal moves from the
	// start, each until the game is over or maxPlies plies have been played
	// (maxPlies <= 0: no cap; Salta without a limit still stops at
	// SaltaPlayoutCap, Chinese Checkers and Conspirateurs at
	// RacePlayoutCap), with a generator seeded by seed; it returns the
	// plies played in all.
	RandomPlayouts(n int, seed uint64, maxPlies int) (plies int)
}

// Baseline returns the oracle of the bundled game whose rules file has
// this stem ("leapfrog", "leapfrog-murray", "froglet", "salta", "konane",
// "draughts-international", "draughts-brazilian", "draughts-canadian",
// "chinese-checkers", "conspirateurs",
// "crossings", "jumpwings", "jumpwings-advanced", "jumpwings-relative",
// "draughts", "breakthrough"; a path to the file, or the name the file
// declares, "Leap Frog", "Leap Frog (Murray's variant)", "Froglet",
// "Salta", "Konane", "International draughts", "Brazilian draughts",
// "Canadian draughts", "Chinese Checkers",
// "Conspirateurs", "Crossings", "Jumpwings", "Jumpwings (advanced)",
// "Jumpwings (relative height)", "English draughts", "Breakthrough", are
// accepted too), with the
// rules file's options as the command line gives them (name -> value, the
// defaults of the rules file for those not given). It reports false for
// another game, an option the game does not have, or a value the rules
// file would refuse. Murray's and Froglet's colour layout is drawn at
// random (seed 0): moves do not depend on colours, only scores do.
func Baseline(game string, opts map[string]string) (B, bool) {
	switch game = baselineStem(game); game {
	case "leapfrog", "leapfrog-murray", "froglet":
		return leapFrogBaseline(game, opts)
	case "salta":
		limit := 0
		for k, v := range opts {
			if k != "limit" {
				return nil, false
			}
			n, err := strconv.Atoi(strings.TrimSpace(v))
			if err != nil || n < 0 || n > 10000 {
				return nil, false
			}
			limit = n
		}
		return saltaB{NewSalta(limit)}, true
	}
	if b, ok := baseline14(game, opts); ok {
		return b, true
	}
	return baselineMore(game, opts)
}

// baselineStem maps a rules file path or a declared game name to the stem
// of the bundled rules file.
func baselineStem(game string) string {
	switch game {
	case "Leap Frog":
		return "leapfrog"
	case "Leap Frog (Murray's variant)":
		return "leapfrog-murray"
	case "Froglet":
		return "froglet"
	case "Salta":
		return "salta"
	case "Konane":
		return "konane"
	case "International draughts":
		return "draughts-international"
	case "Brazilian draughts":
		return "draughts-brazilian"
	case "Canadian draughts":
		return "draughts-canadian"
	case "Chinese Checkers":
		return "chinese-checkers"
	case "Conspirateurs":
		return "conspirateurs"
	case "Crossings":
		return "crossings"
	case "Jumpwings":
		return "jumpwings"
	case "Jumpwings (advanced)":
		return "jumpwings-advanced"
	case "Jumpwings (relative height)":
		return "jumpwings-relative"
	case "English draughts":
		return "draughts"
	case "Breakthrough":
		return "breakthrough"
	}
	if i := strings.LastIndexAny(game, `/\`); i >= 0 {
		game = game[i+1:]
	}
	return strings.TrimSuffix(game, ".rules")
}

func leapFrogBaseline(game string, opts map[string]string) (B, bool) {
	w, h, players, diag := 15, 15, 2, false
	if game == "froglet" {
		w, h = 12, 12
	}
	for k, v := range opts {
		v = strings.TrimSpace(v)
		switch k {
		case "size":
			a, b, ok := strings.Cut(strings.ToLower(v), "x")
			if !ok {
				return nil, false
			}
			x, err1 := strconv.Atoi(a)
			y, err2 := strconv.Atoi(b)
			if err1 != nil || err2 != nil || x < 3 || y < 3 || x > lfMaxSide || y > lfMaxSide {
				return nil, false
			}
			if game == "froglet" && (x != 12 || y != 12) {
				return nil, false // the colour counts fill exactly 144 cells
			}
			w, h = x, y
		case "players":
			n, err := strconv.Atoi(v)
			if err != nil || n < 2 || n > 26 {
				return nil, false
			}
			players = n
		case "diagonal":
			b, err := strconv.ParseBool(v)
			if err != nil {
				return nil, false
			}
			diag = b
		default:
			return nil, false
		}
	}
	var g *LeapFrog
	var err error
	switch game {
	case "leapfrog":
		g, err = NewLeapFrog(w, h, players, diag)
	case "leapfrog-murray":
		g, err = NewMurray(w, h, players, diag, randomLayout(w, h, MurrayCounts(w*h)))
	default:
		g, err = NewFroglet(w, h, players, diag, randomLayout(w, h, FrogletCounts))
	}
	if err != nil {
		return nil, false
	}
	return leapFrogB{g}, true
}

// randomLayout deals the colours (counts per colour) over the cells of a w
// x h board at random, with a fixed seed.
func randomLayout(w, h int, counts map[string]int) map[string]string {
	colours := make([]string, 0, len(counts))
	for c := range counts {
		colours = append(colours, c)
	}
	sort.Strings(colours)
	bag := make([]string, 0, w*h)
	for _, c := range colours {
		for i := 0; i < counts[c]; i++ {
			bag = append(bag, c)
		}
	}
	rand.New(rand.NewPCG(0, 0)).Shuffle(len(bag), func(i, j int) { bag[i], bag[j] = bag[j], bag[i] })
	layout := make(map[string]string, w*h)
	for r := 0; r < h; r++ {
		for f := 0; f < w; f++ {
			layout[string(rune('a'+f))+strconv.Itoa(r+1)] = bag[r*w+f]
		}
	}
	return layout
}

type leapFrogB struct{ start *LeapFrog }

func (b leapFrogB) Perft(depth int) uint64 { return b.start.Clone().Perft(depth) }

func (b leapFrogB) GenPerft(depth int) uint64 { return b.start.Clone().GenPerft(depth) }

func (b leapFrogB) RandomPlayouts(n int, seed uint64, maxPlies int) (plies int) {
	rng := rand.New(rand.NewPCG(seed, 1))
	g := b.start.Clone()
	for i := 0; i < n; i++ {
		g.cell, g.empty, g.pieces, g.ply = b.start.cell, b.start.empty, b.start.pieces, b.start.ply
		copy(g.score, b.start.score)
		for p := 0; maxPlies <= 0 || p < maxPlies; p++ {
			if g.IsRemovalTurn() {
				if g.pieces == 0 {
					break
				}
				g.removeNth(rng.IntN(g.pieces))
			} else {
				m := g.countJumps()
				if m == 0 {
					break
				}
				g.selectJump(rng.Uint64N(m))
				g.ply++
			}
			plies++
		}
	}
	return plies
}

type saltaB struct{ start *Salta }

func (b saltaB) Perft(depth int) uint64 { return b.start.Clone().Perft(depth) }

func (b saltaB) GenPerft(depth int) uint64 { return b.start.Clone().GenPerft(depth) }

func (b saltaB) RandomPlayouts(n int, seed uint64, maxPlies int) (plies int) {
	rng := rand.New(rand.NewPCG(seed, 1))
	var ml [64]saltaMove
	for i := 0; i < n; i++ {
		s := *b.start
		for p := 0; (maxPlies <= 0 || p < maxPlies) && !s.ended() && (s.limit > 0 || p < SaltaPlayoutCap); p++ {
			k := s.gen(&ml)
			if k == 0 {
				break
			}
			s.make(ml[rng.IntN(k)])
			plies++
		}
	}
	return plies
}
