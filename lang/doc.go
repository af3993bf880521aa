// Package lang reads rules files: it parses them into an AST that keeps
// every position, merges variants and imported modules, checks names,
// types and options, and lowers the result to an ir.Game.
//
// The pipeline, all behind Load:
//
//	text --participle--> grammar structs (grammar.go)
//	     --conv-->       AST: Entry{Key, Labels, Values, Block} and Expr nodes, with Pos (ast.go)
//	     --loader-->     bases merged: `import: MODULE` (package stdlib) and
//	                     `extends: "base.rules"`; an entry with the same key and
//	                     labels overrides the base's value and merges its block (load.go)
//	     --checker-->    ir.Game: options applied, board cells and directions laid
//	                     out, setup placed, moves, priorities, filters, goals and
//	                     scores lowered to ir.Expr (check*.go)
//
// The grammar is generic on purpose (key, labels, value, block): the
// meaning of each key lives in the checker, which reports unknown keys and
// names with the nearest known one. Diagnostics carry file:line:col, the
// source line and a caret, and a hint; independent problems are all
// reported, in file order.
package lang
