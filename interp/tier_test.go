package interp

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/core"
)

// runnerNames names what runs for each tier of p and for the Program:
// per tier "count/draw[/gate]", then the playout drawer, perft's last two
// plies and the blockade filter.
func runnerNames(p *core.Program) string {
	var b strings.Builder
	for ti := range p.Tiers {
		t := &p.Tiers[ti]
		fmt.Fprintf(&b, "tier %d: %s/%s", ti+1, t.Run[core.ModeCount].Name(), t.Run[core.ModeDraw].Name())
		if t.Gate != nil {
			b.WriteString("/" + t.Gate.Name())
		}
		b.WriteString("; ")
	}
	b.WriteString("playouts: " + p.Playout.Name())
	if p.LastTwo != nil {
		b.WriteString("; perft: " + p.LastTwo.Name())
	}
	if p.Blockade != nil {
		b.WriteString("; blockade: " + p.Blockade.Name())
	}
	return b.String()
}

// TestTierRunners checks what Compile stores for the tiers and the
// Program of a few bundled games, with every accelerator on, with one
// switched off and with all off: the stored runners are the plan.
func TestTierRunners(t *testing.T) {
	cases := []struct {
		file    string
		disable []string
		want    string
	}{
		{"draughts.rules", nil, "tier 1: generators (count)/kernel-chains/first leaps on bitsets; tier 2: kernel/kernel; playouts: count, then build the one drawn"},
		{"draughts.rules", []string{"kernel"}, "tier 1: generators (count)/generators (list)/first leaps on bitsets; tier 2: bulk/bulk; playouts: count, then build the one drawn"},
		{"draughts.rules", []string{"count-playouts"}, "tier 1: generators (count)/kernel-chains/first leaps on bitsets; tier 2: kernel/kernel; playouts: legal list, then one drawn"},
		{"draughts.rules", disableAll(true), "tier 1: generators (count)/generators (list); tier 2: generators (count)/generators (list); playouts: legal list, then one drawn"},
		{"breakthrough.rules", nil, "tier 1: kernel/kernel; playouts: steps counted, drawn and made on the occupancy word"},
		{"breakthrough.rules", []string{"step-playouts"}, "tier 1: kernel/kernel; playouts: count, then build the one drawn"},
		{"salta.rules", nil, "tier 1: bulk/bulk; tier 2: bulk/bulk; playouts: count, then build the one drawn; blockade: decided on occupancy words"},
		{"salta.rules", []string{"blockade-words"}, "tier 1: bulk/bulk; tier 2: bulk/bulk; playouts: count, then build the one drawn; blockade: each move played, the next player's moves asked"},
		{"draughts-international.rules", nil, "tier 1: listed/listed; tier 2: generators (count)/generators (list); playouts: legal list, then one drawn"},
	}
	for _, c := range cases {
		p, err := Compile(loadGame(t, c.file, nil), core.Config{Disable: c.disable})
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		if got := runnerNames(p); got != c.want {
			t.Errorf("%s --disable %v:\n got %s\nwant %s", c.file, c.disable, got, c.want)
		}
	}
}

// TestTierRunnersAgree checks, on positions of random playouts of every
// bundled and unseen game, that each tier runner a Program stores counts
// what Legal lists: the counter and the drawer give Legal's number (and
// selectMove its moves), and existence mode tells whether there is one.
func TestTierRunnersAgree(t *testing.T) {
	for name, g := range bundledAndUnseen(t) {
		p, err := Compile(g, core.Config{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		rng := rand.New(rand.NewPCG(7, uint64(len(name))))
		s := p.NewState(0)
		var ml, scratch core.MoveList
		for ply := 0; ply < 40; ply++ {
			p.Legal(s, &ml)
			if n, _ := p.CountRuleMoves(s, &scratch, false); n != ml.Len() {
				t.Fatalf("%s ply %d: counter %d, Legal %d", name, ply, n, ml.Len())
			}
			checkCountSelect(t, p, s, 8)
			if s.End == core.EndNone {
				if has := p.Candidates(s, nil, &s.Ax().Nested); has != (ml.Len() > 0 && ml.Moves[0].Rule >= 0) {
					t.Fatalf("%s ply %d: existence %v, Legal %d moves", name, ply, has, ml.Len())
				}
			}
			if ml.Len() == 0 {
				break
			}
			p.Legal(s, &ml)
			p.Apply(s, &ml, rng.IntN(ml.Len()))
		}
	}
}
