// Package lsp is the language server of the rules language (`ruleplay
// lsp`): it speaks the Language Server Protocol to an editor over a
// stream (the command's standard input and output) and gives, as the
// designer types:
//
//   - diagnostics: the checker's, as `ruleplay vet` prints them, with their
//     hints, for every open document after every change; a problem found
//     in a base (`extends`) or an imported module is shown on the entry
//     that brings it in, and a change to an open base re-checks its
//     variants;
//   - hover documentation for every key, property and word of the
//     language, cut from the language reference (docs/language.md,
//     embedded by package docs), and for the names the game declares
//     (piece kinds and their properties, zones, options and their choices,
//     players, move rules): what they are and the entry that declares them;
//   - completion of the keys valid in the block at the cursor, the labels
//     of an entry (players, kinds, goal moments), and the values of a
//     property: the language's words for it and the kinds, zones, players,
//     options and move rules of the game, its bases and its modules;
//   - go to definition of a kind, property, zone, option, choice, player
//     or move rule, into the document, a base file, or a stdlib module
//     (the embedded modules are written once to a folder of the user's
//     cache, read-only, so that the editor can open them); and of the file
//     named by `extends` or the module named by `import`;
//   - document symbols: the entries and their blocks, as an outline;
//   - formatting, as `ruleplay fmt` does it (package lang/format).
//
// The protocol types and the decoding of parameters are
// github.com/tliron/glsp's (protocol_3_16); the transport and the
// lifecycle are the server's own (transport.go, conn.go), so that every
// bad input has a bounded, stated outcome: a message that is not JSON gets
// a Parse error answer and the server goes on; input that is not framed
// as the protocol frames it (no Content-Length, a length over
// MaxMessageSize, a header over MaxHeaderSize, lines ended by \n alone, an
// HTTP request) ends Serve with a *FramingError saying what came; exit
// without shutdown, or the end of the input before shutdown, ends it with
// ErrExitWithoutShutdown (the command's exit status 1); a request after
// shutdown gets InvalidRequest. Serve runs on any stream, so that the
// tests drive the server over a pipe exactly as an editor does. Documents
// are synchronised whole (each change sends the full text: rules files are
// small) and positions are counted in UTF-16 code units, the protocol's
// default.
//
// Messages are read and answered in order on one goroutine; diagnostics
// are computed on another (checks.go), once the changes pause for
// CheckDelay, so that a costly check holds up no answer: a burst of
// changes gives one check of the latest text, a document whose text and
// bases are unchanged is not checked again, a check running longer than
// SlowCheck is reported on its document, and at most MaxDiagnostics
// diagnostics are sent for a document. Files other than the open
// documents are read from disk only when they are regular files (a named
// pipe held open by a silent writer would block the read for good).
//
// Everything but diagnostics reads the document through a forgiving
// outline of its tokens (outline.go) rather than the parser of package
// lang, because the text being typed is usually not a whole file: the
// names a game declares are collected from the outlines of the document,
// its bases and its modules (index.go).
package lsp
