package core

import (
	"sync"
	"time"
)

// Limiter counts events per key in a fixed window: login failures per account and per address, code requests per
// address. It lives in the process; a deployment of several instances gives each its own budget, which still
// bounds guessing by the number of instances.
type Limiter struct {
	mu      sync.Mutex
	limit   int
	window  time.Duration
	now     func() time.Time
	buckets map[string]*bucket
}

type bucket struct {
	count int
	start time.Time
}

// NewLimiter allows limit events per key within window.
func NewLimiter(limit int, window time.Duration, now func() time.Time) *Limiter {
	return &Limiter{limit: limit, window: window, now: now, buckets: map[string]*bucket{}}
}

// Allowed tells whether key still has budget, without spending any.
func (l *Limiter) Allowed(key string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.current(key)
	return b == nil || b.count < l.limit
}

// Spend records one event for key and tells whether it was within the budget.
func (l *Limiter) Spend(key string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.current(key)
	if b == nil {
		b = &bucket{start: l.now()}
		l.buckets[key] = b
		if len(l.buckets) > 100000 {
			l.sweep()
		}
	}
	b.count++
	return b.count <= l.limit
}

// Reset forgets key's events (a successful login clears the account's failures).
func (l *Limiter) Reset(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.buckets, key)
}

func (l *Limiter) current(key string) *bucket {
	b := l.buckets[key]
	if b != nil && l.now().Sub(b.start) >= l.window {
		delete(l.buckets, key)
		return nil
	}
	return b
}

// sweep drops windows that have ended, so that a flood of distinct keys cannot grow the map without bound.
func (l *Limiter) sweep() {
	now := l.now()
	for k, b := range l.buckets {
		if now.Sub(b.start) >= l.window {
			delete(l.buckets, k)
		}
	}
}
