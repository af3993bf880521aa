package interp

import (
	"fmt"
	"slices"
	"strings"
)

// A generator of small random rules files (genRules), for the tests that
// compare the fast strategies with the generic walker on games nobody
// wrote (TestGeneratedFastEqualsGeneric, FuzzFastEqualsGeneric). Every
// choice is read from a byte string, so a file is reproduced from its
// bytes and a fuzzer can mutate them; past the end of the bytes every
// choice is the first.
//
// The files draw from the whole language the planner distinguishes:
// square boards of 3x3 to 12x12 (over 64 cells: sets of several words),
// boards of dark cells, hex boards; two or three players; kinds with
// properties, numbered pieces with targets; neutral pieces (listed or
// filling the board); sparse to packed setups; stacking; hands and
// drops; zones, promotions (at a landing or at the move's end) and
// locks; steps, jumps of fixed length (1, 2, 3 or a kind's property) and
// long jumps (ranges, any length, hurdles), removals, group moves and
// drops; every cell condition class (occupancy, owners, kinds, zones,
// targets, heights, levels, properties, next-to); captures, chains and
// their options; priorities, prefer, forbid, counters, goals, scores and
// limits. A quarter of the files are plain (no goal, conditions on
// owners and emptiness alone), some of them leaping games on a board
// full of stones, so that the counting machinery on occupancy words and
// on the mailbox applies. Chains whose number grows beyond any test's
// time are left out: leaps taking nothing over empty cells, path by path
// (they only meet the leap bound), and chains capturing by landing on
// boards of over 25 cells or many cells away (every order of the
// enemies).

// rgCell is a cell of the generated board: its name, its file (square) or
// index in its row (hex), and its rank or row, from 0.
type rgCell struct {
	name string
	x, y int
}

// rulesGen holds the state of one generation.
type rulesGen struct {
	data []byte
	i    int
	b    strings.Builder

	// plain: no goal, no kind restriction, conditions on owners and
	// emptiness: the machinery of the counts and filters on occupancy
	// words (words-perft, mailbox-perft, blockade-words) applies
	plain bool
	// leaping: plain, a board filled with neutral stones that any
	// player's jumps take (mailbox counts and perft)
	leaping  bool
	packed   bool // the players' pieces fill the board but for a few cells
	hex      bool
	dark     bool
	w, h     int // square: files and ranks; hex: the longest row and rows
	cells    []rgCell
	players  []string
	fwd      []string // per player: north, south, east
	stacking bool
	king     bool // a kind king exists
	neutral  bool // a kind stone exists, not owned
	props    bool // kinds have jump and height properties
	hands    bool
	// targets: a numbered kind star whose pieces have targets
	targets     bool
	targetLines []string
	zones       []string // zone names usable in conditions
	rules       []string // rule names, in order
	capture     bool     // some rule captures
}

// n returns a choice in 0..k-1 read from the next byte (0 past the end).
func (g *rulesGen) n(k int) int {
	if g.i >= len(g.data) {
		return 0
	}
	v := int(g.data[g.i])
	g.i++
	return v % k
}

// chance tells whether a choice of one in k comes true (past the end of
// the bytes: never).
func (g *rulesGen) chance(k int) bool {
	if g.i >= len(g.data) {
		return false
	}
	return g.n(k) == k-1
}

func (g *rulesGen) pick(xs ...string) string { return xs[g.n(len(xs))] }

func (g *rulesGen) line(format string, a ...any) {
	fmt.Fprintf(&g.b, format, a...)
	g.b.WriteByte('\n')
}

// genRules returns the rules file that data describes.
func genRules(data []byte) string {
	g := &rulesGen{data: data}
	g.plain = g.chance(4)
	g.leaping = g.plain && g.chance(3)
	g.board()
	g.playersAndPieces()
	g.setup()
	g.zonesAndPromotions()
	if g.leaping {
		g.leapingRules()
		return g.b.String()
	}
	nr := 1 + g.n(4)
	for k := 0; k < nr; k++ {
		g.rule(k)
	}
	if g.n(6) != 0 { // a step that keeps the game going
		name := fmt.Sprintf("r%d", nr+1)
		g.rules = append(g.rules, name)
		dirs := g.pick("all", "forward", "orthogonal", "all")
		if g.hex && dirs == "orthogonal" {
			dirs = "e, w"
		}
		g.line("step %s { dirs: %s }", name, dirs)
	}
	g.tiers()
	g.end()
	g.turns()
	return g.b.String()
}

