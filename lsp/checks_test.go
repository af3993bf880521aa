package lsp

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/ruleplay/ruleplay/lang"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// heavyWait bounds the waits of the tests whose check is large (70,000
// problems) or depends on the loader's bounds: a loaded machine is slow,
// a hang is for ever.
const heavyWait = 120 * time.Second

// published is a publishDiagnostics as the tests read it.
type published struct {
	URI         string `json:"uri"`
	Version     int    `json:"version"`
	Diagnostics []struct {
		Message string         `json:"message"`
		Range   protocol.Range `json:"range"`
	} `json:"diagnostics"`
}

// waitDiagnostics waits for the next publishDiagnostics, at most wait,
// saying what it waits for when none comes.
func (c *client) waitDiagnostics(what string, wait time.Duration) published {
	c.t.Helper()
	select {
	case d := <-c.diags:
		var p published
		if err := json.Unmarshal(d, &p); err != nil {
			c.t.Fatal(err)
		}
		return p
	case <-time.After(wait):
		c.t.Fatalf("no diagnostics within %v: waiting for %s", wait, what)
	}
	return published{}
}

func (c *client) open(name, text string) {
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": c.uri(name), "languageId": "ruleplay", "version": 1, "text": text}})
}

func (c *client) change(name string, version int, text string) {
	c.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": c.uri(name), "version": version},
		"contentChanges": []map[string]any{{"text": text}},
	})
}

func (c *client) start() {
	c.call("initialize", map[string]any{"processId": nil, "rootUri": c.uri(""), "capabilities": map[string]any{}})
	c.notify("initialized", map[string]any{})
}

const small = "board { shape: square(4x4) }\nplayers: a, b\npiece p {}\n"

// A check runs apart from the reader: while it runs (held here by the
// test), requests are answered; a burst of 50 changes made meanwhile gives
// one more check, of the latest text (the check of the first text is not
// published: it is out of date).
func TestBurstOfChangesGivesOneCheck(t *testing.T) {
	gate := make(chan struct{})
	c := newClient(t, func(s *Server) { s.gate, s.opts.CheckDelay = gate, time.Millisecond })
	c.start()
	c.open("burst.rules", small)
	// The first check starts and waits at the gate: the reader still answers.
	for atomic.LoadInt64(&c.s.checksRun) == 0 {
		time.Sleep(time.Millisecond)
	}
	if sym := c.call("textDocument/documentSymbol", map[string]any{"textDocument": map[string]string{"uri": c.uri("burst.rules")}}); !strings.Contains(sym, `"name": "piece p"`) {
		t.Errorf("symbols while a check runs:\n%s", sym)
	}
	for v := 2; v <= 51; v++ {
		c.change("burst.rules", v, small+fmt.Sprintf("zone z%d: drak\n", v))
	}
	// Every change is read once a later request is answered.
	c.call("textDocument/documentSymbol", map[string]any{"textDocument": map[string]string{"uri": c.uri("burst.rules")}})
	gate <- struct{}{} // the check of version 1 ends, unpublished
	gate <- struct{}{} // the check of version 51
	p := c.waitDiagnostics("the check of version 51", heavyWait)
	if p.Version != 51 || len(p.Diagnostics) != 1 || !strings.HasPrefix(p.Diagnostics[0].Message, `no cell "drak"`) || p.Diagnostics[0].Range.Start.Line != 3 {
		t.Errorf("diagnostics after the burst: %+v", p)
	}
	if n := atomic.LoadInt64(&c.s.checksRun); n != 2 {
		t.Errorf("%d checks for an open and a burst of 50 changes, want 2", n)
	}
}

// A check that runs longer than SlowCheck is reported on its document;
// its diagnostics follow when it ends.
func TestSlowCheckIsReported(t *testing.T) {
	gate := make(chan struct{})
	c := newClient(t, func(s *Server) { s.gate, s.opts.CheckDelay, s.slowCheck = gate, time.Millisecond, time.Millisecond })
	c.start()
	c.open("slow.rules", small+"zone z: drak\n")
	p := c.waitDiagnostics("the report of a slow check", heavyWait)
	if len(p.Diagnostics) != 1 || p.Diagnostics[0].Message != "still checking after 1ms: this file, its bases or its modules are costly to check; the diagnostics come when the check ends" {
		t.Errorf("diagnostics of a slow check: %+v", p)
	}
	gate <- struct{}{}
	if p := c.waitDiagnostics("the check's own diagnostics", heavyWait); len(p.Diagnostics) != 1 || !strings.HasPrefix(p.Diagnostics[0].Message, `no cell "drak"`) {
		t.Errorf("diagnostics after a slow check: %+v", p)
	}
}

