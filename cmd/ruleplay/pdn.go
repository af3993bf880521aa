package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/record"
	"github.com/ruleplay/ruleplay/record/pdn"
	"github.com/ruleplay/ruleplay/record/pdngame"
)

// PDN files (docs/notation.md, "PDN files"): ruleplay check [RULES]
// FILE.pdn... replays every game of each file, streamed one game at a
// time, by RULES or by the bundled rules file whose pdn entry has the
// game's GameType (pdngame.Bundled).

// isPDN says whether a file argument is a PDN file.
func isPDN(file string) bool { return strings.HasSuffix(strings.ToLower(file), ".pdn") }

// pdnRules are the programs the games of PDN files are played by, loaded
// once each.
type pdnRules struct {
	disable []string
	// variations: check the variations too (check --variations)
	variations bool
	given      *game // RULES, when given
	givenT     pdngame.GameType
	loaded     map[string]*game
	types      *pdngame.Types // the bundled game types, read when first needed
}

// forGame returns the program and the game type for g.
func (r *pdnRules) forGame(g *pdn.Game) (*game, pdngame.GameType, error) {
	if r.given != nil {
		return r.given, r.givenT, nil
	}
	if r.types == nil {
		ts, err := pdngame.Bundled()
		if err != nil {
			return nil, pdngame.GameType{}, err
		}
		r.types = ts
	}
	t, err := r.types.TypeOf(g)
	if err != nil {
		return nil, t, err
	}
	if gm, ok := r.loaded[t.Game]; ok {
		return gm, t, nil
	}
	gm, err := loadCompiled(t.Game, r.disable)
	if err != nil {
		return nil, t, fmt.Errorf("[GameType \"%d\"] is %s: %w", t.Number, t.Game, err)
	}
	r.loaded[t.Game] = gm
	return gm, t, nil
}

// loadCompiled reads and compiles a rules file (or a bundled game) with
// its default options.
func loadCompiled(file string, disable []string) (*game, error) {
	g, err := loadRules(file, nil)
	if err != nil {
		return nil, err
	}
	p, err := interp.Compile(g, interp.Config{Disable: disable})
	if err != nil {
		return nil, err
	}
	return &game{file: file, g: g, p: p}, nil
}

// pdnTally counts the games of the files checked.
type pdnTally struct {
	games, ok, illegal, result, unplayable, unreadable, variations int
	badVariations                                                  int // games with an illegal move in a variation
}

// runCheckPDN checks the PDN files of args (RULES first, optional).
func runCheckPDN(out, errOut io.Writer, disable []string, variations bool, args []string) error {
	r := &pdnRules{disable: disable, variations: variations, loaded: map[string]*game{}}
	files := args
	if !isPDN(args[0]) {
		gm, err := loadCompiled(args[0], disable)
		if err != nil {
			return err
		}
		r.given, r.givenT, files = gm, pdngame.ForRules(gm.g), args[1:]
	}
	if len(files) == 0 {
		return usageErrorf("check needs PDN files: ruleplay check [RULES] FILE.pdn...")
	}
	for _, f := range files {
		if !isPDN(f) {
			return usageErrorf("check %s: give either records (*.yaml) or PDN files (*.pdn), not both", f)
		}
	}
	total := &pdnTally{}
	for _, file := range files {
		t, err := checkPDNFile(out, errOut, r, file)
		if err != nil {
			return err
		}
		total.games += t.games
		total.ok += t.ok
		total.illegal += t.illegal
		total.result += t.result
		total.unplayable += t.unplayable
		total.unreadable += t.unreadable
		total.badVariations += t.badVariations
	}
	if total.ok != total.games || total.unreadable > 0 || total.badVariations > 0 {
		if len(files) > 1 {
			fmt.Fprintf(out, "%s: %s: %d ok\n", count(len(files), "file"), count(total.games+total.unreadable, "game"), total.ok)
		}
		return &reportedError{code: exitFailure}
	}
	return nil
}

// checkPDNFile checks the games of one file, printing each problem as it
// is found and a summary line at the end.
func checkPDNFile(out, errOut io.Writer, r *pdnRules, file string) (*pdnTally, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, usageErrorf("check: %v", err)
	}
	defer f.Close()
	rd := pdn.NewReader(bufio.NewReaderSize(f, 1<<16), file)
	rd.KeepVariations = r.variations
	bar := &countProgress{w: errOut, active: isTerminal(errOut)}
	t := &pdnTally{}
	for {
		g, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			bar.clear()
			var pe *pdn.Error
			if !errors.As(err, &pe) {
				return nil, fmt.Errorf("check: %w", err)
			}
			fmt.Fprintf(out, "%s\n", err)
			t.unreadable++
			rd.Skip() // on to the next game
			continue
		}
		t.games++
		t.variations += g.Variations
		bar.step(t.games)
		msg := checkPDNGame(r, file, g, t)
		if msg != "" {
			bar.clear()
			fmt.Fprint(out, msg)
		}
	}
	bar.clear()
	fmt.Fprintf(out, "%s: %s: %d ok", file, count(t.games+t.unreadable, "game"), t.ok)
	if t.illegal > 0 {
		fmt.Fprintf(out, ", %d with an illegal move", t.illegal)
	}
	if t.result > 0 {
		fmt.Fprintf(out, ", %d with another result", t.result)
	}
	if t.badVariations > 0 {
		fmt.Fprintf(out, ", %d with an illegal move in a variation", t.badVariations)
	}
	if t.unplayable > 0 {
		fmt.Fprintf(out, ", %d not playable (game type or start)", t.unplayable)
	}
	if t.unreadable > 0 {
		fmt.Fprintf(out, ", %d not readable", t.unreadable)
	}
	switch {
	case t.variations > 0 && r.variations:
		fmt.Fprintf(out, " (%s checked)", count(t.variations, "variation"))
	case t.variations > 0:
		fmt.Fprintf(out, " (%s skipped)", count(t.variations, "variation"))
	}
	fmt.Fprintln(out)
	return t, nil
}

