// Package conformance checks that the interpreter, running the bundled
// rules files, plays the games of the rule book (docs/rules/GAME.md):
// it holds the record checker that `ruleplay check` calls, and the suite of
// recorded games, perft tables and differential tests that `go test
// ./conformance/...` runs.
//
// # The record checker
//
// CheckRecord replays a recorded game (package record: game, options,
// setup, moves, result) against a rules file and returns a Report with the
// first problem found:
//
//   - an illegal move: its 1-based index and text, where it is written
//     (file:line:col), the position (interp's Render), the legal moves
//     there, and the closest legal moves when the text looks like a typo
//     (edit distance, ignoring case and spaces);
//   - a move after the end of the game, with the result at the end;
//   - a result recorded while the game is not over after the last move;
//   - recorded winners (compared as a set) or scores (only those given)
//     that differ from the game's, shown side by side;
//   - and, before the replay, a bad option (lang.Load), a setup given for a
//     game that does not lay its pieces at random or missing for one that
//     does, unknown cells or pieces, piece counts that do not fit, a rules
//     file missing or broken, or a malformed record (package record's
//     file:line:col message).
//
// A record without a result is checked for legality only. The Report's
// Verdict separates "disagrees" (the replay ran and the record disagrees
// with the rules: exit status 1) from "cannot-check" (the replay could not
// start: exit status 2); ExitCode gives the status for a set of reports.
// Report.Text is the stable human form (one line for a good record; for a
// problem a "POS: message" line and indented details); the JSON tags are
// the --json form. CheckFile reads a record file and finds its rules file
// as <games>/<game>.rules; CheckDir checks every *.yaml under a directory.
// A Checker does the same and keeps the programs it compiled, so that many
// records of a game load its rules once.
//
// # The suite
//
//   - perft/<game>.yaml: perft counts from the start position of every
//     bundled game and its main options (ReadPerft, CheckPerft). Each
//     table names its source: conformance/oracle (the independent Leap Frog
//     and Salta generators), a published figure (English draughts and
//     Breakthrough, docs/rules), the naive generators of this package's tests
//     (Capture, Pyramid), and interp itself (fast and generic paths
//     agreeing) only where none of these exists (Crossings, Jumpwings) or
//     for depths beyond them. TestPerftTables checks every table against interp with
//     fast paths on and off and against its independent source, to each
//     table's ci depth (all depths with -perft.deep).
//   - Differential tests (diff_test.go): seeded random and greedy games of
//     Leap Frog (several sizes, 2 to 4 players, diagonal on and off,
//     Murray's and Froglet's layouts), Salta (with and without the move
//     limit), Capture and Pyramid, played through interp and an
//     independent model at once; at every position the legal moves (as
//     sets of texts), the end, the reason, winners, scores and margin must
//     agree, and interp's fast and generic paths must give the same list.
//   - records/<game>/*.yaml: recorded games of every bundled game, ending in
//     each kind of result (a win, a draw, a shared win of three players,
//     Salta's goal with its margin and its limit scoring, Pyramid's
//     double-pass draw, Breakthrough's two ways to win, Jumpwings' long
//     goal) and a few that stop early (legality only).
//     TestRecords checks them all with the checker; Leap Frog and Salta
//     records are also replayed through the oracle. They are made by
//     seeded play: go test ./conformance -run TestRegenerateRecords -regen.
//   - testdata/broken/*.yaml: deliberately broken records with their exact
//     reports (NAME.txt, NAME.json); go test -run TestBrokenRecords -update
//     rewrites the golden files.
//
// A new game needs only data: its rules file under games/, a perft table,
// records (a recSpec line in records_test.go), and, where an independent
// generator or a published perft figure exists, that source.
package conformance
