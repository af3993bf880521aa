package main

import (
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"

	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/play"
	"github.com/ruleplay/ruleplay/record"
	"github.com/spf13/cobra"
)

func newRunCmd() *cobra.Command {
	var (
		gf       gameFlags
		players  string
		quiet    bool
		maxPlies int
		recFile  string
	)
	cmd := &cobra.Command{
		Use:   "run FILE",
		Short: "Play a whole game between computer players",
		Long: `Run plays a whole game between computer players and prints the board after
every move ("12. p1: c3-d4"), then the result: the winners, the reason the
game ended, the scores and the margin.

Players (--players, one per seat in turn order, cycled when fewer are given):
` + playerHelp() + `

--max-plies ends a game that goes on too long (0: no cap); the game then
ends as the rules say it ends at a move limit (a draw unless they score
it). --record writes the game as a YAML record (notation.md): the game,
the options given, the random layout if the game has one, the moves and
the result.`,
		Example: `  ruleplay run my-game.rules --option size=8x8
  ruleplay run my-game.rules --players greedy,random --seed 7 --quiet
  ruleplay run my-game.rules --seed 3 --record game.yaml`,
		Args:              exactArgs("FILE"),
		ValidArgsFunction: completeRulesFile,
		RunE: func(cmd *cobra.Command, args []string) error {
			if maxPlies < 0 {
				return usageErrorf("--max-plies %d: want 0 (no cap) or more", maxPlies)
			}
			names := strings.Split(players, ",")
			var seats []play.Player
			for _, n := range names {
				pl, err := play.New(strings.TrimSpace(n))
				if err != nil {
					return usageErrorf("--players: %v", err)
				}
				seats = append(seats, pl)
			}
			gm, err := gf.load(args[0], maxPlies)
			if err != nil {
				return err
			}
			p := gm.p
			np := p.NumPlayers()
			if len(seats) > np {
				return usageErrorf("--players: %d players given, but %s has %s", len(seats), gm.g.Title, count(np, "seat"))
			}
			// One player value per seat, so that each keeps its own memory.
			for len(seats) < np {
				pl, _ := play.New(seats[len(seats)%len(names)].Name())
				seats = append(seats, pl)
			}
			return runGame(cmd.OutOrStdout(), cmd.ErrOrStderr(), gm, &gf, seats, quiet, maxPlies, recFile)
		},
	}
	gf.register(cmd, "seed for the random setup and the players' random choices")
	fl := cmd.Flags()
	fl.StringVar(&players, "players", "greedy", "computer `PLAYERS`, one per seat in turn order, comma-separated, cycled when fewer (known: "+strings.Join(play.Names(), ", ")+")")
	fl.BoolVarP(&quiet, "quiet", "q", false, "print only the moves and the result, not the boards")
	fl.IntVar(&maxPlies, "max-plies", 1000, "end the game after `N` plies, as the rules end it at a move limit (0: no cap)")
	fl.StringVar(&recFile, "record", "", "write the game as a YAML record to `FILE`")
	_ = cmd.RegisterFlagCompletionFunc("players", completePlayers)
	_ = cmd.MarkFlagFilename("record", "yaml", "yml")
	return cmd
}

func playerHelp() string {
	var b strings.Builder
	for i, in := range play.Known() {
		if i > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "  %-10s %s", in.Name, in.Doc)
	}
	return b.String()
}

func runGame(out, errOut io.Writer, gm *game, gf *gameFlags, seats []play.Player, quiet bool, maxPlies int, recFile string) error {
	p := gm.p
	s0 := gm.start(gf)
	s := s0.Clone()
	// The players draw from their own stream, apart from the setup's.
	rng := rand.New(rand.NewPCG(gf.seed, 0x5eed))
	var moves []string
	if !quiet {
		var who []string
		for i := 0; i < p.NumPlayers(); i++ {
			who = append(who, p.PlayerName(i)+": "+seats[i].Name())
		}
		fmt.Fprintf(out, "%s; %s; seed %d\n\n", gm.title(), strings.Join(who, ", "), gf.seed)
		fmt.Fprint(out, p.Render(s))
	}
	st := play.Game(p, s, seats, rng, func(mover int, move string, s *interp.State) {
		moves = append(moves, move)
		if !quiet {
			fmt.Fprintf(out, "\n%d. %s: %s\n", s.Ply(), p.PlayerName(mover), move)
			fmt.Fprint(out, p.Render(s))
		}
	})
	capped := st.Reason == "limit" && maxPlies > 0 && s.Ply() >= maxPlies && (gm.g.End.Plies == 0 || s.Ply() < gm.g.End.Plies)
	if quiet {
		fmt.Fprintln(out, wrapWords("moves: ", moves, "  ", 80))
	} else {
		fmt.Fprintln(out)
	}
	writeResult(out, p, st, capped, maxPlies, s.Ply())
	if recFile == "" {
		return nil
	}
	rec := &record.Record{
		Game:    gm.g.Name,
		Options: gm.givenOptions(),
		Setup:   p.Layout(s0),
		Moves:   moves,
	}
	if capped {
		fmt.Fprintf(errOut, "ruleplay: note: the game was stopped by --max-plies %d, so %s has no result\n", maxPlies, recFile)
	} else {
		rec.Result = &record.Result{Winners: playerNames(p, st.Winners)}
		if st.Scores != nil {
			rec.Result.Scores = map[string]int{}
			for i, v := range st.Scores {
				rec.Result.Scores[p.PlayerName(i)] = v
			}
		}
	}
	return writeRecord(recFile, rec)
}

// writeResult prints the result block.
func writeResult(out io.Writer, p *interp.Program, st interp.Status, capped bool, maxPlies, plies int) {
	names := playerNames(p, st.Winners)
	w := strings.Join(names, ", ")
	switch {
	case len(st.Winners) == p.NumPlayers() && p.NumPlayers() > 1:
		w += " (draw)"
	case len(st.Winners) > 1:
		w += " (shared)"
	}
	fmt.Fprintf(out, "winners: %s\n", w)
	reason := st.Reason
	if capped {
		reason = fmt.Sprintf("limit (--max-plies %d)", maxPlies)
	}
	fmt.Fprintf(out, "reason: %s after %s\n", reason, count(plies, "ply"))
	if st.Scores != nil {
		fmt.Fprintf(out, "scores: %s\n", scoresText(p, st.Scores))
	}
	if m, ok := margin(p, st); ok {
		fmt.Fprintf(out, "margin: %d\n", m)
	}
}

func writeRecord(file string, rec *record.Record) error {
	f, err := os.Create(file)
	if err != nil {
		return fmt.Errorf("writing the record: %w", err)
	}
	if err := record.Write(f, rec); err != nil {
		f.Close()
		return fmt.Errorf("writing the record: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("writing the record: %w", err)
	}
	return nil
}