// checkPDNGame replays g and returns what is wrong with it ("" when
// nothing is), counting it in t.
func checkPDNGame(r *pdnRules, file string, g *pdn.Game, t *pdnTally) string {
	where := fmt.Sprintf("%s:%d:1: game %d", file, g.Line, g.Index)
	gm, gt, err := r.forGame(g)
	if err != nil {
		t.unplayable++
		return fmt.Sprintf("%s: %v\n", where, err)
	}
	rp, err := pdngame.Play(gm.p, gt, g)
	if err != nil {
		t.unplayable++
		for _, tag := range g.Tags {
			if tag.Name == "FEN" { // the start is the [FEN]'s
				where = fmt.Sprintf("%s:%d:%d: game %d", file, tag.Line, tag.Col, g.Index)
				break
			}
		}
		return fmt.Sprintf("%s: %s\n", where, indentRest(err.Error()))
	}
	if bad := rp.Bad; bad != nil {
		t.illegal++
		m := bad.Move
		num := moveNumber(gm.p, rp.Start, bad.Ply)
		var b strings.Builder
		fmt.Fprintf(&b, "%s:%d:%d: game %d: move %s %s: not legal: %s\n", file, m.Line, m.Col, g.Index, num, m.Text, bad.Why)
		if len(bad.Legal) > 0 {
			b.WriteString(wrapList("  legal moves: ", bad.Legal, "    ", 78) + "\n")
		}
		return b.String()
	}
	var b strings.Builder
	if r.variations && len(g.Lines) > 0 {
		bad, _ := pdngame.Variations(gm.p, gt, g)
		for _, v := range bad {
			fmt.Fprintf(&b, "%s:%d:%d: game %d: in a variation: move %s %s: not legal: %s\n", file, v.Move.Line, v.Move.Col, g.Index, moveNumber(gm.p, rp.Start, v.Ply), v.Move.Text, v.Why)
			if len(v.Legal) > 0 {
				b.WriteString(wrapList("  legal moves: ", v.Legal, "    ", 78) + "\n")
			}
		}
		if len(bad) > 0 {
			t.badVariations++
		}
	}
	if rp.ResultDisagrees != "" {
		t.result++
		return b.String() + fmt.Sprintf("%s: %s\n", where, rp.ResultDisagrees)
	}
	t.ok++
	return b.String()
}

// moveNumber writes ply's move number as PDN does: "12." for the first
// player's move, "12..." for the second's (moves counted by pairs from
// the first player's).
func moveNumber(p *interp.Program, s0 *interp.State, ply int) string {
	k := ply
	if s0.Mover != 0 {
		k++
	}
	if k%2 == 0 {
		return fmt.Sprintf("%d.", k/2+1)
	}
	return fmt.Sprintf("%d...", k/2+1)
}

func indentRest(s string) string { return strings.ReplaceAll(s, "\n", "\n  ") }

// countProgress shows the number of games checked on w when w is a
// terminal (the total is not known before the end of a stream).
type countProgress struct {
	w      io.Writer
	active bool
}

func (c *countProgress) step(n int) {
	if c.active && n%100 == 0 {
		fmt.Fprintf(c.w, "\r%d games checked", n)
	}
}

func (c *countProgress) clear() {
	if c.active {
		fmt.Fprint(c.w, "\r\x1b[K")
	}
}

// writePDNRecord writes the game of rec, played from s0, as a PDN file
// (run --record FILE.pdn).
func writePDNRecord(file string, gm *game, s0 *interp.State, rec *record.Record) error {
	t := pdngame.ForRules(gm.g)
	if t.Number == 0 && !gm.p.Numbered() {
		return fmt.Errorf("--record %s: %s is not a PDN game type (%s), and has no square numbers: write a YAML record", file, gm.g.Name, pdnTypeList())
	}
	tags := pdngame.RecordTags(rec)
	return writeAtomically(file, func(w io.Writer) error {
		return pdngame.Write(w, gm.p, t, tags, s0, rec.Moves, rec.Result != nil)
	}, "writing the record")
}
