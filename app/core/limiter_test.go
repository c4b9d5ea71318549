package core

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// Parallel attempts from one address cannot all pass the check before any of them counts: an attempt is counted
// when it is let through.
func TestLoginGuardCountsAttemptsWhenItLetsThemThrough(t *testing.T) {
	g := NewLoginGuard(time.Now)
	var wg sync.WaitGroup
	var through atomic.Int32
	for range 40 {
		wg.Go(func() {
			if g.Begin("a@example.com", "10.0.0.1") != LoginRefused {
				through.Add(1)
			}
		})
	}
	wg.Wait()
	if through.Load() != loginPairLimit {
		t.Fatalf("%d parallel attempts let through, want %d", through.Load(), loginPairLimit)
	}
}