// turns writes, by chance, a turn order (core/turns.go): an opening of up
// to two players, then a cycle of every player in which one moves twice
// in a row. (It reads the last bytes: the files without one are those
// of before.)
func (g *rulesGen) turns() {
	if !g.chance(5) {
		return
	}
	var opening []string
	for k := g.n(3); k > 0; k-- {
		opening = append(opening, g.players[g.n(len(g.players))])
	}
	repeat := append([]string(nil), g.players...)
	twice := g.n(len(repeat))
	repeat = slices.Insert(repeat, twice, repeat[twice])
	g.line("turns {")
	if len(opening) > 0 {
		g.line("  opening: %s", strings.Join(opening, " "))
	}
	g.line("  repeat: %s", strings.Join(repeat, " "))
	g.line("}")
}

// board writes the board: a square of 3x3 to 12x12 (all or dark cells)
// or a hex board, and lists its cells.
func (g *rulesGen) board() {
	if g.chance(8) {
		rows := [][]int{{3, 4, 5, 4, 3}, {4, 5, 6, 5, 4}, {5, 6, 7, 8, 9, 8, 7, 6, 5}, {8, 9, 8, 9, 8, 9, 8, 9, 8}}[g.n(4)]
		g.hex, g.h = true, len(rows)
		var rs []string
		for y, n := range rows {
			rs = append(rs, fmt.Sprint(n))
			g.w = max(g.w, n)
			for x := 0; x < n; x++ {
				g.cells = append(g.cells, rgCell{fmt.Sprintf("%c%d", 'a'+x, y+1), x, y})
			}
		}
		g.line("board { shape: hex(%s) }", strings.Join(rs, ", "))
		return
	}
	sizes := [][2]int{{3, 3}, {4, 4}, {5, 5}, {6, 6}, {7, 5}, {5, 8}, {8, 8}, {6, 6}, {9, 9}, {10, 10}, {12, 12}, {11, 7}}
	sz := sizes[g.n(len(sizes))]
	g.w, g.h = sz[0], sz[1]
	g.dark = g.w >= 4 && g.h >= 4 && g.chance(4)
	for y := 0; y < g.h; y++ {
		for x := 0; x < g.w; x++ {
			if !g.dark || (x+y)%2 == 0 {
				g.cells = append(g.cells, rgCell{fmt.Sprintf("%c%d", 'a'+x, y+1), x, y})
			}
		}
	}
	if g.dark {
		g.line("board { shape: square(%dx%d); cells: dark }", g.w, g.h)
	} else {
		g.line("board { shape: square(%dx%d) }", g.w, g.h)
	}
}

// playersAndPieces writes two or three players facing north, south and
// east, and the kinds: man, maybe king, maybe a neutral stone; in a
// stacking game (or by chance) with jump and height properties.
func (g *rulesGen) playersAndPieces() {
	np := 2
	if g.chance(4) {
		np = 3
	}
	g.players = []string{"red", "blue", "green"}[:np]
	g.fwd = []string{"north", "south", "east"}[:np]
	for i, pl := range g.players {
		g.line("player %s { forward: %s }", pl, g.fwd[i])
	}
	g.stacking = !g.plain && g.chance(6)
	g.props = !g.plain && (g.stacking || g.chance(4))
	g.king = !g.plain && g.chance(2)
	g.neutral = g.leaping || g.chance(3)
	g.targets = !g.plain && g.chance(6)
	kind := func(name string, jump, height, points int) {
		switch {
		case g.props:
			g.line("piece %s { jump: %d; height: %d; points: %d }", name, jump, height, points)
		case points > 1:
			g.line("piece %s { points: %d }", name, points)
		default:
			g.line("piece %s {}", name)
		}
	}
	kind("man", 1+g.n(3), 1+g.n(2), 1)
	if g.king {
		kind("king", 1+g.n(3), 1+g.n(3), 2+g.n(2))
	}
	if g.neutral {
		kind("stone", 1, 1, 1)
	}
	if g.targets {
		g.line("piece star { numbered: 3 }")
	}
	if g.stacking {
		g.line("stacking: true")
	}
}

// names lists the cells' names.
func names(cs []rgCell) string {
	var s []string
	for _, c := range cs {
		s = append(s, c.name)
	}
	return strings.Join(s, " ")
}

