package conformance

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ruleplay/ruleplay/conformance/oracle"
	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/record"
)

var russianDrawsLong = flag.Bool("russian-draws-long", false, "TestDifferentialRussianDraws: play four times as many games")

func init() {
	brokenKinds["draughts-russian-move-after-draw"] = AfterEnd
}

// federationOn is the option that turns the Russian federation's draws
// on in games/draughts-russian.rules (off by default: no draw rule).
var federationOn = map[string]string{"federation-draws": "true"}

// TestDifferentialRussianDraws plays random and greedy games of Russian
// draughts with the federation's draws on through interp (fast and
// generic) and the independent generator with them on, comparing the
// move sets and endings at every position; some games must end by the
// federation's draws (TestDifferentialRussianEndings covers each kind).
// -russian-draws-long plays four times as many games.
func TestDifferentialRussianDraws(t *testing.T) {
	kinds := map[string]int{}
	for _, c := range []diffCase{
		{name: "random", game: "draughts-russian", opts: federationOn, games: 150, plies: 2000, eps: 1},
		{name: "greedy", game: "draughts-russian", opts: federationOn, games: 60, plies: 2000, eps: 0.1, value: cautious},
	} {
		if *russianDrawsLong {
			c.games *= 4
		}
		var played []*oracle.Russian
		c.model = func(*interp.Program, *interp.State) (model, error) {
			m, _, _ := russianTurkishOracle(c.game, c.opts)
			played = append(played, m.(*oracle.Russian))
			return m, nil
		}
		t.Run(c.name, func(t *testing.T) { runDiffCase(t, c) })
		for _, g := range played {
			kinds[russianDrawKind(g)]++
		}
	}
	t.Logf("endings: %v", kinds)
	if !testing.Short() && kinds["repetition"]+kinds["kings-only"]+kinds["kings-against-king"] == 0 {
		t.Errorf("no game ends by the federation's draws: %v", kinds)
	}
}

// russianDrawKind names how a generator's game of Russian draughts
// ended: "repetition", "kings-only", "kings-against-king" (the
// federation's draws, the first that holds in that order: the last only
// when the kings-only count is short), "no move", or "" while it goes on.
func russianDrawKind(g *oracle.Russian) string {
	only, three := g.KingsOnly(), g.KingsAgainstKing()
	switch {
	case !g.Over():
		return ""
	case g.Reason() == "no move":
		return "no move"
	case g.Repeats() >= 3:
		return "repetition"
	case only[0] >= 15 && only[1] >= 15:
		return "kings-only"
	case three[0] >= 15 || three[1] >= 15:
		return "kings-against-king"
	}
	return "?"
}

// russianDrawBy: a generator's game of Russian draughts drawn by kind
// (as russianDrawKind names it).
func russianDrawBy(kind string) func(model) bool {
	return func(m model) bool { return russianDrawKind(m.(*oracle.Russian)) == kind }
}

// russianEndings are the material of the endgames that
// TestDifferentialRussianEndings starts from, for the side of the
// kings and its opponent: K a king, M a man.
var russianEndings = [][2]string{
	{"KKK", "K"}, {"KKKK", "K"}, {"KKKM", "K"}, {"KKM", "K"},
	{"KKK", "KM"}, {"KK", "KK"}, {"KMM", "KM"}, {"KK", "MM"},
}

