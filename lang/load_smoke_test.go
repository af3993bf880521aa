package lang

import (
	"path/filepath"
	"testing"
)

func TestLoadBundledGames(t *testing.T) {
	files, _ := filepath.Glob("../games/*.rules")
	if len(files) == 0 {
		t.Fatal("no games")
	}
	for _, f := range files {
		g, err := Load(f, nil)
		if err != nil {
			t.Errorf("%s:\n%v", f, err)
			continue
		}
		t.Logf("%s: %d cells, %d players, %d kinds, %d pieces, %d moves, prio %v", g.Name, len(g.Board.Cells), len(g.Players), len(g.Kinds), len(g.Pieces), len(g.Moves), g.Priority)
	}
}
