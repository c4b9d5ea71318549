package accounts

import (
	"sync"
	"time"
)

// pruneTouchesAt is how many sessions' refreshes this instance remembers before it forgets those no longer recent.
const pruneTouchesAt = 10_000

// touches remembers when this instance last wrote each session's refresh. A session due its refresh is written by
// the first request that finds it due; the requests in flight with it, which loaded the session before that write
// and so find it due too, leave it be instead of each rewriting the same row and queueing on its lock (at 20
// requests at once on one session, the queue was the dashboard's p99).
type touches struct {
	mu   sync.Mutex
	last map[string]time.Time
}

// claim tells whether the caller is to write the session's refresh at now: not when this instance wrote it less
// than every ago.
func (t *touches) claim(token string, now time.Time, every time.Duration) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if at, ok := t.last[token]; ok && now.Sub(at) < every {
		return false
	}
	if t.last == nil {
		t.last = map[string]time.Time{}
	}
	if len(t.last) >= pruneTouchesAt {
		for k, at := range t.last {
			if now.Sub(at) >= every {
				delete(t.last, k)
			}
		}
	}
	t.last[token] = now
	return true
}