// A document is checked again only when its text, or a file its check
// read, changed: the did-you-mean hints of an unchanged document are not
// paid again at every keystroke in another.
func TestUnchangedDocumentNotCheckedAgain(t *testing.T) {
	dir := t.TempDir()
	base := filepath.Join(dir, "base.rules")
	if err := os.WriteFile(base, []byte(small), 0o644); err != nil {
		t.Fatal(err)
	}
	s := New(Options{})
	var sent []string
	k := &checks{s: s, quit: make(chan struct{}), wake: make(chan struct{}, 1), last: map[string]*checked{},
		notify: func(_ string, params any) {
			p := params.(protocol.PublishDiagnosticsParams)
			sent = append(sent, fmt.Sprintf("%s v%d: %d", filepath.Base(p.URI), *p.Version, len(p.Diagnostics)))
		}}
	s.checks = k
	open := func(name, text string, version int32) {
		path := filepath.Join(dir, name)
		old := s.docs[uriOf(path)]
		d := &document{uri: uriOf(path), path: path, text: text, version: version}
		if old != nil {
			d.generation = old.generation + 1
		}
		s.docs[d.uri] = d
	}
	round := func(want ...string) {
		t.Helper()
		sent = nil
		k.checkAll()
		if strings.Join(sent, "; ") != strings.Join(want, "; ") {
			t.Errorf("sent %q, want %q", sent, want)
		}
	}
	open("a.rules", "extends: \"base.rules\"\nzone z: drak\n", 1)
	open("b.rules", small+"zone y: drak\n", 1)
	round("a.rules v1: 1", "b.rules v1: 1")
	round() // nothing changed
	open("b.rules", small+"zone y: dark\n", 2)
	round("b.rules v2: 0") // a is not checked again
	if err := os.WriteFile(base, []byte(small+"zone q: nowhere\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	round("a.rules v1: 2") // its base changed on disk: a mistake there too
	open("base.rules", small, 1)
	round("a.rules v1: 1", "base.rules v1: 0") // its base opened with another text
	if n := atomic.LoadInt64(&s.checksRun); n != 6 {
		t.Errorf("%d checks, want 6", n)
	}
}

// A document with more problems than MaxDiagnostics gets the first
// MaxDiagnostics of them at their places, and one more saying how many
// are left out.
func TestManyProblems(t *testing.T) {
	c := newClient(t, func(s *Server) { s.opts.CheckDelay, s.slowCheck = time.Millisecond, heavyWait })
	c.start()
	var b strings.Builder
	b.WriteString(small)
	const n = MaxDiagnostics + 200
	for i := range n {
		fmt.Fprintf(&b, "zz%d: 1\n", i)
	}
	c.open("many.rules", b.String())
	p := c.waitDiagnostics("the diagnostics of 700 problems", heavyWait)
	if len(p.Diagnostics) != MaxDiagnostics+1 {
		t.Fatalf("%d diagnostics, want %d", len(p.Diagnostics), MaxDiagnostics+1)
	}
	for _, i := range []int{0, 1, MaxDiagnostics - 1} {
		if d := p.Diagnostics[i]; !strings.HasPrefix(d.Message, fmt.Sprintf("unknown entry \"zz%d\"", i)) || d.Range.Start.Line != uint32(3+i) || d.Range.Start.Character != 0 {
			t.Errorf("diagnostic %d: %+v", i, d)
		}
	}
	want := fmt.Sprintf("200 more problems not shown from here on (at most %d are shown; ruleplay vet lists them all)", MaxDiagnostics)
	if last := p.Diagnostics[MaxDiagnostics]; last.Message != want || last.Range.Start.Line != 3+MaxDiagnostics {
		t.Errorf("the last diagnostic: %+v, want %q on line %d", last, want, 3+MaxDiagnostics)
	}
}

// Converting 70,000 diagnostics, on 70,000 lines or on one line, sends
// MaxDiagnostics of them and one more at their places; the positions are
// found in one pass over the text (the line starts indexed once, a
// position on the same line as the one before found from it).
func TestConvertManyDiagnostics(t *testing.T) {
	const n = 70000
	for _, sep := range []string{"\n", "; "} {
		var b strings.Builder
		var diags lang.Diagnostics
		line, col := 1, 1
		for i := range n {
			name := fmt.Sprintf("zz%d", i)
			diags = append(diags, &lang.Diagnostic{Pos: lang.Pos{File: "/m.rules", Line: line, Col: col, Len: len(name)}, Msg: "unknown entry " + name})
			entry := name + ": 1" + sep
			b.WriteString(entry)
			if sep == "\n" {
				line++
			} else {
				col += len(entry)
			}
		}
		s := New(Options{})
		got := s.convert(snapshot{uri: "file:///m.rules", path: "/m.rules", text: b.String()}, diags, &severityError)
		if len(got) != MaxDiagnostics+1 {
			t.Fatalf("%d diagnostics, want %d", len(got), MaxDiagnostics+1)
		}
		for _, i := range []int{0, 10, MaxDiagnostics} {
			want := protocol.Position{Line: uint32(diags[i].Pos.Line - 1), Character: uint32(diags[i].Pos.Col - 1)}
			if got[i].Range.Start != want || got[i].Range.End.Character-got[i].Range.Start.Character != uint32(diags[i].Pos.Len) {
				t.Errorf("separated by %q: diagnostic %d at %+v, want %+v", sep, i, got[i].Range, want)
			}
		}
		if want := fmt.Sprintf("%d more problems not shown from here on (at most %d are shown; ruleplay vet lists them all)", n-MaxDiagnostics, MaxDiagnostics); got[MaxDiagnostics].Message != want {
			t.Errorf("the last diagnostic: %q, want %q", got[MaxDiagnostics].Message, want)
		}
	}
}

// A base that is a named pipe held open by a writer that sends nothing is
// refused, not read for ever: the check ends with a diagnostic on extends,
// and a hover (which reads the bases too) is answered.
func TestNamedPipeBase(t *testing.T) {
	c := newClient(t, func(s *Server) { s.opts.CheckDelay = time.Millisecond })
	pipe := filepath.Join(c.dir, "pipe.rules")
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	writer, err := os.OpenFile(pipe, os.O_RDWR, 0) // a writer that never writes
	if err != nil {
		t.Fatal(err)
	}
	defer writer.Close()
	c.start()
	text := "extends: \"pipe.rules\"\ngame: \"G\"\n"
	c.open("fifo.rules", text)
	done := make(chan string, 1)
	go func() { done <- c.call("textDocument/hover", c.at("fifo.rules", 1, 1)) }()
	select {
	case <-done:
	case <-time.After(heavyWait):
		t.Fatalf("no answer to a hover within %v: is the named pipe base read?", heavyWait)
	}
	p := c.waitDiagnostics("the check of a document whose base is a named pipe", heavyWait)
	if len(p.Diagnostics) != 1 || !strings.Contains(p.Diagnostics[0].Message, "is a named pipe, not a rules file (a base must be a regular file)") || p.Diagnostics[0].Range.Start.Line != 0 {
		t.Errorf("diagnostics: %+v", p)
	}
}

// Files that name the same base many times (16 extends lines, 7 levels:
// 16^7 loads if each line loaded its base again) are checked in bounded
// time once the loader loads a base once per file (package lang), and the
// reader answers meanwhile whatever the loader does.
func TestExponentialExtends(t *testing.T) {
	c := newClient(t, func(s *Server) { s.opts.CheckDelay = time.Millisecond })
	const levels, lines = 7, 16
	for i := 0; i <= levels; i++ {
		var b strings.Builder
		if i < levels {
			for range lines {
				fmt.Fprintf(&b, "extends: \"level%d.rules\"\n", i+1)
			}
		} else {
			b.WriteString(small)
		}
		if err := os.WriteFile(filepath.Join(c.dir, fmt.Sprintf("level%d.rules", i)), []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Does the loader load each base once? Count its reads checking
	// level5 (16 lines naming level6, each naming level7 16 times): at
	// most 32 when a base is loaded once per file or per line of a file
	// loaded once, 272 when every line loads its base again. (Asked before
	// the check starts: a check of 16^7 loads would keep a core busy until
	// the tests end.)
	reads := 0
	level5, _ := os.ReadFile(filepath.Join(c.dir, "level5.rules"))
	_, _, _ = lang.VetSourceWith(filepath.Join(c.dir, "level5.rules"), level5, func(path string) ([]byte, error) {
		reads++
		return readDisk(path)
	}, nil)
	if reads > 2*lines {
		t.Skipf("the loader reads a base again for every extends line (%d reads of 2 files): the check of 16^7 loads cannot end; waiting for package lang to load a base once per file", reads)
	}
	c.start()
	text, _ := os.ReadFile(filepath.Join(c.dir, "level0.rules"))
	c.open("level0.rules", string(text))
	// The reader is not held by the check.
	done := make(chan string, 1)
	go func() { done <- c.call("textDocument/hover", c.at("level0.rules", 0, 1)) }()
	select {
	case h := <-done:
		if !strings.Contains(h, "extends") {
			t.Errorf("hover on extends:\n%s", h)
		}
	case <-time.After(heavyWait):
		t.Fatalf("no answer to a hover within %v while the document is checked", heavyWait)
	}
	p := c.waitDiagnostics("the check of 16 extends lines on 7 levels", heavyWait)
	if p.URI != c.uri("level0.rules") {
		t.Errorf("diagnostics of %s", p.URI)
	}
}

// Ranged changes (the server asks for whole texts, but accepts them) are
// applied up to MaxChangeWork bytes copied in one message: beyond, the
// document says it is out of sync, until the editor sends its whole text.
func TestTooManyRangedChanges(t *testing.T) {
	c := newClient(t, func(s *Server) { s.opts.CheckDelay = time.Millisecond })
	c.start()
	text := small + "# " + strings.Repeat("x", 1<<20) + "\n"
	c.open("ranged.rules", text)
	c.waitDiagnostics("the check of the opened text", heavyWait)
	const n = 300 // 300 copies of 1 MiB: over MaxChangeWork
	changes := make([]map[string]any, n)
	for i := range changes {
		changes[i] = map[string]any{"range": map[string]any{"start": pos{0, 0}, "end": pos{0, 0}}, "text": " "}
	}
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": c.uri("ranged.rules"), "version": 2}, "contentChanges": changes})
	applied := 0
	for work, size := 0, len(text); ; applied++ {
		if work += size + 1; work > MaxChangeWork {
			break
		}
		size++
	}
	want := fmt.Sprintf("the editor sent more changes in one message than the server applies (%d of %d applied to a text of %d bytes; at most %d bytes are copied): close and reopen the document", applied, n, len(text)+applied, MaxChangeWork)
	if p := c.waitDiagnostics("the report of changes not applied", heavyWait); p.Version != 2 || len(p.Diagnostics) != 1 || p.Diagnostics[0].Message != want {
		t.Errorf("diagnostics: %+v\nwant %s", p, want)
	}
	c.change("ranged.rules", 3, small+"zone z: drak\n")
	if p := c.waitDiagnostics("the check of the whole text", heavyWait); p.Version != 3 || len(p.Diagnostics) != 1 || !strings.HasPrefix(p.Diagnostics[0].Message, `no cell "drak"`) {
		t.Errorf("diagnostics: %+v", p)
	}
}

// The outline that hover, completion and symbols read is bounded: blocks
// nested 200,000 deep are outlined to lang.MaxNesting levels (no
// recursion without bound), and a document over lang.MaxFileSize is not
// outlined (its diagnostic says it is too large).
func TestOutlineBounds(t *testing.T) {
	c := newClient(t, func(s *Server) { s.opts.CheckDelay = time.Millisecond })
	c.start()
	deep := strings.Repeat("a {\n", 5000)
	c.open("deep.rules", deep)
	sym := c.call("textDocument/documentSymbol", map[string]any{"textDocument": map[string]string{"uri": c.uri("deep.rules")}})
	if n := strings.Count(sym, `"name": "a"`); n != lang.MaxNesting+1 {
		t.Errorf("%d symbols of 5,000 nested blocks, want %d", n, lang.MaxNesting+1)
	}
	c.call("textDocument/hover", c.at("deep.rules", 4000, 0))
	c.waitDiagnostics("the diagnostics of 5,000 nested blocks", heavyWait)

	large := small + "# " + strings.Repeat("x", lang.MaxFileSize) + "\n"
	c.open("large.rules", large)
	if sym := c.call("textDocument/documentSymbol", map[string]any{"textDocument": map[string]string{"uri": c.uri("large.rules")}}); sym != "[]" {
		t.Errorf("symbols of a file too large: %s", sym)
	}
	if p := c.waitDiagnostics("the diagnostics of a file too large", heavyWait); len(p.Diagnostics) != 1 || !strings.Contains(p.Diagnostics[0].Message, "file too large") {
		t.Errorf("diagnostics: %+v", p)
	}
}
