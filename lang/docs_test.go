package lang

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"testing"
)

// Every key the checker accepts (Keys, read from the checker's own tables)
// and every word it gives a meaning to (Words) is explained in
// docs/language.md, written in code: `key`, `key:` or `key ...`.
func TestLanguageReferenceCoversEveryKey(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "docs", "language.md"))
	if err != nil {
		t.Fatal(err)
	}
	check := func(what string, names []string) {
		sort.Strings(names)
		for _, k := range names {
			re := regexp.MustCompile("`" + regexp.QuoteMeta(k) + "[`:( .]")
			if !re.Match(doc) {
				t.Errorf("docs/language.md does not explain %s %q (write it in backquotes)", what, k)
			}
		}
	}
	keys := Keys()
	if len(keys["file"]) < 20 || len(keys["jump"]) < 9 {
		t.Fatalf("suspiciously few keys: %v", keys)
	}
	for where, names := range keys {
		check("the "+where+" key", names)
	}
	for kind, names := range Words() {
		check("the "+kind, names)
	}
}
