package models_test

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"sellerhub/models"
	"sellerhub/models/dbtest"
)

func TestSSOHandoverIsRedeemedOnceWithItsStateBeforeItExpires(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		now := time.Now().UTC().Truncate(time.Microsecond)
		for _, code := range []string{"h1", "h2"} {
			if err := db.SaveSSOHandover(&models.SSOHandover{CodeHash: code, State: "s1", SessionToken: "tok-" + code,
				ExpiresAt: now.Add(time.Minute), CreatedAt: now}); err != nil {
				t.Fatal(err)
			}
		}
		if tok, err := db.UseSSOHandover("h1", "other", now); tok != "" || err != nil {
			t.Fatalf("redeemed with another state: %q %v", tok, err)
		}
		if tok, err := db.UseSSOHandover("h2", "s1", now.Add(time.Minute)); tok != "" || err != nil {
			t.Fatalf("redeemed when expired: %q %v", tok, err)
		}
		var wins atomic.Int32
		var wg sync.WaitGroup
		for range 8 {
			wg.Go(func() {
				tok, err := db.UseSSOHandover("h1", "s1", now)
				if err != nil {
					t.Errorf("use: %v", err)
				}
				if tok == "tok-h1" {
					wins.Add(1)
				}
			})
		}
		wg.Wait()
		if wins.Load() != 1 {
			t.Fatalf("code redeemed %d times, want exactly 1", wins.Load())
		}
		if err := db.DeleteExpiredSSOHandovers(now.Add(2 * time.Minute)); err != nil {
			t.Fatal(err)
		}
		var left int64
		db.Model(&models.SSOHandover{}).Count(&left)
		if left != 0 {
			t.Fatalf("%d expired hand-overs not swept", left)
		}
	})
}
