package lang

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"unicode"
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
	for key, names := range Choices() {
		check("the choice of "+key, names)
	}
}

// Every relative link between the pages of docs/ (and from the README)
// leads to a file that exists and, with #anchor, to one of its headings.
func TestDocsLinks(t *testing.T) {
	root := filepath.Join("..")
	pages, _ := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	rules, _ := filepath.Glob(filepath.Join(root, "docs", "rules", "*.md"))
	pages = append(append(pages, rules...), filepath.Join(root, "README.md"))
	if len(pages) < 14 {
		t.Fatalf("only %d pages", len(pages))
	}
	link := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	heading := regexp.MustCompile("(?m)^#+ (.*)$")
	slug := func(h string) string {
		h = strings.ToLower(strings.ReplaceAll(h, "`", ""))
		var b strings.Builder
		for _, r := range h {
			switch {
			case r == ' ':
				b.WriteByte('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				b.WriteRune(r)
			}
		}
		return b.String()
	}
	anchors := func(file string) map[string]bool {
		src, err := os.ReadFile(file)
		if err != nil {
			return nil
		}
		out := map[string]bool{}
		for _, m := range heading.FindAllStringSubmatch(string(src), -1) {
			out[slug(m[1])] = true
		}
		return out
	}
	for _, page := range pages {
		src, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range link.FindAllStringSubmatch(string(src), -1) {
			target := m[1]
			if strings.Contains(target, "://") {
				continue
			}
			file, anchor, _ := strings.Cut(target, "#")
			path := page
			if file != "" {
				path = filepath.Join(filepath.Dir(page), file)
			}
			st, err := os.Stat(path)
			if err != nil {
				t.Errorf("%s: link %s: no such file", page, target)
				continue
			}
			if anchor != "" && (st.IsDir() || !anchors(path)[anchor]) {
				t.Errorf("%s: link %s: no heading #%s in %s", page, target, anchor, path)
			}
		}
	}
}
