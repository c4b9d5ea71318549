package accounts_test

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"sellerhub/models"
	"sellerhub/models/accounts"
	"sellerhub/models/dbtest"
)

func TestSSOHandoverIsRedeemedOnceWithItsStateBeforeItExpires(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		now := time.Now().UTC().Truncate(time.Microsecond)
		for _, code := range []string{"h1", "h2"} {
			if err := accounts.SaveSSOHandover(db, &accounts.SSOHandover{CodeHash: code, State: "s1", SessionToken: "tok-" + code,
				ExpiresAt: now.Add(time.Minute), CreatedAt: now}); err != nil {
				t.Fatal(err)
			}
		}
		if tok, err := accounts.UseSSOHandover(db, "h1", "other", now); tok != "" || err != nil {
			t.Fatalf("redeemed with another state: %q %v", tok, err)
		}
		if tok, err := accounts.UseSSOHandover(db, "h2", "s1", now.Add(time.Minute)); tok != "" || err != nil {
			t.Fatalf("redeemed when expired: %q %v", tok, err)
		}
		var wins atomic.Int32
		var wg sync.WaitGroup
		for range 8 {
			wg.Go(func() {
				tok, err := accounts.UseSSOHandover(db, "h1", "s1", now)
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
		if err := accounts.DeleteExpiredSSOHandovers(db, now.Add(2*time.Minute)); err != nil {
			t.Fatal(err)
		}
		var left int64
		db.Model(&accounts.SSOHandover{}).Count(&left)
		if left != 0 {
			t.Fatalf("%d expired hand-overs not swept", left)
		}
	})
}