// starTargets writes the targets of player pl's k stars: cells of its
// far side, then any.
func (g *rulesGen) starTargets(pl, k int) {
	ts := g.far(pl)
	for len(ts) < k {
		ts = append(ts, g.cells[g.n(len(g.cells))])
	}
	g.targetLines = append(g.targetLines, fmt.Sprintf("target %s { star: %s }", g.players[pl], names(ts[:k])))
}

// depth is how far cell c is from player pl's side of the board.
func (g *rulesGen) depth(pl int, c rgCell) int {
	switch g.fwd[pl] {
	case "north":
		return c.y
	case "south":
		return g.h - 1 - c.y
	}
	return c.x
}

// far lists player pl's cells of the far side (its last rank, row or
// file).
func (g *rulesGen) far(pl int) []rgCell {
	var out []rgCell
	for i, c := range g.cells {
		switch g.fwd[pl] {
		case "north", "south":
			if g.depth(pl, c) == g.h-1 {
				out = append(out, c)
			}
		default: // the last cell of each row
			if i+1 == len(g.cells) || g.cells[i+1].y != c.y {
				out = append(out, c)
			}
		}
	}
	return out
}

// setup writes each player's pieces (near its side, dense or sparse) and
// the neutral pieces (listed, or filling every other cell but a few).
func (g *rulesGen) setup() {
	used := map[string]bool{}
	rows := min(1+g.n(3), max(1, g.h/3))
	dens := g.n(4) // 0: every cell of the rows, 1: one in two, 2: a few, 3: packed
	if dens == 3 { // half the board each, but for a few cells
		rows, g.packed = (g.h+1)/2, true
	}
	for pl, name := range g.players {
		var mine []rgCell
		for k, c := range g.cells {
			if g.depth(pl, c) >= rows || used[c.name] {
				continue
			}
			if (dens == 1 && (k+pl)%2 == 1 || dens == 2 && g.n(4) != 0 || dens == 3 && g.n(8) == 0) && len(mine) > 0 {
				continue
			}
			used[c.name] = true
			mine = append(mine, c)
		}
		if len(mine) == 0 {
			continue
		}
		var parts []string
		if g.targets { // stars: the first cells, each with a target
			k := min(len(mine), 1+g.n(3))
			parts = append(parts, "star: "+names(mine[:k]))
			g.starTargets(pl, k)
			mine = mine[k:]
		}
		if g.king && len(mine) > 0 && g.chance(3) {
			k := g.n(len(mine))
			parts = append(parts, "king: "+mine[k].name)
			mine = append(mine[:k:k], mine[k+1:]...)
		}
		if len(mine) > 0 {
			parts = append(parts, "man: "+names(mine))
		}
		g.line("setup %s { %s }", name, strings.Join(parts, "; "))
	}
	if !g.neutral {
		return
	}
	if g.leaping {
		g.line("setup { fill: stone; empty: %s }", g.cells[g.n(len(g.cells))].name)
		return
	}
	var free []rgCell
	for _, c := range g.cells {
		if !used[c.name] {
			free = append(free, c)
		}
	}
	if len(free) < 2 {
		return
	}
	if g.chance(3) { // fill, but for a few cells
		var empty []rgCell
		for k := 0; k < 1+g.n(3); k++ {
			empty = append(empty, free[g.n(len(free))])
		}
		g.line("setup { fill: stone; empty: %s }", names(dedup(empty)))
		return
	}
	var st []rgCell
	for _, c := range free {
		if g.n(5) == 0 {
			st = append(st, c)
		}
	}
	if len(st) > 0 {
		g.line("setup { stone: %s }", names(st))
	}
}

func dedup(cs []rgCell) []rgCell {
	seen := map[string]bool{}
	var out []rgCell
	for _, c := range cs {
		if !seen[c.name] {
			seen[c.name] = true
			out = append(out, c)
		}
	}
	return out
}

