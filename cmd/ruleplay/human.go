package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/ruleplay/ruleplay/internal/suggest"
	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/play"
	"github.com/spf13/cobra"
)

// session is an interactive game: the human seats type their moves at a
// prompt, the computer seats answer.
type session struct {
	rc     *runConfig
	p      *interp.Program
	s0, s  *interp.State
	out    io.Writer
	in     *bufio.Scanner
	echo   bool // echo the input lines (the input is not a terminal)
	rng    *rand.Rand
	ml     interp.MoveList
	hist   []turn
	shown  bool // the board of the current position has been shown
	prompt bool // a prompt is waiting for its line
	// ctx is done when the user presses Ctrl-C; lines come from a
	// goroutine reading in (readLine) so that a prompt can be interrupted
	ctx   context.Context
	lines chan lineRead
}

// lineRead is one line read from the input, or why there is none.
type lineRead struct {
	text string
	err  error // io.EOF at the end of the input
}

// errInterrupted stands for Ctrl-C at the prompt.
var errInterrupted = errors.New("interrupted")

// readLine returns the next input line, io.EOF at the end of the input,
// or errInterrupted when Ctrl-C comes first.
func (h *session) readLine() (string, error) {
	if h.lines == nil {
		h.lines = make(chan lineRead)
		go func() {
			for h.in.Scan() {
				h.lines <- lineRead{text: h.in.Text()}
			}
			err := h.in.Err()
			if errors.Is(err, bufio.ErrTooLong) {
				err = fmt.Errorf("reading the input: a line longer than %d bytes (a move is one short line)", bufio.MaxScanTokenSize)
			} else if err != nil {
				err = fmt.Errorf("reading the input: %w", err)
			} else {
				err = io.EOF
			}
			h.lines <- lineRead{err: err}
		}()
	}
	select {
	case <-h.ctx.Done():
		return "", errInterrupted
	case l := <-h.lines:
		return l.text, l.err
	}
}

// turn is one move played in a session.
type turn struct {
	text  string
	human bool
}

const humanHelp = `Type a move in notation (c3-d4, a1-c1-c3, xh8, a2:a3-a5, pass), its number
from 'moves', or the start of a move when only one legal move starts so.
Commands: moves (list the legal moves, numbered), undo (take back your last
move and the replies after it), hint (ask mcts), resign, quit, help.`

// playInteractive plays a game with at least one human seat.
func playInteractive(cmd *cobra.Command, rc *runConfig) error {
	gm := rc.gm
	p := gm.p
	in := cmd.InOrStdin()
	h := &session{
		rc:   rc,
		p:    p,
		s0:   rc.start,
		out:  cmd.OutOrStdout(),
		in:   bufio.NewScanner(in),
		echo: !isTerminalInput(in),
		rng:  rand.New(rand.NewPCG(rc.gf.seed, 0x5eed)),
	}
	h.s = h.s0.Clone()
	if err := gm.replay(h.s, rc.prefix); err != nil {
		return err
	}
	for _, m := range rc.prefix {
		h.hist = append(h.hist, turn{text: m})
	}
	fmt.Fprintf(h.out, "%s\n%s\n", rc.header(h.s), humanHelp)
	if err := rc.svg(h.s, ""); err != nil {
		return err
	}
	ctx, stop := interruptible(cmd)
	defer stop()
	h.ctx = ctx
	st, end, err := h.loop()
	moves := make([]string, len(h.hist))
	for i, t := range h.hist {
		moves[i] = t.text
	}
	errOut := cmd.ErrOrStderr()
	plies := count(h.s.Ply(), "ply")
	switch {
	case errors.Is(err, errInterrupted):
		// Ctrl-C at the prompt: what was played is shown and recorded.
		fmt.Fprintln(h.out)
		fmt.Fprintln(h.out, wrapWords("moves: ", moves, "  ", 80))
		if rerr := rc.record(errOut, h.s0, moves, st, false, "interrupted"); rerr != nil {
			return rerr
		}
		return fmt.Errorf("interrupted after %s", plies)
	case errors.Is(err, io.EOF):
		if h.prompt {
			fmt.Fprintln(h.out)
		}
		fmt.Fprintf(h.out, "end of input: the game is abandoned after %s (%s to move)\n", plies, p.PlayerName(h.s.ToMove()))
		if rerr := rc.record(errOut, h.s0, moves, st, false, "abandoned"); rerr != nil {
			return rerr
		}
		return fmt.Errorf("the input ended before the game did (abandoned after %s)", plies)
	case err != nil:
		return err
	case end == "quit":
		fmt.Fprintf(h.out, "game abandoned after %s (%s to move)\n", plies, p.PlayerName(h.s.ToMove()))
		return rc.record(errOut, h.s0, moves, st, false, "abandoned")
	case end == "resign":
		loser := h.s.ToMove()
		var winners []int
		for i := 0; i < p.NumPlayers(); i++ {
			if i != loser {
				winners = append(winners, i)
			}
		}
		fmt.Fprintf(h.out, "\n%s resigns.\nwinners: %s\nreason: %s resigned after %s\n", p.PlayerName(loser), strings.Join(playerNames(p, winners), ", "), p.PlayerName(loser), plies)
		return rc.record(errOut, h.s0, moves, st, false, "resigned")
	}
	fmt.Fprintln(h.out)
	fmt.Fprint(h.out, h.board())
	fmt.Fprintln(h.out)
	capped := rc.capped(st, h.s)
	writeResult(h.out, p, st, capped, rc.maxPlies, h.s.Ply())
	rc.writeSwapped(h.out, h.s)
	return rc.record(errOut, h.s0, moves, st, capped, "")
}

