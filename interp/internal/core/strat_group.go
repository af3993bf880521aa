package core

// GroupTab holds the tables of a table-driven group rule (groupTables).
type GroupTab struct {
	Fwd, Bwd []uint64 // [d*nw+w]: the cells whose neighbour in (against) d is a cell
	Shift    []int    // per direction: the bit shift of a step (when shOK)
	ShOK     []bool   // per direction: a step in d is a bit shift
	Onto     []uint64 // [mover*nw+w]: the cells where Onto holds when empty
	Enemy    []uint64 // [mover*nw+w]: the cells where Enemy holds when empty
	// lineCells: per direction, every line of cells in d, in order, each
	// between two -1; pos[d*nbits+b]: the index there of the cell of bit b
	LineCells []int32
	LineBits  []int32 // lineCells by bit (-1 where lineCells is -1)
	Pos       []int32
	Long      int // the most cells of a line
	Planes    int // the most bits of a head's number of moves
	// sets: per mover, the codes of the selected pieces and those the
	// Enemy condition may hold on, and per mover and code the cells where
	// it holds ([(mover*ncodes+code)*nw+w])
	SrcCodes, EnemyCodes [][]uint16
	EnemyMask            []uint64
	// pureWhen: the capture's When depends on size, run and distance
	// alone; whenSizes[run<<4|distance] then has bit size set where it
	// holds (all three below 16)
	PureWhen  bool
	WhenSizes []uint16
	// one word: per direction, the shift of fwd(x) (x rotated left by sh)
	// and the masks of fwd and bwd
	WordShifts []WordShift
	// per direction that is no bit shift, when its steps take at most
	// groupMaxShifts distinct shifts: those shifts, each with the cells
	// stepped from (fwd) and to (bwd) by it (nil: step cell by cell)
	Msh [][]GroupMShift
}

// GroupMShift is one of the shifts of a direction's steps: sh, the
// difference of the bits of a cell and of its neighbour, and the cells
// (fm) whose step has it and their neighbours (bm), nw words each.
type GroupMShift struct {
	Sh     int
	Fm, Bm []uint64
}

// WordShift is a step in a direction on a one-word board.
type WordShift struct {
	Sh     int
	Fm, Bm uint64
}

// Groups generates the group moves of rule g.r (the same code with and
// without fast paths). Order: the head's cell, then direction, then the
// number of stones k, then the distance s.
func (g *Gen) Groups() {
	p, s, r := g.P, g.S, g.R
	nd := p.NumDirs
	c := p.GuardCtx(s)
	g.ctx = c
	line := g.groupStones()
	in := func(x int32) bool { return x >= 0 && line[x>>6]>>(uint(x)&63)&1 != 0 }
	for h := 0; h < p.NumCells; h++ {
		if !in(int32(h)) {
			continue
		}
		for _, d := range r.Dirs[g.Mover] {
			if in(p.Neighbours[h*nd+int(d)]) {
				continue // h is not the end of its line facing d
			}
			n := 1
			for b := p.Back[h*nd+int(d)]; in(b); b = p.Back[int(b)*nd+int(d)] {
				n++
			}
			tail := h
			for k := 1; k <= n; k++ {
				if k > 1 {
					tail = int(p.Back[tail*nd+int(d)])
				}
				if g.groupAhead(tail, h, int(d), k) {
					return
				}
			}
		}
	}
}

// groupStones marks (in s.mark, by cell index) the stones that can be
// part of a line of rule g.r: selected pieces whose From holds.
func (g *Gen) groupStones() []uint64 {
	p, s, r, c := g.P, g.S, g.R, g.ctx
	line := s.Mark
	clear(line)
	for cell := 0; cell < p.NumCells; cell++ {
		code := s.Cells[cell]
		if !p.Selects(r, g.Mover, int(code)) {
			continue
		}
		if r.From != nil {
			c.Mcode, c.Level = int(code), s.height(cell)-1
			if !g.test(r.From, cell) {
				continue
			}
		}
		line[cell>>6] |= 1 << (uint(cell) & 63)
	}
	return line
}

