package lang

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/ruleplay/ruleplay/internal/inputs"
	"github.com/ruleplay/ruleplay/internal/safetext"
)

// Limits of the parser: beyond them a rules file is refused with a
// positioned error before the parser (which recurses once per level and
// would otherwise exhaust the stack) sees it.
const (
	// MaxNesting is how deep brackets, `not`, unary `-` and `if` may nest.
	MaxNesting = 100
	// MaxNumber is the largest number a rules file may write.
	MaxNumber = 1_000_000_000
)

// bom is the UTF-8 byte-order mark some editors put at the start of a file.
var bom = []byte("\uFEFF")

// stripBOM drops a leading byte-order mark: it is not part of the text.
func stripBOM(src []byte) []byte { return bytes.TrimPrefix(src, bom) }

// ReadFile reads a rules file, at most MaxFileSize bytes of it: a larger
// file, or one that never ends (/dev/zero, a pipe), is an error without
// reading more than the limit.
func ReadFile(path string) ([]byte, error) {
	f, err := inputs.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.IsDir() {
		return nil, &os.PathError{Op: "read", Path: path, Err: fmt.Errorf("is a directory")}
	}
	src, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return nil, err
	}
	if len(src) > MaxFileSize {
		return nil, fmt.Errorf("%s: file too large (more than %d bytes)", path, MaxFileSize)
	}
	return src, nil
}

// ReadBase reads a base named by `extends`: as ReadFile, but only a
// regular file (a symlink to one is). A named pipe, a device (/dev/zero,
// a terminal), a socket or a directory is refused without being read or
// waited on: the file is looked at before it is opened, and opened without
// blocking and looked at again (it may have been replaced in between).
func ReadBase(path string) ([]byte, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if err := regular(path, st); err != nil {
		return nil, err
	}
	f, err := inputs.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err = f.Stat(); err != nil {
		return nil, err
	}
	if err := regular(path, st); err != nil {
		return nil, err
	}
	src, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return nil, err
	}
	if len(src) > MaxFileSize {
		return nil, fmt.Errorf("%s: file too large (more than %d bytes)", path, MaxFileSize)
	}
	return src, nil
}

// regular returns an error naming what path is when it is not a regular
// file.
func regular(path string, st os.FileInfo) error {
	m := st.Mode()
	if m.IsRegular() {
		return nil
	}
	what := "not a regular file"
	switch {
	case m.IsDir():
		what = "a directory"
	case m&os.ModeNamedPipe != 0:
		what = "a named pipe"
	case m&os.ModeSocket != 0:
		what = "a socket"
	case m&os.ModeDevice != 0:
		what = "a device"
	}
	return fmt.Errorf("%s is %s, not a rules file (a base must be a regular file)", path, what)
}

// checkLimits scans the tokens of src for numbers out of range and for
// nesting deeper than MaxNesting, reporting the first of each; ok is false
// when one was found (the file is not parsed then).
func (l *loader) checkLimits(path string, src []byte) (ok bool) {
	ok = true
	depth := 0      // brackets open
	var ifs []int   // per bracket level: `if`s opened at that level
	var open []byte // the brackets open, innermost last
	prefix := 0     // unary operators in a row just before the current token
	afterOp := true // the previous token cannot end an operand (so - is unary)
	ifs = append(ifs, 0)
	deep := false
	// hexRows counts the rows of each hex(...) open, innermost last: a
	// board of 100,000 rows is refused here, before the parser builds it.
	type hexCall struct {
		at    Pos
		level int // depth inside the bracket
		rows  int
	}
	var hexes []hexCall
	var prev Token
	for _, t := range Lex(path, src) {
		switch t.Kind {
		case TokSpace, TokComment:
			continue
		case TokInt, TokSize:
			if ok && !l.checkNumbers(t) {
				ok = false
			}
		case TokString:
			if !safetext.Clean(unquote(t.Text)) {
				ok = false
				l.r.errorf(t.Pos, "a string holds printable text: no control characters or terminal escapes", "a control character in a string")
			}
		}
		unary := (t.Kind == TokKeyword && t.Text == "not") || (t.Text == "-" && afterOp)
		switch {
		case unary:
			prefix++
		case t.Kind == TokKeyword && t.Text == "if":
			ifs[len(ifs)-1]++
			prefix = 0
		case t.Text == "(" || t.Text == "[" || t.Text == "{":
			if t.Text == "(" && prev.Kind == TokIdent && prev.Text == "hex" {
				hexes = append(hexes, hexCall{at: prev.Pos, level: depth + 1, rows: 1})
			}
			depth++
			ifs = append(ifs, 0)
			open = append(open, t.Text[0])
			prefix = 0
		case t.Text == ")" || t.Text == "]" || t.Text == "}":
			if n := len(hexes); n > 0 && hexes[n-1].level == depth {
				if h := hexes[n-1]; h.rows > maxBoardSide {
					ok = false
					h.at.Len = len("hex")
					l.r.errorf(h.at, "write hex(5, 6, 7, 8, 9, 8, 7, 6, 5): the cells of each row", "a hex board has at most %d rows; this one has %d", maxBoardSide, h.rows)
				}
				hexes = hexes[:n-1]
			}
			if depth > 0 {
				depth--
				ifs = ifs[:len(ifs)-1]
				open = open[:len(open)-1]
			}
			prefix = 0
		case (t.Kind == TokNewline || t.Text == ";" || t.Text == ",") && (len(open) == 0 || open[len(open)-1] == '{'):
			// The end of an entry (or of a value of an entry): its ifs are
			// closed. Inside ( or [ a newline continues the expression.
			ifs[len(ifs)-1] = 0
			prefix = 0
		default:
			prefix = 0
		}
		if t.Text == "," && len(hexes) > 0 && hexes[len(hexes)-1].level == depth {
			hexes[len(hexes)-1].rows++
		}
		prev = t
		afterOp = t.Kind == TokKeyword || t.Kind == TokNewline || (t.Kind == TokOp && !strings.Contains(")]}", t.Text))
		if !deep && depth+sum(ifs)+prefix > MaxNesting {
			deep, ok = true, false
			l.r.errorf(t.Pos, "split the expression, or name a part of it", "nesting deeper than %d levels (brackets, not, -, if)", MaxNesting)
		}
	}
	return ok
}

func sum(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}

// checkNumbers reports a number (or either side of a size) above MaxNumber,
// naming it as written.
func (l *loader) checkNumbers(t Token) bool {
	parts := []string{t.Text}
	if t.Kind == TokSize {
		w, h, _ := strings.Cut(t.Text, "x")
		parts = []string{w, h}
	}
	col := t.Pos.Col
	for _, p := range parts {
		digits := strings.TrimLeft(p, "0")
		if len(digits) > 10 || (len(digits) == 10 && digits > fmt.Sprint(MaxNumber)) {
			pos := t.Pos
			pos.Col, pos.Len = col, len(p)
			l.r.errorf(pos, fmt.Sprintf("numbers in a rules file are at most %d", MaxNumber), "number %s is out of range", safetext.Short(p, 40))
			return false
		}
		col += len(p) + 1
	}
	return true
}
