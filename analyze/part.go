package analyze

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"sort"
)

// PartFormat names the format of a part file.
const PartFormat = "ruleplay-analyze-part/1"

// MaxPartBytes bounds the size of a part file (written and read). A game
// takes about three bytes a ply: a shard of 10,000 games of 100 plies of
// two files is about 6 MiB.
const MaxPartBytes = 1 << 30

// maxPlies bounds the length of a game read from a part.
const maxPlies = 1 << 30

// MaxParts bounds the number of parts merged (and of shards).
const MaxParts = 10_000

// Part is the outcome of one shard of an analysis: the records of its
// games, for every subject.
type Part struct {
	Format   string    `json:"format"`
	Engine   string    `json:"engine,omitempty"`
	Setup    Setup     `json:"setup"`
	Shard    Shard     `json:"shard"`
	Subjects []Subject `json:"subjects"`
	Games    [][]Game  `json:"games"` // per subject, in index order
}

// WritePart writes pt as JSON.
func WritePart(w io.Writer, pt *Part) error {
	pt.Format = PartFormat
	b, err := json.Marshal(pt)
	if err != nil {
		return err
	}
	if len(b) > MaxPartBytes {
		return fmt.Errorf("the part would take %d MiB, more than merge reads (%d MiB): use more shards", len(b)>>20, MaxPartBytes>>20)
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// ReadPart reads a part file (at most MaxPartBytes) and checks its shape.
func ReadPart(r io.Reader) (*Part, error) {
	b, err := io.ReadAll(io.LimitReader(r, MaxPartBytes+1))
	if err != nil {
		return nil, err
	}
	if len(b) > MaxPartBytes {
		return nil, fmt.Errorf("larger than %d MiB: not a part file", MaxPartBytes>>20)
	}
	var pt Part
	if err := json.Unmarshal(b, &pt); err != nil {
		return nil, fmt.Errorf("not a part file written by 'ruleplay analyze --shard': %v", err)
	}
	if pt.Format != PartFormat {
		return nil, fmt.Errorf("format %q, want %q: not a part file written by 'ruleplay analyze --shard'", pt.Format, PartFormat)
	}
	if err := pt.check(); err != nil {
		return nil, err
	}
	return &pt, nil
}

// check tells whether the part is consistent in itself.
func (pt *Part) check() error {
	su := pt.Setup
	switch {
	case su.Games < 1 || su.Games > MaxGames:
		return fmt.Errorf("games %d: want 1 to %d", su.Games, MaxGames)
	case len(su.Players) == 0:
		return errors.New("no players")
	case pt.Shard.Count < 1 || pt.Shard.Count > MaxParts || pt.Shard.Index < 0 || pt.Shard.Index >= pt.Shard.Count:
		return fmt.Errorf("shard %d/%d is not a shard", pt.Shard.Index, pt.Shard.Count)
	case len(pt.Subjects) == 0 || len(pt.Subjects) > MaxFiles:
		return fmt.Errorf("%d rules files: want 1 to %d", len(pt.Subjects), MaxFiles)
	case len(pt.Games) != len(pt.Subjects):
		return fmt.Errorf("games of %d rules files for %d files", len(pt.Games), len(pt.Subjects))
	}
	want := pt.Shard.Indices(su.Games)
	for f, games := range pt.Games {
		sub := pt.Subjects[f]
		if len(sub.Seats) != len(su.Players) {
			return fmt.Errorf("%s: %d seats for %d players", sub.Label, len(sub.Seats), len(su.Players))
		}
		if len(games) != len(want) {
			return fmt.Errorf("%s: %d games, want %d for shard %d/%d", sub.Label, len(games), len(want), pt.Shard.Index, pt.Shard.Count)
		}
		for k, g := range games {
			if g.Index != want[k] {
				return fmt.Errorf("%s: game %d where game %d belongs", sub.Label, g.Index, want[k])
			}
			for _, w := range g.Winners {
				if w < 0 || w >= len(sub.Seats) {
					return fmt.Errorf("%s: game %d: winner %d is not a seat", sub.Label, g.Index, w)
				}
			}
			if g.Plies < 0 || g.Plies > maxPlies || len(g.Branching) > g.Plies+1 {
				return fmt.Errorf("%s: game %d: %d positions for %d plies", sub.Label, g.Index, len(g.Branching), g.Plies)
			}
		}
	}
	return nil
}

// Merge joins the parts of every shard of one analysis into the records of
// the whole: the same setup and rules files, one part per shard index.
// names labels the parts in messages (file names).
func Merge(parts []*Part, names []string) (*Part, error) {
	if len(parts) == 0 {
		return nil, errors.New("no parts to merge")
	}
	first := parts[0]
	n := first.Shard.Count
	seen := make([]string, n)
	for k, pt := range parts {
		if !reflect.DeepEqual(pt.Setup, first.Setup) {
			return nil, fmt.Errorf("%s and %s are parts of different analyses (players, games, seed, budgets or --max-plies differ)", names[0], names[k])
		}
		if !sameSubjects(pt.Subjects, first.Subjects) {
			return nil, fmt.Errorf("%s and %s analyse different rules files or options", names[0], names[k])
		}
		if pt.Shard.Count != n {
			return nil, fmt.Errorf("%s is shard %d/%d but %s is shard %d/%d", names[0], first.Shard.Index, n, names[k], pt.Shard.Index, pt.Shard.Count)
		}
		if prev := seen[pt.Shard.Index]; prev != "" {
			return nil, fmt.Errorf("%s and %s are both shard %d/%d", prev, names[k], pt.Shard.Index, n)
		}
		seen[pt.Shard.Index] = names[k]
	}
	var missing []int
	for i, s := range seen {
		if s == "" {
			missing = append(missing, i)
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("shards %v of %d are missing", missing, n)
	}
	out := &Part{Format: PartFormat, Engine: first.Engine, Setup: first.Setup, Shard: Whole, Subjects: first.Subjects}
	out.Games = make([][]Game, len(first.Subjects))
	for f := range first.Subjects {
		for _, pt := range parts {
			out.Games[f] = append(out.Games[f], pt.Games[f]...)
		}
		sort.Slice(out.Games[f], func(i, j int) bool { return out.Games[f][i].Index < out.Games[f][j].Index })
	}
	return out, out.check()
}

// sameSubjects compares what was analysed, not how the files were named.
func sameSubjects(a, b []Subject) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := a[i], b[i]
		if x.Game != y.Game || x.Title != y.Title || !reflect.DeepEqual(x.Seats, y.Seats) || !reflect.DeepEqual(x.Goals, y.Goals) {
			return false
		}
	}
	return true
}
