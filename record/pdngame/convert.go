package pdngame

import (
	"strings"

	"github.com/ruleplay/ruleplay/interp"
	"github.com/ruleplay/ruleplay/record"
	"github.com/ruleplay/ruleplay/record/pdn"
)

// ToRecord makes the YAML record of a PDN game replayed by p (game: the
// rules file's name): its start (the [FEN]'s position, as a position
// text), its moves in the engine's texts, the result when the rules end
// the game, and the date; the players' names, the event and the PDN's
// result go in the comment. Moves after an illegal one are not kept.
func ToRecord(p *interp.Program, game string, g *pdn.Game, r *Replay) *record.Record {
	rec := &record.Record{Game: game, Moves: r.Moves}
	if _, ok := g.Tag("FEN"); ok {
		rec.Start = interp.PositionText(p, r.Start)
	}
	if r.Status.Over {
		rec.Result = &record.Result{}
		for _, w := range r.Status.Winners {
			rec.Result.Winners = append(rec.Result.Winners, p.PlayerName(w))
		}
	}
	if d, ok := g.Tag("Date"); ok && !strings.Contains(d, "?") {
		rec.Date = d
	}
	var notes []string
	for _, name := range []string{"Event", "Site", "Round", "White", "Black"} {
		if v, ok := g.Tag(name); ok && v != "" && v != "?" {
			notes = append(notes, name+": "+v)
		}
	}
	if g.Result != "" && g.Result != "*" {
		notes = append(notes, "PDN result: "+g.Result)
	}
	if r.Bad != nil {
		notes = append(notes, "stopped before the illegal move "+r.Bad.Move.Text)
	}
	rec.Comment = strings.Join(notes, "; ")
	return rec
}

// RecordTags are the PDN tags of a YAML record: the event (its engine,
// or ruleplay), its date (as PDN writes dates, 2026.12.01) and the seats
// of white and black as the players' names.
func RecordTags(rec *record.Record) []pdn.Tag {
	event := "ruleplay"
	if rec.Engine != "" {
		event = rec.Engine
	}
	tags := []pdn.Tag{{Name: "Event", Value: event}}
	if rec.Date != "" {
		tags = append(tags, pdn.Tag{Name: "Date", Value: strings.ReplaceAll(rec.Date, "-", ".")})
	}
	for _, side := range []struct{ player, tag string }{{"white", "White"}, {"black", "Black"}} {
		if v := rec.Seats[side.player]; v != "" {
			tags = append(tags, pdn.Tag{Name: side.tag, Value: v})
		}
	}
	return tags
}
