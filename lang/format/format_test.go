package format

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
	"github.com/ruleplay/ruleplay/lang"
)

// TestGolden formats the in.rules of each testdata/*.txtar and compares
// with its out.rules. RULEPLAY_UPDATE_FORMAT=1 rewrites out.rules.
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.txtar"))
	if len(files) < 3 {
		t.Fatalf("only %d cases", len(files))
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			a, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			in, want := archiveFile(a, "in.rules"), archiveFile(a, "out.rules")
			got, err := Source("in.rules", in)
			if err != nil {
				t.Fatal(err)
			}
			if os.Getenv("RULEPLAY_UPDATE_FORMAT") != "" {
				setArchiveFile(a, "out.rules", got)
				if err := os.WriteFile(file, txtar.Format(a), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if !bytes.Equal(got, want) {
				t.Errorf("got:\n%s\nwant:\n%s", got, want)
			}
			checkProperties(t, "in.rules", in)
		})
	}
}

func archiveFile(a *txtar.Archive, name string) []byte {
	for _, f := range a.Files {
		if f.Name == name {
			return f.Data
		}
	}
	return nil
}

func setArchiveFile(a *txtar.Archive, name string, data []byte) {
	for i, f := range a.Files {
		if f.Name == name {
			a.Files[i].Data = data
			return
		}
	}
	a.Files = append(a.Files, txtar.File{Name: name, Data: data})
}

// bundled lists the rules files of the repository that fmt keeps
// formatted: the games and the stdlib modules.
func bundled(t *testing.T) []string {
	games, _ := filepath.Glob(filepath.Join("..", "..", "games", "*.rules"))
	mods, _ := filepath.Glob(filepath.Join("..", "..", "stdlib", "*.rules"))
	if len(games) < 10 || len(mods) < 1 {
		t.Fatalf("found %d games and %d modules", len(games), len(mods))
	}
	return append(games, mods...)
}

// Every bundled rules file is formatted.
func TestBundledFilesAreFormatted(t *testing.T) {
	for _, file := range bundled(t) {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Source(file, src)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, src) {
			name, _ := filepath.Rel(filepath.Join("..", ".."), file)
			t.Errorf("%s is not formatted: run ruleplay fmt -w %s", name, name)
		}
	}
}

// On every rules file of the repository that parses (bundled files and the
// checker's test files), formatting keeps the tokens and the AST, and a
// second formatting changes nothing.
func TestProperties(t *testing.T) {
	files := bundled(t)
	diag, _ := filepath.Glob(filepath.Join("..", "testdata", "diag", "*.rules"))
	files = append(files, diag...)
	n := 0
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := lang.Parse(file, src); err != nil {
			continue
		}
		n++
		checkProperties(t, file, src)
	}
	if n < 40 {
		t.Errorf("only %d files parse", n)
	}
}

func TestCarriageReturns(t *testing.T) {
	src := "game: \"CRLF\"\r\nboard {\r\n  shape: square(3x3)   # c\r\n}\r\n"
	got, err := Source("crlf.rules", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := "game: \"CRLF\"\nboard {\n  shape: square(3x3)            # c\n}\n"
	if string(got) != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestEmptyAndCommentOnly(t *testing.T) {
	for src, want := range map[string]string{
		"":                     "",
		"\n\n":                 "",
		"# only\n\n\n# two":    "# only\n\n# two\n",
		"   # indented\n":      "# indented\n",
		"game: \"x\"\n\n\n\n":  "game: \"x\"\n",
		"a {\n\n\n  b: 1\n\n}": "a {\n  b: 1\n}\n",
	} {
		got, err := Source("x.rules", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != want {
			t.Errorf("%q: got %q, want %q", src, got, want)
		}
	}
}

// A file with a syntax error is not formatted: Source returns the
// diagnostic.
func TestSyntaxError(t *testing.T) {
	_, err := Source("bad.rules", []byte("board {\n  shape: square(8x8\n}\n"))
	if !lang.IsDiagnostics(err) {
		t.Fatalf("got %v, want diagnostics", err)
	}
	if !strings.HasPrefix(err.Error(), "bad.rules:3:1: syntax error") {
		t.Errorf("got %v", err)
	}
}

// FuzzSource: whatever parses formats to a file with the same tokens and
// AST, and formatting is idempotent.
func FuzzSource(f *testing.F) {
	for _, file := range bundled(&testing.T{}) {
		src, _ := os.ReadFile(file)
		f.Add(src)
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "*.txtar"))
	for _, file := range files {
		if a, err := txtar.ParseFile(file); err == nil {
			f.Add(archiveFile(a, "in.rules"))
		}
	}
	f.Add([]byte("a { b { c: 1 } d: 2 }\n"))
	f.Add([]byte("a: x, # c\n # d\n\n y\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		if _, err := lang.Parse("f.rules", src); err != nil {
			return
		}
		checkProperties(t, "f.rules", src)
	})
}

// checkProperties checks that formatting src keeps its tokens (all but
// spaces, line ends and semicolons) and its AST, and is idempotent.
func checkProperties(t *testing.T, file string, src []byte) {
	t.Helper()
	once, err := Source(file, src)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	twice, err := Source(file, once)
	if err != nil {
		t.Fatalf("%s: formatted file does not parse: %v\n%s", file, err, once)
	}
	if !bytes.Equal(once, twice) {
		t.Errorf("%s: formatting twice changes the file:\n%s\nthen:\n%s", file, once, twice)
	}
	if a, b := tokens(src), tokens(once); a != b {
		t.Errorf("%s: tokens changed:\n%s\nbecame\n%s", file, a, b)
	}
	e1, err1 := lang.Parse(file, src)
	e2, err2 := lang.Parse(file, once)
	if err1 != nil || err2 != nil {
		t.Fatalf("%s: %v %v", file, err1, err2)
	}
	if a, b := dump(e1), dump(e2); a != b {
		t.Errorf("%s: AST changed:\n%s\nbecame\n%s", file, a, b)
	}
}

func tokens(src []byte) string {
	var b strings.Builder
	for _, t := range lang.Lex("x", src) {
		if t.Kind == lang.TokSpace || t.Kind == lang.TokNewline || (t.Kind == lang.TokOp && t.Text == ";") {
			continue
		}
		text := t.Text
		if t.Kind == lang.TokComment {
			text = strings.TrimRight(text, " \t\r")
		}
		fmt.Fprintf(&b, "%d:%s\n", t.Kind, text)
	}
	return b.String()
}

var posType = reflect.TypeOf(lang.Pos{})

// dump renders a value without its positions.
func dump(v any) string {
	var b strings.Builder
	var walk func(reflect.Value)
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Pointer, reflect.Interface:
			if v.IsNil() {
				b.WriteString("nil")
				return
			}
			walk(v.Elem())
		case reflect.Slice:
			b.WriteString("[")
			for i := 0; i < v.Len(); i++ {
				walk(v.Index(i))
				b.WriteString(" ")
			}
			b.WriteString("]")
		case reflect.Struct:
			fmt.Fprintf(&b, "%s{", v.Type().Name())
			for i := 0; i < v.NumField(); i++ {
				if v.Field(i).Type() == posType {
					continue
				}
				fmt.Fprintf(&b, "%s:", v.Type().Field(i).Name)
				walk(v.Field(i))
				b.WriteString(" ")
			}
			b.WriteString("}")
		default:
			fmt.Fprintf(&b, "%v", v.Interface())
		}
	}
	walk(reflect.ValueOf(v))
	return b.String()
}