// zonesAndPromotions writes the zones far (each player's last rank, row
// or file) and mid (cells anywhere, the same for every player), a
// promotion of men to kings in far, and maybe a lock.
func (g *rulesGen) zonesAndPromotions() {
	for _, l := range g.targetLines {
		g.line("%s", l)
	}
	var fz []string
	for pl, name := range g.players {
		fz = append(fz, fmt.Sprintf("%s: %s", name, names(g.far(pl))))
	}
	g.line("zone far { %s }", strings.Join(fz, "; "))
	var mid []rgCell
	for _, c := range g.cells {
		if g.n(4) == 0 {
			mid = append(mid, c)
		}
	}
	if len(mid) == 0 {
		mid = g.cells[len(g.cells)/2 : len(g.cells)/2+1]
	}
	g.line("zone mid: %s", names(mid))
	g.zones = []string{"far", "mid", "start"}
	if !g.hex && !g.dark {
		g.zones = append(g.zones, "corners", "centre")
	}
	if g.plain {
		return
	}
	if g.king && g.n(4) != 0 {
		if g.chance(3) {
			g.line("promote man { to: king; in: far; at: move-end }")
		} else {
			g.line("promote man { to: king; in: far }")
		}
	}
	if g.chance(10) {
		g.line("lock %s: %s", g.pick("mid", "far"), g.pick("fixed", "inside"))
	}
}

// zone names a zone of the game for a cell condition.
func (g *rulesGen) zone() string {
	z := g.zones[g.n(len(g.zones))]
	if z == "far" || z == "start" {
		switch g.n(5) {
		case 1:
			return "opponent." + z
		case 2:
			return "others." + z
		case 3:
			return "own." + z
		}
	}
	return z
}

// dirs returns a rule's directions.
func (g *rulesGen) dirs() string {
	if g.hex {
		return g.pick("all", "forward", "backward", "sideways", "e, w", "ne, sw, nw", "all")
	}
	return g.pick("all", "orthogonal", "diagonal", "forward", "forward diagonal", "backward",
		"sideways", "n, e", "[ne, sw]", "forward, sideways", "forward orthogonal", "all")
}

// lastDirs: next-to(last, ...) directions, the same for every player.
func (g *rulesGen) lastDirs() string {
	if g.hex {
		return "all"
	}
	return g.pick("orthogonal", "diagonal", "all")
}

// from returns a From condition ("" for none).
func (g *rulesGen) from() string {
	if g.plain || !g.chance(4) {
		return ""
	}
	if g.stacking && g.chance(2) {
		return g.pick("level == 0", "level >= 1", "level <= 1 and not in mid")
	}
	if g.chance(8) {
		return fmt.Sprintf("not next-to(last, %s)", g.lastDirs())
	}
	if g.targets && g.chance(3) {
		return g.pick("on target", "not on target", "star")
	}
	switch g.n(4) {
	case 0:
		return "not in " + g.zone()
	case 1:
		return "in " + g.zone()
	case 2:
		return "man"
	}
	return "not man"
}

// over returns an Over condition that holds on no empty cell when noEmpty.
func (g *rulesGen) over(noEmpty bool) string {
	if g.stacking {
		if noEmpty {
			return g.pick("occupied", "enemy", "occupied and height <= piece.height", "own or enemy")
		}
		return g.pick("height <= piece.height", "height <= 1", "any", "occupied", "height < 2 or own", "empty")
	}
	if g.plain {
		xs := []string{"enemy", "occupied", "own"}
		if g.neutral {
			xs = append(xs, "enemy or neutral", "neutral")
		}
		if !noEmpty {
			xs = append(xs, "any", "empty", "not own", "empty or enemy")
		}
		return xs[g.n(len(xs))]
	}
	xs := []string{"enemy", "occupied", "own", "enemy man", "occupied and not in mid", "not empty and not in far"}
	if g.king {
		xs = append(xs, "man or king")
	}
	if g.targets {
		xs = append(xs, "on target or enemy", "star")
	}
	if g.neutral {
		xs = append(xs, "enemy or neutral", "neutral")
	}
	if !noEmpty {
		xs = append(xs, "any", "empty", "not own", "empty or in mid", "empty or enemy")
		if g.chance(10) {
			return fmt.Sprintf("occupied or next-to(last, %s)", g.lastDirs())
		}
	}
	return xs[g.n(len(xs))]
}

// onto returns an Onto condition: for a leap capturing by landing (take),
// one holding on enemy pieces; else one holding on empty cells.
func (g *rulesGen) onto(take bool) string {
	if g.stacking {
		if take {
			return g.pick("enemy", "empty or enemy", "enemy and height <= 2")
		}
		return g.pick("empty", "height <= piece.height", "height - level <= 1", "any", "own or empty", "height <= 2", "empty")
	}
	switch {
	case g.plain && take:
		return g.pick("enemy", "empty or enemy", "not own", "any")
	case g.plain:
		return g.pick("empty", "empty", "any")
	case take && g.targets && g.chance(3):
		return g.pick("enemy and not on target", "empty or on target")
	case take:
		return g.pick("enemy", "empty or enemy", "enemy man", "not own", "any", "enemy and not in "+g.zone())
	}
	if g.chance(10) {
		return fmt.Sprintf("empty and not next-to(last, %s)", g.lastDirs())
	}
	return g.pick("empty", "empty", "empty and not in "+g.zone(), "empty or in "+g.zone(), "any", "in "+g.zone())
}

