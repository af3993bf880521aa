package web

import (
	"context"
	"sync"
	"time"
)

// The server's heavy work (replaying a record, starting a game from its
// moves, a computer's move, loading a game's rules with options) holds a
// share of Limits.Memory while it runs and while its answer is written.
// Each share is an estimate of the heap the work may take, from what the
// request asks for, measured on the bundled games (docs/serve.md):
const (
	// replayPerByte: a record is parsed into YAML nodes: a 1 MiB record
	// of one-letter moves took 174 MB of heap at its peak. A PDN file
	// takes less: 1,000 games of 94 plies on a 10x10 board (742 KB) took
	// 78 MB allocated in all (pdn.go).
	replayPerByte = 200
	// replayBase: the rules, the check and the answer (the frames of
	// 1,000 plies of the six-player star race: 12 MB at the peak).
	replayBase = 16 << 20
	// createPerByte: a new game's JSON body (a 1 MiB list of moves: 12 MB).
	createPerByte = 16
	// loadBase: loading and compiling a game's rules.
	loadBase = 8 << 20
	// thinkPerSecond: an mcts search on one thread grows its tree by
	// about 11 MB a second on the six-player star race (54 MB in 5 s).
	thinkPerSecond = 16 << 20
	// moveBase: a computer move without a tree (random, greedy, lookahead).
	moveBase = 1 << 20
	// smallBody: a person's move whose body is larger than this takes
	// createPerByte for each of its bytes (a real move's text is shorter).
	smallBody = 4 << 10
	// retryAfter is the Retry-After of a 503 answered when the budget is
	// full, in seconds.
	retryAfter = 5
)

// budget is a weighted semaphore: work takes a share of total and gives it
// back when done; work that does not fit waits its turn, first come first
// served, for at most a given time.
type budget struct {
	mu      sync.Mutex
	total   int64
	used    int64
	waiting []*waiter
}

type waiter struct {
	share int64
	ready chan struct{} // closed when the share is granted
}

func newBudget(total int64) *budget { return &budget{total: total} }

// acquire takes share (at most the whole budget) within wait, or until
// ctx ends. It reports whether the share was taken; the caller gives it
// back with release(share) (the share returned).
func (b *budget) acquire(ctx context.Context, share int64, wait time.Duration) (int64, bool) {
	share = min(max(share, 1), b.total)
	b.mu.Lock()
	if len(b.waiting) == 0 && b.used+share <= b.total {
		b.used += share
		b.mu.Unlock()
		return share, true
	}
	w := &waiter{share: share, ready: make(chan struct{})}
	b.waiting = append(b.waiting, w)
	b.mu.Unlock()
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-w.ready:
		return share, true
	case <-t.C:
	case <-ctx.Done():
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	select {
	case <-w.ready: // granted meanwhile: keep it
		return share, true
	default:
	}
	for i, o := range b.waiting {
		if o == w {
			b.waiting = append(b.waiting[:i], b.waiting[i+1:]...)
			break
		}
	}
	b.grant() // the next in line may fit now
	return 0, false
}

// release gives a share back and lets waiting work in, in order.
func (b *budget) release(share int64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.used -= share
	b.grant()
}

// grant lets in the waiting work at the head of the line while it fits.
func (b *budget) grant() {
	for len(b.waiting) > 0 && b.used+b.waiting[0].share <= b.total {
		w := b.waiting[0]
		b.waiting = b.waiting[1:]
		b.used += w.share
		close(w.ready)
	}
}

// inUse is the share taken, for tests.
func (b *budget) inUse() int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.used
}