// board draws the current position with the last move marked.
func (h *session) board() string {
	last := ""
	if n := len(h.hist); n > 0 {
		last = h.hist[n-1].text
	}
	if h.rc.live {
		return framedBoard(h.p, h.s, h.rc.colour, moveCells(h.p, last))
	}
	return board(h.p, h.s, h.rc.colour, moveCells(h.p, last))
}

// loop plays until the game is over (end ""), a human resigns ("resign")
// or quits ("quit"), or the input ends (error io.EOF).
func (h *session) loop() (st interp.Status, end string, err error) {
	p, s := h.p, h.s
	for {
		p.Legal(s, &h.ml)
		if h.ml.Len() == 0 {
			return p.Status(s), "", nil
		}
		mover := s.ToMove()
		seat := h.rc.seats[p.SeatOf(s, mover)]
		if !seat.human {
			i := seat.pl.Choose(p, s, &h.ml, h.rng)
			if err := h.play(i, false); err != nil {
				return st, "", err
			}
			fmt.Fprintf(h.out, "%d. %s (%s): %s\n", s.Ply(), p.PlayerName(mover), seat.spec, h.said())
			continue
		}
		if !h.shown {
			fmt.Fprintln(h.out)
			fmt.Fprint(h.out, h.board())
			h.shown = true
		}
		fmt.Fprintf(h.out, "%s> ", p.PlayerName(mover))
		h.prompt = true
		text, err := h.readLine()
		if err != nil {
			return p.Status(s), "", err
		}
		line := strings.TrimSpace(text)
		if h.echo {
			fmt.Fprintln(h.out, line)
		}
		h.prompt = false
		done, end, err := h.command(line)
		if err != nil || done {
			return p.Status(s), end, err
		}
	}
}

// play applies move i of h.ml and records it.
func (h *session) play(i int, human bool) error {
	text := h.p.Text(&h.ml, i)
	h.p.Apply(h.s, &h.ml, i)
	h.hist = append(h.hist, turn{text: text, human: human})
	h.shown = false
	return h.rc.svg(h.s, text)
}

// playTyped plays move i of h.ml, typed by the human to move, and
// echoes it.
func (h *session) playTyped(i int) error {
	mover := h.s.ToMove()
	err := h.play(i, true)
	fmt.Fprintf(h.out, "%d. %s: %s\n", h.s.Ply(), h.p.PlayerName(mover), h.said())
	return err
}

// said is the text of the last move played, followed after a swap by
// who now plays each colour.
func (h *session) said() string {
	text := h.hist[len(h.hist)-1].text
	if text == "swap" {
		text += " (now " + h.rc.seatsText(h.s) + ")"
	}
	return text
}

// command handles one line typed by the human to move. done ends the
// game (end: "resign" or "quit").
func (h *session) command(line string) (done bool, end string, err error) {
	p, s := h.p, h.s
	legal := p.Texts(&h.ml)
	word := strings.ToLower(line)
	switch word {
	case "":
		return false, "", nil
	case "help", "?":
		fmt.Fprintln(h.out, humanHelp)
		return false, "", nil
	case "moves":
		fmt.Fprint(h.out, numbered(legal, 80))
		return false, "", nil
	case "quit", "exit":
		return true, "quit", nil
	case "resign":
		return true, "resign", nil
	case "hint":
		h.hint(legal)
		return false, "", nil
	case "undo":
		return false, "", h.undo()
	}
	if n, err := strconv.Atoi(word); err == nil {
		if n < 1 || n > len(legal) {
			fmt.Fprintf(h.out, "there is no move %d: %s (type 'moves' to list them)\n", n, count(len(legal), "legal move"))
			return false, "", nil
		}
		return false, "", h.playTyped(n - 1)
	}
	i, matches := matchMove(word, legal)
	switch {
	case i >= 0:
		return false, "", h.playTyped(i)
	case len(matches) > 1:
		fmt.Fprintf(h.out, "%q is ambiguous: it could be %s; closest legal move: %s\n", line, strings.Join(matches, " or "), nearestMove(word, matches))
	case !looksLikeMove(word):
		// Not a move at all (a typo of a command, a word): say what was
		// expected rather than guess a move.
		fmt.Fprintf(h.out, "%q is not a move or a command. Type a move for %s in notation, like %s\n(the cells the piece stands on, joined by -), its number from 'moves', or a command:\nmoves, undo, hint, resign, quit, help.\n", line, p.PlayerName(s.ToMove()), legal[0])
		return false, "", nil
	default:
		fmt.Fprintf(h.out, "%q is not a legal move for %s; closest legal move: %s\n", line, p.PlayerName(s.ToMove()), nearestMove(word, legal))
	}
	fmt.Fprintln(h.out, wrapList("legal moves: ", legal, "  ", 80))
	return false, "", nil
}

