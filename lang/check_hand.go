package lang

import (
	"fmt"
	"strings"

	"github.com/ruleplay/ruleplay/ir"
)

// maxHand bounds the pieces of one kind a player holds in hand.
const maxHand = 10000

// checkHands reads `hand PLAYER { KIND: N }` and `hand PLAYER:
// mirror(OTHER)`: the pieces each player holds in hand at the start. When
// a hand has errors, the hands are declared badly (declaredBadly("hand",
// "")): what they hold is not known, and a drop or a `hand` value gives no
// follow-on error about it.
func (c *checker) checkHands(es []*Entry) {
	g := c.g
	errorsBefore := len(c.r.diags)
	defer func() {
		if len(c.r.diags) > errorsBefore {
			c.declaredBadly("hand", "")
		}
	}()
	per := map[int][]ir.PieceCount{}
	mirrors := c.playerEntries(es, "hand", "KIND: N", func(e *Entry, pl int) {
		per[pl] = c.handBlock(e, pl)
	})
	for _, e := range mirrors {
		pl := c.players[e.Labels[0].Name]
		src, ok := c.mirrorOf(e, "hand")
		if !ok {
			continue
		}
		pcs, ok := per[src]
		if !ok {
			c.errorf(e.Values[0].At(), "mirror a player whose hand lists its pieces", "player %s has no hand to mirror", g.Players[src].Name)
			continue
		}
		for _, pc := range pcs {
			per[pl] = append(per[pl], ir.PieceCount{Piece: c.piece(g.Pieces[pc.Piece].Kind, pl, 0), Count: pc.Count})
		}
	}
	if len(per) == 0 {
		return
	}
	g.Hands = make([][]ir.PieceCount, len(g.Players))
	for pl, pcs := range per {
		g.Hands[pl] = pcs
	}
}

// handBlock reads the `KIND: N` entries of a player's hand.
func (c *checker) handBlock(e *Entry, pl int) []ir.PieceCount {
	var out []ir.PieceCount
	seen := map[int]bool{}
	if !e.HasBlock {
		c.errorf(e.Pos, fmt.Sprintf("write hand %s { KIND: N }", e.Labels[0].Name), "a hand lists its pieces in a block")
		return nil
	}
	for _, q := range e.Block {
		k, ok := c.kinds[q.Key]
		if !ok {
			if !c.isBadlyDeclared("piece", q.Key) {
				c.errorf(q.Pos, c.r.hintFor(q.Key, "piece kinds", c.kindNames()), "unknown piece kind %q", q.Key)
			}
			continue
		}
		if len(q.Values) != 1 || len(q.Labels) > 0 || q.HasBlock {
			c.errorf(q.Pos, fmt.Sprintf("write %s: 20", q.Key), "give the number of pieces after %s:", q.Key)
			continue
		}
		if c.g.Kinds[k].Numbered > 0 {
			c.errorf(q.Pos, "hold a kind that is not numbered", "numbered pieces (%s) cannot be held in hand", q.Key)
			continue
		}
		if seen[k] {
			c.errorf(q.Pos, "", "%s is listed twice in this hand", q.Key)
			continue
		}
		seen[k] = true
		v, ok := c.constValue(q.Values[0])
		if !ok {
			continue
		}
		if v.kind != cvInt || v.i < 0 || v.i > maxHand {
			c.errorf(q.Values[0].At(), fmt.Sprintf("write %s: 20", q.Key), "a hand holds 0..%d pieces of a kind", maxHand)
			continue
		}
		out = append(out, ir.PieceCount{Piece: c.piece(k, pl, 0), Count: v.i})
	}
	return out
}

// handKinds returns the kinds some player holds in hand, in kind order.
func (c *checker) handKinds() []int {
	held := make([]bool, len(c.g.Kinds))
	for _, pcs := range c.g.Hands {
		for _, pc := range pcs {
			held[c.g.Pieces[pc.Piece].Kind] = true
		}
	}
	var out []int
	for k, h := range held {
		if h {
			out = append(out, k)
		}
	}
	return out
}

// dropProps checks the properties of a drop rule (piece, onto) into r: the
// game must give pieces in hand, and every kind the rule names must be
// held by some player.
func (c *checker) dropProps(e *Entry, ps map[string]*Entry, r *ir.MoveRule) bool {
	ok := true
	if p, has := ps["onto"]; has {
		if v, okv := c.single(p); okv {
			ex, t, okl := c.lower(v, ctxCell)
			switch {
			case !okl:
				ok = false
			case t != tBool:
				c.errorf(v.At(), "e.g. onto: in meeting", "onto needs a condition on the cell")
				ok = false
			default:
				r.Onto = ex
			}
		}
	} else {
		r.Onto = &ir.Expr{Op: ir.OpEmpty}
	}
	if r.Piece != ir.Own {
		c.errorf(ps["piece"].Values[0].At(), "write piece: KIND (the mover's own pieces in hand)", "a drop places the mover's own pieces")
		return false
	}
	badHands := c.isBadlyDeclared("hand", "")
	if len(c.g.Hands) == 0 {
		if !badHands {
			c.errorf(e.Pos, "add hand PLAYER { KIND: N }, e.g. hand black { man: 20 }", "a drop needs pieces in hand, and no player has any")
		}
		return false
	}
	held := c.handKinds()
	for _, k := range r.Kinds {
		if containsInt(held, k) {
			continue
		}
		ok = false
		if badHands {
			continue
		}
		at := e.Pos
		if p := ps["piece"]; p != nil {
			at = kindWordPos(p.Values[0], c.g.Kinds[k].Name)
		}
		names := make([]string, len(held))
		for i, h := range held {
			names[i] = c.g.Kinds[h].Name
		}
		c.errorf(at, "the hands hold: "+strings.Join(names, ", "), "no player holds %s in hand", c.g.Kinds[k].Name)
	}
	return ok
}

// kindWordPos finds the word name in a piece selector, for diagnostics.
func kindWordPos(v Expr, name string) Pos {
	words := []Expr{v}
	if ph, isPh := v.(*Phrase); isPh {
		words = ph.Words
	}
	for _, w := range words {
		if n, isName := w.(*Name); isName && n.Dotted() == name {
			return n.Pos
		}
	}
	return v.At()
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// checkLocks reads `lock ZONE: fixed | inside`.
func (c *checker) checkLocks(es []*Entry) {
	kinds := map[string]ir.LockKind{"fixed": ir.LockFixed, "inside": ir.LockInside}
	for _, e := range es {
		if len(e.Labels) != 1 {
			c.errorf(e.Pos, "write lock ZONE: fixed (or inside)", "lock takes one zone")
			continue
		}
		z, ok := c.zones[e.Labels[0].Name]
		if !ok {
			if !c.isBadlyDeclared("zone", e.Labels[0].Name) {
				c.errorf(e.Labels[0].Pos, c.r.hintFor(e.Labels[0].Name, "zones", c.zoneNames()), "unknown zone %q", e.Labels[0].Name)
			}
			continue
		}
		k, set, okc := choice(c, e, kinds, "lock ZONE: fixed (its pieces never move again) or inside (its pieces move only inside it)", "unknown lock")
		if !okc || !set {
			continue
		}
		c.g.Locks = append(c.g.Locks, ir.Lock{Zone: z, Kind: k, Pos: e.Pos.String()})
	}
}
