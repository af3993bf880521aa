package interp

import (
	"fmt"
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/ir"
)

// gb builds ir.Game values by hand for tests (until the front end exists,
// and to make exact positions).
type gb struct {
	t testing.TB
	g *ir.Game
}

var sqDirs = []ir.Dir{
	{Name: "n", DX: 0, DY: 1}, {Name: "ne", DX: 1, DY: 1}, {Name: "e", DX: 1, DY: 0}, {Name: "se", DX: 1, DY: -1},
	{Name: "s", DX: 0, DY: -1}, {Name: "sw", DX: -1, DY: -1}, {Name: "w", DX: -1, DY: 0}, {Name: "nw", DX: -1, DY: 1},
}

var hxDirs = []ir.Dir{
	{Name: "e", DX: 2, DY: 0}, {Name: "ne", DX: 1, DY: 1}, {Name: "nw", DX: -1, DY: 1},
	{Name: "w", DX: -2, DY: 0}, {Name: "sw", DX: -1, DY: -1}, {Name: "se", DX: 1, DY: -1},
}

// newSquare makes a w x h board (dark cells only when dark), cells ordered
// a1, b1, ..., a2, ...
func newSquare(t testing.TB, w, h int, dark bool, players ...string) *gb {
	g := &ir.Game{Name: "test", Title: "Test"}
	g.Board = ir.Board{Shape: ir.Square, Width: w, Height: h, Dirs: sqDirs}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if dark && (x+y)%2 != 0 {
				continue
			}
			g.Board.Cells = append(g.Board.Cells, ir.Cell{Name: fmt.Sprintf("%c%d", 'a'+x, y+1), X: x, Y: y})
		}
	}
	b := &gb{t: t, g: g}
	b.players(players...)
	return b
}

// newHex makes a board of centred rows.
func newHex(t testing.TB, rows []int, players ...string) *gb {
	g := &ir.Game{Name: "test", Title: "Test"}
	g.Board = ir.Board{Shape: ir.Hex, Height: len(rows), Rows: rows, Dirs: hxDirs}
	for y, n := range rows {
		g.Board.Width = max(g.Board.Width, n)
		for i := 0; i < n; i++ {
			g.Board.Cells = append(g.Board.Cells, ir.Cell{Name: fmt.Sprintf("%c%d", 'a'+i, y+1), X: -(n - 1) + 2*i, Y: y})
		}
	}
	b := &gb{t: t, g: g}
	b.players(players...)
	return b
}

func (b *gb) players(names ...string) {
	for i, n := range names {
		pl := ir.Player{Name: n}
		if i == 0 {
			pl.FY = 1
		} else if i == 1 {
			pl.FY = -1
		}
		b.g.Players = append(b.g.Players, pl)
	}
}

func (b *gb) cell(name string) int {
	for i, c := range b.g.Board.Cells {
		if c.Name == name {
			return i
		}
	}
	b.t.Fatalf("no cell %q", name)
	return -1
}

func (b *gb) kind(name, sym string, numbered int, props map[string]int) int {
	b.g.Kinds = append(b.g.Kinds, ir.Kind{Name: name, Symbol: sym, Numbered: numbered, Props: props})
	return len(b.g.Kinds) - 1
}

func (b *gb) piece(kind, owner, number int, target string) int {
	name := b.g.Kinds[kind].Name
	if number > 0 {
		name += fmt.Sprint(number)
	}
	if owner >= 0 && len(b.g.Players) > 1 {
		name = b.g.Players[owner].Name + "-" + name
	}
	t := -1
	if target != "" {
		t = b.cell(target)
	}
	b.g.Pieces = append(b.g.Pieces, ir.Piece{Kind: kind, Owner: owner, Number: number, Name: name, Target: t})
	return len(b.g.Pieces) - 1
}

func (b *gb) place(piece int, cells ...string) {
	for _, c := range cells {
		b.g.Setup.Place = append(b.g.Setup.Place, ir.Placement{Cell: b.cell(c), Piece: piece})
	}
}

