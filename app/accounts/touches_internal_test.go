package accounts

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestTouchClaimedOncePerRefresh: of the requests that find a session due at once, one writes its refresh; the
// next is due a refresh period later; another session is its own.
func TestTouchClaimedOncePerRefresh(t *testing.T) {
	var tt touches
	now := time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)
	var writers atomic.Int64
	var wg sync.WaitGroup
	for range 20 {
		wg.Go(func() {
			if tt.claim("tok-a", now, time.Minute) {
				writers.Add(1)
			}
		})
	}
	wg.Wait()
	if writers.Load() != 1 {
		t.Fatalf("%d requests wrote the same refresh", writers.Load())
	}
	if tt.claim("tok-a", now.Add(59*time.Second), time.Minute) {
		t.Fatal("refreshed again within the period")
	}
	if !tt.claim("tok-a", now.Add(time.Minute), time.Minute) {
		t.Fatal("not refreshed a period later")
	}
	if !tt.claim("tok-b", now, time.Minute) {
		t.Fatal("another session's refresh was taken for this one's")
	}
}
