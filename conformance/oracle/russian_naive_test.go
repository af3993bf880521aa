package oracle

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
)

// Naive generators of Russian and Turkish draughts: (file, rank)
// coordinates, a map of pieces, every capture path enumerated on copies,
// then the filters (Russian: the landing rule from the sub-chains found;
// Turkish: the majority), then equal effects merged and texts built. They
// share only the rule book with the oracles. Each rule of issue 28 that is
// new to these games can be switched off (variantRules), to check that
// the tests see it and to find positions for the broken records.

type nvPiece struct {
	side int // 0 white, 1 black
	king bool
}

type nvCell = [2]int

// variantRules names rules to change, for mutation checks: crownStops
// (a man crowned during a capture stops there), anyLanding (Russian: a
// king lands on any empty cell beyond a taken piece), turnBack (Turkish:
// a capture may go opposite to the one before), otherRemoval (Russian:
// taken pieces leave at once; Turkish: they stay until the move ends),
// otherMajority (Russian: the majority rule; Turkish: none).
type variantRules struct {
	crownStops, anyLanding, turnBack, otherRemoval, otherMajority bool
}

type naiveVariant struct {
	turkish bool
	rules   variantRules
	pcs     map[nvCell]nvPiece
	ply     int
}

type nvMove struct {
	from, to nvCell
	taken    []nvCell // sorted by file, then rank
	crowned  bool
}

func naiveFromRussian(g *Russian, rules variantRules) *naiveVariant {
	n := &naiveVariant{rules: rules, pcs: map[nvCell]nvPiece{}, ply: g.ply}
	for _, m := range ruCell {
		if x := g.cell[m]; x != 0 {
			n.pcs[nvCell{int(m)%ruPitch - 2, int(m)/ruPitch - 2}] = nvPiece{side: int(x&ruBlack) / ruBlack, king: x&ruKing != 0}
		}
	}
	return n
}

func naiveFromTurkish(g *Turkish, rules variantRules) *naiveVariant {
	n := &naiveVariant{turkish: true, rules: rules, pcs: map[nvCell]nvPiece{}, ply: g.ply}
	for _, m := range tkCell {
		if x := g.cell[m]; x != 0 {
			n.pcs[nvCell{int(m)%tkPitch - 2, int(m)/tkPitch - 2}] = nvPiece{side: int(x&tkBlack) / tkBlack, king: x&tkKing != 0}
		}
	}
	return n
}

func nvOn(c nvCell) bool { return c[0] >= 0 && c[0] < 8 && c[1] >= 0 && c[1] < 8 }

func nvAdd(c, d nvCell) nvCell { return nvCell{c[0] + d[0], c[1] + d[1]} }

func nvName(c nvCell) string { return fmt.Sprintf("%c%d", 'a'+c[0], c[1]+1) }

var nvDiagonal = []nvCell{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}}
var nvOrthogonal = []nvCell{{0, 1}, {0, -1}, {1, 0}, {-1, 0}}

func (n *naiveVariant) far(side int, c nvCell) bool { return c[1] == 7*(1-side) }

// dirs are the directions a piece p moves and captures in.
func (n *naiveVariant) dirs(p nvPiece, capture bool) []nvCell {
	fwd := 1 - 2*p.side
	switch {
	case !n.turkish && (p.king || capture):
		return nvDiagonal
	case !n.turkish:
		return []nvCell{{1, fwd}, {-1, fwd}}
	case p.king:
		return nvOrthogonal
	}
	return []nvCell{{0, fwd}, {1, 0}, {-1, 0}}
}

// chain is a capture path in the making: the piece as it stands now, the
// cells taken so far (in order) and the last capture's direction.
type nvChain struct {
	piece   nvPiece
	from    nvCell
	taken   []nvCell
	last    nvCell
	crowned bool
}