// common writes the properties every leap rule may have: when, piece,
// from, dirs.
func (g *rulesGen) common(p *[]string, from bool) {
	if g.chance(6) {
		w := []string{"turn > 1", "ply > 2", "turn <= 4", "ply != 3"}
		if g.hands {
			w = append(w, "hand == 0", "hand < 2")
		}
		*p = append(*p, "when: "+w[g.n(len(w))])
	}
	switch g.n(8) {
	case 0:
		if !g.plain {
			*p = append(*p, "piece: own man")
		}
	case 1:
		if g.king {
			*p = append(*p, "piece: own king")
		}
	case 2:
		if g.chance(2) {
			*p = append(*p, "piece: "+g.pick("any", "any", "enemy", "neutral"))
		}
	case 3:
		if !g.plain {
			*p = append(*p, "piece: man")
		}
	}
	if from {
		if f := g.from(); f != "" {
			*p = append(*p, "from: "+f)
		}
	}
	*p = append(*p, "dirs: "+g.dirs())
}

// rule writes the k-th move rule: a step, a jump, a removal, a group
// move or a drop.
func (g *rulesGen) rule(k int) {
	name := fmt.Sprintf("r%d", k+1)
	g.rules = append(g.rules, name)
	var p []string
	key := "step"
	c := g.n(11)
	if g.plain && c >= 8 {
		c -= 4
	}
	if g.packed && c < 3 && g.chance(2) {
		c = 3 // jumps, rather than steps that hardly move
	}
	switch c {
	case 0, 1, 2:
		g.step(&p)
	case 3, 4, 5, 6:
		key = "jump"
		g.jump(&p)
	case 7:
		key = "remove"
		g.remove(&p)
	case 8, 9:
		key = "group"
		g.group(&p)
	case 10:
		key = "drop"
		g.drop(&p)
	}
	g.line("%s %s { %s }", key, name, strings.Join(p, "; "))
}

func (g *rulesGen) step(p *[]string) {
	g.common(p, true)
	take := g.chance(3)
	*p = append(*p, "onto: "+g.onto(take))
	if take {
		*p = append(*p, "capture: landing")
		g.capture = true
	}
	if !g.plain && g.chance(8) {
		*p = append(*p, "text: ends")
	}
}

// jump writes a jump: its length (fixed, a kind's property, a range or
// any), Over, a hurdle, Onto, its capture, chain and their options.
// Chains that could wander the board path by path are not made.
func (g *rulesGen) jump(p *[]string) {
	g.common(p, true)
	if !g.plain && g.chance(8) { // reachability
		*p = append(*p, "over: "+g.over(true), "chain: optional", "text: ends")
		return
	}
	length := g.pick("2", "", "3", "1", "piece.jump", "2 .. 4", "1 .. 3", "any", "2", "")
	if g.plain && length != "" && length != "1" && length != "3" {
		length = "2"
	}
	if length == "piece.jump" && !g.props {
		length = "3"
	}
	if length != "" {
		*p = append(*p, "length: "+length)
	}
	passes := length != "1" // some leap passes over a cell
	capture := "none"
	switch g.n(3) {
	case 1:
		if passes {
			capture = "jumped"
		}
	case 2:
		capture = "landing"
	}
	hurdle := !g.plain && passes && g.n(5) == 0 && length != "1 .. 3"
	chain := g.pick("none", "optional", "compulsory")
	same := chain != "none" && g.chance(4)
	ends := !g.plain && g.chance(4)
	// Bounded chains: each leap takes a piece (jumped over a cell that
	// is never empty, or landed on), the chain keeps its direction, or
	// its moves are found by reachability (optional, named by its
	// ends, taking nothing); on a board of at most 36 cells any chain
	// whose leaps pass over pieces.
	overNoEmpty := chain != "none" && !same && (capture == "jumped" || capture == "none" && !(ends && chain == "optional"))
	over := g.over(overNoEmpty && !hurdle)
	if hurdle {
		over = g.pick("empty", "empty", "own")
		*p = append(*p, "hurdle: "+g.pick("enemy", "occupied", "enemy man"))
	}
	if passes && length != "1 .. 3" && (over != "any" || g.chance(2)) {
		*p = append(*p, "over: "+over)
	}
	take := capture == "landing"
	onto := g.onto(take)
	if take && chain != "none" && !same {
		onto = g.pick("enemy", "enemy man")
		if length != "" && length != "1" && length != "2" || len(g.cells) > 25 {
			// Landings need no empty cell: on a board full of enemies
			// the chains take them in every order.
			chain = "none"
		}
	}
	if hurdle && capture != "jumped" && !same {
		chain = "none" // each leap passes a hurdle but takes nothing
	}
	if !take && !hurdle && !same && (length == "1" || length == "any" || length == "1 .. 3" || length == "piece.jump") {
		chain = "none" // a leap of one cell (a kind may have jump: 1) takes nothing
	}
	if chain != "none" && !same && capture == "none" && !(ends && chain == "optional") && len(g.cells) > 36 {
		chain = "none"
	}
	*p = append(*p, "onto: "+onto)
	if capture != "none" {
		*p = append(*p, "capture: "+capture)
		g.capture = true
		if capture == "jumped" && !g.plain && g.chance(3) {
			*p = append(*p, "taken: at-end")
		}
	}
	if chain != "none" {
		*p = append(*p, "chain: "+chain)
		if same {
			*p = append(*p, "chain-dirs: same")
		}
		if !g.plain && g.chance(6) {
			*p = append(*p, "chain-stop: in "+g.zone())
		}
	}
	if ends {
		*p = append(*p, "text: ends")
	}
}

