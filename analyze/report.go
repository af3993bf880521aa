package analyze

import (
	"fmt"
	"math"
	"strings"
)

// Report is what an analysis found, per rules file, and how the files
// compare with the first.
type Report struct {
	Setup       Setup        `json:"setup"`
	Files       []FileReport `json:"files"`
	Comparisons []Comparison `json:"comparisons,omitempty"`
}

// FileReport is the analysis of one rules file.
type FileReport struct {
	Label   string            `json:"label"`
	File    string            `json:"file"`
	Game    string            `json:"game"`
	Title   string            `json:"title"`
	Options map[string]string `json:"options,omitempty"`
	Games   int               `json:"games"`
	Draws   int               `json:"draws"`
	// Players are the results of each entrant of Setup.Players (named as
	// given, a repeated name getting "#2"), Seats those of each of the
	// rules' seats, whoever played it.
	Players []Result `json:"players"`
	Seats   []Result `json:"seats"`
	// FirstSeat is the first seat's score minus its fair share (1/n), and
	// the p-value of that difference.
	FirstSeat Advantage `json:"first_seat"`
	Length    Length    `json:"length"`
	Branching Branching `json:"branching"`
	Endings   []Count   `json:"endings"`
	Margin    *Dist     `json:"margin,omitempty"` // scored games with a decided result
	Timing    *Timing   `json:"timing,omitempty"`
}

// Result counts one player's or one seat's games. Points count a win 1, a
// win shared by k players 1/k, a draw 1/n; Score is Points / games and
// CI95 its Wilson interval.
type Result struct {
	Name   string     `json:"name"`
	Wins   int        `json:"wins"`
	Shared int        `json:"shared"`
	Draws  int        `json:"draws"`
	Losses int        `json:"losses"`
	Points float64    `json:"points"`
	Score  float64    `json:"score"`
	CI95   [2]float64 `json:"ci95"`
}

// Advantage is the first seat's advantage.
type Advantage struct {
	Seat   string  `json:"seat"`
	Excess float64 `json:"excess"` // score - 1/n
	P      float64 `json:"p"`      // against a fair share
}

// Length is how long games last, in plies.
type Length struct {
	Dist
	Histogram []Bin `json:"histogram"`
	Capped    int   `json:"capped"` // games ended by the analysis' --max-plies
}

// Branching is the number of legal moves at the positions where a move
// was chosen.
type Branching struct {
	Positions int     `json:"positions"`
	Mean      float64 `json:"mean"`
	Median    float64 `json:"median"`
	Max       float64 `json:"max"`
	// Phases are the means over the first, middle and last third of each
	// game's positions.
	Phases  [3]float64 `json:"phases"`
	Forced  int        `json:"forced"` // positions with one legal move (not a pass)
	Passes  int        `json:"passes"` // positions whose only move was a pass
	PerGame Dist       `json:"per_game"`
	// ByPly is the mean number of legal moves at each ply, over the games
	// that reached it, up to the last ply reached by a quarter of the games.
	ByPly []float64 `json:"by_ply"`
}

// Count is how often something happened.
type Count struct {
	Name  string `json:"name"`
	Count int    `json:"count"`
}

// Timing is the time spent (it varies from run to run).
type Timing struct {
	Seconds   float64 `json:"seconds"`     // every game's time, added up
	MoveMs    float64 `json:"move_ms"`     // mean time per move
	GameMs    float64 `json:"game_ms"`     // mean time per game
	GameMaxMs float64 `json:"game_max_ms"` // the longest game
}

// Comparison tells how a rules file differs from the first one.
type Comparison struct {
	Label string `json:"label"`
	Base  string `json:"base"`
	// FirstSeat compares the first seat's scores, Draws the draw rates,
	// Length the mean lengths, Branching the games' mean branching.
	FirstSeat Diff `json:"first_seat"`
	Draws     Diff `json:"draws"`
	Length    Diff `json:"length"`
	Branching Diff `json:"branching"`
}