// extend returns the complete chains that continue ch from at on the
// board pcs (the moving piece lifted off it; Russian: taken pieces still
// on it, Turkish: gone).
func (n *naiveVariant) extend(pcs map[nvCell]nvPiece, ch nvChain, at nvCell) []nvMove {
	var out []nvMove
	for _, d := range n.dirs(ch.piece, true) {
		if n.turkish && !n.rules.turnBack && len(ch.taken) > 0 && d == (nvCell{-ch.last[0], -ch.last[1]}) {
			continue
		}
		c := nvAdd(at, d)
		if ch.piece.king {
			for _, occ := pcs[c]; nvOn(c) && !occ; _, occ = pcs[c] {
				c = nvAdd(c, d)
			}
		}
		q, occ := pcs[c]
		if !nvOn(c) || !occ || q.side == ch.piece.side || slices.Contains(ch.taken, c) {
			continue
		}
		var landings []nvCell
		for l := nvAdd(c, d); nvOn(l); l = nvAdd(l, d) {
			if _, occ := pcs[l]; occ {
				break
			}
			landings = append(landings, l)
			if !ch.piece.king {
				break
			}
		}
		after := pcs
		if n.turkish != n.rules.otherRemoval {
			after = maps.Clone(pcs)
			delete(after, c)
		}
		var subs [][]nvMove
		goesOn := false
		for _, l := range landings {
			next := ch
			next.taken = append(slices.Clone(ch.taken), c)
			next.last = d
			if !ch.piece.king && n.far(ch.piece.side, l) {
				next.piece.king, next.crowned = true, true
				if n.rules.crownStops {
					subs = append(subs, []nvMove{{from: ch.from, to: l, taken: next.taken, crowned: true}})
					continue
				}
			}
			sub := n.extend(after, next, l)
			if len(sub) == 0 {
				sub = []nvMove{{from: ch.from, to: l, taken: next.taken, crowned: next.crowned}}
			} else {
				goesOn = true
			}
			subs = append(subs, sub)
		}
		for _, sub := range subs {
			// Russian: a king that can go on from some landings must land
			// on one of them.
			if !n.turkish && !n.rules.anyLanding && goesOn && len(sub) == 1 && len(sub[0].taken) == len(ch.taken)+1 {
				continue
			}
			out = append(out, sub...)
		}
	}
	return out
}

func (n *naiveVariant) moves() []nvMove {
	side := n.ply % 2
	var caps []nvMove
	for _, at := range sortedCells(n.pcs) {
		p := n.pcs[at]
		if p.side != side {
			continue
		}
		pcs := maps.Clone(n.pcs)
		delete(pcs, at)
		caps = append(caps, n.extend(pcs, nvChain{piece: p, from: at}, at)...)
	}
	if len(caps) > 0 {
		if n.turkish != n.rules.otherMajority {
			most := 0
			for _, m := range caps {
				most = max(most, len(m.taken))
			}
			caps = slices.DeleteFunc(caps, func(m nvMove) bool { return len(m.taken) < most })
		}
		var out []nvMove
		for _, m := range caps {
			m.taken = slices.Clone(m.taken)
			sort.Slice(m.taken, func(i, j int) bool {
				return m.taken[i][0] < m.taken[j][0] || (m.taken[i][0] == m.taken[j][0] && m.taken[i][1] < m.taken[j][1])
			})
			if !slices.ContainsFunc(out, func(o nvMove) bool {
				return o.from == m.from && o.to == m.to && slices.Equal(o.taken, m.taken)
			}) {
				out = append(out, m)
			}
		}
		return out
	}
	var out []nvMove
	for _, at := range sortedCells(n.pcs) {
		p := n.pcs[at]
		if p.side != side {
			continue
		}
		for _, d := range n.dirs(p, false) {
			for t := nvAdd(at, d); nvOn(t); t = nvAdd(t, d) {
				if _, occ := n.pcs[t]; occ {
					break
				}
				out = append(out, nvMove{from: at, to: t, crowned: !p.king && n.far(side, t)})
				if !p.king {
					break
				}
			}
		}
	}
	return out
}

func sortedCells(pcs map[nvCell]nvPiece) []nvCell {
	cells := slices.Collect(maps.Keys(pcs))
	slices.SortFunc(cells, func(a, b nvCell) int { return (a[1]*8 + a[0]) - (b[1]*8 + b[0]) })
	return cells
}

// texts returns the sorted texts of the legal moves.
func (n *naiveVariant) texts() []string {
	ms := n.moves()
	var out []string
	for i, m := range ms {
		s := nvName(m.from) + "-" + nvName(m.to)
		for j, o := range ms {
			if i != j && o.from == m.from && o.to == m.to {
				for _, c := range m.taken {
					s += "x" + nvName(c)
				}
				break
			}
		}
		out = append(out, s)
	}
	slices.Sort(out)
	return out
}

// play applies the move with this text.
func (n *naiveVariant) play(text string) error {
	ms, ts := n.moves(), n.texts()
	for _, m := range ms {
		s := nvName(m.from) + "-" + nvName(m.to)
		if !slices.Contains(ts, s) {
			for _, c := range m.taken {
				s += "x" + nvName(c)
			}
		}
		if s != text {
			continue
		}
		p := n.pcs[m.from]
		delete(n.pcs, m.from)
		for _, c := range m.taken {
			delete(n.pcs, c)
		}
		p.king = p.king || m.crowned
		n.pcs[m.to] = p
		n.ply++
		return nil
	}
	return fmt.Errorf("naive: %q is not legal (%s)", text, strings.Join(ts, " "))
}

func (n *naiveVariant) perft(depth int) uint64 {
	if depth == 0 {
		return 1
	}
	ts := n.texts()
	if depth == 1 {
		return uint64(len(ts))
	}
	var sum uint64
	for _, t := range ts {
		c := &naiveVariant{turkish: n.turkish, rules: n.rules, pcs: maps.Clone(n.pcs), ply: n.ply}
		if err := c.play(t); err != nil {
			panic(err)
		}
		sum += c.perft(depth - 1)
	}
	return sum
}
