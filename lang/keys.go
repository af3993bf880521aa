package lang

// The keys the checker accepts, by the entry they belong to. The checker
// reads entries and properties through these tables (unknown keys are
// reported with the nearest known one), and Keys hands them to the test
// that every one of them is explained in docs/language.md.
var (
	optionProps       = []string{"range", "doc", "choices", "step", "square"}
	boardProps        = []string{"shape", "cells", "numbers", "diagonals"}
	playerProps       = []string{"forward"}
	pieceProps        = []string{"symbol", "numbered"} // and any number property
	setupProps        = []string{"fill", "empty"}      // and KIND: CELLS
	promoteProps      = []string{"to", "in", "at"}
	groupCaptureProps = []string{"enemy", "when", "take"}
	endProps          = []string{"win", "lose", "draw", "no-move", "passes", "at-passes", "plies", "at-limit"}
	endMoments        = []string{"after-move", "turn-start"}
	scoreProps        = []string{"value", "best", "margin"}
	counterProps      = []string{"counts", "per", "while"}
	guideProps        = []string{"value", "best"}
)

// Keys returns every key the checker accepts, by where it may appear:
// "file" for the entries of a rules file, otherwise the entry whose block
// holds it ("step", "end", "capture" for a group's capture block, "end
// label" for the moments of a goal, ...). The slices are copies.
func Keys() map[string][]string {
	m := map[string][]string{
		"file":      topKeys,
		"option":    optionProps,
		"board":     boardProps,
		"player":    playerProps,
		"piece":     pieceProps,
		"setup":     setupProps,
		"promote":   promoteProps,
		"capture":   groupCaptureProps,
		"end":       endProps,
		"end label": endMoments,
		"score":     scoreProps,
		"counter":   counterProps,
		"guide":     guideProps,
		"turns":     turnsProps,
		"pdn":       pdnProps,
	}
	for k, v := range moveProps {
		m[k] = v
	}
	out := make(map[string][]string, len(m))
	for k, v := range m {
		out[k] = append([]string(nil), v...)
	}
	return out
}

// Words returns the names the checker gives a meaning to in values, by
// kind: cell conditions, player values, direction sets, functions of
// goals and scores, and outcomes.
func Words() map[string][]string {
	outs := make([]string, 0, len(outcomes))
	for k := range outcomes {
		outs = append(outs, k)
	}
	return map[string][]string{
		"cell condition": append([]string(nil), cellWords...),
		"player value":   append([]string(nil), playerValues...),
		"direction set":  append([]string(nil), dirSetNames...),
		"function":       append([]string(nil), goalCalls...),
		"outcome":        outs,
	}
}

// Choices returns, for the properties whose value is one of a few fixed
// names, those names: "capture" (of step and jump), "chain", "cells" (of
// board), "forward" (of player), "no-move", "at-limit" and "at-passes" (of
// end), "lock" (the entry), "best"
// (of score), "take" (of a group's capture), "chain-dirs" (of jump),
// "forbid" (the entry), "text" (of step and jump), "piece" (of a move: the
// owners that may come before kinds), "taken" (of jump), "prefer" (the
// entry), "at" (of promote), "land" (of jump) and "squares" (of pdn).
func Choices() map[string][]string {
	return map[string][]string{
		"capture":    {"none", "jumped", "landing", "approach", "withdrawal", "approach-or-withdrawal"},
		"chain":      {"none", "optional", "compulsory"},
		"chain-dirs": {"any", "same", "no-reverse", "turn"},
		"text":       {"path", "ends"},
		"cells":      {"all", "dark", "light"},
		"forward":    {"north", "south", "east", "west"},
		"no-move":    {"score", "draw", "lose", "pass"},
		"at-limit":   {"score", "draw"},
		"at-passes":  {"score", "draw"},
		"lock":       {"fixed", "inside"},
		"best":       {"highest", "lowest"},
		"take":       {"first", "all"},
		"forbid":     {"blockade"},
		"piece":      {"own", "enemy", "neutral", "any"},
		"taken":      {"at-once", "at-end"},
		"prefer":     {"none", "most-captured", "moved", "earliest-captured"},
		"at":         {"landing", "move-end", "continue"},
		"land":       {"anywhere", "where-it-continues"},
		"revisit":    {"captures", "never"},
		"diagonals":  {"all", "dark", "light"},
		"squares":    {"numbers", "names"},
	}
}
