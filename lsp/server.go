package lsp

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/ruleplay/ruleplay/games"
	"github.com/ruleplay/ruleplay/internal/safetext"
	"github.com/ruleplay/ruleplay/lang"
	"github.com/ruleplay/ruleplay/lang/format"
	"github.com/ruleplay/ruleplay/stdlib"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// Options configure a Server.
type Options struct {
	// ModuleDir is where the server writes the embedded stdlib modules (and,
	// in its folder games, the bundled games a variant may extend), so
	// that "go to definition" can open them as files; by default a folder
	// of the user's cache directory.
	ModuleDir string
	// Version is reported to the editor as the server's version.
	Version string
	// Log receives what the server tells no editor: messages it could not
	// read (answered with an error), internal errors. Nil: nothing.
	Log io.Writer
	// CheckDelay is how long the documents must stay unchanged before they
	// are checked; CheckDelay (the constant) when zero.
	CheckDelay time.Duration
}

// Server is the language server: the open documents and the protocol
// handlers. Serve runs it on one connection.
type Server struct {
	opts    Options
	handler protocol.Handler

	mu   sync.Mutex
	docs map[string]*document // by URI

	checks    *checks       // the checker of the connection being served
	gate      chan struct{} // tests: when set, each check waits for a value before it starts
	checksRun int64         // tests: how many checks ran (atomic)
	slowCheck time.Duration // tests: SlowCheck when zero
	logMu     sync.Mutex
}

// MaxChangeWork bounds the work of applying the ranged changes of one
// didChange, in bytes copied (each copies the document's text): the server
// asks the editor for whole texts, but accepts ranged changes; beyond
// this, the document is out of sync (its diagnostic says so) until the
// editor sends its whole text again.
const MaxChangeWork = 256 << 20

type document struct {
	uri        string
	path       string
	text       string
	outOfSync  string           // why the text is not the editor's, or ""
	version    protocol.Integer // the editor's
	generation uint64           // the server's: one more at every change
}

// New returns a server with no open document.
func New(opts Options) *Server {
	s := &Server{opts: opts, docs: map[string]*document{}}
	s.handler = protocol.Handler{
		Initialize:                 s.initialize,
		Initialized:                func(*glsp.Context, *protocol.InitializedParams) error { return nil },
		SetTrace:                   func(*glsp.Context, *protocol.SetTraceParams) error { return nil },
		TextDocumentDidOpen:        s.didOpen,
		TextDocumentDidChange:      s.didChange,
		TextDocumentDidSave:        s.didSave,
		TextDocumentDidClose:       s.didClose,
		TextDocumentHover:          s.hover,
		TextDocumentCompletion:     s.completion,
		TextDocumentDefinition:     s.definition,
		TextDocumentFormatting:     s.formatting,
		TextDocumentDocumentSymbol: s.documentSymbol,
	}
	return s
}

// logf writes a line to Options.Log.
func (s *Server) logf(format string, args ...any) {
	if s.opts.Log == nil {
		return
	}
	s.logMu.Lock()
	defer s.logMu.Unlock()
	fmt.Fprintf(s.opts.Log, "ruleplay lsp: "+format+"\n", args...)
}

func (s *Server) initialize(ctx *glsp.Context, params *protocol.InitializeParams) (any, error) {
	caps := s.handler.CreateServerCapabilities()
	full := protocol.TextDocumentSyncKindFull
	caps.TextDocumentSync = &protocol.TextDocumentSyncOptions{OpenClose: &protocol.True, Change: &full, Save: true}
	caps.CompletionProvider = &protocol.CompletionOptions{TriggerCharacters: []string{".", ":", "(", " "}}
	version := s.opts.Version
	return protocol.InitializeResult{
		Capabilities: caps,
		ServerInfo:   &protocol.InitializeResultServerInfo{Name: "ruleplay", Version: &version},
	}, nil
}

// --- documents ---------------------------------------------------------

// The handlers of changes only keep the text: the checker (checks.go)
// checks it, on its own goroutine, when the changes pause.

func (s *Server) didOpen(ctx *glsp.Context, p *protocol.DidOpenTextDocumentParams) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	old := s.docs[p.TextDocument.URI]
	d := &document{uri: p.TextDocument.URI, path: pathOf(p.TextDocument.URI), text: p.TextDocument.Text, version: p.TextDocument.Version}
	if old != nil {
		d.generation = old.generation + 1
	}
	s.docs[d.uri] = d
	s.checks.changed()
	return nil
}

func (s *Server) didChange(ctx *glsp.Context, p *protocol.DidChangeTextDocumentParams) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	d, ok := s.docs[p.TextDocument.URI]
	if !ok {
		return nil
	}
	work := 0 // bytes copied by the ranged changes
