package games

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// Every bundled game has its page in docs/rules, and the page gives the
// perft figures of conformance/perft/GAME.yaml.
func TestEveryGameHasItsPage(t *testing.T) {
	names := Names()
	if len(names) < 12 {
		t.Fatalf("only %d bundled games: %v", len(names), names)
	}
	files, _ := filepath.Glob("*.rules")
	if len(files) != len(names) {
		t.Errorf("%d rules files, %d embedded", len(files), len(names))
	}
	for _, name := range names {
		page, err := os.ReadFile(filepath.Join("..", "docs", "rules", name+".md"))
		if err != nil {
			t.Errorf("%s has no page: %v", name, err)
			continue
		}
		if !strings.Contains(string(page), "`games/"+name+".rules`") {
			t.Errorf("docs/rules/%s.md does not name games/%s.rules", name, name)
		}
		src, err := os.ReadFile(filepath.Join("..", "conformance", "perft", name+".yaml"))
		if err != nil {
			t.Errorf("%s: no perft table: %v", name, err)
			continue
		}
		var perft struct {
			Tables []struct {
				Counts []int64 `yaml:"counts"`
			} `yaml:"tables"`
		}
		if err := yaml.Unmarshal(src, &perft); err != nil || len(perft.Tables) == 0 {
			t.Errorf("%s: perft table: %v", name, err)
			continue
		}
		for i, tb := range perft.Tables {
			cells := make([]string, len(tb.Counts))
			for j, c := range tb.Counts {
				cells[j] = strconv.FormatInt(c, 10)
			}
			row := regexp.MustCompile(`\| ` + strings.Join(cells, ` \| `) + ` \|`)
			if !row.Match(page) {
				t.Errorf("docs/rules/%s.md lacks perft table %d: %v", name, i+1, tb.Counts)
			}
		}
	}
}

// A variant finds its base inside the embedded files.
func TestVariantsFindTheirBase(t *testing.T) {
	for _, name := range Names() {
		if !Has(name) {
			t.Errorf("Has(%q) = false", name)
		}
	}
	if Has("nosuch") || Has("../games/salta") {
		t.Error("Has accepts a game that is not bundled")
	}
}
