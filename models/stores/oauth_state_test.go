package stores_test

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"sellerhub/models"
	"sellerhub/models/dbtest"
	"sellerhub/models/stores"
)

func TestOAuthStateIsRedeemedOnce(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		b := dbtest.NewCompany(t, db, "乙", "13800000002")
		now := time.Now().UTC().Truncate(time.Second)
		st := &stores.OAuthState{Nonce: "n1", CompanyID: a.CompanyID, GroupID: 1, Kind: "seller", ExpiresAt: now.Add(15 * time.Minute), CreatedAt: now}
		if err := stores.SaveOAuthState(db, st); err != nil {
			t.Fatal(err)
		}
		// Another company, another kind, after expiry, an unknown nonce: refused and the state stays unused.
		for _, c := range []struct {
			nonce   string
			company int64
			kind    string
			at      time.Time
		}{{"n1", b.CompanyID, "seller", now}, {"n1", a.CompanyID, "advert", now}, {"n1", a.CompanyID, "seller", now.Add(15 * time.Minute)}, {"n2", a.CompanyID, "seller", now}} {
			if ok, err := stores.UseOAuthState(db, c.nonce, c.company, c.kind, c.at); ok || err != nil {
				t.Fatalf("%+v redeemed: %v %v", c, ok, err)
			}
		}
		// Ten callbacks racing with the same state: exactly one wins.
		var wins atomic.Int32
		var wg sync.WaitGroup
		for range 10 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ok, err := stores.UseOAuthState(db, "n1", a.CompanyID, "seller", now.Add(time.Minute))
				if err != nil {
					t.Error(err)
				}
				if ok {
					wins.Add(1)
				}
			}()
		}
		wg.Wait()
		if wins.Load() != 1 {
			t.Fatalf("%d redemptions won", wins.Load())
		}
		if err := stores.DeleteExpiredOAuthStates(db, now.Add(16*time.Minute)); err != nil {
			t.Fatal(err)
		}
		var left int64
		db.Model(&stores.OAuthState{}).Count(&left)
		if left != 0 {
			t.Fatalf("%d expired states left", left)
		}
	})
}

func TestAppSecretIsCreatedOnce(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		first, err := stores.AppSecretOrCreate(db, "secret_key", "first-candidate")
		if err != nil || first != "first-candidate" {
			t.Fatalf("first = %q %v", first, err)
		}
		second, err := stores.AppSecretOrCreate(db, "secret_key", "second-candidate")
		if err != nil || second != "first-candidate" {
			t.Fatalf("second = %q %v: the stored key must win", second, err)
		}
	})
}
