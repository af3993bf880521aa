package lsp

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"

	"github.com/ruleplay/ruleplay/internal/safetext"
)

// The transport: messages framed as the Language Server Protocol frames
// them, a header of "Name: value" lines each ended by \r\n, an empty line,
// and Content-Length bytes of JSON. Reading is bounded: a header line, the
// header and a message's content have limits, and input that is not
// framed so (no Content-Length, a line ended by \n alone, an HTTP request,
// a length over the limit, a message cut short) ends the server with an
// error that says what came, because nothing after it can be trusted to
// start a message.

const (
	// MaxMessageSize is the most bytes the content of one message may
	// have: a document of 10 MB, escaped as JSON, fits.
	MaxMessageSize = 64 << 20
	// MaxHeaderSize is the most bytes the header of one message may have
	// (its lines together, line ends included).
	MaxHeaderSize = 4096
)

// FramingError is input that is not a framed message: the server cannot
// find where the next message starts, so it stops.
type FramingError struct {
	Message int // the message it happened in, counted from 1
	Msg     string
}

func (e *FramingError) Error() string {
	return fmt.Sprintf("message %d: %s", e.Message, e.Msg)
}

// reader reads framed messages.
type reader struct {
	in    *bufio.Reader
	count int // messages begun
}

func newReader(in io.Reader) *reader {
	return &reader{in: bufio.NewReaderSize(in, MaxHeaderSize)}
}

// next returns the content of the next message. It returns io.EOF when the
// input ends between two messages, a *FramingError when it is not framed
// as the protocol frames it, and any error of reading.
func (r *reader) next() ([]byte, error) {
	r.count++
	fail := func(format string, args ...any) error {
		return &FramingError{Message: r.count, Msg: fmt.Sprintf(format, args...)}
	}
	length := int64(-1)
	header := 0
	for lineNo := 1; ; lineNo++ {
		line, err := r.in.ReadSlice('\n')
		header += len(line)
		switch {
		case err == io.EOF && header == 0:
			return nil, io.EOF
		case err == io.EOF:
			return nil, fail("the input ended inside the header (after %s)", shortText(line))
		case errors.Is(err, bufio.ErrBufferFull) || header > MaxHeaderSize:
			return nil, fail("the header is longer than %d bytes (%s); is this the Language Server Protocol?", MaxHeaderSize, shortText(line))
		case err != nil:
			return nil, err
		}
		if !bytes.HasSuffix(line, []byte("\r\n")) {
			return nil, fail(`header line %d (%s) ends with \n alone: the protocol ends header lines with \r\n`, lineNo, shortText(line))
		}
		text := string(line[:len(line)-2])
		if text == "" {
			break
		}
		name, value, ok := strings.Cut(text, ":")
		if !ok || name == "" || strings.ContainsAny(name, " \t") {
			if isHTTP(text) {
				return nil, fail("an HTTP request (%s): ruleplay lsp speaks the Language Server Protocol with an editor on its standard input and output; the web server is ruleplay serve", shortText(line))
			}
			return nil, fail(`header line %d (%s) is not "Name: value"; a message starts with "Content-Length: N\r\n\r\n"`, lineNo, shortText(line))
		}
		if !strings.EqualFold(name, "Content-Length") {
			continue // Content-Type and any other header: the content is UTF-8 JSON
		}
		value = strings.TrimSpace(value)
		n, err := strconv.ParseInt(value, 10, 64)
		switch {
		case err != nil && strings.Trim(value, "0123456789") == "" && value != "":
			return nil, fail("Content-Length %s is over the limit of %d bytes", safetext.Short(value, 40), MaxMessageSize)
		case err != nil || n < 0 || strings.HasPrefix(value, "+"):
			return nil, fail("Content-Length %q is not a number of bytes", safetext.Short(value, 40))
		case n > MaxMessageSize:
			return nil, fail("Content-Length %d is over the limit of %d bytes", n, MaxMessageSize)
		case length >= 0 && n != length:
			return nil, fail("two Content-Length headers, %d and %d", length, n)
		}
		length = n
	}
	if length < 0 {
		return nil, fail("the header has no Content-Length")
	}
	body, err := io.ReadAll(io.LimitReader(r.in, length))
	if err != nil {
		return nil, err
	}
	if int64(len(body)) < length {
		return nil, fail("the input ended inside the content (%d of %d bytes)", len(body), length)
	}
	return body, nil
}

// isHTTP reports whether a line is the request line of HTTP ("GET /
// HTTP/1.1").
func isHTTP(line string) bool {
	f := strings.Fields(line)
	return len(f) == 3 && strings.HasPrefix(f[2], "HTTP/")
}

// shortText quotes a line of input for a message: cut, its control
// characters escaped.
func shortText(b []byte) string {
	return safetext.Quote(string(b), 60)
}

// writer writes framed messages; one at a time, from any goroutine.
type writer struct {
	mu  sync.Mutex
	out io.Writer
	err error // the first error of writing: every later write fails with it
}

func (w *writer) write(content []byte) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err != nil {
		return w.err
	}
	buf := make([]byte, 0, len(content)+32)
	buf = append(buf, "Content-Length: "...)
	buf = strconv.AppendInt(buf, int64(len(content)), 10)
	buf = append(buf, "\r\n\r\n"...)
	buf = append(buf, content...)
	if _, err := w.out.Write(buf); err != nil {
		w.err = err
	}
	return w.err
}

func (w *writer) failed() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.err
}