func (b *gb) fill(piece int, except ...string) {
	skip := map[string]bool{}
	for _, e := range except {
		skip[e] = true
	}
	for i, c := range b.g.Board.Cells {
		if !skip[c.Name] {
			b.g.Setup.Place = append(b.g.Setup.Place, ir.Placement{Cell: i, Piece: piece})
		}
	}
}

func (b *gb) dir(name string) int {
	for i, d := range b.g.Board.Dirs {
		if d.Name == name {
			return i
		}
	}
	b.t.Fatalf("no direction %q", name)
	return -1
}

// same gives every player the same directions.
func (b *gb) same(names ...string) [][]int {
	var ds []int
	for _, n := range names {
		ds = append(ds, b.dir(n))
	}
	out := make([][]int, len(b.g.Players))
	for i := range out {
		out[i] = ds
	}
	return out
}

// forward gives each player the directions with a positive component along
// its forward vector among names.
func (b *gb) forward(names ...string) [][]int {
	out := make([][]int, len(b.g.Players))
	for i, pl := range b.g.Players {
		for _, n := range names {
			d := b.g.Board.Dirs[b.dir(n)]
			if d.DX*pl.FX+d.DY*pl.FY > 0 {
				out[i] = append(out[i], b.dir(n))
			}
		}
	}
	return out
}

func (b *gb) rule(r ir.MoveRule) int {
	if r.Name == "" {
		r.Name = fmt.Sprintf("rule%d", len(b.g.Moves))
	}
	b.g.Moves = append(b.g.Moves, r)
	return len(b.g.Moves) - 1
}

// startZone defines the zone "start" from the placements.
func (b *gb) startZone() int {
	z := ir.Zone{Name: "start", Cells: make([][]int, len(b.g.Players))}
	for _, pl := range b.g.Setup.Place {
		if o := b.g.Pieces[pl.Piece].Owner; o >= 0 {
			z.Cells[o] = append(z.Cells[o], pl.Cell)
		}
	}
	b.g.Zones = append(b.g.Zones, z)
	return len(b.g.Zones) - 1
}

func (b *gb) compile(cfg core.Config) *core.Program {
	b.t.Helper()
	if b.g.Priority == nil {
		var all []int
		for i := range b.g.Moves {
			all = append(all, i)
		}
		b.g.Priority = [][]int{all}
	}
	p, err := Compile(b.g, cfg)
	if err != nil {
		b.t.Fatalf("compile: %v", err)
	}
	return p
}

// expression helpers
func eInt(v int) *ir.Expr                  { return &ir.Expr{Op: ir.OpInt, Int: v} }
func eOp(op ir.Op, a ...*ir.Expr) *ir.Expr { return &ir.Expr{Op: op, Args: a} }
func eVar(n string) *ir.Expr               { return &ir.Expr{Op: ir.OpVar, Name: n} }
func eEmpty() *ir.Expr                     { return &ir.Expr{Op: ir.OpEmpty} }
func eOcc() *ir.Expr                       { return &ir.Expr{Op: ir.OpOccupied} }
func eOwned(w ir.Who, s ir.Side) *ir.Expr  { return &ir.Expr{Op: ir.OpOwnedBy, Who: w, Side: s} }
func eSide(op ir.Op, s ir.Side) *ir.Expr   { return &ir.Expr{Op: op, Side: s} }

// leapFrog builds Leap Frog on a w x h board for np players (docs/rules, games.md section 1);
// firstOnly: only the first player's first turn is a removal (Froglet).
func leapFrog(t testing.TB, w, h, np int, diagonal bool, firstOnly bool) *gb {
	var names []string
	for i := 1; i <= np; i++ {
		names = append(names, fmt.Sprintf("p%d", i))
	}
	b := newSquare(t, w, h, false, names...)
	k := b.kind("stone", "O", 0, nil)
	st := b.piece(k, ir.Neutral, 0, "")
	b.fill(st)
	b.leapingRules(diagonal, firstOnly)
	return b
}

