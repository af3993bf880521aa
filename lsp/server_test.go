package lsp

import (
	"context"
	"encoding/json"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ruleplay/ruleplay/lang"
	"github.com/sourcegraph/jsonrpc2"
)

// client is an editor's end of a connection to a Server, over a pipe.
type client struct {
	t     *testing.T
	s     *Server
	conn  *jsonrpc2.Conn
	diags chan json.RawMessage
	dir   string // the temporary folder, written $DIR in transcripts
	mods  string // the module folder, written $MODULES
	log   strings.Builder
}

func newClient(t *testing.T, setup ...func(*Server)) *client {
	t.Helper()
	dir := t.TempDir()
	for _, name := range []string{"leapfrog.rules", "leapfrog-murray.rules"} {
		b, err := os.ReadFile(filepath.Join("..", "games", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s := New(Options{ModuleDir: filepath.Join(dir, "cache"), Version: "test"})
	for _, f := range setup {
		f(s)
	}
	a, b := net.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		_ = s.Serve(ctx, a)
		close(done)
	}()
	c := &client{t: t, s: s, diags: make(chan json.RawMessage, 16), dir: dir, mods: s.moduleDir()}
	c.conn = jsonrpc2.NewConn(ctx, jsonrpc2.NewBufferedStream(b, jsonrpc2.VSCodeObjectCodec{}),
		jsonrpc2.HandlerWithError(func(_ context.Context, _ *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
			if req.Method == "textDocument/publishDiagnostics" && req.Params != nil {
				c.diags <- *req.Params
			}
			return nil, nil
		}))
	t.Cleanup(func() {
		cancel()
		c.conn.Close()
		a.Close()
		<-done
	})
	return c
}

func (c *client) uri(name string) string { return uriOf(filepath.Join(c.dir, name)) }

// call sends a request and returns its result, in the transcript's
// notation (the temporary folders replaced by $DIR and $MODULES).
func (c *client) call(method string, params any) string {
	c.t.Helper()
	var res json.RawMessage
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := c.conn.Call(ctx, method, params, &res); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
	return c.record("--> "+method, params, res)
}

func (c *client) notify(method string, params any) {
	c.t.Helper()
	if err := c.conn.Notify(context.Background(), method, params); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
	c.record("--> "+method, params, nil)
}

// diagnostics waits for the next publishDiagnostics.
func (c *client) diagnostics() string {
	c.t.Helper()
	select {
	case d := <-c.diags:
		return c.record("<-- textDocument/publishDiagnostics", nil, d)
	case <-time.After(10 * time.Second):
		c.t.Fatal("no diagnostics")
	}
	return ""
}

func (c *client) record(what string, params any, res json.RawMessage) string {
	c.log.WriteString(what + "\n")
	if params != nil {
		b, _ := json.Marshal(params)
		c.log.WriteString(c.clean(string(b)) + "\n")
	}
	out := ""
	if res != nil {
		// Keys in sorted order, whatever order they were sent in.
		var v any
		_ = json.Unmarshal(res, &v)
		b, _ := json.MarshalIndent(v, "", "  ")
		out = c.clean(string(b))
		c.log.WriteString(out + "\n")
	}
	c.log.WriteString("\n")
	return out
}

func (c *client) clean(s string) string {
	s = strings.ReplaceAll(s, filepath.ToSlash(c.mods), "$MODULES")
	return strings.ReplaceAll(s, filepath.ToSlash(c.dir), "$DIR")
}

type pos struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

type docPos struct {
	TextDocument map[string]string `json:"textDocument"`
	Position     pos               `json:"position"`
}

func (c *client) at(name string, line, char int) docPos {
	return docPos{TextDocument: map[string]string{"uri": c.uri(name)}, Position: pos{line, char}}
}

// position finds the line and character of the n-th occurrence of what
// in text (plus shift characters).
func position(t *testing.T, text, what string, shift int) (int, int) {
	t.Helper()
	i := strings.Index(text, what)
	if i < 0 {
		t.Fatalf("%q not in the text", what)
	}
	i += shift
	return strings.Count(text[:i], "\n"), i - (strings.LastIndexByte(text[:i], '\n') + 1)
}

const mine = `extends: "leapfrog-murray.rules"
game: "Mine"

piece gold { points: 5 }

setup {
  fill: shuffle(gold 10%, white 30%, stone rest)
}

jump {
  dirs: if diagonal then all else orthogonal
}
`

// TestSession drives the server as an editor does, from initialize to
// exit, and checks every answer against testdata/session.golden (set
// RULEPLAY_UPDATE_LSP=1 to rewrite it). The most telling answers are also
// checked here.
func TestSession(t *testing.T) {
	c := newClient(t)
	init := c.call("initialize", map[string]any{"processId": nil, "rootUri": c.uri(""), "capabilities": map[string]any{}})
	for _, want := range []string{`"hoverProvider": true`, `"definitionProvider": true`, `"documentFormattingProvider": true`, `"documentSymbolProvider": true`, `"change": 1`, `"name": "ruleplay"`} {
		if !strings.Contains(init, want) {
			t.Errorf("initialize: no %s in\n%s", want, init)
		}
	}
	c.notify("initialized", map[string]any{})

	// Open a variant: no problem.
	doc := map[string]any{"uri": c.uri("mine.rules"), "languageId": "ruleplay", "version": 1, "text": mine}
	c.notify("textDocument/didOpen", map[string]any{"textDocument": doc})
	if d := c.diagnostics(); !strings.Contains(d, `"diagnostics": []`) {
		t.Errorf("diagnostics of a good file:\n%s", d)
	}

	// A mistake typed: the checker's diagnostic, with its hint, at its place.
	bad := strings.Replace(mine, "dirs: if diagonal", "dirs: if diagnoal", 1)
	change := func(version int, text string) {
		c.notify("textDocument/didChange", map[string]any{
			"textDocument":   map[string]any{"uri": c.uri("mine.rules"), "version": version},
			"contentChanges": []map[string]any{{"text": text}},
		})
	}
	change(2, bad)
	want := `{
  "diagnostics": [
    {
      "message": "unknown name \"diagnoal\" (not an option)\nhint: did you mean \"diagonal\"?",
      "range": {
        "end": {
          "character": 19,
          "line": 10
        },
        "start": {
          "character": 11,
          "line": 10
        }
      },
      "severity": 1,
      "source": "ruleplay"
    }
  ],
  "uri": "file://$DIR/mine.rules",
  "version": 2
}`
	if d := c.diagnostics(); d != want {
		t.Errorf("diagnostics:\n%s\nwant\n%s", d, want)
	}
	// A mistake in what the variant changes of its base shows on extends.
	// (A number option where the base's jump wants a condition.)
	change(3, strings.Replace(mine, "jump {\n  dirs: if diagonal then all else orthogonal\n}\n", "option diagonal: 3\n", 1))
	if d := c.diagnostics(); !strings.Contains(d, `"message": "in leapfrog.rules:39:12: if needs true/false, not a number"`) || !strings.Contains(d, `"start": {
          "character": 0,
          "line": 0
        }`) {
		t.Errorf("diagnostics:\n%s", d)
	}
	// Fixed: no diagnostic.
	change(4, mine)
	if d := c.diagnostics(); !strings.Contains(d, `"diagnostics": []`) {
		t.Errorf("diagnostics after the fix:\n%s", d)
	}

	// Hover: a key, a property, a word, a declared name.
	l, ch := position(t, mine, "fill", 1)
	h := c.call("textDocument/hover", c.at("mine.rules", l, ch))
	if !strings.Contains(h, "**`fill`** in `setup`") || !strings.Contains(h, "shuffle(") {
		t.Errorf("hover on fill:\n%s", h)
	}
	l, ch = position(t, mine, "jump {", 1)
	if h := c.call("textDocument/hover", c.at("mine.rules", l, ch)); !strings.Contains(h, "**`jump`** entry") {
		t.Errorf("hover on jump:\n%s", h)
	}
	l, ch = position(t, mine, "orthogonal", 2)
	if h := c.call("textDocument/hover", c.at("mine.rules", l, ch)); !strings.Contains(h, "`orthogonal`: square board: `n e s w`") {
		t.Errorf("hover on orthogonal:\n%s", h)
	}
	l, ch = position(t, mine, "stone rest", 1)
	if h := c.call("textDocument/hover", c.at("mine.rules", l, ch)); !strings.Contains(h, "**piece kind** `stone` (stdlib/leaping.rules:8)") {
		t.Errorf("hover on stone:\n%s", h)
	}
	l, ch = position(t, mine, "diagonal then", 1)
	if h := c.call("textDocument/hover", c.at("mine.rules", l, ch)); !strings.Contains(h, "**option** `diagonal` (leapfrog.rules:18)") {
		t.Errorf("hover on diagonal:\n%s", h)
	}

	// Definition: into the document, its base's base, a module.
	for _, tc := range []struct{ what, want string }{
		{"gold 10%", `"uri": "file://$DIR/mine.rules"`},
		{"white 30%", `"uri": "file://$DIR/leapfrog-murray.rules"`},
		{"diagonal then", `"uri": "file://$DIR/leapfrog.rules"`},
		{"stone rest", `"uri": "file://$MODULES/leaping.rules"`},
		{"leapfrog-murray", `"uri": "file://$DIR/leapfrog-murray.rules"`},
	} {
		l, ch := position(t, mine, tc.what, 1)
		if d := c.call("textDocument/definition", c.at("mine.rules", l, ch)); !strings.Contains(d, tc.want) {
			t.Errorf("definition of %s:\n%s", tc.what, d)
		}
	}
	if b, err := os.ReadFile(filepath.Join(c.mods, "leaping.rules")); err != nil || !strings.Contains(string(b), "piece stone {}") {
		t.Errorf("the module is not written for the editor: %v", err)
	}

	// Completion: keys of a block, values of a property, names of the game.
	typed := strings.Replace(mine, "  dirs: if", "  ch\n  onto: \n  dirs: if", 1)
	change(5, typed)
	c.diagnostics()
	l, ch = position(t, typed, "  ch\n", 4)
	items := labels(t, c.call("textDocument/completion", c.at("mine.rules", l, ch)))
	if items != "chain chain-dirs chain-stop" {
		t.Errorf("completion of ch: %s", items)
	}
	l, ch = position(t, typed, "onto: \n", 6)
	items = labels(t, c.call("textDocument/completion", c.at("mine.rules", l, ch)))
	if want := "empty occupied own friend enemy neutral any gold green red stone white yellow in on not height level piece next-to"; items != want {
		t.Errorf("completion of onto:\n got %s\nwant %s", items, want)
	}
	l, ch = position(t, typed, "shuffle(", 8)
	items = labels(t, c.call("textDocument/completion", c.at("mine.rules", l, ch)))
	if want := "gold green red stone white yellow"; items != want {
		t.Errorf("completion in shuffle(:\n got %s\nwant %s", items, want)
	}
	change(6, mine)
	c.diagnostics()

	// Formatting, as ruleplay fmt.
	messy := "game:\"Mine\"\nboard{shape:square(3x3)}\nplayers:a,b  # two\n"
	change(7, messy)
	c.diagnostics()
	f := c.call("textDocument/formatting", map[string]any{"textDocument": map[string]string{"uri": c.uri("mine.rules")}, "options": map[string]any{"tabSize": 2, "insertSpaces": true}})
	if !strings.Contains(f, `"newText": "game: \"Mine\"\nboard { shape: square(3x3) }\nplayers: a, b                   # two\n"`) {
		t.Errorf("formatting:\n%s", f)
	}

	// Document symbols.
	change(8, mine)
	c.diagnostics()
	sym := c.call("textDocument/documentSymbol", map[string]any{"textDocument": map[string]string{"uri": c.uri("mine.rules")}})
	if n := strings.Count(sym, `"name"`); n != 8 {
		t.Errorf("%d symbols:\n%s", n, sym)
	}

	c.call("shutdown", nil)
	c.notify("exit", nil)

	golden := filepath.Join("testdata", "session.golden")
	if os.Getenv("RULEPLAY_UPDATE_LSP") != "" {
		if err := os.WriteFile(golden, []byte(c.log.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	wantLog, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got := c.log.String(); got != string(wantLog) {
		t.Errorf("the session differs from %s (RULEPLAY_UPDATE_LSP=1 rewrites it):\n%s", golden, firstDiff(got, string(wantLog)))
	}
}

// labels lists the labels of a completion list.
func labels(t *testing.T, res string) string {
	t.Helper()
	var list struct {
		Items []struct{ Label string }
	}
	if err := json.Unmarshal([]byte(res), &list); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, it := range list.Items {
		out = append(out, it.Label)
	}
	return strings.Join(out, " ")
}

func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(al) || i < len(bl); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			return "line " + itoa(i+1) + ":\n got: " + x + "\nwant: " + y
		}
	}
	return ""
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// Every key the checker accepts has hover documentation from
// docs/language.md, and so has every word and choice.
func TestDocsCoverEveryKey(t *testing.T) {
	for where, keys := range lang.Keys() {
		for _, k := range keys {
			var doc string
			switch where {
			case "file":
				doc = languageDocs.entryDoc(k)
			case "end label":
				doc = languageDocs.wordDoc("end label", k)
			default:
				doc = languageDocs.propDoc(where, k)
			}
			if strings.TrimSpace(doc) == "" {
				t.Errorf("no documentation for %s %q", where, k)
			}
		}
	}
	for kind, ws := range lang.Words() {
		key := map[string]string{"direction set": "dirs", "outcome": "no-move"}[kind]
		for _, w := range ws {
			if languageDocs.wordDoc(key, w) == "" {
				t.Errorf("no documentation for the %s %q", kind, w)
			}
		}
	}
	for key, ws := range lang.Choices() {
		for _, w := range ws {
			if languageDocs.wordDoc(key, w) == "" {
				t.Errorf("no documentation for %s: %s", key, w)
			}
		}
	}
	if got, want := languageDocs.propDoc("jump", "chain"), "`chain`: `step`: yes; `jump`: yes; meaning: whether the same piece goes on; default: `none`\n\n| value | meaning |\n|---|---|\n| `none` (default) | one jump per move |"; !strings.HasPrefix(got, want) {
		t.Errorf("chain: got\n%s\nwant it to start with\n%s", got, want)
	}
}