// Diff is a difference (this file minus the base) and its p-value.
type Diff struct {
	Delta       float64 `json:"delta"`
	P           float64 `json:"p"`
	Significant bool    `json:"significant"` // P < 0.05
}

// Summarize turns the records of whole analyses (games[f] for subject f)
// into a Report; timing tells whether to report the times.
func Summarize(su Setup, subjects []Subject, games [][]Game, timing bool) *Report {
	r := &Report{Setup: su}
	top := 0
	for _, gs := range games {
		for _, g := range gs {
			top = max(top, g.Plies)
		}
	}
	w := binWidth(top, 20)
	for f, sub := range subjects {
		r.Files = append(r.Files, summarizeFile(su, sub, games[f], w, top, timing))
	}
	for f := 1; f < len(subjects); f++ {
		r.Comparisons = append(r.Comparisons, compare(r.Files[0], r.Files[f], games[0], games[f]))
	}
	return r
}

func summarizeFile(su Setup, sub Subject, games []Game, w, top int, timing bool) FileReport {
	fr := FileReport{Label: sub.Label, File: sub.File, Game: sub.Game, Title: sub.Title, Options: sub.Options, Games: len(games)}
	fr.Players, fr.Seats, fr.Draws = results(su, sub, games)
	np := len(sub.Seats)
	fr.FirstSeat = Advantage{Seat: sub.Seats[0], Excess: round(fr.Seats[0].Score-fair(np), 3)}
	fr.FirstSeat.P = round(pShare(fr.Seats[0].Points, float64(len(games)), fair(np)), 4)
	plies := make([]int, len(games))
	endings := map[string]int{}
	var margins []float64
	for i, g := range games {
		plies[i] = g.Plies
		endings[g.Ending]++
		if strings.HasPrefix(g.Ending, EndMaxPlies) { // also "max-plies, by score"
			fr.Length.Capped++
		}
		if g.Margin != nil {
			margins = append(margins, float64(*g.Margin))
		}
	}
	fr.Length.Dist = distOf(ints(plies))
	fr.Length.Histogram = histogram(plies, w, top)
	for _, k := range sortedKeys(endings) {
		fr.Endings = append(fr.Endings, Count{k, endings[k]})
	}
	if len(margins) > 0 {
		d := distOf(margins)
		fr.Margin = &d
	}
	fr.Branching = branching(games)
	if timing {
		fr.Timing = timingOf(games)
	}
	return fr
}

// results counts the players' and the seats' results.
func results(su Setup, sub Subject, games []Game) (players, seats []Result, draws int) {
	np := len(sub.Seats)
	players = make([]Result, np)
	seats = make([]Result, np)
	for i, k := range PlayerKeys(su.Players) {
		players[i].Name = k
	}
	for j, s := range sub.Seats {
		seats[j].Name = s
	}
	for _, g := range games {
		won := make([]bool, np)
		for _, w := range g.Winners {
			won[w] = true
		}
		k := len(g.Winners)
		if k == np {
			draws++
		}
		for j := range np {
			count(&seats[j], won[j], k, np)
			at := j // the seat whose player played seat j in the end
			if g.Swapped {
				at = 1 - j
			}
			count(&players[su.Entrant(g.Index, at)], won[j], k, np)
		}
	}
	n := float64(len(games))
	for _, rs := range [][]Result{players, seats} {
		for i := range rs {
			finish(&rs[i], n)
		}
	}
	return players, seats, draws
}

// count adds one game to r: won tells whether r shared the win among k
// winners of np players.
func count(r *Result, won bool, k, np int) {
	switch {
	case !won:
		r.Losses++
	case k == np && np > 1:
		r.Draws++
	case k == 1:
		r.Wins++
	default:
		r.Shared++
	}
	if won {
		r.Points += 1 / float64(k)
	}
}

func finish(r *Result, n float64) {
	lo, hi := Wilson(r.Points, n)
	r.Points = round(r.Points, 3)
	r.Score = round(r.Points/n, 3)
	r.CI95 = [2]float64{round(lo, 3), round(hi, 3)}
}

