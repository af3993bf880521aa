// Command ruleplay plays, explores and measures games written as rules
// files: run a game between computer players (or against a person at the
// prompt), play a match, list the legal moves after some moves, count
// positions (perft), measure speed (bench), check a rules file (vet),
// summarise it (rules), list the bundled games (games), replay recorded
// games (check), draw a position (show), lay rules files out (fmt,
// package lang/format) and serve editors the Language Server Protocol
// (lsp, package lsp). A command's FILE is a path or
// the name of a bundled game (package games embeds games/*.rules); the
// user documentation is in docs/ (language.md, notation.md, rules/).
//
// # Design
//
// main only calls Main, which builds a fresh cobra command tree for each
// call (one constructor per command, flags bound to local variables, no
// package-level state) and runs it with the given arguments and streams.
// That is what makes the command testable in-process: the testscript tests
// register Main as the "ruleplay" program.
//
// Every error goes back up as an error (RunE everywhere; cobra's own error
// and usage printing is silenced) and Main prints it once:
//
//	ruleplay: <message>          exit 1: a failure (bad rules file, illegal move,
//	                             an output that cannot be written, Ctrl-C, ...)
//	ruleplay: <message>          exit 2: a usage error (bad flag, missing argument,
//	                             bad --option, unknown player or option)
//	<rendered diagnostics>       exit 1: a bad rules file (file:line:col, caret, hint)
//	ruleplay: internal error: ... please report this
//	                             exit 3: a panic anywhere, recovered (never a stack trace)
//
// Commands share a small set of flags (--option NAME=VALUE, repeatable;
// --disable NAME,... switching accelerators off, --fast=false for all of
// them; --seed N for the random setup and the players) and
// a loader that turns a rules file and those flags into a compiled
// interp.Program. Nothing here knows a game by name: everything about a
// game comes from its rules file through packages lang and interp; the
// computer players come from package play and recorded games from package
// record.
package main

import "os"

func main() {
	os.Exit(Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
