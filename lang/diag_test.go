package lang

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

// TestDiagnosticsGolden loads every broken rules file in testdata/diag and
// compares the rendered diagnostics with NAME.golden.
func TestDiagnosticsGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/diag/*.rules")
	if err != nil || len(files) == 0 {
		t.Fatal("no diagnostics corpus")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			_, err := Load(f, nil)
			if err == nil {
				t.Fatalf("%s loaded without error", f)
			}
			got := err.Error() + "\n"
			golden := strings.TrimSuffix(f, ".rules") + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("missing golden file (run go test ./lang -run Golden -update): %v", err)
			}
			if got != string(want) {
				t.Errorf("diagnostics differ\n--- got\n%s--- want\n%s", got, want)
			}
		})
	}
}
