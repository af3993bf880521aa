package lsp

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/ruleplay/ruleplay/lang"
	"github.com/ruleplay/ruleplay/lang/format"
	"github.com/ruleplay/ruleplay/stdlib"
	"github.com/sourcegraph/jsonrpc2"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// Options configure a Server.
type Options struct {
	// ModuleDir is where the server writes the embedded stdlib modules, so
	// that "go to definition" can open them as files; by default a folder
	// of the user's cache directory.
	ModuleDir string
	// Version is reported to the editor as the server's version.
	Version string
}

// Server is the language server: the open documents and the protocol
// handlers. Serve runs it on one connection.
type Server struct {
	opts    Options
	handler protocol.Handler

	mu   sync.Mutex
	docs map[string]*document // by URI
}

type document struct {
	uri  string
	path string
	text string
}

// New returns a server with no open document.
func New(opts Options) *Server {
	s := &Server{opts: opts, docs: map[string]*document{}}
	s.handler = protocol.Handler{
		Initialize:                 s.initialize,
		Initialized:                func(*glsp.Context, *protocol.InitializedParams) error { return nil },
		Shutdown:                   func(*glsp.Context) error { return nil },
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

// Serve answers the editor on stream (JSON-RPC 2.0 with Content-Length
// headers, as editors speak it on a server's standard input and output)
// until the editor sends exit or closes the stream.
func (s *Server) Serve(ctx context.Context, stream io.ReadWriteCloser) error {
	conn := jsonrpc2.NewConn(ctx, jsonrpc2.NewBufferedStream(stream, jsonrpc2.VSCodeObjectCodec{}), jsonrpc2.HandlerWithError(s.handle))
	select {
	case <-conn.DisconnectNotify():
	case <-ctx.Done():
		conn.Close()
	}
	return nil
}

// handle passes a request to glsp's protocol handler, as glsp's own server
// does (which only serves the process's standard streams).
func (s *Server) handle(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
	gc := glsp.Context{
		Method: req.Method,
		Notify: func(method string, params any) { _ = conn.Notify(ctx, method, params) },
		Call:   func(method string, params, result any) { _ = conn.Call(ctx, method, params, result) },
	}
	if req.Params != nil {
		gc.Params = *req.Params
	}
	if req.Method == protocol.MethodExit {
		s.handler.Handle(&gc)
		return nil, conn.Close()
	}
	r, validMethod, validParams, err := s.handler.Handle(&gc)
	switch {
	case !validMethod:
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeMethodNotFound, Message: "method not supported: " + req.Method}
	case !validParams:
		msg := "invalid params"
		if err != nil {
			msg = err.Error()
		}
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: msg}
	case err != nil:
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidRequest, Message: err.Error()}
	}
	return r, nil
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

// --- documents and diagnostics -----------------------------------------

func (s *Server) didOpen(ctx *glsp.Context, p *protocol.DidOpenTextDocumentParams) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.docs[p.TextDocument.URI] = &document{uri: p.TextDocument.URI, path: pathOf(p.TextDocument.URI), text: p.TextDocument.Text}
	s.publishAll(ctx)
	return nil
}

func (s *Server) didChange(ctx *glsp.Context, p *protocol.DidChangeTextDocumentParams) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	d, ok := s.docs[p.TextDocument.URI]
	if !ok {
		return nil
	}
	for _, c := range p.ContentChanges {
		switch c := c.(type) {
		case protocol.TextDocumentContentChangeEventWhole:
			d.text = c.Text
		case protocol.TextDocumentContentChangeEvent:
			if c.Range == nil {
				d.text = c.Text
				continue
			}
			start, end := offsetOf(d.text, c.Range.Start), offsetOf(d.text, c.Range.End)
			d.text = d.text[:start] + c.Text + d.text[max(start, end):]
		}
	}
	s.publishAll(ctx)
	return nil
}

func (s *Server) didSave(ctx *glsp.Context, p *protocol.DidSaveTextDocumentParams) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if d, ok := s.docs[p.TextDocument.URI]; ok && p.Text != nil {
		d.text = *p.Text
	}
	s.publishAll(ctx)
	return nil
}

func (s *Server) didClose(ctx *glsp.Context, p *protocol.DidCloseTextDocumentParams) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.docs, p.TextDocument.URI)
	ctx.Notify(protocol.ServerTextDocumentPublishDiagnostics, protocol.PublishDiagnosticsParams{URI: p.TextDocument.URI, Diagnostics: []protocol.Diagnostic{}})
	s.publishAll(ctx)
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
	b, err := lang.ReadFile(path)
	return string(b), err == nil
}

