package lsp

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ruleplay/ruleplay/lang"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// Checks: the diagnostics of the open documents are computed on a
// goroutine of their own, never on the one that reads the editor's
// messages, so that a costly check (a large file, many bases) holds up no
// answer and no later change. A change wakes the checker, which waits
// until the documents have not changed for a moment (a burst of changes
// gives one check, of the latest text), then checks every open document
// whose text, or the text of a file its check read (a base, open or on
// disk), changed since its last check (a change to a base changes its
// variants; an unchanged document is not checked again), one at a time.

const (
	// CheckDelay is how long the documents must stay unchanged before a
	// check starts.
	CheckDelay = 150 * time.Millisecond
	// SlowCheck is how long a check may run before its document is told
	// that it is still running; it goes on (a check cannot be cut short),
	// and no other starts until it ends.
	SlowCheck = 10 * time.Second
	// MaxDiagnostics is the most diagnostics sent for one document; one
	// more says how many were left out.
	MaxDiagnostics = 500
)

// checks is the checker of one connection.
type checks struct {
	s        *Server
	notify   func(method string, params any)
	wake     chan struct{} // a change since the checker last looked
	quit     chan struct{}
	stopOnce sync.Once

	last map[string]*checked // by URI: the last check of each open document (the checker's own)
}

// checked is the outcome of checking one text of a document.
type checked struct {
	text  string
	reads map[string]readResult // the files the check read, by clean path
	diags []protocol.Diagnostic
}

// readResult is what a check got reading a file.
type readResult struct {
	text   string
	failed bool
}

// snapshot is an open document as it was when a check began.
type snapshot struct {
	uri, path, text string
	outOfSync       string
	version         protocol.Integer
	generation      uint64
}

func newChecks(s *Server, notify func(method string, params any)) *checks {
	k := &checks{s: s, notify: notify, wake: make(chan struct{}, 1), quit: make(chan struct{}), last: map[string]*checked{}}
	go k.run()
	return k
}

// changed tells the checker that a document changed, opened or closed.
func (k *checks) changed() {
	select {
	case k.wake <- struct{}{}:
	default:
	}
}

// stop ends the checker (after shutdown, or when the connection ends); a
// check running goes on to its end, but nothing more is sent.
func (k *checks) stop() {
	k.stopOnce.Do(func() { close(k.quit) })
}

func (k *checks) stopped() bool {
	select {
	case <-k.quit:
		return true
	default:
		return false
	}
}

func (k *checks) run() {
	delay := k.s.opts.CheckDelay
	if delay <= 0 {
		delay = CheckDelay
	}
	for {
		select {
		case <-k.quit:
			return
		case <-k.wake:
		}
		t := time.NewTimer(delay)
		for waiting := true; waiting; {
			select {
			case <-k.quit:
				t.Stop()
				return
			case <-k.wake:
				t.Reset(delay)
			case <-t.C:
				waiting = false
			}
		}
		k.checkAll()
	}
}

// checkAll checks the open documents that need it, in URI order, and
// sends each its diagnostics.
func (k *checks) checkAll() {
	docs, open := k.s.snapshot()
	for uri := range k.last {
		if _, ok := docs[uri]; !ok {
			delete(k.last, uri)
		}
	}
	uris := make([]string, 0, len(docs))
	for u := range docs {
		uris = append(uris, u)
	}
	sort.Strings(uris)
	for _, u := range uris {
		if k.stopped() {
			return
		}
		snap := docs[u]
		if snap.outOfSync != "" {
			delete(k.last, u)
			k.publish(snap, []protocol.Diagnostic{{Severity: &severityError, Source: &sourceName, Message: snap.outOfSync}})
			continue
		}
		if prev := k.last[u]; prev != nil && k.unchanged(prev, snap, open) {
			continue
		}
		res, ok := k.check(snap, open)
		if !ok {
			return
		}
		k.last[u] = res
		k.publish(snap, res.diags)
	}
}

