package pdn

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/ruleplay/ruleplay/internal/safetext"
)

// MaxFEN bounds the length of a FEN string.
const MaxFEN = 4096

// Piece is one piece of a FEN position.
type Piece struct {
	Square int
	King   bool
}

// FEN is a position in FEN: the side to move ('W' or 'B') and each
// side's pieces by square number, in square order.
type FEN struct {
	ToMove       byte
	White, Black []Piece
}

// FENError is a problem in a FEN string, at a byte offset (from 0).
type FENError struct {
	Offset int
	Msg    string
}

func (e *FENError) Error() string {
	return fmt.Sprintf("FEN, at character %d: %s", e.Offset+1, e.Msg)
}

// ParseFEN reads a FEN such as "W:W31-50:B1-20" or
// "B:BK17,K24:W6,9,10": the side to move, then each side's pieces, a K
// before a king, ranges with '-'. Squares run from 1 to maxSquare; a square
// given twice (by one side or both) is an error. White space is ignored and
// a final '.' allowed. Fields after the two sides (such as "H0" or "F1",
// the half-move clock and move number some programs add) are refused, so a
// position never loses what it said.
func ParseFEN(s string, maxSquare int) (FEN, error) {
	return ParseFENNamed(s, maxSquare, nil)
}

// ParseFENNamed is ParseFEN where a square may also be written by its
// name, as the game types with algebraic notation write FEN
// ("W:Wa1,c1:Bh8"): name returns the number of a named square and
// whether there is one (nil: numbers only). Ranges are of numbers.
func ParseFENNamed(s string, maxSquare int, name func(string) (int, bool)) (FEN, error) {
	var f FEN
	if len(s) > MaxFEN {
		return f, &FENError{MaxFEN, fmt.Sprintf("longer than %d characters", MaxFEN)}
	}
	// offsets of the kept characters in s, for messages
	var b []byte
	var at []int
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '\n', '\r':
			continue
		}
		b = append(b, s[i])
		at = append(at, i)
	}
	if n := len(b); n > 0 && b[n-1] == '.' {
		b, at = b[:n-1], at[:n-1]
	}
	off := func(i int) int {
		if i < len(at) {
			return at[i]
		}
		return len(s)
	}
	fields := strings.Split(string(b), ":")
	if len(fields) == 0 || fields[0] != "W" && fields[0] != "B" {
		return f, &FENError{0, "a FEN starts with the side to move, W or B, then ':' (as in W:W31-50:B1-20)"}
	}
	f.ToMove = fields[0][0]
	seen := map[int]bool{}
	sides := 0
	pos := 2
	for _, fl := range fields[1:] {
		start := pos
		pos += len(fl) + 1
		if fl == "" {
			return f, &FENError{off(start), "an empty field between ':'"}
		}
		var list *[]Piece
		switch fl[0] {
		case 'W':
			list = &f.White
		case 'B':
			list = &f.Black
		default:
			return f, &FENError{off(start), fmt.Sprintf("%s: a side's field starts with W or B", safetext.Quote(fl, 40))}
		}
		if sides&(1<<(fl[0]&1)) != 0 {
			return f, &FENError{off(start), fmt.Sprintf("the side %c is given twice", fl[0])}
		}
		sides |= 1 << (fl[0] & 1)
		if len(fl) == 1 {
			continue // a side without pieces
		}
		i := start + 1
		for _, item := range strings.Split(fl[1:], ",") {
			ps, err := fenItem(item, maxSquare, name)
			if err != nil {
				return f, &FENError{off(i), err.Error()}
			}
			for _, p := range ps {
				if seen[p.Square] {
					return f, &FENError{off(i), fmt.Sprintf("square %d is given twice", p.Square)}
				}
				seen[p.Square] = true
			}
			*list = append(*list, ps...)
			i += len(item) + 1
		}
	}
	if sides != 3 {
		return f, &FENError{len(s), "a FEN names both sides' pieces, W... and B... (a side may be empty: W:W:B1)"}
	}
	for _, l := range [][]Piece{f.White, f.Black} {
		sort.Slice(l, func(i, j int) bool { return l[i].Square < l[j].Square })
	}
	return f, nil
}

// fenItem reads "31", "K17" or "31-35" (a range of men, or of kings with K).
func fenItem(item string, maxSquare int, name func(string) (int, bool)) ([]Piece, error) {
	king := strings.HasPrefix(item, "K")
	body := strings.TrimPrefix(item, "K")
	lo, hi := body, body
	if i := strings.IndexByte(body, '-'); i >= 0 {
		lo, hi = body[:i], strings.TrimPrefix(body[i+1:], "K")
	}
	if lo == hi && name != nil && lo != "" && lo[0] >= 'a' && lo[0] <= 'z' {
		n, ok := name(lo)
		if !ok {
			return nil, fmt.Errorf("%s is not a square of the board", safetext.Quote(lo, 40))
		}
		return []Piece{{n, king}}, nil
	}
	a, err := square(lo, maxSquare)
	if err != nil {
		return nil, err
	}
	z, err := square(hi, maxSquare)
	if err != nil {
		return nil, err
	}
	if z < a {
		return nil, fmt.Errorf("the range %s runs backwards", safetext.Quote(item, 40))
	}
	ps := make([]Piece, 0, z-a+1)
	for q := a; q <= z; q++ {
		ps = append(ps, Piece{q, king})
	}
	return ps, nil
}

func square(s string, maxSquare int) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || s == "" || s[0] == '+' || s[0] == '-' {
		return 0, fmt.Errorf("%s is not a square number", safetext.Quote(s, 40))
	}
	if n < 1 || n > maxSquare {
		return 0, fmt.Errorf("square %d is off the board (squares 1-%d)", n, maxSquare)
	}
	return n, nil
}

// String writes f in FEN, with ranges for runs of three or more men or
// kings: "W:W31-50:B1-20".
func (f FEN) String() string {
	var b strings.Builder
	b.WriteByte(f.ToMove)
	for _, side := range []struct {
		c  byte
		ps []Piece
	}{{'W', f.White}, {'B', f.Black}} {
		b.WriteByte(':')
		b.WriteByte(side.c)
		for i := 0; i < len(side.ps); {
			j := i
			for j+1 < len(side.ps) && side.ps[j+1].Square == side.ps[j].Square+1 && side.ps[j+1].King == side.ps[i].King {
				j++
			}
			if i > 0 {
				b.WriteByte(',')
			}
			if side.ps[i].King {
				b.WriteByte('K')
			}
			b.WriteString(strconv.Itoa(side.ps[i].Square))
			if j-i >= 2 {
				b.WriteByte('-')
				b.WriteString(strconv.Itoa(side.ps[j].Square))
				i = j + 1
			} else {
				i++
			}
		}
	}
	return b.String()
}

// Format writes f as String does, each square written by name(number)
// and without ranges (for the game types with algebraic notation:
// "W:Wa1,c1:Bh8").
func (f FEN) Format(name func(int) string) string {
	var b strings.Builder
	b.WriteByte(f.ToMove)
	for _, side := range []struct {
		c  byte
		ps []Piece
	}{{'W', f.White}, {'B', f.Black}} {
		b.WriteByte(':')
		b.WriteByte(side.c)
		for i, p := range side.ps {
			if i > 0 {
				b.WriteByte(',')
			}
			if p.King {
				b.WriteByte('K')
			}
			b.WriteString(name(p.Square))
		}
	}
	return b.String()
}
