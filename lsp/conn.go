package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime/debug"

	"github.com/ruleplay/ruleplay/internal/safetext"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// One connection: JSON-RPC 2.0 over the transport, and the protocol's
// lifecycle (initialize, shutdown, exit). Messages are read and answered
// in order on one goroutine; the checks run on another (checks.go), so
// that a costly check never holds up an answer.

// JSON-RPC and protocol error codes.
const (
	codeParseError           = -32700
	codeInvalidRequest       = -32600
	codeMethodNotFound       = -32601
	codeInvalidParams        = -32602
	codeInternalError        = -32603
	codeServerNotInitialized = -32002
	codeRequestFailed        = -32803
)

// ErrExitWithoutShutdown is Serve's error when the editor sends exit
// without shutdown first (the protocol wants exit status 1 then), or the
// input ends without either.
var ErrExitWithoutShutdown = errors.New("exit without shutdown")

// state is where a connection is in the protocol's lifecycle.
type state int

const (
	stateNew         state = iota // before initialize: only initialize and exit
	stateInitialized              // serving
	stateShutdown                 // after shutdown: only exit
)

// message is any JSON-RPC message: a request (method and id), a
// notification (method, no id) or a response (id and result or error).
type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
	Result  json.RawMessage `json:"result"`
	Error   json.RawMessage `json:"error"`
}

type response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  any             `json:"result,omitempty"`
	Error   *responseError  `json:"error,omitempty"`
}

type responseError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type notification struct {
	JSONRPC string `json:"jsonrpc"`
	Method  string `json:"method"`
	Params  any    `json:"params"`
}

var jsonNull = json.RawMessage("null")

// conn is one connection of a server to an editor.
type conn struct {
	s     *Server
	w     *writer
	state state
}

// notify sends a notification to the editor.
func (c *conn) notify(method string, params any) {
	b, err := json.Marshal(notification{JSONRPC: "2.0", Method: method, Params: params})
	if err != nil {
		c.s.logf("sending %s: %v", method, err)
		return
	}
	_ = c.w.write(b)
}

func (c *conn) reply(id json.RawMessage, result any, rerr *responseError) {
	if len(id) == 0 {
		id = jsonNull
	}
	r := response{JSONRPC: "2.0", ID: id, Error: rerr}
	if rerr == nil {
		r.Result = result
		if result == nil {
			r.Result = jsonNull
		}
	}
	b, err := json.Marshal(r)
	if err != nil {
		b, _ = json.Marshal(response{JSONRPC: "2.0", ID: id, Error: &responseError{codeInternalError, "internal error: the answer is not JSON: " + err.Error()}})
	}
	_ = c.w.write(b)
}

// serve reads and answers messages until exit, the end of the input or an
// error of the input or of the output.
func (c *conn) serve(r *reader) error {
	for {
		content, err := r.next()
		if err == io.EOF {
			if c.state == stateShutdown {
				return nil
			}
			return fmt.Errorf("the input ended without shutdown and exit: %w", ErrExitWithoutShutdown)
		}
		if err != nil {
			return err
		}
		if done, err := c.handle(r.count, content); done {
			return err
		}
		if err := c.w.failed(); err != nil {
			return fmt.Errorf("writing to the editor: %w", err)
		}
	}
}

