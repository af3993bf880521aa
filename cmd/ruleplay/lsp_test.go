package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ruleplay/ruleplay/lsp"
)

// lspProcess is `ruleplay lsp` run by Main with its standard input and
// output on pipes, driven as an editor drives it: framed messages written,
// framed messages read.
type lspProcess struct {
	t      *testing.T
	in     *io.PipeWriter
	out    *bufio.Reader
	stderr *lockedBuffer
	code   chan int
}

// lockedBuffer is a bytes.Buffer written by the server and read by the test.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// answerWait bounds every wait of these tests for the server.
const answerWait = 20 * time.Second

func startLsp(t *testing.T) *lspProcess {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	p := &lspProcess{t: t, in: inW, out: bufio.NewReader(outR), stderr: &lockedBuffer{}, code: make(chan int, 1)}
	go func() {
		p.code <- Main([]string{"lsp"}, inR, outW, p.stderr)
		outW.Close()
	}()
	t.Cleanup(func() {
		inW.Close()
		outR.Close()
	})
	return p
}

// send writes one framed message (the JSON as given).
func (p *lspProcess) send(content string) {
	p.t.Helper()
	if _, err := fmt.Fprintf(p.in, "Content-Length: %d\r\n\r\n%s", len(content), content); err != nil {
		p.t.Fatalf("sending %s: %v", content, err)
	}
}

// recv reads the next framed message the server sends, as JSON with its
// keys sorted, failing the test when none comes within answerWait.
func (p *lspProcess) recv(what string) string {
	p.t.Helper()
	got := make(chan string, 1)
	go func() {
		got <- readFramed(p.out)
	}()
	select {
	case s := <-got:
		if s == "" {
			p.t.Fatalf("waiting for %s: the output ended; stderr: %s", what, p.stderr.String())
		}
		return s
	case <-time.After(answerWait):
		p.t.Fatalf("no message within %v while waiting for %s", answerWait, what)
	}
	return ""
}

// readFramed reads one message ("" at the end of the output), its keys
// sorted.
func readFramed(r *bufio.Reader) string {
	length := -1
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return ""
		}
		line = strings.TrimRight(line, "\r\n")
		if line == "" {
			break
		}
		if v, ok := strings.CutPrefix(line, "Content-Length: "); ok {
			length, _ = strconv.Atoi(v)
		}
	}
	body := make([]byte, length)
	if _, err := io.ReadFull(r, body); err != nil {
		return ""
	}
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		return "not JSON: " + string(body)
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// exit waits for Main to return and gives its exit status.
func (p *lspProcess) exit() int {
	p.t.Helper()
	select {
	case code := <-p.code:
		return code
	case <-time.After(answerWait):
		p.t.Fatalf("ruleplay lsp still runs %v after its input ended", answerWait)
	}
	return -1
}