// looksLikeMove tells whether an entry is written like a move in
// notation: cells joined by - or : (c3-d4, a2:a3-a5), a removal (xh8), a
// placement (@e7, KIND@e7), pass or swap.
func looksLikeMove(entry string) bool {
	return regexp.MustCompile(`^(pass|swap|x?[a-z]{1,2}[0-9]{1,2}([-:][a-z]{1,2}[0-9]{1,2})*(x[a-z]{1,2}[0-9]{1,2})*|([a-z][a-z0-9-]*)?@[a-z]{1,2}[0-9]{1,2})$`).MatchString(entry)
}

// matchMove finds the move an entry names: the exact text (spaces
// ignored), or the only legal move that starts with the entry followed by
// "-" or ":". It returns the move's index, or -1 and the legal moves that
// start so.
func matchMove(entry string, legal []string) (int, []string) {
	entry = strings.Join(strings.Fields(entry), "")
	for i, m := range legal {
		if m == entry {
			return i, nil
		}
	}
	var matches []string
	at := -1
	for i, m := range legal {
		if len(m) > len(entry) && strings.HasPrefix(m, entry) && (m[len(entry)] == '-' || m[len(entry)] == ':') {
			matches = append(matches, m)
			at = i
		}
	}
	if len(matches) == 1 {
		return at, nil
	}
	return -1, matches
}

// nearestMove is the legal move nearest to the entry by edit distance (the
// first of equals).
func nearestMove(entry string, legal []string) string {
	return suggest.Nearest(entry, legal, -1)
}

// numbered lists moves as "1. c3-d4" in columns, wrapped at width.
func numbered(moves []string, width int) string {
	items := make([]string, len(moves))
	digits := len(strconv.Itoa(len(moves)))
	w := 0
	for i, m := range moves {
		items[i] = fmt.Sprintf("%*d. %s", digits, i+1, m)
		w = max(w, len(items[i]))
	}
	w += 2
	per := max(1, (width-2)/w)
	var b strings.Builder
	for i, it := range items {
		if i%per == 0 {
			b.WriteString("  ")
		}
		if i%per == per-1 || i == len(items)-1 {
			b.WriteString(it + "\n")
		} else {
			b.WriteString(it + strings.Repeat(" ", w-len(it)))
		}
	}
	return b.String()
}

// hint prints the move mcts would play (with the run's mcts settings).
func (h *session) hint(legal []string) {
	if len(legal) == 1 {
		fmt.Fprintf(h.out, "hint: %s (the only legal move)\n", legal[0])
		return
	}
	o := h.rc.pf.options()
	m, _ := play.NewWith("mcts", o)
	// Its own stream, so that asking does not change the computer's moves.
	rng := rand.New(rand.NewPCG(h.rc.gf.seed, uint64(h.s.Ply())))
	i := m.Choose(h.p, h.s, &h.ml, rng)
	fmt.Fprintf(h.out, "hint: %s (mcts)\n", legal[i])
}

// undo takes back the moves back to and including the last human move.
func (h *session) undo() error {
	last := -1
	for i, t := range h.hist {
		if t.human {
			last = i
		}
	}
	if last < 0 {
		fmt.Fprintln(h.out, "nothing to undo: no move of a human player yet")
		return nil
	}
	taken := h.hist[last:]
	names := make([]string, len(taken))
	for i, t := range taken {
		names[i] = t.text
		h.p.Undo(h.s)
		if h.rc.svgDir != "" {
			_ = os.Remove(filepath.Join(h.rc.svgDir, fmt.Sprintf("%03d.svg", h.s.Ply()+1)))
		}
	}
	h.hist = h.hist[:last]
	fmt.Fprintf(h.out, "taken back: %s\n", strings.Join(names, " "))
	h.shown = false
	return nil
}

// isTerminalInput reports whether r is a terminal.
func isTerminalInput(r io.Reader) bool {
	f, ok := osFile(r)
	return ok && isTerminal(f)
}
