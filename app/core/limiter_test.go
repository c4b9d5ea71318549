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

// An address locked by its failures on other accounts still lets through the accounts that signed in from it,
// for a week after their last success.
func TestLoginGuardLetsKnownAccountsPastTheAddressLock(t *testing.T) {
	now := time.Date(2026, 12, 7, 9, 0, 0, 0, time.UTC)
	g := NewLoginGuard(func() time.Time { return now })
	const office = "10.0.0.1"
	g.Begin("colleague", office)
	g.Succeeded("colleague", office)
	lock := func() {
		for i := range loginAddressLimit {
			g.Begin(string(rune('a'+i)), office)
		}
	}
	lock()
	if g.Begin("newcomer", office) != LoginRefused {
		t.Fatal("the locked address let an account through that never signed in from it")
	}
	if g.Begin("colleague", office) == LoginRefused {
		t.Fatal("the locked address refused an account that signed in from it")
	}
	now = now.Add(loginKnownFor)
	lock()
	if g.Begin("colleague", office) != LoginRefused {
		t.Fatal("a success of a week ago still passes the address lock")
	}
}
