package amazondata_test

import (
	"reflect"
	"testing"
	"time"

	"sellerhub/models"
	"sellerhub/models/amazondata"
	"sellerhub/models/dbtest"
	storesdb "sellerhub/models/stores"
)

// sellerOf makes a seller account of the owner's company in the US and Canada.
// storedOrders reads back a seller account's orders of the batch with their items, and its rows of the daily and
// monthly sales summary, without what differs between two seller accounts (ids, store group, seller, the time of
// writing).
func storedOrders(t *testing.T, db *models.DB, s *storesdb.Seller, orders []amazondata.AmazonOrder) []any {
	t.Helper()
	var got []any
	for _, want := range orders {
		o, items, err := amazondata.AmazonOrderWithItems(db, s.CompanyID, s.ID, want.AmazonOrderID)
		if err != nil {
			t.Fatalf("order %s: %v", want.AmazonOrderID, err)
		}
		o.ID, o.GroupID, o.SellerID, o.CreatedAt, o.UpdatedAt = 0, 0, 0, time.Time{}, time.Time{}
		o.PurchaseDate, o.LastUpdatedDate = o.PurchaseDate.UTC(), o.LastUpdatedDate.UTC()
		got = append(got, *o)
		for _, it := range items {
			it.ID, it.GroupID, it.SellerID, it.CreatedAt, it.UpdatedAt = 0, 0, 0, time.Time{}, time.Time{}
			it.PurchaseDate = it.PurchaseDate.UTC()
			got = append(got, it)
		}
	}
	type summaryRow struct {
		MarketplaceID, Currency, SKU, Day, BjDay, ASIN, ProductName string
		Units, Orders, Amount                                       int64
	}
	for _, q := range []string{
		"SELECT marketplace_id, currency, sku, day, bj_day, asin, product_name, units, orders, amount FROM sales_sku_days WHERE seller_id = ? ORDER BY 1, 2, 3, 4, 5",
		"SELECT marketplace_id, currency, sku, month AS day, bj_month AS bj_day, asin, product_name, units, orders, amount FROM sales_sku_months WHERE seller_id = ? ORDER BY 1, 2, 3, 4, 5",
		"SELECT marketplace_id, currency, '' AS sku, day, bj_day, '' AS asin, '' AS product_name, units, orders, amount FROM sales_order_days WHERE seller_id = ? ORDER BY 1, 2, 3, 4, 5",
	} {
		var rows []summaryRow
		if err := db.Raw(q, s.ID).Scan(&rows).Error; err != nil {
			t.Fatal(err)
		}
		if len(rows) == 0 {
			t.Fatalf("no summary rows: %s", q)
		}
		for _, r := range rows {
			got = append(got, r)
		}
	}
	return got
}

// TestFreshOrdersAreWrittenAsUpsertedOnes writes the same batch for two seller accounts: for the first, none of
// its orders is stored, and it is inserted (by COPY on PostgreSQL); the second already has the batch's first
// order, so the batch is upserted. Both leave the same rows and the same sales summary.
func TestFreshOrdersAreWrittenAsUpsertedOnes(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		owner := dbtest.NewCompany(t, db, "铜锣湾", "13900000131")
		fresh, upserted := dbtest.Seller(t, db, owner, "新店", "A1FRESH"), dbtest.Seller(t, db, owner, "老店", "A1UPSERTED")

		orders, items := dbtest.OrdersBatch(t, fresh)
		if n, err := amazondata.UpsertAmazonOrders(db, orders, items); err != nil || n != 7 {
			t.Fatalf("fresh batch: %d rows written, %v", n, err)
		}
		orders2, items2 := dbtest.OrdersBatch(t, upserted)
		if n, err := amazondata.UpsertAmazonOrders(db, orders2[:1], items2[:2]); err != nil || n != 3 {
			t.Fatalf("the first order alone: %d rows written, %v", n, err)
		}
		// The first order and its items are as stored, and not written again.
		if n, err := amazondata.UpsertAmazonOrders(db, orders2, items2); err != nil || n != 4 {
			t.Fatalf("upserted batch: %d rows written, %v", n, err)
		}

		got, want := storedOrders(t, db, upserted, orders2), storedOrders(t, db, fresh, orders)
		if len(got) != len(want) {
			t.Fatalf("%d rows upserted, %d inserted", len(got), len(want))
		}
		for i := range got {
			if !reflect.DeepEqual(got[i], want[i]) {
				t.Errorf("upserted %+v\ninserted %+v", got[i], want[i])
			}
		}
	})
}

// TestFreshOrdersThatCollideWriteNothing writes batches none of whose orders is stored but one of whose items
// is, or is twice in the batch (neither of which the importer makes): the unique key refuses the item, and the
// whole batch is undone, the orders written before it and the summary included. The batch as it should be is
// then written on the same pool.
func TestFreshOrdersThatCollideWriteNothing(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		owner := dbtest.NewCompany(t, db, "尖沙咀", "13900000132")
		s := dbtest.Seller(t, db, owner, "新店", "A1COLLIDE")
		orders, items := dbtest.OrdersBatch(t, s)
		// The last order stored beforehand, its item sent again with the two first orders but without its order.
		if _, err := amazondata.UpsertAmazonOrders(db, orders[2:], items[3:]); err != nil {
			t.Fatal(err)
		}
		for name, batch := range map[string][]amazondata.AmazonOrderItem{
			"an item stored":         items,
			"an item twice in batch": append(items[:3:3], items[2]),
		} {
			if _, err := amazondata.UpsertAmazonOrders(db, orders[:2], batch); err == nil {
				t.Fatalf("%s: the batch was written", name)
			}
			totals, err := amazondata.AmazonOrderTotalsOfSeller(db, s.CompanyID, s.ID)
			if err != nil || totals.Orders != 1 || totals.Items != 1 {
				t.Fatalf("%s: a refused batch left %+v %v", name, totals, err)
			}
			var days int64
			if err := db.Raw("SELECT COUNT(*) FROM sales_sku_days WHERE seller_id = ?", s.ID).Scan(&days).Error; err != nil || days != 0 {
				t.Fatalf("%s: a refused batch left %d summary rows (%v)", name, days, err)
			}
		}
		if n, err := amazondata.UpsertAmazonOrders(db, orders[:2], items[:3]); err != nil || n != 5 {
			t.Fatalf("the batch as it should be: %d rows written, %v", n, err)
		}
	})
}