// leapingRules adds the removal turn, the capturing jump chains and the end.
func (b *gb) leapingRules(diagonal, firstOnly bool) {
	guardVar, removeWhen, jumpWhen := "turn", eOp(ir.OpEq, eVar("turn"), eInt(1)), eOp(ir.OpGt, eVar("turn"), eInt(1))
	if firstOnly {
		guardVar = "ply"
		removeWhen, jumpWhen = eOp(ir.OpEq, eVar(guardVar), eInt(1)), eOp(ir.OpGt, eVar(guardVar), eInt(1))
	}
	var dirs [][]int
	switch {
	case b.g.Board.Shape == ir.Hex:
		dirs = b.same("e", "ne", "nw", "w", "sw", "se")
	case diagonal:
		dirs = b.same("n", "ne", "e", "se", "s", "sw", "w", "nw")
	default:
		dirs = b.same("n", "e", "s", "w")
	}
	b.rule(ir.MoveRule{Name: "remove", Action: ir.Remove, When: removeWhen, Piece: ir.AnyPiece})
	b.rule(ir.MoveRule{Name: "jump", Action: ir.Leap, When: jumpWhen, Piece: ir.AnyPiece, Dirs: dirs,
		Length: 2, Over: eOcc(), Onto: eEmpty(), Capture: ir.CaptureJumped, Chain: ir.ChainOptional})
	b.g.End.NoMove = ir.OutcomeScore
	b.g.Score = &ir.Score{Value: eSide(ir.OpCaptured, ir.SideOwn), Best: ir.Highest}
}

// capture builds Capture (docs/rules, games.md section 4): hex(5..9..5), every cell but e5.
func capture(t testing.TB) *gb {
	b := newHex(t, []int{5, 6, 7, 8, 9, 8, 7, 6, 5}, "p1", "p2")
	k := b.kind("stone", "O", 0, nil)
	st := b.piece(k, ir.Neutral, 0, "")
	b.fill(st, "e5")
	b.rule(ir.MoveRule{Name: "jump", Action: ir.Leap, Piece: ir.AnyPiece, Dirs: b.same("e", "ne", "nw", "w", "sw", "se"),
		Length: 2, Over: eOcc(), Onto: eEmpty(), Capture: ir.CaptureJumped, Chain: ir.ChainOptional})
	b.g.End.NoMove = ir.OutcomeScore
	b.g.Score = &ir.Score{Value: eSide(ir.OpCaptured, ir.SideOwn), Best: ir.Highest}
	return b
}

// salta builds Salta (docs/rules, games.md section 6) with an optional ply limit; when place is
// false no pieces are placed (tests place their own, with targets as in the
// game).
func salta(t testing.TB, plies int, place bool) *gb {
	b := newSquare(t, 10, 10, true, "green", "red")
	kinds := []int{b.kind("star", "S", 5, nil), b.kind("moon", "M", 5, nil), b.kind("sun", "U", 5, nil)}
	gStart := [][]string{{"a1", "c1", "e1", "g1", "i1"}, {"b2", "d2", "f2", "h2", "j2"}, {"a3", "c3", "e3", "g3", "i3"}}
	gTarget := [][]string{{"b8", "d8", "f8", "h8", "j8"}, {"a9", "c9", "e9", "g9", "i9"}, {"b10", "d10", "f10", "h10", "j10"}}
	mirror := func(c string) string {
		x, y := int(c[0]-'a'), 0
		fmt.Sscan(c[1:], &y)
		return fmt.Sprintf("%c%d", 'a'+9-x, 11-y)
	}
	for pl := 0; pl < 2; pl++ {
		for k := 0; k < 3; k++ {
			for n := 1; n <= 5; n++ {
				st, tg := gStart[k][n-1], gTarget[k][n-1]
				if pl == 1 {
					st, tg = mirror(st), mirror(tg)
				}
				pc := b.piece(kinds[k], pl, n, tg)
				if place {
					b.place(pc, st)
				}
			}
		}
	}
	step := b.rule(ir.MoveRule{Name: "step", Action: ir.Leap, Piece: ir.Own, Dirs: b.same("ne", "se", "sw", "nw"),
		Length: 1, Onto: eEmpty()})
	jump := b.rule(ir.MoveRule{Name: "jump", Action: ir.Leap, Piece: ir.Own, Dirs: b.forward("ne", "se", "sw", "nw"),
		Length: 2, Over: eOwned(ir.Enemy, ir.SideOwn), Onto: eEmpty()})
	b.g.Priority = [][]int{{jump}, {step}}
	b.g.Filters = []ir.Filter{{Kind: ir.NoBlockade}}
	b.g.End = ir.End{
		Goals:   []ir.Goal{{Check: ir.AfterMove, Cond: &ir.Expr{Op: ir.OpEvery, Who: ir.Own, Side: ir.SideOwn, Args: []*ir.Expr{{Op: ir.OpOnTarget}}}}},
		NoMove:  ir.OutcomeDraw,
		Plies:   plies,
		AtLimit: ir.OutcomeScore,
	}
	b.g.Score = &ir.Score{
		Value: &ir.Expr{Op: ir.OpDistance, Side: ir.SideOwn, Dirs: []int{b.dir("ne"), b.dir("se"), b.dir("sw"), b.dir("nw")}},
		Best:  ir.Lowest,
		Margin: eOp(ir.OpAdd,
			eOp(ir.OpSub, eSide(ir.OpScore, ir.SideLoser), eSide(ir.OpScore, ir.SideWinner)),
			eOp(ir.OpSub, eSide(ir.OpMoves, ir.SideWinner), eSide(ir.OpMoves, ir.SideLoser))),
	}
	return b
}