// PlayerKeys names the entrants: the specs as given, a repeated one getting
// "#2", "#3", ...
func PlayerKeys(specs []string) []string {
	seen := map[string]int{}
	keys := make([]string, len(specs))
	for i, s := range specs {
		seen[s]++
		keys[i] = s
		if n := seen[s]; n > 1 {
			keys[i] = fmt.Sprintf("%s#%d", s, n)
		}
	}
	return keys
}

// branching summarises the legal moves of every game.
func branching(games []Game) Branching {
	var b Branching
	var all, perGame []float64
	var phase [3]float64
	var phaseN [3]int
	var plySum []float64
	var plyN []int
	for _, g := range games {
		b.Forced += g.Forced
		b.Passes += g.Passes
		var sum float64
		for i, n := range g.Branching {
			x := float64(n)
			all = append(all, x)
			sum += x
			ph := i * 3 / len(g.Branching)
			phase[ph] += x
			phaseN[ph]++
			if i == len(plySum) {
				plySum, plyN = append(plySum, 0), append(plyN, 0)
			}
			plySum[i] += x
			plyN[i]++
		}
		if len(g.Branching) > 0 {
			perGame = append(perGame, sum/float64(len(g.Branching)))
		}
	}
	for i := range phase {
		if phaseN[i] > 0 {
			b.Phases[i] = round(phase[i]/float64(phaseN[i]), 2)
		}
	}
	need := max(1, (len(games)+3)/4)
	for i := range plySum {
		if plyN[i] < need {
			break
		}
		b.ByPly = append(b.ByPly, round(plySum[i]/float64(plyN[i]), 2))
	}
	d := distOf(all)
	b.Positions, b.Mean, b.Median, b.Max = d.N, round(d.Mean, 2), d.Median, d.Max
	b.PerGame = distOf(perGame)
	return b
}

func timingOf(games []Game) *Timing {
	var total int64
	var maxNs int64
	plies := 0
	for _, g := range games {
		total += g.Nanos
		maxNs = max(maxNs, g.Nanos)
		plies += g.Plies
	}
	t := &Timing{Seconds: round(float64(total)/1e9, 3), GameMaxMs: round(float64(maxNs)/1e6, 3)}
	if plies > 0 {
		t.MoveMs = round(float64(total)/1e6/float64(plies), 4)
	}
	if len(games) > 0 {
		t.GameMs = round(float64(total)/1e6/float64(len(games)), 3)
	}
	return t
}

// compare tests how b differs from a.
func compare(a, b FileReport, ga, gb []Game) Comparison {
	na, nb := float64(a.Games), float64(b.Games)
	c := Comparison{Label: b.Label, Base: a.Label}
	c.FirstSeat = diff(b.Seats[0].Score-a.Seats[0].Score, pProportions(b.Seats[0].Points, nb, a.Seats[0].Points, na), 3)
	c.Draws = diff(float64(b.Draws)/nb-float64(a.Draws)/na, pProportions(float64(b.Draws), nb, float64(a.Draws), na), 3)
	c.Length = diff(b.Length.Mean-a.Length.Mean, pMeans(lengths(gb), lengths(ga)), 2)
	c.Branching = diff(b.Branching.PerGame.Mean-a.Branching.PerGame.Mean, pMeans(gameBranching(gb), gameBranching(ga)), 2)
	return c
}

func diff(delta, p float64, digits int) Diff {
	return Diff{Delta: round(delta, digits), P: round(p, 4), Significant: p < 0.05}
}

func lengths(gs []Game) []float64 {
	out := make([]float64, len(gs))
	for i, g := range gs {
		out[i] = float64(g.Plies)
	}
	return out
}

func gameBranching(gs []Game) []float64 {
	var out []float64
	for _, g := range gs {
		if len(g.Branching) == 0 {
			continue
		}
		sum := 0
		for _, n := range g.Branching {
			sum += n
		}
		out = append(out, float64(sum)/float64(len(g.Branching)))
	}
	return out
}

// fair is the share of the points a seat gets when every seat is equal.
func fair(np int) float64 { return 1 / math.Max(1, float64(np)) }
