package interp

import (
	"fmt"
	"github.com/ruleplay/ruleplay/interp/internal/core"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The position text (docs/notation.md, "Position text"): everything of a
// position that the rules can read, on one line, written by PositionText
// and read by ParsePosition:
//
//	board mover [ply:N] [turns:N,N,...] [passes:N] [captured:N,N,...]
//	      [points:N,N,...] [hand:PIECES] [last:CELL] [counters:NAME=N,...]
//
// The board is its rows from the top row down (the highest rank of a
// square board, the highest row of a hex one), separated by "/"; each row
// lists its cells from the left (cells that are not on the board are not
// written): a run of empty cells as its length, a piece as its token, a
// stack of two or more pieces as "(" its tokens from the bottom ")". A
// piece's token is its board symbol (PieceSymbol) when that is one
// letter and no other piece has it, "[symbol]" when it is longer but
// still no other piece's, and "[piece name]" otherwise; the reader takes
// "[piece name]" for every piece. The fields after the side to move are
// written only when they are not their default (0, empty, -1; turns: the
// plies before this one taken in turn back from the player to move), in
// the order above; the reader takes them in any order.
//
// A read position is built as NewState builds one (NewEmptyState, then
// the pieces put one by one, bottom first), so its derived indexes are
// those of a position reached by moves; whether the game is over is
// decided as Apply decides it after the previous ply (the previous
// player's after-move goals, the passes in a row, the ply limit).

// PositionError is a position text the rules cannot hold: what is wrong
// and the column (1-based, in characters) where it is.
type PositionError struct {
	Text string
	Col  int
	Msg  string
}

func (e *PositionError) Error() string {
	line, col := e.Text, e.Col
	// a long text is cut around the column so that the caret stays near
	const room = 60
	prefix := ""
	if n := utf8.RuneCountInString(line); n > 2*room {
		r := []rune(line)
		from := max(0, min(col-1-room, n-2*room))
		line = string(r[from:min(n, from+2*room)])
		if from > 0 {
			prefix = "..."
			line = prefix + line
		}
		col -= from
	}
	return fmt.Sprintf("position text, column %d: %s\n  %s\n  %s^", e.Col, e.Msg, line, strings.Repeat(" ", len(prefix)+col-1))
}

// positionCodec holds what the reader and the writer of a game's
// position texts share: the board's rows and the piece tokens.
type positionCodec struct {
	rows  [][]int  // the cells of each row, the top row first, each from the left
	token []string // the written token of each piece code (index 0 unused)
	// byBracket: what "[...]" may hold (a piece's unique symbol, or its
	// name) -> code; byLetter: a piece's unique one-letter symbol -> code
	byBracket map[string]uint16
	byLetter  map[rune]uint16
}

func codecOf(p *core.Program) *positionCodec {
	pc := &positionCodec{byBracket: map[string]uint16{}, byLetter: map[rune]uint16{}}
	ys := map[int][]int{}
	for c := 0; c < p.NumCells; c++ {
		ys[p.CellY[c]] = append(ys[p.CellY[c]], c)
	}
	keys := make([]int, 0, len(ys))
	for y := range ys {
		keys = append(keys, y)
	}
	sort.Sort(sort.Reverse(sort.IntSlice(keys)))
	for _, y := range keys {
		row := ys[y]
		sort.Slice(row, func(i, j int) bool { return p.CellX[row[i]] < p.CellX[row[j]] })
		pc.rows = append(pc.rows, row)
	}
	syms := make([]string, p.Ncodes)
	seen := map[string]int{}
	for code := 1; code < p.Ncodes; code++ {
		syms[code] = p.Symbol(uint16(code))
		seen[syms[code]]++
	}
	pc.token = make([]string, p.Ncodes)
	for code := 1; code < p.Ncodes; code++ {
		name := p.Desc.Pieces[code-1].Name
		pc.byBracket[name] = uint16(code)
	}
	for code := 1; code < p.Ncodes; code++ {
		sym, name := syms[code], p.Desc.Pieces[code-1].Name
		r, size := utf8.DecodeRuneInString(sym)
		switch {
		case seen[sym] == 1 && size == len(sym) && isLetter(r):
			pc.token[code] = sym
			pc.byLetter[r] = uint16(code)
			pc.byBracket[sym] = uint16(code)
		case seen[sym] == 1 && bracketable(sym) && (pc.byBracket[sym] == 0 || pc.byBracket[sym] == uint16(code)):
			pc.token[code] = "[" + sym + "]"
			pc.byBracket[sym] = uint16(code)
		default:
			pc.token[code] = "[" + name + "]"
		}
	}
	return pc
}

func isLetter(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }

// bracketable tells whether s can stand between brackets.
func bracketable(s string) bool {
	return s != "" && !strings.ContainsAny(s, "[]() /")
}

// PositionText writes the position of s as one line (docs/notation.md,
// "Position text"); ParsePosition reads it back.
func PositionText(p *core.Program, s *core.State) string {
	pc := codecOf(p)
	var b strings.Builder
	for i, row := range pc.rows {
		if i > 0 {
			b.WriteByte('/')
		}
		empty := 0
		for _, c := range row {
			h := p.Height(s, c)
			if h == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			if h == 1 || s.Hgt == nil {
				b.WriteString(pc.token[s.Cells[c]])
				continue
			}
			b.WriteByte('(')
			for k := 0; k < h; k++ {
				b.WriteString(pc.token[s.Stk[c*s.Scap+k]])
			}
			b.WriteByte(')')
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
		}
	}
	b.WriteString(" " + p.PlayerName(s.Mover))
	if s.PlyCount != 0 {
		fmt.Fprintf(&b, " ply:%d", s.PlyCount)
	}
	if !equalInts(s.Turns, turnsBefore(p, s.Mover, s.PlyCount)) {
		b.WriteString(" turns:" + joinInts(s.Turns))
	}
	if s.Passes != 0 {
		fmt.Fprintf(&b, " passes:%d", s.Passes)
	}
	if s.Swapped {
		b.WriteString(" swapped:yes")
	}
	if !allZero(s.CapturedBy) {
		b.WriteString(" captured:" + joinInts(s.CapturedBy))
	}
	if !allZero(s.Points) {
		b.WriteString(" points:" + joinInts(s.Points))
	}
	if !allZero(s.Hand) {
		var parts []string
		for code, n := range s.Hand {
			switch {
			case n == 1:
				parts = append(parts, pc.token[code])
			case n > 1:
				parts = append(parts, strconv.Itoa(int(n))+pc.token[code])
			}
		}
		b.WriteString(" hand:" + strings.Join(parts, ","))
	}
	if p.KeepLast && s.Last >= 0 {
		b.WriteString(" last:" + p.CellNames[s.Last])
	}
	if !allZero(s.Ctr) {
		var parts []string
		for k, r := range p.Counters {
			if r.At >= 0 && !allZero(s.Ctr[r.At:r.At+r.Values]) {
				parts = append(parts, p.Desc.Counters[k].Name+"="+p.CounterText(s, k))
			}
		}
		b.WriteString(" counters:" + strings.Join(parts, ","))
	}
	return b.String()
}

// turnsBefore returns the turns each player has taken when ply plies
// were played in turn up to mover's turn: the default of a text's turns.
func turnsBefore(p *core.Program, mover, ply int) []int32 {
	t := make([]int32, p.Players)
	if p.Order != nil {
		p.Order.TurnsBefore(ply, t)
		return t
	}
	for i := range t {
		t[i] = int32(ply / p.Players)
	}
	pl := mover
	for k := 0; k < ply%p.Players; k++ {
		pl = (pl + p.Players - 1) % p.Players
		t[pl]++
	}
	return t
}

func equalInts(a, b []int32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func allZero(a []int32) bool {
	for _, v := range a {
		if v != 0 {
			return false
		}
	}
	return true
}

func joinInts(a []int32) string {
	parts := make([]string, len(a))
	for i, v := range a {
		parts[i] = strconv.Itoa(int(v))
	}
	return strings.Join(parts, ",")
}

// positionReader reads one position text.
type positionReader struct {
	p    *core.Program
	pc   *positionCodec
	text string
}

// fail returns the error of what is wrong at byte offset at of the text.
func (r *positionReader) fail(at int, format string, args ...any) error {
	at = min(max(at, 0), len(r.text))
	return &PositionError{Text: r.text, Col: utf8.RuneCountInString(r.text[:at]) + 1, Msg: fmt.Sprintf(format, args...)}
}

// ParsePosition reads a position text (docs/notation.md, "Position
// text") into a new State of p, or returns a *PositionError naming what
// the rules cannot hold and where. The State is built as NewState builds
// one; whether the game is over is decided as Apply decides it.
func ParsePosition(p *core.Program, text string) (*core.State, error) {
	r := &positionReader{p: p, pc: codecOf(p), text: text}
	s := p.NewEmptyState()
	end, err := r.board(s)
	if err != nil {
		return nil, err
	}
	if err := r.fields(s, end); err != nil {
		return nil, err
	}
	p.Rehash(s)
	decideEnd(p, s)
	return s, nil
}

// board reads the board part into s and returns the offset where it ends.
func (r *positionReader) board(s *core.State) (int, error) {
	text, rows := r.text, r.pc.rows
	row, k := 0, 0 // the row being read, the cells of it read
	i := 0
	if strings.TrimSpace(text) == "" {
		return 0, r.fail(0, "the text is empty: want the board's rows, then the side to move")
	}
	for i < len(text) && text[i] != ' ' {
		ch := text[i]
		switch {
		case ch == '/':
			if k < len(rows[row]) {
				return 0, r.fail(i, "row %s has %d cells, the text gives %d", r.rowLabel(row), len(rows[row]), k)
			}
			if row+1 == len(rows) {
				return 0, r.fail(i, "the board has %d rows, the text gives more", len(rows))
			}
			row, k = row+1, 0
			i++
		case ch >= '0' && ch <= '9':
			j := i
			for j < len(text) && text[j] >= '0' && text[j] <= '9' {
				j++
			}
			n, err := strconv.Atoi(text[i:j])
			if err != nil || n == 0 || k+n > len(rows[row]) {
				return 0, r.fail(i, "%s empty cells run past the end of row %s: it has %d cells, %d given before", text[i:j], r.rowLabel(row), len(rows[row]), k)
			}
			k += n
			i = j
		case ch == '(':
			start := i
			i++
			var stack []uint16
			for i < len(text) && text[i] != ')' && text[i] != ' ' {
				code, next, err := r.piece(i)
				if err != nil {
					return 0, err
				}
				stack = append(stack, code)
				i = next
			}
			if i == len(text) || text[i] != ')' {
				return 0, r.fail(start, "a stack with no closing ')'")
			}
			i++
			if err := r.put(s, start, row, k, stack); err != nil {
				return 0, err
			}
			k++
		default:
			code, next, err := r.piece(i)
			if err != nil {
				return 0, err
			}
			if err := r.put(s, i, row, k, []uint16{code}); err != nil {
				return 0, err
			}
			k++
			i = next
		}
	}
	if k < len(rows[row]) {
		return 0, r.fail(i, "row %s has %d cells, the text gives %d", r.rowLabel(row), len(rows[row]), k)
	}
	if row+1 < len(rows) {
		return 0, r.fail(i, "the board has %d rows, the text gives %d", len(rows), row+1)
	}
	return i, nil
}

// rowLabel is the number of the row i of the text (the top row first) as
// the board shows it (its rank on a square board).
func (r *positionReader) rowLabel(i int) string {
	return fmt.Sprintf("%d (the text's row %d)", r.p.CellY[r.pc.rows[i][0]]+1, i+1)
}

// piece reads a piece token at offset i: its code and the offset after it.
func (r *positionReader) piece(i int) (uint16, int, error) {
	text := r.text
	if text[i] == '[' {
		j := strings.IndexByte(text[i:], ']')
		if j < 0 {
			return 0, 0, r.fail(i, "a '[' with no closing ']'")
		}
		name := text[i+1 : i+j]
		if code, ok := r.pc.byBracket[name]; ok {
			return code, i + j + 1, nil
		}
		return 0, 0, r.fail(i, "the game has no piece %q (%s)", name, r.pieceList())
	}
	ch, size := utf8.DecodeRuneInString(text[i:])
	if code, ok := r.pc.byLetter[ch]; ok {
		return code, i + size, nil
	}
	if ch == ' ' || ch == ')' || ch == '(' || ch == '/' || ch == ']' {
		return 0, 0, r.fail(i, "a piece expected, not %q (%s)", ch, r.pieceList())
	}
	return 0, 0, r.fail(i, "the game has no piece %q (%s)", string(ch), r.pieceList())
}

// pieceList names the game's pieces with their tokens, for a message.
func (r *positionReader) pieceList() string {
	parts := make([]string, 0, len(r.pc.token))
	for code := 1; code < len(r.pc.token); code++ {
		parts = append(parts, r.pc.token[code]+" "+r.p.Desc.Pieces[code-1].Name)
	}
	return "pieces: " + strings.Join(parts, ", ")
}

// put puts a stack (bottom first) on cell k of row row, read at offset at.
func (r *positionReader) put(s *core.State, at, row, k int, stack []uint16) error {
	p := r.p
	if k >= len(r.pc.rows[row]) {
		return r.fail(at, "row %s has only %d cells", r.rowLabel(row), len(r.pc.rows[row]))
	}
	c := r.pc.rows[row][k]
	if len(stack) == 0 {
		return r.fail(at, "cell %s: an empty stack '()': an empty cell is written as a count", p.CellNames[c])
	}
	if len(stack) > 1 && !p.Stacking {
		return r.fail(at, "cell %s: %d pieces, but the game has no stacks (one piece a cell)", p.CellNames[c], len(stack))
	}
	for _, code := range stack {
		if s.Hgt != nil && int(s.Hgt[c]) >= s.Scap {
			return r.fail(at, "cell %s: a stack of more than %d pieces, the most the game's pieces make", p.CellNames[c], s.Scap)
		}
		s.Place(p, c, code)
	}
	return nil
}

// positionFields are the keys of the fields after the side to move.
var positionFields = []string{"ply", "turns", "passes", "swapped", "captured", "points", "hand", "last", "counters"}

// fields reads the side to move and the fields after it, from offset i.
// positionField is a field of a position text: the offset of its value,
// and the value.
type positionField struct {
	at    int
	value string
}

// fields reads the side to move and the fields after the board, from
// offset i.
func (r *positionReader) fields(s *core.State, i int) error {
	words := r.words(i)
	if len(words) == 0 {
		return r.fail(len(r.text), "the side to move is missing (players: %s)", r.playerList())
	}
	p := r.p
	mover := -1
	for pl := 0; pl < p.Players; pl++ {
		if p.Desc.Players[pl].Name == words[0].value {
			mover = pl
		}
	}
	if mover < 0 {
		return r.fail(words[0].at, "no player %q to move (players: %s)", words[0].value, r.playerList())
	}
	s.Mover = mover
	got := map[string]positionField{}
	for _, w := range words[1:] {
		key, value, ok := strings.Cut(w.value, ":")
		if !ok || !containsString(positionFields, key) {
			return r.fail(w.at, "unknown field %q: want one of %s, each KEY:VALUE", w.value, strings.Join(positionFields, ", "))
		}
		if _, dup := got[key]; dup {
			return r.fail(w.at, "field %s given twice", key)
		}
		got[key] = positionField{w.at + len(key) + 1, value}
	}
	ply, err := r.plies(s, got, mover)
	if err != nil {
		return err
	}
	if err := r.turnOrder(words[0].at, mover, ply); err != nil {
		return err
	}
	if err := r.tallies(s, got); err != nil {
		return err
	}
	if f, ok := got["last"]; ok {
		if !p.KeepLast {
			return r.fail(f.at, "the rules do not read the last move's cell: no last: field")
		}
		c, ok := p.CellIdx[f.value]
		if !ok {
			return r.fail(f.at, "no cell %q", f.value)
		}
		if ply == 0 {
			return r.fail(f.at, "a last move's cell at ply 0")
		}
		s.Last = int32(c)
	}
	if f, ok := got["counters"]; ok {
		if err := r.counters(s, f.at, f.value, ply); err != nil {
			return err
		}
	}
	if f, ok := got["swapped"]; ok {
		return r.swapped(s, f, ply)
	}
	return nil
}

// swapped reads the swapped: field: yes (the swap was made) or no,
// only in a game with a swap and not before its ply.
func (r *positionReader) swapped(s *core.State, f positionField, ply int) error {
	p := r.p
	switch {
	case p.SwapPly == 0:
		return r.fail(f.at, "the rules have no swap (turns { swap }): no swapped: field")
	case f.value == "no":
		return nil
	case f.value != "yes":
		return r.fail(f.at, "swapped:%s: want yes or no", f.value)
	case ply < p.SwapPly:
		return r.fail(f.at, "the swap is offered after ply %d, but this is ply %d", p.SwapPly, ply)
	}
	s.Swapped = true
	return nil
}

// words splits the text from offset i into words: a word ends at a space
// outside brackets (a piece's name may hold one).
func (r *positionReader) words(i int) []positionField {
	text := r.text
	var words []positionField
	for i < len(text) {
		if text[i] == ' ' {
			i++
			continue
		}
		j := i
		for j < len(text) && text[j] != ' ' {
			if text[j] == '[' {
				if k := strings.IndexByte(text[j:], ']'); k > 0 {
					j += k
				}
			}
			j++
		}
		words = append(words, positionField{i, text[i:j]})
		i = j
	}
	return words
}

// plies reads the ply, the turns and the passes of the fields got (the
// ply first: the turns and the counters are checked against it) and
// returns the ply.
func (r *positionReader) plies(s *core.State, got map[string]positionField, mover int) (int, error) {
	p := r.p
	ply, plyGiven := 0, false
	if f, ok := got["ply"]; ok {
		n, err := r.number(f.at, f.value, "ply")
		if err != nil {
			return 0, err
		}
		if p.Limit > 0 && n > p.Limit {
			return 0, r.fail(f.at, "ply %d is past the game's limit of %d plies", n, p.Limit)
		}
		ply, plyGiven = n, true
	}
	if f, ok := got["turns"]; ok {
		turns, err := r.numbers(f.at, f.value, "turns", true)
		if err != nil {
			return 0, err
		}
		sum := 0
		for _, t := range turns {
			sum += int(t)
		}
		if plyGiven && sum != ply {
			return 0, r.fail(f.at, "the turns add up to %d plies, the ply is %d", sum, ply)
		}
		if p.Limit > 0 && sum > p.Limit {
			return 0, r.fail(f.at, "the turns add up to %d plies, past the game's limit of %d", sum, p.Limit)
		}
		ply = sum
		copy(s.Turns, turns)
	} else {
		copy(s.Turns, turnsBefore(p, mover, ply))
	}
	s.PlyCount = ply
	if f, ok := got["passes"]; ok {
		n, err := r.number(f.at, f.value, "passes")
		if err != nil {
			return 0, err
		}
		if n > ply {
			return 0, r.fail(f.at, "%d passes in a row, more than the %d plies played", n, ply)
		}
		s.Passes = n
	}
	return ply, nil
}

// tallies reads the captured counts, the points and the hands of the
// fields got, and checks that a stacking game's pieces fit its stacks.
func (r *positionReader) tallies(s *core.State, got map[string]positionField) error {
	p := r.p
	if f, ok := got["captured"]; ok {
		v, err := r.numbers(f.at, f.value, "captured", true)
		if err != nil {
			return err
		}
		copy(s.CapturedBy, v)
	}
	if f, ok := got["points"]; ok {
		v, err := r.numbers(f.at, f.value, "points", false)
		if err != nil {
			return err
		}
		copy(s.Points, v)
	}
	if f, ok := got["hand"]; ok {
		if err := r.hand(s, f.at, f.value); err != nil {
			return err
		}
	}
	if s.Hgt != nil {
		total := 0
		for c := 0; c < p.NumCells; c++ {
			total += int(s.Hgt[c])
		}
		for _, n := range s.Hand {
			total += int(n)
		}
		if total > s.Scap {
			return r.fail(0, "%d pieces on the board and in hand, more than the %d the game's stacks are made for (its setup and hands)", total, s.Scap)
		}
	}
	return nil
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func (r *positionReader) playerList() string {
	names := make([]string, r.p.Players)
	for i := range names {
		names[i] = r.p.Desc.Players[i].Name
	}
	return strings.Join(names, ", ")
}

// limitValue bounds every number of a text: they are kept in 32 bits.
const limitValue = 1 << 30

// number reads a count (0 or more) of field key.
func (r *positionReader) number(at int, v, key string) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 || n >= limitValue || v != strconv.Itoa(n) {
		return 0, r.fail(at, "%s: want a whole number from 0 to %d, not %q", key, limitValue-1, v)
	}
	return n, nil
}

// numbers reads one number per player (counts when nonNegative).
func (r *positionReader) numbers(at int, v, key string, nonNegative bool) ([]int32, error) {
	parts := strings.Split(v, ",")
	if len(parts) != r.p.Players {
		return nil, r.fail(at, "%s: want %d numbers, one per player (%s), not %d", key, r.p.Players, r.playerList(), len(parts))
	}
	out := make([]int32, len(parts))
	for i, x := range parts {
		n, err := strconv.Atoi(x)
		if err != nil || n <= -limitValue || n >= limitValue || x != strconv.Itoa(n) || nonNegative && n < 0 {
			lo := "-" + strconv.Itoa(limitValue-1)
			if nonNegative {
				lo = "0"
			}
			return nil, r.fail(at, "%s of %s: want a whole number from %s to %d, not %q", key, r.p.Desc.Players[i].Name, lo, limitValue-1, x)
		}
		out[i] = int32(n)
		at += len(x) + 1
	}
	return out, nil
}

// hand reads the pieces in hand: COUNT? PIECE, comma-separated.
func (r *positionReader) hand(s *core.State, at int, v string) error {
	p := r.p
	if !p.Hands {
		return r.fail(at, "the game has no pieces in hand")
	}
	held := map[uint16]bool{}
	for _, pcs := range p.Desc.Hands {
		for _, pc := range pcs {
			held[uint16(pc.Piece+1)] = true
		}
	}
	for _, item := range strings.Split(v, ",") {
		j := 0
		for j < len(item) && item[j] >= '0' && item[j] <= '9' {
			j++
		}
		n := 1
		if j > 0 {
			var err error
			if n, err = r.number(at, item[:j], "hand"); err != nil {
				return err
			}
			if n == 0 {
				return r.fail(at, "hand: a count of 0 (leave the piece out)")
			}
		}
		if j == len(item) {
			return r.fail(at+j, "hand: a piece expected after the count (%s)", r.pieceList())
		}
		code, next, err := r.piece(at + j)
		if err != nil {
			return err
		}
		if next != at+len(item) {
			return r.fail(next, "hand: want COUNT PIECE items separated by ',', e.g. 3M,m")
		}
		if !held[code] {
			return r.fail(at+j, "hand: %s is never held in hand in this game", p.Desc.Pieces[code-1].Name)
		}
		if s.Hand[code] != 0 {
			return r.fail(at, "hand: %s given twice", p.Desc.Pieces[code-1].Name)
		}
		s.Hand[code] = int32(n)
		at += len(item) + 1
	}
	return nil
}

// counters reads NAME=VALUE items: each counter goes up by one a ply at
// most, so it is at most the plies played.
func (r *positionReader) counters(s *core.State, at int, v string, ply int) error {
	p := r.p
	if len(s.Ctr) == 0 {
		return r.fail(at, "the game has no counters")
	}
	seen := map[int]bool{}
	for _, item := range strings.Split(v, ",") {
		name, value, ok := strings.Cut(item, "=")
		k := -1
		for i, c := range p.Desc.Counters {
			if c.Name == name {
				k = i
			}
		}
		if !ok || k < 0 {
			names := make([]string, len(p.Desc.Counters))
			for i, c := range p.Desc.Counters {
				names[i] = c.Name
			}
			return r.fail(at, "counters: want NAME=VALUE items, the names %s; not %q", strings.Join(names, ", "), item)
		}
		if seen[k] {
			return r.fail(at, "counters: %s given twice", name)
		}
		seen[k] = true
		if err := r.counterValues(s, k, at+len(name)+1, value, ply); err != nil {
			return err
		}
		at += len(item) + 1
	}
	return nil
}

// decideEnd decides whether the game of a read position is over, as
// Apply decides it after the previous ply: that player's after-move
// goals, the passes in a row (a pass was the previous ply when there is
// one), the ply limit.
func decideEnd(p *core.Program, s *core.State) {
	if s.PlyCount == 0 {
		return
	}
	prev := p.PlayerBefore(s)
	if len(p.GoalsAfter) > 0 && p.GoalReached(s, prev) {
		return
	}
	if s.Passes > 0 && p.Passes > 0 && s.Passes >= p.Passes {
		s.End = core.EndPasses
		return
	}
	if p.Limit > 0 && s.PlyCount >= p.Limit {
		s.End = core.EndLimit
	}
}

// turnOrder checks, in a game with a turn order (core.TurnOrder), that
// the side to move (at offset at) is the player of the ply: there the
// ply decides who moves.
func (r *positionReader) turnOrder(at, mover, ply int) error {
	o := r.p.Order
	if o == nil || o.At(ply) == mover {
		return nil
	}
	p := r.p
	hint := ""
	for k := ply + 1; k <= ply+len(o.Seats); k++ {
		if o.At(k) == mover {
			hint = fmt.Sprintf(" (%s moves at ply %d: set ply:%d)", p.PlayerName(mover), k, k)
			break
		}
	}
	return r.fail(at, "the game's turns give ply %d to %s, not %s%s", ply, p.PlayerName(o.At(ply)), p.PlayerName(mover), hint)
}