// groupAhead emits the moves of the line of k stones from tail to head h
// in direction d: the landings on the cells ahead of h, up to k of them,
// and a capture where the walk meets an enemy run. It reports whether the
// generation must stop (g.found).
func (g *Gen) groupAhead(tail, h, d, k int) bool {
	p, s, r, c := g.P, g.S, g.R, g.ctx
	nd := p.NumDirs
	c.Mcode, c.Level = int(s.Cells[h]), s.height(h)-1
	x := h
	for st := 1; st <= k; st++ {
		x = int(p.Neighbours[x*nd+d])
		if x < 0 {
			break
		}
		if (s.Cells[x] == 0 || p.Stacking) && g.test(r.Onto, x) {
			if r.Inside != nil && g.groupLeaves(tail, h, d, st) {
				continue
			}
			g.emitGroup(tail, h, x, d, false)
			if g.Found {
				return true
			}
			continue
		}
		if r.Enemy != nil && g.test(r.Enemy, x) {
			run := 1
			for y := p.Neighbours[x*nd+d]; y >= 0 && g.test(r.Enemy, int(y)); y = p.Neighbours[int(y)*nd+d] {
				run++
			}
			c.Gsize, c.Grun, c.Gdist = k, run, st
			if (r.Gwhen == nil || r.Gwhen(c) != 0) && (r.Inside == nil || !g.groupLeaves(tail, h, d, st)) {
				g.emitGroup(tail, h, x, d, true)
				return g.Found
			}
		}
		break
	}
	return false
}

// GroupMaxWords is the most words of groupWords.
const GroupMaxWords = 8

// GroupScratch is the scratch of fastGroups (State.grp), allocated once.
type GroupScratch struct {
	A   []uint64 // A[s] (see the top of this file) at s*nw; A[0] is the board
	Cnt []int32  // per bit: the moves of a head (build), then their place
	// per bit of Q: where the head stops (an index in lineCells), the enemy
	// run there and the distance
	CapDest, CapRun, CapDist []int32
	// When per size<<8 | run<<4 | distance (all below 16) when it reads
	// counters (not pureWhen): stamp<<1 | whether it holds, for the
	// generation numbered stamp
	When  []uint32
	Stamp uint32
	// count: the moves per head, bit-sliced (bit j of every head's number
	// in the plane at j*nw, none from plane top on), and in all, kept with
	// what the moves depend on: key, and the counters When may read
	Planes     []uint64
	Top, Total int
	Key        GroupKey
	KeyOK      bool
	Counters   [2][]uint64 // this count's, the last's
}

// GroupKey is what the moves of a group rule depend on in a position,
// but for the counters When may read.
type GroupKey struct {
	Rule, Mover int
	Sets        [3 * GroupMaxWords]uint64 // L, E and N
}

// emitGroup records a group move: [head, dest | d<<16 (| flagCapture)]
// and, for more than one stone, tail | flagTail.
func (g *Gen) emitGroup(tail, head, dest, d int, capture bool) {
	ml := g.List
	if ml == nil {
		if g.Sink == SinkExists {
			g.Found = true
			return
		}
		// (no filter: blockFast has no group rules)
		if g.Sel < 0 || g.N != g.Sel {
			g.N++
			return
		}
		g.N++
		g.Found = true
		ml = g.Out
	}
	e := uint32(dest) | uint32(d)<<16
	if capture {
		e |= FlagCapture
	}
	n := int32(2)
	ml.Arena = append(ml.Arena, uint32(head), e)
	if tail != head {
		n = 3
		ml.Arena = append(ml.Arena, uint32(tail)|FlagTail)
	}
	ml.Moves = append(ml.Moves, Mv{Off: int32(len(ml.Arena)) - n, N: n, Rule: int32(g.R.Idx)})
}
