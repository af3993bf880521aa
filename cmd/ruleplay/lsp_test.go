package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// ruleplay lsp speaks the protocol on its standard input and output, as an
// editor starts it: initialize, a document opened with a mistake, shutdown,
// exit.
func TestLspCommand(t *testing.T) {
	var in bytes.Buffer
	send := func(msg map[string]any) {
		msg["jsonrpc"] = "2.0"
		b, _ := json.Marshal(msg)
		fmt.Fprintf(&in, "Content-Length: %d\r\n\r\n%s", len(b), b)
	}
	send(map[string]any{"id": 1, "method": "initialize", "params": map[string]any{"capabilities": map[string]any{}}})
	send(map[string]any{"method": "initialized", "params": map[string]any{}})
	send(map[string]any{"method": "textDocument/didOpen", "params": map[string]any{"textDocument": map[string]any{
		"uri": "file:///nowhere/x.rules", "languageId": "ruleplay", "version": 1,
		"text": "board { shape: square(8x8); cells: drak }\nplayers: a, b\n"}}})
	send(map[string]any{"id": 2, "method": "shutdown"})
	send(map[string]any{"method": "exit"})
	var out, errOut bytes.Buffer
	if code := Main([]string{"lsp"}, &in, &out, &errOut); code != 0 {
		t.Fatalf("exit status %d: %s", code, errOut.String())
	}
	got := out.String()
	for _, want := range []string{`"id":1,"result":{"capabilities":`, `"name":"ruleplay"`, `"method":"textDocument/publishDiagnostics"`,
		`unknown cell subset \"drak\"\nhint: did you mean \"dark\"?`, `"id":2,"result":null`} {
		if !strings.Contains(got, want) {
			t.Errorf("no %s in the output:\n%s", want, got)
		}
	}
	if errOut.Len() > 0 {
		t.Errorf("stderr: %s", errOut.String())
	}
}