// TestDifferentialRussianEndings plays games of Russian draughts with
// the federation's draws on from random endgame positions
// (russianEndings, pieces on random dark cells, a random side to move)
// through interp (fast and generic, started from a FEN) and the
// independent generator, comparing move sets and endings at every
// position. The players are cautious (two plies, a fifth of the moves
// random), and in two of three games often take back their last move. Games from the start seldom reach three kings against one
// in the way that tells that rule from the kings-only count (the lone
// king taking one of four kings: the side with the kings then reaches its
// 15th move first): the test requires such a draw, and the other two.
func TestDifferentialRussianEndings(t *testing.T) {
	games := 600
	if *russianDrawsLong {
		games *= 4
	}
	rules := rulesPath("draughts-russian")
	fast := compileFile(t, rules, federationOn, interp.Config{})
	slow := compileFile(t, rules, federationOn, interp.Config{Disable: []string{"all"}})
	kinds := map[string]int{}
	for seed := uint64(1); seed <= uint64(games); seed++ {
		rng := rand.New(rand.NewPCG(seed, 16))
		pieces, fen := russianEnding(russianEndings[rng.IntN(len(russianEndings))], rng)
		m := oracle.NewRussian()
		m.SetFederationDraws(true)
		ply := 0
		if fen[0] == 'B' {
			ply = 1
		}
		if err := m.SetPosition(pieces, ply); err != nil {
			t.Fatal(err)
		}
		kind := diffFromFEN(t, fast, slow, fen, m, greedy(0.2, cautious), int(seed%3), rng)
		if t.Failed() {
			return
		}
		kinds[kind]++
	}
	t.Logf("%d games from endgame positions: %v", games, kinds)
	for _, k := range []string{"repetition", "kings-only", "kings-against-king"} {
		if kinds[k] == 0 {
			t.Errorf("no game ends by %s alone: %v", k, kinds)
		}
	}
}

// russianEnding places the material e (the first side's, then the
// other's) on random dark cells, white or black having the first side at
// random, with a random side to move: the generator's pieces and the
// position as a FEN (square 1 is b8, 32 is g1). Men stand off the rank
// on which they would be crowned.
func russianEnding(e [2]string, rng *rand.Rand) (map[string]string, string) {
	var dark []string
	for r := 8; r >= 1; r-- {
		for f := (r + 1) % 2; f < 8; f += 2 {
			dark = append(dark, fmt.Sprintf("%c%d", 'a'+f, r))
		}
	}
	white := rng.IntN(2) == 0
	pieces := map[string]string{}
	var lists [2][]string // white's and black's squares, FEN style
	for side, material := range e {
		isWhite := (side == 0) == white
		for _, kind := range material {
			for {
				n := rng.IntN(32)
				cell := dark[n]
				far := (isWhite && cell[1] == '8') || (!isWhite && cell[1] == '1')
				if pieces[cell] != "" || (kind == 'M' && far) {
					continue
				}
				code, sq, c := "w", strconv.Itoa(n+1), 0 // the generator's code, the FEN square, the side
				if !isWhite {
					code, c = "b", 1
				}
				if kind == 'K' {
					code, sq = strings.ToUpper(code), "K"+sq
				}
				pieces[cell] = code
				lists[c] = append(lists[c], sq)
				break
			}
		}
	}
	toMove := "W"
	if rng.IntN(2) == 1 {
		toMove = "B"
	}
	return pieces, toMove + ":W" + strings.Join(lists[0], ",") + ":B" + strings.Join(lists[1], ",")
}