// handle answers one message; done is true after exit.
func (c *conn) handle(n int, content []byte) (done bool, err error) {
	var m message
	if !json.Valid(content) {
		var v any
		err := json.Unmarshal(content, &v)
		msg := fmt.Sprintf("message %d (%d bytes) is not JSON: %v", n, len(content), err)
		c.s.logf("%s", msg)
		c.reply(nil, nil, &responseError{codeParseError, "Parse error: " + msg})
		return false, nil
	}
	if err := json.Unmarshal(content, &m); err != nil || m.JSONRPC != "2.0" || !validID(m.ID) {
		why := "not a JSON-RPC 2.0 message"
		switch {
		case err != nil:
			why += ": " + safetext.Short(err.Error(), 120)
		case m.JSONRPC != "2.0":
			why += ` (no "jsonrpc": "2.0")`
		default:
			why += " (its id is neither a number nor a string)"
		}
		c.s.logf("message %d: %s", n, why)
		id := m.ID
		if !validID(id) {
			id = nil
		}
		c.reply(id, nil, &responseError{codeInvalidRequest, "Invalid Request: message " + fmt.Sprint(n) + " is " + why})
		return false, nil
	}
	isRequest := len(m.ID) > 0 && !bytes.Equal(m.ID, jsonNull)
	if m.Method == "" {
		if len(m.Result) > 0 || len(m.Error) > 0 {
			return false, nil // an answer to a request: the server sends none
		}
		c.reply(m.ID, nil, &responseError{codeInvalidRequest, "Invalid Request: no method"})
		return false, nil
	}
	fail := func(code int, msg string) {
		if isRequest {
			c.reply(m.ID, nil, &responseError{code, msg})
		}
	}
	method := safetext.Quote(m.Method, 60)
	switch {
	case m.Method == protocol.MethodExit:
		if c.state != stateShutdown {
			return true, ErrExitWithoutShutdown
		}
		return true, nil
	case c.state == stateShutdown:
		fail(codeInvalidRequest, "the server is shut down: only exit is expected, not "+method)
		return false, nil
	case m.Method == protocol.MethodInitialize && c.state != stateNew:
		fail(codeInvalidRequest, "initialize was already received")
		return false, nil
	case c.state == stateNew && m.Method != protocol.MethodInitialize:
		fail(codeServerNotInitialized, "server not initialized: the first request must be initialize, not "+method)
		return false, nil
	case m.Method == protocol.MethodShutdown:
		c.state = stateShutdown
		c.s.checks.stop()
		if isRequest {
			c.reply(m.ID, nil, nil)
		}
		return false, nil
	}
	result, rerr := c.call(m.Method, m.Params)
	if m.Method == protocol.MethodInitialize && rerr == nil {
		c.state = stateInitialized
	}
	if !isRequest {
		if rerr != nil && rerr.Code != codeMethodNotFound {
			c.s.logf("%s: %s", method, rerr.Message)
		}
		return false, nil
	}
	c.reply(m.ID, result, rerr)
	return false, nil
}

// validID reports whether id is absent, null, a number or a string.
func validID(id json.RawMessage) bool {
	if len(id) == 0 || bytes.Equal(id, jsonNull) {
		return true
	}
	switch id[0] {
	case '"', '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return true
	}
	return false
}

// call passes a request or notification to glsp's protocol handler (which
// decodes the parameters and calls the server's function), turning a
// panic into an internal error.
func (c *conn) call(method string, params json.RawMessage) (result any, rerr *responseError) {
	defer func() {
		if p := recover(); p != nil {
			c.s.logf("internal error in %s: %v\n%s", safetext.Quote(method, 60), p, debug.Stack())
			result, rerr = nil, &responseError{codeInternalError, fmt.Sprintf("internal error: %v; please report this", p)}
		}
	}()
	gc := glsp.Context{Method: method, Params: params, Notify: c.notify, Call: func(string, any, any) {}}
	if len(gc.Params) == 0 {
		gc.Params = jsonNull
	}
	r, validMethod, validParams, err := c.s.handler.Handle(&gc)
	switch {
	case !validMethod:
		return nil, &responseError{codeMethodNotFound, "method not supported: " + safetext.Quote(method, 60)}
	case !validParams:
		msg := "invalid params"
		if err != nil {
			msg += ": " + safetext.Short(err.Error(), 200)
		}
		return nil, &responseError{codeInvalidParams, msg}
	case err != nil:
		return nil, &responseError{codeRequestFailed, safetext.Short(err.Error(), 200)}
	}
	return r, nil
}

// Serve answers the editor on stream (JSON-RPC 2.0 framed by
// Content-Length headers, as editors speak it on a server's standard
// input and output) until the editor sends exit or closes the stream. It
// returns nil after shutdown and exit; ErrExitWithoutShutdown after exit
// alone or the end of the input without both; a *FramingError when the
// input is not framed messages; an error of reading or writing the
// stream.
func (s *Server) Serve(ctx context.Context, stream io.ReadWriteCloser) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	c := &conn{s: s, w: &writer{out: stream}}
	s.checks = newChecks(s, c.notify)
	defer s.checks.stop()
	go func() {
		<-ctx.Done()
		stream.Close()
	}()
	err := c.serve(newReader(stream))
	if ctx.Err() != nil && err != nil && !errors.Is(err, ErrExitWithoutShutdown) {
		return ctx.Err()
	}
	return err
}
