package pdngame

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/record/pdn"
)

// Width is the column at which Write wraps the movetext.
const Width = 80

// Write writes one game as PDN: the tags given (Event, Date, White, ...;
// Result, GameType and FEN are written by Write and left out of tags),
// then the moves played from s0 (the engine's texts, replayed to be
// written in type t's notation), numbered by pairs from the first
// player's, then the result as the rules stand after the last move ("*"
// while the game goes on, or when over says the game was stopped). The
// [FEN] tag is written when s0 is not the rules' start.
func Write(w io.Writer, p *interp.Program, t GameType, tags []pdn.Tag, s0 *interp.State, moves []string, over bool) error {
	s := s0.Clone()
	var ml interp.MoveList
	texts := make([]string, 0, len(moves))
	movers := make([]int, 0, len(moves))
	for i, m := range moves {
		k, err := p.ParseMove(s, &ml, m)
		if err != nil {
			return fmt.Errorf("move %d: %w", i+1, err)
		}
		texts = append(texts, MoveText(p, t, &ml, k))
		movers = append(movers, s.Mover)
		p.Apply(s, &ml, k)
	}
	result := "*"
	if over {
		result = ResultText(p, t, p.Status(s))
	}
	b := bufio.NewWriter(w)
	for _, tg := range tags {
		switch tg.Name {
		case "Result", "GameType", "FEN":
			continue
		}
		writeTag(b, tg.Name, tg.Value)
	}
	writeTag(b, "Result", result)
	writeTag(b, "GameType", strconv.Itoa(t.Number))
	if interp.PositionText(p, s0) != interp.PositionText(p, p.NewState(1)) {
		fen, err := interp.FEN(p, s0)
		if t.Algebraic {
			fen, err = interp.FENByNames(p, s0)
		}
		if err != nil {
			return fmt.Errorf("the start: %w", err)
		}
		writeTag(b, "FEN", fen)
	}
	b.WriteByte('\n')
	col := 0
	word := func(s string) {
		if col > 0 && col+1+len(s) > Width {
			b.WriteByte('\n')
			col = 0
		}
		if col > 0 {
			b.WriteByte(' ')
			col++
		}
		b.WriteString(s)
		col += len(s)
	}
	n := 1
	for i, text := range texts {
		first := movers[i] == 0
		switch {
		case first:
			word(strconv.Itoa(n) + ". " + text)
		case i == 0:
			word(strconv.Itoa(n) + "... " + text)
		default:
			word(text)
		}
		if !first || p.NumPlayers() == 1 {
			n++
		}
	}
	word(result)
	b.WriteString("\n\n")
	return b.Flush()
}

func writeTag(b *bufio.Writer, name, value string) {
	value = strings.Join(strings.Fields(value), " ")
	value = strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(value)
	fmt.Fprintf(b, "[%s \"%s\"]\n", name, value)
}
