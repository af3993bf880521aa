package interp

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ruleplay/ruleplay/interp/internal/accel"
	"github.com/ruleplay/ruleplay/interp/internal/core"
	"github.com/ruleplay/ruleplay/lang"
)

// Hand-built rules files for genStack (strat_stack.go) and the
// deduplication plan (dedup.go): stacks on hex and square boards, boards
// over 64 cells, several pieces with different leap lengths, height and
// level conditions, conditions on owners and zones, and rules of one tier
// that give the same texts.

// stackHex: a stacking hex board of 37 cells, three kinds whose lengths
// differ per rule. fly and hop give the same texts for owls (length 2
// both); HOPOVER decides whether hop's leaps imply fly's (then the tier
// needs no deduplication pass). step duplicates fly for newts and hop for
// larks, always implied.
const stackHex = `
game: "Stack hex"
board { shape: hex(4, 5, 6, 7, 6, 5, 4) }
player red  { forward: north }
player blue { forward: south }
stacking: true
piece lark { reach: 3; lift: 1; hop: 1 }
piece owl  { reach: 2; lift: 2; hop: 2 }
piece newt { reach: 1; lift: 3; hop: 3 }
setup red {
  lark: a1 b1 c1
  owl: d1 a2 b2
  newt: c2 d2 e2 a3
}
setup blue: mirror(red)
jump fly {
  length: piece.reach
  over: height <= level + piece.lift
  onto: height - level <= piece.lift and level - height <= piece.lift
}
jump hop {
  length: piece.hop
  from: level <= 1
  over: HOPOVER
  onto: height <= piece.lift and height - level <= piece.lift and level - height <= piece.lift
}
step {
  from: level == 0
  onto: empty
}
end {
  no-move: pass
  passes: 2
}
`

// stackSquare: a stacking 9x9 board (81 cells, two words) with 72 pieces
// (heights up to 72: two words of height bits), conditions on owners
// (the top code) and zones (the cell), orthogonal and diagonal leaps.
const stackSquare = `
game: "Stack square"
board { shape: square(9x9) }
player red  { forward: north }
player blue { forward: south }
stacking: true
piece rook { reach: 2; cap: 3 }
piece king { reach: 1; cap: 9 }
piece pawn { reach: 3; cap: 2 }
setup red {
  rook: ranks(1)
  pawn: ranks(2 .. 3)
  king: ranks(4)
}
setup blue: mirror(red)
zone home {
  red: ranks(1 .. 3)
  blue: mirror(red)
}
jump slide {
  length: piece.reach
  dirs: orthogonal
  over: not enemy or height == 1
  onto: not own or height < piece.cap
}
jump leap {
  length: 2
  dirs: diagonal
  from: in home or level > 0
  over: occupied
  onto: height <= 2 or own
}
step {
  dirs: all
  onto: empty or (own and height < 2)
}
end {
  no-move: pass
  passes: 2
}
`

// flatWide: no stacks, leap lengths from kind properties on a 10x10 board
// (100 cells), landings on empty cells only, a zone on From. dash and
// vault give the same texts in forward and orthogonal directions: vault's
// imply dash's when VAULTOVER implies "not own". STEP may add a step
// (genStep), which duplicates walkers' dashes and vaults.
const flatWide = `
game: "Flat wide"
board { shape: square(10x10) }
player red  { forward: north }
player blue { forward: south }
piece runner { reach: 3 }
piece walker { reach: 1 }
piece hopper { reach: 2 }
setup red {
  runner: a1 c1 e1 g1 i1
  walker: b1 d1 f1 h1 j1
  hopper: ranks(2)
}
setup blue: mirror(red)
zone camp {
  red: ranks(1 .. 2)
  blue: mirror(red)
}
jump dash {
  length: piece.reach
  dirs: forward orthogonal
  over: not own
}
jump vault {
  length: piece.reach
  dirs: all
  from: not in camp
  over: VAULTOVER
}
STEP
end {
  no-move: pass
  passes: 2
}
`

func loadSrc(t *testing.T, name, src string, cfg core.Config) *core.Program {
	t.Helper()
	g, err := lang.LoadSource(name, []byte(src), nil)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	p, err := Compile(g, cfg)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return p
}

type stackCase struct {
	name, src string
	dedup     bool // the tier keeps a deduplication pass
}

func stackCases() []stackCase {
	return []stackCase{
		{"hex-implied", strings.Replace(stackHex, "HOPOVER", "height <= level + piece.lift", 1), false},
		{"hex-left", strings.Replace(stackHex, "HOPOVER", "occupied", 1), true},
		{"square", stackSquare, false},
		// the blockade filter asks for the next player's moves (existence mode)
		{"square-blockade", strings.Replace(stackSquare, "end {", "forbid: blockade\nend {", 1), false},
		{"flat-implied", strings.NewReplacer("VAULTOVER", "enemy", "STEP", "").Replace(flatWide), false},
		{"flat-left", strings.NewReplacer("VAULTOVER", "occupied", "STEP", "step { dirs: all }").Replace(flatWide), true},
	}
}

