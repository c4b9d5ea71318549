package models_test

import (
	"testing"
	"time"

	"sellerhub/models"
	amazondatadb "sellerhub/models/amazondata"
	"sellerhub/models/dbtest"
)

// TestUpsertedTimesCompareAsBoundOnes writes an orders batch (inserted, then upserted with a change) and finds its
// rows again by times bound as a query's parameters, as every list and report does: on SQLite a time is text, and
// the upserts write it themselves (upsertValues), so its text must be the driver's to the microsecond.
func TestUpsertedTimesCompareAsBoundOnes(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		owner := dbtest.NewCompany(t, db, "旺角", "13900000134")
		s := dbtest.Seller(t, db, owner, "新店", "A1TIMES")
		orders, items := dbtest.OrdersBatch(t, s)
		before := time.Now().UTC().Add(-time.Second)
		ca := orders[1].PurchaseDate.UTC() // bought at a time of microseconds
		count := func(what, where string, args ...any) int64 {
			t.Helper()
			var n int64
			if err := db.Raw("SELECT COUNT(*) FROM "+what+" WHERE seller_id = ? AND "+where, append([]any{s.ID}, args...)...).
				Scan(&n).Error; err != nil {
				t.Fatal(err)
			}
			return n
		}
		check := func(pass string) {
			t.Helper()
			if n := count("amazon_orders", "purchase_date = ?", ca); n != 1 {
				t.Errorf("%s: %d orders bought at %s, want 1", pass, n, ca)
			}
			if n := count("amazon_order_items", "purchase_date >= ? AND purchase_date < ?", ca, ca.Add(time.Microsecond)); n != 1 {
				t.Errorf("%s: %d items bought within a microsecond of %s, want 1", pass, n, ca)
			}
			if n := count("amazon_orders", "last_updated_date > ?", ca); n != 1 {
				t.Errorf("%s: %d orders updated after %s, want 1 (the Canadian order, an hour later)", pass, n, ca)
			}
			if n := count("amazon_orders", "created_at > ? AND updated_at > ?", before, before); n != 3 {
				t.Errorf("%s: %d orders written after %s, want 3", pass, n, before)
			}
		}
		if _, err := amazondatadb.UpsertAmazonOrders(db, orders, items); err != nil {
			t.Fatal(err)
		}
		check("inserted")
		orders[1].OrderStatus = "Pending"
		if n, err := amazondatadb.UpsertAmazonOrders(db, orders, items); err != nil || n != 1 {
			t.Fatalf("upserted: %d rows written, %v", n, err)
		}
		check("upserted")
	})
}
