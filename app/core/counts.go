package core

import (
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"
)

// countTTL bounds how stale a cached list total may be when another instance changed the rows; changes made
// through this instance drop the affected totals at once.
const countTTL = 10 * time.Second

// Counts remembers list totals. A total is a COUNT over every matching row (100,000 items of a dictionary, a
// third of a million messages of a user), which costs far more than the page itself; under load the same total
// is asked for again and again. Concurrent askers of one total share a single query (singleflight).
type Counts struct {
	now     func() time.Time
	flights singleflight.Group

	mu      sync.Mutex
	entries map[string]countEntry
	// generation changes with every drop, so that a count that was running during a change is not stored.
	generation uint64
}

type countEntry struct {
	n  int64
	at time.Time
}

// NewCounts is an empty cache on the clock now.
func NewCounts(now func() time.Time) *Counts {
	return &Counts{now: now, entries: map[string]countEntry{}}
}

// Count returns the cached total under key, or runs query and remembers its answer.
func (c *Counts) Count(key string, query func() (int64, error)) (int64, error) {
	c.mu.Lock()
	e, ok := c.entries[key]
	gen := c.generation
	c.mu.Unlock()
	if ok && c.now().Sub(e.at) < countTTL {
		return e.n, nil
	}
	v, err, _ := c.flights.Do(key, func() (any, error) {
		n, err := query()
		if err == nil {
			c.mu.Lock()
			if c.generation == gen {
				c.entries[key] = countEntry{n: n, at: c.now()}
			}
			c.mu.Unlock()
		}
		return n, err
	})
	if err != nil {
		return 0, err
	}
	return v.(int64), nil
}

// Drop forgets every total whose key starts with prefix.
func (c *Counts) Drop(prefix string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.generation++
	for k := range c.entries {
		if strings.HasPrefix(k, prefix) {
			delete(c.entries, k)
		}
	}
}
