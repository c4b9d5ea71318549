package core_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"

	"sellerhub/app/core"
)

// TestAnswersKeptPerGeneration: an answer is computed once per key and generation however many ask at once, again
// when the generation moves, and the least recently read answer goes when the sizes exceed the bound.
func TestAnswersKeptPerGeneration(t *testing.T) {
	ctx := context.Background()
	c := core.NewAnswers[string](10)
	var computed atomic.Int64
	answer := func(key string, generation int64, size int) string {
		a, err := c.Answer(ctx, key, generation, func(context.Context) (string, int, error) {
			computed.Add(1)
			return key, size, nil
		})
		if err != nil || a != key {
			t.Fatalf("%s: %q, %v", key, a, err)
		}
		return a
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() { answer("a", 1, 4) })
	}
	wg.Wait()
	if computed.Load() != 1 {
		t.Fatalf("computed %d times for one key and generation", computed.Load())
	}
	answer("a", 2, 4)
	if computed.Load() != 2 {
		t.Fatal("a new generation served the old answer")
	}
	answer("b", 1, 4)
	answer("a", 2, 4) // a is read again: b is now the least recently read
	answer("c", 1, 4) // 12 > 10: b goes
	before := computed.Load()
	answer("a", 2, 4)
	if computed.Load() != before {
		t.Fatal("the recently read answer was let go")
	}
	answer("b", 1, 4)
	if computed.Load() != before+1 {
		t.Fatal("the least recently read answer was kept beyond the bound")
	}
	answer("big", 1, 11)
	answer("big", 1, 11)
	if computed.Load() != before+3 {
		t.Fatal("an answer larger than the bound was kept")
	}
}