// publishAll checks every open document (a change to a base changes its
// variants) and sends each its diagnostics, in URI order.
func (s *Server) publishAll(ctx *glsp.Context) {
	uris := make([]string, 0, len(s.docs))
	for u := range s.docs {
		uris = append(uris, u)
	}
	sort.Strings(uris)
	for _, u := range uris {
		d := s.docs[u]
		ctx.Notify(protocol.ServerTextDocumentPublishDiagnostics, protocol.PublishDiagnosticsParams{URI: u, Diagnostics: s.diagnose(d)})
	}
}

var (
	severityError   = protocol.DiagnosticSeverityError
	severityWarning = protocol.DiagnosticSeverityWarning
	sourceName      = "ruleplay"
)

// diagnose checks a document as `ruleplay vet` does. A problem found in a
// base or a module is shown on the document's extends or import entry,
// with its place.
func (s *Server) diagnose(d *document) []protocol.Diagnostic {
	out := []protocol.Diagnostic{}
	_, warnings, err := lang.VetSourceWith(d.path, []byte(d.text), func(path string) ([]byte, error) {
		if text, ok := s.read(path); ok {
			return []byte(text), nil
		}
		_, err := lang.ReadFile(path)
		return nil, err
	}, nil)
	if err == nil {
		return s.convert(d, warnings, &severityWarning, out)
	}
	var diags lang.Diagnostics
	if !errors.As(err, &diags) {
		return append(out, protocol.Diagnostic{Severity: &severityError, Source: &sourceName, Message: err.Error()})
	}
	return s.convert(d, diags, &severityError, out)
}

// convert appends diags to out as LSP diagnostics of severity sev: those
// of another file (a base, a module) on the entry that reads it.
func (s *Server) convert(d *document, diags lang.Diagnostics, sev *protocol.DiagnosticSeverity, out []protocol.Diagnostic) []protocol.Diagnostic {
	if len(diags) == 0 {
		return out
	}
	f := parseFile(d.path, d.text)
	for _, dg := range diags {
		msg := dg.Msg
		if dg.Hint != "" {
			msg += "\nhint: " + dg.Hint
		}
		var r protocol.Range
		if filepath.Clean(dg.Pos.File) == filepath.Clean(d.path) {
			r = rangeOf(d.text, dg.Pos)
		} else {
			r = s.baseEntryRange(f, dg.Pos.File)
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
		out = append(out, protocol.Diagnostic{Range: r, Severity: sev, Source: &sourceName, Message: msg})
	}
	return out
}

// baseEntryRange is the range of the extends or import entry of f through
// which the file other is read (the first such entry when it is not
// found).
func (s *Server) baseEntryRange(f *file, other string) protocol.Range {
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
				return tokenRange(f.text, e.key)
			}
			if e.key.Text == "extends" && filepath.Clean(lang.BasePath(f.path, name)) == filepath.Clean(other) {
				return tokenRange(f.text, e.key)
			}
		}
	}
	if first != nil {
		return tokenRange(f.text, first.key)
	}
	return protocol.Range{}
}

// --- stdlib modules as files -------------------------------------------

// module returns the function that finds a stdlib module for an index.
func (s *Server) module() func(name string) (string, string, bool) {
	return stdlibModule(s.moduleDir)
}

// moduleDir is the folder holding copies of the embedded modules: one
// folder per version of the modules (named by their hash), written once,
// read-only, so that an editor can open them.
func (s *Server) moduleDir() string {
	base := s.opts.ModuleDir
	if base == "" {
		cache, err := os.UserCacheDir()
		if err != nil {
			cache = os.TempDir()
		}
		base = filepath.Join(cache, "ruleplay", "stdlib")
	}
	h := sha256.New()
	for _, name := range stdlib.Names() {
		src, _, _ := stdlib.Open(name)
		h.Write([]byte(name))
		h.Write(src)
	}
	dir := filepath.Join(base, hex.EncodeToString(h.Sum(nil))[:12])
	if _, err := os.Stat(dir); err == nil {
		return dir
	}
	if err := os.MkdirAll(dir, 0o755); err == nil {
		for _, name := range stdlib.Names() {
			src, _, _ := stdlib.Open(name)
			_ = os.WriteFile(filepath.Join(dir, name+".rules"), src, 0o444)
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