// unchanged reports whether a check's outcome still holds: the same text,
// and every file it read reads the same.
func (k *checks) unchanged(prev *checked, snap snapshot, open map[string]string) bool {
	if prev.text != snap.text {
		return false
	}
	for path, r := range prev.reads {
		now := readResult{}
		if text, ok := open[path]; ok {
			now.text = text
		} else {
			b, err := readDisk(path)
			now = readResult{text: string(b), failed: err != nil}
		}
		if now != r {
			return false
		}
	}
	return true
}

// check checks one document off the checker's goroutine, telling the
// document when it runs longer than SlowCheck; ok is false when the
// checker was stopped meanwhile.
func (k *checks) check(snap snapshot, open map[string]string) (res *checked, ok bool) {
	done := make(chan *checked, 1)
	go func() {
		res := &checked{text: snap.text, reads: map[string]readResult{}}
		defer func() {
			if p := recover(); p != nil {
				k.s.logf("internal error checking %s: %v", snap.uri, p)
				res.diags = []protocol.Diagnostic{{Severity: &severityError, Source: &sourceName, Message: fmt.Sprintf("internal error checking this file: %v; please report this", p)}}
			}
			done <- res
		}()
		atomic.AddInt64(&k.s.checksRun, 1)
		if k.s.gate != nil { // tests: a check that runs until the test lets it go on
			select {
			case <-k.s.gate:
			case <-k.quit:
			}
		}
		res.diags = k.s.diagnose(snap, func(path string) ([]byte, error) {
			p := filepath.Clean(path)
			if r, ok := res.reads[p]; ok {
				if r.failed {
					_, err := readDisk(path)
					return nil, err
				}
				return []byte(r.text), nil
			}
			if text, ok := open[p]; ok {
				res.reads[p] = readResult{text: text}
				return []byte(text), nil
			}
			b, err := readDisk(path)
			res.reads[p] = readResult{text: string(b), failed: err != nil}
			return b, err
		})
	}()
	slow := k.s.slowCheck
	if slow <= 0 {
		slow = SlowCheck
	}
	timer := time.NewTimer(slow)
	defer timer.Stop()
	select {
	case res := <-done:
		return res, true
	case <-k.quit:
		return nil, false
	case <-timer.C:
	}
	k.publish(snap, []protocol.Diagnostic{{Severity: &severityInformation, Source: &sourceName,
		Message: fmt.Sprintf("still checking after %v: this file, its bases or its modules are costly to check; the diagnostics come when the check ends", slow)}})
	select {
	case res := <-done:
		return res, true
	case <-k.quit:
		return nil, false
	}
}

// publish sends a document's diagnostics, unless it was closed or changed
// since the snapshot (a check of its new text follows).
func (k *checks) publish(snap snapshot, diags []protocol.Diagnostic) {
	k.s.mu.Lock()
	defer k.s.mu.Unlock()
	d, ok := k.s.docs[snap.uri]
	if !ok || d.generation != snap.generation || k.stopped() {
		return
	}
	version := protocol.UInteger(max(snap.version, 0))
	k.notify(protocol.ServerTextDocumentPublishDiagnostics, protocol.PublishDiagnosticsParams{URI: snap.uri, Version: &version, Diagnostics: diags})
}

// snapshot returns the open documents by URI, and their texts by clean
// path (what a check reads of a file that is open).
func (s *Server) snapshot() (map[string]snapshot, map[string]string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	docs := make(map[string]snapshot, len(s.docs))
	open := make(map[string]string, len(s.docs))
	for u, d := range s.docs {
		docs[u] = snapshot{uri: u, path: d.path, text: d.text, outOfSync: d.outOfSync, version: d.version, generation: d.generation}
		open[filepath.Clean(d.path)] = d.text
	}
	return docs, open
}

// readDisk reads a rules file from disk for the server, as lang.ReadFile
// does, but never one that is not a regular file: a named pipe held open
// by a writer that sends nothing would block the read for good (and with
// it a check, or the answer to a hover).
func readDisk(path string) ([]byte, error) {
	if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() && !st.IsDir() {
		return nil, &os.PathError{Op: "read", Path: path, Err: errors.New("not a regular file (" + fileType(st.Mode()) + ")")}
	}
	return lang.ReadFile(path)
}