func expectMessage(t *testing.T, got, want string) {
	t.Helper()
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

const lspInitialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`

// ruleplay lsp speaks the protocol on its standard input and output, as an
// editor starts it: initialize, a document opened with a mistake (its
// diagnostics come when the changes pause), shutdown, a request after
// shutdown (refused: only exit is expected), exit (status 0).
func TestLspCommand(t *testing.T) {
	p := startLsp(t)
	p.send(lspInitialize)
	if got := p.recv("the answer to initialize"); !strings.HasPrefix(got, `{"id":1,"jsonrpc":"2.0","result":{"capabilities":`) ||
		!strings.Contains(got, `"serverInfo":{"name":"ruleplay"`) {
		t.Errorf("initialize: %s", got)
	}
	p.send(`{"jsonrpc":"2.0","method":"initialized","params":{}}`)
	p.send(`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///nowhere/x.rules","languageId":"ruleplay","version":1,` +
		`"text":"board { shape: square(8x8); cells: drak }\nplayers: a, b\n"}}}`)
	expectMessage(t, p.recv("the diagnostics"), `{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"diagnostics":[`+
		`{"message":"unknown cell subset \"drak\"\nhint: did you mean \"dark\"?","range":{"end":{"character":39,"line":0},"start":{"character":35,"line":0}},"severity":1,"source":"ruleplay"}],`+
		`"uri":"file:///nowhere/x.rules","version":1}}`)
	p.send(`{"jsonrpc":"2.0","id":2,"method":"shutdown"}`)
	expectMessage(t, p.recv("the answer to shutdown"), `{"id":2,"jsonrpc":"2.0","result":null}`)
	p.send(`{"jsonrpc":"2.0","id":3,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///nowhere/x.rules"},"position":{"line":0,"character":2}}}`)
	expectMessage(t, p.recv("the answer to a request after shutdown"),
		`{"error":{"code":-32600,"message":"the server is shut down: only exit is expected, not \"textDocument/hover\""},"id":3,"jsonrpc":"2.0"}`)
	p.send(`{"jsonrpc":"2.0","method":"exit"}`)
	if code := p.exit(); code != 0 {
		t.Errorf("exit status %d after shutdown and exit, want 0", code)
	}
	if s := p.stderr.String(); s != "" {
		t.Errorf("stderr: %s", s)
	}
}

// A message that is not JSON, well framed, gets a Parse error answer
// (with a null id: none can be read) and the server goes on; so do
// messages that are JSON but not JSON-RPC, a request before initialize,
// an unknown method (named cut short when it is long), initialize twice.
func TestLspBadMessages(t *testing.T) {
	p := startLsp(t)
	p.send(`{"jsonrpc":"2.0","id":1,"method":"initialize",`)
	expectMessage(t, p.recv("the answer to broken JSON"),
		`{"error":{"code":-32700,"message":"Parse error: message 1 (46 bytes) is not JSON: unexpected end of JSON input"},"id":null,"jsonrpc":"2.0"}`)
	p.send(`[1,2]`)
	expectMessage(t, p.recv("the answer to an array"),
		`{"error":{"code":-32600,"message":"Invalid Request: message 2 is not a JSON-RPC 2.0 message: json: cannot unmarshal array into Go value of type lsp.message"},"id":null,"jsonrpc":"2.0"}`)
	p.send(`{"id":7,"method":"initialize","params":{"capabilities":{}}}`)
	expectMessage(t, p.recv("the answer to a message without jsonrpc"),
		`{"error":{"code":-32600,"message":"Invalid Request: message 3 is not a JSON-RPC 2.0 message (no \"jsonrpc\": \"2.0\")"},"id":7,"jsonrpc":"2.0"}`)
	p.send(`{"jsonrpc":"2.0","id":{"a":1},"method":"initialize"}`)
	expectMessage(t, p.recv("the answer to an id that is an object"),
		`{"error":{"code":-32600,"message":"Invalid Request: message 4 is not a JSON-RPC 2.0 message (its id is neither a number nor a string)"},"id":null,"jsonrpc":"2.0"}`)
	p.send(`{"jsonrpc":"2.0","id":"h","method":"textDocument/hover","params":{}}`)
	expectMessage(t, p.recv("the answer to a request before initialize"),
		`{"error":{"code":-32002,"message":"server not initialized: the first request must be initialize, not \"textDocument/hover\""},"id":"h","jsonrpc":"2.0"}`)
	p.send(lspInitialize)
	if got := p.recv("the answer to initialize"); !strings.HasPrefix(got, `{"id":1,"jsonrpc":"2.0","result":{"capabilities":`) {
		t.Errorf("initialize after bad messages: %s", got)
	}
	p.send(lspInitialize)
	expectMessage(t, p.recv("the answer to a second initialize"),
		`{"error":{"code":-32600,"message":"initialize was already received"},"id":1,"jsonrpc":"2.0"}`)
	p.send(`{"jsonrpc":"2.0","id":5,"method":"` + strings.Repeat("m", 1<<20) + `"}`)
	expectMessage(t, p.recv("the answer to an unknown method"),
		`{"error":{"code":-32601,"message":"method not supported: \"mmmmmmmmmmmmmmmmmmmmmmmmmmmmmm...mmmmmmmmmmmmmmmmmmmmmmmmmmmmmm (1048576 characters)\""},"id":5,"jsonrpc":"2.0"}`)
	p.send(`{"jsonrpc":"2.0","id":6,"method":"textDocument/hover","params":{"position":"here"}}`)
	if got := p.recv("the answer to bad params"); !strings.HasPrefix(got, `{"error":{"code":-32602,"message":"invalid params: json: cannot unmarshal string into Go struct field`) {
		t.Errorf("bad params: %s", got)
	}
	p.send(`{"jsonrpc":"2.0","id":8,"method":"shutdown"}`)
	expectMessage(t, p.recv("the answer to shutdown"), `{"id":8,"jsonrpc":"2.0","result":null}`)
	p.send(`{"jsonrpc":"2.0","method":"exit"}`)
	if code := p.exit(); code != 0 {
		t.Errorf("exit status %d, want 0", code)
	}
	if s := p.stderr.String(); !strings.Contains(s, "ruleplay lsp: message 1 (46 bytes) is not JSON: unexpected end of JSON input\n") {
		t.Errorf("stderr: %s", s)
	}
}

// Exit without shutdown ends the server with status 1, as the protocol
// says; so does the end of the input before shutdown.
func TestLspExitWithoutShutdown(t *testing.T) {
	p := startLsp(t)
	p.send(lspInitialize)
	p.recv("the answer to initialize")
	p.send(`{"jsonrpc":"2.0","method":"exit"}`)
	if code := p.exit(); code != 1 {
		t.Errorf("exit status %d, want 1", code)
	}
	if got, want := p.stderr.String(), "ruleplay: lsp: exit without shutdown\n"; got != want {
		t.Errorf("stderr %q, want %q", got, want)
	}

	var out, errOut bytes.Buffer
	in := fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(lspInitialize), lspInitialize)
	if code := Main([]string{"lsp"}, strings.NewReader(in), &out, &errOut); code != 1 {
		t.Errorf("exit status %d at the end of the input, want 1", code)
	}
	if got, want := errOut.String(), "ruleplay: lsp: the input ended without shutdown and exit: exit without shutdown\n"; got != want {
		t.Errorf("stderr %q, want %q", got, want)
	}
}

// endless is an input that never ends: its first bytes, then the same byte
// for ever.
type endless struct {
	start []byte
	fill  byte
	read  int
}

func (e *endless) Read(p []byte) (int, error) {
	n := copy(p, e.start)
	e.start = e.start[n:]
	for i := n; i < len(p); i++ {
		p[i] = e.fill
	}
	e.read += len(p)
	return len(p), nil
}

// Input that is not framed as the protocol frames it ends the server with
// a message saying what came and status 1, having read a bounded part of
// it (the endless inputs would never end otherwise).
func TestLspFramingErrors(t *testing.T) {
	framed := func(s string) string { return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(s), s) }
	init := framed(lspInitialize)
	for _, c := range []struct {
		name string
		in   io.Reader
		want string
	}{
		{"no Content-Length", strings.NewReader(init + "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}"),
			"ruleplay: lsp: message 2: the header has no Content-Length\n"},
		{"a length that is not a number", strings.NewReader("Content-Length: twelve\r\n\r\n{}"),
			`ruleplay: lsp: message 1: Content-Length "twelve" is not a number of bytes` + "\n"},
		{"a negative length", strings.NewReader("Content-Length: -2\r\n\r\n{}"),
			`ruleplay: lsp: message 1: Content-Length "-2" is not a number of bytes` + "\n"},
		{"an absurd length", &endless{start: []byte("Content-Length: 99999999999999999999999999\r\n\r\n"), fill: '{'},
			fmt.Sprintf("ruleplay: lsp: message 1: Content-Length 99999999999999999999999999 is over the limit of %d bytes\n", lsp.MaxMessageSize)},
		{"a length over the limit", &endless{start: []byte(fmt.Sprintf("Content-Length: %d\r\n\r\n", lsp.MaxMessageSize+1)), fill: ' '},
			fmt.Sprintf("ruleplay: lsp: message 1: Content-Length %d is over the limit of %d bytes\n", lsp.MaxMessageSize+1, lsp.MaxMessageSize)},
		{"two lengths", strings.NewReader("Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}"),
			"ruleplay: lsp: message 1: two Content-Length headers, 2 and 3\n"},
		{"lines ended by LF alone", strings.NewReader(strings.ReplaceAll(init, "\r\n", "\n")),
			`ruleplay: lsp: message 1: header line 1 ("Content-Length: 75\n") ends with \n alone: the protocol ends header lines with \r\n` + "\n"},
		{"an HTTP request", strings.NewReader("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n"),
			`ruleplay: lsp: message 1: an HTTP request ("GET / HTTP/1.1\r\n"): ruleplay lsp speaks the Language Server Protocol with an editor on its standard input and output; the web server is ruleplay serve` + "\n"},
		{"a line that is not a header", strings.NewReader(init + "hello\r\n"),
			`ruleplay: lsp: message 2: header line 1 ("hello\r\n") is not "Name: value"; a message starts with "Content-Length: N\r\n\r\n"` + "\n"},
		{"an endless header line", &endless{fill: 'a'},
			`ruleplay: lsp: message 1: the header is longer than 4096 bytes ("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa (4096 characters)"); is this the Language Server Protocol?` + "\n"},
		{"endless header lines", &endless{start: []byte("X: y\r\n"), fill: '\n'},
			`ruleplay: lsp: message 1: header line 2 ("\n") ends with \n alone: the protocol ends header lines with \r\n` + "\n"},
		{"endless headers", &endless{start: []byte("Content-Length: 2\r\n"), fill: 'x'},
			`ruleplay: lsp: message 1: the header is longer than 4096 bytes ("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx (4096 characters)"); is this the Language Server Protocol?` + "\n"},
		{"a header cut short", strings.NewReader("Content-Length: 2\r\nConte"),
			`ruleplay: lsp: message 1: the input ended inside the header (after "Conte")` + "\n"},
		{"content cut short", strings.NewReader("Content-Length: 100\r\n\r\n{\"jsonrpc\""),
			"ruleplay: lsp: message 1: the input ended inside the content (10 of 100 bytes)\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			done := make(chan int, 1)
			go func() { done <- Main([]string{"lsp"}, c.in, &out, &errOut) }()
			select {
			case code := <-done:
				if code != 1 {
					t.Errorf("exit status %d, want 1", code)
				}
			case <-time.After(answerWait):
				t.Fatalf("ruleplay lsp still reads the input after %v", answerWait)
			}
			if got := errOut.String(); got != c.want {
				t.Errorf("stderr\n%s\nwant\n%s", got, c.want)
			}
			if e, ok := c.in.(*endless); ok && e.read > 1<<20 {
				t.Errorf("read %d bytes of an endless input", e.read)
			}
		})
	}
}
