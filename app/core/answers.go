package core

import (
	"context"
	"strconv"
	"sync"

	"golang.org/x/sync/singleflight"
)

// Answers keeps the latest answer of each report query (a key naming the company, the user's store groups and the
// filter) with the data generation it was computed at: a report that sums a seller's months is computed once per
// change of what it reads, not once per page, sort or user. The generation is the database's (each write the
// report reads raises it in its own transaction), so an instance that keeps an answer learns from the database when
// it is out of date; every instance keeps its own. Answers are bounded by their total size (lines, as the caller
// counts them): the least recently read go first.
type Answers[A any] struct {
	maxSize int
	mu      sync.Mutex
	entries map[string]*keptAnswer[A]
	kept    int
	clock   uint64
	flight  singleflight.Group
}

type keptAnswer[A any] struct {
	generation int64
	value      A
	size       int
	used       uint64
}

// NewAnswers keeps answers of up to maxSize lines in all.
func NewAnswers[A any](maxSize int) *Answers[A] {
	return &Answers[A]{maxSize: maxSize, entries: map[string]*keptAnswer[A]{}}
}

// Answer is the query's answer kept at the generation, or else computed (once, however many ask at once) and kept.
// The generation must be read before the data computed from: a write committed in between makes the answer newer
// than its generation says, never older.
func (c *Answers[A]) Answer(ctx context.Context, key string, generation int64,
	compute func(context.Context) (A, int, error)) (A, error) {
	if a, ok := c.get(key, generation); ok {
		return a, nil
	}
	v, err, _ := c.flight.Do(key+"#"+strconv.FormatInt(generation, 10), func() (any, error) {
		// A caller that missed just before another's flight kept the answer finds it here, not computing it again.
		if a, ok := c.get(key, generation); ok {
			return a, nil
		}
		// The callers waiting for it are not cancelled with the first: its statements keep their time limits.
		a, size, err := compute(context.WithoutCancel(ctx))
		if err != nil {
			return nil, err
		}
		c.put(key, generation, a, size)
		return a, nil
	})
	if err != nil {
		var zero A
		return zero, err
	}
	return v.(A), nil
}

// get is the query's answer if it was computed at the generation.
func (c *Answers[A]) get(key string, generation int64) (A, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	a := c.entries[key]
	if a == nil || a.generation != generation {
		var zero A
		return zero, false
	}
	c.clock++
	a.used = c.clock
	return a.value, true
}

// put keeps an answer unless a later one is kept or it alone is more than all may hold, then lets the least
// recently read answers go until the sizes fit.
func (c *Answers[A]) put(key string, generation int64, value A, size int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if size > c.maxSize {
		return
	}
	if old := c.entries[key]; old != nil {
		if old.generation > generation {
			return
		}
		c.kept -= old.size
	}
	c.clock++
	c.entries[key] = &keptAnswer[A]{generation: generation, value: value, size: size, used: c.clock}
	c.kept += size
	for c.kept > c.maxSize {
		oldest := ""
		for k, e := range c.entries {
			if oldest == "" || e.used < c.entries[oldest].used {
				oldest = k
			}
		}
		c.kept -= c.entries[oldest].size
		delete(c.entries, oldest)
	}
}