changes:
	for i, c := range p.ContentChanges {
		switch c := c.(type) {
		case protocol.TextDocumentContentChangeEventWhole:
			d.text, d.outOfSync = c.Text, ""
		case protocol.TextDocumentContentChangeEvent:
			if c.Range == nil {
				d.text, d.outOfSync = c.Text, ""
				continue
			}
			if work += len(d.text) + len(c.Text); work > MaxChangeWork {
				d.outOfSync = fmt.Sprintf("the editor sent more changes in one message than the server applies (%d of %d applied to a text of %d bytes; at most %d bytes are copied): close and reopen the document", i, len(p.ContentChanges), len(d.text), MaxChangeWork)
				s.logf("%s: %s", safetext.Quote(d.uri, 80), d.outOfSync)
				break changes
			}
			start, end := offsetOf(d.text, c.Range.Start), offsetOf(d.text, c.Range.End)
			d.text = d.text[:start] + c.Text + d.text[max(start, end):]
		}
	}
	d.version = p.TextDocument.Version
	d.generation++
	s.checks.changed()
	return nil
}

func (s *Server) didSave(ctx *glsp.Context, p *protocol.DidSaveTextDocumentParams) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if d, ok := s.docs[p.TextDocument.URI]; ok && p.Text != nil && *p.Text != d.text {
		d.text = *p.Text
		d.generation++
	}
	s.checks.changed() // a saved file may be another's base, read from disk
	return nil
}

func (s *Server) didClose(ctx *glsp.Context, p *protocol.DidCloseTextDocumentParams) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.docs[p.TextDocument.URI]; !ok {
		return nil
	}
	delete(s.docs, p.TextDocument.URI)
	ctx.Notify(protocol.ServerTextDocumentPublishDiagnostics, protocol.PublishDiagnosticsParams{URI: p.TextDocument.URI, Diagnostics: []protocol.Diagnostic{}})
	s.checks.changed() // its variants now read it from disk
	return nil
}

// read returns a file's text: the editor's buffer when it is open, else
// the file on disk.
func (s *Server) read(path string) (string, bool) {
	for _, d := range s.docs {
		if filepath.Clean(d.path) == filepath.Clean(path) {
			return d.text, true
		}
	}
	b, err := readDisk(path)
	return string(b), err == nil
}

// --- stdlib modules and bundled games as files --------------------------

// module returns the function that finds a stdlib module for an index.
func (s *Server) module() func(name string) (string, string, bool) {
	return stdlibModule(s.moduleDir)
}

// moduleDir is the folder holding copies of the embedded modules (see
// embeddedDir).
func (s *Server) moduleDir() string {
	return embeddedDir(s.opts.ModuleDir, "stdlib", stdlib.Names(), func(name string) []byte {
		src, _, _ := stdlib.Open(name)
		return src
	})
}

// gamesDir is the folder holding copies of the bundled games, the bases
// `extends: NAME` reads when no NAME.rules stands beside the variant.
func (s *Server) gamesDir() string {
	base := ""
	if s.opts.ModuleDir != "" {
		base = filepath.Join(s.opts.ModuleDir, "games")
	}
	return embeddedDir(base, "games", games.Names(), func(name string) []byte {
		src, _ := fs.ReadFile(games.FS(), name+".rules")
		return src
	})
}

// basePath is the file `extends: name` in the file at path reads, as the
// loader finds it: the file beside it, or, for a bare name (no .rules, no
// folder) with no such file, the bundled game's copy (gamesDir).
func (s *Server) basePath(path, name string) string {
	p := lang.BasePath(path, name)
	if strings.HasSuffix(name, ".rules") || strings.ContainsAny(name, `/\`) || !games.Has(name) {
		return p
	}
	if _, ok := s.read(p); ok {
		return p
	}
	return filepath.Join(s.gamesDir(), name+".rules")
}

// embeddedDir is a folder holding copies of embedded files (the stdlib
// modules, the bundled games): one folder per version of them (named by
// their hash) under base (the user's cache by default, in the folder
// kind), written once, read-only, so that an editor can open them.
func embeddedDir(base, kind string, names []string, open func(name string) []byte) string {
	if base == "" {
		cache, err := os.UserCacheDir()
		if err != nil {
			cache = os.TempDir()
		}
		base = filepath.Join(cache, "ruleplay", kind)
	}
	h := sha256.New()
	for _, name := range names {
		h.Write([]byte(name))
		h.Write(open(name))
	}
	dir := filepath.Join(base, hex.EncodeToString(h.Sum(nil))[:12])
	if _, err := os.Stat(dir); err == nil {
		return dir
	}
	if err := os.MkdirAll(dir, 0o755); err == nil {
		for _, name := range names {
			_ = os.WriteFile(filepath.Join(dir, name+".rules"), open(name), 0o444)
		}
	}
	return dir
}

func modulePath(dir, name string) string { return filepath.Join(dir, name+".rules") }

// --- formatting --------------------------------------------------------

// formatting lays the document out as `ruleplay fmt` does: one edit
// replacing the whole text, none when it is formatted or does not parse
// (the diagnostics say why).
func (s *Server) formatting(ctx *glsp.Context, p *protocol.DocumentFormattingParams) ([]protocol.TextEdit, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	d, ok := s.docs[p.TextDocument.URI]
	if !ok {
		return nil, nil
	}
	res, err := format.Source(d.path, []byte(d.text))
	if err != nil || string(res) == d.text {
		return []protocol.TextEdit{}, nil
	}
	whole := protocol.Range{Start: protocol.Position{}, End: positionOf(d.text, len(d.text))}
	return []protocol.TextEdit{{Range: whole, NewText: string(res)}}, nil
}
