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
//     table names its source: an independent generator of
//     conformance/oracle (Leap Frog and its variants, Salta, Crossings,
//     Jumpwings and its variants, English and international draughts,
//     Breakthrough, Konane, Chinese Checkers, Conspirateurs), a published
//     figure (English draughts, Breakthrough, Konane, docs/rules), or the
//     naive generators of this package's tests (Capture, Pyramid); interp
//     itself (fast and generic paths agreeing) only for depths beyond
//     them. TestPerftTables checks every table against interp with fast
//     paths on and off and against its independent source, to each
//     table's ci depth (all depths with -perft.deep).
//   - Differential tests (diff_test.go, diff14_test.go, diff_more_test.go):
//     seeded random and greedy games of every bundled game (Leap Frog on
//     several sizes, 2 to 4 players, diagonal on and off, Murray's and
//     Froglet's layouts; Salta with and without the move limit; Capture,
//     Pyramid, Crossings, the three Jumpwings files with both goals,
//     both draughts, Breakthrough, Konane, Chinese Checkers,
//     Conspirateurs), played through interp and an independent generator at
//     once; at every position the legal moves (as sets of texts), the end,
//     the reason, winners, scores and margin must agree, and interp's fast
//     and generic paths must give the same list. TestPerft14 and
//     TestPerftMore also compare perft along such games.
//   - records/<game>/*.yaml: the evidence. Games played by the independent
//     generators, never by interp (random and greedy games to their ends,
//     ending in each kind of result, and an opening without a result per
//     game), or written by hand from a published game; each names in its
//     header the generator that played it and the seed ("Played by
//     conformance/oracle/crossings.go, not by interp: seed 1, random
//     play"). TestRecords checks them all with the checker (interp, fast
//     and generic paths) and requires the header and, for every bundled
//     game, three records with a result and one without;
//     TestRecordsAgainstOracle replays them through the generators too.
//     They are made by go test ./conformance -run
//     TestRegenerateOracleRecords -regen-oracle (records_oracle_test.go).
//   - regression/<game>/*.yaml: regression pins, not evidence: games that
//     interp played (TestRegenerateRecords, go test ./conformance -run
//     TestRegenerateRecords -regen) and that interp checks
//     (TestRegressionRecords, five with a result and one without per
//     game). They catch a change in interp's behaviour; that the behaviour
//     is right is what records/ shows. They are replayed through the
//     independent generators as well.
//   - testdata/broken/*.yaml: deliberately broken records with their exact
//     reports (NAME.txt, NAME.json); go test -run TestBrokenRecords -update
//     rewrites the golden files. Every bundled game has at least one whose
//     move or result is wrong (TestBrokenRecordsPerGame), and the bad move
//     or result is checked against the game's independent generator too
//     (TestBrokenRecordsAgainstOracle).
//
// A new game needs its rules file under games/, a perft table, an
// independent generator (conformance/oracle, sharing no code with lang or
// interp) or published figures and games, records played by that
// generator (an oracleRecSpec line in records_oracle_test.go), a broken
// record, and, optionally, regression pins (a recSpec line in
// records_test.go).
package conformance
