package interp

// Config tunes a compiled Program.
type Config struct {
	// NoFast turns the fast paths off: every move rule runs through the
	// generic walker.
	NoFast bool
	// MaxPlies > 0 also ends the game after this many plies (the minimum of
	// it and the rules' End.Plies counts); the outcome is the rules'
	// End.AtLimit (a draw when OutcomeNone).
	MaxPlies int
}

// Status describes whether the game is over and its result.
type Status struct {
	Over      bool
	Winners   []int // players sharing the best result; a draw lists every player
	Scores    []int // per player; nil when the game has no scores
	Margin    int
	HasMargin bool   // the game has a margin and the result is one winner of two
	Reason    string // "goal", "no move", "limit", "passes"
}
