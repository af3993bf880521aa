package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The worked example of analyze (docs/analyze.md), and the report and plots
// committed beside it, are what the committed record of its games gives
// (docs/analyze-example/part.json, written by its command with
// --shard 0/1: replaying 200 MCTS games would take minutes).
func TestReadmeAnalyzeExample(t *testing.T) {
	root := filepath.Join("..", "..")
	dir := filepath.Join(root, "docs", "analyze-example")
	out := t.TempDir()
	code, table, errOut := runMain("analyze", "merge", filepath.Join(dir, "part.json"), "--timing=false", "--report", out, "--format", "md")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	readme, err := os.ReadFile(filepath.Join(root, "docs", "analyze.md"))
	if err != nil {
		t.Fatal(err)
	}
	const cmd = "--playouts 200 --timing=false --report docs/analyze-example --format md\n"
	_, after, ok := strings.Cut(string(readme), cmd)
	if !ok {
		t.Fatalf("docs/analyze.md has no worked example ending %q", cmd)
	}
	shown, _, _ := strings.Cut(after, "```")
	if shown != table {
		t.Errorf("docs/analyze.md shows:\n%s\nthe command prints:\n%s", shown, table)
	}
	for _, f := range []string{"report.md", "length.svg", "branching.svg", "scores.svg"} {
		want, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join(out, f))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("docs/analyze-example/%s is not what the command writes now", f)
		}
	}
}