func (g *rulesGen) remove(p *[]string) {
	switch g.n(4) {
	case 0:
		*p = append(*p, "when: "+g.pick("ply == 1", "turn == 1", "ply <= 2", "turn > 3", "ply == 2"))
	case 1:
		*p = append(*p, "when: ply <= 2")
	}
	if g.plain {
		*p = append(*p, "piece: "+g.pick("any", "own", "enemy"))
		return
	}
	*p = append(*p, "piece: "+g.pick("any", "own", "enemy", "any man", "own man"))
	if g.chance(2) {
		at := []string{"in " + g.zone(), "not in " + g.zone(), "man", "next-to(last, " + g.lastDirs() + ")"}
		if !g.hex && !g.dark {
			at = append(at, "in corners or in centre")
		}
		a := at[g.n(len(at))]
		if strings.Contains(a, "next-to") {
		}
		*p = append(*p, "at: "+a)
	}
}

// group writes a group move, maybe capturing.
func (g *rulesGen) group(p *[]string) {
	if g.chance(6) {
		*p = append(*p, "when: "+g.pick("turn > 1", "ply != 2"))
	}
	if g.king && g.chance(2) {
		*p = append(*p, "piece: own man king")
	} else {
		*p = append(*p, "piece: "+g.pick("own man", "own"))
	}
	*p = append(*p, "dirs: "+g.dirs())
	if g.chance(3) {
		*p = append(*p, "onto: "+g.onto(false))
	}
	if g.chance(2) {
		enemy := g.pick("enemy", "enemy man", "enemy and not in "+g.zone())
		when := g.pick("run == 1 or run < size", "run < size", "distance == 1 and run <= size", "size >= 2")
		take := g.pick("first", "all")
		*p = append(*p, fmt.Sprintf("capture { enemy: %s; when: %s; take: %s }", enemy, when, take))
		g.capture = true
	}
}

// drop writes a drop from the hand (and gives the players hands).
func (g *rulesGen) drop(p *[]string) {
	g.hands = true
	*p = append(*p, "when: "+g.pick("hand > 0", "hand > 0", "turn <= 3 and hand > 0"))
	if g.king && g.chance(2) {
		*p = append(*p, "piece: "+g.pick("man", "king", "man king"))
	} else {
		*p = append(*p, "piece: man")
	}
	if g.chance(2) {
		*p = append(*p, "onto: "+g.pick("in mid", "empty and not in far", "in "+g.zone(), "not in start"))
	}
}

