package conformance

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/ruleplay/ruleplay/conformance/oracle"
	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/record"
)

// Italian draughts (games/draughts-italian.rules) against its independent
// generator (oracle.Italian): random games compared move set by move set,
// the records of records/draughts-italian made by the generator, and a
// broken record (testdata/broken-italian) whose bad move the majority's
// criteria forbid.

var regenItalian = flag.Bool("regen-italian", false, "TestRegenerateItalianRecords: rewrite records/draughts-italian from oracle.Italian")

// TestDifferentialItalian plays random and greedy games of Italian
// draughts through interp (fast and generic) and the independent
// generator, comparing the move sets and endings at every position.
func TestDifferentialItalian(t *testing.T) {
	italian := func(*interp.Program, *interp.State) (model, error) { return oracle.NewItalian(), nil }
	for _, c := range []diffCase{
		{name: "italian", game: "draughts-italian", games: 40, eps: 1, model: italian},
		{name: "italian greedy", game: "draughts-italian", games: 20, eps: 0.2, model: italian},
	} {
		t.Run(c.name, func(t *testing.T) { runDiffCase(t, c) })
	}
}

// italianRecords are the records of records/draughts-italian: file, the
// first seed tried, the winner wanted (-1: none, a record of the first
// stop moves), the share of random moves of a player that otherwise
// captures the most it can (1: random play).
var italianRecords = []struct {
	file   string
	seed   uint64
	winner int
	stop   int
	eps    float64
}{
	{"white-wins.yaml", 1, 0, 0, 1},
	{"black-wins.yaml", 1, 1, 0, 1},
	{"white-wins-2.yaml", 100, 0, 0, 1},
	{"black-wins-2.yaml", 100, 1, 0, 1},
	{"greedy-white-wins.yaml", 1, 0, 0, 0.2},
	{"greedy-black-wins.yaml", 1, 1, 0, 0.2},
	{"opening.yaml", 1, -1, 20, 1},
}

// playItalian plays one game on the generator: random moves, or with eps
// < 1 the move leaving the opponent the fewest pieces except for a share
// eps of random ones; it stops after stop moves (0: at the end).
func playItalian(seed uint64, eps float64, stop int) ([]string, *oracle.Italian) {
	g := oracle.NewItalian()
	rng := rand.New(rand.NewPCG(seed, 11))
	var moves []string
	for !g.Over() && (stop == 0 || len(moves) < stop) {
		ms := g.Moves()
		pick := ms[rng.IntN(len(ms))]
		if rng.Float64() >= eps {
			best := -1
			for _, m := range ms {
				c := *g
				_ = c.Play(m)
				if n := 24 - c.Pieces(1-g.ToMove()); n > best {
					best, pick = n, m
				}
			}
		}
		_ = g.Play(pick)
		moves = append(moves, pick)
	}
	return moves, g
}

// TestRegenerateItalianRecords rewrites records/draughts-italian from the
// generator (-regen-italian).
func TestRegenerateItalianRecords(t *testing.T) {
	if !*regenItalian {
		t.Skip("run with -regen-italian to rewrite records/draughts-italian")
	}
	names := []string{"white", "black"}
	for _, sp := range italianRecords {
		for seed := sp.seed; seed < sp.seed+500; seed++ {
			moves, g := playItalian(seed, sp.eps, sp.stop)
			rec := &record.Record{Game: "draughts-italian", Moves: moves}
			var what string
			switch {
			case sp.winner < 0:
				what = fmt.Sprintf("the first %d moves (legality only)", sp.stop)
			case !g.Over() || !slices.Equal(g.Winners(), []int{sp.winner}):
				continue
			default:
				rec.Result = &record.Result{Winners: []string{names[sp.winner]}}
				what = fmt.Sprintf("%s wins (%s)", names[sp.winner], g.Reason())
			}
			player := "random play"
			if sp.eps < 1 {
				player = fmt.Sprintf("greedy play (%.0f%% random moves)", 100*sp.eps)
			}
			var b bytes.Buffer
			fmt.Fprintf(&b, "# %s.\n# Made by TestRegenerateItalianRecords (italian_test.go) with oracle.Italian: seed %d, %s.\n", what, seed, player)
			if err := record.Write(&b, rec); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("records", "draughts-italian", sp.file)
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: seed %d, %d moves", path, seed, len(moves))
			break
		}
	}
}

// TestItalianRecordsAgainstOracle replays the records of Italian draughts
// through the generator: every move legal, the recorded result found.
func TestItalianRecordsAgainstOracle(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("records", "draughts-italian", "*.yaml"))
	if len(files) < 6 {
		t.Fatalf("%d records of draughts-italian, want at least 6", len(files))
	}
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := record.Parse(data, path)
		if err != nil {
			t.Fatal(err)
		}
		g := oracle.NewItalian()
		for i, mv := range rec.Moves {
			if err := g.Play(mv); err != nil {
				t.Fatalf("%s: move %d: %v", path, i+1, err)
			}
		}
		if rec.Result == nil {
			continue
		}
		names := []string{"white", "black"}
		var winners []string
		for _, w := range g.Winners() {
			winners = append(winners, names[w])
		}
		if !g.Over() || !slices.Equal(winners, rec.Result.Winners) {
			t.Errorf("%s: over %v, winners %v; recorded %v", path, g.Over(), winners, rec.Result.Winners)
		}
	}
}

// TestItalianBrokenRecord checks the broken record of Italian draughts
// against its golden reports (NAME.txt, NAME.json; -update rewrites them),
// as TestBrokenRecords does those of testdata/broken, and replays it
// through the generator: every move before the bad one legal, the bad one
// not.
func TestItalianBrokenRecord(t *testing.T) {
	path := filepath.Join("testdata", "broken-italian", "draughts-italian-most-kings.yaml")
	for _, cfg := range []interp.Config{{}, {Disable: []string{"all"}}} {
		r := CheckFile(path, gamesDir, cfg)
		if r.Problem == nil || r.Problem.Kind != IllegalMove || r.Problem.Move != 83 {
			t.Fatalf("want an illegal move 83:\n%s", r.Text())
		}
		js, err := json.MarshalIndent(r, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		golden(t, path, ".txt", []byte(r.Text()))
		golden(t, path, ".json", append(js, '\n'))
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := record.Parse(data, path)
	if err != nil {
		t.Fatal(err)
	}
	g := oracle.NewItalian()
	for i, mv := range rec.Moves {
		err := g.Play(mv)
		switch {
		case i < 82 && err != nil:
			t.Fatalf("move %d: %v", i+1, err)
		case i == 82 && err == nil:
			t.Errorf("the generator allows move 83, %s", mv)
		}
	}
}
