package lsp

import (
	"strings"
	"testing"

	protocol "github.com/tliron/glsp/protocol_3_16"
)

// A rule vet warns about gets a warning at its place; a good file none.
func TestWarnings(t *testing.T) {
	s := New(Options{})
	head := "board { shape: square(4x4) }\nplayers: a, b\npiece p {}\n"
	d := snapshot{uri: "file:///w.rules", path: "/w.rules", text: head + "jump { length: 1; onto: any; chain: optional }\n"}
	got := s.diagnose(d, readDisk)
	if len(got) != 1 || got[0].Severity == nil || *got[0].Severity != protocol.DiagnosticSeverityWarning ||
		got[0].Range.Start.Line != 3 || got[0].Range.Start.Character != 29 ||
		!strings.HasPrefix(got[0].Message, "warning: the chains of jump can grow without bound") {
		t.Errorf("diagnostics %+v", got)
	}
	d.text = head + "jump { over: enemy; chain: optional }\n"
	if got := s.diagnose(d, readDisk); len(got) != 0 {
		t.Errorf("diagnostics %+v", got)
	}
}
