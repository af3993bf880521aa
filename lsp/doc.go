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
// The protocol types and dispatch are github.com/tliron/glsp's
// (protocol_3_16); the JSON-RPC transport is github.com/sourcegraph/jsonrpc2,
// which glsp's own server uses too; Serve runs on any stream, so that the
// tests drive the server over a pipe exactly as an editor does. Documents
// are synchronised whole (each change sends the full text: rules files are
// small) and positions are counted in UTF-16 code units, the protocol's
// default.
//
// Everything but diagnostics reads the document through a forgiving
// outline of its tokens (outline.go) rather than the parser of package
// lang, because the text being typed is usually not a whole file: the
// names a game declares are collected from the outlines of the document,
// its bases and its modules (index.go).
package lsp