func fileType(m os.FileMode) string {
	switch {
	case m&os.ModeNamedPipe != 0:
		return "a named pipe"
	case m&os.ModeSocket != 0:
		return "a socket"
	case m&os.ModeDevice != 0:
		return "a device"
	}
	return "not a plain file"
}

var (
	severityError       = protocol.DiagnosticSeverityError
	severityWarning     = protocol.DiagnosticSeverityWarning
	severityInformation = protocol.DiagnosticSeverityInformation
	sourceName          = "ruleplay"
)

// diagnose checks a document as `ruleplay vet` does, reading other files
// with read. A problem found in a base or a module is shown on the
// document's extends or import entry, with its place.
func (s *Server) diagnose(d snapshot, read func(path string) ([]byte, error)) []protocol.Diagnostic {
	_, warnings, err := lang.VetSourceWith(d.path, []byte(d.text), read, nil)
	if err == nil {
		return s.convert(d, warnings, &severityWarning)
	}
	var diags lang.Diagnostics
	if !errors.As(err, &diags) {
		return []protocol.Diagnostic{{Severity: &severityError, Source: &sourceName, Message: err.Error()}}
	}
	return s.convert(d, diags, &severityError)
}

// convert turns diags into LSP diagnostics of severity sev (those of
// another file, a base or a module, on the entry that reads it), at most
// MaxDiagnostics of them and then one saying how many more there are.
func (s *Server) convert(d snapshot, diags lang.Diagnostics, sev *protocol.DiagnosticSeverity) []protocol.Diagnostic {
	out := []protocol.Diagnostic{}
	if len(diags) == 0 {
		return out
	}
	x := newLines(d.text)
	var f *file // the document's outline, parsed when a diagnostic is of another file
	rangeOf := func(dg *lang.Diagnostic) protocol.Range {
		if filepath.Clean(dg.Pos.File) == filepath.Clean(d.path) {
			return x.rangeOf(dg.Pos)
		}
		if f == nil {
			f = parseFile(d.path, d.text)
		}
		return s.baseEntryRange(f, x, dg.Pos.File)
	}
	for i, dg := range diags {
		if i == MaxDiagnostics {
			out = append(out, protocol.Diagnostic{Range: rangeOf(dg), Severity: sev, Source: &sourceName,
				Message: fmt.Sprintf("%d more problems not shown from here on (at most %d are shown; ruleplay vet lists them all)", len(diags)-i, MaxDiagnostics)})
			break
		}
		msg := dg.Msg
		if dg.Hint != "" {
			msg += "\nhint: " + dg.Hint
		}
		if filepath.Clean(dg.Pos.File) != filepath.Clean(d.path) {
			at := dg.Pos
			if rel, err := filepath.Rel(filepath.Dir(d.path), at.File); err == nil && filepath.IsAbs(at.File) {
				at.File = filepath.ToSlash(rel)
			}
			place := at.String()
			if at.Line == 0 {
				place = at.File
			}
			msg = fmt.Sprintf("in %s: %s", place, msg)
		}
		out = append(out, protocol.Diagnostic{Range: rangeOf(dg), Severity: sev, Source: &sourceName, Message: msg})
	}
	return out
}

// baseEntryRange is the range of the extends or import entry of f through
// which the file other is read (the first such entry when it is not
// found).
func (s *Server) baseEntryRange(f *file, x *lines, other string) protocol.Range {
	var first *entry
	for _, e := range f.entries {
		if e.key.Text != "extends" && e.key.Text != "import" {
			continue
		}
		if first == nil {
			first = e
		}
		for _, v := range e.values {
			name := strings.Trim(v.Text, `"`)
			if e.key.Text == "import" && "stdlib/"+name+".rules" == filepath.ToSlash(other) {
				return x.tokenRange(e.key)
			}
			if e.key.Text == "extends" && (filepath.Clean(lang.BasePath(f.path, name)) == filepath.Clean(other) || filepath.ToSlash(other) == "games/"+name+".rules") {
				return x.tokenRange(e.key)
			}
		}
	}
	if first != nil {
		return x.tokenRange(first.key)
	}
	return protocol.Range{}
}
