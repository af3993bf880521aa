package conformance

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/lang"
	"go.yaml.in/yaml/v3"
)

// PerftFile is one conformance/perft/<game>.yaml file: perft counts of one
// game from its start position, for several option sets.
//
//	game: leapfrog
//	tables:
//	  - name: 8x8, 2 players
//	    options: {size: 8x8}
//	    source: published (the brief); conformance/oracle
//	    ci: 5
//	    counts: [64, 4032, 24256, 181888, 1934480]
//
// counts[i] is the number of move sequences of exactly i+1 plies (interp's
// Perft). A game whose setup is random names its start by seed (the seed
// of interp's NewState) or by an explicit setup (cell: piece). ci is the
// deepest depth the package tests check on every run (all of counts when
// 0); go test -perft.deep checks every depth.
type PerftFile struct {
	Game   string       `yaml:"game"`
	Tables []PerftTable `yaml:"tables"`
}

// PerftTable is one start position (options, setup) and its counts.
type PerftTable struct {
	Name    string            `yaml:"name"`
	Options map[string]string `yaml:"options,omitempty"`
	Seed    *uint64           `yaml:"seed,omitempty"`
	Setup   map[string]string `yaml:"setup,omitempty"`
	// Moves, played from the seed's or the setup's position, lead to the
	// position counted (a position later in the game: Conspirateurs'
	// moving phase after its forty drops).
	Moves []string `yaml:"moves,omitempty"`
	// Source says where the counts come from: "conformance/oracle" (an
	// independent generator), "published" (a figure from the literature or
	// the rule book), "naive" (the independent generators of this
	// package's tests), or "interp" (fast and generic paths agreeing).
	Source string   `yaml:"source"`
	CI     int      `yaml:"ci,omitempty"`
	Counts []uint64 `yaml:"counts"`
}

// ReadPerft reads a perft file strictly (unknown keys are errors).
func ReadPerft(path string) (*PerftFile, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	var f PerftFile
	if err := dec.Decode(&f); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("%s: empty perft file", path)
		}
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if f.Game == "" {
		return nil, fmt.Errorf("%s: missing game", path)
	}
	if stem := strings.TrimSuffix(filepath.Base(path), ".yaml"); stem != f.Game {
		return nil, fmt.Errorf("%s: game %q, but the file is named for %q", path, f.Game, stem)
	}
	for i, t := range f.Tables {
		switch {
		case t.Name == "":
			return nil, fmt.Errorf("%s: table %d has no name", path, i+1)
		case len(t.Counts) == 0:
			return nil, fmt.Errorf("%s: table %q has no counts", path, t.Name)
		case t.Source == "":
			return nil, fmt.Errorf("%s: table %q has no source", path, t.Name)
		case t.Seed != nil && t.Setup != nil:
			return nil, fmt.Errorf("%s: table %q has both a seed and a setup", path, t.Name)
		case t.CI < 0 || t.CI > len(t.Counts):
			return nil, fmt.Errorf("%s: table %q: ci %d out of range 0..%d", path, t.Name, t.CI, len(t.Counts))
		}
	}
	return &f, nil
}

// Depth returns the deepest depth to check: every count when deep, else
// up to CI (every count when CI is 0).
func (t *PerftTable) Depth(deep bool) int {
	if deep || t.CI == 0 {
		return len(t.Counts)
	}
	return t.CI
}

// Start loads the rules file with the table's options and returns the
// compiled program and the start position (from the table's seed or
// setup; seed 0 otherwise), after the table's moves.
func (t *PerftTable) Start(rules string, cfg interp.Config) (*interp.Program, *interp.State, error) {
	g, err := lang.Load(rules, t.Options)
	if err != nil {
		return nil, nil, err
	}
	p, err := interp.Compile(g, cfg)
	if err != nil {
		return nil, nil, err
	}
	var s *interp.State
	if t.Setup != nil {
		if s, err = p.NewStateFromLayout(t.Setup); err != nil {
			return nil, nil, err
		}
	} else {
		var seed uint64
		if t.Seed != nil {
			seed = *t.Seed
		}
		s = p.NewState(seed)
	}
	var ml interp.MoveList
	for i, m := range t.Moves {
		k, err := p.ParseMove(s, &ml, m)
		if err != nil {
			return nil, nil, fmt.Errorf("moves[%d]: %w", i, err)
		}
		p.Apply(s, &ml, k)
	}
	return p, s, nil
}

// CheckPerft runs interp's Perft for depths 1..depth of table t of the
// rules file and returns an error naming every depth whose count differs.
func CheckPerft(rules string, t *PerftTable, depth int, cfg interp.Config) error {
	p, s, err := t.Start(rules, cfg)
	if err != nil {
		return fmt.Errorf("%s: %v", t.Name, err)
	}
	var bad []string
	for d := 1; d <= min(depth, len(t.Counts)); d++ {
		if got := p.Perft(s, d); got != t.Counts[d-1] {
			bad = append(bad, fmt.Sprintf("depth %d: %d, want %d", d, got, t.Counts[d-1]))
		}
	}
	if len(bad) > 0 {
		return fmt.Errorf("%s (fast paths %s): %s", t.Name, onOff((len(cfg.Disable) == 0)), strings.Join(bad, "; "))
	}
	return nil
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}
