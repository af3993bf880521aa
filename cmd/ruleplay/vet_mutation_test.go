package main

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// TestVetMutants runs `ruleplay vet` on damaged copies of every bundled
// rules file (truncated every few bytes, and with a line doubled): each is
// accepted (exit 0) or rejected with a positioned diagnostic (exit 1),
// never an internal error. (package lang mutates the files far more
// thoroughly; this checks the command's side.)
func TestVetMutants(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "games", "*.rules"))
	dir := t.TempDir()
	// The bases of variants must be found beside the mutants.
	for _, f := range files {
		b, _ := os.ReadFile(f)
		os.WriteFile(filepath.Join(dir, filepath.Base(f)), b, 0o644)
	}
	positioned := regexp.MustCompile(`(?m)^[^ ]+\.rules(:\d+:\d+)?: `)
	n := 0
	for _, f := range files {
		src, _ := os.ReadFile(f)
		step := max(len(src)/25, 1)
		for cut := 0; cut < len(src); cut += step {
			path := filepath.Join(dir, "mutant.rules")
			os.WriteFile(path, src[:cut], 0o644)
			code, out, errOut := runMain("vet", path)
			n++
			switch code {
			case 0:
			case 1:
				if !positioned.MatchString(errOut + out) {
					t.Fatalf("%s cut at %d: no positioned diagnostic:\n%s%s", f, cut, out, errOut)
				}
			default:
				t.Fatalf("%s cut at %d: exit %d\n%s%s", f, cut, code, out, errOut)
			}
		}
	}
	if n < 100 {
		t.Fatalf("only %d mutants", n)
	}
}
