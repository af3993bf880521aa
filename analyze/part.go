package analyze

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"reflect"
	"slices"
	"sort"
	"strings"

	"github.com/ruleplay/ruleplay/internal/safetext"
	"github.com/ruleplay/ruleplay/ir"
)

// PartFormat names the format of a part file. Version 2 added the digest
// of each rules file.
const PartFormat = "ruleplay-analyze-part/2"

// MaxPartBytes bounds the size of a part file (written and read; a larger
// file is refused by its size before it is read). A game takes about
// three bytes a ply: a shard of 10,000 games of 100 plies of two files is
// about 6 MiB. Read, a part takes about three times its size in memory.
const MaxPartBytes = 256 << 20

// MaxMergeBytes bounds the size of all the parts merge reads together.
const MaxMergeBytes = 512 << 20

// MaxPlies bounds the length of a game read from a part: the most plies
// a game may last when no cap is asked for (ruleplay's --max-plies 0).
const MaxPlies = 1_000_000

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

// ReadPart reads a part file (at most MaxPartBytes: the reader is read
// through a limit, so a larger or endless input is refused after that many
// bytes) and checks its shape and its counts. Every text of the part is
// made safe to print (safetext.Escape: no terminal escape reaches the
// terminal).
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
		return nil, fmt.Errorf("not a part file written by 'ruleplay analyze --shard': %v", safetext.Escape(safetext.Short(err.Error(), 200)))
	}
	pt.neutralise()
	if pt.Format != PartFormat {
		return nil, fmt.Errorf("format %s, want %q: not a part file written by 'ruleplay analyze --shard' (of this version)", safetext.Quote(pt.Format, 60), PartFormat)
	}
	if err := pt.check(); err != nil {
		return nil, err
	}
	return &pt, nil
}

// neutralise escapes every text of the part (safetext.Escape) and cuts
// each to a few hundred characters: they end up in messages, tables and
// pages.
func (pt *Part) neutralise() {
	clean := func(s *string) { *s = safetext.Escape(safetext.Short(*s, maxTextChars)) }
	all := func(ss []string) {
		for i := range ss {
			clean(&ss[i])
		}
	}
	clean(&pt.Format)
	clean(&pt.Engine)
	all(pt.Setup.Players)
	for i := range pt.Subjects {
		sub := &pt.Subjects[i]
		for _, s := range []*string{&sub.Label, &sub.File, &sub.Game, &sub.Title, &sub.Digest} {
			clean(s)
		}
		all(sub.Seats)
		all(sub.Goals)
		if len(sub.Options) > 0 {
			opts := make(map[string]string, len(sub.Options))
			for k, v := range sub.Options {
				clean(&k)
				clean(&v)
				opts[k] = v
			}
			sub.Options = opts
		}
	}
	for _, games := range pt.Games {
		for i := range games {
			clean(&games[i].Ending)
		}
	}
}

// maxTextChars is the most characters of a text of a part kept when it is
// read (a goal's description is the longest a part writes).
const maxTextChars = 400

// check tells whether the part is consistent in itself: its shape, and
// every count in range (a hand-edited part is refused with the field that
// is wrong).
func (pt *Part) check() error {
	su := pt.Setup
	switch {
	case su.Games < 1 || su.Games > MaxGames:
		return fmt.Errorf("games %d: want 1 to %d", su.Games, MaxGames)
	case len(su.Players) == 0:
		return errors.New("no players")
	case su.Playouts < 0 || su.Cutoff < 0 || su.Think < 0:
		return fmt.Errorf("setup: playouts %d, cutoff %d, think %d: none may be negative", su.Playouts, su.Cutoff, su.Think)
	case su.MaxPlies < 0 || su.MaxPlies > MaxPlies:
		return fmt.Errorf("setup: max_plies %d: want 0 to %d", su.MaxPlies, MaxPlies)
	case pt.Shard.Count < 1 || pt.Shard.Count > MaxParts || pt.Shard.Index < 0 || pt.Shard.Index >= pt.Shard.Count:
		return fmt.Errorf("shard %d/%d is not a shard", pt.Shard.Index, pt.Shard.Count)
	case len(pt.Subjects) == 0 || len(pt.Subjects) > MaxFiles:
		return fmt.Errorf("%d rules files: want 1 to %d", len(pt.Subjects), MaxFiles)
	case len(pt.Games) != len(pt.Subjects):
		return fmt.Errorf("games of %d rules files for %d files", len(pt.Games), len(pt.Subjects))
	}
	want := pt.Shard.Indices(su.Games)
	capPlies := su.MaxPlies
	if capPlies == 0 {
		capPlies = MaxPlies
	}
	for f, games := range pt.Games {
		sub := pt.Subjects[f]
		if len(sub.Seats) != len(su.Players) {
			return fmt.Errorf("%s: %d seats for %d players", sub.Label, len(sub.Seats), len(su.Players))
		}
		if !validDigest(sub.Digest) {
			return fmt.Errorf("%s: digest %q: want sha256: and 64 hexadecimal digits", sub.Label, sub.Digest)
		}
		if len(games) != len(want) {
			return fmt.Errorf("%s: %d games, want %d for shard %d/%d", sub.Label, len(games), len(want), pt.Shard.Index, pt.Shard.Count)
		}
		for k, g := range games {
			if g.Index != want[k] {
				return fmt.Errorf("%s: game %d where game %d belongs", sub.Label, g.Index, want[k])
			}
			if err := g.check(len(sub.Seats), capPlies); err != nil {
				return fmt.Errorf("%s: game %d: %v", sub.Label, g.Index, err)
			}
		}
	}
	return nil
}