// TestStackPlans checks that the hand-built games get genStack for every
// leap rule, and which tiers keep a deduplication pass.
func TestStackPlans(t *testing.T) {
	for _, tc := range stackCases() {
		p := loadSrc(t, tc.name, tc.src, core.Config{})
		for i := range p.Rules {
			if r := &p.Rules[i]; (p.Stacking || p.Desc.Moves[i].LengthProp != "") && r.Gen != core.GenStack {
				t.Errorf("%s: rule %s: generator %d, want genStack", tc.name, r.Name, r.Gen)
			}
		}
		if got := p.Tiers[0].Merges(); got != tc.dedup {
			t.Errorf("%s: tier dedup %v, want %v", tc.name, got, tc.dedup)
		}
	}
	// Steps of newts duplicate their flies and steps of larks their hops:
	// step moves neither.
	p := loadSrc(t, "hex", stackCases()[0].src, core.Config{})
	step := accel.Tables(&p.Rules[2]).Stack
	for code := 1; code < p.Ncodes; code++ {
		kind := p.Desc.Kinds[p.CodeKind[code]].Name
		if moved := step.Pieces[int(p.CodeOwner[code])*p.Ncodes+code].Cell != nil; moved != (kind == "owl") {
			t.Errorf("step moves a %s: %v", kind, moved)
		}
	}
}

// TestStackEqualsGeneric plays random games of the hand-built files with
// and without fast paths: the same moves in the same order, counts,
// selections, results and undo.
func TestStackEqualsGeneric(t *testing.T) {
	games := 6
	if testing.Short() {
		games = 2
	}
	for _, tc := range stackCases() {
		t.Run(tc.name, func(t *testing.T) {
			fast := loadSrc(t, tc.name, tc.src, core.Config{MaxPlies: 160})
			slow := loadSrc(t, tc.name, tc.src, core.Config{MaxPlies: 160, Disable: []string{"all"}})
			checkEquiv(t, fast, slow, games, 160)
			checkPlayouts(t, fast, 2)
		})
	}
}

// TestStackPerft compares perft (counted last ply) with and without fast
// paths from a few positions along a random game.
func TestStackPerft(t *testing.T) {
	for _, tc := range stackCases() {
		fast := loadSrc(t, tc.name, tc.src, core.Config{})
		slow := loadSrc(t, tc.name, tc.src, core.Config{Disable: []string{"all"}})
		sf, ss := fast.NewState(1), slow.NewState(1)
		var ml core.MoveList
		for ply := 0; ply < 30; ply++ {
			if ply%10 == 0 {
				if a, b := fast.Perft(sf, 2), slow.Perft(ss, 2); a != b {
					t.Fatalf("%s ply %d: perft(2) fast %d, generic %d", tc.name, ply, a, b)
				}
			}
			fast.Legal(sf, &ml)
			if ml.Len() == 0 {
				break
			}
			i := (ply * 7) % ml.Len()
			fast.Apply(sf, &ml, i)
			slow.Legal(ss, &ml)
			slow.Apply(ss, &ml, i)
		}
	}
}

func TestStackPlayoutNoAlloc(t *testing.T) {
	for _, tc := range stackCases() {
		p := loadSrc(t, tc.name, tc.src, core.Config{MaxPlies: 100})
		s0 := p.NewState(3)
		s := s0.Clone()
		var ml core.MoveList
		rng := rand.New(rand.NewPCG(1, 2))
		for i := 0; i < 5; i++ { // grow the buffers
			s.CopyFrom(s0)
			p.RandomPlayout(s, rng, &ml, 0)
		}
		allocs := testing.AllocsPerRun(20, func() {
			s.CopyFrom(s0)
			p.RandomPlayout(s, rng, &ml, 60)
		})
		if allocs != 0 {
			t.Errorf("%s: %.1f allocations per playout", tc.name, allocs)
		}
	}
}

// TestDedupRoles checks the deduplication pass restricted to the rules with
// a role (planDedup) against the full pass (every rule of the tier marked
// and checked) along random games, and that no two moves share a text.
func TestDedupRoles(t *testing.T) {
	progs := map[string][2]*core.Program{}
	for _, tc := range stackCases() {
		if tc.dedup {
			for _, cfg := range []core.Config{{MaxPlies: 120}, {MaxPlies: 120, Disable: []string{"all"}}} {
				name := tc.name
				if len(cfg.Disable) > 0 {
					name += "-generic"
				}
				progs[name] = [2]*core.Program{loadSrc(t, tc.name, tc.src, cfg), loadSrc(t, tc.name, tc.src, cfg)}
			}
		}
	}
	progs["mixed2"] = [2]*core.Program{mixed(t, 2).compile(core.Config{}), mixed(t, 2).compile(core.Config{})}
	for name, pp := range progs {
		p, full := pp[0], pp[1]
		roles := 0
		for _, tr := range full.Tiers {
			for _, ri := range tr.Rules {
				if tr.Merges() {
					roles += int(full.Rules[ri].DdRole)
					full.Rules[ri].DdRole = core.DdMark | core.DdCheck
				}
			}
		}
		if roles == 0 {
			t.Errorf("%s: no deduplication role", name)
		}
		for seed := uint64(0); seed < 3; seed++ {
			rng := rand.New(rand.NewPCG(seed, 5))
			s, sf := p.NewState(seed), full.NewState(seed)
			var ml, mf core.MoveList
			for ply := 0; ply < 120; ply++ {
				p.Legal(s, &ml)
				full.Legal(sf, &mf)
				got, want := texts(p, &ml), texts(full, &mf)
				if strings.Join(got, " ") != strings.Join(want, " ") {
					t.Fatalf("%s seed %d ply %d:\nroles %v\nfull  %v", name, seed, ply, got, want)
				}
				seen := map[string]bool{}
				for _, x := range got {
					if seen[x] {
						t.Fatalf("%s seed %d ply %d: %s twice in %v", name, seed, ply, x, got)
					}
					seen[x] = true
				}
				if ml.Len() == 0 {
					break
				}
				i := rng.IntN(ml.Len())
				p.Apply(s, &ml, i)
				full.Apply(sf, &mf, i)
			}
		}
	}
}
