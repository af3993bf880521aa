package pdngame

import (
	"bytes"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"

	"github.com/ruleplay/ruleplay/games"
	"github.com/ruleplay/ruleplay/ir"
	"github.com/ruleplay/ruleplay/lang"
	"github.com/ruleplay/ruleplay/record/pdn"
)

// GameType is how one game is written in PDN: what its rules file's pdn
// entry says (ir.PDN), with the game's name.
type GameType struct {
	// Number is the [GameType] tag's number (0: a game with no pdn
	// entry, written the default way).
	Number int
	// Game is the rules file's name (its stem).
	Game string
	// Algebraic says the type's PDN names squares as cells (c3), not by
	// number.
	Algebraic bool
	// Capture is the separator of a capture's squares ("x" or ":").
	Capture string
	// WinLoss are the results written for a white win, a black win and a
	// draw.
	WinLoss [3]string
}

// Of returns the GameType the rules of g say (their pdn entry, the
// base's for a variant that does not override it); ok is false when
// they say none.
func Of(g *ir.Game) (GameType, bool) {
	f := g.PDN
	if f == nil {
		return GameType{}, false
	}
	return GameType{Number: f.GameType, Game: g.Name, Algebraic: !f.Numbers, Capture: f.Capture, WinLoss: f.Results}, true
}

// ForRules returns the GameType of g: its pdn entry's, or, without one, a
// type of its own with no number that writes squares by number when the
// board numbers its cells, captures with "x", and the results 1-0, 0-1
// and 1/2-1/2.
func ForRules(g *ir.Game) GameType {
	if t, ok := Of(g); ok {
		return t
	}
	return GameType{Game: g.Name, Algebraic: len(g.Board.Numbers) == 0, Capture: "x", WinLoss: [3]string{"1-0", "0-1", "1/2-1/2"}}
}

// Types is a table of game types by number: the games a PDN file's
// [GameType] tags are played by.
type Types struct {
	list []GameType // by number
}

// NewTypes builds the table of the games' pdn entries (a game without one
// is passed over). Two games of one number are an error: a variant must
// give a game-type of its own.
func NewTypes(gs []*ir.Game) (*Types, error) {
	ts := &Types{}
	for _, g := range gs {
		t, ok := Of(g)
		if !ok {
			continue
		}
		if prev, dup := ts.byNumber(t.Number); dup {
			return nil, fmt.Errorf("%s and %s both say pdn { game-type: %d }: give the variant a game-type of its own", prev.Game, t.Game, t.Number)
		}
		ts.list = append(ts.list, t)
	}
	sort.Slice(ts.list, func(i, j int) bool { return ts.list[i].Number < ts.list[j].Number })
	return ts, nil
}

// Bundled returns the table of the bundled rules files (package games)
// that have a pdn entry, each loaded with its default options.
func Bundled() (*Types, error) {
	return FromFS(games.FS(), games.Names())
}

// FromFS returns the table of the rules files NAME.rules of fsys. Only
// the files that mention pdn are loaded (loading every game would cost
// more than the check of a short PDN file): a file that inherits its
// base's entry without a word would repeat its base's game-type, an
// error anyway.
func FromFS(fsys fs.FS, names []string) (*Types, error) {
	var gs []*ir.Game
	for _, name := range names {
		src, err := fs.ReadFile(fsys, name+".rules")
		if err != nil {
			return nil, fmt.Errorf("the PDN game types: %w", err)
		}
		if !bytes.Contains(src, []byte("pdn")) {
			continue
		}
		g, err := lang.LoadFS(fsys, name+".rules", nil)
		if err != nil {
			return nil, fmt.Errorf("the PDN game types: %s: %w", name, err)
		}
		gs = append(gs, g)
	}
	return NewTypes(gs)
}

// List returns the types, by number.
func (ts *Types) List() []GameType { return append([]GameType(nil), ts.list...) }

// String lists the types: "20 NAME, 21 NAME, ...", or "none".
func (ts *Types) String() string {
	if len(ts.list) == 0 {
		return "none"
	}
	parts := make([]string, len(ts.list))
	for i, t := range ts.list {
		parts[i] = fmt.Sprintf("%d %s", t.Number, t.Game)
	}
	return strings.Join(parts, ", ")
}

// DefaultGameType is the type of a game without a GameType tag (PDN 3.0
// says 20).
const DefaultGameType = 20

// TypeOf returns the GameType of g's [GameType] tag ("20", or the long
// form "20,W,10,10,N2,0"), or of DefaultGameType when g has none.
func (ts *Types) TypeOf(g *pdn.Game) (GameType, error) {
	v, ok := g.Tag("GameType")
	if !ok {
		return ts.ByNumber(DefaultGameType)
	}
	head, _, _ := strings.Cut(strings.TrimSpace(v), ",")
	n, err := strconv.Atoi(head)
	if err != nil {
		return GameType{}, fmt.Errorf("[GameType %q]: the type is a number (known: %s)", v, ts)
	}
	return ts.ByNumber(n)
}

// ByNumber returns the type numbered n, or an error listing the known
// ones.
func (ts *Types) ByNumber(n int) (GameType, error) {
	if t, ok := ts.byNumber(n); ok {
		return t, nil
	}
	return GameType{}, fmt.Errorf("[GameType \"%d\"]: no bundled rules file plays it (known: %s); give the rules file: ruleplay check RULES FILE.pdn", n, ts)
}

func (ts *Types) byNumber(n int) (GameType, bool) {
	for _, t := range ts.list {
		if t.Number == n {
			return t, true
		}
	}
	return GameType{}, false
}