// check tells whether the counts of one game's record are possible for a
// game of seats seats capped at capPlies plies.
func (g *Game) check(seats, capPlies int) error {
	for i, w := range g.Winners {
		if w < 0 || w >= seats {
			return fmt.Errorf("winner %d is not a seat", w)
		}
		if i > 0 && w <= g.Winners[i-1] {
			return fmt.Errorf("winners %v: want each seat once, in order", g.Winners)
		}
	}
	positions := len(g.Branching)
	switch {
	case g.Plies < 0 || g.Plies > capPlies:
		return fmt.Errorf("plies %d: want 0 to %d (the cap of the analysis)", g.Plies, capPlies)
	case positions > g.Plies+1:
		return fmt.Errorf("%d positions for %d plies", positions, g.Plies)
	case g.Forced < 0 || g.Forced > positions:
		return fmt.Errorf("forced %d: want 0 to %d, the positions where a move was chosen (at most 100%%)", g.Forced, positions)
	case g.Passes < 0 || g.Forced+g.Passes > positions:
		return fmt.Errorf("passes %d: want 0 to %d, the positions left after the forced moves", g.Passes, positions-max(g.Forced, 0))
	case g.Nanos < 0:
		return fmt.Errorf("nanos %d: a time is not negative", g.Nanos)
	case len(g.Scores) != 0 && len(g.Scores) != seats:
		return fmt.Errorf("%d scores for %d seats: want one per seat, or none", len(g.Scores), seats)
	case g.Margin != nil && *g.Margin < 0:
		return fmt.Errorf("margin %d: a margin is not negative", *g.Margin)
	case g.Ending == "":
		return errors.New("no ending")
	}
	for i, n := range g.Branching {
		if n < 1 {
			return fmt.Errorf("branching %d at position %d: a position where a move was chosen has at least one", n, i+1)
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
		if i := differentSubject(pt.Subjects, first.Subjects); i >= 0 {
			return nil, fmt.Errorf("%s and %s analyse different rules files or options (%s: the rules' digests differ, or their names, titles, options, seats or goals)", names[0], names[k], first.Subjects[min(i, len(first.Subjects)-1)].Label)
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

// differentSubject compares what was analysed, not how the files were
// named: it returns the index of the first subject that differs (the
// rules' digest, name, title, options, seats or goals), or -1.
func differentSubject(a, b []Subject) int {
	for i := range max(len(a), len(b)) {
		if i >= len(a) || i >= len(b) {
			return i
		}
		x, y := a[i], b[i]
		if x.Digest != y.Digest || x.Game != y.Game || x.Title != y.Title || !maps.Equal(x.Options, y.Options) ||
			!slices.Equal(x.Seats, y.Seats) || !slices.Equal(x.Goals, y.Goals) {
			return i
		}
	}
	return -1
}

// RulesDigest returns "sha256:" and the hexadecimal SHA-256 of g as
// checked: the rules with their bases merged and their option values
// applied, without the places in the source (the file's path, the
// positions kept for messages), so that the same rules give the same
// digest on every machine, and rules that differ in anything (a board of
// 7x8 instead of 8x8) give another.
func RulesDigest(g *ir.Game) (string, error) {
	b, err := json.Marshal(g)
	if err != nil {
		return "", err
	}
	var tree any
	if err := json.Unmarshal(b, &tree); err != nil {
		return "", err
	}
	tree = withoutPlaces(tree)
	b, err = json.Marshal(tree) // maps are written with sorted keys
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(sum[:]), nil
}

// withoutPlaces drops the fields of a decoded ir.Game that say where the
// rules were read from rather than what they say.
func withoutPlaces(v any) any {
	switch t := v.(type) {
	case map[string]any:
		for _, k := range []string{"Pos", "File", "Warnings"} {
			delete(t, k)
		}
		for k, x := range t {
			t[k] = withoutPlaces(x)
		}
	case []any:
		for i, x := range t {
			t[i] = withoutPlaces(x)
		}
	}
	return v
}

// validDigest reports whether d has the form RulesDigest gives.
func validDigest(d string) bool {
	hexPart, ok := strings.CutPrefix(d, "sha256:")
	if !ok || len(hexPart) != 64 {
		return false
	}
	_, err := hex.DecodeString(hexPart)
	return err == nil
}
