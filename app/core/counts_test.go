package core

import (
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"
)

func TestCountCacheSharesRemembersDropsAndExpires(t *testing.T) {
	now := time.Unix(1000, 0)
	c := NewCounts(func() time.Time { return now })
	var queries atomic.Int32
	// In a bubble, synctest.Wait can tell when every asker is blocked; the query's channel must be the bubble's.
	synctest.Test(t, func(t *testing.T) {
		release := make(chan struct{})
		slow := func() (int64, error) {
			queries.Add(1)
			<-release
			return 42, nil
		}
		var wg sync.WaitGroup
		for range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if n, err := c.Count("dict:1:a", slow); n != 42 || err != nil {
					t.Errorf("count = %d, %v", n, err)
				}
			}()
		}
		// Every asker is blocked, one in the query and the others on its flight, before the query answers.
		synctest.Wait()
		close(release)
		wg.Wait()
	})
	if q := queries.Load(); q != 1 {
		t.Fatalf("20 concurrent askers ran %d queries, want 1", q)
	}
	fresh := func() (int64, error) { queries.Add(1); return 43, nil }
	if n, _ := c.Count("dict:1:a", fresh); n != 42 || queries.Load() != 1 {
		t.Fatal("a remembered total was queried again")
	}
	c.Drop("dict:2:")
	if n, _ := c.Count("dict:1:a", fresh); n != 42 {
		t.Fatal("dropping another company's totals dropped this one")
	}
	c.Drop("dict:1:")
	if n, _ := c.Count("dict:1:a", fresh); n != 43 {
		t.Fatalf("after a drop the total was not queried again: %d", n)
	}
	now = now.Add(countTTL)
	if n, _ := c.Count("dict:1:a", func() (int64, error) { return 44, nil }); n != 44 {
		t.Fatalf("an expired total was served: %d", n)
	}
}

func TestCountRunningDuringADropIsNotRemembered(t *testing.T) {
	c := NewCounts(time.Now)
	n, _ := c.Count("inbox:1:1:3", func() (int64, error) {
		c.Drop("inbox:1:1:") // a delivery lands while the count runs
		return 7, nil
	})
	if n != 7 {
		t.Fatalf("the running count's answer = %d", n)
	}
	if got, _ := c.Count("inbox:1:1:3", func() (int64, error) { return 8, nil }); got != 8 {
		t.Fatalf("a count that overlapped a change was remembered: %d", got)
	}
}