// stepTake is a tier of a step and the removal of a neutral piece on a
// board of one word under the blockade filter. At the start the second
// player's one piece is walled in: taking the last neutral piece would
// leave it without a move, so the filter drops that removal (the cells a
// removal touches are its piece's: the one-word kernel's witnesses must
// avoid them).
func stepTake(t testing.TB) *gb {
	b := newSquare(t, 4, 4, false, "white", "black")
	k := b.kind("stone", "S", 0, nil)
	w, bl, nt := b.piece(k, 0, 0, ""), b.piece(k, 1, 0, ""), b.piece(k, ir.Neutral, 0, "")
	b.place(w, "b4", "a3", "c1")
	b.place(bl, "a4")
	b.place(nt, "d1")
	step := b.rule(ir.MoveRule{Name: "step", Action: ir.Leap, Piece: ir.Own, Dirs: b.same("n", "e", "s", "w"),
		Length: 1, Onto: eEmpty()})
	take := b.rule(ir.MoveRule{Name: "take", Action: ir.Remove, Piece: ir.NeutralPieces})
	b.g.Priority = [][]int{{step, take}}
	b.g.Filters = []ir.Filter{{Kind: ir.NoBlockade}}
	b.g.End = ir.End{NoMove: ir.OutcomeLose, Plies: 40, AtLimit: ir.OutcomeDraw}
	return b
}

// pyramid builds Pyramid (docs/rules, games.md section 7).
func pyramid(t testing.TB) *gb {
	b := newSquare(t, 8, 8, true, "white", "black")
	k := b.kind("man", "M", 0, nil)
	w := b.piece(k, 0, 0, "")
	bl := b.piece(k, 1, 0, "")
	b.place(w, "a1", "c1", "e1", "g1", "b2", "d2", "f2", "c3", "e3", "d4")
	b.place(bl, "h8", "f8", "d8", "b8", "g7", "e7", "c7", "f6", "d6", "e5")
	start := b.startZone()
	b.rule(ir.MoveRule{Name: "step", Action: ir.Leap, Piece: ir.Own, Dirs: b.forward("ne", "se", "sw", "nw"),
		Length: 1, Onto: eEmpty()})
	b.rule(ir.MoveRule{Name: "jump", Action: ir.Leap, Piece: ir.Own, Dirs: b.forward("ne", "se", "sw", "nw"),
		Length: 2, Over: eOwned(ir.Enemy, ir.SideOwn), Onto: eEmpty(), Chain: ir.ChainOptional})
	b.g.End = ir.End{
		Goals: []ir.Goal{{Check: ir.AfterMove, Cond: &ir.Expr{Op: ir.OpEvery, Who: ir.Own, Side: ir.SideOwn,
			Args: []*ir.Expr{{Op: ir.OpInZone, Int: start, Side: ir.SideOpponent}}}}},
		NoMove: ir.OutcomePass,
		Passes: 2,
	}
	return b
}