// tiers writes the hands, a priority (the rules in tiers of one or two,
// maybe leaving the last out), prefer, forbid and a counter.
func (g *rulesGen) tiers() {
	if g.hands {
		for _, name := range g.players {
			if g.king {
				g.line("hand %s { man: %d; king: %d }", name, 1+g.n(4), g.n(2))
			} else {
				g.line("hand %s { man: %d }", name, 1+g.n(5))
			}
		}
	}
	if len(g.rules) > 1 && g.chance(2) {
		rs := append([]string(nil), g.rules...)
		for i := len(rs) - 1; i > 0; i-- {
			j := g.n(i + 1)
			rs[i], rs[j] = rs[j], rs[i]
		}
		if g.chance(3) {
			rs = rs[:len(rs)-1] // the rules left out form the last tier
		}
		var ts []string
		for len(rs) > 0 {
			k := min(len(rs), 1+g.n(2))
			if k == 1 {
				ts = append(ts, rs[0])
			} else {
				ts = append(ts, "["+strings.Join(rs[:k], ", ")+"]")
			}
			rs = rs[k:]
		}
		g.line("priority: %s", strings.Join(ts, ", "))
	}
	if g.capture && !g.plain && g.chance(3) {
		g.line("prefer: most-captured")
	}
	if g.chance(8) || g.plain && g.chance(3) {
		g.line("forbid: blockade")
	}
}

// end writes the counter, the goals, the end of the game and the score.
func (g *rulesGen) end() {
	var e []string
	if g.plain {
		e = append(e, "no-move: "+g.pick("lose", "draw", "score"))
		if g.chance(2) {
			e = append(e, fmt.Sprintf("plies: %d", 6+g.n(50)))
		}
		g.line("end { %s }", strings.Join(e, "; "))
		g.line("score { value: captured }")
		return
	}
	counter := g.chance(8)
	if counter {
		if g.king && g.chance(2) {
			g.line("counter quiet { counts: moved king and captures == 0 }")
		} else {
			g.line("counter quiet { counts: captures == 0 and not pass }")
		}
	}
	var wins []string
	if g.chance(2) {
		wins = append(wins, g.pick("some(own, in far)", "some(own, man and in far)", "count(own, in far) >= 2"))
	}
	if g.chance(2) {
		wins = append(wins, g.pick("count(opponent) == 0", "opponent.pieces == 0", "captured >= 3"))
	}
	if g.targets && g.chance(2) {
		wins = append(wins, g.pick("count(own, on target) >= 2", "some(own, star and on target)"))
	}
	if len(wins) > 0 {
		e = append(e, "win: "+strings.Join(wins, " or "))
	}
	if g.chance(8) {
		e = append(e, "lose: count(own) < 2")
	}
	if g.chance(10) {
		e = append(e, "win turn-start: every(opponent.far, own)")
	}
	if counter {
		e = append(e, fmt.Sprintf("draw: quiet >= %d", 4+g.n(10)))
	}
	score := false
	switch nm := g.pick("lose", "draw", "score", "pass", "lose"); nm {
	case "score":
		score = true
		e = append(e, "no-move: score")
	case "pass":
		e = append(e, "no-move: pass", "passes: 2")
		if g.chance(2) {
			score = true
			e = append(e, "at-passes: score")
		}
	default:
		e = append(e, "no-move: "+nm)
	}
	if g.chance(2) {
		e = append(e, fmt.Sprintf("plies: %d", 6+g.n(50)))
		if g.chance(2) {
			score = true
			e = append(e, "at-limit: score")
		}
	}
	g.line("end { %s }", strings.Join(e, "; "))
	if g.targets && (score || g.chance(4)) {
		g.line("score { value: distance(all); best: lowest }")
		return
	}
	if score || g.chance(4) {
		g.line("score { value: %s; best: %s }", g.pick("captured", "count(own)", "points", "count(own, in far) - captured"), g.pick("highest", "lowest", "highest"))
	}
}

// leapingRules writes the rules of a leaping game: jumps by any piece
// over a piece onto an empty cell, taking it, maybe a removal on the
// first turn; the most captures win when no jump is left.
func (g *rulesGen) leapingRules() {
	dirs := g.pick("all", "orthogonal", "diagonal")
	if g.hex {
		dirs = "all"
	}
	chain := g.pick("optional", "compulsory", "none")
	g.line("jump { piece: any; dirs: %s; over: occupied; onto: empty; capture: jumped; chain: %s }", dirs, chain)
	if g.chance(2) {
		g.line("remove { when: %s; piece: any }", g.pick("turn == 1", "ply == 1"))
	}
	g.line("end { no-move: score }")
	g.line("score { value: captured }")
}
