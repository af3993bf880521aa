package conformance

import (
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ruleplay/ruleplay/conformance/oracle"
	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/record"
)

var perftDeep = flag.Bool("perft.deep", false, "check every depth of the perft tables (not only up to ci)")

// TestPerftTables checks every table of perft/*.yaml against interp with
// fast paths on and off, up to the table's ci depth (every depth with
// -perft.deep), and, where the source is an independent generator
// (conformance/oracle, or this package's naive generators), against that
// generator too. Every bundled game must have a table.
func TestPerftTables(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("perft", "*.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	have := map[string]bool{}
	for _, path := range files {
		f, err := ReadPerft(path)
		if err != nil {
			t.Error(err)
			continue
		}
		have[f.Game] = true
		if _, err := os.Stat(rulesPath(f.Game)); err != nil {
			t.Logf("%s: skipped: no %s", path, rulesPath(f.Game))
			continue
		}
		for i := range f.Tables {
			tb := &f.Tables[i]
			t.Run(f.Game+"/"+tb.Name, func(t *testing.T) {
				depth := tb.Depth(*perftDeep)
				if testing.Short() {
					depth = min(depth, 3)
				}
				for _, cfg := range []interp.Config{{}, {Disable: []string{"all"}}} {
					if err := CheckPerft(rulesPath(f.Game), tb, depth, cfg); err != nil {
						t.Error(err)
					}
				}
				checkIndependent(t, f.Game, tb, depth)
			})
		}
	}
	games, _ := filepath.Glob(filepath.Join(gamesDir, "*.rules"))
	for _, g := range games {
		if name := strings.TrimSuffix(filepath.Base(g), ".rules"); !have[name] {
			t.Errorf("no perft table for %s", name)
		}
	}
}

// checkIndependent recomputes the counts of a table whose source names an
// independent generator with that generator, up to depth (the naive
// generators, being slow, to depth 4 for Capture and 5 for Pyramid unless
// -perft.deep).
func checkIndependent(t *testing.T, game string, tb *PerftTable, depth int) {
	t.Helper()
	var perft func(d int) uint64
	switch {
	case strings.Contains(tb.Source, "oracle"):
		m := oracleStart(t, game, tb)
		for i, mv := range tb.Moves {
			if err := m.Play(mv); err != nil {
				t.Fatalf("%s: the oracle refuses moves[%d] %s: %v", tb.Name, i, mv, err)
			}
		}
		switch m := m.(type) {
		case *oracle.LeapFrog:
			perft = m.Perft
		case *oracle.Salta:
			perft = m.Perft
		case perfter: // the oracles of issue 14
			perft = m.Perft
		}
	case strings.HasPrefix(tb.Source, "naive"):
		var g naiveGame
		limit := 4
		switch game {
		case "capture":
			n, _ := strconv.Atoi(opt(tb.Options, "players", "2"))
			g = newNaiveCapture(n)
		case "pyramid":
			g, limit = newNaivePyramid(), 5
		default:
			t.Fatalf("no naive generator for %s", game)
		}
		if !*perftDeep {
			depth = min(depth, limit)
		}
		perft = func(d int) uint64 { return naivePerft(g, d) }
	default:
		return
	}
	if perft == nil {
		t.Fatalf("source %q: no independent generator for %s", tb.Source, game)
	}
	for d := 1; d <= depth; d++ {
		if got := perft(d); got != tb.Counts[d-1] {
			t.Errorf("%s (%s): depth %d: %d, table %d", tb.Name, tb.Source, d, got, tb.Counts[d-1])
		}
	}
}

func opt(m map[string]string, k, def string) string {
	if v, ok := m[k]; ok {
		return v
	}
	return def
}

// oracleStart builds the oracle's start position of a table.
func oracleStart(t *testing.T, game string, tb *PerftTable) model {
	t.Helper()
	switch game {
	case "leapfrog", "leapfrog-murray", "froglet":
		def := "15x15"
		if game == "froglet" {
			def = "12x12"
		}
		ws, hs, _ := strings.Cut(opt(tb.Options, "size", def), "x")
		w, _ := strconv.Atoi(ws)
		h, _ := strconv.Atoi(hs)
		n, _ := strconv.Atoi(opt(tb.Options, "players", "2"))
		o := oracle.LeapFrogOptions{W: w, H: h, Players: n, Diagonal: opt(tb.Options, "diagonal", "false") == "true"}
		if game == "froglet" {
			o.Removal = oracle.RemovalFirstPly
		}
		g, err := oracle.NewLeapFrogVariant(o) // colours do not change the moves
		if err != nil {
			t.Fatal(err)
		}
		return g
	case "salta":
		limit, _ := strconv.Atoi(opt(tb.Options, "limit", "0"))
		return oracle.NewSalta(limit)
	case "chinese-checkers":
		n, _ := strconv.Atoi(opt(tb.Options, "players", "2"))
		g, err := oracle.NewChineseCheckers(n)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	opts := map[string]string{}
	for k, v := range tb.Options {
		opts[k] = v
	}
	if m, _, err := oracleForGame(&record.Record{Game: game, Options: opts}, func(k, def string) string { return opt(opts, k, def) }); m != nil || err != nil {
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	t.Fatalf("no oracle for %s", game)
	return nil
}
