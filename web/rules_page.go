package web

import (
	"io/fs"
	"net/http"
	"strings"

	"github.com/ruleplay/ruleplay/docs"
	"github.com/ruleplay/ruleplay/internal/safetext"
)

// rulesPage answers GET /rules/NAME: the rules page of a bundled game
// (docs/rules/NAME.md), as text; the page links each bundled game to it.
func rulesPage(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	if strings.ContainsAny(name, "/\\") || strings.HasPrefix(name, ".") {
		notFound("no such rules page").write(w)
		return
	}
	data, err := fs.ReadFile(docs.Rules, "rules/"+strings.TrimSuffix(name, ".md")+".md")
	if err != nil {
		notFound("no rules page for " + safetext.Quote(name, maxEcho)).write(w)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	_, _ = w.Write(data)
}
