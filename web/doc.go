// Package web serves ruleplay's page: play, watch and replay any rules file
// in a browser (`ruleplay serve`).
//
// # Design
//
// The server is the standard library's net/http with a JSON API; the page
// (static/index.html, app.js, style.css) is embedded with go:embed and uses
// no build step and nothing from the network. The page knows no game: it
// draws the board the server describes (cells with board coordinates,
// stacks and zones, laid out as package picture lays them out) and moves
// by the engine's moves: beside each legal move's text (docs/notation.md)
// the server gives its cells in click order and the cells it captures
// (movedata.go: interp.Program.MoveCells, and the move played and taken
// back), so the page never parses a move's text. A move is clicked cell
// by cell: the page keeps the legal moves the clicks fit (the first
// click a move's first cell, each later one a later cell of it, so a
// chain goes landing by landing or to its end at once) and lights up the
// next cells they name; a pass and any other move are buttons in the
// list of legal moves, and a move can be typed. The arrow keys and Enter
// do what clicks do.
//
// A session is one game: the compiled program, the position with its undo
// history, the move texts and the seats (a person, or a player of package
// play). The page asks the server to play a computer's move
// (POST .../advance), one at a time, so that the page paces a game between
// computers and can stop it. Records are written by package record and
// checked, when loaded, by package conformance exactly as `ruleplay check`
// does; the answer carries every position up to the first problem.
//
// Everything is bounded (Limits): games open at once (idle ones are closed),
// plies per game, thinking time per move, searches at once, request sizes,
// the time a client has to read an answer, and the memory of the heavy work
// under way: a replay, a new game, a computer move takes a share of a
// memory budget estimated from its request (budget.go), waits when the
// budget is full, and is answered 503 with a Retry-After when it waits too
// long. Only the embedded page, the bundled games and the rules files named
// when the server was made are ever read; a named file is read again only
// when its size or time of change (or a base's) changes (catalog.go).
//
// A page of another site cannot drive the server through the user's
// browser: a request's Host must be a loopback name or address, the address
// served, or a name allowed (Config.AllowHosts), so that DNS rebinding
// fails; requests that change something are refused from another origin
// (http.CrossOriginProtection); JSON is accepted only as application/json
// and records only as YAML, which a page cannot send to another site
// without asking first. A request's texts are cut in the messages that
// quote them.
//
// The API, all JSON (errors are {"error": MESSAGE} with a 4xx status, and
// "legal" and "closest" for an illegal move, or 503 with a Retry-After):
//
//	GET    /api/games                   the games, their options and players
//	POST   /api/players                 {game, options}: the players with these options
//	POST   /api/sessions                {game, options, seats, seed, setup, moves, position}: a new game
//	GET    /api/sessions/ID             the game now (legal moves with their cells: move_cells)
//	POST   /api/sessions/ID/move        {move: TEXT}: a person's move
//	POST   /api/sessions/ID/advance     the computer to move plays
//	POST   /api/sessions/ID/undo        take back to the last person's turn
//	POST   /api/sessions/ID/restart     back to the start
//	DELETE /api/sessions/ID             close the game
//	GET    /api/sessions/ID/record      the game as a YAML record
//	POST   /api/replay?name=FILE        check a YAML record, return its positions (the cells each move changed)
//	GET    /rules/NAME                  a bundled game's rules page (docs/rules/NAME.md), as text
package web