// diffFromFEN plays one random game from the position fen through fast,
// slow and the generator m (set to the same position), comparing the
// move sets and endings at every position, for at most 300 plies; it
// returns how m's game ended (russianDrawKind, "" if it goes on). The
// moves are choose's, except that in shuffle of four cases (by rng) a
// player takes back its own last move when it can (a king going back
// where it came from), so that positions come again.
func diffFromFEN(t *testing.T, fast, slow *interp.Program, fen string, m *oracle.Russian, choose chooser, shuffle int, rng *rand.Rand) string {
	t.Helper()
	s, err := interp.ParseFEN(fast, fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	sg, err := interp.ParseFEN(slow, fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	var ml, mlg interp.MoveList
	var played []string
	where := func() string {
		return fmt.Sprintf("%s after %d moves %s", fen, len(played), strings.Join(tail(played, 6), " "))
	}
	for len(played) < 300 {
		got := legalTexts(fast, s, &ml)
		if gen := legalTexts(slow, sg, &mlg); !slices.Equal(got, gen) {
			t.Fatalf("%s: fast and generic move lists differ:\nfast    %v\ngeneric %v", where(), got, gen)
		}
		if g, w := sortedCopy(got), sortedCopy(m.Moves()); !slices.Equal(g, w) {
			t.Fatalf("%s: move sets differ\n%s\nonly interp: %v\nonly model:  %v", where(), fast.Render(s), minus(g, w), minus(w, g))
		}
		compareStatus(t, where, fast.Status(s), m)
		compareStatus(t, where, slow.Status(sg), m)
		if m.Over() {
			break
		}
		mv := choose(fast, s, sortedCopy(got), rng)
		if back := backMove(played); back != "" && slices.Contains(got, back) && rng.IntN(4) < shuffle {
			mv = back
		}
		playText(t, fast, s, &ml, mv)
		playText(t, slow, sg, &mlg, mv)
		if err := m.Play(mv); err != nil {
			t.Fatalf("%s: model: %v", where(), err)
		}
		played = append(played, mv)
	}
	return russianDrawKind(m)
}

// backMove returns the move that would take back the mover's last move
// (the one before the opponent's last: "b2-a1" after "a1-b2"), "" when
// there is none or its text names more than two cells; the caller plays
// it only when it is legal.
func backMove(played []string) string {
	if len(played) < 2 {
		return ""
	}
	from, to, ok := strings.Cut(played[len(played)-2], "-")
	if !ok || len(to) != 2 {
		return ""
	}
	return to + "-" + from
}

// russianDrawRecSpecs are the records of conformance/records of the
// federation's draws, one of each kind, played by the generator with
// federation-draws=true (which each record states).
func russianDrawRecSpecs() []oracleRecSpec {
	const game = "draughts-russian"
	return []oracleRecSpec{
		{file: game + "/repetition-draw.yaml", game: game, opts: federationOn, seed: 1, greedy: 0.1, plies: 2000,
			want: russianDrawBy("repetition"), what: "federation-draws=true: a draw, the same position for the third time (cautious play: two plies)"},
		{file: game + "/kings-only-draw.yaml", game: game, opts: federationOn, seed: 1, greedy: 0.1, plies: 2000,
			want: russianDrawBy("kings-only"), what: "federation-draws=true: a draw, 15 moves each of kings only (cautious play: two plies)"},
		{file: game + "/kings-against-king-draw.yaml", game: game, opts: federationOn, seed: 1, greedy: 0.02, plies: 2000,
			want: russianDrawBy("kings-against-king"), what: "federation-draws=true: a draw, three kings against one, the 15th move of the kings' side (cautious play: two plies)"},
	}
}

// TestBrokenRussianDrawAgainstOracle replays the broken record of a move
// after the federation's draw through the generator: every move but the
// last is legal, the game is then over by a draw, and the last move is
// refused.
func TestBrokenRussianDrawAgainstOracle(t *testing.T) {
	path := filepath.Join("testdata", "broken", "draughts-russian-move-after-draw.yaml")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := record.Parse(data, path)
	if err != nil {
		t.Fatal(err)
	}
	m, _, err := oracleFor(rec)
	if err != nil || m == nil {
		t.Fatalf("%s: no oracle (%v)", path, err)
	}
	last := len(rec.Moves) - 1
	for i, mv := range rec.Moves[:last] {
		if err := m.Play(mv); err != nil {
			t.Fatalf("%s: move %d: %v", path, i+1, err)
		}
	}
	if kind := russianDrawKind(m.(*oracle.Russian)); kind != "repetition" {
		t.Fatalf("%s: after move %d the generator's game ends by %q, want repetition", path, last, kind)
	}
	if err := m.Play(rec.Moves[last]); err == nil {
		t.Errorf("%s: move %d (%s) is legal for the generator after the draw", path, last+1, rec.Moves[last])
	}
}
