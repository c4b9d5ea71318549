package core

import (
	"context"
	"strings"
	"sync"
	"time"

	"sellerhub/models"
)

// Counters keep limiters' counts, each key in a fixed window that starts with its first event.
type Counters interface {
	// count is key's events in its current window.
	count(key string, window time.Duration, now time.Time) int
	// add records one event, starting a new window when the last has ended, and answers the count.
	add(key string, window time.Duration, now time.Time) int
	// refund takes one event back from the current window.
	refund(key string, window time.Duration, now time.Time)
	reset(key string)
	resetPrefix(prefix string)
}

// memoryCounters keep counts in this process: one instance, or tests of the limiters' rules.
type memoryCounters struct {
	mu      sync.Mutex
	buckets map[string]*bucket
}

type bucket struct {
	count  int
	start  time.Time
	window time.Duration
}

// NewMemoryCounters counts in this process.
func NewMemoryCounters() Counters { return &memoryCounters{buckets: map[string]*bucket{}} }

func (m *memoryCounters) current(key string, now time.Time) *bucket {
	b := m.buckets[key]
	if b != nil && now.Sub(b.start) >= b.window {
		delete(m.buckets, key)
		return nil
	}
	return b
}

func (m *memoryCounters) count(key string, _ time.Duration, now time.Time) int {
	m.mu.Lock()
	defer m.mu.Unlock()
	if b := m.current(key, now); b != nil {
		return b.count
	}
	return 0
}

func (m *memoryCounters) add(key string, window time.Duration, now time.Time) int {
	m.mu.Lock()
	defer m.mu.Unlock()
	b := m.current(key, now)
	if b == nil {
		b = &bucket{start: now, window: window}
		m.buckets[key] = b
		if len(m.buckets) > 100000 {
			m.sweep(now)
		}
	}
	b.count++
	return b.count
}

func (m *memoryCounters) refund(key string, _ time.Duration, now time.Time) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if b := m.current(key, now); b != nil && b.count > 0 {
		b.count--
	}
}

func (m *memoryCounters) reset(key string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.buckets, key)
}

func (m *memoryCounters) resetPrefix(prefix string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for k := range m.buckets {
		if strings.HasPrefix(k, prefix) {
			delete(m.buckets, k)
		}
	}
}

// sweep drops windows that have ended, so that a flood of distinct keys cannot grow the map without bound.
func (m *memoryCounters) sweep(now time.Time) {
	for k, b := range m.buckets {
		if now.Sub(b.start) >= b.window {
			delete(m.buckets, k)
		}
	}
}

// dbCounters keep counts in the database's rate_counters, where every instance spends from the same budget. A
// count the database cannot give counts as over every limit: the guard refuses rather than lets guesses through
// (and with the database away, no sign-in would succeed anyway).
type dbCounters struct{ db *models.DB }

// NewDBCounters counts in the database, shared by every instance on it.
func NewDBCounters(db *models.DB) Counters { return dbCounters{db} }

const overEveryLimit = 1 << 30

func (c dbCounters) ctx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), 5*time.Second)
}

func (c dbCounters) count(key string, window time.Duration, now time.Time) int {
	ctx, cancel := c.ctx()
	defer cancel()
	n, err := models.CounterCount(c.db.With(ctx), key, now.Add(-window))
	if err != nil {
		return overEveryLimit
	}
	return n
}

func (c dbCounters) add(key string, window time.Duration, now time.Time) int {
	ctx, cancel := c.ctx()
	defer cancel()
	n, err := models.CounterAdd(c.db.With(ctx), key, now, now.Add(-window))
	if err != nil {
		return overEveryLimit
	}
	return n
}

func (c dbCounters) refund(key string, window time.Duration, now time.Time) {
	ctx, cancel := c.ctx()
	defer cancel()
	_ = models.CounterRefund(c.db.With(ctx), key, now.Add(-window))
}

func (c dbCounters) reset(key string) {
	ctx, cancel := c.ctx()
	defer cancel()
	_ = models.CounterReset(c.db.With(ctx), key)
}

func (c dbCounters) resetPrefix(prefix string) {
	ctx, cancel := c.ctx()
	defer cancel()
	_ = models.CounterResetPrefix(c.db.With(ctx), prefix)
}
